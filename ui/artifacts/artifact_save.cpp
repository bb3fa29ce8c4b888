#include "ui/artifacts/artifact_save.h"

#include "core/trace/trace_io.h"
#include "core/util/errors.h"
#include "core/verify/verification_json.h"
#include "ui/util/save_file.h"
#include "ui/util/text.h"

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

std::optional<SaveRequest> prepareSave(const ArtifactStore& store, ArtifactId id, const QString& path, QString* problem)
{
    const Artifact* artifact = store.find(id);
    if (artifact == nullptr) {
        *problem = SaveText::tr("%1: the artifact to save is no longer open").arg(path);
        return std::nullopt;
    }
    if (!canSaveArtifact(*artifact)) {
        *problem = SaveText::tr("%1: %2 has no bytes of its own to save").arg(path, artifact->name);
        return std::nullopt;
    }
    return SaveRequest{id, path, *artifact};
}

qint64 writeSave(const SaveRequest& request, cc::Progress& progress)
{
    progress.check();
    // A verification or an imported trace is serialised here, on the worker, not on the GUI thread.
    const auto bytes = artifactBytes(request.artifact);
    if (!bytes) {
        throw cc::IoError(
            toStd(SaveText::tr("%1: %2 has no bytes of its own to save").arg(request.path, request.artifact.name)));
    }
    const std::string message = toStd(SaveText::tr("Writing %1").arg(request.path));
    const auto size = static_cast<qint64>(bytes->size());
    if (const QString problem = saveFileAtomically(
            request.path, bytes->data(), size,
            [&](qint64 written, qint64 total) {
                progress.check();
                progress.report(total == 0 ? 1.0 : static_cast<double>(written) / static_cast<double>(total), message);
            });
        !problem.isEmpty()) {
        throw cc::IoError(toStd(SaveText::tr("Could not write %1: %2").arg(request.path, problem)));
    }
    return size;
}

bool finishSave(ArtifactStore& store, const SaveRequest& request)
{
    if (store.find(request.id) == nullptr) {
        return false;
    }
    store.markSaved(request.id, request.path);
    return true;
}

} // namespace cc::ui
