// Resource limits for untrusted input, in one place. Every reader is bounded by them and the
// CLI's --help prints them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cc {

struct ResourceLimits {
    std::uint64_t maxInputBytes = 4ULL << 30;      ///< a trace or canary file, after gunzip
    std::uint64_t maxEvents = 50'000'000;          ///< stored events in one trace
    std::uint64_t maxExpandedEvents = 100'000'000; ///< logical events a canary may expand to
    std::uint64_t maxJsonDepth = 64;               ///< nesting depth of any JSON document
    std::uint64_t maxRanksPerEvent = 65'536;       ///< members of one collective
    std::uint64_t maxStringBytes = 1 << 20;        ///< one string value
    /// Rank memberships summed over a trace's events (what replay walks per event and rank).
    std::uint64_t maxRankSlots = 1ULL << 28;
    /// Working memory a single trace or expansion may need, by its estimate, before it is
    /// allocated. Defaults to three quarters of this machine's physical memory.
    std::uint64_t maxMemoryBytes = defaultMaxMemoryBytes();
    /// Inflated bytes per compressed byte a gzip input may reach once past kGzipRatioFloorBytes.
    /// Real profiles and traces compress 10–60×; a decompression bomb reaches ~1000×, so this
    /// refuses a bomb after a few MiB of output instead of at maxInputBytes.
    std::uint64_t maxGzipRatio = 250;
    /// Cells (configurations × repeats) one capture sweep may plan; checked before expansion.
    std::uint64_t maxSweepCells = 10'000;

    static std::uint64_t defaultMaxMemoryBytes();
};

/// Bytes a trace of `events` events with `arrivals` per-rank arrival values needs in memory
/// (columns, interning and the derived timing columns), for refusing before allocating.
std::uint64_t estimatedTraceBytes(std::uint64_t events, std::uint64_t arrivals);

/// Throws InputError (naming source and what) when the estimate exceeds maxMemoryBytes.
void checkMemoryEstimate(const std::string& source, const std::string& what, std::uint64_t estimatedBytes);

/// Output below this size is never refused for its expansion ratio (a small file may compress
/// beyond any ratio).
inline constexpr std::uint64_t kGzipRatioFloorBytes = 32ULL << 20;

/// Throws InputError (naming source) when `inflated` bytes came from only `consumed` compressed
/// bytes, beyond maxGzipRatio and past kGzipRatioFloorBytes. Called while inflating, so a bomb is
/// refused after a few MiB, not after maxInputBytes.
void checkGzipExpansion(const std::string& source, std::uint64_t inflated, std::uint64_t consumed);

/// The limits in force (defaults unless the CLI or GUI changed them at start-up).
ResourceLimits& resourceLimits();

/// One limit a user may override for a run (`--limit NAME=VALUE` in the CLI).
struct ResourceLimitSpec {
    std::string_view name;  ///< as written on the command line: "gzip-ratio"
    std::string_view label; ///< what it bounds, for --help
    std::uint64_t ResourceLimits::*field;
    std::uint64_t scale; ///< the field's unit per unit of the written value (1, or 1 MiB for memory-mib)
    std::string_view unit;
    /// The largest value that may be written, where the product's own structures set one, and why;
    /// 0 for none.
    std::uint64_t ceiling = 0;
    std::string_view ceilingReason = {};
};

/// Every overridable limit, in the order --help lists them.
std::span<const ResourceLimitSpec> resourceLimitSpecs();

/// Applies "NAME=VALUE" (a positive decimal integer, at most the limit's ceiling) to limits. Returns
/// an error text naming the problem and the known names, or an empty string.
std::string applyResourceLimitOverride(ResourceLimits& limits, std::string_view assignment);

/// The limits whose values differ from the defaults, as "NAME=VALUE" in --help order; what an
/// artifact records about the limits it was made under.
std::vector<std::string> resourceLimitOverrides(const ResourceLimits& limits);

/// A short text listing the limits with their names, for --help.
std::string describeResourceLimits(const ResourceLimits& limits);

} // namespace cc
