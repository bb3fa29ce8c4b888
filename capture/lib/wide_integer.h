// A 128-bit integer for exact intermediate products (bytes × ppm, ns × bytes) without overflow.
#pragma once

namespace cc::capture {

__extension__ typedef __int128 Wide; // NOLINT(modernize-use-using): __extension__ silences -Wpedantic

} // namespace cc::capture
