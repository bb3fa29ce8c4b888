// Correspondence of expanded canary events to source events, and the timing-mode re-check.
#include "core/trace/projections.h"
#include "core/verify/status_checks.h"

#include <algorithm>
#include <limits>
#include <unordered_map>
#include <utility>

namespace cc::verify {

namespace {

Ns diffOrMismatch(Ns a, Ns b, Ns absent, bool& mismatch)
{
    if ((a == absent) != (b == absent)) {
        mismatch = true;
        return 0;
    }
    if (a == absent) {
        return 0;
    }
    return absoluteDifference(a, b);
}

void sortedArrivals(const Trace& t, std::size_t i, std::vector<std::pair<std::int32_t, Ns>>& out)
{
    out.clear();
    const std::uint32_t begin = t.arrivalBegin[i];
    const auto& ranks = t.arrivalRanks(i);
    for (std::size_t k = 0; k < ranks.size(); ++k) {
        out.emplace_back(ranks[k], t.arrivalTime[begin + k]);
    }
    std::sort(out.begin(), out.end());
}

/// Per-field error of expanded event j against source event i. Sets what to a description of a
/// difference no timing bound can cover (a field present on one side only, a different skew state).
TimingErrors eventErrors(const Trace& src, std::size_t i, const Trace& exp, std::size_t j, std::string& what,
                         std::vector<std::pair<std::int32_t, Ns>>& a, std::vector<std::pair<std::int32_t, Ns>>& b)
{
    TimingErrors e;
    // The error of an optional field, false (with what set) when it is present on one side only.
    auto presentOnBoth = [&](Ns a, Ns b, Ns& error, std::string_view field) {
        bool mismatch = false;
        error = diffOrMismatch(a, b, kAbsentNs, mismatch);
        if (mismatch) {
            what = std::string(field) + " present on one side only";
        }
        return !mismatch;
    };
    e.gap = absoluteDifference(src.effectiveGap[i], exp.effectiveGap[j]);
    if (!presentOnBoth(src.computeBefore[i], exp.computeBefore[j], e.computeBefore, "compute_before")) {
        return e;
    }
    if (src.has(i, kFlagOverlapUnknown) != exp.has(j, kFlagOverlapUnknown)) {
        what = "compute overlap known on one side only";
        return e;
    }
    if (!presentOnBoth(src.computeOverlap[i], exp.computeOverlap[j], e.overlap, "compute_overlap") ||
        !presentOnBoth(src.pressure[i], exp.pressure[j], e.pressure, "compute_pressure") ||
        !presentOnBoth(src.observedExposed[i], exp.observedExposed[j], e.exposed, "observed exposed latency")) {
        return e;
    }
    if (src.skewState[i] != exp.skewState[j]) {
        what = "arrival skew is " + std::string(skewStateName(src.skewState[i])) + " in the source but " +
               std::string(skewStateName(exp.skewState[j])) + " in the canary";
        return e;
    }
    if (src.skewState[i] != SkewState::Unknown) {
        e.skew = absoluteDifference(src.skewValue[i], exp.skewValue[j]);
    }
    if (src.has(i, kFlagArrivalsGiven) != exp.has(j, kFlagArrivalsGiven)) {
        what = "rank arrivals given on one side only";
        return e;
    }
    sortedArrivals(src, i, a);
    sortedArrivals(exp, j, b);
    if (a.size() != b.size()) {
        what = "a different number of rank arrivals";
        return e;
    }
    for (std::size_t k = 0; k < a.size(); ++k) {
        if (a[k].first != b[k].first) {
            what = "rank arrivals from different ranks";
            return e;
        }
        e.arrivalOffset = std::max(e.arrivalOffset, absoluteDifference(a[k].second, b[k].second));
    }
    return e;
}

std::string fieldsAbove(const TimingErrors& measured, const TimingErrors& bound, bool withDrift)
{
    std::string text;
    for (std::size_t f = 0; f < kErrorFieldCount; ++f) {
        if (!withDrift && f == kErrorFieldCount - 1) {
            continue;
        }
        if (errorField(measured, f) > errorField(bound, f)) {
            text += (text.empty() ? "" : ", ") + std::string(kErrorFieldNames[f]) + " " +
                    std::to_string(errorField(measured, f)) + " > " + std::to_string(errorField(bound, f));
        }
    }
    return text;
}

/// The budgeted fields only: drift is a consequence of gap error, recorded but not attested per segment.
TimingErrors withoutDrift(TimingErrors e)
{
    e.drift = 0;
    return e;
}

} // namespace

Correspondence establishCorrespondence(const Trace& source, const Canary& canary, const Trace& expanded,
                                       Progress& progress)
{
    Correspondence c;
    const auto& h = canary.header;
    c.first = h.coveredFirst;
    c.count = expanded.size();
    c.subset = isSubset(h);
    if (c.subset) {
        c.runs = CoveredIndex(h.coveredRuns);
    }
    if (h.coveredLast < h.coveredFirst || h.coveredLast > source.size()) {
        c.reason = "the canary covers source events [" + std::to_string(h.coveredFirst) + ", " +
                   std::to_string(h.coveredLast) + ") but the trace has " + std::to_string(source.size()) + " events";
        return c;
    }
    const std::uint64_t covered = coveredEventCount(h).value_or(0);
    if (covered != expanded.size()) {
        c.reason = "the canary expands to " + std::to_string(expanded.size()) + " events but claims to cover " +
                   std::to_string(covered);
        return c;
    }
    // Signatures by content, each distinct one hashed once per trace.
    std::unordered_map<OpSignature, std::uint64_t, OpSignatureHash> sourceHashes, expandedHashes;
    auto hashOf = [](std::unordered_map<OpSignature, std::uint64_t, OpSignatureHash>& cache, const Trace& t,
                     std::size_t i) {
        const OpSignature sig = opSignature(t, i);
        auto it = cache.find(sig);
        if (it == cache.end()) {
            it = cache.emplace(sig, contentHash(t, sig)).first;
        }
        return it->second;
    };
    for (std::size_t k = 0; k < expanded.size(); ++k) {
        if ((k & 0xffff) == 0) {
            progress.check();
        }
        const std::size_t i = static_cast<std::size_t>(c.sourceIndex(k));
        if (hashOf(sourceHashes, source, i) != hashOf(expandedHashes, expanded, k) ||
            source.opName(i) != expanded.opName(k) || source.bytes[i] != expanded.bytes[k] ||
            source.ranks(i) != expanded.ranks(k)) {
            c.reason = "canary event " + std::to_string(k) + " (" + std::string(expanded.opName(k)) + ", " +
                       std::to_string(expanded.bytes[k]) + " bytes) does not do what source event " +
                       std::to_string(i) + " (" + std::string(source.opName(i)) + ", " +
                       std::to_string(source.bytes[i]) + " bytes) does";
            return c;
        }
        if (source.messageSequence[i] != expanded.messageSequence[k]) {
            c.reason = "canary event " + std::to_string(k) +
                       " carries a different message sequence from source event " + std::to_string(i);
            return c;
        }
    }
    c.valid = true;
    return c;
}

TimingModeStatus checkTimingMode(const Trace& source, const Canary& canary, const Trace& expanded,
                                 const Correspondence& correspondence, Progress& progress)
{
    TimingModeStatus st;
    const auto& h = canary.header;
    st.declared = h.timingMode;
    st.declaredBounds = h.bounds;
    const bool lossless = h.timingMode == CanaryTimingMode::Lossless;
    st.method = lossless ? "every expanded event compared field by field with its source event: all must be equal"
                         : "every expanded event compared field by field with its source event: exact segments must "
                           "be equal, each interval within its recorded per-field bounds, every bound within the "
                           "header's bounds and the budget";

    // Header-level attestation problems.
    if (lossless) {
        if (!h.bounds.isZero()) {
            st.problems.push_back("a lossless canary records non-zero error bounds");
        }
        if (h.budget) {
            st.problems.push_back("a lossless canary carries an error budget");
        }
    } else if (!h.budget) {
        st.problems.push_back("a bounded canary records no error budget");
    }
    if (h.claim == CanaryClaim::ExactExpansion && !lossless) {
        st.problems.push_back("the canary claims exact_expansion but its timing mode is bounded");
    }
    if (h.budget) {
        for (const auto& excess : budgetExcesses(*h.budget, h.bounds)) {
            st.problems.push_back(describeBudgetExcess(excess));
        }
    }

    if (!correspondence.valid) {
        st.problems.push_back("cannot be re-checked against this trace: " + correspondence.reason);
        st.pass = false;
        return st;
    }
    st.correspondence = true;

    std::vector<std::pair<std::int32_t, Ns>> a, b;
    std::uint64_t k = 0;
    // Issue times are compared from the start of the cover. A gapped expansion starts with the first
    // covered event's own gap; a timestamped expansion starts at its first event (gap 0), so there the
    // first event's gap says nothing and both sides are measured from the first covered event.
    const bool stamped = expanded.timing == TimingSemantics::Timestamped;
    const Ns srcBase =
        stamped ? source.issueTime[h.coveredFirst] : (h.coveredFirst == 0 ? 0 : source.issueTime[h.coveredFirst - 1]);
    const Ns expBase = stamped && expanded.size() > 0 ? expanded.issueTime[0] : 0;
    Ns subsetIssue = 0;
    for (std::size_t s = 0; s < canary.segments.size(); ++s) {
        progress.check();
        const auto& seg = canary.segments[s];
        ++st.segmentsChecked;
        TimingErrors measured;
        std::string structural;
        for (std::uint64_t e = 0; e < seg.events && k < expanded.size(); ++e, ++k) {
            const std::size_t i = static_cast<std::size_t>(correspondence.sourceIndex(k));
            std::string what;
            TimingErrors err = eventErrors(source, i, expanded, k, what, a, b);
            if (stamped && k == 0) {
                err.gap = 0;
            }
            if (!what.empty() && structural.empty()) {
                structural = "event " + std::to_string(i) + ": " + what;
            }
            // Drift: the expanded issue time against the source's, both from the start of the cover. A
            // subset keeps each kept event's own gap (the intervals before deleted events go with them), so
            // its source issue times are the kept events' gaps accumulated.
            if (correspondence.subset) {
                subsetIssue += stamped && k == 0 ? 0 : source.effectiveGap[i];
            }
            const Ns srcIssue = correspondence.subset ? subsetIssue : source.issueTime[i] - srcBase;
            err.drift = absoluteDifference(srcIssue, expanded.issueTime[k] - expBase);
            measured.raiseTo(err);
        }
        st.measured.raiseTo(measured);
        const TimingErrors allowed = seg.bounds && !lossless ? *seg.bounds : TimingErrors{};
        std::string detail;
        if (!structural.empty()) {
            detail = structural;
        } else if (seg.kind == SegmentKind::Interval && lossless) {
            detail = "an interval in a canary that says lossless";
        } else {
            std::string above = fieldsAbove(withoutDrift(measured), withoutDrift(allowed), false);
            if (!above.empty()) {
                detail =
                    (seg.bounds ? "measured error above the recorded bound: " : "an exact segment is not exact: ") +
                    above;
            } else if (seg.bounds) {
                std::string header = fieldsAbove(withoutDrift(*seg.bounds), withoutDrift(h.bounds), false);
                if (!header.empty()) {
                    detail = "segment bound above the header's bound: " + header;
                }
            }
        }
        if (!detail.empty()) {
            ++st.segmentsFailed;
            if (st.findings.size() < kMaxListedFindings) {
                st.findings.push_back(SegmentFinding{s, seg.first, seg.events, detail});
            }
        }
    }
    if (lossless && st.measured.drift != 0 && st.segmentsFailed == 0) {
        st.problems.push_back("issue times drift by up to " + std::to_string(st.measured.drift) +
                              " ns although the canary says lossless");
    }
    const std::string headerAbove = fieldsAbove(withoutDrift(st.measured), withoutDrift(h.bounds), false);
    if (!headerAbove.empty() && st.segmentsFailed == 0) {
        st.problems.push_back("measured error above the header's bounds: " + headerAbove);
    }
    st.pass = st.problems.empty() && st.segmentsFailed == 0;
    return st;
}

} // namespace cc::verify
