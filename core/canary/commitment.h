// Segment commitments: the SHA-256 of the canonical bytes of a range of source events, exactly
// cc::eventRangeSha256(trace, first, last), which encodes and hashes a block of events at a time so
// that committing to a segment of ten million events never materialises its bytes at once.
#pragma once

#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstddef>
#include <string>

namespace cc {

/// Checks progress for cancellation between blocks (a segment of ten million events takes seconds
/// to hash).
std::string segmentCommitment(const Trace& trace, std::size_t first, std::size_t last,
                              const Progress& progress = NullProgress());

} // namespace cc
