// A canary beside its source in the timeline's views, with real files: canaries compiled by the
// CLI, loaded as artifacts, followed by the ReplayController (expanded and replayed under the
// same configurations). The event details name the segment that stands for an event (index,
// kind, source range, commitment, recomputed here from the source) and show the canary's
// simulated timing beside the source's; the latency distributions overlay source and canary per
// configuration, distinct by colour and line style, with a legend. Screenshots of both go to
// the build folder's tests/screenshots/.
#include "gui_support.h"

#include "core/canary/canary_reader.h"
#include "core/canary/commitment.h"
#include "core/canary/expand.h"
#include "core/trace/trace_io.h"
#include "ui/artifacts/artifact_loader.h"
#include "ui/artifacts/artifact_store.h"
#include "ui/distributions/distribution_panel.h"
#include "ui/replay/replay_controller.h"
#include "ui/timeline/event_details.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/util/text.h"

#include <QHBoxLayout>
#include <QPainter>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtTest>

using namespace cc::ui;

namespace {

/// Compiles example `trace` with the CLI into dir; extra options after the output.
QString compileWithCli(const QTemporaryDir& dir, const QString& trace, const QString& name, const QStringList& extra)
{
    const QString out = dir.filePath(name);
    QStringList args{QStringLiteral("compile"), cctest::example(trace), QStringLiteral("-o"), out};
    args << extra;
    const auto result = cctest::runCli(args);
    if (result.exitCode != 0) {
        qWarning("compile failed: %s", qPrintable(result.err));
        return {};
    }
    return out;
}

ArtifactId load(ArtifactStore& store, const QString& path)
{
    cc::NullProgress progress;
    return store.add(loadArtifact(path, progress));
}

QString rowValue(const std::vector<PropertyRow>& rows, const QString& label)
{
    for (const auto& row : rows) {
        if (row.label == label) {
            return row.value;
        }
    }
    return {};
}

bool saveWidget(QWidget* widget, const QString& name)
{
    const QImage image = widget->grab().toImage();
    return cctest::looksPainted(image) && image.save(cctest::screenshotDir() + QLatin1Char('/') + name);
}

/// The jittered training trace and a canary of it (compiled with --timing-sample-limit
/// sampleLimit), both open in a store whose canaries a replay controller follows.
struct JitteredWithCanary {
    QTemporaryDir dir;
    JobRunner runner;
    ReplayController replay{&runner};
    ArtifactStore store;
    bool opened = false;

    explicit JitteredWithCanary(const QString& sampleLimit)
    {
        replay.followCanaries(&store);
        const QString canaryPath =
            compileWithCli(dir, QStringLiteral("training_jittered.trace.json"), QStringLiteral("jittered.canary.json"),
                           {QStringLiteral("--timing-sample-limit"), sampleLimit});
        if (canaryPath.isEmpty()) {
            return;
        }
        load(store, canaryPath);
        load(store, cctest::example(QStringLiteral("training_jittered.trace.json")));
        opened = true;
    }
};

} // namespace

class TestTimelineCanary : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { cctest::isolateSettings(QStringLiteral("tst_timeline_canary")); }

    void segmentOfEveryEvent()
    {
        QTemporaryDir dir;
        const QString path =
            compileWithCli(dir, QStringLiteral("training_jittered.trace.json"), QStringLiteral("jittered.canary.json"),
                           {QStringLiteral("--timing-sample-limit"), QStringLiteral("4")});
        QVERIFY(!path.isEmpty());
        cc::NullProgress progress;
        auto canary = std::make_shared<const cc::Canary>(cc::readCanary(path.toStdString()));
        const cc::Trace source =
            cc::readTrace(cctest::example(QStringLiteral("training_jittered.trace.json")).toStdString(), progress);
        QVERIFY(canary->segments.size() > 1);
        QCOMPARE(canary->header.coveredLast, static_cast<std::uint64_t>(source.size()));

        // Every event lies in exactly the segment whose range holds it.
        std::size_t expected = 0;
        for (std::uint64_t i = 0; i < source.size(); ++i) {
            while (i >= canary->segments[expected].first + canary->segments[expected].events) {
                ++expected;
            }
            const auto found = canarySegmentOf(*canary, i);
            QVERIFY(found.has_value());
            QCOMPARE(*found, expected);
        }
        QVERIFY(!canarySegmentOf(*canary, source.size()).has_value());

        // The rows of one event of an interval segment: kind, range, bounds and a commitment that
        // is the SHA-256 of the source events the segment stands for.
        std::size_t interval = canary->segments.size();
        for (std::size_t s = 0; s < canary->segments.size(); ++s) {
            if (canary->segments[s].kind == cc::SegmentKind::Interval) {
                interval = s;
                break;
            }
        }
        QVERIFY2(interval < canary->segments.size(), "a sample limit of 4 approximates some timing");
        const cc::CanarySegment& segment = canary->segments[interval];
        const auto event = static_cast<std::uint32_t>(segment.first + segment.events / 2);
        const CanaryContext context{canary, QStringLiteral("jittered.canary.json"), false};
        const auto rows = describeCanarySegment(context, event);
        QCOMPARE(rowValue(rows, QStringLiteral("Canary")), QStringLiteral("jittered.canary.json"));
        QVERIFY(rowValue(rows, QStringLiteral("Segment")).startsWith(QString::number(interval) + QLatin1Char(' ')));
        QVERIFY(rowValue(rows, QStringLiteral("Segment kind")).startsWith(QStringLiteral("interval")));
        QVERIFY(rowValue(rows, QStringLiteral("Source events")).contains(QString::number(segment.events)));
        QCOMPARE(rowValue(rows, QStringLiteral("Position in segment")), QString::number(event - segment.first));
        QVERIFY(!rowValue(rows, QStringLiteral("Error bounds")).isEmpty());
        const QString commitment = rowValue(rows, QStringLiteral("Commitment (SHA-256)"));
        QCOMPARE(commitment.size(), 64);
        QCOMPARE(commitment.toStdString(),
                 cc::segmentCommitment(source, segment.first, segment.first + segment.events));

        // Shown on the canary's own expansion, event k is source event covered.first + k.
        const cc::Trace expanded = cc::expandCanary(*canary, "jittered", progress);
        QCOMPARE(expanded.size(), source.size());
        const CanaryContext onExpansion{canary, QStringLiteral("jittered.canary.json"), true};
        const auto expandedRows = describeCanarySegment(onExpansion, event);
        QCOMPARE(rowValue(expandedRows, QStringLiteral("Commitment (SHA-256)")), commitment);
        QCOMPARE(rowValue(expandedRows, QStringLiteral("Source event")), QString::number(event));
    }

    void partialCanaryNamesItsRange()
    {
        QTemporaryDir dir;
        const QString path =
            compileWithCli(dir, QStringLiteral("adversarial_decode.trace.json"), QStringLiteral("prefix.canary.json"),
                           {QStringLiteral("--prefix"), QStringLiteral("40")});
        QVERIFY(!path.isEmpty());
        auto canary = std::make_shared<const cc::Canary>(cc::readCanary(path.toStdString()));
        QCOMPARE(canary->header.coverage, cc::CanaryCoverage::Partial);
        const CanaryContext context{canary, QStringLiteral("prefix.canary.json"), false};
        QVERIFY(rowValue(describeCanarySegment(context, 10), QStringLiteral("Commitment (SHA-256)")).size() == 64);
        const QString outside = rowValue(describeCanarySegment(context, 70), QStringLiteral("Segment"));
        QVERIFY2(outside.contains(QStringLiteral("0 – 39")), qPrintable(outside));
        QVERIFY(rowValue(describeCanarySegment(context, 70), QStringLiteral("Commitment (SHA-256)")).isEmpty());
    }

    void controllerFollowsTheCanaryOfTheActiveTrace()
    {
        QTemporaryDir dir;
        const QString canaryPath = compileWithCli(dir, QStringLiteral("adversarial_decode.trace.json"),
                                                  QStringLiteral("adversarial.canary.json"), {});
        QVERIFY(!canaryPath.isEmpty());
        JobRunner runner;
        ReplayController replay(&runner);
        ArtifactStore store;
        replay.followCanaries(&store);
        QSignalSpy canaryChanged(&replay, &ReplayController::canaryChanged);

        // A canary without its source is not followed; loading the source binds them.
        const ArtifactId canaryId = load(store, canaryPath);
        QVERIFY(!replay.canary());
        const ArtifactId traceId = load(store, cctest::adversarialExample());
        QCOMPARE(store.activeTrace(), traceId);
        replay.setTrace(store.activeTraceArtifact()->trace);
        QVERIFY(replay.canary() != nullptr);
        QCOMPARE(replay.canaryName(), QStringLiteral("adversarial.canary.json"));
        QVERIFY(QTest::qWaitFor([&]() { return replay.current().valid() && replay.canaryReplay().valid(); }, 60000));

        // A lossless canary replays exactly like its source under every configuration.
        const ReplayResult& source = replay.current();
        const ReplayResult& canary = replay.canaryReplay();
        QCOMPARE(canary.configurationCount(), source.configurationCount());
        for (int c = 0; c < source.configurationCount(); ++c) {
            QCOMPARE(canary.configuration(c)->summary.latency.p99, source.configuration(c)->summary.latency.p99);
            const cc::SampleColumns& canarySamples = canary.configuration(c)->samples;
            const cc::SampleColumns& sourceSamples = source.configuration(c)->samples;
            QVERIFY(canarySamples.sameEventTimes(sourceSamples));
            QVERIFY(canarySamples.queueWait == sourceSamples.queueWait);
        }

        // The event details show the canary's timing of the same event beside the source's.
        ConfigTimingModel model;
        const CanaryContext context{replay.canary(), replay.canaryName(), false};
        model.setEvent(source, 7u, 0, canary, context.expandedIndex(7));
        QCOMPARE(model.rowCount(), 2 * source.configurationCount());
        QVERIFY(!model.isCanaryRow(0));
        QVERIFY(model.isCanaryRow(1));
        QCOMPARE(model.index(1, ConfigTimingModel::ConfigurationColumn).data().toString(),
                 QStringLiteral("%1 (canary)").arg(source.configurationName(0)));
        QCOMPARE(model.index(1, ConfigTimingModel::LatencyColumn).data(),
                 model.index(0, ConfigTimingModel::LatencyColumn).data());

        // Closing the canary unbinds it.
        const int before = canaryChanged.size();
        store.remove(canaryId);
        QVERIFY(!replay.canary());
        QVERIFY(canaryChanged.size() > before);
        QVERIFY(!replay.canaryReplay().valid());
    }

    void distributionsOverlaySourceAndCanary()
    {
        JitteredWithCanary f(QStringLiteral("2"));
        QVERIFY(f.opened);
        f.replay.setTrace(f.store.activeTraceArtifact()->trace);
        DistributionPanel panel(&f.replay);
        panel.resize(1100, 560);
        static_cast<QWidget&>(panel).show(); // the panel's own show(data) hides QWidget::show
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto overlaid = [&]() {
            const auto& series = panel.data().series;
            return std::any_of(series.begin(), series.end(), [](const DistributionSeries& s) { return s.canary; });
        };
        QVERIFY(QTest::qWaitFor([&]() { return f.replay.canaryReplay().valid() && overlaid() && !f.runner.isBusy(); },
                                60000));

        // Per configuration: the source's series, then the canary's, with the same name.
        const DistributionData& data = panel.data();
        const int configurations = f.replay.current().configurationCount();
        QCOMPARE(static_cast<int>(data.series.size()), 2 * configurations);
        for (int c = 0; c < configurations; ++c) {
            const DistributionSeries& source = data.series[static_cast<std::size_t>(2 * c)];
            const DistributionSeries& canary = data.series[static_cast<std::size_t>(2 * c + 1)];
            QVERIFY(!source.canary);
            QVERIFY(canary.canary);
            QCOMPARE(source.name, canary.name);
            QCOMPARE(source.configuration, c);
            QCOMPARE(canary.configuration, c);
            QCOMPARE(source.count, canary.count); // a full canary expands to every source event
            QCOMPARE(source.p99, f.replay.current().configuration(c)->summary.latency.p99);
            QCOMPARE(canary.p99, f.replay.canaryReplay().configuration(c)->summary.latency.p99);
            QCOMPARE(canary.max, f.replay.canaryReplay().configuration(c)->summary.latency.max);
            QVERIFY(source.p50 <= source.p95 && source.p95 <= source.p99 && source.p99 <= source.max);
            // Visibly distinct: another colour and another line style, both in the legend.
            QVERIFY(seriesColor(source) != seriesColor(canary));
            QCOMPARE(seriesPen(source).style(), Qt::SolidLine);
            QCOMPARE(seriesPen(canary).style(), Qt::DashLine);
            QCOMPARE(panel.seriesTitle(source), QStringLiteral("%1 · source").arg(source.name));
            QCOMPARE(panel.seriesTitle(canary), QStringLiteral("%1 · canary").arg(canary.name));
        }
        // The charts hold what the data says: a CDF line per series with its pen, named in a
        // visible legend entry.
        QChart* cdf = panel.cdfChart();
        int lines = 0;
        for (QAbstractSeries* series : cdf->series()) {
            auto* line = qobject_cast<QLineSeries*>(series);
            if (line == nullptr || series->type() != QAbstractSeries::SeriesTypeLine) {
                continue;
            }
            const DistributionSeries& s = data.series[static_cast<std::size_t>(lines)];
            QCOMPARE(line->name(), panel.seriesTitle(s));
            QCOMPARE(line->pen().style(), s.canary ? Qt::DashLine : Qt::SolidLine);
            QCOMPARE(line->pen().color(), seriesColor(s));
            QCOMPARE(line->count(), static_cast<int>(s.cdf.size()));
            const auto markers = cdf->legend()->markers(line);
            QCOMPARE(markers.size(), 1);
            QTRY_VERIFY(markers.front()->isVisible()); // once the chart has laid out its legend
            QCOMPARE(markers.front()->label(), line->name());
            ++lines;
        }
        QCOMPARE(lines, 2 * configurations);
        QVERIFY(cdf->legend()->isVisible());
        // The summary table lists both, the canary marked, with the hidden share.
        QCOMPARE(panel.summaryModel()->rowCount(), 2 * configurations);
        QCOMPARE(panel.summaryModel()->index(1, DistributionSummaryModel::NameColumn).data().toString(),
                 QStringLiteral("%1 (canary)").arg(data.series[1].name));
        QVERIFY(panel.summaryModel()
                    ->index(0, DistributionSummaryModel::HiddenShareColumn)
                    .data()
                    .toString()
                    .endsWith(QLatin1Char('%')));
        QCOMPARE(data.series[0].hiddenSharePpm, f.replay.current().configuration(0)->summary.hiddenSharePpm);
        QVERIFY(saveWidget(&panel, QStringLiteral("distributions-canary-overlay.png")));

        // Queue wait is the other metric, overlaid the same way.
        DistributionFilter filter;
        filter.metric = DistributionMetric::QueueWait;
        QSignalSpy ready(&panel, &DistributionPanel::distributionsReady);
        panel.setFilter(filter);
        QVERIFY(ready.wait(30000));
        QCOMPARE(panel.data().filter.metric, DistributionMetric::QueueWait);
        QCOMPARE(static_cast<int>(panel.data().series.size()), 2 * configurations);
        QCOMPARE(panel.data().series[0].p99, f.replay.current().configuration(0)->summary.queueWait.p99);
    }

    void timelineShowsTheSelectedEventsSegment()
    {
        JitteredWithCanary f(QStringLiteral("4"));
        QVERIFY(f.opened);
        QWidget window; // owns the panel and the details (after the runner and the controller)
        auto* timeline = new TimelinePanel(&f.runner, &f.replay, &window);
        TimelinePanel& panel = *timeline;
        f.replay.setTrace(f.store.activeTraceArtifact()->trace);
        auto* layout = new QHBoxLayout(&window);
        layout->addWidget(timeline, 3);
        layout->addWidget(panel.details(), 2);
        window.resize(1600, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(QTest::qWaitFor(
            [&]() {
                return panel.view()->data() && panel.view()->data()->replayed() && f.replay.canaryReplay().valid() &&
                       !f.runner.isBusy();
            },
            60000));

        // Select an event of an interval segment and zoom to it, as a click would.
        const cc::Canary& canary = *f.replay.canary();
        const auto interval = std::find_if(canary.segments.begin(), canary.segments.end(),
                                           [](const auto& s) { return s.kind == cc::SegmentKind::Interval; });
        QVERIFY(interval != canary.segments.end());
        const auto event = static_cast<std::uint32_t>(interval->first + interval->events / 2);
        const auto& data = *panel.view()->data();
        const double begin = static_cast<double>(data.issueOf(event));
        const double end = static_cast<double>(data.endOf(event));
        panel.view()->setVisibleRange({begin - 3 * (end - begin), end + 3 * (end - begin)});
        panel.view()->setSelectedEvent(event);
        QApplication::processEvents();

        PropertyModel* fields = panel.details()->fieldsModel();
        QCOMPARE(fields->value(QStringLiteral("Canonical index")), QString::number(event));
        QCOMPARE(fields->value(QStringLiteral("Canary")), QStringLiteral("jittered.canary.json"));
        QVERIFY(fields->value(QStringLiteral("Segment kind")).startsWith(QStringLiteral("interval")));
        QCOMPARE(fields->value(QStringLiteral("Commitment (SHA-256)")), QString::fromStdString(interval->sha256));
        ConfigTimingModel* timings = panel.details()->timingModel();
        QCOMPARE(timings->rowCount(), 2 * f.replay.current().configurationCount());
        for (int row = 0; row < timings->rowCount(); row += 2) {
            const cc::EventSample sample = f.replay.current().configuration(row / 2)->samples.at(event);
            QCOMPARE(timings->index(row, ConfigTimingModel::LatencyColumn).data().toString(),
                     formatDuration(sample.latency));
            QCOMPARE(timings->index(row, ConfigTimingModel::QueueWaitColumn).data().toString(),
                     formatDuration(sample.queueWait));
            QVERIFY(timings->isCanaryRow(row + 1));
        }
        QVERIFY(panel.details()->title().contains(
            QStringLiteral("canary segment %1 (interval)").arg(interval - canary.segments.begin())));
        // Show the segment's rows, as a reader scrolling down would.
        for (int row = 0; row < fields->rowCount(); ++row) {
            if (fields->rows()[static_cast<std::size_t>(row)].label == QStringLiteral("Canary segment")) {
                panel.details()->fieldsView()->scrollTo(fields->index(row, 0), QAbstractItemView::PositionAtTop);
            }
        }
        QVERIFY(saveWidget(&window, QStringLiteral("timeline-event-canary-segment.png")));
    }
};

QTEST_MAIN(TestTimelineCanary)
#include "tst_timeline_canary.moc"
