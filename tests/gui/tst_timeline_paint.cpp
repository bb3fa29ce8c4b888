// QBENCHMARK of a full timeline repaint (axis, lanes, events, grid, labels) into an offscreen
// QImage 1920 px wide: 1M and 10M replayed events over 8 lanes, whole trace in view (the worst
// case for folding: the lanes' summary buckets are read, a few per pixel column) and zoomed to 1%
// of it (events one by one and exact folding). Nothing is cached between repaints: each
// iteration recomputes every column from the lane indexes built once with the data. Targets:
// median under 16 ms for 1M, under 50 ms for 10M (Release build). Run:
//   gui_tst_timeline_paint -median 9                             (wall time)
//   gui_tst_timeline_paint -median 9 -perf -perfcounter task-clock  (CPU time of the thread)
// Correctness of what is painted is tested in tst_timeline (paintedPixelsMatchTheData).
// findEvents: the find bar's search over a generated 1M-event training trace (the GUI runs it on
// a worker, job slot "search"), and a repaint with its matches marked and outlined.
// overlayFrames: fixed frames with every overlay (selected event, range selection, tail windows,
// search hits, banner, ruler base), through the direct and the offscreen path, saved as
// screenshots/paint-*.png so a change to the painter can be checked pixel for pixel.
#include "gui_support.h"

#include "core/generate/generators.h"
#include "ui/timeline/timeline_painter.h"
#include "ui/timeline/timeline_search.h"

#include <QPainter>
#include <QtTest>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

using namespace cc::ui;

namespace {

/// Synthetic replayed data: lanes of events with gaps and durations spanning three orders of
/// magnitude, some overlapping, like a busy training step.
std::shared_ptr<const TimelineData> synthetic(std::size_t events, int lanes)
{
    auto data = std::make_shared<TimelineData>();
    cctest::SyntheticTimings made(events);
    const auto& timings = made.timings();
    std::mt19937_64 random(11);
    const std::size_t perLane = events / static_cast<std::size_t>(lanes);
    std::uint32_t next = 0;
    for (int l = 0; l < lanes; ++l) {
        TimelineLane lane;
        lane.label = QStringLiteral("lane %1").arg(l);
        lane.events.reserve(perLane);
        lane.begin.reserve(perLane);
        lane.end.reserve(perLane);
        lane.kind.reserve(perLane);
        cc::Ns t = 0;
        for (std::size_t k = 0; k < perLane; ++k) {
            t += 200 + static_cast<cc::Ns>(random() % 2000);
            const cc::Ns rankWait = static_cast<cc::Ns>(random() % 300);
            const cc::Ns queueWait = static_cast<cc::Ns>(random() % 500);
            const cc::Ns duration = 100 + static_cast<cc::Ns>(random() % (k % 97 == 0 ? 200'000 : 3000));
            const std::uint32_t e = next++;
            made.set(e, t, rankWait, queueWait, duration, duration / 4);
            lane.events.push_back(e);
            lane.begin.push_back(t);
            lane.end.push_back(timings->end(e));
            lane.kind.push_back(static_cast<cc::OpKind>(k % 4));
        }
        lane.finish(timings.get());
        data->end = std::max(data->end, lane.maxEnd());
        data->lanes.push_back(std::move(lane));
    }
    data->begin = 0;
    data->eventCount = next;
    data->timings = timings;
    return data;
}

/// Every 7th event of the data is a hit.
std::shared_ptr<const SearchHits> everySeventh(const TimelineData& data)
{
    auto hits = std::make_shared<SearchHits>();
    hits->mask.assign(data.eventCount, 0);
    std::vector<std::pair<cc::Ns, std::uint32_t>> byIssue;
    for (std::uint32_t e = 0; e < data.eventCount; e += 7) {
        byIssue.emplace_back(data.timings->issue[e], e);
    }
    std::sort(byIssue.begin(), byIssue.end());
    for (const auto& [issue, e] : byIssue) {
        hits->events.push_back(e);
        hits->issue.push_back(issue);
        hits->mask[e] = 1;
    }
    return hits;
}

} // namespace

class TestTimelinePaint : public QObject {
    Q_OBJECT
private slots:
    void repaint_data()
    {
        QTest::addColumn<int>("events");
        QTest::addColumn<double>("fraction");
        QTest::newRow("1M events, all in view") << 1'000'000 << 1.0;
        QTest::newRow("1M events, 1% in view") << 1'000'000 << 0.01;
        QTest::newRow("10M events, all in view") << 10'000'000 << 1.0;
        QTest::newRow("10M events, 1% in view") << 10'000'000 << 0.01;
    }

    void repaint()
    {
        QFETCH(int, events);
        QFETCH(double, fraction);
        static std::shared_ptr<const TimelineData> data;
        static int built = 0;
        if (built != events) {
            data.reset();
            data = synthetic(static_cast<std::size_t>(events), 8);
            built = events;
        }
        TimelineStyle style;
        TimeScale scale;
        scale.setBounds(data->begin, data->end);
        scale.setWidth(1920);
        const double span = static_cast<double>(data->end - data->begin);
        scale.setVisible(span * 0.3, span * 0.3 + span * fraction);
        QImage image(1920 + style.labelWidth, 1080, QImage::Format_ARGB32_Premultiplied);
        TimelineOverlay overlay;
        TimelinePaintStats stats;
        QBENCHMARK
        {
            QPainter painter(&image);
            stats = TimelinePainter::paint(painter, image.rect(), *data, scale, style, 0, overlay);
        }
        // Cost follows pixels: at most one drawn item per column and lane.
        QVERIFY(stats.eventsDrawn + stats.foldedColumns <= 8u * 1925u);
        QCOMPARE(stats.lanesDrawn, std::size_t(8));
        QVERIFY(cctest::looksPainted(image));
        if (fraction == 1.0 && events == 1'000'000) {
            image.save(cctest::screenshotDir() + QStringLiteral("/timeline-1M.png"));
        }
    }

    void overlayFrames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("from");     // visible range, as fractions of the data's span
        QTest::addColumn<double>("fraction"); // (a negative fraction: that many ns)
        QTest::addColumn<bool>("direct");     // a 32-bit image the plot is written into
        QTest::addColumn<bool>("replayed");
        QTest::addColumn<int>("scrollY");
        QTest::newRow("all") << QStringLiteral("all") << 0.0 << 1.0 << true << true << 0;
        QTest::newRow("zoomed") << QStringLiteral("zoomed") << 0.3 << 0.002 << true << true << 0;
        QTest::newRow("zoomed offscreen") << QStringLiteral("zoomed-offscreen") << 0.3 << 0.002 << false << true << 0;
        QTest::newRow("middle scrolled") << QStringLiteral("middle-scrolled") << 0.5 << 0.05 << true << true << 37;
        QTest::newRow("deep, ruler base") << QStringLiteral("deep") << 0.61 << -40.0 << true << true << 0;
        QTest::newRow("no replay") << QStringLiteral("no-replay") << 0.3 << 0.002 << true << false << 0;
        QTest::newRow("no replay offscreen")
            << QStringLiteral("no-replay-offscreen") << 0.0 << 1.0 << false << false << 0;
    }

    void overlayFrames()
    {
        QFETCH(QString, name);
        QFETCH(double, from);
        QFETCH(double, fraction);
        QFETCH(bool, direct);
        QFETCH(bool, replayed);
        QFETCH(int, scrollY);
        static std::shared_ptr<const TimelineData> replay;
        if (!replay) {
            auto data = std::make_shared<TimelineData>(*synthetic(200'000, 12));
            const cc::Ns span = data->end - data->begin;
            for (int w = 0; w < 40; ++w) {
                const cc::Ns begin = span / 40 * w + (w * 7919 % 97) * span / 4000;
                data->tailWindows.push_back(
                    cc::TailWindow{begin, begin + span / 400 + (w % 3) * span / 20'000, 0, 0, 0, 0, 0, 0});
            }
            replay = data;
        }
        std::shared_ptr<const TimelineData> data = replay;
        if (!replayed) {
            auto preview = std::make_shared<TimelineData>(*replay);
            preview->timings.reset();
            data = preview;
        }
        TimelineStyle style;
        TimeScale scale;
        scale.setBounds(data->begin, data->end);
        scale.setWidth(1000);
        const double span = static_cast<double>(data->end - data->begin);
        const double begin = span * from;
        scale.setVisible(begin, begin + (fraction > 0 ? span * fraction : -fraction));
        TimelineOverlay overlay;
        const std::uint32_t middle = replay->lanes[2].events[replay->lanes[2].firstReaching(
            static_cast<cc::Ns>(scale.begin() + (scale.end() - scale.begin()) / 2))];
        overlay.selectedEvent = middle;
        overlay.selection = VisibleRange{scale.begin() + (scale.end() - scale.begin()) * 0.2,
                                         scale.begin() + (scale.end() - scale.begin()) * 0.45};
        overlay.currentTailWindow = 12;
        overlay.hits = everySeventh(*replay);
        overlay.banner = replayed ? QString() : QStringLiteral("no replay yet: events at their issue time");
        // The area sits inside a larger image, off the origin, as in a widget with a frame.
        QImage image(1000 + style.labelWidth + 30, 500, direct ? QImage::Format_RGB32 : QImage::Format_RGB16);
        image.fill(Qt::magenta);
        {
            QPainter painter(&image);
            TimelinePainter::paint(painter, QRect(20, 10, 1000 + style.labelWidth, 480), *data, scale, style, scrollY,
                                   overlay);
        }
        QVERIFY(cctest::looksPainted(image));
        QVERIFY(image.convertToFormat(QImage::Format_RGB32)
                    .save(cctest::screenshotDir() + QStringLiteral("/paint-%1.png").arg(name)));
    }

    void search_data()
    {
        QTest::addColumn<QString>("query");
        QTest::newRow("op") << QStringLiteral("op:all_gather");
        QTest::newRow("rank and size") << QStringLiteral("rank:4-7 size:8MiB-32MiB");
        QTest::newRow("id substring") << QStringLiteral("id:-99");
        QTest::newRow("word") << QStringLiteral("backward");
    }

    void search()
    {
        QFETCH(QString, query);
        static std::shared_ptr<const TimelineData> data;
        cc::NullProgress progress;
        if (!data) {
            cc::GeneratorOptions options;
            options.events = 1'000'000;
            auto trace = std::make_shared<const cc::Trace>(cc::generateTraining(options, progress));
            data = buildTimeline(trace, nullptr, {}, progress);
        }
        QString error;
        const auto parsed = parseSearchQuery(query, &error);
        QVERIFY2(parsed.has_value(), qPrintable(error));
        std::shared_ptr<const SearchHits> hits;
        QBENCHMARK
        {
            hits = findEvents(*data, *parsed, progress);
        }
        QVERIFY(!hits->events.empty());
        // Repainting with the matches marked still costs pixels, not events.
        TimelineStyle style;
        TimeScale scale;
        scale.setBounds(data->begin, data->end);
        scale.setWidth(1920);
        scale.fitAll();
        QImage image(1920 + style.labelWidth, 1080, QImage::Format_ARGB32_Premultiplied);
        TimelineOverlay overlay;
        overlay.hits = hits;
        QPainter painter(&image);
        const auto stats = TimelinePainter::paint(painter, image.rect(), *data, scale, style, 0, overlay);
        QVERIFY(stats.lanesDrawn > 0);
    }
};

QTEST_MAIN(TestTimelinePaint)
#include "tst_timeline_paint.moc"
