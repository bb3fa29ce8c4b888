// Exact order statistics over integer ns without sorting: a 16-bit radix histogram finds the
// bucket of each requested rank, then a selection inside that bucket finds the value. Linear
// time; the input is never modified. The values come as a contiguous array or picked out of a
// column by index (IndexedValues).
#pragma once

#include "core/replay/simulator.h"
#include "core/util/wide_int.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
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

/// The same from known range and sum (one pass less). `atLo` is a count of values known to equal
/// lo (0 when unknown): ranks below it are lo without a pass, and when they cover every reported
/// rank (a queue-wait column that is mostly zero) the column is not read at all.
Distribution distributionInRange(const Ns* values, std::size_t n, Ns lo, Ns hi, WideInt sum, std::uint64_t atLo = 0);

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
    /// The values of every group g for which take(g) holds.
    IndexedValues where(const std::function<bool(std::size_t)>& take) const;
};

/// One grouping of a column for columnDistributions, as a grouping of the column's cells (see
/// columnDistributions): the group of each cell, and each group's range and sum.
struct GroupingInput {
    std::span<const std::uint32_t> groupOfCell; ///< per cell, its group (< lo.size())
    std::span<const Ns> lo, hi;
    std::span<const WideInt> sum;
};

struct BlockedColumn {
    const Ns* values = nullptr;
    std::size_t rowLength = 0;
    std::size_t rows = 0;
    std::size_t block = 0;
    Ns lo = 0, hi = 0;
    WideInt sum = 0;
};

struct ColumnDistributions {
    Distribution whole;
    std::vector<std::vector<Distribution>> groups; ///< per grouping, per group
    /// When tailListed: positions (row * rowLength + i, ascending) of the column's values that may
    /// lie at or above whole.p99, every such value's among them (those of the p99's histogram
    /// bucket and above), listed during the selection's second pass so that a caller need not read
    /// the column again for its tail. Not listed when the selection took no second pass.
    bool tailListed = false;
    std::vector<std::size_t> tailCandidates;
};

/// Appends to `out` offset + k for every k < n with values[k] >= threshold, ascending. Sixteen
/// values are tested together (vector comparisons) and only a group holding one is listed, so a
/// column with few such values costs about one comparison per value.
void listAtLeast(const Ns* values, std::size_t n, Ns threshold, std::size_t offset, std::vector<std::size_t>& out);

/// The distribution of a whole column and of every group of each grouping of it, with the passes
/// over the column shared. `cells` partitions the column's positions into cells, block by block
/// (GroupedValues with one group per cell), and every grouping is a grouping of those cells (the
/// summary's cells are the events of one phase and one operation). Each pass reads the column block
/// by block, once, and each cell's values once per pass, through its member list, while the block
/// is in cache. Large cells are counted into histograms of their own, laid out as the whole
/// column's, which then add up to the whole column's and their groups' histograms; the other cells
/// count into those directly. Equal to distributionInRange of the column and, group for group, of
/// its values with its range and sum; the second pass also lists the whole column's tail candidates
/// (see ColumnDistributions). Without groupings, `cells` is not read (an empty GroupedValues will
/// do). Throws std::invalid_argument when the cells describe another column or other blocks, or a
/// grouping does not fit the cells.
ColumnDistributions columnDistributions(const BlockedColumn& column, const GroupedValues& cells,
                                        std::span<const GroupingInput> groupings);

} // namespace cc
