// Measured per-bucket all-reduce latency of a completed cell against the Patarasuk–Yuan ring
// model (ring_cost_model.h) for the interconnect chosen from the interconnect table: α is fitted
// to the measured points by the capture library (fitRingAlpha, on a worker thread, job slot
// "capture-model"), B is the table's per-direction bandwidth. Measured and modelled are told
// apart three ways at once: line style (solid / dashed), marker (circle / square) and label.
//
// Instead of fitting α to the cell, the model can come from a calibration file written by
// `commcanary capture calibrate` (read off the GUI thread, job slot "capture-calibration"): its α
// and B, drawn for the cell's own p, with the calibration's microbenchmark points as a third
// series (dotted line, triangles).
#pragma once

#include "capture/lib/allreduce_calibration.h"
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
class QPushButton;

namespace cc::ui {

/// One point per bucket of the cell: its size and the largest of the ranks' median latencies
/// (an all-reduce ends when its slowest rank does). Pure; display preparation only.
std::vector<cc::capture::AllReducePoint> bucketPoints(const std::vector<cc::capture::RankMetrics>& metrics);

class AllreduceModelView : public QWidget {
    Q_OBJECT
public:
    /// Where the model's α and B come from.
    enum class ModelSource { FittedToCell, CalibrationFile };

    explicit AllreduceModelView(JobRunner* runner, QWidget* parent = nullptr);

    /// The measured cell: its ranks' metrics and world size (the ring's p).
    void setCell(const std::vector<cc::capture::RankMetrics>& metrics, int worldSize);
    QComboBox* interconnect() const { return interconnect_; }
    /// "fitted to this cell", then the loaded calibration file once there is one.
    QComboBox* calibrationSource() const { return calibrationSource_; }
    QPushButton* loadCalibrationButton() const { return loadCalibration_; }
    ModelSource modelSource() const;
    /// The last calibration file read successfully.
    const std::optional<cc::capture::Calibration>& calibration() const { return calibration_; }
    /// Reads a calibration file on the job runner; on success the model comes from it, on failure
    /// the note says why and the model drawn before stays. Emits updated() either way.
    void loadCalibration(const QString& path);
    QChartView* chart() const { return chart_; }
    const std::optional<cc::capture::AlphaFit>& fit() const { return fit_; }
    QString note() const;

signals:
    /// The plot was redrawn for the current cell and interconnect or calibration, or a
    /// calibration file could not be read.
    void updated();

private:
    void refit();
    void applyCalibration();
    void chooseCalibrationFile();
    void draw();

    QPointer<JobRunner> runner_;
    QComboBox* interconnect_;
    QComboBox* calibrationSource_;
    QPushButton* loadCalibration_;
    QLabel* note_;
    QChartView* chart_;
    std::vector<cc::capture::AllReducePoint> points_;
    int worldSize_ = 0;
    std::optional<cc::capture::AlphaFit> fit_;
    std::optional<cc::capture::Calibration> calibration_;
    QString calibrationPath_;
};

} // namespace cc::ui
