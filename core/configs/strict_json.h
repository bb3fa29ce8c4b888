// Strict JSON reading for the product's own formats (configuration sets, reports): duplicate
// object keys, excessive nesting and malformed text are refused with the file and the JSON path,
// and typed field access names the path and the rule when a value has the wrong type or range.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cc::strict_json {

/// Parses text; throws InputError naming sourceName and the byte offset or JSON path
/// ("$.configurations[1].name") on malformed text, a duplicate key or nesting deeper than the
/// resource limit.
nlohmann::json parse(std::string_view text, const std::string& sourceName);

/// Appends an object key / array index to a JSON path.
std::string child(const std::string& path, std::string_view key);
std::string child(const std::string& path, std::size_t index);

/// Typed access with refusals naming file, path and rule.
class Reader {
public:
    explicit Reader(std::string sourceName) : source_(std::move(sourceName)) {}

    const std::string& source() const { return source_; }

    [[noreturn]] void fail(const std::string& path, const std::string& rule) const;

    const nlohmann::json& object(const nlohmann::json& parent, const std::string& path) const;
    const nlohmann::json& array(const nlohmann::json& value, const std::string& path) const;
    /// The member key of obj, which must exist.
    const nlohmann::json& member(const nlohmann::json& obj, const std::string& path, std::string_view key) const;
    bool hasMember(const nlohmann::json& obj, std::string_view key) const;
    std::string string(const nlohmann::json& value, const std::string& path) const;
    bool boolean(const nlohmann::json& value, const std::string& path) const;
    /// An integer in [min, max]; floats (even 1.0) are refused.
    std::int64_t integer(const nlohmann::json& value, const std::string& path, std::int64_t min,
                         std::int64_t max) const;
    std::uint64_t unsignedInteger(const nlohmann::json& value, const std::string& path) const;
    /// Refuses any member of obj whose key is not in allowed (typos must not default silently).
    void onlyKeys(const nlohmann::json& obj, const std::string& path,
                  const std::vector<std::string_view>& allowed) const;

private:
    std::string source_;
};

} // namespace cc::strict_json
