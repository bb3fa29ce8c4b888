#include "core/configs/strict_json.h"

#include "core/util/errors.h"
#include "core/util/limits.h"

#include <algorithm>
#include <set>

namespace cc::strict_json {

namespace {

struct Frame {
    bool isArray = false;
    long long index = -1;
    std::string key;
    std::set<std::string> keys;
};

std::string pathOf(const std::vector<Frame>& frames)
{
    std::string path = "$";
    for (const Frame& f : frames) {
        if (f.isArray) {
            if (f.index >= 0) {
                path = child(path, static_cast<std::size_t>(f.index));
            }
        } else if (!f.key.empty()) {
            path = child(path, f.key);
        }
    }
    return path;
}

std::string typeName(const nlohmann::json& value)
{
    if (value.is_number_integer()) {
        return "an integer";
    }
    if (value.is_number_float()) {
        return "a non-integer number";
    }
    switch (value.type()) {
    case nlohmann::json::value_t::null:
        return "null";
    case nlohmann::json::value_t::boolean:
        return "a boolean";
    case nlohmann::json::value_t::string:
        return "a string";
    case nlohmann::json::value_t::array:
        return "an array";
    case nlohmann::json::value_t::object:
        return "an object";
    default:
        return "a value";
    }
}

bool isPlainKey(std::string_view key)
{
    if (key.empty()) {
        return false;
    }
    return std::all_of(key.begin(), key.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    });
}

} // namespace

std::string child(const std::string& path, std::string_view key)
{
    if (isPlainKey(key)) {
        return path + "." + std::string(key);
    }
    std::string quoted = path + "[\"";
    for (char c : key) {
        if (c == '"' || c == '\\') {
            quoted += '\\';
        }
        quoted += c;
    }
    return quoted + "\"]";
}

std::string child(const std::string& path, std::size_t index)
{
    return path + "[" + std::to_string(index) + "]";
}

nlohmann::json parse(std::string_view text, const std::string& sourceName)
{
    const std::uint64_t maxDepth = resourceLimits().maxJsonDepth;
    std::vector<Frame> frames;
    std::string failure;
    std::string failurePath;
    auto callback = [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) -> bool {
        using E = nlohmann::json::parse_event_t;
        auto bumpIndex = [&] {
            if (!frames.empty() && frames.back().isArray) {
                ++frames.back().index;
            }
        };
        switch (event) {
        case E::object_start:
        case E::array_start:
            bumpIndex();
            if (static_cast<std::uint64_t>(depth) >= maxDepth && failure.empty()) {
                failure = "nesting is deeper than the limit of " + std::to_string(maxDepth) + " levels";
                failurePath = pathOf(frames);
                throw InputError(Diagnostic{sourceName, kNoEvent, {}, failurePath, failure});
            }
            frames.push_back(Frame{event == E::array_start, -1, {}, {}});
            break;
        case E::object_end:
        case E::array_end:
            if (!frames.empty()) {
                frames.pop_back();
            }
            break;
        case E::key: {
            std::string key = parsed.get<std::string>();
            if (!frames.empty()) {
                Frame& f = frames.back();
                if (!f.keys.insert(key).second) {
                    f.key = key;
                    throw InputError(Diagnostic{
                        sourceName, kNoEvent, {}, pathOf(frames), "duplicate key \"" + key + "\" in one object"});
                }
                f.key = key;
            }
            break;
        }
        case E::value:
            bumpIndex();
            break;
        }
        return true;
    };
    try {
        return nlohmann::json::parse(text.begin(), text.end(), callback, true, false);
    } catch (const nlohmann::json::parse_error& e) {
        std::string what = e.what();
        auto colon = what.find("parse error");
        if (colon != std::string::npos) {
            what = what.substr(colon);
        }
        throw InputError(sourceName, "not valid JSON (" + what + ")");
    }
}

void Reader::fail(const std::string& path, const std::string& rule) const
{
    throw InputError(Diagnostic{source_, kNoEvent, {}, path, rule});
}

const nlohmann::json& Reader::object(const nlohmann::json& value, const std::string& path) const
{
    if (!value.is_object()) {
        fail(path, "must be a JSON object, not " + typeName(value));
    }
    return value;
}

const nlohmann::json& Reader::array(const nlohmann::json& value, const std::string& path) const
{
    if (!value.is_array()) {
        fail(path, "must be a JSON array, not " + typeName(value));
    }
    return value;
}

bool Reader::hasMember(const nlohmann::json& obj, std::string_view key) const
{
    return obj.is_object() && obj.find(std::string(key)) != obj.end();
}

const nlohmann::json& Reader::member(const nlohmann::json& obj, const std::string& path, std::string_view key) const
{
    auto found = obj.find(std::string(key));
    if (found == obj.end()) {
        fail(child(path, key), "is required but missing");
    }
    return *found;
}

std::string Reader::string(const nlohmann::json& value, const std::string& path) const
{
    if (!value.is_string()) {
        fail(path, "must be a string, not " + typeName(value));
    }
    return value.get<std::string>();
}

bool Reader::boolean(const nlohmann::json& value, const std::string& path) const
{
    if (!value.is_boolean()) {
        fail(path, "must be true or false, not " + typeName(value));
    }
    return value.get<bool>();
}

std::int64_t Reader::integer(const nlohmann::json& value, const std::string& path, std::int64_t min,
                             std::int64_t max) const
{
    if (!value.is_number_integer()) {
        fail(path, "must be an integer in the unit its name states, not " + typeName(value));
    }
    if (value.is_number_unsigned() && value.get<std::uint64_t>() > static_cast<std::uint64_t>(max)) {
        fail(path,
             "must be between " + std::to_string(min) + " and " + std::to_string(max) + " (got " + value.dump() + ")");
    }
    std::int64_t v = value.get<std::int64_t>();
    if (v < min || v > max) {
        fail(path, "must be between " + std::to_string(min) + " and " + std::to_string(max) + " (got " +
                       std::to_string(v) + ")");
    }
    return v;
}

std::uint64_t Reader::unsignedInteger(const nlohmann::json& value, const std::string& path) const
{
    if (!value.is_number_integer() || (!value.is_number_unsigned() && value.get<std::int64_t>() < 0)) {
        fail(path,
             "must be a non-negative integer, not " + (value.is_number_integer() ? value.dump() : typeName(value)));
    }
    return value.get<std::uint64_t>();
}

void Reader::onlyKeys(const nlohmann::json& obj, const std::string& path,
                      const std::vector<std::string_view>& allowed) const
{
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        if (std::find(allowed.begin(), allowed.end(), it.key()) == allowed.end()) {
            std::string list;
            for (std::size_t i = 0; i < allowed.size(); ++i) {
                list += (i == 0 ? "" : ", ") + std::string(allowed[i]);
            }
            fail(child(path, it.key()), "is not a known field here (known: " + list + ")");
        }
    }
}

} // namespace cc::strict_json
