// The one way to make a Trace: add events, then finish(). Per-event rules are checked as
// events arrive, cross-event rules (timing semantics, timestamp/gap agreement) in finish().
// Diagnostics accumulate (up to a cap) and finish() throws InputError naming each.
#pragma once

#include "core/trace/trace.h"
#include "core/util/errors.h"
#include "core/util/progress.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cc {

class TraceBuilder {
public:
    explicit TraceBuilder(std::string sourceName);

    void setWorkloadJson(std::string json) { trace_.workloadJson = std::move(json); }
    void setSystemJson(std::string json) { trace_.systemJson = std::move(json); }
    void addTopLevelExtra(std::string key, std::string json);
    void reserve(std::size_t events);

    /// Where the columns that reserve() sized lie, for prefault() on another thread.
    struct ReservedColumns {
        std::vector<std::pair<std::uintptr_t, std::size_t>> columns; ///< first byte, element size
        std::size_t events = 0;                                      ///< capacity, in events
    };
    const ReservedColumns& reservedColumns() const { return reserved_; }

    /// Faults in, writable, the pages of the reserved columns that events [first, first + count)
    /// will occupy: the kernel's zeroing of fresh pages then happens on the calling thread, ahead of
    /// the builder, instead of inside add(). A hint (values are never touched); safe on any thread,
    /// and harmless when the columns have since moved.
    static void prefault(const ReservedColumns& reserved, std::size_t first, std::size_t count);

    /// Adds an event (input order). Rule violations are recorded, not thrown.
    void add(const Event& event);

    /// Records a diagnostic found by a reader (e.g. a JSON type error) for event index.
    void fail(std::size_t eventIndex, std::string eventId, std::string field, std::string rule);

    std::size_t eventCount() const { return added_; }
    bool failed() const { return !diagnostics_.empty(); }

    /// Validates cross-event rules, sorts into canonical order and derives timing columns.
    /// Throws InputError with every diagnostic collected so far when anything was wrong.
    Trace finish(Progress& progress);

    static constexpr std::size_t kMaxDiagnostics = 50;

private:
    enum RecentField {
        kRecentOp,
        kRecentGroup,
        kRecentPhase,
        kRecentDtype,
        kRecentTag,
        kRecentChannel,
        kRecentReductionOp,
        kRecentFieldCount
    };
    std::uint32_t intern(RecentField field, std::string_view text);
    template <typename Column> void makeRoom(Column& column, std::size_t more);
    /// The capacity a column of `size` elements (arrivals, ids, extras text) grows to so that
    /// `more` fit, or 0 when they fit already.
    std::size_t room(std::size_t size, std::size_t capacity, std::size_t more) const;
    void diagnose(std::size_t eventIndex, std::string_view eventId, std::string field, std::string rule);

    // add()'s steps, in its order: each check records what is wrong and goes on.
    struct EventSkew {
        SkewState state = SkewState::Unknown;
        Ns value = 0;
    };
    void reject(std::size_t index, const Event& e, std::string field, std::string rule);
    OpKind checkOperation(std::size_t index, const Event& e);
    void checkRanks(std::size_t index, const Event& e, std::uint64_t maxRanksPerEvent, std::uint64_t maxRankSlots);
    bool isMember(std::int32_t rank) const; ///< in members_, the event's sorted distinct ranks
    void checkEndpoints(std::size_t index, const Event& e, OpKind kind);
    void checkStrings(std::size_t index, const Event& e);
    void checkTimingValues(std::size_t index, const Event& e);
    EventSkew checkArrivals(std::size_t index, const Event& e);
    void storeEvent(std::size_t index, const Event& e, OpKind kind, EventSkew skew);
    std::uint32_t arrivalRankListOf(const Event& e, std::uint32_t rankSet);

    Trace trace_;
    std::vector<Diagnostic> diagnostics_;
    std::size_t added_ = 0;
    std::size_t expected_ = 0; ///< events announced by reserve(), 0 when none
    ReservedColumns reserved_;
    std::size_t suppressed_ = 0;
    std::uint64_t rankSlots_ = 0;       ///< ranks summed over the events added so far
    bool rankSlotsRefused_ = false;
    std::vector<std::int32_t> members_; ///< scratch: sorted members of the event being added
    std::vector<std::int32_t> seen_;    ///< scratch: sorted arrival ranks of the event being added
    std::vector<std::int32_t> arrivalRanks_; ///< scratch: arrival ranks of the event being added, as given
    /// The arrival rank list that lists rank set k's members in order (kNoString: not yet interned).
    std::vector<std::uint32_t> listOfRankSet_;
    /// The string ids each field took most recently, newest first (kNoString: none yet).
    std::array<std::array<std::uint32_t, 4>, kRecentFieldCount> recent_ = [] {
        std::array<std::array<std::uint32_t, 4>, kRecentFieldCount> none{};
        for (auto& field : none) {
            field.fill(kNoString);
        }
        return none;
    }();
};

} // namespace cc
