// commcanary export-param INPUT -o DIR [--skip-unsupported] [--dtype D]
#include "app/cli/cli.h"

#include "core/canary/canary_input.h"
#include "core/interop/param_export.h"
#include "core/trace/op_kind.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/limits.h"

namespace cc::cli {

namespace {

int runExportParam(const std::vector<std::string>& argv)
{
    Args args("export-param", "CANARY|TRACE -o DIR [--skip-unsupported] [--dtype D]",
              "Writes PARAM comms-replay 'basic' traces, one JSON list per rank (DIR/<rank>.json), so real collectives "
              "can replay the workload on real hardware. A canary is expanded into its whole program first (motifs and "
              "repetition weights included): one entry per logical occurrence, with cumulative startTime_ns so a "
              "timestamped replay reproduces the gaps. Process groups are declared by 'init' entries; point-to-point "
              "becomes a send on the sender's rank and the matching recv on the receiver's. Operations PARAM cannot "
              "run faithfully (custom operations, gather/scatter, rooted collectives without a root, uneven "
              "all_to_all, dtypes PARAM has no name for) fail the export (exit 3, naming the event) unless "
              "--skip-unsupported, which leaves them out and lists each in DIR/param_export_manifest.json.");
    args.positional("INPUT",
                    "a canary (commcanary-workbench.canary.v1, or the Python prototype's commcanary.canary.v2) or a "
                    "trace (commcanary.trace.v1)");
    args.option("output", "DIR",
                "the folder for the rank files and the manifest, written as a whole: created when missing (its "
                "parent must exist); an empty folder or an earlier export is replaced, so no rank file of an "
                "earlier export survives; a folder holding anything else is refused and left as it is");
    args.flag("skip-unsupported", "leave out operations PARAM cannot run, listing them in the manifest");
    args.option("dtype", "D", "the element type for events that carry no dtype (a trace dtype name)", "uint8");
    return guarded("export-param", [&] {
        if (!args.parse(argv)) {
            return kExitOk;
        }
        const std::string output = args.value("output");
        if (!args.has("output")) {
            throw UsageError("missing -o DIR (see commcanary export-param --help)");
        }
        checkOutputFolder("output", output, inputPaths(args, {"INPUT"}));
        if (const std::string problem = interop::paramExportTargetProblem(output); !problem.empty()) {
            throw UsageError(problem);
        }
        interop::ParamExportOptions options;
        options.skipUnsupported = args.has("skip-unsupported");
        options.defaultDtype = args.value("dtype");
        if (!isKnownDtype(options.defaultDtype) || interop::paramDtypeName(options.defaultDtype).empty()) {
            throw UsageError("--dtype " + options.defaultDtype +
                             ": not a dtype PARAM can replay (float32, float16, bfloat16, float64, int8, uint8, int16, "
                             "int32, int64, bool)");
        }
        const std::string input = args.positionalValue("INPUT");
        options.sourceName = input;
        Progress& progress = terminalProgress();
        const std::string bytes = readFileBounded(input, resourceLimits().maxInputBytes, progress);
        Trace trace;
        {
            // Our canaries, the Python prototype's (commcanary.canary.v2) and traces alike.
            SubProgress reading(progress, 0.0, 0.4);
            trace = parseTraceOrCanary(bytes, input, reading);
        }
        SubProgress writing(progress, 0.4, 1.0);
        auto plan = interop::writeParamExport(trace, output, options, writing);
        out("exported " + std::to_string(plan.exported) + " of " + std::to_string(trace.size()) +
            " logical events to " + output + " (" + std::to_string(plan.ranks.size()) + " rank files, " +
            std::to_string(plan.groups.size()) + " process groups)\n");
        for (std::size_t k = 0; k < plan.ranks.size(); ++k) {
            out("  rank " + std::to_string(plan.ranks[k]) + ": " + std::to_string(plan.entriesPerRank[k]) +
                " entries\n");
        }
        if (!plan.skipped.empty()) {
            out("skipped " + std::to_string(plan.skipped.size()) + " unsupported events (listed in " +
                std::string(interop::kParamManifestName) + ")\n");
        }
        return kExitOk;
    });
}

const Registrar registrar("export-param", "export a canary or trace as PARAM comms-replay traces, one per rank",
                          runExportParam);

} // namespace

} // namespace cc::cli
