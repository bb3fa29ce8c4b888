// What the benchmarks share: the process's peak memory and the training-trace sizes.
#pragma once

#include <benchmark/benchmark.h>

#include <sys/resource.h>

namespace ccbench {

/// The process's peak resident memory so far, in MiB.
inline double peakRssMiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0; // ru_maxrss is in KiB on Linux
}

/// The training-trace sizes the replay and compile rows run at (1K to 10M events), in wall time.
inline void trainingSizes(benchmark::internal::Benchmark* b)
{
    b->Arg(1'000)->Arg(100'000)->Arg(1'000'000)->Arg(10'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();
}

} // namespace ccbench
