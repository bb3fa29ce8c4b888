#include "ui/capture/allreduce_model_view.h"

#include "capture/lib/interconnect_table.h"
#include "ui/util/chart_axis.h"
#include "ui/util/text.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <utility>

namespace cc::ui {

namespace capture = cc::capture;

std::vector<capture::AllReducePoint> bucketPoints(const std::vector<capture::RankMetrics>& metrics)
{
    std::map<std::pair<int, int>, capture::AllReducePoint> byBucket; // (layout, bucket)
    for (const auto& m : metrics) {
        for (const auto& b : m.buckets) {
            if (b.latency.count == 0) {
                continue;
            }
            auto& p = byBucket[{b.layout, b.bucket}];
            p.messageBytes = b.bytes;
            p.latencyNs = std::max(p.latencyNs, b.latency.median);
        }
    }
    std::vector<capture::AllReducePoint> points;
    for (const auto& [key, p] : byBucket) {
        points.push_back(p);
    }
    std::sort(points.begin(), points.end(), [](const auto& a, const auto& b) {
        return std::pair(a.messageBytes, a.latencyNs) < std::pair(b.messageBytes, b.latencyNs);
    });
    return points;
}

AllreduceModelView::AllreduceModelView(JobRunner* runner, QWidget* parent) : QWidget(parent), runner_(runner)
{
    setObjectName(QStringLiteral("allreduceModelView"));
    interconnect_ = new QComboBox(this);
    interconnect_->setObjectName(QStringLiteral("captureInterconnect"));
    for (const auto& entry : capture::interconnectTable()) {
        interconnect_->addItem(tr("%1 (%2 GB/s per direction)")
                                   .arg(qs(entry.name))
                                   .arg(static_cast<double>(entry.bytesPerSPerDirection) / 1e9, 0, 'f', 1),
                               qs(entry.id));
        interconnect_->setItemData(
            interconnect_->count() - 1,
            tr("%1\n%2 (consulted %3)\n%4")
                .arg(qs(entry.source), qs(entry.url), qs(entry.accessed), qs(entry.conversionNote)),
            Qt::ToolTipRole);
    }
    note_ = new QLabel(tr("Run a cell to compare its buckets with the model."), this);
    note_->setObjectName(QStringLiteral("captureModelNote"));
    note_->setWordWrap(true);
    note_->setTextFormat(Qt::PlainText);
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart_ = new QChartView(chart, this);
    chart_->setObjectName(QStringLiteral("captureModelChart"));
    chart_->setRenderHint(QPainter::Antialiasing);
    chart_->setMinimumHeight(220);

    calibrationSource_ = new QComboBox(this);
    calibrationSource_->setObjectName(QStringLiteral("captureCalibrationSource"));
    calibrationSource_->addItem(tr("fitted to this cell"), QStringLiteral("fitted"));
    loadCalibration_ = new QPushButton(tr("Load Calibration…"), this);
    loadCalibration_->setObjectName(QStringLiteral("captureLoadCalibration"));
    loadCalibration_->setToolTip(tr("Read a calibration file written by “commcanary capture calibrate” and draw "
                                    "the model with its α and bandwidth"));

    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Interconnect:"), this));
    row->addWidget(interconnect_, 1);
    auto* calibrationRow = new QHBoxLayout;
    calibrationRow->addWidget(new QLabel(tr("Calibration:"), this));
    calibrationRow->addWidget(calibrationSource_, 1);
    calibrationRow->addWidget(loadCalibration_);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addLayout(calibrationRow);
    layout->addWidget(note_);
    layout->addWidget(chart_, 1);
    connect(interconnect_, &QComboBox::currentIndexChanged, this, &AllreduceModelView::refit);
    connect(calibrationSource_, &QComboBox::currentIndexChanged, this, &AllreduceModelView::refit);
    connect(loadCalibration_, &QPushButton::clicked, this, &AllreduceModelView::chooseCalibrationFile);
    draw();
}

AllreduceModelView::ModelSource AllreduceModelView::modelSource() const
{
    return calibrationSource_->currentData().toString() == QStringLiteral("file") && calibration_
               ? ModelSource::CalibrationFile
               : ModelSource::FittedToCell;
}

void AllreduceModelView::chooseCalibrationFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load Calibration"), QString(),
                                                      tr("Calibration files (*.json);;All files (*)"));
    if (!path.isEmpty()) {
        loadCalibration(path);
    }
}

void AllreduceModelView::loadCalibration(const QString& path)
{
    if (!runner_) {
        return;
    }
    const std::filesystem::path file(path.toStdU16String());
    note_->setText(tr("Reading the calibration file %1…").arg(path));
    runner_->run<capture::Calibration>(
        QStringLiteral("capture-calibration"), tr("Reading a calibration file"),
        [file](cc::Progress&) { return capture::loadCalibration(file); }, this,
        [this, path](capture::Calibration calibration) {
            calibration_ = std::move(calibration);
            calibrationPath_ = path;
            const QString label = tr("calibration file: %1").arg(QFileInfo(path).fileName());
            QSignalBlocker block(calibrationSource_);
            const int index = calibrationSource_->findData(QStringLiteral("file"));
            if (index < 0) {
                calibrationSource_->addItem(label, QStringLiteral("file"));
            } else {
                calibrationSource_->setItemText(index, label);
            }
            calibrationSource_->setItemData(calibrationSource_->findData(QStringLiteral("file")), path,
                                            Qt::ToolTipRole);
            calibrationSource_->setCurrentIndex(calibrationSource_->findData(QStringLiteral("file")));
            refit();
        },
        [this, path](const JobError& error) {
            if (!error.isCancelled()) {
                note_->setText(tr("The calibration file %1 could not be read: %2").arg(path, error.message));
                emit updated();
            }
        });
}

QString AllreduceModelView::note() const
{
    return note_->text();
}

void AllreduceModelView::setCell(const std::vector<capture::RankMetrics>& metrics, int worldSize)
{
    points_ = bucketPoints(metrics);
    worldSize_ = worldSize;
    refit();
}

void AllreduceModelView::refit()
{
    fit_.reset();
    // A calibration file brings its own B.
    interconnect_->setEnabled(modelSource() == ModelSource::FittedToCell);
    if (points_.empty()) {
        note_->setText(tr("Run a cell to compare its buckets with the model."));
        draw();
        emit updated();
        return;
    }
    if (worldSize_ < 2) {
        note_->setText(tr("The ring model has no latency term to fit for one rank: run at least two."));
        draw();
        emit updated();
        return;
    }
    if (modelSource() == ModelSource::CalibrationFile) {
        applyCalibration();
        return;
    }
    const auto entry = capture::findInterconnect(toStd(interconnect_->currentData().toString()));
    if (!entry || !runner_) {
        draw();
        emit updated();
        return;
    }
    const auto points = points_;
    const int ranks = worldSize_;
    const std::int64_t bandwidth = entry->bytesPerSPerDirection;
    note_->setText(tr("Fitting α…"));
    runner_->run<capture::AlphaFit>(
        QStringLiteral("capture-model"), tr("Fitting the ring all-reduce model"),
        [points, ranks, bandwidth](cc::Progress&) { return capture::fitRingAlpha(points, ranks, bandwidth); }, this,
        [this, name = qs(entry->name)](capture::AlphaFit fit) {
            fit_ = std::move(fit);
            QString text = tr("Ring all-reduce model (Patarasuk–Yuan): T = 2(p−1)·α + 2(p−1)/p · n/B with p = %1, "
                              "B = %2 (%3), α = %4 fitted to the %5 measured bucket(s); residual RMS %6.")
                               .arg(fit_->ranks)
                               .arg(tr("%1 GB/s").arg(static_cast<double>(fit_->bandwidthBytesPerS) / 1e9, 0, 'f', 1),
                                    name, formatSignedDuration(fit_->alphaNs))
                               .arg(fit_->points.size())
                               .arg(formatDuration(fit_->residualRmsNs));
            if (!fit_->note.empty()) {
                text += QLatin1Char(' ') + qs(fit_->note);
            }
            note_->setText(text);
            draw();
            emit updated();
        },
        [this](const JobError& error) {
            if (!error.isCancelled()) {
                note_->setText(tr("The model could not be fitted: %1").arg(error.message));
                draw();
                emit updated();
            }
        });
}

void AllreduceModelView::applyCalibration()
{
    if (runner_) {
        runner_->cancelSlot(QStringLiteral("capture-model"));
    }
    const capture::Calibration& c = *calibration_;
    // The calibration's α and B for this cell's p, at the cell's measured sizes.
    capture::AlphaFit model;
    model.ranks = worldSize_;
    model.bandwidthBytesPerS = c.bandwidth.bytesPerS;
    model.alphaNs = c.fit.alphaNs;
    model.alphaNumerator = c.fit.alphaNumerator;
    model.alphaDenominator = c.fit.alphaDenominator;
    model.points = points_;
    long double squares = 0;
    for (const auto& p : points_) {
        const std::int64_t m =
            capture::ringAllReduceNs(worldSize_, p.messageBytes, c.fit.alphaNs, c.bandwidth.bytesPerS);
        model.modelNs.push_back(m);
        model.residualNs.push_back(p.latencyNs - m);
        squares += static_cast<long double>(p.latencyNs - m) * static_cast<long double>(p.latencyNs - m);
    }
    model.residualRmsNs =
        static_cast<std::int64_t>(std::llround(std::sqrt(squares / static_cast<long double>(points_.size()))));
    fit_ = std::move(model);
    QString text =
        tr("Ring all-reduce model (Patarasuk–Yuan): T = 2(p−1)·α + 2(p−1)/p · n/B with p = %1, "
           "α = %2 and B = %3 from the calibration file %4 (%5, %6/%7); residual RMS over the %8 "
           "measured bucket(s) %9.")
            .arg(worldSize_)
            .arg(formatSignedDuration(c.fit.alphaNs),
                 tr("%1 GB/s").arg(static_cast<double>(c.bandwidth.bytesPerS) / 1e9, 0, 'f', 1),
                 QFileInfo(calibrationPath_).fileName(), qs(c.bandwidth.description), qs(c.backend), qs(c.device))
            .arg(fit_->points.size())
            .arg(formatDuration(fit_->residualRmsNs));
    if (c.worldSize != worldSize_) {
        text += QLatin1Char(' ') + tr("The calibration ran %1 ranks and this cell %2: its α is used with the "
                                      "cell's p, so the model assumes the per-step latency does not depend on p.")
                                       .arg(c.worldSize)
                                       .arg(worldSize_);
    }
    if (!c.fit.note.empty()) {
        text += QLatin1Char(' ') + qs(c.fit.note);
    }
    note_->setText(text);
    draw();
    emit updated();
}

void AllreduceModelView::draw()
{
    QChart* chart = chart_->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    chart->setTitle(tr("Per-bucket all-reduce latency: measured vs model"));
    auto* xAxis = new QLogValueAxis;
    xAxis->setBase(2);
    xAxis->setTitleText(tr("bucket size (log scale)"));
    xAxis->setLabelFormat(QStringLiteral("%.3g"));
    auto* yAxis = new QValueAxis;
    yAxis->setTitleText(tr("latency"));
    chart->addAxis(xAxis, Qt::AlignBottom);
    chart->addAxis(yAxis, Qt::AlignLeft);
    // Coordinates are bytes and ms; the labels are scaled sizes and durations.
    labelAxisInUnits(chart, xAxis, Qt::AlignBottom, AxisUnit::Bytes);
    labelAxisInUnits(chart, yAxis, Qt::AlignLeft, AxisUnit::Nanoseconds, 1e6);
    if (points_.empty()) {
        xAxis->setRange(1024, 64.0 * 1024 * 1024);
        yAxis->setRange(0, 1);
        chart->legend()->setVisible(false);
        return;
    }
    const QColor measuredColour(0, 114, 178);
    const QColor modelColour(213, 94, 0);
    auto* measuredLine = new QLineSeries;
    measuredLine->setName(tr("measured (slowest rank's median)"));
    QPen measuredPen(measuredColour);
    measuredPen.setWidth(2);
    measuredPen.setStyle(Qt::SolidLine);
    measuredLine->setPen(measuredPen);
    auto* measuredMarks = new QScatterSeries;
    measuredMarks->setName(tr("measured"));
    measuredMarks->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    measuredMarks->setMarkerSize(12);
    measuredMarks->setColor(measuredColour);
    measuredMarks->setBorderColor(measuredColour.darker());
    double minX = static_cast<double>(points_.front().messageBytes);
    double maxX = static_cast<double>(points_.back().messageBytes);
    double maxY = 0;
    for (const auto& p : points_) {
        const double y = static_cast<double>(p.latencyNs) / 1e6;
        measuredLine->append(static_cast<double>(p.messageBytes), y);
        measuredMarks->append(static_cast<double>(p.messageBytes), y);
        maxY = std::max(maxY, y);
    }
    // The model first, so that the measured markers are drawn over it where they coincide.
    std::vector<QAbstractSeries*> series;
    if (fit_) {
        auto* modelLine = new QLineSeries;
        modelLine->setName(tr("model (ring, fitted α)"));
        QPen modelPen(modelColour);
        modelPen.setWidth(2);
        modelPen.setStyle(Qt::DashLine);
        modelLine->setPen(modelPen);
        auto* modelMarks = new QScatterSeries;
        modelMarks->setName(tr("model"));
        modelMarks->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
        modelMarks->setMarkerSize(7);
        modelMarks->setColor(modelColour);
        modelMarks->setBorderColor(modelColour.darker());
        // The curve over the measured range (log-spaced sizes, the model's own integer ns), and
        // the model at each measured size.
        const std::int64_t from = std::max<std::int64_t>(1, points_.front().messageBytes / 2);
        const std::int64_t to = points_.back().messageBytes * 2;
        for (std::int64_t n = from; n <= to; n = n + std::max<std::int64_t>(1, n / 8)) {
            const double y =
                static_cast<double>(capture::ringAllReduceNs(fit_->ranks, n, fit_->alphaNs, fit_->bandwidthBytesPerS)) /
                1e6;
            modelLine->append(static_cast<double>(n), y);
            maxY = std::max(maxY, y);
        }
        for (std::size_t i = 0; i < fit_->points.size() && i < fit_->modelNs.size(); ++i) {
            modelMarks->append(static_cast<double>(fit_->points[i].messageBytes),
                               static_cast<double>(fit_->modelNs[i]) / 1e6);
        }
        minX = static_cast<double>(from);
        maxX = static_cast<double>(to);
        series.push_back(modelLine);
        series.push_back(modelMarks);
    }
    if (fit_ && modelSource() == ModelSource::CalibrationFile) {
        // The calibration's own measurements: dotted line, triangles.
        const QColor benchColour(0, 158, 115);
        auto* benchLine = new QLineSeries;
        benchLine->setName(tr("microbenchmark (calibration file)"));
        QPen benchPen(benchColour);
        benchPen.setWidth(2);
        benchPen.setStyle(Qt::DotLine);
        benchLine->setPen(benchPen);
        auto* benchMarks = new QScatterSeries;
        benchMarks->setName(tr("microbenchmark"));
        benchMarks->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
        benchMarks->setMarkerSize(10);
        benchMarks->setColor(benchColour);
        benchMarks->setBorderColor(benchColour.darker());
        for (const auto& p : calibration_->points) {
            const double x = static_cast<double>(p.messageBytes);
            const double y = static_cast<double>(p.latency.median) / 1e6;
            benchLine->append(x, y);
            benchMarks->append(x, y);
            minX = std::min(minX, std::max(1.0, x));
            maxX = std::max(maxX, x);
            maxY = std::max(maxY, y);
        }
        series.push_back(benchLine);
        series.push_back(benchMarks);
    }
    series.push_back(measuredLine);
    series.push_back(measuredMarks);
    for (QAbstractSeries* s : series) {
        chart->addSeries(s);
        s->attachAxis(xAxis);
        s->attachAxis(yAxis);
    }
    xAxis->setRange(std::max(1.0, minX / 1.5), maxX * 1.5);
    yAxis->setRange(0, maxY > 0 ? maxY * 1.15 : 1.0);
    chart->legend()->setVisible(true);
}

} // namespace cc::ui
