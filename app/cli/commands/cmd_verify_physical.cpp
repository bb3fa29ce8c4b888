// commcanary verify-physical TRACE CANARY --physical-configs FILE [--repeats R] [--baselines LIST] -o OUT
#include "app/cli/cli.h"

#include "capture/lib/cell_runner.h"
#include "capture/lib/physical_replay.h"
#include "core/baseline/baselines.h"
#include "core/canary/canary_input.h"
#include "core/configs/config_io.h"
#include "core/report/physical_verification.h"
#include "core/report/report.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"

#include <algorithm>

namespace cc::cli {

namespace {

using namespace cc::capture;

std::int64_t percentOption(const Args& args, const std::string& name)
{
    const std::string text = args.value(name);
    std::string digits = text;
    if (!digits.empty() && digits.back() == '%') {
        digits.pop_back();
    }
    const auto value = parseWholeInteger(digits);
    if (!value || *value < 0 || *value > 100) {
        throw UsageError("--" + name + " must be a whole percentage from 0% to 100% (got \"" + text + "\")");
    }
    return *value * 10'000;
}

int runVerifyPhysical(const std::vector<std::string>& argv)
{
    Args args("verify-physical",
              "TRACE CANARY --physical-configs FILE [--repeats R] [--warmup W] [--world-size N] "
              "[--baselines LIST] [--configs SIMULATOR_SET] -o OUT",
              "Replays the source TRACE, the CANARY and each baseline physically (as replay-physical does) under "
              "every configuration of the physical set, and writes a physical verification "
              "(commcanary-workbench.physical-verification.v1) with separate statuses, never one verdict: execution "
              "(every rank of every run completed), noise (the spread of the source's repeats per configuration), "
              "physical fidelity (canary against source per configuration: median, p95, p99, mean, max, each within "
              "the tolerance plus the source's own repeat spread of that figure), physical ranking (pairwise "
              "agreement and Kendall tau of the canary's ranking of the configurations against the source's; a pair "
              "the source's repeats cannot separate by a bootstrap interval is a tie, not a decision) and, with "
              "--configs, simulator agreement (the simulator's ranking against the physical one; reported, never "
              "gating). Every baseline's agreement and tau stand beside the canary's. The claim is "
              "physically_verified only when execution, fidelity and ranking pass.");
    args.positional("TRACE", "the source trace");
    args.positional("CANARY", "the canary (or any trace) to check against it");
    args.option("physical-configs", "FILE", "the physical configuration set");
    args.option("repeats", "R", "recorded passes per input and configuration (at least 2: noise needs them)",
                std::string("3"));
    args.option("warmup", "W", "unrecorded passes before them", std::string("1"));
    args.option("world-size", "N", "ranks to start (default: the source's highest rank + 1)");
    args.option("baselines", "LIST",
                "baselines to replay beside the canary, from isolated, random, frequency, cluster, stratified "
                "(isolated runs keep the baseline's one-second idle gap between runs)",
                std::string(""));
    args.option("baseline-samples", "N", "sample count of every baseline (core/baseline's default when absent)");
    args.option("configs", "SIMULATOR_SET",
                "a simulator configuration set whose names match the physical set's, for simulator agreement");
    args.option("fidelity-tolerance", "PCT", "allowed canary deviation beyond the source's spread", std::string("10%"));
    args.option("min-agreement", "PCT", "share of the source's decided pairs the canary must keep",
                std::string("100%"));
    args.option("skip-op", "OP", "leave out every event of this operation", {}, true);
    args.option("output", "OUT", "the physical verification to write");
    args.option("timeout-s", "T", "each replay's deadline per configuration", std::string("600"));
    args.option("worker", "PATH", "the commcanary-capture-worker binary");
    args.epilog("Exit codes: 0 physically_verified, 1 physically_unverified, 2 usage error (or a configuration this "
                "machine cannot run), 3 bad input or IO error, 4 a rank failed (nothing written), 130 interrupted.");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("verify-physical", [&]() -> int {
        if (!args.has("output") || !args.has("physical-configs")) {
            throw UsageError("verify-physical needs --physical-configs FILE and -o OUT");
        }
        checkOutputFile("output", args.value("output"),
                        inputPaths(args, {"TRACE", "CANARY"}, {"physical-configs", "configs"}));
        const long long repeats = args.intValue("repeats");
        const long long warmup = args.intValue("warmup");
        const long long timeout = args.intValue("timeout-s");
        if (repeats < 2 || repeats > 10'000 || warmup < 0 || warmup > 10'000 || timeout < 1) {
            throw UsageError("--repeats must be 2..10000 (the noise status needs two), --warmup 0..10000, "
                             "--timeout-s positive");
        }
        PhysicalVerificationOptions vo;
        vo.fidelityTolerancePpm = percentOption(args, "fidelity-tolerance");
        vo.minAgreementPpm = percentOption(args, "min-agreement");
        std::vector<baseline::Method> methods;
        try {
            methods = baseline::methodsFromList(args.value("baselines"));
        } catch (const InputError& e) {
            throw UsageError(std::string(e.what()) + "; the ddmin reducer needs an oracle, not a replay");
        }
        const std::filesystem::path output = args.value("output");
        const std::filesystem::path work = output.string() + ".work";
        std::error_code ec;
        if (std::filesystem::exists(work, ec)) {
            throw InputError(work.string(), "the working folder already exists (left by an earlier failed run?); "
                                            "remove it first");
        }
        Progress& progress = terminalProgress();
        const std::filesystem::path tracePath = args.positionalValue("TRACE");
        const std::filesystem::path canaryPath = args.positionalValue("CANARY");
        const Trace source = readTraceOrCanary(tracePath, progress);
        const Trace canary = readTraceOrCanary(canaryPath, progress);
        const PhysicalConfigSet set = readPhysicalConfigSet(args.value("physical-configs"));
        std::optional<ConfigSet> simulatorSet;
        if (args.has("configs")) {
            simulatorSet = readConfigSet(args.value("configs"));
        }
        int highest = -1;
        for (std::size_t i = 0; i < source.size(); ++i) {
            for (auto r : source.ranks(i)) {
                highest = std::max(highest, static_cast<int>(r));
            }
        }
        const int worldSize =
            args.has("world-size") ? static_cast<int>(args.intValue("world-size")) : std::max(1, highest + 1);
        if (worldSize < 1 || worldSize > 1024) {
            throw UsageError("--world-size must be between 1 and 1024");
        }
        const std::string sourceSha = normalizedSha256(source, progress);
        std::vector<std::pair<std::string, Trace>> baselineTraces;
        for (auto method : methods) {
            baseline::Options bo;
            bo.method = method;
            if (args.has("baseline-samples")) {
                const long long n = args.intValue("baseline-samples");
                if (n < 1) {
                    throw UsageError("--baseline-samples must be positive");
                }
                bo.sampleCount = static_cast<std::uint64_t>(n);
            }
            baseline::Baseline b = baseline::buildBaseline(source, sourceSha, bo, progress);
            baselineTraces.emplace_back(std::string(baseline::methodName(method)), std::move(b.trace));
        }
        auto optionsFor = [&](const std::filesystem::path& input, const Trace& trace, const std::string& name) {
            PhysicalReplayOptions o;
            o.input = input;
            o.trace = &trace;
            o.set = set;
            o.worldSize = worldSize;
            o.repeats = static_cast<int>(repeats);
            o.warmup = static_cast<int>(warmup);
            o.skipOps = args.values("skip-op");
            o.workDir = work / name;
            if (args.has("worker")) {
                o.worker = std::filesystem::path(args.value("worker"));
            }
            o.timeout = std::chrono::seconds(timeout);
            return o;
        };
        // Every check before anything is written or started.
        try {
            (void)checkPhysicalReplay(optionsFor(tracePath, source, "source"));
            (void)checkPhysicalReplay(optionsFor(canaryPath, canary, "canary"));
            for (const auto& [name, trace] : baselineTraces) {
                (void)checkPhysicalReplay(optionsFor(name, trace, name));
            }
        } catch (const CaptureUnavailable& e) {
            throw UsageError(std::string("this verification cannot run on this machine: ") + e.what() +
                             "; nothing was written");
        }
        std::filesystem::create_directories(work, ec);
        if (ec) {
            throw IoError(work.string() + ": cannot create the working folder: " + ec.message());
        }
        auto measure = [&](PhysicalReplayOptions o, const std::string& label) -> std::optional<MeasuredView> {
            o.inputSha256 = normalizedSha256(*o.trace, progress);
            const PhysicalReplayResult r = runPhysicalReplay(o, progress);
            if (!r.run) {
                const bool cancelled = r.failedLaunch && r.failedLaunch->outcome == LaunchOutcome::Cancelled;
                err("commcanary verify-physical: the " + label + " replay " +
                    (cancelled ? std::string("was interrupted") : "failed: " + r.reason) + "\nrank logs are in " +
                    work.string() + "; nothing else was written\n");
                return std::nullopt;
            }
            return readMeasuredReport(buildMeasuredReport(*r.run), label);
        };
        auto failed = [&]() { return progress.cancelled() ? kExitInterrupted : kExitChild; };
        const auto sourceView = measure(optionsFor(tracePath, source, "source"), "source");
        if (!sourceView) {
            return failed();
        }
        const auto canaryView = measure(optionsFor(canaryPath, canary, "canary"), "canary");
        if (!canaryView) {
            return failed();
        }
        std::vector<std::pair<std::string, MeasuredView>> baselineViews;
        for (const auto& [name, trace] : baselineTraces) {
            const std::filesystem::path file = work / (name + ".trace.json");
            writeTraceFile(trace, file);
            const auto view = measure(optionsFor(file, trace, name), name);
            if (!view) {
                return failed();
            }
            baselineViews.emplace_back(name, *view);
        }
        std::optional<SimulatedRanking> simulated;
        if (simulatorSet) {
            ReportOptions ro;
            ro.samples = SamplesMode::Digest;
            ro.inputSha256 = sourceSha;
            const ReportView sim =
                readReportView(buildReport(source, *simulatorSet, ReplayProtocol{}, ro, progress), "simulated");
            SimulatedRanking s;
            for (const auto& c : sim.configurations) {
                s.configurations.emplace_back(c.name, c.latency);
            }
            simulated = s;
        }
        const PhysicalVerification v = verifyPhysical(*sourceView, *canaryView, baselineViews, simulated, vo);
        writeFileAtomic(output, physicalVerificationJson(v, *sourceView, *canaryView, vo), progress);
        std::filesystem::remove_all(work, ec);
        out(physicalVerificationText(v));
        out("wrote " + output.string() + "\n");
        return v.claim == "physically_verified" ? kExitOk : kExitNegative;
    });
}

const Registrar registrar("verify-physical",
                          "replay source, canary and baselines physically and compare their decisions",
                          runVerifyPhysical);

} // namespace

} // namespace cc::cli
