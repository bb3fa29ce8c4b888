// Merging rank-local traces: every refusal (duplicate rank, conflicting metadata, partial latency,
// non-member contribution, calibration gaps), skew only with a calibration and then exactly the
// offsets' arithmetic, partial_rank_arrival, sequence vs call-order identity, point-to-point, the
// real 8-rank DLRM profiles, determinism.
#include "core_support.h"

#include "core/interop/clock_calibration.h"
#include "core/interop/kineto_import.h"
#include "core/interop/merge.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"

#include <QtTest>

#include <nlohmann/json.hpp>

using namespace cc;
using namespace cc::interop;

// Declared before the helpers and defined out of line (see tst_kineto_import.cpp).
class TestMerge : public QObject {
    Q_OBJECT
private slots:
    void duplicateRankContributionsAreRefused();
    void conflictingBytesAreRefusedNamingBothContributions();
    void conflictingOpInCallOrderIsRefused();
    void partiallyMeasuredLatencyIsRefused();
    void partiallyMeasuredDeviceTimingIsRefused();
    void malformedDeviceTimingIsRefusedInIdentityOrder();
    void nonMemberContributionIsRefused();
    void withoutCalibrationSkewIsUnknown();
    void calibratedSkewIsTheOffsetsArithmetic();
    void missingRanksMarkPartialArrival();
    void sequenceNumbersBeatCallOrder();
    void duplicateSequenceInOneShardIsRefused();
    void pointToPointSidesMergeIntoOneTransfer();
    void calibrationMustCoverEveryRank();
    void calibrationFileFormat();
    void shardMustNameItsRank();
    void allToAllKeepsPerRankBytes();
    void realDlrmEightRanks();
    void severalProfilesImportOnThreadsAsOneByOne();
    void shardFilesReadSideBySideAsOneByOne();
};

namespace {

Event collective(const std::string& op, std::int64_t bytes, std::vector<std::int32_t> ranks, Ns startNs,
                 std::optional<std::int64_t> seq = std::nullopt)
{
    Event e;
    e.op = op;
    e.bytes = bytes;
    e.dtype = "float32";
    e.group = "0";
    e.ranks = std::move(ranks);
    e.start = startNs;
    e.messageSequence = seq;
    e.computeOverlapUnknown = true;
    return e;
}

Trace traceOf(const std::vector<Event>& events)
{
    return cctest::traceOf(events, "shard");
}

RankShard shard(std::int32_t rank, const std::vector<Event>& events, Ns origin = 0)
{
    RankShard s;
    s.name = "rank" + std::to_string(rank) + ".trace.json";
    s.rank = rank;
    s.clockOriginNs = origin;
    s.trace = traceOf(events);
    return s;
}

MergeResult merge(std::vector<RankShard> shards, std::optional<ClockCalibration> calibration = std::nullopt)
{
    MergeOptions options;
    options.calibration = std::move(calibration);
    NullProgress progress;
    return mergeRankShards(std::move(shards), options, progress);
}

QString refusal(std::vector<RankShard> shards, std::optional<ClockCalibration> calibration = std::nullopt)
{
    try {
        merge(std::move(shards), std::move(calibration));
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

ClockCalibration calibration(std::vector<RankClock> clocks)
{
    ClockCalibration c;
    c.source = "test-calibration.json";
    c.ranks = std::move(clocks);
    return c;
}

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

} // namespace

void TestMerge::duplicateRankContributionsAreRefused()
{
    auto e = collective("all_reduce", 1024, {0, 1}, 0);
    const QString why = refusal({shard(0, {e}), shard(0, {e})});
    QVERIFY2(why.contains(s(
                 "duplicate rank contributions: shards rank0.trace.json and rank0.trace.json both contribute rank 0")),
             qPrintable(why));
}

void TestMerge::conflictingBytesAreRefusedNamingBothContributions()
{
    const QString why = refusal(
        {shard(0, {collective("all_reduce", 1024, {0, 1}, 0)}), shard(1, {collective("all_reduce", 2048, {0, 1}, 0)})});
    QVERIFY2(
        why.contains(s("conflicting metadata for collective (group 0, call 0): shard rank0.trace.json (rank 0) event 0 "
                       "has bytes 1024, shard rank1.trace.json (rank 1) event 0 has bytes 2048")),
        qPrintable(why));
}

void TestMerge::conflictingOpInCallOrderIsRefused()
{
    // Without sequence numbers the call order pairs them, and op and sizes must then agree.
    const QString why =
        refusal({shard(0, {collective("all_reduce", 64, {0, 1}, 0), collective("broadcast", 64, {0, 1}, 1000)}),
                 shard(1, {collective("broadcast", 64, {0, 1}, 0), collective("all_reduce", 64, {0, 1}, 1000)})});
    QVERIFY2(why.contains(s("has op all_reduce")) && why.contains(s("has op broadcast")), qPrintable(why));
}

void TestMerge::partiallyMeasuredLatencyIsRefused()
{
    auto measured = collective("all_reduce", 1024, {0, 1}, 0);
    measured.observedExposed = 5000;
    const QString why = refusal({shard(0, {measured}), shard(1, {collective("all_reduce", 1024, {0, 1}, 0)})});
    QVERIFY2(why.contains(
                 s("partially measured latency signal for collective (group 0, call 0): shard rank0.trace.json "
                   "(rank 0) event 0 has observed_exposed_us and shard rank1.trace.json (rank 1) event 0 does not")),
             qPrintable(why));
    // measured on every rank: accepted, the slowest rank's exposure kept
    auto other = collective("all_reduce", 1024, {0, 1}, 0);
    other.observedExposed = 7000;
    auto merged = merge({shard(0, {measured}), shard(1, {other})});
    QCOMPARE(merged.trace.observedExposed[0], Ns{7000});
}

void TestMerge::partiallyMeasuredDeviceTimingIsRefused()
{
    auto timed = collective("all_reduce", 1024, {0, 1}, 0);
    timed.extraJson = R"({"device_duration_us":12.5})";
    const QString why = refusal({shard(0, {collective("all_reduce", 1024, {0, 1}, 0)}), shard(1, {timed})});
    QVERIFY2(why.contains(s("has device_duration_us and shard rank0.trace.json (rank 0) event 0 does not")),
             qPrintable(why));
    auto merged = merge({shard(0, {timed}), shard(1, {timed})});
    QVERIFY(merged.trace.extras[merged.trace.extraIndex[0]].find(
                R"("device_duration_us_by_rank":{"0":12.5,"1":12.5})") != std::string::npos);
}

void TestMerge::malformedDeviceTimingIsRefusedInIdentityOrder()
{
    auto bad = collective("all_reduce", 1024, {0, 1}, 1000);
    bad.extraJson = R"({"device_duration_us":"soon"})";
    auto good = collective("all_reduce", 1024, {0, 1}, 1000);
    good.extraJson = R"({"device_duration_us":12.5})";
    QString why = refusal({shard(0, {good}), shard(1, {bad})});
    QVERIFY2(why.contains(s("shard rank1.trace.json (rank 1) event 0: device_duration_us \"soon\"")), qPrintable(why));
    // Device timings are read ahead of the checks, but a collective earlier in identity order
    // (call 0, here with conflicting bytes) is still the one refused first.
    why = refusal({shard(0, {collective("all_reduce", 1024, {0, 1}, 0), good}),
                   shard(1, {collective("all_reduce", 2048, {0, 1}, 0), bad})});
    QVERIFY2(why.contains(s("conflicting metadata for collective (group 0, call 0)")) &&
                 !why.contains(s("device_duration_us")),
             qPrintable(why));
}

void TestMerge::nonMemberContributionIsRefused()
{
    const QString why = refusal({shard(2, {collective("all_reduce", 1024, {0, 1}, 0)})});
    QVERIFY2(why.contains(s("rank 2 contributes to a collective whose members [0,1] do not include it")),
             qPrintable(why));
}

void TestMerge::withoutCalibrationSkewIsUnknown()
{
    auto merged = merge({shard(0, {collective("all_reduce", 1024, {0, 1}, 100'000)}, 5'000'000),
                         shard(1, {collective("all_reduce", 1024, {0, 1}, 90'000)}, 5'000'000)});
    const Trace& t = merged.trace;
    QCOMPARE(t.size(), std::size_t{1});
    QCOMPARE(t.skewState[0], SkewState::Unknown);
    QCOMPARE(t.arrivalCount(0), 0U);
    QVERIFY(!t.has(0, kFlagPartialArrival));
    QVERIFY(merged.summary.notes.find("cross-rank arrival skew is unknown (not zero)") != std::string::npos);
    auto system = nlohmann::json::parse(t.systemJson);
    QVERIFY(system["merge"]["clock_calibration"].is_null());
}

void TestMerge::calibratedSkewIsTheOffsetsArithmetic()
{
    // rank 0 arrives at origin 1000 us + 100 us + offset 0; rank 1 at 2000 us + 90 us - 975 us.
    auto merged = merge({shard(0, {collective("all_reduce", 1024, {0, 1}, 100'000)}, 1'000'000),
                         shard(1, {collective("all_reduce", 1024, {0, 1}, 90'000)}, 2'000'000)},
                        calibration({RankClock{0, 0, 500}, RankClock{1, -975'000, 1'250}}));
    const Trace& t = merged.trace;
    QCOMPARE(t.skewState[0], SkewState::Known);
    // 1000 + 100 = 1100 us; 2000 + 90 - 975 = 1115 us: skew 15 us, rank 0 first.
    QCOMPARE(t.skewValue[0], Ns{15'000});
    const Event e = t.event(0);
    QCOMPARE(e.arrivals.size(), std::size_t{2});
    QCOMPARE(e.arrivals[0], (RankArrival{0, 0}));
    QCOMPARE(e.arrivals[1], (RankArrival{1, 15'000}));
    QVERIFY2(e.extraJson.find(R"("arrival_skew_uncertainty_us":1.75)") != std::string::npos, e.extraJson.c_str());
    auto system = nlohmann::json::parse(t.systemJson);
    QCOMPARE(system["merge"]["reference_clock_origin_ns"].get<std::int64_t>(), std::int64_t{1'100'000});
}

void TestMerge::missingRanksMarkPartialArrival()
{
    auto e = collective("all_reduce", 1024, {0, 1, 2}, 0);
    auto uncalibrated = merge({shard(0, {e}), shard(1, {e})});
    QVERIFY(uncalibrated.trace.has(0, kFlagPartialArrival));
    QCOMPARE(uncalibrated.trace.skewState[0], SkewState::Unknown);
    QCOMPARE(uncalibrated.summary.partialEvents, std::size_t{1});
    auto calibrated = merge({shard(0, {e}), shard(1, {e})}, calibration({RankClock{0, 0, 0}, RankClock{1, 3'000, 0}}));
    QVERIFY(calibrated.trace.has(0, kFlagPartialArrival));
    QCOMPARE(calibrated.trace.skewState[0], SkewState::Partial); // a lower bound, never "known"
    QCOMPARE(calibrated.trace.skewValue[0], Ns{3'000});
}

void TestMerge::sequenceNumbersBeatCallOrder()
{
    // Rank 1's profile starts after sequence 0: call order would pair seq 0 with seq 1.
    auto merged =
        merge({shard(0, {collective("all_reduce", 64, {0, 1}, 0, 0), collective("all_reduce", 128, {0, 1}, 10'000, 1)}),
               shard(1, {collective("all_reduce", 128, {0, 1}, 10'000, 1)})});
    const Trace& t = merged.trace;
    QCOMPARE(t.size(), std::size_t{2});
    QCOMPARE(t.bytes[0], std::int64_t{64});
    QVERIFY(t.has(0, kFlagPartialArrival));
    QCOMPARE(t.bytes[1], std::int64_t{128});
    QVERIFY(!t.has(1, kFlagPartialArrival));
    QCOMPARE(t.messageSequence[1], std::int64_t{1});
    QCOMPARE(merged.summary.sequenceIdentified, std::size_t{2});
}

void TestMerge::duplicateSequenceInOneShardIsRefused()
{
    const QString why =
        refusal({shard(0, {collective("all_reduce", 64, {0, 1}, 0, 3), collective("all_reduce", 64, {0, 1}, 10, 3)})});
    QVERIFY2(
        why.contains(s("duplicate contribution: shard rank0.trace.json (rank 0) event 0 and shard rank0.trace.json "
                       "(rank 0) event 1 both claim collective (group 0, sequence 3)")),
        qPrintable(why));
}

void TestMerge::pointToPointSidesMergeIntoOneTransfer()
{
    Event send = collective("send", 4096, {0, 1}, 0);
    send.senderRank = 0;
    send.receiverRank = 1;
    Event recv = send;
    recv.op = "recv";
    auto merged = merge({shard(0, {send}), shard(1, {recv})});
    const Trace& t = merged.trace;
    QCOMPARE(t.size(), std::size_t{1});
    QCOMPARE(t.opName(0), std::string_view("send"));
    QCOMPARE(t.senderRank[0], 0);
    QCOMPARE(t.receiverRank[0], 1);
    QVERIFY(!t.has(0, kFlagPartialArrival));
    // A rank recording the other side's role is refused.
    const QString why = refusal({shard(1, {send})});
    QVERIFY2(why.contains(s("rank 1 records a send from 0 to 1")), qPrintable(why));
}

void TestMerge::calibrationMustCoverEveryRank()
{
    auto e = collective("all_reduce", 64, {0, 1}, 0);
    const QString why = refusal({shard(0, {e}), shard(1, {e})}, calibration({RankClock{0, 0, 0}}));
    QVERIFY2(why.contains(s("the clock calibration test-calibration.json has no offset for rank 1")), qPrintable(why));
}

void TestMerge::calibrationFileFormat()
{
    const std::string good = R"({"format": "commcanary-workbench.clock-calibration.v1", "reference": "rank 0 clock",
        "ranks": [{"rank": 1, "offset_us": -1234.567, "uncertainty_us": 2}, {"rank": 0, "offset_us": 0, "uncertainty_us": 0.5}]})";
    auto cal = parseClockCalibration(good, "cal.json");
    QCOMPARE(cal.ranks.size(), std::size_t{2});
    QCOMPARE(cal.ranks[0].rank, 0);
    QCOMPARE(cal.ranks[1].offsetNs, Ns{-1'234'567});
    QCOMPARE(cal.ranks[0].uncertaintyNs, Ns{500});
    QCOMPARE(parseClockCalibration(writeClockCalibrationJson(cal), "again").ranks[1].offsetNs, Ns{-1'234'567});
    auto bad = [](const std::string& text) {
        try {
            parseClockCalibration(text, "cal.json");
        } catch (const InputError& e) {
            return QString::fromStdString(e.what());
        }
        return QString();
    };
    const std::string head = R"({"format": "commcanary-workbench.clock-calibration.v1", "ranks": [)";
    QVERIFY(
        bad(head + R"({"rank": 0, "offset_us": 0, "uncertainty_us": -1}]})").contains(s("$.ranks[0].uncertainty_us")));
    QVERIFY(bad(head + R"({"rank": 0, "offset_us": 0.0001, "uncertainty_us": 0}]})").contains(s("1 ns")));
    QVERIFY(bad(head + R"({"rank": 0, "ofset_us": 0, "uncertainty_us": 0}]})").contains(s("ofset_us")));
    QVERIFY(
        bad(head +
            R"({"rank": 0, "offset_us": 0, "uncertainty_us": 0}, {"rank": 0, "offset_us": 1, "uncertainty_us": 0}]})")
            .contains(s("appears twice")));
    QVERIFY(bad(R"({"format": "other", "ranks": []})").contains(s("$.format")));
    std::string reason;
    auto offset = parseRankOffset("3=-12.5:0.25", &reason);
    QVERIFY(offset);
    QCOMPARE(offset->rank, 3);
    QCOMPARE(offset->offsetNs, Ns{-12'500});
    QCOMPARE(offset->uncertaintyNs, Ns{250});
    QVERIFY(!parseRankOffset("x=1", &reason));
}

void TestMerge::shardMustNameItsRank()
{
    bool refused = false;
    try {
        shardFromTrace(traceOf({collective("all_reduce", 64, {0, 1}, 0)}), "anonymous.json");
    } catch (const InputError& e) {
        refused = std::string(e.what()).find("system.rank_local.rank") != std::string::npos;
    }
    QVERIFY(refused);
    Trace t = traceOf({collective("all_reduce", 64, {0, 1}, 0)});
    t.systemJson = R"({"rank_local":{"rank":1,"clock_origin_ns":42}})";
    auto s1 = shardFromTrace(std::move(t), "named.json");
    QCOMPARE(s1.rank, 1);
    QCOMPARE(s1.clockOriginNs, Ns{42});
}

void TestMerge::allToAllKeepsPerRankBytes()
{
    auto merged = merge(
        {shard(0, {collective("all_to_all", 300, {0, 1}, 0)}), shard(1, {collective("all_to_all", 500, {0, 1}, 0)})});
    const Trace& t = merged.trace;
    QCOMPARE(t.bytes[0], std::int64_t{500});
    QVERIFY(t.extras[t.extraIndex[0]].find(R"("bytes_by_rank":{"0":300,"1":500})") != std::string::npos);
}

void TestMerge::realDlrmEightRanks()
{
    if (!cctest::haveShared(s("data/kineto/param-dlrm-8ranks"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    NullProgress progress;
    auto shards = [&](bool reversed) {
        std::vector<RankShard> out;
        for (int r = 0; r < 8; ++r) {
            const int k = reversed ? 7 - r : r;
            const std::string path = cctest::toStd(cctest::sharedDir()) + "/data/kineto/param-dlrm-8ranks/worker" +
                                     std::to_string(k) + ".json.gz";
            out.push_back(shardFromTrace(importKinetoProfile(path, {}, progress).trace, "worker" + std::to_string(k)));
        }
        return out;
    };
    auto plain = merge(shards(false));
    QCOMPARE(plain.trace.size(), std::size_t{8});
    QCOMPARE(plain.summary.partialEvents, std::size_t{0});
    QCOMPARE(plain.trace.unknownSkewCount(), std::size_t{8});
    std::map<std::string, int> ops;
    for (std::size_t i = 0; i < plain.trace.size(); ++i) {
        ++ops[std::string(plain.trace.opName(i))];
        QCOMPARE(plain.trace.ranks(i).size(), std::size_t{8});
    }
    QCOMPARE(ops["all_reduce"], 3);
    QCOMPARE(ops["all_to_all"], 5);
    auto system = nlohmann::json::parse(plain.trace.systemJson);
    QCOMPARE(system["kineto_source_profiles"].size(), std::size_t{8});
    // Deterministic, whatever order the shards come in.
    QCOMPARE(writeTraceJson(merge(shards(true)).trace), writeTraceJson(plain.trace));
    // With a (stated) shared clock, skew becomes known, and the assumption is recorded.
    std::vector<std::int32_t> ranks{0, 1, 2, 3, 4, 5, 6, 7};
    auto shared = merge(shards(false), sharedClockAssumption(ranks));
    QCOMPARE(shared.trace.knownSkewCount(), std::size_t{8});
    QVERIFY(shared.summary.notes.find("under an assumption, not a measurement") != std::string::npos);
}

void TestMerge::severalProfilesImportOnThreadsAsOneByOne()
{
    if (!cctest::haveShared(s("data/kineto/param-dlrm-8ranks"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    NullProgress progress;
    std::vector<std::filesystem::path> paths;
    std::vector<std::string> expected;
    for (int r = 0; r < 8; ++r) {
        paths.emplace_back(cctest::toStd(cctest::sharedDir()) + "/data/kineto/param-dlrm-8ranks/worker" +
                           std::to_string(r) + ".json.gz");
        expected.push_back(normalizedSha256(importKinetoProfile(paths.back(), {}, progress).trace, progress));
    }
    for (unsigned threads : {1U, 3U, 8U}) {
        auto all = importKinetoProfiles(paths, {}, progress, threads);
        QVERIFY(!all.failure);
        QCOMPARE(all.imports.size(), paths.size());
        for (std::size_t k = 0; k < paths.size(); ++k) {
            QCOMPARE(normalizedSha256(all.imports[k].trace, progress), expected[k]);
            QCOMPARE(all.imports[k].summary.imported, all.imports[k].trace.size());
        }
    }
    // A profile that cannot be imported: the ones before it are kept, its own error is the one
    // reported, whatever the threads finished first.
    auto withMissing = paths;
    withMissing.insert(withMissing.begin() + 3, paths.front().parent_path() / "no-such-worker.json");
    for (unsigned threads : {1U, 4U}) {
        auto some = importKinetoProfiles(withMissing, {}, progress, threads);
        QCOMPARE(some.imports.size(), std::size_t{3});
        QVERIFY(some.failure);
        QString why;
        try {
            std::rethrow_exception(some.failure);
        } catch (const std::exception& e) {
            why = QString::fromStdString(e.what());
        }
        QVERIFY2(why.contains(s("no-such-worker.json")), qPrintable(why));
    }
    CancelFlagProgress cancelled;
    cancelled.cancel();
    QVERIFY_THROWS_EXCEPTION(Cancelled, importKinetoProfiles(paths, {}, cancelled, 2));
}

void TestMerge::shardFilesReadSideBySideAsOneByOne()
{
    // Twelve rank-local files, read several at once: each shard is what reading its file alone
    // gives, in the order given.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string root = cctest::toStd(dir.path());
    std::vector<std::string> files;
    std::vector<std::vector<Event>> events;
    for (std::int32_t r = 0; r < 12; ++r) {
        std::vector<Event> mine;
        for (int k = 0; k < 200 + 37 * r; ++k) {
            mine.push_back(collective("all_reduce", 64 * (1 + k % 5), {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11},
                                      Ns{1000} * k + r, k));
        }
        Trace t = traceOf(mine);
        t.systemJson =
            "{\"rank_local\":{\"rank\":" + std::to_string(r) + ",\"clock_origin_ns\":" + std::to_string(7 * r) + "}}";
        files.push_back(root + "/rank-" + std::to_string(r) + ".trace.json");
        QVERIFY(cctest::writeAll(QString::fromStdString(files.back()), QByteArray::fromStdString(writeTraceJson(t))));
        events.push_back(std::move(mine));
    }
    NullProgress progress;
    const auto shards = readRankShards(files, progress);
    QCOMPARE(shards.size(), files.size());
    for (std::size_t k = 0; k < files.size(); ++k) {
        const RankShard alone = shardFromTrace(readTrace(files[k], progress), files[k]);
        QCOMPARE(shards[k].name, files[k]);
        QCOMPARE(shards[k].rank, static_cast<std::int32_t>(k));
        QCOMPARE(shards[k].clockOriginNs, Ns{7} * static_cast<Ns>(k));
        QCOMPARE(shards[k].trace.size(), events[k].size());
        QCOMPARE(normalizedSha256(shards[k].trace, progress), normalizedSha256(alone.trace, progress));
    }

    // Two bad files: the error is the first one's (in the order given), whichever read ended first.
    auto bad = files;
    const std::string anonymous = root + "/anonymous.trace.json";
    QVERIFY(cctest::writeAll(QString::fromStdString(anonymous),
                             QByteArray::fromStdString(writeTraceJson(traceOf(events[0])))));
    bad.insert(bad.begin() + 5, anonymous);
    bad.insert(bad.begin() + 9, root + "/no-such-rank.trace.json");
    QString why;
    try {
        readRankShards(bad, progress);
    } catch (const std::exception& e) {
        why = QString::fromStdString(e.what());
    }
    QVERIFY2(why.contains(s("anonymous.trace.json")) && why.contains(s("system.rank_local.rank")), qPrintable(why));

    CancelFlagProgress cancelled;
    cancelled.cancel();
    QVERIFY_THROWS_EXCEPTION(Cancelled, readRankShards(files, cancelled));
}

QTEST_GUILESS_MAIN(TestMerge)
#include "tst_merge.moc"
