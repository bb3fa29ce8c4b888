// Interval-set algebra, the capture metrics over it, and the clock-offset estimator.
#include "capture/lib/capture_metrics.h"
#include "capture/lib/clock_offsets.h"

#include <QtTest>

using namespace cc::capture;

namespace {

IterationRecord iteration(std::vector<BucketTiming> buckets)
{
    IterationRecord it;
    it.index = 3;
    it.forward = {0, 100};
    it.backward = {100, 300};
    it.commWait = {300, 350};
    it.optimizer = {350, 400};
    it.buckets = std::move(buckets);
    return it;
}

} // namespace

class TestCaptureMetrics : public QObject {
    Q_OBJECT

private slots:
    void intervalSetsNormalise()
    {
        IntervalSet s{{5, 10}, {0, 3}, {3, 4}, {8, 12}, {20, 20}};
        QCOMPARE(s.intervals().size(), std::size_t{2});
        QCOMPARE(s.intervals()[0], (Interval{0, 4}));
        QCOMPARE(s.intervals()[1], (Interval{5, 12}));
        QCOMPARE(s.measure(), Ns{11});
    }

    void intersectionAndDifference()
    {
        const IntervalSet a{{0, 10}, {20, 30}};
        const IntervalSet b{{5, 25}};
        QCOMPARE(a.intersect(b), (IntervalSet{{5, 10}, {20, 25}}));
        QCOMPARE(a.subtract(b), (IntervalSet{{0, 5}, {25, 30}}));
        QCOMPARE(b.subtract(a), (IntervalSet{{10, 20}}));
        QCOMPARE(a.unite(b), (IntervalSet{{0, 30}}));
        QCOMPARE(a.clip({8, 22}), (IntervalSet{{8, 10}, {20, 22}}));
        QCOMPARE(a.subtract(IntervalSet{{0, 100}}).measure(), Ns{0});
    }

    void overlapEfficiencyIsTheHiddenShareOfCommunication()
    {
        // Two buckets: [150, 250) fully inside backward, [280, 340) half hidden (backward ends at 300).
        const IterationRecord it = iteration({{0, 10, 400, 150, 150, 250}, {1, 11, 400, 280, 280, 340}});
        const IterationMetrics m = iterationMetrics(it);
        QCOMPARE(m.communicationNs, Ns{160});
        QCOMPARE(m.overlappedNs, Ns{120});
        QCOMPARE(m.overlapEfficiency, (Ratio{120, 160}));
        QCOMPARE(m.overlapEfficiency.ppm(), std::int64_t{750'000});
        QCOMPARE(m.overlapEfficiency.percentText(), std::string("75.0 %"));
        // Exposed communication [300, 340) over the window [0, 400).
        QCOMPARE(m.exposedNs, Ns{40});
        QCOMPARE(m.overheadFraction, (Ratio{40, 400}));
        QCOMPARE(m.windowNs, Ns{400});
    }

    void concurrentBucketsAreCountedOnce()
    {
        // gloo runs buckets on several threads: overlapping all-reduces are one stretch of communication.
        const IterationRecord it = iteration({{0, 1, 8, 310, 310, 340}, {1, 2, 8, 315, 320, 345}});
        const IterationMetrics m = iterationMetrics(it);
        QCOMPARE(m.communicationNs, Ns{35});
        QCOMPARE(m.overlapEfficiency.numerator, Ns{0});
    }

    void noCommunicationIsUndefinedNotZero()
    {
        const IterationMetrics m = iterationMetrics(iteration({}));
        QVERIFY(!m.overlapEfficiency.defined());
        QCOMPARE(m.overlapEfficiency.percentText(), std::string("undefined"));
        QVERIFY(m.overheadFraction.defined());
        QCOMPARE(m.overheadFraction.numerator, Ns{0});
    }

    void latencyStatisticsUseNearestRank()
    {
        const LatencyStats s = latencyStats({50, 10, 40, 20, 30});
        QCOMPARE(s.count, std::size_t{5});
        QCOMPARE(s.min, Ns{10});
        QCOMPARE(s.median, Ns{30});
        QCOMPARE(s.p95, Ns{50});
        QCOMPARE(s.max, Ns{50});
        QCOMPARE(s.total, Ns{150});
        QCOMPARE(latencyStats({}).count, std::size_t{0});
    }

    void perBucketAndPerLayerLatency()
    {
        RankCapture c;
        c.rank = 1;
        c.parameters = {{"a.weight", "a", 300, 1200}, {"a.bias", "a", 100, 400}, {"b.weight", "b", 400, 1600}};
        LayoutRecord layout;
        layout.origin = "observed_ready_order";
        layout.buckets = {{2}, {1, 0}};
        layout.bucketBytes = {1600, 1600};
        c.layouts = {layout};
        for (int i = 0; i < 2; ++i) {
            IterationRecord it =
                iteration({{0, 10 + 2 * i, 1600, 150, 150, 250}, {1, 11 + 2 * i, 1600, 200, 200, 280}});
            it.index = 2 + i;
            c.iterations.push_back(it);
        }
        const RankMetrics m = rankMetrics(c);
        QCOMPARE(m.buckets.size(), std::size_t{2});
        QCOMPARE(m.buckets[0].latency.median, Ns{100});
        QCOMPARE(m.buckets[1].latency.median, Ns{80});
        QCOMPARE(m.layers.size(), std::size_t{2});
        // Layer a is all of bucket 1 (80 ns per iteration); layer b all of bucket 0 (100 ns).
        QCOMPARE(QString::fromStdString(m.layers[0].layer), QStringLiteral("a"));
        QCOMPARE(m.layers[0].perIterationNs, Ns{80});
        QCOMPARE(m.layers[0].attributedNs, Ns{160});
        QCOMPARE(m.layers[1].perIterationNs, Ns{100});
        QCOMPARE(m.overlapEfficiency.denominator, Ns{2 * 130});
    }

    void offsetEstimateContainsTheTrueOffset()
    {
        // The reference clock runs 5000 ns ahead of the local clock; round trips of 300..900 ns.
        const Ns trueOffset = 5000;
        std::vector<PingSample> samples;
        Ns t = 1'000'000;
        for (int k = 0; k < 8; ++k) {
            const Ns out = 100 + 37 * k;
            const Ns back = 200 + 53 * ((k * 3) % 8);
            samples.push_back({t, t + out + trueOffset, t + out + back});
            t += 10'000;
        }
        const auto e = estimateOffset(samples);
        QVERIFY(e.has_value());
        QVERIFY(!e->fellBackToBestSample);
        QVERIFY2(std::llabs(e->offsetNs - trueOffset) <= e->uncertaintyNs,
                 qPrintable(QStringLiteral("offset %1 ± %2").arg(e->offsetNs).arg(e->uncertaintyNs)));
        // Intersecting the bounds is at least as tight as the best single round trip.
        QVERIFY(e->uncertaintyNs <= (e->bestRoundTripNs + 1) / 2);
        QCOMPARE(e->samples, 8);
    }

    void contradictingSamplesFallBackToTheTightestOne()
    {
        // A clock step between samples: no offset satisfies both.
        std::vector<PingSample> samples{{0, 1000, 100}, {200, 50, 260}};
        const auto e = estimateOffset(samples);
        QVERIFY(e.has_value());
        QVERIFY(e->fellBackToBestSample);
        QCOMPARE(e->bestRoundTripNs, Ns{60});
        QVERIFY(std::llabs(e->offsetNs - (50 - 230)) <= e->uncertaintyNs);
    }

    void noUsableSampleIsNoEstimate()
    {
        QVERIFY(!estimateOffset({}).has_value());
        QVERIFY(!estimateOffset({{100, 50, 90}}).has_value()); // receive before send
    }

    void calibrationCoversDriftAndMapsShardTimes()
    {
        const OffsetEstimate start{1000, 40, 80, 16, false};
        const OffsetEstimate end{1100, 30, 60, 16, false};
        const ClockCalibration c = combineCalibration(1, 0, start, end, 50'000, 48'000);
        QCOMPARE(c.offsetNs, Ns{1050});
        QCOMPARE(c.driftNs, Ns{100});
        QCOMPARE(c.uncertaintyNs, Ns{40 + 50});
        QCOMPARE(c.shardOffsetNs, Ns{50'000 + 1050 - 48'000});
        QCOMPARE(c.method, std::string("tcpstore_ping"));
        const ClockCalibration back = clockCalibrationFromJson(clockCalibrationToJson(c), "test", "$");
        QCOMPARE(back, c);
        const ClockCalibration ref = referenceCalibration(0, 48'000);
        QCOMPARE(ref.offsetNs, Ns{0});
        QCOMPARE(ref.uncertaintyNs, Ns{0});
    }
};

QTEST_GUILESS_MAIN(TestCaptureMetrics)
#include "tst_capture_metrics.moc"
