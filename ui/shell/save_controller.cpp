#include "ui/shell/save_controller.h"

#include "ui/artifacts/artifact_save.h"
#include "ui/util/save_file.h"
#include "ui/util/text.h"

#include "core/canary/canary_input.h"
#include "core/interop/chrome_export.h"
#include "core/interop/param_export.h"
#include "core/util/errors.h"

#include <QAction>
#include <QFileDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>
#include <QWidget>

namespace cc::ui {

SaveController::SaveController(ArtifactStore* store, JobRunner* runner, QWidget* window,
                               std::function<ArtifactId()> current)
    : QObject(window), store_(store), runner_(runner), window_(window), current_(std::move(current))
{
    chooser_ = [this](const Artifact& artifact) {
        const QString filter = artifact.kind == ArtifactKind::Canary         ? tr("Canaries (*.canary.json)")
                               : artifact.kind == ArtifactKind::Verification ? tr("Verifications (*.verification.json)")
                                                                             : tr("JSON files (*.json)");
        return QFileDialog::getSaveFileName(window_, tr("Save %1").arg(artifact.name), suggestedFileName(artifact),
                                            filter + QStringLiteral(";;") + tr("All files (*)"));
    };
    save_ = new QAction(tr("&Save"), this);
    save_->setObjectName(QStringLiteral("saveAction"));
    save_->setShortcut(QKeySequence::Save);
    save_->setToolTip(tr("Save the selected artifact made in the workbench"));
    connect(save_, &QAction::triggered, this, [this]() { save(target(true)); });
    saveAs_ = new QAction(tr("Save &As…"), this);
    saveAs_->setObjectName(QStringLiteral("saveAsAction"));
    saveAs_->setShortcut(QKeySequence::SaveAs);
    connect(saveAs_, &QAction::triggered, this, [this]() { saveAs(target(false)); });
    saveAll_ = new QAction(tr("Save A&ll Unsaved…"), this);
    saveAll_->setObjectName(QStringLiteral("saveAllAction"));
    connect(saveAll_, &QAction::triggered, this, &SaveController::saveAll);
    exportChrome_ = new QAction(tr("Replay Report as &Chrome Trace (Perfetto)…"), this);
    exportChrome_->setObjectName(QStringLiteral("exportChromeAction"));
    exportChrome_->setToolTip(tr("Write the selected replay report's simulated timeline for Perfetto UI or "
                                 "chrome://tracing, as commcanary export-chrome does"));
    connect(exportChrome_, &QAction::triggered, this, [this]() {
        const ArtifactId id = current_ ? current_() : 0;
        const Artifact* report = store_->find(id);
        if (report == nullptr || report->kind != ArtifactKind::Report) {
            return;
        }
        const QString path =
            QFileDialog::getSaveFileName(window_, tr("Export %1 as a Chrome trace").arg(report->name),
                                         report->name.section(QLatin1Char('.'), 0, 0) + QStringLiteral(".chrome.json"),
                                         tr("Chrome traces (*.json);;All files (*)"));
        if (!path.isEmpty()) {
            exportChromeTrace(id, path);
        }
    });
    exportParam_ = new QAction(tr("Trace or Canary as &PARAM Comms Replay…"), this);
    exportParam_->setObjectName(QStringLiteral("exportParamAction"));
    exportParam_->setToolTip(tr("Write the selected trace or canary (expanded into its whole program) as PARAM "
                                "comms-replay traces, one file per rank, as commcanary export-param does"));
    folderChooser_ = [this](const Artifact& artifact) {
        return QFileDialog::getExistingDirectory(window_, tr("Export %1 for PARAM into a folder").arg(artifact.name));
    };
    connect(exportParam_, &QAction::triggered, this, [this]() {
        ArtifactId id = current_ ? current_() : 0;
        const Artifact* chosen = store_->find(id);
        if (chosen == nullptr || (!chosen->trace && chosen->kind != ArtifactKind::Canary)) {
            id = store_->activeTrace(); // nothing fitting chosen in the browser: the active trace
        }
        if (const Artifact* artifact = store_->find(id)) {
            if (const QString dir = folderChooser_(*artifact); !dir.isEmpty()) {
                exportParam(id, dir);
            }
        }
    });
    connect(runner_, &JobRunner::jobFinished, this, &SaveController::saveEnded);
    connect(store_, &ArtifactStore::unsavedChanged, this, &SaveController::updateActions);
    connect(store_, &ArtifactStore::relationsChanged, this, &SaveController::updateActions);
    updateActions();
}

ArtifactId SaveController::target(bool unsavedOnly) const
{
    const ArtifactId id = current_ ? current_() : 0;
    if (const Artifact* chosen = store_->find(id);
        chosen != nullptr && (unsavedOnly ? chosen->unsaved : canSaveArtifact(*chosen))) {
        return id;
    }
    // Nothing (fitting) chosen in the browser: the newest unsaved result.
    const auto unsaved = store_->unsavedArtifacts();
    return unsaved.empty() ? 0 : unsaved.back();
}

void SaveController::updateActions()
{
    const bool any = store_->hasUnsaved();
    save_->setEnabled(any);
    saveAll_->setEnabled(any);
    bool canSaveAs = false;
    for (const auto& artifact : store_->artifacts()) {
        canSaveAs = canSaveAs || canSaveArtifact(artifact);
    }
    saveAs_->setEnabled(canSaveAs);
    bool anyReport = false;
    for (const auto& artifact : store_->artifacts()) {
        anyReport = anyReport || (artifact.kind == ArtifactKind::Report && artifact.bytes);
    }
    exportChrome_->setEnabled(anyReport);
    bool anyProgram = false;
    for (const auto& artifact : store_->artifacts()) {
        anyProgram = anyProgram || artifact.trace || (artifact.kind == ArtifactKind::Canary && artifact.bytes);
    }
    exportParam_->setEnabled(anyProgram);
}

JobId SaveController::exportParam(ArtifactId id, const QString& dir)
{
    const Artifact* artifact = store_->find(id);
    const QString title = tr("Export for PARAM");
    JobError error;
    if (artifact == nullptr || (!artifact->trace && !(artifact->kind == ArtifactKind::Canary && artifact->bytes))) {
        error.kind = JobError::Kind::Input;
        error.message = tr("Choose a trace or a canary to export for PARAM.");
    } else if (const std::string problem = cc::interop::paramExportTargetProblem(toStd(dir)); !problem.empty()) {
        // Refused before anything is written: the folder may be a user's.
        error.kind = JobError::Kind::Io;
        error.message = qs(problem);
    }
    if (error.isError()) {
        emit failed(title, error);
        return 0;
    }
    cc::interop::ParamExportOptions options;
    // The name the manifest records for its input: the file, as the CLI records its argument.
    options.sourceName = toStd(artifact->path.isEmpty() ? artifact->name : artifact->path);
    auto trace = artifact->trace;
    auto bytes = artifact->kind == ArtifactKind::Canary ? artifact->bytes : nullptr;
    return runner_->run<QString>(
        QStringLiteral("export-param"), tr("Exporting %1 for PARAM").arg(artifact->name),
        [trace, bytes, options, dir](cc::Progress& progress) {
            cc::Trace expanded;
            if (!trace) {
                // A canary is expanded into its whole program first, as export-param does.
                cc::SubProgress reading(progress, 0.0, 0.4);
                expanded = cc::parseTraceOrCanary(*bytes, options.sourceName, reading);
            }
            cc::SubProgress writing(progress, trace ? 0.0 : 0.4, 1.0);
            cc::interop::writeParamExport(trace ? *trace : expanded, toStd(dir), options, writing);
            return dir;
        },
        this, [this](const QString& written) { emit exported(written); },
        [this, title](const JobError& failure) {
            if (!failure.isCancelled()) {
                emit failed(title, failure);
            }
        });
}

JobId SaveController::exportChromeTrace(ArtifactId reportId, const QString& path)
{
    const Artifact* report = store_->find(reportId);
    const Artifact* trace = nullptr;
    if (report != nullptr) {
        for (const auto& a : store_->artifacts()) {
            if (a.kind == ArtifactKind::Trace && a.trace && a.identity == report->sourceIdentity()) {
                trace = &a;
            }
        }
    }
    if (report == nullptr || report->kind != ArtifactKind::Report || !report->bytes || trace == nullptr) {
        JobError error;
        error.kind = JobError::Kind::Input;
        error.message = report == nullptr || report->kind != ArtifactKind::Report
                            ? tr("Choose a replay report to export.")
                            : tr("Open the trace %1 was replayed from first: its normalised SHA-256 must be %2.")
                                  .arg(report->name, report->sourceIdentity());
        emit failed(tr("Export a Chrome trace"), error);
        return 0;
    }
    auto bytes = report->bytes;
    auto input = trace->trace;
    cc::interop::ChromeExportOptions options;
    options.reportName = toStd(report->name);
    options.inputName = toStd(trace->name);
    const QString title = tr("Exporting %1 as a Chrome trace").arg(report->name);
    return runner_->run<QString>(
        QStringLiteral("export-chrome"), title,
        [bytes, input, options, path](cc::Progress& progress) {
            const std::string json = cc::interop::exportChromeTrace(*bytes, *input, options, progress);
            progress.check();
            if (const QString problem = saveFileAtomically(path, json.data(), static_cast<qint64>(json.size()));
                !problem.isEmpty()) {
                throw cc::IoError(toStd(tr("Could not write %1: %2").arg(path, problem)));
            }
            return path;
        },
        this, [this](const QString& written) { emit exported(written); },
        [this, title](const JobError& error) {
            if (!error.isCancelled()) {
                emit failed(title, error);
            }
        });
}

bool SaveController::save(ArtifactId id)
{
    const Artifact* artifact = store_->find(id);
    if (artifact == nullptr) {
        return false;
    }
    if (!artifact->unsaved && !artifact->path.isEmpty()) {
        return true; // its file already holds these bytes
    }
    return saveAs(id);
}

bool SaveController::saveAs(ArtifactId id)
{
    const Artifact* artifact = store_->find(id);
    if (artifact == nullptr || !canSaveArtifact(*artifact)) {
        return false;
    }
    const QString path = chooser_(*artifact);
    return !path.isEmpty() && saveTo(id, path) != 0;
}

JobId SaveController::saveTo(ArtifactId id, const QString& path)
{
    const Artifact* artifact = store_->find(id);
    const QString name = artifact != nullptr ? artifact->name : QString();
    QString problem;
    std::optional<SaveRequest> request = prepareSave(*store_, id, path, &problem);
    if (!request) {
        JobError error;
        error.kind = JobError::Kind::Io;
        error.message = problem;
        emit failed(tr("Could not save %1").arg(name), error);
        return 0;
    }
    // The bytes are made and written on a worker: a large artifact never stalls the window, and
    // Cancel (status bar) leaves the file at path as it was.
    const JobId job = runner_->run<qint64>(
        QStringLiteral("save:") + path, tr("Saving %1").arg(name),
        [request = *request](cc::Progress& progress) { return writeSave(request, progress); }, this,
        [this, request = *request](qint64) {
            if (finishSave(*store_, request)) {
                emit saved(request.id, request.path);
            }
        },
        [this, name](const JobError& error) { emit failed(tr("Could not save %1").arg(name), error); });
    pending_.insert(job, id);
    return job;
}

void SaveController::saveEnded(JobId id, JobRunner::Outcome outcome)
{
    if (!pending_.remove(id)) {
        return;
    }
    if (outcome != JobRunner::Outcome::Succeeded) {
        closeWhenSaved_ = false; // a failed or cancelled save keeps the window open
    }
    if (pending_.isEmpty() && closeWhenSaved_) {
        closeWhenSaved_ = false;
        QTimer::singleShot(0, window_, &QWidget::close);
    }
}

bool SaveController::saveAll()
{
    for (const ArtifactId id : store_->unsavedArtifacts()) {
        if (!saveAs(id)) {
            return false;
        }
    }
    return true;
}

bool SaveController::confirmClose()
{
    if (isSaving()) {
        // Closing now would cancel the writes: close once they are complete.
        closeWhenSaved_ = true;
        return false;
    }
    const auto unsaved = store_->unsavedArtifacts();
    if (unsaved.empty()) {
        return true;
    }
    QStringList names;
    for (const ArtifactId id : unsaved) {
        names << store_->find(id)->name.toHtmlEscaped();
    }
    QMessageBox box(QMessageBox::Warning, tr("Unsaved results"),
                    tr("%n result(s) made in the workbench are not saved and will be lost.", nullptr,
                       static_cast<int>(unsaved.size())),
                    QMessageBox::SaveAll | QMessageBox::Discard | QMessageBox::Cancel, window_);
    box.setObjectName(QStringLiteral("unsavedResultsBox"));
    box.setInformativeText(QStringLiteral("<ul><li>") + names.join(QStringLiteral("</li><li>")) +
                           QStringLiteral("</li></ul>"));
    box.setDefaultButton(QMessageBox::SaveAll);
    box.setEscapeButton(QMessageBox::Cancel);
    switch (box.exec()) {
    case QMessageBox::SaveAll:
        // The window closes when every write is complete (saveEnded).
        closeWhenSaved_ = saveAll() && isSaving();
        return false;
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

} // namespace cc::ui
