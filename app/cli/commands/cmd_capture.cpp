// commcanary capture plan|run --world-size N --backend gloo|nccl --device cpu|cuda --model-params 10M
//     --iterations I --warmup W --bucket-cap-mb M -o DIR
#include "app/cli/cli.h"

#include "capture/lib/cell_report.h"
#include "capture/lib/cell_runner.h"
#include "core/util/errors.h"

namespace cc::cli {

namespace {

using namespace cc::capture;

CellSpec specFrom(const Args& args)
{
    CellSpec spec;
    const long long worldSize = args.intValue("world-size");
    if (worldSize < 1 || worldSize > 1024) {
        throw UsageError("--world-size must be between 1 and 1024");
    }
    spec.worldSize = static_cast<int>(worldSize);
    auto backend = backendFromName(args.value("backend"));
    if (!backend) {
        throw UsageError("--backend must be gloo or nccl (got \"" + args.value("backend") + "\")");
    }
    spec.backend = *backend;
    auto device = deviceFromName(args.value("device"));
    if (!device) {
        throw UsageError("--device must be cpu or cuda (got \"" + args.value("device") + "\")");
    }
    spec.device = *device;
    auto model = modelKindFromName(args.value("model"));
    if (!model) {
        throw UsageError("--model must be mlp or gpt (got \"" + args.value("model") + "\")");
    }
    spec.model = *model;
    auto params = parseCount(args.value("model-params"));
    if (!params) {
        throw UsageError("--model-params must be a parameter count such as 1M, 10M, 400M or 2500000 (got \"" +
                         args.value("model-params") + "\")");
    }
    spec.modelParams = *params;
    const long long iterations = args.intValue("iterations");
    const long long warmup = args.intValue("warmup");
    const long long batch = args.intValue("batch-size");
    const long long seed = args.intValue("seed");
    if (iterations < 1 || iterations > 1'000'000 || warmup < 0 || warmup > 1'000'000 || batch < 1 || batch > 65536 ||
        seed < 0) {
        throw UsageError("--iterations must be 1..1000000, --warmup 0..1000000, --batch-size 1..65536, --seed >= 0");
    }
    spec.iterations = static_cast<int>(iterations);
    spec.warmup = static_cast<int>(warmup);
    spec.batchSize = static_cast<int>(batch);
    spec.seed = static_cast<std::uint64_t>(seed);
    auto cap = parseMebibytes(args.value("bucket-cap-mb"));
    if (!cap) {
        throw UsageError("--bucket-cap-mb must be a positive size in MiB (got \"" + args.value("bucket-cap-mb") +
                         "\")");
    }
    spec.bucketCapBytes = *cap;
    auto first = parseMebibytes(args.value("first-bucket-mb"));
    if (!first) {
        throw UsageError("--first-bucket-mb must be a positive size in MiB (got \"" + args.value("first-bucket-mb") +
                         "\")");
    }
    spec.firstBucketBytes = std::min(*first, spec.bucketCapBytes);
    if (auto problem = cellSpecProblem(spec)) {
        throw UsageError(*problem);
    }
    return spec;
}

std::optional<std::int64_t> budgetOption(const Args& args, const std::string& name)
{
    if (!args.has(name)) {
        return std::nullopt;
    }
    auto bytes = parseByteSize(args.value(name));
    if (!bytes) {
        throw UsageError("--" + name + " must be a size such as 12GiB, 9.34GiB or 512MiB (got \"" + args.value(name) +
                         "\")");
    }
    return bytes;
}

int runCapture(const std::vector<std::string>& argv)
{
    Args args("capture",
              "{plan|run} [--world-size N] [--backend gloo|nccl] [--device cpu|cuda] [--model mlp|gpt] "
              "[--model-params COUNT] [--iterations I] [--warmup W] [--bucket-cap-mb M] -o DIR",
              "Captures a real DDP-style data-parallel training step: one commcanary-capture-worker process per rank "
              "(torchrun-style RANK/WORLD_SIZE/MASTER_ADDR/MASTER_PORT, c10d TCPStore rendezvous), gloo over CPU "
              "tensors (CUDA tensors and NCCL only where the worker's libtorch has them and a device exists). Each "
              "rank times every gradient-bucket all-reduce (issued from autograd hooks, overlapping backward) and its "
              "compute, after the warm-up iterations; clock offsets between ranks are measured with their "
              "uncertainty.\n\n"
              "plan: runs the memory feasibility guard only and prints the demand on every memory pool the cell draws "
              "on (host; device for CUDA cells) against its budget, term by term, with the binding pool. Exit 0 "
              "when the cell fits, 1 when it does not.\n"
              "run: plans, then (when feasible) starts the ranks, joins them against one deadline, stops every rank "
              "when one dies, and writes the cell into DIR: rank<R>.json (raw measurements), rank<R>.trace.json "
              "(a rank-local commcanary.trace.v1 shard), rank<R>.log, and manifest.json last. A refused cell gets "
              "refused.json (estimate, budget, arithmetic) and exit 1; a failed cell gets failed.json, no manifest, "
              "and exit 4; it is never loaded.");
    args.positional("ACTION", "plan or run");
    args.option("world-size", "N", "number of ranks", std::string("2"));
    args.option("backend", "NAME", "gloo or nccl", std::string("gloo"));
    args.option("device", "NAME", "cpu or cuda", std::string("cpu"));
    args.option("model", "NAME", "mlp (scalable residual MLP) or gpt (small GPT-style decoder)", std::string("mlp"));
    args.option("model-params", "COUNT", "target parameter count (1M, 10M, 50M, 150M, 400M, ...)", std::string("1M"));
    args.option("iterations", "I", "recorded iterations", std::string("10"));
    args.option("warmup", "W", "warm-up iterations before recording (excluded from every result)", std::string("3"));
    args.option("bucket-cap-mb", "M", "gradient bucket cap in MiB (DDP's bucket_cap_mb)", std::string("25"));
    args.option("first-bucket-mb", "M", "the small first bucket in MiB", std::string("1"));
    args.option("batch-size", "S", "per-rank batch size", std::string("32"));
    args.option("seed", "X", "seed of the initialisation and of the synthetic data", std::string("1"));
    args.option("output", "DIR", "run: the cell directory (must be empty or absent)");
    args.option("timeout-s", "T", "run: the whole cell must finish within T seconds of its start", std::string("600"));
    args.option("host-memory-budget", "SIZE", "declared host budget (default: /proc/meminfo MemAvailable)");
    args.option("device-memory-budget", "SIZE", "declared budget per CUDA device (default: its free memory)");
    args.option("worker", "PATH", "the commcanary-capture-worker binary (default: searched, see `commcanary doctor`)");
    args.option("master-addr", "ADDR", "run: the address rank 0's store listens on", std::string("127.0.0.1"));
    args.option("master-port", "PORT", "run: its port (0: a free port)", std::string("0"));
    args.option("inject-kill", "R:I", "run, test control: rank R kills itself at iteration I (the failure path)");
    args.flag("json", "plan: print the verdict record as JSON");
    args.epilog("Exit codes: 0 cell complete (or plan feasible), 1 refused by the memory guard, 2 usage error or a "
                "backend/device this machine cannot run, 3 bad input (e.g. DIR not empty), 4 a rank failed or the "
                "deadline passed, 130 interrupted.");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("capture", [&]() -> int {
        const std::string action = args.positionalValue("ACTION");
        if (action != "plan" && action != "run") {
            throw UsageError("ACTION must be plan or run (got \"" + action + "\")");
        }
        const CellSpec spec = specFrom(args);
        CellPlanOptions planOptions;
        if (args.has("worker")) {
            planOptions.worker = std::filesystem::path(args.value("worker"));
        }
        planOptions.hostBudgetBytes = budgetOption(args, "host-memory-budget");
        planOptions.deviceBudgetBytes = budgetOption(args, "device-memory-budget");
        const long long timeout = args.intValue("timeout-s");
        const long long port = args.intValue("master-port");
        if (timeout < 1 || port < 0 || port > 65535) {
            throw UsageError("--timeout-s must be positive and --master-port 0..65535");
        }
        std::optional<FaultInjection> fault;
        if (args.has("inject-kill")) {
            fault = parseFaultInjection(args.value("inject-kill"));
            if (!fault) {
                throw UsageError("--inject-kill must be RANK:ITERATION (got \"" + args.value("inject-kill") + "\")");
            }
            if (fault->rank >= spec.worldSize) {
                throw UsageError("--inject-kill names rank " + std::to_string(fault->rank) + " of a world of " +
                                 std::to_string(spec.worldSize));
            }
        }
        if (action == "run" && !args.has("output")) {
            throw UsageError("run needs -o DIR (the cell directory)");
        }

        const CellPlan plan = planCapture(spec, planOptions);
        if (action == "plan") {
            if (args.has("json")) {
                nlohmann::json record = verdictToJson(plan.verdict);
                record["unavailable"] = plan.unavailable ? nlohmann::json(*plan.unavailable) : nlohmann::json();
                out(record.dump(1) + "\n");
            } else {
                out(verdictTable(plan.verdict));
            }
            if (plan.unavailable) {
                throw UsageError("this cell cannot run on this machine: " + *plan.unavailable);
            }
            return plan.verdict.feasible ? kExitOk : kExitNegative;
        }

        CellRunOptions runOptions;
        runOptions.outputDir = args.value("output");
        runOptions.timeout = std::chrono::seconds(timeout);
        runOptions.masterAddr = args.value("master-addr");
        runOptions.masterPort = static_cast<int>(port);
        runOptions.fault = fault;
        CellRunResult result;
        try {
            result = runCell(plan, runOptions, terminalProgress());
        } catch (const CaptureUnavailable& e) {
            throw UsageError(std::string("this cell cannot run on this machine: ") + e.what());
        }
        switch (result.status) {
        case CellStatus::Refused:
            out(verdictTable(result.verdict));
            err("commcanary capture: " + result.reason +
                "\nthe refusal (estimate, budget, arithmetic) is recorded in " + result.recordPath.string() +
                "; no rank was started.\n");
            return kExitNegative;
        case CellStatus::Failed:
            err("commcanary capture: the cell failed: " + result.reason +
                "\nno manifest was written, so the cell is "
                "never loaded; what happened is recorded in " +
                result.recordPath.string() + "\n");
            return kExitChild;
        case CellStatus::Cancelled:
            err("commcanary capture: interrupted; every rank was stopped and no manifest was written (" +
                result.recordPath.string() + ")\n");
            return kExitInterrupted;
        case CellStatus::Completed:
            break;
        }
        out(cellReportText(*result.cell));
        const auto& merge = result.cell->manifest["merge"];
        out("\nmerged trace: " + (runOptions.outputDir / "trace.json").string() + " (" +
            std::to_string(merge.value("events", 0)) + " collectives from " +
            std::to_string(merge.value("shard_events", 0)) + " rank events) — " + merge.value("notes", std::string()) +
            "\nwrote " + runOptions.outputDir.string() +
            ": manifest.json (last), cell.json, clock_calibration.json, trace.json and per rank rank<R>.json, "
            "rank<R>.trace.json, rank<R>.log\n");
        return kExitOk;
    });
}

const Registrar registrar("capture", "plan or run a real DDP-style capture (gloo; NCCL/CUDA where available)",
                          runCapture);

} // namespace

} // namespace cc::cli
