// commcanary reduce TRACE [--configs FILE] -o OUT [--max-oracle-calls N] [--ranking-tie-tolerance-us X]
#include "app/cli/cli.h"

#include "core/reduce/reducer.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/verify/verify_options_text.h"

#include <set>

namespace cc::cli {

namespace {

int runReduce(const std::vector<std::string>& argv)
{
    Args args("reduce", "TRACE [--configs FILE] -o OUT [--max-oracle-calls N] [--ranking-tie-tolerance-us X]",
              "Delta debugging (ddmin: chunks, complements, granularity doubling) with a decision-only oracle: a "
              "subset of events is kept when, replayed under every configuration, it decides every configuration "
              "pair x median/p95/p99/mean exactly as the full trace does. This is the baseline the product exists "
              "to refuse: decisions are compressible far past the point where the workload survives. Writes a "
              "lossless canary of the surviving events, labelled for what it is: partial coverage of the source, "
              "one range or a subset whose kept events are listed in covered.runs, with a commitment to every kept "
              "event; run verify-behavior on it to see what it loses.");
    args.positional("TRACE", "the trace to reduce (commcanary.trace.v1, plain or gzip)");
    const std::set<std::string> used = {"configs", "ranking-tie-tolerance-us", "ranking-tie-tolerance-pct", "seed",
                                        "iterations"};
    for (const auto& spec : verify::verificationOptionSpecs()) {
        if (used.count(spec.name) != 0) {
            args.option(spec.name, spec.valueName, spec.help,
                        spec.defaultValue.empty() ? std::nullopt : std::optional<std::string>(spec.defaultValue));
        }
    }
    args.option("max-oracle-calls", "N", "stop after N oracle calls (0: no limit); the result is then not 1-minimal",
                std::string("0"));
    args.option("output", "OUT", "where to write the reduced artifact (a commcanary-workbench.canary.v1 canary)");
    args.epilog("Prints \"reduced A -> B events in K oracle calls\" (the reference replay of the full trace is not "
                "counted), the declared tie tolerance, and the fewest events any subset would need: quantiles are "
                "nearest-rank, so one event makes every metric equal and fewer than 20 make p95 equal p99, and a "
                "trace whose full replay decides a pair differently on those metrics cannot shrink below that. The "
                "tie tolerance is declared, not tuned: a wider one (for example --ranking-tie-tolerance-us 100) turns "
                "more decisions into ties and lets ddmin delete more. Exit codes: 0 reduced, 2 usage error, 3 "
                "unreadable or invalid input (nothing is written).\n");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("reduce", [&] {
        if (!args.has("output")) {
            throw UsageError("missing -o OUT");
        }
        checkOutputFile("output", args.value("output"), inputPaths(args, {"TRACE"}, {"configs"}));
        reduce::ReduceOptions options;
        try {
            verify::VerifyOptions v = verify::verifyOptionsFromText(
                [&](const std::string& name) { return args.has(name) ? args.value(name) : std::string(); });
            options.protocol = v.protocol;
            options.tolerances = v.tolerances;
        } catch (const InputError& e) {
            throw UsageError(e.what());
        }
        const long long calls = args.intValue("max-oracle-calls");
        if (calls < 0) {
            throw UsageError("--max-oracle-calls must be 0 or more");
        }
        options.maxOracleCalls = static_cast<std::uint64_t>(calls);
        options.configs = verify::verificationConfigSet(args.has("configs") ? args.value("configs") : std::string());
        Progress& progress = terminalProgress();
        const Trace trace = readTrace(args.positionalValue("TRACE"), progress);
        const reduce::ReduceResult result = reduce::reduceTrace(trace, options, progress);
        writeFileAtomic(args.value("output"), result.artifact.bytes, progress);
        std::string text = reduce::reduceSummaryLine(result) + "\n";
        text += "  ranking decisions preserved: " + std::string(result.rankingPreserved ? "all " : "NOT all ") +
                std::to_string(result.decisions) + " (" + std::to_string(options.configs.configurations.size()) +
                " configurations, every pair x median/p95/p99/mean)\n";
        text += "  declared tie tolerance: " + verify::ppmAsPercent(options.tolerances.rankingTiePpm) +
                " % of the larger value or " + std::to_string(options.tolerances.rankingTieNs) + " ns\n";
        if (result.quantileFloorEvents > 1) {
            text += "  no subset under " + std::to_string(result.quantileFloorEvents) +
                    " events can keep every decision (" + result.quantileFloorReason + ")\n";
        }
        if (result.ddmin.callLimitReached) {
            text += "  stopped at the oracle-call limit: the result is not 1-minimal\n";
        }
        text += "  wrote " + args.value("output") + ": " + result.artifact.label + "\n";
        if (result.ddmin.kept.size() == result.sourceEvents) {
            text += "  no event could be deleted without changing a decision under this tie tolerance\n";
        } else {
            text += "  this artifact preserves decisions only; verify-behavior shows what it loses\n";
        }
        out(text);
        return static_cast<int>(kExitOk);
    });
}

const Registrar registrar("reduce", "ddmin with a ranking-only oracle: the baseline a canary must beat", runReduce);

} // namespace

} // namespace cc::cli
