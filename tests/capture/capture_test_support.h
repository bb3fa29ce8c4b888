// Helpers shared by the capture suites that run the real worker through the CLI.
#pragma once

#include "test_support.h"

#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace cctest {

/// Why `commcanary capture` cannot run backend/device here ("gloo/cpu", "gloo/cuda",
/// "nccl/cuda"), from `commcanary doctor --json`; empty when it can.
inline QString captureUnavailable(const QString& backendDevice)
{
    const CliResult doctor = runCli({QStringLiteral("doctor"), QStringLiteral("--json")}, 120000);
    if (doctor.exitCode != 0) {
        return QStringLiteral("commcanary doctor failed: ") + doctor.err;
    }
    const QJsonObject report = QJsonDocument::fromJson(doctor.out.toUtf8()).object();
    const QJsonValue verdict = report.value(QStringLiteral("can_capture")).toObject().value(backendDevice);
    if (verdict.isBool() && verdict.toBool()) {
        return {};
    }
    return verdict.isString() ? verdict.toString() : QStringLiteral("doctor gave no verdict for ") + backendDevice;
}

/// Processes whose command line mentions text (e.g. a cell directory), for "no rank survives".
inline QStringList processesMentioning(const QString& text)
{
    QStringList found;
    QDirIterator it(QStringLiteral("/proc"), QDir::Dirs | QDir::NoDotAndDotDot);
    while (it.hasNext()) {
        const QString dir = it.next();
        bool numeric = false;
        QFileInfo(dir).fileName().toInt(&numeric);
        if (!numeric) {
            continue;
        }
        QByteArray cmdline = readAll(dir + QStringLiteral("/cmdline"));
        cmdline.replace('\0', ' ');
        if (cmdline.contains(text.toUtf8())) {
            found << QFileInfo(dir).fileName() + QLatin1Char(' ') + QString::fromUtf8(cmdline);
        }
    }
    return found;
}

} // namespace cctest
