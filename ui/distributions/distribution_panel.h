// Latency distributions per configuration in Qt Charts: a CDF on a logarithmic time axis and a
// histogram over log-spaced bins, one series per configuration (source solid; a canary's series,
// when one is shown, dashed), p50/p95/p99/max markers on the CDF, a summary table, per-phase and
// per-operation filters, and export of both charts to PNG or SVG. The data is decimated on a
// worker thread (job slot "distributions").
#pragma once

#include "ui/distributions/distribution_data.h"
#include "ui/replay/replay_controller.h"

#include <QAbstractTableModel>
#include <QWidget>

class QChart;
class QChartView;
class QComboBox;
class QLabel;

namespace cc::ui {

class DistributionSummaryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, CountColumn, P50Column, P95Column, P99Column, MaxColumn, ColumnCount };

    explicit DistributionSummaryModel(QObject* parent = nullptr);
    void setData(const DistributionData& data);

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

    /// Writes both charts side by side as PNG or SVG (by suffix). Returns false on failure.
    bool exportTo(const QString& path);

signals:
    void distributionsReady();

private:
    void recompute();
    void show(DistributionData data);
    void exportDialog();

    ReplayController* replay_;
    QComboBox* phase_;
    QComboBox* op_;
    QLabel* note_;
    QChartView* cdfView_;
    QChartView* histogramView_;
    QWidget* charts_;
    DistributionSummaryModel* summary_;
    DistributionData data_;
    DistributionFilter filter_;
};

/// The colour of configuration index c in every chart.
QColor configurationColor(int c);

} // namespace cc::ui
