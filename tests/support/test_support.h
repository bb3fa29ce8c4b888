// Shared helpers for the Qt Test suites: paths to bundled and shared data, running the CLI.
#pragma once

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>
#include <QtTest>

#include <string>
#include <vector>

namespace cctest {

inline QString examplesDir()
{
    return QStringLiteral(COMMCANARY_EXAMPLES_DIR);
}
inline QString configsDir()
{
    return QStringLiteral(COMMCANARY_CONFIGS_DIR);
}
inline QString example(const QString& name)
{
    return examplesDir() + QLatin1Char('/') + name;
}
/// The bundled default configuration set.
inline QString defaultConfigs()
{
    return configsDir() + QStringLiteral("/default.configs.json");
}

/// The sibling shared/ folder; tests that need it QSKIP when it is absent.
inline QString sharedDir()
{
    return QStringLiteral(COMMCANARY_SHARED_DIR);
}
inline bool haveShared(const QString& sub)
{
    return QDir(sharedDir() + QLatin1Char('/') + sub).exists();
}

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

inline std::string toStd(const QString& s)
{
    return s.toStdString();
}

/// The whitespace-separated integers of a line (of a table the CLI or a view prints).
inline std::vector<long long> numbersOf(const QString& line)
{
    std::vector<long long> numbers;
    for (const QString& cell : line.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        bool ok = false;
        const long long v = cell.toLongLong(&ok);
        if (ok) {
            numbers.push_back(v);
        }
    }
    return numbers;
}

/// A JSON file's top-level object (empty when the file is missing or not an object).
inline QJsonObject readJsonObject(const QString& file)
{
    return QJsonDocument::fromJson(readAll(file)).object();
}

} // namespace cctest
