#include "core/canary/commitment.h"

#include "core/trace/normalized.h"
#include "core/util/sha256.h"

#include <algorithm>

namespace cc {

std::string segmentCommitment(const Trace& trace, std::size_t first, std::size_t last, std::size_t chunkEvents)
{
    return segmentCommitment(trace, first, last, NullProgress(), chunkEvents);
}

std::string segmentCommitment(const Trace& trace, std::size_t first, std::size_t last, const Progress& progress,
                              std::size_t chunkEvents)
{
    last = std::min(last, trace.size());
    if (last <= first || last - first <= chunkEvents) {
        return eventRangeSha256(trace, first, std::max(first, last));
    }
    chunkEvents = std::max<std::size_t>(chunkEvents, 1);
    Sha256 hash;
    hash.update("[");
    for (std::size_t from = first; from < last; from += chunkEvents) {
        progress.check();
        const std::size_t to = std::min(last, from + chunkEvents);
        std::string bytes = normalizedEventRangeBytes(trace, from, to);
        // Drop the chunk's own brackets; join chunks with a comma.
        std::string_view inner(bytes);
        inner.remove_prefix(1);
        inner.remove_suffix(1);
        if (from > first) {
            hash.update(",");
        }
        hash.update(inner);
    }
    hash.update("]");
    return hash.hexDigest();
}

} // namespace cc
