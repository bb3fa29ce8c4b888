// The product's one quantile rule: nearest rank. The q-quantile of n values is the ceil(q*n)-th
// smallest, so the median is the lower median and every quantile is one of the values (no
// interpolation, no floating point). The replay engine's summaries, the timeline's tail threshold
// and range statistics, the latency charts' markers and capture's metrics all take their ranks
// from here.
#pragma once

#include "core/util/wide_int.h"

#include <algorithm>
#include <cstddef>
#include <span>

namespace cc {

/// 0-based index of the percent-quantile of n values: ceil(percent * n / 100) - 1, at least 0
/// (so 0 for n = 0, where there is no value to index).
inline std::size_t nearestRankIndex(std::size_t n, unsigned percent)
{
    const WideUInt scaled = static_cast<WideUInt>(n) * percent;
    const auto rank = static_cast<std::size_t>((scaled + 99) / 100);
    return rank == 0 ? 0 : rank - 1;
}

/// The percent-quantile of values, selected in place (their order changes); T{} for no values.
template <class T> T nearestRankValue(std::span<T> values, unsigned percent)
{
    if (values.empty()) {
        return T{};
    }
    const auto nth = values.begin() + static_cast<std::ptrdiff_t>(nearestRankIndex(values.size(), percent));
    std::nth_element(values.begin(), nth, values.end());
    return *nth;
}

} // namespace cc
