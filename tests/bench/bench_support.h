// What the benchmarks share: the process's peak memory, the training-trace sizes, and a main's
// run-then-clean-up.
#pragma once

#include <benchmark/benchmark.h>

#include <filesystem>
#include <system_error>

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

/// Runs the benchmarks the command line selects, then removes generated (a folder of inputs the rows
/// generated, read after they ran; nothing when empty). Returns main's exit status.
inline int runBenchmarks(int& argc, char** argv, const std::filesystem::path& generated)
{
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
        return 1;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    if (!generated.empty()) {
        std::error_code ignored;
        std::filesystem::remove_all(generated, ignored);
    }
    return 0;
}

} // namespace ccbench
