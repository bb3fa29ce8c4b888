// The capture panel's work, as plain functions the job runner puts on a worker thread:
// probing the machine, planning a cell against that probe (re-run on every edit of the form),
// and running a cell through the capture library (cell_runner.h: the guard again against a
// fresh probe, one worker process per rank, the merge, the fail-closed loader). A completed cell
// comes back with its merged trace already read as a workbench artifact and its metrics; a
// refused or failed cell comes back with the reason and the record that says why, and nothing
// of it is loaded.
#pragma once

#include "capture/lib/capture_metrics.h"
#include "capture/lib/cell_runner.h"
#include "core/util/progress.h"
#include "ui/artifacts/artifact.h"
#include "ui/capture/capture_feed.h"

#include <QString>

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cc::ui {

/// The planner's answer for one form state.
struct CapturePlanView {
    cc::capture::CellSpec spec;
    std::optional<std::int64_t> hostBudgetBytes;
    std::optional<std::int64_t> deviceBudgetBytes;
    cc::capture::FeasibilityVerdict verdict;
    std::optional<std::string> unavailable; ///< why the backend/device cannot run here
};

/// Pure: the guard's verdict for spec against an earlier probe (cell_runner.h planCaptureOn).
CapturePlanView planAgainstProbe(const cc::capture::CellSpec& spec, const cc::capture::MachineReport& machine,
                                 std::optional<std::int64_t> hostBudgetBytes,
                                 std::optional<std::int64_t> deviceBudgetBytes);

struct CaptureRequest {
    cc::capture::CellSpec spec;
    cc::capture::CellPlanOptions plan; ///< worker and declared budgets
    std::filesystem::path outputDir;   ///< the cell directory (absent or empty)
    std::chrono::milliseconds timeout{std::chrono::minutes(10)};
    std::optional<cc::capture::FaultInjection> fault; ///< a test control, never set by the form
};

struct CaptureOutcome {
    enum class Status { Completed, Refused, Failed, Unavailable };
    Status status = Status::Failed;
    QString reason;     ///< why it was refused / failed / unavailable
    QString cellDir;    ///< the cell directory
    QString recordPath; ///< manifest.json, refused.json or failed.json (empty when unavailable)
    cc::capture::FeasibilityVerdict verdict;
    std::optional<Artifact> trace;                 ///< Completed: the merged trace, read by the artifact loader
    std::vector<cc::capture::RankMetrics> metrics; ///< Completed: per rank (capture_metrics.h)
    QString reportText;                            ///< Completed: cell_report.h's text
};

/// Runs the cell. Cancellation (progress.cancelled()) stops every rank of the group before this
/// returns and then throws cc::Cancelled. Throws cc::InputError when the output directory
/// already holds files, like the CLI.
CaptureOutcome runCaptureJob(const CaptureRequest& request, const std::shared_ptr<CaptureFeed>& feed,
                             cc::Progress& progress);

} // namespace cc::ui
