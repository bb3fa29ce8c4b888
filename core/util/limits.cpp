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
                                     "default; --limit memory-mib=N overrides); refused before allocating");
    }
}

void checkGzipExpansion(const std::string& source, std::uint64_t inflated, std::uint64_t consumed)
{
    const std::uint64_t ratio = resourceLimits().maxGzipRatio;
    if (inflated <= kGzipRatioFloorBytes || consumed == 0 || inflated / consumed < ratio) {
        return;
    }
    throw InputError(source, "gzip content inflates " + std::to_string(inflated / consumed) +
                                 " times its compressed size (" + std::to_string(inflated) + " bytes from " +
                                 std::to_string(consumed) + "), beyond the limit of " + std::to_string(ratio) +
                                 " (resource limit on the gzip expansion ratio; --limit gzip-ratio=N overrides); "
                                 "refused as a likely decompression bomb");
}

ResourceLimits& resourceLimits()
{
    static ResourceLimits limits;
    return limits;
}

namespace {

constexpr std::uint64_t kMiB = 1ULL << 20;

/// A trace numbers its events, strings, rank sets and arrival lists in 32 bits; with at most seven
/// interned strings an event, 2^29 events keep every number below 2^32.
constexpr std::uint64_t kMaxTraceEvents = 1ULL << 29;
constexpr std::string_view kEventsCeiling = "a trace numbers its events and their strings in 32 bits";

constexpr ResourceLimitSpec kSpecs[] = {
    {"input-bytes", "input file size (after gunzip)", &ResourceLimits::maxInputBytes, 1, " bytes"},
    {"events", "stored events per trace", &ResourceLimits::maxEvents, 1, "", kMaxTraceEvents, kEventsCeiling},
    {"expanded-events", "logical events a canary expands to", &ResourceLimits::maxExpandedEvents, 1, "",
     kMaxTraceEvents, kEventsCeiling},
    // The readers' JSON values nest by recursion: a document millions of levels deep would end the
    // process on its stack instead of being refused.
    {"json-depth", "JSON nesting depth", &ResourceLimits::maxJsonDepth, 1, "", 1024,
     "deeper documents would exhaust a reader's stack"},
    // A count such as "ranks": 2000000000 is expanded to a list, and the list is held several
    // times over while the event is checked and interned: under a raised limit it took every byte
    // of the machine instead of being refused.
    {"ranks-per-event", "ranks per collective", &ResourceLimits::maxRanksPerEvent, 1, "", 1ULL << 24,
     "a collective's member list is held several times over while it is read"},
    {"string-bytes", "one string value", &ResourceLimits::maxStringBytes, 1, " bytes", UINT32_MAX,
     "a trace holds an event id's length in 32 bits"},
    {"rank-slots", "rank memberships per trace", &ResourceLimits::maxRankSlots, 1, "", UINT32_MAX,
     "a trace finds an event's arrival times by a 32-bit offset"},
    {"memory-mib", "working memory (estimate)", &ResourceLimits::maxMemoryBytes, kMiB, " MiB"},
    {"gzip-ratio", "gzip expansion ratio (past 32 MiB)", &ResourceLimits::maxGzipRatio, 1, "x"},
    {"sweep-cells", "cells in one capture sweep", &ResourceLimits::maxSweepCells, 1, "", 100'000,
     "a sweep plans every cell in memory before the first runs"},
};

std::string knownNames()
{
    std::string names;
    for (const auto& spec : kSpecs) {
        names += (names.empty() ? "" : ", ") + std::string(spec.name);
    }
    return names;
}

} // namespace

std::span<const ResourceLimitSpec> resourceLimitSpecs()
{
    return kSpecs;
}

std::string applyResourceLimitOverride(ResourceLimits& limits, std::string_view assignment)
{
    const auto eq = assignment.find('=');
    if (eq == std::string_view::npos) {
        return "\"" + std::string(assignment.substr(0, 60)) + "\" is not NAME=VALUE (names: " + knownNames() + ")";
    }
    const std::string_view name = assignment.substr(0, eq);
    const std::string_view text = assignment.substr(eq + 1);
    for (const auto& spec : kSpecs) {
        if (spec.name != name) {
            continue;
        }
        std::uint64_t value = 0;
        bool ok = !text.empty() && text.size() <= 20;
        for (const char c : text) {
            if (c < '0' || c > '9' || value > (UINT64_MAX - 9) / 10) {
                ok = false;
                break;
            }
            value = value * 10 + static_cast<std::uint64_t>(c - '0');
        }
        if (!ok || value == 0 || value > UINT64_MAX / spec.scale) {
            return "limit " + std::string(name) + " needs a positive integer, not \"" +
                   std::string(text.substr(0, 40)) + "\"";
        }
        if (spec.ceiling != 0 && value > spec.ceiling) {
            return "limit " + std::string(name) + " is at most " + std::to_string(spec.ceiling) + " (" +
                   std::string(spec.ceilingReason) + "), not " + std::string(text);
        }
        limits.*spec.field = value * spec.scale;
        return {};
    }
    return "unknown limit \"" + std::string(name.substr(0, 60)) + "\" (names: " + knownNames() + ")";
}

std::vector<std::string> resourceLimitOverrides(const ResourceLimits& limits)
{
    const ResourceLimits defaults;
    std::vector<std::string> overrides;
    for (const auto& spec : kSpecs) {
        if (limits.*spec.field != defaults.*spec.field) {
            overrides.push_back(std::string(spec.name) + "=" + std::to_string(limits.*spec.field / spec.scale));
        }
    }
    return overrides;
}

std::string describeResourceLimits(const ResourceLimits& limits)
{
    std::string text;
    for (const auto& spec : kSpecs) {
        std::string name(spec.name);
        name.resize(17, ' ');
        std::string label(spec.label);
        label.resize(38, ' ');
        text += "  " + name + label + std::to_string(limits.*spec.field / spec.scale) + std::string(spec.unit);
        if (spec.ceiling != 0) {
            text += " (at most " + std::to_string(spec.ceiling) + ")";
        }
        text += "\n";
    }
    text += "  (override one for a run with --limit NAME=VALUE)\n";
    return text;
}

} // namespace cc
