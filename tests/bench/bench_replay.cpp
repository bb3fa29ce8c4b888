// Replay throughput and memory: generated training traces of 1K, 100K, 1M and 10M events, each
// replayed under the five default configurations, plus the Python prototype's 100K-event
// fixture from ../shared/peer/bench when present.
//   build/release/tests/bench/bench_replay --benchmark_counters_tabular=true
// Counters: event_configs_per_s (events x configurations replayed per second) and peak_rss_mib
// (the process's peak resident memory so far, trace included).
#include "core/configs/config_io.h"
#include "core/generate/generators.h"
#include "core/replay/simulator.h"
#include "core/replay/summary_workspace.h"
#include "core/report/report.h"
#include "core/trace/trace_io.h"

#include "bench_support.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <span>
#include <sys/resource.h>
#include <thread>
#include <vector>

namespace {

using ccbench::peakRssMiB;

/// One trace alive at a time, so the memory figure of each size is that size's own.
const cc::Trace& trainingTrace(std::uint64_t events)
{
    static std::uint64_t held = 0;
    static std::unique_ptr<cc::Trace> trace;
    if (held != events) {
        trace.reset();
        cc::NullProgress progress;
        cc::GeneratorOptions options;
        options.events = events;
        trace = std::make_unique<cc::Trace>(cc::generateTraining(options, progress));
        held = events;
    }
    return *trace;
}

void setCounters(benchmark::State& state, std::size_t events, std::size_t configurations)
{
    state.counters["events"] = static_cast<double>(events);
    state.counters["event_configs_per_s"] =
        benchmark::Counter(static_cast<double>(events * configurations), benchmark::Counter::kIsIterationInvariantRate);
    state.counters["peak_rss_mib"] = peakRssMiB();
}

/// prepare + simulate + summarise every configuration as a report does (cc::replayEach: the
/// configurations run by run, at most two configurations' samples held at a time), with buffers
/// and groupings reused across the runs.
void replaySet(const cc::Trace& trace, const cc::ConfigSet& set)
{
    cc::NullProgress progress;
    cc::PreparedReplay prepared = cc::prepareReplay(trace, cc::ReplayProtocol{}, progress);
    cc::SummaryWorkspace workspace;
    cc::replayEach(prepared, set.configurations, progress,
                   [&](std::size_t /*c*/, const cc::SampleColumns& samples, cc::Progress& sub) {
                       cc::ConfigurationSummary summary = cc::summarizeSamples(trace, samples, sub, workspace);
                       benchmark::DoNotOptimize(summary.latency.p99);
                   });
}

void replayAndSummarise(benchmark::State& state, const cc::Trace& trace)
{
    const cc::ConfigSet& set = cc::defaultConfigSet();
    for (auto _ : state) {
        replaySet(trace, set);
    }
    setCounters(state, trace.size(), set.configurations.size());
}

void BM_ReplayTraining(benchmark::State& state)
{
    replayAndSummarise(state, trainingTrace(static_cast<std::uint64_t>(state.range(0))));
}

/// Full replays, each after the process idled for range(1) seconds (untimed), one untimed replay
/// first so that the process already holds as much memory as a replay takes. On a virtual machine
/// that hands free guest memory back to its host (free page reporting), what a replay frees is
/// given back while the process idles, and the next replay's first writes fault it in from the
/// host again; replays back to back (0 s) reuse it.
void BM_ReplayTrainingAfterIdle(benchmark::State& state)
{
    const cc::Trace& trace = trainingTrace(static_cast<std::uint64_t>(state.range(0)));
    const cc::ConfigSet& set = cc::defaultConfigSet();
    replaySet(trace, set);
    for (auto _ : state) {
        state.PauseTiming();
        std::this_thread::sleep_for(std::chrono::seconds(state.range(1)));
        state.ResumeTiming();
        replaySet(trace, set);
    }
    setCounters(state, trace.size(), set.configurations.size());
}

/// The scheduler loop alone (preparation done once outside the timing).
void BM_SimulateOnly(benchmark::State& state)
{
    const cc::Trace& trace = trainingTrace(static_cast<std::uint64_t>(state.range(0)));
    cc::NullProgress progress;
    const cc::ConfigSet& set = cc::defaultConfigSet();
    cc::PreparedReplay prepared = cc::prepareReplay(trace, cc::ReplayProtocol{}, progress);
    cc::SampleColumns samples;
    for (auto _ : state) {
        for (const auto& config : set.configurations) {
            cc::simulateConfiguration(prepared, config, progress, samples);
            benchmark::DoNotOptimize(samples.latency.data());
        }
    }
    setCounters(state, trace.size(), set.configurations.size());
}

/// The scheduler loop with neighbouring configurations in lockstep (cc::simulateConfigurations).
void BM_SimulateLockstep(benchmark::State& state)
{
    const cc::Trace& trace = trainingTrace(static_cast<std::uint64_t>(state.range(0)));
    cc::NullProgress progress;
    const cc::ConfigSet& set = cc::defaultConfigSet();
    cc::PreparedReplay prepared = cc::prepareReplay(trace, cc::ReplayProtocol{}, progress);
    std::vector<cc::SampleColumns> samples(set.configurations.size());
    std::vector<cc::SampleColumns*> into;
    for (auto& columns : samples) {
        into.push_back(&columns);
    }
    for (auto _ : state) {
        cc::simulateConfigurations(prepared, set.configurations, progress, into);
        benchmark::DoNotOptimize(samples.front().latency.data());
    }
    setCounters(state, trace.size(), set.configurations.size());
}

/// Preparation alone (signatures, noise keys, resources, cost classes), once per trace.
void BM_PrepareOnly(benchmark::State& state)
{
    const cc::Trace& trace = trainingTrace(static_cast<std::uint64_t>(state.range(0)));
    cc::NullProgress progress;
    for (auto _ : state) {
        cc::PreparedReplay prepared = cc::prepareReplay(trace, cc::ReplayProtocol{}, progress);
        benchmark::DoNotOptimize(prepared.events->data());
    }
    setCounters(state, trace.size(), 1);
}

/// The summaries alone: every configuration's samples simulated once outside the timing, then
/// summarised with one workspace, as replayAll does.
void BM_SummarizeOnly(benchmark::State& state)
{
    const cc::Trace& trace = trainingTrace(static_cast<std::uint64_t>(state.range(0)));
    cc::NullProgress progress;
    const cc::ConfigSet& set = cc::defaultConfigSet();
    cc::PreparedReplay prepared = cc::prepareReplay(trace, cc::ReplayProtocol{}, progress);
    std::vector<cc::SampleColumns> samples(set.configurations.size());
    for (std::size_t c = 0; c < samples.size(); ++c) {
        cc::simulateConfiguration(prepared, set.configurations[c], progress, samples[c]);
    }
    cc::SummaryWorkspace workspace;
    for (auto _ : state) {
        for (const auto& columns : samples) {
            cc::ConfigurationSummary summary = cc::summarizeSamples(trace, columns, progress, workspace);
            benchmark::DoNotOptimize(summary.latency.p99);
        }
    }
    setCounters(state, trace.size(), set.configurations.size());
}

/// The whole report in digest mode: input hash, replay, summaries, sample SHA-256, JSON.
void BM_ReportDigest(benchmark::State& state)
{
    const cc::Trace& trace = trainingTrace(static_cast<std::uint64_t>(state.range(0)));
    cc::NullProgress progress;
    cc::ReportOptions options;
    options.samples = cc::SamplesMode::Digest;
    for (auto _ : state) {
        std::string report = cc::buildReport(trace, cc::defaultConfigSet(), cc::ReplayProtocol{}, options, progress);
        benchmark::DoNotOptimize(report.data());
    }
    setCounters(state, trace.size(), cc::defaultConfigSet().configurations.size());
}

/// The whole report in full mode: the same plus one JSON row per sample (events x 5
/// configurations rows), the text that dominates a full report.
void BM_ReportFull(benchmark::State& state)
{
    const cc::Trace& trace = trainingTrace(static_cast<std::uint64_t>(state.range(0)));
    cc::NullProgress progress;
    cc::ReportOptions options;
    options.samples = cc::SamplesMode::Full;
    std::size_t bytes = 0;
    for (auto _ : state) {
        std::string report = cc::buildReport(trace, cc::defaultConfigSet(), cc::ReplayProtocol{}, options, progress);
        bytes = report.size();
        benchmark::DoNotOptimize(report.data());
    }
    setCounters(state, trace.size(), cc::defaultConfigSet().configurations.size());
    state.counters["report_mib"] = static_cast<double>(bytes) / (1024.0 * 1024.0);
}

/// The prototype's 100K-event benchmark fixture (it reported 86.1 s for one configuration).
void BM_PeerFixture100k(benchmark::State& state)
{
    const std::filesystem::path path = std::filesystem::path(COMMCANARY_SHARED_DIR) / "peer/bench/trace-100000.json";
    if (!std::filesystem::exists(path)) {
        state.SkipWithError("../shared/peer/bench/trace-100000.json is absent");
        return;
    }
    cc::NullProgress progress;
    static const cc::Trace trace = cc::readTrace(path, progress);
    cc::ConfigSet one = cc::defaultConfigSet();
    if (state.range(0) == 1) {
        one.configurations.resize(1);
    }
    for (auto _ : state) {
        replaySet(trace, one);
    }
    setCounters(state, trace.size(), one.configurations.size());
}

} // namespace

BENCHMARK(BM_ReplayTraining)->Apply(ccbench::trainingSizes);
BENCHMARK(BM_ReplayTrainingAfterIdle)
    ->Args({10'000'000, 0})
    ->Args({10'000'000, 10})
    ->Iterations(3)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_SimulateOnly)->Arg(100'000)->Arg(1'000'000)->Arg(10'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SimulateLockstep)->Arg(1'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_PrepareOnly)->Arg(1'000'000)->Arg(10'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SummarizeOnly)->Arg(1'000'000)->Arg(10'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ReportDigest)->Arg(1'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ReportFull)->Arg(100'000)->Arg(1'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_PeerFixture100k)->Arg(1)->Arg(5)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
