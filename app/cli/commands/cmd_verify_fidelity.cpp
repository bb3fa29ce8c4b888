// commcanary verify-fidelity TRACE CANARY [-o REPORT]
#include "app/cli/cli.h"

#include "core/canary/canary_reader.h"
#include "core/canary/fidelity.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/limits.h"
#include "core/verify/verify_options_text.h"

namespace cc::cli {

namespace {

int runVerifyFidelity(const std::vector<std::string>& argv)
{
    Args args("verify-fidelity", "TRACE CANARY [-o REPORT]",
              "Recomputes, from the source trace alone, every claim the canary makes about it, and reports each area "
              "separately: source_hash (normalised SHA-256, event count, serialised size), commitments (every "
              "segment's SHA-256 over its source range), bounds (the canary is expanded and compared event by event: "
              "exact segments must reproduce their range byte for byte, intervals must keep every non-timing field "
              "exact and every timing field's true error within its recorded bound; a lossless full canary must "
              "expand to the source's normalised hash), coverage (full, or exactly which prefix), compression "
              "(logical and stored events, canary size, both ratios) and claim (no stronger than coverage, "
              "unknown timing and stated skew uncertainty allow: a covered event whose arrival_skew_uncertainty_us "
              "is above the absolute tolerance requires the skew_uncertainty_above_tolerance limit). Any mismatch "
              "fails and names the segment and field.");
    args.positional("TRACE", "the source trace the canary was compiled from");
    args.positional("CANARY", "the canary (commcanary-workbench.canary.v1)");
    args.option("output", "REPORT", "also write the report as JSON (commcanary-workbench.fidelity.v1), atomically");
    args.option("max-expanded-events", "N", "refuse canaries that expand to more logical events than this");
    args.option("absolute-tolerance-us", "US",
                "the absolute latency tolerance the claim is held to, as verify-behavior and compile --strict "
                "declare it (default 1): stated skew uncertainties above it cap the claim");
    args.epilog("Exit codes: 0 every status passes, 1 a status fails (the report is still written), 2 usage error, "
                "3 invalid input (including a canary over the expansion limit).\n\nLimits on untrusted input:\n" +
                describeResourceLimits(resourceLimits()));
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("verify-fidelity", [&] {
        if (args.has("max-expanded-events")) {
            auto limit = args.intValue("max-expanded-events");
            if (limit < 1) {
                throw UsageError("--max-expanded-events must be a positive integer");
            }
            resourceLimits().maxExpandedEvents = static_cast<std::uint64_t>(limit);
        }
        if (args.has("output")) {
            checkOutputFile("output", args.value("output"), inputPaths(args, {"TRACE", "CANARY"}));
        }
        Ns absoluteToleranceNs = kDefaultAbsoluteToleranceNs;
        try {
            absoluteToleranceNs =
                verify::verifyOptionsFromText([&](const std::string& name) {
                    return name == "absolute-tolerance-us" && args.has(name) ? args.value(name) : std::string();
                }).tolerances.absoluteNs;
        } catch (const InputError& e) {
            throw UsageError(e.what());
        }
        Progress& progress = terminalProgress();
        const std::string canaryPath = args.positionalValue("CANARY");
        std::string bytes = readFileBounded(canaryPath, resourceLimits().maxInputBytes, progress);
        Canary canary = parseCanary(bytes, canaryPath);
        Trace trace = readTrace(args.positionalValue("TRACE"), progress);
        FidelityReport report = verifyFidelity(trace, canary, bytes, progress, absoluteToleranceNs);
        if (args.has("output")) {
            writeFileAtomic(args.value("output"), fidelityReportJson(report), progress);
        }
        std::string text;
        for (const auto& s : report.statuses) {
            text += "  " + s.name + ": " + (s.pass ? "pass" : "FAIL") + "\n";
            for (const auto& f : s.failures) {
                text += "    " + f + "\n";
            }
        }
        if (report.pass()) {
            out("fidelity verified: " + canaryPath + " against " + args.positionalValue("TRACE") + "\n" + text);
            return kExitOk;
        }
        err("commcanary verify-fidelity: fidelity NOT verified: " + canaryPath + "\n" + text);
        return kExitNegative;
    });
}

const Registrar registrar("verify-fidelity",
                          "recompute a canary's commitments, bounds, coverage and compression from its source trace",
                          runVerifyFidelity);

} // namespace

} // namespace cc::cli
