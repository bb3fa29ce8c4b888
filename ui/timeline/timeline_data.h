// What the timeline draws, prepared on a worker thread: lanes (per scheduler resource, per
// process group or per rank), each a list of events sorted by issue time with the columns the
// painter reads, plus the indexes that keep drawing cost proportional to the pixels on screen
// rather than the events in the trace:
//   - blockMaxEnd: the running maximum of completion times at the end of every block of 64 events,
//     so a binary search and a short scan find the first event that can still reach into the
//     visible range even when lanes have overlapping events;
//   - a block-maximum index over completion times (blocks of 16, 256 and 4096 events) that
//     answers "which of these events ends last" for any index range in a few dozen steps, so a
//     pixel column holding thousands of events is drawn as one min/max column.
#pragma once

#include "core/replay/replay_analyses.h"
#include "core/trace/op_kind.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <QString>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace cc::ui {

/// Per-event simulated timing under one configuration, indexed by canonical event.
/// Absent (nullptr) until a replay has run: the timeline then draws issue times only.
/// The columns are views over the replay's own (its first iteration), kept alive by owner;
/// none is a copy.
struct EventTimings {
    QString configuration;
    std::span<const Ns> issue;           ///< when the event was issued
    std::span<const Ns> skew;            ///< the modelled rank wait (cc::EventTimes::skew)
    std::span<const Ns> queueWait;       ///< waiting for a free channel of its scheduler resource
    std::span<const Ns> hidden;          ///< communication hidden behind compute
    std::span<const Ns> latency;         ///< issue to completion
    std::shared_ptr<const void> owner;   ///< keeps the viewed columns alive
    Ns tailThreshold = 0;                ///< the replay's p99 latency (0: derive from these samples)

    /// When its last rank arrived.
    Ns ready(std::size_t event) const { return cc::readyTime(issue[event], skew[event]); }
    /// Waiting for the last rank to arrive.
    Ns rankWait(std::size_t event) const { return ready(event) - issue[event]; }
    /// Completion.
    Ns end(std::size_t event) const { return issue[event] + latency[event]; }
    /// When the collective itself began.
    Ns start(std::size_t event) const { return ready(event) + queueWait[event]; }
    /// The columns core's analyses read (issue, latency, queue wait, hidden).
    cc::IterationTimings view() const { return {issue, latency, queueWait, hidden}; }
    std::size_t size() const { return issue.size(); }
};

/// Answers argmax of a value column over index ranges using block maxima. Each block keeps its
/// maximum value beside its index, so a query compares contiguous block entries and reads the
/// value column only for the few entries outside whole blocks (no scattered loads per block).
class RangeMaxIndex {
public:
    void build(std::span<const Ns> values);
    /// Index in [first, last) with the greatest value (the first such), first < last required.
    std::uint32_t argmax(std::span<const Ns> values, std::uint32_t first, std::uint32_t last) const;
    std::size_t memoryBytes() const;

private:
    struct Block {
        Ns value = 0;
        std::uint32_t index = 0;
    };
    static constexpr std::uint32_t kShift0 = 4;  // 16 events
    static constexpr std::uint32_t kShift1 = 8;  // 256 events
    static constexpr std::uint32_t kShift2 = 12; // 4096 events
    std::vector<Block> level0_, level1_, level2_;
};

/// What the painter needs to draw one lane entry in full, stored in lane order next to its
/// begin/end so a repaint reads lane-local memory instead of scattered per-event columns.
/// Offsets from the entry's issue time; kDetailFar marks a value that does not fit in 32 bits
/// (the painter then reads the exact value from the EventTimings).
struct LaneEntryDetail {
    static constexpr std::uint32_t kDetailFar = 0xffffffffU;
    std::uint32_t rankWait = 0;    ///< issue -> last rank arrived
    std::uint32_t startOffset = 0; ///< issue -> the collective starts (rank wait + queue wait)
    std::uint32_t hidden = 0;      ///< communication hidden behind compute
};

/// A multi-resolution summary of a lane, built once per timeline: for power-of-two time buckets
/// (aligned to the lane's first issue) the first entry beginning in or after each bucket and the
/// entry that ends last among those beginning in it. At a zoom where a pixel spans four or more
/// buckets, a repaint reads a few buckets per pixel column instead of the events: its cost
/// follows the pixels whatever the event count. Levels are kept while a level has at most one
/// bucket per eight entries (about 5 bytes per entry over all levels).
class LaneSummary {
public:
    struct Widest {
        Ns end = 0;
        std::uint32_t index = 0;      ///< lane entry; only meaningful when the bucket holds entries
        OpKind kind = OpKind::Custom; ///< its operation (the folded column's colour)
    };
    struct Level {
        std::uint32_t shift = 0;          ///< bucket width 2^shift ns
        std::vector<std::uint32_t> first; ///< per bucket, plus one past the last: first entry index
        std::vector<Widest> widest;       ///< per bucket
    };

    void build(const std::vector<Ns>& begin, std::span<const Ns> end, const std::vector<OpKind>& kind);
    Ns origin() const { return origin_; }
    const std::vector<Level>& levels() const { return levels_; }
    /// The coarsest level whose buckets are at most maxWidth ns wide, or nullptr.
    const Level* levelFor(double maxWidth) const;
    std::size_t memoryBytes() const;

private:
    Ns origin_ = 0;
    std::vector<Level> levels_; ///< finest first
};

struct TimelineLane {
    QString label;
    std::vector<std::uint32_t> events; ///< canonical event indices, sorted by begin
    std::vector<Ns> begin;             ///< issue time of each entry
    std::vector<Ns> end;               ///< completion; empty without a replay (see ends())
    /// Per block of kReachBlock entries: the greatest completion up to the block's last entry.
    std::vector<Ns> blockMaxEnd;
    static constexpr std::size_t kReachBlock = 64;
    std::vector<OpKind> kind;
    std::vector<LaneEntryDetail> detail; ///< per entry, from the timings (empty without a replay)
    RangeMaxIndex endMax;
    LaneSummary summary;
    Ns maxDuration = 0;

    std::size_t size() const { return events.size(); }
    /// The completion of each entry: end, or begin without a replay (an event then ends where it
    /// begins, and the lane does not hold the same column twice).
    std::span<const Ns> ends() const { return end.empty() ? std::span<const Ns>(begin) : std::span<const Ns>(end); }
    /// Fills blockMaxEnd, endMax, summary and maxDuration from begin/end, and detail from timings
    /// (indexed by canonical event) when given.
    void finish(const EventTimings* timings = nullptr);
    /// First entry whose completion reaches time t or later.
    std::uint32_t firstReaching(Ns t) const;
    /// The latest completion of the lane (size() > 0 required).
    Ns maxEnd() const { return blockMaxEnd.back(); }
    /// First entry that begins after time t.
    std::uint32_t firstBeginningAfter(Ns t) const;
    std::size_t memoryBytes() const;
};

enum class LaneMode {
    Resource, ///< one lane per scheduler resource (channel, else group, else rank set)
    Group,    ///< one lane per process group ("no group" for events without one)
    Rank,     ///< one lane per rank; an event appears in every member's lane
};

/// A tail window (core's: cc::findTailWindows, the same the CLI's replay --tail-windows prints).
using cc::TailWindow;

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

/// A rank list as a lane label says it: "rank 3", "ranks 0–7", "ranks 0, 2, 4–6".
QString rankListText(const std::vector<std::int32_t>& ranks);

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

} // namespace cc::ui
