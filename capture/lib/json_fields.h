// Strict typed access to the fields of a JSON object the capture wrote (rank files, manifests),
// with an InputError naming the file, the JSON path and the rule on anything missing or wrong.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace cc::capture {

class JsonFields {
public:
    /// json must be an object (else InputError at path).
    JsonFields(const nlohmann::json& json, std::string source, std::string path);

    bool has(const std::string& key) const;
    std::int64_t integer(const std::string& key) const;
    std::int64_t nonNegative(const std::string& key) const;
    bool boolean(const std::string& key) const;
    std::string text(const std::string& key) const;
    JsonFields object(const std::string& key) const;
    /// The array at key (InputError when absent or not an array).
    const nlohmann::json& array(const std::string& key) const;
    std::vector<std::int64_t> integers(const std::string& key) const;
    const nlohmann::json& raw(const std::string& key) const;

    const nlohmann::json& json() const { return json_; }
    const std::string& source() const { return source_; }
    std::string pathOf(const std::string& key) const { return path_ + "." + key; }
    [[noreturn]] void fail(const std::string& key, const std::string& rule) const;

private:
    const nlohmann::json& value(const std::string& key) const;

    const nlohmann::json& json_;
    std::string source_;
    std::string path_;
};

/// Parses JSON text; InputError naming source and the parser's position on malformed text.
nlohmann::json parseJsonText(const std::string& text, const std::string& source);

} // namespace cc::capture
