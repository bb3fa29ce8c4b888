// One identity per projection. Which fields make two events "the same" differs by purpose;
// each purpose is named here once and used everywhere, never a flag-driven tuple.
//
//   OpSignature       compression signature: what an event does, timing excluded
//   schedulerResource the queue an event waits in (channel, else group, else its rank set)
//   noiseKey          the identity the simulator's tail noise is keyed by
//   mergeIdentity     how one collective is recognised across per-rank captures
//   baselineGroup     how baselines pick representatives (op, size, group)
#pragma once

#include "core/trace/trace.h"

#include <cstdint>
#include <functional>
#include <string>

namespace cc {

/// Everything about an event except its timing. Interned ids are local to one trace.
struct OpSignature {
    std::uint32_t op = kNoString;
    std::uint16_t customOp = 0;
    std::int64_t bytes = 0;
    std::uint32_t rankSet = 0;
    std::uint32_t group = kNoString;
    std::uint32_t phase = kNoString;
    std::uint32_t dtype = kNoString;
    std::uint32_t tag = kNoString;
    std::uint32_t channel = kNoString;
    std::uint32_t reductionOp = kNoString;
    std::int32_t rootRank = kNoRank;
    std::int32_t senderRank = kNoRank;
    std::int32_t receiverRank = kNoRank;
    std::int32_t concurrentGroups = kNoRank;

    friend bool operator==(const OpSignature&, const OpSignature&) = default;
};

/// Defined here, inline, because per-event loops (replay preparation) call it once per event.
inline OpSignature opSignature(const Trace& t, std::size_t i)
{
    OpSignature s;
    s.op = t.op[i];
    s.customOp = t.has(i, kFlagCustomOp) ? 1 : 0;
    s.bytes = t.bytes[i];
    s.rankSet = t.rankSet[i];
    s.group = t.group[i];
    s.phase = t.phase[i];
    s.dtype = t.dtype[i];
    s.tag = t.tag[i];
    s.channel = t.channel[i];
    s.reductionOp = t.reductionOp[i];
    s.rootRank = t.rootRank[i];
    s.senderRank = t.senderRank[i];
    s.receiverRank = t.receiverRank[i];
    s.concurrentGroups = t.concurrentGroups[i];
    return s;
}

struct OpSignatureHash {
    std::size_t operator()(const OpSignature& s) const noexcept;
};

/// A stable 64-bit hash of a signature's content (strings by text, not by interned id), equal
/// across traces and machines for equal content.
std::uint64_t contentHash(const Trace& trace, const OpSignature& signature);

/// The scheduler resource (queue) of event i, as text: "channel:<c>", "group:<g>" or "ranks:<id>".
std::string schedulerResource(const Trace& trace, std::size_t i);

/// 64-bit mixing used by every content hash (splitmix64 finaliser). Inline: hashing loops call
/// it per element.
inline std::uint64_t mix64(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/// The identity tail noise is keyed by: content hash of the signature combined with the
/// occurrence number of that signature so far (0-based). Independent of ids and of evaluation
/// order, so an exact expansion of a canary reproduces it. Inline: computed once per event.
inline std::uint64_t noiseKey(std::uint64_t signatureContentHash, std::uint64_t occurrence)
{
    return mix64(signatureContentHash ^ mix64(occurrence + 0x632be59bd9b4e019ULL));
}

/// How one collective is recognised across ranks: (process group, sequence number).
struct MergeIdentity {
    std::string processGroup;
    std::int64_t sequence = -1;
    friend bool operator==(const MergeIdentity&, const MergeIdentity&) = default;
    friend auto operator<=>(const MergeIdentity&, const MergeIdentity&) = default;
};

/// Baseline grouping: (op name, bytes, group name) as text.
std::string baselineGroup(const Trace& trace, std::size_t i);

/// FNV-1a over bytes, then mixed.
std::uint64_t hashText(std::string_view text, std::uint64_t seed = 0);

} // namespace cc
