#include "capture/lib/ring_cost_model.h"

#include "core/util/wide_int.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace cc::capture {

namespace {

constexpr std::int64_t kNsPerSecond = 1'000'000'000;

std::int64_t narrow(WideInt value, const char* what)
{
    if (value > static_cast<WideInt>(std::numeric_limits<std::int64_t>::max()) ||
        value < static_cast<WideInt>(std::numeric_limits<std::int64_t>::min())) {
        throw std::overflow_error(std::string("ring model: ") + what + " does not fit in 64 bits");
    }
    return static_cast<std::int64_t>(value);
}

/// numerator / denominator rounded to nearest, halves away from zero (denominator > 0).
WideInt divideRoundHalfAway(WideInt numerator, WideInt denominator)
{
    const WideInt half = denominator / 2;
    const bool exactHalfPossible = denominator % 2 == 0;
    WideInt magnitude = numerator < 0 ? -numerator : numerator;
    WideInt q = magnitude / denominator;
    const WideInt r = magnitude % denominator;
    if (r > half || (exactHalfPossible && r == half)) {
        ++q;
    }
    return numerator < 0 ? -q : q;
}

} // namespace

std::int64_t ringLatencyTermNs(int ranks, std::int64_t alphaNs)
{
    if (ranks < 1) {
        throw std::invalid_argument("ring model: the number of ranks must be at least 1");
    }
    return narrow(static_cast<WideInt>(2) * (ranks - 1) * alphaNs, "the latency term");
}

std::int64_t ringBandwidthTermNs(int ranks, std::int64_t messageBytes, std::int64_t bandwidthBytesPerS)
{
    if (ranks < 1) {
        throw std::invalid_argument("ring model: the number of ranks must be at least 1");
    }
    if (messageBytes < 0) {
        throw std::invalid_argument("ring model: the message size must not be negative");
    }
    if (bandwidthBytesPerS <= 0) {
        throw std::invalid_argument("ring model: the bandwidth must be positive");
    }
    // 2(p−1)·n·10⁹ / (p·B), rounded to nearest, halves up (everything is non-negative).
    const WideInt numerator = static_cast<WideInt>(2) * (ranks - 1) * messageBytes * kNsPerSecond;
    const WideInt denominator = static_cast<WideInt>(ranks) * bandwidthBytesPerS;
    return narrow((2 * numerator + denominator) / (2 * denominator), "the bandwidth term");
}

std::int64_t ringAllReduceNs(int ranks, std::int64_t messageBytes, std::int64_t alphaNs,
                             std::int64_t bandwidthBytesPerS)
{
    return narrow(static_cast<WideInt>(ringLatencyTermNs(ranks, alphaNs)) +
                      ringBandwidthTermNs(ranks, messageBytes, bandwidthBytesPerS),
                  "the model time");
}

AlphaFit fitRingAlpha(const std::vector<AllReducePoint>& points, int ranks, std::int64_t bandwidthBytesPerS)
{
    if (ranks < 2) {
        throw std::invalid_argument("alpha fit: needs at least 2 ranks (with one rank the model has no latency term)");
    }
    if (points.empty()) {
        throw std::invalid_argument("alpha fit: needs at least one measured point");
    }
    if (bandwidthBytesPerS <= 0) {
        throw std::invalid_argument("alpha fit: the bandwidth must be positive");
    }
    AlphaFit fit;
    fit.ranks = ranks;
    fit.bandwidthBytesPerS = bandwidthBytesPerS;
    fit.points = points;
    WideInt sum = 0;
    for (const auto& p : points) {
        if (p.messageBytes < 0 || p.latencyNs < 0) {
            throw std::invalid_argument("alpha fit: a point has a negative size or latency");
        }
        sum += static_cast<WideInt>(p.latencyNs) - ringBandwidthTermNs(ranks, p.messageBytes, bandwidthBytesPerS);
    }
    const WideInt denominator = static_cast<WideInt>(2) * (ranks - 1) * static_cast<WideInt>(points.size());
    fit.alphaNumerator = narrow(sum, "the fit's numerator");
    fit.alphaDenominator = narrow(denominator, "the fit's denominator");
    fit.alphaNs = narrow(divideRoundHalfAway(sum, denominator), "alpha");
    double squares = 0.0;
    for (const auto& p : points) {
        const std::int64_t model = ringAllReduceNs(ranks, p.messageBytes, fit.alphaNs, bandwidthBytesPerS);
        const std::int64_t residual = p.latencyNs - model;
        fit.modelNs.push_back(model);
        fit.residualNs.push_back(residual);
        squares += static_cast<double>(residual) * static_cast<double>(residual);
    }
    fit.residualRmsNs = std::llround(std::sqrt(squares / static_cast<double>(points.size())));
    if (fit.alphaNs < 0) {
        fit.note = "alpha is negative: the points are faster than the bandwidth term alone allows, so the bandwidth "
                   "given understates the path the measurement took; the model does not describe these points";
    }
    return fit;
}

} // namespace cc::capture
