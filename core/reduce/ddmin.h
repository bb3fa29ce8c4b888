// Delta debugging (Zeller and Hildebrandt's ddmin) over a set of element indices with an injected
// oracle. Faithful to the algorithm: split the current set into n chunks; reduce to a chunk that
// passes (n = 2); else reduce to a complement that passes (n = max(n - 1, 2)); else double the
// granularity (n = min(2n, |set|)); stop when n = |set| and nothing passes. The result is
// 1-minimal: removing any single element makes the oracle fail (unless the call limit stopped it).
//
// Outcomes are cached: a subset tested once is never sent to the oracle again (with n = 2 the two
// complements are the two chunks, for instance). The empty set is never tested.
#pragma once

#include "core/util/progress.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cc::reduce {

/// True when the subset (ascending element indices) keeps the property.
using Oracle = std::function<bool(const std::vector<std::uint32_t>& subset)>;

struct DdminOptions {
    std::uint64_t maxOracleCalls = 0; ///< 0: no limit
};

struct DdminStep {
    std::uint64_t call = 0; ///< oracle call number (1-based)
    std::uint64_t granularity = 0;
    bool complement = false; ///< tested a complement (else a chunk)
    std::uint64_t size = 0;  ///< elements in the tested subset
    bool kept = false;       ///< the oracle accepted it
};

struct DdminResult {
    std::vector<std::uint32_t> kept; ///< ascending
    std::uint64_t oracleCalls = 0;
    std::uint64_t cacheHits = 0;
    bool callLimitReached = false;
    bool oneMinimal = false; ///< finished at full granularity (no single element is removable)
    std::vector<DdminStep> steps;
};

/// Runs ddmin from the whole input (assumed to pass; it is not re-tested). Input indices must be
/// distinct; they are sorted first.
DdminResult ddmin(std::vector<std::uint32_t> input, const Oracle& oracle, const DdminOptions& options,
                  Progress& progress);

} // namespace cc::reduce
