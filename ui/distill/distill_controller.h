// The Distil menu of the workbench: Compile…, Behaviour Search…, Reduce… (modeless dialogs that
// run core work through the job runner), Verify Canary (one click: verify-behavior against the
// canary's source trace) and the side-by-side comparison of two verifications. The main window
// creates one controller and puts its menu and its comparison view in place.
#pragma once

#include "ui/artifacts/artifact_store.h"
#include "ui/jobs/job_runner.h"

#include <QObject>

class QAction;
class QMenu;
class QWidget;

namespace cc::ui {

class CanaryVerifier;
class CompileDialog;
class ReduceDialog;
class ReplayController;
class SearchDialog;
class VerificationComparison;

class DistillController : public QObject {
    Q_OBJECT
public:
    DistillController(JobRunner* runner, ArtifactStore* store, ReplayController* replay, QWidget* window);

    QMenu* menu() const { return menu_; }
    QAction* compileAction() const { return compile_; }
    QAction* searchAction() const { return search_; }
    QAction* reduceAction() const { return reduce_; }
    QAction* verifyAction() const { return verify_; }

    CompileDialog* compileDialog() const { return compileDialog_; }
    SearchDialog* searchDialog() const { return searchDialog_; }
    ReduceDialog* reduceDialog() const { return reduceDialog_; }
    CanaryVerifier* verifier() const { return verifier_; }
    VerificationComparison* comparison() const { return comparison_; }

    /// Verifies a canary artifact against its source trace: under the options it was produced
    /// with (search, reduce, strict compile), else the defaults with the current configuration set.
    JobId verifyCanary(ArtifactId canary);
    /// The canary Verify Canary acts on: the selected one if any, else the newest canary.
    void setSelectedArtifact(ArtifactId id) { selected_ = id; }

signals:
    /// A verification was added; the window opens it in the stepper.
    void verificationReady(cc::ui::ArtifactId verification);
    void failed(const QString& what, const cc::ui::JobError& error);

private:
    ArtifactId canaryToVerify() const;

    ArtifactStore* store_;
    ReplayController* replay_;
    QMenu* menu_;
    QAction* compile_;
    QAction* search_;
    QAction* reduce_;
    QAction* verify_;
    CompileDialog* compileDialog_;
    SearchDialog* searchDialog_;
    ReduceDialog* reduceDialog_;
    CanaryVerifier* verifier_;
    VerificationComparison* comparison_;
    ArtifactId selected_ = 0;
};

} // namespace cc::ui
