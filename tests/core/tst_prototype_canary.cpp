// The Python prototype's canaries (commcanary.canary.v2): every one in ../shared/peer expands to the
// logical event count its compiler states; a lossless one expands to its source's events and issue
// times exactly; the expanded trace is never marked verified; malformed programs are refused naming
// the JSON path; `info` names the prototype's formats, including documents whose "format" comes last.
#include "test_support.h"

#include "core/canary/canary_input.h"
#include "core/canary/prototype_canary.h"
#include "core/info/file_info.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/limits.h"

#include <QtTest>

using namespace cc;

class TestPrototypeCanary : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
private slots:
    void initTestCase();
    void everySharedCanaryExpands_data();
    void everySharedCanaryExpands();
    void losslessCanaryGivesItsSourceBack_data();
    void losslessCanaryGivesItsSourceBack();
    void motifsAndPatternsExpandInOrder();
    void refusals_data();
    void refusals();
    void expansionLimitIsCheckedFirst();
    void infoNamesThePrototypesFormats();
};

namespace {

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

std::string peer(const char* relative)
{
    return cctest::toStd(cctest::sharedDir() + s("/peer/") + s(relative));
}

const char* const kCanaries[] = {
    "canaries/adversarial_decode.default.canary.json",
    "canaries/adversarial_decode.lossless.canary.json",
    "canaries/llama70b_tp8_trace.default.canary.json",
    "canaries/llama70b_tp8_trace.lossless.canary.json",
    "canaries/llama70b_tp8_trace_long.default.canary.json",
    "canaries/llama70b_tp8_trace_long.lossless.canary.json",
    "bench/canary-compressed-010000.json",
    "bench/canary-compressed-100000.json",
};

/// A one-leaf v2 canary with the given leaf members spliced in.
std::string leafCanary(const std::string& leafMembers)
{
    return R"({"compiler":{"source_events":3},"events":[{"op":"all_reduce","bytes":64,"ranks":[0,1],)" + leafMembers +
           R"(}],"format":"commcanary.canary.v2","source_format":"commcanary.trace.v1"})";
}

} // namespace

void TestPrototypeCanary::initTestCase()
{
    QVERIFY(dir_.isValid());
}

void TestPrototypeCanary::everySharedCanaryExpands_data()
{
    QTest::addColumn<QString>("path");
    for (const char* name : kCanaries) {
        QTest::newRow(name) << QString::fromStdString(peer(name));
    }
}

void TestPrototypeCanary::everySharedCanaryExpands()
{
    if (!cctest::haveShared(s("peer"))) {
        QSKIP("../shared/peer is absent");
    }
    QFETCH(QString, path);
    const std::string bytes = readFileBounded(cctest::toStd(path), resourceLimits().maxInputBytes);
    QVERIFY(looksLikePrototypeCanary(bytes));
    QVERIFY(!looksLikeCanary(bytes));
    NullProgress progress;
    // Through the drivers' one entry point, as replay and the exports read it.
    const Trace trace = readTraceOrCanary(cctest::toStd(path), progress);
    const std::uint64_t logical = prototypeCanaryLogicalEvents(bytes, cctest::toStd(path));
    QCOMPARE(static_cast<std::uint64_t>(trace.size()), logical);
    // The compiler states the source's event count; a canary of the whole source expands to it.
    const auto facts = prototypeCanaryFacts(bytes, cctest::toStd(path));
    const auto source =
        std::find_if(facts.begin(), facts.end(), [](const auto& f) { return f.first == "source events"; });
    QVERIFY(source != facts.end());
    QCOMPARE(QString::fromStdString(source->second), QString::number(logical));
    QCOMPARE(trace.timing, TimingSemantics::Gapped);
    // Never verified here: the workload says so.
    QVERIFY2(trace.workloadJson.find(R"("verified":false)") != std::string::npos, trace.workloadJson.c_str());
    const auto claim = std::find_if(facts.begin(), facts.end(), [](const auto& f) { return f.first == "claim"; });
    QVERIFY(claim != facts.end() && claim->second.starts_with("none"));
}

void TestPrototypeCanary::losslessCanaryGivesItsSourceBack_data()
{
    QTest::addColumn<QString>("canary");
    QTest::addColumn<QString>("source");
    QTest::newRow("llama70b") << s("canaries/llama70b_tp8_trace.lossless.canary.json")
                              << s("traces/llama70b_tp8_trace.json");
    QTest::newRow("llama70b long") << s("canaries/llama70b_tp8_trace_long.lossless.canary.json")
                                   << s("traces/llama70b_tp8_trace_long.json");
    QTest::newRow("adversarial") << s("canaries/adversarial_decode.lossless.canary.json")
                                 << s("traces/adversarial_decode.trace.json");
}

void TestPrototypeCanary::losslessCanaryGivesItsSourceBack()
{
    if (!cctest::haveShared(s("peer"))) {
        QSKIP("../shared/peer is absent");
    }
    QFETCH(QString, canary);
    QFETCH(QString, source);
    NullProgress progress;
    const Trace expanded = readTraceOrCanary(peer(canary.toUtf8().constData()), progress);
    const Trace original = readTrace(peer(source.toUtf8().constData()), progress);
    QCOMPARE(expanded.size(), original.size());
    for (std::size_t i = 0; i < original.size(); ++i) {
        QCOMPARE(expanded.opName(i), original.opName(i));
        QCOMPARE(expanded.bytes[i], original.bytes[i]);
        QCOMPARE(expanded.ranks(i), original.ranks(i));
        QCOMPARE(expanded.str(expanded.group[i]), original.str(original.group[i]));
        QCOMPARE(expanded.str(expanded.phase[i]), original.str(original.phase[i]));
        QCOMPARE(expanded.issueTime[i], original.issueTime[i]);
        QCOMPARE(expanded.computeOverlap[i], original.computeOverlap[i]);
        QCOMPARE(expanded.pressure[i], original.pressure[i]);
        QCOMPARE(expanded.skewState[i], original.skewState[i]);
        QCOMPARE(expanded.skewValue[i], original.skewValue[i]);
        // The prototype writes its defaults where the source had none (compute_before_us 0).
        if (original.computeBefore[i] != kAbsentNs) {
            QCOMPARE(expanded.computeBefore[i], original.computeBefore[i]);
        }
    }
}

void TestPrototypeCanary::motifsAndPatternsExpandInOrder()
{
    // A motif of two leaves played 3 times; the second leaf's timing is a pattern of two records
    // played twice (4 occurrences per program repetition), one record of weight 2.
    const std::string bytes = R"({"compiler":{},"events":[
        {"op":"barrier","bytes":1,"ranks":[0,1],"repeat":1,"timing_samples":[{"gap_us":5,"arrival_offsets_us":[0,0]}]},
        {"program":"sequence_motif","program_repeats":3,"source":{},"events":[
          {"op":"all_gather","bytes":8,"ranks":[0,1],"repeat":1,"gap_us":1,
           "timing_samples":[{"arrival_offsets_us":[0,1]}]},
          {"op":"all_reduce","bytes":16,"ranks":[0,1],"repeat":5,
           "timing_samples":[{"timing_pattern":[{"gap_us":2,"weight":2,"arrival_offsets_us":[0,0]},
                                                {"gap_us":3,"arrival_offsets_us":[0,0]}],"pattern_repeats":1},
                             {"gap_us":4,"weight":2,"arrival_offsets_us":[0,0]}]}]}],
        "format":"commcanary.canary.v2","source_format":"commcanary.trace.v1"})";
    NullProgress progress;
    const Trace trace = expandPrototypeCanary(bytes, "motif.json", progress);
    QCOMPARE(trace.size(), std::size_t(1 + 3 * 6));
    QCOMPARE(trace.opName(0), std::string_view("barrier"));
    const std::vector<Ns> gaps = {1000, 2000, 2000, 3000, 4000, 4000};
    for (std::size_t rep = 0; rep < 3; ++rep) {
        QCOMPARE(trace.opName(1 + rep * 6), std::string_view("all_gather"));
        for (std::size_t k = 0; k < 6; ++k) {
            QCOMPARE(trace.effectiveGap[1 + rep * 6 + k], gaps[k]);
        }
    }
    QCOMPARE(trace.issueTime.back(), Ns(5000 + 3 * 16000));
}

void TestPrototypeCanary::refusals_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("weights short of repeat")
        << QString::fromStdString(
               leafCanary(R"("repeat":3,"timing_samples":[{"weight":2,"arrival_offsets_us":[0,0]}])"))
        << s("$.events[0].timing_samples: the timing records' weights add up to 2, the leaf's repeat is 3");
    QTest::newRow("weights past repeat")
        << QString::fromStdString(
               leafCanary(R"("repeat":1,"timing_samples":[{"weight":2,"arrival_offsets_us":[0,0]}])"))
        << s("$.events[0].timing_samples[0]: the timing records cover more than");
    QTest::newRow("no repeat") << QString::fromStdString(
                                      leafCanary(R"("timing_samples":[{"arrival_offsets_us":[0,0]}])"))
                               << s("$.events[0].repeat: is required");
    QTest::newRow("zero weight") << QString::fromStdString(leafCanary(
                                        R"("repeat":1,"timing_samples":[{"weight":0,"arrival_offsets_us":[0,0]}])"))
                                 << s("$.events[0].timing_samples[0].weight: must be a positive integer");
    QTest::newRow("unknown program")
        << s(R"({"compiler":{},"events":[{"program":"loop","program_repeats":2,"events":[]}],)"
             R"("format":"commcanary.canary.v2","source_format":"commcanary.trace.v1"})")
        << s("$.events[0].program: must be \"sequence_motif\"");
    QTest::newRow("not a trace's canary")
        << s(R"({"compiler":{},"events":[],"format":"commcanary.canary.v2","source_format":"other.v1"})")
        << s("$.source_format: must be \"commcanary.trace.v1\"");
    QTest::newRow("a trace rule") << QString::fromStdString(leafCanary(
                                         R"("repeat":1,"timing_samples":[{"gap_us":-1,"arrival_offsets_us":[0,0]}])"))
                                  << s("gap_us");
}

void TestPrototypeCanary::refusals()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    NullProgress progress;
    try {
        (void)parseTraceOrCanary(text.toStdString(), "bad.canary.json", progress);
        QFAIL("a malformed prototype canary was expanded");
    } catch (const InputError& e) {
        const QString message = QString::fromStdString(e.what());
        QVERIFY2(message.contains(s("bad.canary.json")) && message.contains(expected), qPrintable(message));
    }
}

void TestPrototypeCanary::expansionLimitIsCheckedFirst()
{
    const ResourceLimits saved = resourceLimits();
    resourceLimits().maxExpandedEvents = 1000;
    const std::string bytes = R"({"compiler":{},"events":[{"program":"sequence_motif","program_repeats":1000000,)"
                              R"("events":[{"op":"barrier","bytes":1,"ranks":[0,1],"repeat":1000000,)"
                              R"("timing_samples":[{"weight":1000000,"arrival_offsets_us":[0,0]}]}]}],)"
                              R"("format":"commcanary.canary.v2","source_format":"commcanary.trace.v1"})";
    NullProgress progress;
    QString message;
    try {
        (void)expandPrototypeCanary(bytes, "bomb.json", progress);
    } catch (const InputError& e) {
        message = QString::fromStdString(e.what());
    }
    resourceLimits() = saved;
    QVERIFY2(message.contains(s("$.events[0]")) && message.contains(s("more than 1000 logical events")),
             qPrintable(message));
}

void TestPrototypeCanary::infoNamesThePrototypesFormats()
{
    NullProgress progress;
    const QString report = dir_.filePath(s("report.v2.json"));
    QVERIFY(cctest::writeAll(report, R"({"configurations":[],"format":"commcanary.report.v2","metrics":{}})"));
    const FileInfo info = describeFile(cctest::toStd(report), progress);
    QCOMPARE(info.kind, std::string("commcanary.report.v2"));
    QCOMPARE(info.facts.back().first, std::string("written by"));
    if (!cctest::haveShared(s("peer"))) {
        QSKIP("../shared/peer is absent");
    }
    // The prototype's benchmark trace puts "format" after 24 MB of events.
    QCOMPARE(describeFile(peer("bench/trace-001000.json"), progress).kind, std::string("commcanary.trace.v1"));
    QCOMPARE(detectFileFormat(peer("bench/trace-100000.json")).format, FileFormat::Trace);
    QCOMPARE(describeFile(peer("canaries/llama70b_tp8_trace.default.canary.json"), progress).kind,
             std::string("commcanary.canary.v2"));
    QCOMPARE(describeFile(peer("bench/manifest.json"), progress).kind, std::string("commcanary.benchmark-fixtures.v1"));
}

QTEST_GUILESS_MAIN(TestPrototypeCanary)
#include "tst_prototype_canary.moc"
