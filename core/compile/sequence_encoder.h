// Encodes a column of optional integers (message sequence numbers) as a periodic arithmetic
// program: entries of `repeats` rounds over a few elements, each element either absent or
// start + round × step. Exact: the program yields the column value for value.
#pragma once

#include "core/canary/canary.h"

#include <cstdint>
#include <vector>

namespace cc::compile {

/// values[i] < 0 means absent. hintPeriods: extra periods (in values) worth trying, e.g. the
/// periods of the motifs found in the event stream; periods 1..16 are always tried.
std::vector<SequenceEntry> encodeSequences(const std::vector<std::int64_t>& values,
                                           const std::vector<std::uint64_t>& hintPeriods);

} // namespace cc::compile
