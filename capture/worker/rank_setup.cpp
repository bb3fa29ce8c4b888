#include "capture/worker/rank_setup.h"

#include "capture/worker/rank_run.h"

#include <ATen/Parallel.h>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#ifdef COMMCANARY_WORKER_CUDA
#include <c10/cuda/CUDAFunctions.h>
#endif
#ifdef USE_C10D_NCCL
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <thread>

namespace cc::capture::worker {

namespace {

std::shared_ptr<::gloo::transport::Device> glooDevice(const std::string& masterAddr)
{
    if (const char* ifname = std::getenv("GLOO_SOCKET_IFNAME"); ifname != nullptr && *ifname != '\0') {
        return c10d::ProcessGroupGloo::createDeviceForInterface(ifname);
    }
    if (isLoopbackAddress(masterAddr)) {
        return c10d::ProcessGroupGloo::createDeviceForHostname(masterAddr);
    }
    return c10d::ProcessGroupGloo::createDefaultDevice();
}

} // namespace

bool isLoopbackAddress(const std::string& addr)
{
    return addr == "localhost" || addr.starts_with("127.") || addr == "::1";
}

void shareHostCores(const RankEnvironment& env)
{
    if (std::getenv("OMP_NUM_THREADS") == nullptr) {
        const int cores = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
        at::set_num_threads(std::max(1, cores / std::max(1, env.localWorldSize)));
    }
}

c10::Device rankDevice(bool cuda, const RankEnvironment& env)
{
    c10::Device device(c10::kCPU);
#ifdef COMMCANARY_WORKER_CUDA
    if (cuda) {
        const int count = static_cast<int>(c10::cuda::device_count());
        if (count == 0) {
            throw std::runtime_error("--device cuda: libtorch sees no CUDA device");
        }
        device = c10::Device(c10::kCUDA, static_cast<c10::DeviceIndex>(env.localRank % count));
        c10::cuda::set_device(device.index());
    }
#else
    (void)cuda;
    (void)env;
#endif
    return device;
}

c10::intrusive_ptr<c10d::TCPStore> rendezvousStore(const RankEnvironment& env, std::chrono::milliseconds timeout)
{
    c10d::TCPStoreOptions storeOptions;
    storeOptions.port = static_cast<std::uint16_t>(env.masterPort);
    storeOptions.isServer = env.rank == 0;
    storeOptions.numWorkers = static_cast<std::size_t>(env.worldSize);
    storeOptions.waitWorkers = true;
    storeOptions.timeout = timeout;
    return c10::make_intrusive<c10d::TCPStore>(env.masterAddr, storeOptions);
}

c10::intrusive_ptr<c10d::ProcessGroup> makeProcessGroup(Backend backend, const c10::intrusive_ptr<c10d::Store>& store,
                                                        const std::string& masterAddr, int rank, int size,
                                                        std::chrono::milliseconds timeout, int glooThreads)
{
    if (backend == Backend::Gloo) {
        auto options = c10d::ProcessGroupGloo::Options::create(timeout);
        options->devices.push_back(glooDevice(masterAddr));
        if (glooThreads > 0) {
            options->threads = glooThreads;
        }
        return c10::make_intrusive<c10d::ProcessGroupGloo>(store, rank, size, options);
    }
#ifdef USE_C10D_NCCL
    auto options = c10d::ProcessGroupNCCL::Options::create();
    options->timeout = timeout;
    return c10::make_intrusive<c10d::ProcessGroupNCCL>(store, rank, size, options);
#else
    (void)store;
    (void)masterAddr;
    (void)rank;
    (void)size;
    throw std::runtime_error(buildRefusal(backend, Device::Cuda));
#endif
}

} // namespace cc::capture::worker
