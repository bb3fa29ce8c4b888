#include "ui/distributions/distribution_panel.h"

#include "ui/util/chart_axis.h"
#include "ui/util/save_file.h"
#include "ui/util/text.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QPushButton>
#include <QSplitter>
#include <QSvgGenerator>
#include <QTableView>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include <QBuffer>

namespace cc::ui {

QColor configurationColor(int c)
{
    static const QColor palette[] = {QColor(0, 114, 178),   QColor(213, 94, 0),  QColor(0, 158, 115),
                                     QColor(204, 121, 167), QColor(230, 159, 0), QColor(86, 180, 233),
                                     QColor(90, 90, 90),    QColor(150, 70, 0)};
    return palette[static_cast<std::size_t>(c) % (sizeof(palette) / sizeof(palette[0]))];
}

QColor canaryColor(int c)
{
    return configurationColor(c).darker(175);
}

QColor seriesColor(const DistributionSeries& series)
{
    return series.canary ? canaryColor(series.configuration) : configurationColor(series.configuration);
}

QPen seriesPen(const DistributionSeries& series)
{
    QPen pen(seriesColor(series), 2);
    if (series.canary) {
        pen.setStyle(Qt::DashLine);
        pen.setWidthF(2.5);
    }
    return pen;
}

// ---- DistributionSummaryModel --------------------------------------------------------------

DistributionSummaryModel::DistributionSummaryModel(QObject* parent) : QAbstractTableModel(parent) {}

void DistributionSummaryModel::setDistributions(const DistributionData& data)
{
    beginResetModel();
    series_ = data.series;
    for (auto& s : series_) {
        s.cdf.clear();
        s.histogram.clear();
    }
    endResetModel();
}

int DistributionSummaryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(series_.size());
}

int DistributionSummaryModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DistributionSummaryModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= static_cast<int>(series_.size())) {
        return {};
    }
    const DistributionSeries& s = series_[static_cast<std::size_t>(index.row())];
    if (role == Qt::DecorationRole && index.column() == NameColumn) {
        return seriesColor(s);
    }
    if (role == Qt::TextAlignmentRole && index.column() != NameColumn) {
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role != Qt::DisplayRole) {
        return {};
    }
    switch (index.column()) {
    case NameColumn:
        return s.canary ? tr("%1 (canary)").arg(s.name) : s.name;
    case CountColumn:
        return formatCount(s.count);
    case P50Column:
        return formatDuration(s.p50);
    case P95Column:
        return formatDuration(s.p95);
    case P99Column:
        return formatDuration(s.p99);
    case MaxColumn:
        return formatDuration(s.max);
    case HiddenShareColumn:
        return formatPercent(static_cast<double>(s.hiddenSharePpm) / 1e6);
    default:
        return {};
    }
}

QVariant DistributionSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (section) {
    case NameColumn:
        return tr("Configuration");
    case CountColumn:
        return tr("Samples");
    case P50Column:
        return tr("p50");
    case P95Column:
        return tr("p95");
    case P99Column:
        return tr("p99");
    case MaxColumn:
        return tr("max");
    case HiddenShareColumn:
        return tr("hidden share");
    default:
        return {};
    }
}

// ---- DistributionPanel ---------------------------------------------------------------------

DistributionPanel::DistributionPanel(ReplayController* replay, QWidget* parent) : QWidget(parent), replay_(replay)
{
    setObjectName(QStringLiteral("distributionPanel"));
    summary_ = new DistributionSummaryModel(this);
    phase_ = new QComboBox(this);
    phase_->setObjectName(QStringLiteral("distributionPhase"));
    op_ = new QComboBox(this);
    op_->setObjectName(QStringLiteral("distributionOp"));
    metric_ = new QComboBox(this);
    metric_->setObjectName(QStringLiteral("distributionMetric"));
    metric_->addItem(tr("latency"), static_cast<int>(DistributionMetric::Latency));
    metric_->addItem(tr("queue wait"), static_cast<int>(DistributionMetric::QueueWait));
    note_ = new QLabel(this);
    note_->setWordWrap(true);
    auto* exportButton = new QPushButton(QIcon(QStringLiteral(":/icons/export.svg")), tr("Export…"), this);
    exportButton->setToolTip(tr("Save both charts as PNG or SVG, or their numbers as CSV"));
    auto* exportMenu = new QMenu(exportButton);
    exportMenu->addAction(tr("Charts as PNG or SVG…"), this, &DistributionPanel::exportDialog);
    exportMenu->addAction(tr("Numbers as CSV…"), this, &DistributionPanel::exportCsvDialog);
    exportButton->setMenu(exportMenu);

    auto makeView = [this](const QString& name) {
        auto* chart = new QChart;
        chart->setAnimationOptions(QChart::NoAnimation);
        chart->legend()->setAlignment(Qt::AlignBottom);
        // Line-shaped legend markers carry each series' pen, so "dashed = canary" reads off the legend.
        chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
        chart->setMargins(QMargins(4, 4, 4, 4));
        auto* view = new QChartView(chart, this);
        view->setObjectName(name);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumSize(260, 220);
        return view;
    };
    cdfView_ = makeView(QStringLiteral("cdfChart"));
    histogramView_ = makeView(QStringLiteral("histogramChart"));
    // One legend, beside the CDF, one entry per line: with a canary overlaid there are two per
    // configuration, too many to share a row. The histogram uses the same colours and pens.
    cdfView_->chart()->legend()->setAlignment(Qt::AlignRight);
    // Ten entries (five configurations, source and canary) must fit beside the CDF at the default
    // window size (tst_default_size checks it): a slightly smaller legend font.
    const auto scaled = [](QFont f, double factor) {
        if (f.pointSizeF() > 0) {
            f.setPointSizeF(f.pointSizeF() * factor);
        } else if (f.pixelSize() > 0) {
            f.setPixelSize(std::max(8, static_cast<int>(f.pixelSize() * factor)));
        }
        return f;
    };
    cdfView_->chart()->legend()->setFont(scaled(cdfView_->chart()->legend()->font(), 0.85));
    histogramView_->chart()->legend()->hide();
    charts_ = new QWidget(this);
    auto* chartLayout = new QHBoxLayout(charts_);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    chartLayout->addWidget(cdfView_, 3); // the CDF carries the legend
    chartLayout->addWidget(histogramView_, 2);

    auto* table = new QTableView(this);
    table->setObjectName(QStringLiteral("distributionSummary"));
    table->setModel(summary_);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    table->setMaximumHeight(fontMetrics().height() * 6);

    auto* filters = new QHBoxLayout;
    filters->addWidget(new QLabel(tr("Show:"), this));
    filters->addWidget(metric_);
    filters->addWidget(new QLabel(tr("Phase:"), this));
    filters->addWidget(phase_);
    filters->addWidget(new QLabel(tr("Operation:"), this));
    filters->addWidget(op_);
    filters->addWidget(note_, 1);
    filters->addWidget(exportButton);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(charts_, 1);
    layout->addWidget(table);

    auto onFilter = [this](int) {
        DistributionFilter filter;
        filter.phase = phase_->currentData().toString();
        filter.op = op_->currentData().toString();
        filter.metric = static_cast<DistributionMetric>(metric_->currentData().toInt());
        if (!(filter == filter_)) {
            filter_ = filter;
            recompute();
        }
    };
    connect(phase_, &QComboBox::currentIndexChanged, this, onFilter);
    connect(op_, &QComboBox::currentIndexChanged, this, onFilter);
    connect(metric_, &QComboBox::currentIndexChanged, this, onFilter);
    connect(replay_, &ReplayController::currentChanged, this, &DistributionPanel::recompute);
    connect(replay_, &ReplayController::canaryReplayChanged, this, &DistributionPanel::recompute);
    connect(replay_, &ReplayController::canaryChanged, this, &DistributionPanel::recompute);
    recompute();
}

QChart* DistributionPanel::cdfChart() const
{
    return cdfView_->chart();
}
QChart* DistributionPanel::histogramChart() const
{
    return histogramView_->chart();
}

void DistributionPanel::setFilter(const DistributionFilter& filter)
{
    filter_ = filter;
    {
        QSignalBlocker block(metric_);
        metric_->setCurrentIndex(metric_->findData(static_cast<int>(filter.metric)));
    }
    recompute();
}

QString DistributionPanel::seriesTitle(const DistributionSeries& s) const
{
    const bool overlay = std::any_of(data_.series.begin(), data_.series.end(),
                                     [](const DistributionSeries& other) { return other.canary; });
    if (!overlay) {
        return s.name;
    }
    return s.canary ? tr("%1 · canary").arg(s.name) : tr("%1 · source").arg(s.name);
}

void DistributionPanel::recompute()
{
    const ReplayResult replay = replay_->current();
    if (!replay.valid()) {
        show({});
        note_->setText(replay_->trace() ? tr("Waiting for the replay…") : tr("Open a trace to see its distributions."));
        return;
    }
    // The canary is overlaid only when it was replayed exactly like the source.
    ReplayResult canary = replay_->canaryReplay();
    if (!canary.valid() || canary.request.configs != replay.request.configs ||
        !(canary.request.protocol == replay.request.protocol)) {
        canary = {};
    }
    QString note = tr("Replay %1 · a model, not a measurement of hardware").arg(protocolLabel(replay.request.protocol));
    if (canary.valid()) {
        note = tr("Replay %1 · source (solid) and canary %2 (dashed, darker) · a model, not a measurement of hardware")
                   .arg(protocolLabel(replay.request.protocol), replay_->canaryName());
    } else if (replay_->canary()) {
        note = tr("Replay %1 · replaying the canary %2…")
                   .arg(protocolLabel(replay.request.protocol), replay_->canaryName());
    }
    const DistributionFilter filter = filter_;
    replay_->runner()->run<DistributionData>(
        QStringLiteral("distributions"), tr("Computing latency distributions"),
        [replay, canary, filter](cc::Progress& progress) {
            return computeDistributions(replay, filter, progress, canary);
        },
        this,
        [this, note](DistributionData data) {
            note_->setText(note);
            show(std::move(data));
        });
}

void DistributionPanel::show(DistributionData data)
{
    data_ = std::move(data);
    summary_->setDistributions(data_);

    // Filter choices (kept when they still exist).
    auto fill = [](QComboBox* combo, const QStringList& values, const QString& current, const QString& all) {
        QSignalBlocker block(combo);
        combo->clear();
        combo->addItem(all, QString());
        for (const QString& v : values) {
            combo->addItem(v, v);
        }
        const int index = combo->findData(current);
        combo->setCurrentIndex(index < 0 ? 0 : index);
    };
    fill(phase_, data_.phases, data_.filter.phase, tr("all phases"));
    fill(op_, data_.ops, data_.filter.op, tr("all operations"));

    QChart* cdf = cdfView_->chart();
    QChart* histogram = histogramView_->chart();
    cdf->removeAllSeries();
    histogram->removeAllSeries();
    for (QChart* chart : {cdf, histogram}) {
        for (QAbstractAxis* axis : chart->axes()) {
            chart->removeAxis(axis);
            delete axis;
        }
    }
    const bool queueWait = data_.filter.metric == DistributionMetric::QueueWait;
    // No chart titles: at the default window size their line is the height the legend needs.
    // The y titles say which chart is which, the x title the metric.
    // The labels carry the unit ("100 µs", "1 ms"), so the titles do not.
    const QString axisTitle = queueWait ? tr("queue wait") : tr("latency");

    auto* cdfX = new QLogValueAxis;
    cdfX->setTitleText(axisTitle);
    cdfX->setLabelFormat(QStringLiteral("%g"));
    cdfX->setBase(10.0);
    cdfX->setMinorTickCount(-1);
    auto* cdfY = new QValueAxis;
    cdfY->setRange(0.0, 1.0);
    cdfY->setTitleText(tr("CDF"));
    cdf->addAxis(cdfX, Qt::AlignBottom);
    cdf->addAxis(cdfY, Qt::AlignLeft);
    auto* histX = new QLogValueAxis;
    histX->setTitleText(axisTitle);
    histX->setLabelFormat(QStringLiteral("%g"));
    histX->setBase(10.0);
    auto* histY = new QValueAxis;
    histY->setTitleText(tr("histogram share"));
    histogram->addAxis(histX, Qt::AlignBottom);
    histogram->addAxis(histY, Qt::AlignLeft);
    const double low = data_.minUs / 1.2;
    const double high = data_.maxUs * 1.2;

    double histMax = 0.0;
    for (std::size_t c = 0; c < data_.series.size(); ++c) {
        const DistributionSeries& s = data_.series[c];
        const QColor color = seriesColor(s);
        const QPen pen = seriesPen(s);
        const QString title = seriesTitle(s);
        auto* line = new QLineSeries;
        line->setName(title);
        line->setPen(pen);
        QList<QPointF> points(s.cdf.begin(), s.cdf.end());
        line->replace(points);
        cdf->addSeries(line);
        line->attachAxis(cdfX);
        line->attachAxis(cdfY);

        auto* markers = new QScatterSeries;
        markers->setName(tr("%1 p50/p95/p99/max").arg(title));
        markers->setColor(color);
        markers->setBorderColor(Qt::white);
        markers->setMarkerShape(s.canary ? QScatterSeries::MarkerShapeRectangle : QScatterSeries::MarkerShapeCircle);
        markers->setMarkerSize(s.canary ? 7.0 : 8.0);
        if (s.count > 0) {
            auto at = [](Ns v) { return std::max(static_cast<double>(v), 1.0) / 1000.0; };
            markers->append(at(s.p50), 0.50);
            markers->append(at(s.p95), 0.95);
            markers->append(at(s.p99), 0.99);
            markers->append(at(s.max), 1.0);
        }
        cdf->addSeries(markers);
        markers->attachAxis(cdfX);
        markers->attachAxis(cdfY);
        for (QLegendMarker* marker : cdf->legend()->markers(markers)) {
            marker->setVisible(false);
        }

        auto* steps = new QLineSeries;
        steps->setName(title);
        steps->setPen(pen);
        for (int b = 0; b < static_cast<int>(s.histogram.size()); ++b) {
            const double h = s.histogram[static_cast<std::size_t>(b)];
            histMax = std::max(histMax, h);
            steps->append(data_.binEdgesUs[static_cast<std::size_t>(b)], h);
            steps->append(data_.binEdgesUs[static_cast<std::size_t>(b + 1)], h);
        }
        histogram->addSeries(steps);
        steps->attachAxis(histX);
        steps->attachAxis(histY);
    }
    cdfX->setRange(low, high);
    histX->setRange(low, high);
    // Chart x coordinates are µs; the labels are scaled durations.
    labelAxisInUnits(cdf, cdfX, Qt::AlignBottom, AxisUnit::Nanoseconds, 1000.0);
    labelAxisInUnits(histogram, histX, Qt::AlignBottom, AxisUnit::Nanoseconds, 1000.0);
    histY->setRange(0.0, histMax > 0 ? histMax * 1.1 : 1.0);
    // Markers made with the series take the legend's (smaller) font explicitly.
    for (QLegendMarker* marker : cdf->legend()->markers()) {
        marker->setFont(cdf->legend()->font());
    }
    emit distributionsReady();
}

bool DistributionPanel::exportTo(const QString& path)
{
    const QSize size = charts_->size().expandedTo(QSize(900, 380));
    const bool svg = path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive);
    QByteArray bytes;
    if (svg) {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        generator.setTitle(tr("CommCanary latency distributions"));
        QPainter painter(&generator);
        charts_->render(&painter);
        painter.end();
    } else {
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        QPainter painter(&image);
        charts_->render(&painter);
        painter.end();
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        if (!image.save(&buffer, "PNG")) {
            return false;
        }
    }
    return saveFileAtomically(path, bytes).isEmpty();
}

namespace {

QByteArray csvField(const QString& text)
{
    QByteArray field = text.toUtf8();
    if (field.contains(',') || field.contains('"') || field.contains('\n') || field.contains('\r')) {
        field.replace("\"", "\"\"");
        field = '"' + field + '"';
    }
    return field;
}

} // namespace

QByteArray distributionCsv(const DistributionData& data)
{
    // Column names are fixed English keys, not translated: the file is read by scripts.
    QByteArray csv = "configuration,series,metric,phase,operation,samples,p50_ns,p95_ns,p99_ns,max_ns,"
                     "hidden_share_ppm\r\n";
    const QByteArray metric = data.filter.metric == DistributionMetric::QueueWait ? "queue_wait" : "latency";
    for (const DistributionSeries& s : data.series) {
        csv += csvField(s.name) + ',' + (s.canary ? "canary" : "source") + ',' + metric + ',' +
               csvField(data.filter.phase) + ',' + csvField(data.filter.op) + ',' + QByteArray::number(s.count) + ',' +
               QByteArray::number(s.p50) + ',' + QByteArray::number(s.p95) + ',' + QByteArray::number(s.p99) + ',' +
               QByteArray::number(s.max) + ',' + QByteArray::number(s.hiddenSharePpm) + "\r\n";
    }
    return csv;
}

QString DistributionPanel::exportCsv(const QString& path)
{
    if (data_.series.empty()) {
        return tr("There are no distributions to export: replay a trace first.");
    }
    if (const QString problem = saveFileAtomically(path, distributionCsv(data_)); !problem.isEmpty()) {
        return tr("Could not write %1: %2").arg(path, problem);
    }
    return {};
}

void DistributionPanel::exportCsvDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export distribution numbers"),
                                                      QStringLiteral("distributions.csv"), tr("CSV table (*.csv)"));
    if (path.isEmpty()) {
        return;
    }
    if (const QString problem = exportCsv(path); !problem.isEmpty()) {
        note_->setText(problem);
    }
}

void DistributionPanel::exportDialog()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export distributions"), QStringLiteral("distributions.png"),
                                     tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (!path.isEmpty() && !exportTo(path)) {
        note_->setText(tr("Could not write %1").arg(path));
    }
}

} // namespace cc::ui
