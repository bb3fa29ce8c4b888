// A verification (commcanary-workbench.verification.v1) as the stepper shows it: the derived
// claim and one page per status (timing mode, commitments, coverage, behavioural fidelity,
// ranking), each with its evidence as a table. Built from the verification JSON, whether it was
// read from a file or just produced by verify-behavior, so both paths show the same thing.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

namespace cc::ui {

struct VerificationPage {
    QString key;   ///< "timing_mode", "commitments", ...
    QString title; ///< translated
    bool pass = false;
    QString statusText; ///< "pass", "fail", plus the mode or coverage where it applies
    QString explanation;
    QStringList headers;
    std::vector<QStringList> rows;
    std::vector<bool> rowPass; ///< per row; failing rows come first
};

struct VerificationDocument {
    QString name;
    QString sha256; ///< of the JSON bytes
    QString claim;
    QStringList claimReasons;
    QString sourceSha256;
    QString canarySha256;
    QStringList notProven;
    std::vector<VerificationPage> pages;
};

/// Parses verification JSON. Throws cc::InputError naming name and the JSON path when the
/// document is not a verification of this format.
VerificationDocument parseVerification(const QByteArray& json, const QString& name);

} // namespace cc::ui
