// A chosen subset of a trace's events, as a trace and as a canary that says honestly what it is.
//
// Subset semantics: every chosen event keeps every modelled field and its own issue-to-issue gap
// (deleting an event deletes it and the interval before it). The subset is a gapped trace; the
// oracle of the reducer replays exactly this trace, and the canary expands to exactly it.
#pragma once

#include "core/canary/canary.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cc::reduce {

/// The chosen events (ascending canonical indices of source) as a gapped trace.
Trace subsetTrace(const Trace& source, const std::vector<std::uint32_t>& indices, Progress& progress);

/// True when the ascending indices form one run of consecutive source events.
bool isContiguous(const std::vector<std::uint32_t>& indices);

struct SubsetCanary {
    Canary canary;
    std::string bytes;          ///< canonical serialisation
    bool boundToSource = false; ///< the canary names the source and commits to its events (every subset canary does)
    std::string label;          ///< one sentence saying what the artifact stands for
};

/// The chosen events as maximal runs of consecutive source indices.
std::vector<CoveredRun> keptRuns(const std::vector<std::uint32_t>& indices);

/// A lossless canary of the chosen events that names the source (its SHA-256 and event count) and
/// says honestly what it covers: every source event (full), one run (partial, covered.first/last),
/// or scattered runs (partial, a subset: covered.runs lists the kept events). Each kept run has
/// segments of its own, each committing to the canonical bytes of the source events it stands for,
/// so verify-behavior can recompute every receipt, and the claim never rises above
/// behaviorally_unverified unless every event is kept. sourceSha256 is cc::normalizedSha256(source).
SubsetCanary subsetCanary(const Trace& source, const std::string& sourceSha256,
                          const std::vector<std::uint32_t>& indices, Progress& progress);

} // namespace cc::reduce
