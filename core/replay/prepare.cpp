// prepareReplay: the configuration-independent inputs of a replay.
#include "core/replay/simulator.h"

#include "core/trace/projections.h"
#include "core/util/errors.h"
#include "core/util/fresh_memory.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace cc {

namespace {

struct CostKey {
    OpKind kind;
    std::int64_t bytes;
    std::int64_t ranks;
    bool operator==(const CostKey&) const = default;
};

struct CostKeyHash {
    std::size_t operator()(const CostKey& k) const noexcept
    {
        return static_cast<std::size_t>(
            mix64(static_cast<std::uint64_t>(k.bytes) ^
                  mix64(static_cast<std::uint64_t>(k.ranks) * 16 + static_cast<std::uint64_t>(k.kind))));
    }
};

/// The number of members of an aggregate (C++20: the longest brace initialisation that compiles).
struct AnyMember {
    template <class T> operator T() const; // NOLINT(google-explicit-constructor): never called
};
template <class T, class... Members> constexpr std::size_t memberCount()
{
    if constexpr (requires { T{Members{}..., AnyMember{}}; }) {
        return memberCount<T, Members..., AnyMember>();
    } else {
        return sizeof...(Members);
    }
}

/// Signature -> dense id, private to the preparation: open addressing with linear probing over a
/// power-of-two slot array. It replaces a node-based map whose prime-modulo bucket index and
/// node chasing dominated the per-event cost. Nothing about it is observable: ids are dense and
/// follow first appearance, exactly as before, and a lookup either finds the signature (compared
/// in full, never by hash alone) or reports it absent.
class SignatureTable {
public:
    /// A signature's fields, two 32-bit fields to a 64-bit word. The packing is injective (every
    /// field keeps all its bits, in a place of its own), so packed keys are equal exactly when
    /// the signatures are, and comparing eight words replaces comparing fourteen fields.
    using Key = std::array<std::uint64_t, 8>;

    /// The key of event i's signature (opSignature(trace, i)), read straight from the trace's
    /// columns: building the signature first cost a round trip through memory per event.
    static Key keyOf(const Trace& t, std::size_t i) noexcept
    {
        // keyOf lists every field of OpSignature: a field added there must be packed here too,
        // or signatures that differ only in it would share an id (and a noise sequence).
        static_assert(memberCount<OpSignature>() == 14, "keyOf must pack every OpSignature field");
        auto pair = [](auto a, auto b) {
            return static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32 | static_cast<std::uint32_t>(b);
        };
        return Key{pair(t.op[i], t.rankSet[i]),
                   static_cast<std::uint64_t>(t.bytes[i]),
                   pair(t.group[i], t.phase[i]),
                   pair(t.channel[i], t.tag[i]),
                   pair(t.dtype[i], t.reductionOp[i]),
                   pair(t.rootRank[i], t.senderRank[i]),
                   pair(t.receiverRank[i], t.concurrentGroups[i]),
                   t.has(i, kFlagCustomOp) ? std::uint64_t{1} : std::uint64_t{0}};
    }

    /// A multiply-xor chain over the words. The slot index is taken from the high bits, where a
    /// multiplicative hash is well mixed; the low 32 bits serve as a tag that skips most full
    /// comparisons with other keys.
    static std::uint64_t hash(const Key& key) noexcept
    {
        constexpr std::uint64_t k = 0x9e3779b97f4a7c15ULL;
        std::uint64_t h = 0;
        for (std::uint64_t word : key) {
            h = (h ^ word) * k;
        }
        return h ^ (h >> 32);
    }

    /// a == b word by word, with an exit at the first difference, in place of std::array's
    /// out-of-line memcmp call. Scalar on purpose: the probed key was just written word by word,
    /// and a wide vector load of it would wait for those stores instead of forwarding them.
    static bool sameKey(const Key& a, const Key& b) noexcept
    {
        for (std::size_t w = 0; w < a.size(); ++w) {
            if (a[w] != b[w]) {
                return false;
            }
        }
        return true;
    }

    SignatureTable() : slots_(std::size_t{1} << kInitialBits) {}

    /// The id of `key` (whose hash is `h`), or kAbsent. A probe ends at the key or at an empty
    /// slot; the table never removes keys, so a key that is present lies before the first empty
    /// slot of its run.
    std::uint32_t find(const Key& key, std::uint64_t h) const
    {
        const auto tag = static_cast<std::uint32_t>(h);
        for (std::size_t slot = indexOf(h);; slot = (slot + 1) & mask()) {
            const Slot& s = slots_[slot];
            if (s.id == kAbsent) {
                return kAbsent;
            }
            if (s.tag == tag && sameKey(keys_[s.id], key)) {
                return s.id;
            }
        }
    }

    /// Adds a key of hash `h` that find() reported absent and returns its id: the number of keys
    /// added before it, so ids follow first appearance.
    std::uint32_t insert(const Key& key, std::uint64_t h)
    {
        const auto id = static_cast<std::uint32_t>(keys_.size());
        // At most half full, so probes stay short and an empty slot always ends a search.
        if (2 * (keys_.size() + 1) > slots_.size()) {
            grow();
        }
        place(Slot{static_cast<std::uint32_t>(h), id}, h);
        keys_.push_back(key);
        hashes_.push_back(h);
        return id;
    }

    /// Never an id: there are at most as many signatures as events, and prepareReplay refuses
    /// traces of more than half the 32-bit range.
    static constexpr std::uint32_t kAbsent = std::numeric_limits<std::uint32_t>::max();

private:
    struct Slot {
        std::uint32_t tag = 0;
        std::uint32_t id = kAbsent;
    };
    static constexpr unsigned kInitialBits = 8;

    std::size_t mask() const { return slots_.size() - 1; }
    std::size_t indexOf(std::uint64_t h) const { return static_cast<std::size_t>(h >> shift_); }

    void place(Slot entry, std::uint64_t h)
    {
        std::size_t slot = indexOf(h);
        while (slots_[slot].id != kAbsent) {
            slot = (slot + 1) & mask();
        }
        slots_[slot] = entry;
    }

    void grow()
    {
        slots_.assign(2 * slots_.size(), Slot{});
        --shift_;
        // Ids are dense, so every stored key is re-placed from its remembered hash.
        for (std::uint32_t id = 0; id < hashes_.size(); ++id) {
            place(Slot{static_cast<std::uint32_t>(hashes_[id]), id}, hashes_[id]);
        }
    }

    std::vector<Slot> slots_;
    std::vector<Key> keys_;              ///< per id
    std::vector<std::uint64_t> hashes_;  ///< per id, for re-placing on growth
    unsigned shift_ = 64 - kInitialBits; ///< 64 - log2(slot count): indexOf keeps the top bits
};

Ns satAdd(Ns a, Ns b)
{
    return std::min<Ns>(a + b, kTimeCapNs);
}

constexpr std::uint32_t kNoCostClass = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint64_t kOrderingSalt = 0x6f72646572696e67ULL; // "ordering"

} // namespace

PreparedReplay prepareReplay(const Trace& trace, const ReplayProtocol& protocol, Progress& progress)
{
    validateProtocol(protocol, "replay protocol");
    const std::size_t n = trace.size();
    if (n > std::numeric_limits<std::uint32_t>::max() / 2) {
        throw InputError(trace.sourceName, "too many events to replay (" + std::to_string(n) + ")");
    }
    PreparedReplay prepared;
    prepared.trace = &trace;
    prepared.protocol = protocol;
    const bool isolated = protocol.isolated;
    const bool noSkew = isolated || protocol.ablations.has(Ablation::ArrivalSkew);
    const bool noOverlap = isolated || protocol.ablations.has(Ablation::ComputeOverlap);
    const bool noPressure = noOverlap || protocol.ablations.has(Ablation::Pressure);

    struct SignatureData {
        std::uint64_t contentHash = 0;
        std::uint64_t occurrences = 0;
        std::uint32_t resource = 0;
        std::uint32_t costClass = kNoCostClass; ///< for events without an explicit rank_count
        /// The last explicit rank_count seen with this signature and its class (a memo: the class
        /// of (kind, bytes, ranks) never changes once assigned).
        std::int32_t explicitRanks = kNoRank;
        std::uint32_t explicitCostClass = kNoCostClass;
    };
    SignatureTable signatureIds;
    std::vector<SignatureData> signatures; ///< per signature id
    std::unordered_map<std::string, std::uint32_t> resourceIds;
    std::unordered_map<CostKey, std::uint32_t, CostKeyHash> costIds;
    // The class of (kind, bytes, ranks), assigned in order of first appearance.
    auto costClassOf = [&](const CostKey& key) {
        auto [cit, cinserted] = costIds.try_emplace(key, static_cast<std::uint32_t>(prepared.costInputs.size()));
        if (cinserted) {
            prepared.costInputs.push_back(PreparedReplay::CostInput{key.kind, key.bytes, key.ranks});
        }
        return cit->second;
    };

    // Each element is appended and filled in place, in order: reserving instead of resizing spares
    // a separate pass that would write every element once before the loop writes it again.
    auto shared = std::make_shared<EventInputs>();
    EventInputs& events = *shared;
    events.reserve(n);
    auto sharedTimes = std::make_shared<EventTimes>();
    EventTimes& times = *sharedTimes;
    // 56 bytes per event of fresh memory (inputs and times): most of its first-touch cost is page faults.
    prepareFreshMemory(events.data(), n * sizeof(EventInput));
    growFresh(times.issue, n);
    growFresh(times.skew, n);
    times.issue.assign(trace.issueTime.begin(), trace.issueTime.end()); // the ablations below may move them
    times.skew.assign(n, 0);
    progress.report(0.0, "preparing replay");
    for (std::size_t i = 0; i < n; ++i) {
        if ((i & 0xffff) == 0) {
            progress.check();
            if (n > 0) {
                progress.report(0.5 * static_cast<double>(i) / static_cast<double>(n), "preparing replay");
            }
        }
        // The signature (everything but timing) keys the noise; the scheduler resource is a
        // function of the signature's channel/group/rank set, so it is computed once per signature.
        const SignatureTable::Key key = SignatureTable::keyOf(trace, i);
        const std::uint64_t h = SignatureTable::hash(key);
        std::uint32_t id = signatureIds.find(key, h);
        if (id == SignatureTable::kAbsent) {
            id = signatureIds.insert(key, h);
            SignatureData data;
            data.contentHash = contentHash(trace, opSignature(trace, i));
            std::string resourceName = schedulerResource(trace, i);
            auto [rit, rinserted] =
                resourceIds.try_emplace(resourceName, static_cast<std::uint32_t>(prepared.resourceNames.size()));
            if (rinserted) {
                prepared.resourceNames.push_back(resourceName);
            }
            data.resource = rit->second;
            signatures.push_back(data);
        }
        SignatureData& data = signatures[id];
        EventInput& in = events.emplace_back();
        in.noiseKey = noiseKey(data.contentHash, data.occurrences++);
        in.resource = data.resource;
        Ns& skew = times.skew[i];
        if (trace.kind[i] == OpKind::Custom) {
            in.flags |= kSampleCustomOp;
        }
        if (!noSkew) {
            switch (trace.skewState[i]) {
            case SkewState::Known:
                skew = trace.skewValue[i];
                break;
            case SkewState::Partial:
                skew = trace.skewValue[i];
                in.flags |= kSampleSkewPartial;
                break;
            case SkewState::Unknown:
                // Unknown is not zero: the model cannot invent a wait, so it replays none and
                // marks the sample; summaries and reports carry the count forward.
                in.flags |= kSampleSkewUnknown;
                break;
            }
        }
        if (!noOverlap) {
            if (trace.has(i, kFlagOverlapUnknown)) {
                in.flags |= kSampleOverlapUnknown;
            } else if (trace.computeOverlap[i] != kAbsentNs) {
                in.overlap = trace.computeOverlap[i];
            }
        }
        if (!noPressure && trace.pressure[i] != kAbsentNs) {
            in.pressure = trace.pressure[i];
        }
        if (!isolated && trace.concurrentGroups[i] != kNoRank) {
            in.declaredSharers = std::max<std::int32_t>(1, trace.concurrentGroups[i]);
        }

        // Cost inputs: kind and bytes are signature fields and the rank count is the member count
        // unless the event states rank_count, so the class is cached per signature: once when it
        // does not, and for the last stated count when it does.
        const std::int32_t statedRanks = trace.rankCount[i];
        if (statedRanks == kNoRank) {
            if (data.costClass == kNoCostClass) {
                const auto members = static_cast<std::int64_t>(trace.ranks(i).size());
                data.costClass = costClassOf(CostKey{trace.kind[i], trace.bytes[i], members});
            }
            in.costClass = data.costClass;
        } else {
            if (data.explicitCostClass == kNoCostClass || data.explicitRanks != statedRanks) {
                data.explicitCostClass = costClassOf(CostKey{trace.kind[i], trace.bytes[i], statedRanks});
                data.explicitRanks = statedRanks;
            }
            in.costClass = data.explicitCostClass;
        }
    }

    const bool ordering = protocol.ablations.has(Ablation::Ordering);
    const bool cutGaps = protocol.ablations.has(Ablation::QueueResetGaps);
    if (ordering) {
        // A seeded deterministic shuffle: sort by a hash of the event's noise key (stable under
        // canary expansion), ties by canonical index. Each event keeps its own preceding gap.
        progress.report(0.6, "shuffling replay order");
        const std::uint64_t salt = mix64(protocol.seed ^ kOrderingSalt);
        std::vector<std::pair<std::uint64_t, std::uint32_t>> keys(n);
        for (std::size_t i = 0; i < n; ++i) {
            keys[i] = {mix64(events[i].noiseKey ^ salt), static_cast<std::uint32_t>(i)};
        }
        std::sort(keys.begin(), keys.end());
        prepared.order.resize(n);
        for (std::size_t j = 0; j < n; ++j) {
            prepared.order[j] = keys[j].second;
        }
    }
    if (cutGaps && n >= 2) {
        std::vector<Ns> gaps(trace.effectiveGap.begin() + 1, trace.effectiveGap.end());
        prepared.medianGapNs = nearestRankValue(std::span<Ns>(gaps), 50);
    }
    if (ordering || (cutGaps && n >= 2)) {
        Ns clock = 0;
        for (std::size_t j = 0; j < n; ++j) {
            std::size_t i = prepared.order.empty() ? j : prepared.order[j];
            Ns gap = trace.effectiveGap[i];
            if (cutGaps && n >= 2) {
                gap = std::min(gap, prepared.medianGapNs);
            }
            clock = j == 0 ? std::min(gap, kTimeCapNs) : satAdd(clock, gap);
            times.issue[i] = clock;
        }
    }
    prepared.events = std::move(shared);
    prepared.times = std::move(sharedTimes);
    progress.report(1.0, "prepared replay");
    return prepared;
}

} // namespace cc
