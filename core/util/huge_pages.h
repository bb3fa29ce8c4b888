// Large working buffers (per-event and per-sample columns of a replay) are touched for the first
// time right after they are allocated, and on Linux most of that first touch is page-fault work
// (one fault per 4 KiB page). Advising transparent huge pages for a buffer before its first touch
// turns 512 of those faults into one. The advice changes no value: it is a hint the kernel may
// ignore (it does when huge pages are switched off), and it is a no-op on other systems.
#pragma once

#include <cstddef>
#include <vector>

namespace cc {

/// Buffers below this size are left alone (they cannot hold an aligned huge page).
inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

/// Advises huge pages for the 2 MiB-aligned part of [data, data + bytes).
void adviseHugePages(const void* data, std::size_t bytes);

/// Resizes `column` to `count` elements; when that needs a fresh buffer, reserves it first and
/// advises huge pages before the new elements are written.
template <typename T, class Allocator> void resizeAdvised(std::vector<T, Allocator>& column, std::size_t count)
{
    if (count > column.capacity() && count * sizeof(T) >= kHugePageBytes) {
        std::vector<T, Allocator> fresh;
        fresh.reserve(count);
        adviseHugePages(fresh.data(), count * sizeof(T));
        fresh.assign(column.begin(), column.end());
        column.swap(fresh);
    }
    column.resize(count);
}

} // namespace cc
