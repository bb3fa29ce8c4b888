// The Python prototype's capture shards merge: they name their rank in system.rank (an integer or
// its decimal text) and identify collectives by collective_seq, where our shards use
// system.rank_local.rank and message_sequence. Shards are built from its benchmark traces in
// ../shared/peer/bench in the shape of its fixture generator (one shard per rank, each event
// recorded by its rank with capture_session_id, collective_id, collective_seq, recorder_rank,
// start_us and its own rank_arrival_us), both singleton (each collective on one rank) and
// coalescing (each collective recorded by all four members).
#include "test_support.h"

#include "core/interop/merge.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <string>
#include <vector>

using cc::interop::RankShard;
using nlohmann::json;

class TestPrototypeShards : public QObject {
    Q_OBJECT
private slots:
    void singletonShardsMerge_data();
    void singletonShardsMerge();
    void coalescingShardsMergeAcrossRanks();
    void literalBenchShardsContradictTheirGaps();
    void refusals();
};

namespace {

json benchTrace(const char* name)
{
    const QByteArray bytes =
        cctest::readAll(cctest::sharedDir() + QStringLiteral("/peer/bench/") + QString::fromUtf8(name));
    return json::parse(bytes.toStdString());
}

/// The generator's shard: system.rank as text, clock_offset_us 0, one session.
json shardDoc(const json& trace, int rank, json events)
{
    return json{{"format", "commcanary.trace.v1"},
                {"workload", trace["workload"]},
                {"system",
                 {{"capture_mode", "sharded"},
                  {"capture_session_id", "commcanary-benchmark-capture-v1"},
                  {"clock_offset_us", 0.0},
                  {"rank", std::to_string(rank)}}},
                {"events", std::move(events)}};
}

json captured(const json& source, std::size_t index, int rank, double startUs)
{
    json e = source;
    e["id"] = "capture-" + std::to_string(index) + "-rank-" + std::to_string(rank);
    e["capture_session_id"] = "commcanary-benchmark-capture-v1";
    e["collective_id"] = "capture-" + std::to_string(index);
    e["collective_seq"] = index;
    e["recorder_rank"] = std::to_string(rank);
    e["start_us"] = startUs;
    e["rank_arrival_us"] = json{{std::to_string(rank), 0.0}};
    e.erase("arrival_skew_us");
    return e;
}

RankShard shardOf(const json& doc, const std::string& name)
{
    cc::NullProgress progress;
    return cc::interop::shardFromTrace(cc::parseTrace(doc.dump(), name, progress), name);
}

QString refusalOf(const json& doc)
{
    try {
        shardOf(doc, "bad.trace.json");
    } catch (const cc::InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

void TestPrototypeShards::singletonShardsMerge_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<int>("events");
    QTest::newRow("1000") << QStringLiteral("trace-001000.json") << 1000;
    QTest::newRow("10000") << QStringLiteral("trace-010000.json") << 10000;
}

void TestPrototypeShards::singletonShardsMerge()
{
    if (!cctest::haveShared(QStringLiteral("peer/bench"))) {
        QSKIP("../shared/peer is absent");
    }
    QFETCH(QString, fixture);
    QFETCH(int, events);
    const json trace = benchTrace(qPrintable(fixture));
    // Two ranks take turns, as the generator partitions them; each rank's start_us follows its own
    // events' gaps (a timestamp and a gap must agree in this format).
    std::vector<json> lists(2, json::array());
    std::vector<double> clock(2, 0.0);
    const auto& source = trace["events"];
    for (std::size_t i = 0; i < source.size(); ++i) {
        const int r = static_cast<int>(i % 2);
        clock[static_cast<std::size_t>(r)] += source[i]["gap_us"].get<double>();
        json e = captured(source[i], i, r, clock[static_cast<std::size_t>(r)]);
        e["ranks"] = json::array({r});
        lists[static_cast<std::size_t>(r)].push_back(std::move(e));
    }
    std::vector<RankShard> shards;
    for (int r = 0; r < 2; ++r) {
        shards.push_back(shardOf(shardDoc(trace, r, lists[static_cast<std::size_t>(r)]),
                                 "rank-" + std::to_string(r) + ".trace.json"));
        QVERIFY(shards.back().prototypeConvention);
        QCOMPARE(shards.back().rank, r);
        QCOMPARE(shards.back().unmeasuredClockOffsetNs.value_or(-1), cc::Ns{0});
    }
    cc::NullProgress progress;
    const auto merged = cc::interop::mergeRankShards(std::move(shards), {}, progress);
    QCOMPARE(merged.trace.size(), static_cast<std::size_t>(events));
    QCOMPARE(merged.summary.sequenceIdentified, static_cast<std::size_t>(events)); // by collective_seq
    QCOMPARE(merged.summary.partialEvents, std::size_t{0});
    QCOMPARE(merged.trace.unknownSkewCount(), merged.trace.size()); // clock_offset_us is not a measurement
    QVERIFY2(merged.summary.notes.find("2 shards follow the Python prototype's convention") != std::string::npos &&
                 merged.summary.notes.find("not taken as a measurement") != std::string::npos,
             merged.summary.notes.c_str());
    // every collective keeps its bytes and its sequence
    std::int64_t bytes = 0;
    std::int64_t sourceBytes = 0;
    for (std::size_t i = 0; i < merged.trace.size(); ++i) {
        bytes += merged.trace.bytes[i];
        QVERIFY(merged.trace.messageSequence[i] >= 0);
    }
    for (const auto& e : source) {
        sourceBytes += e["bytes"].get<std::int64_t>();
    }
    QCOMPARE(bytes, sourceBytes);
}

void TestPrototypeShards::coalescingShardsMergeAcrossRanks()
{
    if (!cctest::haveShared(QStringLiteral("peer/bench"))) {
        QSKIP("../shared/peer is absent");
    }
    const json trace = benchTrace("trace-001000.json");
    const auto& source = trace["events"];
    std::vector<RankShard> shards;
    for (int r = 0; r < 4; ++r) {
        json list = json::array();
        double clock = 100.0 * r; // each rank's own clock
        for (std::size_t i = 0; i < source.size(); ++i) {
            clock += source[i]["gap_us"].get<double>();
            json e = captured(source[i], i, r, clock);
            e["ranks"] = json::array({0, 1, 2, 3});
            // A rank's own arrival covers one of four members: this format requires the flag the
            // prototype's validator waives for shards (allow_partial_arrivals).
            e["partial_rank_arrival"] = true;
            list.push_back(std::move(e));
        }
        json doc = shardDoc(trace, r, std::move(list));
        doc["system"]["rank"] = r; // an integer rank is accepted as well as its text
        doc["system"].erase("clock_offset_us");
        shards.push_back(shardOf(doc, "rank-" + std::to_string(r) + ".trace.json"));
    }
    cc::NullProgress progress;
    cc::interop::MergeOptions options;
    options.calibration = cc::interop::parseClockCalibration(
        R"({"format":"commcanary-workbench.clock-calibration.v1","ranks":[{"rank":0,"offset_us":0,"uncertainty_us":1},)"
        R"({"rank":1,"offset_us":-100,"uncertainty_us":1},{"rank":2,"offset_us":-200,"uncertainty_us":1},)"
        R"({"rank":3,"offset_us":-300,"uncertainty_us":1}]})",
        "cal.json");
    const auto merged = cc::interop::mergeRankShards(std::move(shards), options, progress);
    QCOMPARE(merged.trace.size(), source.size());
    QCOMPARE(merged.summary.shardEvents, 4 * source.size());
    QCOMPARE(merged.summary.sequenceIdentified, source.size());
    QCOMPARE(merged.summary.partialEvents, std::size_t{0});
    QCOMPARE(merged.trace.unknownSkewCount(), std::size_t{0});
    for (std::size_t i = 0; i < merged.trace.size(); ++i) {
        QCOMPARE(merged.trace.arrivalCount(i), 4U);
        for (std::uint32_t k = 0; k < 4; ++k) {
            QCOMPARE(merged.trace.arrivalTime[merged.trace.arrivalBegin[i] + k], cc::Ns{0}); // offsets cancel
        }
    }
}

void TestPrototypeShards::literalBenchShardsContradictTheirGaps()
{
    if (!cctest::haveShared(QStringLiteral("peer/bench"))) {
        QSKIP("../shared/peer is absent");
    }
    // The generator's own start_us is the event's index while gap_us keeps the source's gap: in this
    // format a timestamp and a gap that contradict each other are refused, not arbitrated.
    const json trace = benchTrace("trace-001000.json");
    json list = json::array();
    for (std::size_t i = 0; i < 10; i += 2) {
        json e = captured(trace["events"][i], i, 0, static_cast<double>(i));
        e["ranks"] = json::array({0});
        list.push_back(std::move(e));
    }
    const QString why = refusalOf(shardDoc(trace, 0, list));
    QVERIFY2(why.contains(QStringLiteral("field gap_us")) &&
                 why.contains(QStringLiteral("a timestamp and a gap that contradict each other are refused")),
             qPrintable(why));
}

void TestPrototypeShards::refusals()
{
    const json trace = {{"workload", {{"name", "w"}}}};
    auto event = [](const json& extra) {
        json e = {{"id", "e0"},      {"op", "all_reduce"}, {"bytes", 64},
                  {"ranks", {0, 1}}, {"group", "g"},       {"start_us", 1}};
        e.update(extra);
        return e;
    };
    json bad = shardDoc(trace, 0, json::array({event({{"collective_seq", 1}})}));
    bad["system"]["rank"] = "zero";
    QString why = refusalOf(bad);
    QVERIFY2(why.contains(QStringLiteral("bad.trace.json")) && why.contains(QStringLiteral("system.rank")) &&
                 why.contains(QStringLiteral("must be a rank")),
             qPrintable(why));
    bad["system"]["rank"] = -1;
    QVERIFY(refusalOf(bad).contains(QStringLiteral("system.rank")));
    why = refusalOf(shardDoc(trace, 0, json::array({event({{"collective_seq", "7"}})})));
    QVERIFY2(why.contains(QStringLiteral("collective_seq")) && why.contains(QStringLiteral("non-negative integer")),
             qPrintable(why));
    why = refusalOf(shardDoc(trace, 0, json::array({event({{"collective_seq", 3}, {"message_sequence", 4}})})));
    QVERIFY2(why.contains(QStringLiteral("collective_seq: is 3 but message_sequence is 4")), qPrintable(why));
    bad = shardDoc(trace, 0, json::array({event({{"collective_seq", 1}})}));
    bad["system"]["clock_offset_us"] = "soon";
    QVERIFY(refusalOf(bad).contains(QStringLiteral("system.clock_offset_us")));
    bad["system"].erase("rank");
    bad["system"].erase("clock_offset_us");
    why = refusalOf(bad);
    QVERIFY2(why.contains(QStringLiteral("system.rank_local.rank")) &&
                 why.contains(QStringLiteral("the Python prototype's shards say it in system.rank")),
             qPrintable(why));
}

QTEST_GUILESS_MAIN(TestPrototypeShards)
#include "tst_prototype_shards.moc"
