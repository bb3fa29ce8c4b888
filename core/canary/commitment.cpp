#include "core/canary/commitment.h"

#include "core/trace/normalized.h"

#include <algorithm>

namespace cc {

std::string segmentCommitment(const Trace& trace, std::size_t first, std::size_t last, const Progress& progress)
{
    last = std::min(last, trace.size());
    return eventRangeSha256(trace, first, std::max(first, last), progress);
}

} // namespace cc
