// Coverage: the declared coverage is what the program covers, a partial canary claims nothing
// strong, and the header figures that say what the canary stands for agree with its program.
#include "core/verify/status_checks.h"

namespace cc::verify {

CoverageStatus checkCoverage(const Trace& source, const Canary& canary, std::uint64_t canaryFileBytes)
{
    CoverageStatus st;
    const auto& h = canary.header;
    st.declared = h.coverage;
    st.coveredFirst = h.coveredFirst;
    st.coveredLast = h.coveredLast;
    st.sourceEvents = source.size();
    st.canaryClaim = h.claim;
    st.coveredRuns = h.coveredRuns;
    const std::uint64_t logical = programEventCount(canary).value_or(0);
    st.logicalEvents = logical;
    // What the program really covers: segments follow one another from coveredFirst (the reader
    // enforces it), so the program covers [first segment's first, + logical events).
    // A subset (covered.runs) covers scattered runs of events: its segments tile the runs (the reader
    // enforces it), so the program covers exactly the runs, and a subset is never the whole source.
    const std::uint64_t first = canary.segments.empty() ? h.coveredFirst : canary.segments.front().first;
    const bool subset = isSubset(h);
    std::uint64_t last = first + logical;
    if (subset && !canary.segments.empty()) {
        last = canary.segments.back().first + canary.segments.back().events;
    }
    const bool whole = !subset && first == 0 && logical == source.size();
    st.actual = whole ? CanaryCoverage::Full : CanaryCoverage::Partial;
    if (st.declared != st.actual) {
        st.problems.push_back("coverage says " + std::string(coverageName(st.declared)) + " but the program covers " +
                              std::to_string(logical) + " events from source event " + std::to_string(first) + " of " +
                              std::to_string(source.size()) +
                              (subset ? " in " + std::to_string(h.coveredRuns.size()) + " scattered runs (a subset, "
                                      : std::string(" (")) +
                              std::string(coverageName(st.actual)) + ")");
    }
    if (first != h.coveredFirst || last != h.coveredLast) {
        st.problems.push_back("covered range [" + std::to_string(h.coveredFirst) + ", " +
                              std::to_string(h.coveredLast) + ") does not match the program's [" +
                              std::to_string(first) + ", " + std::to_string(last) + ")");
    }
    if (subset && coveredEventCount(h).value_or(0) != logical) {
        st.problems.push_back("covered.runs hold " + std::to_string(coveredEventCount(h).value_or(0)) +
                              " events but the program expands to " + std::to_string(logical));
    }
    if (st.actual == CanaryCoverage::Partial && h.claim != CanaryClaim::BehaviorallyUnverified) {
        st.problems.push_back("a partial canary claims " + std::string(claimName(h.claim)) +
                              ": partial coverage never carries a claim above behaviorally_unverified");
    }
    if (st.actual == CanaryCoverage::Partial) {
        bool listed = false;
        for (const auto& limit : h.claimLimits) {
            listed = listed || limit == kLimitPartialCoverage;
        }
        if (!listed) {
            st.problems.push_back("a partial canary does not list " + std::string(kLimitPartialCoverage) +
                                  " among its claim limits");
        }
    }
    // Header figures about what the canary stands for.
    if (h.logicalEvents != logical) {
        st.problems.push_back("logical_events says " + std::to_string(h.logicalEvents) +
                              " but the program expands to " + std::to_string(logical));
    }
    const std::uint64_t stored = programStoredEvents(canary);
    if (h.storedEvents != stored) {
        st.problems.push_back("stored_events says " + std::to_string(h.storedEvents) + " but the program stores " +
                              std::to_string(stored));
    }
    if (h.eventRatioMicros != ratioMicros(logical, stored)) {
        st.problems.push_back("event_compression_ratio says " + formatRatioMicros(h.eventRatioMicros) + " but " +
                              std::to_string(logical) + " / " + std::to_string(stored) + " is " +
                              formatRatioMicros(ratioMicros(logical, stored)));
    }
    if (h.byteRatioMicros != ratioMicros(h.coveredBytes, h.canaryBytes)) {
        st.problems.push_back("byte_compression_ratio says " + formatRatioMicros(h.byteRatioMicros) +
                              " but covered bytes / canary bytes is " +
                              formatRatioMicros(ratioMicros(h.coveredBytes, h.canaryBytes)));
    }
    if (canaryFileBytes != 0 && h.canaryBytes != canaryFileBytes) {
        st.problems.push_back("canary_bytes says " + std::to_string(h.canaryBytes) + " but the canary file is " +
                              std::to_string(canaryFileBytes) + " bytes");
    }
    if (st.actual == CanaryCoverage::Full && h.coveredBytes != h.sourceBytes) {
        st.problems.push_back("covered.bytes of a full canary differs from source_bytes");
    }
    st.pass = st.problems.empty();
    return st;
}

} // namespace cc::verify
