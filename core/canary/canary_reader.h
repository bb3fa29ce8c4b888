// Reading canaries, which travel between teams and are therefore untrusted: every read is bounded
// by cc::resourceLimits() (file size, JSON nesting depth, table and program sizes, string sizes)
// and every index, count and enum is checked before anything uses it. Expansion is bounded
// separately (core/canary/expand.h) before a single event is produced.
#pragma once

#include "core/canary/canary.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cc {

/// Parses canary JSON. sourceName names the input in messages. Throws InputError naming the JSON
/// path and the rule on the first problem.
Canary parseCanary(std::string_view json, const std::string& sourceName);

/// Reads a canary file (plain or gzip), bounded by resourceLimits().maxInputBytes.
Canary readCanary(const std::filesystem::path& path);

/// Problems a canary has on its own, without its source, by area. Each problem is one sentence
/// naming the field.
struct CanaryConsistency {
    std::vector<std::string> compression; ///< logical/stored events, canary size, ratios
    std::vector<std::string> coverage;    ///< full vs the covered range
    std::vector<std::string> claim;       ///< a claim stronger than coverage, timing mode or its limits allow
    std::vector<std::string> bounds;      ///< lossless with intervals or bounds; bounds above header or budget
    bool ok() const { return compression.empty() && coverage.empty() && claim.empty() && bounds.empty(); }
};

/// Checks header figures against the program and the rules between coverage, timing mode, claim
/// and bounds. actualBytes, when non-zero, is the canary's serialised size to check canary_bytes against.
CanaryConsistency checkCanaryConsistency(const Canary& canary, std::uint64_t actualBytes = 0);

/// The key facts `info` prints for a canary, in display order.
std::vector<std::pair<std::string, std::string>> canaryFacts(const Canary& canary);

} // namespace cc
