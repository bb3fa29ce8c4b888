// commcanary capture campaign MATRIX --physical-configs FILE -o DIR [--resume]
#include "app/cli/cli.h"

#include "capture/lib/campaign.h"
#include "capture/lib/cell_runner.h"
#include "core/configs/config_io.h"
#include "core/util/errors.h"

namespace cc::cli {

int runCampaignCommand(const std::vector<std::string>& argv)
{
    using namespace cc::capture;
    const CampaignOptions defaults;
    Args args(
        "capture campaign",
        "MATRIX.json --physical-configs FILE -o DIR [--resume] [--repeats R] [--warmup W] [--baselines LIST] "
        "[--baseline-samples N] [--no-reduced] [--timeout-s T] [--worker PATH]",
        "Asks whether a canary keeps the real workload's decision. Runs the matrix's one capture cell (real DDP "
        "training, as `capture run`) under every configuration of the physical set: its backend and device, its "
        "allowlisted environment and its loopback shaping (a private network namespace; needs CAP_NET_ADMIN). The "
        "cell's step time per recorded iteration under each configuration is the ground truth, W-full.\n\n"
        "Then it takes the trace the first configuration's cell captured, distils its canary (behaviour search; the "
        "lossless canary when no bounded candidate passes), builds the baselines (--baselines; isolated is the "
        "microbenchmark of each collective alone) and the ddmin-reduced trace, and replays the source, the canary "
        "and each baseline physically (as replay-physical) under every configuration, each twice: with compute "
        "stand-ins overlapping the collectives as recorded, and communication only. Every proxy's ranking of the "
        "configurations (by the mean pass time) is scored against W-full's (by the mean step time): pairwise "
        "agreement and Kendall tau, where a pair the workload's iterations cannot separate (bootstrap interval) is "
        "a tie, not a decision.\n\n"
        "DIR gets setup.json, workload/ (one cell per configuration), proxies/ (the inputs replayed), replays/ (one "
        "measured report per proxy and compute mode), results.json (commcanary-workbench.campaign.v1) and "
        "summary.md, the last two only when every cell and replay completed. Resumable and fail-closed like a "
        "sweep: --resume keeps every complete cell and replay of the same setup and runs the rest; an incomplete "
        "one is never scored.");
    args.positional("MATRIX", "a capture matrix (as `capture sweep` reads) that plans exactly one cell");
    args.option("physical-configs", "FILE", "the physical configuration set (at least two configurations)");
    args.option("output", "DIR", "the results folder (absent or empty, or a campaign to resume)");
    args.flag("resume", "continue the campaign already in DIR");
    args.option("repeats", "R", "recorded passes per replay and configuration (at least 2)",
                std::to_string(defaults.repeats));
    args.option("warmup", "W", "unrecorded passes before them", std::to_string(defaults.warmup));
    args.option("baselines", "LIST",
                "baselines to score beside the canary (isolated, random, frequency, cluster, "
                "stratified; empty for none)",
                baselineListText(defaults.baselines));
    args.option("baseline-samples", "N", "sample count of every baseline (core/baseline's default when absent)");
    args.flag("no-reduced", "leave out the ddmin-reduced trace (its search runs the simulator many times)");
    args.option("timeout-s", "T", "deadline of each cell and of each replay under one configuration",
                std::to_string(defaults.timeout.count()));
    args.option("worker", "PATH", "the commcanary-capture-worker binary (default: searched, see `commcanary doctor`)");
    args.epilog("Exit codes: 0 results written; 2 usage error, or a configuration this machine cannot run (nothing "
                "written); 3 bad matrix, set or results folder (nothing written); 4 a cell or replay failed (what "
                "completed stays for --resume; no results); 130 interrupted (the same).");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("capture campaign", [&]() -> int {
        if (!args.has("output") || !args.has("physical-configs")) {
            throw UsageError("campaign needs --physical-configs FILE and -o DIR");
        }
        CampaignOptions o;
        o.resultsDir = args.value("output");
        o.resume = args.has("resume");
        const long long repeats = args.intValue("repeats");
        const long long warmup = args.intValue("warmup");
        const long long timeout = args.intValue("timeout-s");
        if (repeats < 2 || repeats > 10'000 || warmup < 0 || warmup > 10'000 || timeout < 1 || timeout > 86'400) {
            throw UsageError("--repeats must be 2..10000 (ties need a spread), --warmup 0..10000, --timeout-s "
                             "1..86400");
        }
        o.repeats = static_cast<int>(repeats);
        o.warmup = static_cast<int>(warmup);
        o.timeout = std::chrono::seconds(timeout);
        try {
            o.baselines = baseline::methodsFromList(args.value("baselines"));
        } catch (const InputError& e) {
            throw UsageError(e.what());
        }
        if (args.has("baseline-samples")) {
            const long long n = args.intValue("baseline-samples");
            if (n < 1 || n > 1'000'000) {
                throw UsageError("--baseline-samples must be 1..1000000");
            }
            o.baselineSamples = static_cast<std::uint64_t>(n);
        }
        o.reduced = !args.has("no-reduced");
        if (args.has("worker")) {
            o.worker = std::filesystem::path(args.value("worker"));
        }
        checkOutputFolder("output", args.value("output"), inputPaths(args, {"MATRIX"}, {"physical-configs"}));
        o.matrix = loadSweepMatrix(args.positionalValue("MATRIX"));
        o.set = readPhysicalConfigSet(args.value("physical-configs"));
        try {
            checkCampaign(o);
        } catch (const CaptureUnavailable& e) {
            throw UsageError(std::string("this campaign cannot run on this machine: ") + e.what() +
                             "; nothing was written");
        }
        const CampaignRunResult r = runCampaign(o, terminalProgress());
        const std::string kept = "; this run: " + std::to_string(r.cellsRun) + " cells and " +
                                 std::to_string(r.replaysRun) + " replays run, " + std::to_string(r.cellsKept) +
                                 " cells and " + std::to_string(r.replaysKept) + " replays kept from before\n";
        if (r.cancelled) {
            err("commcanary capture campaign: interrupted" + kept.substr(1) +
                "rerun with --resume to go on; no results were written\n");
            return kExitInterrupted;
        }
        if (!r.results) {
            err("commcanary capture campaign: " + r.failure + kept +
                "rerun with --resume to retry; no results were "
                "written\n");
            return kExitChild;
        }
        out(campaignSummaryMarkdown(*r.results));
        out("\nwrote " + r.resultsPath.string() + " and " + r.summaryPath.string() + kept);
        return kExitOk;
    });
}

} // namespace cc::cli
