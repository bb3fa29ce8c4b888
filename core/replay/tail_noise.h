// The seeded, counter-based tail-noise term. A draw is a pure function of the event's noise key
// (cc::noiseKey: signature content hash + occurrence number), the seed and the iteration — never
// of evaluation order, thread or configuration. Every configuration sees the same draws (common
// random numbers), so a ranking difference comes from the model, not from luck.
#pragma once

#include "core/configs/backend_config.h"
#include "core/util/wide_int.h"
#include "core/trace/event.h"
#include "core/trace/projections.h"

#include <algorithm>
#include <cstdint>

namespace cc::tail_noise {

/// Key of one (seed, iteration): mix64(mix64(seed ^ K1) + iteration + 1).
inline std::uint64_t iterationKey(std::uint64_t seed, std::uint32_t iteration)
{
    return mix64(mix64(seed ^ 0x7461696c6e6f6973ULL) + static_cast<std::uint64_t>(iteration) + 1);
}

/// The 64-bit draw of one event in one iteration: the high 32 bits decide whether the tail fires,
/// the low 32 bits its size.
inline std::uint64_t draw(std::uint64_t noiseKey, std::uint64_t iterationKey)
{
    return mix64(noiseKey ^ iterationKey);
}

/// Context of one collective that raises its tail probability (all in ppm, each capped at 10^6).
struct TailContext {
    std::int64_t skewPpm = 0;       ///< modelled skew / uncontended duration
    std::int64_t pressurePpm = 0;   ///< compute pressure while overlapped (1.0 = 10^6)
    std::int64_t contentionPpm = 0; ///< (sharers - 1) / 4
};

inline std::int64_t probabilityPpm(const TailNoiseParams& tail, const TailContext& context)
{
    std::int64_t p = tail.probabilityPpm + tail.skewGainPpm * context.skewPpm / kPpmOne +
                     tail.pressureGainPpm * context.pressurePpm / kPpmOne +
                     tail.contentionGainPpm * context.contentionPpm / kPpmOne;
    return std::min<std::int64_t>(p, kPpmOne);
}

/// True when the draw falls under the probability: high32 / 2^32 < p / 10^6.
inline bool fires(std::uint64_t drawValue, std::int64_t probability)
{
    return (drawValue >> 32) * static_cast<std::uint64_t>(kPpmOne) < (static_cast<std::uint64_t>(probability) << 32);
}

/// t = floor(high32 * 10^6 / 2^32) of a draw, in [0, 10^6). For a sum of probabilityPpm before
/// its cap, `probability > 0 && fires(draw, min(probability, 10^6))` is the one comparison
/// t < sum: for 0 < p <= 10^6, fires says high32 * 10^6 < p * 2^32, that is t < p (p is an
/// integer); since 0 <= t < 10^6, t < min(sum, 10^6) exactly when t < sum, and a sum <= 0 never
/// passes. It depends on the draw alone, so a replay of several configurations computes it once
/// per event.
inline std::int64_t drawThresholdPpm(std::uint64_t drawValue)
{
    return static_cast<std::int64_t>(((drawValue >> 32) * static_cast<std::uint64_t>(kPpmOne)) >> 32);
}

/// Extra duration of a tail event: duration * scale * (1 + 2u), u = low32 / 2^32, rounded up,
/// capped at 10^15 ns. That is ceil(N / (10^6 * 2^32)) for N = p * (2^32 + 2 * low32) and
/// p = duration * scale; since ceil(N / (a * b)) = ceil(ceil(N / b) / a) for positive integers,
/// it is ceil(m / 10^6) with m = ceil(N / 2^32) = p + ceil(p * low32 / 2^31). When m fits in 64
/// bits (always, for durations and scales of realistic size) the last step is a 64-bit division
/// by a constant, which needs no divide instruction. p * low32 < 2^62 * 2^27 * 2^32 fits in 128
/// bits (scale_ppm is at most 10^8 < 2^27).
inline Ns extraNs(Ns duration, const TailNoiseParams& tail, std::uint64_t drawValue)
{
    constexpr std::uint64_t cap = 1'000'000'000'000'000ULL;
    const WideUInt p = static_cast<WideUInt>(duration) * static_cast<std::uint64_t>(tail.scalePpm);
    const WideUInt m = p + ((p * (drawValue & 0xffffffffULL) + ((WideUInt{1} << 31) - 1)) >> 31);
    if ((m >> 64) == 0) {
        const auto m64 = static_cast<std::uint64_t>(m);
        const std::uint64_t extra =
            m64 / static_cast<std::uint64_t>(kPpmOne) + (m64 % static_cast<std::uint64_t>(kPpmOne) != 0 ? 1 : 0);
        return static_cast<Ns>(std::min(extra, cap));
    }
    const WideUInt extra = (m + static_cast<std::uint64_t>(kPpmOne) - 1) / static_cast<std::uint64_t>(kPpmOne);
    return static_cast<Ns>(extra > cap ? cap : extra);
}

} // namespace cc::tail_noise
