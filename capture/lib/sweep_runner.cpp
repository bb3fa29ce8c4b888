#include "capture/lib/sweep_runner.h"

#include "capture/lib/capture_limits.h"
#include "capture/lib/cell_loader.h"
#include "capture/lib/cell_runner.h"
#include "capture/lib/json_io.h"
#include "capture/lib/machine_probe.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"

namespace cc::capture {

namespace fs = std::filesystem;

namespace {

bool hasEntries(const fs::path& dir)
{
    std::error_code ec;
    return fs::is_directory(dir, ec) && fs::directory_iterator(dir, ec) != fs::directory_iterator();
}

void checkResultsFolder(const SweepMatrix& matrix, const SweepRunOptions& options)
{
    const fs::path& dir = options.resultsDir;
    std::error_code ec;
    if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) {
        throw InputError(dir.string(), "the results must go into a folder, and this is a file");
    }
    if (!hasEntries(dir)) {
        return;
    }
    if (!options.resume) {
        throw InputError(dir.string(), "the results folder already holds files; give --resume to continue the sweep "
                                       "that wrote them, or choose an empty folder");
    }
    const fs::path stored = dir / kSweepMatrixFileName;
    if (!fs::exists(stored, ec)) {
        throw InputError(dir.string(), "--resume: this folder holds files but no " + std::string(kSweepMatrixFileName) +
                                           ", so it is not the results of a sweep");
    }
    // The stored copy is read like any matrix (strictly, bounded) and compared as a matrix.
    const SweepMatrix previous = loadSweepMatrix(stored);
    if (!(previous == matrix)) {
        throw InputError(stored.string(), "--resume: the matrix differs from the one this folder was started with; "
                                          "resume with the same matrix, or start a new results folder");
    }
}

/// Cells planned between two progress reports.
constexpr std::size_t kPlanningReportEvery = 64;

} // namespace

SweepRunResult runSweep(const SweepMatrix& matrix, const SweepRunOptions& options, Progress& progress)
{
    const std::vector<PlannedCell> planned = expandSweepMatrix(matrix);
    checkResultsFolder(matrix, options);
    const fs::path& dir = options.resultsDir;

    progress.report(0.0, "probing the machine and the capture worker");
    const MachineReport machine = probeMachine(options.worker);
    const MemoryAssumptions assumptions = machineAssumptions(machine);
    const MachineBudgets budgets =
        machineBudgets(machine, matrix.hostMemoryBudgetBytes, matrix.deviceMemoryBudgetBytes);

    SweepRunResult result;
    std::vector<SweepCellRecord> records;
    std::vector<CellPlan> plans;
    std::error_code ec;
    fs::create_directories(dir / kSweepCellsDirName, ec);
    if (ec) {
        throw IoError(dir.string() + ": cannot create the results folder: " + ec.message());
    }
    if (!fs::exists(dir / kSweepMatrixFileName, ec)) {
        writeFileAtomic(dir / kSweepMatrixFileName, sweepMatrixText(matrix));
    }

    // Plan every cell through the guard; keep the measured ones; clear everything else. A large
    // matrix takes a while (a refusal file for every cell that cannot run), so planning says how
    // far it got and stops at a cancellation, with the cells it did not reach left planned.
    for (std::size_t k = 0; k < planned.size(); ++k) {
        const PlannedCell& cell = planned[k];
        if (progress.cancelled()) {
            result.cancelled = true;
            for (std::size_t rest = k; rest < planned.size(); ++rest) {
                records.push_back(inspectSweepCell(dir, planned[rest]));
            }
            break;
        }
        if (k % kPlanningReportEvery == 0) {
            progress.report(0.0, "planning cell " + std::to_string(k + 1) + " of " + std::to_string(planned.size()));
        }
        CellPlan plan;
        plan.spec = cell.spec;
        plan.machine = machine;
        plan.assumptions = assumptions;
        plan.budgets = budgets;
        plan.verdict = planCell(cell.spec, assumptions, budgets);
        plan.unavailable = unavailableReason(machine, cell.spec.backend, cell.spec.device);
        plans.push_back(plan);

        const fs::path cellDir = sweepCellDir(dir, cell);
        SweepCellRecord record = inspectSweepCell(dir, cell);
        if (record.state == SweepCellState::Measured) {
            ++result.alreadyMeasured;
            records.push_back(std::move(record));
            continue;
        }
        if (fs::exists(cellDir, ec)) {
            fs::remove_all(cellDir, ec);
            if (ec) {
                throw IoError(cellDir.string() + ": cannot remove the unfinished cell: " + ec.message());
            }
            ++result.cleaned;
        }
        record = SweepCellRecord{};
        record.cell = cell;
        if (plan.unavailable) {
            fs::create_directories(cellDir, ec);
            json::Value refusal = json::Value::object();
            refusal.set("cell_id", cell.configId);
            refusal.set("cell", cellSpecToJson(cell.spec));
            refusal.set("status", "refused");
            refusal.set("unavailable", *plan.unavailable);
            refusal.set("feasibility", verdictToJson(plan.verdict));
            writeFileAtomic(cellDir / kRefusalFileName, jsonFileText(refusal));
            record = inspectSweepCell(dir, cell);
        } else if (!plan.verdict.feasible) {
            CellRunOptions runOptions;
            runOptions.outputDir = cellDir;
            NullProgress quiet;
            runCell(plan, runOptions, quiet); // writes refused.json (estimate, budget, arithmetic), starts nothing
            record = inspectSweepCell(dir, cell);
        }
        records.push_back(std::move(record));
    }
    result.index = makeSweepIndex(matrix, records);
    writeSweepIndex(dir, result.index);
    if (result.cancelled) {
        progress.report(1.0, "sweep interrupted while planning");
        return result;
    }

    // Run the planned cells in order.
    int toRun = 0;
    for (const auto& r : result.index.cells) {
        toRun += r.state == SweepCellState::Planned ? 1 : 0;
    }
    if (options.maxCells) {
        toRun = std::min(toRun, *options.maxCells);
    }
    for (std::size_t i = 0; i < result.index.cells.size(); ++i) {
        if (result.index.cells[i].state != SweepCellState::Planned) {
            continue;
        }
        if (options.maxCells && result.ran >= *options.maxCells) {
            result.stoppedByLimit = true;
            break;
        }
        if (progress.cancelled()) {
            result.cancelled = true;
            break;
        }
        const PlannedCell& cell = planned[i];
        const double begin = toRun > 0 ? static_cast<double>(result.ran) / toRun : 0.0;
        const double end = toRun > 0 ? static_cast<double>(result.ran + 1) / toRun : 1.0;
        progress.report(begin, "cell " + std::to_string(cell.index + 1) + " of " + std::to_string(planned.size()) +
                                   ": " + cell.directory);
        SubProgress sub(progress, begin, end);
        CellRunOptions runOptions;
        runOptions.outputDir = sweepCellDir(dir, cell);
        runOptions.timeout = std::chrono::seconds(matrix.timeoutSeconds);
        runOptions.masterAddr = options.masterAddr;
        ++result.ran;
        CellRunResult run;
        try {
            run = runCell(plans[i], runOptions, sub);
        } catch (const CaptureUnavailable& e) {
            // The probe said it could run, the runner says it cannot: record it as refused.
            SweepCellRecord& r = result.index.cells[i];
            r.state = SweepCellState::Refused;
            r.reason = e.what();
            r.refusal = SweepCellRefusal{true, {}, 0, std::nullopt, {e.what()}};
            writeSweepIndex(dir, result.index);
            continue;
        }
        SweepCellRecord record = inspectSweepCell(dir, cell);
        if (run.status == CellStatus::Cancelled) {
            record.state = SweepCellState::Planned;
            record.reason = "interrupted (cancelled); no manifest";
            result.cancelled = true;
        } else if (run.status == CellStatus::Failed && record.state != SweepCellState::Failed) {
            record.state = SweepCellState::Failed;
            record.reason = run.reason;
            record.recordFile =
                run.recordPath.empty() ? std::string() : run.recordPath.lexically_relative(dir).string();
        }
        result.index.cells[i] = std::move(record);
        result.index.configurations = configurationSpreads(result.index.cells);
        writeSweepIndex(dir, result.index);
        if (options.onCellDone) {
            options.onCellDone(result.index.cells[i]);
        }
        if (result.cancelled) {
            break;
        }
    }
    result.index.configurations = configurationSpreads(result.index.cells);
    writeSweepIndex(dir, result.index);
    progress.report(1.0, result.cancelled ? "sweep interrupted" : "sweep done");
    return result;
}

} // namespace cc::capture
