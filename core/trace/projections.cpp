#include "core/trace/projections.h"

#include <bit>

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
    // The fields two to a word, each word mixed on its own and the mixes folded with rotations:
    // the seven mixes are independent, so their multiplications overlap instead of forming one
    // chain of fourteen (this hash runs once per event in compilation and in verification).
    auto pair = [](std::uint32_t lo, std::uint32_t hi) {
        return static_cast<std::uint64_t>(lo) | (static_cast<std::uint64_t>(hi) << 32);
    };
    auto u = [](std::int32_t v) { return static_cast<std::uint32_t>(v); };
    const std::uint64_t a = mix64(pair(s.op, s.customOp));
    const std::uint64_t b = mix64(static_cast<std::uint64_t>(s.bytes) ^ 0x5bd1e9955bd1e995ULL);
    const std::uint64_t c = mix64(pair(s.rankSet, s.group) ^ 0x2545f4914f6cdd1dULL);
    const std::uint64_t d = mix64(pair(s.phase, s.dtype) ^ 0x9fb21c651e98df25ULL);
    const std::uint64_t e = mix64(pair(s.tag, s.channel) ^ 0xc2b2ae3d27d4eb4fULL);
    const std::uint64_t f = mix64(pair(s.reductionOp, u(s.rootRank)) ^ 0x165667b19e3779f9ULL);
    const std::uint64_t g = mix64(pair(u(s.senderRank), u(s.receiverRank)) ^ 0x27d4eb2f165667c5ULL);
    const std::uint64_t h = mix64(static_cast<std::uint64_t>(u(s.concurrentGroups)) ^ 0x85ebca77c2b2ae63ULL);
    return static_cast<std::size_t>(a ^ std::rotl(b, 8) ^ std::rotl(c, 16) ^ std::rotl(d, 24) ^ std::rotl(e, 32) ^
                                    std::rotl(f, 40) ^ std::rotl(g, 48) ^ std::rotl(h, 56));
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
