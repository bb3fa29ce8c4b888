// Measured per-bucket all-reduce latency of a completed cell against the Patarasuk–Yuan ring
// model (ring_cost_model.h) for the interconnect chosen from the interconnect table: α is fitted
// to the measured points by the capture library (fitRingAlpha, on a worker thread, job slot
// "capture-model"), B is the table's per-direction bandwidth. Measured and modelled are told
// apart three ways at once: line style (solid / dashed), marker (circle / square) and label.
#pragma once

#include "capture/lib/capture_metrics.h"
#include "capture/lib/ring_cost_model.h"
#include "ui/jobs/job_runner.h"

#include <QPointer>
#include <QWidget>

#include <optional>
#include <vector>

class QChartView;
class QComboBox;
class QLabel;

namespace cc::ui {

/// One point per bucket of the cell: its size and the largest of the ranks' median latencies
/// (an all-reduce ends when its slowest rank does). Pure; display preparation only.
std::vector<cc::capture::AllReducePoint> bucketPoints(const std::vector<cc::capture::RankMetrics>& metrics);

class AllreduceModelView : public QWidget {
    Q_OBJECT
public:
    explicit AllreduceModelView(JobRunner* runner, QWidget* parent = nullptr);

    /// The measured cell: its ranks' metrics and world size (the ring's p).
    void setCell(const std::vector<cc::capture::RankMetrics>& metrics, int worldSize);
    QComboBox* interconnect() const { return interconnect_; }
    QChartView* chart() const { return chart_; }
    const std::optional<cc::capture::AlphaFit>& fit() const { return fit_; }
    QString note() const;

signals:
    /// The plot was redrawn for the current cell and interconnect.
    void updated();

private:
    void refit();
    void draw();

    QPointer<JobRunner> runner_;
    QComboBox* interconnect_;
    QLabel* note_;
    QChartView* chart_;
    std::vector<cc::capture::AllReducePoint> points_;
    int worldSize_ = 0;
    std::optional<cc::capture::AlphaFit> fit_;
};

} // namespace cc::ui
