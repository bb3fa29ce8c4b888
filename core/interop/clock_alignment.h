// Clock offsets estimated from the trace itself (align-clocks), with a stated error bound.
//
// A fully synchronising collective (all_reduce, all_gather, reduce_scatter, all_to_all, barrier)
// cannot complete on any member before every member has arrived. So for two ranks r and q that
// both took part in collective c, with local arrival S and local completion E (E = S + the time
// the rank spent in the call) and offsets o (reference = local + o):
//     E_r + o_r >= S_q + o_q   and   E_q + o_q >= S_r + o_r,
// which bounds o_r - o_q to [S_q - E_r, E_q - S_r]. The intersection over every matched collective
// is an interval that contains the true offset whenever the collectives really were blocking and
// the clocks did not drift over the trace; the written offset is its midpoint and the written
// uncertainty its half-width (rounded outwards to whole nanoseconds). An empty intersection means
// one of those premises is false: it is refused, naming the rank and the two collectives.
//
// Offsets are relative to the reference rank (the lowest rank of the shards): its offset is 0 with
// uncertainty 0. Every other rank must share at least one such collective with it.
//
// A contribution's completion is read from its extras: "latency_ns" (integer nanoseconds from the
// call to its completion, as the capture worker writes it, and as a Kineto import writes it for a
// call whose kernel it reached through the call's CUDA launch: call start to the kernel's end) or
// "duration_us" (exact decimal microseconds). Contributions without either are not used (a
// profile's CPU call returns before an NCCL collective completes, so its own end is no
// completion); shards without any are refused with that reason rather than aligned on a guess.
#pragma once

#include "core/interop/clock_calibration.h"
#include "core/interop/merge.h"
#include "core/util/progress.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cc::interop {

inline constexpr std::string_view kCollectiveCompletionMethod = "collective_completion";

struct RankOffsetBound {
    std::int32_t rank = 0;
    Ns lowerNs = 0;                ///< the offset is at least this (reference = local + offset)
    Ns upperNs = 0;                ///< and at most this
    std::uint64_t collectives = 0; ///< matched collectives shared with the reference rank
};

struct ClockAlignment {
    ClockCalibration calibration; ///< method collective_completion, sorted by rank
    std::vector<RankOffsetBound> bounds;
    std::int32_t referenceRank = 0;
    std::uint64_t matchedCollectives = 0; ///< synchronising collectives with >= 2 timed contributions
    std::string notes;
};

/// Estimates each shard's clock offset from the blocking collectives they share. Throws InputError
/// (naming the shard, the rank and the collective) when a rank cannot be bounded, when bounds
/// contradict each other, or when shards repeat a rank or an identity; Cancelled.
ClockAlignment alignClocks(const std::vector<RankShard>& shards, Progress& progress);

/// Lines of text for the CLI and the GUI: per rank, offset +- uncertainty and the collectives used.
std::string describeClockAlignment(const ClockAlignment& alignment);

} // namespace cc::interop
