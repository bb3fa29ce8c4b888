#include "core/canary/expand.h"

#include "core/trace/trace_builder.h"
#include "core/util/errors.h"
#include "core/util/limits.h"

#include <limits>

namespace cc {

namespace {

constexpr Ns kMaxClock = std::numeric_limits<Ns>::max() / 4;

/// The event a token stands for, all but its gap/start and message sequence.
Event tokenEvent(const Canary& c, const CanaryToken& token)
{
    const auto& s = c.signatures[token.signature];
    const auto& t = c.timings[token.timing];
    auto str = [&](std::uint32_t index) { return index == kNoIndex ? std::string() : c.strings[index]; };
    auto opt = [](std::int32_t v) { return v == kNoRank ? std::nullopt : std::optional<std::int32_t>(v); };
    auto ns = [](std::int64_t v) { return v == kAbsentNs ? std::nullopt : std::optional<std::int64_t>(v); };
    Event e;
    e.op = str(s.op);
    e.customOp = s.customOp;
    e.bytes = s.bytes;
    e.ranks = c.rankSets[s.rankSet].ranks;
    e.group = str(s.group);
    e.phase = str(s.phase);
    e.dtype = str(s.dtype);
    e.tag = str(s.tag);
    e.channel = str(s.channel);
    e.reductionOp = str(s.reductionOp);
    e.rootRank = opt(s.rootRank);
    e.senderRank = opt(s.senderRank);
    e.receiverRank = opt(s.receiverRank);
    e.concurrentGroups = opt(s.concurrentGroups);
    e.computeBefore = (t.layout & kLayoutComputeBefore) != 0 ? ns(t.computeBefore) : std::nullopt;
    e.computeOverlap = (t.layout & kLayoutOverlap) != 0 ? ns(t.overlap) : std::nullopt;
    e.computeOverlapUnknown = (t.layout & kLayoutOverlapUnknown) != 0;
    e.pressure = (t.layout & kLayoutPressure) != 0 ? ns(t.pressure) : std::nullopt;
    e.observedExposed = (t.layout & kLayoutExposed) != 0 ? ns(t.exposed) : std::nullopt;
    const bool arrivals = (t.layout & kLayoutArrivals) != 0;
    const bool known = (t.layout & kLayoutSkewKnown) != 0;
    const bool partial = (t.layout & kLayoutSkewPartial) != 0;
    if (arrivals) {
        e.arrivalsGiven = true;
        const auto& ranks = c.rankSets[t.arrivalRanks].ranks;
        for (std::size_t k = 0; k < ranks.size(); ++k) {
            e.arrivals.push_back(RankArrival{ranks[k], t.arrivalTimes[k]});
        }
    }
    // The skew state is reproduced exactly: known from complete arrivals (derived) or from an
    // explicit skew; partial as a marked lower bound; unknown stays without any value.
    if (known && !arrivals) {
        e.arrivalSkew = t.skew;
    } else if (partial) {
        e.partialRankArrival = true;
        e.arrivalSkew = t.skew;
    } else if (!known && arrivals) {
        e.partialRankArrival = true; // arrivals given but empty: still unknown
    }
    return e;
}

} // namespace

std::uint64_t checkedExpansionCount(const Canary& canary, const std::string& sourceName)
{
    const auto limit = resourceLimits().maxExpandedEvents;
    auto count = programEventCount(canary);
    if (!count) {
        throw InputError(sourceName, "the canary program expands to more events than a 64-bit count can hold; "
                                     "refused before expansion");
    }
    if (*count > limit) {
        throw InputError(sourceName, "the canary program would expand to " + std::to_string(*count) +
                                         " logical events, more than the limit of " + std::to_string(limit) +
                                         " (resource limit on expansion); refused before expansion");
    }
    checkMemoryEstimate(sourceName, "expanding the canary to " + std::to_string(*count) + " events",
                        estimatedTraceBytes(*count, 0));
    return *count;
}

void forEachExpandedEvent(const Canary& c, const std::string& sourceName,
                          const std::function<void(std::uint64_t, const Event&)>& sink, Progress& progress)
{
    const std::uint64_t total = checkedExpansionCount(c, sourceName);
    auto sequences = sequenceEventCount(c.messageSequences);
    if (!sequences || *sequences != total) {
        throw InputError(sourceName, "the message-sequence program does not yield one value per logical event");
    }
    std::vector<Event> templates(c.tokens.size());
    std::vector<bool> built(c.tokens.size(), false);

    // Cursor over the message-sequence program.
    std::size_t entry = 0;
    std::uint64_t round = 0;
    std::size_t element = 0;
    auto nextSequence = [&]() -> std::optional<std::int64_t> {
        while (entry < c.messageSequences.size() && round >= c.messageSequences[entry].repeats) {
            ++entry;
            round = 0;
            element = 0;
        }
        const auto& e = c.messageSequences[entry];
        const auto& el = e.elements[element];
        std::optional<std::int64_t> value;
        if (el.present) {
            value = el.start + el.step * static_cast<std::int64_t>(round);
        }
        if (++element == e.elements.size()) {
            element = 0;
            ++round;
        }
        return value;
    };

    std::uint64_t index = 0;
    Ns clock = c.originNs;
    auto emit = [&](std::uint32_t token) {
        if (!built[token]) {
            templates[token] = tokenEvent(c, c.tokens[token]);
            built[token] = true;
        }
        Event& e = templates[token];
        const Ns gap = c.timings[c.tokens[token].timing].gap;
        if (c.timestamped) {
            if (index > 0) {
                if (clock > kMaxClock - gap) {
                    throw InputError(sourceName, "the canary's cumulative start time overflows at logical event " +
                                                     std::to_string(index));
                }
                clock += gap;
            }
            e.start = clock;
            e.gap.reset();
        } else {
            e.gap = gap;
            e.start.reset();
        }
        e.messageSequence = nextSequence();
        sink(index, e);
        ++index;
        if ((index & 0xffff) == 0) {
            progress.check();
            progress.report(static_cast<double>(index) / static_cast<double>(total), "expanding canary");
        }
    };
    for (const auto& segment : c.segments) {
        for (std::uint64_t r = 0; r < segment.repeats; ++r) {
            for (const auto& item : segment.body) {
                for (std::uint64_t k = 0; k < item.count; ++k) {
                    emit(item.token);
                }
            }
        }
        for (std::uint64_t b = 0; b < segment.tail; ++b) {
            for (std::uint64_t k = 0; k < segment.body[b].count; ++k) {
                emit(segment.body[b].token);
            }
        }
    }
}

Trace expandCanary(const Canary& canary, const std::string& sourceName, Progress& progress)
{
    const std::uint64_t total = checkedExpansionCount(canary, sourceName);
    TraceBuilder builder(sourceName);
    builder.reserve(static_cast<std::size_t>(total));
    SubProgress expanding(progress, 0.0, 0.8);
    forEachExpandedEvent(
        canary, sourceName, [&](std::uint64_t, const Event& e) { builder.add(e); }, expanding);
    SubProgress finishing(progress, 0.8, 1.0);
    return builder.finish(finishing);
}

} // namespace cc
