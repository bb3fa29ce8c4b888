// The interned tables of a canary program under construction: strings, rank sets, operation
// signatures, timing samples and tokens, each numbered by first use in source order (so the
// same trace always gives the same tables). Also reads an event's exact timing out of a Trace
// in the canary's terms.
#pragma once

#include "core/canary/canary.h"
#include "core/trace/projections.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace cc::compile {

/// Every event's arrivals sorted by (rank, time). A fact of the source alone: built once per source
/// (CompileContext) instead of re-sorting an event's arrivals every time a compile pass reads them.
/// An event whose arrivals the trace holds sorted already (most are; point-to-point events, given
/// sender first, are not) is read in place in the trace's columns; only the others are kept, sorted,
/// here. The trace must outlive it and stay unchanged.
class SortedArrivals {
public:
    SortedArrivals(const Trace& trace, const Progress& progress);

    std::span<const std::int32_t> ranks(std::size_t i) const
    {
        if (resorted(i)) {
            return {rank_.data() + offsetOf(i), trace_->arrivalCount(i)};
        }
        return trace_->arrivalRanks(i);
    }
    CompactView times(std::size_t i) const
    {
        if (resorted(i)) {
            return CompactView::wideValues(time_.data() + offsetOf(i), trace_->arrivalCount(i));
        }
        return trace_->arrivalTime.view(trace_->arrivalBegin[i], trace_->arrivalCount(i));
    }

private:
    bool resorted(std::size_t i) const { return !marks_.empty() && ((marks_[i / 64] >> (i % 64)) & 1U) != 0; }
    /// Where event i's sorted arrivals start in rank_ and time_ (i is resorted).
    std::size_t offsetOf(std::size_t i) const;

    const Trace* trace_;
    std::vector<std::uint64_t> marks_;  ///< bit i: event i is resorted (empty when none is)
    std::vector<std::uint32_t> events_; ///< the resorted events, ascending
    std::vector<std::size_t> offsets_;  ///< where each one's arrivals start in rank_ and time_
    std::vector<std::int32_t> rank_;
    std::vector<Ns> time_;
};

class ProgramTables {
public:
    /// arrivals: the trace's sorted arrivals (it must outlive the tables).
    ProgramTables(const Trace& trace, const SortedArrivals& arrivals);

    /// The canary signature of event i (interned by content; the group hash is cc::contentHash).
    std::uint32_t signatureOf(std::size_t i);
    std::uint32_t rankSetOf(const std::vector<std::int32_t>& ranks);

    /// The timing layout of event i and the rank set of its arrivals (sorted by rank), interning it.
    std::uint32_t layoutOf(std::size_t i) const;
    std::uint32_t arrivalRanksOf(std::size_t i);

    /// Fills out with the exact timing of event i, its gap taken as given (see gapOf in the compiler).
    void exactTiming(std::size_t i, Ns gap, CanaryTiming& out);

    std::uint32_t internTiming(const CanaryTiming& timing);
    std::uint32_t internToken(std::uint32_t signature, std::uint32_t timing);

    const std::vector<CanarySignature>& signatures() const { return signatures_; }
    const std::vector<CanaryTiming>& timings() const { return timings_; }
    const std::vector<CanaryToken>& tokens() const { return tokens_; }
    const std::vector<CanaryRankSet>& rankSets() const { return rankSets_; }

    /// Moves the tables into a canary's program.
    void moveInto(Canary& canary);

    /// The arrivals of every event sorted by rank.
    const SortedArrivals& arrivals() const { return arrivals_; }

private:
    std::uint32_t internString(std::uint32_t traceStringId);
    void growTimingIndex();

    const Trace& trace_;
    const SortedArrivals& arrivals_;
    std::vector<std::string> strings_;
    std::unordered_map<std::uint32_t, std::uint32_t> stringOfTraceId_;
    std::vector<CanaryRankSet> rankSets_;
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> rankSetIndex_;
    std::unordered_map<std::uint32_t, std::uint32_t> memberSetOfTraceRankSet_;
    std::vector<CanarySignature> signatures_;
    std::unordered_map<OpSignature, std::uint32_t, OpSignatureHash> signatureOfOp_;
    std::unordered_map<std::string, std::uint32_t> signatureOfContent_;
    std::vector<CanaryTiming> timings_;
    std::vector<std::uint64_t> timingHashes_;
    std::vector<std::uint32_t> timingSlots_; ///< open addressing over timings_, kNoIndex = empty
    std::vector<CanaryToken> tokens_;
    std::unordered_map<std::uint64_t, std::uint32_t> tokenIndex_;
    std::vector<std::int32_t> scratchRanks_;
};

/// A 64-bit hash of a timing sample's content.
std::uint64_t timingHash(const CanaryTiming& timing);

} // namespace cc::compile
