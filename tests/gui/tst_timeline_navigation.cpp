// The timeline as its users meet it, through the workbench's public interfaces: the first view
// shows the whole replay (a one-event trace, a generated trace), lane labels say what a lane is,
// the ruler counts from a labelled base under deep zoom, left-drag selects a range (drawn with its
// duration on the ruler) and brings Range Statistics forward, middle-drag and Space+drag pan,
// W/A/S/D zoom and pan, Ctrl+F finds events (hit count, next/previous move the view,
// highlight-all), a long header never squeezes the side docks, and the window layout is saved
// and restored only when it was saved with the same docks.
#include "main_window_support.h"

#include "core/configs/config_io.h"
#include "core/trace/trace_io.h"
#include "ui/replay/replay_result.h"
#include "ui/shell/main_window.h"
#include "ui/timeline/timeline_data.h"
#include "ui/timeline/timeline_painter.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_search.h"
#include "ui/timeline/timeline_view.h"

#include <QCheckBox>
#include <QCursor>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using namespace cc::ui;

namespace {

using EventPredicate = std::function<bool(const cc::Trace&, std::size_t)>;

std::shared_ptr<const cc::Trace> readTraceFile(const QString& path)
{
    cc::NullProgress progress;
    return std::make_shared<const cc::Trace>(cc::readTrace(path.toStdString(), progress));
}

/// A trace file of the given events (JSON objects without the braces' surroundings).
QString writeTrace(const QTemporaryDir& dir, const QString& name, const QStringList& events)
{
    const QString path = dir.filePath(name);
    const QString text =
        QStringLiteral("{\"format\":\"commcanary.trace.v1\",\"workload\":{\"name\":\"t\"},\"events\":[") +
        events.join(QLatin1Char(',')) + QStringLiteral("]}");
    return cctest::writeAll(path, text.toUtf8()) ? path : QString();
}

int countColour(const QImage& image, const QColor& colour, QRect area = {})
{
    if (area.isNull()) {
        area = image.rect();
    }
    int count = 0;
    for (int y = area.top(); y <= area.bottom(); ++y) {
        for (int x = area.left(); x <= area.right(); ++x) {
            count += image.pixelColor(x, y).rgb() == colour.rgb() ? 1 : 0;
        }
    }
    return count;
}

void drag(QWidget* widget, Qt::MouseButton button, QPoint from, QPoint to)
{
    QTest::mousePress(widget, button, Qt::NoModifier, from);
    QTest::mouseMove(widget, (from + to) / 2);
    QTest::mouseMove(widget, to);
    QTest::mouseRelease(widget, button, Qt::NoModifier, to);
}

} // namespace

Q_DECLARE_METATYPE(EventPredicate)

class TestTimelineNavigation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { cctest::isolateSettings(QStringLiteral("tst_timeline_navigation")); }
    void init() { QSettings().clear(); }

    void laneLabels_data()
    {
        QTest::addColumn<QString>("event");
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("label");
        const auto resource = static_cast<int>(LaneMode::Resource);
        const auto group = static_cast<int>(LaneMode::Group);
        QTest::newRow("named group") << QStringLiteral("\"group\":\"tp\",\"ranks\":[0,1,2,3,4,5,6,7]") << resource
                                     << QStringLiteral("tp group (ranks 0\u20137)");
        QTest::newRow("numbered group") << QStringLiteral("\"group\":\"3\",\"ranks\":[0,1,2,3]") << resource
                                        << QStringLiteral("group 3 (ranks 0\u20133)");
        QTest::newRow("rank set") << QStringLiteral("\"ranks\":[0,2,4,5,6]") << resource
                                  << QStringLiteral("ranks 0, 2, 4\u20136");
        QTest::newRow("one rank") << QStringLiteral("\"ranks\":[3]") << resource << QStringLiteral("rank 3");
        QTest::newRow("stream") << QStringLiteral("\"channel\":\"nccl-0\",\"group\":\"tp\",\"ranks\":[0,1]") << resource
                                << QStringLiteral("stream nccl-0 (ranks 0\u20131)");
        QTest::newRow("group mode") << QStringLiteral("\"group\":\"dp\",\"ranks\":[0,8]") << group
                                    << QStringLiteral("dp group (ranks 0, 8)");
        QTest::newRow("no group") << QStringLiteral("\"ranks\":[3]") << group << QStringLiteral("no group (rank 3)");
    }

    void laneLabels()
    {
        QFETCH(QString, event);
        QFETCH(int, mode);
        QFETCH(QString, label);
        QTemporaryDir dir;
        const QString one =
            QStringLiteral("{\"op\":\"all_reduce\",\"bytes\":1024,\"gap_us\":1,") + event + QLatin1Char('}');
        const QString path = writeTrace(dir, QStringLiteral("lanes.trace.json"), {one, one});
        QVERIFY(!path.isEmpty());
        cc::NullProgress progress;
        TimelineBuildOptions options;
        options.mode = static_cast<LaneMode>(mode);
        const auto data = buildTimeline(readTraceFile(path), nullptr, options, progress);
        QCOMPARE(data->lanes.size(), std::size_t(1));
        QCOMPARE(data->lanes.front().label, label);
    }

    void firstViewFitsTheReplay_data()
    {
        QTest::addColumn<QStringList>("generate"); // commcanary arguments, or one event's JSON
        QTest::newRow("one event") << QStringList{
            QStringLiteral("{\"op\":\"all_reduce\",\"bytes\":16777216,\"ranks\":[0,1],\"gap_us\":0}")};
        QTest::newRow("generated") << QStringList{QStringLiteral("generate"), QStringLiteral("training"),
                                                  QStringLiteral("--events"), QStringLiteral("3000")};
    }

    void firstViewFitsTheReplay()
    {
        QFETCH(QStringList, generate);
        QTemporaryDir dir;
        QString path;
        if (generate.size() == 1) {
            path = writeTrace(dir, QStringLiteral("one.trace.json"), generate);
        } else {
            path = dir.filePath(QStringLiteral("generated.trace.json"));
            QCOMPARE(cctest::runCli(generate + QStringList{QStringLiteral("-o"), path}).exitCode, 0);
        }
        MainWindow window;
        QVERIFY(cctest::showAndOpen(window, path));
        TimelineView* view = window.timeline()->view();
        const auto& data = view->data();
        // The replayed completions reach beyond the issue times; the view shows all of them.
        const VisibleRange shown = view->visibleRange();
        const double extent = std::max<double>(static_cast<double>(data->end - data->begin),
                                               static_cast<double>(TimelineView::kMinVisibleSpan));
        QVERIFY(view->isFitted());
        QVERIFY2(shown.begin <= static_cast<double>(data->begin) && shown.end >= static_cast<double>(data->end),
                 qPrintable(QStringLiteral("%1..%2 shown of %3..%4")
                                .arg(shown.begin)
                                .arg(shown.end)
                                .arg(data->begin)
                                .arg(data->end)));
        QVERIFY(shown.end - shown.begin >= static_cast<double>(TimelineView::kMinVisibleSpan));
        QVERIFY(shown.end - shown.begin <= extent * 1.1 + 4.0);
        QVERIFY(data->end > data->begin); // a replay, not issue times only
    }

    void aNewReplayRefitsUntilTheUserMoves()
    {
        cc::NullProgress progress;
        const auto trace = readTraceFile(cctest::adversarialExample());
        ReplayRequest request{trace, std::make_shared<const cc::ConfigSet>(cc::defaultConfigSet()), {}};
        const ReplayResult replay = runReplay(request, progress);
        TimelineView view;
        view.resize(1000, 300);
        view.setData(buildTimeline(trace, nullptr, {}, progress));
        const auto replayed = buildTimeline(trace, eventTimings(replay, 0), {}, progress);
        QVERIFY(replayed->end > view.visibleRange().end);
        view.setData(replayed, true);
        QVERIFY(view.visibleRange().end >= static_cast<double>(replayed->end));
        // Once the user zooms, a new replay keeps the range they chose.
        view.zoomBy(4.0);
        const VisibleRange chosen = view.visibleRange();
        view.setData(buildTimeline(trace, eventTimings(replay, 1), {}, progress), true);
        QCOMPARE(view.visibleRange(), chosen);
        QVERIFY(!view.isFitted());
    }

    void rulerCountsFromABaseUnderDeepZoom()
    {
        TimeScale scale;
        scale.setBounds(0, 400'000'000'000);
        scale.setWidth(1000);
        scale.fitAll();
        QVERIFY(!TimelinePainter::rulerBase(scale).has_value()); // 0-400 s reads fine as it is

        const cc::Ns at = 174'722'135'000;
        scale.setVisible(static_cast<double>(at), static_cast<double>(at + 20'000));
        const auto base = TimelinePainter::rulerBase(scale);
        QVERIFY(base.has_value());
        QVERIFY(*base <= at && at - *base < 100'000);
        const QString baseText = TimelinePainter::rulerBaseLabel(*base, scale);
        QVERIFY2(baseText.contains(QStringLiteral("174.72")) && baseText.endsWith(QStringLiteral(" s")),
                 qPrintable(baseText));
        const cc::Ns step = scale.majorStep();
        int majors = 0;
        for (const auto& tick : scale.ticks()) {
            if (!tick.major) {
                continue;
            }
            ++majors;
            const QString label = TimelinePainter::rulerLabel(tick.time, step, base);
            QVERIFY2(label.startsWith(QLatin1Char('+')) && label.endsWith(QStringLiteral("µs")), qPrintable(label));
            QVERIFY2(!label.contains(QStringLiteral("174")), qPrintable(label));
        }
        QVERIFY(majors >= 2);
        // The same tick absolute would read "174.722136 s".
        QVERIFY(TimelinePainter::rulerLabel(at, 1000, std::nullopt).startsWith(QStringLiteral("174.722135")));
    }

    void search_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<EventPredicate>("matches");
        auto add = [](const char* name, const char* query, EventPredicate matches) {
            QTest::newRow(name) << QString::fromUtf8(query) << std::move(matches);
        };
        add("op", "op:all_reduce", [](const cc::Trace& t, std::size_t i) { return t.opName(i) == "all_reduce"; });
        add("id", "id:it2-60",
            [](const cc::Trace& t, std::size_t i) { return t.id(i).find("it2-60") != std::string_view::npos; });
        add("size range", "size:8MiB-9MiB", [](const cc::Trace& t, std::size_t i) {
            return t.bytes[i] >= 8 * 1024 * 1024 && t.bytes[i] <= 9 * 1024 * 1024;
        });
        add("size bound", "size:<1KiB", [](const cc::Trace& t, std::size_t i) { return t.bytes[i] < 1024; });
        add("rank and phase", "rank:16-20 phase:BACKWARD", [](const cc::Trace& t, std::size_t i) {
            const auto& r = t.ranks(i);
            return std::any_of(r.begin(), r.end(), [](std::int32_t k) { return k >= 16 && k <= 20; }) &&
                   t.str(t.phase[i]) == "backward";
        });
        add("word", "dp", [](const cc::Trace& t, std::size_t i) {
            auto has = [](std::string_view s) { return s.find("dp") != std::string_view::npos; };
            return has(t.opName(i)) || has(t.str(t.group[i])) || has(t.str(t.phase[i])) || has(t.id(i));
        });
    }

    void search()
    {
        QFETCH(QString, query);
        QFETCH(EventPredicate, matches);
        MainWindow window;
        QVERIFY(cctest::showAndOpen(window, cctest::example(QStringLiteral("training.trace.json"))));
        TimelinePanel* panel = window.timeline();
        TimelineView* view = panel->view();
        const cc::Trace& trace = *view->data()->trace;
        std::vector<std::uint32_t> expected;
        for (std::size_t i = 0; i < trace.size(); ++i) {
            if (matches(trace, i)) {
                expected.push_back(static_cast<std::uint32_t>(i));
            }
        }
        QVERIFY(expected.size() >= 2);

        // Ctrl+F opens the bar with the cursor in it; typing searches.
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_F, Qt::ControlModifier);
        QVERIFY(panel->searchBar()->isVisible());
        QVERIFY(panel->searchField()->hasFocus());
        // Typed key by key: letters that are window shortcuts elsewhere (N, P, T, Z, W, A, S, D)
        // go into the field; each keystroke searches, the last search wins.
        QTest::keyClicks(panel->searchField(), query);
        QCOMPARE(panel->searchField()->text(), query);
        QTRY_VERIFY_WITH_TIMEOUT(
            panel->searchHits() && panel->searchHits()->size() == expected.size() && !window.runner()->isBusy(), 20000);
        const auto hits = panel->searchHits();
        QVERIFY(hits);
        std::vector<std::uint32_t> found = hits->events;
        std::sort(found.begin(), found.end());
        QCOMPARE(found, expected);
        QCOMPARE(panel->searchStatus()->text(), QStringLiteral("%1 matches").arg(expected.size()));

        // Next and previous step through the hits in time order and move the view to each.
        view->setVisibleRange(
            {static_cast<double>(view->data()->begin) - 1e6, static_cast<double>(view->data()->begin) - 1e6 + 2000.0});
        QVERIFY(panel->nextHit());
        QCOMPARE(panel->currentHit(), 0);
        auto shownInMiddle = [&](std::uint32_t event) {
            const VisibleRange r = view->visibleRange();
            const double middle =
                (static_cast<double>(view->data()->issueOf(event)) + static_cast<double>(view->data()->endOf(event))) /
                2.0;
            return middle >= r.begin && middle <= r.end && view->selectedEvent() == event;
        };
        QVERIFY(shownInMiddle(hits->events[0]));
        QVERIFY(panel->searchStatus()->text().startsWith(QStringLiteral("1 of ")));
        QTest::keyClick(panel->searchField(), Qt::Key_Return);
        QCOMPARE(panel->currentHit(), 1);
        QVERIFY(shownInMiddle(hits->events[1]));
        QTest::keyClick(panel->searchField(), Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(panel->currentHit(), 0);
        QVERIFY(panel->previousHit()); // wraps to the last
        QCOMPARE(panel->currentHit(), static_cast<int>(hits->size()) - 1);
        QVERIFY(shownInMiddle(hits->events.back()));

        // Highlight-all outlines the visible hits; without it only the ruler marks them.
        view->fitAll();
        const QRect plot(view->style().labelWidth, view->style().axisHeight, view->width() - view->style().labelWidth,
                         view->height() - view->style().axisHeight);
        const QRect ruler(view->style().labelWidth, 0, view->width() - view->style().labelWidth,
                          view->style().axisHeight);
        const int outlined = countColour(view->grab().toImage(), TimelineStyle::searchColor(), plot);
        QVERIFY(countColour(view->grab().toImage(), TimelineStyle::searchColor(), ruler) > 0);
        panel->highlightAllToggle()->setChecked(false);
        QVERIFY(!view->highlightAll());
        const int plain = countColour(view->grab().toImage(), TimelineStyle::searchColor(), plot);
        QVERIFY2(outlined > plain, qPrintable(QStringLiteral("%1 vs %2").arg(outlined).arg(plain)));
        QVERIFY(countColour(view->grab().toImage(), TimelineStyle::searchColor(), ruler) > 0);

        // Escape closes the bar and clears the marks.
        panel->searchField()->setFocus();
        QTest::keyClick(panel->searchField(), Qt::Key_Escape);
        QVERIFY(!panel->searchBar()->isVisible());
        QVERIFY(!panel->searchHits());
    }

    void searchRefusesAMalformedQuery_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown field") << QStringLiteral("colour:red") << QStringLiteral("unknown field \"colour\"");
        QTest::newRow("bad size") << QStringLiteral("size:lots") << QStringLiteral("a size is bytes");
        QTest::newRow("bad rank") << QStringLiteral("rank:7-2") << QStringLiteral("a rank is a number");
        QTest::newRow("empty value") << QStringLiteral("op:") << QStringLiteral("nothing after the colon");
    }

    void searchRefusesAMalformedQuery()
    {
        QFETCH(QString, query);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!parseSearchQuery(query, &error).has_value());
        QVERIFY2(error.contains(message) && error.contains(query), qPrintable(error));

        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.openFile(cctest::adversarialExample());
        QVERIFY(cctest::waitForReplay(window));
        TimelinePanel* panel = window.timeline();
        QSignalSpy finished(panel, &TimelinePanel::searchFinished);
        panel->search(query);
        QCOMPARE(finished.size(), 1);
        QVERIFY(!panel->searchHits());
        QCOMPARE(panel->searchStatus()->text(), error);
        QVERIFY(!panel->nextHit());
    }

    void leftDragSelectsAndBringsRangeStatisticsForward()
    {
        MainWindow window;
        QVERIFY(cctest::showAndOpen(window, cctest::adversarialExample()));
        TimelineView* view = window.timeline()->view();
        // Tabbed behind Event Details at first (a dock in a hidden tab has no visible region).
        auto shown = [](QWidget* widget) { return widget->isVisible() && !widget->visibleRegion().isEmpty(); };
        QVERIFY(shown(window.timeline()->details()));
        QVERIFY(!shown(window.timeline()->rangeStatistics()));
        QSignalSpy selected(view, &TimelineView::rangeSelected);
        const int x0 = view->style().labelWidth + 100;
        const int x1 = view->style().labelWidth + 300;
        const double expectedBegin = view->scale().timeAt(100);
        const double expectedEnd = view->scale().timeAt(300);
        drag(view, Qt::LeftButton, QPoint(x0, 60), QPoint(x1, 60));
        QCOMPARE(selected.size(), 1);
        QVERIFY(view->selection().has_value());
        QVERIFY(qAbs(view->selection()->begin - expectedBegin) <= view->scale().nsPerPixel());
        QVERIFY(qAbs(view->selection()->end - expectedEnd) <= view->scale().nsPerPixel());
        QVERIFY(shown(window.timeline()->rangeStatistics()));
        QVERIFY(!shown(window.timeline()->details()));
        QTRY_VERIFY(window.timeline()->rangeModel()->rowCount() > 0);
        // The ruler carries the selection with its duration.
        const QImage image = view->grab().toImage();
        const QRect ruler(x0 + 2, 0, x1 - x0 - 4, view->style().axisHeight);
        QVERIFY(countColour(image, TimelineStyle::selectionColor(), ruler) > 20);
        // A left click without a drag selects an event instead and keeps the range.
        QTest::mouseClick(view, Qt::LeftButton, Qt::NoModifier, QPoint(x0 + 10, 60));
        QVERIFY(view->selection().has_value());
    }

    void spaceDragPansAndWasdNavigate()
    {
        cc::NullProgress progress;
        TimelineView view;
        view.resize(1200, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setData(buildTimeline(readTraceFile(cctest::adversarialExample()), nullptr, {}, progress));
        view.setFocus();
        view.zoomBy(8.0);
        const int labels = view.style().labelWidth;

        // Space+drag pans (and selects nothing).
        double before = view.scale().begin();
        QTest::keyPress(&view, Qt::Key_Space);
        drag(&view, Qt::LeftButton, QPoint(labels + 500, 100), QPoint(labels + 400, 100));
        QTest::keyRelease(&view, Qt::Key_Space);
        QVERIFY(!view.selection().has_value());
        QVERIFY(qAbs(view.scale().begin() - (before + 100 * view.scale().nsPerPixel())) <
                2 * view.scale().nsPerPixel());
        // Released, the left button selects again.
        drag(&view, Qt::LeftButton, QPoint(labels + 400, 100), QPoint(labels + 500, 100));
        QVERIFY(view.selection().has_value());

        // A and D pan by an eighth of the view.
        const double width = view.scale().end() - view.scale().begin();
        before = view.scale().begin();
        QTest::keyClick(&view, Qt::Key_D);
        QVERIFY(qAbs(view.scale().begin() - (before + width / 8.0)) < view.scale().nsPerPixel());
        QTest::keyClick(&view, Qt::Key_A);
        QVERIFY(qAbs(view.scale().begin() - before) < view.scale().nsPerPixel());

        // W and S zoom around the mouse when it is over the plot, else around the centre.
        const QPoint inside = view.mapFromGlobal(QCursor::pos());
        const bool overPlot = inside.x() >= labels && inside.x() < labels + view.scale().width() && inside.y() >= 0 &&
                              inside.y() < view.height();
        const double anchorX = overPlot ? inside.x() - labels : view.scale().width() / 2.0;
        const double anchor = view.scale().timeAt(anchorX);
        QTest::keyClick(&view, Qt::Key_W);
        QVERIFY(qAbs((view.scale().end() - view.scale().begin()) - width / 1.5) < 1e-6 * width);
        QVERIFY(qAbs(view.scale().timeAt(anchorX) - anchor) < view.scale().nsPerPixel());
        QTest::keyClick(&view, Qt::Key_S);
        QVERIFY(qAbs((view.scale().end() - view.scale().begin()) - width) < 1e-6 * width);
        QVERIFY(!view.isFitted());
    }

    void longHeaderTextKeepsTheDocks()
    {
        MainWindow window;
        QVERIFY(cctest::showAndOpen(window, cctest::adversarialExample()));
        QDockWidget* details = window.dock(QStringLiteral("eventDetailsDock"));
        QDockWidget* artifacts = window.dock(QStringLiteral("artifactsDock"));
        const int detailsWidth = details->width();
        const int artifactsWidth = artifacts->width();
        QVERIFY(detailsWidth >= 300);
        QLabel* status = window.timeline()->statusLabel();
        const QString longText = QStringLiteral("congested · arrival skew off · compute overlap off · ").repeated(8);
        status->setText(longText);
        QTest::keyClick(&window, Qt::Key_N); // selects a tail window: the header grows
        QCoreApplication::processEvents();
        QTest::qWait(20);
        QCOMPARE(details->width(), detailsWidth);
        QCOMPARE(artifacts->width(), artifactsWidth);
        QVERIFY(window.minimumSizeHint().width() < 1515);
        status->setText(longText);
        QCOMPARE(status->text(), longText); // elided when drawn, whole in the label and its tooltip
        QVERIFY(status->width() < status->fontMetrics().horizontalAdvance(longText));
    }

    void layoutIsSavedWithItsDocks()
    {
        int savedWidth = 0;
        {
            MainWindow window;
            window.resize(1515, 900);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QDockWidget* details = window.dock(QStringLiteral("eventDetailsDock"));
            window.resizeDocks({details}, {520}, Qt::Horizontal);
            QCoreApplication::processEvents();
            savedWidth = details->width();
            QVERIFY(savedWidth > 450);
            window.close();
        }
        {
            MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QCOMPARE(window.size(), QSize(1515, 900));
            QTRY_VERIFY(qAbs(window.dock(QStringLiteral("eventDetailsDock"))->width() - savedWidth) <= 8);
        }
        // A state saved with another set of docks is not restored: the defaults are kept.
        QSettings().setValue(QStringLiteral("window/docks"), QStringList{QStringLiteral("someOtherDock")});
        {
            MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QCoreApplication::processEvents();
            QVERIFY(window.dock(QStringLiteral("eventDetailsDock"))->width() < savedWidth - 60);
        }
    }
};

QTEST_MAIN(TestTimelineNavigation)
#include "tst_timeline_navigation.moc"
