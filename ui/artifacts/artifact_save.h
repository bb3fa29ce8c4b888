// Writing an artifact to a file the user chose. The bytes are the CLI's bytes for the same
// inputs and options: a canary's serialised bytes as core made them, a verification as core's
// writer lays it out (cc::verify::verificationJson), a loaded report or canary as it was read.
// The write is atomic (saveFileAtomically); on success the store records the new path.
#pragma once

#include "ui/artifacts/artifact_store.h"

#include <QString>

#include <memory>
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

/// Writes the artifact's bytes to path atomically and marks it saved there. Returns an empty
/// string on success, otherwise why not (naming the path); then nothing changed, neither at path
/// nor in the store.
QString saveArtifact(ArtifactStore& store, ArtifactId id, const QString& path);

} // namespace cc::ui
