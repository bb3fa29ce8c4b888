// Compile throughput and peak memory: the training workload at 1K / 100K / 1M / 10M events
// (lossless, and bounded on jittered timing), and the Python prototype's benchmark fixtures
// (../shared/peer/bench) for a side-by-side with its published compile times.
//
// Peak memory is the process's peak resident set (getrusage), so run one case per process:
//   bench_compile --benchmark_filter='BM_CompileTraining/1000000$'
//
// Wall time on a shared machine mostly measures how much of the cores the compile gets: it also
// runs a second thread (the source's normalised SHA-256 and serialised size, joined before the
// header). To compare two builds of the compiler, count the instructions of one iteration
// (deterministic) and read cc::compileCanary's inclusive count (the calling thread):
//   valgrind --tool=callgrind bench_compile --benchmark_filter='BM_CompileTraining/100000/' --benchmark_min_time=0
//   callgrind_annotate --inclusive=yes callgrind.out.PID | grep 'cc::compileCanary('
#include "core/compile/compiler.h"
#include "core/generate/generators.h"
#include "core/trace/trace_io.h"

#include "bench_support.h"

#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <filesystem>
#include <map>
#include <memory>

using namespace cc;

namespace {

using ccbench::peakRssMiB;

const Trace& trainingTrace(std::uint64_t events, Ns jitter)
{
    static std::map<std::pair<std::uint64_t, Ns>, std::unique_ptr<Trace>> cache;
    auto& slot = cache[{events, jitter}];
    if (!slot) {
        GeneratorOptions o;
        o.events = events;
        o.jitter = jitter;
        o.seed = 1;
        NullProgress p;
        slot = std::make_unique<Trace>(generateTraining(o, p));
    }
    return *slot;
}

void report(benchmark::State& state, const Trace& trace, const CompileResult& last)
{
    state.counters["events/s"] =
        benchmark::Counter(static_cast<double>(trace.size()), benchmark::Counter::kIsIterationInvariantRate);
    state.counters["peak_rss_MiB"] = peakRssMiB();
    state.counters["canary_bytes"] = static_cast<double>(last.bytes.size());
    state.counters["byte_ratio"] = static_cast<double>(last.canary.header.byteRatioMicros) / 1e6;
    state.counters["stored_events"] = static_cast<double>(last.canary.header.storedEvents);
}

/// Compiles trace with options once per iteration and reports the last result.
void compileRows(benchmark::State& state, const Trace& trace, const CompileOptions& options)
{
    CompileResult last;
    for (auto _ : state) {
        NullProgress p;
        last = compileCanary(trace, options, p);
        benchmark::DoNotOptimize(last.bytes.data());
    }
    report(state, trace, last);
}

void BM_CompileTraining(benchmark::State& state)
{
    compileRows(state, trainingTrace(static_cast<std::uint64_t>(state.range(0)), 0), CompileOptions{});
}
BENCHMARK(BM_CompileTraining)->Apply(ccbench::trainingSizes);

void BM_CompileTrainingJitteredBounded(benchmark::State& state)
{
    const Trace& trace = trainingTrace(static_cast<std::uint64_t>(state.range(0)), 5000);
    CompileOptions o;
    o.timingMode = CanaryTimingMode::Bounded;
    o.budget.gap = 10'000;
    o.budget.skew = 10'000;
    o.budget.computeBefore = 10'000;
    o.budget.overlap = 10'000;
    o.budget.sampleLimit = kDefaultTimingSampleLimit;
    compileRows(state, trace, o);
}
BENCHMARK(BM_CompileTrainingJitteredBounded)->Apply(ccbench::trainingSizes);

void BM_CompilePrototypeFixture(benchmark::State& state)
{
    static const char* const files[] = {"trace-001000.json", "trace-010000.json", "trace-100000.json"};
    const std::filesystem::path path =
        std::filesystem::path(COMMCANARY_SHARED_DIR) / "peer" / "bench" / files[state.range(0)];
    if (!std::filesystem::exists(path)) {
        state.SkipWithError("../shared/peer/bench is absent");
        return;
    }
    NullProgress load;
    static std::map<int, std::unique_ptr<Trace>> cache;
    auto& slot = cache[static_cast<int>(state.range(0))];
    if (!slot) {
        slot = std::make_unique<Trace>(readTrace(path, load));
    }
    compileRows(state, *slot, CompileOptions{});
}
BENCHMARK(BM_CompilePrototypeFixture)->DenseRange(0, 2)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace

BENCHMARK_MAIN();
