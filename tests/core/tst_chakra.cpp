// Chakra execution traces: trace -> .et -> trace keeps the normalised hash of the whole trace and of
// every event (bundled examples, a synthetic broadcast + send, an imported Kineto profile); the
// nodes say what Chakra's consumers read (comm_type, comm_size, pg_name, comm_src/dst/tag, COMP
// durations, ctrl_deps); what Chakra cannot express is refused naming the event, or skipped; the
// reader refuses bad framing, node types, sizes, missing dependencies and cycles, naming file and node.
#include "core_support.h"
#include "protobuf_bytes.h"

#include "core/interop/chakra.h"
#include "core/interop/kineto_import.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"

#include <QtTest>

#include <filesystem>

using namespace cc;
using namespace cc::interop;

class TestChakra : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
private slots:
    void initTestCase();
    void bundledExamplesRoundTrip_data();
    void bundledExamplesRoundTrip();
    void broadcastAndSendAreKept();
    void gapsComputeAndOverlapBecomeTheGraph();
    void kinetoProfileRoundTrip();
    void customOperationIsRefusedNamingTheEvent();
    void skipOpLeavesEventsOut();
    void readerRefusals_data();
    void readerRefusals();
    void filesOfOneExportMustAgree();
};

namespace {

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

using cctest::traceOf;

void roundTrip(const Trace& trace, const std::filesystem::path& dir)
{
    NullProgress progress;
    writeChakraExport(trace, dir, {}, progress);
    const Trace back = readChakraFolder(dir, progress);
    QCOMPARE(back.size(), trace.size());
    QCOMPARE(normalizedSha256(back, progress), normalizedSha256(trace, progress));
    for (std::size_t i = 0; i < trace.size(); ++i) {
        QCOMPARE(eventRangeSha256(back, i, i + 1), eventRangeSha256(trace, i, i + 1));
    }
}

using namespace cctest::protobuf;

std::string coll(std::uint64_t id, std::int64_t size, const std::vector<std::uint64_t>& deps = {})
{
    return node(id, 7, deps, {intAttr("comm_type", 0), intAttr("comm_size", size)});
}

} // namespace

void TestChakra::initTestCase()
{
    if (!chakraAvailable()) {
        QSKIP(chakraUnavailableReason().c_str());
    }
    QVERIFY(dir_.isValid());
}

void TestChakra::bundledExamplesRoundTrip_data()
{
    QTest::addColumn<QString>("name");
    for (const char* name : {"training", "training_jittered", "decode", "adversarial_decode"}) {
        QTest::newRow(name) << s(name);
    }
}

void TestChakra::bundledExamplesRoundTrip()
{
    QFETCH(QString, name);
    NullProgress progress;
    const Trace trace = readTrace(cctest::toStd(cctest::example(name + s(".trace.json"))), progress);
    roundTrip(trace, cctest::toStd(dir_.filePath(name + s(".et"))));
}

void TestChakra::broadcastAndSendAreKept()
{
    // The real converter drops nccl:broadcast and rejects nccl:send; both must survive here.
    Event bcast;
    bcast.op = "broadcast";
    bcast.bytes = 4096;
    bcast.ranks = {0, 1, 2};
    bcast.rootRank = 1;
    bcast.group = "dp";
    bcast.gap = 5000;
    Event send;
    send.op = "send";
    send.bytes = 1024;
    send.ranks = {2, 0};
    send.senderRank = 2;
    send.receiverRank = 0;
    send.tag = "7";
    send.gap = 1500;
    const Trace trace = traceOf({bcast, send});
    ChakraExportPlan plan;
    NullProgress progress;
    const auto files = chakraExportBytes(trace, {}, &plan, progress);
    QCOMPARE(files.size(), std::size_t(3));
    QCOMPARE(plan.exported, std::uint64_t(2));

    const ChakraFileView r0 = parseChakraFile(files.at(0), "chakra.0.et");
    const ChakraFileView r2 = parseChakraFile(files.at(2), "chakra.2.et");
    QCOMPARE(r0.version, std::string(kChakraVersion));
    int broadcasts = 0;
    int recvs = 0;
    for (const auto& n : r0.nodes) {
        if (n.type == 7) {
            QCOMPARE(n.ints.at("comm_type"), std::int64_t(5)); // BROADCAST
            QCOMPARE(n.ints.at("comm_size"), std::int64_t(4096));
            QCOMPARE(n.strings.at("pg_name"), std::string("dp"));
            ++broadcasts;
        }
        if (n.type == 6) {
            QCOMPARE(n.ints.at("comm_src"), std::int64_t(2));
            QCOMPARE(n.ints.at("comm_dst"), std::int64_t(0));
            QCOMPARE(n.ints.at("comm_tag"), std::int64_t(7));
            QCOMPARE(n.ints.at("comm_size"), std::int64_t(1024));
            ++recvs;
        }
    }
    QCOMPARE(broadcasts, 1);
    QCOMPARE(recvs, 1);
    int sends = 0;
    for (const auto& n : r2.nodes) {
        sends += n.type == 5 ? 1 : 0;
    }
    QCOMPARE(sends, 1);
    roundTrip(trace, cctest::toStd(dir_.filePath(s("bcast-send.et"))));
}

void TestChakra::gapsComputeAndOverlapBecomeTheGraph()
{
    Event a = cctest::collective("all_reduce", 1 << 20, {0, 1}, 10'000);
    a.computeBefore = 7'000;
    a.computeOverlap = 2'500;
    Event b = a;
    b.gap = 4'000;
    b.computeBefore = 4'000;
    b.computeOverlap.reset();
    const Trace trace = traceOf({a, b});
    NullProgress progress;
    const auto files = chakraExportBytes(trace, {}, nullptr, progress);
    const ChakraFileView r1 = parseChakraFile(files.at(1), "chakra.1.et");
    // idle 3000, compute 7000, all_reduce, compute_overlap 2500 beside it; compute 4000, all_reduce.
    QCOMPARE(r1.nodes.size(), std::size_t(6));
    QCOMPARE(r1.nodes[0].name, std::string("idle"));
    QCOMPARE(r1.nodes[0].ints.at("commcanary.duration_ns"), std::int64_t(3000));
    QCOMPARE(r1.nodes[1].name, std::string("compute"));
    QCOMPARE(r1.nodes[1].durationMicros, std::uint64_t(7));
    QCOMPARE(r1.nodes[1].ctrlDeps, std::vector<std::uint64_t>{r1.nodes[0].id});
    QCOMPARE(r1.nodes[2].type, 7);
    QCOMPARE(r1.nodes[2].startMicros, std::uint64_t(10));
    QCOMPARE(r1.nodes[2].ctrlDeps, std::vector<std::uint64_t>{r1.nodes[1].id});
    QCOMPARE(r1.nodes[3].name, std::string("compute_overlap"));
    QCOMPARE(r1.nodes[3].ctrlDeps, std::vector<std::uint64_t>{r1.nodes[1].id});
    QCOMPARE(r1.nodes[3].ints.at("commcanary.duration_ns"), std::int64_t(2500));
    // The next compute follows the previous compute, not the collective: the collective overlaps it.
    QCOMPARE(r1.nodes[4].name, std::string("compute"));
    QCOMPARE(r1.nodes[4].ctrlDeps, std::vector<std::uint64_t>{r1.nodes[1].id});
    QCOMPARE(r1.nodes[5].startMicros, std::uint64_t(14));
}

void TestChakra::kinetoProfileRoundTrip()
{
    const QString profile = cctest::sharedDir() + s("/data/kineto/hta-nccl_data.json.gz");
    if (!QFileInfo::exists(profile)) {
        QSKIP("the shared Kineto profiles are absent");
    }
    NullProgress progress;
    const KinetoImport imported = importKinetoProfile(cctest::toStd(profile), {}, progress);
    QVERIFY(imported.trace.size() > 0);
    bool broadcast = false;
    for (std::size_t i = 0; i < imported.trace.size(); ++i) {
        broadcast = broadcast || imported.trace.kind[i] == OpKind::Broadcast;
    }
    QVERIFY2(broadcast, "the profile's nccl:broadcast calls are imported");
    roundTrip(imported.trace, cctest::toStd(dir_.filePath(s("kineto.et"))));
}

void TestChakra::customOperationIsRefusedNamingTheEvent()
{
    Event a = cctest::collective("all_reduce", 64, {0, 1}, 1000);
    Event custom = a;
    custom.op = "my_fused_thing";
    custom.customOp = true;
    custom.id = "fused-1";
    const Trace trace = traceOf({a, custom});
    const std::filesystem::path out = cctest::toStd(dir_.filePath(s("refused.et")));
    NullProgress progress;
    try {
        writeChakraExport(trace, out, {}, progress);
        QFAIL("a custom operation was exported");
    } catch (const InputError& e) {
        const QString message = QString::fromStdString(e.what());
        QVERIFY2(message.contains(s("fused-1")) && message.contains(s("custom operation")) &&
                     message.contains(s("--skip-op my_fused_thing")),
                 qPrintable(message));
    }
    QVERIFY(!std::filesystem::exists(out));
}

void TestChakra::skipOpLeavesEventsOut()
{
    Event a = cctest::collective("all_reduce", 64, {0, 1}, 1000);
    Event custom = a;
    custom.op = "my_fused_thing";
    custom.customOp = true;
    const Trace trace = traceOf({a, custom, a});
    const std::filesystem::path out = cctest::toStd(dir_.filePath(s("skipped.et")));
    NullProgress progress;
    ChakraExportOptions options;
    options.skipOps = {"my_fused_thing"};
    const ChakraExportPlan plan = writeChakraExport(trace, out, options, progress);
    QCOMPARE(plan.exported, std::uint64_t(2));
    QCOMPARE(plan.skipped.size(), std::size_t(1));
    QCOMPARE(plan.skipped[0].event, std::size_t(1));
    const Trace back = readChakraFolder(out, progress);
    QCOMPARE(back.size(), std::size_t(2));
    QCOMPARE(eventRangeSha256(back, 1, 2), eventRangeSha256(trace, 2, 3));
}

void TestChakra::readerRefusals_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");
    const std::string meta = metadata();
    std::string truncated = delimited({meta, coll(0, 8)});
    truncated += static_cast<char>(0x80); // a varint whose continuation bit promises more
    QTest::newRow("truncated varint") << QByteArray::fromStdString(truncated)
                                      << s("the length prefix (a varint) is truncated");
    std::string cut = delimited({meta, coll(0, 8)});
    cut.resize(cut.size() - 3);
    QTest::newRow("truncated node") << QByteArray::fromStdString(cut) << s("node #0");
    QTest::newRow("wrong node type") << QByteArray::fromStdString(delimited({meta, node(3, 2, {}, {})}))
                                     << s("node 3 (n3): node type 2 is not one import-chakra reads");
    QTest::newRow("comm_size 0") << QByteArray::fromStdString(delimited({meta, coll(4, 0)}))
                                 << s("node 4 (n4): comm_size 0 is not a positive number of bytes");
    QTest::newRow("comm_size negative") << QByteArray::fromStdString(delimited({meta, coll(5, -8)}))
                                        << s("node 5 (n5): comm_size -8 is not a positive");
    QTest::newRow("missing dependency") << QByteArray::fromStdString(delimited({meta, coll(0, 8, {9})}))
                                        << s("node 0 (n0): depends on node 9, which is not in the file");
    QTest::newRow("cycle") << QByteArray::fromStdString(delimited({meta, coll(0, 8, {1}), coll(1, 8, {0})}))
                           << s("node 0 (n0): is part of a dependency cycle");
    QTest::newRow("duplicate id") << QByteArray::fromStdString(delimited({meta, coll(2, 8), coll(2, 8)}))
                                  << s("node 2 (n2): the node id appears twice");
    QTest::newRow("foreign file") << QByteArray::fromStdString(delimited({meta, coll(0, 8)}))
                                  << s("no commcanary.document attribute");
}

void TestChakra::readerRefusals()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    NullProgress progress;
    try {
        parseChakraFiles({{"bad.0.et", bytes.toStdString()}}, "bad", progress);
        QFAIL("a bad file was read");
    } catch (const InputError& e) {
        const QString message = QString::fromStdString(e.what());
        QVERIFY2(message.contains(s("bad.0.et")) && message.contains(expected), qPrintable(message));
    }
}

void TestChakra::filesOfOneExportMustAgree()
{
    Event a = cctest::collective("all_gather", 256, {0, 1}, 1000);
    NullProgress progress;
    const auto first = chakraExportBytes(traceOf({a}), {}, nullptr, progress);
    a.bytes = 512;
    const auto second = chakraExportBytes(traceOf({a}), {}, nullptr, progress);
    // Rank 1 of another export: the event's size differs between the two files.
    try {
        parseChakraFiles({{"chakra.0.et", first.at(0)}, {"chakra.1.et", second.at(1)}}, "mixed", progress);
        QFAIL("files of two exports were read as one");
    } catch (const InputError& e) {
        const QString message = QString::fromStdString(e.what());
        QVERIFY2(message.contains(s("chakra.1.et")) && message.contains(s("must agree")), qPrintable(message));
    }
    // Without the lowest member's file, the event's own fields are missing.
    try {
        parseChakraFiles({{"chakra.1.et", first.at(1)}}, "no-rank-0", progress);
        QFAIL("an event without its fields was read");
    } catch (const InputError& e) {
        const QString message = QString::fromStdString(e.what());
        QVERIFY2(message.contains(s("chakra.1.et")) && message.contains(s("carries commcanary.fields")),
                 qPrintable(message));
    }
    // A missing rank file: the collective's members and the files holding it differ.
    try {
        parseChakraFiles({{"chakra.0.et", first.at(0)}}, "partial", progress);
        QFAIL("a collective without one member's file was read");
    } catch (const InputError& e) {
        QVERIFY2(QString::fromStdString(e.what()).contains(s("members and the files holding its nodes differ")),
                 e.what());
    }
}

QTEST_GUILESS_MAIN(TestChakra)
#include "tst_chakra.moc"
