// The worker's entry points, declared without libtorch so that worker_main.cpp compiles
// without its headers. Implemented in the libtorch translation unit(s) of this folder.
#pragma once

#include "capture/lib/allreduce_calibration.h"
#include "capture/lib/physical_replay.h"
#include "capture/lib/worker_invocation.h"

#include <string>

namespace cc::capture::worker {

/// Runs one rank of a cell to completion and writes its files. Returns the process exit code;
/// throws std::exception on failure (the caller prints it and exits non-zero).
int runRank(const WorkerRunOptions& options, const RankEnvironment& environment);

/// Runs one rank of the all-reduce microbenchmark (calibration.h) and writes bench_rank<R>.json.
/// Returns the process exit code; throws std::exception on failure.
int runAllreduceBench(const AllreduceBenchOptions& options, const RankEnvironment& environment);

/// Runs one rank of a physical replay (physical_replay.h) and writes replay_rank<R>.json.
/// Returns the process exit code; throws std::exception on failure.
int runReplay(const ReplayWorkerOptions& options, const RankEnvironment& environment);

/// This worker's capabilities as commcanary.capture.probe.v1 JSON (one line).
std::string probeJson();

/// Why a backend/device pair cannot run in this build, or empty when it can.
std::string buildRefusal(Backend backend, Device device);

} // namespace cc::capture::worker
