// The ablation panel's two item models, both comparing a controlled replay with the unablated
// baseline of the same trace and configuration set:
//   RankingMatrixModel  configurations x metrics: latency and rank position, marked where the
//                       position moved;
//   PairMatrixModel     every pair x metrics: the relation ("a < b"), marked where it flipped.
#pragma once

#include "ui/ablation/ranking_diff.h"
#include "ui/replay/replay_result.h"

#include <QAbstractTableModel>

#include <array>

namespace cc::ui {

class RankingMatrixModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role { ChangedRole = Qt::UserRole + 1, ValueRole, RankRole };

    explicit RankingMatrixModel(QObject* parent = nullptr);
    void setReplays(const ReplayResult& baseline, const ReplayResult& current);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Cell {
        Ns value = 0;
        Ns baseValue = 0;
        int rank = 0;
        int baseRank = 0;
    };
    QStringList names_;
    std::vector<std::array<Cell, cc::kRankMetricCount>> cells_;
};

class PairMatrixModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role { FlippedRole = Qt::UserRole + 1, OutcomeRole };

    explicit PairMatrixModel(QObject* parent = nullptr);
    void setReplays(const ReplayResult& baseline, const ReplayResult& current);
    int flippedCount() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        std::uint32_t first = 0;
        std::uint32_t second = 0;
        std::array<cc::PairDecision, cc::kRankMetricCount> now{};
        std::array<cc::PairOutcome, cc::kRankMetricCount> before{};
    };
    QStringList names_;
    std::vector<Row> rows_;
};

} // namespace cc::ui
