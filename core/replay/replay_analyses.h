// Analyses of a replay that both drivers show: tail windows (spans in which tail events were in
// flight together), the statistics of a time range, the decisions that flip between two rankings
// and the dependency scan (which single simulator control flips which decision). Pure functions over
// the engine's values; the workbench draws them, `commcanary replay --tail-windows` / `--range` and
// `commcanary ablation-scan` print and write them. See core/replay/README.md, "Analyses".
#pragma once

#include "core/configs/backend_config.h"
#include "core/replay/protocol.h"
#include "core/replay/simulator.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace cc {

// ---- one iteration's timing ------------------------------------------------------------------

/// The timing of one replayed iteration under one configuration, per canonical event: views over
/// columns the caller keeps (all of one length, or queueWait and hidden empty when not needed).
struct IterationTimings {
    std::span<const Ns> issue;      ///< when the event was issued in the replay
    std::span<const Ns> latency;    ///< issue to completion (the samples' own column)
    std::span<const Ns> queueWait;
    std::span<const Ns> hidden;

    std::size_t size() const { return issue.size(); }
    /// When event i completed.
    Ns completion(std::size_t i) const { return issue[i] + latency[i]; }
};

/// Columns of one iteration held by the caller (timings made up by a test, say); view() for the
/// analyses.
struct IterationColumns {
    std::vector<Ns> issue, latency, queueWait, hidden;
    IterationTimings view() const { return {issue, latency, queueWait, hidden}; }
};

/// Iteration `iteration` (< samples.iterations) of samples, per canonical event: views over the
/// samples' own columns and their event times, valid while samples lives. Nothing is copied.
IterationTimings iterationTimings(const SampleColumns& samples, std::uint32_t iteration);

// ---- tail windows ----------------------------------------------------------------------------

/// A span in which one or more tail events (latency at or above the threshold, the configuration's
/// p99) were in flight together: from the first one's issue to the last one's completion, with
/// every event issued inside it.
struct TailWindow {
    Ns begin = 0;
    Ns end = 0;
    std::uint32_t firstEvent = 0; ///< lowest and highest canonical index inside the window
    std::uint32_t lastEvent = 0;
    std::uint32_t events = 0; ///< events issued inside the window (tail events included)
    std::uint32_t tailEvents = 0;
    Ns cost = 0; ///< summed latency of the window's tail events
    Ns maxLatency = 0;
    friend bool operator==(const TailWindow&, const TailWindow&) = default;
};

/// Groups the tail events (latency = completion - issue >= threshold) of one iteration into
/// windows: tail events whose [issue, completion] intervals overlap or chain, walked in issue order
/// (canonical order among equal issue times), belong to one window; the other events issued inside
/// a window count towards it. Windows in time order; none for threshold <= 0.
std::vector<TailWindow> findTailWindows(const IterationTimings& timings, Ns threshold, Progress& progress);

// ---- range statistics ------------------------------------------------------------------------

/// What happened in a time range: the events issued in [begin, end] and, after a replay, their
/// latency distribution (nearest rank over integer ns, as the engine's), the queue-wait median, the
/// hidden share and the tail events among them.
struct RangeStatistics {
    Ns begin = 0;
    Ns end = 0;
    std::uint64_t count = 0;
    bool replayed = false; ///< latency figures present (a replay's timing was given)
    Distribution latency;  ///< count, median, p95, p99, max, floor mean
    Ns queueWaitMedian = 0;
    std::int64_t hiddenSharePpm = 0; ///< floor(sum(hidden) * 10^6 / sum(latency)); 0 when no latency
    std::uint64_t tailEvents = 0;    ///< latency at or above the tail threshold (none when it is <= 0)
    std::vector<std::pair<std::string, std::uint64_t>> byOp; ///< events per operation name, by name
    friend bool operator==(const RangeStatistics&, const RangeStatistics&) = default;
};

/// The statistics of the events issued in [begin, end]: issue times from timings when given (one
/// iteration of a replay, timings->size() == trace.size()), else the trace's own issue times and
/// no latency figures. tailThreshold is the configuration's p99 over all samples.
/// Throws std::invalid_argument when the timings do not match the trace.
RangeStatistics rangeStatistics(const Trace& trace, const IterationTimings* timings, Ns tailThreshold, Ns begin, Ns end,
                                Progress& progress);

// ---- one configuration set, replayed for the analyses ------------------------------------------

struct ConfigurationAnalyses {
    std::string configuration;
    Ns tailThreshold = 0;                 ///< p99 latency over every sample of the configuration
    std::vector<TailWindow> tailWindows;  ///< of the first iteration (when asked for)
    std::optional<RangeStatistics> range; ///< of the first iteration (when asked for)
};

struct AnalysisRequest {
    bool tailWindows = true;
    std::optional<std::pair<Ns, Ns>> range; ///< [begin, end] in replay time
};

/// Replays trace under every configuration of set (one configuration's samples at a time) and
/// computes, for each, what request asks for over the first iteration: what the workbench shows
/// for the same trace, set and protocol.
std::vector<ConfigurationAnalyses> analyzeReplay(const Trace& trace, const ConfigSet& set,
                                                 const ReplayProtocol& protocol, const AnalysisRequest& request,
                                                 Progress& progress);

// ---- ranking flips and the dependency scan ----------------------------------------------------

/// A decision (pair x metric) whose outcome differs between two rankings of one configuration set.
struct RankingFlip {
    std::uint32_t first = 0;
    std::uint32_t second = 0;
    RankMetric metric = RankMetric::Median;
    PairOutcome before = PairOutcome::Tie;
    PairOutcome after = PairOutcome::Tie;
    friend bool operator==(const RankingFlip&, const RankingFlip&) = default;
};

/// The decisions of base whose outcome differs in other (matched by pair and metric), in base's
/// order. Decisions present in only one ranking are not flips.
std::vector<RankingFlip> rankingFlips(const std::vector<PairDecision>& base, const std::vector<PairDecision>& other);

/// One simulator control of the dependency scan: one ablation alone, or isolated mode.
struct ScanControl {
    std::optional<Ablation> ablation; ///< empty: isolated mode
    std::string name() const;         ///< the ablation's name, or "isolated"
    friend bool operator==(const ScanControl&, const ScanControl&) = default;
};

/// Every control the scan replays under, in order: each ablation (enum order), then isolated.
std::vector<ScanControl> scanControls();

struct ControlFlips {
    ScanControl control;
    std::vector<PairDecision> ranking; ///< the ranking under this control alone
    std::vector<RankingFlip> flips;    ///< against the baseline
};

/// One decision and the controls that flip it.
struct DecisionDependency {
    std::uint32_t first = 0;
    std::uint32_t second = 0;
    RankMetric metric = RankMetric::Median;
    std::vector<ScanControl> controls; ///< in scan order
};

struct DependencyScan {
    std::vector<std::string> configurations; ///< in set order
    ReplayProtocol protocol;                 ///< the baseline's: no ablations, not isolated
    std::vector<PairDecision> baseline;      ///< the unablated ranking
    std::vector<ControlFlips> controls;      ///< in scanControls() order
    /// The decisions that at least one control flips, by pair (set order) then metric.
    std::vector<DecisionDependency> dependencies() const;
};

/// The ranking of trace under set and protocol (replayAll's ranking, one configuration's samples at
/// a time).
std::vector<PairDecision> rankReplay(const Trace& trace, const ConfigSet& set, const ReplayProtocol& protocol,
                                     Progress& progress);

/// Replays under each control alone and compares each ranking with the unablated one. protocol's
/// seed, iterations and tie tolerance are kept; its ablations and isolated mode are not (the
/// baseline is unablated). baseline, when given, is the unablated ranking already at hand (it is
/// then not replayed again).
DependencyScan scanDependencies(const Trace& trace, const ConfigSet& set, const ReplayProtocol& protocol,
                                Progress& progress, const std::vector<PairDecision>* baseline = nullptr);

} // namespace cc
