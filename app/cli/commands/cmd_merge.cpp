// commcanary merge SHARD... [--clock-calibration FILE] -o TRACE
#include "app/cli/cli.h"

#include "core/interop/clock_calibration.h"
#include "core/interop/merge.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"

namespace cc::cli {

namespace {

int runMerge(const std::vector<std::string>& argv)
{
    Args args("merge", "SHARD... -o TRACE [--clock-calibration FILE]",
              "Merges rank-local traces (one per rank, from import-kineto or the capture worker; each names its rank "
              "in system.rank_local) into one trace with one event per collective. A collective is identified by its "
              "process group and sequence number (message_sequence, or the per-group call order where the source has "
              "none; op and sizes are then checked to agree). Fail-closed: duplicate rank contributions, conflicting "
              "metadata for one collective (op, bytes, dtype, members, ...) and latency signals measured on only some "
              "ranks abort the merge with a message naming both contributions, and nothing is written. Arrival times "
              "from different ranks become skew only with a clock calibration; without one skew stays unknown. "
              "Collectives missing some member ranks are marked partial_rank_arrival.");
    args.positional("SHARD", "rank-local trace files", 1, -1);
    args.option("output", "TRACE", "where to write the merged trace");
    args.option("clock-calibration", "FILE",
                "per-rank clock offsets and uncertainties, format commcanary-workbench.clock-calibration.v1: "
                "{\"format\": ..., \"ranks\": [{\"rank\": 0, \"offset_us\": 0, \"uncertainty_us\": 0.5}, ...]} "
                "(reference time = local time + offset_us)");
    args.option("workload-name", "NAME", "the merged workload's name (default: the first shard's)");
    return guarded("merge", [&] {
        if (!args.parse(argv)) {
            return kExitOk;
        }
        const std::string output = args.value("output");
        if (!args.has("output")) {
            throw UsageError("missing -o TRACE (see commcanary merge --help)");
        }
        checkOutputFile("output", output, inputPaths(args, {"SHARD"}, {"clock-calibration"}));
        Progress& progress = terminalProgress();
        interop::MergeOptions options;
        options.workloadName = args.value("workload-name");
        if (args.has("clock-calibration")) {
            options.calibration = interop::readClockCalibration(args.value("clock-calibration"));
        }
        SubProgress reading(progress, 0.0, 0.5);
        auto shards = interop::readRankShards(args.positionals("SHARD"), reading);
        SubProgress merging(progress, 0.5, 1.0);
        auto merged = interop::mergeRankShards(std::move(shards), options, merging);
        writeTraceFile(merged.trace, output, progress);
        out(merged.summary.notes + "\n");
        out("wrote " + output + " (" + std::to_string(merged.trace.size()) + " events, " +
            std::to_string(merged.summary.partialEvents) + " partial)\n");
        return kExitOk;
    });
}

const Registrar registrar("merge", "merge rank-local traces into one trace, fail-closed", runMerge);

} // namespace

} // namespace cc::cli
