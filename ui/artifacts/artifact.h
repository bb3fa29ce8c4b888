// One loaded artifact as a value: what kind it is, where it came from, its identity (the
// SHA-256 that other artifacts refer to) and the core value it holds. Payloads are shared and
// immutable, so a view, a job and the store can hold the same trace without copying it.
#pragma once

#include "core/canary/canary.h"
#include "core/configs/backend_config.h"
#include "core/report/report.h"
#include "core/trace/trace.h"
#include "ui/verification/verification_document.h"

#include <QList>
#include <QMetaType>
#include <QString>

#include <memory>
#include <utility>
#include <vector>

namespace cc::ui {

using ArtifactId = quint64;

enum class ArtifactKind {
    Trace,
    Canary,
    Report,
    Verification,
    ConfigSet,
};

QString artifactKindName(ArtifactKind kind);

struct ArtifactFact {
    QString label;
    QString value;
};

/// A link between two loaded artifacts, derived from their identities.
struct ArtifactRelation {
    ArtifactId other = 0;
    QString text; ///< e.g. "compiled from adversarial.trace.json"
};

struct Artifact {
    ArtifactId id = 0; ///< assigned by the store
    ArtifactKind kind = ArtifactKind::Trace;
    QString path;
    QString name;     ///< file name for display
    QString identity; ///< SHA-256 hex: the normalised hash of a trace, the file hash otherwise
    std::vector<ArtifactFact> facts;
    std::vector<ArtifactRelation> relations; ///< maintained by the store

    std::shared_ptr<const cc::Trace> trace;                   ///< Trace artifacts
    std::shared_ptr<const cc::ConfigSet> configs;             ///< ConfigSet artifacts
    std::shared_ptr<const cc::Canary> canary;                 ///< Canary artifacts
    std::shared_ptr<const VerificationDocument> verification; ///< Verification artifacts
    std::shared_ptr<const cc::ReportView> report;             ///< Report artifacts (summaries and protocol)
    std::shared_ptr<const std::string> bytes;                 ///< the file's bytes, where a later check needs them

    /// The identity of the trace this artifact was made from, when it names one.
    QString sourceIdentity() const;
};

} // namespace cc::ui
