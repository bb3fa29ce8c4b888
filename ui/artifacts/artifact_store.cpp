#include "ui/artifacts/artifact_store.h"

#include <QFileInfo>

#include <algorithm>

namespace cc::ui {

ArtifactStore::ArtifactStore(QObject* parent) : QObject(parent) {}

ArtifactId ArtifactStore::add(Artifact artifact)
{
    // Only what was made here has no path; a file already holds its bytes.
    artifact.unsaved = artifact.path.isEmpty();
    const bool madeHere = artifact.unsaved;
    if (!artifact.path.isEmpty()) {
        for (std::size_t row = 0; row < artifacts_.size(); ++row) {
            if (artifacts_[row].path == artifact.path) {
                artifact.id = artifacts_[row].id;
                artifacts_[row] = std::move(artifact);
                deriveRelations();
                emit replaced(static_cast<int>(row));
                emit relationsChanged();
                if (artifacts_[row].id == activeTrace_) {
                    emit activeTraceChanged(activeTrace_);
                }
                return artifacts_[row].id;
            }
        }
    }
    artifact.id = ++nextId_;
    const int row = static_cast<int>(artifacts_.size());
    emit aboutToAdd(row);
    artifacts_.push_back(std::move(artifact));
    deriveRelations();
    emit added(row);
    emit relationsChanged();
    const Artifact& stored = artifacts_.back();
    const ArtifactId id = stored.id;
    if (stored.kind == ArtifactKind::Trace && activeTrace_ == 0) {
        setActiveTrace(id);
    }
    if (madeHere) {
        emit unsavedChanged();
    }
    return id;
}

void ArtifactStore::remove(ArtifactId id)
{
    const int row = indexOf(id);
    if (row < 0) {
        return;
    }
    emit aboutToRemove(row);
    const bool wasUnsaved = artifacts_[static_cast<std::size_t>(row)].unsaved;
    artifacts_.erase(artifacts_.begin() + row);
    deriveRelations();
    emit removed(row);
    emit relationsChanged();
    if (wasUnsaved) {
        emit unsavedChanged();
    }
    if (id == activeTrace_) {
        ArtifactId next = 0;
        for (const auto& artifact : artifacts_) {
            if (artifact.kind == ArtifactKind::Trace) {
                next = artifact.id;
                break;
            }
        }
        activeTrace_ = 0;
        setActiveTrace(next);
        if (next == 0) {
            emit activeTraceChanged(0);
        }
    }
}

void ArtifactStore::clear()
{
    while (!artifacts_.empty()) {
        remove(artifacts_.back().id);
    }
}

const Artifact* ArtifactStore::find(ArtifactId id) const
{
    const int row = indexOf(id);
    return row < 0 ? nullptr : &artifacts_[static_cast<std::size_t>(row)];
}

const Artifact* ArtifactStore::findByPath(const QString& path) const
{
    for (const auto& artifact : artifacts_) {
        if (artifact.path == path) {
            return &artifact;
        }
    }
    return nullptr;
}

std::vector<ArtifactId> ArtifactStore::unsavedArtifacts() const
{
    std::vector<ArtifactId> ids;
    for (const auto& artifact : artifacts_) {
        if (artifact.unsaved) {
            ids.push_back(artifact.id);
        }
    }
    return ids;
}

bool ArtifactStore::hasUnsaved() const
{
    return std::any_of(artifacts_.begin(), artifacts_.end(), [](const Artifact& a) { return a.unsaved; });
}

void ArtifactStore::markSaved(ArtifactId id, const QString& path)
{
    for (const auto& other : artifacts_) {
        if (other.id != id && other.path == path) {
            remove(other.id);
            break;
        }
    }
    const int row = indexOf(id);
    if (row < 0) {
        return;
    }
    Artifact& artifact = artifacts_[static_cast<std::size_t>(row)];
    const bool wasUnsaved = artifact.unsaved;
    artifact.path = path;
    artifact.name = QFileInfo(path).fileName();
    artifact.unsaved = false;
    deriveRelations();
    emit replaced(row);
    emit relationsChanged();
    if (wasUnsaved) {
        emit unsavedChanged();
    }
}

int ArtifactStore::indexOf(ArtifactId id) const
{
    for (std::size_t row = 0; row < artifacts_.size(); ++row) {
        if (artifacts_[row].id == id) {
            return static_cast<int>(row);
        }
    }
    return -1;
}

void ArtifactStore::setActiveTrace(ArtifactId id)
{
    const Artifact* artifact = find(id);
    if (id == activeTrace_ || (artifact != nullptr && artifact->kind != ArtifactKind::Trace)) {
        return;
    }
    if (id != 0 && artifact == nullptr) {
        return;
    }
    activeTrace_ = id;
    emit activeTraceChanged(id);
}

void ArtifactStore::deriveRelations()
{
    for (auto& artifact : artifacts_) {
        artifact.relations.clear();
    }
    // Two traces with the same normalised identity are the same workload, whatever their file
    // names. Reports (and later canaries and verifications) bind to a trace through the
    // normalised SHA-256 they record as their input.
    for (std::size_t a = 0; a < artifacts_.size(); ++a) {
        Artifact& from = artifacts_[a];
        for (std::size_t b = 0; b < artifacts_.size(); ++b) {
            const Artifact& to = artifacts_[b];
            if (a == b) {
                continue;
            }
            if (from.kind == ArtifactKind::Trace && to.kind == ArtifactKind::Trace && !from.identity.isEmpty() &&
                from.identity == to.identity) {
                from.relations.push_back({to.id, tr("same normalised trace as %1").arg(to.name)});
            }
            if (to.kind == ArtifactKind::Trace && !from.sourceIdentity().isEmpty() &&
                from.sourceIdentity() == to.identity) {
                // An artifact made here says how it was made ("reduced from ..."); a file says what it is.
                const QString made = originRelationText(from.origin.kind, to.name);
                from.relations.push_back(
                    {to.id, made.isEmpty() ? tr("%1 of %2").arg(artifactKindName(from.kind), to.name) : made});
            }
            if (from.verification && to.kind == ArtifactKind::Canary &&
                from.verification->canarySha256 == to.identity) {
                from.relations.push_back({to.id, tr("verifies %1").arg(to.name)});
            }
            if (to.verification && from.kind == ArtifactKind::Canary &&
                to.verification->canarySha256 == from.identity) {
                from.relations.push_back({to.id, tr("verified in %1").arg(to.name)});
            }
            if (from.kind == ArtifactKind::Trace && !to.sourceIdentity().isEmpty() &&
                to.sourceIdentity() == from.identity) {
                from.relations.push_back(
                    {to.id, tr("source of %1 (%2)").arg(to.name, artifactKindName(to.kind).toLower())});
            }
        }
    }
}

} // namespace cc::ui
