// A read-only two-column model of labelled values grouped under headings: the shape of every
// "details" table in the workbench (event details, range statistics, summaries).
#pragma once

#include <QAbstractTableModel>
#include <QString>

#include <vector>

namespace cc::ui {

struct PropertyRow {
    QString label;
    QString value;
    bool heading = false;
    QString toolTip;
};

class PropertyModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { LabelColumn, ValueColumn, ColumnCount };

    explicit PropertyModel(QObject* parent = nullptr);

    void setRows(std::vector<PropertyRow> rows);
    const std::vector<PropertyRow>& rows() const { return rows_; }
    /// The value of the first row with this label, or an empty string.
    QString value(const QString& label) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<PropertyRow> rows_;
};

} // namespace cc::ui
