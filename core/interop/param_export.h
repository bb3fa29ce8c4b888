// Export to PARAM's comms-replay "basic" trace (facebookresearch/param, commsTraceReplay):
// one JSON list per rank, DIR/<rank>.json, so a trace (or an expanded canary) can be replayed on
// real hardware through real collectives.
//
// Every rank file starts with one "init" entry per process group (pg_id, global_ranks,
// world_size), then one entry per logical occurrence involving that rank, in trace order:
// comms, req (the occurrence index, equal on every rank), startTime_ns (the cumulative issue
// time from the trace origin, so timestamped replay reproduces the gaps; non-decreasing),
// world_size and global_ranks of the group, pg_id, root for rooted collectives, markers
// ([phase] or [op]), in_msg_size / out_msg_size as element counts of dtype, and src_rank,
// dst_rank, use_batch for point-to-point. A point-to-point transfer becomes a send on the
// sender's rank and the matching recv on the receiver's rank (same req).
//
// Element counts from the trace's bytes (n = group size): all_reduce, broadcast, reduce,
// all_to_all, send/recv: in = out = bytes / size; all_gather: in = bytes / (n x size), out =
// bytes / size; reduce_scatter: in = bytes / size, out = bytes / (n x size). barrier has no sizes.
//
// Fails closed (InputError naming the event) on anything PARAM cannot run faithfully: custom
// operations, gather and scatter, rooted collectives without root_rank, uneven all_to_all
// (per-rank bytes without per-peer splits), dtypes PARAM has no name for, sizes that are not
// whole element counts. With skipUnsupported such events are left out instead, and each one is
// listed in the manifest written beside the rank files.
#pragma once

#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace cc::interop {

inline constexpr std::string_view kParamManifestFormat = "commcanary-workbench.param-export.v1";
inline constexpr std::string_view kParamManifestName = "param_export_manifest.json";

struct ParamExportOptions {
    bool skipUnsupported = false;
    /// Trace dtype used for events that carry none ("uint8" keeps element counts equal to bytes).
    std::string defaultDtype = "uint8";
    std::string sourceName; ///< for messages and the manifest
};

struct ParamSkipped {
    std::size_t event = 0; ///< canonical index (the occurrence, i.e. req)
    std::string id;
    std::string op;
    std::string reason;
};

struct ParamProcessGroup {
    std::int32_t id = 0;
    std::string name; ///< the trace's group name ("" for unnamed groups)
    std::vector<std::int32_t> ranks;
};

/// The export, planned and checked: nothing is written until writeParamExport.
struct ParamExportPlan {
    std::vector<std::int32_t> ranks;           ///< one file per rank, ascending
    std::vector<std::uint64_t> entriesPerRank; ///< communication entries (init entries excluded)
    std::vector<ParamProcessGroup> groups;     ///< pg 0 first
    std::vector<ParamSkipped> skipped;
    std::uint64_t exported = 0;       ///< events exported
    std::uint64_t defaultedDtype = 0; ///< events that used the default dtype
};

/// Checks every event and plans the files. Throws InputError on the first unsupported event
/// unless skipUnsupported; Cancelled.
ParamExportPlan planParamExport(const Trace& trace, const ParamExportOptions& options, Progress& progress);

/// The JSON list for one rank of the plan.
std::string paramRankJson(const Trace& trace, const ParamExportPlan& plan, std::int32_t rank,
                          const ParamExportOptions& options);

/// The manifest (format kParamManifestFormat) of the plan.
std::string paramManifestJson(const Trace& trace, const ParamExportPlan& plan, const ParamExportOptions& options,
                              const std::string& sourceSha256);

/// Why dir cannot receive an export, or "" when it can: dir is missing, an empty folder, or a
/// folder an export wrote before (its manifest, rank files "<rank>.json" and nothing else), which
/// is replaced whole. A folder holding anything else is refused, never emptied: it may be a
/// user's. A path that names a file is refused too.
std::string paramExportTargetProblem(const std::filesystem::path& dir);

/// Plans, then writes DIR/<rank>.json for every rank and the manifest, one rank in memory at a
/// time, into the sibling folder "DIR.partial-<pid>" that then replaces DIR in one rename
/// (cc::AtomicFolder): DIR afterwards holds this export and nothing else, or, on any failure or
/// interrupt, what it held before. DIR's parent folder must exist; DIR must pass
/// paramExportTargetProblem (IoError otherwise). Returns the plan.
ParamExportPlan writeParamExport(const Trace& trace, const std::filesystem::path& dir,
                                 const ParamExportOptions& options, Progress& progress);

/// PARAM's name for a trace dtype ("float32" -> "float"); empty when PARAM has none.
std::string_view paramDtypeName(std::string_view traceDtype);

} // namespace cc::interop
