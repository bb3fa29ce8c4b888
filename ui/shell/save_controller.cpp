#include "ui/shell/save_controller.h"

#include "ui/artifacts/artifact_save.h"

#include <QAction>
#include <QFileDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QWidget>

namespace cc::ui {

SaveController::SaveController(ArtifactStore* store, QWidget* window, std::function<ArtifactId()> current)
    : QObject(window), store_(store), window_(window), current_(std::move(current))
{
    chooser_ = [this](const Artifact& artifact) {
        const QString filter = artifact.kind == ArtifactKind::Canary         ? tr("Canaries (*.canary.json)")
                               : artifact.kind == ArtifactKind::Verification ? tr("Verifications (*.verification.json)")
                                                                             : tr("JSON files (*.json)");
        return QFileDialog::getSaveFileName(window_, tr("Save %1").arg(artifact.name), suggestedFileName(artifact),
                                            filter + QStringLiteral(";;") + tr("All files (*)"));
    };
    save_ = new QAction(tr("&Save"), this);
    save_->setObjectName(QStringLiteral("saveAction"));
    save_->setShortcut(QKeySequence::Save);
    save_->setToolTip(tr("Save the selected artifact made in the workbench"));
    connect(save_, &QAction::triggered, this, [this]() { save(target()); });
    saveAs_ = new QAction(tr("Save &As…"), this);
    saveAs_->setObjectName(QStringLiteral("saveAsAction"));
    saveAs_->setShortcut(QKeySequence::SaveAs);
    connect(saveAs_, &QAction::triggered, this, [this]() { saveAs(target()); });
    saveAll_ = new QAction(tr("Save A&ll Unsaved…"), this);
    saveAll_->setObjectName(QStringLiteral("saveAllAction"));
    connect(saveAll_, &QAction::triggered, this, &SaveController::saveAll);
    connect(store_, &ArtifactStore::unsavedChanged, this, &SaveController::updateActions);
    connect(store_, &ArtifactStore::relationsChanged, this, &SaveController::updateActions);
    updateActions();
}

ArtifactId SaveController::target() const
{
    const ArtifactId id = current_ ? current_() : 0;
    if (id != 0 && store_->find(id) != nullptr) {
        return id;
    }
    // Nothing chosen in the browser: the newest unsaved result.
    const auto unsaved = store_->unsavedArtifacts();
    return unsaved.empty() ? 0 : unsaved.back();
}

void SaveController::updateActions()
{
    const bool any = store_->hasUnsaved();
    save_->setEnabled(any);
    saveAll_->setEnabled(any);
    bool canSaveAs = false;
    for (const auto& artifact : store_->artifacts()) {
        canSaveAs = canSaveAs || canSaveArtifact(artifact);
    }
    saveAs_->setEnabled(canSaveAs);
}

bool SaveController::save(ArtifactId id)
{
    const Artifact* artifact = store_->find(id);
    if (artifact == nullptr) {
        return false;
    }
    if (!artifact->unsaved && !artifact->path.isEmpty()) {
        return true; // its file already holds these bytes
    }
    return saveAs(id);
}

bool SaveController::saveAs(ArtifactId id)
{
    const Artifact* artifact = store_->find(id);
    if (artifact == nullptr || !canSaveArtifact(*artifact)) {
        return false;
    }
    const QString path = chooser_(*artifact);
    return !path.isEmpty() && saveTo(id, path);
}

bool SaveController::saveTo(ArtifactId id, const QString& path)
{
    const Artifact* artifact = store_->find(id);
    const QString name = artifact != nullptr ? artifact->name : QString();
    if (const QString problem = saveArtifact(*store_, id, path); !problem.isEmpty()) {
        JobError error;
        error.kind = JobError::Kind::Io;
        error.message = problem;
        emit failed(tr("Could not save %1").arg(name), error);
        return false;
    }
    emit saved(id, path);
    return true;
}

bool SaveController::saveAll()
{
    for (const ArtifactId id : store_->unsavedArtifacts()) {
        if (!saveAs(id)) {
            return false;
        }
    }
    return true;
}

bool SaveController::confirmClose()
{
    const auto unsaved = store_->unsavedArtifacts();
    if (unsaved.empty()) {
        return true;
    }
    QStringList names;
    for (const ArtifactId id : unsaved) {
        names << store_->find(id)->name.toHtmlEscaped();
    }
    QMessageBox box(QMessageBox::Warning, tr("Unsaved results"),
                    tr("%n result(s) made in this session are not saved and will be lost.", nullptr,
                       static_cast<int>(unsaved.size())),
                    QMessageBox::SaveAll | QMessageBox::Discard | QMessageBox::Cancel, window_);
    box.setObjectName(QStringLiteral("unsavedResultsBox"));
    box.setInformativeText(QStringLiteral("<ul><li>") + names.join(QStringLiteral("</li><li>")) +
                           QStringLiteral("</li></ul>"));
    box.setDefaultButton(QMessageBox::SaveAll);
    box.setEscapeButton(QMessageBox::Cancel);
    switch (box.exec()) {
    case QMessageBox::SaveAll:
        return saveAll();
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

} // namespace cc::ui
