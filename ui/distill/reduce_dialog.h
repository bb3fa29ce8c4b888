// Reduce (ddmin): deletes events while a decision-only oracle says every configuration pair x
// median/p95/p99/mean is still decided as in the full trace (core's reduceTrace). The baseline
// the product exists to refuse: verify its result to see it keep the ranking and lose the workload.
#pragma once

#include "ui/distill/distill_dialog.h"

class QSpinBox;

namespace cc::ui {

class ToleranceForm;

class ReduceDialog : public DistillDialog {
    Q_OBJECT
public:
    ReduceDialog(JobRunner* runner, ArtifactStore* store, ReplayController* replay, QWidget* parent = nullptr);

    ToleranceForm* tolerances() const { return tolerances_; }
    QSpinBox* maxOracleCalls() const { return maxCalls_; }

protected:
    JobId startJob(const Artifact& trace, std::shared_ptr<const cc::ConfigSet> configs) override;

private:
    ToleranceForm* tolerances_;
    QSpinBox* maxCalls_;
};

} // namespace cc::ui
