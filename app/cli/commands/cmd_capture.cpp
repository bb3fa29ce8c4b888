// commcanary capture plan|run --world-size N --backend gloo|nccl --device cpu|cuda --model-params 10M
//     --iterations I --warmup W --bucket-cap-mb M -o DIR
// commcanary capture sweep MATRIX.json -o RESULTS [--resume] [--max-cells N]
// commcanary capture calibrate --world-size N (--interconnect ID | --bandwidth-bytes-per-s B) -o CALIBRATION.json
// commcanary capture interconnects [--json]
#include "app/cli/cli.h"

#include "capture/lib/allreduce_calibration.h"
#include "capture/lib/cell_report.h"
#include "capture/lib/cell_runner.h"
#include "capture/lib/interconnect_table.h"
#include "capture/lib/json_io.h"
#include "capture/lib/sweep_runner.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"

namespace cc::cli {

/// capture campaign (cmd_capture_campaign.cpp).
int runCampaignCommand(const std::vector<std::string>& argv);

namespace {

using namespace cc::capture;

CellSpec specFrom(const Args& args)
{
    CellSpec spec;
    const long long worldSize = args.intValue("world-size");
    if (!kWorldSizeRange.contains(worldSize)) {
        throw UsageError(rangeProblem("--world-size", kWorldSizeRange, worldSize));
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
    if (!kIterationsRange.contains(iterations)) {
        throw UsageError(rangeProblem("--iterations", kIterationsRange, iterations));
    }
    if (!kWarmupRange.contains(warmup)) {
        throw UsageError(rangeProblem("--warmup", kWarmupRange, warmup));
    }
    if (!kBatchSizeRange.contains(batch)) {
        throw UsageError(rangeProblem("--batch-size", kBatchSizeRange, batch));
    }
    if (seed < 0) {
        throw UsageError("--seed must be 0 or more (got " + std::to_string(seed) + ")");
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

int runSweepCommand(const std::vector<std::string>& argv);
int runCalibrateCommand(const std::vector<std::string>& argv);
int runInterconnectsCommand(const std::vector<std::string>& argv);

int runCapture(const std::vector<std::string>& argv)
{
    if (!argv.empty()) {
        const std::vector<std::string> rest(argv.begin() + 1, argv.end());
        if (argv[0] == "sweep") {
            return runSweepCommand(rest);
        }
        if (argv[0] == "campaign") {
            return runCampaignCommand(rest);
        }
        if (argv[0] == "calibrate") {
            return runCalibrateCommand(rest);
        }
        if (argv[0] == "interconnects") {
            return runInterconnectsCommand(rest);
        }
    }
    Args args(
        "capture",
        "{plan|run|sweep|campaign|calibrate|interconnects} [--world-size N] [--backend gloo|nccl] [--device cpu|cuda] "
        "[--model mlp|gpt] "
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
        "and exit 4; it is never loaded.\n"
        "sweep, campaign, calibrate, interconnects: see `commcanary capture sweep --help`, `commcanary capture "
        "campaign --help`, `commcanary capture calibrate --help` and `commcanary capture interconnects --help`.");
    args.positional("ACTION", "plan, run, sweep, campaign, calibrate or interconnects");
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
    args.option("store-timeout-s", "S",
                "run: how long a rank waits for the others (rendezvous and every collective) before it gives up, "
                "which fails the cell (default: T, at least 30; shorter catches a hung rank sooner)");
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
            throw UsageError("ACTION must be plan, run, sweep, calibrate or interconnects (got \"" + action + "\")");
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
        if (!kTimeoutSecondsRange.contains(timeout)) {
            throw UsageError(rangeProblem("--timeout-s", kTimeoutSecondsRange, timeout));
        }
        if (port < 0 || port > 65535) {
            throw UsageError("--master-port must be between 0 and 65535 (got " + std::to_string(port) + ")");
        }
        std::optional<std::chrono::seconds> storeTimeout;
        if (args.has("store-timeout-s")) {
            const long long seconds = args.intValue("store-timeout-s");
            if (!kTimeoutSecondsRange.contains(seconds)) {
                throw UsageError(rangeProblem("--store-timeout-s", kTimeoutSecondsRange, seconds));
            }
            storeTimeout = std::chrono::seconds(seconds);
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
                json::Value record = verdictToJson(plan.verdict);
                record.set("unavailable", plan.unavailable ? json::Value(*plan.unavailable) : json::Value());
                out(jsonFileText(record));
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
        runOptions.storeTimeout = storeTimeout;
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
        const CellMergeRecord merge = result.cell->merge.value_or(CellMergeRecord{});
        out("\nmerged trace: " + (runOptions.outputDir / "trace.json").string() + " (" + std::to_string(merge.events) +
            " collectives from " + std::to_string(merge.shardEvents) + " rank events) — " + merge.notes + "\nwrote " +
            runOptions.outputDir.string() +
            ": manifest.json (last), cell.json, clock_calibration.json, trace.json and per rank rank<R>.json, "
            "rank<R>.trace.json, rank<R>.log\n");
        return kExitOk;
    });
}

std::string optionalPpmText(const std::optional<std::int64_t>& ppm)
{
    if (!ppm) {
        return "undefined";
    }
    return std::to_string(*ppm / 10'000) + "." + std::to_string((*ppm % 10'000) / 1'000) + " %";
}

/// At the end of a sweep, at most this many cells and this many configurations are listed; the
/// index files hold them all.
constexpr std::size_t kListedLines = 24;

std::string sweepCellLine(const SweepCellRecord& r, std::size_t total)
{
    std::string line = "[" + std::to_string(r.cell.index + 1) + "/" + std::to_string(total) + "] " + r.cell.directory +
                       ": " + std::string(sweepCellStateName(r.state));
    if (r.measurement) {
        line += " — all-reduce median " + durationText(r.measurement->allreduceMedianNs) + ", p95 " +
                durationText(r.measurement->allreduceP95Ns) + ", iteration median " +
                durationText(r.measurement->iterationMedianNs) + ", overlap " +
                optionalPpmText(r.measurement->overlapPpm);
    } else if (!r.reason.empty()) {
        line += " — " + r.reason;
    }
    return line + "\n";
}

std::string spreadText(const std::optional<SpreadStats>& s)
{
    if (!s) {
        return "no measured repeat";
    }
    std::string values;
    for (auto v : s->values) {
        values += (values.empty() ? "" : ", ") + durationText(v);
    }
    std::string text = "[" + values + "]; min " + durationText(s->min) + ", median " + durationText(s->median) +
                       ", max " + durationText(s->max) + ", range " + durationText(s->range);
    if (s->rangePpmOfMedian) {
        text += " (" + optionalPpmText(s->rangePpmOfMedian) + " of the median)";
    }
    return text;
}

int runSweepCommand(const std::vector<std::string>& argv)
{
    Args args(
        "capture sweep", "MATRIX.json -o RESULTS [--resume] [--max-cells N] [--worker PATH]",
        "Runs an experiment matrix of capture cells: model sizes × world sizes × backends × devices × bucket "
        "caps, each configuration repeated `repeats` times. Every cell is planned through the memory feasibility "
        "guard first; a cell that does not fit, or whose backend/device this machine cannot run, is recorded as "
        "refused with its arithmetic (refused.json) and never silently dropped. The other cells run in order, "
        "one capture cell each (as `commcanary capture run`), into RESULTS/cells/<NNN>_<cell id>_r<repeat>/.\n\n"
        "The results index is rewritten after every cell: RESULTS/cells.json "
        "(commcanary.capture.sweep-index.v1), RESULTS/cells.csv (one row per cell: state planned, measured, "
        "refused or failed; all-reduce median/p95/max, iteration median, overlap and overhead in ppm; the guard's "
        "binding pool, demand and budget for refused cells) and RESULTS/configurations.csv (per configuration "
        "the repeats' values and their spread: min, median, max, range — the repeatability figure; nothing is "
        "averaged away). Each cell run is printed as it ends; at the end the sweep prints the count of each "
        "state, the first 24 cells and the first 24 configurations' repeatability (the index files list them "
        "all).\n\n"
        "Resuming: --resume continues a sweep in RESULTS (the matrix must be the same; RESULTS/matrix.json keeps "
        "it). A cell whose manifest the fail-closed loader accepts is never rerun or rewritten; any other cell "
        "folder (interrupted, half-written, failed or refused) is removed and the cell planned and run again.\n\n"
        "Matrix file (JSON): {\"model\": \"mlp\", \"model_params\": [\"1M\", \"10M\"], \"world_sizes\": [2], "
        "\"backends\": [\"gloo\"], \"devices\": [\"cpu\"], \"bucket_caps\": [\"25MiB\"], \"first_bucket\": "
        "\"1MiB\", \"iterations\": 10, \"warmup\": 3, \"batch_size\": 32, \"seed\": 1, \"repeats\": 2, "
        "\"timeout_s\": 600, \"host_memory_budget\": \"12GiB\", \"device_memory_budget\": \"70GiB\"}. The five "
        "lists are required and non-empty; the rest are optional. Unknown keys and duplicate list values are "
        "refused.");
    args.positional("MATRIX", "the matrix file (JSON)");
    args.option("output", "RESULTS", "the results folder (absent or empty, or a sweep to resume)");
    args.flag("resume", "continue the sweep already in RESULTS");
    args.option("max-cells", "N", "run at most N cells now; the rest stay planned for --resume");
    args.option("worker", "PATH", "the commcanary-capture-worker binary (default: searched, see `commcanary doctor`)");
    args.option("master-addr", "ADDR", "the address each cell's rank-0 store listens on", std::string("127.0.0.1"));
    args.epilog("Exit codes: 0 every cell measured or refused, or --max-cells reached (the rest planned); 2 usage "
                "error; 3 bad matrix or results folder (the message names the file, the JSON path and the rule; "
                "nothing is written); 4 a cell failed (the sweep goes on; rerun with --resume to retry it); 130 "
                "interrupted (every cell not yet run stays planned).");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("capture sweep", [&]() -> int {
        if (!args.has("output")) {
            throw UsageError("sweep needs -o RESULTS (the results folder)");
        }
        SweepRunOptions options;
        options.resultsDir = args.value("output");
        options.resume = args.has("resume");
        if (args.has("max-cells")) {
            const long long n = args.intValue("max-cells");
            if (n < 0 || n > 1'000'000) {
                throw UsageError("--max-cells must be 0..1000000");
            }
            options.maxCells = static_cast<int>(n);
        }
        if (args.has("worker")) {
            options.worker = std::filesystem::path(args.value("worker"));
        }
        options.masterAddr = args.value("master-addr");
        const SweepMatrix matrix = loadSweepMatrix(args.positionalValue("MATRIX"));
        const std::size_t total = expandSweepMatrix(matrix).size();
        options.onCellDone = [&](const SweepCellRecord& r) { out(sweepCellLine(r, total)); };
        const SweepRunResult result = runSweep(matrix, options, terminalProgress());

        out("\nsweep: " + std::to_string(total) + " cells — " +
            std::to_string(result.index.count(SweepCellState::Measured)) + " measured, " +
            std::to_string(result.index.count(SweepCellState::Refused)) + " refused, " +
            std::to_string(result.index.count(SweepCellState::Failed)) + " failed, " +
            std::to_string(result.index.count(SweepCellState::Planned)) +
            " planned; this run: " + std::to_string(result.ran) + " run, " + std::to_string(result.alreadyMeasured) +
            " already measured (not rerun), " + std::to_string(result.cleaned) + " unfinished folders cleaned\n");
        // A large matrix is summarised (each cell run was printed as it ended, failures included).
        const auto& cells = result.index.cells;
        for (std::size_t k = 0; k < cells.size() && k < kListedLines; ++k) {
            out("  " + sweepCellLine(cells[k], total));
        }
        auto more = [&](std::size_t count, const char* what, std::string_view file) {
            if (count > kListedLines) {
                out("  ... and " + std::to_string(count - kListedLines) + " more " + what + "; " +
                    (options.resultsDir / file).string() + " lists every one\n");
            }
        };
        more(cells.size(), "cells", kSweepIndexCsvFileName);
        out("\nrepeatability (all-reduce median per repeat):\n");
        const auto& configurations = result.index.configurations;
        for (std::size_t k = 0; k < configurations.size() && k < kListedLines; ++k) {
            const auto& c = configurations[k];
            out("  " + c.configId + ": " + std::to_string(c.measured) + " of " + std::to_string(c.planned) +
                " measured; " + spreadText(c.allreduceMedian) + "\n");
        }
        more(configurations.size(), "configurations", kSweepConfigurationsCsvFileName);
        out("\nindex: " + (options.resultsDir / kSweepIndexCsvFileName).string() + ", " +
            (options.resultsDir / kSweepIndexJsonFileName).string() + ", " +
            (options.resultsDir / kSweepConfigurationsCsvFileName).string() + "\n");
        if (result.cancelled) {
            err("commcanary capture sweep: interrupted; every cell not yet run stays planned — rerun with --resume\n");
            return kExitInterrupted;
        }
        if (result.stoppedByLimit) {
            out("stopped after --max-cells " + std::to_string(*options.maxCells) + "; rerun with --resume to go on\n");
        }
        return result.index.count(SweepCellState::Failed) > 0 ? kExitChild : kExitOk;
    });
}

int runCalibrateCommand(const std::vector<std::string>& argv)
{
    Args args(
        "capture calibrate",
        "--world-size N [--backend gloo|nccl] [--device cpu|cuda] (--interconnect ID | --bandwidth-bytes-per-s "
        "B) [--sizes 4KiB..64MiB] [--iterations I] [--warmup W] -o CALIBRATION.json",
        "Calibrates the ring all-reduce model of Patarasuk and Yuan, T(p, n) = 2(p-1)·alpha + 2(p-1)/p · n/B, "
        "on this machine. Starts N commcanary-capture-worker processes (as `capture run` does) that run an "
        "all-reduce microbenchmark over the message sizes: per size W warm-up all-reduces, then I recorded ones, "
        "each after a barrier, timed from issue to completion on every rank. A size's latency is the median over "
        "iterations of the slowest rank's time. Then alpha alone is fitted by least squares, with B taken from "
        "the interconnect table (--interconnect ID; see `commcanary capture interconnects`) or given "
        "(--bandwidth-bytes-per-s, e.g. for host loopback, which the table does not list). alpha is reported in "
        "integer ns (the exact rational is kept beside it; rounding to the nearest ns, halves away from zero).\n\n"
        "CALIBRATION.json (commcanary.capture.calibration.v1) holds the bandwidth and its source, every measured "
        "point (median, min, p95, max, every iteration), the model curve and residual at each size, alpha and "
        "every rank's raw samples. The ranks work in a folder next to it (CALIBRATION.json.ranks), removed on "
        "success and kept, with each rank's log, on failure.\n\n"
        "A negative alpha is reported as it is, with a note: the points were faster than B allows, i.e. B "
        "understates the path measured.");
    args.option("world-size", "N", "number of ranks (at least 2)", std::string("2"));
    args.option("backend", "NAME", "gloo or nccl", std::string("gloo"));
    args.option("device", "NAME", "cpu or cuda", std::string("cpu"));
    args.option("interconnect", "ID", "take B from this interconnect table entry");
    args.option("bandwidth-bytes-per-s", "B", "take B (bytes/s per direction, an integer) as given");
    args.option("sizes", "SIZES",
                "message sizes: FIRST..LAST (doubling) or a comma list; multiples of 4 bytes (float32)",
                std::string("4KiB..16MiB"));
    args.option("iterations", "I", "recorded all-reduces per size", std::string("20"));
    args.option("warmup", "W", "unrecorded all-reduces per size before them", std::string("3"));
    args.option("output", "FILE", "the calibration file to write");
    args.option("timeout-s", "T", "the whole benchmark must finish within T seconds", std::string("600"));
    args.option("worker", "PATH", "the commcanary-capture-worker binary (default: searched, see `commcanary doctor`)");
    args.option("master-addr", "ADDR", "the address rank 0's store listens on", std::string("127.0.0.1"));
    args.flag("json", "print the calibration record as JSON instead of the table");
    args.epilog("Exit codes: 0 calibrated, 2 usage error (or a backend/device this machine cannot run), 3 bad input "
                "or IO error, 4 a rank failed or the deadline passed, 130 interrupted.");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("capture calibrate", [&]() -> int {
        if (!args.has("output")) {
            throw UsageError("calibrate needs -o CALIBRATION.json");
        }
        if (args.has("interconnect") == args.has("bandwidth-bytes-per-s")) {
            throw UsageError("give exactly one of --interconnect ID and --bandwidth-bytes-per-s B");
        }
        CalibrationRunOptions options;
        AllreduceBenchOptions& bench = options.bench;
        const long long worldSize = args.intValue("world-size");
        if (worldSize < 2 || worldSize > 1024) {
            throw UsageError("--world-size must be between 2 and 1024 (the model's latency term needs two ranks)");
        }
        bench.worldSize = static_cast<int>(worldSize);
        auto backend = backendFromName(args.value("backend"));
        auto device = deviceFromName(args.value("device"));
        if (!backend || !device) {
            throw UsageError("--backend must be gloo or nccl and --device cpu or cuda");
        }
        bench.backend = *backend;
        bench.device = *device;
        auto sizes = parseMessageSizes(args.value("sizes"));
        if (!sizes) {
            throw UsageError("--sizes must be FIRST..LAST or a comma list of ascending byte sizes, each a multiple "
                             "of 4 (got \"" +
                             args.value("sizes") + "\")");
        }
        bench.sizesBytes = *sizes;
        const long long iterations = args.intValue("iterations");
        const long long warmup = args.intValue("warmup");
        const long long timeout = args.intValue("timeout-s");
        if (iterations < 1 || iterations > 100'000 || warmup < 0 || warmup > 100'000 || timeout < 1) {
            throw UsageError("--iterations must be 1..100000, --warmup 0..100000, --timeout-s positive");
        }
        bench.iterations = static_cast<int>(iterations);
        bench.warmup = static_cast<int>(warmup);
        if (args.has("interconnect")) {
            auto entry = findInterconnect(args.value("interconnect"));
            if (!entry) {
                std::string ids;
                for (const auto& e : interconnectTable()) {
                    ids += (ids.empty() ? "" : ", ") + e.id;
                }
                throw UsageError("--interconnect \"" + args.value("interconnect") + "\" is not in the table (" + ids +
                                 ")");
            }
            options.bandwidth.bytesPerS = entry->bytesPerSPerDirection;
            options.bandwidth.description = "interconnect table: " + entry->id + " (" + entry->name + ")";
            options.bandwidth.interconnect = entry;
        } else {
            const long long b = args.intValue("bandwidth-bytes-per-s");
            if (b <= 0) {
                throw UsageError("--bandwidth-bytes-per-s must be a positive integer");
            }
            options.bandwidth.bytesPerS = b;
            options.bandwidth.description = "given: --bandwidth-bytes-per-s " + std::to_string(b);
        }
        const std::filesystem::path output = args.value("output");
        std::error_code ec;
        if (std::filesystem::is_directory(output, ec)) {
            throw UsageError("-o names a folder; give the calibration file to write");
        }
        bench.outputDir = output.string() + ".ranks";
        if (std::filesystem::exists(bench.outputDir, ec)) {
            throw InputError(bench.outputDir.string(), "the ranks' working folder already exists (left by an earlier "
                                                       "failed run?); remove it first");
        }
        if (args.has("worker")) {
            options.worker = std::filesystem::path(args.value("worker"));
        }
        options.masterAddr = args.value("master-addr");
        options.timeout = std::chrono::seconds(timeout);
        CalibrationRunResult result;
        try {
            result = runCalibration(options, terminalProgress());
        } catch (const CaptureUnavailable& e) {
            throw UsageError(std::string("this benchmark cannot run on this machine: ") + e.what());
        }
        if (!result.calibration) {
            if (result.launch.outcome == LaunchOutcome::Cancelled) {
                err("commcanary capture calibrate: interrupted; every rank was stopped (logs in " +
                    bench.outputDir.string() + ")\n");
                return kExitInterrupted;
            }
            err("commcanary capture calibrate: the benchmark failed: " + result.reason + "\nrank logs are in " +
                bench.outputDir.string() + "; nothing else was written\n");
            return kExitChild;
        }
        const std::string calibrationFile = calibrationJsonText(*result.calibration);
        writeFileAtomic(output, calibrationFile);
        std::filesystem::remove_all(bench.outputDir, ec);
        if (args.has("json")) {
            out(calibrationFile);
        } else {
            out(calibrationText(*result.calibration));
            out("wrote " + output.string() + "\n");
        }
        return kExitOk;
    });
}

int runInterconnectsCommand(const std::vector<std::string>& argv)
{
    Args args("capture interconnects", "[--json]",
              "Lists the interconnect table the ring all-reduce model takes its bandwidth B from: published "
              "per-direction figures for PCIe 3.0/4.0/5.0 x16, NVLink 2/3/4 (per-GPU aggregate), InfiniBand "
              "EDR/HDR/NDR and 10/25/100/400 Gigabit Ethernet, each with its source, URL, the date it was consulted "
              "and how the vendor figure was converted to bytes per second in one direction. Use an id with "
              "`commcanary capture calibrate --interconnect ID`. There is no host loopback entry: no published figure "
              "describes it, so give --bandwidth-bytes-per-s for it.");
    args.flag("json", "print the table as JSON (commcanary.capture.interconnects.v1)");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("capture interconnects", [&]() -> int {
        if (args.has("json")) {
            out(jsonFileText(interconnectTableToJson(interconnectTable())));
        } else {
            out(interconnectTableText(interconnectTable()));
        }
        return kExitOk;
    });
}

const Registrar registrar("capture", "plan, run or sweep real DDP-style captures; calibrate the ring all-reduce model",
                          runCapture);

} // namespace

} // namespace cc::cli
