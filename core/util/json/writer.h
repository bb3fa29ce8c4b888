// The product's one JSON writer: streaming, deterministic (keys in the order the caller writes
// them, integers only, RFC 8259 string escapes), with the separators placed for the caller.
#pragma once

#include "core/util/json/value.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cc::json {

/// Appends s as a JSON string literal (with quotes).
void appendString(std::string& out, std::string_view s);

/// Whether c is written escaped in a string literal: the quote, the backslash and the control
/// characters. Everything else, non-ASCII bytes included, is written as it is.
constexpr bool needsEscape(char c)
{
    return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20;
}

/// The bytes appendString and writeString write for s, counted without writing them.
std::size_t stringLiteralBytes(std::string_view s);
/// The bytes appendInt and writeInt write for value.
std::size_t intBytes(std::int64_t value);

/// Writers into a buffer the caller has already sized, for loops where a capacity check per byte
/// is the cost (the normalised form). Each returns the end of what it wrote; the bound below
/// it is the most it may write.
inline constexpr std::size_t kMaxIntBytes = 20; ///< "-9223372036854775808"
constexpr std::size_t maxStringLiteralBytes(std::size_t length)
{
    return 6 * length + 2;
}
char* writeString(char* at, std::string_view s);
char* writeInt(char* at, std::int64_t value);
inline char* writeText(char* at, std::string_view text)
{
    for (const char c : text) { // short literals: the loop unrolls where memcpy would be a call
        *at++ = c;
    }
    return at;
}
void appendInt(std::string& out, std::int64_t value);
void appendUInt(std::string& out, std::uint64_t value);
/// Appends "name": (a member's key and its colon), for the hot writers that build their text
/// directly instead of through a Value (canaries, reports).
inline void appendKey(std::string& out, std::string_view name)
{
    appendString(out, name);
    out += ':';
}

/// Appends [e0,e1,...]: '[', then appendElement(out, element) for each element with ',' between
/// them, then ']'. The one array loop of the hot writers.
template <class Range, class AppendElement>
void appendArray(std::string& out, const Range& elements, AppendElement&& appendElement)
{
    out += '[';
    bool first = true;
    for (const auto& element : elements) {
        if (!first) {
            out += ',';
        }
        first = false;
        appendElement(out, element);
    }
    out += ']';
}

/// Appends an array of JSON strings.
template <class Range> void appendStringArray(std::string& out, const Range& strings)
{
    appendArray(out, strings, [](std::string& o, std::string_view s) { appendString(o, s); });
}

/// Appends an array of integers.
template <class Range> void appendIntArray(std::string& out, const Range& values)
{
    appendArray(out, values, [](std::string& o, std::int64_t v) { appendInt(o, v); });
}

class Writer {
public:
    /// Appends to out (which may already hold text).
    explicit Writer(std::string& out) : out_(out) {}

    Writer& beginObject();
    Writer& endObject();
    Writer& beginArray();
    Writer& endArray();
    /// The next member's key (inside an object).
    Writer& key(std::string_view name);

    Writer& string(std::string_view s);
    Writer& integer(std::int64_t v);
    Writer& unsignedInteger(std::uint64_t v);
    Writer& boolean(bool b);
    Writer& null();
    /// A value that is already JSON text (an exact token the caller kept).
    Writer& raw(std::string_view json);
    /// A whole DOM value, without recursion.
    Writer& value(const Value& v);
    /// Text between values that is not a value (a newline for line-oriented layouts).
    Writer& verbatim(std::string_view text);
    /// The comma the next value owes (if any), then text: "[\n{…},\n{…}" layouts, one element per line.
    Writer& separateThen(std::string_view text);

    // key + value in one call.
    Writer& field(std::string_view name, std::string_view s) { return key(name).string(s); }
    Writer& field(std::string_view name, const char* s) { return key(name).string(s); }
    Writer& field(std::string_view name, const std::string& s) { return key(name).string(s); }
    Writer& field(std::string_view name, std::int64_t v) { return key(name).integer(v); }
    Writer& field(std::string_view name, int v) { return key(name).integer(v); }
    Writer& field(std::string_view name, std::uint64_t v) { return key(name).unsignedInteger(v); }
    Writer& field(std::string_view name, std::uint32_t v) { return key(name).unsignedInteger(v); }
    Writer& field(std::string_view name, bool b) { return key(name).boolean(b); }

    /// Depth of open containers.
    std::size_t depth() const { return first_.size(); }

private:
    void separate();
    std::string& out_;
    std::vector<bool> first_; ///< per open container: no element written yet
    bool afterKey_ = false;   ///< the next value follows a key (or a spent separator): no comma before it
};

/// A DOM value as compact JSON text.
std::string toText(const Value& value);

/// A DOM value laid out with `indent` spaces per level: one member or element per line,
/// "key": value, empty containers as {} and [] (the layout of the product's human-readable
/// documents, such as verifications).
std::string toIndentedText(const Value& value, int indent);

} // namespace cc::json
