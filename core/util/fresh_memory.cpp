#include "core/util/fresh_memory.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace cc {

namespace {

/// [begin, end) shrunk to multiples of `alignment` (a power of two); empty when none fits.
struct AlignedRange {
    std::uintptr_t first = 0;
    std::uintptr_t last = 0;
    std::size_t size() const { return last > first ? last - first : 0; }
};

AlignedRange alignedInside(std::uintptr_t begin, std::size_t bytes, std::uintptr_t alignment)
{
    AlignedRange r;
    r.first = (begin + alignment - 1) & ~(alignment - 1);
    r.last = (begin + bytes) & ~(alignment - 1);
    return r;
}

} // namespace

void adviseHugePages(const void* data, std::size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const AlignedRange huge = alignedInside(reinterpret_cast<std::uintptr_t>(data), bytes, std::uintptr_t{2} << 20);
    if (data != nullptr && huge.size() > 0) {
        (void)madvise(reinterpret_cast<void*>(huge.first), huge.size(), MADV_HUGEPAGE);
    }
#else
    (void)data;
    (void)bytes;
#endif
}

void prepareFreshMemory(const void* data, std::size_t bytes)
{
#if defined(__linux__)
    if (data == nullptr || bytes < kFreshMemoryMinBytes) {
        return;
    }
    const auto begin = reinterpret_cast<std::uintptr_t>(data);
    constexpr std::uintptr_t kPage = 4096;
    constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
    const AlignedRange pages = alignedInside(begin, bytes, kPage);
    const AlignedRange huge = alignedInside(begin, bytes, kHugePage);
    // A refusal (EINVAL where huge pages are compiled out or the kernel predates prefaulting)
    // only means the request was not taken: the pages then fault in one by one as before.
#if defined(MADV_HUGEPAGE)
    if (huge.size() > 0) {
        (void)madvise(reinterpret_cast<void*>(huge.first), huge.size(), MADV_HUGEPAGE);
    }
#endif
#if defined(MADV_POPULATE_WRITE)
    // Only the pages outside the huge-page part: inside it, each 2 MiB page faults once, when it is
    // first written, and is zeroed right before that write, while still in cache. Prefaulting it
    // too would zero the whole buffer ahead of the writes and make memory traffic of it.
    auto populate = [](std::uintptr_t first, std::uintptr_t last) {
        if (last > first) {
            (void)madvise(reinterpret_cast<void*>(first), last - first, MADV_POPULATE_WRITE);
        }
    };
    if (huge.size() == 0) {
        populate(pages.first, pages.last);
    } else {
        populate(pages.first, huge.first);
        populate(huge.last, pages.last);
    }
#endif
#else
    (void)data;
    (void)bytes;
#endif
}

} // namespace cc
