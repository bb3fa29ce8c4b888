// The bisecting geometry solver and the bucket layout: parameter counts within 1.02 % of every
// target from 1M to 400M, tensor shapes that add up to the formula, and DDP's bucket packing.
#include "capture/lib/bucket_layout.h"
#include "capture/lib/model_geometry.h"

#include <QtTest>

using namespace cc::capture;

class TestModelGeometry : public QObject {
    Q_OBJECT

private slots:
    void residualMlpHitsEveryNamedTarget_data()
    {
        QTest::addColumn<qlonglong>("target");
        QTest::newRow("1M") << 1'000'000LL;
        QTest::newRow("10M") << 10'000'000LL;
        QTest::newRow("50M") << 50'000'000LL;
        QTest::newRow("150M") << 150'000'000LL;
        QTest::newRow("400M") << 400'000'000LL;
    }

    void residualMlpHitsEveryNamedTarget()
    {
        QFETCH(qlonglong, target);
        const ModelGeometry g = solveResidualMlp(target);
        const std::int64_t actual = g.parameterCount();
        QVERIFY2(relativeErrorPpm(actual, target) <= kGeometryTolerancePpm,
                 qPrintable(QString::fromStdString(g.describe())));
        // The shapes the worker instantiates add up to the same count.
        std::int64_t sum = 0;
        for (const auto& shape : g.parameterShapes()) {
            sum += shape.numel();
        }
        QCOMPARE(sum, actual);
        QVERIFY(g.width > 0);
        QVERIFY(g.depth >= 1);
    }

    void bisectionPicksTheNearestWidth()
    {
        for (std::int64_t target : {1'000'000LL, 3'300'000LL, 77'000'000LL, 400'000'000LL}) {
            ModelGeometry g = solveResidualMlp(target);
            const std::int64_t chosen = std::llabs(g.parameterCount() - target);
            for (std::int64_t delta : {-1LL, 1LL}) {
                ModelGeometry other = g;
                other.width += delta;
                QVERIFY2(std::llabs(other.parameterCount() - target) >= chosen,
                         qPrintable(QStringLiteral("target %1: width %2 is nearer than %3")
                                        .arg(target)
                                        .arg(other.width)
                                        .arg(g.width)));
            }
        }
    }

    void everyTargetBetween1Mand400MIsWithinTolerance()
    {
        int checked = 0;
        for (std::int64_t target = 1'000'000; target <= 400'000'000; target = target * 107 / 100 + 12'345) {
            const ModelGeometry g = solveResidualMlp(target);
            QVERIFY2(relativeErrorPpm(g.parameterCount(), target) <= kGeometryTolerancePpm,
                     qPrintable(QString::fromStdString(g.describe())));
            ++checked;
        }
        QVERIFY(checked > 80);
    }

    void depthGrowsWithTheTarget()
    {
        QVERIFY(solveResidualMlp(1'000'000).depth < solveResidualMlp(10'000'000).depth);
        QVERIFY(solveResidualMlp(10'000'000).depth < solveResidualMlp(400'000'000).depth);
    }

    void gptDecoderShapesMatchItsFormula()
    {
        for (std::int64_t target : {1'000'000LL, 10'000'000LL, 50'000'000LL}) {
            const ModelGeometry g = solveGptDecoder(target);
            std::int64_t sum = 0;
            for (const auto& shape : g.parameterShapes()) {
                sum += shape.numel();
            }
            QCOMPARE(sum, g.parameterCount());
            QCOMPARE(g.width % g.heads, 0);
            QVERIFY2(relativeErrorPpm(g.parameterCount(), target) <= 50'000,
                     qPrintable(QString::fromStdString(g.describe())));
        }
    }

    void layersGroupTheirWeightAndBias()
    {
        const auto shapes = solveResidualMlp(1'000'000).parameterShapes();
        QCOMPARE(QString::fromStdString(shapes[0].name), QStringLiteral("input.weight"));
        QCOMPARE(QString::fromStdString(shapes[0].layer), QStringLiteral("input"));
        QCOMPARE(QString::fromStdString(shapes[1].layer), QStringLiteral("input"));
        QCOMPARE(QString::fromStdString(shapes.back().name), QStringLiteral("head.out.bias"));
    }

    void bucketLayoutPacksLikeDdp()
    {
        std::vector<std::int64_t> elements(8, 100); // 400 B each
        const BucketLayout layout = computeBucketLayout(reverseRegistrationOrder(8), elements, 4, 400, 1200);
        // The first bucket closes at 400 B (one tensor), the next ones at 1200 B (three tensors).
        QCOMPARE(layout.buckets.size(), std::size_t{4});
        QCOMPARE(layout.buckets[0].params, (std::vector<std::size_t>{7}));
        QCOMPARE(layout.buckets[1].params, (std::vector<std::size_t>{6, 5, 4}));
        QCOMPARE(layout.buckets[2].params, (std::vector<std::size_t>{3, 2, 1}));
        QCOMPARE(layout.buckets[3].params, (std::vector<std::size_t>{0}));
        QCOMPARE(layout.buckets[1].offsets, (std::vector<std::int64_t>{0, 100, 200}));
        QCOMPARE(layout.buckets[1].bytes, std::int64_t{1200});
        QCOMPARE(layout.bucketOfParam[5], std::size_t{1});
        QCOMPARE(layout.slotOfParam[5], std::size_t{1});
    }

    void aTensorLargerThanTheCapSitsAlone()
    {
        std::vector<std::int64_t> elements{10, 10'000, 10};
        const BucketLayout layout = computeBucketLayout({2, 1, 0}, elements, 4, 1000, 1000);
        QCOMPARE(layout.buckets.size(), std::size_t{2});
        QCOMPARE(layout.buckets[0].params, (std::vector<std::size_t>{2, 1}));
        QCOMPARE(layout.buckets[1].params, (std::vector<std::size_t>{0}));
    }

    void rebuiltOrderChangesTheAssignment()
    {
        std::vector<std::int64_t> elements(4, 100);
        const BucketLayout initial = computeBucketLayout(reverseRegistrationOrder(4), elements, 4, 800, 800);
        const BucketLayout rebuilt = computeBucketLayout({3, 1, 2, 0}, elements, 4, 800, 800);
        QCOMPARE(initial.buckets.size(), rebuilt.buckets.size());
        QVERIFY(!sameAssignment(initial, rebuilt));
        QVERIFY(sameAssignment(initial, computeBucketLayout(reverseRegistrationOrder(4), elements, 4, 800, 800)));
    }

    void anOrderThatIsNotAPermutationIsRefused()
    {
        std::vector<std::int64_t> elements(3, 1);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, computeBucketLayout({0, 0, 1}, elements, 4, 8, 8));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, computeBucketLayout({0, 1}, elements, 4, 8, 8));
    }
};

QTEST_GUILESS_MAIN(TestModelGeometry)
#include "tst_model_geometry.moc"
