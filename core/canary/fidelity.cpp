#include "core/canary/fidelity.h"

#include "core/canary/canary_reader.h"
#include "core/canary/canary_writer.h"
#include "core/canary/commitment.h"
#include "core/canary/expand.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"
#include "core/util/decimal.h"
#include "core/util/json/writer.h"
#include "core/util/sha256.h"

#include <algorithm>

namespace cc {

namespace {

constexpr std::size_t kMaxFailuresPerStatus = 200;

std::string segmentName(std::size_t index, const CanarySegment& s)
{
    return "segment " + std::to_string(index) + " (" + std::string(segmentKindName(s.kind)) + ", source events [" +
           std::to_string(s.first) + ", " + std::to_string(s.first + s.events) + "))";
}

void sortedArrivals(const Trace& t, std::size_t i, std::vector<std::pair<std::int32_t, Ns>>& out)
{
    out.clear();
    const auto& ranks = t.arrivalRanks(i);
    for (std::size_t k = 0; k < ranks.size(); ++k) {
        out.emplace_back(ranks[k], t.arrivalTime[t.arrivalBegin[i] + k]);
    }
    std::sort(out.begin(), out.end());
}

/// Compares one source event with one expanded event: the first non-timing field that differs
/// (empty when none), and the per-field timing errors.
class EventComparer {
public:
    EventComparer(const Trace& source, const Trace& expanded) : s_(source), e_(expanded) {}

    std::string nonTimingMismatch(std::size_t i, std::size_t j)
    {
        const Trace& s = s_;
        const Trace& e = e_;
        if (s.opName(i) != e.opName(j)) {
            return "op";
        }
        if (s.has(i, kFlagCustomOp) != e.has(j, kFlagCustomOp)) {
            return "custom_op";
        }
        if (s.bytes[i] != e.bytes[j]) {
            return "bytes";
        }
        if (s.ranks(i) != e.ranks(j)) {
            return "ranks";
        }
        const std::pair<const char*, std::pair<std::uint32_t, std::uint32_t>> strings[] = {
            {"group", {s.group[i], e.group[j]}},       {"phase", {s.phase[i], e.phase[j]}},
            {"dtype", {s.dtype[i], e.dtype[j]}},       {"tag", {s.tag[i], e.tag[j]}},
            {"channel", {s.channel[i], e.channel[j]}}, {"reduction_op", {s.reductionOp[i], e.reductionOp[j]}}};
        for (const auto& [name, ids] : strings) {
            if ((ids.first == kNoString) != (ids.second == kNoString) || s.str(ids.first) != e.str(ids.second)) {
                return name;
            }
        }
        const std::pair<const char*, std::pair<std::int64_t, std::int64_t>> ints[] = {
            {"root_rank", {s.rootRank[i], e.rootRank[j]}},
            {"sender_rank", {s.senderRank[i], e.senderRank[j]}},
            {"receiver_rank", {s.receiverRank[i], e.receiverRank[j]}},
            {"concurrent_groups", {s.concurrentGroups[i], e.concurrentGroups[j]}},
            {"message_sequence", {s.messageSequence[i], e.messageSequence[j]}}};
        for (const auto& [name, values] : ints) {
            if (values.first != values.second) {
                return name;
            }
        }
        if (s.skewState[i] != e.skewState[j]) {
            return "skew state (known/partial/unknown)";
        }
        if (s.has(i, kFlagOverlapUnknown) != e.has(j, kFlagOverlapUnknown)) {
            return "compute_overlap_unknown";
        }
        const std::pair<const char*, std::pair<Ns, Ns>> presence[] = {
            {"compute_before_us (presence)", {s.computeBefore[i], e.computeBefore[j]}},
            {"compute_overlap_us (presence)", {s.computeOverlap[i], e.computeOverlap[j]}},
            {"compute_pressure (presence)", {s.pressure[i], e.pressure[j]}},
            {"observed_exposed_us (presence)", {s.observedExposed[i], e.observedExposed[j]}}};
        for (const auto& [name, values] : presence) {
            if ((values.first == kAbsentNs) != (values.second == kAbsentNs)) {
                return name;
            }
        }
        if (s.has(i, kFlagArrivalsGiven) != e.has(j, kFlagArrivalsGiven)) {
            return "rank_arrival_us (presence)";
        }
        sortedArrivals(s, i, a_);
        sortedArrivals(e, j, b_);
        if (a_.size() != b_.size()) {
            return "rank_arrival_us (ranks)";
        }
        for (std::size_t k = 0; k < a_.size(); ++k) {
            if (a_[k].first != b_[k].first) {
                return "rank_arrival_us (ranks)";
            }
        }
        return {};
    }

    /// Timing errors; call nonTimingMismatch first (arrivals are left sorted in a_/b_).
    TimingErrors errors(std::size_t i, std::size_t j) const
    {
        const Trace& s = s_;
        const Trace& e = e_;
        auto diff = [](std::int64_t x, std::int64_t y) { return x > y ? x - y : y - x; };
        auto opt = [&](Ns x, Ns y) { return x == kAbsentNs || y == kAbsentNs ? 0 : diff(x, y); };
        TimingErrors out;
        out.gap = diff(s.effectiveGap[i], e.effectiveGap[j]);
        out.computeBefore = opt(s.computeBefore[i], e.computeBefore[j]);
        out.overlap = opt(s.computeOverlap[i], e.computeOverlap[j]);
        out.pressure = opt(s.pressure[i], e.pressure[j]);
        out.exposed = opt(s.observedExposed[i], e.observedExposed[j]);
        if (s.skewState[i] != SkewState::Unknown) {
            out.skew = diff(s.skewValue[i], e.skewValue[j]);
        }
        for (std::size_t k = 0; k < a_.size() && k < b_.size(); ++k) {
            out.arrivalOffset = std::max(out.arrivalOffset, diff(a_[k].second, b_[k].second));
        }
        out.drift = diff(s.issueTime[i], e.issueTime[j]);
        return out;
    }

private:
    const Trace& s_;
    const Trace& e_;
    std::vector<std::pair<std::int32_t, Ns>> a_, b_;
};

/// "the true gap_ns error is 1200, above its recorded bound of 1000" for the first field over bound.
std::string describeExcess(const TimingErrors& measured, const TimingErrors& bound)
{
    for (std::size_t f = 0; f < kErrorFieldCount; ++f) {
        if (errorField(measured, f) > errorField(bound, f)) {
            return "the true " + std::string(kErrorFieldNames[f]) + " error is " +
                   std::to_string(errorField(measured, f)) + ", above its recorded bound of " +
                   std::to_string(errorField(bound, f));
        }
    }
    return "no field over its bound";
}

void fail(FidelityStatus& status, std::string message)
{
    status.pass = false;
    if (status.failures.size() < kMaxFailuresPerStatus) {
        status.failures.push_back(std::move(message));
    } else if (status.failures.size() == kMaxFailuresPerStatus) {
        status.failures.push_back("... further failures not listed");
    }
}

void writeErrors(json::Writer& w, const TimingErrors& errors)
{
    w.beginObject();
    for (std::size_t f = 0; f < kErrorFieldCount; ++f) {
        w.field(kErrorFieldNames[f], errorField(errors, f));
    }
    w.endObject();
}

} // namespace

bool FidelityReport::pass() const
{
    return std::all_of(statuses.begin(), statuses.end(), [](const FidelityStatus& s) { return s.pass; });
}

std::vector<std::string> FidelityReport::failures() const
{
    std::vector<std::string> all;
    for (const auto& s : statuses) {
        for (const auto& f : s.failures) {
            all.push_back(s.name + ": " + f);
        }
    }
    return all;
}

Trace subsetEventsTrace(const Trace& source, const std::vector<std::uint32_t>& indices, Progress& progress)
{
    TraceBuilder builder(source.sourceName + " (subset)");
    builder.reserve(indices.size());
    for (std::size_t k = 0; k < indices.size(); ++k) {
        if ((k & 0xffff) == 0) {
            progress.check();
        }
        Event e = source.event(indices[k]);
        e.start.reset();
        e.gap = source.effectiveGap[indices[k]];
        builder.add(e);
    }
    return builder.finish(progress);
}

std::uint64_t expectedCoveredBytes(const Trace& source, const CanaryHeader& h, Progress& progress)
{
    const bool whole = !isSubset(h) && h.coveredFirst == 0 && h.coveredLast == source.size();
    if (whole) {
        return traceJsonBytes(source);
    }
    if (!isSubset(h) && h.coveredFirst == 0) {
        TraceBuilder builder(source.sourceName);
        builder.setWorkloadJson(source.workloadJson);
        builder.setSystemJson(source.systemJson);
        for (const auto& [key, json] : source.extraTopLevel) {
            builder.addTopLevelExtra(key, json);
        }
        for (std::size_t i = 0; i < h.coveredLast && i < source.size(); ++i) {
            builder.add(source.event(i));
        }
        return traceJsonBytes(builder.finish(progress));
    }
    std::vector<std::uint32_t> indices;
    for (const auto& run : coveredRunsOf(h)) {
        for (std::uint64_t i = run.first; i < run.first + run.events && i < source.size(); ++i) {
            indices.push_back(static_cast<std::uint32_t>(i));
        }
    }
    return traceJsonBytes(subsetEventsTrace(source, indices, progress));
}

namespace {

/// Where the canary's cover lies in the source.
struct Cover {
    bool inRange = false; ///< the covered range lies within the source
    bool subset = false;  ///< scattered runs rather than one range
    bool whole = false;   ///< every source event, as one range
};

/// The statuses one verification fills, and what every check reads.
struct FidelityCheck {
    const Trace& source;
    const Canary& canary;
    FidelityReport& report;
    Progress& progress;
    Ns absoluteToleranceNs; ///< the absolute latency tolerance the claim is held to
    FidelityStatus sourceStatus{"source_hash", true, {}};
    FidelityStatus commitments{"commitments", true, {}};
    FidelityStatus bounds{"bounds", true, {}};
    FidelityStatus coverage{"coverage", true, {}};
    FidelityStatus compression{"compression", true, {}};
    FidelityStatus claim{"claim", true, {}};
};

/// The canary names this source: normalised SHA-256, event count and serialised size. Returns the size.
std::uint64_t checkSource(FidelityCheck& c)
{
    const auto& h = c.canary.header;
    {
        SubProgress hashing(c.progress, 0.0, 0.15);
        c.report.sourceSha256 = normalizedSha256(c.source, hashing);
    }
    if (c.report.sourceSha256 != h.sourceSha256) {
        fail(c.sourceStatus, "source_sha256 says " + h.sourceSha256 + " but the source's normalised SHA-256 is " +
                                 c.report.sourceSha256 +
                                 ": this canary was not compiled from this trace (or the trace changed)");
    }
    if (h.sourceEvents != c.source.size()) {
        fail(c.sourceStatus, "source_events says " + std::to_string(h.sourceEvents) + " but the source has " +
                                 std::to_string(c.source.size()));
    }
    const std::uint64_t sourceBytes = traceJsonBytes(c.source);
    if (h.sourceBytes != sourceBytes) {
        fail(c.sourceStatus, "source_bytes says " + std::to_string(h.sourceBytes) + " but the source serialises to " +
                                 std::to_string(sourceBytes));
    }
    c.progress.check();
    return sourceBytes;
}

/// Self-consistency of the header: compression, coverage rules, claim rules, bounds rules.
void checkHeaderConsistency(FidelityCheck& c, std::size_t canaryBytes)
{
    auto consistency = checkCanaryConsistency(c.canary, canaryBytes);
    for (auto& m : consistency.compression) {
        fail(c.compression, m);
    }
    for (auto& m : consistency.coverage) {
        fail(c.coverage, m);
    }
    for (auto& m : consistency.claim) {
        fail(c.claim, m);
    }
    for (auto& m : consistency.bounds) {
        fail(c.bounds, m);
    }
}

/// Coverage against the source: the range, full or partial as declared, and the covered bytes.
Cover checkCoverage(FidelityCheck& c, std::uint64_t sourceBytes)
{
    const auto& h = c.canary.header;
    const std::size_t n = c.source.size();
    Cover cover;
    cover.inRange = h.coveredLast <= n && h.coveredFirst <= h.coveredLast;
    if (!cover.inRange) {
        fail(c.coverage, "covered range [" + std::to_string(h.coveredFirst) + ", " + std::to_string(h.coveredLast) +
                             ") is outside the source's " + std::to_string(n) + " events");
    }
    cover.subset = isSubset(h);
    cover.whole = cover.inRange && !cover.subset && h.coveredFirst == 0 && h.coveredLast == n;
    if (h.coverage == CanaryCoverage::Full && !cover.whole) {
        fail(c.coverage, "coverage says full but the canary covers only " +
                             (cover.subset ? std::to_string(h.coveredRuns.size()) + " scattered runs of events in "
                                           : std::string("events ")) +
                             "[" + std::to_string(h.coveredFirst) + ", " + std::to_string(h.coveredLast) +
                             ") of the source's " + std::to_string(n));
    }
    if (h.coverage == CanaryCoverage::Partial && cover.whole) {
        fail(c.coverage, "coverage says partial but the canary covers every source event");
    }
    if (cover.inRange) {
        NullProgress quiet;
        const std::uint64_t expected = cover.whole ? sourceBytes : expectedCoveredBytes(c.source, h, quiet);
        if (expected != h.coveredBytes) {
            fail(c.coverage, "covered.bytes says " + std::to_string(h.coveredBytes) + " but the covered " +
                                 (cover.whole    ? std::string("source serialises")
                                  : cover.subset ? std::string("subset serialises")
                                                 : std::string("events serialise")) +
                                 " to " + std::to_string(expected));
        }
    }
    return cover;
}

/// The claim against the source's facts: no stronger than the covered events allow, every limit named.
void checkClaimAgainstSource(FidelityCheck& c, const Cover& cover)
{
    const auto& h = c.canary.header;
    ClaimFacts facts;
    facts.coverage = cover.whole ? CanaryCoverage::Full : CanaryCoverage::Partial;
    facts.timingMode = h.timingMode;
    for (const auto& run : coveredRunsOf(h)) {
        for (std::size_t i = run.first; i < run.first + run.events; ++i) {
            facts.addEvent(c.source, i, c.absoluteToleranceNs);
        }
    }
    facts.behaviorVerified = h.claim == CanaryClaim::BehaviorVerified;
    auto [allowed, limits] = decideClaim(facts);
    if (static_cast<int>(h.claim) > static_cast<int>(allowed)) {
        fail(c.claim, "claim says " + std::string(claimName(h.claim)) + " but the source allows at most " +
                          std::string(claimName(allowed)));
    }
    // A strict compilation whose gate verified a bounded candidate drops bounded_timing_not_behavior_verified
    // also when a source fact caps its claim; the canary then cannot say which happened, and the cap holds.
    const bool cappedBySource = std::any_of(limits.begin(), limits.end(),
                                            [](const std::string& limit) { return limit != kLimitBoundedTiming; });
    for (const auto& limit : limits) {
        if (limit == kLimitBoundedTiming && cappedBySource) {
            continue;
        }
        if (std::find(h.claimLimits.begin(), h.claimLimits.end(), limit) == h.claimLimits.end()) {
            fail(c.claim, "claim_limits omits " + limit + ", which the source's events require" +
                              (limit == kLimitSkewUncertainty
                                   ? " (" + std::to_string(facts.skewUncertainty.aboveTolerance) + " of " +
                                         std::to_string(facts.skewUncertainty.events) +
                                         " covered events state a skew uncertainty above the absolute tolerance of " +
                                         formatScaledDecimal(c.absoluteToleranceNs, kMicrosToNanosScale) +
                                         " us; the largest is " +
                                         formatScaledDecimal(facts.skewUncertainty.max, kMicrosToNanosScale) + " us)"
                                   : std::string()));
        }
    }
}

/// Each segment's commitment recomputed from the source range it stands for, and their chain.
/// Returns the source ranges' hashes (empty for a segment beyond the source); fills report.segments.
std::vector<std::string> checkCommitments(FidelityCheck& c)
{
    const auto& segments = c.canary.segments;
    Sha256 chain;
    std::vector<std::string> sourceRangeHashes(segments.size());
    for (std::size_t k = 0; k < segments.size(); ++k) {
        const auto& seg = segments[k];
        SegmentFidelity sf;
        sf.index = k;
        sf.kind = seg.kind;
        sf.first = seg.first;
        sf.events = seg.events;
        chain.update(seg.sha256);
        chain.update("\n");
        if (seg.first + seg.events > c.source.size()) {
            sf.commitment = false;
            fail(c.commitments,
                 segmentName(k, seg) + " lies beyond the source's " + std::to_string(c.source.size()) + " events");
        } else {
            sourceRangeHashes[k] = segmentCommitment(c.source, static_cast<std::size_t>(seg.first),
                                                     static_cast<std::size_t>(seg.first + seg.events), c.progress);
            if (sourceRangeHashes[k] != seg.sha256) {
                sf.commitment = false;
                fail(c.commitments, segmentName(k, seg) + ": its SHA-256 commitment " + seg.sha256 +
                                        " does not match the source events it stands for (" + sourceRangeHashes[k] +
                                        ")");
            }
        }
        c.report.segments.push_back(sf);
        if ((k & 0xff) == 0) {
            c.progress.check();
            c.progress.report(0.15 + 0.25 * static_cast<double>(k) / static_cast<double>(segments.size()),
                              "recomputing commitments");
        }
    }
    if (chain.hexDigest() != c.canary.header.coveredSha256) {
        fail(c.commitments, "covered.sha256 does not match the chain of segment commitments");
    }
    return sourceRangeHashes;
}

/// Bounds: expand the canary and compare it with the source event by event. Every segment's
/// measured errors must lie within its bounds (an exact segment's expansion must be the source range
/// byte for byte), the whole expansion within the header's bounds, and a lossless canary must expand
/// to the source itself. This loop stays one function: it is the verifier's inner loop.
void checkBounds(FidelityCheck& c, const Cover& cover, const std::vector<std::string>& sourceRangeHashes)
{
    const auto& h = c.canary.header;
    const Trace& source = c.source;
    FidelityReport& report = c.report;
    Progress& progress = c.progress;
    Trace expanded;
    {
        SubProgress expanding(progress, 0.4, 0.7);
        expanded = expandCanary(c.canary, canaryExpansionName(c.canary), expanding);
    }
    const bool lossless = h.timingMode == CanaryTimingMode::Lossless;
    const std::uint64_t coveredEvents = coveredEventCount(h).value_or(0);
    if (!cover.inRange || expanded.size() != coveredEvents) {
        fail(c.bounds, "the expansion has " + std::to_string(expanded.size()) + " events but the canary covers " +
                           std::to_string(coveredEvents));
        return;
    }
    EventComparer compare(source, expanded);
    std::uint64_t position = 0; // expanded index of the segment's first event
    // A cover that does not start at event 0 (a range further in, or a subset) expands as the kept
    // events with their own gaps: its issue-time drift is measured against those gaps accumulated.
    const bool rebased = cover.subset || h.coveredFirst != 0;
    Ns keptIssue = 0;
    for (std::size_t k = 0; k < c.canary.segments.size(); ++k) {
        const auto& seg = c.canary.segments[k];
        auto& sf = report.segments[k];
        const std::uint64_t segmentPosition = position;
        position += seg.events;
        if (seg.first + seg.events > source.size()) {
            continue;
        }
        // Source event i of this segment stands at expanded index i - off.
        const auto off = static_cast<std::size_t>(seg.first - segmentPosition);
        std::string firstMismatch;
        for (std::uint64_t i = seg.first; i < seg.first + seg.events; ++i) {
            const auto si = static_cast<std::size_t>(i);
            keptIssue += source.effectiveGap[si];
            auto field = compare.nonTimingMismatch(si, si - off);
            if (!field.empty()) {
                if (firstMismatch.empty()) {
                    firstMismatch = field + " differs from the source at source event " + std::to_string(i);
                }
                continue;
            }
            TimingErrors e = compare.errors(si, si - off);
            if (rebased) {
                e.drift = keptIssue > expanded.issueTime[si - off] ? keptIssue - expanded.issueTime[si - off]
                                                                   : expanded.issueTime[si - off] - keptIssue;
            }
            sf.measured.raiseTo(e);
        }
        report.measured.raiseTo(sf.measured);
        if (!firstMismatch.empty()) {
            sf.bounds = false;
            fail(c.bounds, segmentName(k, seg) + ": " + firstMismatch + " (only timing may be approximated)");
        }
        if (!seg.bounds) {
            // Exact segment: the expansion must reproduce the source range byte for byte.
            TimingErrors local = sf.measured;
            local.drift = 0;
            auto expandedHash = segmentCommitment(expanded, static_cast<std::size_t>(seg.first) - off,
                                                  static_cast<std::size_t>(seg.first + seg.events) - off, progress);
            if (!local.isZero()) {
                sf.bounds = false;
                fail(c.bounds, segmentName(k, seg) + " is exact but its expansion differs from the source: " +
                                   describeExcess(local, TimingErrors{}));
            } else if (firstMismatch.empty() && expandedHash != sourceRangeHashes[k]) {
                sf.bounds = false;
                fail(c.bounds,
                     segmentName(k, seg) + " is exact but its expansion is not byte-identical to the source range");
            }
        } else if (!sf.measured.firstExceeding(*seg.bounds).empty()) {
            sf.bounds = false;
            fail(c.bounds, segmentName(k, seg) + ": " + describeExcess(sf.measured, *seg.bounds));
        }
        if ((k & 0xff) == 0) {
            progress.check();
            progress.report(0.7 + 0.25 * static_cast<double>(k) / static_cast<double>(c.canary.segments.size()),
                            "comparing the expansion with the source");
        }
    }
    if (!report.measured.firstExceeding(h.bounds).empty()) {
        fail(c.bounds, "over the whole expansion (header bounds): " + describeExcess(report.measured, h.bounds));
    }
    if (lossless && !report.measured.isZero()) {
        fail(c.bounds, "the canary says lossless but its expansion differs from the source: " +
                           describeExcess(report.measured, TimingErrors{}));
    }
    if (lossless && cover.whole) {
        NullProgress quiet;
        auto expandedSha = normalizedSha256(expanded, quiet);
        if (expandedSha != report.sourceSha256) {
            fail(c.bounds, "the canary says lossless but its expansion's normalised SHA-256 " + expandedSha +
                               " is not the source's " + report.sourceSha256);
        }
    }
}

} // namespace

FidelityReport verifyFidelity(const Trace& source, const Canary& canary, std::string_view canaryBytes,
                              Progress& progress, Ns absoluteToleranceNs)
{
    FidelityReport report;
    if (!canaryBytes.empty()) {
        report.canarySha256 = sha256Hex(canaryBytes);
    }
    FidelityCheck check{source, canary, report, progress, absoluteToleranceNs};
    const std::uint64_t sourceBytes = checkSource(check);
    checkHeaderConsistency(check, canaryBytes.size());
    const Cover cover = checkCoverage(check, sourceBytes);
    if (cover.inRange) {
        checkClaimAgainstSource(check, cover);
    }
    const std::vector<std::string> sourceRangeHashes = checkCommitments(check);
    checkBounds(check, cover, sourceRangeHashes);
    report.statuses = {check.sourceStatus, check.commitments, check.bounds,
                       check.coverage,     check.compression, check.claim};
    progress.report(1.0, "fidelity verified");
    return report;
}

std::string fidelityReportJson(const FidelityReport& r)
{
    auto passFail = [](bool pass) { return pass ? "pass" : "fail"; };
    std::string out;
    json::Writer w(out);
    w.beginObject();
    w.field("format", kFidelityReportFormat).field("status", passFail(r.pass()));
    w.field("source_sha256", r.sourceSha256);
    if (r.canarySha256.empty()) {
        w.key("canary_sha256").null();
    } else {
        w.field("canary_sha256", r.canarySha256);
    }
    w.separateThen("\n").key("statuses").beginObject();
    for (const auto& s : r.statuses) {
        w.separateThen("\n").key(s.name).beginObject().field("status", passFail(s.pass));
        w.key("failures").beginArray();
        for (const auto& f : s.failures) {
            w.string(f);
        }
        w.endArray().endObject();
    }
    w.endObject();
    w.separateThen("\n").key("measured_bounds");
    writeErrors(w, r.measured);
    w.separateThen("\n").key("segments").beginArray();
    for (const auto& s : r.segments) {
        w.separateThen("\n").beginObject();
        w.field("index", std::uint64_t{s.index}).field("kind", segmentKindName(s.kind));
        w.field("first", std::uint64_t{s.first}).field("events", std::uint64_t{s.events});
        w.field("commitment", passFail(s.commitment)).field("bounds", passFail(s.bounds));
        w.key("measured");
        writeErrors(w, s.measured);
        w.endObject();
    }
    w.endArray().endObject().verbatim("\n");
    return out;
}

} // namespace cc
