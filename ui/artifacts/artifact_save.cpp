#include "ui/artifacts/artifact_save.h"

#include "core/trace/trace_io.h"
#include "core/verify/verification_json.h"
#include "ui/util/save_file.h"

#include <QCoreApplication>

namespace cc::ui {

namespace {

class SaveText {
    Q_DECLARE_TR_FUNCTIONS(SaveText)
};

QString stem(QString name)
{
    for (const QString& ending : {QStringLiteral(".gz"), QStringLiteral(".json"), QStringLiteral(".canary"),
                                  QStringLiteral(".verification"), QStringLiteral(".trace")}) {
        if (name.endsWith(ending)) {
            name.chop(ending.size());
        }
    }
    return name;
}

} // namespace

std::shared_ptr<const std::string> artifactBytes(const Artifact& artifact)
{
    if (artifact.bytes) {
        return artifact.bytes;
    }
    if (artifact.kind == ArtifactKind::Verification && artifact.verification && artifact.verification->report) {
        // The same writer verify-behavior --out uses, so the file is the CLI's bytes.
        return std::make_shared<const std::string>(cc::verify::verificationJson(*artifact.verification->report));
    }
    if (isImportedTrace(artifact)) {
        // A trace imported from a profiler file: the trace format's bytes, as import-kineto -o writes.
        return std::make_shared<const std::string>(cc::writeTraceJson(*artifact.trace));
    }
    return nullptr;
}

bool isImportedTrace(const Artifact& artifact)
{
    return artifact.kind == ArtifactKind::Trace && artifact.trace && !artifact.importNotes.isEmpty();
}

bool canSaveArtifact(const Artifact& artifact)
{
    return artifact.bytes != nullptr ||
           (artifact.kind == ArtifactKind::Verification && artifact.verification && artifact.verification->report) ||
           isImportedTrace(artifact);
}

QString suggestedFileName(const Artifact& artifact)
{
    switch (artifact.kind) {
    case ArtifactKind::Canary:
        return stem(artifact.name) + QStringLiteral(".canary.json");
    case ArtifactKind::Verification: {
        // "verification of x.canary.json" is a display name; the file is named after the canary.
        QString name = artifact.name;
        const qsizetype space = name.lastIndexOf(QLatin1Char(' '));
        if (!artifact.path.isEmpty() || space < 0) {
            return stem(name) + QStringLiteral(".verification.json");
        }
        return stem(name.mid(space + 1)) + QStringLiteral(".verification.json");
    }
    case ArtifactKind::Report:
        return stem(artifact.name) + QStringLiteral(".report.json");
    case ArtifactKind::Trace:
        return stem(artifact.name) + QStringLiteral(".trace.json");
    case ArtifactKind::ConfigSet:
    case ArtifactKind::Campaign:
        break;
    }
    return artifact.name;
}

QString saveArtifact(ArtifactStore& store, ArtifactId id, const QString& path)
{
    const Artifact* artifact = store.find(id);
    if (artifact == nullptr) {
        return SaveText::tr("%1: the artifact to save is no longer open").arg(path);
    }
    const auto bytes = artifactBytes(*artifact);
    if (!bytes) {
        return SaveText::tr("%1: %2 has no bytes of its own to save").arg(path, artifact->name);
    }
    if (const QString problem = saveFileAtomically(path, bytes->data(), static_cast<qint64>(bytes->size()));
        !problem.isEmpty()) {
        return SaveText::tr("Could not write %1: %2").arg(path, problem);
    }
    store.markSaved(id, path);
    return {};
}

} // namespace cc::ui
