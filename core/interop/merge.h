// Fail-closed merging of rank-local traces (one per rank: Kineto imports, capture-worker
// shards) into one trace with one event per collective.
//
// Identity. A collective is recognised across ranks by cc::MergeIdentity (process group,
// sequence): the group is the event's "group" (or, when it has none, its member list), the
// sequence is the event's message_sequence (torch "Seq") when every contribution of that group
// carries one, otherwise the per-group call order on each rank. Point-to-point transfers are
// identified per (group, sender, receiver) by call order, and the send and the recv side merge
// into one "send" event with both endpoints.
//
// Refusals (InputError, naming both contributions; nothing is produced):
//  * two shards for the same rank, or two events of one shard with the same identity;
//  * conflicting metadata for one collective: op, custom flag, bytes, dtype, members, root,
//    endpoints, reduction op, phase or tag (all_to_all bytes are each rank's own send volume and
//    may differ: they are kept per rank);
//  * partially measured latency signals: observed_exposed_us, compute_overlap_us,
//    compute_before_us or device_duration_us present on some contributions and not on others;
//  * a shard that contributes to a collective it is not a member of.
//
// Clocks. With a clock calibration, each contribution's start becomes an arrival on the
// reference clock (origin + start + offset): the merged event starts at the earliest arrival and
// carries rank_arrival_us (so skew is known) plus "arrival_skew_uncertainty_us", the sum of the
// two largest offset uncertainties of its contributors. Without one, skew stays unknown and the
// event's time is the rank-local clock of its lowest contributing rank. Member ranks with no
// contribution mark the event partial_rank_arrival.
//
// A shard's rank and clock origin come from its trace's system.rank_local
// ({"rank": R, "clock_origin_ns": N}), as import-kineto writes it; producers that build shards
// in memory (the capture worker) fill RankShard directly.
#pragma once

#include "core/interop/clock_calibration.h"
#include "core/trace/projections.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cc::interop {

/// One rank's contribution.
struct RankShard {
    std::string name; ///< for messages (usually the file name)
    std::int32_t rank = 0;
    Ns clockOriginNs = 0; ///< rank-local clock reading at the trace's start 0
    Trace trace;          ///< rank-local, timestamped
    /// Written by the Python prototype's capture (system.rank, collective_seq), not ours.
    bool prototypeConvention = false;
    /// The prototype's system.clock_offset_us when the shard carries one: an offset without an
    /// uncertainty, which merge does not take as a measurement (it is named in the notes).
    std::optional<Ns> unmeasuredClockOffsetNs;
};

/// Makes a shard of a rank-local trace: rank and clock origin from system.rank_local. The Python
/// prototype's convention is accepted too: the rank from system.rank (an integer or its decimal
/// text), clock origin 0 (its start_us is already on the rank's clock), and each event's
/// collective_seq as its message_sequence (both present and different is refused). Throws
/// InputError when the trace does not say which rank it is.
RankShard shardFromTrace(Trace trace, std::string name);

/// Reads each rank-local trace file and makes it a shard (shardFromTrace, named by its path), in
/// the order given, several files at once (one per processor); progress reports the files done.
/// Throws the error of the first file (in that order) that cannot be read.
std::vector<RankShard> readRankShards(const std::vector<std::string>& files, Progress& progress);

/// The merge identity of event i of a rank-local trace given its sequence number.
MergeIdentity mergeIdentity(const Trace& trace, std::size_t i, std::int64_t sequence);

struct MergeOptions {
    std::optional<ClockCalibration> calibration; ///< without one, skew stays unknown
    std::string workloadName;                    ///< default: the first shard's workload name
};

struct MergeSummary {
    std::vector<std::int32_t> ranks;    ///< of the shards, ascending
    std::size_t shardEvents = 0;        ///< contributions read
    std::size_t events = 0;             ///< merged collectives
    std::size_t partialEvents = 0;      ///< with member ranks that contributed nothing
    std::size_t sequenceIdentified = 0; ///< identified by message_sequence (the rest by call order)
    bool calibrated = false;
    std::string notes;
};

struct MergeResult {
    Trace trace;
    MergeSummary summary;
};

/// Merges the shards (any order). Throws InputError on every refusal listed above; Cancelled.
MergeResult mergeRankShards(std::vector<RankShard> shards, const MergeOptions& options, Progress& progress);

} // namespace cc::interop
