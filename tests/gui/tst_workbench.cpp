// The workbench end to end, offscreen: open the example, replay, step through tail windows with
// N, toggle each ablation and watch the ranking change, refuse a bad trace with a dialog that
// names file, event and rule, keep recent files and the layout, open files dropped on the window.
#include "main_window_support.h"

#include "ui/ablation/ablation_panel.h"
#include "ui/artifacts/artifact_model.h"
#include "ui/distributions/distribution_panel.h"
#include "ui/shell/error_dialog.h"
#include "ui/shell/job_progress_widget.h"
#include "ui/shell/main_window.h"
#include "ui/shell/recent_files.h"
#include "ui/timeline/timeline_panel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QDockWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace cc::ui;

namespace {

using cctest::waitForReplay;

} // namespace

class TestWorkbench : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { cctest::isolateSettings(QStringLiteral("tst_workbench")); }

    void opensTheExampleAndReplays()
    {
        MainWindow window;
        QAbstractItemModelTester tester(window.artifactModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        window.show();
        const QList<QVariant> opened = cctest::openAndWait(window, cctest::adversarialExample(), 30000);
        QVERIFY(!opened.isEmpty());
        QCOMPARE(opened.at(1).toBool(), true);
        QCOMPARE(window.store()->artifacts().size(), std::size_t(1));
        QCOMPARE(window.store()->artifacts().front().kind, ArtifactKind::Trace);
        QVERIFY(window.store()->activeTrace() != 0);
        QVERIFY(waitForReplay(window));
        const auto& data = window.timeline()->view()->data();
        QCOMPARE(data->eventCount, std::size_t(100));
        QCOMPARE(data->configuration(), QStringLiteral("baseline"));
        QVERIFY(!data->tailWindows.empty());
        QVERIFY(window.windowTitle().contains(QStringLiteral("adversarial_decode")));
        QVERIFY(window.statusText().contains(QStringLiteral("baseline")));
        QVERIFY(window.recentFiles()->files().first().endsWith(QStringLiteral("adversarial_decode.trace.json")));
    }

    void nextTailWindowWithN()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.openFile(cctest::adversarialExample());
        QVERIFY(waitForReplay(window));
        TimelineView* view = window.timeline()->view();
        QCOMPARE(view->currentTailWindow(), -1);
        view->setFocus();
        QTest::keyClick(&window, Qt::Key_N);
        QCOMPARE(view->currentTailWindow(), 0);
        const TailWindow& first = view->data()->tailWindows.front();
        // The window is centred and zoomed: it fills most of the view, inside it.
        const VisibleRange shown = view->visibleRange();
        QVERIFY(shown.begin <= static_cast<double>(first.begin));
        QVERIFY(shown.end >= static_cast<double>(first.end));
        QVERIFY(shown.end - shown.begin <=
                3.0 * std::max<double>(static_cast<double>(first.end - first.begin), 1000.0));
        const int windows = static_cast<int>(view->data()->tailWindows.size());
        if (windows > 1) {
            QTest::keyClick(&window, Qt::Key_N);
            QCOMPARE(view->currentTailWindow(), 1);
            QTest::keyClick(&window, Qt::Key_P);
            QCOMPARE(view->currentTailWindow(), 0);
        }
        // The list is sorted by cost, most expensive first, and marks the current window.
        QSortFilterProxyModel* list = window.timeline()->tailProxy();
        QAbstractItemModelTester tester(list, QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (int row = 1; row < list->rowCount(); ++row) {
            QVERIFY(list->index(row - 1, TailWindowModel::CostColumn).data(TailWindowModel::SortRole).toLongLong() >=
                    list->index(row, TailWindowModel::CostColumn).data(TailWindowModel::SortRole).toLongLong());
        }
        // Zoom back returns to the range before N.
        QVERIFY(window.timeline()->actions().zoomBack->isEnabled());
    }

    void eachAblationChangesTheRanking()
    {
        MainWindow window;
        window.show();
        window.openFile(cctest::adversarialExample());
        QVERIFY(waitForReplay(window));
        AblationPanel* panel = window.ablations();
        RankingMatrixModel* ranking = panel->rankingModel();
        QAbstractItemModelTester tester(ranking, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester pairTester(panel->pairModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto snapshot = [&]() {
            QStringList cells;
            for (int r = 0; r < ranking->rowCount(); ++r) {
                for (int c = 0; c < ranking->columnCount(); ++c) {
                    cells << ranking->index(r, c).data(RankingMatrixModel::ValueRole).toString();
                }
            }
            return cells;
        };
        const QStringList unablated = snapshot();
        QCOMPARE(ranking->rowCount(), 5);
        for (int a = 0; a < cc::kAblationCount; ++a) {
            QCheckBox* box = panel->toggle(static_cast<cc::Ablation>(a));
            QSignalSpy updated(panel, &AblationPanel::rankingUpdated);
            QElapsedTimer clock;
            clock.start();
            box->setChecked(true);
            QVERIFY2(QTest::qWaitFor([&]() { return window.replay()->current().valid() && !updated.isEmpty(); }, 20000),
                     qPrintable(box->text()));
            const qint64 ms = clock.elapsed();
            qInfo("%s: ranking updated after %lld ms", qPrintable(box->text()), ms);
            QVERIFY2(snapshot() != unablated, qPrintable(box->text() + QStringLiteral(" changed no figure")));
            QVERIFY(panel->summary().contains(QStringLiteral("without")) ||
                    panel->summary().contains(QStringLiteral("No decision")));
            box->setChecked(false);
            QVERIFY(QTest::qWaitFor([&]() { return snapshot() == unablated; }, 20000));
        }
        // Isolated mode: the adversarial trace is built so the isolated ranking differs.
        QSignalSpy updated(panel, &AblationPanel::rankingUpdated);
        panel->isolatedToggle()->setChecked(true);
        QVERIFY(QTest::qWaitFor(
            [&]() { return !updated.isEmpty() && window.replay()->current().request.protocol.isolated; }, 20000));
        QVERIFY2(panel->pairModel()->flippedCount() > 0, qPrintable(panel->summary()));
        QVERIFY(panel->summary().contains(QStringLiteral("flip")));
        QVERIFY(window.statusText().contains(QStringLiteral("isolated")));
    }

    void badTraceShowsFileEventAndRule()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.trace.json"));
        QVERIFY(cctest::writeAll(path, R"({"format":"commcanary.trace.v1","events":[
            {"op":"all_reduce","bytes":1024,"ranks":[0,1],"gap_us":1},
            {"op":"all_reduce","bytes":-5,"ranks":[0,1],"gap_us":1,"id":"bad-one"}]})"));
        MainWindow window;
        window.show();
        ErrorDialog* dialog = cctest::refusedOpen(window, path);
        QVERIFY(dialog != nullptr);
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->summary().contains(QStringLiteral("broken.trace.json")));
        DiagnosticsModel* diagnostics = dialog->diagnostics();
        QAbstractItemModelTester tester(diagnostics, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(diagnostics->rowCount() >= 1);
        QVERIFY(diagnostics->index(0, DiagnosticsModel::FileColumn)
                    .data()
                    .toString()
                    .contains(QStringLiteral("broken.trace.json")));
        QCOMPARE(diagnostics->index(0, DiagnosticsModel::EventColumn).data().toString(), QStringLiteral("1"));
        QCOMPARE(diagnostics->index(0, DiagnosticsModel::IdColumn).data().toString(), QStringLiteral("bad-one"));
        QVERIFY(
            diagnostics->index(0, DiagnosticsModel::FieldColumn).data().toString().contains(QStringLiteral("bytes")));
        QVERIFY(!diagnostics->index(0, DiagnosticsModel::RuleColumn).data().toString().isEmpty());
        // Nothing was written next to the input.
        QCOMPARE(cctest::filesIn(dir.path()), QStringList{QStringLiteral("broken.trace.json")});
        dialog->close();
    }

    void missingFileIsAnIoError()
    {
        MainWindow window;
        ErrorDialog* dialog = cctest::refusedOpen(window, QStringLiteral("no-such-file.trace.json"));
        QVERIFY(dialog != nullptr);
        QVERIFY(dialog->summary().contains(QStringLiteral("no-such-file")));
        dialog->close();
    }

    void droppedFilesOpen()
    {
        MainWindow window;
        window.show();
        QVERIFY(!cctest::dropFile(window, cctest::adversarialExample()).isEmpty());
        QCOMPARE(window.store()->artifacts().size(), std::size_t(1));
    }

    void configurationSetFileSwitchesTheReplay()
    {
        MainWindow window;
        window.openFile(cctest::adversarialExample());
        QVERIFY(waitForReplay(window));
        const QList<QVariant> opened = cctest::openAndWait(window, cctest::defaultConfigs());
        QVERIFY(!opened.isEmpty());
        QCOMPARE(opened.at(1).toBool(), true);
        QCOMPARE(window.store()->artifacts().back().kind, ArtifactKind::ConfigSet);
        QVERIFY(window.replay()->configSetName().contains(QStringLiteral("default.configs.json")));
        QVERIFY(waitForReplay(window));
        // Ctrl+2 shows the second configuration in the timeline.
        window.activateWindow();
        window.replay()->setCurrentConfiguration(1);
        QVERIFY(QTest::qWaitFor(
            [&]() {
                const auto& data = window.timeline()->view()->data();
                return data && data->configuration() == QStringLiteral("low_latency");
            },
            20000));
        QVERIFY(window.statusText().contains(QStringLiteral("low_latency")));
    }

    void layoutIsRestored()
    {
        {
            MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.dock(QStringLiteral("rangeStatisticsDock"))->close();
            window.close(); // saves the layout
        }
        MainWindow again;
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        QVERIFY(!again.dock(QStringLiteral("rangeStatisticsDock"))->isVisible());
        QVERIFY(again.dock(QStringLiteral("eventDetailsDock"))->isVisible());
        again.resetLayout();
        QVERIFY(again.dock(QStringLiteral("rangeStatisticsDock"))->isVisibleTo(&again));
    }

    void recentFilesAreKept()
    {
        RecentFiles recent;
        recent.clear();
        for (int k = 0; k < RecentFiles::kMaxFiles + 3; ++k) {
            recent.add(QStringLiteral("/data/file%1.json").arg(k));
        }
        QCOMPARE(recent.files().size(), RecentFiles::kMaxFiles);
        QCOMPARE(recent.files().first(), QStringLiteral("/data/file%1.json").arg(RecentFiles::kMaxFiles + 2));
        recent.add(QStringLiteral("/data/file5.json"));
        QCOMPARE(recent.files().first(), QStringLiteral("/data/file5.json"));
        QCOMPARE(recent.files().count(QStringLiteral("/data/file5.json")), 1);
    }

    void clickShowsEventDetails()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.openFile(cctest::adversarialExample());
        QVERIFY(waitForReplay(window));
        TimelineView* view = window.timeline()->view();
        // Zoom onto the first event and click on it.
        const auto& data = view->data();
        const TimelineLane& lane = data->lanes.front();
        const double begin = static_cast<double>(lane.begin.front());
        const double end = static_cast<double>(lane.ends().front());
        view->setVisibleRange({begin - (end - begin), end + (end - begin)});
        const int y = view->style().laneTop(0, view->scrollY()) + view->style().laneHeight / 2;
        const int x = static_cast<int>(view->xOf((begin + end) / 2.0));
        QSignalSpy selected(view, &TimelineView::eventSelected);
        QTest::mouseClick(view, Qt::LeftButton, Qt::NoModifier, QPoint(x, y));
        QCOMPARE(selected.size(), 1);
        // Overlapping events (queued behind each other) are drawn later-on-top; the click picks
        // the topmost event under the mouse, which covers the clicked time.
        const qlonglong picked = selected.first().first().toLongLong();
        QVERIFY(picked >= 0);
        const double clicked = view->scale().timeAt(x - view->style().labelWidth);
        const double tolerance = 4.0 * view->scale().nsPerPixel();
        QVERIFY(static_cast<double>(data->issueOf(static_cast<std::uint32_t>(picked))) <= clicked + tolerance);
        QVERIFY(static_cast<double>(data->endOf(static_cast<std::uint32_t>(picked))) >= clicked - tolerance);
        QCOMPARE(view->selectedEvent(), std::optional<std::uint32_t>(static_cast<std::uint32_t>(picked)));
        EventDetailsWidget* details = window.timeline()->details();
        QAbstractItemModelTester fields(details->fieldsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester timings(details->timingModel(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(details->fieldsModel()->value(QStringLiteral("Operation")), QStringLiteral("all_reduce"));
        QCOMPARE(details->timingModel()->rowCount(), 5);
    }
};

QTEST_MAIN(TestWorkbench)
#include "tst_workbench.moc"
