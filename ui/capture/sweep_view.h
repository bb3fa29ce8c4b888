// The experiment matrix of a capture sweep (a results folder written by `commcanary capture
// sweep`): every planned cell in run order with its state (planned / measured / refused /
// failed), why, and its measured figures; and a plot of the measured cells (all-reduce median
// against model size, one series per world size × backend × device × bucket cap, the repeats'
// spread visible as separate points). The index (cells.json) is read on a worker thread (job
// slot "capture-sweep") and read again when the sweep rewrites it.
#pragma once

#include "capture/lib/sweep_index.h"
#include "ui/jobs/job_runner.h"

#include <QAbstractTableModel>
#include <QPointer>
#include <QWidget>

#include <vector>

class QChartView;
class QFileSystemWatcher;
class QLabel;
class QLineEdit;
class QTableView;

namespace cc::ui {

class SweepMatrixModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        IndexColumn,
        ConfigurationColumn,
        RepeatColumn,
        ModelColumn,
        WorldSizeColumn,
        BackendColumn,
        BucketCapColumn,
        StateColumn,
        AllreduceColumn,
        OverlapColumn,
        DetailColumn,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole + 1, StateRole };

    explicit SweepMatrixModel(QObject* parent = nullptr);
    void setCells(std::vector<cc::capture::SweepCellRecord> cells);
    const std::vector<cc::capture::SweepCellRecord>& cells() const { return cells_; }
    int count(cc::capture::SweepCellState state) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<cc::capture::SweepCellRecord> cells_;
};

/// The translated name of a state ("planned", "measured", "refused", "failed").
QString sweepStateText(cc::capture::SweepCellState state);

class SweepView : public QWidget {
    Q_OBJECT
public:
    explicit SweepView(JobRunner* runner, QWidget* parent = nullptr);

    SweepMatrixModel* model() const { return model_; }
    QChartView* chart() const { return chart_; }
    QString folder() const;
    QString statusText() const;
    /// Reads folder/cells.json on a worker thread and shows it.
    void openFolder(const QString& folder);

signals:
    /// The index was read (ok) or refused (the status says why).
    void loaded(bool ok);

private:
    void reload();
    void showIndex(cc::capture::SweepIndex index);
    void plot();

    QPointer<JobRunner> runner_;
    SweepMatrixModel* model_;
    QLineEdit* folder_;
    QLabel* status_;
    QTableView* table_;
    QChartView* chart_;
    QFileSystemWatcher* watcher_;
};

} // namespace cc::ui
