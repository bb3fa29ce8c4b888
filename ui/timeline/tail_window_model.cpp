#include "ui/timeline/tail_window_model.h"

#include "ui/util/text.h"

#include <QFont>

namespace cc::ui {

TailWindowModel::TailWindowModel(QObject* parent) : QAbstractTableModel(parent) {}

void TailWindowModel::setTimeline(std::shared_ptr<const TimelineData> data)
{
    beginResetModel();
    data_ = std::move(data);
    current_ = -1;
    endResetModel();
}

const TailWindow* TailWindowModel::window(int row) const
{
    if (!data_ || row < 0 || row >= static_cast<int>(data_->tailWindows.size())) {
        return nullptr;
    }
    return &data_->tailWindows[static_cast<std::size_t>(row)];
}

void TailWindowModel::setCurrent(int windowIndex)
{
    const int previous = current_;
    current_ = windowIndex;
    for (const int row : {previous, current_}) {
        if (window(row) != nullptr) {
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1), {Qt::FontRole});
        }
    }
}

int TailWindowModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !data_ ? 0 : static_cast<int>(data_->tailWindows.size());
}

int TailWindowModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TailWindowModel::data(const QModelIndex& index, int role) const
{
    const TailWindow* w = index.isValid() ? window(index.row()) : nullptr;
    if (w == nullptr) {
        return {};
    }
    const qint64 events = w->events;
    if (role == SortRole) {
        switch (index.column()) {
        case IndexColumn:
            return index.row();
        case BeginColumn:
            return static_cast<qlonglong>(w->begin);
        case SpanColumn:
            return static_cast<qlonglong>(w->end - w->begin);
        case EventsColumn:
            return events;
        case TailEventsColumn:
            return static_cast<qlonglong>(w->tailEvents);
        case MaxLatencyColumn:
            return static_cast<qlonglong>(w->maxLatency);
        case CostColumn:
            return static_cast<qlonglong>(w->cost);
        default:
            return {};
        }
    }
    if (role == WindowIndexRole) {
        return index.row();
    }
    if (role == Qt::FontRole && index.row() == current_) {
        QFont font;
        font.setBold(true);
        return font;
    }
    if (role == Qt::TextAlignmentRole && index.column() != IndexColumn) {
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role == Qt::ToolTipRole) {
        // Every figure of the row, also those of columns the dock's width leaves out.
        return tr("Tail window %1: begins at %2, spans %3, %4 events of which %5 in the tail, largest latency %6, "
                  "cost %7")
            .arg(index.row() + 1)
            .arg(formatDuration(w->begin), formatDuration(w->end - w->begin),
                 formatCount(static_cast<std::uint64_t>(events)), formatCount(w->tailEvents),
                 formatDuration(w->maxLatency), formatDuration(w->cost));
    }
    if (role != Qt::DisplayRole) {
        return {};
    }
    switch (index.column()) {
    case IndexColumn:
        return index.row() + 1;
    case BeginColumn:
        return formatDuration(w->begin);
    case SpanColumn:
        return formatDuration(w->end - w->begin);
    case EventsColumn:
        return formatCount(static_cast<std::uint64_t>(events));
    case TailEventsColumn:
        return formatCount(w->tailEvents);
    case MaxLatencyColumn:
        return formatDuration(w->maxLatency);
    case CostColumn:
        return formatDuration(w->cost);
    default:
        return {};
    }
}

QVariant TailWindowModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal) {
        return {};
    }
    if (role == Qt::ToolTipRole) {
        // The headers are short so that every column fits the default dock; the tooltips say more.
        switch (section) {
        case BeginColumn:
            return tr("When the window begins");
        case TailEventsColumn:
            return tr("Tail events in the window (latency at or above the configuration's p99)");
        case MaxLatencyColumn:
            return tr("The largest latency in the window");
        case CostColumn:
            return tr("Summed latency of the window's tail events (at or above the configuration's p99)");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole) {
        return {};
    }
    switch (section) {
    case IndexColumn:
        return tr("#");
    case BeginColumn:
        return tr("Begins");
    case SpanColumn:
        return tr("Span");
    case EventsColumn:
        return tr("Events");
    case TailEventsColumn:
        return tr("Tail");
    case MaxLatencyColumn:
        return tr("Max");
    case CostColumn:
        return tr("Cost");
    default:
        return {};
    }
}

} // namespace cc::ui
