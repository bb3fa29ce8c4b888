#include "ui/shell/main_window.h"

#include "ui/ablation/ablation_panel.h"
#include "ui/artifacts/artifact_loader.h"
#include "ui/capture/capture_panel.h"
#include "ui/distill/distill_controller.h"
#include "ui/distributions/distribution_panel.h"
#include "ui/physical/physical_view.h"
#include "ui/shell/artifact_browser.h"
#include "ui/shell/error_dialog.h"
#include "ui/shell/job_progress_widget.h"
#include "ui/shell/language.h"
#include "ui/shell/recent_files.h"
#include "ui/shell/save_controller.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/util/text.h"
#include "ui/verification/verification_comparison.h"
#include "ui/verification/verification_stepper.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPointer>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>
#include <QTreeView>

namespace cc::ui {

namespace {
const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
const QString kDocksKey = QStringLiteral("window/docks");
/// Bumped when the meaning of a saved layout changes; a saved state of another version, or one
/// saved with another set of docks, is not restored (the defaults are kept instead).
constexpr int kLayoutVersion = 2;
QPointer<ErrorDialog> g_lastError;
QPointer<QMessageBox> g_importNotes;
} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/workbench.svg")));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    runner_ = new JobRunner(this);
    store_ = new ArtifactStore(this);
    artifactModel_ = new ArtifactModel(store_, this);
    replay_ = new ReplayController(runner_, this);
    replay_->followCanaries(store_);
    recent_ = new RecentFiles(this);
    timeline_ = new TimelinePanel(runner_, replay_, this);
    setCentralWidget(timeline_);

    progress_ = new JobProgressWidget(runner_, this);
    configLabel_ = new QLabel(this);
    configLabel_->setObjectName(QStringLiteral("statusConfiguration"));
    controlsLabel_ = new QLabel(this);
    controlsLabel_->setObjectName(QStringLiteral("statusControls"));
    statusBar()->addPermanentWidget(configLabel_);
    statusBar()->addPermanentWidget(controlsLabel_);
    statusBar()->addPermanentWidget(progress_);

    createActions();
    createDocks();
    createSaveActions();
    createMenus();

    connect(store_, &ArtifactStore::activeTraceChanged, this, [this](ArtifactId id) {
        const Artifact* artifact = store_->find(id);
        replay_->setTrace(artifact ? artifact->trace : nullptr);
        updateTitle();
        updateStatus();
    });
    connect(replay_, &ReplayController::currentConfigurationChanged, this, &MainWindow::updateStatus);
    connect(replay_, &ReplayController::protocolChanged, this, &MainWindow::updateStatus);
    connect(replay_, &ReplayController::configSetChanged, this, &MainWindow::updateStatus);
    connect(replay_, &ReplayController::replayFailed, this, [this](const JobError& error) {
        g_lastError = ErrorDialog::showError(this, tr("The replay failed"), error);
    });
    connect(runner_, &JobRunner::jobFailed, this, [this](JobId, const QString& title, const JobError& error) {
        g_lastError = ErrorDialog::showError(this, title, error);
    });
    connect(runner_, &JobRunner::busyChanged, cancelAction_, &QAction::setEnabled);
    connect(recent_, &RecentFiles::changed, this, &MainWindow::updateRecentMenu);

    resize(1515, 900);
    defaultState_ = saveState(kLayoutVersion);
    restoreLayout();
    updateRecentMenu();
    updateStatus();
    updateTitle();
}

MainWindow::~MainWindow()
{
    // Stop the workers before the objects their results would be delivered to go away.
    runner_->cancelAll();
    runner_->pool()->waitForDone();
}

QDockWidget* MainWindow::addDock(const QString& name, const QString& title, QWidget* widget, Qt::DockWidgetArea area)
{
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(name);
    dock->setWidget(widget);
    addDockWidget(area, dock);
    docks_.push_back(dock);
    return dock;
}

void MainWindow::createDocks()
{
    // Names elided in the middle, columns fitted to the dock: siblings stay told apart.
    artifactView_ = new ArtifactBrowser;
    artifactView_->setObjectName(QStringLiteral("artifactBrowser"));
    artifactView_->setModel(artifactModel_);
    artifactView_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(artifactView_, &QTreeView::doubleClicked, this,
            [this](const QModelIndex& index) { activateArtifact(artifactModel_->artifactAt(index)); });
    connect(artifactView_, &QTreeView::customContextMenuRequested, this, &MainWindow::artifactContextMenu);
    connect(artifactModel_, &QAbstractItemModel::rowsInserted, artifactView_,
            [this](const QModelIndex& parent, int first) {
                if (!parent.isValid()) {
                    artifactView_->expand(artifactModel_->index(first, 0));
                }
            });

    distributions_ = new DistributionPanel(replay_);
    ablations_ = new AblationPanel(replay_);
    verification_ = new VerificationStepper;
    connect(verification_, &VerificationStepper::runRequested, this, &MainWindow::runVerification);
    capture_ = new CapturePanel(runner_, store_);
    // A campaign launched from the Capture panel opens in the Physical view when it completes.
    connect(capture_->campaign(), &CampaignLauncher::campaignOpened, this, &MainWindow::activateArtifact);
    physical_ = new PhysicalView;
    // A campaign closed in the browser leaves the view.
    connect(store_, &ArtifactStore::removed, physical_, [this]() {
        for (const auto& a : store_->artifacts()) {
            if (a.campaign && a.campaign == physical_->document()) {
                return;
            }
        }
        physical_->setDocument(nullptr, QString());
    });
    distill_ = new DistillController(runner_, store_, replay_, this);
    connect(distill_, &DistillController::verificationReady, this, &MainWindow::activateArtifact);
    connect(distill_, &DistillController::failed, this, [this](const QString& what, const JobError& error) {
        g_lastError = ErrorDialog::showError(this, what, error);
    });
    connect(artifactView_->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& index) { distill_->setSelectedArtifact(artifactModel_->artifactAt(index)); });

    QDockWidget* artifacts =
        addDock(QStringLiteral("artifactsDock"), tr("Artifacts"), artifactView_, Qt::LeftDockWidgetArea);
    QDockWidget* tails = addDock(QStringLiteral("tailWindowsDock"), tr("Tail Windows"), timeline_->tailWindowList(),
                                 Qt::LeftDockWidgetArea);
    QDockWidget* details =
        addDock(QStringLiteral("eventDetailsDock"), tr("Event Details"), timeline_->details(), Qt::RightDockWidgetArea);
    QDockWidget* range = addDock(QStringLiteral("rangeStatisticsDock"), tr("Range Statistics"),
                                 timeline_->rangeStatistics(), Qt::RightDockWidgetArea);
    QDockWidget* distributions = addDock(QStringLiteral("distributionsDock"), tr("Latency Distributions"),
                                         distributions_, Qt::BottomDockWidgetArea);
    QDockWidget* ablations =
        addDock(QStringLiteral("ablationsDock"), tr("Ablations and Ranking"), ablations_, Qt::BottomDockWidgetArea);
    QDockWidget* verification =
        addDock(QStringLiteral("verificationDock"), tr("Verification"), verification_, Qt::BottomDockWidgetArea);
    splitDockWidget(artifacts, tails, Qt::Vertical);
    tabifyDockWidget(details, range);
    details->raise();
    tabifyDockWidget(distributions, ablations);
    tabifyDockWidget(ablations, verification);
    QDockWidget* comparison = addDock(QStringLiteral("verificationComparisonDock"), tr("Compare Verifications"),
                                      distill_->comparison(), Qt::BottomDockWidgetArea);
    tabifyDockWidget(verification, comparison);
    QDockWidget* captureDock =
        addDock(QStringLiteral("captureDock"), tr("Capture"), capture_, Qt::BottomDockWidgetArea);
    tabifyDockWidget(ablations, captureDock);
    QDockWidget* physicalDock =
        addDock(QStringLiteral("physicalDock"), tr("Physical"), physical_, Qt::BottomDockWidgetArea);
    tabifyDockWidget(captureDock, physicalDock);
    // The worker is probed the first time the panel is brought up, not at every start.
    connect(captureDock, &QDockWidget::visibilityChanged, capture_, [this](bool visible) {
        if (visible) {
            capture_->ensureProbed();
        }
    });
    distributions->raise();
    resizeDocks({artifacts, details}, {390, 380}, Qt::Horizontal);
    // A selected range brings its statistics forward.
    connect(timeline_->view(), &TimelineView::rangeSelected, range, [range]() {
        range->show();
        range->raise();
    });
    resizeDocks({distributions}, {330}, Qt::Vertical);
}

void MainWindow::createActions()
{
    openAction_ = new QAction(QIcon(QStringLiteral(":/icons/open.svg")), tr("&Open…"), this);
    openAction_->setShortcut(QKeySequence::Open);
    openAction_->setToolTip(tr("Open traces, replay reports, configuration sets or campaign results"));
    connect(openAction_, &QAction::triggered, this, &MainWindow::showOpenDialog);
    quitAction_ = new QAction(tr("&Quit"), this);
    quitAction_->setShortcut(QKeySequence::Quit);
    quitAction_->setMenuRole(QAction::QuitRole);
    connect(quitAction_, &QAction::triggered, this, &QWidget::close);
    cancelAction_ = new QAction(QIcon(QStringLiteral(":/icons/cancel.svg")), tr("&Cancel Running Jobs"), this);
    cancelAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
    cancelAction_->setEnabled(false);
    connect(cancelAction_, &QAction::triggered, runner_, &JobRunner::cancelAll);
    closeArtifactAction_ = new QAction(tr("&Close Artifact"), this);
    closeArtifactAction_->setShortcut(QKeySequence::Close);
    connect(closeArtifactAction_, &QAction::triggered, this, [this]() {
        const ArtifactId id = artifactModel_->artifactAt(artifactView_->currentIndex());
        store_->remove(id != 0 ? id : store_->activeTrace());
    });
    resetLayoutAction_ = new QAction(tr("&Reset Layout"), this);
    connect(resetLayoutAction_, &QAction::triggered, this, &MainWindow::resetLayout);
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(openAction_);
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    recentMenu_->setObjectName(QStringLiteral("recentMenu"));
    file->addAction(closeArtifactAction_);
    addSaveAndExportEntries(file);
    QAction* captureAction = file->addAction(tr("&Capture a Cell…"));
    captureAction->setObjectName(QStringLiteral("captureAction"));
    captureAction->setToolTip(tr("Plan and run a real capture cell (worker processes, one per rank)"));
    connect(captureAction, &QAction::triggered, this, [this]() {
        if (QDockWidget* d = dock(QStringLiteral("captureDock"))) {
            d->show();
            d->raise();
        }
    });
    file->addSeparator();
    file->addAction(quitAction_);

    const TimelinePanel::Actions& t = timeline_->actions();
    viewMenu_ = menuBar()->addMenu(tr("&View"));
    viewMenu_->addActions({t.zoomIn, t.zoomOut, t.zoomFit, t.zoomSelection});
    viewMenu_->addSeparator();
    viewMenu_->addActions({t.zoomBack, t.zoomForward});
    viewMenu_->addSeparator();
    viewMenu_->addActions({t.nextTail, t.previousTail, t.showTails});
    viewMenu_->addSeparator();
    viewMenu_->addActions({t.find, t.findNext, t.findPrevious});
    viewMenu_->addSeparator();
    QMenu* docks = viewMenu_->addMenu(tr("&Panels"));
    for (QDockWidget* dock : docks_) {
        docks->addAction(dock->toggleViewAction());
    }
    viewMenu_->addAction(resetLayoutAction_);

    QMenu* replay = menuBar()->addMenu(tr("&Replay"));
    auto* configs = replay->addMenu(tr("&Configuration"));
    auto* group = new QActionGroup(this);
    auto fillConfigs = [this, configs, group]() {
        configs->clear();
        const auto set = replay_->configSet();
        if (!set) {
            return;
        }
        for (int c = 0; c < static_cast<int>(set->configurations.size()); ++c) {
            QAction* action = configs->addAction(qs(set->configurations[static_cast<std::size_t>(c)].name));
            action->setCheckable(true);
            action->setChecked(c == replay_->currentConfiguration());
            if (c < 9) {
                action->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + c)));
            }
            group->addAction(action);
            connect(action, &QAction::triggered, this, [this, c]() { replay_->setCurrentConfiguration(c); });
        }
    };
    fillConfigs();
    connect(replay_, &ReplayController::configSetChanged, this, fillConfigs);
    connect(replay_, &ReplayController::currentConfigurationChanged, this, [configs](int index) {
        const auto actions = configs->actions();
        if (index >= 0 && index < actions.size()) {
            actions[index]->setChecked(true);
        }
    });
    replay->addAction(cancelAction_);
    menuBar()->addMenu(distill_->menu());

    QMenu* settings = menuBar()->addMenu(tr("&Settings"));
    QMenu* language = settings->addMenu(tr("&Language"));
    auto* languages = new QActionGroup(this);
    const QString current = languageOverride();
    QAction* system = language->addAction(tr("System default"));
    system->setCheckable(true);
    system->setChecked(current.isEmpty());
    languages->addAction(system);
    connect(system, &QAction::triggered, this, [this]() { showLanguageChoice(QString()); });
    for (const QString& code : availableLanguages()) {
        QAction* action = language->addAction(languageName(code));
        action->setCheckable(true);
        action->setChecked(current == code);
        languages->addAction(action);
        connect(action, &QAction::triggered, this, [this, code]() { showLanguageChoice(code); });
    }

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* about = help->addAction(tr("&About CommCanary Workbench"));
    connect(about, &QAction::triggered, this, &MainWindow::showAbout);

    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->addAction(openAction_);
    bar->addSeparator();
    bar->addActions({t.zoomIn, t.zoomOut, t.zoomFit, t.zoomSelection, t.zoomBack, t.zoomForward});
    bar->addSeparator();
    bar->addActions({t.previousTail, t.nextTail});
    bar->addSeparator();
    bar->addAction(cancelAction_);
}

void MainWindow::updateRecentMenu()
{
    recentMenu_->clear();
    const QStringList files = recent_->files();
    for (int k = 0; k < files.size(); ++k) {
        const QString path = files[k];
        QAction* action = recentMenu_->addAction(tr("&%1 %2").arg(k + 1).arg(QFileInfo(path).fileName()));
        action->setToolTip(path);
        connect(action, &QAction::triggered, this, [this, path]() { openFile(path); });
    }
    if (!files.isEmpty()) {
        recentMenu_->addSeparator();
        recentMenu_->addAction(tr("Clear the List"), recent_, &RecentFiles::clear);
    }
    recentMenu_->setEnabled(!files.isEmpty());
}

void MainWindow::updateStatus()
{
    const auto set = replay_->configSet();
    const int c = replay_->currentConfiguration();
    const QString name = set && c < static_cast<int>(set->configurations.size())
                             ? qs(set->configurations[static_cast<std::size_t>(c)].name)
                             : tr("(none)");
    configLabel_->setText(tr("Configuration: %1 (set %2)").arg(name, replay_->configSetName()));
    controlsLabel_->setText(tr("Simulator controls: %1").arg(protocolLabel(replay_->protocol())));
}

QString MainWindow::statusText() const
{
    return configLabel_->text() + QLatin1String(" | ") + controlsLabel_->text();
}

void MainWindow::updateTitle()
{
    const Artifact* active = store_->activeTraceArtifact();
    setWindowTitle(active ? tr("%1 — CommCanary Workbench").arg(active->name) : tr("CommCanary Workbench"));
}

void MainWindow::openFiles(const QStringList& paths)
{
    for (const QString& path : paths) {
        openFile(path);
    }
}

void MainWindow::openFile(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const QString name = QFileInfo(path).fileName();
    runner_->run<Artifact>(
        QStringLiteral("open:") + absolute, tr("Opening %1").arg(name),
        [absolute](cc::Progress& progress) { return loadArtifact(absolute, progress); }, this,
        [this, absolute](Artifact artifact) {
            showImportNotes(artifact);
            const ArtifactKind kind = artifact.kind;
            auto configs = artifact.configs;
            const QString name = artifact.name;
            const ArtifactId id = store_->add(std::move(artifact));
            recent_->add(absolute);
            if (kind == ArtifactKind::Trace) {
                store_->setActiveTrace(id);
            } else if (kind == ArtifactKind::Verification || kind == ArtifactKind::Campaign) {
                activateArtifact(id);
            } else if (kind == ArtifactKind::ConfigSet && configs) {
                replay_->setConfigSet(configs, name);
            }
            statusBar()->showMessage(tr("Opened %1").arg(name), 4000);
            emit fileOpened(absolute, true);
        },
        [this, absolute, name](const JobError& error) {
            if (!error.isCancelled()) {
                g_lastError = ErrorDialog::showError(this, tr("Could not open %1").arg(name), error);
            }
            if (error.kind == JobError::Kind::Io) {
                recent_->remove(absolute);
            }
            emit fileOpened(absolute, false);
        });
}

ErrorDialog* MainWindow::lastErrorDialog() const
{
    return g_lastError.data();
}

QDockWidget* MainWindow::dock(const QString& objectName) const
{
    for (QDockWidget* dock : docks_) {
        if (dock->objectName() == objectName) {
            return dock;
        }
    }
    return nullptr;
}

void MainWindow::showOpenDialog()
{
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Open"), QString(),
        tr("CommCanary files (*.json *.json.gz);;Traces (*.trace.json *.json.gz);;All files (*)"));
    openFiles(paths);
}

void MainWindow::showAbout()
{
    QMessageBox::about(
        this, tr("About CommCanary Workbench"),
        tr("<h3>CommCanary Workbench %1</h3><p>Distils communication traces of distributed LLM workloads into small, "
           "verified, replayable canaries.</p><p>Replays come from a deterministic scheduler model of contention and "
           "overlap: they are not measurements of hardware and not NCCL.</p>")
            .arg(QStringLiteral(COMMCANARY_VERSION)));
}

void MainWindow::showLanguageChoice(const QString& code)
{
    setLanguageOverride(code);
    statusBar()->showMessage(tr("The language changes the next time the workbench starts."), 6000);
}

void MainWindow::artifactContextMenu(const QPoint& pos)
{
    const ArtifactId id = artifactModel_->artifactAt(artifactView_->indexAt(pos));
    const Artifact* artifact = store_->find(id);
    if (artifact == nullptr) {
        return;
    }
    QMenu menu(this);
    if (artifact->kind == ArtifactKind::Trace) {
        menu.addAction(tr("Show in the Timeline"), this, [this, id]() { store_->setActiveTrace(id); });
    }
    if (artifact->kind == ArtifactKind::ConfigSet) {
        menu.addAction(tr("Replay under this Configuration Set"), this, [this, id]() { activateArtifact(id); });
    }
    if (artifact->kind == ArtifactKind::Report) {
        menu.addAction(tr("Verify against its Trace"), this, [this, id]() { verifyReport(id); });
    }
    if (artifact->kind == ArtifactKind::Canary) {
        menu.addAction(tr("Verify Behaviour"), this, [this, id]() { distill_->verifyCanary(id); });
    }
    if (artifact->kind == ArtifactKind::Campaign) {
        menu.addAction(tr("Show in the Physical View"), this, [this, id]() { activateArtifact(id); });
    }
    menu.addAction(tr("Close"), this, [this, id]() { store_->remove(id); });
    menu.exec(artifactView_->viewport()->mapToGlobal(pos));
}

void MainWindow::activateArtifact(ArtifactId id)
{
    const Artifact* artifact = store_->find(id);
    if (artifact == nullptr) {
        return;
    }
    if (artifact->kind == ArtifactKind::Trace) {
        store_->setActiveTrace(id);
    } else if (artifact->kind == ArtifactKind::ConfigSet && artifact->configs) {
        replay_->setConfigSet(artifact->configs, artifact->name);
    } else if (artifact->kind == ArtifactKind::Report) {
        verifyReport(id);
    } else if (artifact->kind == ArtifactKind::Campaign && artifact->campaign) {
        physical_->setDocument(artifact->campaign, artifact->name);
        if (QDockWidget* d = dock(QStringLiteral("physicalDock"))) {
            d->show();
            d->raise();
        }
    } else if (artifact->kind == ArtifactKind::Verification && artifact->verification) {
        verification_->setDocument(*artifact->verification);
        if (QDockWidget* d = dock(QStringLiteral("verificationDock"))) {
            d->show();
            d->raise();
        }
    }
}

void MainWindow::runVerification()
{
    // The stepper's button verifies the active trace's canary exactly as the Distil menu's Verify
    // Canary does (one path: the canary's producer options, else the replay's configuration set).
    const Artifact* trace = store_->activeTraceArtifact();
    ArtifactId canary = 0;
    for (const auto& a : store_->artifacts()) {
        if (trace != nullptr && a.kind == ArtifactKind::Canary && a.sourceIdentity() == trace->identity) {
            canary = a.id;
        }
    }
    if (trace == nullptr || canary == 0) {
        QMessageBox::information(
            this, tr("Verify behaviour"),
            tr("Open a trace and a canary compiled from it first: the canary's source SHA-256 must "
               "equal the trace's normalised SHA-256."));
        return;
    }
    distill_->verifyCanary(canary);
}

void MainWindow::verifyReport(ArtifactId id)
{
    const Artifact* report = store_->find(id);
    if (report == nullptr || !report->bytes) {
        return;
    }
    const Artifact* trace = nullptr;
    for (const auto& a : store_->artifacts()) {
        if (a.kind == ArtifactKind::Trace && a.identity == report->sourceIdentity()) {
            trace = &a;
        }
    }
    if (trace == nullptr) {
        QMessageBox::information(
            this, tr("Verify report"),
            tr("Open the trace this report was replayed from first (its normalised SHA-256 is %1).")
                .arg(report->sourceIdentity()));
        return;
    }
    auto bytes = report->bytes;
    auto input = trace->trace;
    const std::string name = toStd(report->name);
    runner_->run<cc::ReportVerification>(
        QStringLiteral("verify-report:%1").arg(id), tr("Verifying %1").arg(report->name),
        [bytes, input, name](cc::Progress& progress) { return cc::verifyReport(*bytes, name, *input, progress); }, this,
        [this, reportName = report->name](cc::ReportVerification result) {
            if (result.passed) {
                QMessageBox::information(this, tr("Verify report"), tr("%1 replays bit for bit.").arg(reportName));
            } else {
                QMessageBox::warning(this, tr("Verify report"),
                                     tr("%1 does not replay as written: %2").arg(reportName, qs(result.message)));
            }
        });
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    restoreGeometry(settings.value(kGeometryKey).toByteArray());
    if (settings.value(kDocksKey).toStringList() == dockNames()) {
        restoreState(settings.value(kStateKey).toByteArray(), kLayoutVersion);
    }
}

QStringList MainWindow::dockNames() const
{
    QStringList names;
    for (const QDockWidget* dock : docks_) {
        names << dock->objectName();
    }
    return names;
}

void MainWindow::saveLayout()
{
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState(kLayoutVersion));
    settings.setValue(kDocksKey, dockNames());
}

void MainWindow::resetLayout()
{
    restoreState(defaultState_, kLayoutVersion);
    for (QDockWidget* dock : docks_) {
        dock->show();
    }
}

void MainWindow::createSaveActions()
{
    saving_ = new SaveController(store_, runner_, this,
                                 [this]() { return artifactModel_->artifactAt(artifactView_->currentIndex()); });
    connect(saving_, &SaveController::failed, this, [this](const QString& what, const JobError& error) {
        g_lastError = ErrorDialog::showError(this, what, error);
    });
    connect(saving_, &SaveController::exported, this, [this](const QString& path) {
        statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(path).fileName()), 4000);
    });
    connect(saving_, &SaveController::saved, this, [this](ArtifactId, const QString& path) {
        recent_->add(path);
        statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 4000);
    });
}

void MainWindow::addSaveAndExportEntries(QMenu* file)
{
    file->addSeparator();
    file->addActions({saving_->saveAction(), saving_->saveAsAction(), saving_->saveAllAction()});
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    exportMenu->setObjectName(QStringLiteral("exportMenu"));
    QAction* chart = exportMenu->addAction(tr("Latency Distributions as &Image (PNG, SVG)…"));
    chart->setObjectName(QStringLiteral("exportDistributionsImageAction"));
    connect(chart, &QAction::triggered, distributions_, &DistributionPanel::exportDialog);
    QAction* numbers = exportMenu->addAction(tr("Latency Distributions as &Numbers (CSV)…"));
    numbers->setObjectName(QStringLiteral("exportDistributionsCsvAction"));
    connect(numbers, &QAction::triggered, distributions_, &DistributionPanel::exportCsvDialog);
    exportMenu->addAction(saving_->exportChromeAction());
    exportMenu->addAction(saving_->exportParamAction());
}

void MainWindow::showImportNotes(const Artifact& artifact)
{
    if (artifact.importNotes.isEmpty()) {
        return;
    }
    // What an import could not see is part of the result: shown once, without blocking, and kept
    // in the artifact browser under the trace.
    if (g_importNotes) {
        g_importNotes->close();
    }
    auto* box = new QMessageBox(QMessageBox::Information, tr("Imported %1").arg(artifact.name),
                                tr("%1 was imported from a PyTorch profiler (Kineto) file. The import is observational "
                                   "and single-rank: cross-rank skew, compute overlap and exposed latency are unknown.")
                                    .arg(artifact.name),
                                QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("importNotesBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setDetailedText(artifact.importNotes.join(QLatin1Char('\n')));
    box->setWindowModality(Qt::NonModal);
    g_importNotes = box;
    box->show();
}

QMessageBox* MainWindow::importNotesBox() const
{
    return g_importNotes.data();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // Results made here exist only in memory: ask before they are lost.
    if (!saving_->confirmClose()) {
        event->ignore();
        return;
    }
    saveLayout();
    runner_->cancelAll();
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls()) {
        for (const QUrl& url : event->mimeData()->urls()) {
            if (url.isLocalFile()) {
                event->acceptProposedAction();
                return;
            }
        }
    }
}

void MainWindow::dropEvent(QDropEvent* event)
{
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile()) {
            paths << url.toLocalFile();
        }
    }
    openFiles(paths);
    event->acceptProposedAction();
}

} // namespace cc::ui
