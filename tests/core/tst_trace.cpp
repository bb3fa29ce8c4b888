// The trace model: reading, the format's rules, canonical order, derived timing, unknown skew,
// round trips, normalisation and golden hashes.
#include "core/generate/generators.h"
#include "core/trace/normalized.h"
#include "core/trace/projections.h"
#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"
#include "core/trace/trace_summary.h"

#include "test_support.h"

#include <QtTest>

using namespace cc;

namespace {

Trace parse(const std::string& json)
{
    NullProgress progress;
    return parseTrace(json, "test.json", progress);
}

QString refusal(const std::string& json)
{
    try {
        parse(json);
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

std::string doc(const std::string& events) { return R"({"format":"commcanary.trace.v1","events":[)" + events + "]}"; }

} // namespace

class TestTrace : public QObject {
    Q_OBJECT
private slots:
    void readsTheExampleAndDerivesTiming()
    {
        NullProgress progress;
        Trace t = readTrace(cctest::example(QStringLiteral("adversarial_decode.trace.json")).toStdString(), progress);
        QCOMPARE(t.size(), std::size_t(100));
        QCOMPARE(int(t.timing), int(TimingSemantics::Gapped));
        QCOMPARE(t.effectiveGap[0], Ns(1000));
        QCOMPARE(t.issueTime[0], Ns(1000));
        QCOMPARE(t.issueTime[99], Ns(2595000)); // 95 gaps of 1 us + 5 of 500 us
        QCOMPARE(int(t.skewState[10]), int(SkewState::Known));
        QCOMPARE(t.skewValue[10], Ns(500000));
        QCOMPARE(t.computeOverlap[10], Ns(10000000));
        QCOMPARE(t.pressure[10], std::int64_t(1000000000));
    }

    void timestampedOrderIsTimeThenInput()
    {
        Trace t = parse(doc(R"({"id":"b","op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":5},
                               {"id":"a","op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":2.5},
                               {"id":"c","op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":5})"));
        QCOMPARE(int(t.timing), int(TimingSemantics::Timestamped));
        QCOMPARE(QString::fromStdString(std::string(t.id(0))), QStringLiteral("a"));
        QCOMPARE(QString::fromStdString(std::string(t.id(1))), QStringLiteral("b"));
        QCOMPARE(QString::fromStdString(std::string(t.id(2))), QStringLiteral("c"));
        QCOMPARE(t.sourceIndex[0], 1U);
        QCOMPARE(t.originNs, Ns(2500));
        QCOMPARE(t.effectiveGap[1], Ns(2500));
        QCOMPARE(t.issueTime[2], Ns(2500));
    }

    void gappedFallsBackToComputeBefore()
    {
        Trace t = parse(doc(R"({"op":"broadcast","bytes":8,"ranks":[0,1],"root_rank":1,"compute_before_us":7},
                               {"op":"barrier","bytes":1,"ranks":3})"));
        QCOMPARE(t.effectiveGap[0], Ns(7000));
        QCOMPARE(t.effectiveGap[1], Ns(0));
        QCOMPARE(t.ranks(1).size(), std::size_t(3));
    }

    void mixedAcceptedWhenEveryEventHasAGap()
    {
        Trace t = parse(doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"gap_us":1,"start_us":10},
                               {"op":"all_reduce","bytes":8,"ranks":[0,1],"gap_us":2},
                               {"op":"all_reduce","bytes":8,"ranks":[0,1],"gap_us":3,"start_us":15})"));
        QCOMPARE(int(t.timing), int(TimingSemantics::MixedGapped));
        QCOMPARE(t.issueTime[2], Ns(6000));
    }

    void unknownSkewStaysUnknown()
    {
        Trace t = parse(doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1]},
                               {"op":"all_reduce","bytes":8,"ranks":[0,1],"arrival_skew_us":0})"));
        QCOMPARE(int(t.skewState[0]), int(SkewState::Unknown));
        QCOMPARE(int(t.skewState[1]), int(SkewState::Known));
        QCOMPARE(t.skewValue[1], Ns(0));
        auto s = summarizeTrace(t);
        QCOMPARE(s.skewUnknown, std::size_t(1));
        QCOMPARE(s.skewKnown, std::size_t(1));
        NullProgress progress;
        auto bytes = normalizedBytes(t, progress);
        // The unknown event is written as "unknown" with no value; the measured zero as a number.
        QVERIFY(bytes.find("\"unknown\",null") != std::string::npos);
        QVERIFY(bytes.find("\"known\",0") != std::string::npos);
    }

    void partialArrivalIsALowerBound()
    {
        Trace t = parse(doc(
            R"({"op":"all_reduce","bytes":8,"ranks":[0,1,2],"rank_arrival_us":{"0":0,"2":4},"partial_rank_arrival":true})"));
        QCOMPARE(int(t.skewState[0]), int(SkewState::Partial));
        QCOMPARE(t.skewValue[0], Ns(4000));
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        auto row = [](const char* name, const std::string& json, const char* expected) {
            QTest::newRow(name) << QString::fromStdString(json) << QString::fromLatin1(expected);
        };
        row("mixed timing", doc(R"({"id":"x0","op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":1},
                                   {"id":"x1","op":"all_reduce","bytes":8,"ranks":[0,1]})"),
            "event 1 (id \"x1\"): field start_us: mixed timing semantics");
        row("gap contradicts timestamps", doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":1},
                                                 {"op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":3,"gap_us":5})"),
            "event 1: field gap_us: is 5 us but start_us implies 2 us");
        row("negative number", doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"gap_us":-1})"),
            "field gap_us: value -1 must not be negative");
        row("non-finite number", doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"gap_us":NaN})"), "non-finite");
        row("finer than 1 ns", doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"gap_us":0.0001})"),
            "is finer than 1 ns");
        row("zero bytes", doc(R"({"op":"all_reduce","bytes":0,"ranks":[0,1]})"), "field bytes: must be a positive integer");
        row("negative bytes", doc(R"({"op":"all_reduce","bytes":-8,"ranks":[0,1]})"), "field bytes: must be a positive");
        row("empty ranks", doc(R"({"op":"all_reduce","bytes":8,"ranks":[]})"), "field ranks: must name at least one rank");
        row("duplicate ranks", doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1,1]})"), "rank 1 appears twice");
        row("arrival key not a member", doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"rank_arrival_us":{"0":0,"1":1,"7":2}})"),
            "field rank_arrival_us: rank 7 is not a member of ranks");
        row("send without receiver", doc(R"({"op":"send","bytes":8,"ranks":[0,1],"sender_rank":0})"),
            "field receiver_rank: send needs both endpoints");
        row("recv endpoint outside ranks", doc(R"({"op":"recv","bytes":8,"ranks":[0,1],"sender_rank":0,"receiver_rank":5})"),
            "field receiver_rank: rank 5 is not a member of ranks");
        row("unknown op", doc(R"({"op":"allreduce_coalesced","bytes":8,"ranks":[0,1]})"),
            "unknown operation \"allreduce_coalesced\"");
        row("wrong format", R"({"format":"commcanary.trace.v2","events":[]})", "field format: is \"commcanary.trace.v2\"");
        row("missing format", R"({"events":[]})", "field format: is missing");
        row("skew contradicts arrivals", doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"rank_arrival_us":{"0":0,"1":3},"arrival_skew_us":1})"),
            "contradicting values are refused");
        row("arrivals from some ranks unmarked", doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1,2],"rank_arrival_us":{"0":0}})"),
            "covers 1 of 3 ranks");
        row("unknown dtype", doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"dtype":"float128"})"), "unknown dtype");
        row("duplicate key", doc(R"({"op":"all_reduce","bytes":8,"bytes":9,"ranks":[0,1]})"), "appears twice in one event");
        row("overlap both known and unknown", doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"compute_overlap_us":1,"compute_overlap_unknown":true})"),
            "cannot be both measured and unknown");
        row("malformed json", R"({"format":"commcanary.trace.v1","events":[{"op":)", "malformed JSON");
        row("mixed stamps contradict gaps", doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"gap_us":1,"start_us":10},
                                                   {"op":"all_reduce","bytes":8,"ranks":[0,1],"gap_us":2},
                                                   {"op":"all_reduce","bytes":8,"ranks":[0,1],"gap_us":2,"start_us":20})"),
            "the gaps in between add up to 4 us");
    }
    void refusals()
    {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        QString message = refusal(json.toStdString());
        QVERIFY2(message.contains(expected), qPrintable(QStringLiteral("got: ") + message));
        QVERIFY2(message.startsWith(QStringLiteral("test.json")), qPrintable(message));
    }

    void roundTripIsIdentityOnTheNormalisedForm()
    {
        NullProgress progress;
        const auto files = QDir(cctest::examplesDir()).entryList({QStringLiteral("*.trace.json")});
        QVERIFY(files.size() >= 3);
        for (const auto& name : files) {
            Trace a = readTrace(cctest::example(name).toStdString(), progress);
            std::string written = writeTraceJson(a);
            Trace b = parseTrace(written, "rewritten", progress);
            QCOMPARE(normalizedBytes(b, progress), normalizedBytes(a, progress));
            QCOMPARE(writeTraceJson(b), written);
            QCOMPARE(b.size(), a.size());
            for (std::size_t i = 0; i < a.size(); i += 97) {
                QVERIFY(a.event(i) == b.event(i));
            }
        }
    }

    void unknownFieldsArePreserved()
    {
        NullProgress progress;
        Trace t = parse(R"({"format":"commcanary.trace.v1","x_top":{"a":[1,2]},"workload":{"name":"w"},
            "events":[{"op":"all_reduce","bytes":8,"ranks":[0,1],"x_vendor":{"k": "v", "n": 1.25},"compute_recipe":[]}]})");
        std::string written = writeTraceJson(t);
        QVERIFY(written.find(R"("x_vendor":{"k":"v","n":1.25})") != std::string::npos);
        QVERIFY(written.find(R"("compute_recipe":[])") != std::string::npos);
        QVERIFY(written.find(R"("x_top":{"a":[1,2]})") != std::string::npos);
        QVERIFY(written.find(R"("workload":{"name":"w"})") != std::string::npos);
        Trace again = parseTrace(written, "again", progress);
        QCOMPARE(again.event(0).extraJson, t.event(0).extraJson);
    }

    void hashIgnoresFormattingButNotBehaviour()
    {
        NullProgress progress;
        Trace gapped = parse(doc(R"({"id":"p","op":"all_reduce","bytes":8,"ranks":[0,1],"gap_us":0},
                                    {"id":"q","op":"all_reduce","bytes":8,"ranks":[0,1],"gap_us":2})"));
        Trace stamped = parse(doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":100},
                                     {"op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":102})"));
        QCOMPARE(normalizedSha256(gapped, progress), normalizedSha256(stamped, progress));
        Trace other = parse(doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":100},
                                   {"op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":102.001})"));
        QVERIFY(normalizedSha256(other, progress) != normalizedSha256(stamped, progress));
    }

    void eventRangeCommitmentsAreSelfContained()
    {
        NullProgress progress;
        Trace t = readTrace(cctest::example(QStringLiteral("training.trace.json")).toStdString(), progress);
        // The same range hashes the same whatever precedes it.
        const auto whole = eventRangeSha256(t, 274, 548);
        Trace shifted = readTrace(cctest::example(QStringLiteral("training.trace.json")).toStdString(), progress);
        QCOMPARE(eventRangeSha256(shifted, 274, 548), whole);
        QVERIFY(eventRangeSha256(t, 274, 548) != eventRangeSha256(t, 274, 547));
        // Regular training iterations are identical, so equal windows commit to equal bytes.
        QCOMPARE(eventRangeSha256(t, 274 + 1, 548), eventRangeSha256(t, 548 + 1, 822));
    }

    void goldenHashes_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("sha");
        QTest::newRow("adversarial") << QStringLiteral("adversarial_decode.trace.json")
                                     << QStringLiteral("968b752d68d68adae0295eceb18334dcd479e59f7760278d1bebbeac64de1d84");
        QTest::newRow("training") << QStringLiteral("training.trace.json")
                                  << QStringLiteral("eb2a25a237dcac1b9de9717b4a93f16f45c8eed9e5c4b459d6e5154b5c85fb89");
        QTest::newRow("decode") << QStringLiteral("decode.trace.json")
                                << QStringLiteral("4dead039d68abe116e57a2031286519e5518b1feedf9e46821868ac6a56c1a5f");
        QTest::newRow("training jittered") << QStringLiteral("training_jittered.trace.json")
                                           << QStringLiteral("3618179dd6867678ef2b6f52950cd3e024bd1881d158b1f6ce2a632e962cc6a7");
    }
    void goldenHashes()
    {
        // Pins the canonical bytes: a change here is a decision about the format, not an accident.
        QFETCH(QString, file);
        QFETCH(QString, sha);
        NullProgress progress;
        Trace t = readTrace(cctest::example(file).toStdString(), progress);
        QCOMPARE(QString::fromStdString(normalizedSha256(t, progress)), sha);
    }

    void generatorsAreDeterministicAndMatchTheBundledExamples()
    {
        NullProgress progress;
        for (const auto& [name, file] : {std::pair{"adversarial", "adversarial_decode.trace.json"},
                                         std::pair{"training", "training.trace.json"},
                                         std::pair{"decode", "decode.trace.json"}}) {
            GeneratorOptions options;
            Trace a = generateByName(name, options, progress);
            Trace b = generateByName(name, options, progress);
            QCOMPARE(writeTraceJson(a), writeTraceJson(b));
            QCOMPARE(QByteArray::fromStdString(writeTraceJson(a)), cctest::readAll(cctest::example(QString::fromLatin1(file))));
        }
        GeneratorOptions big;
        big.events = 20000;
        Trace large = generateTraining(big, progress);
        QCOMPARE(large.size(), std::size_t(20000));
        GeneratorOptions jitter;
        jitter.jitter = 3000;
        Trace jittered = generateTraining(jitter, progress);
        Trace regular = generateTraining(GeneratorOptions{}, progress);
        QVERIFY(normalizedSha256(jittered, progress) != normalizedSha256(regular, progress));
    }

    void matchesThePrototypeAdversarialTrace()
    {
        if (!cctest::haveShared(QStringLiteral("peer/traces"))) {
            QSKIP("../shared/peer is absent: the prototype's traces are not available here");
        }
        NullProgress progress;
        Trace ours = readTrace(cctest::example(QStringLiteral("adversarial_decode.trace.json")).toStdString(), progress);
        Trace theirs = readTrace(QString(cctest::sharedDir() + QStringLiteral("/peer/traces/adversarial_decode.trace.json")).toStdString(), progress);
        QCOMPARE(normalizedSha256(ours, progress), normalizedSha256(theirs, progress));
    }

    void readsEveryPrototypeTraceAndFixture()
    {
        if (!cctest::haveShared(QStringLiteral("peer/traces"))) {
            QSKIP("../shared/peer is absent: the prototype's traces are not available here");
        }
        NullProgress progress;
        for (const auto& path : {QStringLiteral("/peer/traces/llama70b_tp8_trace.json"),
                                 QStringLiteral("/peer/traces/llama70b_tp8_trace_long.json"),
                                 QStringLiteral("/peer/bench/trace-001000.json")}) {
            Trace t = readTrace(QString(cctest::sharedDir() + path).toStdString(), progress);
            QVERIFY(t.size() > 0);
        }
        Trace fixture = readTrace(QString(cctest::sharedDir() + QStringLiteral("/peer/bench/trace-001000.json")).toStdString(), progress);
        QCOMPARE(fixture.size(), std::size_t(1000));
        QVERIFY(fixture.rankSets.at(fixture.rankSet[0]).asCount); // "ranks": 4
        QCOMPARE(fixture.ranks(0).size(), std::size_t(4));
    }

    void projectionsAreContentBased()
    {
        NullProgress progress;
        Trace a = parse(doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"group":"g"},{"op":"broadcast","bytes":8,"ranks":[0,1],"group":"g"})"));
        Trace b = parse(doc(R"({"op":"broadcast","bytes":8,"ranks":[0,1],"group":"g"},{"op":"all_reduce","bytes":8,"ranks":[0,1],"group":"g"})"));
        // interned ids differ between the traces, content hashes do not
        QCOMPARE(contentHash(a, opSignature(a, 0)), contentHash(b, opSignature(b, 1)));
        QVERIFY(contentHash(a, opSignature(a, 0)) != contentHash(a, opSignature(a, 1)));
        QCOMPARE(QString::fromStdString(schedulerResource(a, 0)), QStringLiteral("group:g"));
        QVERIFY(noiseKey(1, 0) != noiseKey(1, 1));
    }
};

QTEST_APPLESS_MAIN(TestTrace)
#include "tst_trace.moc"
