// Behaviour search wall time and peak memory: generated training traces (10K and 100K events, regular
// and with 2 us timing jitter) and,
// when ../shared/peer is present, the Python prototype's own 10K and 100K trace fixtures, each with
// the bundled five configurations and the default declared range (1, 2, 4, ..., 128 samples).
// One iteration per case (a search is seconds to minutes); cpu_s is the search's own CPU time (user +
// system, every thread, without generating or reading the trace), the figure to compare on a shared
// machine; peak RSS is the process's so far, so run one case per process for clean memory figures:
//   build/release/tests/bench/bench_search --benchmark_filter='training/events:100000/jitter_ns:2000'
// Each case also reports the byte ratio (source bytes / selected canary bytes, and the same for the
// lossless canary) and, after the timed search, how many of the source's ranking decisions the
// selected canary keeps under three configuration sets it was not verified on (held_out_kept of
// held_out_decisions; tests/support/held_out_configs.h).
#include "core/configs/config_io.h"
#include "core/generate/generators.h"
#include "core/search/behavior_search.h"
#include "core/trace/trace_io.h"
#include "core/verify/behavior_verifier.h"

#include "../support/held_out_configs.h"
#include "bench_support.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <sys/resource.h>

namespace {

using ccbench::peakRssMiB;

/// The process's CPU time so far (user + system, every thread), in seconds.
double processCpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    auto seconds = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
    };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

void runSearch(benchmark::State& state, const cc::Trace& trace)
{
    cc::verify::VerifyOptions verify;
    verify.configs = cc::defaultConfigSet();
    cc::search::SearchOptions options;
    cc::NullProgress progress;
    cc::search::SearchResult result;
    const double cpuBefore = processCpuSeconds();
    for (auto _ : state) {
        result = cc::search::searchBehavior(trace, verify, options, progress);
        benchmark::DoNotOptimize(result.best.bytes.data());
    }
    state.counters["cpu_s"] = (processCpuSeconds() - cpuBefore) / static_cast<double>(state.iterations());
    state.counters["events"] = static_cast<double>(trace.size());
    state.counters["candidates"] = static_cast<double>(result.candidates.size());
    state.counters["verifications"] = static_cast<double>(result.verifications);
    state.counters["found"] = result.found ? 1 : 0;
    state.counters["selected_bytes"] = static_cast<double>(result.best.bytes.size());
    state.counters["lossless_bytes"] = static_cast<double>(result.losslessBytes.value_or(0));
    state.counters["peak_rss_MiB"] = peakRssMiB();
    state.SetLabel(cc::search::searchSummaryLine(result));
    if (!result.found) {
        return;
    }
    const auto sourceBytes = static_cast<double>(result.best.canary.header.sourceBytes);
    state.counters["byte_ratio"] = sourceBytes / static_cast<double>(result.best.bytes.size());
    if (result.losslessBytes) {
        state.counters["lossless_byte_ratio"] = sourceBytes / static_cast<double>(*result.losslessBytes);
    }
    // Held-out configuration sets (after the timed search, outside cpu_s).
    std::size_t decisions = 0;
    std::size_t kept = 0;
    for (std::uint64_t seed : {1ULL, 2ULL, 3ULL}) {
        cc::verify::VerifyOptions heldOut;
        heldOut.configs = cctest::heldOutSet(seed);
        const auto report = cc::verify::verifyBehavior(trace, result.best.canary, heldOut, progress);
        for (const auto& d : report.ranking.decisions) {
            ++decisions;
            kept += d.pass && d.canaryRelation == d.sourceRelation ? 1 : 0;
        }
    }
    state.counters["held_out_decisions"] = static_cast<double>(decisions);
    state.counters["held_out_kept"] = static_cast<double>(kept);
}

void searchTraining(benchmark::State& state)
{
    cc::NullProgress progress;
    cc::GeneratorOptions generator;
    generator.events = static_cast<std::uint64_t>(state.range(0));
    generator.jitter = static_cast<cc::Ns>(state.range(1));
    const cc::Trace trace = cc::generateTraining(generator, progress);
    runSearch(state, trace);
}

void searchPeerFixture(benchmark::State& state, const char* file)
{
    const std::filesystem::path path = std::filesystem::path(COMMCANARY_SHARED_DIR) / "peer" / "bench" / file;
    if (!std::filesystem::exists(path)) {
        state.SkipWithError("../shared/peer/bench is absent");
        return;
    }
    cc::NullProgress progress;
    const cc::Trace trace = cc::readTrace(path, progress);
    runSearch(state, trace);
}

} // namespace

// Arguments: events, timing jitter in ns (0: every iteration identical; 2000 and 5000: irregular timing).
BENCHMARK(searchTraining)
    ->Name("search/training")
    ->ArgNames({"events", "jitter_ns"})
    ->Args({10'000, 0})
    ->Args({100'000, 0})
    ->Args({10'000, 2'000})
    ->Args({100'000, 2'000})
    ->Args({10'000, 5'000})
    ->Args({100'000, 5'000})
    ->Iterations(1)
    ->UseRealTime()
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(searchPeerFixture, peer_10000, "trace-010000.json")
    ->Name("search/peer_fixture/10000")
    ->Iterations(1)
    ->UseRealTime()
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(searchPeerFixture, peer_100000, "trace-100000.json")
    ->Name("search/peer_fixture/100000")
    ->Iterations(1)
    ->UseRealTime()
    ->Unit(benchmark::kSecond);

BENCHMARK_MAIN();
