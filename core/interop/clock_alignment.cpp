#include "core/interop/clock_alignment.h"

#include "core/interop/extras_json.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"

#include <algorithm>
#include <charconv>
#include <functional>
#include <limits>
#include <map>
#include <optional>

namespace cc::interop {

namespace {

bool synchronising(OpKind kind)
{
    switch (kind) {
    case OpKind::AllReduce:
    case OpKind::AllGather:
    case OpKind::ReduceScatter:
    case OpKind::AllToAll:
    case OpKind::Barrier:
        return true;
    default:
        return false; // rooted and point-to-point operations do not wait for every member
    }
}

/// One rank's timed part in one collective (local clock).
struct Part {
    std::size_t shard = 0;
    std::size_t event = 0;
    Ns arrive = 0;
    Ns leave = 0;
};

std::string eventText(const RankShard& s, std::size_t i)
{
    std::string text = "shard " + s.name + " (rank " + std::to_string(s.rank) + ") event " + std::to_string(i);
    const auto id = s.trace.id(i);
    if (!id.empty()) {
        text += " (id \"" + std::string(id) + "\")";
    }
    return text;
}

/// Time from the call to its completion on this rank, from the event's extras; nullopt when absent.
std::optional<Ns> timeInCall(const RankShard& s, std::size_t i)
{
    const Trace& t = s.trace;
    if (t.extraIndex[i] == kNoString) {
        return std::nullopt;
    }
    const std::string_view extras = t.extras[t.extraIndex[i]];
    if (auto raw = extraValue(extras, "latency_ns")) {
        const std::string text = std::move(*raw);
        Ns v = 0;
        const char* last = text.data() + text.size();
        auto [end, ec] = std::from_chars(text.data(), last, v);
        if (ec != std::errc() || end != last || v < 0) {
            throw InputError(Diagnostic{s.name, i, std::string(t.id(i)), "latency_ns",
                                        "must be a non-negative integer of nanoseconds, not " + text});
        }
        return v;
    }
    if (auto raw = extraValue(extras, "duration_us")) {
        auto parsed = parseScaledDecimal(*raw, kMicrosToNanosScale);
        if (parsed.error != DecimalError::None) {
            throw InputError(Diagnostic{s.name, i, std::string(t.id(i)), "duration_us",
                                        "value " + *raw + " " + std::string(decimalErrorText(parsed.error))});
        }
        return parsed.value;
    }
    return std::nullopt;
}

} // namespace

ClockAlignment alignClocks(const std::vector<RankShard>& input, Progress& progress)
{
    if (input.size() < 2) {
        throw InputError("align-clocks", "needs the shards of at least two ranks");
    }
    std::vector<const RankShard*> shards;
    for (const auto& s : input) {
        shards.push_back(&s);
    }
    std::sort(shards.begin(), shards.end(), [](const RankShard* a, const RankShard* b) { return a->rank < b->rank; });
    for (std::size_t k = 1; k < shards.size(); ++k) {
        if (shards[k]->rank == shards[k - 1]->rank) {
            throw InputError("align-clocks", "shards " + shards[k - 1]->name + " and " + shards[k]->name +
                                                 " both contribute rank " + std::to_string(shards[k]->rank));
        }
    }
    // Identity as merge sees it: (group, message_sequence) when every contribution of the group has
    // one, else the per-group call order.
    std::map<std::string, bool> bySequence;
    for (const auto* s : shards) {
        const Trace& t = s->trace;
        for (std::size_t i = 0; i < t.size(); ++i) {
            const auto id = mergeIdentity(t, i, 0);
            auto [it, inserted] = bySequence.emplace(id.processGroup, true);
            if (isPointToPoint(t.kind[i]) || t.messageSequence[i] < 0) {
                it->second = false;
            }
        }
    }
    std::map<MergeIdentity, std::vector<Part>> collectives;
    std::uint64_t untimed = 0;
    for (std::size_t si = 0; si < shards.size(); ++si) {
        const RankShard& s = *shards[si];
        const Trace& t = s.trace;
        std::map<std::string, std::int64_t> calls;
        for (std::size_t i = 0; i < t.size(); ++i) {
            const std::string group = mergeIdentity(t, i, 0).processGroup;
            const std::int64_t seq = bySequence[group] ? t.messageSequence[i] : calls[group]++;
            if (!synchronising(t.kind[i]) || t.has(i, kFlagCustomOp)) {
                continue;
            }
            const auto spent = timeInCall(s, i);
            if (!spent) {
                ++untimed;
                continue;
            }
            const Ns within = t.start[i] != kAbsentNs ? t.start[i] : t.issueTime[i];
            Part part{si, i, 0, 0};
            if (__builtin_add_overflow(s.clockOriginNs, within, &part.arrive) ||
                __builtin_add_overflow(part.arrive, *spent, &part.leave)) {
                throw InputError(Diagnostic{s.name, i, std::string(t.id(i)), "start_us",
                                            "clock origin + start + time in the call overflows 64-bit nanoseconds"});
            }
            auto& parts = collectives[MergeIdentity{group, seq}];
            if (!parts.empty() && parts.back().shard == si) {
                throw InputError("align-clocks", eventText(s, parts.back().event) + " and " + eventText(s, i) +
                                                     " claim the same collective (group " + group + ", " +
                                                     (bySequence[group] ? "sequence " : "call ") + std::to_string(seq) +
                                                     ")");
            }
            parts.push_back(part);
        }
        progress.check();
        progress.report(0.8 * static_cast<double>(si + 1) / static_cast<double>(shards.size()),
                        "align-clocks: reading");
    }

    ClockAlignment out;
    out.referenceRank = shards.front()->rank;
    struct Interval {
        Ns lower = std::numeric_limits<Ns>::min();
        Ns upper = std::numeric_limits<Ns>::max();
        const Part* lowerFrom = nullptr; ///< reference part of the collective that set the lower bound
        const Part* upperFrom = nullptr;
        std::uint64_t count = 0;
    };
    std::vector<Interval> bounds(shards.size());
    for (const auto& [identity, parts] : collectives) {
        if (parts.size() < 2) {
            continue;
        }
        ++out.matchedCollectives;
        if (parts.front().shard != 0) {
            continue; // the reference rank has no timed part in this collective
        }
        const Part& ref = parts.front();
        for (std::size_t k = 1; k < parts.size(); ++k) {
            const Part& p = parts[k];
            Interval& b = bounds[p.shard];
            // o_r - o_ref in [S_ref - E_r, E_ref - S_r]
            Ns lower = 0;
            Ns upper = 0;
            if (__builtin_sub_overflow(ref.arrive, p.leave, &lower) ||
                __builtin_sub_overflow(ref.leave, p.arrive, &upper)) {
                throw InputError("align-clocks", eventText(*shards[p.shard], p.event) +
                                                     ": the difference of the two clocks overflows 64-bit nanoseconds");
            }
            if (lower > b.lower) {
                b.lower = lower;
                b.lowerFrom = &p;
            }
            if (upper < b.upper) {
                b.upper = upper;
                b.upperFrom = &p;
            }
            ++b.count;
        }
    }
    ClockCalibration& cal = out.calibration;
    cal.source = "align-clocks";
    cal.method = std::string(kCollectiveCompletionMethod);
    cal.reference = "rank " + std::to_string(out.referenceRank) +
                    "'s clock; each offset bounded by the synchronising collectives both ranks took part in (no "
                    "member completes before every member has arrived)";
    cal.ranks.push_back(RankClock{out.referenceRank, 0, 0});
    out.bounds.push_back(RankOffsetBound{out.referenceRank, 0, 0, 0});
    for (std::size_t si = 1; si < shards.size(); ++si) {
        const RankShard& s = *shards[si];
        const Interval& b = bounds[si];
        if (b.count == 0) {
            throw InputError(s.name, "rank " + std::to_string(s.rank) +
                                         " shares no timed synchronising collective (all_reduce, all_gather, "
                                         "reduce_scatter, all_to_all, barrier) with the reference rank " +
                                         std::to_string(out.referenceRank) + " (" + std::to_string(untimed) +
                                         " contributions of all shards record no completion: extras latency_ns or "
                                         "duration_us); its offset cannot be bounded and is not guessed");
        }
        if (b.lower > b.upper) {
            throw InputError(s.name, "the collectives bound rank " + std::to_string(s.rank) + "'s offset to at least " +
                                         formatScaledDecimal(b.lower, kMicrosToNanosScale) + " us (" +
                                         eventText(s, b.lowerFrom->event) + ") and at most " +
                                         formatScaledDecimal(b.upper, kMicrosToNanosScale) + " us (" +
                                         eventText(s, b.upperFrom->event) +
                                         "): no single offset fits, so the clocks drift or a collective did not "
                                         "block; contradicting bounds are refused, not arbitrated");
        }
        // Midpoint and half-width, rounded so the stated interval still contains [lower, upper].
        const Ns width = b.upper - b.lower;
        const Ns offset = b.lower + width / 2;
        const Ns uncertainty = std::max(offset - b.lower, b.upper - offset);
        cal.ranks.push_back(RankClock{s.rank, offset, uncertainty});
        out.bounds.push_back(RankOffsetBound{s.rank, b.lower, b.upper, b.count});
    }
    out.notes = "Clock offsets of " + std::to_string(shards.size()) + " ranks relative to rank " +
                std::to_string(out.referenceRank) + ", bounded by " + std::to_string(out.matchedCollectives) +
                " matched synchronising collectives (offset = midpoint of the bound, uncertainty = its half-width).";
    if (untimed > 0) {
        out.notes += " " + std::to_string(untimed) + " contributions record no completion and were not used.";
    }
    progress.report(1.0, "align-clocks: done");
    return out;
}

std::string describeClockAlignment(const ClockAlignment& a)
{
    std::string text = a.notes + "\n";
    for (std::size_t k = 0; k < a.calibration.ranks.size(); ++k) {
        const auto& c = a.calibration.ranks[k];
        const auto& b = a.bounds[k];
        text += "rank " + std::to_string(c.rank) + "  offset " + formatScaledDecimal(c.offsetNs, kMicrosToNanosScale) +
                " us +- " + formatScaledDecimal(c.uncertaintyNs, kMicrosToNanosScale) + " us";
        if (c.rank == a.referenceRank) {
            text += "  (reference)\n";
        } else {
            text += "  (bound [" + formatScaledDecimal(b.lowerNs, kMicrosToNanosScale) + ", " +
                    formatScaledDecimal(b.upperNs, kMicrosToNanosScale) + "] us from " + std::to_string(b.collectives) +
                    " collectives)\n";
        }
    }
    // What the calibration will mean downstream: merge states each collective's skew uncertainty as
    // its two largest members' uncertainties summed, and verification holds that to the absolute
    // tolerance.
    std::vector<Ns> each;
    for (const auto& c : a.calibration.ranks) {
        each.push_back(c.uncertaintyNs);
    }
    if (each.size() >= 2) {
        std::partial_sort(each.begin(), each.begin() + 2, each.end(), std::greater<>());
        text += "merged skew uncertainty: up to " + formatScaledDecimal(each[0] + each[1], kMicrosToNanosScale) +
                " us per collective (the two largest members' uncertainties, summed); verify-behavior reaches "
                "verified only when it is within --absolute-tolerance-us\n";
    }
    return text;
}

} // namespace cc::interop
