#include "ui/distill/search_candidate_model.h"

#include "ui/util/text.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace cc::ui {

namespace {

QString stageText(const std::string& stage)
{
    if (stage == "lossless") {
        return SearchCandidateModel::tr("lossless");
    }
    if (stage == "uniform") {
        return SearchCandidateModel::tr("uniform");
    }
    if (stage == "per_group") {
        return SearchCandidateModel::tr("per group");
    }
    return qs(stage);
}

QString outcomeText(const std::string& outcome)
{
    if (outcome == "passed") {
        return SearchCandidateModel::tr("passed");
    }
    if (outcome == "failed_verification") {
        return SearchCandidateModel::tr("failed verification");
    }
    if (outcome == "refused_by_compiler") {
        return SearchCandidateModel::tr("refused by the compiler");
    }
    return qs(outcome);
}

} // namespace

SearchCandidateModel::SearchCandidateModel(QObject* parent) : QAbstractTableModel(parent) {}

void SearchCandidateModel::setResult(std::shared_ptr<const cc::search::SearchResult> result)
{
    beginResetModel();
    result_ = std::move(result);
    endResetModel();
}

int SearchCandidateModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !result_ ? 0 : static_cast<int>(result_->candidates.size());
}

int SearchCandidateModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SearchCandidateModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !result_ || index.row() >= rowCount() || index.column() >= ColumnCount) {
        return {};
    }
    const auto& c = result_->candidates[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    const bool isStatus = column >= FirstStatusColumn;
    const bool verified = c.outcome != "refused_by_compiler";
    const bool pass =
        isStatus ? verified && c.statuses[static_cast<std::size_t>(column - FirstStatusColumn)] : c.outcome == "passed";
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case IndexColumn:
            return QString::number(c.index);
        case StageColumn:
            return stageText(c.stage);
        case LimitColumn:
            if (!c.groupLimits.empty()) {
                return tr("%1 (+%2 group limits)")
                    .arg(c.sampleLimit ? QString::number(*c.sampleLimit) : tr("none"))
                    .arg(c.groupLimits.size());
            }
            return c.sampleLimit ? QString::number(*c.sampleLimit) : tr("none");
        case OutcomeColumn:
            return c.selected ? tr("%1 (selected)").arg(outcomeText(c.outcome)) : outcomeText(c.outcome);
        case BytesColumn:
            return verified ? formatCount(c.bytes) : QString();
        case ClaimColumn:
            return c.claim ? qs(cc::verify::claimName(*c.claim)) : QString();
        default:
            return verified ? (pass ? tr("pass") : tr("FAIL")) : QStringLiteral("—");
        }
    case Qt::ToolTipRole: {
        QStringList lines;
        if (!c.refusal.empty()) {
            lines << qs(c.refusal);
        }
        for (const auto& failure : c.failures) {
            lines << qs(failure);
        }
        return lines.isEmpty() ? QVariant() : QVariant(lines.join(QLatin1Char('\n')));
    }
    case Qt::BackgroundRole:
        if (isStatus || column == OutcomeColumn) {
            return verified || column == OutcomeColumn
                       ? QVariant(QBrush(pass ? QColor(205, 235, 205) : QColor(255, 205, 190)))
                       : QVariant();
        }
        return {};
    case Qt::FontRole:
        if (c.selected) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        return column == IndexColumn || column == BytesColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                                                              : QVariant();
    case PassRole:
        return pass;
    case SelectedRole:
        return c.selected;
    default:
        return {};
    }
}

QVariant SearchCandidateModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case IndexColumn:
        return tr("#");
    case StageColumn:
        return tr("Stage");
    case LimitColumn:
        return tr("Sample limit");
    case OutcomeColumn:
        return tr("Outcome");
    case BytesColumn:
        return tr("Bytes");
    case ClaimColumn:
        return tr("Claim");
    case FirstStatusColumn:
        return tr("Timing mode");
    case FirstStatusColumn + 1:
        return tr("Commitments");
    case FirstStatusColumn + 2:
        return tr("Coverage");
    case FirstStatusColumn + 3:
        return tr("Fidelity");
    case FirstStatusColumn + 4:
        return tr("Ranking");
    default:
        return {};
    }
}

} // namespace cc::ui
