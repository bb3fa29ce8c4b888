// The product's one strict JSON reader. It never recurses (nesting is bounded by a limit and kept
// on an explicit stack), never converts a number to floating point (a number that is not an exact
// 64-bit integer is kept as its literal and refused, if at all, by the typed reader with its path),
// refuses duplicate object keys, control characters and invalid UTF-8, and names the file, the
// JSON path, the byte offset, line and column and the rule on every refusal.
#pragma once

#include "core/util/json/value.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace cc::json {

struct ParseLimits {
    std::uint64_t maxDepth = 64;            ///< nesting of arrays and objects
    std::uint64_t maxStringBytes = 1 << 20; ///< one string (or key), after unescaping
    std::uint64_t maxNumberChars = 4096;    ///< one number literal
};

/// The limits in force (core/util/limits.h).
ParseLimits defaultParseLimits();

/// Parses one whole document. Throws InputError (file = source, field = the JSON path, rule with
/// the byte offset, line and column) on anything that is not strict JSON or breaks a limit; it
/// throws nothing else but std::bad_alloc.
Value parse(std::string_view text, const std::string& source);
Value parse(std::string_view text, const std::string& source, const ParseLimits& limits);

/// Parses the value in whole[begin, end) (a member of a larger document), naming errors by their
/// offset, line and column in whole and by paths under basePath ("$.protocol").
Value parseSpan(std::string_view whole, std::size_t begin, std::size_t end, const std::string& source,
                const std::string& basePath);

struct TextPosition {
    std::size_t offset = 0; ///< bytes from the start
    std::size_t line = 1;   ///< 1-based
    std::size_t column = 1; ///< 1-based, in bytes
};

/// Line and column of a byte offset.
TextPosition positionOf(std::string_view text, std::size_t offset);

/// "byte 9000 (line 12, column 40)".
std::string describePosition(const TextPosition& position);

/// Length of the valid UTF-8 sequence that starts at text[at] (a byte >= 0x80), or 0 when the
/// bytes there are not one (overlong, surrogate, beyond U+10FFFF, truncated).
std::size_t utf8SequenceLength(std::string_view text, std::size_t at);

/// The deepest nesting of arrays and objects in well-formed JSON text (strings skipped), without
/// building anything: for checking text that another parser passed through unexamined.
std::size_t nestingDepth(std::string_view json);

/// When the first bytes cannot start a JSON document, what they look like ("a PNG image",
/// "gzip-compressed data", "UTF-16 text", ...); empty when they might be JSON.
std::string sniffNonJson(std::string_view head);

} // namespace cc::json
