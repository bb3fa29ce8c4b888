// The list of tail windows of the timeline's current data: one row per window, sortable (the
// dock shows it sorted by cost, most expensive first, through a QSortFilterProxyModel).
// SortRole gives raw integers so sorting never goes through display text.
#pragma once

#include "ui/timeline/timeline_data.h"

#include <QAbstractTableModel>

#include <memory>

namespace cc::ui {

class TailWindowModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        IndexColumn,
        BeginColumn,
        SpanColumn,
        EventsColumn,
        TailEventsColumn,
        MaxLatencyColumn,
        CostColumn,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole + 1, WindowIndexRole };

    explicit TailWindowModel(QObject* parent = nullptr);

    void setTimeline(std::shared_ptr<const TimelineData> data);
    const TailWindow* window(int row) const;
    void setCurrent(int windowIndex);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const TimelineData> data_;
    int current_ = -1;
};

} // namespace cc::ui
