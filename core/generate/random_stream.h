// A counter-based random stream: value k of stream s is a pure function of (seed, s, k).
#pragma once

#include "core/trace/projections.h"

#include <cstdint>

namespace cc {

class RandomStream {
public:
    RandomStream(std::uint64_t seed, std::uint64_t stream) : key_(mix64(seed ^ mix64(stream + 0x1234567ULL))) {}
    std::uint64_t next() { return mix64(key_ ^ mix64(counter_++)); }
    /// Uniform integer in [lo, hi] (hi >= lo).
    std::int64_t uniform(std::int64_t lo, std::int64_t hi)
    {
        auto span = static_cast<std::uint64_t>(hi - lo) + 1;
        return lo + static_cast<std::int64_t>(next() % span);
    }
    /// True with probability numerator / denominator.
    bool chance(std::uint64_t numerator, std::uint64_t denominator) { return next() % denominator < numerator; }

private:
    std::uint64_t key_;
    std::uint64_t counter_ = 0;
};

} // namespace cc
