// The form for one capture cell: world size, backend, device, model and its size, iterations,
// warm-up, bucket cap, and optional declared memory budgets (empty: the measured ones). Text
// fields are parsed with the capture library's own parsers (the CLI's spelling: "10M", "25",
// "12GiB") and the whole spec is checked by cellSpecProblem, so the form accepts exactly what
// `commcanary capture` accepts. changed() fires on every edit.
#pragma once

#include "capture/lib/cell_spec.h"

#include <QString>
#include <QWidget>

#include <chrono>
#include <cstdint>
#include <optional>

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace cc::ui {

struct CaptureFormState {
    std::optional<cc::capture::CellSpec> spec; ///< nullopt when a field is invalid
    QString problem;                           ///< why there is no spec (empty when there is one)
    std::optional<std::int64_t> hostBudgetBytes;
    std::optional<std::int64_t> deviceBudgetBytes;
    std::chrono::seconds timeout{600};
};

class CaptureForm : public QWidget {
    Q_OBJECT
public:
    explicit CaptureForm(QWidget* parent = nullptr);

    CaptureFormState state() const;
    /// Fills every cell field from spec (budgets are left as they are).
    void setSpec(const cc::capture::CellSpec& spec);

    QSpinBox* worldSize() const { return worldSize_; }
    QComboBox* backend() const { return backend_; }
    QComboBox* device() const { return device_; }
    QComboBox* model() const { return model_; }
    QLineEdit* modelSize() const { return modelSize_; }
    QSpinBox* iterations() const { return iterations_; }
    QSpinBox* warmup() const { return warmup_; }
    QLineEdit* bucketCap() const { return bucketCap_; }
    QLineEdit* hostBudget() const { return hostBudget_; }
    QLineEdit* deviceBudget() const { return deviceBudget_; }
    QSpinBox* timeout() const { return timeout_; }

signals:
    void changed();

private:
    QSpinBox* worldSize_;
    QComboBox* backend_;
    QComboBox* device_;
    QComboBox* model_;
    QLineEdit* modelSize_;
    QSpinBox* iterations_;
    QSpinBox* warmup_;
    QLineEdit* bucketCap_;
    QLineEdit* hostBudget_;
    QLineEdit* deviceBudget_;
    QSpinBox* timeout_;
};

} // namespace cc::ui
