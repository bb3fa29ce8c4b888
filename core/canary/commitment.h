// Segment commitments: the SHA-256 of the canonical bytes of a range of source events, exactly
// cc::eventRangeSha256(trace, first, last), computed chunk by chunk so that committing to a
// segment of ten million events never materialises its bytes at once. (Event-range bytes are a
// bracketed, comma-separated list of self-contained event encodings, so chunks join exactly.)
#pragma once

#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstddef>
#include <string>

namespace cc {

inline constexpr std::size_t kCommitmentChunkEvents = 1 << 16;

std::string segmentCommitment(const Trace& trace, std::size_t first, std::size_t last,
                              std::size_t chunkEvents = kCommitmentChunkEvents);

/// The same, checking progress for cancellation between chunks (a segment of ten million events
/// takes seconds to hash).
std::string segmentCommitment(const Trace& trace, std::size_t first, std::size_t last, const Progress& progress,
                              std::size_t chunkEvents = kCommitmentChunkEvents);

} // namespace cc
