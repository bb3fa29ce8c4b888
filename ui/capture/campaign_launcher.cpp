#include "ui/capture/campaign_launcher.h"

#include "ui/jobs/promise_progress.h"
#include "ui/util/text.h"

#include <QCheckBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cc::ui {

namespace fs = std::filesystem;

namespace {

fs::path toPath(const QString& path)
{
    return fs::path(path.trimmed().toStdU16String());
}

} // namespace

CampaignLauncher::CampaignLauncher(JobRunner* runner, ArtifactStore* store, QWidget* parent)
    : QWidget(parent), runner_(runner), store_(store)
{
    setObjectName(QStringLiteral("campaignLauncher"));
    auto* intro = new QLabel(tr("A physical campaign runs the matrix's one capture cell under every physical "
                                "configuration (the real workload, W-full), then replays the source trace, its canary "
                                "and the baselines under each, and scores every proxy's ranking against W-full."),
                             this);
    intro->setWordWrap(true);
    matrix_ = new QLineEdit(this);
    matrix_->setObjectName(QStringLiteral("campaignMatrix"));
    matrix_->setToolTip(tr("A capture matrix, as capture sweep reads it, that plans exactly one cell"));
    configs_ = new QLineEdit(this);
    configs_->setObjectName(QStringLiteral("campaignPhysicalConfigs"));
    configs_->setToolTip(tr("The physical configurations to run the cell and every proxy under (at least two)"));
    output_ = new QLineEdit(this);
    output_->setObjectName(QStringLiteral("campaignOutput"));
    output_->setToolTip(tr("The results folder: absent or empty, or a campaign of the same setup to resume"));
    resume_ = new QCheckBox(tr("Resume the campaign in this folder (keep every complete cell and replay)"), this);
    resume_->setObjectName(QStringLiteral("campaignResume"));

    repeats_ = new QSpinBox(this);
    repeats_->setObjectName(QStringLiteral("campaignRepeats"));
    repeats_->setRange(2, 10'000);
    const CampaignRequest defaults;
    repeats_->setValue(defaults.repeats);
    repeats_->setToolTip(tr("Recorded passes per replay and configuration (at least 2: ties need a spread)"));
    warmup_ = new QSpinBox(this);
    warmup_->setObjectName(QStringLiteral("campaignWarmup"));
    warmup_->setRange(0, 10'000);
    warmup_->setValue(defaults.warmup);
    warmup_->setToolTip(tr("Unrecorded passes before them"));
    baselines_ = new QLineEdit(QString::fromStdString(defaults.baselines), this);
    baselines_->setObjectName(QStringLiteral("campaignBaselines"));
    baselines_->setToolTip(tr("Baselines to score beside the canary (isolated, random, frequency, cluster, "
                              "stratified; empty for none)"));
    baselineSamples_ = new QSpinBox(this);
    baselineSamples_->setObjectName(QStringLiteral("campaignBaselineSamples"));
    baselineSamples_->setRange(0, 1'000'000);
    baselineSamples_->setSpecialValueText(tr("default"));
    baselineSamples_->setToolTip(tr("Sample count of every baseline"));
    reduced_ = new QCheckBox(tr("Also the ddmin-reduced trace"), this);
    reduced_->setObjectName(QStringLiteral("campaignReduced"));
    reduced_->setChecked(defaults.reduced);
    reduced_->setToolTip(tr("Its search runs the simulator many times"));

    auto row = [this](QLineEdit* field, bool folder, const QString& title) {
        auto* layout = new QHBoxLayout;
        layout->addWidget(field, 1);
        auto* browse = new QPushButton(tr("Browse…"), this);
        connect(browse, &QPushButton::clicked, this, [this, field, folder, title]() { choose(field, folder, title); });
        layout->addWidget(browse);
        return layout;
    };
    auto* form = new QFormLayout;
    form->addRow(tr("Matrix:"), row(matrix_, false, tr("Capture matrix")));
    form->addRow(tr("Physical configurations:"), row(configs_, false, tr("Physical configuration set")));
    form->addRow(tr("Results folder:"), row(output_, true, tr("Results folder")));
    form->addRow(QString(), resume_);
    auto* size = new QHBoxLayout;
    size->addWidget(new QLabel(tr("Repeats:"), this));
    size->addWidget(repeats_);
    size->addWidget(new QLabel(tr("Warm-up:"), this));
    size->addWidget(warmup_);
    size->addWidget(new QLabel(tr("Baseline samples:"), this));
    size->addWidget(baselineSamples_);
    size->addStretch(1);
    form->addRow(tr("Passes:"), size);
    auto* baselineRow = new QHBoxLayout;
    baselineRow->addWidget(baselines_, 1);
    baselineRow->addWidget(reduced_);
    form->addRow(tr("Baselines:"), baselineRow);

    launch_ = new QPushButton(tr("Launch Campaign"), this);
    launch_->setObjectName(QStringLiteral("campaignLaunch"));
    cancel_ = new QPushButton(QIcon(QStringLiteral(":/icons/cancel.svg")), tr("Cancel"), this);
    cancel_->setObjectName(QStringLiteral("campaignCancel"));
    cancel_->setToolTip(tr("Stop the campaign: the running ranks are terminated; what completed stays for resume"));
    progress_ = new QProgressBar(this);
    progress_->setObjectName(QStringLiteral("campaignProgress"));
    progress_->setRange(0, kProgressScale);
    progress_->setValue(0);
    reason_ = new QLabel(this);
    reason_->setObjectName(QStringLiteral("campaignLaunchReason"));
    reason_->setWordWrap(true);
    reason_->setTextFormat(Qt::PlainText);
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("campaignStatus"));
    status_->setWordWrap(true);
    status_->setTextFormat(Qt::PlainText);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(launch_);
    buttons->addWidget(cancel_);
    buttons->addWidget(progress_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(reason_);
    layout->addWidget(status_);
    layout->addStretch(1);

    connect(launch_, &QPushButton::clicked, this, &CampaignLauncher::launch);
    connect(cancel_, &QPushButton::clicked, this, &CampaignLauncher::cancel);
    for (QLineEdit* field : {matrix_, configs_, output_}) {
        connect(field, &QLineEdit::textChanged, this, &CampaignLauncher::updateLaunch);
    }
    connect(runner_, &JobRunner::jobProgress, this, [this](JobId id, int value, const QString& message) {
        if (id == job_) {
            progress_->setValue(value);
            status_->setText(tr("Running: %1").arg(message));
        }
    });
    connect(runner_, &JobRunner::jobFinished, this, [this](JobId id, JobRunner::Outcome outcome) {
        if (id != job_ || outcome == JobRunner::Outcome::Succeeded || outcome == JobRunner::Outcome::Failed) {
            return; // results and errors arrive through the job's own callbacks
        }
        finish(tr("Cancelled: the running ranks were stopped and no results were written; what completed is kept "
                  "in %1 for resume.")
                   .arg(QDir::toNativeSeparators(output_->text().trimmed())),
               false);
    });
    updateLaunch();
}

QString CampaignLauncher::status() const
{
    return status_->text();
}

void CampaignLauncher::setBlocked(const QString& reason)
{
    blocked_ = reason;
    updateLaunch();
}

void CampaignLauncher::updateLaunch()
{
    QString reason;
    if (job_ != 0) {
        reason = tr("A campaign is running; cancel it or wait for it to end.");
    } else if (!blocked_.isEmpty()) {
        reason = blocked_;
    } else if (matrix_->text().trimmed().isEmpty()) {
        reason = tr("Choose a capture matrix that plans one cell.");
    } else if (configs_->text().trimmed().isEmpty()) {
        reason = tr("Choose a physical configuration set.");
    } else if (output_->text().trimmed().isEmpty()) {
        reason = tr("Choose a results folder.");
    }
    blockedReason_ = reason;
    launch_->setEnabled(reason.isEmpty());
    cancel_->setEnabled(job_ != 0);
    for (QWidget* w : std::initializer_list<QWidget*>{matrix_, configs_, output_, resume_, repeats_, warmup_,
                                                      baselines_, baselineSamples_, reduced_}) {
        w->setEnabled(job_ == 0);
    }
    reason_->setText(reason.isEmpty() ? QString() : tr("Launch is disabled: %1").arg(reason));
}

void CampaignLauncher::choose(QLineEdit* field, bool folder, const QString& title)
{
    const QString start = field->text().trimmed();
    const QString chosen = folder ? QFileDialog::getExistingDirectory(this, title, start)
                                  : QFileDialog::getOpenFileName(this, title, QFileInfo(start).absolutePath(),
                                                                 tr("JSON files (*.json);;All files (*)"));
    if (!chosen.isEmpty()) {
        field->setText(QDir::toNativeSeparators(chosen));
    }
}

void CampaignLauncher::launch()
{
    if (!launch_->isEnabled() || runner_ == nullptr) {
        return;
    }
    CampaignRequest request;
    request.matrix = toPath(matrix_->text());
    request.physicalConfigs = toPath(configs_->text());
    request.resultsDir = toPath(output_->text());
    request.resume = resume_->isChecked();
    request.repeats = repeats_->value();
    request.warmup = warmup_->value();
    request.baselines = toStd(baselines_->text().trimmed());
    if (baselineSamples_->value() > 0) {
        request.baselineSamples = static_cast<std::uint64_t>(baselineSamples_->value());
    }
    request.reduced = reduced_->isChecked();
    request.worker = worker_;
    progress_->setValue(0);
    status_->setText(tr("Checking the campaign…"));
    job_ = runner_->run<CampaignOutcome>(
        QStringLiteral("capture-campaign"),
        tr("Physical campaign in %1").arg(QFileInfo(output_->text().trimmed()).fileName()),
        [request](cc::Progress& progress) { return runCampaignJob(request, progress); }, this,
        [this](CampaignOutcome outcome) { showOutcome(std::move(outcome)); },
        [this](const JobError& error) { finish(tr("The campaign could not run: %1").arg(error.message), false); });
    updateLaunch();
    emit runningChanged(true);
}

void CampaignLauncher::cancel()
{
    if (job_ != 0 && runner_ != nullptr) {
        status_->setText(tr("Cancelling: stopping the running ranks…"));
        runner_->cancel(job_);
    }
}

void CampaignLauncher::finish(const QString& status, bool completed)
{
    job_ = 0;
    status_->setText(status);
    updateLaunch();
    emit runningChanged(false);
    emit campaignFinished(completed);
}

void CampaignLauncher::showOutcome(CampaignOutcome outcome)
{
    const QString counts = tr("%1 cells and %2 replays run, %3 cells and %4 replays kept from before")
                               .arg(outcome.cellsRun)
                               .arg(outcome.replaysRun)
                               .arg(outcome.cellsKept)
                               .arg(outcome.replaysKept);
    if (!outcome.completed || !outcome.results) {
        finish(tr("Failed: %1 (%2). No results were written; resume to retry.").arg(outcome.failure, counts), false);
        return;
    }
    progress_->setValue(kProgressScale);
    const ArtifactId id = store_->add(std::move(*outcome.results));
    finish(tr("Completed: %1 is open in the Physical view (%2).")
               .arg(QDir::toNativeSeparators(outcome.resultsPath), counts),
           true);
    emit campaignOpened(id);
}

} // namespace cc::ui
