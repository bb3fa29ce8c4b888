// 128-bit integers for intermediate products of the fixed-point model (ns x ppm x bytes).
// __extension__ keeps -Wpedantic quiet about the GCC/Clang builtin type.
#pragma once

namespace cc {

__extension__ typedef __int128 WideInt;
__extension__ typedef unsigned __int128 WideUInt;

} // namespace cc
