// The workbench's main window: the timeline in the centre, every other view in a dock (artifact
// browser, tail windows, event details, range statistics, distributions, ablations), menus and
// a toolbar over shared actions, a status bar with the active configuration, the simulator
// controls in force and the running job (progress, Cancel). Files open through File ▸ Open,
// Open Recent, drag and drop or the command line; each is read on a worker thread and a
// failure shows the file, event and rule in an ErrorDialog. Layout and window state are saved
// in QSettings on close and restored on start.
#pragma once

#include "ui/artifacts/artifact_model.h"
#include "ui/artifacts/artifact_store.h"
#include "ui/jobs/job_runner.h"
#include "ui/replay/replay_controller.h"

#include <QMainWindow>

class QDockWidget;
class QLabel;
class QMenu;
class QMessageBox;
class QTreeView;

namespace cc::ui {

class AblationPanel;
class CapturePanel;
class DistillController;
class DistributionPanel;
class ErrorDialog;
class JobProgressWidget;
class PhysicalView;
class RecentFiles;
class SaveController;
class TimelinePanel;
class VerificationStepper;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Opens each file on a worker thread; results arrive in the artifact browser.
    void openFiles(const QStringList& paths);
    void openFile(const QString& path);

    JobRunner* runner() const { return runner_; }
    ArtifactStore* store() const { return store_; }
    ArtifactModel* artifactModel() const { return artifactModel_; }
    ReplayController* replay() const { return replay_; }
    TimelinePanel* timeline() const { return timeline_; }
    DistributionPanel* distributions() const { return distributions_; }
    AblationPanel* ablations() const { return ablations_; }
    VerificationStepper* verification() const { return verification_; }
    /// The capture panel (dock "captureDock", File ▸ Capture a Cell): real capture cells.
    CapturePanel* capture() const { return capture_; }
    PhysicalView* physical() const { return physical_; }
    /// The Distil menu: compile, behaviour search and reduce dialogs, one-click verify, comparison.
    DistillController* distill() const { return distill_; }
    /// Runs verify-behavior on the active trace and a loaded canary compiled from it.
    void runVerification();
    RecentFiles* recentFiles() const { return recent_; }
    /// File ▸ Save / Save As / Save All and the unsaved-results question on close.
    SaveController* saving() const { return saving_; }
    JobProgressWidget* jobProgress() const { return progress_; }
    QTreeView* artifactView() const { return artifactView_; }
    /// The notes of the last PyTorch profiler import (object name "importNotesBox"; nullptr once closed).
    QMessageBox* importNotesBox() const;
    /// The error dialog shown last (nullptr once closed).
    ErrorDialog* lastErrorDialog() const;
    QDockWidget* dock(const QString& objectName) const;
    QString statusText() const;

    /// Restores the saved geometry and dock layout (called by the constructor).
    void restoreLayout();
    void saveLayout();
    void resetLayout();
    /// The docks' object names, saved with the layout: a state saved with another set is not restored.
    QStringList dockNames() const;

signals:
    /// A file finished loading (successfully or not).
    void fileOpened(const QString& path, bool ok);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createDocks();
    void createMenus();
    void updateRecentMenu();
    void createSaveActions();
    void showImportNotes(const Artifact& artifact);
    void addSaveAndExportEntries(QMenu* file);
    void updateStatus();
    void updateTitle();
    void showOpenDialog();
    void showAbout();
    void showLanguageChoice(const QString& code);
    void artifactContextMenu(const QPoint& pos);
    void activateArtifact(ArtifactId id);
    void verifyReport(ArtifactId id);
    QDockWidget* addDock(const QString& name, const QString& title, QWidget* widget, Qt::DockWidgetArea area);

    JobRunner* runner_;
    ArtifactStore* store_;
    ArtifactModel* artifactModel_;
    ReplayController* replay_;
    RecentFiles* recent_;
    TimelinePanel* timeline_;
    DistributionPanel* distributions_ = nullptr;
    AblationPanel* ablations_ = nullptr;
    VerificationStepper* verification_ = nullptr;
    CapturePanel* capture_ = nullptr;
    PhysicalView* physical_ = nullptr;
    DistillController* distill_ = nullptr;
    SaveController* saving_ = nullptr;
    JobProgressWidget* progress_;
    QTreeView* artifactView_ = nullptr;
    QLabel* configLabel_;
    QLabel* controlsLabel_;
    QMenu* recentMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QList<QDockWidget*> docks_;
    QByteArray defaultState_;
    QAction* openAction_ = nullptr;
    QAction* quitAction_ = nullptr;
    QAction* cancelAction_ = nullptr;
    QAction* closeArtifactAction_ = nullptr;
    QAction* resetLayoutAction_ = nullptr;
};

} // namespace cc::ui
