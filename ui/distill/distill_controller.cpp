#include "ui/distill/distill_controller.h"

#include "ui/distill/compile_dialog.h"
#include "ui/distill/reduce_dialog.h"
#include "ui/distill/search_dialog.h"
#include "ui/replay/replay_controller.h"
#include "ui/verification/canary_verifier.h"
#include "ui/verification/verification_comparison.h"

#include <QAction>
#include <QMenu>
#include <QWidget>

namespace cc::ui {

DistillController::DistillController(JobRunner* runner, ArtifactStore* store, ReplayController* replay, QWidget* window)
    : QObject(window), store_(store), replay_(replay)
{
    compileDialog_ = new CompileDialog(runner, store, replay, window);
    searchDialog_ = new SearchDialog(runner, store, replay, window);
    reduceDialog_ = new ReduceDialog(runner, store, replay, window);
    verifier_ = new CanaryVerifier(runner, store, this);
    comparison_ = new VerificationComparison(store);

    menu_ = new QMenu(tr("&Distil"), window);
    menu_->setObjectName(QStringLiteral("distillMenu"));
    compile_ = menu_->addAction(tr("&Compile Canary…"));
    compile_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    search_ = menu_->addAction(tr("Behaviour &Search…"));
    reduce_ = menu_->addAction(tr("&Reduce (ddmin)…"));
    menu_->addSeparator();
    verify_ = menu_->addAction(tr("&Verify Canary"));
    verify_->setToolTip(tr("Run verify-behavior on the selected canary against its source trace"));

    auto showDialog = [](QDialog* dialog) {
        dialog->show();
        dialog->raise();
        dialog->activateWindow();
    };
    connect(compile_, &QAction::triggered, this, [this, showDialog]() { showDialog(compileDialog_); });
    connect(search_, &QAction::triggered, this, [this, showDialog]() { showDialog(searchDialog_); });
    connect(reduce_, &QAction::triggered, this, [this, showDialog]() { showDialog(reduceDialog_); });
    connect(verify_, &QAction::triggered, this, [this]() { verifyCanary(canaryToVerify()); });
    for (DistillDialog* dialog :
         {static_cast<DistillDialog*>(compileDialog_), static_cast<DistillDialog*>(searchDialog_),
          static_cast<DistillDialog*>(reduceDialog_)}) {
        connect(dialog, &DistillDialog::verifyRequested, this, &DistillController::verifyCanary);
    }
    connect(verifier_, &CanaryVerifier::verified, this, [this](ArtifactId, ArtifactId verification) {
        comparison_->push(verification);
        emit verificationReady(verification);
    });
    connect(verifier_, &CanaryVerifier::failed, this, &DistillController::failed);
}

ArtifactId DistillController::canaryToVerify() const
{
    const Artifact* selected = store_->find(selected_);
    if (selected != nullptr && selected->kind == ArtifactKind::Canary) {
        return selected_;
    }
    for (auto it = store_->artifacts().rbegin(); it != store_->artifacts().rend(); ++it) {
        if (it->kind == ArtifactKind::Canary) {
            return it->id;
        }
    }
    return 0;
}

JobId DistillController::verifyCanary(ArtifactId canary)
{
    const Artifact* artifact = store_->find(canary);
    const bool hasOwnSet = artifact != nullptr && artifact->origin.verifyOptions;
    return verifier_->verify(canary, hasOwnSet ? nullptr : replay_->configSet());
}

} // namespace cc::ui
