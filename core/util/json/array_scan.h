// Cuts a large JSON array into pieces of whole elements without parsing it, so a parser whose
// first pass cannot be interrupted (simdjson) can take the array piece by piece, with a
// cancellation point between pieces and memory bounded by the piece size.
//
// The scan is structural only (strings, escapes, brackets, commas) over 64-byte blocks, the way a
// JSON parser's first stage finds structure: it does not validate what it skips, and says so by
// refusing to cut (ok = false) whenever the text is not shaped as it expects. Callers then parse the
// whole text at once and let the parser judge it.
#pragma once

#include "core/util/progress.h"

#include <cstddef>
#include <functional>
#include <string_view>
#include <vector>

namespace cc::json {

struct ArrayPieces {
    /// The array closed with ']' at bracket depth zero; false: the text ended first, or a '}'
    /// closed it. Nothing below is meaningful then.
    bool ok = false;
    std::size_t close = 0;                        ///< offset of the array's closing ']'
    std::vector<std::size_t> cuts;                ///< offsets of the separating commas where the pieces meet, ascending
    std::size_t bracketed = 0;                    ///< elements that are objects or arrays (a capacity hint)
    std::vector<std::size_t> bracketedBeforeCuts; ///< bracketed elements before each cut (a position hint)
};

/// Copies text[offset, offset + length) to dest; called from two threads at once on a large array.
using FetchText = std::function<void(std::size_t offset, std::size_t length, char* dest)>;

/// From this size on, cutArray scans the two halves of an array at once (the second on a thread of
/// its own, from a comma between two objects near the middle), and cuts there. Where the guess
/// that the comma separates two elements is wrong, the first half's scan finds out and goes on alone.
inline constexpr std::size_t kSplitScanBytes = std::size_t{8} << 20;

/// Scans the array that opens at text[open] (which must be '['). A cut is made at the first comma
/// between two elements once the current piece holds at least pieceBytes; it is made only after an
/// element that closed with a bracket, between two non-empty elements, so that parsing the pieces
/// as arrays one by one judges every element exactly as parsing the whole array would. Calls
/// progress.check() every few MiB (throws Cancelled). With fetch, the scan reads the text through it
/// a window at a time instead of touching text's pages (a mapped file's pages are then never
/// faulted in); text must still be addressable, for a look around a comma at a window's edge.
ArrayPieces cutArray(std::string_view text, std::size_t open, std::size_t pieceBytes, const Progress& progress,
                     const FetchText& fetch = {});

} // namespace cc::json
