// Configuration sets a canary was not verified on: the bundled set with every numeric parameter
// multiplied by its own seeded factor in [0.5, 2]. The jitter-compression test and the search
// benchmark check that a searched canary keeps the source's ranking decisions under them.
#pragma once

#include "core/configs/config_io.h"
#include "core/util/wide_int.h"

#include <algorithm>
#include <cstdint>
#include <string>

namespace cctest {

/// SplitMix64: a fixed, portable random stream for the perturbation factors.
inline std::uint64_t nextHeldOutRandom(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31U);
}

/// The bundled set with every numeric parameter multiplied by its own seeded factor in [0.5, 2]
/// (in parts per million), then kept inside the field's valid range (shares within [0, 10^6] ppm).
inline cc::ConfigSet heldOutSet(std::uint64_t seed)
{
    cc::ConfigSet set = cc::defaultConfigSet();
    set.name = "held-out-" + std::to_string(seed);
    std::uint64_t state = seed;
    auto scale = [&](std::int64_t& value, std::int64_t lo, std::int64_t hi) {
        const auto factorPpm = static_cast<std::int64_t>(500'000 + nextHeldOutRandom(state) % 1'500'001);
        const auto scaled = static_cast<std::int64_t>(static_cast<cc::WideInt>(value) * factorPpm / cc::kPpmOne);
        value = std::clamp(scaled, lo, hi);
    };
    for (auto& c : set.configurations) {
        scale(c.busBandwidthMbPerS, 1, 1'000'000'000);
        scale(c.launchLatencyNs, 0, 1'000'000'000'000);
        scale(c.stepLatencyNs, 0, 1'000'000'000'000);
        scale(c.maxChannels, 1, 4096);
        scale(c.channelsPerResource, 1, c.maxChannels);
        scale(c.contentionPpm, 0, 10'000'000);
        scale(c.overlapEfficiencyPpm, 0, cc::kPpmOne);
        scale(c.pressureSensitivityPpm, 0, 100'000'000);
        scale(c.tail.probabilityPpm, 0, cc::kPpmOne);
        scale(c.tail.skewGainPpm, 0, cc::kPpmOne);
        scale(c.tail.pressureGainPpm, 0, cc::kPpmOne);
        scale(c.tail.contentionGainPpm, 0, cc::kPpmOne);
        scale(c.tail.scalePpm, 0, 100'000'000);
    }
    cc::validateConfigSet(set, set.name);
    return set;
}

} // namespace cctest
