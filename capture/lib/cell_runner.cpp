#include "capture/lib/cell_runner.h"

#include "capture/lib/physical_replay.h"

#include "capture/lib/capture_limits.h"
#include "capture/lib/cell_merge.h"
#include "capture/lib/json_io.h"
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

void RankGroupProgress::report(int rank, const RankProgressLine& line, Progress& progress)
{
    done_[rank] = line.done;
    long long sum = 0;
    for (auto [r, d] : done_) {
        sum += d;
    }
    progress.report(totalWork_ > 0 ? static_cast<double>(sum) / static_cast<double>(totalWork_) : 0.0,
                    "rank " + std::to_string(line.rank) + ": " + unit_ + " " + std::to_string(line.done) + " of " +
                        std::to_string(line.total));
}

int freeStorePort(const std::string& addr)
{
    const int port = pickFreePort(addr);
    if (port == 0) {
        throw IoError("cannot find a free TCP port on " + addr + " for the rank-0 store");
    }
    return port;
}

std::chrono::seconds storeTimeoutUnder(std::chrono::milliseconds deadline)
{
    return std::chrono::seconds(
        std::max<long long>(30, std::chrono::duration_cast<std::chrono::seconds>(deadline).count()));
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

void writeJson(const fs::path& path, const json::Value& document)
{
    writeFileAtomic(path, jsonFileText(document));
}

json::Value launchJson(const LaunchResult& launch, const fs::path& dir)
{
    json::Value ranks = json::Value::array();
    for (const auto& r : launch.ranks) {
        json::Value rank = json::Value::object();
        rank.set("rank", r.rank);
        rank.set("pid", r.pid);
        rank.set("end", r.describe());
        rank.set("stopped_by_launcher", json::Value(r.stoppedByLauncher));
        rank.set("log", rankLogFileName(r.rank));
        rank.set("log_tail", launch.outcome == LaunchOutcome::Completed ? std::string()
                                                                        : tail(dir / rankLogFileName(r.rank), 2000));
        ranks.push(std::move(rank));
    }
    json::Value j = json::Value::object();
    j.set("outcome", launchOutcomeName(launch.outcome));
    j.set("reason", launch.reason);
    j.set("failed_rank", launch.failedRank);
    j.set("elapsed_ms", static_cast<std::int64_t>(launch.elapsed.count()));
    j.set("ranks", std::move(ranks));
    return j;
}

bool directoryHasEntries(const fs::path& dir)
{
    std::error_code ec;
    return fs::exists(dir, ec) && fs::is_directory(dir, ec) &&
           fs::directory_iterator(dir, ec) != fs::directory_iterator();
}

/// A cell is written into an empty directory of its own, created here when absent.
void prepareCellDirectory(const fs::path& dir)
{
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
}

/// The memory guard said no: the refusal record with the verdict, its assumptions and its table.
CellRunResult refuseCell(const CellPlan& plan, const fs::path& dir, CellRunResult result)
{
    json::Value record = verdictToJson(plan.verdict);
    record.set("status", cellStatusName(CellStatus::Refused));
    json::Value assumptions = json::Value::object();
    assumptions.set("process_baseline", plan.assumptions.processBaselineSource);
    assumptions.set("cuda_host_runtime", plan.assumptions.cudaHostRuntimeSource);
    assumptions.set("cuda_context", plan.assumptions.cudaContextDeviceSource);
    record.set("assumptions", std::move(assumptions));
    record.set("table", verdictTable(plan.verdict));
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

/// What identifies one launch of a cell in every record it leaves.
struct CellLaunchIdentity {
    const CellSpec& spec;
    const std::string& captureId;
    const fs::path& dir;
};

/// The cell record written before any rank starts.
void writeCellRecord(const CellLaunchIdentity& id, const CellPlan& plan, const CellRunOptions& options, int port)
{
    json::Value cell = json::Value::object();
    cell.set("cell_id", cellId(id.spec));
    cell.set("cell", cellSpecToJson(id.spec));
    cell.set("capture_session_id", id.captureId);
    cell.set("master_addr", options.masterAddr);
    cell.set("master_port", port);
    cell.set("feasibility", verdictToJson(plan.verdict));
    cell.set("worker_libtorch", plan.machine.probe.libtorchVersion);
    writeJson(id.dir / kCellFileName, cell);
}

/// One worker command per rank, with the caller's extra environment.
std::vector<RankCommand> cellRankCommands(const CellLaunchIdentity& id, const CellPlan& plan,
                                          const CellRunOptions& options, int port)
{
    WorkerRunOptions workerOptions;
    workerOptions.spec = id.spec;
    workerOptions.outputDir = id.dir;
    workerOptions.captureId = id.captureId;
    workerOptions.fault = options.fault;
    workerOptions.storeTimeout = options.storeTimeout.value_or(storeTimeoutUnder(options.timeout));
    std::vector<RankCommand> commands = localRankCommands(*plan.machine.worker.path, workerRunArguments(workerOptions),
                                                          id.spec.worldSize, options.masterAddr, port, id.dir);
    for (auto& c : commands) {
        c.environment.insert(c.environment.end(), options.environment.begin(), options.environment.end());
    }
    return commands;
}

/// The failure record of a launched cell: no manifest is written, so the loader rejects the cell.
CellRunResult recordLaunchFailure(const CellLaunchIdentity& id, const LaunchResult& launch, CellStatus status,
                                  const std::string& note, const std::string& reason, CellRunResult result)
{
    json::Value record = json::Value::object();
    record.set("cell_id", cellId(id.spec));
    record.set("capture_session_id", id.captureId);
    record.set("status", cellStatusName(status));
    record.set("launch", launchJson(launch, id.dir));
    record.set("note", note);
    result.recordPath = id.dir / kFailureFileName;
    writeJson(result.recordPath, record);
    result.status = status;
    result.reason = reason;
    return result;
}

/// Every rank's two files, checked and described for the manifest.
struct RankFiles {
    json::Value ranks = json::Value::array();
    json::Value calibration = json::Value::array();
    std::vector<RankCapture> captures;
};

/// Reads each rank's capture file and checks its shard exists. Returns the problem in words when a
/// rank that exited 0 left a file missing or malformed.
std::optional<std::string> collectRankFiles(const fs::path& dir, int worldSize, RankFiles& out)
{
    std::error_code ec;
    for (int r = 0; r < worldSize; ++r) {
        const fs::path raw = dir / rankCaptureFileName(r);
        const fs::path shard = dir / rankShardFileName(r);
        if (!fs::exists(raw, ec) || !fs::exists(shard, ec)) {
            return "rank " + std::to_string(r) + " exited 0 without writing " +
                   (fs::exists(raw, ec) ? shard.filename().string() : raw.filename().string());
        }
        const std::string rawText = readFileBounded(raw, kMaxRankFileBytes);
        RankCapture capture;
        try {
            capture = parseRankCapture(rawText, raw.string());
        } catch (const InputError& e) {
            return std::string("rank ") + std::to_string(r) + " wrote a malformed " + raw.filename().string() + ": " +
                   e.what();
        }
        json::Value rank = json::Value::object();
        rank.set("rank", r);
        rank.set("capture", raw.filename().string());
        rank.set("capture_sha256", sha256Hex(rawText));
        rank.set("shard", shard.filename().string());
        rank.set("shard_sha256", sha256Hex(readFileBounded(shard, 4ULL << 30)));
        rank.set("log", rankLogFileName(r));
        rank.set("recorded_iterations", static_cast<std::uint64_t>(capture.iterations.size()));
        rank.set("bucket_counts_seen", integerArray(capture.bucketCountsSeen));
        rank.set("rebuild_detected", json::Value(capture.rebuildDetected));
        out.ranks.push(std::move(rank));
        out.calibration.push(clockCalibrationToJson(capture.clock));
        out.captures.push_back(std::move(capture));
    }
    return std::nullopt;
}

json::Value mergeSummaryJson(const interop::MergeResult& merged)
{
    json::Value merge = json::Value::object();
    merge.set("events", static_cast<std::uint64_t>(merged.summary.events));
    merge.set("shard_events", static_cast<std::uint64_t>(merged.summary.shardEvents));
    merge.set("partial_events", static_cast<std::uint64_t>(merged.summary.partialEvents));
    merge.set("sequence_identified", static_cast<std::uint64_t>(merged.summary.sequenceIdentified));
    merge.set("calibrated", json::Value(merged.summary.calibrated));
    merge.set("notes", merged.summary.notes);
    return merge;
}

/// The manifest, written last: its presence is what makes a cell loadable.
json::Value manifestJson(const CellLaunchIdentity& id, const CellPlan& plan, const LaunchResult& launch,
                         RankFiles files, const interop::MergeResult& merged)
{
    json::Value worker = json::Value::object();
    worker.set("name", kWorkerName);
    worker.set("libtorch_version", plan.machine.probe.libtorchVersion);
    json::Value manifest = json::Value::object();
    manifest.set("format", kManifestFormat);
    manifest.set("cell_id", cellId(id.spec));
    manifest.set("cell", cellSpecToJson(id.spec));
    manifest.set("world_size", id.spec.worldSize);
    manifest.set("capture_session_id", id.captureId);
    manifest.set("status", cellStatusName(CellStatus::Completed));
    manifest.set("ranks", std::move(files.ranks));
    manifest.set("clock_calibration", std::move(files.calibration));
    manifest.set("merged_trace", kMergedTraceFileName);
    manifest.set("merged_trace_sha256", sha256Hex(readFileBounded(id.dir / kMergedTraceFileName, 4ULL << 30)));
    manifest.set("clock_calibration_file", kClockCalibrationFileName);
    manifest.set("merge", mergeSummaryJson(merged));
    manifest.set("feasibility", verdictToJson(plan.verdict));
    manifest.set("launch", launchJson(launch, id.dir));
    manifest.set("worker", std::move(worker));
    return manifest;
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
    prepareCellDirectory(dir);
    if (!plan.verdict.feasible) {
        return refuseCell(plan, dir, std::move(result));
    }

    const CellSpec& spec = plan.spec;
    const std::string captureId = newCaptureId(spec);
    const CellLaunchIdentity id{spec, captureId, dir};
    std::optional<PrivateNetwork> network;
    if (options.shaping) {
        network.emplace(*options.shaping);
    }
    const int port = options.masterPort != 0 ? options.masterPort : freeStorePort(options.masterAddr);
    writeCellRecord(id, plan, options, port);
    const std::vector<RankCommand> commands = cellRankCommands(id, plan, options, port);

    // Progress is the sum of every rank's finished iterations over all the cell's iterations.
    RankGroupProgress group(static_cast<long long>(spec.worldSize) * (spec.warmup + spec.iterations), "iteration");
    LaunchOptions launchOptions;
    launchOptions.timeout = options.timeout;
    launchOptions.onLine = [&](int rank, std::string_view line) {
        if (options.onLogLine) {
            options.onLogLine(rank, line);
        }
        if (auto p = parseProgressLine(line)) {
            group.report(rank, *p, progress);
            if (options.onRankProgress) {
                options.onRankProgress(*p);
            }
        }
    };
    progress.report(0.0, "starting " + std::to_string(spec.worldSize) + " ranks");
    LaunchResult launch = launchRanks(commands, launchOptions, progress);
    network.reset();
    result.launch = launch;

    if (launch.outcome != LaunchOutcome::Completed) {
        const CellStatus status =
            launch.outcome == LaunchOutcome::Cancelled ? CellStatus::Cancelled : CellStatus::Failed;
        return recordLaunchFailure(
            id, launch, status,
            "no manifest was written: the loader rejects this cell and nothing from it is ever loaded", launch.reason,
            std::move(result));
    }
    auto failAfterLaunch = [&](const std::string& note) {
        return recordLaunchFailure(id, launch, CellStatus::Failed,
                                   note + "; no manifest was written: the loader rejects this cell", note,
                                   std::move(result));
    };

    // Every rank exited 0: check that each wrote both files, then write the manifest last.
    RankFiles files;
    if (auto problem = collectRankFiles(dir, spec.worldSize, files)) {
        return failAfterLaunch(*problem);
    }

    // One trace for the rest of the product: the shards merged, fail-closed, on rank 0's clock.
    progress.report(0.99, "merging the rank shards");
    const interop::ClockCalibration clock = cellClockCalibration(files.captures);
    interop::MergeResult merged;
    try {
        writeFileAtomic(dir / kClockCalibrationFileName, interop::writeClockCalibrationJson(clock));
        NullProgress quiet;
        merged = mergeCellShards(dir, files.captures, clock, quiet);
        writeTraceFile(merged.trace, dir / kMergedTraceFileName);
    } catch (const InputError& e) {
        return failAfterLaunch(std::string("the merge of the rank shards refused them: ") + e.what());
    }
    result.recordPath = dir / kManifestFileName;
    writeJson(result.recordPath, manifestJson(id, plan, launch, std::move(files), merged));

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
