#include "ui/shell/diagnostics_model.h"

#include "ui/util/text.h"

namespace cc::ui {

DiagnosticsModel::DiagnosticsModel(QObject* parent) : QAbstractTableModel(parent) {}

void DiagnosticsModel::setDiagnostics(std::vector<cc::Diagnostic> diagnostics)
{
    beginResetModel();
    diagnostics_ = std::move(diagnostics);
    endResetModel();
}

int DiagnosticsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(diagnostics_.size());
}

int DiagnosticsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiagnosticsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= static_cast<int>(diagnostics_.size())) {
        return {};
    }
    const cc::Diagnostic& d = diagnostics_[static_cast<std::size_t>(index.row())];
    if (role == Qt::ToolTipRole) {
        return qs(d.message());
    }
    if (role != Qt::DisplayRole) {
        return {};
    }
    switch (index.column()) {
    case FileColumn:
        return qs(d.file);
    case EventColumn:
        return d.event == cc::kNoEvent ? QString() : QString::number(d.event);
    case IdColumn:
        return qs(d.eventId);
    case FieldColumn:
        return qs(d.field);
    case RuleColumn:
        return qs(d.rule);
    default:
        return {};
    }
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (section) {
    case FileColumn:
        return tr("File");
    case EventColumn:
        return tr("Event");
    case IdColumn:
        return tr("Id");
    case FieldColumn:
        return tr("Field");
    case RuleColumn:
        return tr("Rule");
    default:
        return {};
    }
}

} // namespace cc::ui
