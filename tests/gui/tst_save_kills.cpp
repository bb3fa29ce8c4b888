// The workbench's save (saveFileAtomically, behind every Save, Save As and Export) under SIGKILL:
// a child process, this same executable started with COMMCANARY_SAVE_CHILD set, saves 64 MiB
// versions of an artifact over one path, one after another, and is killed at 20 seeded points.
// After each kill the path holds nothing or one complete version, and no temporary is left
// beside it.
#include "ui/util/save_file.h"

#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QRandomGenerator>
#include <QtTest>

#include <csignal>
#include <cstdio>
#include <cstdlib>

namespace {

constexpr qint64 kVersionBytes = qint64{64} << 20;

/// Version v: every byte is the same, (v % 250) + 1, so a complete file is recognised by its
/// size and by every byte agreeing.
QByteArray version(int v)
{
    return QByteArray(kVersionBytes, static_cast<char>((v % 250) + 1));
}

/// The child: saves version after version until it is killed.
[[noreturn]] void runChild(const QString& path)
{
    for (int v = 0;; ++v) {
        const QString problem = cc::ui::saveFileAtomically(path, version(v));
        if (!problem.isEmpty()) {
            std::fprintf(stderr, "save failed: %s\n", qPrintable(problem));
            std::_Exit(3);
        }
        std::fprintf(stdout, "saved %d\n", v);
        std::fflush(stdout);
    }
}

struct ChildHook {
    ChildHook()
    {
        const QByteArray path = qgetenv("COMMCANARY_SAVE_CHILD");
        if (!path.isEmpty()) {
            runChild(QString::fromLocal8Bit(path));
        }
    }
} childHook;

} // namespace

class TestSaveKills : public QObject {
    Q_OBJECT

private slots:
    void sigkillDuringSaveNeverLeavesAPartialFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("result.canary.json"));

        // How long one save takes sets the scale of the kill points.
        QElapsedTimer clock;
        clock.start();
        QCOMPARE(cc::ui::saveFileAtomically(path, version(0)), QString());
        const qint64 saveMs = std::max<qint64>(clock.elapsed(), 10);
        QVERIFY(QFile::remove(path));

        QRandomGenerator random(24);
        int completeSeen = 0;
        for (int k = 0; k < 20; ++k) {
            // Up to three saves in, so some kills land on a later save over a complete file.
            const int delayMs = static_cast<int>(random.bounded(static_cast<int>(saveMs * 3)));
            QProcess child;
            QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
            environment.insert(QStringLiteral("COMMCANARY_SAVE_CHILD"), path);
            child.setProcessEnvironment(environment);
            child.start(QCoreApplication::applicationFilePath(), {});
            QVERIFY(child.waitForStarted());
            QTest::qWait(delayMs);
            QCOMPARE(child.state(), QProcess::Running);
            ::kill(static_cast<pid_t>(child.processId()), SIGKILL);
            QVERIFY(child.waitForFinished(30000));
            QCOMPARE(child.exitStatus(), QProcess::CrashExit);

            const QString where = QStringLiteral("kill %1 after %2 ms").arg(k).arg(delayMs);
            const QStringList left = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System);
            QVERIFY2(left.isEmpty() || left == QStringList{QStringLiteral("result.canary.json")},
                     qPrintable(where + QStringLiteral(": ") + left.join(QLatin1Char(' '))));
            if (!left.isEmpty()) {
                QFile file(path);
                QVERIFY(file.open(QIODevice::ReadOnly));
                const QByteArray bytes = file.readAll();
                QVERIFY2(bytes.size() == kVersionBytes, qPrintable(where + QStringLiteral(": a partial file")));
                QVERIFY2(bytes.count(bytes.front()) == bytes.size(), qPrintable(where + QStringLiteral(": mixed")));
                ++completeSeen;
            }
        }
        qInfo("20 kills during saves of %lld MiB (%lld ms each): %d left a complete file, %d left none",
              kVersionBytes >> 20, saveMs, completeSeen, 20 - completeSeen);
    }
};

QTEST_GUILESS_MAIN(TestSaveKills)
#include "tst_save_kills.moc"
