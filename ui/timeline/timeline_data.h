// What the timeline draws, prepared on a worker thread: lanes (per scheduler resource, per
// process group or per rank), each a list of events sorted by issue time with the columns the
// painter reads, plus the indexes that keep drawing cost proportional to the pixels on screen
// rather than the events in the trace:
//   - prefixMaxEnd: the running maximum of completion times, so a binary search finds the first
//     event that can still reach into the visible range even when lanes have overlapping events;
//   - a block-maximum index over completion times (blocks of 16, 256 and 4096 events) that
//     answers "which of these events ends last" for any index range in a few dozen steps, so a
//     pixel column holding thousands of events is drawn as one min/max column.
#pragma once

#include "core/trace/op_kind.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace cc::ui {

/// Per-event simulated timing under one configuration, indexed by canonical event index.
/// Absent (nullptr) until a replay has run: the timeline then draws issue times only.
struct EventTimings {
    QString configuration;
    std::vector<Ns> issue;           ///< when the event was issued
    std::vector<Ns> rankWait;        ///< waiting for the last rank to arrive
    std::vector<Ns> queueWait;       ///< waiting for a free channel of its scheduler resource
    std::vector<Ns> start;           ///< when the collective itself began
    std::vector<Ns> end;             ///< completion
    std::vector<Ns> hidden;          ///< communication hidden behind compute
    std::vector<std::uint8_t> flags; ///< cc::SampleFlag bits; empty when unknown
    Ns tailThreshold = 0;            ///< the replay's p99 latency (0: derive from these samples)
    std::size_t size() const { return end.size(); }
};

/// Answers argmax of a value column over index ranges using block maxima.
class RangeMaxIndex {
public:
    void build(const std::vector<Ns>& values);
    /// Index in [first, last) with the greatest value (the first such), first < last required.
    std::uint32_t argmax(const std::vector<Ns>& values, std::uint32_t first, std::uint32_t last) const;
    std::size_t memoryBytes() const;

private:
    static constexpr std::uint32_t kShift0 = 4;  // 16 events
    static constexpr std::uint32_t kShift1 = 8;  // 256 events
    static constexpr std::uint32_t kShift2 = 12; // 4096 events
    std::vector<std::uint32_t> level0_, level1_, level2_;
};

struct TimelineLane {
    QString label;
    std::vector<std::uint32_t> events; ///< canonical event indices, sorted by begin
    std::vector<Ns> begin;             ///< issue time of each entry
    std::vector<Ns> end;               ///< completion (== begin without a replay)
    std::vector<Ns> prefixMaxEnd;
    std::vector<OpKind> kind;
    RangeMaxIndex endMax;
    Ns maxDuration = 0;

    std::size_t size() const { return events.size(); }
    /// Fills prefixMaxEnd, endMax and maxDuration from begin/end.
    void finish();
    /// First entry whose completion reaches time t or later.
    std::uint32_t firstReaching(Ns t) const;
    /// First entry that begins after time t.
    std::uint32_t firstBeginningAfter(Ns t) const;
    std::size_t memoryBytes() const;
};

enum class LaneMode {
    Resource, ///< one lane per scheduler resource (channel, else group, else rank set)
    Group,    ///< one lane per process group ("no group" for events without one)
    Rank,     ///< one lane per rank; an event appears in every member's lane
};

/// A tail window: the span in which one or more tail events (latency at or above the
/// configuration's p99) were in flight together, from the first one's issue to the last one's
/// completion, with every event issued inside it.
struct TailWindow {
    Ns begin = 0;
    Ns end = 0;
    std::uint32_t firstEvent = 0; ///< lowest and highest canonical index inside the window
    std::uint32_t lastEvent = 0;
    std::uint32_t events = 0; ///< events issued inside the window (tail events included)
    std::uint32_t tailEvents = 0;
    Ns cost = 0; ///< summed latency of the window's tail events
    Ns maxLatency = 0;
};

struct TimelineData {
    std::shared_ptr<const cc::Trace> trace;      ///< may be null (synthetic data in benchmarks)
    std::shared_ptr<const EventTimings> timings; ///< null without a replay
    LaneMode mode = LaneMode::Resource;
    std::vector<TimelineLane> lanes;
    Ns begin = 0; ///< earliest issue
    Ns end = 0;   ///< latest completion
    std::size_t eventCount = 0;
    std::vector<TailWindow> tailWindows; ///< sorted by begin
    Ns tailThreshold = 0;                ///< p99 latency under the configuration (0 without a replay)

    bool replayed() const { return timings != nullptr; }
    QString configuration() const;
    std::size_t memoryBytes() const;

    /// The issue time of canonical event i (from the timings, else from the trace).
    Ns issueOf(std::uint32_t event) const;
    Ns endOf(std::uint32_t event) const;
};

/// Builds the lanes of a trace, with the replayed timings of one configuration when given.
/// The rank mode is refused (std::nullopt lanes -> falls back to Resource) above maxRankEntries
/// lane entries, because every event is copied into each member's lane.
struct TimelineBuildOptions {
    LaneMode mode = LaneMode::Resource;
    std::size_t maxRankEntries = 50'000'000;
};

std::shared_ptr<const TimelineData> buildTimeline(std::shared_ptr<const cc::Trace> trace,
                                                  std::shared_ptr<const EventTimings> timings,
                                                  const TimelineBuildOptions& options, cc::Progress& progress);

/// Groups the tail events (latency >= threshold) of a replay into windows: tail events whose
/// [issue, completion] intervals overlap or chain belong to one window; the events issued inside a
/// window count towards it. Windows are returned in time order.
std::vector<TailWindow> findTailWindows(const EventTimings& timings, Ns threshold);

/// Nearest-rank quantile (q in per-mille, e.g. 990 for p99) of the values; 0 for none.
Ns nearestRankPermille(std::vector<Ns> values, int permille);

} // namespace cc::ui
