// `commcanary capture plan|run` refusals and `commcanary doctor`: every refusal with its message
// and exit code, and nothing written where nothing may be written.
#include "capture_test_support.h"

#include <QtTest>

namespace {

QStringList plan(std::initializer_list<QString> extra)
{
    QStringList args{QStringLiteral("capture"), QStringLiteral("plan")};
    for (const auto& a : extra) {
        args << a;
    }
    return args;
}

} // namespace

class TestCaptureCli : public QObject {
    Q_OBJECT

private slots:
    void helpExplainsTheCommand()
    {
        const auto r = cctest::runCli({QStringLiteral("capture"), QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("--bucket-cap-mb")));
        QVERIFY(r.out.contains(QStringLiteral("manifest.json last")));
    }

    void doctorSaysWhatThisMachineCanCaptureWith()
    {
        const auto r = cctest::runCli({QStringLiteral("doctor")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("host memory")));
        QVERIFY(r.out.contains(QStringLiteral("capture worker")));
        QVERIFY(r.out.contains(QStringLiteral("nccl on cuda")));
        const auto json = cctest::runCli({QStringLiteral("doctor"), QStringLiteral("--json")});
        QCOMPARE(json.exitCode, 0);
        const QJsonObject report = QJsonDocument::fromJson(json.out.toUtf8()).object();
        QVERIFY(report.contains(QStringLiteral("can_capture")));
        const QJsonValue nccl =
            report.value(QStringLiteral("can_capture")).toObject().value(QStringLiteral("nccl/cuda"));
        // Either NCCL can run here, or the reason is spelled out.
        QVERIFY(nccl.isBool() || nccl.toString().contains(QStringLiteral("unavailable")) ||
                nccl.toString().contains(QStringLiteral("not found")));
    }

    void planPrintsEveryPoolAndExitsByTheVerdict()
    {
        if (const QString reason = cctest::captureUnavailable(QStringLiteral("gloo/cpu")); !reason.isEmpty()) {
            QSKIP(qPrintable(reason));
        }
        const auto fits = cctest::runCli(plan({QStringLiteral("--model-params"), QStringLiteral("1M"),
                                               QStringLiteral("--host-memory-budget"), QStringLiteral("8GiB")}));
        QCOMPARE(fits.exitCode, 0);
        QVERIFY(fits.out.contains(QStringLiteral("pool host")));
        QVERIFY(fits.out.contains(QStringLiteral("verdict: feasible")));
        QVERIFY(fits.out.contains(QStringLiteral("process baseline")));
        const auto refused = cctest::runCli(
            plan({QStringLiteral("--model-params"), QStringLiteral("400M"), QStringLiteral("--world-size"),
                  QStringLiteral("16"), QStringLiteral("--host-memory-budget"), QStringLiteral("12GiB")}));
        QCOMPARE(refused.exitCode, 1);
        QVERIFY(refused.out.contains(QStringLiteral("verdict: refused")));
        QVERIFY(refused.out.contains(QStringLiteral("binding pool: host")));
        QVERIFY(refused.out.contains(QStringLiteral("short by")));
    }

    void anInfeasibleRunRecordsTheRefusalAndStartsNoRank()
    {
        if (const QString reason = cctest::captureUnavailable(QStringLiteral("gloo/cpu")); !reason.isEmpty()) {
            QSKIP(qPrintable(reason));
        }
        QTemporaryDir tmp;
        const QString dir = tmp.path() + QStringLiteral("/refused");
        const auto r = cctest::runCli(
            {QStringLiteral("capture"), QStringLiteral("run"), QStringLiteral("--model-params"), QStringLiteral("400M"),
             QStringLiteral("--world-size"), QStringLiteral("16"), QStringLiteral("--host-memory-budget"),
             QStringLiteral("12GiB"), QStringLiteral("-o"), dir});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("memory guard refused")), qPrintable(r.err));
        QCOMPARE(cctest::filesIn(dir), QStringList{QStringLiteral("refused.json")});
        const QJsonObject record =
            QJsonDocument::fromJson(cctest::readAll(dir + QStringLiteral("/refused.json"))).object();
        QCOMPARE(record.value(QStringLiteral("binding")).toString(), QStringLiteral("host"));
        const QJsonObject host = record.value(QStringLiteral("pools")).toArray().at(0).toObject();
        QCOMPARE(host.value(QStringLiteral("budget_bytes")).toDouble(), 12.0 * 1024 * 1024 * 1024);
        QVERIFY(host.value(QStringLiteral("demand_bytes")).toDouble() >
                host.value(QStringLiteral("budget_bytes")).toDouble());
        QVERIFY(!host.value(QStringLiteral("terms")).toArray().isEmpty());
        QVERIFY(record.value(QStringLiteral("table")).toString().contains(QStringLiteral("does NOT fit")));
    }

    void usageErrorsWriteNothing_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("action") << QStringList{QStringLiteral("walk")}
                                << QStringLiteral("ACTION must be plan, run, sweep, calibrate or interconnects");
        QTest::newRow("backend") << QStringList{QStringLiteral("run"), QStringLiteral("--backend"),
                                                QStringLiteral("mpi")}
                                 << QStringLiteral("--backend must be gloo or nccl");
        QTest::newRow("model size") << QStringList{QStringLiteral("run"), QStringLiteral("--model-params"),
                                                   QStringLiteral("ten")}
                                    << QStringLiteral("--model-params must be a parameter count");
        QTest::newRow("bucket cap") << QStringList{QStringLiteral("run"), QStringLiteral("--bucket-cap-mb"),
                                                   QStringLiteral("-3")}
                                    << QStringLiteral("--bucket-cap-mb");
        QTest::newRow("nccl on cpu") << QStringList{QStringLiteral("run"), QStringLiteral("--backend"),
                                                    QStringLiteral("nccl")}
                                     << QStringLiteral("nccl backend runs on CUDA devices only");
        QTest::newRow("fault rank") << QStringList{QStringLiteral("run"), QStringLiteral("--inject-kill"),
                                                   QStringLiteral("5:1")}
                                    << QStringLiteral("--inject-kill names rank 5");
        QTest::newRow("budget") << QStringList{QStringLiteral("run"), QStringLiteral("--host-memory-budget"),
                                               QStringLiteral("lots")}
                                << QStringLiteral("--host-memory-budget must be a size");
        // Every range comes from capture/lib/cell_spec.h; the refusal names the option, the range and the value.
        const std::pair<const char*, const char*> ranges[] = {
            {"--world-size", "--world-size must be between 1 and 1024 (got 1025)"},
            {"--iterations", "--iterations must be between 1 and 1000000 (got 0)"},
            {"--warmup", "--warmup must be between 0 and 1000000 (got 1000001)"},
            {"--batch-size", "--batch-size must be between 1 and 65536 (got 65537)"},
            {"--timeout-s", "--timeout-s must be between 1 and 86400 (got 86401)"},
            {"--store-timeout-s", "--store-timeout-s must be between 1 and 86400 (got 0)"}};
        for (const auto& [option, message] : ranges) {
            const QString text = QString::fromLatin1(message);
            const QString value = text.section(QStringLiteral("(got "), 1).chopped(1);
            QTest::newRow(option) << QStringList{QStringLiteral("run"), QString::fromLatin1(option), value} << text;
        }
    }

    void usageErrorsWriteNothing()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir tmp;
        const QString dir = tmp.path() + QStringLiteral("/cell");
        QStringList full{QStringLiteral("capture")};
        full << args << QStringLiteral("-o") << dir;
        const auto r = cctest::runCli(full);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(dir));
    }

    void runNeedsAnOutputDirectory()
    {
        const auto r = cctest::runCli({QStringLiteral("capture"), QStringLiteral("run")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("-o DIR")));
    }

    void anUnavailableBackendIsRefusedWithItsReason_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("message");
        QTest::newRow("nccl") << QStringLiteral("nccl") << QStringLiteral("nccl/cuda")
                              << QStringLiteral("NCCL is unavailable");
        QTest::newRow("gloo over cuda") << QStringLiteral("gloo") << QStringLiteral("gloo/cuda")
                                        << QStringLiteral("CUDA is unavailable");
    }

    void anUnavailableBackendIsRefusedWithItsReason()
    {
        QFETCH(QString, backend);
        QFETCH(QString, key);
        QFETCH(QString, message);
        const QString reason = cctest::captureUnavailable(key);
        if (reason.isEmpty()) {
            QSKIP("this machine can capture with it: the refusal cannot be shown here");
        }
        if (reason.contains(QStringLiteral("not found"))) {
            QSKIP(qPrintable(QStringLiteral("the worker is not built: ") + reason));
        }
        QTemporaryDir tmp;
        const QString dir = tmp.path() + QStringLiteral("/cell");
        const auto r = cctest::runCli({QStringLiteral("capture"), QStringLiteral("run"), QStringLiteral("--backend"),
                                       backend, QStringLiteral("--device"), QStringLiteral("cuda"),
                                       QStringLiteral("--device-memory-budget"), QStringLiteral("16GiB"),
                                       QStringLiteral("-o"), dir});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("cannot run on this machine")), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(dir));
    }

    void aNonEmptyOutputDirectoryIsRefused()
    {
        if (const QString reason = cctest::captureUnavailable(QStringLiteral("gloo/cpu")); !reason.isEmpty()) {
            QSKIP(qPrintable(reason));
        }
        QTemporaryDir tmp;
        QVERIFY(cctest::writeAll(tmp.path() + QStringLiteral("/rank0.json"), "{}"));
        const auto r =
            cctest::runCli({QStringLiteral("capture"), QStringLiteral("run"), QStringLiteral("-o"), tmp.path()});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(QStringLiteral("already holds files")), qPrintable(r.err));
        QCOMPARE(cctest::filesIn(tmp.path()), QStringList{QStringLiteral("rank0.json")});
        QCOMPARE(cctest::readAll(tmp.path() + QStringLiteral("/rank0.json")), QByteArray("{}"));
    }
};

QTEST_GUILESS_MAIN(TestCaptureCli)
#include "tst_capture_cli.moc"
