// commcanary ablation-scan INPUT [--configs FILE] [--iterations N] [--seed S] [--tie-tolerance PCT] [-o OUT]
#include "app/cli/cli.h"
#include "app/cli/replay_options.h"

#include "core/canary/canary_input.h"
#include "core/configs/config_io.h"
#include "core/replay/replay_analyses.h"
#include "core/report/ablation_scan.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"

namespace cc::cli {

namespace {

/// "a < b" (a faster), "a > b" or "a ~ b".
std::string relation(PairOutcome outcome, const std::string& a, const std::string& b)
{
    switch (outcome) {
    case PairOutcome::FirstFaster:
        return a + " < " + b;
    case PairOutcome::SecondFaster:
        return a + " > " + b;
    case PairOutcome::Tie:
        break;
    }
    return a + " ~ " + b;
}

std::string scanText(const DependencyScan& scan)
{
    const auto& names = scan.configurations;
    std::string text = "which single simulator control flips which pairwise decision (controls of a model, not "
                       "physical interventions):\n";
    std::vector<std::vector<std::string>> rows;
    std::string flipped;
    for (const ControlFlips& control : scan.controls) {
        rows.push_back({control.control.name(), std::to_string(control.flips.size())});
        for (const RankingFlip& flip : control.flips) {
            flipped += "  " + control.control.name() + ": " + std::string(rankMetricName(flip.metric)) + " " +
                       relation(flip.before, names[flip.first], names[flip.second]) + " becomes " +
                       relation(flip.after, names[flip.first], names[flip.second]) + "\n";
        }
    }
    text += tableText({"control", "flips"}, rows, {20, 8});
    if (!flipped.empty()) {
        text += "flipped decisions (unablated becomes controlled; < first faster, > second faster, ~ tie):\n" + flipped;
    }
    const auto dependencies = scan.dependencies();
    if (dependencies.empty()) {
        text += "no single control flips any of the " + std::to_string(scan.baseline.size()) +
                " decisions: the ranking is robust to each\n";
        return text;
    }
    text += std::to_string(dependencies.size()) + " of " + std::to_string(scan.baseline.size()) +
            " decisions depend on a control:\n";
    for (const DecisionDependency& d : dependencies) {
        std::string controls;
        for (const ScanControl& control : d.controls) {
            controls += (controls.empty() ? "" : ", ") + control.name();
        }
        text += "  " + names[d.first] + " vs " + names[d.second] + " on " + std::string(rankMetricName(d.metric)) +
                " depends on " + controls + "\n";
    }
    return text;
}

int runAblationScan(const std::vector<std::string>& argv)
{
    Args args("ablation-scan", "INPUT [--configs FILE] [--iterations N] [--seed S] [--tie-tolerance PCT] [-o OUT]",
              "Asks what the configuration ranking depends on. Replays INPUT (a trace or a canary) under every "
              "configuration of a backend configuration set without any simulator control, then once under each "
              "control alone (each ablation: arrival_skew, compute_overlap, ordering, queue_reset_gaps, "
              "rare_tail_windows, pressure; then isolated mode, every collective alone), and compares each ranking "
              "(every pair of configurations x median/p95/p99/mean, with the tie tolerance) with the unablated one. "
              "Prints, per control, how many decisions flip, and per decision the controls that flip it: a decision "
              "that flips without arrival skew holds only because the workload's skew is modelled, one that flips "
              "in isolation is one an isolated benchmark would get wrong. These are controls of a model, not "
              "physical interventions. The workbench's Ablations panel shows the same scan. With -o, also writes "
              "the scan as a commcanary-workbench.ablation-scan.v1 JSON document (atomically; same inputs, same "
              "bytes). Replays the input eight times.");
    args.positional("INPUT", "the trace or canary to scan (commcanary.trace.v1 or a canary, plain or gzip)");
    args.option("configs", "FILE",
                "configuration set (commcanary-workbench.configs.v1); default: the bundled set of five "
                "(baseline, low_latency, high_bandwidth, overlap_friendly, congested)");
    declareProtocolOptions(args);
    args.option("output", "OUT", "where to write the scan as JSON (commcanary-workbench.ablation-scan.v1)");
    args.epilog("Exit 0 whether or not a decision flips (the scan is a finding, not a gate). Bad arguments exit 2,\n"
                "unreadable inputs or configuration sets exit 3; nothing is written then.\n");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("ablation-scan", [&] {
        std::string output;
        if (args.has("output")) {
            output = args.value("output");
            checkOutputFile("output", output, inputPaths(args, {"INPUT"}, {"configs"}));
        }
        const ReplayProtocol protocol = protocolFromArgs(args);
        validateProtocol(protocol, "replay protocol");
        // Validate the configuration set before the (possibly long) trace read.
        const ConfigSet set = args.has("configs") ? readConfigSet(args.value("configs")) : defaultConfigSet();
        Progress& progress = terminalProgress();
        const Trace trace = readTraceOrCanary(args.positionalValue("INPUT"), progress);
        SubProgress scanning(progress, 0.0, 0.95);
        const DependencyScan scan = scanDependencies(trace, set, protocol, scanning);
        if (!output.empty()) {
            SubProgress hashing(progress, 0.95, 1.0);
            const std::string json = ablationScanJson(scan, set, normalizedSha256(trace, hashing), trace.size());
            writeFileAtomic(output, json, progress);
        }
        out(scanText(scan) + (output.empty() ? std::string() : "wrote " + output + "\n"));
        return kExitOk;
    });
}

const Registrar registrar("ablation-scan", "which single simulator control flips which configuration ranking decision",
                          runAblationScan);

} // namespace

} // namespace cc::cli
