// Exact order statistics over integer ns without sorting: a 16-bit radix histogram finds the
// bucket of each requested rank, then a selection inside that bucket finds the value. Linear
// time; the input is never modified. The values come as a contiguous array or picked out of a
// column by index (IndexedValues).
#pragma once

#include "core/replay/simulator.h"
#include "core/replay/wide_int.h"

#include <cstddef>
#include <cstdint>
#include <utility>
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

/// Values picked out of a column by index, without copying them: values[row * rowStride + i] for
/// every row < rows and every i in index[begin, end) of each run (a phase's or an operation's
/// events, block by block). The selection reads them where they are.
struct IndexedValues {
    const Ns* values = nullptr;
    std::size_t rowStride = 0;
    std::size_t rows = 0;
    const std::uint32_t* index = nullptr;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> runs; ///< [begin, end) into index

    std::size_t size() const;
};

/// distributionInRange of indexed values (the same figures as of a copy of them).
Distribution distributionInRange(const IndexedValues& values, Ns lo, Ns hi, WideInt sum);

/// The values of several groups picked out of one column, block by block: group g's run in block
/// b is index[runOffset[b * groups + g] .. runOffset[b * groups + g + 1]), and its values are
/// values[row * rowStride + i] for every row < rows and every i in its runs.
struct GroupedValues {
    const Ns* values = nullptr;
    std::size_t rowStride = 0;
    std::size_t rows = 0;
    const std::uint32_t* index = nullptr;
    const std::uint32_t* runOffset = nullptr; ///< blocks * groups + 1 entries
    std::size_t blocks = 0;
    std::size_t groups = 0;

    IndexedValues group(std::size_t g) const; ///< one group's values
};

/// The distribution of every group (its range and sum given), with the passes over the column
/// shared by all groups: equal, group for group, to distributionInRange(values.group(g), lo[g],
/// hi[g], sum[g]), while the column is read twice in all rather than twice per group.
std::vector<Distribution> groupDistributions(const GroupedValues& values, const std::vector<Ns>& lo,
                                             const std::vector<Ns>& hi, const std::vector<WideInt>& sum);

} // namespace cc
