// File ▸ Save, Save As and Save All for the artifacts made in the workbench, and the question
// asked before the window closes while some of them are unsaved (Save All / Discard / Cancel).
// Writes run on the job runner (ui/artifacts' writeSave: the CLI's bytes, atomically), with
// progress in the status bar; Cancel or a refused write changes nothing at the path, the latter
// reported through failed().
#pragma once

#include "ui/artifacts/artifact_store.h"
#include "ui/jobs/job_error.h"
#include "ui/jobs/job_runner.h"

#include <QHash>
#include <QObject>

#include <functional>

class QAction;
class QWidget;

namespace cc::ui {

class SaveController : public QObject {
    Q_OBJECT
public:
    /// current names the artifact Save and Save As act on (the browser's current row), 0 for none.
    SaveController(ArtifactStore* store, JobRunner* runner, QWidget* window, std::function<ArtifactId()> current);

    QAction* saveAction() const { return save_; }
    QAction* saveAsAction() const { return saveAs_; }
    QAction* saveAllAction() const { return saveAll_; }
    /// File ▸ Export ▸ Replay Report as Chrome Trace: enabled for a replay report.
    QAction* exportChromeAction() const { return exportChrome_; }
    /// File ▸ Export ▸ Trace or Canary as PARAM Comms Replay: enabled while a trace or canary is open.
    QAction* exportParamAction() const { return exportParam_; }

    /// Asks where to save an artifact; returns an empty string when the user cancels. The default
    /// is a file dialog; tests replace it.
    using PathChooser = std::function<QString(const Artifact&)>;
    void setPathChooser(PathChooser chooser) { chooser_ = std::move(chooser); }
    /// Asks for the folder a PARAM export goes to; empty when the user cancels. A folder dialog by
    /// default; tests replace it.
    void setFolderChooser(PathChooser chooser) { folderChooser_ = std::move(chooser); }

    /// Save: an unsaved artifact is asked a path for and written there; one that has a file needs
    /// nothing. False when nothing was started (no such artifact, or the path was not chosen).
    bool save(ArtifactId id);
    /// Save As: always asks for a path; true when the write started.
    bool saveAs(ArtifactId id);
    /// Starts writing to path without asking (what Save and Save As end in), in job slot
    /// "save:<path>"; saved() follows when it is complete, failed() when it is refused, neither
    /// when it is cancelled. Returns the job, 0 when it could not start (failed() says why).
    JobId saveTo(ArtifactId id, const QString& path);
    /// Starts saving every unsaved artifact, asking a path for each; false when a path was not chosen.
    bool saveAll();
    /// True while a save is being written.
    bool isSaving() const { return !pending_.isEmpty(); }

    /// Writes a replay report's simulated timeline as Chrome-trace JSON (Perfetto UI) to path: core's
    /// exportChromeTrace, the function `commcanary export-chrome` calls, on a worker (job slot
    /// "export-chrome"), with the report's first configuration and iteration 0 and the artifacts'
    /// names as the file names it records. The trace the report was replayed from must be open.
    /// Returns the job, 0 when it could not start (failed() says why).
    JobId exportChromeTrace(ArtifactId report, const QString& path);

    /// Writes a trace, or a canary expanded into its whole program, as PARAM comms-replay traces
    /// (dir/<rank>.json and the manifest): core's writeParamExport, the function `commcanary
    /// export-param` calls, with its defaults (unsupported operations refused, dtype uint8), on a
    /// worker (job slot "export-param"). dir is written as a whole or not at all; a folder holding
    /// anything but an earlier export is refused before anything is written. Returns the job, 0
    /// when it could not start (failed() says why).
    JobId exportParam(ArtifactId id, const QString& dir);

    /// Before the window closes: true when nothing unsaved would be lost (none, or the user chose
    /// Discard). False when the user chose Cancel, and while saves are being written: the saves
    /// Save All started, or ones already running; the window is closed again once they all
    /// completed, and stays open when one failed or was cancelled.
    bool confirmClose();

signals:
    void failed(const QString& what, const cc::ui::JobError& error);
    void saved(cc::ui::ArtifactId id, const QString& path);
    void exported(const QString& path);

private:
    void updateActions();
    void saveEnded(JobId id, JobRunner::Outcome outcome);
    /// The browser's current artifact when it fits (unsaved for Save, savable for Save As),
    /// otherwise the newest unsaved result; 0 for none.
    ArtifactId target(bool unsavedOnly) const;

    ArtifactStore* store_;
    JobRunner* runner_;
    QWidget* window_;
    std::function<ArtifactId()> current_;
    PathChooser chooser_;
    QAction* save_;
    QAction* saveAs_;
    QAction* saveAll_;
    QAction* exportChrome_;
    QAction* exportParam_;
    PathChooser folderChooser_;
    QHash<JobId, ArtifactId> pending_;
    bool closeWhenSaved_ = false;
};

} // namespace cc::ui
