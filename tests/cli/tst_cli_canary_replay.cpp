// `commcanary replay` and `verify-report` accept canaries: a lossless canary replays bit-identically
// to its source trace through the real binary.
#include "test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using cctest::runCli;

class TestCliCanaryReplay : public QObject {
    Q_OBJECT
private slots:
    void losslessCanaryReplaysLikeItsSource()
    {
        QTemporaryDir dir;
        const QString source = cctest::example(QStringLiteral("training.trace.json"));
        const QString configs = cctest::defaultConfigs();
        const QString canary = dir.filePath(QStringLiteral("training.canary.json"));
        QCOMPARE(runCli({QStringLiteral("compile"), source, QStringLiteral("--lossless-timing"), QStringLiteral("-o"),
                         canary})
                     .exitCode,
                 0);
        const QString fromCanary = dir.filePath(QStringLiteral("canary.report.json"));
        const QString fromSource = dir.filePath(QStringLiteral("source.report.json"));
        auto a = runCli(
            {QStringLiteral("replay"), canary, QStringLiteral("--configs"), configs, QStringLiteral("-o"), fromCanary});
        QVERIFY2(a.exitCode == 0, qPrintable(a.err));
        QCOMPARE(runCli({QStringLiteral("replay"), source, QStringLiteral("--configs"), configs, QStringLiteral("-o"),
                         fromSource})
                     .exitCode,
                 0);
        const auto canaryReport = QJsonDocument::fromJson(cctest::readAll(fromCanary)).object();
        const auto sourceReport = QJsonDocument::fromJson(cctest::readAll(fromSource)).object();
        QVERIFY(!canaryReport.isEmpty());
        QCOMPARE(canaryReport.value(QStringLiteral("samples")), sourceReport.value(QStringLiteral("samples")));
        // Summaries are equal; tail-event listings differ only in labels (event ids are not carried by canaries).
        const auto canaryConfigs = canaryReport.value(QStringLiteral("configurations")).toArray();
        const auto sourceConfigs = sourceReport.value(QStringLiteral("configurations")).toArray();
        QCOMPARE(canaryConfigs.size(), 5);
        QCOMPARE(canaryConfigs.size(), sourceConfigs.size());
        for (qsizetype i = 0; i < canaryConfigs.size(); ++i) {
            for (const auto& key : {QStringLiteral("name"), QStringLiteral("summary"), QStringLiteral("queue_wait"),
                                    QStringLiteral("by_phase"), QStringLiteral("by_op")}) {
                QCOMPARE(canaryConfigs[i].toObject().value(key), sourceConfigs[i].toObject().value(key));
            }
        }
        QCOMPARE(canaryReport.value(QStringLiteral("rankings")), sourceReport.value(QStringLiteral("rankings")));
        auto verified = runCli({QStringLiteral("verify-report"), fromCanary, QStringLiteral("--input"), canary});
        QVERIFY2(verified.exitCode == 0, qPrintable(verified.err));
    }
};

QTEST_GUILESS_MAIN(TestCliCanaryReplay)
#include "tst_cli_canary_replay.moc"
