// A real sweep through `commcanary capture sweep`: a small matrix (the 1M model on two gloo ranks,
// repeated twice, and a 10G model the memory guard refuses), interrupted by killing the CLI
// process in the middle of the second cell, then resumed. The completed cell is not rerun or
// rewritten, the half-written one is cleaned and rerun, and the index lists every planned cell
// with its state. Needs the worker; skips with the reason otherwise.
#include "capture/lib/cell_loader.h"
#include "capture/lib/sweep_index.h"
#include "capture/lib/sweep_matrix.h"

#include "capture_test_support.h"

#include <QDateTime>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QProcess>
#include <QRandomGenerator>
#include <QtTest>

#include <map>

using namespace cc::capture;
namespace fs = std::filesystem;

namespace {

constexpr const char* kMatrix = R"({
  "model": "mlp",
  "model_params": ["1M", "10G"],
  "world_sizes": [2],
  "backends": ["gloo"],
  "devices": ["cpu"],
  "bucket_caps": ["1MiB"],
  "first_bucket": "256KiB",
  "iterations": 2,
  "warmup": 1,
  "repeats": 2,
  "timeout_s": 240
})";

struct FileState {
    QByteArray bytes;
    QDateTime modified;
};

std::map<QString, FileState> snapshot(const QString& dir)
{
    std::map<QString, FileState> files;
    for (const QString& name : cctest::filesIn(dir)) {
        const QString path = dir + QLatin1Char('/') + name;
        files[name] = {cctest::readAll(path), QFileInfo(path).lastModified()};
    }
    return files;
}

QString cellDir(const QString& results, const PlannedCell& cell)
{
    return results + QStringLiteral("/cells/") + QString::fromStdString(cell.directory);
}

} // namespace

class TestCaptureSweep : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        CCTEST_SKIP_UNLESS_CAPTURE(QStringLiteral("gloo/cpu"), QStringLiteral("no real capture possible here"));
    }

    void interruptedSweepResumesWithoutRerunningCompletedCells()
    {
        QTemporaryDir tmp;
        const QString matrixFile = tmp.path() + QStringLiteral("/matrix.json");
        QVERIFY(cctest::writeAll(matrixFile, kMatrix));
        const QString results = tmp.path() + QStringLiteral("/results");
        const auto cells = expandSweepMatrix(loadSweepMatrix(matrixFile.toStdString()));
        QCOMPARE(cells.size(), std::size_t{4});

        // 1. Start the sweep and kill the CLI (SIGKILL, no chance to tidy up) once the second
        //    cell's ranks are running and the first cell is complete.
        QProcess sweep;
        sweep.start(QStringLiteral(COMMCANARY_CLI_PATH),
                    {QStringLiteral("capture"), QStringLiteral("sweep"), matrixFile, QStringLiteral("-o"), results});
        QVERIFY(sweep.waitForStarted());
        const QString first = cellDir(results, cells[0]);
        const QString second = cellDir(results, cells[1]);
        QElapsedTimer waited;
        waited.start();
        // Both ranks of the second cell have started their loop (so they already asked to die with
        // their parent) and the first cell is complete.
        auto ranksRunning = [&]() {
            return cctest::readAll(second + QStringLiteral("/rank0.log")).contains("commcanary-progress") &&
                   cctest::readAll(second + QStringLiteral("/rank1.log")).contains("commcanary-progress");
        };
        while (!(QFileInfo::exists(first + QStringLiteral("/manifest.json")) && ranksRunning())) {
            QVERIFY2(sweep.state() == QProcess::Running,
                     qPrintable(QStringLiteral("the sweep ended before it could be interrupted: ") +
                                QString::fromUtf8(sweep.readAllStandardError() + sweep.readAllStandardOutput())));
            QVERIFY2(waited.elapsed() < 300000, "the first cell did not complete in time");
            QTest::qWait(20);
        }
        QVERIFY(!QFileInfo::exists(second + QStringLiteral("/manifest.json")));
        sweep.kill();
        QVERIFY(sweep.waitForFinished(30000));
        QCOMPARE(sweep.exitStatus(), QProcess::CrashExit);
        // The ranks of the interrupted cell die with the CLI (PR_SET_PDEATHSIG).
        waited.restart();
        while (!cctest::processesMentioning(second).isEmpty()) {
            QVERIFY2(waited.elapsed() < 30000, qPrintable(cctest::processesMentioning(second).join(QLatin1Char('\n'))));
            QTest::qWait(50);
        }

        // 2. What the interruption left: an index with every cell (1 measured, 1 planned, 2 refused);
        //    the second cell half-written and not loadable.
        {
            const SweepIndex index = readSweepIndex(results.toStdString());
            QCOMPARE(index.cells.size(), std::size_t{4});
            QCOMPARE(index.cells[0].state, SweepCellState::Measured);
            QCOMPARE(index.cells[1].state, SweepCellState::Planned);
            QCOMPARE(index.cells[2].state, SweepCellState::Refused);
            QCOMPARE(index.cells[3].state, SweepCellState::Refused);
        }
        QVERIFY(!loadCell(second.toStdString()).cell);
        const auto firstBefore = snapshot(first);
        QVERIFY(firstBefore.count(QStringLiteral("manifest.json")) == 1);
        QVERIFY(firstBefore.count(QStringLiteral("rank0.json")) == 1);
        const QByteArray secondCellJsonBefore = cctest::readAll(second + QStringLiteral("/cell.json"));
        QVERIFY(!secondCellJsonBefore.isEmpty());
        // Something only a leftover could hold: it must be gone after the resume.
        QVERIFY(cctest::writeAll(second + QStringLiteral("/rank1.json.tmp"), "{\"half\":"));
        QTest::qWait(1100); // a rewrite would now show in the modification times

        // 3. A plain rerun into the same folder is refused; --resume continues.
        auto again = cctest::runCli(
            {QStringLiteral("capture"), QStringLiteral("sweep"), matrixFile, QStringLiteral("-o"), results});
        QCOMPARE(again.exitCode, 3);
        const auto resumed = cctest::runCli({QStringLiteral("capture"), QStringLiteral("sweep"), matrixFile,
                                             QStringLiteral("-o"), results, QStringLiteral("--resume")},
                                            400000);
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err + resumed.out));
        QVERIFY2(resumed.out.contains(QStringLiteral("1 run, 1 already measured (not rerun)")),
                 qPrintable(resumed.out));

        // 4. The completed cell was neither rerun nor rewritten: same files, bytes and times.
        const auto firstAfter = snapshot(first);
        QCOMPARE(firstAfter.size(), firstBefore.size());
        for (const auto& [name, state] : firstBefore) {
            QVERIFY2(firstAfter.count(name) == 1, qPrintable(name));
            QVERIFY2(firstAfter.at(name).bytes == state.bytes, qPrintable(name));
            QVERIFY2(firstAfter.at(name).modified == state.modified, qPrintable(name));
        }
        // The half-written cell was cleaned and run again: a new capture, no leftover.
        QVERIFY(!QFileInfo::exists(second + QStringLiteral("/rank1.json.tmp")));
        QVERIFY(cctest::readAll(second + QStringLiteral("/cell.json")) != secondCellJsonBefore);
        const CellLoad secondLoad = loadCell(second.toStdString());
        QVERIFY2(secondLoad.cell.has_value(), secondLoad.warning.c_str());

        // 5. The index lists every planned cell with its state, and the repeatability.
        const SweepIndex index = readSweepIndex(results.toStdString());
        QCOMPARE(index.cells.size(), std::size_t{4});
        QCOMPARE(index.count(SweepCellState::Measured), 2);
        QCOMPARE(index.count(SweepCellState::Refused), 2);
        QCOMPARE(index.count(SweepCellState::Planned), 0);
        for (int i : {0, 1}) {
            const auto& c = index.cells[static_cast<std::size_t>(i)];
            QCOMPARE(c.state, SweepCellState::Measured);
            QVERIFY(c.measurement->allreduceMedianNs > 0);
            QVERIFY(c.measurement->buckets >= 1);
            QCOMPARE(c.measurement->allreduceSamples % 4, std::int64_t{0}); // 2 ranks × 2 iterations × buckets
        }
        QCOMPARE(index.cells[0].measurement->manifestSha256.size(), std::size_t{64});
        for (int i : {2, 3}) {
            const auto& c = index.cells[static_cast<std::size_t>(i)];
            QCOMPARE(c.state, SweepCellState::Refused);
            QVERIFY(c.refusal && !c.refusal->unavailable);
            QCOMPARE(c.refusal->bindingPool, std::string("host"));
            QVERIFY(c.refusal->budgetBytes && c.refusal->demandBytes > *c.refusal->budgetBytes);
            // The arithmetic is kept beside it.
            const QByteArray refusal = cctest::readAll(cellDir(results, c.cell) + QStringLiteral("/refused.json"));
            QVERIFY(refusal.contains("arithmetic"));
            QVERIFY(!QFileInfo::exists(cellDir(results, c.cell) + QStringLiteral("/rank0.log")));
        }
        QCOMPARE(index.configurations.size(), std::size_t{2});
        QCOMPARE(index.configurations[0].measured, 2);
        QCOMPARE(index.configurations[0].allreduceMedian->values.size(), std::size_t{2});
        QCOMPARE(index.configurations[0].allreduceMedian->values[0], index.cells[0].measurement->allreduceMedianNs);
        QCOMPARE(index.configurations[0].allreduceMedian->values[1], index.cells[1].measurement->allreduceMedianNs);
        QCOMPARE(index.configurations[1].refused, 2);
        const QStringList csv = QString::fromUtf8(cctest::readAll(results + QStringLiteral("/cells.csv")))
                                    .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(csv.size(), 5);
        QVERIFY(csv[1].contains(QStringLiteral(",measured,")) && csv[2].contains(QStringLiteral(",measured,")));
        QVERIFY(csv[3].contains(QStringLiteral(",refused,")) && csv[4].contains(QStringLiteral(",refused,")));
        QVERIFY(QFileInfo::exists(results + QStringLiteral("/configurations.csv")));

        // 6. Resuming a finished sweep reruns nothing and rewrites no cell.
        const auto secondBefore = snapshot(second);
        const auto done = cctest::runCli({QStringLiteral("capture"), QStringLiteral("sweep"), matrixFile,
                                          QStringLiteral("-o"), results, QStringLiteral("--resume")},
                                         120000);
        QVERIFY2(done.exitCode == 0, qPrintable(done.err + done.out));
        QVERIFY2(done.out.contains(QStringLiteral("0 run, 2 already measured")), qPrintable(done.out));
        const auto secondAfter = snapshot(second);
        for (const auto& [name, state] : secondBefore) {
            QVERIFY2(secondAfter.count(name) == 1 && secondAfter.at(name).bytes == state.bytes &&
                         secondAfter.at(name).modified == state.modified,
                     qPrintable(name));
        }
    }

    void twentySeededKillsNeverLeaveAHalfWrittenSweep()
    {
        // Two measured cells (the 1M model, two repeats) and SIGKILL at 20 seeded points spread
        // over a whole run; every run resumes the one before. After each kill no rank survives,
        // the index is either absent or complete, every cell with a manifest loads, and only
        // temporaries named for what they are (NAME.partial-<pid>) may be left; a final resume
        // completes the sweep.
        QTemporaryDir tmp;
        const QString matrixFile = tmp.path() + QStringLiteral("/matrix.json");
        QByteArray matrix(kMatrix);
        matrix.replace(R"(["1M", "10G"])", R"(["1M"])");
        QVERIFY(cctest::writeAll(matrixFile, matrix));
        const QString results = tmp.path() + QStringLiteral("/results");
        const QStringList args{
            QStringLiteral("capture"), QStringLiteral("sweep"), matrixFile, QStringLiteral("-o"), results,
            QStringLiteral("--resume")};
        // One whole run into a scratch folder sets the scale of the kill points.
        QElapsedTimer clock;
        clock.start();
        const QString scratch = tmp.path() + QStringLiteral("/scratch");
        const auto whole = cctest::runCli(
            {QStringLiteral("capture"), QStringLiteral("sweep"), matrixFile, QStringLiteral("-o"), scratch}, 400000);
        QVERIFY2(whole.exitCode == 0, qPrintable(whole.err + whole.out));
        const qint64 runMs = std::max<qint64>(clock.elapsed(), 100);

        QRandomGenerator random(21);
        int killedWhileRunning = 0;
        for (int k = 0; k < 20; ++k) {
            const int delayMs = static_cast<int>(random.bounded(static_cast<int>(runMs * 6 / 5)));
            QProcess sweep;
            sweep.start(QStringLiteral(COMMCANARY_CLI_PATH), args);
            QVERIFY(sweep.waitForStarted());
            QTest::qWait(delayMs);
            if (sweep.state() == QProcess::Running) {
                sweep.kill();
                ++killedWhileRunning;
            }
            QVERIFY(sweep.state() == QProcess::NotRunning || sweep.waitForFinished(60000));
            const bool finished = sweep.exitStatus() == QProcess::NormalExit && sweep.exitCode() == 0;
            QElapsedTimer waited;
            waited.start();
            while (!cctest::processesMentioning(results).isEmpty()) {
                QVERIFY2(waited.elapsed() < 30000,
                         qPrintable(cctest::processesMentioning(results).join(QLatin1Char('\n'))));
                QTest::qWait(50);
            }
            const QString where = QStringLiteral("kill %1 after %2 ms").arg(k).arg(delayMs);
            if (QFileInfo::exists(results + QStringLiteral("/cells.json"))) {
                try {
                    const SweepIndex index = readSweepIndex(results.toStdString());
                    QCOMPARE(index.cells.size(), std::size_t{2});
                } catch (const std::exception& e) {
                    QFAIL(qPrintable(where + QStringLiteral(": ") + QString::fromUtf8(e.what())));
                }
            }
            QDirIterator files(results, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
            while (files.hasNext()) {
                const QString file = files.next();
                const QString name = QFileInfo(file).fileName();
                QVERIFY2(!name.startsWith(QLatin1Char('.')) && !name.endsWith(QLatin1String(".tmp")),
                         qPrintable(where + QStringLiteral(": an unnamed temporary ") + file));
                if (name == QLatin1String("manifest.json")) {
                    const CellLoad load = loadCell(QFileInfo(file).path().toStdString());
                    QVERIFY2(load.cell.has_value(), qPrintable(where + QStringLiteral(": ") + file + QLatin1Char(' ') +
                                                               QString::fromStdString(load.warning)));
                }
            }
            if (finished) {
                // Start over, so every kill point lands on a sweep with work left to do.
                QVERIFY(QDir(results).removeRecursively());
            }
        }
        const auto finished = cctest::runCli(args, 400000);
        QVERIFY2(finished.exitCode == 0, qPrintable(finished.err + finished.out));
        const SweepIndex index = readSweepIndex(results.toStdString());
        QCOMPARE(index.count(SweepCellState::Measured), 2);
        QDirIterator files(results, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (files.hasNext()) {
            const QString file = files.next();
            QVERIFY2(!file.contains(QLatin1String(".partial-")), qPrintable(file));
        }
        qInfo("capture sweep: 20 runs over %lld ms each, %d killed while running", runMs, killedWhileRunning);
    }

    void maxCellsStopsAndLeavesTheRestPlanned()
    {
        QTemporaryDir tmp;
        const QString matrixFile = tmp.path() + QStringLiteral("/matrix.json");
        QVERIFY(cctest::writeAll(matrixFile, kMatrix));
        const QString results = tmp.path() + QStringLiteral("/results");
        const auto r =
            cctest::runCli({QStringLiteral("capture"), QStringLiteral("sweep"), matrixFile, QStringLiteral("-o"),
                            results, QStringLiteral("--max-cells"), QStringLiteral("0")},
                           120000);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
        QVERIFY(r.out.contains(QStringLiteral("--resume")));
        const SweepIndex index = readSweepIndex(results.toStdString());
        QCOMPARE(index.count(SweepCellState::Planned), 2);
        QCOMPARE(index.count(SweepCellState::Refused), 2);
        QVERIFY(!QFileInfo::exists(results + QStringLiteral("/cells/") +
                                   QString::fromStdString(index.cells[0].cell.directory)));
    }
};

QTEST_GUILESS_MAIN(TestCaptureSweep)
#include "tst_capture_sweep.moc"
