// Helpers shared by the capture suites that run the real worker through the CLI.
#pragma once

#include "test_support.h"

#include "capture/lib/rank_capture.h"
#include "core/util/json/value.h"

#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace cctest {

/// A recorded iteration of layout 1 whose forward, backward, communication-wait and optimizer
/// phases take 20, 40, 5 and 5 us from base; the caller adds its buckets.
inline cc::capture::IterationRecord syntheticIteration(int index, cc::capture::Ns base)
{
    cc::capture::IterationRecord it;
    it.index = index;
    it.layout = 1;
    it.forward = {base, base + 20'000};
    it.backward = {base + 20'000, base + 60'000};
    it.commWait = {base + 60'000, base + 65'000};
    it.optimizer = {base + 65'000, base + 70'000};
    return it;
}

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

/// Skips the calling test function (QSKIP) when `commcanary capture` cannot run backendDevice
/// here, with "<what>: <reason>" as the reason.
#define CCTEST_SKIP_UNLESS_CAPTURE(backendDevice, what)                                                                \
    do {                                                                                                               \
        const QString unavailable_ = cctest::captureUnavailable(backendDevice);                                        \
        if (!unavailable_.isEmpty()) {                                                                                 \
            QSKIP(qPrintable((what) + QStringLiteral(": ") + unavailable_));                                           \
        }                                                                                                              \
    } while (false)

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

/// The member key of obj (an object that has it), for editing a document in a test.
inline cc::json::Value& member(cc::json::Value& obj, std::string_view key)
{
    for (auto& m : obj.members()) {
        if (m.key == key) {
            return m.value;
        }
    }
    qFatal("the test document has no member %s", std::string(key).c_str());
}

inline const cc::json::Value& member(const cc::json::Value& obj, std::string_view key)
{
    const cc::json::Value* v = obj.find(key);
    if (v == nullptr) {
        qFatal("the test document has no member %s", std::string(key).c_str());
    }
    return *v;
}

/// Removes the member key from obj (an object).
inline void erase(cc::json::Value& obj, std::string_view key)
{
    auto& members = obj.members();
    std::erase_if(members, [&](const cc::json::Member& m) { return m.key == key; });
}

} // namespace cctest
