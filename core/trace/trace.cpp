#include "core/trace/trace.h"

#include <algorithm>
#include <set>

namespace cc {

std::string_view timingSemanticsName(TimingSemantics semantics)
{
    switch (semantics) {
    case TimingSemantics::Timestamped:
        return "timestamped";
    case TimingSemantics::Gapped:
        return "gapped";
    case TimingSemantics::MixedGapped:
        return "mixed-gapped";
    }
    return "unknown";
}

std::string_view skewStateName(SkewState state)
{
    switch (state) {
    case SkewState::Unknown:
        return "unknown";
    case SkewState::Known:
        return "known";
    case SkewState::Partial:
        return "partial";
    }
    return "unknown";
}

std::uint32_t StringTable::intern(std::string_view text)
{
    auto found = index_.find(text);
    if (found != index_.end()) {
        return found->second;
    }
    auto id = static_cast<std::uint32_t>(strings_.size());
    strings_.emplace_back(text);
    index_.emplace(strings_.back(), id);
    return id;
}

std::uint32_t StringTable::find(std::string_view text) const
{
    auto found = index_.find(text);
    return found == index_.end() ? kNoString : found->second;
}

std::uint32_t RankSetTable::intern(const std::vector<std::int32_t>& ranks, bool asCount)
{
    if (last_ < entries_.size() && entries_[last_].asCount == asCount && entries_[last_].ranks == ranks) {
        return last_;
    }
    std::uint64_t h = asCount ? 0x9e3779b97f4a7c15ULL : 0;
    for (auto r : ranks) {
        h = (h ^ static_cast<std::uint32_t>(r)) * 0x100000001b3ULL;
    }
    auto& bucket = index_[h];
    for (auto id : bucket) {
        if (entries_[id].asCount == asCount && entries_[id].ranks == ranks) {
            last_ = id;
            return id;
        }
    }
    auto id = static_cast<std::uint32_t>(entries_.size());
    entries_.push_back(Entry{ranks, asCount});
    bucket.push_back(id);
    last_ = id;
    return id;
}

std::string_view Trace::id(std::size_t i) const
{
    if (idLength[i] == 0 && idOffset[i] == UINT64_MAX) {
        return {};
    }
    return std::string_view(idArena).substr(idOffset[i], idLength[i]);
}

Event Trace::event(std::size_t i) const
{
    Event e;
    e.id = std::string(id(i));
    e.op = std::string(opName(i));
    e.customOp = has(i, kFlagCustomOp);
    e.bytes = bytes[i];
    const auto& set = rankSets.at(rankSet[i]);
    e.ranks = set.ranks;
    e.ranksAsCount = set.asCount;
    if (rankCount[i] != kNoRank) {
        e.rankCount = rankCount[i];
    }
    e.group = std::string(str(group[i]));
    e.phase = std::string(str(phase[i]));
    e.dtype = std::string(str(dtype[i]));
    e.tag = std::string(str(tag[i]));
    e.channel = std::string(str(channel[i]));
    e.reductionOp = std::string(str(reductionOp[i]));
    auto opt = [](Ns v) { return v == kAbsentNs ? std::optional<Ns>() : std::optional<Ns>(v); };
    auto optRank = [](std::int32_t v) { return v == kNoRank ? std::optional<std::int32_t>() : std::optional<std::int32_t>(v); };
    e.start = opt(start[i]);
    e.gap = opt(gap[i]);
    e.computeBefore = opt(computeBefore[i]);
    e.computeOverlap = opt(computeOverlap[i]);
    e.computeOverlapUnknown = has(i, kFlagOverlapUnknown);
    e.pressure = opt(pressure[i]);
    e.arrivalsGiven = has(i, kFlagArrivalsGiven);
    e.arrivalsAsArray = has(i, kFlagArrivalsAsArray);
    const auto& listed = arrivalRanks(i);
    for (std::size_t k = 0; k < listed.size(); ++k) {
        e.arrivals.push_back(RankArrival{listed[k], arrivalTime[arrivalBegin[i] + k]});
    }
    e.partialRankArrival = has(i, kFlagPartialArrival);
    e.arrivalSkew = opt(arrivalSkew[i]);
    e.observedExposed = opt(observedExposed[i]);
    e.concurrentGroups = optRank(concurrentGroups[i]);
    e.senderRank = optRank(senderRank[i]);
    e.receiverRank = optRank(receiverRank[i]);
    e.rootRank = optRank(rootRank[i]);
    if (messageSequence[i] >= 0) {
        e.messageSequence = messageSequence[i];
    }
    if (extraIndex[i] != kNoString) {
        e.extraJson = extras[extraIndex[i]];
    }
    return e;
}

std::size_t Trace::distinctRanks() const
{
    std::set<std::int32_t> all;
    for (std::size_t s = 0; s < rankSets.size(); ++s) {
        const auto& ranks = rankSets.at(static_cast<std::uint32_t>(s)).ranks;
        all.insert(ranks.begin(), ranks.end());
    }
    return all.size();
}

std::size_t Trace::knownSkewCount() const
{
    return static_cast<std::size_t>(std::count(skewState.begin(), skewState.end(), SkewState::Known));
}

std::size_t Trace::unknownSkewCount() const
{
    return static_cast<std::size_t>(std::count(skewState.begin(), skewState.end(), SkewState::Unknown));
}

std::size_t Trace::partialSkewCount() const
{
    return static_cast<std::size_t>(std::count(skewState.begin(), skewState.end(), SkewState::Partial));
}

bool Trace::hasUnknownOverlap() const
{
    for (std::size_t i = 0; i < size(); ++i) {
        if (has(i, kFlagOverlapUnknown)) {
            return true;
        }
    }
    return false;
}

} // namespace cc
