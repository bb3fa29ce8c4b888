// Working buffers of a replay (per-event and per-sample columns) are written in full right after
// they are allocated, and on Linux most of the cost of that first touch is the kernel's: one page
// fault per 4 KiB page, each with its own entry and exit. prepareFreshMemory tells the kernel about
// the buffer before it is written: it advises transparent huge pages for the 2 MiB-aligned part (512
// faults become one, taken as each huge page is first written) and prefaults the pages outside
// that part, writable, in one call (MADV_POPULATE_WRITE, Linux 5.14): the whole of a buffer under
// 2 MiB, the unaligned ends of a larger one. Neither changes a value: both are requests the kernel
// may refuse (an older kernel, huge pages switched off), and both are no-ops on other systems.
#pragma once

#include <cstddef>
#include <vector>

namespace cc {

/// Buffers below this size are left alone: they hold few pages, and they usually come from
/// memory the allocator has already touched.
inline constexpr std::size_t kFreshMemoryMinBytes = std::size_t{64} << 10;

/// Advises huge pages for the 2 MiB-aligned part of [data, data + bytes) and prefaults, writable,
/// the 4 KiB pages of the rest that lie wholly inside it. For memory about to be written in full.
void prepareFreshMemory(const void* data, std::size_t bytes);

/// Resizes `column` to `count` elements; when that needs a fresh buffer of at least
/// kFreshMemoryMinBytes, reserves it first and prepares it (prepareFreshMemory) before the new
/// elements are written.
template <typename T, class Allocator> void resizeAdvised(std::vector<T, Allocator>& column, std::size_t count)
{
    if (count > column.capacity() && count * sizeof(T) >= kFreshMemoryMinBytes) {
        std::vector<T, Allocator> fresh;
        fresh.reserve(count);
        prepareFreshMemory(fresh.data(), count * sizeof(T));
        fresh.assign(column.begin(), column.end());
        column.swap(fresh);
    }
    column.resize(count);
}

} // namespace cc
