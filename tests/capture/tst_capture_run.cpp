// Real captures: two gloo ranks of the 1M model on the CPU through `commcanary capture run`,
// then the same with a rank killed mid-run, with a rank that hangs (stopped, not dead) and with a
// deadline that passes. Needs the worker
// (built with -DCOMMCANARY_CAPTURE_WORKER=ON against libtorch); skips with the reason otherwise.
#include "capture/lib/bucket_layout.h"
#include "capture/lib/cell_loader.h"
#include "capture/lib/model_geometry.h"
#include "capture/lib/worker_invocation.h"
#include "core/trace/trace_io.h"

#include "capture_test_support.h"

#include <QProcess>
#include <QtTest>

#include <csignal>
#include <set>

using namespace cc::capture;
namespace fs = std::filesystem;

namespace {

QStringList cellArgs(const QString& dir, int iterations, int warmup)
{
    return {QStringLiteral("capture"),
            QStringLiteral("run"),
            QStringLiteral("--world-size"),
            QStringLiteral("2"),
            QStringLiteral("--backend"),
            QStringLiteral("gloo"),
            QStringLiteral("--device"),
            QStringLiteral("cpu"),
            QStringLiteral("--model-params"),
            QStringLiteral("1M"),
            QStringLiteral("--iterations"),
            QString::number(iterations),
            QStringLiteral("--warmup"),
            QString::number(warmup),
            QStringLiteral("--bucket-cap-mb"),
            QStringLiteral("1"),
            QStringLiteral("--first-bucket-mb"),
            QStringLiteral("0.25"),
            QStringLiteral("-o"),
            dir};
}

} // namespace

class TestCaptureRun : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        CCTEST_SKIP_UNLESS_CAPTURE(QStringLiteral("gloo/cpu"), QStringLiteral("no real capture possible here"));
    }

    void twoGlooRanksOfThe1MModel()
    {
        QTemporaryDir tmp;
        const QString dir = tmp.path() + QStringLiteral("/cell");
        const int iterations = 4;
        const int warmup = 2;
        const auto run = cctest::runCli(cellArgs(dir, iterations, warmup), 240000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
        QVERIFY(run.out.contains(QStringLiteral("overlap efficiency")));
        QVERIFY(run.out.contains(QStringLiteral("merged trace")));

        const CellLoad load = loadCell(dir.toStdString());
        QVERIFY2(load.cell.has_value(), load.warning.c_str());
        const LoadedCell& cell = *load.cell;
        QCOMPARE(cell.ranks.size(), std::size_t{2});

        // The worker packs the same initial layout the library computes for this geometry.
        const ModelGeometry geometry = solveResidualMlp(1'000'000);
        std::vector<std::int64_t> elements;
        for (const auto& s : geometry.parameterShapes()) {
            elements.push_back(s.numel());
        }
        const BucketLayout expected =
            computeBucketLayout(reverseRegistrationOrder(elements.size()), elements, 4, kMiB / 4, kMiB);
        QVERIFY(expected.buckets.size() >= 3);

        std::vector<std::vector<std::int64_t>> sequences;
        for (const RankCapture& c : cell.ranks) {
            QCOMPARE(c.modelParameters, geometry.parameterCount());
            QCOMPARE(c.layouts.front().buckets.size(), expected.buckets.size());
            QCOMPARE(c.layouts.size(), std::size_t{2}); // initial, then rebuilt from the observed order
            QCOMPARE(c.observedReadyOrder.size(), elements.size());
            // Warm-up excluded: exactly the recorded iterations, numbered after the warm-up.
            QCOMPARE(c.warmupBucketCounts.size(), std::size_t{warmup});
            QCOMPARE(c.iterations.size(), std::size_t{iterations});
            QCOMPARE(c.iterations.front().index, warmup);
            QCOMPARE(c.iterations.back().index, warmup + iterations - 1);
            QVERIFY(!c.rebuildDetected);
            const std::size_t buckets = c.layouts.back().buckets.size();
            QCOMPARE(c.bucketCountsSeen, (std::vector<int>{static_cast<int>(buckets)}));
            std::vector<std::int64_t> seq;
            for (const auto& it : c.iterations) {
                QCOMPARE(it.layout, 1);
                // A timing for every bucket of every recorded iteration.
                QCOMPARE(it.buckets.size(), buckets);
                QVERIFY(it.forward.begin >= c.originNs);
                for (std::size_t b = 0; b < it.buckets.size(); ++b) {
                    const BucketTiming& t = it.buckets[b];
                    QCOMPARE(t.bucket, static_cast<int>(b));
                    QCOMPARE(t.bytes, c.layouts.back().bucketBytes[b]);
                    QVERIFY(t.readyNs <= t.issueNs);
                    QVERIFY(t.issueNs < t.completeNs);
                    QVERIFY(t.issueNs >= it.backward.begin); // issued from the backward pass
                    QVERIFY(t.issueNs <= it.backward.end);
                    QVERIFY(t.completeNs <= it.commWait.end);
                    seq.push_back(t.sequence);
                }
            }
            QVERIFY(std::is_sorted(seq.begin(), seq.end()));
            QCOMPARE(std::set<std::int64_t>(seq.begin(), seq.end()).size(), seq.size());
            sequences.push_back(seq);
        }
        // (process group, sequence) names the same collectives on both ranks.
        QCOMPARE(sequences[0], sequences[1]);

        // Same host, same CLOCK_MONOTONIC: the true offset is 0, and the estimate must bound it.
        const ClockCalibration& clock = cell.ranks[1].clock;
        QCOMPARE(QString::fromStdString(clock.method), QStringLiteral("tcpstore_ping"));
        QVERIFY2(std::llabs(clock.offsetNs) <= clock.uncertaintyNs,
                 qPrintable(QStringLiteral("offset %1 ns ± %2 ns").arg(clock.offsetNs).arg(clock.uncertaintyNs)));

        // The rank shards: only recorded iterations, identified by (group, sequence).
        cc::NullProgress quiet;
        for (int r = 0; r < 2; ++r) {
            const cc::Trace shard = cc::readTrace(cell.shards[static_cast<std::size_t>(r)], quiet);
            QCOMPARE(shard.size(), static_cast<std::size_t>(iterations) * cell.ranks[0].layouts.back().buckets.size());
            for (std::size_t i = 0; i < shard.size(); ++i) {
                QCOMPARE(shard.messageSequence[i], sequences[0][i]);
            }
        }
        // One merged trace on rank 0's clock, with measured skew.
        QVERIFY(cell.mergedTrace.has_value());
        const cc::Trace merged = cc::readTrace(*cell.mergedTrace, quiet);
        QCOMPARE(merged.size(), sequences[0].size());
        QCOMPARE(merged.knownSkewCount(), merged.size());
        QVERIFY(fs::exists(fs::path(dir.toStdString()) / "clock_calibration.json"));

        // The rest of the product consumes it: it validates, compiles and replays.
        const QString trace = dir + QStringLiteral("/trace.json");
        const auto validate = cctest::runCli({QStringLiteral("validate"), trace});
        QVERIFY2(validate.exitCode == 0, qPrintable(validate.err));
        const QString canary = tmp.path() + QStringLiteral("/canary.json");
        const auto compile = cctest::runCli({QStringLiteral("compile"), trace, QStringLiteral("-o"), canary});
        QVERIFY2(compile.exitCode == 0, qPrintable(compile.err));
        const auto replay = cctest::runCli(
            {QStringLiteral("replay"), trace, QStringLiteral("-o"), tmp.path() + QStringLiteral("/report.json")});
        QVERIFY2(replay.exitCode == 0, qPrintable(replay.err));
        const auto verify = cctest::runCli({QStringLiteral("verify-behavior"), trace, canary});
        QVERIFY2(verify.exitCode == 0 || verify.exitCode == 1, qPrintable(verify.err));
        QVERIFY(verify.out.contains(QStringLiteral("claim")));
    }

    void aRebuildInsideTheRecordedWindowIsDetected()
    {
        // Without warm-up, DDP's one-time rebuild (after the first iteration, from the observed
        // gradient-ready order) falls inside the recording. For the GPT decoder, whose tied token
        // embedding becomes ready last, the rebuilt layout has a different bucket count.
        QTemporaryDir tmp;
        const QString dir = tmp.path() + QStringLiteral("/gpt");
        const auto run = cctest::runCli(
            {QStringLiteral("capture"), QStringLiteral("run"), QStringLiteral("--model"), QStringLiteral("gpt"),
             QStringLiteral("--model-params"), QStringLiteral("2M"), QStringLiteral("--iterations"),
             QStringLiteral("3"), QStringLiteral("--warmup"), QStringLiteral("0"), QStringLiteral("--batch-size"),
             QStringLiteral("4"), QStringLiteral("--bucket-cap-mb"), QStringLiteral("1"),
             QStringLiteral("--first-bucket-mb"), QStringLiteral("0.25"), QStringLiteral("-o"), dir},
            240000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
        QVERIFY(run.out.contains(QStringLiteral("rebuild_detected true")));
        const CellLoad load = loadCell(dir.toStdString());
        QVERIFY2(load.cell.has_value(), load.warning.c_str());
        for (const RankCapture& c : load.cell->ranks) {
            QVERIFY(c.rebuildDetected);
            QCOMPARE(c.bucketCountsSeen.size(), std::size_t{2});
            QCOMPARE(c.iterations[0].layout, 0);
            QCOMPARE(c.iterations[1].layout, 1);
            QCOMPARE(c.iterations[0].buckets.size(), c.layouts[0].buckets.size());
            QCOMPARE(c.iterations[1].buckets.size(), c.layouts[1].buckets.size());
            QVERIFY(c.layouts[0].buckets.size() != c.layouts[1].buckets.size());
            QVERIFY(c.warmupBucketCounts.empty());
        }
    }

    void aRankKilledMidRunRejectsTheCell()
    {
        QTemporaryDir tmp;
        const QString dir = tmp.path() + QStringLiteral("/dead-cell");
        QStringList args = cellArgs(dir, 40, 2);
        args << QStringLiteral("--inject-kill") << QStringLiteral("1:4");
        const auto run = cctest::runCli(args, 240000);
        QCOMPARE(run.exitCode, 4);
        QVERIFY2(run.err.contains(QStringLiteral("rank 1 ended (killed by SIGKILL)")), qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("no manifest")), qPrintable(run.err));
        // No rank survives a failed cell.
        QVERIFY2(cctest::processesMentioning(dir).isEmpty(), qPrintable(cctest::processesMentioning(dir).join(u'\n')));
        const QStringList files = cctest::filesIn(dir);
        QVERIFY(!files.contains(QStringLiteral("manifest.json")));
        QVERIFY(!files.contains(QStringLiteral("trace.json")));
        QVERIFY(!files.contains(QStringLiteral("rank1.json")));
        QVERIFY(files.contains(QStringLiteral("failed.json")));
        const QJsonObject failed =
            QJsonDocument::fromJson(cctest::readAll(dir + QStringLiteral("/failed.json"))).object();
        const QJsonObject launch = failed.value(QStringLiteral("launch")).toObject();
        QCOMPARE(launch.value(QStringLiteral("outcome")).toString(), QStringLiteral("rank_failed"));
        QCOMPARE(launch.value(QStringLiteral("failed_rank")).toInt(), 1);
        QVERIFY(launch.value(QStringLiteral("ranks"))
                    .toArray()
                    .at(0)
                    .toObject()
                    .value(QStringLiteral("stopped_by_launcher"))
                    .toBool());
        QVERIFY(cctest::readAll(dir + QStringLiteral("/rank1.log")).contains("injected fault"));
        // Nothing partial is loaded.
        const CellLoad load = loadCell(dir.toStdString());
        QVERIFY(!load.cell.has_value());
        QVERIFY2(QString::fromStdString(load.warning).contains(QStringLiteral("no manifest")), load.warning.c_str());
    }

    void aHungRankIsCaughtByItsPeersStoreTimeout()
    {
        // Rank 1 stops (SIGSTOP: alive, holding its sockets, answering nothing) in the middle of
        // the measured loop. Rank 0 waits for it in the next all-reduce for the store timeout,
        // gives up and exits non-zero; the launcher then stops rank 1. The deadline (300 s) is
        // far away, so an outcome of rank_failed by rank 0 (not timed_out) shows the store
        // timeout caught the hang.
        QTemporaryDir tmp;
        const QString dir = tmp.path() + QStringLiteral("/hung-cell");
        QStringList args = cellArgs(dir, 100000, 0);
        args << QStringLiteral("--timeout-s") << QStringLiteral("300") << QStringLiteral("--store-timeout-s")
             << QStringLiteral("15");
        QProcess cli;
        cli.start(QStringLiteral(COMMCANARY_CLI_PATH), args);
        QVERIFY(cli.waitForStarted());
        // A generous wait for rank 1 to reach its loop (a guard against hanging, not a timing check).
        QTRY_VERIFY2_WITH_TIMEOUT(cli.state() != QProcess::Running ||
                                      cctest::readAll(dir + QStringLiteral("/rank1.log")).contains("commcanary-progress"),
                                  "rank 1 never started its loop", 240000);
        QVERIFY2(cli.state() == QProcess::Running, qPrintable(QString::fromUtf8(cli.readAllStandardError())));
        // Rank 1's process: it mentions the cell folder and has RANK=1 in its environment.
        int rank1 = 0;
        for (const QString& entry : cctest::processesMentioning(dir)) {
            const QString pid = entry.section(QLatin1Char(' '), 0, 0);
            const QList<QByteArray> environment =
                cctest::readAll(QStringLiteral("/proc/") + pid + QStringLiteral("/environ")).split('\0');
            if (environment.contains("RANK=1") && entry.contains(QStringLiteral("commcanary-capture-worker"))) {
                rank1 = pid.toInt();
            }
        }
        QVERIFY2(rank1 > 0, qPrintable(cctest::processesMentioning(dir).join(u'\n')));
        QCOMPARE(::kill(rank1, SIGSTOP), 0);
        QVERIFY2(cli.waitForFinished(280000), "the hung cell was not stopped");
        const QString err = QString::fromUtf8(cli.readAllStandardError());
        QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
        QCOMPARE(cli.exitCode(), 4);
        QVERIFY2(err.contains(QStringLiteral("rank 0 ended")), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("no manifest")), qPrintable(err));
        QVERIFY2(cctest::processesMentioning(dir).isEmpty(), qPrintable(cctest::processesMentioning(dir).join(u'\n')));
        const QStringList files = cctest::filesIn(dir);
        QVERIFY(!files.contains(QStringLiteral("manifest.json")));
        QVERIFY(files.contains(QStringLiteral("failed.json")));
        const QJsonObject launch = QJsonDocument::fromJson(cctest::readAll(dir + QStringLiteral("/failed.json")))
                                       .object()
                                       .value(QStringLiteral("launch"))
                                       .toObject();
        QCOMPARE(launch.value(QStringLiteral("outcome")).toString(), QStringLiteral("rank_failed"));
        QCOMPARE(launch.value(QStringLiteral("failed_rank")).toInt(), 0);
        const QJsonObject stopped = launch.value(QStringLiteral("ranks")).toArray().at(1).toObject();
        QVERIFY(stopped.value(QStringLiteral("stopped_by_launcher")).toBool());
        QVERIFY(!loadCell(dir.toStdString()).cell.has_value());
    }

    void theDeadlineStopsEveryRank()
    {
        QTemporaryDir tmp;
        const QString dir = tmp.path() + QStringLiteral("/slow-cell");
        QStringList args = cellArgs(dir, 100000, 0);
        args << QStringLiteral("--timeout-s") << QStringLiteral("4");
        // The deadline is shown kept by its message and by the cell ending at all (the cell alone
        // would run far longer), not by timing the run on a machine that may be loaded.
        const auto run = cctest::runCli(args, 240000);
        QCOMPARE(run.exitCode, 4);
        QVERIFY2(run.err.contains(QStringLiteral("did not finish within 4 s")), qPrintable(run.err));
        QVERIFY(cctest::processesMentioning(dir).isEmpty());
        QVERIFY(!cctest::filesIn(dir).contains(QStringLiteral("manifest.json")));
        QVERIFY(!loadCell(dir.toStdString()).cell.has_value());
    }
};

QTEST_GUILESS_MAIN(TestCaptureRun)
#include "tst_capture_run.moc"
