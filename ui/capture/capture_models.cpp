#include "ui/capture/capture_models.h"

#include "ui/util/text.h"

#include <QCoreApplication>

#include <algorithm>

namespace cc::ui {

namespace {

/// A duration cell: the integer nanoseconds to sort by, else its text.
QVariant durationCell(Ns ns, bool sort)
{
    return sort ? QVariant(static_cast<qlonglong>(ns)) : QVariant(formatDuration(ns));
}

/// A size cell: the integer bytes to sort by, else its text.
QVariant bytesCell(std::int64_t bytes, bool sort)
{
    return sort ? QVariant(static_cast<qlonglong>(bytes)) : QVariant(formatBytes(bytes));
}

/// One row per element of member (buckets or layers) of each rank's metrics, in rank order.
template <class Row, class Member>
std::vector<Row> perRankRows(const std::vector<cc::capture::RankMetrics>& metrics, Member member)
{
    std::vector<Row> rows;
    for (const auto& m : metrics) {
        for (const auto& item : m.*member) {
            rows.push_back(Row{m.rank, item});
        }
    }
    return rows;
}

} // namespace

QString ratioText(const cc::capture::Ratio& ratio)
{
    if (!ratio.defined()) {
        return QCoreApplication::translate("cc::ui::CapturePanel", "undefined");
    }
    return formatPercent(static_cast<double>(ratio.ppm()) / 1e6);
}

// ---- RankProgressModel ---------------------------------------------------------------------

RankProgressModel::RankProgressModel(QObject* parent)
    : RowTableModel({tr("Rank"), tr("Iterations"), tr("Phase")}, parent)
{
}

void RankProgressModel::reset(int worldSize)
{
    beginResetModel();
    rows_.assign(static_cast<std::size_t>(std::max(worldSize, 0)), RankRunState{});
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        rows_[r].rank = static_cast<int>(r);
    }
    endResetModel();
}

void RankProgressModel::update(const std::vector<RankRunState>& ranks)
{
    const std::size_t n = std::min(ranks.size(), rows_.size());
    for (std::size_t r = 0; r < n; ++r) {
        RankRunState& mine = rows_[r];
        const RankRunState& theirs = ranks[r];
        if (mine.done != theirs.done || mine.total != theirs.total || mine.phase != theirs.phase ||
            mine.activity != theirs.activity) {
            mine.done = theirs.done;
            mine.total = theirs.total;
            mine.phase = theirs.phase;
            mine.activity = theirs.activity;
            const int row = static_cast<int>(r);
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
        }
    }
}

bool RankProgressModel::complete() const
{
    if (rows_.empty()) {
        return false;
    }
    for (const auto& r : rows_) {
        if (r.total <= 0 || r.done < r.total) {
            return false;
        }
    }
    return true;
}

QVariant RankProgressModel::cell(const Row& r, int column, int role) const
{
    const int permille = r.total > 0 ? static_cast<int>(static_cast<long long>(r.done) * 1000 / r.total) : 0;
    switch (role) {
    case DoneRole:
        return r.done;
    case TotalRole:
        return r.total;
    case PermilleRole:
        return permille;
    case SortRole:
        return column == RankColumn ? QVariant(r.rank) : QVariant(permille);
    case Qt::TextAlignmentRole:
        return column == PhaseColumn ? QVariant() : rightAligned();
    case Qt::ToolTipRole:
        return column == PhaseColumn && !r.activity.empty() ? QVariant(qs(r.activity)) : QVariant();
    case Qt::DisplayRole:
        switch (column) {
        case RankColumn:
            return r.rank;
        case ProgressColumn:
            if (r.total <= 0) {
                return tr("waiting");
            }
            return tr("%1 of %2 (%3 %)").arg(r.done).arg(r.total).arg(permille / 10);
        case PhaseColumn:
            if (r.phase == "warmup") {
                return tr("warm-up");
            }
            if (r.phase == "recorded") {
                return tr("recording");
            }
            if (r.phase == "done") {
                return tr("done");
            }
            if (r.total <= 0) {
                // Before its first progress line, what the rank last said it is doing.
                return r.activity.empty() ? tr("starting") : tr("starting: %1").arg(qs(r.activity));
            }
            return qs(r.phase);
        default:
            return {};
        }
    default:
        return {};
    }
}

// ---- RankSummaryModel ----------------------------------------------------------------------

RankSummaryModel::RankSummaryModel(QObject* parent)
    : RowTableModel({tr("Rank"), tr("Recorded iterations"), tr("Overlap efficiency"), tr("Communication overhead"),
                     tr("Buckets")},
                    parent)
{
}

void RankSummaryModel::setMetrics(const std::vector<cc::capture::RankMetrics>& metrics)
{
    std::vector<RankSummaryRow> rows;
    for (const auto& m : metrics) {
        rows.push_back(RankSummaryRow{m.rank, static_cast<int>(m.iterations.size()), m.overlapEfficiency,
                                      m.overheadFraction, static_cast<int>(m.buckets.size())});
    }
    resetRows(std::move(rows));
}

QVariant RankSummaryModel::cell(const Row& r, int column, int role) const
{
    if (role == Qt::TextAlignmentRole) {
        return rightAligned();
    }
    if (role == kCaptureSortRole) {
        switch (column) {
        case RankColumn:
            return r.rank;
        case IterationsColumn:
            return r.iterations;
        case OverlapColumn:
            return r.overlap.defined() ? QVariant(static_cast<qlonglong>(r.overlap.ppm())) : QVariant();
        case OverheadColumn:
            return r.overhead.defined() ? QVariant(static_cast<qlonglong>(r.overhead.ppm())) : QVariant();
        case BucketsColumn:
            return r.buckets;
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole && (column == OverlapColumn || column == OverheadColumn)) {
        const cc::capture::Ratio& ratio = column == OverlapColumn ? r.overlap : r.overhead;
        return column == OverlapColumn
                   ? tr("|communication ∩ compute| / |communication| = %1 ns / %2 ns")
                         .arg(ratio.numerator)
                         .arg(ratio.denominator)
                   : tr("|communication only, inside the iteration window| / |window| = %1 ns / %2 ns")
                         .arg(ratio.numerator)
                         .arg(ratio.denominator);
    }
    if (role != Qt::DisplayRole) {
        return {};
    }
    switch (column) {
    case RankColumn:
        return r.rank;
    case IterationsColumn:
        return r.iterations;
    case OverlapColumn:
        return ratioText(r.overlap);
    case OverheadColumn:
        return ratioText(r.overhead);
    case BucketsColumn:
        return r.buckets;
    default:
        return {};
    }
}

// ---- BucketLatencyModel --------------------------------------------------------------------

BucketLatencyModel::BucketLatencyModel(QObject* parent)
    : MetricTableModel(
          {tr("Rank"), tr("Layout"), tr("Bucket"), tr("Size"), tr("All-reduces"), tr("Median"), tr("p95"), tr("Max")},
          -1, parent)
{
}

void BucketLatencyModel::setMetrics(const std::vector<cc::capture::RankMetrics>& metrics)
{
    resetRows(perRankRows<Row>(metrics, &cc::capture::RankMetrics::buckets));
}

QVariant BucketLatencyModel::value(const Row& r, int column, bool sort) const
{
    const cc::capture::LatencyStats& l = r.bucket.latency;
    switch (column) {
    case RankColumn:
        return r.rank;
    case LayoutColumn:
        return r.bucket.layout;
    case BucketColumn:
        return r.bucket.bucket;
    case BytesColumn:
        return bytesCell(r.bucket.bytes, sort);
    case SamplesColumn:
        return static_cast<qulonglong>(l.count);
    case MedianColumn:
        return durationCell(l.median, sort);
    case P95Column:
        return durationCell(l.p95, sort);
    case MaxColumn:
        return durationCell(l.max, sort);
    default:
        return {};
    }
}

// ---- LayerLatencyModel ---------------------------------------------------------------------

LayerLatencyModel::LayerLatencyModel(QObject* parent)
    : MetricTableModel(
          {tr("Rank"), tr("Layer"), tr("Gradient size"), tr("Latency per iteration"), tr("Latency, all iterations")},
          LayerColumn, parent)
{
}

void LayerLatencyModel::setMetrics(const std::vector<cc::capture::RankMetrics>& metrics)
{
    resetRows(perRankRows<LayerLatencyRow>(metrics, &cc::capture::RankMetrics::layers));
}

QVariant LayerLatencyModel::value(const Row& r, int column, bool sort) const
{
    switch (column) {
    case RankColumn:
        return r.rank;
    case LayerColumn:
        return qs(r.layer.layer);
    case BytesColumn:
        return bytesCell(r.layer.bytes, sort);
    case PerIterationColumn:
        return durationCell(r.layer.perIterationNs, sort);
    case TotalColumn:
        return durationCell(r.layer.attributedNs, sort);
    default:
        return {};
    }
}

} // namespace cc::ui
