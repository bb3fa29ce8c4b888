// Exact order statistics over integer ns without sorting: a 16-bit radix histogram finds the
// bucket of each requested rank, then a selection inside that bucket finds the value. Linear
// time; the input is never modified.
#pragma once

#include "core/replay/simulator.h"
#include "core/replay/wide_int.h"

#include <cstddef>
#include <vector>

namespace cc {

/// The values at 0-based ranks (ascending order) of values[0..n). Ranks must be < n.
std::vector<Ns> valuesAtRanks(const Ns* values, std::size_t n, const std::vector<std::size_t>& ranks);

/// The same when the caller already knows the smallest (lo) and largest (hi) value.
std::vector<Ns> valuesAtRanksInRange(const Ns* values, std::size_t n, const std::vector<std::size_t>& ranks, Ns lo,
                                     Ns hi);

/// count, nearest-rank median/p95/p99, max and floor mean of values[0..n).
Distribution distributionOf(const Ns* values, std::size_t n);

/// The same from known range and sum (one pass less).
Distribution distributionInRange(const Ns* values, std::size_t n, Ns lo, Ns hi, WideInt sum);

} // namespace cc
