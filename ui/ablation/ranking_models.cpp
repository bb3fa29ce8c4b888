#include "ui/ablation/ranking_models.h"

#include "ui/util/text.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <algorithm>

namespace cc::ui {

namespace {

QStringList namesOf(const ReplayResult& replay)
{
    QStringList names;
    for (int c = 0; c < replay.configurationCount(); ++c) {
        names << replay.configurationName(c);
    }
    return names;
}

/// Competition ranking (1 = fastest); equal values share a position.
std::vector<int> positions(const std::vector<Ns>& values)
{
    std::vector<int> result(values.size());
    for (std::size_t a = 0; a < values.size(); ++a) {
        int better = 0;
        for (std::size_t b = 0; b < values.size(); ++b) {
            if (values[b] < values[a]) {
                ++better;
            }
        }
        result[a] = better + 1;
    }
    return result;
}

QBrush changedBrush()
{
    return QBrush(QColor(255, 205, 190));
}

/// "<": the first configuration is faster, ">": the second is, "≈": a tie.
QString relationSymbol(cc::PairOutcome outcome)
{
    switch (outcome) {
    case cc::PairOutcome::FirstFaster:
        return QStringLiteral("<");
    case cc::PairOutcome::SecondFaster:
        return QStringLiteral(">");
    case cc::PairOutcome::Tie:
        break;
    }
    return QStringLiteral("≈");
}

} // namespace

// ---- RankingMatrixModel --------------------------------------------------------------------

RankingMatrixModel::RankingMatrixModel(QObject* parent) : QAbstractTableModel(parent) {}

void RankingMatrixModel::setReplays(const ReplayResult& baseline, const ReplayResult& current)
{
    beginResetModel();
    names_.clear();
    cells_.clear();
    if (current.valid()) {
        names_ = namesOf(current);
        const int count = current.configurationCount();
        const bool haveBase = baseline.valid() && baseline.configurationCount() == count;
        cells_.resize(static_cast<std::size_t>(count));
        for (int m = 0; m < cc::kRankMetricCount; ++m) {
            const auto metric = static_cast<cc::RankMetric>(m);
            std::vector<Ns> now(static_cast<std::size_t>(count));
            std::vector<Ns> base(static_cast<std::size_t>(count));
            for (int c = 0; c < count; ++c) {
                now[static_cast<std::size_t>(c)] =
                    cc::rankMetricValue(current.configuration(c)->summary.latency, metric);
                base[static_cast<std::size_t>(c)] =
                    haveBase ? cc::rankMetricValue(baseline.configuration(c)->summary.latency, metric)
                             : now[static_cast<std::size_t>(c)];
            }
            const auto rankNow = positions(now);
            const auto rankBase = positions(base);
            for (std::size_t c = 0; c < now.size(); ++c) {
                cells_[c][static_cast<std::size_t>(m)] = {now[c], base[c], rankNow[c], rankBase[c]};
            }
        }
    }
    endResetModel();
}

int RankingMatrixModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(cells_.size());
}

int RankingMatrixModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : cc::kRankMetricCount;
}

QVariant RankingMatrixModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= static_cast<int>(cells_.size()) || index.column() >= cc::kRankMetricCount) {
        return {};
    }
    const Cell& cell = cells_[static_cast<std::size_t>(index.row())][static_cast<std::size_t>(index.column())];
    const bool changed = cell.rank != cell.baseRank;
    switch (role) {
    case Qt::DisplayRole:
        if (changed) {
            return tr("#%1 (was #%2) · %3").arg(cell.rank).arg(cell.baseRank).arg(formatDuration(cell.value));
        }
        return tr("#%1 · %2").arg(cell.rank).arg(formatDuration(cell.value));
    case Qt::ToolTipRole:
        return tr("Unablated: %1, position %2").arg(formatDuration(cell.baseValue)).arg(cell.baseRank);
    case Qt::BackgroundRole:
        return changed ? QVariant(changedBrush()) : QVariant();
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case ChangedRole:
        return changed;
    case ValueRole:
        return static_cast<qlonglong>(cell.value);
    case RankRole:
        return cell.rank;
    default:
        return {};
    }
}

QVariant RankingMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole) {
        return {};
    }
    if (orientation == Qt::Horizontal) {
        return section >= 0 && section < cc::kRankMetricCount ? metricTitle(static_cast<cc::RankMetric>(section))
                                                              : QVariant();
    }
    return section >= 0 && section < names_.size() ? QVariant(names_[section]) : QVariant();
}

// ---- PairMatrixModel -----------------------------------------------------------------------

PairMatrixModel::PairMatrixModel(QObject* parent) : QAbstractTableModel(parent) {}

void PairMatrixModel::setReplays(const ReplayResult& baseline, const ReplayResult& current)
{
    beginResetModel();
    names_.clear();
    rows_.clear();
    if (current.valid()) {
        names_ = namesOf(current);
        const auto& now = current.replay->ranking;
        for (const cc::PairDecision& d : now) {
            if (rows_.empty() || rows_.back().first != d.first || rows_.back().second != d.second) {
                rows_.push_back({d.first, d.second, {}, {}});
            }
            const auto m = static_cast<std::size_t>(d.metric);
            rows_.back().now[m] = d;
            rows_.back().before[m] = d.outcome;
        }
        // Which decisions flipped is core's answer (the same the CLI's ablation-scan gives).
        if (baseline.valid()) {
            for (const cc::RankingFlip& flip : cc::rankingFlips(baseline.replay->ranking, now)) {
                for (Row& row : rows_) {
                    if (row.first == flip.first && row.second == flip.second) {
                        row.before[static_cast<std::size_t>(flip.metric)] = flip.before;
                    }
                }
            }
        }
    }
    endResetModel();
}

int PairMatrixModel::flippedCount() const
{
    int count = 0;
    for (const auto& row : rows_) {
        for (int m = 0; m < cc::kRankMetricCount; ++m) {
            count += row.now[static_cast<std::size_t>(m)].outcome != row.before[static_cast<std::size_t>(m)] ? 1 : 0;
        }
    }
    return count;
}

int PairMatrixModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int PairMatrixModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : cc::kRankMetricCount;
}

QVariant PairMatrixModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= static_cast<int>(rows_.size()) || index.column() >= cc::kRankMetricCount) {
        return {};
    }
    const Row& row = rows_[static_cast<std::size_t>(index.row())];
    const auto m = static_cast<std::size_t>(index.column());
    const cc::PairDecision& d = row.now[m];
    const bool flipped = d.outcome != row.before[m];
    const QString a = names_.value(static_cast<int>(row.first));
    const QString b = names_.value(static_cast<int>(row.second));
    switch (role) {
    case Qt::DisplayRole:
        if (flipped) {
            return tr("%1 (was %2)").arg(relationSymbol(d.outcome), relationSymbol(row.before[m]));
        }
        return relationSymbol(d.outcome);
    case Qt::ToolTipRole:
        return tr("%1 (%2: %3, %4: %5)")
            .arg(relationText(d.outcome, a, b), a, formatDuration(d.firstValue), b, formatDuration(d.secondValue));
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignCenter);
    case Qt::BackgroundRole:
        return flipped ? QVariant(changedBrush()) : QVariant();
    case Qt::FontRole:
        if (flipped) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case FlippedRole:
        return flipped;
    case OutcomeRole:
        return static_cast<int>(d.outcome);
    default:
        return {};
    }
}

QVariant PairMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole) {
        return {};
    }
    if (orientation == Qt::Horizontal) {
        return section >= 0 && section < cc::kRankMetricCount ? metricTitle(static_cast<cc::RankMetric>(section))
                                                              : QVariant();
    }
    if (section < 0 || section >= static_cast<int>(rows_.size())) {
        return {};
    }
    const Row& row = rows_[static_cast<std::size_t>(section)];
    return tr("%1 vs %2").arg(names_.value(static_cast<int>(row.first)), names_.value(static_cast<int>(row.second)));
}

} // namespace cc::ui
