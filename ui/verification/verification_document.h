// A verification (commcanary-workbench.verification.v1) as the stepper shows it: the derived
// claim and one page per status (timing mode, commitments, coverage, behavioural fidelity,
// ranking), each with its evidence as a table under human labels. Mapped from core's value
// (cc::verify::VerificationReport), whether it was read from a file by core's reader or just
// produced by verify-behavior: this folder never reads or writes the format's JSON itself.
#pragma once

#include "core/verify/verification.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace cc::ui {

struct VerificationPage {
    QString key;   ///< "timing_mode", "commitments", ...
    QString title; ///< translated
    bool pass = false;
    QString statusText; ///< "pass", "fail", plus the mode, coverage or figures where they apply
    QString explanation;
    QStringList headers;
    std::vector<QStringList> rows;
    std::vector<bool> rowPass; ///< per row; failing rows come first
};

struct VerificationDocument {
    QString name;
    QString sha256; ///< of the verification's JSON bytes (the file's, or core's writer's for a new one)
    QString claim;
    QStringList claimReasons;
    QString sourceSha256;
    QString canarySha256;
    QStringList notProven; ///< one sentence each
    std::vector<VerificationPage> pages;
    std::shared_ptr<const cc::verify::VerificationReport> report; ///< the core value shown

    /// The first page whose status fails, or -1 when every status passes.
    int firstFailingPage() const;
};

/// Maps a report to pages. sha256 names the JSON bytes it was read from.
VerificationDocument verificationDocument(cc::verify::VerificationReport report, const QString& name,
                                          const QString& sha256);

/// Maps a report just produced: its SHA-256 is that of core's writer's bytes for it, the bytes
/// the CLI writes for the same inputs.
VerificationDocument verificationDocument(cc::verify::VerificationReport report, const QString& name);

/// Reads verification JSON with core's strict reader (cc::verify::readVerification) and maps it.
/// Throws cc::InputError naming name, the JSON path and the rule when the document is not a
/// verification of this format.
VerificationDocument parseVerification(const QByteArray& json, const QString& name);

} // namespace cc::ui
