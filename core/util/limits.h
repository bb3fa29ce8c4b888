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
};

/// The limits in force (defaults unless the CLI or GUI changed them at start-up).
ResourceLimits& resourceLimits();

/// A short text listing the limits, for --help.
std::string describeResourceLimits(const ResourceLimits& limits);

} // namespace cc
