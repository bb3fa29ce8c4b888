// The timeline without a window where possible: the time <-> pixel mapping under zoom and pan
// (data-driven), the level-of-detail indexes against brute force, lane building from a real
// trace, tail windows, and the view's mouse interaction (wheel zoom anchored under the mouse,
// middle-drag pan, range selection with statistics, zoom history behind shared actions). The
// QBENCHMARK of a full repaint of 1M and 10M events at 1920 px is in tst_timeline_paint. The
// painted pixels are checked against the data at every level of detail (events one by one,
// exact folding, summary buckets) and through both drawing paths (straight into an image, via
// the offscreen canvas).
#include "gui_support.h"

#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"
#include "ui/replay/replay_result.h"
#include "ui/timeline/range_statistics.h"
#include "ui/timeline/time_scale.h"
#include "ui/timeline/timeline_data.h"
#include "ui/timeline/timeline_painter.h"
#include "ui/timeline/timeline_view.h"

#include "core/configs/config_io.h"

#include <QAction>
#include <QPainter>
#include <QPixmap>
#include <QSignalSpy>
#include <QWheelEvent>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace cc::ui;

namespace {

std::shared_ptr<const cc::Trace> readExample()
{
    cc::NullProgress progress;
    return std::make_shared<const cc::Trace>(cc::readTrace(cctest::adversarialExample().toStdString(), progress));
}

/// One replayed lane of n events with gaps and durations over three orders of magnitude, plus one
/// long all_gather (the "marker") issued last, so nothing is drawn over it; the rest are all_reduce.
struct SyntheticLane {
    std::shared_ptr<TimelineData> data;
    std::uint32_t marker = 0; ///< lane entry (== canonical index) of the long event
};

SyntheticLane syntheticLane(std::size_t n, std::uint64_t seed)
{
    SyntheticLane out;
    out.data = std::make_shared<TimelineData>();
    cctest::SyntheticTimings made(n);
    const auto& timings = made.timings();
    std::mt19937_64 random(seed);
    TimelineLane lane;
    lane.label = QStringLiteral("lane");
    cc::Ns t = 1000;
    out.marker = static_cast<std::uint32_t>(n - 1);
    for (std::size_t k = 0; k < n; ++k) {
        t += 50 + static_cast<cc::Ns>(random() % 3000);
        const cc::Ns rankWait = static_cast<cc::Ns>(random() % 200);
        const cc::Ns queueWait = static_cast<cc::Ns>(random() % 400);
        cc::Ns duration = 100 + static_cast<cc::Ns>(random() % (k % 101 == 0 ? 100'000 : 2000));
        if (k == out.marker) {
            duration = static_cast<cc::Ns>(n) * 300; // a fifth of the lane or so
        }
        made.set(k, t, rankWait, queueWait, duration, duration / 3);
        lane.events.push_back(static_cast<std::uint32_t>(k));
        lane.begin.push_back(t);
        lane.end.push_back(timings->end(k));
        lane.kind.push_back(k == out.marker ? cc::OpKind::AllGather : cc::OpKind::AllReduce);
    }
    lane.finish(timings.get());
    out.data->begin = lane.begin.front();
    out.data->end = lane.maxEnd();
    out.data->eventCount = n;
    out.data->timings = timings;
    out.data->lanes.push_back(std::move(lane));
    return out;
}

/// Paints data at scale into an image through a QImage painter (direct path) or, when
/// viaCanvas, through a QPixmap (the offscreen-canvas path) converted back to an image.
QImage paintLane(const TimelineData& data, const TimeScale& scale, const TimelineStyle& style, bool viaCanvas,
                 TimelinePaintStats* stats = nullptr)
{
    const QSize size(scale.width() + style.labelWidth, style.contentHeight(1) + 10);
    TimelineOverlay overlay;
    TimelinePaintStats result;
    QImage image;
    if (viaCanvas) {
        QPixmap pixmap(size);
        QPainter painter(&pixmap);
        result = TimelinePainter::paint(painter, QRect(QPoint(0, 0), size), data, scale, style, 0, overlay);
        painter.end();
        image = pixmap.toImage().convertToFormat(QImage::Format_RGB32);
    } else {
        image = QImage(size, QImage::Format_RGB32);
        QPainter painter(&image);
        result = TimelinePainter::paint(painter, QRect(QPoint(0, 0), size), data, scale, style, 0, overlay);
    }
    if (stats != nullptr) {
        *stats = result;
    }
    return image;
}

bool near(const VisibleRange& a, const VisibleRange& b)
{
    const double tolerance = 1e-6 * std::max(1.0, b.end - b.begin);
    return qAbs(a.begin - b.begin) <= tolerance && qAbs(a.end - b.end) <= tolerance;
}

void sendWheel(QWidget* widget, QPoint pos, int delta, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWheelEvent event(QPointF(pos), QPointF(widget->mapToGlobal(pos)), QPoint(), QPoint(0, delta), Qt::NoButton,
                      modifiers, Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &event);
}

} // namespace

class TestTimeline : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { cctest::isolateSettings(QStringLiteral("tst_timeline")); }

    void mapping_data()
    {
        QTest::addColumn<qlonglong>("begin");
        QTest::addColumn<qlonglong>("end");
        QTest::addColumn<int>("width");
        QTest::addColumn<double>("time");
        QTest::addColumn<double>("x");
        QTest::newRow("1 ms over 1000 px") << 0LL << 1'000'000LL << 1000 << 500'000.0 << 500.0;
        QTest::newRow("offset range") << 1'000'000LL << 2'000'000LL << 500 << 1'500'000.0 << 250.0;
        QTest::newRow("start edge") << 5'000LL << 15'000LL << 100 << 5'000.0 << 0.0;
        QTest::newRow("end edge") << 5'000LL << 15'000LL << 100 << 15'000.0 << 100.0;
        QTest::newRow("sub-ns per pixel") << 0LL << 100LL << 1000 << 50.0 << 500.0;
    }

    void mapping()
    {
        QFETCH(qlonglong, begin);
        QFETCH(qlonglong, end);
        QFETCH(int, width);
        QFETCH(double, time);
        QFETCH(double, x);
        TimeScale scale;
        scale.setBounds(0, 100'000'000);
        scale.setWidth(width);
        scale.setVisible(static_cast<double>(begin), static_cast<double>(end));
        QVERIFY(qAbs(scale.toX(time) - x) < 1e-6);
        QVERIFY(qAbs(scale.timeAt(x) - time) < 1e-3);
        QVERIFY(qAbs(scale.begin() - static_cast<double>(begin)) < 1e-3);
        QVERIFY(qAbs(scale.end() - static_cast<double>(end)) < 1e-3);
    }

    void zoomKeepsTheAnchor_data()
    {
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("factor");
        QTest::newRow("in at left") << 10.0 << 2.0;
        QTest::newRow("in at centre") << 500.0 << 8.0;
        QTest::newRow("out at right") << 990.0 << 0.5;
        QTest::newRow("deep in") << 123.0 << 1000.0;
    }

    void zoomKeepsTheAnchor()
    {
        QFETCH(double, x);
        QFETCH(double, factor);
        TimeScale scale;
        scale.setBounds(0, 10'000'000);
        scale.setWidth(1000);
        scale.setVisible(2'000'000, 4'000'000);
        const double anchor = scale.timeAt(x);
        const double before = scale.nsPerPixel();
        scale.zoomAt(x, factor);
        QVERIFY(qAbs(scale.timeAt(x) - anchor) < 1e-3);
        QVERIFY(qAbs(scale.nsPerPixel() - before / factor) < 1e-9 * before);
    }

    void zoomAndPanAreClamped()
    {
        TimeScale scale;
        scale.setBounds(0, 1'000'000);
        scale.setWidth(1000);
        scale.fitAll();
        const double fit = scale.nsPerPixel();
        scale.zoomAt(500, 0.001); // cannot zoom out beyond the whole trace
        QCOMPARE(scale.nsPerPixel(), fit);
        scale.zoomAt(500, 1e12); // nor in beyond 64 px per ns
        QCOMPARE(scale.nsPerPixel(), TimeScale::kMinNsPerPixel);
        scale.fitAll();
        scale.panPixels(1e9); // cannot drag the data out of view
        QVERIFY(scale.begin() >= -1'000'000 * 0.02 - 1.0 - 1e-6);
    }

    void niceSteps_data()
    {
        QTest::addColumn<double>("raw");
        QTest::addColumn<qlonglong>("step");
        QTest::newRow("tiny") << 0.3 << 1LL;
        QTest::newRow("1.5") << 1.5 << 2LL;
        QTest::newRow("3") << 3.0 << 5LL;
        QTest::newRow("7") << 7.0 << 10LL;
        QTest::newRow("110") << 110.0 << 200LL;
        QTest::newRow("4e6") << 4e6 << 5'000'000LL;
    }

    void niceSteps()
    {
        QFETCH(double, raw);
        QFETCH(qlonglong, step);
        QCOMPARE(TimeScale::niceStep(raw), step);
    }

    void ticksAreSpacedAndOrdered()
    {
        TimeScale scale;
        scale.setBounds(0, 1'000'000'000);
        scale.setWidth(1920);
        for (const double range : {1e3, 1e5, 3.7e6, 1e9}) {
            scale.setVisible(1000.0, 1000.0 + range);
            const auto ticks = scale.ticks(90.0);
            QVERIFY(!ticks.empty());
            double lastMajor = -1e18;
            for (std::size_t k = 1; k < ticks.size(); ++k) {
                QVERIFY(ticks[k].x > ticks[k - 1].x);
            }
            for (const auto& tick : ticks) {
                if (tick.major) {
                    QVERIFY(tick.x - lastMajor >= 89.0 || lastMajor < -1e17);
                    lastMajor = tick.x;
                }
            }
        }
        QCOMPARE(TimelinePainter::tickLabel(1'500'000, 500'000), QStringLiteral("1.5 ms"));
        QCOMPARE(TimelinePainter::tickLabel(2'000, 1'000), QStringLiteral("2 µs"));
        QCOMPARE(TimelinePainter::tickLabel(1'500'000'020, 10), QStringLiteral("1.50000002 s"));
    }

    void rangeMaxMatchesBruteForce()
    {
        std::mt19937_64 random(7);
        std::vector<cc::Ns> values(70'000);
        for (auto& v : values) {
            v = static_cast<cc::Ns>(random() % 1'000'000);
        }
        RangeMaxIndex index;
        index.build(values);
        for (int trial = 0; trial < 3000; ++trial) {
            const auto a = static_cast<std::uint32_t>(random() % values.size());
            const auto span = trial % 3 == 0 ? random() % 20 : random() % 60'000;
            const auto b = static_cast<std::uint32_t>(std::min<std::uint64_t>(values.size(), a + 1 + span));
            const std::uint32_t got = index.argmax(values, a, b);
            const auto expected =
                static_cast<std::uint32_t>(std::max_element(values.begin() + a, values.begin() + b) - values.begin());
            QCOMPARE(got, expected);
        }
    }

    void firstReachingMatchesBruteForce()
    {
        // Lanes of 0, 1, 63, 64, 65 and 5000 entries, with long events overlapping many short ones.
        std::mt19937_64 random(5);
        for (const std::size_t size : {0, 1, 63, 64, 65, 5000}) {
            TimelineLane lane;
            cc::Ns t = 0;
            for (std::size_t k = 0; k < size; ++k) {
                t += static_cast<cc::Ns>(random() % 100);
                lane.events.push_back(static_cast<std::uint32_t>(k));
                lane.begin.push_back(t);
                lane.end.push_back(t + static_cast<cc::Ns>(random() % (k % 50 == 0 ? 20'000 : 150)));
                lane.kind.push_back(cc::OpKind::AllReduce);
            }
            lane.finish();
            for (cc::Ns probe = -10; probe <= t + 21'000; probe += 37) {
                std::size_t expected = 0;
                cc::Ns running = std::numeric_limits<cc::Ns>::min();
                while (expected < size && std::max(running, lane.end[expected]) < probe) {
                    running = std::max(running, lane.end[expected]);
                    ++expected;
                }
                QCOMPARE(lane.firstReaching(probe), static_cast<std::uint32_t>(expected));
            }
            if (size > 0) {
                QCOMPARE(lane.maxEnd(), *std::max_element(lane.end.begin(), lane.end.end()));
            }
        }
    }
    void gallopMatchesLowerBound()
    {
        std::vector<cc::Ns> values;
        for (int k = 0; k < 5000; ++k) {
            values.push_back(k / 3 * 10);
        }
        for (std::uint32_t from = 0; from < 5000; from += 97) {
            for (cc::Ns v = -5; v < 17000; v += 333) {
                const auto expected = static_cast<std::uint32_t>(
                    std::lower_bound(values.begin() + from, values.end(), v) - values.begin());
                QCOMPARE(TimelinePainter::gallop(values, from, 5000, v), expected);
            }
        }
    }

    void buildsLanesFromATrace()
    {
        const auto trace = readExample();
        cc::NullProgress progress;
        const auto data = buildTimeline(trace, nullptr, {}, progress);
        QCOMPARE(data->eventCount, trace->size());
        QVERIFY(!data->replayed());
        std::size_t entries = 0;
        for (const auto& lane : data->lanes) {
            entries += lane.size();
            QVERIFY(std::is_sorted(lane.begin.begin(), lane.begin.end()));
            // No replay: drawn at issue time with no duration, without a second copy of the times.
            QVERIFY(lane.end.empty());
            QVERIFY(std::ranges::equal(lane.ends(), lane.begin));
            for (std::size_t k = 0; k < lane.size(); ++k) {
                QCOMPARE(lane.begin[k], trace->issueTime[lane.events[k]]);
            }
        }
        QCOMPARE(entries, trace->size());
        QCOMPARE(data->lanes.front().label, QStringLiteral("tp group (ranks 0\u20131)"));

        TimelineBuildOptions perRank;
        perRank.mode = LaneMode::Rank;
        const auto ranks = buildTimeline(trace, nullptr, perRank, progress);
        QCOMPARE(ranks->lanes.size(), trace->distinctRanks());
        QCOMPARE(ranks->lanes.front().label, QStringLiteral("rank 0"));
    }

    void rangeStatisticsOfAReplay()
    {
        const auto trace = readExample();
        cc::NullProgress progress;
        ReplayRequest request{trace, std::make_shared<const cc::ConfigSet>(cc::defaultConfigSet()), {}};
        const ReplayResult replay = runReplay(request, progress);
        const auto data = buildTimeline(trace, eventTimings(replay, 0), {}, progress);
        QVERIFY(data->replayed());
        QCOMPARE(data->tailThreshold, replay.configuration(0)->summary.latency.p99);
        const auto all = computeRangeStatistics(*data, data->begin, data->end, progress);
        QCOMPARE(all.values.count, std::uint64_t(trace->size()));
        QCOMPARE(all.values.latency.median, replay.configuration(0)->summary.latency.median);
        QCOMPARE(all.values.latency.p99, replay.configuration(0)->summary.latency.p99);
        QCOMPARE(all.values.latency.max, replay.configuration(0)->summary.latency.max);
        QCOMPARE(all.values.hiddenSharePpm, replay.configuration(0)->summary.hiddenSharePpm);
        QCOMPARE(all.configuration, replay.configurationName(0));
        const auto none = computeRangeStatistics(*data, data->end + 1, data->end + 2, progress);
        QCOMPARE(none.values.count, std::uint64_t(0));
        const auto rows = describeRangeStatistics(all);
        QVERIFY(rows.size() > 5);
    }

    void viewInteraction()
    {
        const auto trace = readExample();
        cc::NullProgress progress;
        TimelineView view;
        view.resize(1200, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setData(buildTimeline(trace, nullptr, {}, progress));
        const VisibleRange full = view.visibleRange();
        ZoomHistory* history = view.history();
        QVERIFY(!history->backAction()->isEnabled());

        // Wheel zoom anchored under the mouse.
        const QPoint mouse(view.style().labelWidth + 300, 100);
        const double anchor = view.scale().timeAt(300);
        sendWheel(&view, mouse, 240);
        QVERIFY(view.visibleRange().end - view.visibleRange().begin < full.end - full.begin);
        QVERIFY(qAbs(view.scale().timeAt(300) - anchor) < view.scale().nsPerPixel());
        // The wheel gesture settles into one history entry.
        QTRY_VERIFY(history->backAction()->isEnabled());
        const VisibleRange zoomed = view.visibleRange();

        // Middle-drag pans: content follows the mouse.
        const double before = view.scale().begin();
        QTest::mousePress(&view, Qt::MiddleButton, Qt::NoModifier, QPoint(700, 100));
        QTest::mouseMove(&view, QPoint(650, 100));
        QTest::mouseMove(&view, QPoint(600, 100));
        QTest::mouseRelease(&view, Qt::MiddleButton, Qt::NoModifier, QPoint(600, 100));
        QVERIFY(qAbs(view.scale().begin() - (before + 100 * view.scale().nsPerPixel())) <
                2 * view.scale().nsPerPixel());

        // Back twice returns through the history to the full view; forward again.
        history->backAction()->trigger();
        QVERIFY(near(view.visibleRange(), zoomed));
        history->backAction()->trigger();
        QVERIFY(near(view.visibleRange(), full));
        QVERIFY(history->forwardAction()->isEnabled());
        history->forwardAction()->trigger();
        QVERIFY(near(view.visibleRange(), zoomed));

        // Shift+drag selects a range and announces it; Escape clears it.
        QSignalSpy selected(&view, &TimelineView::rangeSelected);
        QTest::mousePress(&view, Qt::LeftButton, Qt::ShiftModifier, QPoint(400, 100));
        QTest::mouseMove(&view, QPoint(450, 100));
        QTest::mouseMove(&view, QPoint(500, 100));
        QTest::mouseRelease(&view, Qt::LeftButton, Qt::ShiftModifier, QPoint(500, 100));
        QCOMPARE(selected.size(), 1);
        QVERIFY(view.selection().has_value());
        const VisibleRange range = *view.selection();
        QVERIFY(range.end > range.begin);
        view.zoomToSelection();
        QVERIFY(qAbs(view.visibleRange().begin - range.begin) < 2 * view.scale().nsPerPixel() + 1);
        QVERIFY(!view.selection().has_value());
    }

    void noReplayBannerAndFolding()
    {
        // 200k events in one lane at 1000 px: every column folds, nothing is drawn one by one
        // beyond one per column.
        auto data = std::make_shared<TimelineData>();
        TimelineLane lane;
        lane.label = QStringLiteral("synthetic");
        for (std::uint32_t k = 0; k < 200'000; ++k) {
            lane.events.push_back(k);
            lane.begin.push_back(static_cast<cc::Ns>(k) * 10);
            lane.end.push_back(static_cast<cc::Ns>(k) * 10);
            lane.kind.push_back(cc::OpKind::AllReduce);
        }
        lane.finish();
        data->begin = 0;
        data->end = lane.end.back();
        data->eventCount = lane.size();
        data->lanes.push_back(std::move(lane));
        TimeScale scale;
        scale.setBounds(data->begin, data->end);
        TimelineStyle style;
        scale.setWidth(1000);
        scale.fitAll();
        QImage image(1000 + style.labelWidth, 200, QImage::Format_RGB32);
        QPainter painter(&image);
        TimelineOverlay overlay;
        overlay.banner = QStringLiteral("no replay yet");
        const auto stats = TimelinePainter::paint(painter, image.rect(), *data, scale, style, 0, overlay);
        QVERIFY(stats.foldedColumns > 0);
        QCOMPARE(stats.foldedEvents + stats.eventsDrawn, std::size_t(200'000));
        QVERIFY(stats.foldedColumns + stats.eventsDrawn <= 1002);
    }

    void laneSummaryMatchesBruteForce()
    {
        const SyntheticLane synthetic = syntheticLane(50'000, 3);
        const TimelineLane& lane = synthetic.data->lanes.front();
        const LaneSummary& summary = lane.summary;
        QVERIFY(!summary.levels().empty());
        QCOMPARE(summary.origin(), lane.begin.front());
        for (const LaneSummary::Level& level : summary.levels()) {
            QVERIFY(level.widest.size() <= std::max<std::size_t>(1, lane.size() / 8 + 1));
            QCOMPARE(level.first.size(), level.widest.size() + 1);
            for (std::size_t b = 0; b < level.widest.size(); ++b) {
                const cc::Ns start = summary.origin() + (static_cast<cc::Ns>(b) << level.shift);
                const auto first = static_cast<std::uint32_t>(
                    std::lower_bound(lane.begin.begin(), lane.begin.end(), start) - lane.begin.begin());
                QCOMPARE(level.first[b], first);
                const std::uint32_t next = level.first[b + 1];
                if (next > first) {
                    const auto widest = std::max_element(lane.end.begin() + first, lane.end.begin() + next);
                    QCOMPARE(level.widest[b].end, *widest);
                    QCOMPARE(lane.end[level.widest[b].index], *widest);
                    QCOMPARE(level.widest[b].kind, lane.kind[level.widest[b].index]);
                }
            }
            QCOMPARE(level.first.back(), static_cast<std::uint32_t>(lane.size()));
        }
        // Coarser levels are used only when a pixel spans four buckets.
        const double finest = std::ldexp(1.0, static_cast<int>(summary.levels().front().shift));
        QVERIFY(summary.levelFor(finest - 1) == nullptr);
        QCOMPARE(summary.levelFor(finest * 2.5)->shift, summary.levels().front().shift + 1);
    }

    void paintedPixelsMatchTheData_data()
    {
        QTest::addColumn<int>("events");
        QTest::addColumn<double>("fraction");
        QTest::newRow("sparse: events one by one") << 2'000 << 0.05;
        QTest::newRow("exact folding") << 20'000 << 1.0;
        QTest::newRow("summary buckets") << 300'000 << 1.0;
        QTest::newRow("summary buckets, zoomed") << 300'000 << 0.3;
    }

    void paintedPixelsMatchTheData()
    {
        QFETCH(int, events);
        QFETCH(double, fraction);
        const SyntheticLane synthetic = syntheticLane(static_cast<std::size_t>(events), 7);
        const TimelineData& data = *synthetic.data;
        const TimelineLane& lane = data.lanes.front();
        TimelineStyle style;
        TimeScale scale;
        scale.setBounds(data.begin, data.end);
        scale.setWidth(800);
        const double span = static_cast<double>(data.end - data.begin);
        if (fraction == 1.0) {
            scale.fitAll();
        } else {
            // The marker begins at 60% of the view.
            const double from = static_cast<double>(lane.begin[synthetic.marker]) - span * fraction * 0.6;
            scale.setVisible(from, from + span * fraction);
        }

        TimelinePaintStats stats;
        const QImage image = paintLane(data, scale, style, false, &stats);
        // Both drawing paths give the same pixels.
        QCOMPARE(paintLane(data, scale, style, true), image);

        const int top = style.laneTop(0, 0);
        const int plotLeft = style.labelWidth;
        const QRgb background = QColor(252, 252, 252).rgb();
        const QRgb grid = qRgb(252 * 231 / 256, 252 * 231 / 256, 252 * 231 / 256);
        auto painted = [&](int x) {
            for (int y = top; y < top + style.laneHeight; ++y) {
                const QRgb pixel = image.pixel(plotLeft + x, y);
                if (pixel != background && pixel != grid) {
                    return true;
                }
            }
            return false;
        };
        // Every event in view is painted at its issue pixel (summary buckets may move a fold by
        // a quarter pixel, so the neighbour counts), and every painted pixel belongs to an event.
        std::vector<char> covered(static_cast<std::size_t>(scale.width()), 0);
        for (std::size_t k = 0; k < lane.size(); ++k) {
            const double xb = scale.toX(static_cast<double>(lane.begin[k]));
            const double xe = scale.toX(static_cast<double>(lane.end[k]));
            if (xe < 0 || xb >= scale.width()) {
                continue;
            }
            const int x = std::clamp(static_cast<int>(std::floor(xb)), 0, scale.width() - 1);
            QVERIFY2(painted(x) || (x > 0 && painted(x - 1)),
                     qPrintable(QStringLiteral("event %1 at x %2").arg(k).arg(x)));
            // Folded columns reach the latest completion among their events.
            const int xLast = std::clamp(static_cast<int>(std::ceil(xe)) - 1, 0, scale.width() - 1);
            QVERIFY2(painted(xLast), qPrintable(QStringLiteral("event %1 ends at x %2").arg(k).arg(xLast)));
            const int a = std::max(0, static_cast<int>(std::floor(xb)) - 1);
            const int b = std::min(scale.width() - 1, static_cast<int>(std::ceil(xe)) + 1);
            for (int c = a; c <= b; ++c) {
                covered[static_cast<std::size_t>(c)] = 1;
            }
        }
        for (int x = 0; x < scale.width(); ++x) {
            if (painted(x)) {
                QVERIFY2(covered[static_cast<std::size_t>(x)],
                         qPrintable(QStringLiteral("stray pixels at x %1").arg(x)));
            }
        }
        // The long marker ends last in its column, so it is drawn in full in its own colour:
        // its collective part fills the lane's top row from its start to its completion.
        const cc::Ns markerStart = data.timings->start(synthetic.marker);
        const int x0 = std::max(0, static_cast<int>(std::ceil(scale.toX(static_cast<double>(markerStart)))) + 1);
        const int x1 =
            std::min(scale.width(),
                     static_cast<int>(std::floor(scale.toX(static_cast<double>(lane.end[synthetic.marker])))) - 1);
        QVERIFY(x1 - x0 > 3);
        const QRgb markerColor = TimelineStyle::opColor(cc::OpKind::AllGather).rgb();
        for (int x = x0; x < x1; ++x) {
            const QRgb pixel = image.pixel(plotLeft + x, top);
            const bool gridLine =
                qRed(pixel) == qRed(markerColor) * 231 / 256 && qBlue(pixel) == qBlue(markerColor) * 231 / 256;
            QVERIFY2(pixel == markerColor || gridLine, qPrintable(QStringLiteral("x %1").arg(x)));
        }
        // Every event that can reach into view is accounted for exactly once, whichever path
        // (one by one, exact folding, summary buckets) drew it, and cost follows the pixels.
        const std::uint32_t first = lane.firstReaching(static_cast<cc::Ns>(std::floor(scale.begin())));
        const std::uint32_t last = lane.firstBeginningAfter(static_cast<cc::Ns>(std::ceil(scale.end())));
        QCOMPARE(stats.eventsDrawn + stats.foldedEvents, std::size_t(last - first));
        QVERIFY(stats.eventsDrawn + stats.foldedColumns <= static_cast<std::size_t>(scale.width()) + 2);
        if (events >= 20'000 && fraction == 1.0) {
            QVERIFY(stats.foldedColumns > 0);
        }
    }
};

QTEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
