// Exact conversion between JSON decimal text and scaled integers.
// Times arrive as microsecond decimals ("75.629") and live inside as integer nanoseconds;
// the conversion works on the text, never through a double.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cc {

enum class DecimalError {
    None,
    NotANumber, ///< not a JSON number (or NaN / Infinity spelled out)
    Negative,   ///< below zero where only non-negative values are allowed
    TooFine,    ///< more precision than the target unit keeps (e.g. finer than 1 ns)
    OutOfRange, ///< does not fit the 64-bit integer range
};

struct ScaledValue {
    std::int64_t value = 0;
    DecimalError error = DecimalError::None;
};

/// Parses JSON number text (optional '-', digits, optional fraction, optional exponent) and
/// returns value × 10^scale exactly. scale = 3 turns microseconds into nanoseconds; scale = 9
/// stores a dimensionless factor in units of 1e-9. Rejects negative values unless allowNegative.
ScaledValue parseScaledDecimal(std::string_view text, int scale, bool allowNegative = false);

namespace detail {
/// The general conversion parseScaledDecimal falls back to for uncommon shapes; exposed so the
/// tests can hold the fast path to it.
ScaledValue parseScaledDecimalGeneral(std::string_view text, int scale, bool allowNegative);
} // namespace detail

/// The largest scale the writers below take (the product's are 3 and 9): a larger one is written as
/// this one, a negative one as 0.
inline constexpr int kMaxScaledDecimalScale = 24;

/// Writes value / 10^scale as the shortest exact decimal ("1500", 3 -> "1.5"; "1000", 3 -> "1").
/// scale is in [0, kMaxScaledDecimalScale].
std::string formatScaledDecimal(std::int64_t value, int scale);

/// Appends formatScaledDecimal to out without a temporary.
void appendScaledDecimal(std::string& out, std::int64_t value, int scale);

/// formatScaledDecimal(value, scale).size(), counted without writing it.
std::size_t scaledDecimalBytes(std::int64_t value, int scale);

/// Human words for a DecimalError, e.g. "is finer than 1 ns".
std::string_view decimalErrorText(DecimalError error);

inline constexpr int kMicrosToNanosScale = 3;
inline constexpr int kFactorScale = 9; ///< dimensionless factors (compute_pressure) in 1e-9 units
inline constexpr std::int64_t kFactorOne = 1'000'000'000;

} // namespace cc
