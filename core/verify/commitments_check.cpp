// Commitments: the canary's receipts recompute from the source trace.
#include "core/canary/commitment.h"
#include "core/util/sha256.h"
#include "core/verify/status_checks.h"

namespace cc::verify {

CommitmentsStatus checkCommitments(const Trace& source, const std::string& sourceSha256, const Canary& canary,
                                   Progress& progress, const SourceEventBytes* eventBytes)
{
    auto commitment = [&](std::uint64_t first, std::uint64_t last) {
        return eventBytes != nullptr
                   ? eventBytes->commitment(static_cast<std::size_t>(first), static_cast<std::size_t>(last))
                   : segmentCommitment(source, static_cast<std::size_t>(first), static_cast<std::size_t>(last),
                                       progress);
    };
    CommitmentsStatus st;
    const auto& h = canary.header;
    st.sourceSha256 = sourceSha256;
    st.declaredSourceSha256 = h.sourceSha256;
    st.sourceMatches = h.sourceSha256 == sourceSha256;
    st.declaredSourceEvents = h.sourceEvents;
    st.sourceEvents = source.size();
    st.segments = canary.segments.size();
    if (!st.sourceMatches) {
        st.problems.push_back("source_sha256 names " + h.sourceSha256 + " but the trace given is " + sourceSha256);
    }
    if (h.sourceEvents != source.size()) {
        st.problems.push_back("source_events says " + std::to_string(h.sourceEvents) + " but the trace has " +
                              std::to_string(source.size()));
    }
    const bool rangeInside = h.coveredFirst <= h.coveredLast && h.coveredLast <= source.size();
    if (!rangeInside) {
        st.problems.push_back("the covered range [" + std::to_string(h.coveredFirst) + ", " +
                              std::to_string(h.coveredLast) + ") lies outside the trace's " +
                              std::to_string(source.size()) + " events: no commitment can be recomputed");
        st.pass = false;
        return st;
    }
    // Every segment's commitment, recomputed once from the source ("" when its range lies outside).
    std::vector<std::string> recomputed(canary.segments.size());
    std::uint64_t failed = 0;
    for (std::size_t s = 0; s < canary.segments.size(); ++s) {
        if ((s & 0xff) == 0) {
            progress.check();
        }
        const auto& seg = canary.segments[s];
        if (seg.first > source.size() || seg.events > source.size() - seg.first) {
            ++failed;
            if (st.findings.size() < kMaxListedFindings) {
                st.findings.push_back(SegmentFinding{s, seg.first, seg.events, "range lies outside the trace"});
            }
            continue;
        }
        recomputed[s] = commitment(seg.first, seg.first + seg.events);
        if (recomputed[s] == seg.sha256) {
            ++st.segmentsRecomputed;
        } else {
            ++failed;
            if (st.findings.size() < kMaxListedFindings) {
                st.findings.push_back(SegmentFinding{s, seg.first, seg.events,
                                                     "declared " + seg.sha256 + ", recomputed " + recomputed[s]});
            }
        }
    }
    if (failed != 0) {
        st.problems.push_back(std::to_string(failed) + " of " + std::to_string(canary.segments.size()) +
                              " segment commitments do not recompute from the source");
    }
    // covered.sha256 binds the whole covered range. Two forms recompute from the source: the SHA-256
    // chain over the segments' recomputed commitments (each followed by a newline), which is what the
    // compiler writes, and the SHA-256 of the range's canonical bytes.
    Sha256 chain;
    for (const auto& r : recomputed) {
        chain.update(r.empty() ? std::string_view("outside") : std::string_view(r));
        chain.update("\n");
    }
    if (chain.hexDigest() == h.coveredSha256) {
        st.coveredRangeMatches = true;
        st.coveredForm = "segment_chain";
    } else if (!isSubset(h) && commitment(h.coveredFirst, h.coveredLast) == h.coveredSha256) {
        // (A subset's covered range holds deleted events too: only the segment chain binds a subset.)
        st.coveredRangeMatches = true;
        st.coveredForm = "event_range";
    }
    if (!st.coveredRangeMatches) {
        st.problems.push_back("covered.sha256 does not recompute over source events [" +
                              std::to_string(h.coveredFirst) + ", " + std::to_string(h.coveredLast) + ")");
    }
    st.pass = st.problems.empty();
    return st;
}

} // namespace cc::verify
