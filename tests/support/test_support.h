// Shared helpers for the Qt Test suites: paths to bundled and shared data, running the CLI.
#pragma once

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>
#include <QtTest>

#include <string>

namespace cctest {

inline QString examplesDir() { return QStringLiteral(COMMCANARY_EXAMPLES_DIR); }
inline QString configsDir() { return QStringLiteral(COMMCANARY_CONFIGS_DIR); }
inline QString example(const QString& name) { return examplesDir() + QLatin1Char('/') + name; }

/// The sibling shared/ folder; tests that need it QSKIP when it is absent.
inline QString sharedDir() { return QStringLiteral(COMMCANARY_SHARED_DIR); }
inline bool haveShared(const QString& sub) { return QDir(sharedDir() + QLatin1Char('/') + sub).exists(); }

struct CliResult {
    int exitCode = -1;
    QString out;
    QString err;
};

/// Runs the commcanary CLI with args and waits (up to timeoutMs).
inline CliResult runCli(const QStringList& args, int timeoutMs = 120000, const QString& workingDir = {})
{
    QProcess process;
    if (!workingDir.isEmpty()) {
        process.setWorkingDirectory(workingDir);
    }
    process.start(QStringLiteral(COMMCANARY_CLI_PATH), args);
    CliResult result;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err = QStringLiteral("timed out");
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

inline QByteArray readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return {};
    }
    return file.readAll();
}

inline bool writeAll(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        return false;
    }
    return file.write(bytes) == bytes.size();
}

/// The files in dir (names only), for "nothing was written" checks.
inline QStringList filesIn(const QString& dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

inline std::string toStd(const QString& s) { return s.toStdString(); }

} // namespace cctest
