// Exact structure of a token stream: run-length items, then periodic motifs over the items.
//
// The stream is first run-length encoded (a token repeated n times in a row is one item). A
// left-to-right scan then looks, at each item, for the period p (in items) whose repetition
// covers the most items from there: candidates come from the next occurrences of the same item,
// and block equality is tested in O(1) with a polynomial rolling hash (the chosen motif is then
// compared item by item, so a hash collision can never produce a wrong program). A motif covers
// `repeats` whole periods plus a `tail` of items from a final partial period. Items no motif
// covers are gathered into literal spans of bounded length; long runs stand alone.
//
// Everything is exact: the spans reproduce the token stream item for item.
#pragma once

#include "core/canary/canary.h"
#include "core/util/progress.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cc::compile {

/// A token repeated count times in a row: the canary's own body entry, so a structure's items
/// become a segment's body as they are.
using RunItem = CanaryItem;

/// A span of items: body = items[firstItem, firstItem + bodyItems), played `repeats` times, then
/// its first `tailItems` items once more. Literal spans have repeats 1 and no tail.
struct Span {
    std::size_t firstItem = 0;
    std::size_t bodyItems = 0;
    std::uint64_t repeats = 1;
    std::size_t tailItems = 0;

    std::size_t coveredItems() const { return bodyItems * static_cast<std::size_t>(repeats) + tailItems; }
    bool periodic() const { return repeats > 1 || tailItems > 0; }
};

struct StructureOptions {
    std::size_t maxCandidates = 24;        ///< next occurrences tried per position
    std::size_t minSavedItems = 4;         ///< a motif must save at least this many items
    std::size_t maxLiteralItems = 4096;    ///< literal spans are cut at this length
    std::uint64_t standaloneRunCount = 16; ///< a run at least this long becomes its own span
};

/// Run-length encodes tokens.
std::vector<RunItem> runLengthEncode(const std::vector<std::uint32_t>& tokens);

/// Tiles items with spans (periodic motifs, standalone runs and literals) in order.
std::vector<Span> findStructure(const std::vector<RunItem>& items, const StructureOptions& options, Progress& progress);

/// Events in one period of a span's body, and in the whole span.
std::uint64_t spanPeriodEvents(const std::vector<RunItem>& items, const Span& span);
std::uint64_t spanEvents(const std::vector<RunItem>& items, const Span& span);

} // namespace cc::compile
