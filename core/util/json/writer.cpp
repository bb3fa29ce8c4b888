#include "core/util/json/writer.h"

#include <algorithm>
#include <charconv>

namespace cc::json {

char* writeString(char* at, std::string_view s)
{
    static constexpr char kHex[] = "0123456789abcdef";
    *at++ = '"';
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (!needsEscape(c)) {
            *at++ = c;
            continue;
        }
        *at++ = '\\';
        switch (c) {
        case '"':
            *at++ = '"';
            break;
        case '\\':
            *at++ = '\\';
            break;
        case '\n':
            *at++ = 'n';
            break;
        case '\r':
            *at++ = 'r';
            break;
        case '\t':
            *at++ = 't';
            break;
        case '\b':
            *at++ = 'b';
            break;
        case '\f':
            *at++ = 'f';
            break;
        default:
            at = writeText(at, "u00");
            *at++ = kHex[u >> 4];
            *at++ = kHex[u & 0x0f];
        }
    }
    *at++ = '"';
    return at;
}

std::size_t stringLiteralBytes(std::string_view s)
{
    std::size_t bytes = 2;
    for (const char c : s) {
        if (!needsEscape(c)) {
            bytes += 1;
        } else {
            const bool shortEscape =
                c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t' || c == '\b' || c == '\f';
            bytes += shortEscape ? 2 : 6; // \" ... \f, or \u00XX
        }
    }
    return bytes;
}

std::size_t intBytes(std::int64_t value)
{
    std::uint64_t magnitude =
        value < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
    std::size_t bytes = value < 0 ? 2 : 1;
    while (magnitude >= 10) {
        magnitude /= 10;
        ++bytes;
    }
    return bytes;
}

char* writeInt(char* at, std::int64_t value)
{
    return std::to_chars(at, at + kMaxIntBytes, value).ptr;
}

void appendString(std::string& out, std::string_view s)
{
    // Most strings (names, ids, keys) need no escape: appended as they are, without the room for
    // the worst case that resize() would first fill with zeros.
    if (std::none_of(s.begin(), s.end(), needsEscape)) {
        out += '"';
        out += s;
        out += '"';
        return;
    }
    const std::size_t before = out.size();
    out.resize(before + maxStringLiteralBytes(s.size()));
    char* end = writeString(out.data() + before, s);
    out.resize(static_cast<std::size_t>(end - out.data()));
}

void appendInt(std::string& out, std::int64_t value)
{
    char buffer[24];
    auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr);
}

void appendUInt(std::string& out, std::uint64_t value)
{
    char buffer[24];
    auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr);
}

void Writer::separate()
{
    if (afterKey_) {
        afterKey_ = false;
        return;
    }
    if (!first_.empty()) {
        if (!first_.back()) {
            out_ += ',';
        }
        first_.back() = false;
    }
}

Writer& Writer::beginObject()
{
    separate();
    out_ += '{';
    first_.push_back(true);
    return *this;
}

Writer& Writer::endObject()
{
    out_ += '}';
    first_.pop_back();
    return *this;
}

Writer& Writer::beginArray()
{
    separate();
    out_ += '[';
    first_.push_back(true);
    return *this;
}

Writer& Writer::endArray()
{
    out_ += ']';
    first_.pop_back();
    return *this;
}

Writer& Writer::key(std::string_view name)
{
    separate();
    appendString(out_, name);
    out_ += ':';
    afterKey_ = true;
    return *this;
}

Writer& Writer::string(std::string_view s)
{
    separate();
    appendString(out_, s);
    return *this;
}

Writer& Writer::integer(std::int64_t v)
{
    separate();
    appendInt(out_, v);
    return *this;
}

Writer& Writer::unsignedInteger(std::uint64_t v)
{
    separate();
    appendUInt(out_, v);
    return *this;
}

Writer& Writer::boolean(bool b)
{
    separate();
    out_ += b ? "true" : "false";
    return *this;
}

Writer& Writer::null()
{
    separate();
    out_ += "null";
    return *this;
}

Writer& Writer::raw(std::string_view json)
{
    separate();
    out_ += json;
    return *this;
}

Writer& Writer::verbatim(std::string_view text)
{
    out_ += text;
    return *this;
}

Writer& Writer::separateThen(std::string_view text)
{
    separate();
    out_ += text;
    afterKey_ = true; // the separator is spent: the next value follows without another comma
    return *this;
}

Writer& Writer::value(const Value& root)
{
    // Explicit stack: (container, next child index).
    struct Open {
        const Value* v;
        std::size_t next;
    };
    std::vector<Open> stack;
    auto scalar = [&](const Value& v) {
        switch (v.kind()) {
        case Kind::Null:
            null();
            break;
        case Kind::Boolean:
            boolean(v.boolean());
            break;
        case Kind::Integer:
        case Kind::Number:
            raw(v.numberLiteral());
            break;
        case Kind::String:
            string(v.string());
            break;
        case Kind::Array:
            beginArray();
            stack.push_back({&v, 0});
            break;
        case Kind::Object:
            beginObject();
            stack.push_back({&v, 0});
            break;
        }
    };
    scalar(root);
    while (!stack.empty()) {
        Open& top = stack.back();
        const Value& v = *top.v;
        if (top.next == v.size()) {
            if (v.isArray()) {
                endArray();
            } else {
                endObject();
            }
            stack.pop_back();
            continue;
        }
        std::size_t i = top.next++;
        if (v.isArray()) {
            scalar(v.items()[i]);
        } else {
            const Member& m = v.members()[i];
            key(m.key);
            scalar(m.value);
        }
    }
    return *this;
}

std::string toText(const Value& value)
{
    std::string out;
    Writer(out).value(value);
    return out;
}

std::string toIndentedText(const Value& root, int indent)
{
    std::string out;
    struct Open {
        const Value* v;
        std::size_t next;
    };
    std::vector<Open> stack;
    auto newline = [&](std::size_t depth) {
        out += '\n';
        out.append(depth * static_cast<std::size_t>(indent), ' ');
    };
    auto emit = [&](const Value& v) {
        switch (v.kind()) {
        case Kind::Null:
            out += "null";
            break;
        case Kind::Boolean:
            out += v.boolean() ? "true" : "false";
            break;
        case Kind::Integer:
        case Kind::Number:
            out += v.numberLiteral();
            break;
        case Kind::String:
            appendString(out, v.string());
            break;
        case Kind::Array:
        case Kind::Object:
            if (v.size() == 0) {
                out += v.isArray() ? "[]" : "{}";
            } else {
                out += v.isArray() ? '[' : '{';
                stack.push_back({&v, 0});
            }
            break;
        }
    };
    emit(root);
    while (!stack.empty()) {
        const Value& v = *stack.back().v;
        std::size_t i = stack.back().next;
        if (i == v.size()) {
            stack.pop_back();
            newline(stack.size());
            out += v.isArray() ? ']' : '}';
            continue;
        }
        ++stack.back().next;
        if (i > 0) {
            out += ',';
        }
        newline(stack.size());
        if (v.isArray()) {
            emit(v.items()[i]);
        } else {
            const Member& m = v.members()[i];
            appendString(out, m.key);
            out += ": ";
            emit(m.value);
        }
    }
    return out;
}

} // namespace cc::json
