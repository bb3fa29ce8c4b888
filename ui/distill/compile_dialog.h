// Compile ▸ Canary: lossless or bounded timing (per-field error bounds, a timing-sample limit per
// operation-signature group), an optional prefix, and strict compilation (behaviour verification
// as the emit gate, with its tolerances). Runs core's compileCanary on a worker; a budget that
// cannot be met, or a strict gate that refuses, adds nothing and says why.
#pragma once

#include "ui/distill/distill_dialog.h"

class QCheckBox;
class QRadioButton;
class QSpinBox;

namespace cc::ui {

class BudgetForm;
class ToleranceForm;

class CompileDialog : public DistillDialog {
    Q_OBJECT
public:
    CompileDialog(JobRunner* runner, ArtifactStore* store, ReplayController* replay, QWidget* parent = nullptr);

    QRadioButton* losslessButton() const { return lossless_; }
    QRadioButton* boundedButton() const { return bounded_; }
    QSpinBox* sampleLimit() const { return sampleLimit_; }
    QSpinBox* prefix() const { return prefix_; }
    QCheckBox* strict() const { return strict_; }
    BudgetForm* budget() const { return budget_; }
    ToleranceForm* tolerances() const { return tolerances_; }

protected:
    JobId startJob(const Artifact& trace, std::shared_ptr<const cc::ConfigSet> configs) override;

private:
    void updateEnabled();

    QRadioButton* lossless_;
    QRadioButton* bounded_;
    QSpinBox* sampleLimit_;
    QSpinBox* prefix_;
    QCheckBox* strict_;
    BudgetForm* budget_;
    ToleranceForm* tolerances_;
};

} // namespace cc::ui
