// The Physical view's tables over a campaign's results (core's value, read by core's strict
// reader) and every proxy's per-pair decisions (core's pairDecisions). The models only format
// what core computed: integers under SortRole, text for people under DisplayRole.
#pragma once

#include "ui/artifacts/artifact.h"

#include <QAbstractTableModel>

#include <memory>

namespace cc::ui {

/// What the campaign tables share: the document they show, replaced in one model reset.
class CampaignTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;
    void setDocument(std::shared_ptr<const CampaignDocument> document);

protected:
    std::shared_ptr<const CampaignDocument> document_;
};

/// One row per configuration: W-full's mean step time and recorded iterations, then each proxy's
/// mean pass time.
class CampaignConfigurationModel : public CampaignTableModel {
    Q_OBJECT
public:
    /// The configuration's name is the row's (vertical) header, so it stays in view while the
    /// proxies scroll.
    enum Column { TruthMeanColumn, IterationsColumn, FirstProxyColumn };
    enum Role { SortRole = Qt::UserRole + 1 };

    explicit CampaignConfigurationModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
};

/// The decision matrix: one row per proxy (its label the row header), one column per configuration pair ("A vs B")
/// saying whether the proxy keeps W-full's decision (agrees, disagrees, or a tie W-full cannot separate; colour and a
/// symbol with a word, so it reads without colour), then the proxy's score: agreement, Kendall tau, decided and tied
/// pairs, wall time.
class CampaignDecisionModel : public CampaignTableModel {
    Q_OBJECT
public:
    enum Role { SortRole = Qt::UserRole + 1, VerdictRole };

    explicit CampaignDecisionModel(QObject* parent = nullptr);

    /// Column layout: pairCount() pair columns, then the score columns. The proxy's label is the
    /// row's (vertical) header, so it stays in view while the pairs scroll.
    int pairCount() const;
    int agreementColumn() const { return pairCount(); }
    int tauColumn() const { return agreementColumn() + 1; }
    int decidedColumn() const { return agreementColumn() + 2; }
    int tiedColumn() const { return agreementColumn() + 3; }
    int wallTimeColumn() const { return agreementColumn() + 4; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
};

/// "✓ agrees", "✗ disagrees", "= tie" (translated).
QString pairVerdictText(cc::PairVerdict verdict);
/// The agreement as a percentage with one decimal ("66.7 %"), or "n/a" when nothing is decided.
QString agreementText(const cc::RankingAgreement& score);
/// Kendall tau from ppm with up to three decimals ("0.2", "-1").
QString tauText(std::int64_t tauPpm);

} // namespace cc::ui
