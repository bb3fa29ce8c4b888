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
    bool boundToSource = false; ///< the canary names the source and commits to its events
    std::string label;          ///< one sentence saying what the artifact stands for
};

/// A lossless canary of the chosen events. When they are one contiguous run, the canary names the
/// source (its SHA-256 and event count), covers that run with partial coverage and commits to the
/// source's events. The canary format covers one contiguous range, so a scattered subset cannot be
/// bound to the source: its canary then names the subset trace itself as its source, and
/// verification against the full trace reports that its commitments and coverage do not hold.
/// sourceSha256 is cc::normalizedSha256(source).
SubsetCanary subsetCanary(const Trace& source, const std::string& sourceSha256,
                          const std::vector<std::uint32_t>& indices, Progress& progress);

} // namespace cc::reduce
