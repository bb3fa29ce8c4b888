#include "ui/capture/sweep_view.h"

#include "ui/util/chart_axis.h"
#include "ui/util/text.h"

#include <QDir>
#include <QFileDialog>
#include <QFileSystemWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <map>

namespace cc::ui {

namespace capture = cc::capture;

QString sweepStateText(capture::SweepCellState state)
{
    switch (state) {
    case capture::SweepCellState::Planned:
        return SweepMatrixModel::tr("planned");
    case capture::SweepCellState::Measured:
        return SweepMatrixModel::tr("measured");
    case capture::SweepCellState::Refused:
        return SweepMatrixModel::tr("refused");
    case capture::SweepCellState::Failed:
        return SweepMatrixModel::tr("failed");
    }
    return {};
}

// ---- SweepMatrixModel ----------------------------------------------------------------------

SweepMatrixModel::SweepMatrixModel(QObject* parent) : QAbstractTableModel(parent) {}

void SweepMatrixModel::setCells(std::vector<capture::SweepCellRecord> cells)
{
    beginResetModel();
    cells_ = std::move(cells);
    endResetModel();
}

int SweepMatrixModel::count(capture::SweepCellState state) const
{
    return static_cast<int>(
        std::count_if(cells_.begin(), cells_.end(), [state](const auto& c) { return c.state == state; }));
}

int SweepMatrixModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(cells_.size());
}

int SweepMatrixModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SweepMatrixModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.parent().isValid() || index.row() < 0 ||
        static_cast<std::size_t>(index.row()) >= cells_.size() || index.column() < 0 || index.column() >= ColumnCount) {
        return {};
    }
    const capture::SweepCellRecord& c = cells_[static_cast<std::size_t>(index.row())];
    const capture::CellSpec& s = c.cell.spec;
    const auto& m = c.measurement;
    if (role == StateRole) {
        return qs(capture::sweepCellStateName(c.state));
    }
    if (role == Qt::ForegroundRole && index.column() == StateColumn) {
        switch (c.state) {
        case capture::SweepCellState::Measured:
            return QColor(0, 120, 90);
        case capture::SweepCellState::Refused:
            return QColor(170, 110, 0);
        case capture::SweepCellState::Failed:
            return QColor(190, 50, 0);
        case capture::SweepCellState::Planned:
            return {};
        }
    }
    if (role == Qt::ToolTipRole && (index.column() == DetailColumn || index.column() == StateColumn)) {
        QStringList lines;
        if (!c.reason.empty()) {
            lines << qs(c.reason);
        }
        if (c.refusal) {
            for (const auto& r : c.refusal->reasons) {
                lines << qs(r);
            }
        }
        if (!c.recordFile.empty()) {
            lines << tr("Record: %1").arg(qs(c.recordFile));
        }
        return lines.join(QLatin1Char('\n'));
    }
    const bool sort = role == SortRole;
    if (!sort && role != Qt::DisplayRole) {
        return {};
    }
    switch (index.column()) {
    case IndexColumn:
        return c.cell.index;
    case ConfigurationColumn:
        return qs(c.cell.configId);
    case RepeatColumn:
        return c.cell.repeat + 1;
    case ModelColumn:
        return sort ? QVariant(static_cast<qlonglong>(s.modelParams))
                    : QVariant(tr("%1 %2").arg(qs(capture::modelKindName(s.model)),
                                               qs(capture::formatCount(s.modelParams))));
    case WorldSizeColumn:
        return s.worldSize;
    case BackendColumn:
        return tr("%1/%2").arg(qs(capture::backendName(s.backend)), qs(capture::deviceName(s.device)));
    case BucketCapColumn:
        return sort ? QVariant(static_cast<qlonglong>(s.bucketCapBytes)) : QVariant(formatBytes(s.bucketCapBytes));
    case StateColumn:
        return sort ? QVariant(static_cast<int>(c.state)) : QVariant(sweepStateText(c.state));
    case AllreduceColumn:
        if (!m) {
            return {};
        }
        return sort ? QVariant(static_cast<qlonglong>(m->allreduceMedianNs))
                    : QVariant(tr("%1 (p95 %2)")
                                   .arg(formatDuration(m->allreduceMedianNs), formatDuration(m->allreduceP95Ns)));
    case OverlapColumn:
        if (!m) {
            return {};
        }
        if (!m->overlapPpm) {
            return sort ? QVariant() : QVariant(tr("undefined"));
        }
        return sort ? QVariant(static_cast<qlonglong>(*m->overlapPpm))
                    : QVariant(formatPercent(static_cast<double>(*m->overlapPpm) / 1e6));
    case DetailColumn:
        if (c.state == capture::SweepCellState::Refused && c.refusal && !c.refusal->unavailable) {
            return c.refusal->budgetBytes ? tr("binding pool %1: %2 of %3")
                                                .arg(qs(c.refusal->bindingPool), formatBytes(c.refusal->demandBytes),
                                                     formatBytes(*c.refusal->budgetBytes))
                                          : tr("binding pool %1: %2, budget unknown")
                                                .arg(qs(c.refusal->bindingPool), formatBytes(c.refusal->demandBytes));
        }
        if (m) {
            return tr("%1 buckets, %2 all-reduces, iteration %3")
                .arg(m->buckets)
                .arg(m->allreduceSamples)
                .arg(formatDuration(m->iterationMedianNs));
        }
        return qs(c.reason);
    default:
        return {};
    }
}

QVariant SweepMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (section) {
    case IndexColumn:
        return tr("#");
    case ConfigurationColumn:
        return tr("Configuration");
    case RepeatColumn:
        return tr("Repeat");
    case ModelColumn:
        return tr("Model");
    case WorldSizeColumn:
        return tr("Ranks");
    case BackendColumn:
        return tr("Backend/device");
    case BucketCapColumn:
        return tr("Bucket cap");
    case StateColumn:
        return tr("State");
    case AllreduceColumn:
        return tr("All-reduce median");
    case OverlapColumn:
        return tr("Overlap");
    case DetailColumn:
        return tr("Detail");
    default:
        return {};
    }
}

// ---- SweepView -----------------------------------------------------------------------------

SweepView::SweepView(JobRunner* runner, QWidget* parent) : QWidget(parent), runner_(runner)
{
    setObjectName(QStringLiteral("sweepView"));
    model_ = new SweepMatrixModel(this);
    folder_ = new QLineEdit(this);
    folder_->setObjectName(QStringLiteral("sweepFolder"));
    folder_->setPlaceholderText(tr("a results folder written by commcanary capture sweep"));
    auto* browse = new QPushButton(tr("Open Results…"), this);
    auto* refresh = new QPushButton(tr("Reload"), this);
    status_ = new QLabel(tr("No sweep is open."), this);
    status_->setObjectName(QStringLiteral("sweepStatus"));
    status_->setWordWrap(true);
    status_->setTextFormat(Qt::PlainText);
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("sweepMatrix"));
    table_->setModel(model_);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart_ = new QChartView(chart, this);
    chart_->setObjectName(QStringLiteral("sweepChart"));
    chart_->setRenderHint(QPainter::Antialiasing);
    chart_->setMinimumHeight(200);
    watcher_ = new QFileSystemWatcher(this);

    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Results folder:"), this));
    row->addWidget(folder_, 1);
    row->addWidget(browse);
    row->addWidget(refresh);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(table_);
    split->addWidget(chart_);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(status_);
    layout->addWidget(split, 1);

    connect(browse, &QPushButton::clicked, this, [this]() {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Sweep results folder"), folder_->text());
        if (!dir.isEmpty()) {
            openFolder(dir);
        }
    });
    connect(refresh, &QPushButton::clicked, this, &SweepView::reload);
    connect(folder_, &QLineEdit::returnPressed, this, &SweepView::reload);
    // The sweep rewrites cells.json (atomically: a new file) after every cell.
    connect(watcher_, &QFileSystemWatcher::directoryChanged, this, &SweepView::reload);
    plot();
}

QString SweepView::folder() const
{
    return folder_->text();
}

QString SweepView::statusText() const
{
    return status_->text();
}

void SweepView::openFolder(const QString& folder)
{
    folder_->setText(folder);
    reload();
}

void SweepView::reload()
{
    if (!runner_) {
        return;
    }
    const QString dir = folder_->text().trimmed();
    if (!watcher_->directories().isEmpty()) {
        watcher_->removePaths(watcher_->directories());
    }
    if (dir.isEmpty()) {
        return;
    }
    watcher_->addPath(dir);
    const std::filesystem::path path(toStd(dir));
    runner_->run<capture::SweepIndex>(
        QStringLiteral("capture-sweep"), tr("Reading the sweep index"),
        [path](cc::Progress&) { return capture::readSweepIndex(path); }, this,
        [this](capture::SweepIndex index) { showIndex(std::move(index)); },
        [this](const JobError& error) {
            if (error.isCancelled()) {
                return;
            }
            model_->setCells({});
            plot();
            status_->setText(tr("This is not a readable sweep: %1").arg(error.message));
            emit loaded(false);
        });
}

void SweepView::showIndex(capture::SweepIndex index)
{
    model_->setCells(std::move(index.cells));
    status_->setText(tr("%n cell(s): %1 measured, %2 refused, %3 failed, %4 planned.", nullptr, model_->rowCount())
                         .arg(model_->count(capture::SweepCellState::Measured))
                         .arg(model_->count(capture::SweepCellState::Refused))
                         .arg(model_->count(capture::SweepCellState::Failed))
                         .arg(model_->count(capture::SweepCellState::Planned)));
    plot();
    emit loaded(true);
}

void SweepView::plot()
{
    QChart* chart = chart_->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    chart->setTitle(tr("Measured all-reduce median per cell (each repeat a point)"));
    // One series per (ranks, backend/device, bucket cap): x = model size, y = median in ms.
    std::map<std::string, QScatterSeries*> groups;
    double minX = 0, maxX = 0, maxY = 0;
    bool any = false;
    static const QScatterSeries::MarkerShape shapes[] = {
        QScatterSeries::MarkerShapeCircle, QScatterSeries::MarkerShapeRectangle, QScatterSeries::MarkerShapeTriangle,
        QScatterSeries::MarkerShapeStar, QScatterSeries::MarkerShapePentagon};
    for (const auto& c : model_->cells()) {
        if (c.state != capture::SweepCellState::Measured || !c.measurement) {
            continue;
        }
        const capture::CellSpec& s = c.cell.spec;
        const std::string key = std::to_string(s.worldSize) + "|" + std::string(capture::backendName(s.backend)) + "/" +
                                std::string(capture::deviceName(s.device)) + "|" + std::to_string(s.bucketCapBytes);
        QScatterSeries*& series = groups[key];
        if (series == nullptr) {
            series = new QScatterSeries;
            series->setName(tr("%1 ranks, %2/%3, cap %4")
                                .arg(s.worldSize)
                                .arg(qs(capture::backendName(s.backend)), qs(capture::deviceName(s.device)),
                                     formatBytes(s.bucketCapBytes)));
            series->setMarkerShape(shapes[(groups.size() - 1) % (sizeof(shapes) / sizeof(shapes[0]))]);
            series->setMarkerSize(9);
        }
        const double x = static_cast<double>(s.modelParams);
        const double y = static_cast<double>(c.measurement->allreduceMedianNs) / 1e6;
        series->append(x, y);
        minX = any ? std::min(minX, x) : x;
        maxX = any ? std::max(maxX, x) : x;
        maxY = std::max(maxY, y);
        any = true;
    }
    auto* xAxis = new QLogValueAxis;
    xAxis->setTitleText(tr("model size (parameters)"));
    xAxis->setLabelFormat(QStringLiteral("%.3g"));
    xAxis->setBase(10);
    auto* yAxis = new QValueAxis;
    yAxis->setTitleText(tr("median"));
    chart->addAxis(xAxis, Qt::AlignBottom);
    chart->addAxis(yAxis, Qt::AlignLeft);
    // Coordinates are parameters and ms; the labels are scaled counts and durations.
    labelAxisInUnits(chart, xAxis, Qt::AlignBottom, AxisUnit::Count);
    labelAxisInUnits(chart, yAxis, Qt::AlignLeft, AxisUnit::Nanoseconds, 1e6);
    xAxis->setRange(any ? minX / 2 : 1e5, any ? maxX * 2 : 1e9);
    yAxis->setRange(0, any && maxY > 0 ? maxY * 1.15 : 1.0);
    for (auto& [key, series] : groups) {
        chart->addSeries(series);
        series->attachAxis(xAxis);
        series->attachAxis(yAxis);
    }
    chart->legend()->setVisible(any);
}

} // namespace cc::ui
