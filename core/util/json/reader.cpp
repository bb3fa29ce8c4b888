#include "core/util/json/reader.h"

#include "core/util/errors.h"

#include <algorithm>

namespace cc::json {

namespace {

bool isPlainKey(std::string_view key)
{
    if (key.empty()) {
        return false;
    }
    return std::all_of(key.begin(), key.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    });
}

/// A literal short enough to quote in a message.
std::string quoteLiteral(const std::string& literal)
{
    constexpr std::size_t kMax = 40;
    if (literal.size() <= kMax) {
        return literal;
    }
    return literal.substr(0, kMax) + "... (" + std::to_string(literal.size()) + " characters)";
}

} // namespace

std::string childPath(const std::string& path, std::string_view key)
{
    if (isPlainKey(key) && key.size() <= 64) {
        return path + "." + std::string(key);
    }
    std::string quoted = path + "[\"";
    std::size_t n = 0;
    for (char c : key) {
        if (++n > 64) {
            quoted += "...";
            break;
        }
        auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            quoted += '\\';
            quoted += c;
        } else if (u < 0x20) {
            quoted += '?';
        } else {
            quoted += c;
        }
    }
    return quoted + "\"]";
}

std::string childPath(const std::string& path, std::size_t index)
{
    return path + "[" + std::to_string(index) + "]";
}

std::string describeValue(const Value& value)
{
    std::string name(kindName(value.kind()));
    if (value.isNumber() || value.isInteger()) {
        name += " (" + quoteLiteral(value.numberLiteral()) + ")";
    }
    return name;
}

void Reader::fail(const std::string& path, const std::string& rule) const
{
    throw InputError(Diagnostic{source_, kNoEvent, {}, path, rule});
}

const Value& Reader::object(const Value& value, const std::string& path) const
{
    if (!value.isObject()) {
        fail(path, "must be a JSON object, not " + describeValue(value));
    }
    return value;
}

const Value& Reader::array(const Value& value, const std::string& path) const
{
    if (!value.isArray()) {
        fail(path, "must be a JSON array, not " + describeValue(value));
    }
    return value;
}

bool Reader::hasMember(const Value& obj, std::string_view key) const
{
    return obj.find(key) != nullptr;
}

const Value& Reader::member(const Value& obj, const std::string& path, std::string_view key) const
{
    object(obj, path);
    const Value* found = obj.find(key);
    if (found == nullptr) {
        fail(childPath(path, key), "is required but missing");
    }
    return *found;
}

const Value* Reader::optional(const Value& obj, const std::string& path, std::string_view key) const
{
    object(obj, path);
    return obj.find(key);
}

std::string Reader::string(const Value& value, const std::string& path) const
{
    if (!value.isString()) {
        fail(path, "must be a string, not " + describeValue(value));
    }
    return value.string();
}

bool Reader::boolean(const Value& value, const std::string& path) const
{
    if (!value.isBoolean()) {
        fail(path, "must be true or false, not " + describeValue(value));
    }
    return value.boolean();
}

std::int64_t Reader::integer(const Value& value, const std::string& path, std::int64_t min, std::int64_t max) const
{
    if (!value.isInteger()) {
        fail(path, "must be an integer in the unit its name states, not " + describeValue(value));
    }
    auto v = value.toInt64();
    if (!v || *v < min || *v > max) {
        fail(path, "must be between " + std::to_string(min) + " and " + std::to_string(max) + " (got " +
                       quoteLiteral(value.numberLiteral()) + ")");
    }
    return *v;
}

std::uint64_t Reader::unsignedInteger(const Value& value, const std::string& path) const
{
    auto v = value.toUInt64();
    if (!v) {
        fail(path, "must be a non-negative integer, not " + describeValue(value));
    }
    return *v;
}

void Reader::onlyKeys(const Value& obj, const std::string& path, const std::vector<std::string_view>& allowed) const
{
    object(obj, path);
    for (const Member& m : obj.members()) {
        if (std::find(allowed.begin(), allowed.end(), m.key) == allowed.end()) {
            std::string list;
            for (std::size_t i = 0; i < allowed.size(); ++i) {
                list += (i == 0 ? "" : ", ") + std::string(allowed[i]);
            }
            fail(childPath(path, m.key), "is not a known field here (known: " + list + ")");
        }
    }
}

} // namespace cc::json
