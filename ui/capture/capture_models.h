// Item models of the capture panel: the ranks of a running cell (iterations done of total), and
// a completed cell's metrics per rank (overlap efficiency, communication-overhead fraction), per
// bucket (all-reduce latency) and per layer (attributed latency). Values are the capture
// library's integers; SortRole gives them raw so a proxy sorts numerically.
#pragma once

#include "capture/lib/capture_metrics.h"
#include "ui/capture/capture_feed.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace cc::ui {

inline constexpr int kCaptureSortRole = Qt::UserRole + 1;

/// What the capture tables share: one row per element of rows_ and a fixed list of column
/// titles (translated by the table that names them). Each table draws its own cells (cell()).
template <class RowType> class RowTableModel : public QAbstractTableModel {
public:
    using Row = RowType;

    RowTableModel(QStringList titles, QObject* parent)
        : QAbstractTableModel(parent), titles_(std::move(titles)), columns_(static_cast<int>(titles_.size()))
    {
    }

    int rowCount(const QModelIndex& parent = {}) const override
    {
        return parent.isValid() ? 0 : static_cast<int>(rows_.size());
    }
    int columnCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : columns_; }
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override
    {
        const Row* row = rowAt(index);
        return row == nullptr ? QVariant() : cell(*row, index.column(), role);
    }
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override
    {
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= columns_) {
            return {};
        }
        return titles_[section];
    }

protected:
    /// The alignment of a number's cell.
    static QVariant rightAligned() { return QVariant(Qt::AlignRight | Qt::AlignVCenter); }

    /// What the table shows for role in column of row (the index is known to be a cell of it).
    virtual QVariant cell(const Row& row, int column, int role) const = 0;

    /// The row a cell index of this table names, or nullptr for any other index.
    const Row* rowAt(const QModelIndex& index) const
    {
        const bool inside = index.isValid() && !index.parent().isValid() && index.row() >= 0 &&
                            static_cast<std::size_t>(index.row()) < rows_.size() && index.column() >= 0 &&
                            index.column() < columns_;
        return inside ? &rows_[static_cast<std::size_t>(index.row())] : nullptr;
    }
    /// Replaces every row in one model reset.
    void resetRows(std::vector<Row> rows)
    {
        beginResetModel();
        rows_ = std::move(rows);
        endResetModel();
    }

    std::vector<Row> rows_;

private:
    QStringList titles_;
    int columns_;
};

/// A table of per-rank metrics (buckets, layers): every column right-aligned but its text column,
/// each cell's integer under kCaptureSortRole and its text under the display role, nothing else.
template <class RowType> class MetricTableModel : public RowTableModel<RowType> {
public:
    /// textColumn: the column aligned as text (-1: none).
    MetricTableModel(QStringList titles, int textColumn, QObject* parent)
        : RowTableModel<RowType>(std::move(titles), parent), textColumn_(textColumn)
    {
    }

protected:
    /// The cell's sort key (sort) or its display text.
    virtual QVariant value(const RowType& row, int column, bool sort) const = 0;

    QVariant cell(const RowType& row, int column, int role) const final
    {
        if (role == Qt::TextAlignmentRole) {
            return column == textColumn_ ? QVariant() : RowTableModel<RowType>::rightAligned();
        }
        if (role != kCaptureSortRole && role != Qt::DisplayRole) {
            return {};
        }
        return value(row, column, role == kCaptureSortRole);
    }

private:
    int textColumn_;
};

struct RankSummaryRow {
    int rank = 0;
    int iterations = 0;
    cc::capture::Ratio overlap;
    cc::capture::Ratio overhead;
    int buckets = 0;
};

struct BucketLatencyRow {
    int rank = 0;
    cc::capture::BucketLatency bucket;
};

struct LayerLatencyRow {
    int rank = 0;
    cc::capture::LayerLatency layer;
};

class RankProgressModel : public RowTableModel<RankRunState> {
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
    const std::vector<RankRunState>& ranks() const { return rows_; }
    /// True when every rank reported and finished all its iterations.
    bool complete() const;

protected:
    QVariant cell(const Row& row, int column, int role) const override;
};

class RankSummaryModel : public RowTableModel<RankSummaryRow> {
    Q_OBJECT
public:
    enum Column { RankColumn, IterationsColumn, OverlapColumn, OverheadColumn, BucketsColumn, ColumnCount };

    explicit RankSummaryModel(QObject* parent = nullptr);
    void setMetrics(const std::vector<cc::capture::RankMetrics>& metrics);

protected:
    QVariant cell(const Row& row, int column, int role) const override;
};

class BucketLatencyModel : public MetricTableModel<BucketLatencyRow> {
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

    using Row = BucketLatencyRow;
    const std::vector<Row>& rows() const { return rows_; }

protected:
    QVariant value(const Row& row, int column, bool sort) const override;
};

class LayerLatencyModel : public MetricTableModel<LayerLatencyRow> {
    Q_OBJECT
public:
    enum Column { RankColumn, LayerColumn, BytesColumn, PerIterationColumn, TotalColumn, ColumnCount };

    explicit LayerLatencyModel(QObject* parent = nullptr);
    void setMetrics(const std::vector<cc::capture::RankMetrics>& metrics);

protected:
    QVariant value(const Row& row, int column, bool sort) const override;
};

/// "87.5 %" for a defined ratio, else "undefined" (never 0).
QString ratioText(const cc::capture::Ratio& ratio);

} // namespace cc::ui
