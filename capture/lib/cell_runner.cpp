#include "capture/lib/cell_runner.h"

#include "capture/lib/cell_merge.h"
#include "capture/lib/json_fields.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/sha256.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <map>
#include <random>

namespace cc::capture {

namespace fs = std::filesystem;

std::string_view cellStatusName(CellStatus status)
{
    switch (status) {
    case CellStatus::Completed:
        return "completed";
    case CellStatus::Refused:
        return "skipped_infeasible";
    case CellStatus::Failed:
        return "failed";
    case CellStatus::Cancelled:
        return "cancelled";
    }
    return "unknown";
}

CellPlan planCapture(const CellSpec& spec, const CellPlanOptions& options)
{
    return planCaptureOn(spec, probeMachine(options.worker), options);
}

CellPlan planCaptureOn(const CellSpec& spec, const MachineReport& machine, const CellPlanOptions& options)
{
    CellPlan plan;
    plan.spec = spec;
    plan.machine = machine;
    plan.assumptions = machineAssumptions(plan.machine);
    plan.budgets = machineBudgets(plan.machine, options.hostBudgetBytes, options.deviceBudgetBytes);
    plan.verdict = planCell(spec, plan.assumptions, plan.budgets);
    plan.unavailable = unavailableReason(plan.machine, spec.backend, spec.device);
    return plan;
}

std::vector<RankCommand> localRankCommands(const std::filesystem::path& worker,
                                           const std::vector<std::string>& arguments, int worldSize,
                                           const std::string& masterAddr, int masterPort,
                                           const std::filesystem::path& logDir)
{
    std::vector<RankCommand> commands;
    for (int r = 0; r < worldSize; ++r) {
        RankCommand c;
        c.argv.push_back(worker.string());
        c.argv.insert(c.argv.end(), arguments.begin(), arguments.end());
        RankEnvironment env;
        env.rank = r;
        env.worldSize = worldSize;
        env.localRank = r;
        env.localWorldSize = worldSize;
        env.masterAddr = masterAddr;
        env.masterPort = masterPort;
        c.environment = rankEnvironmentVariables(env);
        c.logPath = logDir / rankLogFileName(r);
        commands.push_back(std::move(c));
    }
    return commands;
}

int pickFreePort(const std::string& addr)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        return 0;
    }
    sockaddr_in sa{};
    sa.sin_family = AF_INET;
    sa.sin_port = 0;
    if (::inet_pton(AF_INET, addr.c_str(), &sa.sin_addr) != 1) {
        sa.sin_addr.s_addr = htonl(INADDR_ANY);
    }
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&sa), sizeof sa) == 0) {
        socklen_t len = sizeof sa;
        if (::getsockname(fd, reinterpret_cast<sockaddr*>(&sa), &len) == 0) {
            port = ntohs(sa.sin_port);
        }
    }
    ::close(fd);
    return port;
}

namespace {

std::string newCaptureId(const CellSpec& spec)
{
    std::random_device device;
    std::uniform_int_distribution<unsigned> nibble(0, 15);
    std::string suffix;
    for (int i = 0; i < 12; ++i) {
        suffix += "0123456789abcdef"[nibble(device)];
    }
    return cellId(spec) + "-" + suffix;
}

std::string tail(const fs::path& path, std::size_t bytes)
{
    try {
        std::string text = readFileBounded(path, 1ULL << 32);
        return text.size() > bytes ? text.substr(text.size() - bytes) : text;
    } catch (const std::exception&) {
        return {};
    }
}

void writeJson(const fs::path& path, const nlohmann::json& json)
{
    writeFileAtomic(path, json.dump(1) + "\n");
}

nlohmann::json launchJson(const LaunchResult& launch, const fs::path& dir)
{
    nlohmann::json ranks = nlohmann::json::array();
    for (const auto& r : launch.ranks) {
        ranks.push_back(
            {{"rank", r.rank},
             {"pid", r.pid},
             {"end", r.describe()},
             {"stopped_by_launcher", r.stoppedByLauncher},
             {"log", rankLogFileName(r.rank)},
             {"log_tail",
              launch.outcome == LaunchOutcome::Completed ? std::string() : tail(dir / rankLogFileName(r.rank), 2000)}});
    }
    return {{"outcome", std::string(launchOutcomeName(launch.outcome))},
            {"reason", launch.reason},
            {"failed_rank", launch.failedRank},
            {"elapsed_ms", launch.elapsed.count()},
            {"ranks", std::move(ranks)}};
}

bool directoryHasEntries(const fs::path& dir)
{
    std::error_code ec;
    return fs::exists(dir, ec) && fs::is_directory(dir, ec) &&
           fs::directory_iterator(dir, ec) != fs::directory_iterator();
}

} // namespace

CellRunResult runCell(const CellPlan& plan, const CellRunOptions& options, Progress& progress)
{
    CellRunResult result;
    result.verdict = plan.verdict;
    const fs::path dir = options.outputDir;
    if (plan.unavailable) {
        throw CaptureUnavailable(*plan.unavailable);
    }
    std::error_code ec;
    if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) {
        throw InputError(dir.string(), "the output must be a directory for the cell, and this is a file");
    }
    if (directoryHasEntries(dir)) {
        throw InputError(dir.string(), "the output directory already holds files: a cell is written into an empty "
                                       "directory so that nothing from another run can be mixed into it");
    }
    fs::create_directories(dir, ec);
    if (ec) {
        throw IoError(dir.string() + ": cannot create the cell directory: " + ec.message());
    }

    if (!plan.verdict.feasible) {
        nlohmann::json record = verdictToJson(plan.verdict);
        record["status"] = std::string(cellStatusName(CellStatus::Refused));
        record["assumptions"] = {{"process_baseline", plan.assumptions.processBaselineSource},
                                 {"cuda_host_runtime", plan.assumptions.cudaHostRuntimeSource},
                                 {"cuda_context", plan.assumptions.cudaContextDeviceSource}};
        record["table"] = verdictTable(plan.verdict);
        result.recordPath = dir / kRefusalFileName;
        writeJson(result.recordPath, record);
        result.status = CellStatus::Refused;
        std::string reasons;
        for (const auto& r : plan.verdict.reasons) {
            reasons += (reasons.empty() ? "" : "; ") + r;
        }
        result.reason = "the memory guard refused the cell: " + reasons;
        return result;
    }

    const CellSpec& spec = plan.spec;
    const std::string captureId = newCaptureId(spec);
    const int port = options.masterPort != 0 ? options.masterPort : pickFreePort(options.masterAddr);
    if (port == 0) {
        throw IoError("cannot find a free TCP port on " + options.masterAddr + " for the rank-0 store");
    }
    {
        nlohmann::json cell;
        cell["cell_id"] = cellId(spec);
        cell["cell"] = cellSpecToJson(spec);
        cell["capture_session_id"] = captureId;
        cell["master_addr"] = options.masterAddr;
        cell["master_port"] = port;
        cell["feasibility"] = verdictToJson(plan.verdict);
        cell["worker_libtorch"] = plan.machine.probe.libtorchVersion;
        writeJson(dir / kCellFileName, cell);
    }

    WorkerRunOptions workerOptions;
    workerOptions.spec = spec;
    workerOptions.outputDir = dir;
    workerOptions.captureId = captureId;
    workerOptions.fault = options.fault;
    workerOptions.storeTimeout = std::chrono::seconds(
        std::max<long long>(30, std::chrono::duration_cast<std::chrono::seconds>(options.timeout).count()));
    std::vector<RankCommand> commands = localRankCommands(*plan.machine.worker.path, workerRunArguments(workerOptions),
                                                          spec.worldSize, options.masterAddr, port, dir);

    std::map<int, int> done;
    const long long totalWork = static_cast<long long>(spec.worldSize) * (spec.warmup + spec.iterations);
    LaunchOptions launchOptions;
    launchOptions.timeout = options.timeout;
    launchOptions.onLine = [&](int rank, std::string_view line) {
        if (options.onLogLine) {
            options.onLogLine(rank, line);
        }
        if (auto p = parseProgressLine(line)) {
            done[rank] = p->done;
            long long sum = 0;
            for (auto [r, d] : done) {
                sum += d;
            }
            progress.report(totalWork > 0 ? static_cast<double>(sum) / static_cast<double>(totalWork) : 0.0,
                            "rank " + std::to_string(p->rank) + ": iteration " + std::to_string(p->done) + " of " +
                                std::to_string(p->total));
            if (options.onRankProgress) {
                options.onRankProgress(*p);
            }
        }
    };
    progress.report(0.0, "starting " + std::to_string(spec.worldSize) + " ranks");
    LaunchResult launch = launchRanks(commands, launchOptions, progress);
    result.launch = launch;

    if (launch.outcome != LaunchOutcome::Completed) {
        nlohmann::json record;
        record["cell_id"] = cellId(spec);
        record["capture_session_id"] = captureId;
        record["status"] = std::string(
            cellStatusName(launch.outcome == LaunchOutcome::Cancelled ? CellStatus::Cancelled : CellStatus::Failed));
        record["launch"] = launchJson(launch, dir);
        record["note"] = "no manifest was written: the loader rejects this cell and nothing from it is ever loaded";
        result.recordPath = dir / kFailureFileName;
        writeJson(result.recordPath, record);
        result.status = launch.outcome == LaunchOutcome::Cancelled ? CellStatus::Cancelled : CellStatus::Failed;
        result.reason = launch.reason;
        return result;
    }

    // Every rank exited 0: check that each wrote both files, then write the manifest last.
    nlohmann::json ranks = nlohmann::json::array();
    nlohmann::json calibration = nlohmann::json::array();
    std::vector<RankCapture> captures;
    auto failAfterLaunch = [&](const std::string& note) {
        nlohmann::json record;
        record["cell_id"] = cellId(spec);
        record["capture_session_id"] = captureId;
        record["status"] = std::string(cellStatusName(CellStatus::Failed));
        record["launch"] = launchJson(launch, dir);
        record["note"] = note + "; no manifest was written: the loader rejects this cell";
        result.recordPath = dir / kFailureFileName;
        writeJson(result.recordPath, record);
        result.status = CellStatus::Failed;
        result.reason = note;
        return result;
    };
    for (int r = 0; r < spec.worldSize; ++r) {
        const fs::path raw = dir / rankCaptureFileName(r);
        const fs::path shard = dir / rankShardFileName(r);
        if (!fs::exists(raw, ec) || !fs::exists(shard, ec)) {
            return failAfterLaunch("rank " + std::to_string(r) + " exited 0 without writing " +
                                   (fs::exists(raw, ec) ? shard.filename().string() : raw.filename().string()));
        }
        const std::string rawText = readFileBounded(raw, 1ULL << 30);
        RankCapture capture = rankCaptureFromJson(parseJsonText(rawText, raw.string()), raw.string());
        ranks.push_back({{"rank", r},
                         {"capture", raw.filename().string()},
                         {"capture_sha256", sha256Hex(rawText)},
                         {"shard", shard.filename().string()},
                         {"shard_sha256", sha256Hex(readFileBounded(shard, 4ULL << 30))},
                         {"log", rankLogFileName(r)},
                         {"recorded_iterations", capture.iterations.size()},
                         {"bucket_counts_seen", capture.bucketCountsSeen},
                         {"rebuild_detected", capture.rebuildDetected}});
        calibration.push_back(clockCalibrationToJson(capture.clock));
        captures.push_back(std::move(capture));
    }

    // One trace for the rest of the product: the shards merged, fail-closed, on rank 0's clock.
    progress.report(0.99, "merging the rank shards");
    const interop::ClockCalibration clock = cellClockCalibration(captures);
    interop::MergeResult merged;
    try {
        writeFileAtomic(dir / kClockCalibrationFileName, interop::writeClockCalibrationJson(clock));
        NullProgress quiet;
        merged = mergeCellShards(dir, captures, clock, quiet);
        writeTraceFile(merged.trace, dir / kMergedTraceFileName);
    } catch (const InputError& e) {
        return failAfterLaunch(std::string("the merge of the rank shards refused them: ") + e.what());
    }
    nlohmann::json manifest;
    manifest["format"] = std::string(kManifestFormat);
    manifest["cell_id"] = cellId(spec);
    manifest["cell"] = cellSpecToJson(spec);
    manifest["world_size"] = spec.worldSize;
    manifest["capture_session_id"] = captureId;
    manifest["status"] = std::string(cellStatusName(CellStatus::Completed));
    manifest["ranks"] = std::move(ranks);
    manifest["clock_calibration"] = std::move(calibration);
    manifest["merged_trace"] = std::string(kMergedTraceFileName);
    manifest["merged_trace_sha256"] = sha256Hex(readFileBounded(dir / kMergedTraceFileName, 4ULL << 30));
    manifest["clock_calibration_file"] = std::string(kClockCalibrationFileName);
    manifest["merge"] = {{"events", merged.summary.events},
                         {"shard_events", merged.summary.shardEvents},
                         {"partial_events", merged.summary.partialEvents},
                         {"sequence_identified", merged.summary.sequenceIdentified},
                         {"calibrated", merged.summary.calibrated},
                         {"notes", merged.summary.notes}};
    manifest["feasibility"] = verdictToJson(plan.verdict);
    manifest["launch"] = launchJson(launch, dir);
    manifest["worker"] = {{"name", std::string(kWorkerName)}, {"libtorch_version", plan.machine.probe.libtorchVersion}};
    result.recordPath = dir / kManifestFileName;
    writeJson(result.recordPath, manifest);

    CellLoad load = loadCell(dir);
    if (!load.cell) {
        result.status = CellStatus::Failed;
        result.reason = load.warning;
        return result;
    }
    progress.report(1.0, "cell complete");
    result.cell = std::move(load.cell);
    result.status = CellStatus::Completed;
    return result;
}

} // namespace cc::capture
