// Behaviour search: compiles at every sample limit of a declared range, verifies each candidate
// (all five statuses), keeps the smallest passing artifact, then lowers per-group limits while
// everything keeps passing (core's searchBehavior). The evidence table lists every candidate.
#pragma once

#include "ui/distill/distill_dialog.h"

class QCheckBox;
class QLineEdit;
class QTableView;

namespace cc::ui {

class BudgetForm;
class SearchCandidateModel;
class ToleranceForm;

class SearchDialog : public DistillDialog {
    Q_OBJECT
public:
    SearchDialog(JobRunner* runner, ArtifactStore* store, ReplayController* replay, QWidget* parent = nullptr);

    QLineEdit* sampleLimits() const { return limits_; }
    QCheckBox* includeLossless() const { return lossless_; }
    QCheckBox* refineGroups() const { return refine_; }
    BudgetForm* fieldCaps() const { return caps_; }
    ToleranceForm* tolerances() const { return tolerances_; }
    SearchCandidateModel* candidates() const { return candidates_; }
    QTableView* candidateView() const { return view_; }

protected:
    JobId startJob(const Artifact& trace, std::shared_ptr<const cc::ConfigSet> configs) override;

private:
    QLineEdit* limits_;
    QCheckBox* lossless_;
    QCheckBox* refine_;
    BudgetForm* caps_;
    ToleranceForm* tolerances_;
    SearchCandidateModel* candidates_;
    QTableView* view_;
};

} // namespace cc::ui
