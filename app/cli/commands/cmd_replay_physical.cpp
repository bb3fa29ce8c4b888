// commcanary replay-physical INPUT --physical-configs FILE [--repeats R] [--warmup W] [--world-size N]
//                            [--skip-op OP]... -o REPORT
#include "app/cli/cli.h"

#include "capture/lib/cell_runner.h"
#include "capture/lib/physical_replay.h"
#include "core/canary/canary_input.h"
#include "core/configs/physical_configs.h"
#include "core/report/measured_report.h"
#include "core/trace/normalized.h"
#include "core/util/atomic_file.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"

#include <algorithm>

namespace cc::cli {

namespace {

using namespace cc::capture;

int runReplayPhysical(const std::vector<std::string>& argv)
{
    Args args(
        "replay-physical",
        "INPUT --physical-configs FILE [--repeats R] [--warmup W] [--world-size N] [--skip-op OP]... -o REPORT",
        "Replays INPUT (a trace, or a canary expanded in full) on real c10d process groups, once per configuration "
        "of the physical configuration set (commcanary-workbench.physical-configs.v1), and writes a measured "
        "report (commcanary-workbench.report.v1 with \"mode\": \"measured\"). N commcanary-capture-worker ranks "
        "start as `capture run` starts them; each walks the program in order: it waits the recorded gap, runs a "
        "compute stand-in for the recorded compute (a calibrated busy loop; a spin kernel on CUDA), overlapping "
        "the collective where the input records overlap, adds its recorded arrival offset, and issues the "
        "collective on the process group of exactly the recorded ranks (point-to-point as matched send/recv), "
        "sizes in bytes as recorded. W warm-up passes are not recorded; R passes are. Every event is stamped on "
        "each member rank's steady clock and put on rank 0's clock by a TCPStore ping offset; latency has the "
        "simulator's definition (completion - issue). A configuration with loopback shaping runs its ranks in a "
        "private network namespace with a tbf or htb qdisc on lo, which needs CAP_NET_ADMIN.\n\n"
        "The report embeds each repeat's samples, the machine, each configuration's environment and the input's "
        "normalised SHA-256; `compare` gates two measured reports and `verify-report` checks one's integrity (it "
        "cannot be recomputed). The ranks work in REPORT.ranks, removed on success and kept with their logs on "
        "failure.\n\n"
        "Ranks started elsewhere (by hand, torchrun or srun, also across machines): start every rank of a "
        "configuration as\n"
        "  RANK=r WORLD_SIZE=N MASTER_ADDR=host MASTER_PORT=port commcanary-capture-worker replay --input INPUT "
        "--world-size N --backend gloo --device cpu --gloo-threads 2 --repeats R --warmup W --output DIR "
        "--store-timeout-s 600\n"
        "(plus the configuration's environment; shaping is then the launcher's business), gather each "
        "configuration's replay_rank<r>.json files into one folder, and assemble the report with --from-ranks DIR, "
        "one folder per configuration of the set, in its order. Nothing is started then.");
    args.positional("INPUT", "the trace or canary to replay");
    args.option("physical-configs", "FILE", "the physical configuration set");
    args.option("repeats", "R", "recorded passes over the program per configuration", std::string("3"));
    args.option("warmup", "W", "unrecorded passes before them", std::string("1"));
    args.option("world-size", "N", "ranks to start (default: the input's highest rank + 1)");
    args.option("skip-op", "OP", "leave out every event of this operation (one the backend cannot run)", {}, true);
    args.option("output", "REPORT", "the measured report to write");
    args.option("timeout-s", "T", "each configuration's ranks must finish within T seconds", std::string("600"));
    args.option("worker", "PATH", "the commcanary-capture-worker binary (default: searched, see `commcanary doctor`)");
    args.option("master-addr", "ADDR", "the address rank 0's store listens on", std::string("127.0.0.1"));
    args.option("from-ranks", "DIR",
                "assemble the report from rank files of ranks started elsewhere (one folder per configuration, in "
                "the set's order; repeatable) instead of starting ranks",
                {}, true);
    args.option("inject-kill", "R:E",
                "test control: rank R kills itself before program event E of the first recorded pass of the first "
                "configuration");
    args.epilog("Exit codes: 0 measured, 2 usage error (or a configuration this machine cannot run: a backend or "
                "device it lacks, shaping without CAP_NET_ADMIN), 3 bad input or IO error (a rank outside the world "
                "size, an operation the backend cannot run that --skip-op does not name, a configuration set that "
                "breaks its rules), 4 a rank failed or the deadline passed (no report), 130 interrupted.");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("replay-physical", [&]() -> int {
        if (!args.has("output")) {
            throw UsageError("replay-physical needs -o REPORT");
        }
        if (!args.has("physical-configs")) {
            throw UsageError("replay-physical needs --physical-configs FILE");
        }
        checkOutputFile("output", args.value("output"), inputPaths(args, {"INPUT"}, {"physical-configs"}));
        const long long repeats = args.intValue("repeats");
        const long long warmup = args.intValue("warmup");
        const long long timeout = args.intValue("timeout-s");
        if (repeats < 1 || repeats > 10'000 || warmup < 0 || warmup > 10'000 || timeout < 1) {
            throw UsageError("--repeats must be 1..10000, --warmup 0..10000, --timeout-s positive");
        }
        PhysicalReplayOptions options;
        if (args.has("inject-kill")) {
            options.fault = parseFaultInjection(args.value("inject-kill"));
            if (!options.fault) {
                throw UsageError("--inject-kill must be RANK:EVENT (got \"" + args.value("inject-kill") + "\")");
            }
        }
        const std::filesystem::path output = args.value("output");
        const std::filesystem::path workDir = output.string() + ".ranks";
        const bool assemble = args.has("from-ranks");
        if (assemble && (args.has("inject-kill") || args.has("worker"))) {
            throw UsageError("--from-ranks starts no rank: it cannot be combined with --inject-kill or --worker");
        }
        std::error_code ec;
        if (!assemble && std::filesystem::exists(workDir, ec)) {
            throw InputError(workDir.string(), "the ranks' working folder already exists (left by an earlier failed "
                                               "run?); remove it first");
        }
        Progress& progress = terminalProgress();
        options.input = args.positionalValue("INPUT");
        const Trace trace = readTraceOrCanary(options.input, progress);
        options.set = readPhysicalConfigSet(args.value("physical-configs"));
        int highest = -1;
        for (std::size_t i = 0; i < trace.size(); ++i) {
            for (auto r : trace.ranks(i)) {
                highest = std::max(highest, static_cast<int>(r));
            }
        }
        if (args.has("world-size")) {
            const long long n = args.intValue("world-size");
            if (n < 1 || n > 1024) {
                throw UsageError("--world-size must be between 1 and 1024");
            }
            options.worldSize = static_cast<int>(n);
        } else {
            options.worldSize = std::max(1, highest + 1);
        }
        options.trace = &trace;
        options.inputSha256 = normalizedSha256(trace, progress);
        options.repeats = static_cast<int>(repeats);
        options.warmup = static_cast<int>(warmup);
        options.skipOps = args.values("skip-op");
        options.workDir = workDir;
        if (args.has("worker")) {
            options.worker = std::filesystem::path(args.value("worker"));
        }
        options.masterAddr = args.value("master-addr");
        options.timeout = std::chrono::seconds(timeout);
        PhysicalReplayResult result;
        if (assemble) {
            std::vector<std::filesystem::path> dirs;
            for (const auto& d : args.values("from-ranks")) {
                dirs.emplace_back(d);
            }
            result.run = assemblePhysicalReplay(options, dirs);
        }
        try {
            if (!assemble) {
                result = runPhysicalReplay(options, progress);
            }
        } catch (const CaptureUnavailable& e) {
            throw UsageError(std::string("this replay cannot run on this machine: ") + e.what() +
                             "; nothing was written");
        }
        if (!result.run) {
            if (result.failedLaunch && result.failedLaunch->outcome == LaunchOutcome::Cancelled) {
                err("commcanary replay-physical: interrupted; every rank was stopped (logs in " + workDir.string() +
                    "); no report was written\n");
                return kExitInterrupted;
            }
            err("commcanary replay-physical: the replay failed: " + result.reason + "\nrank logs are in " +
                workDir.string() + "; no report was written\n");
            return kExitChild;
        }
        const std::string report = buildMeasuredReport(*result.run);
        writeFileAtomic(output, report, progress);
        const MeasuredView view = readMeasuredReport(report, output.string());
        for (const auto& c : view.configurations) {
            out(c.name + ": median " + formatScaledDecimal(c.latency.median, 3) + " us, p95 " +
                formatScaledDecimal(c.latency.p95, 3) + " us, max " + formatScaledDecimal(c.latency.max, 3) +
                " us over " + std::to_string(c.latency.count) + " samples (clock uncertainty ±" +
                formatScaledDecimal(c.latencyUncertaintyNs, 3) + " us)\n");
        }
        out("wrote " + output.string() + " (measured)\n");
        return kExitOk;
    });
}

const Registrar registrar("replay-physical", "replay a trace or canary on real c10d process groups (measured report)",
                          runReplayPhysical);

} // namespace

} // namespace cc::cli
