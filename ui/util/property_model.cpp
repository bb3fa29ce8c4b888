#include "ui/util/property_model.h"

#include <QBrush>
#include <QFont>
#include <QPalette>

namespace cc::ui {

PropertyModel::PropertyModel(QObject* parent) : QAbstractTableModel(parent) {}

void PropertyModel::setRows(std::vector<PropertyRow> rows)
{
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

QString PropertyModel::value(const QString& label) const
{
    for (const auto& row : rows_) {
        if (row.label == label && !row.heading) {
            return row.value;
        }
    }
    return {};
}

int PropertyModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int PropertyModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PropertyModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= static_cast<int>(rows_.size())) {
        return {};
    }
    const PropertyRow& row = rows_[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        if (row.heading) {
            return index.column() == LabelColumn ? row.label : QString();
        }
        return index.column() == LabelColumn ? row.label : row.value;
    case Qt::ToolTipRole:
        // A value too long for its column is elided; the tooltip has it whole.
        if (index.column() == ValueColumn && !row.heading && !row.value.isEmpty()) {
            return row.toolTip.isEmpty() ? row.value : row.value + QLatin1Char('\n') + row.toolTip;
        }
        return row.toolTip.isEmpty() ? QVariant() : QVariant(row.toolTip);
    case Qt::FontRole:
        if (row.heading) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::BackgroundRole:
        if (row.heading) {
            return QBrush(QPalette().color(QPalette::AlternateBase).darker(104));
        }
        return {};
    default:
        return {};
    }
}

QVariant PropertyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    return section == LabelColumn ? tr("Property") : tr("Value");
}

} // namespace cc::ui
