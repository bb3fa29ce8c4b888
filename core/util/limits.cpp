#include "core/util/limits.h"

#include "core/util/errors.h"

#include <unistd.h>

namespace cc {

namespace {

/// Per event: about 190 bytes of columns, rounded up for vector growth and interning.
constexpr std::uint64_t kTraceBytesPerEvent = 256;
constexpr std::uint64_t kTraceBytesPerArrival = 12;

std::string gibibytes(std::uint64_t bytes)
{
    const std::uint64_t tenths = (bytes * 10 + (1ULL << 29)) >> 30;
    return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " GiB";
}

} // namespace

std::uint64_t ResourceLimits::defaultMaxMemoryBytes()
{
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || pageSize <= 0) {
        return 8ULL << 30;
    }
    return static_cast<std::uint64_t>(pages) / 4 * 3 * static_cast<std::uint64_t>(pageSize);
}

std::uint64_t estimatedTraceBytes(std::uint64_t events, std::uint64_t arrivals)
{
    constexpr std::uint64_t kCap = UINT64_MAX / 2;
    const std::uint64_t a = events > kCap / kTraceBytesPerEvent ? kCap : events * kTraceBytesPerEvent;
    const std::uint64_t b = arrivals > kCap / kTraceBytesPerArrival ? kCap : arrivals * kTraceBytesPerArrival;
    return a + b;
}

void checkMemoryEstimate(const std::string& source, const std::string& what, std::uint64_t estimatedBytes)
{
    const std::uint64_t limit = resourceLimits().maxMemoryBytes;
    if (estimatedBytes > limit) {
        throw InputError(source, what + " needs an estimated " + gibibytes(estimatedBytes) +
                                     " of memory, more than the limit of " + gibibytes(limit) +
                                     " (resource limit on working memory, three quarters of this machine's by "
                                     "default; --max-memory-mib overrides); refused before allocating");
    }
}

ResourceLimits& resourceLimits()
{
    static ResourceLimits limits;
    return limits;
}

std::string describeResourceLimits(const ResourceLimits& limits)
{
    auto row = [](std::string label, const std::string& value) {
        label.resize(38, ' ');
        return "  " + label + value + "\n";
    };
    std::string text;
    text += row("input file size (after gunzip)", std::to_string(limits.maxInputBytes) + " bytes");
    text += row("stored events per trace", std::to_string(limits.maxEvents));
    text += row("logical events a canary expands to", std::to_string(limits.maxExpandedEvents));
    text += row("JSON nesting depth", std::to_string(limits.maxJsonDepth));
    text += row("ranks per collective", std::to_string(limits.maxRanksPerEvent));
    text += row("one string value", std::to_string(limits.maxStringBytes) + " bytes");
    text += row("rank memberships per trace", std::to_string(limits.maxRankSlots));
    text += row("working memory (estimate)", std::to_string(limits.maxMemoryBytes >> 20) + " MiB");
    return text;
}

} // namespace cc
