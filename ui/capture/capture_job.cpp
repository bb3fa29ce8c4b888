#include "ui/capture/capture_job.h"

#include "capture/lib/cell_report.h"
#include "core/util/errors.h"
#include "ui/artifacts/artifact_loader.h"
#include "ui/util/text.h"

#include <QCoreApplication>

namespace cc::ui {

namespace capture = cc::capture;

CapturePlanView planAgainstProbe(const capture::CellSpec& spec, const capture::MachineReport& machine,
                                 std::optional<std::int64_t> hostBudgetBytes,
                                 std::optional<std::int64_t> deviceBudgetBytes)
{
    capture::CellPlanOptions options;
    options.hostBudgetBytes = hostBudgetBytes;
    options.deviceBudgetBytes = deviceBudgetBytes;
    capture::CellPlan plan = capture::planCaptureOn(spec, machine, options);
    CapturePlanView view;
    view.spec = spec;
    view.hostBudgetBytes = hostBudgetBytes;
    view.deviceBudgetBytes = deviceBudgetBytes;
    view.verdict = std::move(plan.verdict);
    view.unavailable = std::move(plan.unavailable);
    return view;
}

CaptureOutcome runCaptureJob(const CaptureRequest& request, const std::shared_ptr<CaptureFeed>& feed,
                             cc::Progress& progress)
{
    CaptureOutcome outcome;
    outcome.cellDir = QString::fromStdString(request.outputDir.string());
    progress.report(0.0, "probing the machine and planning the cell");
    const capture::CellPlan plan = capture::planCapture(request.spec, request.plan);
    outcome.verdict = plan.verdict;
    progress.check();

    capture::CellRunOptions options;
    options.outputDir = request.outputDir;
    options.timeout = request.timeout;
    options.fault = request.fault;
    if (feed) {
        options.onRankProgress = [feed](const capture::RankProgressLine& line) { feed->rankProgress(line); };
        options.onLogLine = [feed](int rank, std::string_view line) { feed->logLine(rank, line); };
    }
    capture::CellRunResult result;
    try {
        result = capture::runCell(plan, options, progress);
    } catch (const capture::CaptureUnavailable& e) {
        outcome.status = CaptureOutcome::Status::Unavailable;
        outcome.reason = qs(e.what());
        return outcome;
    }
    outcome.recordPath = QString::fromStdString(result.recordPath.string());
    outcome.reason = qs(result.reason);
    switch (result.status) {
    case capture::CellStatus::Cancelled:
        throw cc::Cancelled();
    case capture::CellStatus::Refused:
        outcome.status = CaptureOutcome::Status::Refused;
        return outcome;
    case capture::CellStatus::Failed:
        outcome.status = CaptureOutcome::Status::Failed;
        return outcome;
    case capture::CellStatus::Completed:
        break;
    }
    const capture::LoadedCell& cell = *result.cell;
    if (!cell.mergedTrace) {
        outcome.status = CaptureOutcome::Status::Failed;
        outcome.reason = QCoreApplication::translate("cc::ui::CapturePanel",
                                                     "the loader accepted the cell but it names no merged trace");
        return outcome;
    }
    // The merged trace is read like any opened file; if the reader refuses it, nothing is opened.
    NullProgress quiet;
    try {
        outcome.trace = loadArtifact(QString::fromStdString(cell.mergedTrace->string()), quiet);
    } catch (const cc::InputError& e) {
        outcome.status = CaptureOutcome::Status::Failed;
        outcome.reason =
            QCoreApplication::translate("cc::ui::CapturePanel", "the merged trace of the cell was refused: %1")
                .arg(qs(e.what()));
        return outcome;
    }
    outcome.metrics = capture::cellMetrics(cell);
    outcome.reportText = qs(capture::cellReportText(cell));
    outcome.status = CaptureOutcome::Status::Completed;
    progress.report(1.0, "cell complete");
    return outcome;
}

} // namespace cc::ui
