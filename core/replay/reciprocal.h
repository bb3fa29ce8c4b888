// Exact division by a divisor that is fixed for many dividends, without a divide instruction:
// the divisor's 64-bit reciprocal is computed once, and each quotient is the high half of one
// 64 x 64 -> 128-bit product, corrected by at most one exact integer step. Used where the
// scheduler loop divides by a per-configuration duration; the result is always the exact
// integer quotient, on every machine.
#pragma once

#include "core/util/wide_int.h"

#include <cstdint>

namespace cc {

/// Dividends must stay below this.
inline constexpr std::uint64_t kReciprocalDividendLimit = std::uint64_t{1} << 63;

/// The reciprocal of d >= 1: m = floor((2^64 - 1) / d).
inline std::uint64_t reciprocalOf(std::uint64_t d)
{
    return UINT64_MAX / d;
}

/// floor(x / d) for x < 2^63 and d >= 1, given m = reciprocalOf(d). Since
/// 2^64 - 1 - d < m * d <= 2^64 - 1, the high half q = floor(x * m / 2^64) satisfies
/// x / d - x * (1 + d) / (d * 2^64) < q <= x / d, and x * (1 + d) / (d * 2^64) <= 2x / 2^64 < 1:
/// q is the quotient or one less. The remainder x - q * d is then in [0, 2d), and one step up
/// when it is >= d gives the quotient.
inline std::uint64_t divideByReciprocal(std::uint64_t x, std::uint64_t d, std::uint64_t m)
{
    const auto q = static_cast<std::uint64_t>((static_cast<WideUInt>(x) * m) >> 64);
    const std::uint64_t rest = x - q * d;
    return q + (rest >= d ? 1 : 0);
}

} // namespace cc
