// The CLI driver itself, end to end with the real binary: suggestions for a mistyped command,
// resource-limit overrides (--limit NAME=VALUE on every command, refused when unknown or
// malformed, in force when given), and progress on a terminal (run under a pseudo-terminal with
// script(1)): a line per phase, and a result that never runs into a progress line.
#include "test_support.h"

#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QtTest>

using cctest::runCli;

class TestCliDriver : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path(const QString& name) const { return dir_.filePath(name); }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void aMistypedCommandGetsASuggestion_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("suggested");
        QTest::newRow("transposed") << QStringLiteral("cmopile") << QStringLiteral("did you mean compile?");
        QTest::newRow("missing letter") << QStringLiteral("valdate") << QStringLiteral("did you mean validate?");
        QTest::newRow("prefix") << QStringLiteral("verify-b") << QStringLiteral("did you mean verify-behavior?");
    }

    void aMistypedCommandGetsASuggestion()
    {
        QFETCH(QString, typed);
        QFETCH(QString, suggested);
        const auto r = runCli({typed});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(suggested), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("unknown command \"") + typed + QLatin1Char('"')), qPrintable(r.err));
    }

    void nothingCloseGetsNoSuggestion()
    {
        const auto r = runCli({QStringLiteral("xyzzyplugh")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(!r.err.contains(QStringLiteral("did you mean")), qPrintable(r.err));
    }

    void helpListsTheLimitsByName()
    {
        const auto overview = runCli({QStringLiteral("--help")});
        QCOMPARE(overview.exitCode, 0);
        for (const char* name : {"input-bytes", "events", "expanded-events", "json-depth", "ranks-per-event",
                                 "string-bytes", "rank-slots", "memory-mib", "gzip-ratio", "sweep-cells"}) {
            QVERIFY2(overview.out.contains(QLatin1String("  ") + QLatin1String(name) + QLatin1Char(' ')), name);
        }
        const auto help = runCli({QStringLiteral("replay"), QStringLiteral("--help")});
        QVERIFY(help.out.contains(QStringLiteral("--limit NAME=VALUE")));
    }

    void badLimitOverridesAreUsageErrors_data()
    {
        QTest::addColumn<QString>("assignment");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown name") << QStringLiteral("evnts=5") << QStringLiteral("unknown limit \"evnts\"");
        QTest::newRow("no value") << QStringLiteral("events") << QStringLiteral("is not NAME=VALUE");
        QTest::newRow("zero") << QStringLiteral("events=0") << QStringLiteral("needs a positive integer");
        QTest::newRow("negative") << QStringLiteral("events=-3") << QStringLiteral("needs a positive integer");
        QTest::newRow("overflow") << QStringLiteral("memory-mib=99999999999999999999")
                                  << QStringLiteral("needs a positive integer");
        // Ceilings the product's own structures set: past them a raised limit would let an input
        // exhaust a reader's stack or wrap a 32-bit number instead of being refused.
        QTest::newRow("json-depth past its ceiling")
            << QStringLiteral("json-depth=3000000")
            << QStringLiteral("limit json-depth is at most 1024 (deeper documents would exhaust a reader's stack), "
                              "not 3000000");
        QTest::newRow("rank-slots past 32 bits")
            << QStringLiteral("rank-slots=4294967296") << QStringLiteral("limit rank-slots is at most 4294967295");
        QTest::newRow("events past 2^29")
            << QStringLiteral("events=536870913") << QStringLiteral("limit events is at most 536870912");
        QTest::newRow("expanded-events past 2^29")
            << QStringLiteral("expanded-events=1000000000") << QStringLiteral("limit expanded-events is at most");
        QTest::newRow("ranks-per-event past 2^24")
            << QStringLiteral("ranks-per-event=2000000000")
            << QStringLiteral("limit ranks-per-event is at most 16777216 (a collective's member list is held several "
                              "times over while it is read), not 2000000000");
        QTest::newRow("sweep-cells past 100,000")
            << QStringLiteral("sweep-cells=1000000000000") << QStringLiteral("limit sweep-cells is at most 100000");
        QTest::newRow("string-bytes past 32 bits")
            << QStringLiteral("string-bytes=4294967296") << QStringLiteral("limit string-bytes is at most 4294967295");
    }

    void theDeepestAllowedDocumentIsReadAndOneLevelMoreRefused()
    {
        // A document exactly as deep as the highest json-depth is read to its end; one level deeper
        // is refused by name, with the limit, and the process ends normally either way.
        auto nested = [](int depth) -> QByteArray { return QByteArray(depth, '[') + QByteArray(depth, ']'); };
        const QString atCeiling = path(QStringLiteral("deep-1024.json"));
        const QString past = path(QStringLiteral("deep-1025.json"));
        QVERIFY(cctest::writeAll(atCeiling, nested(1024)));
        QVERIFY(cctest::writeAll(past, nested(1025)));
        const auto read =
            runCli({QStringLiteral("info"), atCeiling, QStringLiteral("--limit"), QStringLiteral("json-depth=1024")});
        QVERIFY2(read.exitCode == 0, qPrintable(read.err.right(300)));
        QVERIFY2(read.out.contains(QStringLiteral("deep-1024.json")), qPrintable(read.out));
        const auto refused =
            runCli({QStringLiteral("info"), past, QStringLiteral("--limit"), QStringLiteral("json-depth=1024")});
        QCOMPARE(refused.exitCode, 3);
        QVERIFY2(refused.err.contains(QStringLiteral("deep-1025.json")) &&
                     refused.err.contains(QStringLiteral("deeper than the limit of 1024 levels")),
                 qPrintable(refused.err));
        const auto help = runCli({QStringLiteral("--help")});
        QVERIFY2(help.out.contains(QStringLiteral("64 (at most 1024)")), qPrintable(help.out));
    }

    void badLimitOverridesAreUsageErrors()
    {
        QFETCH(QString, assignment);
        QFETCH(QString, message);
        const QString out = path(QStringLiteral("bad-limit.report.json"));
        const auto r = runCli({QStringLiteral("replay"), cctest::example(QStringLiteral("decode.trace.json")),
                               QStringLiteral("--limit"), assignment, QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--limit: ")) && r.err.contains(message), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
    }

    void aLimitOverrideIsInForce()
    {
        const QString trace = cctest::example(QStringLiteral("decode.trace.json"));
        QCOMPARE(runCli({QStringLiteral("validate"), trace}).exitCode, 0);
        const auto r =
            runCli({QStringLiteral("validate"), trace, QStringLiteral("--limit"), QStringLiteral("events=10")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(trace), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("10")), qPrintable(r.err));
        // A canary of 20,000 events needs about 5 MiB once expanded: over a 1 MiB working-memory limit.
        const QString big = path(QStringLiteral("limit.trace.json"));
        const QString canary = path(QStringLiteral("limit.canary.json"));
        QCOMPARE(runCli({QStringLiteral("generate"), QStringLiteral("training"), QStringLiteral("--events"),
                         QStringLiteral("20000"), QStringLiteral("-o"), big})
                     .exitCode,
                 0);
        QCOMPARE(runCli({QStringLiteral("compile"), big, QStringLiteral("-o"), canary}).exitCode, 0);
        const QString report = path(QStringLiteral("limit.report.json"));
        const auto memory = runCli(
            {QStringLiteral("replay"), canary, QStringLiteral("--limit=memory-mib=1"), QStringLiteral("-o"), report});
        QCOMPARE(memory.exitCode, 3);
        QVERIFY2(memory.err.contains(canary), qPrintable(memory.err));
        QVERIFY2(memory.err.contains(QStringLiteral("--limit memory-mib=N overrides")), qPrintable(memory.err));
        QVERIFY(!QFile::exists(report));
    }

    void aCanaryRecordsTheLimitsItWasCompiledUnder()
    {
        const QString trace = cctest::example(QStringLiteral("decode.trace.json"));
        const QString plain = path(QStringLiteral("plain.canary.json"));
        const QString raised = path(QStringLiteral("raised.canary.json"));
        QCOMPARE(runCli({QStringLiteral("compile"), trace, QStringLiteral("-o"), plain}).exitCode, 0);
        QCOMPARE(runCli({QStringLiteral("compile"), trace, QStringLiteral("--limit"), QStringLiteral("events=60000000"),
                         QStringLiteral("--limit"), QStringLiteral("gzip-ratio=900"), QStringLiteral("-o"), raised})
                     .exitCode,
                 0);
        QVERIFY(!cctest::readAll(plain).contains("resource_limit_overrides"));
        QVERIFY2(cctest::readAll(raised).contains(R"("resource_limit_overrides":["events=60000000","gzip-ratio=900"])"),
                 cctest::readAll(raised).left(1500).constData());
        const auto info = runCli({QStringLiteral("info"), raised});
        QCOMPARE(info.exitCode, 0);
        QVERIFY2(info.out.contains(QStringLiteral("compiled under limits")) &&
                     info.out.contains(QStringLiteral("events=60000000, gzip-ratio=900")),
                 qPrintable(info.out));
        // The canary stays a valid canary: its own size and every commitment still check.
        const auto fidelity = runCli({QStringLiteral("verify-fidelity"), trace, raised});
        QVERIFY2(fidelity.exitCode == 0, qPrintable(fidelity.out + fidelity.err));
    }

    void aReportRecordsTheLimitsItWasReplayedUnder()
    {
        const QString trace = cctest::example(QStringLiteral("decode.trace.json"));
        const QString plain = path(QStringLiteral("plain.report.json"));
        const QString raised = path(QStringLiteral("raised.report.json"));
        QCOMPARE(runCli({QStringLiteral("replay"), trace, QStringLiteral("-o"), plain}).exitCode, 0);
        QCOMPARE(runCli({QStringLiteral("replay"), trace, QStringLiteral("--limit"), QStringLiteral("events=60000000"),
                         QStringLiteral("-o"), raised})
                     .exitCode,
                 0);
        QVERIFY(!cctest::readAll(plain).contains("resource_limit_overrides"));
        QVERIFY2(cctest::readAll(raised).contains(R"("resource_limit_overrides":["events=60000000"])"),
                 cctest::readAll(raised).left(1500).constData());
        // verify-report rebuilds it under the recorded limits, bit for bit.
        const auto verified = runCli({QStringLiteral("verify-report"), raised, QStringLiteral("--input"), trace});
        QVERIFY2(verified.exitCode == 0, qPrintable(verified.out + verified.err));
        // A recorded override that is not one is refused with its path.
        QByteArray bad = cctest::readAll(raised);
        bad.replace("events=60000000", "evens=60000000");
        const QString tampered = path(QStringLiteral("tampered.report.json"));
        QVERIFY(cctest::writeAll(tampered, bad));
        const auto refused = runCli({QStringLiteral("verify-report"), tampered, QStringLiteral("--input"), trace});
        QCOMPARE(refused.exitCode, 3);
        QVERIFY2(refused.err.contains(QStringLiteral("$.protocol.resource_limit_overrides[0]")),
                 qPrintable(refused.err));
    }

    void progressOnATerminalNamesPhasesAndClearsBeforeTheResult()
    {
        const QString script = QStandardPaths::findExecutable(QStringLiteral("script"));
        if (script.isEmpty()) {
            QSKIP("script(1) (util-linux) is not installed: no pseudo-terminal to run the CLI on");
        }
        const QString trace = path(QStringLiteral("tty.trace.json"));
        QCOMPARE(runCli({QStringLiteral("generate"), QStringLiteral("training"), QStringLiteral("--events"),
                         QStringLiteral("20000"), QStringLiteral("-o"), trace})
                     .exitCode,
                 0);
        const QString out = path(QStringLiteral("tty.canary.json"));
        const QString command =
            QStringLiteral("'%1' compile '%2' -o '%3'").arg(QStringLiteral(COMMCANARY_CLI_PATH), trace, out);
        QProcess p;
        p.start(script, {QStringLiteral("-qfec"), command, QStringLiteral("/dev/null")});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        const QString screen = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(screen.contains(QStringLiteral("%")), qPrintable(screen));
        // The result starts a line of its own: the progress line was cleared before it.
        const QRegularExpression wrote(QStringLiteral("(^|\\n|\\x1b\\[K)wrote "));
        QVERIFY2(screen.contains(wrote), qPrintable(screen));
        QVERIFY2(!screen.contains(QRegularExpression(QStringLiteral("[a-z0-9)]wrote "))), qPrintable(screen));
        // A finished phase stays on the screen as a line with its time.
        QVERIFY2(screen.contains(QRegularExpression(QStringLiteral("\\([0-9]+\\.[0-9] s\\)\\r?\\n"))),
                 qPrintable(screen));
        QVERIFY(QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(TestCliDriver)
#include "tst_cli_driver.moc"
