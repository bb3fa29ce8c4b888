// Latency (or queue-wait) distributions per configuration in Qt Charts: a CDF on a logarithmic
// time axis and a histogram over log-spaced bins, one series per configuration. When a canary
// compiled from the trace is loaded, its expansion's replay is overlaid per configuration: source
// solid in the configuration's colour, canary dashed in a darker shade of it, both named in the
// legend. p50/p95/p99/max markers on the CDF (circles for the source, squares for the canary), a
// summary table with the hidden-communication share, per-phase and per-operation filters, and
// export of both charts to PNG or SVG. The data is decimated on a worker thread (job slot
// "distributions").
#pragma once

#include "ui/distributions/distribution_data.h"
#include "ui/replay/replay_controller.h"

#include <QAbstractTableModel>
#include <QPen>
#include <QWidget>

class QChart;
class QChartView;
class QComboBox;
class QLabel;

namespace cc::ui {

class DistributionSummaryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, CountColumn, P50Column, P95Column, P99Column, MaxColumn, HiddenShareColumn, ColumnCount };

    explicit DistributionSummaryModel(QObject* parent = nullptr);
    void setDistributions(const DistributionData& data);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<DistributionSeries> series_;
};

class DistributionPanel : public QWidget {
    Q_OBJECT
public:
    DistributionPanel(ReplayController* replay, QWidget* parent = nullptr);

    DistributionSummaryModel* summaryModel() const { return summary_; }
    const DistributionData& data() const { return data_; }
    QChart* cdfChart() const;
    QChart* histogramChart() const;
    void setFilter(const DistributionFilter& filter);
    /// The legend text of series s in the charts.
    QString seriesTitle(const DistributionSeries& s) const;

    /// Writes both charts side by side as PNG or SVG (by suffix). Returns false on failure.
    bool exportTo(const QString& path);
    /// Writes the numbers behind the charts (distributionCsv) atomically. Returns an empty string on
    /// success, otherwise why not; then nothing was written.
    QString exportCsv(const QString& path);
    /// Asks for a path and exports the charts (PNG or SVG) / the numbers (CSV).
    void exportDialog();
    void exportCsvDialog();

signals:
    void distributionsReady();

private:
    void recompute();
    void show(DistributionData data);

    ReplayController* replay_;
    QComboBox* phase_;
    QComboBox* op_;
    QComboBox* metric_;
    QLabel* note_;
    QChartView* cdfView_;
    QChartView* histogramView_;
    QWidget* charts_;
    DistributionSummaryModel* summary_;
    DistributionData data_;
    DistributionFilter filter_;
};

/// The numbers the summary table shows, as CSV (RFC 4180, UTF-8, "\r\n" line ends): a header,
/// then one row per series with its configuration, whether it is the source or the canary, the
/// metric and filters shown, the sample count, p50/p95/p99/max in integer nanoseconds and the
/// hidden-communication share in parts per million. A display export: no reader reads it back.
QByteArray distributionCsv(const DistributionData& data);

/// The colour of configuration index c in every chart.
QColor configurationColor(int c);
/// The colour of the canary's series of configuration c: a darker shade of configurationColor(c).
QColor canaryColor(int c);
/// The colour and the pen (solid for the source, dashed for the canary) of a series.
QColor seriesColor(const DistributionSeries& series);
QPen seriesPen(const DistributionSeries& series);

} // namespace cc::ui
