#include "capture/lib/json_fields.h"

#include "core/util/errors.h"

namespace cc::capture {

JsonFields::JsonFields(const nlohmann::json& json, std::string source, std::string path)
    : json_(json), source_(std::move(source)), path_(std::move(path))
{
    if (!json_.is_object()) {
        throw InputError(Diagnostic{source_, kNoEvent, {}, path_, "must be a JSON object"});
    }
}

void JsonFields::fail(const std::string& key, const std::string& rule) const
{
    throw InputError(Diagnostic{source_, kNoEvent, {}, pathOf(key), rule});
}

bool JsonFields::has(const std::string& key) const
{
    return json_.contains(key);
}

const nlohmann::json& JsonFields::value(const std::string& key) const
{
    auto it = json_.find(key);
    if (it == json_.end()) {
        fail(key, "is missing");
    }
    return *it;
}

std::int64_t JsonFields::integer(const std::string& key) const
{
    const auto& v = value(key);
    if (!v.is_number_integer()) {
        fail(key, "must be an integer");
    }
    return v.get<std::int64_t>();
}

std::int64_t JsonFields::nonNegative(const std::string& key) const
{
    const std::int64_t v = integer(key);
    if (v < 0) {
        fail(key, "must not be negative");
    }
    return v;
}

bool JsonFields::boolean(const std::string& key) const
{
    const auto& v = value(key);
    if (!v.is_boolean()) {
        fail(key, "must be true or false");
    }
    return v.get<bool>();
}

std::string JsonFields::text(const std::string& key) const
{
    const auto& v = value(key);
    if (!v.is_string()) {
        fail(key, "must be a string");
    }
    return v.get<std::string>();
}

JsonFields JsonFields::object(const std::string& key) const
{
    return JsonFields(value(key), source_, pathOf(key));
}

const nlohmann::json& JsonFields::array(const std::string& key) const
{
    const auto& v = value(key);
    if (!v.is_array()) {
        fail(key, "must be an array");
    }
    return v;
}

std::vector<std::int64_t> JsonFields::integers(const std::string& key) const
{
    std::vector<std::int64_t> out;
    const auto& a = array(key);
    out.reserve(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!a[i].is_number_integer()) {
            fail(key + "[" + std::to_string(i) + "]", "must be an integer");
        }
        out.push_back(a[i].get<std::int64_t>());
    }
    return out;
}

const nlohmann::json& JsonFields::raw(const std::string& key) const
{
    return value(key);
}

nlohmann::json parseJsonText(const std::string& text, const std::string& source)
{
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw InputError(
            Diagnostic{source, kNoEvent, {}, "$", "is not valid JSON (byte " + std::to_string(e.byte) + ")"});
    }
}

} // namespace cc::capture
