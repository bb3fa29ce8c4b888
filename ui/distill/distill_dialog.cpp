#include "ui/distill/distill_dialog.h"

#include "ui/artifacts/artifact_save.h"
#include "ui/replay/replay_controller.h"
#include "ui/util/text.h"

#include "core/util/errors.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace cc::ui {

DistillDialog::DistillDialog(JobRunner* runner, ArtifactStore* store, ReplayController* replay, QWidget* parent)
    : QDialog(parent), runner_(runner), store_(store), replay_(replay)
{
    setModal(false);
    auto* layout = new QVBoxLayout(this);
    source_ = new QLabel(this);
    source_->setObjectName(QStringLiteral("source"));
    source_->setWordWrap(true);
    source_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(source_);
    options_ = new QVBoxLayout;
    layout->addLayout(options_, 1); // a dialog with nothing to grow adds a stretch of its own

    progressBar_ = new QProgressBar(this);
    progressBar_->setRange(0, kProgressScale);
    progressBar_->setValue(0);
    progressBar_->setTextVisible(true);
    progressText_ = new QLabel(this);
    progressText_->setObjectName(QStringLiteral("progressText"));
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("status"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(progressBar_);
    layout->addWidget(progressText_);
    layout->addWidget(status_);

    auto* buttons = new QHBoxLayout;
    run_ = new QPushButton(tr("&Run"), this);
    run_->setDefault(true);
    cancel_ = new QPushButton(tr("&Cancel Job"), this);
    verify_ = new QPushButton(tr("&Verify Result"), this);
    verify_->setToolTip(tr("Run verify-behavior on the result against its source trace and open it in the stepper"));
    save_ = new QPushButton(tr("&Save Result…"), this);
    close_ = new QPushButton(tr("C&lose"), this);
    buttons->addWidget(run_);
    buttons->addWidget(cancel_);
    buttons->addStretch(1);
    buttons->addWidget(verify_);
    buttons->addWidget(save_);
    buttons->addWidget(close_);
    layout->addLayout(buttons);

    connect(run_, &QPushButton::clicked, this, [this]() { start(); });
    connect(cancel_, &QPushButton::clicked, this, &DistillDialog::cancel);
    connect(verify_, &QPushButton::clicked, this, [this]() {
        if (result_ != 0 && store_->find(result_) != nullptr) {
            emit verifyRequested(result_);
        }
    });
    connect(save_, &QPushButton::clicked, this, &DistillDialog::saveDialog);
    connect(close_, &QPushButton::clicked, this, &QDialog::close);

    connect(runner_, &JobRunner::jobFinished, this, [this](JobId id, JobRunner::Outcome outcome) {
        if (id == saveJob_ && outcome == JobRunner::Outcome::Cancelled) {
            setStatus(tr("The save was cancelled; nothing was written."), false);
        }
    });
    connect(runner_, &JobRunner::jobProgress, this, [this](JobId id, int value, const QString& message) {
        if (id == job_) {
            progressBar_->setValue(value);
            progressText_->setText(message);
        }
    });
    connect(runner_, &JobRunner::jobFinished, this, [this](JobId id, JobRunner::Outcome outcome) {
        if (id != job_) {
            return;
        }
        job_ = 0;
        outcome_ = outcome;
        switch (outcome) {
        case JobRunner::Outcome::Succeeded:
            progressBar_->setValue(kProgressScale);
            break;
        case JobRunner::Outcome::Cancelled:
            setStatus(tr("Cancelled: the job stopped and nothing was added."), true);
            break;
        case JobRunner::Outcome::Superseded:
            setStatus(tr("Replaced by a newer run."), false);
            break;
        case JobRunner::Outcome::Orphaned:
            break;
        case JobRunner::Outcome::Failed:
            if (!failureShown_) {
                setStatus(tr("The job failed."), true);
            }
            break;
        }
        progressText_->clear();
        updateButtons();
        emit jobEnded(outcome);
    });
    connect(store_, &ArtifactStore::activeTraceChanged, this, &DistillDialog::refreshSource);
    connect(store_, &ArtifactStore::removed, this, [this]() {
        if (result_ != 0 && store_->find(result_) == nullptr) {
            result_ = 0;
        }
        updateButtons();
    });
    connect(replay_, &ReplayController::configSetChanged, this, &DistillDialog::refreshSource);
    refreshSource();
    updateButtons();
}

QString DistillDialog::statusText() const
{
    return status_->text();
}

void DistillDialog::refreshSource()
{
    const Artifact* trace = store_->activeTraceArtifact();
    const QString set = replay_->configSet() ? replay_->configSetName() : tr("(none)");
    source_->setText(
        trace == nullptr
            ? tr("<b>No trace is open.</b> Open a trace first; the job runs on the active trace.")
            : tr("Source trace: <b>%1</b> (%2 events)<br>Configuration set: <b>%3</b> (%4 "
                 "configurations; change it in the artifact browser)")
                  .arg(trace->name.toHtmlEscaped(), formatCount(trace->trace ? trace->trace->size() : 0),
                       set.toHtmlEscaped(),
                       formatCount(replay_->configSet() ? replay_->configSet()->configurations.size() : 0)));
    updateButtons();
}

void DistillDialog::setStatus(const QString& text, bool problem)
{
    status_->setText(text);
    status_->setStyleSheet(problem ? QStringLiteral("color: #a40000;") : QString());
}

void DistillDialog::updateButtons()
{
    const bool running = job_ != 0;
    run_->setEnabled(!running && store_->activeTraceArtifact() != nullptr);
    cancel_->setEnabled(running);
    const Artifact* result = store_->find(result_);
    verify_->setEnabled(!running && result != nullptr);
    save_->setEnabled(!running && result != nullptr && result->bytes);
}

bool DistillDialog::start()
{
    if (job_ != 0) {
        return false;
    }
    const Artifact* trace = store_->activeTraceArtifact();
    if (trace == nullptr || !trace->trace) {
        setStatus(tr("Open a trace first: the job runs on the active trace."), true);
        return false;
    }
    if (!replay_->configSet()) {
        setStatus(tr("Choose a configuration set first."), true);
        return false;
    }
    outcome_.reset();
    failureShown_ = false;
    try {
        job_ = startJob(*trace, replay_->configSet());
    } catch (const cc::InputError& e) {
        setStatus(tr("Invalid option: %1").arg(QString::fromUtf8(e.what())), true);
        return false;
    }
    progressBar_->setValue(0);
    progressText_->setText(tr("Starting…"));
    setStatus(tr("Running on %1…").arg(trace->name), false);
    updateButtons();
    return job_ != 0;
}

void DistillDialog::cancel()
{
    if (job_ != 0) {
        progressText_->setText(tr("Cancelling…"));
        runner_->cancel(job_);
    }
}

ArtifactId DistillDialog::addResult(Artifact artifact, const QString& message)
{
    // Names made here are unique in the browser, so two runs are told apart.
    const QString base = artifact.name;
    for (int k = 2;; ++k) {
        bool taken = false;
        for (const auto& other : store_->artifacts()) {
            taken = taken || other.name == artifact.name;
        }
        if (!taken) {
            break;
        }
        artifact.name = tr("%1 (%2)").arg(base).arg(k);
    }
    const QString name = artifact.name;
    result_ = store_->add(std::move(artifact));
    setStatus(tr("Added %1 to the artifacts. %2").arg(name, message), false);
    updateButtons();
    emit artifactAdded(result_);
    return result_;
}

void DistillDialog::showFailure(const QString& message)
{
    failureShown_ = true;
    setStatus(message, true);
}

QString DistillDialog::resultName(const Artifact& trace, const QString& suffix)
{
    QString stem = trace.name;
    for (const QString& ending : {QStringLiteral(".gz"), QStringLiteral(".json"), QStringLiteral(".trace")}) {
        if (stem.endsWith(ending)) {
            stem.chop(ending.size());
        }
    }
    return stem + QLatin1Char('.') + suffix + QStringLiteral(".canary.json");
}

bool DistillDialog::saveResult(const QString& path)
{
    const Artifact* result = store_->find(result_);
    if (result == nullptr || !result->bytes) {
        setStatus(tr("There is no result to save."), true);
        return false;
    }
    // The one save path of the workbench (as File ▸ Save): written atomically on a worker, with
    // progress and Cancel in the status bar, then marked saved.
    QString problem;
    std::optional<SaveRequest> request = prepareSave(*store_, result_, path, &problem);
    if (!request) {
        setStatus(problem, true);
        return false;
    }
    setStatus(tr("Saving %1…").arg(QFileInfo(path).fileName()), false);
    saveJob_ = runner_->run<qint64>(
        QStringLiteral("save:") + path, tr("Saving %1").arg(result->name),
        [request = *request](cc::Progress& progress) { return writeSave(request, progress); }, this,
        [this, request = *request](qint64 size) {
            finishSave(*store_, request);
            setStatus(tr("Saved %1 (%2).").arg(QFileInfo(request.path).fileName(), formatBytes(size)), false);
            emit resultSaved(request.path);
        },
        [this](const JobError& error) { setStatus(error.message, true); });
    return true;
}

void DistillDialog::saveDialog()
{
    const Artifact* result = store_->find(result_);
    if (result == nullptr) {
        return;
    }
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Result"), result->name,
                                                      tr("Canaries (*.canary.json);;All files (*)"));
    if (!path.isEmpty()) {
        saveResult(path);
    }
}

void DistillDialog::showEvent(QShowEvent* event)
{
    refreshSource();
    QDialog::showEvent(event);
}

} // namespace cc::ui
