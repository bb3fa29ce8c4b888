#include "core/verify/source_event_bytes.h"

#include "core/trace/normalized.h"
#include "core/util/sha256.h"

#include <algorithm>
#include <string_view>

namespace cc::verify {

std::shared_ptr<const SourceEventBytes> SourceEventBytes::encode(const Trace& trace, Progress& progress,
                                                                 std::size_t maxBytes)
{
    auto kept = std::make_shared<SourceEventBytes>();
    const std::size_t n = trace.size();
    kept->offsets_.reserve(n + 1);
    kept->offsets_.push_back(0);
    for (std::size_t i = 0; i < n; ++i) {
        if ((i & 0xfff) == 0) {
            progress.check();
        }
        // "[event]": the event's own encoding, with the brackets of a one-event range.
        const std::string one = normalizedEventRangeBytes(trace, i, i + 1);
        const std::string_view inner = std::string_view(one).substr(1, one.size() - 2);
        if (kept->joined_.size() + inner.size() + 1 > maxBytes) {
            return nullptr;
        }
        kept->joined_.append(inner);
        kept->joined_ += ',';
        kept->offsets_.push_back(kept->joined_.size());
    }
    return kept;
}

std::string SourceEventBytes::commitment(std::size_t first, std::size_t last) const
{
    last = std::min(last, events());
    Sha256 hash;
    hash.update("[");
    if (first < last) {
        const auto from = static_cast<std::size_t>(offsets_[first]);
        const auto to = static_cast<std::size_t>(offsets_[last]) - 1; // without the last event's comma
        hash.update(std::string_view(joined_).substr(from, to - from));
    }
    hash.update("]");
    return hash.hexDigest();
}

} // namespace cc::verify
