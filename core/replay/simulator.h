// The replay engine: a deterministic scheduler model of contention and overlap that replays a
// cc::Trace under backend configurations. It is a model, not NCCL and not a measurement of
// hardware; see core/replay/README.md for every rule of the model.
//
// Everything is a pure function of (trace, configuration, protocol): integer nanoseconds and
// fixed-point factors throughout, no floating point, no dependence on thread count or on the
// order in which configurations are evaluated. Equal inputs give bit-identical samples.
//
// Typical use:
//     PreparedReplay prepared = prepareReplay(trace, protocol, progress);   // once per trace
//     for (const BackendConfig& config : set.configurations) {
//         SampleColumns samples = simulateConfiguration(prepared, config, progress);
//         ConfigurationSummary summary = summarizeSamples(trace, samples, progress);
//         ...
//     }
// simulateConfigurations() replays neighbouring configurations of a set in lockstep (as reports
// do, run by run), and replayAll(), for small and medium traces, does the whole set at once and
// ranks the configurations. Canaries replay by being expanded into a cc::Trace first.
#pragma once

#include "core/configs/backend_config.h"
#include "core/replay/protocol.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"
#include "core/util/quantile.h"
#include "core/util/uninitialized_allocator.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace cc {

/// Version of the model. Any change that alters a sample bumps it; reports record it and
/// verify-report refuses to compare across versions.
inline constexpr std::string_view kSimulatorVersion = "1";
inline constexpr std::string_view kSimulatorModelName = "commcanary-workbench deterministic scheduler model";
inline constexpr std::string_view kModelStatement =
    "These figures come from a deterministic scheduler model of contention and overlap. They are not a "
    "measurement of hardware and not NCCL: claims about real machines need a physical replay.";

/// Per-sample flags (bit set).
enum SampleFlag : std::uint8_t {
    kSampleSkewUnknown = 1 << 0,    ///< arrival skew unknown: replayed with zero modelled rank wait
    kSampleSkewPartial = 1 << 1,    ///< skew from partial arrivals: rank wait is a lower bound
    kSampleOverlapUnknown = 1 << 2, ///< compute overlap unknown: replayed as no overlap
    kSampleCustomOp = 1 << 3,       ///< custom operation: cost is the documented stand-in
    kSampleTailHit = 1 << 4,        ///< the tail-noise term fired for this sample
    kSampleIdleStart = 1 << 5,      ///< issued into an idle scheduler (every channel free): a reset point
};

/// Times saturate here (about 126 years) so that no sum can overflow.
inline constexpr Ns kTimeCapNs = 4'000'000'000'000'000'000;

/// One replayed collective, all times in ns from the trace origin (times are replay times: under
/// the ordering or queue_reset_gaps ablations the issue times differ from the trace's).
struct EventSample {
    std::uint32_t event = 0; ///< canonical event index in the trace
    std::uint32_t iteration = 0;
    Ns issue = 0;     ///< first rank arrives (the event's issue time in this replay)
    Ns start = 0;     ///< the collective starts (last rank arrived, a channel free, FIFO order kept)
    Ns queueWait = 0; ///< start - last arrival
    Ns rankWait = 0;  ///< last arrival - first arrival (the modelled arrival skew)
    Ns duration = 0;  ///< start -> completion
    Ns hidden = 0;    ///< part of the latency hidden behind compute
    Ns exposed = 0;   ///< latency - hidden
    Ns completion = 0;
    Ns latency = 0;         ///< completion - issue = rankWait + queueWait + duration
    std::uint8_t flags = 0; ///< SampleFlag bits
};

/// When the last rank of an event issued at `issue` with modelled rank wait `skew` arrives: the
/// collective can start no earlier. Capped, so that no sum overflows.
inline Ns readyTime(Ns issue, Ns skew)
{
    return std::min<Ns>(issue + skew, kTimeCapNs);
}

/// The issue time and modelled rank wait of every canonical event after the protocol's
/// ablations, column-wise (16 bytes per event). They depend on the trace and the protocol only, so a
/// replay derives them once (PreparedReplay::times) and every configuration's samples share them
/// for the issue time and rank wait of each sample, also once the replay and its other inputs are
/// gone.
struct EventTimes {
    std::vector<Ns> issue; ///< replay issue time (first rank arrives)
    std::vector<Ns> skew;  ///< modelled rank wait: 0 when unknown (then flagged) or ablated

    /// When the last rank arrives (the collective can start no earlier): readyTime.
    Ns ready(std::size_t event) const { return readyTime(issue[event], skew[event]); }
    /// The modelled rank wait: from the first rank's arrival to the last's.
    Ns rankWait(std::size_t event) const { return ready(event) - issue[event]; }
};

/// The model's other inputs of one event after the protocol's ablations, independent of the
/// configuration (see core/replay/README.md); its times are in EventTimes.
struct EventInput {
    Ns overlap = 0;                   ///< modelled compute overlap: 0 when absent, unknown or ablated
    std::int64_t pressure = 0;        ///< compute pressure, 1e-9 units: 0 when absent or ablated
    std::uint64_t noiseKey = 0;       ///< cc::noiseKey(signature content hash, occurrence)
    std::uint32_t resource = 0;       ///< dense scheduler-resource id
    std::uint32_t costClass = 0;      ///< dense (kind, bytes, rank count) id
    std::int32_t declaredSharers = 1; ///< concurrent_groups from the trace (1 when absent or isolated)
    std::uint8_t flags = 0;           ///< SampleFlag bits known before the replay (skew/overlap unknown, ...)
    friend bool operator==(const EventInput&, const EventInput&) = default;
};

/// The other inputs of every canonical event of a replay (PreparedReplay::events).
using EventInputs = std::vector<EventInput>;

/// The samples of one configuration, column-wise. Sample k is iteration k / eventCount of
/// canonical event k % eventCount, whatever order the replay used. Per sample the columns keep
/// what depends on the configuration (queue wait, latency, hidden, flags: 25 bytes); the issue
/// time and rank wait come from the replay's shared EventTimes, and the start and duration are
/// derived (start = issue + rankWait + queueWait, latency = rankWait + queueWait + duration).
/// Summaries, rankings and tails all read the latency, so it is the one stored.
struct SampleColumns {
    /// A column of the replay's output. The simulator writes every element of every column, so
    /// sizing a column for it does not first write zeros (see core/util/uninitialized_allocator.h).
    template <class T> using Column = std::vector<T, UninitializedAllocator<T>>;

    std::size_t eventCount = 0;
    std::uint32_t iterations = 0;
    std::shared_ptr<const EventTimes> times; ///< per event, shared by the replay's configurations
    Column<Ns> queueWait, latency, hidden;
    Column<std::uint8_t> flags;

    std::size_t size() const { return latency.size(); }
    /// The canonical event of sample k (k itself in the first iteration, without a division).
    std::size_t eventOf(std::size_t k) const { return k < eventCount || eventCount == 0 ? k : k % eventCount; }
    /// The issue time of canonical event `event` (the same in every iteration).
    Ns issueOf(std::size_t event) const { return times->issue[event]; }
    /// When the last rank of canonical event `event` arrives (the same in every iteration).
    Ns readyOf(std::size_t event) const { return times->ready(event); }
    Ns issue(std::size_t k) const { return issueOf(eventOf(k)); }
    Ns rankWait(std::size_t k) const { return rankWaitOf(eventOf(k)); }
    /// The rank wait of canonical event `event` (the same in every iteration).
    Ns rankWaitOf(std::size_t event) const { return times->rankWait(event); }
    Ns start(std::size_t k) const { return startOf(k, eventOf(k)); }
    Ns duration(std::size_t k) const { return durationOf(k, eventOf(k)); }
    /// start(k) and duration(k) for a caller that walks row by row and knows k's event.
    Ns startOf(std::size_t k, std::size_t event) const { return readyOf(event) + queueWait[k]; }
    Ns durationOf(std::size_t k, std::size_t event) const { return latency[k] - rankWaitOf(event) - queueWait[k]; }
    /// Whether every event has the same issue time and rank wait in both replays.
    bool sameEventTimes(const SampleColumns& other) const;
    Ns exposed(std::size_t k) const { return latency[k] - hidden[k]; }
    EventSample at(std::size_t k) const;
};

/// Configuration-independent inputs of a replay, derived once per (trace, protocol): the
/// per-event model inputs, the replay order and the cost classes.
/// Holds a reference to the trace, which must outlive it.
struct PreparedReplay {
    const Trace* trace = nullptr;
    ReplayProtocol protocol;
    std::shared_ptr<const EventTimes> times;   ///< per canonical event, shared with every replay's samples
    std::shared_ptr<const EventInputs> events; ///< per canonical event
    std::vector<std::uint32_t> order;          ///< replay order (canonical indices); empty = canonical order
    std::vector<std::string> resourceNames;    ///< cc::schedulerResource text per dense id
    struct CostInput {
        OpKind kind;
        std::int64_t bytes;
        std::int64_t ranks;
    };
    std::vector<CostInput> costInputs; ///< per cost class
    Ns medianGapNs = 0;                ///< the cut used by queue_reset_gaps (0 when not ablated)

    std::size_t eventCount() const { return events ? events->size() : 0; }
    const EventInput& event(std::size_t i) const { return (*events)[i]; }
    Ns issueTime(std::size_t event) const { return times->issue[event]; }
};

/// Derives the configuration-independent inputs. Throws InputError for a protocol the
/// simulator cannot honour, Cancelled when progress asks.
PreparedReplay prepareReplay(const Trace& trace, const ReplayProtocol& protocol, Progress& progress);

/// Replays every iteration of the prepared trace under one configuration.
SampleColumns simulateConfiguration(const PreparedReplay& prepared, const BackendConfig& config, Progress& progress);

/// The same, writing into `into` and reusing its memory (no fresh pages when it already holds a
/// replay of the same size): the form to use in a loop over configurations of a large trace.
void simulateConfiguration(const PreparedReplay& prepared, const BackendConfig& config, Progress& progress,
                           SampleColumns& into);

/// How simulateConfigurations groups consecutive configurations: the size of each run, in order (1
/// or 2). Two neighbours run together, in lockstep over one read of the event inputs, when their
/// scheduler state takes fixed-size forms with the same number of global-channel slots (see
/// core/replay/README.md, "Lockstep"); an isolated replay runs every configuration alone. A
/// caller that keeps one run's samples at a time needs at most two SampleColumns.
std::vector<std::size_t> lockstepRuns(std::span<const BackendConfig> configs, const ReplayProtocol& protocol);

/// Replays every iteration of the prepared trace under each of `configs`, writing configuration
/// c's samples into *into[c] (reusing its memory), run by run as lockstepRuns groups them. Each
/// configuration's samples are exactly simulateConfiguration's. Throws std::invalid_argument when
/// `into` does not hold one output per configuration.
void simulateConfigurations(const PreparedReplay& prepared, std::span<const BackendConfig> configs, Progress& progress,
                            std::span<SampleColumns* const> into);

/// Replays each configuration of `configs`, run by run as lockstepRuns groups them, and hands
/// configuration c's samples to visit(c, samples, progress) in order, so a caller holds at most
/// two configurations' samples at a time (reports, verification, the reducer's oracle). Each
/// run's share of `progress` goes 60 % to its replay and the rest, in equal slices, to the visits,
/// each of which gets its slice as `progress`. The samples are simulateConfiguration's.
void replayEach(const PreparedReplay& prepared, std::span<const BackendConfig> configs, Progress& progress,
                const std::function<void(std::size_t, const SampleColumns&, Progress&)>& visit);

// ---- summaries -----------------------------------------------------------------------------

/// Nearest-rank quantiles over integer ns: the q-quantile of n values is the ceil(q*n)-th
/// smallest (so the median is the lower median); mean is floor(sum / n). All zero when n = 0.
struct Distribution {
    std::uint64_t count = 0;
    Ns median = 0, p95 = 0, p99 = 0, max = 0, mean = 0;
    friend bool operator==(const Distribution&, const Distribution&) = default;
};

struct Breakdown {
    std::string name;  ///< phase or operation name
    bool named = true; ///< false for events without a phase (name is empty then)
    Distribution latency;
    std::int64_t hiddenSharePpm = 0;
    friend bool operator==(const Breakdown&, const Breakdown&) = default;
};

struct TailSample {
    std::uint32_t event = 0;
    std::uint32_t iteration = 0;
    Ns latency = 0;
    friend bool operator==(const TailSample&, const TailSample&) = default;
};

/// At most this many tail samples are listed (highest latency first); tailCount counts all.
inline constexpr std::size_t kMaxListedTailSamples = 1000;

struct ConfigurationSummary {
    Distribution latency;            ///< latency = completion - issue
    std::int64_t hiddenSharePpm = 0; ///< sum(hidden) * 10^6 / sum(latency), floor
    Distribution queueWait;
    std::vector<Breakdown> byPhase; ///< sorted by name, unnamed first
    std::vector<Breakdown> byOp;    ///< sorted by operation name
    std::uint64_t tailCount = 0;    ///< samples with latency >= p99
    std::vector<TailSample> tail;   ///< highest latency first, then event, then iteration
    // Uncertainty and context carried forward from the input and the model.
    std::uint64_t skewUnknownSamples = 0;
    std::uint64_t skewPartialSamples = 0;
    std::uint64_t overlapUnknownSamples = 0;
    std::uint64_t customOpSamples = 0;
    std::uint64_t tailHits = 0;
    std::uint64_t idleStarts = 0;
    friend bool operator==(const ConfigurationSummary&, const ConfigurationSummary&) = default;
};

ConfigurationSummary summarizeSamples(const Trace& trace, const SampleColumns& samples, Progress& progress);

// ---- ranking ---------------------------------------------------------------------------------

enum class RankMetric : std::uint8_t { Median, P95, P99, Mean };
inline constexpr int kRankMetricCount = 4;
std::string_view rankMetricName(RankMetric metric); ///< "median", "p95", "p99", "mean"
Ns rankMetricValue(const Distribution& latency, RankMetric metric);

enum class PairOutcome : std::uint8_t { FirstFaster, SecondFaster, Tie };

/// One decision: configurations first < second (set order) on one metric. Lower latency wins;
/// |a - b| * 10^6 <= tolerancePpm * max(a, b) is a tie.
struct PairDecision {
    std::uint32_t first = 0;
    std::uint32_t second = 0;
    RankMetric metric = RankMetric::Median;
    Ns firstValue = 0;
    Ns secondValue = 0;
    PairOutcome outcome = PairOutcome::Tie;
    friend bool operator==(const PairDecision&, const PairDecision&) = default;
};

PairOutcome decidePair(Ns first, Ns second, std::int64_t tolerancePpm);

/// Every unordered pair x every metric, pairs in set order (0,1), (0,2), ..., metrics in enum order.
std::vector<PairDecision> rankConfigurations(const std::vector<Distribution>& latencies, std::int64_t tolerancePpm);

// ---- whole sets ------------------------------------------------------------------------------

struct ConfigurationReplay {
    std::string name;
    SampleColumns samples;
    ConfigurationSummary summary;
};

struct SetReplay {
    std::vector<ConfigurationReplay> configurations; ///< in set order
    std::vector<PairDecision> ranking;
};

/// Replays a whole set, keeping every configuration's samples (memory: about 25 bytes per
/// event, iteration and configuration, and 16 bytes per event of shared EventTimes; the other 40
/// bytes per event of inputs go with the replay). For very large traces, loop over
/// simulateConfiguration.
SetReplay replayAll(const Trace& trace, const ConfigSet& set, const ReplayProtocol& protocol, Progress& progress);

} // namespace cc
