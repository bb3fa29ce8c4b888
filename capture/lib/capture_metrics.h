// Capture metrics as pure functions over integer-nanosecond interval sets.
//
//   communication   C = ∪ [issue, complete) of every bucket all-reduce of the iteration
//   compute         K = forward ∪ backward ∪ optimizer
//   window          W = [forward begin, max(optimizer end, last completion))
//   overlap efficiency             |C ∩ K| / |C|       (communication hidden behind compute)
//   communication-overhead fraction |(C \ K) ∩ W| / |W| (iteration time spent only communicating)
//
// Ratios are kept as integer numerator / denominator; an empty denominator is "undefined",
// never 0 and never NaN. Per-bucket latency is complete − issue. Per-layer latency attributes
// each bucket's latency to the layers in it in proportion to their bytes (integer division),
// summed over the recorded iterations.
#pragma once

#include "capture/lib/interval_set.h"
#include "capture/lib/rank_capture.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cc::capture {

struct Ratio {
    std::int64_t numerator = 0;
    std::int64_t denominator = 0;

    bool defined() const { return denominator > 0; }
    /// Parts per million, rounded half up; only when defined().
    std::int64_t ppm() const;
    /// "87.5 %" (one decimal) or "undefined"; for humans.
    std::string percentText() const;
    friend bool operator==(const Ratio&, const Ratio&) = default;
};

Ratio overlapEfficiency(const IntervalSet& communication, const IntervalSet& compute);
Ratio communicationOverheadFraction(const IntervalSet& communication, const IntervalSet& compute, Interval window);

IntervalSet communicationIntervals(const IterationRecord& iteration);
IntervalSet computeIntervals(const IterationRecord& iteration);
Interval iterationWindow(const IterationRecord& iteration);

struct IterationMetrics {
    int iteration = 0;
    Ns windowNs = 0;
    Ns computeNs = 0;
    Ns communicationNs = 0; ///< |C|
    Ns overlappedNs = 0;    ///< |C ∩ K|
    Ns exposedNs = 0;       ///< |(C \ K) ∩ W|
    Ratio overlapEfficiency;
    Ratio overheadFraction;
};

IterationMetrics iterationMetrics(const IterationRecord& iteration);

/// Nearest-rank order statistics of integer samples.
struct LatencyStats {
    std::size_t count = 0;
    Ns min = 0;
    Ns median = 0;
    Ns p95 = 0;
    Ns max = 0;
    Ns total = 0;
};
LatencyStats latencyStats(std::vector<Ns> samples);

struct BucketLatency {
    int layout = 0;
    int bucket = 0;
    std::int64_t bytes = 0;
    LatencyStats latency;
};

struct LayerLatency {
    std::string layer;
    std::int64_t bytes = 0; ///< gradient bytes of the layer
    Ns attributedNs = 0;    ///< over all recorded iterations
    Ns perIterationNs = 0;  ///< attributedNs / recorded iterations (rounded down)
};

struct RankMetrics {
    int rank = 0;
    std::vector<IterationMetrics> iterations;
    Ratio overlapEfficiency; ///< over all recorded iterations (sums of numerators and denominators)
    Ratio overheadFraction;
    std::vector<BucketLatency> buckets; ///< by (layout, bucket)
    std::vector<LayerLatency> layers;   ///< registration order of first appearance
};

RankMetrics rankMetrics(const RankCapture& capture);

/// A short human report of one rank's metrics (deterministic text).
std::string rankMetricsText(const RankMetrics& metrics);

/// "12.345 ms", "870 µs", "420 ns": for humans.
std::string durationText(Ns ns);

} // namespace cc::capture
