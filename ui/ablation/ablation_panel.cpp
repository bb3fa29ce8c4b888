#include "ui/ablation/ablation_panel.h"

#include "ui/util/text.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace cc::ui {

namespace {

QTableView* makeTable(QAbstractItemModel* model, QWidget* parent, const QString& name)
{
    auto* view = new QTableView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setSelectionMode(QAbstractItemView::NoSelection);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    view->horizontalHeader()->setMinimumSectionSize(60);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    return view;
}

struct DependencyScan {
    QStringList lines;
};

QString controlTitle(const cc::ScanControl& control)
{
    return control.ablation ? ablationTitle(*control.ablation) : AblationPanel::tr("isolation");
}

/// One line per pair that a control flips: "a vs b: p99 depends on arrival skew, isolation; ...".
QStringList dependencyLines(const cc::DependencyScan& scan)
{
    QStringList names;
    for (const std::string& name : scan.configurations) {
        names << qs(name);
    }
    QStringList lines;
    const auto dependencies = scan.dependencies(); // by pair, then metric
    for (std::size_t k = 0; k < dependencies.size();) {
        const std::uint32_t first = dependencies[k].first;
        const std::uint32_t second = dependencies[k].second;
        QStringList parts;
        for (; k < dependencies.size() && dependencies[k].first == first && dependencies[k].second == second; ++k) {
            QStringList labels;
            for (const cc::ScanControl& control : dependencies[k].controls) {
                labels << controlTitle(control);
            }
            parts << AblationPanel::tr("%1 depends on %2")
                         .arg(metricTitle(dependencies[k].metric), labels.join(QLatin1String(", ")));
        }
        lines << AblationPanel::tr("%1 vs %2: %3")
                     .arg(names.value(static_cast<int>(first)), names.value(static_cast<int>(second)),
                          parts.join(QLatin1String("; ")));
    }
    return lines;
}

} // namespace

AblationPanel::AblationPanel(ReplayController* replay, QWidget* parent) : QWidget(parent), replay_(replay)
{
    setObjectName(QStringLiteral("ablationPanel"));
    ranking_ = new RankingMatrixModel(this);
    pairs_ = new PairMatrixModel(this);

    auto* controls = new QGroupBox(tr("Simulator controls (a model, not physical interventions)"), this);
    auto* grid = new QGridLayout(controls);
    for (int a = 0; a < cc::kAblationCount; ++a) {
        const auto ablation = static_cast<cc::Ablation>(a);
        auto* box = new QCheckBox(tr("without %1").arg(ablationTitle(ablation)), controls);
        box->setObjectName(QStringLiteral("ablate_%1").arg(qs(cc::ablationName(ablation))));
        toggles_[static_cast<std::size_t>(a)] = box;
        grid->addWidget(box, a / 3, a % 3);
        connect(box, &QCheckBox::toggled, this, &AblationPanel::applyToggles);
    }
    isolated_ = new QCheckBox(tr("isolated: every collective alone, as a microbenchmark"), controls);
    isolated_->setObjectName(QStringLiteral("isolated"));
    grid->addWidget(isolated_, 2, 0, 1, 3);
    connect(isolated_, &QCheckBox::toggled, this, [this](bool on) {
        for (auto* box : toggles_) {
            QSignalBlocker block(box);
            if (on) {
                box->setChecked(false);
            }
            box->setEnabled(!on);
        }
        replay_->setIsolated(on);
    });

    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("ablationSummary"));
    summary_->setWordWrap(true);
    summary_->setTextFormat(Qt::PlainText);
    flips_ = new QPlainTextEdit(this);
    flips_->setObjectName(QStringLiteral("flipList"));
    flips_->setReadOnly(true);
    dependencies_ = new QPlainTextEdit(this);
    dependencies_->setObjectName(QStringLiteral("dependencySummary"));
    dependencies_->setReadOnly(true);
    dependencies_->setPlaceholderText(tr("Which single control flips which decision appears here after a scan."));
    scanButton_ = new QPushButton(tr("Scan what the ranking depends on"), this);
    scanButton_->setToolTip(tr("Replays under each control alone and lists which pairs each one flips"));
    connect(scanButton_, &QPushButton::clicked, this, &AblationPanel::scanDependencies);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(controls);
    leftLayout->addWidget(summary_);
    leftLayout->addWidget(flips_, 1);
    leftLayout->addWidget(scanButton_, 0, Qt::AlignLeft);
    leftLayout->addWidget(dependencies_, 2);

    auto* right = new QSplitter(Qt::Vertical, this);
    auto* rankingBox = new QGroupBox(tr("Ranking: configurations × metrics (position · latency)"), right);
    auto* rankingLayout = new QVBoxLayout(rankingBox);
    rankingLayout->addWidget(makeTable(ranking_, rankingBox, QStringLiteral("rankingMatrix")));
    auto* pairBox =
        new QGroupBox(tr("Pairwise decisions: < first faster, > second faster, ≈ tie (flipped ones marked)"), right);
    auto* pairLayout = new QVBoxLayout(pairBox);
    pairLayout->addWidget(makeTable(pairs_, pairBox, QStringLiteral("pairMatrix")));
    right->addWidget(rankingBox);
    right->addWidget(pairBox);
    right->setStretchFactor(0, 1);
    right->setStretchFactor(1, 2);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    connect(replay_, &ReplayController::currentChanged, this, &AblationPanel::refresh);
    connect(replay_, &ReplayController::baselineChanged, this, [this]() {
        dependencies_->clear();
        flips_->clear();
        refresh();
        // Small traces replay in milliseconds: scan right away so the answer is simply there.
        if (replay_->baseline().valid() && replay_->trace() && replay_->trace()->size() <= 20000) {
            scanDependencies();
        }
    });
    refresh();
}

void AblationPanel::applyToggles()
{
    cc::AblationSet set;
    for (int a = 0; a < cc::kAblationCount; ++a) {
        if (toggles_[static_cast<std::size_t>(a)]->isChecked()) {
            set.add(static_cast<cc::Ablation>(a));
        }
    }
    replay_->setAblations(set);
}

QString AblationPanel::summary() const
{
    return summary_->text() + QLatin1Char('\n') + flips_->toPlainText();
}
QString AblationPanel::dependencySummary() const
{
    return dependencies_->toPlainText();
}

void AblationPanel::refresh()
{
    const ReplayResult& base = replay_->baseline();
    const ReplayResult& now = replay_->current();
    if (!replay_->trace()) {
        summary_->setText(tr("Open a trace to see its configuration ranking."));
    } else if (!now.valid()) {
        summary_->setText(tr("Replaying %1…").arg(protocolLabel(replay_->protocol())));
    } else if (!replay_->hasControls()) {
        flips_->clear();
        summary_->setText(tr("Unablated replay under %1 configurations; toggle a control to see which decisions "
                             "depend on it.")
                              .arg(now.configurationCount()));
    } else {
        QStringList names;
        for (int c = 0; c < now.configurationCount(); ++c) {
            names << now.configurationName(c);
        }
        const auto flips =
            cc::rankingFlips(base.replay ? base.replay->ranking : std::vector<cc::PairDecision>{}, now.replay->ranking);
        const QString condition = protocolLabel(now.request.protocol);
        if (flips.empty()) {
            flips_->clear();
            summary_->setText(
                tr("No decision flips %1 (replayed in %2).").arg(condition, formatDuration(now.elapsedNs)));
        } else {
            summary_->setText(tr("%1 of %2 decisions flip %3 (replayed in %4):")
                                  .arg(flips.size())
                                  .arg(now.replay->ranking.size())
                                  .arg(condition, formatDuration(now.elapsedNs)));
            flips_->setPlainText(flipSentences(flips, names, condition).join(QLatin1Char('\n')));
        }
    }
    if (now.valid() && now.request.trace == replay_->trace()) {
        ranking_->setReplays(base, now);
        pairs_->setReplays(base, now);
        emit rankingUpdated();
    } else if (!replay_->trace()) {
        ranking_->setReplays({}, {});
        pairs_->setReplays({}, {});
    }
}

void AblationPanel::scanDependencies()
{
    const ReplayResult base = replay_->baseline();
    if (!base.valid()) {
        return;
    }
    dependencies_->setPlainText(tr("Scanning…"));
    replay_->runner()->run<DependencyScan>(
        QStringLiteral("dependency-scan"), tr("Scanning what the ranking depends on"),
        [base](cc::Progress& progress) {
            // The scan is core's (the CLI's ablation-scan runs the same function); the baseline
            // ranking at hand is reused. Only the sentences are made here.
            const cc::DependencyScan scan = cc::scanDependencies(
                *base.request.trace, *base.request.configs, base.request.protocol, progress, &base.replay->ranking);
            return DependencyScan{dependencyLines(scan)};
        },
        this,
        [this](DependencyScan scan) {
            dependencies_->setPlainText(scan.lines.isEmpty()
                                            ? tr("No single control flips any decision: the ranking is robust to each.")
                                            : scan.lines.join(QLatin1Char('\n')));
            emit dependenciesScanned();
        },
        [this](const JobError& error) { dependencies_->setPlainText(error.message); });
}

} // namespace cc::ui
