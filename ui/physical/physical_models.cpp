#include "ui/physical/physical_models.h"

#include "core/util/decimal.h"
#include "ui/util/text.h"

#include <QBrush>
#include <QColor>

namespace cc::ui {

namespace {

std::size_t size(int n)
{
    return static_cast<std::size_t>(n);
}

QString configurationName(const cc::CampaignResults& r, std::size_t i)
{
    return i < r.configurations.size() ? qs(r.configurations[i]) : QString();
}

} // namespace

QString pairVerdictText(cc::PairVerdict verdict)
{
    switch (verdict) {
    case cc::PairVerdict::Agrees:
        return CampaignDecisionModel::tr("✓ agrees");
    case cc::PairVerdict::Disagrees:
        return CampaignDecisionModel::tr("✗ disagrees");
    case cc::PairVerdict::Tie:
        return CampaignDecisionModel::tr("= tie");
    }
    return {};
}

QString agreementText(const cc::RankingAgreement& score)
{
    if (score.decidedPairs == 0) {
        return CampaignDecisionModel::tr("n/a");
    }
    return qs(cc::campaignAgreementText(score.agreementPpm));
}

QString tauText(std::int64_t tauPpm)
{
    return qs(cc::campaignTauText(tauPpm));
}

void CampaignTableModel::setDocument(std::shared_ptr<const CampaignDocument> document)
{
    beginResetModel();
    document_ = std::move(document);
    endResetModel();
}

CampaignConfigurationModel::CampaignConfigurationModel(QObject* parent) : CampaignTableModel(parent) {}

int CampaignConfigurationModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !document_ ? 0 : static_cast<int>(document_->results.truth.size());
}

int CampaignConfigurationModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || !document_ ? 0 : FirstProxyColumn + static_cast<int>(document_->results.proxies.size());
}

QVariant CampaignConfigurationModel::data(const QModelIndex& index, int role) const
{
    if (!document_ || !index.isValid()) {
        return {};
    }
    const cc::CampaignResults& r = document_->results;
    const cc::ConfigurationFigures& truth = r.truth[size(index.row())];
    const int column = index.column();
    if (role == Qt::TextAlignmentRole) {
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (column == IterationsColumn) {
        const auto n = static_cast<qulonglong>(truth.samples.size());
        return role == Qt::DisplayRole ? QVariant(formatCount(n)) : role == SortRole ? QVariant(n) : QVariant();
    }
    const std::vector<cc::Ns>* samples = &truth.samples;
    if (column >= FirstProxyColumn) {
        const cc::CampaignProxy& proxy = r.proxies[size(column - FirstProxyColumn)];
        samples = &proxy.figures[size(index.row())].samples;
        if (role == Qt::ToolTipRole) {
            return tr("%1 under %2: mean of %3 recorded passes")
                .arg(qs(proxy.label()), qs(truth.name))
                .arg(samples->size());
        }
    } else if (role == Qt::ToolTipRole) {
        return tr("W-full (the real workload) under %1: mean step time of %2 recorded iterations")
            .arg(qs(truth.name))
            .arg(samples->size());
    }
    const cc::Ns mean = cc::meanOf(*samples);
    if (role == Qt::DisplayRole) {
        return formatDuration(mean);
    }
    if (role == SortRole) {
        return QVariant::fromValue<qlonglong>(mean);
    }
    return {};
}

QVariant CampaignConfigurationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (!document_) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    if (orientation == Qt::Vertical) {
        if (role == Qt::DisplayRole) {
            return qs(document_->results.truth[size(section)].name);
        }
        if (role == Qt::TextAlignmentRole) {
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        }
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    if (role == Qt::DisplayRole) {
        switch (section) {
        case TruthMeanColumn:
            return tr("W-full\nmean step");
        case IterationsColumn:
            return tr("Iterations");
        default:
            // The proxy's label on two lines ("canary" / "(communication only)") keeps the columns narrow.
            return qs(document_->results.proxies[size(section - FirstProxyColumn)].label())
                .replace(QStringLiteral(" ("), QStringLiteral("\n("));
        }
    }
    if (role == Qt::ToolTipRole && section == TruthMeanColumn) {
        return tr("The ground truth: the real workload's mean step time under the configuration");
    }
    if (role == Qt::ToolTipRole && section >= FirstProxyColumn) {
        return tr("%1: mean pass time under the configuration")
            .arg(qs(document_->results.proxies[size(section - FirstProxyColumn)].label()));
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

CampaignDecisionModel::CampaignDecisionModel(QObject* parent) : CampaignTableModel(parent) {}

int CampaignDecisionModel::pairCount() const
{
    if (!document_) {
        return 0;
    }
    const auto n = document_->results.configurations.size();
    return static_cast<int>(n * (n > 0 ? n - 1 : 0) / 2);
}

int CampaignDecisionModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !document_ ? 0 : static_cast<int>(document_->results.proxies.size());
}

int CampaignDecisionModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || !document_ ? 0 : wallTimeColumn() + 1;
}

QVariant CampaignDecisionModel::data(const QModelIndex& index, int role) const
{
    if (!document_ || !index.isValid()) {
        return {};
    }
    const cc::CampaignResults& r = document_->results;
    const cc::CampaignProxy& proxy = r.proxies[size(index.row())];
    const cc::RankingAgreement& score = proxy.score;
    const int column = index.column();
    if (column < pairCount()) {
        const cc::CampaignPairDecision& d = document_->decisions[size(index.row())][size(column)];
        const QString a = configurationName(r, d.first);
        const QString b = configurationName(r, d.second);
        switch (role) {
        case Qt::DisplayRole:
            return pairVerdictText(d.verdict);
        case SortRole:
        case VerdictRole:
            return static_cast<int>(d.verdict);
        case Qt::TextAlignmentRole:
            return Qt::AlignCenter;
        case Qt::BackgroundRole:
            return QBrush(d.verdict == cc::PairVerdict::Agrees      ? QColor(0xc8, 0xe6, 0xc9)
                          : d.verdict == cc::PairVerdict::Disagrees ? QColor(0xff, 0xcd, 0xd2)
                                                                    : QColor(0xe4, 0xe4, 0xe4));
        case Qt::ForegroundRole:
            return QBrush(Qt::black);
        case Qt::ToolTipRole: {
            const auto order = [&](int sign) {
                return sign < 0 ? tr("%1 is faster").arg(a) : sign > 0 ? tr("%1 is faster").arg(b) : tr("no order");
            };
            const QString truth = d.truth == 0 ? tr("W-full cannot separate %1 and %2 (a tie, left out of the "
                                                    "agreement)")
                                                     .arg(a, b)
                                               : tr("W-full: %1").arg(order(d.truth));
            return tr("%1; %2: %3").arg(truth, qs(proxy.label()), order(d.proxy));
        }
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole) {
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (column == agreementColumn()) {
        return role == Qt::DisplayRole ? QVariant(agreementText(score))
               : role == SortRole ? QVariant::fromValue<qlonglong>(score.decidedPairs == 0 ? -1 : score.agreementPpm)
               : role == Qt::ToolTipRole
                   ? QVariant(tr("%1 of %2 decided pairs kept").arg(score.agreeingPairs).arg(score.decidedPairs))
                   : QVariant();
    }
    if (column == tauColumn()) {
        return role == Qt::DisplayRole ? QVariant(tauText(score.kendallTauPpm))
               : role == SortRole      ? QVariant::fromValue<qlonglong>(score.kendallTauPpm)
                                       : QVariant();
    }
    if (column == decidedColumn() || column == tiedColumn()) {
        const auto n = column == decidedColumn() ? score.decidedPairs : score.tiedPairs;
        return role == Qt::DisplayRole ? QVariant(formatCount(n)) : role == SortRole ? QVariant(n) : QVariant();
    }
    if (column == wallTimeColumn()) {
        const cc::Ns ns = proxy.wallMs * 1'000'000;
        return role == Qt::DisplayRole ? QVariant(formatDuration(ns))
               : role == SortRole      ? QVariant::fromValue<qlonglong>(ns)
                                       : QVariant();
    }
    return {};
}

QVariant CampaignDecisionModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (!document_) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    const cc::CampaignResults& r = document_->results;
    if (orientation == Qt::Vertical) {
        const cc::CampaignProxy& proxy = r.proxies[size(section)];
        if (role == Qt::DisplayRole) {
            return qs(proxy.label());
        }
        if (role == Qt::TextAlignmentRole) {
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        }
        if (role == Qt::ToolTipRole) {
            return tr("%1: agreement %2, Kendall tau %3, %4 decided and %5 tied pairs")
                .arg(qs(proxy.label()), agreementText(proxy.score), tauText(proxy.score.kendallTauPpm))
                .arg(proxy.score.decidedPairs)
                .arg(proxy.score.tiedPairs);
        }
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    if (section < pairCount() && !document_->decisions.empty()) {
        const cc::CampaignPairDecision& d = document_->decisions.front()[size(section)];
        if (role == Qt::DisplayRole) {
            // Two lines ("A" / "vs B") keep the pair columns as narrow as their verdicts.
            return tr("%1\nvs %2").arg(configurationName(r, d.first), configurationName(r, d.second));
        }
        if (role == Qt::ToolTipRole) {
            return d.truth == 0
                       ? tr("W-full cannot separate these two configurations: a tie for every proxy")
                       : tr("W-full: %1 is faster").arg(configurationName(r, d.truth < 0 ? d.first : d.second));
        }
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    if (role == Qt::DisplayRole) {
        if (section == agreementColumn()) {
            return tr("Agreement");
        }
        if (section == tauColumn()) {
            return tr("Kendall tau");
        }
        if (section == decidedColumn()) {
            return tr("Decided");
        }
        if (section == tiedColumn()) {
            return tr("Tied");
        }
        if (section == wallTimeColumn()) {
            return tr("Wall time");
        }
    }
    if (role == Qt::ToolTipRole) {
        if (section == agreementColumn()) {
            return tr(
                "Share of the pairs W-full decides on which the proxy orders the two configurations the same way");
        }
        if (section == tauColumn()) {
            return tr("Kendall tau-b of the proxy's order of the configurations against W-full's");
        }
        if (section == decidedColumn()) {
            return tr("Pairs W-full separates");
        }
        if (section == tiedColumn()) {
            return tr("Pairs W-full cannot separate (left out of the agreement)");
        }
        if (section == wallTimeColumn()) {
            return tr("Wall time of the proxy's replays under every configuration");
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace cc::ui
