// Opening a large trace: a generated 1M-event trace (`commcanary generate training --events
// 1000000`, about 300 MB) through the workbench's real path (File ▸ Open's openFile, the loader on
// the job runner), in the main window at its default size.
// - openToDrawnTimeline opens it to the end: the timeline is drawn (first at issue times, then
//   replayed), with every event in its lanes, and the lanes are really painted. How long it took and
//   the process's peak memory are printed, never asserted (tests/bench/gui_bench_open measures them).
// - cancelOnTheFirstProgressReport cancels it with the status bar's Cancel as soon as the first
//   progress report arrives. The job must end as cancelled, add nothing to the artifact store or
//   the recent files, and the reader must have stopped early: no report from the phases after
//   reading (validation, normalising), and the last reported position well short of the end of the
//   file. These are structural checks; how long the cancel took is printed, never asserted.
#include "main_window_support.h"

#include "ui/shell/job_progress_widget.h"
#include "ui/shell/recent_files.h"
#include "ui/timeline/timeline_style.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <sys/resource.h>

using namespace cc::ui;

namespace {

/// The loader's progress: reading the trace is 0..0.7 of the job, and inside it the events are
/// read from 0.05 to 0.9 (core's readTrace), so a value maps back to a position in the file.
constexpr double kReadShare = 0.7;
constexpr double kEventsBegin = 0.05;
constexpr double kEventsEnd = 0.9;

double fileFraction(int value)
{
    const double read = static_cast<double>(value) / kProgressScale / kReadShare;
    return std::clamp((read - kEventsBegin) / (kEventsEnd - kEventsBegin), 0.0, 1.0);
}

struct Report {
    int value = 0;
    QString message;
    bool afterCancel = false;
};

} // namespace

class TestOpenLarge : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString trace_;

private slots:
    void initTestCase()
    {
        cctest::isolateSettings(QStringLiteral("tst_open_large"));
        QVERIFY(dir_.isValid());
        trace_ = dir_.filePath(QStringLiteral("generated-1m.trace.json"));
        const cctest::CliResult generated =
            cctest::runCli({QStringLiteral("generate"), QStringLiteral("training"), QStringLiteral("--events"),
                            QStringLiteral("1000000"), QStringLiteral("-o"), trace_},
                           600000);
        QVERIFY2(generated.exitCode == 0, qPrintable(generated.err));
        QVERIFY(QFileInfo(trace_).size() > 100'000'000);
    }

    void openToDrawnTimeline()
    {
        MainWindow window;
        window.resize(1515, 900); // the default size (tst_default_size)
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        TimelineView* view = window.timeline()->view();
        QSignalSpy opened(&window, &MainWindow::fileOpened);

        QElapsedTimer clock;
        qint64 drawnMs = -1;
        qint64 replayedMs = -1;
        connect(window.timeline(), &TimelinePanel::timelineReady, this, [&]() {
            const auto& data = view->data();
            if (data && drawnMs < 0) {
                view->repaint(); // drawn: the first frame that shows the trace
                drawnMs = clock.elapsed();
            }
            if (data && data->replayed() && replayedMs < 0) {
                view->repaint();
                replayedMs = clock.elapsed();
            }
        });
        clock.start();
        window.openFile(trace_);
        QVERIFY2(QTest::qWaitFor([&]() { return replayedMs >= 0 && !window.runner()->isBusy(); }, 900000),
                 "the opened trace was never drawn replayed");

        // The trace opened once, whole, with nothing reported as failed.
        QCOMPARE(opened.size(), 1);
        QVERIFY(opened.front().at(1).toBool());
        QCOMPARE(window.store()->artifacts().size(), std::size_t{1});
        QVERIFY(window.lastErrorDialog() == nullptr);
        QVERIFY(drawnMs >= 0 && drawnMs <= replayedMs);

        // Every event is in a lane, and the lanes are painted with the events' colours.
        const auto& data = view->data();
        QVERIFY(data && data->trace);
        QCOMPARE(data->eventCount, std::size_t{1'000'000});
        QCOMPARE(data->trace->size(), std::size_t{1'000'000});
        std::size_t entries = 0;
        for (const TimelineLane& lane : data->lanes) {
            entries += lane.size();
        }
        QCOMPARE(entries, data->eventCount); // resource lanes: each event in exactly one
        QVERIFY(view->width() > 400 && view->height() > 200);
        const QImage frame = view->grab().toImage();
        frame.save(cctest::screenshotDir() + QStringLiteral("/open-large-timeline.png"));
        // The events are drawn in their kinds' colours, shaded by density: strongly saturated pixels,
        // where the background, the axis and the tail shading are greys and pale tints.
        qint64 eventPixels = 0;
        for (int y = 0; y < frame.height(); ++y) {
            for (int x = 0; x < frame.width(); ++x) {
                eventPixels += QColor(frame.pixel(x, y)).hslSaturation() > 150 ? 1 : 0;
            }
        }
        const qint64 share = 100 * eventPixels / (static_cast<qint64>(frame.width()) * frame.height());
        QVERIFY2(share >= 20, qPrintable(QStringLiteral("only %1 % of the view shows events").arg(share)));

        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        const double fileMiB = static_cast<double>(QFileInfo(trace_).size()) / (1 << 20);
        const double peakMiB = static_cast<double>(usage.ru_maxrss) / 1024.0;
        qInfo("open of a %.0f MiB, 1M-event trace at %dx%d: drawn after %lld ms, replayed after %lld ms; "
              "process peak RSS %.0f MiB (%.2fx the file), %lld %% of the view showing events",
              fileMiB, window.width(), window.height(), drawnMs, replayedMs, peakMiB, peakMiB / fileMiB, share);
    }

    void cancelOnTheFirstProgressReport()
    {
        QSettings().clear(); // the recent files of the full open above
        MainWindow window;
        window.resize(1515, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        JobRunner* runner = window.runner();
        QSignalSpy opened(&window, &MainWindow::fileOpened);

        JobId job = 0;
        std::vector<Report> reports;
        bool cancelled = false;
        QElapsedTimer sinceCancel;
        std::optional<JobRunner::Outcome> outcome;
        qint64 cancelMs = -1;
        connect(runner, &JobRunner::jobStarted, this, [&](JobId id, const QString& title) {
            if (title.contains(QStringLiteral("generated-1m"))) {
                job = id;
            }
        });
        connect(runner, &JobRunner::jobProgress, this, [&](JobId id, int value, const QString& message) {
            if (id != job || message == QStringLiteral("Cancelling…")) {
                return;
            }
            reports.push_back({value, message, cancelled});
            if (!cancelled) {
                // The first report: cancel the way a user does, with the status bar's button.
                cancelled = true;
                sinceCancel.start();
                QToolButton* cancel = window.jobProgress()->cancelButton();
                QVERIFY(cancel->isEnabled());
                cancel->click();
            }
        });
        connect(runner, &JobRunner::jobFinished, this, [&](JobId id, JobRunner::Outcome how) {
            if (id == job) {
                outcome = how;
                cancelMs = sinceCancel.isValid() ? sinceCancel.elapsed() : -1;
            }
        });

        window.openFile(trace_);
        QVERIFY(job != 0);
        QVERIFY2(QTest::qWaitFor([&]() { return outcome.has_value(); }, 600000), "the open job never ended");
        QVERIFY2(cancelled, "no progress report arrived before the job ended");

        // The job ended as cancelled, and nothing of it reached the workbench.
        QCOMPARE(*outcome, JobRunner::Outcome::Cancelled);
        QVERIFY(window.store()->artifacts().empty());
        QVERIFY(opened.isEmpty());
        QVERIFY(window.recentFiles()->files().isEmpty());
        QVERIFY(window.lastErrorDialog() == nullptr);
        QVERIFY(!runner->isBusy());

        // The reader stopped while reading: no report of a later phase, and the last position it
        // reported is well short of the end of the file.
        QVERIFY(!reports.empty());
        for (const Report& report : reports) {
            QVERIFY2(report.message == QStringLiteral("reading file") ||
                         report.message == QStringLiteral("reading events"),
                     qPrintable(report.message));
        }
        const Report& first = reports.front();
        const Report& last = reports.back();
        QVERIFY2(fileFraction(last.value) < 0.5,
                 qPrintable(QStringLiteral("the reader went on to %1 % of the file after the cancel")
                                .arg(100.0 * fileFraction(last.value), 0, 'f', 1)));

        // The figures, for docs/performance.md: how long the cancel took to end the job, and how far
        // the reader got after it (core checks between pieces of half a MiB).
        const qint64 bytes = QFileInfo(trace_).size();
        qInfo("cancel of a %lld-byte, 1M-event open: job ended %lld ms after Cancel; reader at %.1f %% of the "
              "file when cancelled, last report at %.1f %% (about %.1f MiB read after the cancel was seen "
              "by the GUI), %zu report(s) after the cancel",
              bytes, cancelMs, 100.0 * fileFraction(first.value), 100.0 * fileFraction(last.value),
              (fileFraction(last.value) - fileFraction(first.value)) * static_cast<double>(bytes) / (1 << 20),
              static_cast<std::size_t>(
                  std::count_if(reports.begin(), reports.end(), [](const Report& r) { return r.afterCancel; })));
    }
};

QTEST_MAIN(TestOpenLarge)
#include "tst_open_large.moc"
