// commcanary export-chrome REPORT --input INPUT [--config NAME] [--iteration K] -o trace.json
#include "app/cli/cli.h"

#include "core/canary/canary_reader.h"
#include "core/canary/expand.h"
#include "core/info/file_info.h"
#include "core/interop/chrome_export.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/limits.h"

namespace cc::cli {

namespace {

int runExportChrome(const std::vector<std::string>& argv)
{
    Args args("export-chrome", "REPORT --input INPUT [--config NAME] [--iteration K] -o TRACE.json",
              "Writes the simulated timeline of one configuration of a replay report as Chrome-trace JSON, for "
              "Perfetto UI or chrome://tracing. The report declares the protocol and the configuration; INPUT (the "
              "trace, or the canary, the report was made from: checked by its normalised SHA-256) supplies the "
              "events. The replay is redone deterministically and must reproduce the report's own summary, so an "
              "edited report is refused. One track per group/channel for collectives, with queue wait and rank wait "
              "(modelled arrival skew) on their own tracks; tail events (latency at or above the configuration's p99) "
              "are marked; every slice's args carry op, bytes, group, phase and the replay's figures. The timeline is "
              "the model's, not hardware's, and the file says so.");
    args.positional("REPORT", "a commcanary-workbench.report.v1 report");
    args.option("input", "INPUT", "the trace or canary the report replayed");
    args.option("config", "NAME", "the configuration to draw (default: the report's first)");
    args.option("iteration", "K", "which replay iteration to draw", "0");
    args.option("output", "TRACE.json", "where to write the Chrome-trace JSON");
    return guarded("export-chrome", [&] {
        if (!args.parse(argv)) {
            return kExitOk;
        }
        const std::string output = args.value("output");
        if (!args.has("output")) {
            throw UsageError("missing -o TRACE.json (see commcanary export-chrome --help)");
        }
        if (!args.has("input")) {
            throw UsageError("missing --input INPUT: the report does not carry the events it replayed");
        }
        checkOutputFile("output", output, inputPaths(args, {"REPORT"}, {"input"}));
        const long long iteration = args.intValue("iteration");
        if (iteration < 0 || iteration > 1000000) {
            throw UsageError("--iteration must be a non-negative iteration number");
        }
        interop::ChromeExportOptions options;
        options.configuration = args.value("config");
        options.iteration = static_cast<std::uint32_t>(iteration);
        options.reportName = args.positionalValue("REPORT");
        options.inputName = args.value("input");
        Progress& progress = terminalProgress();
        const std::string report = readFileBounded(options.reportName, resourceLimits().maxInputBytes, progress);
        const std::string input = readFileBounded(options.inputName, resourceLimits().maxInputBytes, progress);
        Trace trace;
        if (sniffFormatTag(input) == kCanaryFormat) {
            SubProgress expanding(progress, 0.0, 0.2);
            trace = expandCanary(parseCanary(input, options.inputName), options.inputName, expanding);
        } else {
            SubProgress reading(progress, 0.0, 0.2);
            trace = parseTrace(input, options.inputName, reading);
        }
        SubProgress exporting(progress, 0.2, 1.0);
        interop::ChromeExportSummary summary;
        const std::string json = interop::exportChromeTrace(report, trace, options, exporting, &summary);
        writeFileAtomic(output, json, progress);
        out("wrote " + output + ": configuration " + summary.configuration + ", " +
            std::to_string(summary.collectives) + " collectives, " + std::to_string(summary.waitSlices) +
            " wait slices on " + std::to_string(summary.tracks) + " tracks, " + std::to_string(summary.tailEvents) +
            " tail events (a model timeline, not hardware)\n");
        return kExitOk;
    });
}

const Registrar registrar("export-chrome", "write a configuration's simulated timeline as Chrome-trace JSON (Perfetto)",
                          runExportChrome);

} // namespace

} // namespace cc::cli
