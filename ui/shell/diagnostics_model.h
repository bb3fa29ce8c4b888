// The diagnostics of a cc::InputError as a table: file, event index, event id, field or JSON
// path, and the rule broken.
#pragma once

#include "core/util/errors.h"

#include <QAbstractTableModel>

#include <vector>

namespace cc::ui {

class DiagnosticsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { FileColumn, EventColumn, IdColumn, FieldColumn, RuleColumn, ColumnCount };

    explicit DiagnosticsModel(QObject* parent = nullptr);
    void setDiagnostics(std::vector<cc::Diagnostic> diagnostics);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<cc::Diagnostic> diagnostics_;
};

} // namespace cc::ui
