// The in-memory trace: a compact structure of arrays fit for ten million events.
// Strings (ops, groups, phases, dtypes, ...) and rank sets are interned; ids live in one
// character arena; times are integer nanoseconds; there is no per-event heap allocation.
//
// A Trace is only ever produced by TraceBuilder::finish(), which validates every rule of the
// format, puts events in canonical order and derives the timing columns. A Trace therefore
// always satisfies the format's rules.
#pragma once

#include "core/trace/event.h"
#include "core/trace/op_kind.h"
#include "core/util/lazy_column.h"
#include "core/util/text_arena.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace cc {

inline constexpr Ns kAbsentNs = std::numeric_limits<Ns>::min();
inline constexpr std::uint32_t kNoString = std::numeric_limits<std::uint32_t>::max();
inline constexpr std::int32_t kNoRank = -1;

/// How the trace orders and times its events.
enum class TimingSemantics : std::uint8_t {
    Timestamped, ///< every event has start_us; time orders the trace (stable for ties)
    Gapped,      ///< no event has start_us; input order and gaps govern
    MixedGapped, ///< some events have start_us, and every event supplies gap_us; input order governs
};
std::string_view timingSemanticsName(TimingSemantics semantics);

/// Cross-rank arrival skew is known only when measured; unknown is never zero.
enum class SkewState : std::uint8_t {
    Unknown, ///< no arrival data and no explicit skew
    Known,   ///< complete arrival data or an explicit arrival_skew_us
    Partial, ///< arrivals from only some ranks (partial_rank_arrival): a lower bound
};
std::string_view skewStateName(SkewState state);

/// Interned strings; id 0.. in insertion order (deterministic for a deterministic producer).
class StringTable {
public:
    std::uint32_t intern(std::string_view text);
    std::string_view at(std::uint32_t id) const { return strings_[id]; }
    std::uint32_t find(std::string_view text) const; ///< kNoString when absent
    std::size_t size() const { return strings_.size(); }

private:
    struct TextHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const noexcept { return std::hash<std::string_view>{}(text); }
    };
    std::vector<std::string> strings_;
    std::unordered_map<std::string, std::uint32_t, TextHash, std::equal_to<>> index_;
};

/// Interned rank sets ("ranks" as given: member list plus whether it was written as a count).
class RankSetTable {
public:
    struct Entry {
        std::vector<std::int32_t> ranks;
        bool asCount = false;
    };
    std::uint32_t intern(const std::vector<std::int32_t>& ranks, bool asCount);
    const Entry& at(std::uint32_t id) const { return entries_[id]; }
    std::size_t size() const { return entries_.size(); }

private:
    std::vector<Entry> entries_;
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> index_; ///< content hash -> ids
    std::uint32_t last_ = 0; ///< the most recent answer: consecutive events often share a set
};

/// Per-event flag bits.
enum EventFlag : std::uint16_t {
    kFlagCustomOp = 1 << 0,
    kFlagOverlapUnknown = 1 << 1,
    kFlagPartialArrival = 1 << 2,
    kFlagArrivalsGiven = 1 << 3,
    kFlagArrivalsAsArray = 1 << 4,
};

struct Trace {
    // ---- document level ----
    std::string sourceName;     ///< file name or "<generated>", for messages
    TimingSemantics timing = TimingSemantics::Gapped;
    std::string workloadJson;   ///< the "workload" object as JSON text, empty when absent
    std::string systemJson;     ///< the "system" object as JSON text, empty when absent
    std::vector<std::pair<std::string, std::string>> extraTopLevel; ///< unknown keys -> JSON text

    // ---- interning ----
    StringTable strings;   ///< ops, groups, phases, dtypes, tags, channels, reduction ops
    RankSetTable rankSets;
    RankSetTable arrivalRankLists; ///< the ranks of rank_arrival_us, in the order given
    std::string idArena;   ///< concatenated event ids

    // ---- per-event columns, canonical order ----
    // Optional fields that most traces leave out are LazyColumns: no memory while every event
    // leaves them out.
    IndexColumn sourceIndex;                ///< position of the event in the input as given
    std::vector<std::uint32_t> op;          ///< string id of the op name
    std::vector<OpKind> kind;
    std::vector<std::uint16_t> flags;       ///< EventFlag bits
    std::vector<std::int64_t> bytes;
    std::vector<std::uint32_t> rankSet;
    LazyColumn<std::int32_t> rankCount{kNoRank};    ///< explicit rank_count, kNoRank when absent
    std::vector<std::uint32_t> group, phase, dtype; ///< kNoString when absent
    LazyColumn<std::uint32_t> tag{kNoString}, channel{kNoString}, reductionOp{kNoString}; ///< kNoString when absent
    std::vector<std::uint64_t> idOffset;    ///< into idArena
    std::vector<std::uint32_t> idLength;    ///< 0 with offset UINT64_MAX when absent
    std::vector<Ns> start, computeBefore;   ///< kAbsentNs when absent
    LazyColumn<Ns> gap{kAbsentNs}, computeOverlap{kAbsentNs}, observedExposed{kAbsentNs},
        arrivalSkew{kAbsentNs};                   ///< kAbsentNs when absent
    LazyColumn<std::int64_t> pressure{kAbsentNs}; ///< 1e-9 units, kAbsentNs when absent
    LazyColumn<std::int32_t> concurrentGroups{kNoRank}, senderRank{kNoRank}, receiverRank{kNoRank},
        rootRank{kNoRank};                                 ///< kNoRank when absent
    LazyColumn<std::int64_t> messageSequence{-1};          ///< -1 when absent
    // Arrivals: event i's ranks are the interned list arrivalRankList[i] (most events list their
    // members, in the same order, so the list is shared, not stored per event), and its times
    // are arrivalTime[arrivalBegin[i] + k], one per listed rank.
    std::vector<std::uint32_t> arrivalBegin;    ///< into arrivalTime
    std::vector<std::uint32_t> arrivalRankList; ///< id in arrivalRankLists
    CompactColumn arrivalTime;                  ///< in 32 bits while every time fits
    LazyColumn<std::uint32_t> extraIndex{kNoString}; ///< into extras, kNoString when none
    TextArena extras;                                ///< unknown event fields, one JSON object text each

    // ---- derived by TraceBuilder::finish() ----
    std::vector<Ns> effectiveGap; ///< the gap that governs (see timing semantics)
    std::vector<Ns> issueTime;    ///< cumulative issue time from the trace origin, ns
    std::vector<SkewState> skewState;
    std::vector<Ns> skewValue;    ///< the known (or partial lower-bound) skew; 0 when Unknown, never read then
    Ns originNs = 0;              ///< start of the first event in timestamped mode, else 0

    std::size_t size() const { return op.size(); }
    std::string_view opName(std::size_t i) const { return strings.at(op[i]); }
    std::string_view str(std::uint32_t id) const { return id == kNoString ? std::string_view() : strings.at(id); }
    std::string_view id(std::size_t i) const;
    const std::vector<std::int32_t>& ranks(std::size_t i) const { return rankSets.at(rankSet[i]).ranks; }
    bool has(std::size_t i, EventFlag flag) const { return (flags[i] & flag) != 0; }
    /// The ranks of event i's arrivals, in the order given, and their number.
    const std::vector<std::int32_t>& arrivalRanks(std::size_t i) const
    {
        return arrivalRankLists.at(arrivalRankList[i]).ranks;
    }
    std::uint32_t arrivalCount(std::size_t i) const { return static_cast<std::uint32_t>(arrivalRanks(i).size()); }

    /// Materialises event i as a plain value (for display, export and tests).
    Event event(std::size_t i) const;

    /// Counts for summaries.
    std::size_t distinctRanks() const;
    std::size_t knownSkewCount() const;
    std::size_t unknownSkewCount() const;
    std::size_t partialSkewCount() const;
    bool hasUnknownOverlap() const;
};

} // namespace cc
