#include "capture/lib/json_io.h"

#include "core/util/atomic_file.h"
#include "core/util/json/parser.h"
#include "core/util/json/writer.h"

#include <algorithm>
#include <limits>

namespace cc::capture {

json::Value readJsonFile(const std::filesystem::path& path, std::uint64_t maxBytes)
{
    const std::string text = readFileBounded(path, maxBytes);
    return json::parse(text, path.string());
}

namespace {

/// s with every invalid UTF-8 sequence replaced by U+FFFD; nullopt when s is valid.
std::optional<std::string> repairedUtf8(std::string_view s)
{
    std::size_t i = 0;
    while (i < s.size() && static_cast<unsigned char>(s[i]) < 0x80) {
        ++i;
    }
    bool valid = true;
    for (std::size_t k = i; k < s.size();) {
        if (static_cast<unsigned char>(s[k]) < 0x80) {
            ++k;
            continue;
        }
        const std::size_t n = json::utf8SequenceLength(s, k);
        if (n == 0) {
            valid = false;
            break;
        }
        k += n;
    }
    if (valid) {
        return std::nullopt;
    }
    std::string out(s.substr(0, i));
    while (i < s.size()) {
        if (static_cast<unsigned char>(s[i]) < 0x80) {
            out += s[i++];
            continue;
        }
        const std::size_t n = json::utf8SequenceLength(s, i);
        if (n == 0) {
            out += "\xef\xbf\xbd";
            ++i;
        } else {
            out.append(s.substr(i, n));
            i += n;
        }
    }
    return out;
}

void appendText(std::string& out, std::string_view s)
{
    if (auto repaired = repairedUtf8(s)) {
        json::appendString(out, *repaired);
    } else {
        json::appendString(out, s);
    }
}

/// Writes value with members sorted by key; indent < 0 writes one line without spaces.
/// An explicit stack, so the depth of the document costs no C++ stack.
void layout(std::string& out, const json::Value& root, int indent)
{
    struct Open {
        const json::Value* value;
        std::vector<std::size_t> order; ///< objects: member indices sorted by key
        std::size_t next = 0;
    };
    std::vector<Open> stack;
    auto newline = [&](std::size_t depth) {
        if (indent >= 0) {
            out += '\n';
            out.append(depth * static_cast<std::size_t>(indent), ' ');
        }
    };
    auto write = [&](const json::Value& v) {
        switch (v.kind()) {
        case json::Kind::Null:
            out += "null";
            return;
        case json::Kind::Boolean:
            out += v.boolean() ? "true" : "false";
            return;
        case json::Kind::Integer:
        case json::Kind::Number:
            out += v.numberLiteral();
            return;
        case json::Kind::String:
            appendText(out, v.string());
            return;
        case json::Kind::Array:
            if (v.size() == 0) {
                out += "[]";
                return;
            }
            out += '[';
            stack.push_back(Open{&v, {}, 0});
            return;
        case json::Kind::Object: {
            if (v.size() == 0) {
                out += "{}";
                return;
            }
            out += '{';
            Open open{&v, std::vector<std::size_t>(v.size()), 0};
            for (std::size_t i = 0; i < open.order.size(); ++i) {
                open.order[i] = i;
            }
            const auto& members = v.members();
            std::stable_sort(open.order.begin(), open.order.end(),
                             [&](std::size_t a, std::size_t b) { return members[a].key < members[b].key; });
            stack.push_back(std::move(open));
            return;
        }
        }
    };
    write(root);
    while (!stack.empty()) {
        Open& top = stack.back();
        const json::Value& v = *top.value;
        if (top.next == v.size()) {
            const bool isArray = v.isArray();
            stack.pop_back();
            newline(stack.size());
            out += isArray ? ']' : '}';
            continue;
        }
        const std::size_t i = top.next++;
        if (i > 0) {
            out += ',';
        }
        newline(stack.size());
        if (v.isArray()) {
            write(v.items()[i]); // may push: top is not used after this
        } else {
            const json::Member& m = v.members()[top.order[i]];
            appendText(out, m.key);
            out += indent >= 0 ? ": " : ":";
            write(m.value);
        }
    }
}

constexpr std::size_t kQuoteChars = 40;

} // namespace

std::string jsonFileText(const json::Value& value)
{
    std::string out;
    layout(out, value, 1);
    out += '\n';
    return out;
}

std::string jsonCompactText(const json::Value& value)
{
    std::string out;
    layout(out, value, -1);
    return out;
}

std::string quoteForMessage(const json::Value& value)
{
    switch (value.kind()) {
    case json::Kind::Null:
        return "null";
    case json::Kind::Boolean:
        return value.boolean() ? "true" : "false";
    case json::Kind::Integer:
    case json::Kind::Number: {
        const std::string literal = value.numberLiteral();
        if (literal.size() <= kQuoteChars) {
            return literal;
        }
        return literal.substr(0, kQuoteChars) + "... (a number of " + std::to_string(literal.size()) + " characters)";
    }
    case json::Kind::String: {
        const std::string& s = value.string();
        if (s.size() <= kQuoteChars) {
            std::string out;
            appendText(out, s);
            return out;
        }
        // Cut at a character boundary.
        std::size_t cut = kQuoteChars;
        while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xc0) == 0x80) {
            --cut;
        }
        std::string out;
        appendText(out, std::string_view(s).substr(0, cut));
        out.insert(out.size() - 1, "...");
        return out + " (" + std::to_string(s.size()) + " bytes)";
    }
    case json::Kind::Array:
        return "an array of " + std::to_string(value.size()) + (value.size() == 1 ? " value" : " values");
    case json::Kind::Object:
        return "an object with " + std::to_string(value.size()) + (value.size() == 1 ? " member" : " members");
    }
    return "a value";
}

json::Value integerArray(const std::vector<std::int64_t>& values)
{
    json::Value a = json::Value::array();
    a.items().reserve(values.size());
    for (auto v : values) {
        a.push(json::Value(v));
    }
    return a;
}

json::Value integerArray(const std::vector<int>& values)
{
    json::Value a = json::Value::array();
    a.items().reserve(values.size());
    for (auto v : values) {
        a.push(json::Value(v));
    }
    return a;
}

json::Value stringArray(const std::vector<std::string>& values)
{
    json::Value a = json::Value::array();
    a.items().reserve(values.size());
    for (const auto& v : values) {
        a.push(json::Value(v));
    }
    return a;
}

json::Value integerOrNull(const std::optional<std::int64_t>& value)
{
    return value ? json::Value(*value) : json::Value();
}

Fields::Fields(const json::Reader& in, const json::Value& object, std::string path)
    : in_(in), object_(in.object(object, path)), path_(std::move(path))
{
}

void Fields::fail(std::string_view key, const std::string& rule) const
{
    in_.fail(pathOf(key), rule);
}

const json::Value& Fields::value(std::string_view key) const
{
    return in_.member(object_, path_, key);
}

const json::Value* Fields::nullable(std::string_view key) const
{
    const json::Value* v = object_.find(key);
    return v == nullptr || v->isNull() ? nullptr : v;
}

std::int64_t Fields::integer(std::string_view key, std::int64_t min, std::int64_t max) const
{
    return in_.integer(value(key), pathOf(key), min, max);
}

std::int64_t Fields::nonNegative(std::string_view key) const
{
    return integer(key, 0, std::numeric_limits<std::int64_t>::max());
}

int Fields::intIn(std::string_view key, int min, int max) const
{
    return static_cast<int>(integer(key, min, max));
}

std::uint64_t Fields::unsignedInteger(std::string_view key) const
{
    return in_.unsignedInteger(value(key), pathOf(key));
}

std::optional<std::int64_t> Fields::integerOrNull(std::string_view key, std::int64_t min, std::int64_t max) const
{
    const json::Value* v = nullable(key);
    if (v == nullptr) {
        return std::nullopt;
    }
    return in_.integer(*v, pathOf(key), min, max);
}

std::string Fields::string(std::string_view key) const
{
    return in_.string(value(key), pathOf(key));
}

bool Fields::boolean(std::string_view key) const
{
    return in_.boolean(value(key), pathOf(key));
}

Fields Fields::object(std::string_view key) const
{
    return Fields(in_, value(key), pathOf(key));
}

const json::Value& Fields::array(std::string_view key) const
{
    return in_.array(value(key), pathOf(key));
}

std::vector<std::int64_t> Fields::integers(std::string_view key, std::int64_t min, std::int64_t max) const
{
    const json::Value& a = array(key);
    const std::string at = pathOf(key);
    std::vector<std::int64_t> out;
    out.reserve(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        out.push_back(in_.integer(a.items()[i], json::childPath(at, i), min, max));
    }
    return out;
}

std::vector<std::string> Fields::strings(std::string_view key) const
{
    const json::Value& a = array(key);
    const std::string at = pathOf(key);
    std::vector<std::string> out;
    out.reserve(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        out.push_back(in_.string(a.items()[i], json::childPath(at, i)));
    }
    return out;
}

} // namespace cc::capture
