// Segment commitments: the SHA-256 of the canonical bytes of a range of source events, the canary's
// name for cc::eventRangeSha256(trace, first, last), which encodes and hashes a block of events at a
// time so that committing to a segment of ten million events never materialises its bytes at once.
// A range past the trace's end is clamped to it; an empty range commits to "[]".
#pragma once

#include "core/trace/normalized.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstddef>
#include <string>

namespace cc {

/// Checks progress for cancellation between blocks (a segment of ten million events takes seconds
/// to hash).
inline std::string segmentCommitment(const Trace& trace, std::size_t first, std::size_t last,
                                     const Progress& progress = NullProgress())
{
    return eventRangeSha256(trace, first, last, progress);
}

} // namespace cc
