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
#include <iterator>
#include <type_traits>
#include <vector>

namespace cc {

/// Buffers below this size are left alone: they hold few pages, and they usually come from
/// memory the allocator has already touched.
inline constexpr std::size_t kFreshMemoryMinBytes = std::size_t{64} << 10;

/// Asks for transparent huge pages on the 2 MiB-aligned part of [data, data + bytes): memory about
/// to be written in order, page by page, each huge page faulted in (and zeroed) at its first write.
/// A hint only; the kernel may refuse it. Nothing is touched.
void adviseHugePages(const void* data, std::size_t bytes);

/// Advises huge pages for the 2 MiB-aligned part of [data, data + bytes) and prefaults, writable,
/// the 4 KiB pages of the rest that lie wholly inside it. For memory about to be written in full.
void prepareFreshMemory(const void* data, std::size_t bytes);

/// Grows `column` (a vector or a string) to hold at least `capacity` elements in a fresh buffer that
/// is prepared (prepareFreshMemory) before its old elements are moved in: the move and the writes
/// after it then fault in huge pages, and the few small pages at the ends at once, instead of one
/// 4 KiB page at a time. Does nothing when the column already has the room.
template <class Column> void growFresh(Column& column, std::size_t capacity)
{
    if (capacity <= column.capacity()) {
        return;
    }
    Column fresh;
    fresh.reserve(capacity);
    prepareFreshMemory(fresh.data(), fresh.capacity() * sizeof(*fresh.data()));
    if constexpr (std::is_trivially_copyable_v<typename Column::value_type>) {
        fresh.insert(fresh.end(), column.begin(), column.end()); // one copy of the bytes
    } else {
        fresh.insert(fresh.end(), std::make_move_iterator(column.begin()), std::make_move_iterator(column.end()));
    }
    column.swap(fresh);
}

/// Resizes `column` to `count` elements; when that needs a fresh buffer of at least
/// kFreshMemoryMinBytes, it is grown by growFresh first, so the new elements are written into
/// prepared memory.
template <typename T, class Allocator> void resizeAdvised(std::vector<T, Allocator>& column, std::size_t count)
{
    if (count * sizeof(T) >= kFreshMemoryMinBytes) {
        growFresh(column, count);
    }
    column.resize(count);
}

} // namespace cc
