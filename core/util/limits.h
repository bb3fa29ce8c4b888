// Resource limits for untrusted input, in one place. Every reader is bounded by them and the
// CLI's --help prints them.
#pragma once

#include <cstdint>
#include <string>

namespace cc {

struct ResourceLimits {
    std::uint64_t maxInputBytes = 4ULL << 30;          ///< a trace or canary file, after gunzip
    std::uint64_t maxEvents = 50'000'000;               ///< stored events in one trace
    std::uint64_t maxExpandedEvents = 100'000'000;      ///< logical events a canary may expand to
    std::uint64_t maxJsonDepth = 64;                    ///< nesting depth of any JSON document
    std::uint64_t maxRanksPerEvent = 65'536;            ///< members of one collective
    std::uint64_t maxStringBytes = 1 << 20;             ///< one string value
    /// Rank memberships summed over a trace's events (what replay walks per event and rank).
    std::uint64_t maxRankSlots = 1ULL << 28;
    /// Working memory a single trace or expansion may need, by its estimate, before it is
    /// allocated. Defaults to three quarters of this machine's physical memory.
    std::uint64_t maxMemoryBytes = defaultMaxMemoryBytes();

    static std::uint64_t defaultMaxMemoryBytes();
};

/// Bytes a trace of `events` events with `arrivals` per-rank arrival values needs in memory
/// (columns, interning and the derived timing columns), for refusing before allocating.
std::uint64_t estimatedTraceBytes(std::uint64_t events, std::uint64_t arrivals);

/// Throws InputError (naming source and what) when the estimate exceeds maxMemoryBytes.
void checkMemoryEstimate(const std::string& source, const std::string& what, std::uint64_t estimatedBytes);

/// The limits in force (defaults unless the CLI or GUI changed them at start-up).
ResourceLimits& resourceLimits();

/// A short text listing the limits, for --help.
std::string describeResourceLimits(const ResourceLimits& limits);

} // namespace cc
