// A rank's measurements as a rank-local commcanary.trace.v1 shard.
//
// One event per recorded bucket all-reduce: op all_reduce, the bucket's bytes (float32), all
// ranks of the process group, group = the process group's name and message_sequence = the
// collective's sequence number in that group, so (group, message_sequence) identifies one
// collective across the shards of a cell. start_us is the issue time on this rank's clock
// relative to the shard's time zero (rank-local). Measured compute overlap and exposure are
// written; cross-rank arrival skew is not (a single rank cannot measure it: it is unknown in a
// shard, and the merge derives it from the calibrated start times).
//
// workload (identical in every shard of a cell): the cell and the model.
// system (per rank): rank_local {rank, clock_origin_ns} (what core/interop's merge reads),
// world size, host, capture id, timing source, interconnect and the clock calibration in integer
// nanoseconds:
//   reference shard time = this shard's time + clock_calibration.shard_offset_ns
//   (within ± clock_calibration.uncertainty_ns).
// Per event extras: capture_session_id, collective_id ("<group>:<sequence>"), recorder_rank,
// iteration, bucket, latency_ns (complete − issue), ready_ns (bucket ready, shard time).
#pragma once

#include "capture/lib/rank_capture.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <filesystem>
#include <string>

namespace cc::capture {

/// Builds the shard. Throws InputError when a measurement cannot be expressed (e.g. an event
/// before the shard's time zero).
Trace buildRankShard(const RankCapture& capture, Progress& progress);

/// The workload object every shard of the cell shares (JSON text).
std::string shardWorkloadJson(const RankCapture& capture);

} // namespace cc::capture
