// Opening a file as an artifact: decide what the file is, read it with the matching core
// reader and summarise it. Runs on a worker thread (it can take seconds for a large trace);
// throws cc::InputError / cc::IoError / cc::Cancelled like the core readers it calls.
#pragma once

#include "core/util/progress.h"
#include "ui/artifacts/artifact.h"

#include <QString>

namespace cc::ui {

/// The kind a file claims to be, by core's file detection (cc::detectFileFormat: the "format"
/// value near its start, gzip read through). JSON without a "format" tag is what PyTorch's
/// profiler writes (Kineto, Chrome-trace JSON) and is imported as a trace (isKinetoProfile);
/// everything else is read as a trace, whose reader then names any rule the file breaks. Throws cc::InputError when the
/// file is not JSON at all (saying what it looks like: "a PNG image", ...), cc::IoError when it cannot be read.
ArtifactKind detectArtifactKind(const QString& path);

/// True when the file carries no "format" tag (cc::FileFormat::Unknown without a tag): opened
/// through core's Kineto import, the function `commcanary import-kineto` calls.
bool isKinetoProfile(const QString& path);

/// Reads and summarises the file. The returned artifact has no id yet.
Artifact loadArtifact(const QString& path, cc::Progress& progress);

/// An artifact for a verification document (read from path, or just computed when path is empty).
Artifact verificationArtifact(VerificationDocument document, const QString& path);

/// An artifact for a canary and its serialised bytes (read from path, or just made in the
/// workbench when path is empty); its identity is the SHA-256 of the bytes.
Artifact canaryArtifact(std::shared_ptr<const cc::Canary> canary, std::shared_ptr<const std::string> bytes,
                        const QString& path, const QString& name);

/// An artifact for a physical campaign's results and the file's bytes: every proxy's per-pair
/// decisions are computed here (core's pairDecisions), so call it on a worker.
Artifact campaignArtifact(cc::CampaignResults results, std::shared_ptr<const std::string> bytes, const QString& path,
                          const QString& name, cc::Progress& progress);

/// Summarises an in-memory trace (facts and identity), e.g. for a generated trace.
Artifact traceArtifact(std::shared_ptr<const cc::Trace> trace, const QString& path, cc::Progress& progress);

} // namespace cc::ui
