#include "core/trace/projections.h"

namespace cc {

std::uint64_t mix64(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

std::uint64_t hashText(std::string_view text, std::uint64_t seed)
{
    std::uint64_t h = 0xcbf29ce484222325ULL ^ seed;
    for (char c : text) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ULL;
    }
    return mix64(h);
}

OpSignature opSignature(const Trace& t, std::size_t i)
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

std::size_t OpSignatureHash::operator()(const OpSignature& s) const noexcept
{
    std::uint64_t h = mix64(s.op);
    for (std::uint64_t v : {static_cast<std::uint64_t>(s.customOp), static_cast<std::uint64_t>(s.bytes),
                            static_cast<std::uint64_t>(s.rankSet), static_cast<std::uint64_t>(s.group),
                            static_cast<std::uint64_t>(s.phase), static_cast<std::uint64_t>(s.dtype),
                            static_cast<std::uint64_t>(s.tag), static_cast<std::uint64_t>(s.channel),
                            static_cast<std::uint64_t>(s.reductionOp), static_cast<std::uint64_t>(s.rootRank),
                            static_cast<std::uint64_t>(s.senderRank), static_cast<std::uint64_t>(s.receiverRank),
                            static_cast<std::uint64_t>(s.concurrentGroups)}) {
        h = mix64(h ^ v);
    }
    return static_cast<std::size_t>(h);
}

std::uint64_t contentHash(const Trace& t, const OpSignature& s)
{
    std::uint64_t h = hashText(t.str(s.op), 1);
    h = mix64(h ^ s.customOp);
    h = mix64(h ^ static_cast<std::uint64_t>(s.bytes));
    for (auto r : t.rankSets.at(s.rankSet).ranks) {
        h = mix64(h ^ static_cast<std::uint64_t>(static_cast<std::uint32_t>(r)));
    }
    std::uint64_t seed = 2;
    for (auto id : {s.group, s.phase, s.dtype, s.tag, s.channel, s.reductionOp}) {
        h = mix64(h ^ (id == kNoString ? seed * 0x51ed27ULL : hashText(t.str(id), seed)));
        ++seed;
    }
    for (auto v : {s.rootRank, s.senderRank, s.receiverRank, s.concurrentGroups}) {
        h = mix64(h ^ static_cast<std::uint64_t>(static_cast<std::uint32_t>(v)));
    }
    return h;
}

std::string schedulerResource(const Trace& t, std::size_t i)
{
    if (t.channel[i] != kNoString) {
        return "channel:" + std::string(t.str(t.channel[i]));
    }
    if (t.group[i] != kNoString) {
        return "group:" + std::string(t.str(t.group[i]));
    }
    std::string text = "ranks:";
    for (auto r : t.ranks(i)) {
        text += std::to_string(r);
        text += ',';
    }
    return text;
}

std::uint64_t noiseKey(std::uint64_t signatureContentHash, std::uint64_t occurrence)
{
    return mix64(signatureContentHash ^ mix64(occurrence + 0x632be59bd9b4e019ULL));
}

std::string baselineGroup(const Trace& t, std::size_t i)
{
    return std::string(t.opName(i)) + "|" + std::to_string(t.bytes[i]) + "|" + std::string(t.str(t.group[i]));
}

} // namespace cc
