// The source's event-range canonical bytes, encoded once and kept, for callers that recompute the
// commitments of many canaries against one source (behaviour search verifies dozens of candidates).
// Each segment commitment is then a SHA-256 over a slice of these bytes instead of a fresh
// encoding of the segment's events: the same bytes (cc::normalizedEventRangeBytes), so the same
// digest as cc::segmentCommitment, at the cost of holding the encoding (about the size of the
// trace file). Internal to core/verify and its callers through SourceReference.
#pragma once

#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cc::verify {

/// The most bytes kept: above it the source is not kept and commitments re-encode their segments.
inline constexpr std::size_t kMaxKeptEventBytes = std::size_t{256} << 20;

class SourceEventBytes {
public:
    /// Encodes every event of trace; nullptr when the encoding would exceed maxBytes.
    static std::shared_ptr<const SourceEventBytes> encode(const Trace& trace, Progress& progress,
                                                          std::size_t maxBytes = kMaxKeptEventBytes);

    std::size_t events() const { return offsets_.empty() ? 0 : offsets_.size() - 1; }
    std::size_t bytes() const { return joined_.size(); }

    /// cc::segmentCommitment(trace, first, last) of the trace this was encoded from.
    std::string commitment(std::size_t first, std::size_t last) const;

private:
    /// Every event's encoding, each followed by a comma: the inside of an event range's brackets
    /// is the slice from its first event's offset to its last event's comma, exclusive.
    std::string joined_;
    std::vector<std::uint64_t> offsets_; ///< events + 1 entries; event i starts at offsets_[i]
};

} // namespace cc::verify
