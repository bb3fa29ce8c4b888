// The artifacts the workbench has loaded, the relations between them, and which trace is the
// active one (the one the timeline, distributions and ablations show). Lives on the GUI
// thread; artifacts arrive from jobs as finished values.
#pragma once

#include "ui/artifacts/artifact.h"

#include <QObject>

#include <vector>

namespace cc::ui {

class ArtifactStore : public QObject {
    Q_OBJECT
public:
    explicit ArtifactStore(QObject* parent = nullptr);

    /// Adds the artifact, assigns its id and derives relations. A file already loaded from the
    /// same path is replaced (reloaded) and keeps its id.
    ArtifactId add(Artifact artifact);
    void remove(ArtifactId id);
    void clear();

    const std::vector<Artifact>& artifacts() const { return artifacts_; }
    const Artifact* find(ArtifactId id) const;
    const Artifact* findByPath(const QString& path) const;
    int indexOf(ArtifactId id) const;

    /// Artifacts made in the workbench and not yet saved, in the order they were made.
    std::vector<ArtifactId> unsavedArtifacts() const;
    bool hasUnsaved() const;
    /// Records that the artifact's bytes now live at path: it takes the path and the file's name
    /// and is no longer unsaved. Another artifact that was loaded from path is closed (the file
    /// now holds these bytes).
    void markSaved(ArtifactId id, const QString& path);

    ArtifactId activeTrace() const { return activeTrace_; }
    const Artifact* activeTraceArtifact() const { return find(activeTrace_); }
    void setActiveTrace(ArtifactId id);

signals:
    void aboutToAdd(int row);
    void added(int row);
    void replaced(int row);
    void aboutToRemove(int row);
    void removed(int row);
    void relationsChanged();
    void activeTraceChanged(cc::ui::ArtifactId id);
    /// The set of unsaved artifacts changed (one was made, saved or closed).
    void unsavedChanged();

private:
    void deriveRelations();

    std::vector<Artifact> artifacts_;
    ArtifactId nextId_ = 0;
    ArtifactId activeTrace_ = 0;
};

} // namespace cc::ui
