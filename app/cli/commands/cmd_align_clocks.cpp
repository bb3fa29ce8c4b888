// commcanary align-clocks SHARD... -o CALIBRATION
#include "app/cli/cli.h"

#include "core/interop/clock_alignment.h"
#include "core/interop/clock_calibration.h"
#include "core/interop/merge.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"

namespace cc::cli {

namespace {

int runAlignClocks(const std::vector<std::string>& argv)
{
    Args args("align-clocks", "SHARD... -o CALIBRATION",
              "Estimates each rank's clock offset from the trace itself: no member of a synchronising collective "
              "(all_reduce, all_gather, reduce_scatter, all_to_all, barrier) completes before every member has "
              "arrived, so each matched collective bounds the offset between two ranks from both sides. The "
              "intersection over all of them is written as offset (its midpoint) and uncertainty (its half-width), "
              "relative to the lowest rank, in an ordinary commcanary-workbench.clock-calibration.v1 file with method "
              "collective_completion, which 'commcanary merge --clock-calibration' reads. Collectives are matched "
              "as merge matches them. A contribution's completion comes from its extras (latency_ns, as the capture "
              "worker writes it and import-kineto writes it for a call whose kernel it reached through the call's "
              "CUDA launch, or duration_us); shards without completions are refused rather than aligned on a guess, "
              "and so are bounds that contradict each other (drifting clocks, a collective that did not block).");
    args.positional("SHARD", "rank-local trace files, one per rank", 2, -1);
    args.option("output", "CALIBRATION", "where to write the clock calibration");
    args.epilog("Exit codes: 3 when an offset cannot be bounded or the bounds contradict each other (the message "
                "names the shard, the rank and the collective), nothing is written.\n");
    return guarded("align-clocks", [&] {
        if (!args.parse(argv)) {
            return kExitOk;
        }
        const std::string output = args.value("output");
        if (!args.has("output")) {
            throw UsageError("missing -o CALIBRATION (see commcanary align-clocks --help)");
        }
        checkOutputFile("output", output, inputPaths(args, {"SHARD"}, {}));
        Progress& progress = terminalProgress();
        SubProgress reading(progress, 0.0, 0.5);
        auto shards = interop::readRankShards(args.positionals("SHARD"), reading);
        SubProgress aligning(progress, 0.5, 1.0);
        const auto alignment = interop::alignClocks(shards, aligning);
        writeFileAtomic(output, interop::writeClockCalibrationJson(alignment.calibration), progress);
        out(interop::describeClockAlignment(alignment));
        out("wrote " + output + "\n");
        return kExitOk;
    });
}

const Registrar registrar("align-clocks", "estimate per-rank clock offsets from the collectives, with a bound",
                          runAlignClocks);

} // namespace

} // namespace cc::cli
