// The bandwidth-optimal ring all-reduce model of Patarasuk and Yuan ("Bandwidth optimal
// all-reduce algorithms for clusters of workstations", J. Parallel Distrib. Comput. 69(2), 2009),
// unmodified:
//
//   T(p, n) = 2(p − 1)·α  +  2(p − 1)/p · n/B
//
// p ranks, n message bytes, α the per-step latency, B the per-direction link bandwidth in
// bytes/s. The ring runs p − 1 reduce-scatter steps and p − 1 all-gather steps, each moving n/p
// bytes over every link at once.
//
// Arithmetic is integer: times in ns, sizes in bytes, B in bytes/s. The bandwidth term is
// 2(p−1)·n·10⁹ / (p·B) computed exactly in 128 bits and rounded to the nearest ns, halves up.
//
// Calibration fits α only (B comes from the interconnect table or the user): least squares of
// Σ (tᵢ − bᵢ − 2(p−1)α)² over measured points (nᵢ, tᵢ), with bᵢ the bandwidth term, gives
//   α = Σ (tᵢ − bᵢ) / (2(p−1)·N)
// an exact rational, reported as integer ns rounded to the nearest, halves away from zero
// (alphaNumerator / alphaDenominator keep it exact). A negative α is reported as it is, with a
// note: it means the points run faster than the bandwidth term alone allows, i.e. B understates
// the path the measurement took (e.g. loopback), and the model does not describe them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cc::capture {

/// 2(p − 1)·α. Requires p ≥ 1.
std::int64_t ringLatencyTermNs(int ranks, std::int64_t alphaNs);

/// 2(p − 1)/p · n/B in ns, rounded to nearest (halves up). Requires p ≥ 1, n ≥ 0, B > 0.
std::int64_t ringBandwidthTermNs(int ranks, std::int64_t messageBytes, std::int64_t bandwidthBytesPerS);

/// The whole model: latency term + bandwidth term.
std::int64_t ringAllReduceNs(int ranks, std::int64_t messageBytes, std::int64_t alphaNs,
                             std::int64_t bandwidthBytesPerS);

struct AllReducePoint {
    std::int64_t messageBytes = 0;
    std::int64_t latencyNs = 0;
    friend bool operator==(const AllReducePoint&, const AllReducePoint&) = default;
};

struct AlphaFit {
    int ranks = 0;
    std::int64_t bandwidthBytesPerS = 0;
    std::int64_t alphaNs = 0;             ///< rounded to nearest, halves away from zero
    std::int64_t alphaNumerator = 0;      ///< Σ (tᵢ − bᵢ)
    std::int64_t alphaDenominator = 0;    ///< 2(p − 1)·N
    std::int64_t residualRmsNs = 0;       ///< √(Σ rᵢ² / N) with the rounded α, rounded to nearest
    std::vector<AllReducePoint> points;   ///< the measured points, as given
    std::vector<std::int64_t> modelNs;    ///< the fitted model at each point's size
    std::vector<std::int64_t> residualNs; ///< measured − model
    std::string note;                     ///< empty, or what the caller must know (negative α)
};

/// Least-squares fit of α. Throws std::invalid_argument when ranks < 2 (no latency term to
/// fit), no points, B ≤ 0, or a point has negative size or latency.
AlphaFit fitRingAlpha(const std::vector<AllReducePoint>& points, int ranks, std::int64_t bandwidthBytesPerS);

} // namespace cc::capture
