// The ring all-reduce model's arithmetic (hand-computed values), the least-squares fit of alpha
// (synthetic points from a known alpha), the interconnect table, the pure calibration step and
// the calibrate / interconnects command surface.
#include "capture/lib/allreduce_calibration.h"
#include "capture/lib/interconnect_table.h"
#include "capture/lib/json_io.h"
#include "capture/lib/ring_cost_model.h"
#include "capture/lib/worker_invocation.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/writer.h"

#include "capture_test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <set>

using namespace cc::capture;
namespace json = cc::json;
using cctest::erase;
using cctest::member;

class TestRingCostModel : public QObject {
    Q_OBJECT

private slots:
    void bandwidthTermByHand()
    {
        // 2(p-1)/p · n/B: p = 2, n = 10^6 B, B = 10^9 B/s → 1 · 10^6 / 10^9 s = 1 ms.
        QCOMPARE(ringBandwidthTermNs(2, 1'000'000, 1'000'000'000), std::int64_t{1'000'000});
        // p = 4, n = 4096 B, B = 12.5 GB/s: 1.5 · 4096 / 12.5e9 s = 491.52 ns → 492.
        QCOMPARE(ringBandwidthTermNs(4, 4096, 12'500'000'000), std::int64_t{492});
        // p = 8, n = 1 B, B = 3 B/s: 14/8 · 1/3 s = 583,333,333.33 ns → 583,333,333.
        QCOMPARE(ringBandwidthTermNs(8, 1, 3), std::int64_t{583'333'333});
        // Exactly half a ns rounds up: p = 2, n = 1 B, B = 2·10^9 B/s → 0.5 ns → 1.
        QCOMPARE(ringBandwidthTermNs(2, 1, 2'000'000'000), std::int64_t{1});
        // p = 3, n = 3 B, B = 4·10^9: 4/3 · 3/4e9 s = 1 ns exactly.
        QCOMPARE(ringBandwidthTermNs(3, 3, 4'000'000'000), std::int64_t{1});
        // One rank moves nothing.
        QCOMPARE(ringBandwidthTermNs(1, 1 << 30, 1), std::int64_t{0});
        // 1 GiB over PCIe 4.0 x16 with 8 ranks: 1.75 · 2^30 / 31,507,692,307 s = 59,637,760.001… ns.
        QCOMPARE(ringBandwidthTermNs(8, std::int64_t{1} << 30, 31'507'692'307), std::int64_t{59'637'760});
    }

    void latencyTermAndWholeModelByHand()
    {
        QCOMPARE(ringLatencyTermNs(2, 5'000), std::int64_t{10'000});
        QCOMPARE(ringLatencyTermNs(4, 1'234), std::int64_t{7'404});
        QCOMPARE(ringLatencyTermNs(1, 1'000'000), std::int64_t{0});
        QCOMPARE(ringAllReduceNs(2, 1'000'000, 5'000, 1'000'000'000), std::int64_t{1'010'000});
        QCOMPARE(ringAllReduceNs(4, 4096, 1'234, 12'500'000'000), std::int64_t{7'896});
    }

    void modelRefusesNonsense()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ringBandwidthTermNs(0, 1, 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ringBandwidthTermNs(2, -1, 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ringBandwidthTermNs(2, 1, 0));
    }

    void fitRecoversAKnownAlphaExactly()
    {
        const std::int64_t alpha = 7'321;
        const std::int64_t bandwidth = 15'753'846'153; // PCIe 3.0 x16
        for (int ranks : {2, 3, 4, 8}) {
            std::vector<AllReducePoint> points;
            for (std::int64_t n = 4096; n <= 64 * kMiB; n *= 4) {
                points.push_back({n, ringAllReduceNs(ranks, n, alpha, bandwidth)});
            }
            const AlphaFit fit = fitRingAlpha(points, ranks, bandwidth);
            QCOMPARE(fit.alphaNs, alpha);
            QCOMPARE(fit.alphaNumerator, 2 * (ranks - 1) * static_cast<std::int64_t>(points.size()) * alpha);
            QCOMPARE(fit.alphaDenominator, 2 * (ranks - 1) * static_cast<std::int64_t>(points.size()));
            QCOMPARE(fit.residualRmsNs, std::int64_t{0});
            for (std::size_t i = 0; i < points.size(); ++i) {
                QCOMPARE(fit.modelNs[i], points[i].latencyNs);
                QCOMPARE(fit.residualNs[i], std::int64_t{0});
            }
            QVERIFY(fit.note.empty());
        }
    }

    void fitAveragesSymmetricNoiseAway()
    {
        // ±d on alternate points cancels in the least-squares alpha; the RMS residual is d.
        const std::int64_t alpha = 50'000;
        const std::int64_t bandwidth = 1'250'000'000; // 10 GbE
        std::vector<AllReducePoint> points;
        int sign = 1;
        for (std::int64_t n = 1024; n <= 1 * kMiB; n *= 2, sign = -sign) {
            points.push_back({n, ringAllReduceNs(4, n, alpha, bandwidth) + sign * 300});
        }
        QCOMPARE(points.size() % 2, std::size_t{1}); // 11 points: one +300 too many
        const AlphaFit fit = fitRingAlpha(points, 4, bandwidth);
        // Σ(t − b) = 6·11·alpha + 300 → alpha + 300/66 = alpha + 4.54… → alpha + 5.
        QCOMPARE(fit.alphaNumerator, 6 * 11 * alpha + 300);
        QCOMPARE(fit.alphaNs, alpha + 5);
    }

    void fitRoundsHalvesAwayFromZero()
    {
        // p = 2 (2(p−1) = 2), two points, bandwidth term 0 for empty messages: alpha = Σt / 4.
        const AlphaFit up = fitRingAlpha({{0, 201}, {0, 201}}, 2, 1'000'000'000);
        QCOMPARE(up.alphaNumerator, std::int64_t{402});
        QCOMPARE(up.alphaDenominator, std::int64_t{4});
        QCOMPARE(up.alphaNs, std::int64_t{101}); // 100.5 → 101
        const AlphaFit down = fitRingAlpha({{0, 201}, {0, 200}}, 2, 1'000'000'000);
        QCOMPARE(down.alphaNs, std::int64_t{100}); // 100.25 → 100
        // Residuals with alpha = 101: model 202 for both; measured 201 → −1 each; RMS 1.
        QCOMPARE(up.residualNs, (std::vector<std::int64_t>{-1, -1}));
        QCOMPARE(up.residualRmsNs, std::int64_t{1});
    }

    void negativeAlphaIsReportedWithANote()
    {
        // 1 MiB "measured" in 1 µs over a 1 GB/s link: faster than the bandwidth term (1,048,576 ns).
        const AlphaFit fit = fitRingAlpha({{1 << 20, 1'000}}, 2, 1'000'000'000);
        QCOMPARE(fit.alphaNumerator, std::int64_t{1'000 - 1'048'576});
        QCOMPARE(fit.alphaNs, std::int64_t{-523'788}); // −1,047,576 / 2
        QVERIFY(fit.note.find("negative") != std::string::npos);
    }

    void fitRefusesWhatItCannotFit()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, fitRingAlpha({{4096, 10}}, 1, 1'000'000'000));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, fitRingAlpha({}, 2, 1'000'000'000));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, fitRingAlpha({{4096, 10}}, 2, 0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, fitRingAlpha({{4096, -1}}, 2, 1));
    }

    void interconnectTableEntriesAreComplete()
    {
        const auto& table = interconnectTable();
        QVERIFY(table.size() >= 13);
        std::set<std::string> ids;
        for (const auto& e : table) {
            QVERIFY2(!e.id.empty() && ids.insert(e.id).second, e.id.c_str());
            QVERIFY(!e.name.empty());
            QVERIFY2(e.bytesPerSPerDirection > 0, e.id.c_str());
            QVERIFY2(!e.source.empty(), e.id.c_str());
            QVERIFY2(e.url.rfind("https://", 0) == 0, e.id.c_str());
            QCOMPARE(QString::fromStdString(e.accessed), QStringLiteral("2026-11-29"));
            QVERIFY2(e.conversionNote.size() > 40, e.id.c_str());
            // The note states the resulting figure, so the arithmetic can be checked by a reader.
            QVERIFY2(e.conversionNote.find(std::to_string(e.bytesPerSPerDirection)) != std::string::npos, e.id.c_str());
            QVERIFY(findInterconnect(e.id) == e);
        }
        QVERIFY(!findInterconnect("loopback"));
        QVERIFY(!findInterconnect("shm"));
    }

    void interconnectFiguresByHand()
    {
        // PCIe: GT/s × 16 lanes × 128/130 ÷ 8, rounded down.
        QCOMPARE(findInterconnect("pcie3-x16")->bytesPerSPerDirection, 8'000'000'000LL * 16 * 128 / 130 / 8);
        QCOMPARE(findInterconnect("pcie4-x16")->bytesPerSPerDirection, 16'000'000'000LL * 16 * 128 / 130 / 8);
        QCOMPARE(findInterconnect("pcie5-x16")->bytesPerSPerDirection, 32'000'000'000LL * 16 * 128 / 130 / 8);
        // NVLink: the quoted bidirectional per-GPU total, halved.
        QCOMPARE(findInterconnect("nvlink2-v100")->bytesPerSPerDirection, 150'000'000'000LL);
        QCOMPARE(findInterconnect("nvlink3-a100")->bytesPerSPerDirection, 300'000'000'000LL);
        QCOMPARE(findInterconnect("nvlink4-h100")->bytesPerSPerDirection, 450'000'000'000LL);
        // InfiniBand and Ethernet: Gb/s ÷ 8.
        QCOMPARE(findInterconnect("ib-edr")->bytesPerSPerDirection, 12'500'000'000LL);
        QCOMPARE(findInterconnect("ib-hdr")->bytesPerSPerDirection, 25'000'000'000LL);
        QCOMPARE(findInterconnect("ib-ndr")->bytesPerSPerDirection, 50'000'000'000LL);
        QCOMPARE(findInterconnect("eth-10g")->bytesPerSPerDirection, 1'250'000'000LL);
        QCOMPARE(findInterconnect("eth-25g")->bytesPerSPerDirection, 3'125'000'000LL);
        QCOMPARE(findInterconnect("eth-100g")->bytesPerSPerDirection, 12'500'000'000LL);
        QCOMPARE(findInterconnect("eth-400g")->bytesPerSPerDirection, 50'000'000'000LL);
    }

    void messageSizes()
    {
        QCOMPARE(*parseMessageSizes("4KiB..64KiB"), (std::vector<std::int64_t>{4096, 8192, 16384, 32768, 65536}));
        QCOMPARE(*parseMessageSizes("4KiB..100KiB"), (std::vector<std::int64_t>{4096, 8192, 16384, 32768, 65536}));
        QCOMPARE(*parseMessageSizes("4096,1MiB"), (std::vector<std::int64_t>{4096, 1 << 20}));
        QVERIFY(!parseMessageSizes(""));
        QVERIFY(!parseMessageSizes("6"));           // not a multiple of 4
        QVERIFY(!parseMessageSizes("1MiB,4KiB"));   // not ascending
        QVERIFY(!parseMessageSizes("4KiB,4KiB"));   // repeated
        QVERIFY(!parseMessageSizes("64KiB..4KiB")); // empty range
        QVERIFY(!parseMessageSizes("4KiB..lots"));
    }

    void benchArgumentsRoundTrip()
    {
        AllreduceBenchOptions o;
        o.worldSize = 3;
        o.sizesBytes = {4096, 65536};
        o.iterations = 7;
        o.warmup = 2;
        o.outputDir = "some/dir";
        o.storeTimeout = std::chrono::seconds(45);
        QCOMPARE(parseAllreduceBenchArguments(allreduceBenchArguments(o)), o);
        auto args = allreduceBenchArguments(o);
        args.push_back("--bogus");
        args.push_back("1");
        QVERIFY_THROWS_EXCEPTION(WorkerUsageError, parseAllreduceBenchArguments(args));
        o.worldSize = 1;
        QVERIFY(allreduceBenchProblem(o).has_value());
    }

    void calibrationTakesTheSlowestRankAndTheMedian()
    {
        BenchRankResult r0{0, 2, "gloo", "cpu", {4096, 8192}, {{100, 300, 200}, {1000, 1000, 1000}}};
        BenchRankResult r1{1, 2, "gloo", "cpu", {4096, 8192}, {{150, 250, 100}, {900, 1100, 1300}}};
        BandwidthSource b{1'000'000'000, std::nullopt, "given"};
        const Calibration c = calibrationFromBench({r1, r0}, 3, 1, b);
        QCOMPARE(c.points.size(), std::size_t{2});
        QCOMPARE(c.points[0].iterationNs, (std::vector<Ns>{150, 300, 200}));
        QCOMPARE(c.points[0].latency.median, Ns{200});
        QCOMPARE(c.points[1].iterationNs, (std::vector<Ns>{1000, 1100, 1300}));
        QCOMPARE(c.points[1].latency.median, Ns{1100});
        // Bandwidth terms at 1 GB/s, p = 2: 4096 ns and 8192 ns; Σ(t − b) = (200 − 4096) + (1100 − 8192).
        QCOMPARE(c.fit.alphaNumerator, std::int64_t{200 - 4096 + 1100 - 8192});
        QCOMPARE(c.ranks[0].rank, 0); // ordered by rank
        const json::Value doc = calibrationDocument(c);
        QCOMPARE(member(doc, "format").string(), std::string(kCalibrationFormat));
        QCOMPARE(member(doc, "points").size(), std::size_t{2});
        QCOMPARE(member(member(doc, "points").items()[1], "median_ns").toInt64(), std::optional<std::int64_t>(1100));
        // A repeated rank or disagreeing sizes are refused.
        QVERIFY_THROWS_EXCEPTION(cc::InputError, calibrationFromBench({r0, r0}, 3, 1, b));
        BenchRankResult other = r1;
        other.sizesBytes = {4096, 16384};
        QVERIFY_THROWS_EXCEPTION(cc::InputError, calibrationFromBench({r0, other}, 3, 1, b));
        QVERIFY_THROWS_EXCEPTION(cc::InputError, calibrationFromBench({r0, r1}, 4, 1, b));
        // Rank files round-trip.
        QCOMPARE(benchRankFromJson(benchRankToJson(r0), "r0"), r0);
    }

    void calibrationFileRoundTripsAndRefusesBadInput()
    {
        BenchRankResult r0{0, 3, "gloo", "cpu", {4096, 65536}, {{5000, 7000}, {40000, 42000}}};
        BenchRankResult r1{1, 3, "gloo", "cpu", {4096, 65536}, {{6000, 6500}, {41000, 39000}}};
        BenchRankResult r2{2, 3, "gloo", "cpu", {4096, 65536}, {{5500, 8000}, {43000, 38000}}};
        BandwidthSource b{2'000'000'000, interconnectTable().front(), "interconnect table: first entry"};
        const json::Value original = calibrationDocument(calibrationFromBench({r0, r1, r2}, 2, 1, b));
        const Calibration back = calibrationFromJson(original, "cal.json");
        QCOMPARE(back.worldSize, 3);
        QVERIFY(back.bandwidth.interconnect.has_value());
        QCOMPARE(*back.bandwidth.interconnect, interconnectTable().front());
        QCOMPARE(back.ranks[2], r2);
        QCOMPARE(calibrationJsonText(back), jsonFileText(original));
        // Through a file and text, as the GUI reads it (members in another order and layout).
        QTemporaryDir dir;
        const auto path = std::filesystem::path(dir.path().toStdString()) / "cal.json";
        {
            std::ofstream out(path);
            out << json::toText(original);
        }
        QCOMPARE(calibrationJsonText(loadCalibration(path)), jsonFileText(original));
        auto refusal = [](const json::Value& j) -> std::string {
            try {
                calibrationFromJson(j, "cal.json");
            } catch (const cc::InputError& e) {
                return e.what();
            }
            return {};
        };
        json::Value wrongFormat = original;
        member(wrongFormat, "format") = json::Value("commcanary.capture.calibration.v0");
        std::string why = refusal(wrongFormat);
        QVERIFY2(why.find("cal.json") != std::string::npos && why.find("format") != std::string::npos, why.c_str());
        json::Value missing = original;
        erase(member(missing, "fit"), "alpha_ns");
        why = refusal(missing);
        QVERIFY2(why.find("cal.json") != std::string::npos && why.find("$.fit.alpha_ns") != std::string::npos,
                 why.c_str());
        json::Value missingTop = original;
        erase(missingTop, "iterations");
        why = refusal(missingTop);
        QVERIFY2(why.find("iterations") != std::string::npos, why.c_str());
        json::Value illTyped = original;
        member(member(illTyped, "bandwidth"), "bytes_per_s_per_direction") = json::Value("fast");
        why = refusal(illTyped);
        QVERIFY2(why.find("bytes_per_s_per_direction") != std::string::npos, why.c_str());
        json::Value edited = original;
        member(member(edited, "points").items()[1], "median_ns") = json::Value(1);
        why = refusal(edited);
        QVERIFY2(why.find("$.points[1].median_ns") != std::string::npos, why.c_str());
        // A number beyond double range where an integer belongs: refused with its path, quoted short.
        const std::string text = json::toText(original);
        const std::string overflow = "\"alpha_ns\":";
        std::string huge = text;
        const auto at = huge.find(overflow);
        QVERIFY(at != std::string::npos);
        const auto end = huge.find_first_of(",}", at + overflow.size());
        huge.replace(at + overflow.size(), end - at - overflow.size(), "1e309");
        why = refusal(json::parse(huge, "cal.json"));
        QVERIFY2(why.find("$.fit.alpha_ns") != std::string::npos && why.find("1e309") != std::string::npos,
                 why.c_str());
    }

    void interconnectsCommandListsTheTable()
    {
        const auto text = cctest::runCli({QStringLiteral("capture"), QStringLiteral("interconnects")});
        QCOMPARE(text.exitCode, 0);
        for (const auto& e : interconnectTable()) {
            QVERIFY(text.out.contains(QString::fromStdString(e.id)));
            QVERIFY(text.out.contains(QString::fromStdString(e.url)));
        }
        const auto json =
            cctest::runCli({QStringLiteral("capture"), QStringLiteral("interconnects"), QStringLiteral("--json")});
        QCOMPARE(json.exitCode, 0);
        const QJsonArray entries =
            QJsonDocument::fromJson(json.out.toUtf8()).object().value(QStringLiteral("entries")).toArray();
        QCOMPARE(static_cast<std::size_t>(entries.size()), interconnectTable().size());
        for (const auto& v : entries) {
            const QJsonObject e = v.toObject();
            for (const char* key :
                 {"id", "name", "bytes_per_s_per_direction", "source", "url", "accessed", "conversion_note"}) {
                QVERIFY2(e.contains(QLatin1String(key)), key);
            }
        }
    }

    void calibrateUsageErrorsWriteNothing()
    {
        QTemporaryDir tmp;
        const QString out = tmp.path() + QStringLiteral("/cal.json");
        const QStringList base{QStringLiteral("capture"), QStringLiteral("calibrate"), QStringLiteral("-o"), out};
        // Neither and both of --interconnect / --bandwidth-bytes-per-s.
        auto r = cctest::runCli(base);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("--interconnect")));
        r = cctest::runCli(base + QStringList{QStringLiteral("--interconnect"), QStringLiteral("eth-10g"),
                                              QStringLiteral("--bandwidth-bytes-per-s"), QStringLiteral("5")});
        QCOMPARE(r.exitCode, 2);
        r = cctest::runCli(base + QStringList{QStringLiteral("--interconnect"), QStringLiteral("warp-drive")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("pcie4-x16")));
        r = cctest::runCli(base + QStringList{QStringLiteral("--interconnect"), QStringLiteral("eth-10g"),
                                              QStringLiteral("--world-size"), QStringLiteral("1")});
        QCOMPARE(r.exitCode, 2);
        r = cctest::runCli(base + QStringList{QStringLiteral("--interconnect"), QStringLiteral("eth-10g"),
                                              QStringLiteral("--sizes"), QStringLiteral("6,10")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("--sizes")));
        QVERIFY(cctest::filesIn(tmp.path()).isEmpty());
        QVERIFY(QDir(tmp.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty());
        const auto help =
            cctest::runCli({QStringLiteral("capture"), QStringLiteral("calibrate"), QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains(QStringLiteral("Patarasuk")));
        QVERIFY(help.out.contains(QStringLiteral("--bandwidth-bytes-per-s")));
    }
};

QTEST_GUILESS_MAIN(TestRingCostModel)
#include "tst_ring_cost_model.moc"
