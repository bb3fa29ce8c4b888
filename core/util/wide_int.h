// 128-bit integers for exact intermediate products and sums (ns x ppm x bytes, total bytes of a
// trace). __extension__ keeps -Wpedantic quiet about the GCC/Clang builtin type. The product's
// one wide integer type: every module, capture and the workbench included, uses these two names.
#pragma once

#include <string>

namespace cc {

__extension__ typedef __int128 WideInt;           // NOLINT(modernize-use-using): __extension__ needs typedef
__extension__ typedef unsigned __int128 WideUInt; // NOLINT(modernize-use-using)

/// The exact decimal text of a 128-bit value.
inline std::string wideToString(WideUInt v)
{
    std::string digits;
    do {
        digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
        v /= 10;
    } while (v != 0);
    return digits;
}

inline std::string wideToString(WideInt v)
{
    if (v < 0) {
        return "-" + wideToString(static_cast<WideUInt>(-(v + 1)) + 1);
    }
    return wideToString(static_cast<WideUInt>(v));
}

} // namespace cc
