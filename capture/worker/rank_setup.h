// What every rank of the worker does before its mode's own work (run, allreduce-bench, replay):
// share the host's cores between the local ranks, take its device, meet the other ranks at the
// TCPStore rendezvous, and make process groups. One home, so the three modes cannot drift apart.
#pragma once

#include "capture/lib/cell_spec.h"
#include "capture/lib/worker_invocation.h"

#include <c10/core/Device.h>
#include <torch/csrc/distributed/c10d/ProcessGroup.hpp>
#include <torch/csrc/distributed/c10d/Store.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include <chrono>
#include <string>

namespace cc::capture::worker {

/// True for localhost, 127.0.0.0/8 and ::1.
bool isLoopbackAddress(const std::string& addr);

/// Intra-op threads: the host's cores shared between the local ranks, unless OMP_NUM_THREADS says
/// otherwise.
void shareHostCores(const RankEnvironment& env);

/// The CPU, or the CUDA device of this local rank (made current). Throws when CUDA is asked for and
/// libtorch sees no device.
c10::Device rankDevice(bool cuda, const RankEnvironment& env);

/// The rendezvous: rank 0 hosts the TCPStore on MASTER_ADDR:MASTER_PORT, every rank waits for all.
c10::intrusive_ptr<c10d::TCPStore> rendezvousStore(const RankEnvironment& env, std::chrono::milliseconds timeout);

/// A process group of size ranks over store (a PrefixStore per group keeps their keys apart): gloo
/// on the loopback device when MASTER_ADDR is a loopback address (or GLOO_SOCKET_IFNAME's
/// interface), NCCL where this libtorch has it. glooThreads 0 keeps gloo's default.
c10::intrusive_ptr<c10d::ProcessGroup> makeProcessGroup(Backend backend, const c10::intrusive_ptr<c10d::Store>& store,
                                                        const std::string& masterAddr, int rank, int size,
                                                        std::chrono::milliseconds timeout, int glooThreads = 0);

} // namespace cc::capture::worker
