#include "core/replay/replay_analyses.h"

#include "core/replay/quantiles.h"
#include "core/replay/summary_workspace.h"
#include "core/util/quantile.h"
#include "core/util/wide_int.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>
#include <tuple>

namespace cc {

// ---- one iteration's timing ------------------------------------------------------------------

IterationTimings iterationTimings(const SampleColumns& samples, std::uint32_t iteration)
{
    if (iteration >= samples.iterations) {
        throw std::invalid_argument("iterationTimings: iteration " + std::to_string(iteration) + " of " +
                                    std::to_string(samples.iterations));
    }
    const std::size_t n = samples.eventCount;
    const std::size_t offset = static_cast<std::size_t>(iteration) * n;
    IterationTimings timings;
    timings.issue = std::span<const Ns>(samples.times->issue);
    timings.latency = std::span<const Ns>(samples.latency.data() + offset, n);
    timings.queueWait = std::span<const Ns>(samples.queueWait.data() + offset, n);
    timings.hidden = std::span<const Ns>(samples.hidden.data() + offset, n);
    return timings;
}

// ---- tail windows ----------------------------------------------------------------------------

std::vector<TailWindow> findTailWindows(const IterationTimings& timings, Ns threshold, Progress& progress)
{
    std::vector<TailWindow> windows;
    const std::size_t n = timings.size();
    if (timings.latency.size() != n) {
        throw std::invalid_argument("findTailWindows: issue and latency columns differ in length");
    }
    if (n == 0 || threshold <= 0) {
        return windows;
    }
    // Walk in replay issue order (canonical order unless the ordering ablation reordered issues).
    std::vector<std::uint32_t> order;
    const bool sorted = std::is_sorted(timings.issue.begin(), timings.issue.end());
    if (!sorted) {
        order.resize(n);
        std::iota(order.begin(), order.end(), 0U);
        progress.check();
        std::stable_sort(order.begin(), order.end(),
                         [&](std::uint32_t a, std::uint32_t b) { return timings.issue[a] < timings.issue[b]; });
    }
    TailWindow current;
    bool open = false;
    for (std::size_t k = 0; k < n; ++k) {
        if ((k & 0xFFFFF) == 0) {
            progress.check();
            progress.report(static_cast<double>(k) / static_cast<double>(n), "finding tail windows");
        }
        const auto i = sorted ? static_cast<std::uint32_t>(k) : order[k];
        const Ns issue = timings.issue[i];
        const Ns latency = timings.latency[i];
        const Ns end = timings.completion(i);
        const bool tail = latency >= threshold;
        if (open && issue > current.end) {
            windows.push_back(current); // nothing issued from here on overlaps the window's tail events
            open = false;
        }
        if (!tail) {
            if (open) {
                ++current.events; // issued while the window's tail events were in flight
                current.firstEvent = std::min(current.firstEvent, i);
                current.lastEvent = std::max(current.lastEvent, i);
            }
            continue;
        }
        if (!open) {
            current = TailWindow{};
            current.begin = issue;
            current.end = end;
            current.firstEvent = i;
            current.lastEvent = i;
            open = true;
        }
        current.end = std::max(current.end, end);
        current.firstEvent = std::min(current.firstEvent, i);
        current.lastEvent = std::max(current.lastEvent, i);
        ++current.events;
        ++current.tailEvents;
        current.cost += latency;
        current.maxLatency = std::max(current.maxLatency, latency);
    }
    if (open) {
        windows.push_back(current);
    }
    return windows;
}

// ---- range statistics ------------------------------------------------------------------------

RangeStatistics rangeStatistics(const Trace& trace, const IterationTimings* timings, Ns tailThreshold, Ns begin, Ns end,
                                Progress& progress)
{
    const std::size_t n = trace.size();
    if (timings != nullptr && (timings->size() != n || timings->latency.size() != n || timings->queueWait.size() != n ||
                               timings->hidden.size() != n)) {
        throw std::invalid_argument("rangeStatistics: the replay's timing does not match the trace's " +
                                    std::to_string(n) + " events");
    }
    RangeStatistics stats;
    stats.begin = begin;
    stats.end = end;
    stats.replayed = timings != nullptr;
    std::vector<Ns> latency;
    std::vector<Ns> queueWait;
    std::vector<std::uint64_t> opCounts(trace.strings.size(), 0);
    WideInt latencySum = 0;
    WideInt hiddenSum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if ((i & 0xFFFF) == 0) {
            progress.check();
            progress.report(static_cast<double>(i) / static_cast<double>(n), "summarising the range");
        }
        const Ns issue = timings != nullptr ? timings->issue[i] : trace.issueTime[i];
        if (issue < begin || issue > end) {
            continue;
        }
        ++stats.count;
        ++opCounts[trace.op[i]];
        if (timings != nullptr) {
            const Ns l = timings->latency[i];
            latency.push_back(l);
            queueWait.push_back(timings->queueWait[i]);
            latencySum += l;
            hiddenSum += timings->hidden[i];
            if (tailThreshold > 0 && l >= tailThreshold) {
                ++stats.tailEvents;
            }
        }
    }
    for (std::size_t op = 0; op < opCounts.size(); ++op) {
        if (opCounts[op] > 0) {
            stats.byOp.emplace_back(std::string(trace.strings.at(static_cast<std::uint32_t>(op))), opCounts[op]);
        }
    }
    std::sort(stats.byOp.begin(), stats.byOp.end());
    if (!latency.empty()) {
        stats.latency = distributionOf(latency.data(), latency.size());
        stats.hiddenSharePpm = latencySum > 0 ? static_cast<std::int64_t>(hiddenSum * 1'000'000 / latencySum) : 0;
        stats.queueWaitMedian = nearestRankValue(std::span<Ns>(queueWait), 50);
    }
    return stats;
}

// ---- one configuration set, replayed for the analyses ------------------------------------------

namespace {

/// Validates the protocol, prepares the trace (the first tenth of the progress) and replays it
/// under every configuration of the set, handing visit each configuration's samples.
void replaySet(const Trace& trace, const ConfigSet& set, const ReplayProtocol& protocol, Progress& progress,
               const std::function<void(std::size_t, const SampleColumns&, Progress&)>& visit)
{
    validateProtocol(protocol, "replay protocol");
    SubProgress preparing(progress, 0.0, 0.1);
    const PreparedReplay prepared = prepareReplay(trace, protocol, preparing);
    SubProgress replaying(progress, 0.1, 1.0);
    replayEach(prepared, set.configurations, replaying, visit);
}

} // namespace

std::vector<ConfigurationAnalyses> analyzeReplay(const Trace& trace, const ConfigSet& set,
                                                 const ReplayProtocol& protocol, const AnalysisRequest& request,
                                                 Progress& progress)
{
    std::vector<ConfigurationAnalyses> result(set.configurations.size());
    SummaryWorkspace workspace;
    replaySet(trace, set, protocol, progress, [&](std::size_t c, const SampleColumns& samples, Progress& visit) {
        ConfigurationAnalyses& analyses = result[c];
        analyses.configuration = set.configurations[c].name;
        // The threshold is the summary's p99, exactly as every report and view states it.
        SubProgress summarising(visit, 0.0, 0.6);
        analyses.tailThreshold = summarizeSamples(trace, samples, summarising, workspace).latency.p99;
        const IterationTimings timings = iterationTimings(samples, 0);
        if (request.tailWindows) {
            SubProgress finding(visit, 0.6, 0.8);
            analyses.tailWindows = findTailWindows(timings, analyses.tailThreshold, finding);
        }
        if (request.range) {
            SubProgress ranging(visit, 0.8, 1.0);
            analyses.range = rangeStatistics(trace, &timings, analyses.tailThreshold, request.range->first,
                                             request.range->second, ranging);
        }
    });
    progress.report(1.0, "analysed");
    return result;
}

// ---- ranking flips and the dependency scan ----------------------------------------------------

std::vector<RankingFlip> rankingFlips(const std::vector<PairDecision>& base, const std::vector<PairDecision>& other)
{
    std::vector<RankingFlip> flips;
    for (const auto& a : base) {
        for (const auto& b : other) {
            if (a.first == b.first && a.second == b.second && a.metric == b.metric) {
                if (a.outcome != b.outcome) {
                    flips.push_back({a.first, a.second, a.metric, a.outcome, b.outcome});
                }
                break;
            }
        }
    }
    return flips;
}

std::string ScanControl::name() const
{
    return ablation ? std::string(ablationName(*ablation)) : std::string("isolated");
}

std::vector<ScanControl> scanControls()
{
    std::vector<ScanControl> controls;
    for (int a = 0; a < kAblationCount; ++a) {
        controls.push_back({static_cast<Ablation>(a)});
    }
    controls.push_back({std::nullopt});
    return controls;
}

std::vector<DecisionDependency> DependencyScan::dependencies() const
{
    std::vector<DecisionDependency> result;
    for (const PairDecision& decision : baseline) {
        DecisionDependency dependency{decision.first, decision.second, decision.metric, {}};
        for (const ControlFlips& control : controls) {
            for (const RankingFlip& flip : control.flips) {
                if (flip.first == decision.first && flip.second == decision.second && flip.metric == decision.metric) {
                    dependency.controls.push_back(control.control);
                    break;
                }
            }
        }
        if (!dependency.controls.empty()) {
            result.push_back(std::move(dependency));
        }
    }
    // The baseline lists pairs in set order and metrics in enum order; keep that order explicit.
    std::stable_sort(result.begin(), result.end(), [](const DecisionDependency& a, const DecisionDependency& b) {
        return std::tie(a.first, a.second, a.metric) < std::tie(b.first, b.second, b.metric);
    });
    return result;
}

std::vector<PairDecision> rankReplay(const Trace& trace, const ConfigSet& set, const ReplayProtocol& protocol,
                                     Progress& progress)
{
    std::vector<Distribution> latencies(set.configurations.size());
    SummaryWorkspace workspace;
    replaySet(trace, set, protocol, progress, [&](std::size_t c, const SampleColumns& samples, Progress& visit) {
        latencies[c] = summarizeSamples(trace, samples, visit, workspace).latency;
    });
    return rankConfigurations(latencies, protocol.tieTolerancePpm);
}

DependencyScan scanDependencies(const Trace& trace, const ConfigSet& set, const ReplayProtocol& protocol,
                                Progress& progress, const std::vector<PairDecision>* baseline)
{
    DependencyScan scan;
    for (const BackendConfig& config : set.configurations) {
        scan.configurations.push_back(config.name);
    }
    scan.protocol = protocol;
    scan.protocol.ablations = {};
    scan.protocol.isolated = false;
    const std::vector<ScanControl> controls = scanControls();
    const auto steps = static_cast<double>(controls.size() + (baseline != nullptr ? 0 : 1));
    std::size_t step = 0;
    if (baseline != nullptr) {
        scan.baseline = *baseline;
    } else {
        SubProgress sub(progress, 0.0, 1.0 / steps);
        scan.baseline = rankReplay(trace, set, scan.protocol, sub);
        ++step;
    }
    for (const ScanControl& control : controls) {
        SubProgress sub(progress, static_cast<double>(step) / steps, static_cast<double>(step + 1) / steps);
        ++step;
        ReplayProtocol controlled = scan.protocol;
        if (control.ablation) {
            controlled.ablations.add(*control.ablation);
        } else {
            controlled.isolated = true;
        }
        ControlFlips flips{control, rankReplay(trace, set, controlled, sub), {}};
        flips.flips = rankingFlips(scan.baseline, flips.ranking);
        scan.controls.push_back(std::move(flips));
    }
    progress.report(1.0, "scanned");
    return scan;
}

} // namespace cc
