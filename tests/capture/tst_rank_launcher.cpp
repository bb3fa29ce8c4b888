// The rank launcher with plain shell processes as ranks: one absolute deadline (a rank that
// finishes early is not a timeout, and does not restart the clock either), the whole group
// stopped the moment one rank dies, no rank surviving a failed cell, cancellation.
#include "capture/lib/rank_launcher.h"
#include "capture/lib/worker_invocation.h"

#include <QtTest>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <thread>

using namespace cc::capture;
using namespace std::chrono_literals;

namespace {

std::vector<RankCommand> shellRanks(const QTemporaryDir& tmp, const std::vector<std::string>& scripts)
{
    std::vector<RankCommand> ranks;
    for (std::size_t r = 0; r < scripts.size(); ++r) {
        RankCommand c;
        c.argv = {"/bin/sh", "-c", scripts[r]};
        c.environment = {{"RANK", std::to_string(r)}};
        c.logPath = tmp.path().toStdString() + "/rank" + std::to_string(r) + ".log";
        ranks.push_back(std::move(c));
    }
    return ranks;
}

bool alive(int pid)
{
    return ::kill(pid, 0) == 0 || errno != ESRCH;
}

} // namespace

class TestRankLauncher : public QObject {
    Q_OBJECT

private slots:
    void everyRankExitingZeroCompletes()
    {
        QTemporaryDir tmp;
        std::vector<std::string> lines;
        LaunchOptions options;
        options.timeout = 20s;
        options.onLine = [&](int rank, std::string_view line) {
            lines.push_back(std::to_string(rank) + ":" + std::string(line));
        };
        cc::NullProgress progress;
        // Staggered exits: the first rank to finish must not end the join (the log's misreading of
        // join() declared a timeout there).
        const LaunchResult result =
            launchRanks(shellRanks(tmp, {"echo hello $RANK; sleep 0.2", "echo hello $RANK; sleep 0.6",
                                         "echo hello $RANK; sleep 1.0"}),
                        options, progress);
        QCOMPARE(result.outcome, LaunchOutcome::Completed);
        QCOMPARE(result.ranks.size(), std::size_t{3});
        for (const auto& r : result.ranks) {
            QVERIFY(r.succeeded());
            QVERIFY(!r.stoppedByLauncher);
        }
        QVERIFY(result.elapsed >= 900ms);
        QVERIFY(std::find(lines.begin(), lines.end(), "2:hello 2") != lines.end());
    }

    void oneRankDyingStopsTheWholeGroup()
    {
        QTemporaryDir tmp;
        LaunchOptions options;
        options.timeout = 60s;
        cc::NullProgress progress;
        const auto start = std::chrono::steady_clock::now();
        const LaunchResult result =
            launchRanks(shellRanks(tmp, {"sleep 30", "sleep 0.3; exit 3", "sleep 30"}), options, progress);
        const auto took = std::chrono::steady_clock::now() - start;
        QCOMPARE(result.outcome, LaunchOutcome::RankFailed);
        QCOMPARE(result.failedRank, 1);
        QVERIFY2(took < 10s, "the group was not stopped promptly");
        QCOMPARE(result.ranks[1].exitCode, 3);
        QVERIFY(!result.ranks[1].stoppedByLauncher);
        for (int r : {0, 2}) {
            QVERIFY(result.ranks[static_cast<std::size_t>(r)].stoppedByLauncher);
            QVERIFY(!result.ranks[static_cast<std::size_t>(r)].succeeded());
        }
        for (const auto& r : result.ranks) {
            QVERIFY2(!alive(r.pid), "a rank survived the failed cell");
        }
        QVERIFY(QString::fromStdString(result.reason).contains(QStringLiteral("rank 1 ended (exit 3)")));
    }

    void aRankKilledBySignalIsAFailure()
    {
        QTemporaryDir tmp;
        LaunchOptions options;
        options.timeout = 60s;
        cc::NullProgress progress;
        const LaunchResult result =
            launchRanks(shellRanks(tmp, {"sleep 30", "sleep 0.2; kill -9 $$"}), options, progress);
        QCOMPARE(result.outcome, LaunchOutcome::RankFailed);
        QCOMPARE(result.failedRank, 1);
        QCOMPARE(QString::fromStdString(result.ranks[1].describe()), QStringLiteral("killed by SIGKILL"));
        QVERIFY(!alive(result.ranks[0].pid));
    }

    void theDeadlineIsAbsolute()
    {
        QTemporaryDir tmp;
        LaunchOptions options;
        options.timeout = 1500ms;
        options.terminateGrace = 500ms;
        cc::NullProgress progress;
        const auto start = std::chrono::steady_clock::now();
        // Rank 0 finishes well inside the deadline; the others never finish. The deadline counts
        // from the start of the cell, not from the last rank that exited.
        const LaunchResult result =
            launchRanks(shellRanks(tmp, {"sleep 0.8", "sleep 30", "sleep 30"}), options, progress);
        const auto took = std::chrono::steady_clock::now() - start;
        QCOMPARE(result.outcome, LaunchOutcome::TimedOut);
        QVERIFY2(took >= 1500ms, "timed out before the deadline");
        QVERIFY2(took < 1500ms + 500ms + 1500ms, "the deadline was extended");
        QVERIFY(result.ranks[0].succeeded());
        QVERIFY(!result.ranks[0].stoppedByLauncher);
        QVERIFY(result.ranks[1].stoppedByLauncher);
        for (const auto& r : result.ranks) {
            QVERIFY(!alive(r.pid));
        }
    }

    void aRankIgnoringSigtermIsKilled()
    {
        QTemporaryDir tmp;
        LaunchOptions options;
        options.timeout = 60s;
        options.terminateGrace = 300ms;
        cc::NullProgress progress;
        const LaunchResult result = launchRanks(
            shellRanks(tmp, {"trap '' TERM; sleep 30 & wait; sleep 30", "sleep 0.3; exit 1"}), options, progress);
        QCOMPARE(result.outcome, LaunchOutcome::RankFailed);
        QVERIFY(!alive(result.ranks[0].pid));
        QCOMPARE(QString::fromStdString(result.ranks[0].describe()), QStringLiteral("killed by SIGKILL"));
    }

    void cancellingStopsEveryRank()
    {
        QTemporaryDir tmp;
        LaunchOptions options;
        options.timeout = 60s;
        cc::CancelFlagProgress progress;
        std::thread canceller([&] {
            std::this_thread::sleep_for(400ms);
            progress.cancel();
        });
        const LaunchResult result = launchRanks(shellRanks(tmp, {"sleep 30", "sleep 30"}), options, progress);
        canceller.join();
        QCOMPARE(result.outcome, LaunchOutcome::Cancelled);
        for (const auto& r : result.ranks) {
            QVERIFY(r.stoppedByLauncher);
            QVERIFY(!alive(r.pid));
        }
    }

    void aRankThatCannotStartStopsTheOthers()
    {
        QTemporaryDir tmp;
        auto ranks = shellRanks(tmp, {"sleep 30", "true"});
        ranks[1].argv = {"/nonexistent/commcanary-capture-worker"};
        LaunchOptions options;
        cc::NullProgress progress;
        const LaunchResult result = launchRanks(ranks, options, progress);
        QCOMPARE(result.outcome, LaunchOutcome::SpawnFailed);
        QCOMPARE(result.failedRank, 1);
        QVERIFY(!alive(result.ranks[0].pid));
        QVERIFY(QString::fromStdString(result.reason).contains(QStringLiteral("cannot start rank 1")));
    }

    void workerArgumentsRoundTrip()
    {
        WorkerRunOptions o;
        o.spec.worldSize = 4;
        o.spec.backend = Backend::Gloo;
        o.spec.model = ModelKind::GptDecoder;
        o.spec.modelParams = 10'000'000;
        o.spec.iterations = 7;
        o.spec.warmup = 2;
        o.spec.bucketCapBytes = 4 * kMiB;
        o.spec.firstBucketBytes = kMiB / 4;
        o.outputDir = "/cells/one";
        o.captureId = "abc";
        o.fault = FaultInjection{1, 3};
        o.storeTimeout = std::chrono::seconds(42);
        auto args = workerRunArguments(o);
        QCOMPARE(parseWorkerRunArguments(args), o);
        args.push_back("--bogus");
        QVERIFY_THROWS_EXCEPTION(WorkerUsageError, parseWorkerRunArguments(args));
    }

    void rankEnvironmentIsTorchrunStyle()
    {
        RankEnvironment e;
        e.rank = 3;
        e.worldSize = 4;
        e.localRank = 1;
        e.localWorldSize = 2;
        e.masterAddr = "10.0.0.1";
        e.masterPort = 29511;
        const auto vars = rankEnvironmentVariables(e);
        auto lookup = [&](const std::string& name) -> std::optional<std::string> {
            for (const auto& [k, v] : vars) {
                if (k == name) {
                    return v;
                }
            }
            return std::nullopt;
        };
        QCOMPARE(parseRankEnvironment(lookup), e);
        auto missing = [](const std::string& name) -> std::optional<std::string> {
            if (name == "MASTER_PORT") {
                return std::nullopt;
            }
            return name == "MASTER_ADDR" ? std::optional<std::string>("127.0.0.1") : std::optional<std::string>("0");
        };
        try {
            (void)parseRankEnvironment(missing);
            QFAIL("a missing MASTER_PORT was accepted");
        } catch (const WorkerUsageError& error) {
            QVERIFY(QString::fromUtf8(error.what()).contains(QStringLiteral("MASTER_PORT")));
        }
        auto outside = [](const std::string& name) -> std::optional<std::string> {
            if (name == "RANK") {
                return "2";
            }
            if (name == "WORLD_SIZE") {
                return "2";
            }
            return name == "MASTER_ADDR" ? "h" : "29500";
        };
        QVERIFY_THROWS_EXCEPTION(WorkerUsageError, parseRankEnvironment(outside));
    }

    void progressLinesRoundTrip()
    {
        const RankProgressLine p{1, 5, 12, "recorded"};
        const auto back = parseProgressLine(progressLine(p));
        QVERIFY(back.has_value());
        QCOMPARE(back->rank, 1);
        QCOMPARE(back->done, 5);
        QCOMPARE(back->total, 12);
        QCOMPARE(QString::fromStdString(back->phase), QStringLiteral("recorded"));
        QVERIFY(!parseProgressLine("rank 1 says hello").has_value());
    }
};

QTEST_GUILESS_MAIN(TestRankLauncher)
#include "tst_rank_launcher.moc"
