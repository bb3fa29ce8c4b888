// Clock offsets between ranks, estimated from round trips to the reference rank (rank 0) and
// written as an explicit calibration with its uncertainty.
//
// One ping: the rank reads its clock (send), the reference reads its clock when the ping
// reaches it (reference), the rank reads its clock when the answer returns (receive). Since
// the reference read happened between send and receive, the offset θ (reference − local)
// lies in [reference − receive, reference − send]. Every sample bounds θ; the estimate is the
// intersection of those bounds (midpoint ± half-width). Samples that contradict each other
// (no common point, e.g. a clock step) fall back to the sample with the shortest round trip.
//
// Calibration is measured at the start and at the end of the run; the offset written is their
// midpoint and the uncertainty covers both estimates and the drift between them. Unknown is
// not zero: a shard without a calibration has no cross-rank alignment.
#pragma once

#include "capture/lib/interval_set.h"

#include "core/util/json/value.h"

#include <optional>
#include <string>
#include <vector>

namespace cc::capture {

struct PingSample {
    Ns sendLocal = 0;
    Ns reference = 0;
    Ns receiveLocal = 0;
};

struct OffsetEstimate {
    Ns offsetNs = 0;      ///< reference clock − local clock
    Ns uncertaintyNs = 0; ///< the true offset lies within offsetNs ± uncertaintyNs
    Ns bestRoundTripNs = 0;
    int samples = 0;
    bool fellBackToBestSample = false;

    friend bool operator==(const OffsetEstimate&, const OffsetEstimate&) = default;
};

/// nullopt when there is no usable sample (empty, or a sample whose receive precedes its send).
std::optional<OffsetEstimate> estimateOffset(const std::vector<PingSample>& samples);

struct ClockCalibration {
    int rank = 0;
    int referenceRank = 0;
    std::string method; ///< "reference" (rank 0 itself) or "tcpstore_ping"
    OffsetEstimate atStart;
    OffsetEstimate atEnd;
    Ns offsetNs = 0;          ///< reference − local, midpoint of the start and end estimates
    Ns uncertaintyNs = 0;     ///< covers both estimates and the drift between them
    Ns driftNs = 0;           ///< end offset − start offset
    Ns localOriginNs = 0;     ///< this rank's clock at its shard's time zero
    Ns referenceOriginNs = 0; ///< the reference rank's clock at its shard's time zero
    /// Add to this shard's times to put them on the reference shard's time base:
    /// localOrigin + offset − referenceOrigin.
    Ns shardOffsetNs = 0;

    friend bool operator==(const ClockCalibration&, const ClockCalibration&) = default;
};

/// The reference rank's own calibration: offset 0, uncertainty 0.
ClockCalibration referenceCalibration(int rank, Ns localOriginNs);

/// Combines the start and end estimates of a non-reference rank.
ClockCalibration combineCalibration(int rank, int referenceRank, const OffsetEstimate& atStart,
                                    const OffsetEstimate& atEnd, Ns localOriginNs, Ns referenceOriginNs);

json::Value clockCalibrationToJson(const ClockCalibration& calibration);
/// Reads the object at path in source. Throws InputError naming source, the JSON path and the rule.
ClockCalibration clockCalibrationFromJson(const json::Value& value, const std::string& source, const std::string& path);

} // namespace cc::capture
