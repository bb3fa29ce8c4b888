// The experiment matrix (parsing, refusals naming the field, expansion order) and the sweep
// results index (states, repeatability spread, JSON round trip, CSV). No worker needed.
#include "capture/lib/json_io.h"
#include "capture/lib/sweep_index.h"
#include "capture/lib/sweep_matrix.h"
#include "capture/lib/sweep_runner.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/writer.h"
#include "core/util/progress.h"

#include "capture_test_support.h"

#include <QtTest>

using namespace cc::capture;
namespace json = cc::json;
using cctest::member;

namespace {

constexpr const char* kSmallMatrix = R"({"model_params": ["1M", 2000000], "world_sizes": [2, 4], "backends": ["gloo"],
        "devices": ["cpu"], "bucket_caps": ["1MiB", 26214400], "first_bucket": "256KiB",
        "iterations": 2, "warmup": 1, "repeats": 3})";

json::Value smallMatrix()
{
    return json::parse(kSmallMatrix, "small matrix");
}

/// The small matrix with patch applied: each member of patch replaces (or adds) that member;
/// a null removes it.
std::string patchedMatrix(const std::string& patch)
{
    json::Value matrix = smallMatrix();
    const json::Value changes = json::parse(patch, "patch");
    for (const auto& change : changes.members()) {
        cctest::erase(matrix, change.key);
        if (!change.value.isNull()) {
            matrix.set(change.key, change.value);
        }
    }
    return json::toText(matrix);
}

SweepCellRecord measured(const PlannedCell& c, Ns median, Ns p95, Ns iteration)
{
    SweepCellRecord r;
    r.cell = c;
    r.state = SweepCellState::Measured;
    r.recordFile = "cells/" + c.directory + "/manifest.json";
    SweepCellMeasurement m;
    m.captureId = c.configId + "-abc";
    m.buckets = 2;
    m.allreduceSamples = 8;
    m.allreduceMedianNs = median;
    m.allreduceP95Ns = p95;
    m.allreduceMaxNs = p95 + 1;
    m.iterationMedianNs = iteration;
    m.overlapPpm = 712'345;
    m.manifestSha256 = std::string(64, 'a');
    r.measurement = m;
    return r;
}

} // namespace

class TestSweepMatrix : public QObject {
    Q_OBJECT

private slots:
    void expandsInAFixedOrder()
    {
        const SweepMatrix m = parseSweepMatrix(kSmallMatrix, "m.json");
        const auto cells = expandSweepMatrix(m);
        QCOMPARE(cells.size(), std::size_t{2 * 2 * 2 * 3});
        QCOMPARE(sweepCellCount(m), std::optional<std::uint64_t>(24));
        // The repeat varies fastest, then the bucket cap, then world size, then model size.
        QCOMPARE(cells[0].repeat, 0);
        QCOMPARE(cells[2].repeat, 2);
        QCOMPARE(cells[0].configId, cells[2].configId);
        QCOMPARE(cells[3].spec.bucketCapBytes, 25 * kMiB);
        QCOMPARE(cells[6].spec.worldSize, 4);
        QCOMPARE(cells[12].spec.modelParams, std::int64_t{2'000'000});
        QCOMPARE(cells[0].spec.firstBucketBytes, 256 * std::int64_t{1024});
        QCOMPARE(cells[0].spec.iterations, 2);
        QCOMPARE(cells[0].spec.warmup, 1);
        QCOMPARE(cells[0].directory, "000_" + cellId(cells[0].spec) + "_r0");
        QCOMPARE(cells[23].directory, "023_" + cellId(cells[23].spec) + "_r2");
        for (std::size_t i = 0; i < cells.size(); ++i) {
            QCOMPARE(cells[i].index, static_cast<int>(i));
        }
        // The canonical form reads back to the same matrix and the same cells.
        const SweepMatrix again = sweepMatrixFromJson(sweepMatrixToJson(m), "canonical");
        QCOMPARE(again, m);
        QCOMPARE(sweepMatrixText(again), sweepMatrixText(m));
    }

    void badMatricesNameTheField_data()
    {
        QTest::addColumn<QString>("patch");
        QTest::addColumn<QString>("field");
        QTest::newRow("unknown key") << R"({"world_size": [2]})"
                                     << "$.world_size";
        QTest::newRow("empty list") << R"({"backends": []})"
                                    << "$.backends";
        QTest::newRow("duplicate world size") << R"({"world_sizes": [2, 2]})"
                                              << "$.world_sizes[1]";
        QTest::newRow("unknown backend") << R"({"backends": ["mpi"]})"
                                         << "$.backends[0]";
        QTest::newRow("unknown device") << R"({"devices": ["tpu"]})"
                                        << "$.devices[0]";
        QTest::newRow("malformed count") << R"({"model_params": ["1M", "lots"]})"
                                         << "$.model_params[1]";
        QTest::newRow("model too small") << R"({"model_params": [10]})"
                                         << "$.model_params[0]";
        QTest::newRow("world size zero") << R"({"world_sizes": [0]})"
                                         << "$.world_sizes[0]";
        QTest::newRow("bad bucket cap") << R"({"bucket_caps": ["25 furlongs"]})"
                                        << "$.bucket_caps[0]";
        QTest::newRow("tiny bucket cap") << R"({"bucket_caps": [100]})"
                                         << "$.bucket_caps[0]";
        QTest::newRow("repeats zero") << R"({"repeats": 0})"
                                      << "$.repeats";
        QTest::newRow("iterations text") << R"({"iterations": "ten"})"
                                         << "$.iterations";
        QTest::newRow("wrong format") << R"({"format": "something.else"})"
                                      << "$.format";
        QTest::newRow("bad model") << R"({"model": "rnn"})"
                                   << "$.model";
        QTest::newRow("missing list") << R"({"devices": null})"
                                      << "$.devices";
    }

    void badMatricesNameTheField()
    {
        QFETCH(QString, patch);
        QFETCH(QString, field);
        const std::string matrix = patchedMatrix(patch.toStdString());
        // Through the library: InputError naming the path.
        try {
            (void)parseSweepMatrix(matrix, "m.json");
            QFAIL("the matrix was accepted");
        } catch (const cc::InputError& e) {
            QVERIFY2(std::string(e.what()).find(field.toStdString()) != std::string::npos, e.what());
            QVERIFY2(std::string(e.what()).find("m.json") != std::string::npos, e.what());
        }
        // Through the CLI: exit 3, the file and field named, nothing written.
        QTemporaryDir tmp;
        const QString file = tmp.path() + QStringLiteral("/matrix.json");
        QVERIFY(cctest::writeAll(file, QByteArray::fromStdString(matrix)));
        const QString results = tmp.path() + QStringLiteral("/results");
        const auto r =
            cctest::runCli({QStringLiteral("capture"), QStringLiteral("sweep"), file, QStringLiteral("-o"), results});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(field), qPrintable(r.err));
        QVERIFY2(r.err.contains(file), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(results));
        QCOMPARE(cctest::filesIn(tmp.path()), QStringList{QStringLiteral("matrix.json")});
    }

    void malformedJsonIsRefused()
    {
        QTemporaryDir tmp;
        const QString file = tmp.path() + QStringLiteral("/matrix.json");
        QVERIFY(cctest::writeAll(file, "{\"model_params\": [\"1M\",]"));
        const QString results = tmp.path() + QStringLiteral("/results");
        const auto r =
            cctest::runCli({QStringLiteral("capture"), QStringLiteral("sweep"), file, QStringLiteral("-o"), results});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains(file));
        QVERIFY(!QFileInfo::exists(results));
    }

    void resultsFolderRules()
    {
        QTemporaryDir tmp;
        const QString file = tmp.path() + QStringLiteral("/matrix.json");
        QVERIFY(cctest::writeAll(file, kSmallMatrix));
        // A folder with files, without --resume: refused, untouched.
        const QString results = tmp.path() + QStringLiteral("/results");
        QVERIFY(QDir().mkpath(results));
        QVERIFY(cctest::writeAll(results + QStringLiteral("/notes.txt"), "mine"));
        auto r =
            cctest::runCli({QStringLiteral("capture"), QStringLiteral("sweep"), file, QStringLiteral("-o"), results});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains(QStringLiteral("--resume")));
        QCOMPARE(cctest::filesIn(results), QStringList{QStringLiteral("notes.txt")});
        // --resume of a folder that is not a sweep: refused.
        r = cctest::runCli({QStringLiteral("capture"), QStringLiteral("sweep"), file, QStringLiteral("-o"), results,
                            QStringLiteral("--resume")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains(QStringLiteral("matrix.json")));
        // --resume with a different matrix: refused.
        const std::string other = patchedMatrix(R"({"repeats": 2})");
        QVERIFY(cctest::writeAll(results + QStringLiteral("/matrix.json"),
                                 QByteArray::fromStdString(sweepMatrixText(parseSweepMatrix(kSmallMatrix, "m")))));
        const QString otherFile = tmp.path() + QStringLiteral("/other.json");
        QVERIFY(cctest::writeAll(otherFile, QByteArray::fromStdString(other)));
        r = cctest::runCli({QStringLiteral("capture"), QStringLiteral("sweep"), otherFile, QStringLiteral("-o"),
                            results, QStringLiteral("--resume")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains(QStringLiteral("differs")));
        QCOMPARE(cctest::filesIn(results), (QStringList{QStringLiteral("matrix.json"), QStringLiteral("notes.txt")}));
        // --help explains the matrix and the states.
        const auto help =
            cctest::runCli({QStringLiteral("capture"), QStringLiteral("sweep"), QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        for (const char* word :
             {"--resume", "refused", "planned", "measured", "failed", "repeats", "cells.csv", "spread"}) {
            QVERIFY2(help.out.contains(QLatin1String(word)), word);
        }
    }

    void spreadKeepsTheDisagreement()
    {
        const SpreadStats s = spreadOf({300, 100, 250});
        QCOMPARE(s.values, (std::vector<Ns>{300, 100, 250})); // repeat order kept
        QCOMPARE(s.min, Ns{100});
        QCOMPARE(s.median, Ns{250});
        QCOMPARE(s.max, Ns{300});
        QCOMPARE(s.range, Ns{200});
        QCOMPARE(*s.rangePpmOfMedian, std::int64_t{800'000}); // 200 / 250
        const SpreadStats even = spreadOf({10, 40, 20, 30});
        QCOMPARE(even.median, Ns{20}); // lower middle
        QCOMPARE(*even.rangePpmOfMedian, std::int64_t{1'500'000});
        QCOMPARE(spreadOf({7}).range, Ns{0});
        QVERIFY(!spreadOf({0, 0}).rangePpmOfMedian);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, spreadOf({}));
    }

    void indexRoundTripsAndSummarisesConfigurations()
    {
        const SweepMatrix m = parseSweepMatrix(kSmallMatrix, "m.json");
        const auto cells = expandSweepMatrix(m);
        std::vector<SweepCellRecord> records;
        for (const auto& c : cells) {
            SweepCellRecord r;
            r.cell = c;
            records.push_back(r);
        }
        records[0] = measured(cells[0], 1000, 1500, 9000);
        records[1] = measured(cells[1], 1300, 1600, 9100);
        records[2] = measured(cells[2], 1100, 2000, 9050);
        records[3].state = SweepCellState::Refused;
        records[3].reason = "host: 30 GiB needed, 20 GiB available";
        records[3].recordFile = "cells/" + cells[3].directory + "/refused.json";
        records[3].refusal = SweepCellRefusal{false, "host", 30 * kGiB, 20 * kGiB, {records[3].reason}};
        records[4].state = SweepCellState::Failed;
        records[4].reason = "rank 1 was killed by SIGKILL, \"injected\"";
        records[4].recordFile = "cells/" + cells[4].directory + "/failed.json";
        const SweepIndex index = makeSweepIndex(m, records);
        QCOMPARE(index.count(SweepCellState::Measured), 3);
        QCOMPARE(index.count(SweepCellState::Refused), 1);
        QCOMPARE(index.count(SweepCellState::Failed), 1);
        QCOMPARE(index.count(SweepCellState::Planned), 19);
        QCOMPARE(index.configurations.size(), std::size_t{8});
        const ConfigurationSpread& first = index.configurations[0];
        QCOMPARE(first.planned, 3);
        QCOMPARE(first.measured, 3);
        QCOMPARE(first.allreduceMedian->values, (std::vector<Ns>{1000, 1300, 1100}));
        QCOMPARE(first.allreduceMedian->range, Ns{300});
        QCOMPARE(first.allreduceMedian->median, Ns{1100});
        QCOMPARE(first.allreduceP95->range, Ns{500});
        QCOMPARE(index.configurations[1].refused, 1);
        QCOMPARE(index.configurations[1].failed, 1);
        QCOMPARE(index.configurations[1].pending, 1);
        QVERIFY(!index.configurations[1].allreduceMedian);

        const json::Value j = sweepIndexToJson(index);
        const SweepIndex back = sweepIndexFromJson(j, "cells.json");
        QCOMPARE(sweepIndexText(back), sweepIndexText(index));
        QCOMPARE(back.matrix, m);
        QCOMPARE(back.cells[3].refusal->budgetBytes, std::optional<std::int64_t>(20 * kGiB));
        QCOMPARE(back.cells[0].measurement->overlapPpm, std::optional<std::int64_t>(712'345));
        QVERIFY(!back.cells[0].measurement->overheadPpm);

        // Written and read through the folder.
        QTemporaryDir tmp;
        writeSweepIndex(tmp.path().toStdString(), index);
        QCOMPARE(sweepIndexText(readSweepIndex(tmp.path().toStdString())), sweepIndexText(index));
        const QStringList lines = QString::fromUtf8(cctest::readAll(tmp.path() + QStringLiteral("/cells.csv")))
                                      .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 24);
        QVERIFY(lines[0].startsWith(QStringLiteral("index,directory,config_id,repeat,")));
        QVERIFY(lines[1].contains(QStringLiteral(",measured,")));
        QVERIFY(lines[4].contains(QStringLiteral(",refused,")));
        QVERIFY(lines[4].contains(QString::number(30 * kGiB)));
        // A reason with a comma and quotes is quoted.
        QVERIFY(lines[5].contains(QStringLiteral("\"rank 1 was killed by SIGKILL, \"\"injected\"\"\"")));
        QVERIFY(lines[24].contains(QStringLiteral(",planned,")));
        const QString configs = QString::fromUtf8(cctest::readAll(tmp.path() + QStringLiteral("/configurations.csv")));
        QVERIFY(configs.contains(QStringLiteral("1000 1300 1100,1000,1100,1300,300,")));

        // An index whose cells do not match its matrix is refused.
        json::Value broken = j;
        member(member(broken, "cells").items()[2], "directory") = json::Value("nope");
        QVERIFY_THROWS_EXCEPTION(cc::InputError, sweepIndexFromJson(broken, "cells.json"));
        json::Value state = j;
        member(member(state, "cells").items()[2], "state") = json::Value("done");
        QVERIFY_THROWS_EXCEPTION(cc::InputError, sweepIndexFromJson(state, "cells.json"));
    }

    void inspectingAFolderOnlyTrustsManifestsAndRecords()
    {
        const SweepMatrix m = parseSweepMatrix(kSmallMatrix, "m.json");
        const auto cells = expandSweepMatrix(m);
        QTemporaryDir tmp;
        const std::filesystem::path root = tmp.path().toStdString();
        // Absent: planned.
        QCOMPARE(inspectSweepCell(root, cells[0]).state, SweepCellState::Planned);
        // Half-written (a cell.json and a temporary file, no manifest): planned, and said so.
        const auto dir = sweepCellDir(root, cells[0]);
        std::filesystem::create_directories(dir);
        QVERIFY(cctest::writeAll(QString::fromStdString((dir / "cell.json").string()), "{}"));
        QVERIFY(cctest::writeAll(QString::fromStdString((dir / "rank0.json.tmp").string()), "{"));
        const SweepCellRecord half = inspectSweepCell(root, cells[0]);
        QCOMPARE(half.state, SweepCellState::Planned);
        QVERIFY2(half.reason.find("interrupted") != std::string::npos, half.reason.c_str());
        // A manifest the loader rejects does not make a cell measured.
        QVERIFY(cctest::writeAll(QString::fromStdString((dir / "manifest.json").string()), "{\"format\": 1}"));
        QCOMPARE(inspectSweepCell(root, cells[0]).state, SweepCellState::Planned);
        // A failed record: failed.
        const auto dir1 = sweepCellDir(root, cells[1]);
        std::filesystem::create_directories(dir1);
        QVERIFY(
            cctest::writeAll(QString::fromStdString((dir1 / "failed.json").string()),
                             R"({"status": "failed", "note": "no manifest", "launch": {"reason": "rank 1 died"}})"));
        const SweepCellRecord failed = inspectSweepCell(root, cells[1]);
        QCOMPARE(failed.state, SweepCellState::Failed);
        QVERIFY(failed.reason.find("rank 1 died") != std::string::npos);
    }

    void aCancelledSweepStopsWhilePlanning()
    {
        // 3,000 cells, none of which can run (the named worker does not exist), so planning writes a
        // refusal for each. Cancelling at planning's first report stops it at the next cell: one
        // refusal on disk, a complete index with every other cell still planned, nothing run.
        class CancelOncePlanning final : public cc::Progress {
        public:
            void report(double, std::string_view message) override { messages.emplace_back(message); }
            bool cancelled() const override
            {
                return std::any_of(messages.begin(), messages.end(),
                                   [](const std::string& m) { return m.starts_with("planning cell"); });
            }
            std::vector<std::string> messages;
        };
        const SweepMatrix m = parseSweepMatrix(
            patchedMatrix(R"({"model_params": ["1M", "2M", "3M", "4M", "5M", "6M", "7M", "8M", "9M", "10M"],
                "world_sizes": [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
                "bucket_caps": ["1MiB", "2MiB", "3MiB", "4MiB", "5MiB", "6MiB", "7MiB", "8MiB", "9MiB", "10MiB"]})"),
            "m.json");
        const auto cells = expandSweepMatrix(m);
        QCOMPARE(cells.size(), std::size_t{3000});
        QTemporaryDir tmp;
        const std::filesystem::path root = tmp.path().toStdString();
        SweepRunOptions options;
        options.resultsDir = root / "results";
        options.worker = root / "no-such-worker";
        CancelOncePlanning progress;
        const SweepRunResult result = runSweep(m, options, progress);
        QVERIFY(result.cancelled);
        QCOMPARE(result.ran, 0);
        QCOMPARE(result.index.cells.size(), cells.size());
        QCOMPARE(result.index.count(SweepCellState::Refused), 1);
        QCOMPARE(result.index.count(SweepCellState::Planned), static_cast<int>(cells.size()) - 1);
        QCOMPARE(result.index.cells[0].state, SweepCellState::Refused);
        QVERIFY2(result.index.cells[0].reason.find("no-such-worker") != std::string::npos,
                 result.index.cells[0].reason.c_str());
        const QDir cellsDir(QString::fromStdString((options.resultsDir / "cells").string()));
        QCOMPARE(cellsDir.entryList(QDir::Dirs | QDir::Files | QDir::NoDotAndDotDot).size(), qsizetype{1});
        QVERIFY(std::find(progress.messages.begin(), progress.messages.end(), "planning cell 1 of 3000") !=
                progress.messages.end());
        // What is on disk is a whole index that reads back, and the last report says why it ended.
        QCOMPARE(readSweepIndex(options.resultsDir).cells.size(), cells.size());
        QCOMPARE(progress.messages.back(), std::string("sweep interrupted while planning"));
    }

    void theEndOfALargeSweepIsASummary()
    {
        // 60 cells in 30 configurations, none of which can run (the named worker does not exist): the
        // CLI lists the first 24 of each and says where the rest are; the index keeps all of them.
        QTemporaryDir tmp;
        const QString matrix = tmp.filePath(QStringLiteral("m.json"));
        QVERIFY(cctest::writeAll(
            matrix, QByteArray::fromStdString(patchedMatrix(
                        R"({"model_params": ["1M", "2M", "3M", "4M", "5M", "6M"], "world_sizes": [2], "repeats": 2,
                            "bucket_caps": ["1MiB", "2MiB", "4MiB", "8MiB", "16MiB"]})"))));
        const QString results = tmp.filePath(QStringLiteral("results"));
        const auto r = cctest::runCli({QStringLiteral("capture"), QStringLiteral("sweep"), matrix, QStringLiteral("-o"),
                                       results, QStringLiteral("--worker"), tmp.filePath(QStringLiteral("no-worker"))});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("sweep: 60 cells — 0 measured, 60 refused")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("[24/60] ")));
        QVERIFY(!r.out.contains(QStringLiteral("[25/60] ")));
        QVERIFY2(r.out.contains(QStringLiteral("... and 36 more cells; ") + results +
                                QStringLiteral("/cells.csv lists every one")),
                 qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("... and 6 more configurations; ") + results +
                               QStringLiteral("/configurations.csv lists every one")));
        QVERIFY(r.out.count(QStringLiteral(": 0 of 2 measured")) == 24);
        const auto index = readSweepIndex(cctest::toStd(results));
        QCOMPARE(index.cells.size(), std::size_t{60});
        QCOMPARE(index.configurations.size(), std::size_t{30});
        // A small sweep is listed whole, without the summary line.
        const QString small = tmp.filePath(QStringLiteral("small.json"));
        QVERIFY(cctest::writeAll(small, QByteArray(kSmallMatrix)));
        const auto whole = cctest::runCli({QStringLiteral("capture"), QStringLiteral("sweep"), small,
                                           QStringLiteral("-o"), tmp.filePath(QStringLiteral("whole")),
                                           QStringLiteral("--worker"), tmp.filePath(QStringLiteral("no-worker"))});
        QCOMPARE(whole.exitCode, 0);
        QVERIFY2(whole.out.contains(QStringLiteral("[24/24] ")), qPrintable(whole.out));
        QVERIFY(!whole.out.contains(QStringLiteral("more cells")));
    }
};

QTEST_GUILESS_MAIN(TestSweepMatrix)
#include "tst_sweep_matrix.moc"
