// Typed access to a parsed document for the product's format readers: every refusal names the
// file, the JSON path ("$.configurations[1].name") and the rule, and no accessor throws anything
// but InputError. Numbers are taken only as exact integers within a declared range.
#pragma once

#include "core/util/json/value.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cc::json {

/// Appends an object key / array index to a JSON path.
std::string childPath(const std::string& path, std::string_view key);
std::string childPath(const std::string& path, std::size_t index);

/// What a value is, for a refusal: "a string", "a non-integer number (1e309)".
std::string describeValue(const Value& value);

class Reader {
public:
    explicit Reader(std::string source) : source_(std::move(source)) {}

    const std::string& source() const { return source_; }

    [[noreturn]] void fail(const std::string& path, const std::string& rule) const;

    const Value& object(const Value& value, const std::string& path) const;
    const Value& array(const Value& value, const std::string& path) const;
    /// The member key of obj, which must exist (obj must be an object).
    const Value& member(const Value& obj, const std::string& path, std::string_view key) const;
    /// The member or nullptr (obj must be an object).
    const Value* optional(const Value& obj, const std::string& path, std::string_view key) const;
    bool hasMember(const Value& obj, std::string_view key) const;
    std::string string(const Value& value, const std::string& path) const;
    bool boolean(const Value& value, const std::string& path) const;
    /// An integer in [min, max]; other numbers (even 1.0) are refused.
    std::int64_t integer(const Value& value, const std::string& path, std::int64_t min, std::int64_t max) const;
    std::uint64_t unsignedInteger(const Value& value, const std::string& path) const;
    /// Refuses any member of obj whose key is not in allowed (typos must not default silently).
    void onlyKeys(const Value& obj, const std::string& path, const std::vector<std::string_view>& allowed) const;

private:
    std::string source_;
};

} // namespace cc::json
