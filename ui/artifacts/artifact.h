// One loaded artifact as a value: what kind it is, where it came from, its identity (the
// SHA-256 that other artifacts refer to) and the core value it holds. Payloads are shared and
// immutable, so a view, a job and the store can hold the same trace without copying it.
#pragma once

#include "core/canary/canary.h"
#include "core/configs/backend_config.h"
#include "core/report/campaign.h"
#include "core/report/report.h"
#include "core/trace/trace.h"
#include "core/verify/behavior_verifier.h"
#include "ui/verification/verification_document.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

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
    Campaign, ///< a physical campaign's results (capture campaign)
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

/// How an artifact made in the workbench came to be: compiled, found by behaviour search or
/// reduced by ddmin from a trace. Kept because a reduced subset's canary may name the subset,
/// not the trace it was cut from, so its identity alone cannot tell where it came from.
enum class ArtifactOriginKind {
    None,     ///< opened from a file
    Compiled, ///< compile
    Searched, ///< behaviour search
    Reduced,  ///< ddmin reduce
};

struct ArtifactOrigin {
    ArtifactOriginKind kind = ArtifactOriginKind::None;
    QString sourceIdentity; ///< normalised SHA-256 of the trace it was made from
    QString sourceName;
    /// The verification options it was made under (search, reduce, strict compile), so that a
    /// one-click verification asks what its producer asked; null: the defaults.
    std::shared_ptr<const cc::verify::VerifyOptions> verifyOptions;
    QString summary; ///< one line from core ("reduced 100 -> 1 events in 18 oracle calls")
};

/// "compiled from %1", "searched from %1", "reduced from %1" (translated); empty for None.
QString originRelationText(ArtifactOriginKind kind, const QString& sourceName);

/// A physical campaign's results as core's strict reader read them, with every proxy's decision
/// on every configuration pair (core's pairDecisions, computed on the loader's worker).
struct CampaignDocument {
    cc::CampaignResults results;
    std::vector<std::vector<cc::CampaignPairDecision>> decisions; ///< per proxy, per pair in core's order
};

struct Artifact {
    ArtifactId id = 0; ///< assigned by the store
    ArtifactKind kind = ArtifactKind::Trace;
    QString path;
    QString name;     ///< file name for display
    QString identity; ///< SHA-256 hex: the normalised hash of a trace, the file hash otherwise
    std::vector<ArtifactFact> facts;
    std::vector<ArtifactRelation> relations; ///< maintained by the store
    ArtifactOrigin origin;                   ///< for artifacts made in the workbench
    /// For a trace imported from a PyTorch profiler (Kineto) file: what the import says about itself
    /// (core's describeKinetoImport, then describeImportLedger), one line each; empty otherwise.
    QStringList importNotes;
    /// Made in the workbench (no file behind it) and not yet written by Save; set by the store.
    bool unsaved = false;

    std::shared_ptr<const cc::Trace> trace;                   ///< Trace artifacts
    std::shared_ptr<const cc::ConfigSet> configs;             ///< ConfigSet artifacts
    std::shared_ptr<const cc::Canary> canary;                 ///< Canary artifacts
    std::shared_ptr<const VerificationDocument> verification; ///< Verification artifacts
    std::shared_ptr<const cc::ReportView> report;             ///< Report artifacts (summaries and protocol)
    std::shared_ptr<const CampaignDocument> campaign;         ///< Campaign artifacts
    std::shared_ptr<const std::string> bytes;                 ///< the file's bytes, where a later check needs them

    /// The identity of the trace this artifact was made from, when it names one.
    QString sourceIdentity() const;
};

} // namespace cc::ui
