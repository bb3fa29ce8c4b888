// What the timeline shows about one event: its fields as the trace holds them, and its
// simulated start, queue wait, rank wait, duration, hidden share and latency under every
// configuration of the current replay.
#pragma once

#include "ui/replay/replay_result.h"
#include "ui/util/property_model.h"

#include <QAbstractTableModel>
#include <QWidget>

#include <optional>

class QLabel;
class QTableView;

namespace cc::ui {

/// The fields of canonical event i as labelled rows.
std::vector<PropertyRow> describeEvent(const cc::Trace& trace, std::uint32_t event);

/// One row per configuration: the event's simulated timing under it (first iteration).
class ConfigTimingModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ConfigurationColumn,
        StartColumn,
        RankWaitColumn,
        QueueWaitColumn,
        DurationColumn,
        HiddenColumn,
        LatencyColumn,
        ColumnCount
    };

    explicit ConfigTimingModel(QObject* parent = nullptr);

    void setEvent(const ReplayResult& replay, std::optional<std::uint32_t> event, int currentConfiguration);
    void clear();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString configuration;
        cc::EventSample sample;
    };
    std::vector<Row> rows_;
    int current_ = -1;
};

class EventDetailsWidget : public QWidget {
    Q_OBJECT
public:
    explicit EventDetailsWidget(QWidget* parent = nullptr);

    /// Shows event (or a hint when none) of trace, with its timings from replay.
    void display(std::shared_ptr<const cc::Trace> trace, const ReplayResult& replay, std::optional<std::uint32_t> event,
                 int currentConfiguration);

    PropertyModel* fieldsModel() const { return fields_; }
    ConfigTimingModel* timingModel() const { return timings_; }

private:
    QLabel* title_;
    QTableView* fieldsView_;
    QTableView* timingView_;
    PropertyModel* fields_;
    ConfigTimingModel* timings_;
};

} // namespace cc::ui
