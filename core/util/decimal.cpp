#include "core/util/decimal.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <limits>

namespace cc {

namespace {

/// 10^0 .. 10^19: every power of ten a 64-bit unsigned integer holds.
constexpr std::array<std::uint64_t, 20> kPow10 = [] {
    std::array<std::uint64_t, 20> p{};
    p[0] = 1;
    for (std::size_t k = 1; k < p.size(); ++k) {
        p[k] = p[k - 1] * 10;
    }
    return p;
}();

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

} // namespace

namespace detail {

ScaledValue parseScaledDecimalGeneral(std::string_view text, int scale, bool allowNegative)
{
    ScaledValue out;
    std::size_t pos = 0;
    bool negative = false;
    if (pos < text.size() && text[pos] == '-') {
        negative = true;
        ++pos;
    }
    // Collect significant digits of integer and fraction parts.
    std::string digits;
    digits.reserve(text.size());
    int fractionDigits = 0;
    std::size_t intStart = pos;
    while (pos < text.size() && isDigit(text[pos])) {
        digits += text[pos++];
    }
    if (pos == intStart) {
        out.error = DecimalError::NotANumber;
        return out;
    }
    if (pos < text.size() && text[pos] == '.') {
        ++pos;
        std::size_t fracStart = pos;
        while (pos < text.size() && isDigit(text[pos])) {
            digits += text[pos++];
            ++fractionDigits;
        }
        if (pos == fracStart) {
            out.error = DecimalError::NotANumber;
            return out;
        }
    }
    long long exponent = 0;
    if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
        ++pos;
        bool expNegative = false;
        if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
            expNegative = text[pos] == '-';
            ++pos;
        }
        std::size_t expStart = pos;
        while (pos < text.size() && isDigit(text[pos])) {
            if (exponent < 100000) {
                exponent = exponent * 10 + (text[pos] - '0');
            }
            ++pos;
        }
        if (pos == expStart) {
            out.error = DecimalError::NotANumber;
            return out;
        }
        if (expNegative) {
            exponent = -exponent;
        }
    }
    if (pos != text.size()) {
        out.error = DecimalError::NotANumber;
        return out;
    }
    // value = digits × 10^(exponent - fractionDigits); scaled = digits × 10^(shift)
    long long shift = exponent - fractionDigits + scale;
    // Strip leading zeros.
    std::size_t first = digits.find_first_not_of('0');
    if (first == std::string::npos) {
        out.value = 0; // zero, negative zero included
        return out;
    }
    std::string_view sig(digits);
    sig.remove_prefix(first);
    if (negative && !allowNegative) {
        out.error = DecimalError::Negative;
        return out;
    }
    // Negative shift: trailing digits must be zeros, else the value is finer than the unit.
    if (shift < 0) {
        auto drop = static_cast<std::size_t>(-shift);
        if (drop >= sig.size()) {
            out.error = DecimalError::TooFine;
            return out;
        }
        for (std::size_t i = sig.size() - drop; i < sig.size(); ++i) {
            if (sig[i] != '0') {
                out.error = DecimalError::TooFine;
                return out;
            }
        }
        sig.remove_suffix(drop);
        shift = 0;
    }
    if (static_cast<long long>(sig.size()) + shift > 19) {
        out.error = DecimalError::OutOfRange;
        return out;
    }
    unsigned long long acc = 0;
    constexpr unsigned long long limit = static_cast<unsigned long long>(std::numeric_limits<std::int64_t>::max());
    for (char c : sig) {
        unsigned long long d = static_cast<unsigned long long>(c - '0');
        if (acc > (limit - d) / 10) {
            out.error = DecimalError::OutOfRange;
            return out;
        }
        acc = acc * 10 + d;
    }
    for (long long i = 0; i < shift; ++i) {
        if (acc > limit / 10) {
            out.error = DecimalError::OutOfRange;
            return out;
        }
        acc *= 10;
    }
    out.value = negative ? -static_cast<std::int64_t>(acc) : static_cast<std::int64_t>(acc);
    return out;
}

} // namespace detail

ScaledValue parseScaledDecimal(std::string_view text, int scale, bool allowNegative)
{
    // The common shapes, [-]digits[.digits] with at most 18 digits, in one pass without a copy.
    // Everything else (exponents, long numbers, malformed text) takes the general path. Both give
    // the same answer, errors and their order included (tst_decimal compares them).
    constexpr std::size_t kMaxDigits = 18;
    if (scale < 0 || scale > static_cast<int>(kMaxDigits)) {
        return detail::parseScaledDecimalGeneral(text, scale, allowNegative);
    }
    std::size_t pos = 0;
    const bool negative = !text.empty() && text[0] == '-';
    pos += negative ? 1 : 0;
    std::uint64_t acc = 0;
    std::size_t digits = 0;
    while (pos < text.size() && isDigit(text[pos])) {
        acc = acc * 10 + static_cast<std::uint64_t>(text[pos++] - '0');
        ++digits;
    }
    std::size_t fractionDigits = 0;
    if (pos < text.size() && text[pos] == '.') {
        ++pos;
        while (pos < text.size() && isDigit(text[pos])) {
            acc = acc * 10 + static_cast<std::uint64_t>(text[pos++] - '0');
            ++fractionDigits;
        }
        if (fractionDigits == 0) {
            return detail::parseScaledDecimalGeneral(text, scale, allowNegative);
        }
    }
    if (digits == 0 || pos != text.size() || digits + fractionDigits > kMaxDigits) {
        return detail::parseScaledDecimalGeneral(text, scale, allowNegative);
    }
    ScaledValue out;
    if (acc == 0) {
        return out; // zero, negative zero included
    }
    if (negative && !allowNegative) {
        out.error = DecimalError::Negative;
        return out;
    }
    const int shift = scale - static_cast<int>(fractionDigits);
    if (shift < 0) {
        const std::uint64_t unit = kPow10[static_cast<std::size_t>(-shift)];
        if (acc % unit != 0) {
            out.error = DecimalError::TooFine;
            return out;
        }
        acc /= unit;
    } else {
        const std::uint64_t unit = kPow10[static_cast<std::size_t>(shift)];
        if (acc > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) / unit) {
            out.error = DecimalError::OutOfRange;
            return out;
        }
        acc *= unit;
    }
    out.value = negative ? -static_cast<std::int64_t>(acc) : static_cast<std::int64_t>(acc);
    return out;
}

namespace {

/// value / 10^scale as it is spelled: the sign, the integer part, and the fraction without its
/// trailing zeros in `fractionDigits` digits (leading zeros included; 0 when there is none).
struct ScaledParts {
    bool negative = false;
    std::uint64_t whole = 0;
    std::uint64_t fraction = 0;
    int fractionDigits = 0;
};

ScaledParts scaledParts(std::int64_t value, int scale)
{
    // Working in unsigned avoids overflow on INT64_MIN.
    constexpr int kMaxScale = static_cast<int>(kPow10.size()) - 1;
    scale = std::clamp(scale, 0, kMaxScaledDecimalScale);
    const std::uint64_t magnitude =
        value < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
    // A scale beyond 10^19 leaves every 64-bit value below one: all of it is fraction.
    const std::uint64_t unit = scale <= kMaxScale ? kPow10[static_cast<std::size_t>(scale)] : 0;
    ScaledParts parts;
    parts.negative = value < 0;
    parts.whole = unit == 0 ? 0 : magnitude / unit;
    parts.fraction = unit == 0 ? magnitude : magnitude % unit;
    if (parts.fraction != 0) {
        parts.fractionDigits = scale;
        while (parts.fraction % 10 == 0) {
            parts.fraction /= 10;
            --parts.fractionDigits;
        }
    }
    return parts;
}

std::size_t decimalDigits(std::uint64_t value)
{
    std::size_t digits = 1;
    while (value >= 10) {
        value /= 10;
        ++digits;
    }
    return digits;
}

} // namespace

void appendScaledDecimal(std::string& out, std::int64_t value, int scale)
{
    // Each part spelled by to_chars into one buffer that is appended once (a character at a time,
    // this was most of the cost of writing a trace's times).
    const ScaledParts parts = scaledParts(value, scale);
    std::array<char, 2 + 20 + kMaxScaledDecimalScale> text{};
    char* at = text.data();
    char* const end = text.data() + text.size();
    if (parts.negative) {
        *at++ = '-';
    }
    at = std::to_chars(at, end, parts.whole).ptr;
    if (parts.fractionDigits > 0) {
        *at++ = '.';
        char* const fractionEnd = at + parts.fractionDigits;
        const char* const written = std::to_chars(at, end, parts.fraction).ptr;
        // Right-aligned in its digits: the leading zeros go in front.
        const auto length = static_cast<std::size_t>(written - at);
        std::memmove(fractionEnd - length, at, length);
        std::memset(at, '0', static_cast<std::size_t>(parts.fractionDigits) - length);
        at = fractionEnd;
    }
    out.append(text.data(), static_cast<std::size_t>(at - text.data()));
}

std::size_t scaledDecimalBytes(std::int64_t value, int scale)
{
    const ScaledParts parts = scaledParts(value, scale);
    return (parts.negative ? 1 : 0) + decimalDigits(parts.whole) +
           (parts.fractionDigits > 0 ? 1 + static_cast<std::size_t>(parts.fractionDigits) : 0);
}

std::string formatScaledDecimal(std::int64_t value, int scale)
{
    std::string out;
    appendScaledDecimal(out, value, scale);
    return out;
}

std::string_view decimalErrorText(DecimalError error)
{
    switch (error) {
    case DecimalError::None:
        return "is valid";
    case DecimalError::NotANumber:
        return "is not a finite JSON number";
    case DecimalError::Negative:
        return "must not be negative";
    case DecimalError::TooFine:
        return "has more precision than the unit kept inside (1 ns for times, 1e-9 for factors)";
    case DecimalError::OutOfRange:
        return "is too large for a 64-bit integer";
    }
    return "is invalid";
}

} // namespace cc
