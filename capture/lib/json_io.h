// How the capture library reads and writes JSON, on the product's one strict toolkit
// (core/util/json): files are parsed by json::parse (no recursion, a nesting limit, numbers kept
// as text, duplicate keys refused) and read field by field through json::Reader; files are
// written from json::Value documents in the layout these files have always had.
#pragma once

#include "core/util/json/reader.h"
#include "core/util/json/value.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc::capture {

/// Reads path (refused past maxBytes) and parses it strictly. Throws InputError naming the file,
/// the JSON path, the byte, line and column, or IoError.
json::Value readJsonFile(const std::filesystem::path& path, std::uint64_t maxBytes);

/// The layout of every JSON file the capture writes: object members in byte order of their keys,
/// one value per line indented by one space per level, ": " after a key, empty containers as
/// [] and {}, and a final newline. (This is the layout the files have had since their first
/// version, so files written before and after compare byte for byte.) Strings that are not valid
/// UTF-8 (the tail of a rank's log cut mid-character, say) are written with U+FFFD in place of
/// each invalid sequence, so every file the capture writes reads back.
std::string jsonFileText(const json::Value& value);

/// The same members in the same order on one line, without spaces and without a final newline.
std::string jsonCompactText(const json::Value& value);

/// At most about 40 characters of a value, for a refusal: "\"25 furlongs\"", "1e309",
/// "\"aaaaaaaa...\" (5000000 bytes)", "an array of 3 values".
std::string quoteForMessage(const json::Value& value);

/// Arrays of integers or strings, for building documents.
json::Value integerArray(const std::vector<std::int64_t>& values);
json::Value integerArray(const std::vector<int>& values);
json::Value stringArray(const std::vector<std::string>& values);
/// An integer, or null when absent.
json::Value integerOrNull(const std::optional<std::int64_t>& value);

/// The fields of one JSON object, read through json::Reader: every accessor refuses with the
/// member's JSON path ("$.iterations[2].buckets[0].issue_ns") and json::Reader's rule. It keeps
/// the reader, the object and its path together so that one field reads in one line; every rule
/// is json::Reader's.
class Fields {
public:
    /// Refuses a value that is not an object.
    Fields(const json::Reader& in, const json::Value& object, std::string path);

    const std::string& path() const { return path_; }
    std::string pathOf(std::string_view key) const { return json::childPath(path_, key); }
    const json::Reader& reader() const { return in_; }
    const json::Value& object() const { return object_; }

    bool has(std::string_view key) const { return object_.find(key) != nullptr; }
    /// The member's value (refused when absent).
    const json::Value& value(std::string_view key) const;
    /// The member's value, or nullptr when absent or null.
    const json::Value* nullable(std::string_view key) const;

    std::int64_t integer(std::string_view key, std::int64_t min, std::int64_t max) const;
    std::int64_t nonNegative(std::string_view key) const;
    int intIn(std::string_view key, int min, int max) const;
    std::uint64_t unsignedInteger(std::string_view key) const;
    /// null (or absent) → nullopt; otherwise an integer in [min, max].
    std::optional<std::int64_t> integerOrNull(std::string_view key, std::int64_t min, std::int64_t max) const;
    std::string string(std::string_view key) const;
    bool boolean(std::string_view key) const;
    Fields object(std::string_view key) const;
    const json::Value& array(std::string_view key) const;
    std::vector<std::int64_t> integers(std::string_view key, std::int64_t min, std::int64_t max) const;
    std::vector<std::string> strings(std::string_view key) const;

    [[noreturn]] void fail(std::string_view key, const std::string& rule) const;

private:
    const json::Reader& in_;
    const json::Value& object_;
    std::string path_;
};

} // namespace cc::capture
