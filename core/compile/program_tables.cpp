#include "core/compile/program_tables.h"

#include <algorithm>

namespace cc::compile {

namespace {

std::uint64_t hashRanks(const std::vector<std::int32_t>& ranks)
{
    std::uint64_t h = mix64(ranks.size() + 0x77ULL);
    for (auto r : ranks) {
        h = mix64(h ^ static_cast<std::uint32_t>(r));
    }
    return h;
}

void appendField(std::string& key, std::int64_t value)
{
    key += std::to_string(value);
    key += ',';
}

} // namespace

std::uint64_t timingHash(const CanaryTiming& t)
{
    std::uint64_t h = mix64(t.layout + 0x1234ULL);
    for (std::int64_t v : {t.gap, t.computeBefore, t.overlap, t.pressure, t.exposed, t.skew}) {
        h = mix64(h ^ static_cast<std::uint64_t>(v));
    }
    h = mix64(h ^ t.arrivalRanks);
    for (auto v : t.arrivalTimes) {
        h = mix64(h ^ static_cast<std::uint64_t>(v));
    }
    return h;
}

SortedArrivals::SortedArrivals(const Trace& trace, const Progress& progress) : trace_(&trace)
{
    const std::size_t n = trace.size();
    std::vector<std::pair<std::int32_t, Ns>> pairs;
    for (std::size_t i = 0; i < n; ++i) {
        if ((i & 0xffff) == 0) {
            progress.check();
        }
        const auto begin = trace.arrivalBegin[i];
        const auto& ranks = trace.arrivalRanks(i);
        const auto count = static_cast<std::uint32_t>(ranks.size());
        bool sorted = true;
        for (std::uint32_t k = 1; k < count && sorted; ++k) {
            sorted = std::pair(ranks[k - 1], trace.arrivalTime[begin + k - 1]) <=
                     std::pair(ranks[k], trace.arrivalTime[begin + k]);
        }
        if (sorted) {
            continue;
        }
        pairs.clear();
        for (std::uint32_t k = 0; k < count; ++k) {
            pairs.emplace_back(ranks[k], trace.arrivalTime[begin + k]);
        }
        std::sort(pairs.begin(), pairs.end());
        if (marks_.empty()) {
            marks_.assign((n + 63) / 64, 0);
        }
        marks_[i / 64] |= std::uint64_t{1} << (i % 64);
        events_.push_back(static_cast<std::uint32_t>(i));
        offsets_.push_back(rank_.size());
        for (const auto& [rank, time] : pairs) {
            rank_.push_back(rank);
            time_.push_back(time);
        }
    }
}

std::size_t SortedArrivals::offsetOf(std::size_t i) const
{
    const auto at = std::lower_bound(events_.begin(), events_.end(), static_cast<std::uint32_t>(i));
    return offsets_[static_cast<std::size_t>(at - events_.begin())];
}

ProgramTables::ProgramTables(const Trace& trace, const SortedArrivals& arrivals) : trace_(trace), arrivals_(arrivals)
{
    timingSlots_.assign(1024, kNoIndex);
}

std::uint32_t ProgramTables::internString(std::uint32_t traceStringId)
{
    if (traceStringId == kNoString) {
        return kNoIndex;
    }
    auto [it, inserted] = stringOfTraceId_.try_emplace(traceStringId, static_cast<std::uint32_t>(strings_.size()));
    if (inserted) {
        // Two trace ids never carry the same text (the trace interns), so no content dedupe is needed.
        strings_.emplace_back(trace_.str(traceStringId));
    }
    return it->second;
}

std::uint32_t ProgramTables::rankSetOf(const std::vector<std::int32_t>& ranks)
{
    auto& bucket = rankSetIndex_[hashRanks(ranks)];
    for (auto index : bucket) {
        if (rankSets_[index].ranks == ranks) {
            return index;
        }
    }
    auto index = static_cast<std::uint32_t>(rankSets_.size());
    rankSets_.push_back(CanaryRankSet{ranks});
    bucket.push_back(index);
    return index;
}

std::uint32_t ProgramTables::signatureOf(std::size_t i)
{
    OpSignature op = opSignature(trace_, i);
    auto found = signatureOfOp_.find(op);
    if (found != signatureOfOp_.end()) {
        return found->second;
    }
    CanarySignature s;
    s.groupHash = contentHash(trace_, op);
    s.op = internString(op.op);
    s.customOp = op.customOp != 0;
    s.bytes = op.bytes;
    // Rank sets are modelled by member list (as given); whether the source wrote a count is not.
    auto member = memberSetOfTraceRankSet_.find(op.rankSet);
    if (member == memberSetOfTraceRankSet_.end()) {
        member = memberSetOfTraceRankSet_.emplace(op.rankSet, rankSetOf(trace_.rankSets.at(op.rankSet).ranks)).first;
    }
    s.rankSet = member->second;
    s.group = internString(op.group);
    s.phase = internString(op.phase);
    s.dtype = internString(op.dtype);
    s.tag = internString(op.tag);
    s.channel = internString(op.channel);
    s.reductionOp = internString(op.reductionOp);
    s.rootRank = op.rootRank;
    s.senderRank = op.senderRank;
    s.receiverRank = op.receiverRank;
    s.concurrentGroups = op.concurrentGroups;
    std::string key;
    for (std::int64_t v :
         {static_cast<std::int64_t>(s.op), static_cast<std::int64_t>(s.customOp), s.bytes,
          static_cast<std::int64_t>(s.rankSet), static_cast<std::int64_t>(s.group), static_cast<std::int64_t>(s.phase),
          static_cast<std::int64_t>(s.dtype), static_cast<std::int64_t>(s.tag), static_cast<std::int64_t>(s.channel),
          static_cast<std::int64_t>(s.reductionOp), static_cast<std::int64_t>(s.rootRank),
          static_cast<std::int64_t>(s.senderRank), static_cast<std::int64_t>(s.receiverRank),
          static_cast<std::int64_t>(s.concurrentGroups)}) {
        appendField(key, v);
    }
    auto [it, inserted] = signatureOfContent_.try_emplace(key, static_cast<std::uint32_t>(signatures_.size()));
    if (inserted) {
        signatures_.push_back(s);
    }
    signatureOfOp_.emplace(op, it->second);
    return it->second;
}

std::uint32_t ProgramTables::layoutOf(std::size_t i) const
{
    const Trace& t = trace_;
    std::uint32_t layout = 0;
    if (t.computeBefore[i] != kAbsentNs) {
        layout |= kLayoutComputeBefore;
    }
    if (t.has(i, kFlagOverlapUnknown)) {
        layout |= kLayoutOverlapUnknown;
    } else if (t.computeOverlap[i] != kAbsentNs) {
        layout |= kLayoutOverlap;
    }
    if (t.pressure[i] != kAbsentNs) {
        layout |= kLayoutPressure;
    }
    if (t.observedExposed[i] != kAbsentNs) {
        layout |= kLayoutExposed;
    }
    if (t.has(i, kFlagArrivalsGiven)) {
        layout |= kLayoutArrivals;
    }
    if (t.skewState[i] == SkewState::Known) {
        layout |= kLayoutSkewKnown;
    } else if (t.skewState[i] == SkewState::Partial) {
        layout |= kLayoutSkewPartial;
    }
    return layout;
}

std::uint32_t ProgramTables::arrivalRanksOf(std::size_t i)
{
    const auto ranks = arrivals_.ranks(i);
    scratchRanks_.assign(ranks.begin(), ranks.end());
    return rankSetOf(scratchRanks_);
}

void ProgramTables::exactTiming(std::size_t i, Ns gap, CanaryTiming& out)
{
    const Trace& t = trace_;
    out.layout = layoutOf(i);
    out.gap = gap;
    out.computeBefore = (out.layout & kLayoutComputeBefore) != 0 ? t.computeBefore[i] : kAbsentNs;
    out.overlap = (out.layout & kLayoutOverlap) != 0 ? t.computeOverlap[i] : kAbsentNs;
    out.pressure = (out.layout & kLayoutPressure) != 0 ? t.pressure[i] : kAbsentNs;
    out.exposed = (out.layout & kLayoutExposed) != 0 ? t.observedExposed[i] : kAbsentNs;
    out.skew = layoutStoresSkew(out.layout) ? t.skewValue[i] : kAbsentNs;
    out.arrivalTimes.clear();
    if ((out.layout & kLayoutArrivals) != 0) {
        out.arrivalRanks = arrivalRanksOf(i);
        const auto times = arrivals_.times(i);
        for (std::size_t k = 0; k < times.size(); ++k) {
            out.arrivalTimes.push_back(times[k]);
        }
    } else {
        out.arrivalRanks = kNoIndex;
    }
}

void ProgramTables::growTimingIndex()
{
    std::vector<std::uint32_t> slots(timingSlots_.size() * 2, kNoIndex);
    const std::size_t mask = slots.size() - 1;
    for (std::uint32_t index = 0; index < timings_.size(); ++index) {
        std::size_t slot = timingHashes_[index] & mask;
        while (slots[slot] != kNoIndex) {
            slot = (slot + 1) & mask;
        }
        slots[slot] = index;
    }
    timingSlots_.swap(slots);
}

std::uint32_t ProgramTables::internTiming(const CanaryTiming& timing)
{
    const std::uint64_t h = timingHash(timing);
    const std::size_t mask = timingSlots_.size() - 1;
    std::size_t slot = h & mask;
    while (timingSlots_[slot] != kNoIndex) {
        auto index = timingSlots_[slot];
        if (timingHashes_[index] == h && timings_[index] == timing) {
            return index;
        }
        slot = (slot + 1) & mask;
    }
    auto index = static_cast<std::uint32_t>(timings_.size());
    timings_.push_back(timing);
    timingHashes_.push_back(h);
    timingSlots_[slot] = index;
    if (timings_.size() * 2 > timingSlots_.size()) {
        growTimingIndex();
    }
    return index;
}

std::uint32_t ProgramTables::internToken(std::uint32_t signature, std::uint32_t timing)
{
    const std::uint64_t key = (static_cast<std::uint64_t>(signature) << 32) | timing;
    auto [it, inserted] = tokenIndex_.try_emplace(key, static_cast<std::uint32_t>(tokens_.size()));
    if (inserted) {
        tokens_.push_back(CanaryToken{signature, timing});
    }
    return it->second;
}

void ProgramTables::moveInto(Canary& canary)
{
    canary.strings = std::move(strings_);
    canary.rankSets = std::move(rankSets_);
    canary.signatures = std::move(signatures_);
    canary.timings = std::move(timings_);
    canary.tokens = std::move(tokens_);
}

} // namespace cc::compile
