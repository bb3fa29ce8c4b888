#include "core/util/huge_pages.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace cc {

void adviseHugePages(const void* data, std::size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (data == nullptr || bytes < kHugePageBytes) {
        return;
    }
    const auto begin = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t first = (begin + kHugePageBytes - 1) & ~(std::uintptr_t{kHugePageBytes} - 1);
    const std::uintptr_t last = (begin + bytes) & ~(std::uintptr_t{kHugePageBytes} - 1);
    if (last > first) {
        // A refusal (EINVAL where huge pages are compiled out) only means no advice was taken.
        (void)madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
    }
#else
    (void)data;
    (void)bytes;
#endif
}

} // namespace cc
