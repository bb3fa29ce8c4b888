// Kineto import: every real profile in ../shared/data/kineto imports with pinned per-op counts or
// fails with its precise reason; synthetic profiles pin each mapping rule and refusal (truncated
// rank lists, stride descriptions, uint64 ids, exact timestamps, wait, custom operations,
// point-to-point, gzip, malformed input).
#include "test_support.h"

#include "core/interop/kineto_import.h"
#include "core/interop/kineto_profile.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"
#include "core/util/sha256.h"

#include <QtTest>

#include <nlohmann/json.hpp>
#include <zlib.h>

#include <functional>
#include <map>

using cc::interop::importKinetoProfile;
using cc::interop::KinetoImport;
using cc::interop::KinetoImportOptions;

// Declared before the fixtures and defined out of line: moc mis-reads raw string literals that
// hold an odd number of quotes, so none may precede or sit inside the class declaration.
class TestKinetoImport : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    std::string write(const QString& name, const std::string& text);

    std::string writeGzip(const QString& name, const std::string& text);

    KinetoImport import(const std::string& path, const KinetoImportOptions& options = {});

    /// The InputError text of importing path (empty when it imports).
    QString refusal(const std::string& path, const KinetoImportOptions& options = {});

private slots:
    void initTestCase();

    // ---- the real profiles ----

    void realProfiles_data();

    void realProfiles();

    /// What each profile contains, pinned at the reader level (also for the ones the import refuses).
    void readerCounts_data();

    void readerCounts();

    void ncclDataDetails();

    // ---- synthetic profiles: one rule each ----

    void truncatedRanksOlderFormRebuiltFromStride();

    void truncatedRanksNewerFormKeepsTheLastEntry();

    void truncatedRanksWithoutStrideFailNamingTheEvent();

    void strideThatContradictsVisibleEntriesIsRefused();

    void uint64CommsIdAndSequenceAreKept();

    void largeFractionalTimestampsAreExact();

    void waitIsCountedNotImported();

    void unmappedCollectiveBecomesACustomOperation();

    void bytesFollowEachCollectivesSemantics();

    void pointToPointNamesBothEnds();

    void rankFromOptionAndContradictions();

    void kernelThatDisagreesWithItsCpuOpIsRefused();

    void processGroupFilter();

    void gzipAndPlainGiveTheSameTrace();

    void escapedNamesAreStillRecognised();

    void bigProfileAcrossBufferBoundaries();

    void malformedProfilesAreRefusedWithTheirPlace();

    void legacyAnnotationWithoutGroupInformationIsRefused();
};

namespace {

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

std::string kinetoDir()
{
    return cctest::toStd(cctest::sharedDir()) + "/data/kineto/";
}

std::string countsText(const std::map<std::string, std::uint64_t>& counts)
{
    std::string text;
    for (const auto& [op, n] : counts) {
        text += (text.empty() ? "" : " ") + op + "=" + std::to_string(n);
    }
    return text;
}

/// A Kineto document around the given events (JSON objects as text).
std::string profile(const std::vector<std::string>& events,
                    const std::string& distributedInfo = R"({"backend": "nccl", "rank": 0, "world_size": 2})",
                    const std::string& extraTop = {})
{
    std::string text = "{\n  \"schemaVersion\": 1,\n";
    if (!distributedInfo.empty()) {
        text += "  \"distributedInfo\": " + distributedInfo + ",\n";
    }
    text += extraTop;
    text += "  \"traceEvents\": [\n";
    for (std::size_t i = 0; i < events.size(); ++i) {
        text += "  " + events[i] + (i + 1 < events.size() ? ",\n" : "\n");
    }
    text += "  ]\n}\n";
    return text;
}

/// A record_param_comms CPU op with the given args (JSON members text).
std::string paramComms(const std::string& ts, const std::string& args, int externalId = 1)
{
    return R"({"ph": "X", "cat": "cpu_op", "name": "record_param_comms", "pid": 7, "tid": 7, "ts": )" + ts +
           R"(, "dur": 10, "args": {"External id": )" + std::to_string(externalId) + ", " + args + "}}";
}

std::string allReduceArgs(const std::string& ranks = "[0, 1]", int size = 2)
{
    return R"("Collective name": "allreduce", "In msg nelems": 1024, "Out msg nelems": 1024, "dtype": "Float", "Group size": )" +
           std::to_string(size) + R"(, "Process Group Name": "0", "Process Group Ranks": ")" + ranks + "\"";
}

/// A rank list Kineto cut short: "[", the first `shown` entries entry(0), entry(1), ..., then
/// `tail` ("...]", or "..., 99]" in the newer form).
std::string truncatedRanks(int shown, const std::string& tail, const std::function<int(int)>& entry)
{
    std::string ranks = "[";
    for (int k = 0; k < shown; ++k) {
        ranks += std::to_string(entry(k)) + ", ";
    }
    return ranks + tail;
}

/// record_param_comms args of an 8-element all_reduce over groupSize ranks of process group
/// `group`, its rank list truncatedRanks(shown, tail, entry), with the stride description from rank 0.
std::string truncatedRanksArgs(int shown, const std::string& tail, int groupSize, const std::string& group, int stride,
                               const std::function<int(int)>& entry)
{
    return R"("Collective name": "allreduce", "In msg nelems": 8, "Out msg nelems": 8, "dtype": "Float", "Group size": )" +
           std::to_string(groupSize) + R"(, "Process Group Name": ")" + group + R"(", "Process Group Ranks": ")" +
           truncatedRanks(shown, tail, entry) + R"(", "Global rank start": 0, "Global rank stride": )" +
           std::to_string(stride);
}

std::string filler(int i)
{
    return R"({"ph": "X", "cat": "cpu_op", "name": "aten::add", "pid": 7, "tid": 7, "ts": )" + std::to_string(100 + i) +
           R"(, "dur": 1, "args": {"External id": )" + std::to_string(1000 + i) +
           R"(, "Input Dims": [[4, 4], [4, 4]]}})";
}

} // namespace

std::string TestKinetoImport::write(const QString& name, const std::string& text)
{
    const QString path = dir_.filePath(name);
    if (!cctest::writeAll(path, QByteArray::fromStdString(text))) {
        return {};
    }
    return cctest::toStd(path);
}

std::string TestKinetoImport::writeGzip(const QString& name, const std::string& text)
{
    const std::string path = cctest::toStd(dir_.filePath(name));
    gzFile f = gzopen(path.c_str(), "wb");
    gzwrite(f, text.data(), static_cast<unsigned>(text.size()));
    gzclose(f);
    return path;
}

KinetoImport TestKinetoImport::import(const std::string& path, const KinetoImportOptions& options)
{
    cc::NullProgress progress;
    return importKinetoProfile(path, options, progress);
}

QString TestKinetoImport::refusal(const std::string& path, const KinetoImportOptions& options)
{
    try {
        import(path, options);
    } catch (const cc::InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

void TestKinetoImport::initTestCase()
{
    QVERIFY(dir_.isValid());
}

void TestKinetoImport::realProfiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("counts"); // per op, or empty when the import must fail
    QTest::addColumn<int>("waits");
    QTest::addColumn<QString>("reason"); // a fragment of the refusal, or of the notes
    QTest::newRow("nccl_data") << s("hta-nccl_data.json.gz") << s("all_reduce=15 broadcast=6") << 6
                               << s("6 wait calls were seen and not imported");
    QTest::newRow("ns_resolution") << s("hta-ns_resolution-rank0.json.gz") << s("all_reduce=25 broadcast=10") << 10
                                   << s("torch collective metadata");
    QTest::newRow("mi300") << s("tracelens-mi300-resnet_act_checkpoint.json.gz") << s("all_reduce=6 broadcast=6") << 6
                           << s("5 communication kernels have no CPU call");
    QTest::newRow("b200") << s("tracelens-b200-eager_trace.json.gz") << s("all_gather=1") << 0
                          << s("distributedInfo describes 15 of 71 process groups");
    QTest::newRow("gloo") << s("hta-cpu_only-gloo-rank34.json.gz") << s("all_reduce=10") << 0 << s("same 300 members");
    for (int r = 0; r < 8; ++r) {
        const QString file = QStringLiteral("param-dlrm-8ranks/worker%1.json.gz").arg(r);
        QTest::newRow(qPrintable(file)) << file << s("all_reduce=3 all_to_all=5") << 0
                                        << s("default group of all 8 ranks");
    }
    QTest::newRow("trace_filter_rank0") << s("hta-trace_filter-sampled_rank0.json.gz") << QString() << 0
                                        << s("traceEvents[1737].args.Input Dims: its shapes (c10d::_allgather_base_ at "
                                             "traceEvents[1736]: output 1073741824 elements, input 16777216) imply "
                                             "a group of 64 ranks, but the collective is attributed to 128 ranks");
    QTest::newRow("trace_filter_rank1") << s("hta-trace_filter-sampled_rank1.json.gz") << QString() << 0
                                        << s("traceEvents[460].args.Input Dims: its shapes (c10d::_allgather_base_ at "
                                             "traceEvents[459]: output 1073741824 elements, input 16777216) imply a "
                                             "group of 64 ranks");
    QTest::newRow("negative_queue") << s("hta-negative_queue-rank0.json.gz") << QString() << 0
                                    << s("traceEvents[227].args.Input Dims: its shapes (c10d::_reduce_scatter_base_ at "
                                         "traceEvents[225]: output 3145728 elements, input 25165824) imply a group "
                                         "of 8 ranks, but the collective is attributed to 16 ranks");
    QTest::newRow("df_index_resolver") << s("hta-df_index_resolver-rank1.json.gz") << QString() << 0
                                       << s("no tensor shape is recorded (2020 of 2020 annotations have none: 2020 "
                                            "nccl:all_reduce; a profile taken with record_shapes=False)");
    QTest::newRow("distributed_info_not_found")
        << s("hta-distributed_info_not_found.json.gz") << QString() << 0
        << s("event 292 (id \"nccl:all_to_all at ts 1661203462602605 us\"): field traceEvents[292]: the profile has no "
             "distributedInfo block");
    QTest::newRow("large_integer") << s("hta-large_integer-rank70.json.gz") << QString() << 0
                                   << s("no collective could be imported: the profile has 1 record_param_comms ops "
                                        "without collective metadata");
}

void TestKinetoImport::realProfiles()
{
    if (!cctest::haveShared(s("data/kineto"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    QFETCH(QString, file);
    QFETCH(QString, counts);
    QFETCH(int, waits);
    QFETCH(QString, reason);
    const std::string path = kinetoDir() + cctest::toStd(file);
    if (counts.isEmpty()) {
        const QString why = refusal(path);
        QVERIFY2(!why.isEmpty(), "the import must refuse this profile");
        QVERIFY2(why.contains(reason), qPrintable(why));
        return;
    }
    auto imported = import(path);
    QCOMPARE(QString::fromStdString(countsText(imported.summary.importedByOp)), counts);
    QCOMPARE(imported.summary.waits, static_cast<std::uint64_t>(waits));
    QVERIFY2(QString::fromStdString(imported.summary.notes).contains(reason), imported.summary.notes.c_str());
    // Observational and single-rank: nothing invented.
    const cc::Trace& t = imported.trace;
    QCOMPARE(t.unknownSkewCount(), t.size());
    QVERIFY(t.hasUnknownOverlap());
    for (std::size_t i = 0; i < t.size(); ++i) {
        QCOMPARE(t.observedExposed[i], cc::kAbsentNs);
        QCOMPARE(t.arrivalCount(i), 0U);
    }
    QVERIFY(imported.summary.notes.find("observational and single-rank") != std::string::npos);
    QCOMPARE(t.timing, cc::TimingSemantics::Timestamped);
    // Bound to its input.
    auto system = nlohmann::json::parse(t.systemJson);
    const auto& source = system["kineto_source_profiles"][0];
    QCOMPARE(QString::fromStdString(source["sha256"].get<std::string>()),
             QString::fromStdString(cc::sha256Hex(cctest::readAll(QString::fromStdString(path)).toStdString())));
    QCOMPARE(source["size_bytes"].get<std::uint64_t>(),
             static_cast<std::uint64_t>(QFileInfo(QString::fromStdString(path)).size()));
    QVERIFY(source.contains("rank"));
    // The written trace reads back as a valid trace with the same identity.
    cc::NullProgress progress;
    auto back = cc::parseTrace(cc::writeTraceJson(t), "back", progress);
    QCOMPARE(cc::normalizedSha256(back, progress), cc::normalizedSha256(t, progress));
}

void TestKinetoImport::readerCounts_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("events");
    QTest::addColumn<QString>("annotations");
    QTest::addColumn<int>("paramComms");
    QTest::newRow("df_index_resolver") << s("hta-df_index_resolver-rank1.json.gz") << 216092
                                       << s("nccl:all_reduce=2020") << 4040;
    QTest::newRow("negative_queue") << s("hta-negative_queue-rank0.json.gz") << 108936
                                    << s("nccl:_all_gather_base=10 nccl:_reduce_scatter_base=10 nccl:all_reduce=10 "
                                         "nccl:all_to_all=55")
                                    << 150;
    QTest::newRow("trace_filter_rank0") << s("hta-trace_filter-sampled_rank0.json.gz") << 4855
                                        << s("nccl:_all_gather_base=2 nccl:all_reduce=4 nccl:all_to_all=4") << 8;
    QTest::newRow("distributed_info_not_found")
        << s("hta-distributed_info_not_found.json.gz") << 2467 << s("nccl:all_to_all=6") << 12;
    QTest::newRow("large_integer") << s("hta-large_integer-rank70.json.gz") << 2 << QString() << 1;
}

void TestKinetoImport::readerCounts()
{
    if (!cctest::haveShared(s("data/kineto"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    QFETCH(QString, file);
    QFETCH(int, events);
    QFETCH(QString, annotations);
    QFETCH(int, paramComms);
    cc::NullProgress progress;
    auto p = cc::interop::readKinetoProfile(kinetoDir() + cctest::toStd(file), progress);
    QCOMPARE(p.eventCount, static_cast<std::uint64_t>(events));
    std::map<std::string, std::uint64_t> byName;
    int rpc = 0;
    for (const auto& r : p.records) {
        if (r.kind == cc::interop::KinetoRecordKind::Annotation) {
            ++byName[r.name];
        }
        rpc += r.kind == cc::interop::KinetoRecordKind::ParamComms ? 1 : 0;
    }
    QCOMPARE(QString::fromStdString(countsText(byName)), annotations);
    QCOMPARE(rpc, paramComms);
}

void TestKinetoImport::ncclDataDetails()
{
    if (!cctest::haveShared(s("data/kineto"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    auto imported = import(kinetoDir() + "hta-nccl_data.json.gz");
    const cc::Trace& t = imported.trace;
    QCOMPARE(t.size(), std::size_t{21});
    // The first call (traceEvents[7856], ts 4458676423264.031 us) is the origin; the second
    // (ts 4458676425868.63) starts exactly 2604.599 us later: the text is parsed exactly.
    QCOMPARE(t.id(0), std::string_view("kineto-7856"));
    QCOMPARE(t.start[0], cc::Ns{0});
    QCOMPARE(t.id(1), std::string_view("kineto-7914"));
    QCOMPARE(t.start[1], cc::Ns{2'604'599});
    // 53120 Float elements, broadcast: the buffer.
    QCOMPARE(t.opName(0), std::string_view("broadcast"));
    QCOMPARE(t.bytes[0], std::int64_t{53120 * 4});
    QCOMPARE(t.str(t.dtype[0]), std::string_view("float32"));
    QCOMPARE(t.str(t.group[0]), std::string_view("0"));
    QCOMPARE(t.ranks(0), (std::vector<std::int32_t>{0, 1}));
    // Device timing from the kernel with the same External id, not a second event.
    QVERIFY(t.extras[t.extraIndex[0]].find("\"device_duration_us\":30.975") != std::string::npos);
    QCOMPARE(imported.summary.deviceTimed, std::uint64_t{21});
    // The clock origin: baseTimeNanoseconds + the first call's ts.
    auto system = nlohmann::json::parse(t.systemJson);
    QCOMPARE(system["rank_local"]["clock_origin_ns"].get<std::int64_t>(),
             std::int64_t{1711964646000000000} + std::int64_t{4458676423264031});
    QCOMPARE(system["rank_local"]["rank"].get<int>(), 0);
}

void TestKinetoImport::truncatedRanksOlderFormRebuiltFromStride()
{
    const std::string args = truncatedRanksArgs(30, "...]", 64, "3", 2, [](int k) { return 2 * k; });
    auto imported =
        import(write(s("older.json"), profile({paramComms("10", args)}, R"({"rank": 0, "world_size": 128})")));
    const auto& members = imported.trace.ranks(0);
    QCOMPARE(members.size(), std::size_t{64});
    QCOMPARE(members.front(), 0);
    QCOMPARE(members.back(), 126);
}

void TestKinetoImport::truncatedRanksNewerFormKeepsTheLastEntry()
{
    const std::string args = truncatedRanksArgs(29, "..., 99]", 100, "0", 1, [](int k) { return k; });
    auto imported =
        import(write(s("newer.json"), profile({paramComms("10", args)}, R"({"rank": 5, "world_size": 100})")));
    QCOMPARE(imported.trace.ranks(0).size(), std::size_t{100});
    QCOMPARE(imported.trace.ranks(0).back(), 99);
}

void TestKinetoImport::truncatedRanksWithoutStrideFailNamingTheEvent()
{
    const std::string args = truncatedRanksArgs(30, "...]", 64, "0", -1, [](int k) { return k; });
    const QString why = refusal(write(s("nostride.json"), profile({filler(0), paramComms("10", args, 9)})));
    QVERIFY2(why.contains(s("event 1 (id \"record_param_comms at ts 10 us\"): field traceEvents[1].args.Process Group "
                            "Ranks: is truncated")),
             qPrintable(why));
    QVERIFY2(why.contains(s("group members are never guessed")), qPrintable(why));
    // no stride description at all
    const std::string bare =
        R"("Collective name": "allreduce", "In msg nelems": 8, "Out msg nelems": 8, "dtype": "Float", "Group size": 64, "Process Group Ranks": ")" +
        truncatedRanks(30, "...]", [](int k) { return k; }) + "\"";
    const QString why2 = refusal(write(s("nostride2.json"), profile({paramComms("10", bare)})));
    QVERIFY2(why2.contains(s("no stride description")), qPrintable(why2));
}

void TestKinetoImport::strideThatContradictsVisibleEntriesIsRefused()
{
    const std::string args = truncatedRanksArgs(30, "...]", 64, "0", 1, [](int k) { return k == 7 ? 70 : k; });
    const QString why = refusal(write(s("contradict.json"), profile({paramComms("10", args)})));
    QVERIFY2(why.contains(s("visible entry 7 is 70 but the stride description gives 7")), qPrintable(why));
}

void TestKinetoImport::uint64CommsIdAndSequenceAreKept()
{
    const std::string args = allReduceArgs() + R"(, "Seq": 41, "Comms Id": 18446744073709551615)";
    auto imported = import(write(s("commsid.json"), profile({paramComms("10", args)})));
    const cc::Trace& t = imported.trace;
    QCOMPARE(t.messageSequence[0], std::int64_t{41});
    QVERIFY2(t.extras[t.extraIndex[0]].find("\"comms_id\":\"18446744073709551615\"") != std::string::npos,
             std::string(t.extras[t.extraIndex[0]]).c_str());
}

void TestKinetoImport::largeFractionalTimestampsAreExact()
{
    // ~4.4e12 us: a double keeps barely 1 ns here; the text is parsed exactly.
    auto imported = import(write(s("ts.json"), profile({paramComms("4458676524648.797", allReduceArgs(), 1),
                                                        paramComms("4458676524649.001", allReduceArgs(), 2)})));
    QCOMPARE(imported.trace.start[1], cc::Ns{204});
    const QString why = refusal(write(s("tsfine.json"), profile({paramComms("4458676524648.7971", allReduceArgs())})));
    QVERIFY2(why.contains(s("field traceEvents[0].ts")) && why.contains(s("1 ns")), qPrintable(why));
}

void TestKinetoImport::waitIsCountedNotImported()
{
    const std::string wait =
        R"("Collective name": "wait", "In msg nelems": 0, "Out msg nelems": 0, "dtype": "Byte", "Group size": 1, "Process Group Ranks": "[]")";
    auto imported = import(write(s("wait.json"), profile({paramComms("10", allReduceArgs(), 1),
                                                          paramComms("20", wait, 2), paramComms("30", wait, 3)})));
    QCOMPARE(imported.trace.size(), std::size_t{1});
    QCOMPARE(imported.summary.waits, std::uint64_t{2});
    QVERIFY(imported.summary.notes.find("2 wait calls were seen and not imported") != std::string::npos);
}

void TestKinetoImport::unmappedCollectiveBecomesACustomOperation()
{
    const std::string args =
        R"("Collective name": "allreduce_coalesced", "In msg nelems": 10, "Out msg nelems": 10, "dtype": "BFloat16", "Group size": 2, "Process Group Name": "0", "Process Group Ranks": "[0, 1]")";
    auto imported = import(write(s("custom.json"), profile({paramComms("10", args)})));
    const cc::Trace& t = imported.trace;
    QVERIFY(t.has(0, cc::kFlagCustomOp));
    QCOMPARE(t.opName(0), std::string_view("allreduce_coalesced"));
    QCOMPARE(t.bytes[0], std::int64_t{20});
    QCOMPARE(imported.summary.customOps, std::uint64_t{1});
}

void TestKinetoImport::bytesFollowEachCollectivesSemantics()
{
    const auto meta = [](const char* name, int in, int out) {
        return std::string(R"("Collective name": ")") + name + R"(", "In msg nelems": )" + std::to_string(in) +
               R"(, "Out msg nelems": )" + std::to_string(out) +
               R"(, "dtype": "Half", "Group size": 4, "Process Group Name": "1", "Process Group Ranks": "[0, 1, 2, 3]")";
    };
    auto imported = import(write(s("bytes.json"), profile({paramComms("10", meta("_allgather_base", 100, 400), 1),
                                                           paramComms("20", meta("_reduce_scatter_base", 400, 100), 2),
                                                           paramComms("30", meta("all_to_allv", 300, 200), 3)},
                                                          R"({"rank": 0, "world_size": 4})")));
    const cc::Trace& t = imported.trace;
    QCOMPARE(t.opName(0), std::string_view("all_gather"));
    QCOMPARE(t.bytes[0], std::int64_t{800}); // the gathered output
    QCOMPARE(t.opName(1), std::string_view("reduce_scatter"));
    QCOMPARE(t.bytes[1], std::int64_t{800}); // the full input
    QCOMPARE(t.opName(2), std::string_view("all_to_all"));
    QCOMPARE(t.bytes[2], std::int64_t{600}); // what this rank sends
    QVERIFY(t.extras[t.extraIndex[2]].find("\"out_bytes\":400") != std::string::npos);
    const QString why =
        refusal(write(s("badgather.json"), profile({paramComms("10", meta("_allgather_base", 100, 300))},
                                                   R"({"rank": 0, "world_size": 4})")));
    QVERIFY2(why.contains(s(
                 "all_gather output must be input x group size (In msg nelems 100, Out msg nelems 300, group size 4)")),
             qPrintable(why));
}

void TestKinetoImport::pointToPointNamesBothEnds()
{
    const std::string args =
        R"("Collective name": "send", "In msg nelems": 64, "Out msg nelems": 64, "dtype": "Int", "Group size": 4, "Process Group Name": "0", "Process Group Ranks": "[0, 1, 2, 3]", "Rank": 3, "Dst Rank": 3)";
    auto imported = import(write(s("send.json"), profile({paramComms("10", args)}, R"({"rank": 1, "world_size": 4})")));
    const cc::Trace& t = imported.trace;
    QCOMPARE(t.opName(0), std::string_view("send"));
    QCOMPARE(t.senderRank[0], 1);
    QCOMPARE(t.receiverRank[0], 3);
    QCOMPARE(t.ranks(0), (std::vector<std::int32_t>{1, 3}));
    QCOMPARE(t.bytes[0], std::int64_t{256});
}

void TestKinetoImport::rankFromOptionAndContradictions()
{
    const std::string doc = profile({paramComms("10", allReduceArgs())}, std::string());
    auto imported = import(write(s("norank.json"), doc));
    QVERIFY(!imported.summary.rank);
    auto system = nlohmann::json::parse(imported.trace.systemJson);
    QVERIFY(!system["kineto_source_profiles"][0].contains("rank"));
    QVERIFY(imported.summary.notes.find("an unknown rank") != std::string::npos);
    KinetoImportOptions options;
    options.rank = 1;
    auto ranked = import(write(s("norank2.json"), doc), options);
    QCOMPARE(*ranked.summary.rank, 1);
    options.rank = 1;
    const QString why = refusal(write(s("withrank.json"), profile({paramComms("10", allReduceArgs())})), options);
    QVERIFY2(why.contains(s("--rank 1 contradicts distributedInfo.rank 0")), qPrintable(why));
    options.rank = 5;
    const QString notMember = refusal(write(s("notmember.json"), doc), options);
    QVERIFY2(notMember.contains(s("the profiled rank 5 is not a member")), qPrintable(notMember));
}

void TestKinetoImport::kernelThatDisagreesWithItsCpuOpIsRefused()
{
    const std::string kernel =
        R"({"ph": "X", "cat": "kernel", "name": "ncclDevKernel_Generic", "pid": 0, "tid": 9, "ts": 12, "dur": 5, "args": {"External id": 1, "Collective name": "allreduce", "In msg nelems": 2048, "Out msg nelems": 2048, "dtype": "Float"}})";
    const QString why = refusal(write(s("kernel.json"), profile({paramComms("10", allReduceArgs()), kernel})));
    QVERIFY2(why.contains(s("its GPU kernel (traceEvents[1], same External id) records allreduce In 2048")),
             qPrintable(why));
}

void TestKinetoImport::processGroupFilter()
{
    const std::string other =
        R"("Collective name": "allreduce", "In msg nelems": 4, "Out msg nelems": 4, "dtype": "Float", "Group size": 2, "Process Group Name": "7", "Process Group Ranks": "[0, 1]")";
    KinetoImportOptions options;
    options.processGroup = "7";
    auto imported = import(
        write(s("filter.json"), profile({paramComms("10", allReduceArgs(), 1), paramComms("20", other, 2)})), options);
    QCOMPARE(imported.trace.size(), std::size_t{1});
    QCOMPARE(imported.trace.str(imported.trace.group[0]), std::string_view("7"));
    QCOMPARE(imported.summary.filteredOut, std::uint64_t{1});
}

void TestKinetoImport::gzipAndPlainGiveTheSameTrace()
{
    const std::string doc =
        profile({paramComms("10", allReduceArgs(), 1), filler(1), paramComms("25.5", allReduceArgs(), 2)});
    auto plain = import(write(s("same.json"), doc));
    auto packed = import(writeGzip(s("same.json.gz"), doc));
    cc::NullProgress progress;
    QCOMPARE(cc::normalizedSha256(plain.trace, progress), cc::normalizedSha256(packed.trace, progress));
    QVERIFY(plain.summary.sha256 != packed.summary.sha256); // bound to the file as stored
    QCOMPARE(QString::fromStdString(plain.summary.sha256), QString::fromStdString(cc::sha256Hex(doc)));
    KinetoImportOptions inline_;
    inline_.concurrentReading = false; // hashing on the reading thread gives the same digest
    QCOMPARE(import(write(s("same2.json"), doc), inline_).summary.sha256, plain.summary.sha256);
    QCOMPARE(plain.summary.jsonBytes, packed.summary.jsonBytes);
}

void TestKinetoImport::escapedNamesAreStillRecognised()
{
    // An escape could hide the name from a text prefilter: such events are always parsed.
    const std::string escaped =
        R"({"ph": "X", "cat": "cpu_op", "name": "record\u005fparam_comms", "pid": 7, "tid": 7, "ts": 10, "dur": 1, "args": {)" +
        allReduceArgs() + "}}";
    auto imported = import(write(s("escaped.json"), profile({escaped})));
    QCOMPARE(imported.trace.size(), std::size_t{1});
}

void TestKinetoImport::bigProfileAcrossBufferBoundaries()
{
    // ~20 MB: events straddle the reader's 4 MB chunks; every collective is found.
    std::vector<std::string> events;
    int collectives = 0;
    for (int i = 0; i < 80000; ++i) {
        if (i % 997 == 0) {
            events.push_back(paramComms(std::to_string(1000 + i), allReduceArgs(), 100000 + i));
            ++collectives;
        } else {
            events.push_back(
                R"({"ph": "X", "cat": "python_function", "name": "train.py(123): step \"quoted\" \\ path {[", "pid": 7, "tid": 7, "ts": )" +
                std::to_string(1000 + i) + R"(, "dur": 1, "args": {"Python id": )" + std::to_string(i) +
                R"(, "Python parent id": 1, "Ev Idx": 5, "padding": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}})");
        }
    }
    const std::string doc = profile(events);
    QVERIFY(doc.size() > 16u << 20);
    auto imported = import(write(s("big.json"), doc));
    QCOMPARE(imported.trace.size(), static_cast<std::size_t>(collectives));
    QCOMPARE(imported.summary.profileEvents, std::uint64_t{80000});
    // The same profile streamed through the read buffer (gzip is never mapped) gives the same trace.
    auto streamed = import(writeGzip(s("big.json.gz"), doc));
    cc::NullProgress progress;
    QCOMPARE(cc::normalizedSha256(streamed.trace, progress), cc::normalizedSha256(imported.trace, progress));
    QCOMPARE(streamed.summary.jsonBytes, imported.summary.jsonBytes);
}

void TestKinetoImport::malformedProfilesAreRefusedWithTheirPlace()
{
    const std::string good = profile({paramComms("10", allReduceArgs())});
    const QString truncated = refusal(write(s("truncated.json"), good.substr(0, good.size() - 20)));
    QVERIFY2(truncated.contains(s("truncated")) || truncated.contains(s("ends inside")), qPrintable(truncated));
    const QString trailing = refusal(write(s("trailing.json"), profile({paramComms("10", allReduceArgs()) + ","})));
    QVERIFY2(trailing.contains(s("trailing comma")), qPrintable(trailing));
    const QString scalar = refusal(write(s("scalar.json"), profile({paramComms("10", allReduceArgs()), "42"})));
    QVERIFY2(scalar.contains(s("traceEvents[1]")) && scalar.contains(s("must be a JSON object")), qPrintable(scalar));
    const QString notTrace = refusal(write(s("nottrace.json"), R"({"events": []})"));
    QVERIFY2(notTrace.contains(s("no \"traceEvents\" array")), qPrintable(notTrace));
    const QString badNumber = refusal(write(
        s("badnumber.json"),
        profile(
            {R"({"ph": "X", "cat": "cpu_op", "name": "record_param_comms", "pid": 7, "tid": 7, "ts": 10, "dur": 1, "args": {"Collective name": "allreduce", "In msg nelems": "many"}})"})));
    QVERIFY2(badNumber.contains(s("traceEvents[0].args.In msg nelems")) && badNumber.contains(s("must be an integer")),
             qPrintable(badNumber));
    bool ioError = false;
    try {
        import(cctest::toStd(dir_.filePath(s("missing.json"))));
    } catch (const cc::IoError&) {
        ioError = true;
    }
    QVERIFY(ioError);
}

void TestKinetoImport::legacyAnnotationWithoutGroupInformationIsRefused()
{
    const std::string ann =
        R"({"ph": "X", "cat": "user_annotation", "name": "nccl:all_reduce", "pid": 7, "tid": 7, "ts": 10, "dur": 5, "args": {"External id": 3, "Input Dims": [[256]], "Input type": ["float"]}})";
    auto imported = import(write(s("legacy.json"), profile({ann})));
    QCOMPARE(imported.trace.bytes[0], std::int64_t{1024});
    QCOMPARE(imported.trace.ranks(0), (std::vector<std::int32_t>{0, 1}));
    QVERIFY(!imported.summary.assumptions.empty());
    const QString why = refusal(write(
        s("legacy_groups.json"),
        profile(
            {ann},
            R"({"rank": 0, "world_size": 4, "pg_count": 2, "pg_config": [{"pg_name": "0", "ranks": [0, 1, 2, 3]}, {"pg_name": "1", "ranks": [0, 1]}]})")));
    QVERIFY2(why.contains(s("process groups with different members")), qPrintable(why));
}

QTEST_GUILESS_MAIN(TestKinetoImport)
#include "tst_kineto_import.moc"
