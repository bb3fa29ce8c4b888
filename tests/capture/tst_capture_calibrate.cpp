// A real all-reduce microbenchmark through `commcanary capture calibrate`: two gloo ranks of the
// worker over a few small message sizes, then the alpha fit, written as a calibration file.
// Needs the worker; skips with the reason otherwise.
#include "capture/lib/calibration.h"
#include "capture/lib/interconnect_table.h"
#include "capture/lib/ring_cost_model.h"

#include "capture_test_support.h"

#include <QtTest>

using namespace cc::capture;

class TestCaptureCalibrate : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        const QString reason = cctest::captureUnavailable(QStringLiteral("gloo/cpu"));
        if (!reason.isEmpty()) {
            QSKIP(qPrintable(QStringLiteral("no real capture possible here: ") + reason));
        }
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

        const auto j = nlohmann::json::parse(cctest::readAll(out).toStdString());
        QCOMPARE(j["format"].get<std::string>(), std::string(kCalibrationFormat));
        QCOMPARE(j["world_size"].get<int>(), 2);
        QCOMPARE(j["iterations"].get<int>(), 5);
        const std::int64_t bandwidth = j["bandwidth"]["bytes_per_s_per_direction"].get<std::int64_t>();
        QCOMPARE(bandwidth, findInterconnect("eth-10g")->bytesPerSPerDirection);
        QCOMPARE(j["bandwidth"]["interconnect"]["id"].get<std::string>(), std::string("eth-10g"));
        const auto& points = j["points"];
        QCOMPARE(points.size(), std::size_t{3});
        const std::vector<std::int64_t> sizes{4096, 65536, 1 << 20};
        const std::int64_t alpha = j["fit"]["alpha_ns"].get<std::int64_t>();
        std::vector<AllReducePoint> measured;
        for (std::size_t i = 0; i < 3; ++i) {
            const auto& p = points[i];
            QCOMPARE(p["bytes"].get<std::int64_t>(), sizes[i]);
            QCOMPARE(p["iteration_ns"].size(), std::size_t{5});
            const std::int64_t median = p["median_ns"].get<std::int64_t>();
            QVERIFY(median > 0);
            QVERIFY(p["min_ns"].get<std::int64_t>() <= median && median <= p["max_ns"].get<std::int64_t>());
            // The model curve is the ring model with the fitted alpha, and the residual is the difference.
            QCOMPARE(p["model_ns"].get<std::int64_t>(), ringAllReduceNs(2, sizes[i], alpha, bandwidth));
            QCOMPARE(p["residual_ns"].get<std::int64_t>(), median - p["model_ns"].get<std::int64_t>());
            measured.push_back({sizes[i], median});
        }
        // The fit recomputed from the file's own points gives the same alpha.
        const AlphaFit refit = fitRingAlpha(measured, 2, bandwidth);
        QCOMPARE(refit.alphaNs, alpha);
        QCOMPARE(refit.alphaNumerator, j["fit"]["alpha_numerator_ns"].get<std::int64_t>());
        // Every rank's raw samples are kept, and each point's iteration latency is the slowest rank's.
        QCOMPARE(j["ranks"].size(), std::size_t{2});
        for (std::size_t i = 0; i < 3; ++i) {
            for (std::size_t k = 0; k < 5; ++k) {
                const std::int64_t r0 = j["ranks"][0]["sizes"][i]["ns"][k].get<std::int64_t>();
                const std::int64_t r1 = j["ranks"][1]["sizes"][i]["ns"][k].get<std::int64_t>();
                QCOMPARE(points[i]["iteration_ns"][k].get<std::int64_t>(), std::max(r0, r1));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestCaptureCalibrate)
#include "tst_capture_calibrate.moc"
