// The capture log is for people: the worker's machine protocol lines ("commcanary-progress
// rank=0 ...") become per-rank progress and never reach the log; every other line is kept, and
// the last one a rank wrote says what it is doing while it starts.
#include "gui_support.h"

#include "capture/lib/worker_invocation.h"
#include "ui/capture/capture_feed.h"
#include "ui/capture/capture_models.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace cc::ui;

namespace {

std::string progress(int rank, int done, int total, const char* phase)
{
    cc::capture::RankProgressLine line;
    line.rank = rank;
    line.done = done;
    line.total = total;
    line.phase = phase;
    return cc::capture::progressLine(line);
}

} // namespace

class TestCaptureFeed : public QObject {
    Q_OBJECT
private slots:
    void protocolLinesAreProgressNotLog_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<bool>("protocol");
        QTest::newRow("progress") << QString::fromStdString(progress(0, 3, 13, "warmup")) << true;
        QTest::newRow("malformed progress") << QStringLiteral("commcanary-progress rank=zero") << true;
        QTest::newRow("a sentence") << QStringLiteral("rank 0: loading the model (1M parameters)") << false;
        QTest::newRow("prefix later in the line") << QStringLiteral("note: commcanary-progress rank=0") << false;
        QTest::newRow("empty") << QString() << false;
    }

    void protocolLinesAreProgressNotLog()
    {
        QFETCH(QString, line);
        QFETCH(bool, protocol);
        QCOMPARE(CaptureFeed::isProtocolLine(line.toStdString()), protocol);
    }

    void perRankProgressAndActivity()
    {
        CaptureFeed feed(2);
        feed.logLine(0, "initialising gloo process group\n");
        feed.logLine(1, "waiting for rank 0 at the rendezvous");
        feed.logLine(0, progress(0, 0, 13, "warmup"));
        feed.logLine(1, "commcanary-progress rank=1 iteration=banana");
        feed.logLine(7, progress(7, 1, 13, "warmup")); // a rank outside the cell
        CaptureFeed::Snapshot snapshot = feed.take();
        QCOMPARE(snapshot.lines.size(), std::size_t(2));
        QCOMPARE(snapshot.lines[0].first, 0);
        QCOMPARE(snapshot.lines[0].second, std::string("initialising gloo process group"));
        QCOMPARE(snapshot.lines[1].second, std::string("waiting for rank 0 at the rendezvous"));
        for (const auto& [rank, text] : snapshot.lines) {
            QVERIFY(!CaptureFeed::isProtocolLine(text));
        }
        QCOMPARE(snapshot.ranks.size(), std::size_t(2));
        QCOMPARE(snapshot.ranks[0].total, 13);
        QCOMPARE(snapshot.ranks[0].phase, std::string("warmup"));
        QCOMPARE(snapshot.ranks[1].total, 0);
        QCOMPARE(snapshot.ranks[1].activity, std::string("waiting for rank 0 at the rendezvous"));

        // The model: rank 1 says what it does while it starts; rank 0 shows its iterations.
        RankProgressModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.reset(2);
        model.update(snapshot.ranks);
        QCOMPARE(model.index(1, RankProgressModel::PhaseColumn).data().toString(),
                 QStringLiteral("starting: waiting for rank 0 at the rendezvous"));
        QCOMPARE(model.index(1, RankProgressModel::ProgressColumn).data().toString(), QStringLiteral("waiting"));
        QCOMPARE(model.index(0, RankProgressModel::PhaseColumn).data().toString(), QStringLiteral("warm-up"));
        QCOMPARE(model.index(0, RankProgressModel::ProgressColumn).data().toString(), QStringLiteral("0 of 13 (0 %)"));

        // Progress moves on through protocol lines alone; the log gets nothing new.
        feed.logLine(0, progress(0, 13, 13, "done"));
        feed.logLine(1, progress(1, 5, 13, "recorded"));
        snapshot = feed.take();
        QVERIFY(snapshot.lines.empty());
        model.update(snapshot.ranks);
        QCOMPARE(model.index(0, RankProgressModel::PhaseColumn).data().toString(), QStringLiteral("done"));
        QCOMPARE(model.index(1, RankProgressModel::PhaseColumn).data().toString(), QStringLiteral("recording"));
        QCOMPARE(model.index(1, RankProgressModel::ProgressColumn).data(RankProgressModel::DoneRole).toInt(), 5);
        QVERIFY(model.complete() == false);
    }

    void aLongLineIsCutForTheStatusButKeptForTheLog()
    {
        CaptureFeed feed(1);
        const std::string line(500, 'x');
        feed.logLine(0, line);
        const CaptureFeed::Snapshot snapshot = feed.take();
        QCOMPARE(snapshot.lines.front().second, line);
        QCOMPARE(snapshot.ranks.front().activity.size(), std::size_t(160));
    }
};

QTEST_MAIN(TestCaptureFeed)
#include "tst_capture_feed.moc"
