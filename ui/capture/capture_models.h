// Item models of the capture panel: the ranks of a running cell (iterations done of total), and
// a completed cell's metrics per rank (overlap efficiency, communication-overhead fraction), per
// bucket (all-reduce latency) and per layer (attributed latency). Values are the capture
// library's integers; SortRole gives them raw so a proxy sorts numerically.
#pragma once

#include "capture/lib/capture_metrics.h"
#include "ui/capture/capture_feed.h"

#include <QAbstractTableModel>

#include <vector>

namespace cc::ui {

inline constexpr int kCaptureSortRole = Qt::UserRole + 1;

class RankProgressModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { RankColumn, ProgressColumn, PhaseColumn, ColumnCount };
    enum Role {
        SortRole = kCaptureSortRole,
        DoneRole,    ///< iterations done (int)
        TotalRole,   ///< iterations in total (int; 0 until the rank reported)
        PermilleRole ///< done / total in 0..1000 (int)
    };

    explicit RankProgressModel(QObject* parent = nullptr);
    /// One row per rank, nothing reported yet.
    void reset(int worldSize);
    /// Updates the rows whose state changed.
    void update(const std::vector<RankRunState>& ranks);
    const std::vector<RankRunState>& ranks() const { return ranks_; }
    /// True when every rank reported and finished all its iterations.
    bool complete() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<RankRunState> ranks_;
};

class RankSummaryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { RankColumn, IterationsColumn, OverlapColumn, OverheadColumn, BucketsColumn, ColumnCount };

    explicit RankSummaryModel(QObject* parent = nullptr);
    void setMetrics(const std::vector<cc::capture::RankMetrics>& metrics);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        int rank = 0;
        int iterations = 0;
        cc::capture::Ratio overlap;
        cc::capture::Ratio overhead;
        int buckets = 0;
    };
    std::vector<Row> rows_;
};

class BucketLatencyModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        RankColumn,
        LayoutColumn,
        BucketColumn,
        BytesColumn,
        SamplesColumn,
        MedianColumn,
        P95Column,
        MaxColumn,
        ColumnCount
    };

    explicit BucketLatencyModel(QObject* parent = nullptr);
    void setMetrics(const std::vector<cc::capture::RankMetrics>& metrics);

    struct Row {
        int rank = 0;
        cc::capture::BucketLatency bucket;
    };
    const std::vector<Row>& rows() const { return rows_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<Row> rows_;
};

class LayerLatencyModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { RankColumn, LayerColumn, BytesColumn, PerIterationColumn, TotalColumn, ColumnCount };

    explicit LayerLatencyModel(QObject* parent = nullptr);
    void setMetrics(const std::vector<cc::capture::RankMetrics>& metrics);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        int rank = 0;
        cc::capture::LayerLatency layer;
    };
    std::vector<Row> rows_;
};

/// "87.5 %" for a defined ratio, else "undefined" (never 0).
QString ratioText(const cc::capture::Ratio& ratio);

} // namespace cc::ui
