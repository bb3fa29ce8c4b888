// What the timeline shows about one event: its fields as the trace holds them, the canary
// segment that stands for it (when a canary of the trace is loaded: the segment's index, kind,
// source event range, repetition, error bounds and SHA-256 commitment), and its simulated start,
// queue wait, rank wait, duration, hidden share and latency under every configuration of the
// current replay, with the expanded canary's timing of the same event beside it.
#pragma once

#include "core/canary/canary.h"
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

/// A canary related to the shown trace.
struct CanaryContext {
    std::shared_ptr<const cc::Canary> canary;
    QString name; ///< shown in the rows (file name)
    /// True when the shown trace is the canary's own expansion (its event k stands for source
    /// event covered.first + k); false when the shown trace is the canary's source.
    bool expansion = false;

    /// The source index of shown event `event`.
    std::uint64_t sourceIndex(std::uint32_t event) const;
    /// The index of source event `sourceIndex` in the canary's expansion, if it is covered.
    std::optional<std::uint32_t> expandedIndex(std::uint64_t sourceIndex) const;
};

/// The index of the segment of canary that holds source event sourceIndex (segments tile the
/// covered range in source order); nullopt outside the covered range.
std::optional<std::size_t> canarySegmentOf(const cc::Canary& canary, std::uint64_t sourceIndex);

/// The "canary segment" rows of shown event `event`: which segment stands for it, of which kind,
/// for which source events, with which repetition and bounds, and its SHA-256 commitment.
std::vector<PropertyRow> describeCanarySegment(const CanaryContext& context, std::uint32_t event);

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

    /// Rows of the event's timing under every configuration of replay; with a valid
    /// canaryReplay and canaryEvent, each configuration is followed by the canary's row.
    void setEvent(const ReplayResult& replay, std::optional<std::uint32_t> event, int currentConfiguration,
                  const ReplayResult& canaryReplay = {}, std::optional<std::uint32_t> canaryEvent = std::nullopt);
    void clear();
    /// True when row r is the expanded canary's timing.
    bool isCanaryRow(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString configuration;
        cc::EventSample sample;
        bool canary = false;
        int configurationIndex = 0;
    };
    std::vector<Row> rows_;
    int current_ = -1;
};

class EventDetailsWidget : public QWidget {
    Q_OBJECT
public:
    explicit EventDetailsWidget(QWidget* parent = nullptr);

    /// Shows event (or a hint when none) of trace, with its timings from replay, and with the
    /// segment of canary that stands for it and that canary's timings when one is given.
    void display(std::shared_ptr<const cc::Trace> trace, const ReplayResult& replay, std::optional<std::uint32_t> event,
                 int currentConfiguration, const CanaryContext& canary = {}, const ReplayResult& canaryReplay = {});

    PropertyModel* fieldsModel() const { return fields_; }
    QTableView* fieldsView() const { return fieldsView_; }
    QTableView* timingView() const { return timingView_; }
    QString title() const;
    ConfigTimingModel* timingModel() const { return timings_; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Fits both tables' columns to their visible width (after new rows and on every resize).
    void fitColumns();

    QLabel* title_;
    QTableView* fieldsView_;
    QTableView* timingView_;
    PropertyModel* fields_;
    ConfigTimingModel* timings_;
};

} // namespace cc::ui
