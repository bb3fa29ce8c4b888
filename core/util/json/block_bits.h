// Bit tricks shared by the 64-byte block scanners of JSON text (the array cutter and the Chrome
// trace reader).
#pragma once

#include <cstdint>

namespace cc::json {

/// Running XOR of the bits (bit i = xor of bits 0..i): with bit i set at each unescaped quote,
/// marks the bytes from an opening quote up to its close.
inline std::uint64_t prefixXor(std::uint64_t x)
{
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

} // namespace cc::json
