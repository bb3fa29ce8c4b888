// The capture's untrusted inputs against what a mutation campaign threw at them: numbers beyond
// double range, nesting 10^5 levels deep, a matrix whose axes multiply to 4·10^11 cells,
// lists of 10^5 repeated values, multi-megabyte values, and cell files carrying the same. Each is
// refused through the real CLI or the library with a message naming the file and the rule or
// limit, quoting at most about 40 characters of what it refuses, and nothing is written. Then a
// rank that hangs instead of dying (a fake worker here; tst_capture_run does it with the real
// one): the cell is rejected, every rank is stopped, no manifest is written.
#include "capture/lib/capture_limits.h"
#include "capture/lib/cell_loader.h"
#include "capture/lib/cell_runner.h"
#include "capture/lib/json_io.h"
#include "capture/lib/sweep_index.h"
#include "capture/lib/sweep_matrix.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/limits.h"

#include "capture_test_support.h"

#include <QtTest>

#include <cerrno>
#include <csignal>
#include <filesystem>

using namespace cc::capture;
namespace fs = std::filesystem;

namespace {

const std::string kRest = R"("backends": ["gloo"], "devices": ["cpu"], "iterations": 2, "warmup": 1)";

/// A matrix with the given lists (JSON text) and the usual rest.
std::string matrixWith(const std::string& modelParams, const std::string& worldSizes, const std::string& bucketCaps,
                       const std::string& extra = {})
{
    return "{\"model_params\": " + modelParams + ", \"world_sizes\": " + worldSizes +
           ", \"bucket_caps\": " + bucketCaps + ", " + kRest + extra + "}";
}

std::string repeated(const std::string& item, std::size_t n, std::size_t from = 0)
{
    std::string out = "[";
    for (std::size_t i = from; i < from + n; ++i) {
        out += (i == from ? "" : ",") + (item.empty() ? std::to_string(i) : item);
    }
    return out + "]";
}

/// 1000 model sizes × 1000 world sizes × 2 backends × 2 devices × 1000 bucket caps × 100 repeats.
std::string fourHundredBillionCells()
{
    std::string params = "[";
    std::string caps = "[";
    std::string worlds = "[";
    for (int i = 0; i < 1000; ++i) {
        params += (i == 0 ? "" : ",") + std::to_string(100'000 + i);
        caps += (i == 0 ? "" : ",") + std::to_string(1024 * (i + 1));
        worlds += (i == 0 ? "" : ",") + std::to_string(i + 1);
    }
    return "{\"model_params\": " + params + "], \"world_sizes\": " + worlds +
           "], \"backends\": [\"gloo\", \"nccl\"], " + "\"devices\": [\"cpu\", \"cuda\"], \"bucket_caps\": " + caps +
           "], \"repeats\": 100}";
}

std::string nested(std::size_t depth)
{
    return std::string(depth, '[') + "1" + std::string(depth, ']');
}

std::string refusalOf(const std::string& text)
{
    try {
        (void)parseSweepMatrix(text, "m.json");
    } catch (const cc::InputError& e) {
        return e.what();
    }
    return {};
}

bool alive(int pid)
{
    return ::kill(pid, 0) == 0 || errno != ESRCH;
}

/// A machine whose "worker" is a shell script: enough for the planner and the launcher.
MachineReport fakeMachine(const fs::path& worker)
{
    MachineReport m;
    m.host.availableBytes = 64 * kGiB;
    m.host.totalBytes = 64 * kGiB;
    m.devices.note = "none (test)";
    m.worker.path = worker;
    m.probe.ran = true;
    m.probe.gloo = true;
    m.probe.libtorchVersion = "fake";
    m.probe.baselineRssBytes = 64 * kMiB;
    m.probe.baselineWhat = "a test";
    return m;
}

/// Writes an executable fake worker (a POSIX shell script) and returns its path.
fs::path fakeWorker(const QTemporaryDir& tmp, const std::string& body)
{
    const fs::path path = fs::path(tmp.path().toStdString()) / "fake-worker";
    const std::string script = "#!/bin/sh\n"
                               "# A stand-in for commcanary-capture-worker: reads --store-timeout-s like the worker.\n"
                               "timeout=0; previous=\n"
                               "for a in \"$@\"; do\n"
                               "  if [ \"$previous\" = \"--store-timeout-s\" ]; then timeout=$a; fi\n"
                               "  previous=$a\n"
                               "done\n" +
                               body;
    cctest::writeAll(QString::fromStdString(path.string()), QByteArray::fromStdString(script));
    fs::permissions(path, fs::perms::owner_all);
    return path;
}

/// Plans a two-rank cell on a machine whose worker is the fake script `body` and runs it into
/// tmp/cell under these limits; the plan must be feasible (a cell that is not yields Refused).
CellRunResult runFakeCell(const QTemporaryDir& tmp, const std::string& body, std::chrono::milliseconds timeout,
                          std::optional<std::chrono::seconds> storeTimeout = std::nullopt)
{
    CellSpec spec;
    spec.worldSize = 2;
    const CellPlan plan = planCaptureOn(spec, fakeMachine(fakeWorker(tmp, body)), CellPlanOptions{});
    CellRunOptions options;
    options.outputDir = fs::path(tmp.path().toStdString()) / "cell";
    options.timeout = timeout;
    options.storeTimeout = storeTimeout;
    cc::NullProgress quiet;
    return runCell(plan, options, quiet);
}

} // namespace

class TestCaptureInputLimits : public QObject {
    Q_OBJECT

private slots:
    void matrixBombsAreRefusedQuicklyAndWriteNothing_data()
    {
        QTest::addColumn<QByteArray>("matrix");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("number beyond double range")
            << QByteArray::fromStdString(matrixWith("[\"1M\"]", "[1e309]", "[\"1MiB\"]"))
            << QStringList{QStringLiteral("$.world_sizes[0]"), QStringLiteral("(got 1e309)")};
        QTest::newRow("negative number beyond double range")
            << QByteArray::fromStdString(matrixWith("[\"1M\"]", "[2]", "[\"1MiB\"]", ", \"repeats\": -1e309"))
            << QStringList{QStringLiteral("$.repeats"), QStringLiteral("(got -1e309)")};
        QTest::newRow("integer beyond 64 bits")
            << QByteArray::fromStdString(matrixWith("[123456789012345678901234567890]", "[2]", "[\"1MiB\"]"))
            << QStringList{QStringLiteral("$.model_params[0]"), QStringLiteral("123456789012345678901234567890")};
        // 100000 levels overflowed the stack of a recursive parser.
        QTest::newRow("bucket caps nested 100000 deep")
            << QByteArray::fromStdString(matrixWith("[\"1M\"]", "[2]", nested(100'000)))
            << QStringList{QStringLiteral("$.bucket_caps"), QStringLiteral("deeper than the limit of 64 levels")};
        QTest::newRow("4e11 cells") << QByteArray::fromStdString(fourHundredBillionCells())
                                    << QStringList{QStringLiteral("plans 400000000000 cells"),
                                                   QStringLiteral("more than the limit of 10000 cells")};
        QTest::newRow("1e5 repeated world sizes")
            << QByteArray::fromStdString(matrixWith("[\"1M\"]", repeated("2", 100'000), "[\"1MiB\"]"))
            << QStringList{QStringLiteral("$.world_sizes[1]"), QStringLiteral("repeats $.world_sizes[0]")};
        // 10^5 distinct bucket caps, then one that repeats the sixth: found without comparing pairs.
        std::string caps = repeated({}, 100'000, 1024);
        caps.insert(caps.size() - 1, ",1029");
        QTest::newRow("a late duplicate among 1e5 values")
            << QByteArray::fromStdString(matrixWith("[\"1M\"]", "[2]", caps))
            << QStringList{QStringLiteral("$.bucket_caps[100000]"), QStringLiteral("repeats $.bucket_caps[5]")};
        QTest::newRow("a 5 MB value") << QByteArray::fromStdString(matrixWith(
                                             "[\"" + std::string(5'000'000, '7') + "\"]", "[2]", "[\"1MiB\"]"))
                                      << QStringList{QStringLiteral("larger than the limit of 1048576 bytes")};
        QTest::newRow("a 900 kB value")
            << QByteArray::fromStdString(matrixWith("[\"" + std::string(900'000, 'x') + "\"]", "[2]", "[\"1MiB\"]"))
            << QStringList{QStringLiteral("$.model_params[0]"),
                           QStringLiteral("(got \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...\" (900000 bytes))")};
        QTest::newRow("a 900 kB key") << QByteArray::fromStdString(
                                             matrixWith("[\"1M\"]", "[2]", "[\"1MiB\"]",
                                                        ", \"" + std::string(900'000, 'k') + "\": 1"))
                                      << QStringList{QStringLiteral("is not a matrix field")};
        QTest::newRow("a 900 kB list as the model")
            << QByteArray::fromStdString(
                   matrixWith("[\"1M\"]", "[2]", "[\"1MiB\"]", ", \"model\": " + repeated("1", 400'000)))
            << QStringList{QStringLiteral("$.model"), QStringLiteral("(got an array of 400000 values)")};
    }

    void matrixBombsAreRefusedQuicklyAndWriteNothing()
    {
        QFETCH(QByteArray, matrix);
        QFETCH(QStringList, expected);
        QTemporaryDir tmp;
        const QString file = tmp.path() + QStringLiteral("/matrix.json");
        QVERIFY(cctest::writeAll(file, matrix));
        const QString results = tmp.path() + QStringLiteral("/results");
        const auto r =
            cctest::runCli({QStringLiteral("capture"), QStringLiteral("sweep"), file, QStringLiteral("-o"), results});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(file), qPrintable(r.err.left(2000)));
        for (const QString& text : expected) {
            QVERIFY2(r.err.contains(text), qPrintable(r.err.left(2000)));
        }
        // The message quotes a bounded piece of what it refuses, never the value itself.
        QVERIFY2(r.err.size() < 1200, qPrintable(QString::number(r.err.size()) + QStringLiteral(" characters")));
        QVERIFY2(r.err.contains(QStringLiteral("nothing was written")), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(results));
        QCOMPARE(cctest::filesIn(tmp.path()), QStringList{QStringLiteral("matrix.json")});
    }

    void theCellLimitIsCheckedBeforeExpansion()
    {
        // 100 model sizes × 100 bucket caps = 10000 cells: at the limit, accepted.
        std::string params = "[";
        std::string caps = "[";
        for (int i = 0; i < 100; ++i) {
            params += (i == 0 ? "" : ",") + std::to_string(100'000 + i);
            caps += (i == 0 ? "" : ",") + std::to_string(1024 * (i + 1));
        }
        params += "]";
        caps += "]";
        const SweepMatrix atLimit = parseSweepMatrix(matrixWith(params, "[2]", caps), "m.json");
        QCOMPARE(sweepCellCount(atLimit), std::optional<std::uint64_t>(cc::resourceLimits().maxSweepCells));
        QCOMPARE(expandSweepMatrix(atLimit).size(), std::size_t{cc::resourceLimits().maxSweepCells});
        // One repeat more: refused, naming every factor.
        const std::string why = refusalOf(matrixWith(params, "[2]", caps, ", \"repeats\": 2"));
        QVERIFY2(why.find("m.json") != std::string::npos, why.c_str());
        QVERIFY2(why.find("plans 20000 cells (100 model sizes × 1 world sizes × 1 backends × 1 devices × 100 bucket "
                          "caps × 2 repeats), more than the limit of 10000 cells") != std::string::npos,
                 why.c_str());
        // A matrix built in code is refused by the expansion too.
        SweepMatrix big = atLimit;
        big.repeats = 2;
        QVERIFY_THROWS_EXCEPTION(cc::InputError, expandSweepMatrix(big));
        // The product is computed without overflow.
        QCOMPARE(sweepCellCount(atLimit).value() * 2, *sweepCellCount(big));
        // 4e11 through the library.
        const std::string bomb = refusalOf(fourHundredBillionCells());
        QVERIFY2(bomb.find("plans 400000000000 cells") != std::string::npos, bomb.c_str());
    }

    void aBombInTheStoredMatrixIsRefusedOnResume()
    {
        QTemporaryDir tmp;
        const QString file = tmp.path() + QStringLiteral("/matrix.json");
        QVERIFY(cctest::writeAll(file, QByteArray::fromStdString(matrixWith("[\"1M\"]", "[2]", "[\"1MiB\"]"))));
        const QString results = tmp.path() + QStringLiteral("/results");
        QVERIFY(QDir().mkpath(results));
        const QByteArray stored = QByteArray::fromStdString(matrixWith("[\"1M\"]", "[2]", nested(4000)));
        QVERIFY(cctest::writeAll(results + QStringLiteral("/matrix.json"), stored));
        const auto r = cctest::runCli({QStringLiteral("capture"), QStringLiteral("sweep"), file, QStringLiteral("-o"),
                                       results, QStringLiteral("--resume")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(results + QStringLiteral("/matrix.json")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("deeper than the limit of 64 levels")), qPrintable(r.err));
        QCOMPARE(cctest::filesIn(results), QStringList{QStringLiteral("matrix.json")});
        QCOMPARE(cctest::readAll(results + QStringLiteral("/matrix.json")), stored);
    }

    void aSweepIndexBombIsRefused()
    {
        const SweepMatrix m = parseSweepMatrix(matrixWith("[\"1M\"]", "[2]", "[\"1MiB\"]"), "m.json");
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        std::vector<SweepCellRecord> records;
        for (const auto& c : expandSweepMatrix(m)) {
            records.push_back(SweepCellRecord{c, SweepCellState::Planned, {}, {}, {}, {}});
        }
        writeSweepIndex(dir, makeSweepIndex(m, records));
        const std::string text =
            cctest::readAll(QString::fromStdString((dir / kSweepIndexJsonFileName).string())).toStdString();
        // A number beyond double range where an index belongs.
        std::string overflow = text;
        const std::string key = "\"repeat\": 0";
        overflow.replace(overflow.find(key), key.size(), "\"repeat\": 1e309");
        cctest::writeAll(QString::fromStdString((dir / kSweepIndexJsonFileName).string()),
                         QByteArray::fromStdString(overflow));
        try {
            (void)readSweepIndex(dir);
            QFAIL("an index with 1e309 was read");
        } catch (const cc::InputError& e) {
            const std::string why = e.what();
            QVERIFY2(why.find("cells.json") != std::string::npos &&
                         why.find("$.cells[0].repeat") != std::string::npos && why.find("1e309") != std::string::npos,
                     why.c_str());
        }
        // Nesting thousands deep.
        cctest::writeAll(QString::fromStdString((dir / kSweepIndexJsonFileName).string()),
                         QByteArray::fromStdString("{\"cells\": " + nested(6000) + "}"));
        try {
            (void)readSweepIndex(dir);
            QFAIL("an index nested 6000 deep was read");
        } catch (const cc::InputError& e) {
            QVERIFY2(std::string(e.what()).find("deeper than the limit of 64 levels") != std::string::npos, e.what());
        }
    }

    void cellFilesCarryingBombsAreRejectedNotLoaded_data()
    {
        QTest::addColumn<QByteArray>("manifest");
        QTest::addColumn<QString>("expected");
        QTest::newRow("world size beyond double range")
            << QByteArray(R"({"format": "commcanary.capture.manifest.v1", "world_size": 1e309})")
            << QStringLiteral("$.world_size");
        QTest::newRow("nested 5000 deep")
            << QByteArray::fromStdString("{\"format\": \"commcanary.capture.manifest.v1\", \"ranks\": " + nested(5000) +
                                         "}")
            << QStringLiteral("deeper than the limit of 64 levels");
        QTest::newRow("duplicate key") << QByteArray(R"({"world_size": 1, "world_size": 1})")
                                       << QStringLiteral("duplicate key \"world_size\"");
    }

    void cellFilesCarryingBombsAreRejectedNotLoaded()
    {
        QFETCH(QByteArray, manifest);
        QFETCH(QString, expected);
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        QVERIFY(cctest::writeAll(QString::fromStdString((dir / kManifestFileName).string()), manifest));
        const CellLoad load = loadCell(dir);
        QVERIFY(!load.cell.has_value());
        QVERIFY2(QString::fromStdString(load.warning).contains(expected), load.warning.c_str());
        QVERIFY2(load.warning.size() < 1000, load.warning.c_str());
        QVERIFY(!inventoryCell(dir).recordedWorldSize.has_value());
    }

    void stringsThatAreNotUtf8AreWrittenReadable()
    {
        // The tail of a log cut inside a character, and a stray byte.
        const cc::json::Value record("log tail \xe2\x82 and \xff end");
        const std::string text = jsonFileText(record);
        const cc::json::Value back = cc::json::parse(text, "failed.json");
        QCOMPARE(back.string(), std::string("log tail \xef\xbf\xbd\xef\xbf\xbd and \xef\xbf\xbd end"));
        // Valid text is written unchanged.
        QCOMPARE(jsonFileText(cc::json::Value("caf\xc3\xa9 \xe2\x80\x94 \t\"q\"")),
                 std::string("\"caf\xc3\xa9 \xe2\x80\x94 \\t\\\"q\\\"\"\n"));
    }

    void aHungRankIsCaughtByItsPeersStoreTimeout()
    {
        // Rank 1 hangs (stops itself, as a deadlocked or descheduled process would); rank 0 waits
        // for it as long as the store timeout allows and then gives up, as the worker does.
        QTemporaryDir tmp;
        const CellRunResult result = runFakeCell(tmp,
                                                 "echo \"rank $RANK started\"\n"
                                                 "if [ \"$RANK\" = 1 ]; then kill -STOP $$; fi\n"
                                                 "sleep \"$timeout\"\n"
                                                 "echo \"rank $RANK: no answer from rank 1 within $timeout s\" >&2\n"
                                                 "exit 1\n",
                                                 std::chrono::seconds(120), std::chrono::seconds(2));
        const fs::path cell = fs::path(tmp.path().toStdString()) / "cell";
        QCOMPARE(result.status, CellStatus::Failed);
        QVERIFY(result.launch.has_value());
        QCOMPARE(result.launch->outcome, LaunchOutcome::RankFailed);
        QCOMPARE(result.launch->failedRank, 0);
        QVERIFY(result.launch->ranks[1].stoppedByLauncher);
        for (const auto& r : result.launch->ranks) {
            QVERIFY2(!alive(r.pid), "a rank survived the failed cell");
        }
        QVERIFY(!fs::exists(cell / kManifestFileName));
        QCOMPARE(result.recordPath, cell / kFailureFileName);
        // failed.json is strict JSON and says who gave up and who was stopped.
        const cc::json::Value failed = readJsonFile(result.recordPath, kMaxCellRecordFileBytes);
        const cc::json::Value& launch = cctest::member(failed, "launch");
        QCOMPARE(cctest::member(launch, "outcome").string(), std::string("rank_failed"));
        QCOMPARE(cctest::member(launch, "failed_rank").toInt64(), std::optional<std::int64_t>(0));
        QVERIFY(cctest::member(cctest::member(launch, "ranks").items()[1], "stopped_by_launcher").boolean());
        QVERIFY(QString::fromStdString(cctest::member(cctest::member(launch, "ranks").items()[0], "log_tail").string())
                    .contains(QStringLiteral("no answer from rank 1 within 2 s")));
        const CellLoad load = loadCell(cell);
        QVERIFY(!load.cell.has_value());
        QVERIFY2(QString::fromStdString(load.warning).contains(QStringLiteral("no manifest")), load.warning.c_str());
    }

    void aCellWhoseRanksAllHangIsCaughtByTheDeadline()
    {
        QTemporaryDir tmp;
        const CellRunResult result =
            runFakeCell(tmp, "echo \"rank $RANK started\"\nkill -STOP $$\nexit 0\n", std::chrono::seconds(2));
        const fs::path cell = fs::path(tmp.path().toStdString()) / "cell";
        QCOMPARE(result.status, CellStatus::Failed);
        QCOMPARE(result.launch->outcome, LaunchOutcome::TimedOut);
        for (const auto& r : result.launch->ranks) {
            QVERIFY(r.stoppedByLauncher);
            QVERIFY2(!alive(r.pid), "a hung rank survived the deadline");
        }
        QVERIFY(!fs::exists(cell / kManifestFileName));
        QVERIFY(!loadCell(cell).cell.has_value());
    }

    void aLogTailCutInsideACharacterStillGivesAReadableRecord()
    {
        QTemporaryDir tmp;
        // Rank 1 dies right after printing half of a three-byte character.
        const CellRunResult result = runFakeCell(tmp,
                                                 "if [ \"$RANK\" = 1 ]; then printf 'dying \\342\\202'; exit 3; fi\n"
                                                 "sleep 60\n",
                                                 std::chrono::seconds(120));
        const fs::path cell = fs::path(tmp.path().toStdString()) / "cell";
        QCOMPARE(result.status, CellStatus::Failed);
        QCOMPARE(result.launch->failedRank, 1);
        const cc::json::Value failed = readJsonFile(result.recordPath, kMaxCellRecordFileBytes);
        const std::string tail =
            cctest::member(cctest::member(cctest::member(failed, "launch"), "ranks").items()[1], "log_tail").string();
        QVERIFY2(tail.find("dying \xef\xbf\xbd") != std::string::npos, tail.c_str());
        QVERIFY(!fs::exists(cell / kManifestFileName));
    }
};

QTEST_GUILESS_MAIN(TestCaptureInputLimits)
#include "tst_capture_input_limits.moc"
