// commcanary verify-behavior TRACE CANARY [--configs FILE] [tolerances] [--require CLAIM] [-o OUT]
#include "app/cli/cli.h"

#include "core/canary/canary_reader.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/limits.h"
#include "core/util/sha256.h"
#include "core/verify/behavior_verifier.h"
#include "core/verify/verification_json.h"
#include "core/verify/verify_options_text.h"

namespace cc::cli {

namespace {

int runVerifyBehavior(const std::vector<std::string>& argv)
{
    Args args("verify-behavior", "TRACE CANARY [--configs FILE] [tolerances] [--require CLAIM] [-o OUT]",
              "Replays the lossless source trace and the expanded canary under every configuration of a set with "
              "the deterministic scheduler model and reports five separate statuses, never one blended verdict: "
              "timing_mode (lossless or bounded as the compiler attested, re-checked event by event against the "
              "source), commitments (every SHA-256 commitment recomputes from the source), coverage (full or "
              "partial, as declared), behavioral_fidelity (per configuration: latency and queue-wait median, p95, "
              "p99, max and mean, hidden-communication share, per-phase and per-operation breakdowns and tail-event "
              "recall, each within the declared tolerances) and ranking (every configuration pair x median, p95, "
              "p99 and mean). The claim is derived from them: verified only when all five pass with full coverage "
              "and no rank-local uncertainty in the source; behaviorally_unverified when the source has unknown or "
              "partial arrival skew, unknown compute overlap, or measured skew whose stated uncertainty "
              "(arrival_skew_uncertainty_us, written by merge --clock-calibration) exceeds the absolute tolerance; "
              "partial for partial coverage; failed otherwise. "
              "All comparisons are integer arithmetic (ns, ppm).");
    args.positional("TRACE", "the source trace (commcanary.trace.v1, plain or gzip)");
    args.positional("CANARY", "the canary to verify (commcanary-workbench.canary.v1)");
    for (const auto& spec : verify::verificationOptionSpecs()) {
        args.option(spec.name, spec.valueName, spec.help,
                    spec.defaultValue.empty() ? std::nullopt : std::optional<std::string>(spec.defaultValue));
    }
    args.option("require", "CLAIM",
                "exit 1 unless the claim is at least this strong: verified, behaviorally_unverified or partial "
                "(default: exit 1 only when the claim is failed)");
    args.option("output", "OUT", "where to write the verification (commcanary-workbench.verification.v1)");
    args.epilog("Exit codes: 0 the claim is verified (or at least --require), 1 failed or weaker than --require, "
                "2 usage error, 3 unreadable or invalid input (nothing is written). The verification states what it "
                "does not prove: physical execution is not observed, the figures come from a model.\n");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("verify-behavior", [&] {
        std::optional<verify::Claim> require;
        if (args.has("require")) {
            require = verify::claimFromName(args.value("require"));
            if (!require || *require == verify::Claim::Failed) {
                throw UsageError("--require must be verified, behaviorally_unverified or partial (got \"" +
                                 args.value("require") + "\")");
            }
        }
        if (args.has("output")) {
            checkOutputFile("output", args.value("output"), inputPaths(args, {"TRACE", "CANARY"}, {"configs"}));
        }
        verify::VerifyOptions options;
        try {
            options = verify::verifyOptionsFromText(
                [&](const std::string& name) { return args.has(name) ? args.value(name) : std::string(); });
        } catch (const InputError& e) {
            throw UsageError(e.what());
        }
        options.configs = verify::verificationConfigSet(args.has("configs") ? args.value("configs") : std::string());
        Progress& progress = terminalProgress();
        const std::string canaryPath = args.positionalValue("CANARY");
        const std::string canaryBytes = readFileBounded(canaryPath, resourceLimits().maxInputBytes, progress);
        const Canary canary = parseCanary(canaryBytes, canaryPath);
        const Trace trace = readTrace(args.positionalValue("TRACE"), progress);
        const verify::SourceReference ref = verify::prepareSourceReference(trace, options, progress);
        const verify::VerificationReport report =
            verify::verifyBehavior(ref, canary, nullptr, options, progress, sha256Hex(canaryBytes), canaryBytes.size());
        if (args.has("output")) {
            writeFileAtomic(args.value("output"), verify::verificationJson(report), progress);
        }
        std::string text = verify::verificationSummaryText(report);
        if (args.has("output")) {
            text += "wrote " + args.value("output") + "\n";
        }
        out(text);
        if (report.claim == verify::Claim::Failed) {
            return static_cast<int>(kExitNegative);
        }
        if (require && report.claim < *require) {
            err("verify-behavior: the claim is " + std::string(verify::claimName(report.claim)) + ", weaker than the " +
                std::string(verify::claimName(*require)) + " required\n");
            return static_cast<int>(kExitNegative);
        }
        return static_cast<int>(kExitOk);
    });
}

const Registrar registrar("verify-behavior",
                          "prove (or refuse to prove) that a canary behaves like its source: five separate statuses",
                          runVerifyBehavior);

} // namespace

} // namespace cc::cli
