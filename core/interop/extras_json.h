// Event extras (the trace format's unknown fields) as exact JSON text: values are kept as their
// JSON tokens, so times stay exact decimals and never pass through floating point; keys are
// written in sorted order, so the text is deterministic.
#pragma once

#include "core/trace/event.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace cc::interop {

class ExtrasJson {
public:
    void raw(const std::string& key, std::string json) { values_[key] = std::move(json); }
    void text(const std::string& key, std::string_view value);
    void integer(const std::string& key, std::int64_t value);
    void micros(const std::string& key, Ns value); ///< exact decimal microseconds
    bool empty() const { return values_.empty(); }
    /// "{...}" or "" when empty.
    std::string json() const;

private:
    std::map<std::string, std::string> values_;
};

/// The raw JSON token of a top-level key of an extras object ("{...}"), or nullopt.
std::optional<std::string> extraValue(std::string_view extrasJson, std::string_view key);

} // namespace cc::interop
