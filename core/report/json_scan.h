// A small structural JSON scanner for the product's own, possibly very large, report files:
// it finds the spans of top-level members without building a tree (so a report with millions of
// sample rows can be checked without a DOM), and names the JSON path of a byte offset (so a
// verification failure can say where the first difference lies).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cc::json_scan {

struct MemberSpan {
    std::string key;
    std::size_t begin = 0; ///< first byte of the value
    std::size_t end = 0;   ///< one past its last byte
};

/// The members of the top-level object, in document order. Throws InputError naming
/// sourceName and the byte offset when the text is not one well-formed JSON object.
std::vector<MemberSpan> topLevelMembers(std::string_view text, const std::string& sourceName);

/// The JSON path ("$.configurations[1].summary.p99_ns") of the innermost value or key that
/// contains byte offset (or starts at it). Best effort on malformed text.
std::string pathAt(std::string_view text, std::size_t offset);

/// The scalar token (number, string, literal) around offset, or up to 40 bytes of context when
/// the offset is on structure; for messages.
std::string tokenAt(std::string_view text, std::size_t offset);

} // namespace cc::json_scan
