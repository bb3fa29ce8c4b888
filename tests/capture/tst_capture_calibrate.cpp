// A real all-reduce microbenchmark through `commcanary capture calibrate`: two gloo ranks of the
// worker over a few small message sizes, then the alpha fit, written as a calibration file.
// Needs the worker; skips with the reason otherwise.
#include "capture/lib/allreduce_calibration.h"
#include "capture/lib/interconnect_table.h"
#include "capture/lib/ring_cost_model.h"
#include "core/util/json/parser.h"

#include "capture_test_support.h"

#include <QtTest>

using namespace cc::capture;

class TestCaptureCalibrate : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        CCTEST_SKIP_UNLESS_CAPTURE(QStringLiteral("gloo/cpu"), QStringLiteral("no real capture possible here"));
    }

    void twoGlooRanksProduceACalibrationFile()
    {
        QTemporaryDir tmp;
        const QString out = tmp.path() + QStringLiteral("/calibration.json");
        const auto r = cctest::runCli(
            {QStringLiteral("capture"), QStringLiteral("calibrate"), QStringLiteral("--world-size"),
             QStringLiteral("2"), QStringLiteral("--backend"), QStringLiteral("gloo"), QStringLiteral("--device"),
             QStringLiteral("cpu"), QStringLiteral("--interconnect"), QStringLiteral("eth-10g"),
             QStringLiteral("--sizes"), QStringLiteral("4KiB,64KiB,1MiB"), QStringLiteral("--iterations"),
             QStringLiteral("5"), QStringLiteral("--warmup"), QStringLiteral("1"), QStringLiteral("-o"), out},
            240000);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
        QVERIFY(r.out.contains(QStringLiteral("fitted alpha")));
        // Only the calibration file is left (the ranks' working folder is removed on success).
        QCOMPARE(cctest::filesIn(tmp.path()), QStringList{QStringLiteral("calibration.json")});
        QVERIFY(QDir(tmp.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty());

        // Read through the strict reader, as every consumer of the file does.
        using cctest::member;
        const cc::json::Value j = cc::json::parse(cctest::readAll(out).toStdString(), "calibration.json");
        auto integer = [](const cc::json::Value& v) { return *v.toInt64(); };
        QCOMPARE(member(j, "format").string(), std::string(kCalibrationFormat));
        QCOMPARE(integer(member(j, "world_size")), std::int64_t{2});
        QCOMPARE(integer(member(j, "iterations")), std::int64_t{5});
        const std::int64_t bandwidth = integer(member(member(j, "bandwidth"), "bytes_per_s_per_direction"));
        QCOMPARE(bandwidth, findInterconnect("eth-10g")->bytesPerSPerDirection);
        QCOMPARE(member(member(member(j, "bandwidth"), "interconnect"), "id").string(), std::string("eth-10g"));
        const auto& points = member(j, "points").items();
        QCOMPARE(points.size(), std::size_t{3});
        const std::vector<std::int64_t> sizes{4096, 65536, 1 << 20};
        const std::int64_t alpha = integer(member(member(j, "fit"), "alpha_ns"));
        std::vector<AllReducePoint> measured;
        for (std::size_t i = 0; i < 3; ++i) {
            const auto& p = points[i];
            QCOMPARE(integer(member(p, "bytes")), sizes[i]);
            QCOMPARE(member(p, "iteration_ns").size(), std::size_t{5});
            const std::int64_t median = integer(member(p, "median_ns"));
            QVERIFY(median > 0);
            QVERIFY(integer(member(p, "min_ns")) <= median && median <= integer(member(p, "max_ns")));
            // The model curve is the ring model with the fitted alpha, and the residual is the difference.
            QCOMPARE(integer(member(p, "model_ns")), ringAllReduceNs(2, sizes[i], alpha, bandwidth));
            QCOMPARE(integer(member(p, "residual_ns")), median - integer(member(p, "model_ns")));
            measured.push_back({sizes[i], median});
        }
        // The fit recomputed from the file's own points gives the same alpha.
        const AlphaFit refit = fitRingAlpha(measured, 2, bandwidth);
        QCOMPARE(refit.alphaNs, alpha);
        QCOMPARE(refit.alphaNumerator, integer(member(member(j, "fit"), "alpha_numerator_ns")));
        // Every rank's raw samples are kept, and each point's iteration latency is the slowest rank's.
        const auto& ranks = member(j, "ranks").items();
        QCOMPARE(ranks.size(), std::size_t{2});
        for (std::size_t i = 0; i < 3; ++i) {
            for (std::size_t k = 0; k < 5; ++k) {
                const std::int64_t r0 = integer(member(member(ranks[0], "sizes").items()[i], "ns").items()[k]);
                const std::int64_t r1 = integer(member(member(ranks[1], "sizes").items()[i], "ns").items()[k]);
                QCOMPARE(integer(member(points[i], "iteration_ns").items()[k]), std::max(r0, r1));
            }
        }
        // The file reads back through the library, which recomputes every figure from the samples.
        QCOMPARE(calibrationJsonText(loadCalibration(out.toStdString())), cctest::readAll(out).toStdString());
    }
};

QTEST_GUILESS_MAIN(TestCaptureCalibrate)
#include "tst_capture_calibrate.moc"
