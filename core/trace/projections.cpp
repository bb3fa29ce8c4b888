#include "core/trace/projections.h"

namespace cc {

std::uint64_t hashText(std::string_view text, std::uint64_t seed)
{
    std::uint64_t h = 0xcbf29ce484222325ULL ^ seed;
    for (char c : text) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ULL;
    }
    return mix64(h);
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

std::string baselineGroup(const Trace& t, std::size_t i)
{
    return std::string(t.opName(i)) + "|" + std::to_string(t.bytes[i]) + "|" + std::string(t.str(t.group[i]));
}

} // namespace cc
