// End-to-end: commcanary replay, verify-report and compare on real files with the real binary.
// Deterministic reports, bit-for-bit verification naming the first difference, the regression
// gate, and refusals (bad configuration files, unknown ablations, incomparable reports) that
// exit 3 and write nothing.
#include "test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using cctest::runCli;

namespace {

QString adversarialTrace()
{
    return cctest::example(QStringLiteral("adversarial_decode.trace.json"));
}

using cctest::defaultConfigs;

} // namespace

class TestCliReplay : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString path(const QString& name) const { return dir_.filePath(name); }

    /// Writes a configuration set: the default one with launch latency scaled by percent.
    QString scaledConfigs(const QString& name, int percent)
    {
        QJsonDocument doc = QJsonDocument::fromJson(cctest::readAll(defaultConfigs()));
        QJsonObject root = doc.object();
        QJsonArray list = root.value(QStringLiteral("configurations")).toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            QJsonObject c = list[i].toObject();
            c[QStringLiteral("launch_latency_ns")] =
                c.value(QStringLiteral("launch_latency_ns")).toInt() * percent / 100;
            list[i] = c;
        }
        root[QStringLiteral("configurations")] = list;
        const QString file = path(name);
        cctest::writeAll(file, QJsonDocument(root).toJson());
        return file;
    }

    QString replay(const QString& output, const QStringList& extra = {})
    {
        auto r =
            runCli(QStringList{QStringLiteral("replay"), adversarialTrace(), QStringLiteral("-o"), output} + extra);
        if (r.exitCode != 0) {
            return r.err;
        }
        return {};
    }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void helpExplainsEachCommand()
    {
        auto overview = runCli({QStringLiteral("--help")});
        for (const auto& command : {"replay", "verify-report", "compare"}) {
            QVERIFY2(overview.out.contains(QString::fromLatin1(command)), command);
            auto r = runCli({QString::fromLatin1(command), QStringLiteral("--help")});
            QCOMPARE(r.exitCode, 0);
            QVERIFY(r.out.contains(QStringLiteral("usage: commcanary ") + QString::fromLatin1(command)));
        }
        auto r = runCli({QStringLiteral("replay"), QStringLiteral("--help")});
        for (const auto& option : {"--configs", "--iterations", "--seed", "--ablate", "--isolated", "--samples",
                                   "--tie-tolerance", "rare_tail_windows", "queue_reset_gaps", "not a measurement"}) {
            QVERIFY2(r.out.contains(QString::fromLatin1(option)), option);
        }
        r = runCli({QStringLiteral("compare"), QStringLiteral("--help")});
        QVERIFY(r.out.contains(QStringLiteral("--threshold")) && r.out.contains(QStringLiteral("--baseline-config")));
    }

    void replayIsDeterministicAndVerifies()
    {
        const QString a = path(QStringLiteral("a.report.json"));
        const QString b = path(QStringLiteral("b.report.json"));
        auto r = runCli({QStringLiteral("replay"), adversarialTrace(), QStringLiteral("-o"), a});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("model, not hardware")));
        for (const auto& name : {"baseline", "low_latency", "high_bandwidth", "overlap_friendly", "congested"}) {
            QVERIFY2(r.out.contains(QString::fromLatin1(name)), name);
        }
        QVERIFY(replay(b, {QStringLiteral("--configs"), defaultConfigs()}).isEmpty());
        QCOMPARE(cctest::readAll(a), cctest::readAll(b)); // byte-identical, with or without --configs

        auto v = runCli({QStringLiteral("verify-report"), a, QStringLiteral("--input"), adversarialTrace()});
        QCOMPARE(v.exitCode, 0);
        QVERIFY(v.out.contains(QStringLiteral("bit for bit")));
    }

    /// Latencies of eleven or more digits (a petabyte all_reduce) widen their columns instead of
    /// running into the next one: every row still splits into a name and six figures.
    void summaryTableWidensForLargeLatencies()
    {
        const QString trace = path(QStringLiteral("huge.trace.json"));
        QVERIFY(cctest::writeAll(trace, R"({"format":"commcanary.trace.v1","events":[)"
                                        R"({"op":"all_reduce","bytes":1000000000000000,"ranks":[0,1],"gap_us":1},)"
                                        R"({"op":"all_reduce","bytes":1024,"ranks":[0,1],"gap_us":1}]})"));
        auto r =
            runCli({QStringLiteral("replay"), trace, QStringLiteral("-o"), path(QStringLiteral("huge.report.json"))});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        int rows = 0;
        for (const QString& line : lines) {
            if (!line.startsWith(QStringLiteral("  "))) {
                continue;
            }
            const QStringList cells = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            QCOMPARE(cells.size(), 7);
            QVERIFY2(cells[4].size() >= 14, qPrintable(line)); // the max: 10^9 us or more, three decimals
            ++rows;
        }
        QCOMPARE(rows, 5);
    }

    void verifyReportFailsOnAnEditedNumber()
    {
        const QString a = path(QStringLiteral("edit.report.json"));
        QVERIFY(replay(a).isEmpty());
        QByteArray bytes = cctest::readAll(a);
        const QByteArray anchor = "\"name\":\"congested\",\"summary\":{\"count\":100,\"median_ns\":";
        qsizetype at = bytes.indexOf(anchor);
        QVERIFY(at > 0);
        at += anchor.size();
        bytes[at] = bytes[at] == '9' ? '8' : char(bytes[at] + 1);
        const QString edited = path(QStringLiteral("edited.report.json"));
        QVERIFY(cctest::writeAll(edited, bytes));
        auto v = runCli({QStringLiteral("verify-report"), edited, QStringLiteral("--input"), adversarialTrace()});
        QCOMPARE(v.exitCode, 1);
        QVERIFY2(v.err.contains(QStringLiteral("first difference at $.configurations[4].summary.median_ns")),
                 qPrintable(v.err));
    }

    void verifyReportFailsOnAnEditedProtocol()
    {
        const QString a = path(QStringLiteral("protocol.report.json"));
        QVERIFY(replay(a, {QStringLiteral("--iterations"), QStringLiteral("2")}).isEmpty());
        QByteArray bytes = cctest::readAll(a);
        QVERIFY(bytes.contains("\"iterations\":2,"));
        bytes.replace("\"iterations\":2,", "\"iterations\":3,");
        const QString edited = path(QStringLiteral("protocol-edited.report.json"));
        QVERIFY(cctest::writeAll(edited, bytes));
        auto v = runCli({QStringLiteral("verify-report"), edited, QStringLiteral("--input"), adversarialTrace()});
        QCOMPARE(v.exitCode, 1);
        QVERIFY2(v.err.contains(QStringLiteral("verification failed: first difference at $.")), qPrintable(v.err));
        QVERIFY(v.err.contains(QStringLiteral("body_sha256")));

        // Verifying against another input fails naming the input hash.
        const QString other = cctest::example(QStringLiteral("decode.trace.json"));
        v = runCli({QStringLiteral("verify-report"), a, QStringLiteral("--input"), other});
        QCOMPARE(v.exitCode, 1);
        QVERIFY(v.err.contains(QStringLiteral("protocol.input.sha256")));
    }

    void digestSamplesVerify()
    {
        const QString a = path(QStringLiteral("digest.report.json"));
        QVERIFY(replay(a, {QStringLiteral("--samples"), QStringLiteral("digest"), QStringLiteral("--seed"),
                           QStringLiteral("18446744073709551615"), QStringLiteral("--ablate"),
                           QStringLiteral("ordering,pressure")})
                    .isEmpty());
        QJsonObject doc = QJsonDocument::fromJson(cctest::readAll(a)).object();
        QCOMPARE(doc.value(QStringLiteral("samples")).toObject().value(QStringLiteral("mode")).toString(),
                 QStringLiteral("digest"));
        QVERIFY(!doc.value(QStringLiteral("samples")).toObject().contains(QStringLiteral("configurations")));
        auto v = runCli({QStringLiteral("verify-report"), a, QStringLiteral("--input"), adversarialTrace()});
        QCOMPARE(v.exitCode, 0);
    }

    void compareGatesRegressions()
    {
        const QString base = path(QStringLiteral("base.report.json"));
        const QString slow = path(QStringLiteral("slow.report.json"));
        QVERIFY(replay(base).isEmpty());
        QVERIFY(replay(slow, {QStringLiteral("--configs"), scaledConfigs(QStringLiteral("slow.configs.json"), 150)})
                    .isEmpty());

        auto same = runCli({QStringLiteral("compare"), base, base});
        QCOMPARE(same.exitCode, 0);
        QVERIFY(same.out.startsWith(QStringLiteral("OK")));

        const QString out = path(QStringLiteral("compare.json"));
        auto r = runCli({QStringLiteral("compare"), base, slow, QStringLiteral("--threshold"),
                         QStringLiteral("p99=10%,max=20%"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.startsWith(QStringLiteral("REGRESSION")));
        QVERIFY2(r.out.contains(QStringLiteral("overall: median")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("phase decode")));
        QVERIFY(r.out.contains(QStringLiteral("op all_reduce")));
        QVERIFY(r.out.contains(QStringLiteral("limit 5.00%")));
        QJsonObject written = QJsonDocument::fromJson(cctest::readAll(out)).object();
        QCOMPARE(written.value(QStringLiteral("verdict")).toString(), QStringLiteral("regression"));

        // The faster candidate passes the gate; one chosen pair can be compared across names.
        const QString fast = path(QStringLiteral("fast.report.json"));
        QVERIFY(replay(fast, {QStringLiteral("--configs"), scaledConfigs(QStringLiteral("fast.configs.json"), 50)})
                    .isEmpty());
        QCOMPARE(runCli({QStringLiteral("compare"), base, fast}).exitCode, 0);
        auto pair = runCli({QStringLiteral("compare"), base, base, QStringLiteral("--baseline-config"),
                            QStringLiteral("high_bandwidth"), QStringLiteral("--candidate-config"),
                            QStringLiteral("congested")});
        QCOMPARE(pair.exitCode, 1);
        QVERIFY(pair.out.contains(QStringLiteral("high_bandwidth -> congested")));
    }

    void incomparableReportsExit3AndWriteNothing()
    {
        const QString base = path(QStringLiteral("seed1.report.json"));
        const QString other = path(QStringLiteral("seed2.report.json"));
        QVERIFY(replay(base).isEmpty());
        QVERIFY(replay(other, {QStringLiteral("--seed"), QStringLiteral("2")}).isEmpty());
        const QString out = path(QStringLiteral("never.json"));
        auto r = runCli({QStringLiteral("compare"), base, other, QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(QStringLiteral("incomparable reports: seeds differ (1 vs 2)")), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));

        const QString isolated = path(QStringLiteral("isolated.report.json"));
        QVERIFY(replay(isolated, {QStringLiteral("--isolated")}).isEmpty());
        r = runCli({QStringLiteral("compare"), base, isolated, QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains(QStringLiteral("isolated")));
        QVERIFY(!QFile::exists(out));

        r = runCli({QStringLiteral("compare"), base, base, QStringLiteral("--threshold"), QStringLiteral("p98=5%"),
                    QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains(QStringLiteral("unknown threshold metric \"p98\"")));
        QVERIFY(!QFile::exists(out));
    }

    void badConfigurationFilesExit3AndWriteNothing_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("expected");
        QTest::newRow("fraction") << QByteArray("\"launch_latency_ns\": 6000")
                                  << QByteArray("\"launch_latency_ns\": 6000.5")
                                  << QStringLiteral("field $.configurations[0].launch_latency_ns: must be an integer");
        QTest::newRow("typo") << QByteArray("\"step_latency_ns\": 750") << QByteArray("\"step_latncy_ns\": 750")
                              << QStringLiteral("$.configurations[1].step_latncy_ns: is not a known field");
        QTest::newRow("format") << QByteArray("configs.v1") << QByteArray("configs.v2")
                                << QStringLiteral("field $.format: must be \"commcanary-workbench.configs.v1\"");
        QTest::newRow("broken json") << QByteArray("\"configurations\": [") << QByteArray("\"configurations\": [[")
                                     << QStringLiteral("not valid JSON");
    }

    void badConfigurationFilesExit3AndWriteNothing()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, expected);
        QByteArray bytes = cctest::readAll(defaultConfigs());
        QVERIFY(bytes.contains(from));
        bytes.replace(bytes.indexOf(from), from.size(), to);
        const QString configs = path(QStringLiteral("bad.configs.json"));
        QVERIFY(cctest::writeAll(configs, bytes));
        const QString out = path(QStringLiteral("bad-config.report.json"));
        auto r = runCli({QStringLiteral("replay"), adversarialTrace(), QStringLiteral("--configs"), configs,
                         QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
        QVERIFY(r.err.contains(QStringLiteral("bad.configs.json")));
        QVERIFY(r.err.contains(QStringLiteral("nothing was written")));
        QVERIFY(!QFile::exists(out));
    }

    void unknownAblationsAndBadProtocolsExit3AndWriteNothing()
    {
        const QString out = path(QStringLiteral("never.report.json"));
        auto r = runCli({QStringLiteral("replay"), adversarialTrace(), QStringLiteral("--ablate"),
                         QStringLiteral("arrival_skew,moon_phase"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(QStringLiteral("unknown ablation \"moon_phase\"")), qPrintable(r.err));
        QVERIFY(r.err.contains(QStringLiteral("known ablations: arrival_skew, compute_overlap, ordering")));
        QVERIFY(!QFile::exists(out));

        r = runCli({QStringLiteral("replay"), adversarialTrace(), QStringLiteral("--isolated"),
                    QStringLiteral("--ablate"), QStringLiteral("pressure"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains(QStringLiteral("cannot be combined with isolated mode")));
        QVERIFY(!QFile::exists(out));

        r = runCli({QStringLiteral("replay"), adversarialTrace(), QStringLiteral("--configs"),
                    path(QStringLiteral("missing.configs.json")), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(!QFile::exists(out));

        QCOMPARE(runCli({QStringLiteral("replay"), adversarialTrace()}).exitCode, 2); // no -o
        QCOMPARE(runCli({QStringLiteral("replay"), adversarialTrace(), QStringLiteral("--samples"),
                         QStringLiteral("some"), QStringLiteral("-o"), out})
                     .exitCode,
                 2);
        QCOMPARE(runCli({QStringLiteral("replay"), adversarialTrace(), QStringLiteral("--iterations"),
                         QStringLiteral("0"), QStringLiteral("-o"), out})
                     .exitCode,
                 2);
        QCOMPARE(runCli({QStringLiteral("verify-report"), adversarialTrace()}).exitCode, 2); // no --input
        QVERIFY(!QFile::exists(out));

        // A file that is not a report is refused with exit 3.
        r = runCli(
            {QStringLiteral("verify-report"), adversarialTrace(), QStringLiteral("--input"), adversarialTrace()});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(QStringLiteral("$.format: must be \"commcanary-workbench.report.v1\"")),
                 qPrintable(r.err));
    }

    void peerBenchmarkTraceReplays()
    {
        if (!cctest::haveShared(QStringLiteral("peer"))) {
            QSKIP("../shared/peer is absent");
        }
        const QString out = path(QStringLiteral("peer10k.report.json"));
        auto r =
            runCli({QStringLiteral("replay"), cctest::sharedDir() + QStringLiteral("/peer/bench/trace-010000.json"),
                    QStringLiteral("--samples"), QStringLiteral("digest"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 0);
        auto v = runCli({QStringLiteral("verify-report"), out, QStringLiteral("--input"),
                         cctest::sharedDir() + QStringLiteral("/peer/bench/trace-010000.json")});
        QCOMPARE(v.exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TestCliReplay)
#include "tst_cli_replay.moc"
