#include "ui/capture/capture_panel.h"

#include "ui/util/text.h"

#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyledItemDelegate>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <unistd.h>

namespace cc::ui {

namespace capture = cc::capture;
namespace fs = std::filesystem;

namespace {

const QString kOutputRootKey = QStringLiteral("capture/outputRoot");

/// Draws the iterations column of the rank table as a progress bar.
class RankProgressDelegate final : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        if (index.column() != RankProgressModel::ProgressColumn) {
            QStyledItemDelegate::paint(painter, option, index);
            return;
        }
        QStyleOptionProgressBar bar;
        bar.rect = option.rect.adjusted(2, 2, -2, -2);
        bar.minimum = 0;
        bar.maximum = 1000;
        bar.progress = index.data(RankProgressModel::PermilleRole).toInt();
        bar.text = index.data(Qt::DisplayRole).toString();
        bar.textVisible = true;
        bar.state = option.state | QStyle::State_Horizontal;
        bar.palette = option.palette;
        const QWidget* widget = option.widget;
        QStyle* style = widget != nullptr ? widget->style() : QApplication::style();
        style->drawControl(QStyle::CE_ProgressBar, &bar, painter, widget);
    }
};

QTableView* makeTable(QAbstractItemModel* model, const QString& name, QWidget* parent)
{
    auto* table = new QTableView(parent);
    table->setObjectName(name);
    table->setModel(model);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    return table;
}

} // namespace

CapturePanel::CapturePanel(JobRunner* runner, ArtifactStore* store, QWidget* parent)
    : QWidget(parent), runner_(runner), store_(store)
{
    setObjectName(QStringLiteral("capturePanel"));
    form_ = new CaptureForm(this);
    feasibility_ = new FeasibilityView(this);
    machineLabel_ = new QLabel(this);
    machineLabel_->setObjectName(QStringLiteral("captureMachine"));
    machineLabel_->setWordWrap(true);
    machineLabel_->setTextFormat(Qt::PlainText);
    launchReason_ = new QLabel(this);
    launchReason_->setObjectName(QStringLiteral("captureLaunchReason"));
    launchReason_->setWordWrap(true);
    launchReason_->setTextFormat(Qt::PlainText);
    launch_ = new QPushButton(tr("&Launch"), this);
    launch_->setObjectName(QStringLiteral("captureLaunch"));
    launch_->setToolTip(tr("Run the cell: one capture worker process per rank"));
    cancel_ = new QPushButton(QIcon(QStringLiteral(":/icons/cancel.svg")), tr("Cancel"), this);
    cancel_->setObjectName(QStringLiteral("captureCancel"));
    cancel_->setToolTip(tr("Stop the running cell: every rank of its process group is terminated"));
    cancel_->setEnabled(false);
    reprobe_ = new QPushButton(tr("Probe Again"), this);
    reprobe_->setObjectName(QStringLiteral("captureProbe"));
    reprobe_->setToolTip(tr("Ask the capture worker again what this machine can run, and read the free memory"));
    outputRoot_ = new QLineEdit(this);
    outputRoot_->setObjectName(QStringLiteral("captureOutputRoot"));
    const QString defaultRoot =
        QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/captures");
    outputRoot_->setText(QSettings().value(kOutputRootKey, defaultRoot).toString());
    outputRoot_->setToolTip(tr("Each cell is written into a new folder inside this one"));
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &CapturePanel::chooseOutputRoot);

    // Left: the form, its verdict and the launch controls.
    auto* cellBox = new QGroupBox(tr("Cell"), this);
    auto* cellLayout = new QVBoxLayout(cellBox);
    cellLayout->addWidget(form_);
    auto* outputRow = new QHBoxLayout;
    outputRow->addWidget(new QLabel(tr("Output folder:"), this));
    outputRow->addWidget(outputRoot_, 1);
    outputRow->addWidget(browse);
    cellLayout->addLayout(outputRow);
    auto* verdictBox = new QGroupBox(tr("Memory feasibility"), this);
    auto* verdictLayout = new QVBoxLayout(verdictBox);
    verdictLayout->addWidget(feasibility_);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(launch_);
    buttons->addWidget(cancel_);
    buttons->addStretch(1);
    buttons->addWidget(reprobe_);
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->addWidget(cellBox);
    leftLayout->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(left);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumWidth(360);
    // Middle: the verdict and Launch, outside the form's scroll area, so both are in view at the
    // default window size however long the form is.
    auto* middle = new QWidget(this);
    middle->setObjectName(QStringLiteral("captureVerdictColumn"));
    auto* middleLayout = new QVBoxLayout(middle);
    middleLayout->setContentsMargins(4, 0, 4, 0);
    middleLayout->addWidget(verdictBox);
    middleLayout->addLayout(buttons);
    middleLayout->addWidget(launchReason_);
    middleLayout->addWidget(machineLabel_);
    middleLayout->addStretch(1);
    middle->setMinimumWidth(340);

    // Right: the run (ranks and log), the result (metrics).
    rankModel_ = new RankProgressModel(this);
    summaryModel_ = new RankSummaryModel(this);
    bucketModel_ = new BucketLatencyModel(this);
    layerModel_ = new LayerLatencyModel(this);
    tabs_ = new QTabWidget(this);
    tabs_->setObjectName(QStringLiteral("captureTabs"));

    auto* run = new QWidget(this);
    runStatus_ = new QLabel(tr("No cell has run yet."), run);
    runStatus_->setObjectName(QStringLiteral("captureRunStatus"));
    runStatus_->setWordWrap(true);
    runStatus_->setTextFormat(Qt::PlainText);
    runStatus_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    rankView_ = makeTable(rankModel_, QStringLiteral("captureRanks"), run);
    rankView_->setItemDelegate(new RankProgressDelegate(rankView_));
    rankView_->horizontalHeader()->setSectionResizeMode(RankProgressModel::ProgressColumn, QHeaderView::Stretch);
    rankView_->horizontalHeader()->setStretchLastSection(false);
    log_ = new QPlainTextEdit(run);
    log_->setObjectName(QStringLiteral("captureLog"));
    log_->setReadOnly(true);
    log_->setMaximumBlockCount(5000);
    log_->setLineWrapMode(QPlainTextEdit::NoWrap);
    log_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto* runSplit = new QSplitter(Qt::Vertical, run);
    runSplit->addWidget(rankView_);
    runSplit->addWidget(log_);
    runSplit->setStretchFactor(1, 2);
    auto* runLayout = new QVBoxLayout(run);
    runLayout->addWidget(runStatus_);
    runLayout->addWidget(runSplit, 1);
    tabs_->addTab(run, tr("Run"));

    auto* result = new QWidget(this);
    resultLabel_ = new QLabel(tr("The metrics of a completed cell appear here."), result);
    resultLabel_->setObjectName(QStringLiteral("captureResult"));
    resultLabel_->setWordWrap(true);
    resultLabel_->setTextFormat(Qt::PlainText);
    auto* resultSplit = new QSplitter(Qt::Vertical, result);
    resultSplit->addWidget(makeTable(summaryModel_, QStringLiteral("captureSummary"), result));
    resultSplit->addWidget(makeTable(bucketModel_, QStringLiteral("captureBuckets"), result));
    resultSplit->addWidget(makeTable(layerModel_, QStringLiteral("captureLayers"), result));
    auto* resultLayout = new QVBoxLayout(result);
    resultLayout->addWidget(resultLabel_);
    resultLayout->addWidget(resultSplit, 1);
    tabs_->addTab(result, tr("Result"));
    modelView_ = new AllreduceModelView(runner_, this);
    tabs_->addTab(modelView_, tr("Model"));
    sweep_ = new SweepView(runner_, this);
    tabs_->addTab(sweep_, tr("Matrix"));
    campaign_ = new CampaignLauncher(runner_, store_, this);
    tabs_->addTab(campaign_, tr("Campaign"));
    connect(campaign_, &CampaignLauncher::runningChanged, this, &CapturePanel::updateLaunch);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(scroll);
    split->addWidget(middle);
    split->addWidget(tabs_);
    split->setStretchFactor(2, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(split);

    poll_ = new QTimer(this);
    poll_->setInterval(150);
    connect(poll_, &QTimer::timeout, this, &CapturePanel::pollFeed);
    connect(form_, &CaptureForm::changed, this, &CapturePanel::replan);
    connect(launch_, &QPushButton::clicked, this, &CapturePanel::launch);
    connect(cancel_, &QPushButton::clicked, this, &CapturePanel::cancel);
    connect(reprobe_, &QPushButton::clicked, this, &CapturePanel::probe);
    connect(outputRoot_, &QLineEdit::textChanged, this, &CapturePanel::updateLaunch);
    connect(runner_, &JobRunner::jobFinished, this, [this](JobId id, JobRunner::Outcome outcome) {
        if (id != runJob_ || outcome == JobRunner::Outcome::Succeeded || outcome == JobRunner::Outcome::Failed) {
            return; // results and errors arrive through the job's own callbacks
        }
        finishRun(tr("Cancelled: every rank was stopped and no manifest was written, so nothing from the cell is "
                     "loaded (%1).")
                      .arg(QDir::toNativeSeparators(cellDir_)),
                  false);
    });

    machineLabel_->setText(tr("This machine is probed when the panel is first brought up (or with Probe Again)."));
    replan();
}

CapturePanel::~CapturePanel()
{
    // A running cell is stopped with the panel; the runner's destructor waits for the job, whose
    // launcher reaps every rank first.
    if (runJob_ != 0 && runner_) {
        runner_->cancel(runJob_);
    }
}

void CapturePanel::ensureProbed()
{
    if (!probedOnce_ && !probing_) {
        probe();
    }
}

QString CapturePanel::outputRoot() const
{
    return outputRoot_->text();
}

void CapturePanel::setOutputRoot(const QString& dir)
{
    outputRoot_->setText(dir);
}

void CapturePanel::setWorkerPath(const std::optional<fs::path>& worker)
{
    worker_ = worker;
    campaign_->setWorkerPath(worker);
}

QString CapturePanel::runStatus() const
{
    return runStatus_->text();
}

void CapturePanel::chooseOutputRoot()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder for capture cells"), outputRoot_->text());
    if (!dir.isEmpty()) {
        outputRoot_->setText(dir);
        QSettings().setValue(kOutputRootKey, dir);
    }
}

void CapturePanel::probe()
{
    probing_ = true;
    probedOnce_ = true;
    reprobe_->setEnabled(false);
    machineLabel_->setText(tr("Probing what this machine can capture with…"));
    const std::optional<fs::path> worker = worker_;
    runner_->run<std::shared_ptr<const capture::MachineReport>>(
        QStringLiteral("capture-probe"), tr("Probing the capture worker"),
        [worker](cc::Progress& progress) {
            progress.report(0.0, "starting the capture worker's probe");
            return std::make_shared<const capture::MachineReport>(capture::probeMachine(worker));
        },
        this,
        [this](std::shared_ptr<const capture::MachineReport> machine) {
            probing_ = false;
            reprobe_->setEnabled(true);
            machine_ = std::move(machine);
            QStringList lines;
            if (machine_->worker.path) {
                // The file name; the full path is in the tooltip with the rest of the probe.
                lines << tr("Worker: %1").arg(qs(machine_->worker.path->filename().string()));
            }
            if (machine_->probe.ran) {
                lines << tr("libtorch %1; gloo %2; NCCL %3; CUDA devices: %4")
                             .arg(qs(machine_->probe.libtorchVersion), machine_->probe.gloo ? tr("yes") : tr("no"),
                                  machine_->probe.nccl ? tr("yes") : tr("no"))
                             .arg(machine_->probe.cudaDevices);
            } else {
                lines << tr("The worker could not describe itself: %1").arg(qs(machine_->probe.error));
            }
            if (machine_->host.availableBytes) {
                lines << tr("Host memory available: %1").arg(formatBytes(*machine_->host.availableBytes));
            }
            machineLabel_->setText(lines.join(QLatin1Char('\n')));
            machineLabel_->setToolTip(qs(capture::machineReportText(*machine_)));
            emit probeFinished(machine_->probe.ran);
            replan();
        },
        [this](const JobError& error) {
            probing_ = false;
            reprobe_->setEnabled(true);
            if (!error.isCancelled()) {
                machineLabel_->setText(tr("Probing this machine failed: %1").arg(error.message));
            }
            emit probeFinished(false);
            updateLaunch();
        });
    updateLaunch();
}

void CapturePanel::replan()
{
    formState_ = form_->state();
    if (!formState_.spec) {
        plan_.reset();
        feasibility_->setVerdict(std::nullopt, formState_.problem);
        updateLaunch();
        emit verdictChanged();
        return;
    }
    if (!machine_) {
        feasibility_->setVerdict(std::nullopt, probing_ ? tr("Probing this machine for its memory budgets…")
                                                        : tr("The verdict appears once this machine is probed."));
        updateLaunch();
        return;
    }
    const capture::CellSpec spec = *formState_.spec;
    const auto host = formState_.hostBudgetBytes;
    const auto device = formState_.deviceBudgetBytes;
    auto machine = machine_;
    runner_->run<CapturePlanView>(
        QStringLiteral("capture-plan"), tr("Checking the cell against the memory budgets"),
        [spec, host, device, machine](cc::Progress&) { return planAgainstProbe(spec, *machine, host, device); }, this,
        [this](CapturePlanView view) {
            plan_ = std::move(view);
            feasibility_->setVerdict(plan_->verdict);
            updateLaunch();
            emit verdictChanged();
        },
        [this](const JobError& error) {
            if (!error.isCancelled()) {
                plan_.reset();
                feasibility_->setVerdict(std::nullopt, tr("The cell could not be planned: %1").arg(error.message));
                updateLaunch();
                emit verdictChanged();
            }
        });
    updateLaunch();
}

void CapturePanel::updateLaunch()
{
    const bool planCurrent = plan_ && formState_.spec && plan_->spec == *formState_.spec &&
                             plan_->hostBudgetBytes == formState_.hostBudgetBytes &&
                             plan_->deviceBudgetBytes == formState_.deviceBudgetBytes;
    QString reason;
    if (runJob_ != 0) {
        reason = tr("A cell is running; cancel it or wait for it to end.");
    } else if (campaign_->isRunning()) {
        reason = tr("A campaign is running; cancel it or wait for it to end.");
    } else if (!formState_.spec) {
        reason = formState_.problem;
    } else if (!machine_) {
        reason = probing_ ? tr("Probing this machine…") : tr("This machine has not been probed yet.");
    } else if (!planCurrent) {
        reason = tr("Checking the cell against the memory budgets…");
    } else if (plan_->unavailable) {
        reason = tr("%1 over %2 tensors cannot run on this machine: %3")
                     .arg(qs(capture::backendName(plan_->spec.backend)), qs(capture::deviceName(plan_->spec.device)),
                          qs(*plan_->unavailable));
    } else if (!plan_->verdict.feasible) {
        QStringList reasons;
        for (const auto& r : plan_->verdict.reasons) {
            reasons << qs(r);
        }
        reason = tr("The memory guard refuses this cell (binding pool: %1): %2")
                     .arg(qs(plan_->verdict.binding), reasons.join(QStringLiteral("; ")));
    } else if (outputRoot_->text().trimmed().isEmpty()) {
        reason = tr("Choose an output folder for the cell.");
    }
    blockedReason_ = reason;
    campaign_->setBlocked(runJob_ != 0 ? tr("A cell is running; cancel it or wait for it to end.") : QString());
    launch_->setEnabled(reason.isEmpty());
    launchReason_->setText(reason.isEmpty() ? tr("Ready: the cell fits every memory pool and can run here.")
                                            : tr("Launch is disabled: %1").arg(reason));
    cancel_->setEnabled(runJob_ != 0);
    form_->setEnabled(runJob_ == 0);
}

QString CapturePanel::newCellDir(const capture::CellSpec& spec) const
{
    const QString base = QDir(outputRoot_->text().trimmed())
                             .filePath(qs(capture::cellId(spec)) + QLatin1Char('-') +
                                       QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
    QString dir = base;
    for (int n = 2; QFileInfo::exists(dir); ++n) {
        dir = base + QLatin1Char('-') + QString::number(n);
    }
    return dir;
}

void CapturePanel::launch()
{
    if (!launch_->isEnabled() || !formState_.spec) {
        return;
    }
    CaptureRequest request;
    request.spec = *formState_.spec;
    request.plan.worker = worker_ ? worker_ : (machine_ ? machine_->worker.path : std::nullopt);
    request.plan.hostBudgetBytes = formState_.hostBudgetBytes;
    request.plan.deviceBudgetBytes = formState_.deviceBudgetBytes;
    request.timeout = formState_.timeout;
    cellDir_ = newCellDir(request.spec);
    request.outputDir = fs::path(toStd(cellDir_));

    feed_ = std::make_shared<CaptureFeed>(request.spec.worldSize);
    rankModel_->reset(request.spec.worldSize);
    lastPhase_.assign(static_cast<std::size_t>(std::max(request.spec.worldSize, 0)), std::string());
    log_->clear();
    runStatus_->setText(
        tr("Running %1 in %2…").arg(qs(capture::cellId(request.spec)), QDir::toNativeSeparators(cellDir_)));
    tabs_->setCurrentIndex(0);
    auto feed = feed_;
    runJob_ = runner_->run<CaptureOutcome>(
        QStringLiteral("capture-run"), tr("Capturing %1").arg(qs(capture::cellId(request.spec))),
        [request, feed](cc::Progress& progress) { return runCaptureJob(request, feed, progress); }, this,
        [this](CaptureOutcome outcome) { showOutcome(std::move(outcome)); },
        [this](const JobError& error) { finishRun(tr("The cell could not run: %1").arg(error.message), false); });
    poll_->start();
    updateLaunch();
}

void CapturePanel::cancel()
{
    if (runJob_ != 0) {
        runStatus_->setText(tr("Cancelling: stopping every rank…"));
        runner_->cancel(runJob_);
    }
}

void CapturePanel::pollFeed()
{
    if (!feed_) {
        return;
    }
    CaptureFeed::Snapshot snapshot = feed_->take();
    rankModel_->update(snapshot.ranks);
    // The protocol lines never reach the log; a person reads when each rank enters a phase.
    QStringList phases;
    for (const RankRunState& r : snapshot.ranks) {
        const auto at = static_cast<std::size_t>(r.rank);
        if (at >= lastPhase_.size() || r.phase.empty() || r.phase == lastPhase_[at]) {
            continue;
        }
        lastPhase_[at] = r.phase;
        if (r.phase == "warmup") {
            phases << tr("[rank %1] warming up (%2 iterations in all)").arg(r.rank).arg(r.total);
        } else if (r.phase == "recorded") {
            phases << tr("[rank %1] recording (%2 of %3 iterations done)").arg(r.rank).arg(r.done).arg(r.total);
        } else if (r.phase == "done") {
            phases << tr("[rank %1] done: %2 iterations").arg(r.rank).arg(r.done);
        }
    }
    if (snapshot.dropped > 0) {
        log_->appendPlainText(tr("[%n earlier line(s) not shown here; every line is in the rank logs]", nullptr,
                                 static_cast<int>(snapshot.dropped)));
    }
    if (!snapshot.lines.empty()) {
        QStringList lines;
        lines.reserve(static_cast<qsizetype>(snapshot.lines.size()));
        for (const auto& [rank, text] : snapshot.lines) {
            lines << tr("[rank %1] %2").arg(rank).arg(qs(text));
        }
        log_->appendPlainText(lines.join(QLatin1Char('\n')));
    }
    if (!phases.isEmpty()) {
        log_->appendPlainText(phases.join(QLatin1Char('\n')));
    }
}

void CapturePanel::finishRun(const QString& status, bool completed)
{
    pollFeed(); // the last lines and the final progress of every rank
    poll_->stop();
    runJob_ = 0;
    runStatus_->setText(status);
    updateLaunch();
    emit captureFinished(completed);
}

void CapturePanel::showOutcome(CaptureOutcome outcome)
{
    const QString record = QDir::toNativeSeparators(outcome.recordPath);
    switch (outcome.status) {
    case CaptureOutcome::Status::Refused:
        summaryModel_->setMetrics({});
        bucketModel_->setMetrics({});
        layerModel_->setMetrics({});
        modelView_->setCell({}, 0);
        feasibility_->setVerdict(outcome.verdict);
        finishRun(tr("Refused: %1. No rank was started; the estimate, budget and arithmetic are in %2.")
                      .arg(outcome.reason, record),
                  false);
        return;
    case CaptureOutcome::Status::Failed:
        summaryModel_->setMetrics({});
        bucketModel_->setMetrics({});
        layerModel_->setMetrics({});
        modelView_->setCell({}, 0);
        finishRun(tr("Failed: %1. No manifest was written, so nothing from the cell is loaded; what happened is in "
                     "%2.")
                      .arg(outcome.reason, record),
                  false);
        return;
    case CaptureOutcome::Status::Unavailable:
        finishRun(tr("Cannot run here: %1").arg(outcome.reason), false);
        return;
    case CaptureOutcome::Status::Completed:
        break;
    }
    summaryModel_->setMetrics(outcome.metrics);
    bucketModel_->setMetrics(outcome.metrics);
    layerModel_->setMetrics(outcome.metrics);
    modelView_->setCell(outcome.metrics, outcome.verdict.spec.worldSize);
    QStringList summary;
    for (const auto& m : outcome.metrics) {
        summary << tr("rank %1: overlap efficiency %2, communication overhead %3")
                       .arg(m.rank)
                       .arg(ratioText(m.overlapEfficiency), ratioText(m.overheadFraction));
    }
    resultLabel_->setText(tr("%1\n%2").arg(QDir::toNativeSeparators(outcome.cellDir), summary.join(QLatin1Char('\n'))));
    resultLabel_->setToolTip(outcome.reportText);
    ArtifactId id = 0;
    QString name;
    if (outcome.trace) {
        name = outcome.trace->name;
        id = store_->add(std::move(*outcome.trace));
        store_->setActiveTrace(id);
    }
    finishRun(tr("Completed: the merged trace %1 is open in the workbench (timeline, distributions); the cell is in "
                 "%2.")
                  .arg(name, QDir::toNativeSeparators(outcome.cellDir)),
              true);
    if (id != 0) {
        emit traceOpened(id);
    }
}

} // namespace cc::ui
