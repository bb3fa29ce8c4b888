// Ranks started by hand, the way torchrun, srun or a user on several machines starts them: two
// worker processes with RANK, WORLD_SIZE, MASTER_ADDR and MASTER_PORT in their environment run the
// replay verb over loopback, and `replay-physical --from-ranks` assembles their rank files into a
// measured report that verify-report accepts. Refusals: a missing rank, a folder count that does
// not match the set, a pass count that does not match --repeats (message checked, nothing
// written). Needs the worker; skips with its reason.
#include "capture/lib/cell_runner.h"
#include "core/report/measured_report.h"

#include "capture_test_support.h"

#include <QProcess>
#include <QtTest>

namespace {

const QByteArray kTrace = "{\"format\":\"commcanary.trace.v1\",\"events\":[\n"
                          "{\"op\":\"all_reduce\",\"bytes\":65536,\"ranks\":[0,1],\"gap_us\":500},\n"
                          "{\"op\":\"broadcast\",\"bytes\":4096,\"ranks\":[0,1],\"root_rank\":0,\"gap_us\":500},\n"
                          "{\"op\":\"all_reduce\",\"bytes\":262144,\"ranks\":[0,1],\"gap_us\":500}\n]}\n";

const QByteArray kSet =
    "{\"format\":\"commcanary-workbench.physical-configs.v1\",\"name\":\"hand\",\"configurations\":["
    "{\"name\":\"loopback\",\"backend\":\"gloo\",\"device\":\"cpu\",\"gloo\":{\"threads\":2}}]}";

QString workerPath()
{
    const cctest::CliResult doctor = cctest::runCli({QStringLiteral("doctor"), QStringLiteral("--json")}, 120000);
    const QJsonObject report = QJsonDocument::fromJson(doctor.out.toUtf8()).object();
    return report.value(QStringLiteral("worker")).toObject().value(QStringLiteral("path")).toString();
}

} // namespace

class TestCaptureHandLaunch : public QObject {
    Q_OBJECT

    QString worker_;

private slots:
    void initTestCase()
    {
        const QString reason = cctest::captureUnavailable(QStringLiteral("gloo/cpu"));
        if (!reason.isEmpty()) {
            QSKIP(qPrintable(QStringLiteral("no real ranks possible here: ") + reason));
        }
        worker_ = workerPath();
        QVERIFY2(QFileInfo(worker_).isExecutable(), qPrintable(worker_));
    }

    void ranksStartedByHandAreAssembledIntoAMeasuredReport()
    {
        QTemporaryDir tmp;
        const QString trace = tmp.path() + QStringLiteral("/hand.trace.json");
        QVERIFY(cctest::writeAll(trace, kTrace));
        const QString set = tmp.path() + QStringLiteral("/hand.configs.json");
        QVERIFY(cctest::writeAll(set, kSet));
        const QString ranks = tmp.path() + QStringLiteral("/ranks");
        QVERIFY(QDir().mkpath(ranks));
        const int port = cc::capture::pickFreePort("127.0.0.1");
        QVERIFY(port > 0);
        QList<QProcess*> processes;
        for (int rank = 0; rank < 2; ++rank) {
            auto* p = new QProcess(this);
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("RANK"), QString::number(rank));
            env.insert(QStringLiteral("WORLD_SIZE"), QStringLiteral("2"));
            env.insert(QStringLiteral("MASTER_ADDR"), QStringLiteral("127.0.0.1"));
            env.insert(QStringLiteral("MASTER_PORT"), QString::number(port));
            p->setProcessEnvironment(env);
            p->setProcessChannelMode(QProcess::MergedChannels);
            p->start(worker_,
                     {QStringLiteral("replay"), QStringLiteral("--input"), trace, QStringLiteral("--world-size"),
                      QStringLiteral("2"), QStringLiteral("--backend"), QStringLiteral("gloo"),
                      QStringLiteral("--device"), QStringLiteral("cpu"), QStringLiteral("--gloo-threads"),
                      QStringLiteral("2"), QStringLiteral("--repeats"), QStringLiteral("3"), QStringLiteral("--warmup"),
                      QStringLiteral("1"), QStringLiteral("--output"), ranks, QStringLiteral("--store-timeout-s"),
                      QStringLiteral("120")});
            processes << p;
        }
        for (QProcess* p : processes) {
            QVERIFY(p->waitForFinished(240000));
            QVERIFY2(p->exitStatus() == QProcess::NormalExit && p->exitCode() == 0, p->readAll().constData());
        }
        QVERIFY(QFileInfo::exists(ranks + QStringLiteral("/replay_rank0.json")));
        QVERIFY(QFileInfo::exists(ranks + QStringLiteral("/replay_rank1.json")));

        const QString report = tmp.path() + QStringLiteral("/hand.measured.json");
        const QStringList assemble = {QStringLiteral("replay-physical"),
                                      trace,
                                      QStringLiteral("--physical-configs"),
                                      set,
                                      QStringLiteral("--repeats"),
                                      QStringLiteral("3"),
                                      QStringLiteral("--warmup"),
                                      QStringLiteral("1"),
                                      QStringLiteral("--from-ranks"),
                                      ranks,
                                      QStringLiteral("-o"),
                                      report};
        const auto r = cctest::runCli(assemble);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
        QVERIFY(r.out.contains(QStringLiteral("loopback: median")));
        const QByteArray bytes = cctest::readAll(report);
        const cc::MeasuredView view = cc::readMeasuredReport(bytes.toStdString(), "hand.measured.json");
        QCOMPARE(view.configurations.size(), std::size_t{1});
        QCOMPARE(view.configurations[0].latency.count, std::uint64_t{9}); // 3 events x 3 passes
        QVERIFY(bytes.contains("ranks started outside commcanary"));
        const auto v = cctest::runCli({QStringLiteral("verify-report"), report});
        QVERIFY2(v.exitCode == 0, qPrintable(v.err + v.out));

        // Refusals: nothing is written.
        const QString refused = tmp.path() + QStringLiteral("/refused.json");
        QStringList wrongRepeats = assemble;
        wrongRepeats[wrongRepeats.indexOf(QStringLiteral("--repeats")) + 1] = QStringLiteral("2");
        wrongRepeats.last() = refused;
        const auto a = cctest::runCli(wrongRepeats);
        QCOMPARE(a.exitCode, 3);
        QVERIFY2(a.err.contains(QStringLiteral("holds 3 recorded passes, expected 2")), qPrintable(a.err));
        QStringList twoFolders = assemble;
        twoFolders.last() = refused;
        twoFolders << QStringLiteral("--from-ranks") << ranks;
        const auto b = cctest::runCli(twoFolders);
        QCOMPARE(b.exitCode, 3);
        QVERIFY2(b.err.contains(QStringLiteral("names 2 folder(s) for 1 configuration(s)")), qPrintable(b.err));
        QStringList withKill = assemble;
        withKill.last() = refused;
        withKill << QStringLiteral("--inject-kill") << QStringLiteral("0:0");
        const auto k = cctest::runCli(withKill);
        QCOMPARE(k.exitCode, 2);
        QVERIFY2(k.err.contains(QStringLiteral("--from-ranks starts no rank")), qPrintable(k.err));
        QVERIFY(QFile::remove(ranks + QStringLiteral("/replay_rank1.json")));
        QStringList missing = assemble;
        missing.last() = refused;
        const auto c = cctest::runCli(missing);
        QCOMPARE(c.exitCode, 3);
        QVERIFY2(c.err.contains(QStringLiteral("has no replay_rank1.json")), qPrintable(c.err));
        QVERIFY(!QFileInfo::exists(refused));
    }
};

QTEST_GUILESS_MAIN(TestCaptureHandLaunch)
#include "tst_capture_hand_launch.moc"
