// The common frame of the compile, behaviour-search and reduce dialogs: which trace and which
// configuration set the job will use, the dialog's own options (added by each dialog), Run,
// Cancel, a progress bar fed by core's Progress through the job runner, the outcome in words,
// and for a finished artifact: Verify (one click: verify-behavior against its source) and Save.
//
// The dialogs are modeless: the workbench stays usable while a job runs. Cancel asks the job
// runner to cancel, which core sees at its next Progress check, so the core loop itself stops.
// A result lands in the artifact store with its origin ("compiled from ...").
#pragma once

#include "ui/artifacts/artifact_store.h"
#include "ui/jobs/job_runner.h"

#include "core/configs/backend_config.h"

#include <QDialog>

#include <memory>

class QFormLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QVBoxLayout;

namespace cc::ui {

class ReplayController;

class DistillDialog : public QDialog {
    Q_OBJECT
public:
    DistillDialog(JobRunner* runner, ArtifactStore* store, ReplayController* replay, QWidget* parent = nullptr);

    /// Starts the job on the active trace (what Run does). False, with the reason in the status
    /// line, when there is no trace or an option is invalid.
    bool start();
    /// Cancels the running job (what Cancel does).
    void cancel();
    /// Starts writing the last result's bytes to path atomically (QSaveFile) on the job runner;
    /// resultSaved() follows when it is complete. False, with the reason in the status line, when
    /// there is nothing to save.
    bool saveResult(const QString& path);

    bool isRunning() const { return job_ != 0; }
    JobId currentJob() const { return job_; }
    /// The artifact the last successful run added, 0 before.
    ArtifactId resultArtifact() const { return result_; }
    std::optional<JobRunner::Outcome> lastOutcome() const { return outcome_; }
    QString statusText() const;

    QPushButton* runButton() const { return run_; }
    QPushButton* cancelButton() const { return cancel_; }
    QPushButton* verifyButton() const { return verify_; }
    QPushButton* saveButton() const { return save_; }
    QProgressBar* progressBar() const { return progressBar_; }

signals:
    void artifactAdded(cc::ui::ArtifactId id);
    /// The user asked to verify the result (the Verify button).
    void verifyRequested(cc::ui::ArtifactId id);
    void jobEnded(cc::ui::JobRunner::Outcome outcome);
    /// The result was written to path and marked saved.
    void resultSaved(const QString& path);

protected:
    /// Starts the dialog's job on the trace with the set and returns its id. Throws
    /// cc::InputError for an invalid option (nothing is started).
    virtual JobId startJob(const Artifact& trace, std::shared_ptr<const cc::ConfigSet> configs) = 0;

    /// Where each dialog puts its options.
    QVBoxLayout* optionsLayout() const { return options_; }
    JobRunner* runner() const { return runner_; }
    ArtifactStore* store() const { return store_; }

    /// Adds a finished artifact to the store (unique name), remembers it and says so.
    ArtifactId addResult(Artifact artifact, const QString& message);
    /// A failed job's message (a negative result, an invalid input), shown in the status line.
    void showFailure(const QString& message);
    /// A file name for a result made from trace: "<trace stem>.<suffix>.canary.json".
    static QString resultName(const Artifact& trace, const QString& suffix);

    void showEvent(QShowEvent* event) override;

private:
    void refreshSource();
    void setStatus(const QString& text, bool problem);
    void updateButtons();
    void saveDialog();

    JobRunner* runner_;
    ArtifactStore* store_;
    ReplayController* replay_;
    QLabel* source_;
    QVBoxLayout* options_;
    QProgressBar* progressBar_;
    QLabel* progressText_;
    QLabel* status_;
    QPushButton* run_;
    QPushButton* cancel_;
    QPushButton* verify_;
    QPushButton* save_;
    QPushButton* close_;
    JobId job_ = 0;
    ArtifactId result_ = 0;
    std::optional<JobRunner::Outcome> outcome_;
    JobId saveJob_ = 0;
    bool failureShown_ = false;
};

} // namespace cc::ui
