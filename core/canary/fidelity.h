// Fidelity verification: recomputes, from the source trace alone, every claim a canary makes
// about it, and reports each area as its own status (never one blended verdict):
//
//   source_hash   the source's normalised SHA-256, event count and serialised size
//   commitments   every segment's SHA-256 over the canonical bytes of its source range, and the
//                 covered-range digest chained from them
//   bounds        the canary is expanded and compared event by event with the source: exact
//                 segments must reproduce their range byte for byte; in an interval every
//                 non-timing field must be exact and every timing field's true maximum error must
//                 be within the recorded bound (and the recorded bounds within the budget); a
//                 lossless full canary must expand to the source's normalised hash
//   coverage      full means every source event; partial names exactly which prefix, range or
//                 subset (covered.runs), and a partial canary carries no strong claim
//   compression   logical and stored event counts, canary size and both ratios recomputed
//   claim         the claim is no stronger than coverage, timing mode, unknown timing and stated
//                 skew uncertainty (against an absolute tolerance) allow
//
// Every failure names the segment (index, kind and source range) and the field.
#pragma once

#include "core/canary/canary.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cc {

inline constexpr std::string_view kFidelityReportFormat = "commcanary-workbench.fidelity.v1";

struct FidelityStatus {
    std::string name; ///< source_hash, commitments, bounds, coverage, compression, claim
    bool pass = true;
    std::vector<std::string> failures; ///< one sentence each, naming segment and field
};

struct SegmentFidelity {
    std::size_t index = 0;
    SegmentKind kind = SegmentKind::Literal;
    std::uint64_t first = 0;
    std::uint64_t events = 0;
    bool commitment = true; ///< the recorded SHA-256 matches the source range
    bool bounds = true;     ///< exact segments reproduce their range; intervals stay within bounds
    TimingErrors measured;  ///< true per-field max error of the expansion over this segment
};

struct FidelityReport {
    std::string sourceSha256; ///< recomputed
    std::string canarySha256; ///< of the canary bytes checked (when given)
    std::vector<FidelityStatus> statuses;
    std::vector<SegmentFidelity> segments;
    TimingErrors measured; ///< over the whole expansion

    bool pass() const;
    /// Every failure of every status, in order.
    std::vector<std::string> failures() const;
};

/// Verifies canary against source. canaryBytes, when not empty, are the canary's serialised
/// bytes (checked against canary_bytes and hashed into the report). absoluteToleranceNs is the
/// absolute latency tolerance the claim is held to: a covered event whose stated skew uncertainty
/// is above it requires the skew_uncertainty_above_tolerance limit (a canary strict-compiled under
/// a wider tolerance is checked with that tolerance). Throws InputError when the canary cannot be
/// expanded at all (over the expansion limit, or events the trace model refuses), or when a
/// covered event's stated skew uncertainty is not a time.
FidelityReport verifyFidelity(const Trace& source, const Canary& canary, std::string_view canaryBytes,
                              Progress& progress, Ns absoluteToleranceNs = kDefaultAbsoluteToleranceNs);

/// The chosen source events (ascending indices) as a gapped trace in which every event keeps each
/// modelled field and its own issue-to-issue gap (the subset semantics of ddmin results and sampled
/// baselines: deleting an event deletes it and the interval before it).
Trace subsetEventsTrace(const Trace& source, const std::vector<std::uint32_t>& indices, Progress& progress);

/// What covered.bytes must say for a header over this source: the whole source serialised compactly
/// when full; the prefix [0, last) with its metadata when partial from event 0 (what the compiler's
/// --prefix covers); otherwise (a range further in, or a subset's runs) the covered events as
/// subsetEventsTrace serialises them.
std::uint64_t expectedCoveredBytes(const Trace& source, const CanaryHeader& header, Progress& progress);

/// The report as canonical JSON (commcanary-workbench.fidelity.v1).
std::string fidelityReportJson(const FidelityReport& report);

} // namespace cc
