// PARAM export: entry counts per rank equal the logical occurrences involving the rank, every
// send has its recv, startTime_ns is cumulative and non-decreasing, process groups are declared,
// a canary exports its whole expanded program, unsupported operations fail closed (nothing
// written) or are skipped and listed.
#include "core_support.h"

#include "core/canary/expand.h"
#include "core/compile/compiler.h"
#include "core/interop/param_export.h"
#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <map>
#include <set>

using namespace cc;
using namespace cc::interop;

// Declared before the helpers and defined out of line (see tst_kineto_import.cpp).
class TestParamExport : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
private slots:
    void initTestCase();
    void bundledExamples_data();
    void bundledExamples();
    void canaryExportsItsWholeProgram();
    void elementCountsFollowEachCollective();
    void unsupportedOperationFailsClosed();
    void skipUnsupportedListsEverySkippedEvent();
    void dtypesPARAMCannotNameAreRefused();
};

namespace {

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

nlohmann::json readJson(const std::filesystem::path& path)
{
    return nlohmann::json::parse(cctest::readAll(QString::fromStdString(path.string())).toStdString());
}

using cctest::traceOf;

Event makeEvent(const std::string& op, std::int64_t bytes, std::vector<std::int32_t> ranks, Ns gap)
{
    Event e = cctest::collective(op, bytes, std::move(ranks), gap);
    e.dtype = "float32";
    return e;
}

/// Checks every rule of an export of trace written to dir; returns the total entries.
void checkExport(const Trace& trace, const std::filesystem::path& dir, const ParamExportPlan& plan)
{
    // logical occurrences involving each rank, counted from the trace itself
    std::map<std::int32_t, std::uint64_t> expected;
    for (std::size_t i = 0; i < trace.size(); ++i) {
        if (isPointToPoint(trace.kind[i])) {
            ++expected[trace.senderRank[i]];
            ++expected[trace.receiverRank[i]];
        } else {
            for (auto r : trace.ranks(i)) {
                ++expected[r];
            }
        }
    }
    std::map<std::uint64_t, std::vector<nlohmann::json>> byReq;
    auto manifest = readJson(dir / std::string(kParamManifestName));
    QCOMPARE(QString::fromStdString(manifest["format"].get<std::string>()),
             QString::fromLatin1(kParamManifestFormat.data()));
    QCOMPARE(manifest["ranks"].size(), expected.size());
    for (const auto& [rank, count] : expected) {
        auto list = readJson(dir / (std::to_string(rank) + ".json"));
        QVERIFY(list.is_array());
        std::uint64_t entries = 0;
        std::int64_t last = 0;
        std::size_t inits = 0;
        for (const auto& entry : list) {
            const std::string comms = entry["comms"].get<std::string>();
            if (comms == "init") {
                QCOMPARE(entries, std::uint64_t{0}); // groups are declared first
                ++inits;
                QCOMPARE(entry["world_size"].get<std::size_t>(), entry["global_ranks"].size());
                continue;
            }
            ++entries;
            const auto start = entry["startTime_ns"].get<std::int64_t>();
            QVERIFY2(start >= last, "startTime_ns must not decrease");
            last = start;
            const auto req = entry["req"].get<std::uint64_t>();
            QCOMPARE(start, trace.issueTime[req]); // cumulative issue time from the origin
            const auto& ranks = entry["global_ranks"];
            QVERIFY(std::find(ranks.begin(), ranks.end(), rank) != ranks.end());
            QCOMPARE(entry["world_size"].get<std::size_t>(), ranks.size());
            QVERIFY(entry["pg_id"].get<int>() < static_cast<int>(plan.groups.size()));
            if (comms != "barrier") {
                QVERIFY(entry["in_msg_size"].get<std::int64_t>() > 0);
                QVERIFY(entry["out_msg_size"].get<std::int64_t>() > 0);
                QVERIFY(!entry["dtype"].get<std::string>().empty());
            }
            byReq[req].push_back(entry);
        }
        QCOMPARE(inits, plan.groups.size());
        QCOMPARE(entries, count);
    }
    // every send has its recv (same req, swapped roles, same size)
    std::size_t sends = 0;
    for (const auto& [req, entries] : byReq) {
        const std::string comms = entries.front()["comms"].get<std::string>();
        if (comms != "send" && comms != "recv") {
            continue;
        }
        QCOMPARE(entries.size(), std::size_t{2});
        std::set<std::string> roles{entries[0]["comms"].get<std::string>(), entries[1]["comms"].get<std::string>()};
        QCOMPARE(roles, (std::set<std::string>{"send", "recv"}));
        QCOMPARE(entries[0]["src_rank"], entries[1]["src_rank"]);
        QCOMPARE(entries[0]["dst_rank"], entries[1]["dst_rank"]);
        QCOMPARE(entries[0]["in_msg_size"], entries[1]["in_msg_size"]);
        QCOMPARE(entries[0]["use_batch"].get<bool>(), false);
        ++sends;
    }
    std::size_t p2p = 0;
    for (std::size_t i = 0; i < trace.size(); ++i) {
        p2p += isPointToPoint(trace.kind[i]) ? 1 : 0;
    }
    QCOMPARE(sends, p2p);
}

} // namespace

void TestParamExport::initTestCase()
{
    QVERIFY(dir_.isValid());
}

void TestParamExport::bundledExamples_data()
{
    QTest::addColumn<QString>("example");
    QTest::newRow("training") << s("training.trace.json");
    QTest::newRow("training_jittered") << s("training_jittered.trace.json");
    QTest::newRow("decode") << s("decode.trace.json");
    QTest::newRow("adversarial_decode") << s("adversarial_decode.trace.json");
}

void TestParamExport::bundledExamples()
{
    QFETCH(QString, example);
    NullProgress progress;
    Trace trace = readTrace(cctest::toStd(cctest::example(example)), progress);
    const std::filesystem::path dir = cctest::toStd(dir_.filePath(example + s(".param")));
    ParamExportOptions options;
    options.sourceName = cctest::toStd(example);
    auto plan = writeParamExport(trace, dir, options, progress);
    QCOMPARE(plan.exported, static_cast<std::uint64_t>(trace.size()));
    checkExport(trace, dir, plan);
    // Deterministic.
    const auto first = cctest::readAll(QString::fromStdString((dir / "0.json").string()));
    writeParamExport(trace, dir, options, progress);
    QCOMPARE(cctest::readAll(QString::fromStdString((dir / "0.json").string())), first);
}

void TestParamExport::canaryExportsItsWholeProgram()
{
    NullProgress progress;
    Trace source = readTrace(cctest::toStd(cctest::example(s("training.trace.json"))), progress);
    auto compiled = compileCanary(source, CompileOptions{}, progress);
    QVERIFY(compiled.canary.header.storedEvents < compiled.canary.header.logicalEvents);
    Trace expanded = expandCanary(compiled.canary, "training.canary.json", progress);
    QCOMPARE(expanded.size(), static_cast<std::size_t>(compiled.canary.header.logicalEvents));
    const std::filesystem::path dir = cctest::toStd(dir_.filePath(s("canary.param")));
    ParamExportOptions options;
    auto plan = writeParamExport(expanded, dir, options, progress);
    QCOMPARE(plan.exported, compiled.canary.header.logicalEvents);
    checkExport(expanded, dir, plan);
    // A lossless canary's export equals the source's export, file for file.
    const std::filesystem::path sourceDir = cctest::toStd(dir_.filePath(s("source.param")));
    writeParamExport(source, sourceDir, options, progress);
    for (auto rank : plan.ranks) {
        const auto name = std::to_string(rank) + ".json";
        QCOMPARE(cctest::readAll(QString::fromStdString((dir / name).string())),
                 cctest::readAll(QString::fromStdString((sourceDir / name).string())));
    }
}

void TestParamExport::elementCountsFollowEachCollective()
{
    NullProgress progress;
    auto bcast = makeEvent("broadcast", 64, {0, 1, 2, 3}, 10);
    bcast.rootRank = 2;
    Event send = makeEvent("send", 32, {1, 3}, 5);
    send.senderRank = 3;
    send.receiverRank = 1;
    send.dtype = "int64";
    Event barrier = makeEvent("barrier", 1, {0, 1, 2, 3}, 1);
    barrier.dtype.clear();
    Trace t =
        traceOf({makeEvent("all_gather", 4096, {0, 1, 2, 3}, 0), makeEvent("reduce_scatter", 4096, {0, 1, 2, 3}, 100),
                 bcast, send, barrier, makeEvent("all_reduce", 800, {0, 1}, 7)});
    const std::filesystem::path dir = cctest::toStd(dir_.filePath(s("counts.param")));
    auto plan = writeParamExport(t, dir, {}, progress);
    checkExport(t, dir, plan);
    auto rank0 = readJson(dir / "0.json");
    // two groups: the world {0..3} and {0,1}
    QCOMPARE(plan.groups.size(), std::size_t{2});
    std::vector<nlohmann::json> comms;
    for (const auto& e : rank0) {
        if (e["comms"] != "init") {
            comms.push_back(e);
        }
    }
    QCOMPARE(comms[0]["comms"].get<std::string>(), std::string("all_gather"));
    QCOMPARE(comms[0]["in_msg_size"].get<int>(), 256); // 4096 B / 4 B / 4 ranks
    QCOMPARE(comms[0]["out_msg_size"].get<int>(), 1024);
    QCOMPARE(comms[1]["in_msg_size"].get<int>(), 1024); // reduce_scatter: the full input
    QCOMPARE(comms[1]["out_msg_size"].get<int>(), 256);
    QCOMPARE(comms[1]["startTime_ns"].get<std::int64_t>(), std::int64_t{100});
    QCOMPARE(comms[2]["root"].get<int>(), 2);
    QCOMPARE(comms[3]["comms"].get<std::string>(), std::string("barrier"));
    QVERIFY(!comms[3].contains("in_msg_size"));
    QCOMPARE(comms[4]["pg_id"].get<int>(), 1);
    QCOMPARE(comms[4]["world_size"].get<int>(), 2);
    auto rank3 = readJson(dir / "3.json");
    bool sawSend = false;
    for (const auto& e : rank3) {
        if (e["comms"] == "send") {
            sawSend = true;
            QCOMPARE(e["dtype"].get<std::string>(), std::string("long"));
            QCOMPARE(e["in_msg_size"].get<int>(), 4);
            QCOMPARE(e["dst_rank"].get<int>(), 1);
        }
    }
    QVERIFY(sawSend);
}

void TestParamExport::unsupportedOperationFailsClosed()
{
    NullProgress progress;
    Event custom = makeEvent("allreduce_coalesced", 64, {0, 1}, 10);
    custom.customOp = true;
    custom.id = "coalesced-1";
    Trace t = traceOf({makeEvent("all_reduce", 64, {0, 1}, 0), custom});
    const std::filesystem::path dir = cctest::toStd(dir_.filePath(s("closed.param")));
    QString why;
    try {
        writeParamExport(t, dir, {}, progress);
    } catch (const InputError& e) {
        why = QString::fromStdString(e.what());
    }
    QVERIFY2(
        why.contains(s("event 1 (id \"coalesced-1\"): field op: allreduce_coalesced (logical occurrence 1) cannot be "
                       "exported to PARAM: it is a custom operation")),
        qPrintable(why));
    QVERIFY(!std::filesystem::exists(dir)); // nothing written
    // A broadcast without its root is refused too.
    Trace noRoot = traceOf({makeEvent("broadcast", 64, {0, 1}, 0)});
    QString rootWhy;
    try {
        planParamExport(noRoot, {}, progress);
    } catch (const InputError& e) {
        rootWhy = QString::fromStdString(e.what());
    }
    QVERIFY2(rootWhy.contains(s("no root_rank")), qPrintable(rootWhy));
}

void TestParamExport::skipUnsupportedListsEverySkippedEvent()
{
    NullProgress progress;
    Event custom = makeEvent("fused_thing", 64, {0, 1}, 10);
    custom.customOp = true;
    Event gather = makeEvent("gather", 64, {0, 1}, 10);
    gather.rootRank = 0;
    Trace t = traceOf({makeEvent("all_reduce", 64, {0, 1}, 0), custom, gather});
    const std::filesystem::path dir = cctest::toStd(dir_.filePath(s("skipped.param")));
    ParamExportOptions options;
    options.skipUnsupported = true;
    auto plan = writeParamExport(t, dir, options, progress);
    QCOMPARE(plan.exported, std::uint64_t{1});
    auto manifest = readJson(dir / std::string(kParamManifestName));
    QCOMPARE(manifest["skipped"].size(), std::size_t{2});
    QCOMPARE(manifest["skipped"][0]["event"].get<int>(), 1);
    QCOMPARE(manifest["skipped"][0]["op"].get<std::string>(), std::string("fused_thing"));
    QCOMPARE(manifest["skipped"][1]["op"].get<std::string>(), std::string("gather"));
    QCOMPARE(manifest["ranks"][0]["entries"].get<int>(), 1);
}

void TestParamExport::dtypesPARAMCannotNameAreRefused()
{
    NullProgress progress;
    Event e = makeEvent("all_reduce", 64, {0, 1}, 0);
    e.dtype = "float8_e4m3fn";
    QString why;
    try {
        planParamExport(traceOf({e}), {}, progress);
    } catch (const InputError& err) {
        why = QString::fromStdString(err.what());
    }
    QVERIFY2(why.contains(s("PARAM has no element type for dtype \"float8_e4m3fn\"")), qPrintable(why));
    Event odd = makeEvent("all_reduce", 6, {0, 1}, 0); // 6 bytes of float32
    QString oddWhy;
    try {
        planParamExport(traceOf({odd}), {}, progress);
    } catch (const InputError& err) {
        oddWhy = QString::fromStdString(err.what());
    }
    QVERIFY2(oddWhy.contains(s("6 bytes is not a whole number of float32 elements")), qPrintable(oddWhy));
}

QTEST_GUILESS_MAIN(TestParamExport)
#include "tst_param_export.moc"
