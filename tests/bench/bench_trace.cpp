// Load + validate + normalise + hash throughput of commcanary.trace.v1 files, and (BM_Write) the
// writer's: a generated trace written to its canonical bytes in memory (BM_CountBytes: only
// counted); BM_NormalizedHash the last stage of a read alone, the normalised form of a trace in
// memory encoded and hashed.
// The inputs are generated training traces (1K, 100K, 1M events) written to a temporary folder,
// plus the Python prototype's fixtures from ../shared/peer/bench when present. The *Reference rows
// run the reader as it was before it parsed in pieces (tests/support/reference) on the same files.
// Peak RSS is the process's peak so far: run one row per process when it matters, e.g.
//   COMMCANARY_BENCH_TRACE=t1m.json build/release/tests/bench/bench_trace --benchmark_filter='BM_File$'
// on a trace from `commcanary generate training --events 1000000 -o t1m.json`.
#include "core/generate/generators.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "reference_trace_reader.h"

#include "bench_support.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sys/resource.h>

namespace fs = std::filesystem;

namespace {

fs::path benchDir()
{
    static fs::path dir = [] {
        fs::path d = fs::temp_directory_path() / ("commcanary-bench-" + std::to_string(::getpid()));
        fs::create_directories(d);
        return d;
    }();
    return dir;
}

const fs::path& generatedTrace(std::uint64_t events)
{
    static std::map<std::uint64_t, fs::path> cache;
    auto found = cache.find(events);
    if (found != cache.end()) {
        return found->second;
    }
    cc::NullProgress progress;
    cc::GeneratorOptions options;
    options.events = events;
    fs::path path = benchDir() / ("training-" + std::to_string(events) + ".json");
    cc::writeTraceFile(cc::generateTraining(options, progress), path);
    return cache.emplace(events, path).first->second;
}

using ccbench::peakRssMiB;

using ReadFn = cc::Trace (*)(const fs::path&, cc::Progress&);

void loadValidateNormaliseHash(benchmark::State& state, const fs::path& path, ReadFn read = &cc::readTrace)
{
    cc::NullProgress progress;
    const auto bytes = fs::file_size(path);
    std::size_t events = 0;
    for (auto _ : state) {
        cc::Trace trace = read(path, progress);
        std::string sha = cc::normalizedSha256(trace, progress);
        benchmark::DoNotOptimize(sha);
        events = trace.size();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
    state.SetItemsProcessed(static_cast<std::int64_t>(events) * state.iterations());
    state.counters["events"] = static_cast<double>(events);
    state.counters["file_MiB"] = static_cast<double>(bytes) / (1024.0 * 1024.0);
    state.counters["peak_rss_MiB"] = peakRssMiB();
}

void BM_Generated(benchmark::State& state)
{
    loadValidateNormaliseHash(state, generatedTrace(static_cast<std::uint64_t>(state.range(0))));
}

void BM_GeneratedReference(benchmark::State& state)
{
    loadValidateNormaliseHash(state, generatedTrace(static_cast<std::uint64_t>(state.range(0))),
                              &cc::reference::readTraceReference);
}

void prototypeFixture(benchmark::State& state, ReadFn read)
{
    fs::path path = fs::path(COMMCANARY_SHARED_DIR) / "peer" / "bench" /
                    (state.range(0) == 1000    ? "trace-001000.json"
                     : state.range(0) == 10000 ? "trace-010000.json"
                                               : "trace-100000.json");
    if (!fs::exists(path)) {
        state.SkipWithError("../shared/peer/bench is absent");
        return;
    }
    loadValidateNormaliseHash(state, path, read);
}

void BM_PrototypeFixture(benchmark::State& state)
{
    prototypeFixture(state, &cc::readTrace);
}
void BM_PrototypeFixtureReference(benchmark::State& state)
{
    prototypeFixture(state, &cc::reference::readTraceReference);
}

/// A trace file named by COMMCANARY_BENCH_TRACE (for example one written by `commcanary generate`),
/// so a large input is measured in a process that did not generate it (peak RSS).
void fileRow(benchmark::State& state, ReadFn read)
{
    const char* path = std::getenv("COMMCANARY_BENCH_TRACE");
    if (path == nullptr || !fs::exists(path)) {
        state.SkipWithError("COMMCANARY_BENCH_TRACE names no file");
        return;
    }
    loadValidateNormaliseHash(state, path, read);
}

void BM_File(benchmark::State& state)
{
    fileRow(state, &cc::readTrace);
}
void BM_FileReference(benchmark::State& state)
{
    fileRow(state, &cc::reference::readTraceReference);
}

/// A generated training trace of `events` events, in memory.
cc::Trace generatedInMemory(std::uint64_t events)
{
    cc::NullProgress progress;
    cc::GeneratorOptions options;
    options.events = events;
    return cc::generateTraining(options, progress);
}

/// The canonical writer alone: the trace in memory, its bytes streamed out (and counted) a piece
/// at a time, as writeTraceFile writes them.
void BM_Write(benchmark::State& state)
{
    const cc::Trace trace = generatedInMemory(static_cast<std::uint64_t>(state.range(0)));
    std::uint64_t bytes = 0;
    for (auto _ : state) {
        bytes = 0;
        cc::writeTraceJson(trace, [&](std::string_view piece) { bytes += piece.size(); });
        benchmark::DoNotOptimize(bytes);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
}

/// The writer's byte count without the bytes (traceJsonBytes: what a compile records of its source).
void BM_CountBytes(benchmark::State& state)
{
    const cc::Trace trace = generatedInMemory(static_cast<std::uint64_t>(state.range(0)));
    std::uint64_t bytes = 0;
    for (auto _ : state) {
        bytes = cc::traceJsonBytes(trace);
        benchmark::DoNotOptimize(bytes);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
}

/// The last stage of a read alone: the trace in memory, its normalised form encoded (on every
/// processor) and hashed. Bytes are the normalised form's.
void BM_NormalizedHash(benchmark::State& state)
{
    const cc::Trace trace = generatedInMemory(static_cast<std::uint64_t>(state.range(0)));
    cc::NullProgress progress;
    const std::uint64_t bytes = cc::normalizedBytes(trace, progress).size();
    for (auto _ : state) {
        benchmark::DoNotOptimize(cc::normalizedSha256(trace, progress));
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
}

} // namespace

// Throughput is by wall time (the reader parses on several threads); the CPU column is the whole
// process's.
BENCHMARK(BM_Generated)
    ->Arg(1000)
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();
BENCHMARK(BM_GeneratedReference)
    ->Arg(1000)
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();
BENCHMARK(BM_PrototypeFixture)
    ->Arg(1000)
    ->Arg(10000)
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();
BENCHMARK(BM_PrototypeFixtureReference)
    ->Arg(1000)
    ->Arg(10000)
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();
BENCHMARK(BM_Write)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CountBytes)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_NormalizedHash)->Arg(1000000)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
BENCHMARK(BM_File)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
BENCHMARK(BM_FileReference)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();

int main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    std::error_code ec;
    fs::remove_all(benchDir(), ec);
    return 0;
}
