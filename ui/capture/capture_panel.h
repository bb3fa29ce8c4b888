// The capture panel: plan and run one real capture cell from the workbench.
//
// The form's verdict updates as you type: every edit re-plans the cell on a worker thread (job
// slot "capture-plan") against one probe of this machine (machine_probe.h, like `commcanary
// doctor`), and shows one bar per memory pool with the binding pool named and the arithmetic on
// hover. Launch stays disabled, with the reason beside it, while the form is invalid, the
// machine is not probed, the backend/device cannot run here or the guard refuses the cell.
//
// Launch runs the cell through the capture library (cell_runner.h) in job slot "capture-run":
// one worker process per rank, never in the GUI process. The ranks' progress lines and logs
// reach the panel through a CaptureFeed polled a few times a second. Cancel stops the job,
// whose launcher terminates the whole rank group before the job ends. A completed cell's merged
// trace is added to the artifact store and made the active trace (timeline, distributions), and
// its metrics fill the result tables and the measured-vs-model plot; a refused or failed cell
// says why and nothing of it is opened. A sweep's results folder is shown as a matrix. The
// Campaign tab launches a physical campaign (campaign_launcher.h); a cell and a campaign never
// run at once, so neither disturbs the other's measurements.
#pragma once

#include "capture/lib/machine_probe.h"
#include "ui/artifacts/artifact_store.h"
#include "ui/capture/allreduce_model_view.h"
#include "ui/capture/campaign_launcher.h"
#include "ui/capture/capture_feed.h"
#include "ui/capture/capture_form.h"
#include "ui/capture/capture_job.h"
#include "ui/capture/capture_models.h"
#include "ui/capture/feasibility_view.h"
#include "ui/capture/sweep_view.h"
#include "ui/jobs/job_runner.h"

#include <QPointer>
#include <QWidget>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTableView;
class QTimer;

namespace cc::ui {

class CapturePanel : public QWidget {
    Q_OBJECT
public:
    CapturePanel(JobRunner* runner, ArtifactStore* store, QWidget* parent = nullptr);
    ~CapturePanel() override;

    CaptureForm* form() const { return form_; }
    FeasibilityView* feasibility() const { return feasibility_; }
    QPushButton* launchButton() const { return launch_; }
    QPushButton* cancelButton() const { return cancel_; }
    /// Why Launch is disabled (empty when it is enabled).
    QString launchBlockedReason() const { return blockedReason_; }
    RankProgressModel* rankModel() const { return rankModel_; }
    RankSummaryModel* summaryModel() const { return summaryModel_; }
    BucketLatencyModel* bucketModel() const { return bucketModel_; }
    LayerLatencyModel* layerModel() const { return layerModel_; }
    QPlainTextEdit* log() const { return log_; }
    QTabWidget* tabs() const { return tabs_; }
    SweepView* sweep() const { return sweep_; }
    /// The Campaign tab: a physical campaign launched from here.
    CampaignLauncher* campaign() const { return campaign_; }
    AllreduceModelView* modelView() const { return modelView_; }
    /// The last run's outcome in words (empty before the first run).
    QString runStatus() const;
    /// The directory of the running or last cell.
    QString cellDir() const { return cellDir_; }
    bool isRunning() const { return runJob_ != 0; }
    bool isProbed() const { return machine_ != nullptr; }
    const cc::capture::MachineReport* machine() const { return machine_.get(); }

    /// Where new cells are written (a folder per cell inside it).
    QString outputRoot() const;
    void setOutputRoot(const QString& dir);
    /// The worker binary to use; nullopt: searched like `commcanary doctor` does.
    void setWorkerPath(const std::optional<std::filesystem::path>& worker);

public slots:
    /// Probes the machine (the worker, memory, devices) on a worker thread, then re-plans.
    void probe();
    /// Probes unless a probe ran or is running: for the first time the panel is brought up.
    void ensureProbed();
    /// Starts the cell in the form (only when Launch is enabled).
    void launch();
    /// Stops the running cell; every rank of its group is terminated before the job ends.
    void cancel();

signals:
    void probeFinished(bool ok);
    /// A new verdict for the current form is shown.
    void verdictChanged();
    /// A run ended: completed (true) or refused, failed, unavailable or cancelled (false).
    void captureFinished(bool completed);
    /// A completed cell's merged trace was added to the store and made active.
    void traceOpened(cc::ui::ArtifactId id);

private:
    void replan();
    void updateLaunch();
    void pollFeed();
    void finishRun(const QString& status, bool completed);
    void showOutcome(CaptureOutcome outcome);
    void chooseOutputRoot();
    QString newCellDir(const cc::capture::CellSpec& spec) const;

    QPointer<JobRunner> runner_; ///< may go before the panel when both belong to one window
    ArtifactStore* store_;
    CaptureForm* form_;
    FeasibilityView* feasibility_;
    QLabel* machineLabel_;
    QLabel* launchReason_;
    QPushButton* launch_;
    QPushButton* cancel_;
    QPushButton* reprobe_;
    QLineEdit* outputRoot_;
    QTabWidget* tabs_;
    QLabel* runStatus_;
    QTableView* rankView_;
    QPlainTextEdit* log_;
    QLabel* resultLabel_;
    RankProgressModel* rankModel_;
    RankSummaryModel* summaryModel_;
    BucketLatencyModel* bucketModel_;
    LayerLatencyModel* layerModel_;
    QTimer* poll_;
    SweepView* sweep_;
    CampaignLauncher* campaign_;
    AllreduceModelView* modelView_;

    std::optional<std::filesystem::path> worker_;
    std::shared_ptr<const cc::capture::MachineReport> machine_;
    bool probing_ = false;
    std::vector<std::string> lastPhase_; ///< per rank, the phase the log last reported
    bool probedOnce_ = false;
    CaptureFormState formState_;
    std::optional<CapturePlanView> plan_;
    QString blockedReason_;
    JobId runJob_ = 0;
    std::shared_ptr<CaptureFeed> feed_;
    QString cellDir_;
};

} // namespace cc::ui
