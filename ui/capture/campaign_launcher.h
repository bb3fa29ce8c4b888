// The capture panel's campaign launcher: a physical campaign (`commcanary capture campaign`) from
// the workbench. The matrix file, the physical configuration set, the results folder, resume and
// the campaign's size (repeats, warm-up, baselines, reduced trace), the CLI's inputs with its defaults; Launch runs the
// campaign in job slot "capture-campaign" (worker processes only, never in the GUI process) with its progress here and
// in the status bar; Cancel stops the job, whose campaign terminates the running rank group before the job ends (what
// completed stays for resume). A complete campaign's results.json is added to the artifact store
// and campaignOpened() asks the window to show it in the Physical view.
#pragma once

#include "ui/artifacts/artifact_store.h"
#include "ui/capture/campaign_job.h"
#include "ui/jobs/job_runner.h"

#include <QPointer>
#include <QWidget>

#include <filesystem>
#include <optional>

class QCheckBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace cc::ui {

class CampaignLauncher : public QWidget {
    Q_OBJECT
public:
    CampaignLauncher(JobRunner* runner, ArtifactStore* store, QWidget* parent = nullptr);

    QLineEdit* matrixField() const { return matrix_; }
    QLineEdit* physicalConfigsField() const { return configs_; }
    QLineEdit* outputField() const { return output_; }
    QCheckBox* resumeBox() const { return resume_; }
    QSpinBox* repeatsBox() const { return repeats_; }
    QSpinBox* warmupBox() const { return warmup_; }
    QLineEdit* baselinesField() const { return baselines_; }
    QSpinBox* baselineSamplesBox() const { return baselineSamples_; } ///< 0: core's default
    QCheckBox* reducedBox() const { return reduced_; }
    QPushButton* launchButton() const { return launch_; }
    QPushButton* cancelButton() const { return cancel_; }
    QProgressBar* progressBar() const { return progress_; }
    /// The last run's outcome in words, or what is running.
    QString status() const;
    /// Why Launch is disabled (empty when it is enabled).
    QString launchBlockedReason() const { return blockedReason_; }
    bool isRunning() const { return job_ != 0; }

    /// Set by the panel while a cell of its own runs (empty: nothing blocks).
    void setBlocked(const QString& reason);
    void setWorkerPath(const std::optional<std::filesystem::path>& worker) { worker_ = worker; }

public slots:
    void launch();
    void cancel();

signals:
    void runningChanged(bool running);
    /// A run ended: complete with results (true), or failed, refused or cancelled (false).
    void campaignFinished(bool completed);
    /// The results were added to the store.
    void campaignOpened(cc::ui::ArtifactId id);

private:
    void updateLaunch();
    void finish(const QString& status, bool completed);
    void showOutcome(CampaignOutcome outcome);
    void choose(QLineEdit* field, bool folder, const QString& title);

    QPointer<JobRunner> runner_;
    ArtifactStore* store_;
    QLineEdit* matrix_;
    QLineEdit* configs_;
    QLineEdit* output_;
    QCheckBox* resume_;
    QSpinBox* repeats_;
    QSpinBox* warmup_;
    QLineEdit* baselines_;
    QSpinBox* baselineSamples_;
    QCheckBox* reduced_;
    QPushButton* launch_;
    QPushButton* cancel_;
    QProgressBar* progress_;
    QLabel* status_;
    QLabel* reason_;
    QString blocked_;
    QString blockedReason_;
    std::optional<std::filesystem::path> worker_;
    JobId job_ = 0;
};

} // namespace cc::ui
