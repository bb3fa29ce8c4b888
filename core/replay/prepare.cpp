// prepareReplay: the configuration-independent inputs of a replay.
#include "core/replay/simulator.h"

#include "core/trace/projections.h"
#include "core/util/errors.h"

#include <algorithm>
#include <limits>
#include <string>
#include <unordered_map>

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

/// A cheap hash for the preparation's private signature table (the table is never observable:
/// ids are assigned in order of first appearance).
struct QuickSignatureHash {
    std::size_t operator()(const OpSignature& s) const noexcept
    {
        constexpr std::uint64_t k = 0x9e3779b97f4a7c15ULL;
        auto pair = [](std::uint32_t a, std::uint32_t b) { return static_cast<std::uint64_t>(a) << 32 | b; };
        std::uint64_t h = pair(s.op, s.rankSet) * k;
        h = (h ^ static_cast<std::uint64_t>(s.bytes)) * k;
        h = (h ^ pair(s.group, s.phase)) * k;
        h = (h ^ pair(s.channel, s.tag)) * k;
        h = (h ^ pair(s.dtype, s.reductionOp)) * k;
        h = (h ^ pair(static_cast<std::uint32_t>(s.rootRank), static_cast<std::uint32_t>(s.senderRank))) * k;
        h = (h ^ pair(static_cast<std::uint32_t>(s.receiverRank), static_cast<std::uint32_t>(s.concurrentGroups))) * k;
        return static_cast<std::size_t>(h ^ (h >> 29) ^ s.customOp);
    }
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
    prepared.events.resize(n);
    const bool isolated = protocol.isolated;
    const bool noSkew = isolated || protocol.ablations.has(Ablation::ArrivalSkew);
    const bool noOverlap = isolated || protocol.ablations.has(Ablation::ComputeOverlap);
    const bool noPressure = noOverlap || protocol.ablations.has(Ablation::Pressure);

    struct SignatureData {
        std::uint64_t contentHash = 0;
        std::uint64_t occurrences = 0;
        std::uint32_t resource = 0;
        std::uint32_t costClass = kNoCostClass; ///< for events without an explicit rank_count
    };
    std::unordered_map<OpSignature, std::uint32_t, QuickSignatureHash> signatureIds;
    std::vector<SignatureData> signatures;
    std::unordered_map<std::string, std::uint32_t> resourceIds;
    std::unordered_map<CostKey, std::uint32_t, CostKeyHash> costIds;

    OpSignature previous{};
    std::uint32_t previousId = 0;
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
        OpSignature signature = opSignature(trace, i);
        std::uint32_t id = 0;
        if (i > 0 && signature == previous) {
            id = previousId;
        } else {
            auto [it, inserted] = signatureIds.try_emplace(signature, static_cast<std::uint32_t>(signatures.size()));
            if (inserted) {
                SignatureData data;
                data.contentHash = contentHash(trace, signature);
                std::string resourceName = schedulerResource(trace, i);
                auto [rit, rinserted] =
                    resourceIds.try_emplace(resourceName, static_cast<std::uint32_t>(prepared.resourceNames.size()));
                if (rinserted) {
                    prepared.resourceNames.push_back(resourceName);
                }
                data.resource = rit->second;
                signatures.push_back(data);
            }
            id = it->second;
            previous = signature;
            previousId = id;
        }
        SignatureData& data = signatures[id];
        EventInput& in = prepared.events[i];
        in.noiseKey = noiseKey(data.contentHash, data.occurrences++);
        in.resource = data.resource;
        in.issue = trace.issueTime[i];
        if (trace.kind[i] == OpKind::Custom) {
            in.flags |= kSampleCustomOp;
        }
        if (!noSkew) {
            switch (trace.skewState[i]) {
            case SkewState::Known:
                in.skew = trace.skewValue[i];
                break;
            case SkewState::Partial:
                in.skew = trace.skewValue[i];
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
        // unless the event states rank_count, so the class is cached per signature when it does not.
        if (trace.rankCount[i] == kNoRank && data.costClass != kNoCostClass) {
            in.costClass = data.costClass;
            continue;
        }
        const std::int64_t ranks =
            trace.rankCount[i] != kNoRank ? trace.rankCount[i] : static_cast<std::int64_t>(trace.ranks(i).size());
        const CostKey key{trace.kind[i], trace.bytes[i], ranks};
        auto [cit, cinserted] = costIds.try_emplace(key, static_cast<std::uint32_t>(prepared.costInputs.size()));
        if (cinserted) {
            prepared.costInputs.push_back(PreparedReplay::CostInput{key.kind, key.bytes, key.ranks});
        }
        in.costClass = cit->second;
        if (trace.rankCount[i] == kNoRank) {
            data.costClass = cit->second;
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
            keys[i] = {mix64(prepared.events[i].noiseKey ^ salt), static_cast<std::uint32_t>(i)};
        }
        std::sort(keys.begin(), keys.end());
        prepared.order.resize(n);
        for (std::size_t j = 0; j < n; ++j) {
            prepared.order[j] = keys[j].second;
        }
    }
    if (cutGaps && n >= 2) {
        std::vector<Ns> gaps(trace.effectiveGap.begin() + 1, trace.effectiveGap.end());
        std::size_t k = nearestRankIndex(gaps.size(), 50);
        std::nth_element(gaps.begin(), gaps.begin() + static_cast<std::ptrdiff_t>(k), gaps.end());
        prepared.medianGapNs = gaps[k];
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
            prepared.events[i].issue = clock;
        }
    }
    progress.report(1.0, "prepared replay");
    return prepared;
}

} // namespace cc
