// Writing an artifact to a file the user chose. The bytes are the CLI's bytes for the same
// inputs and options: a canary's serialised bytes as core made them, a verification as core's
// writer lays it out (cc::verify::verificationJson), a loaded report or canary as it was read.
// The write is atomic (saveFileAtomically) and runs on a worker: prepareSave on the GUI thread,
// writeSave through the job runner (progress, Cancel), finishSave back on the GUI thread, where
// the store records the new path.
#pragma once

#include "core/util/progress.h"
#include "ui/artifacts/artifact_store.h"

#include <QString>

#include <memory>
#include <optional>
#include <string>

namespace cc::ui {

/// The bytes Save writes for the artifact, or null when it has none a file could hold (a trace or
/// configuration set opened from a file is already in that file). A trace imported from a
/// profiler file is written in the trace format (cc::writeTraceJson, what import-kineto -o writes).
std::shared_ptr<const std::string> artifactBytes(const Artifact& artifact);

/// True for a trace imported from a PyTorch profiler file (it has import notes).
bool isImportedTrace(const Artifact& artifact);

/// True when Save As can write the artifact (artifactBytes is not null).
bool canSaveArtifact(const Artifact& artifact);

/// A file name to offer in the save dialog ("x.lossless.canary.json", "x.verification.json").
QString suggestedFileName(const Artifact& artifact);

/// What a save needs, taken on the GUI thread: the artifact as it is (its payloads are shared and
/// immutable, so a worker may read them) and where it goes.
struct SaveRequest {
    ArtifactId id = 0;
    QString path;
    Artifact artifact;
};

/// Prepares saving the artifact to path (GUI thread). Without a value, *problem says why not
/// (naming the path): the artifact is gone or has no bytes of its own.
std::optional<SaveRequest> prepareSave(const ArtifactStore& store, ArtifactId id, const QString& path,
                                       QString* problem);

/// Makes the artifact's bytes and writes them to the request's path atomically (QSaveFile), with
/// progress per piece of 8 MiB; a worker's part. Returns the number of bytes written. Throws
/// cc::IoError naming the path when the write is refused, cc::Cancelled when cancelled; either
/// way nothing changed at the path (the previous file is kept whole).
qint64 writeSave(const SaveRequest& request, cc::Progress& progress);

/// Records a completed save in the store (GUI thread): the artifact is marked saved at the path.
/// False when it was closed meanwhile.
bool finishSave(ArtifactStore& store, const SaveRequest& request);

} // namespace cc::ui
