// Baseline canaries: what a real canary is measured against. Each method turns the source into a
// small artifact the way a common practice would, so verify-behavior can show each failing or
// passing beside the real canary.
//
//   isolated    nccl-tests style: every distinct collective (cc::baselineGroup: operation, size,
//               group) run alone, sample-count times, ranks synchronised, no compute, idle between
//   random      sample-count source events chosen uniformly at random (seeded), in source order
//   frequency   one representative per distinct collective (its first occurrence, with its own
//               context), repeated in proportion to the collective's frequency, sample-count in all
//   cluster     k-means (integer, deterministic) over log-scaled size, gap, overlap and skew; each
//               cluster's most central event repeated in proportion to the cluster's size
//   stratified  each distinct collective's occurrences cut into strata-per-group strata in source
//               order, one event drawn (seeded) from each stratum, in source order
//
// Subsets of the source (random, stratified) become subset canaries (core/reduce/subset.h); the
// synthesised workloads (isolated, frequency, cluster) become lossless canaries that name the
// synthesised workload as their source — they stand for no source events, and verification
// against the source says so.
#pragma once

#include "core/reduce/subset.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc::baseline {

enum class Method : std::uint8_t { Isolated, Random, Frequency, Cluster, Stratified };

std::string_view methodName(Method method);
std::optional<Method> methodFromName(std::string_view name);
std::vector<std::string> methodNames();
/// A comma-separated list of method names ("isolated,random"; empty: none). Throws InputError
/// (source "--baselines") naming the first unknown name and the known ones, or a repeated one.
std::vector<Method> methodsFromList(std::string_view list);

struct Options {
    Method method = Method::Isolated;
    std::optional<std::uint64_t> sampleCount; ///< default: 20 runs per collective (isolated), 32 events otherwise
    std::uint64_t clusterCount = 8;
    std::uint64_t strataPerGroup = 4;
    std::uint64_t seed = 1;
};

/// The idle interval between isolated runs: long enough that every queue drains.
inline constexpr Ns kIsolationGapNs = 1'000'000'000;

struct Baseline {
    Method method = Method::Isolated;
    Trace trace;                       ///< the baseline workload as a trace
    std::vector<std::uint32_t> chosen; ///< source events it was built from (ascending), for subsets and representatives
    reduce::SubsetCanary artifact;     ///< the canary to write
    std::string description;           ///< one sentence
};

/// Builds the baseline. Throws InputError for options that make no sense (zero counts, an empty trace).
Baseline buildBaseline(const Trace& source, const std::string& sourceSha256, const Options& options,
                       Progress& progress);

} // namespace cc::baseline
