// Small helpers for writing JSON text directly (fast, deterministic, no floating point).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace cc::json_text {

/// Appends s as a JSON string literal (with quotes), escaping as RFC 8259 requires.
void appendString(std::string& out, std::string_view s);

/// Appends an integer.
void appendInt(std::string& out, std::int64_t value);
void appendUInt(std::string& out, std::uint64_t value);

} // namespace cc::json_text
