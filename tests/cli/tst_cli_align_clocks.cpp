// align-clocks end to end with the real binary: two synthetic shards with a known offset give the
// calibration the bounds imply, merge turns it into measured skew, verify-behavior reaches verified
// only when that skew's stated uncertainty is within the absolute tolerance, and the refusals
// (too few shards, no -o, a stated skew uncertainty that is not a time, a Kineto kernel that ends
// before its call) exit with their codes and write nothing. The real 8-rank DLRM imports are
// aligned by their kernels' ends, and their merged skew stays far above the default tolerance.
#include "test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using cctest::runCli;

class TestCliAlignClocks : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path(const QString& name) const { return dir_.filePath(name); }
    /// The known-offset shards as PREFIX-rank{0,1}.json, aligned into PREFIX-cal.json and merged with
    /// that calibration into PREFIX-merged.json; returns the merged trace, or nothing when a step failed.
    QString calibratedMerge(const QString& prefix) const;
private slots:
    void initTestCase();
    void knownOffsetIsBoundedAndMerged();
    void mergedSkewIsVerifiedOnlyWithinTheTolerance();
    void compiledClaimIsNoStrongerThanTheVerification();
    void strictBoundedCanaryOfUnknownSkewPassesFidelity();
    void subsetCanaryListsTheSkewLimit();
    void statedSkewUncertaintyThatIsNotATimeIsRefused();
    void kinetoImportsAreAlignedByTheirKernels();
    void kernelEndingBeforeItsCallIsRefused();
    void usageErrors();
};

namespace {

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

QJsonObject readObject(const QString& file)
{
    return QJsonDocument::fromJson(cctest::readAll(file)).object();
}

QByteArray shard(int rank, qint64 originNs, const char* events)
{
    return QByteArray("{\"format\":\"commcanary.trace.v1\",\"system\":{\"rank_local\":{\"rank\":") +
           QByteArray::number(rank) + QByteArray(",\"clock_origin_ns\":") + QByteArray::number(originNs) +
           QByteArray("}},\"events\":[") + QByteArray(events) + QByteArray("]}");
}

} // namespace

void TestCliAlignClocks::initTestCase()
{
    QVERIFY(dir_.isValid());
}

namespace {

/// Rank 1's clock runs 2000 us behind rank 0's. Collective 0: rank 0 arrives at 1e6 us, rank 1
/// 30 us later, both leave at +100 us; collective 1: arrivals at +1000 and +1010, exits at +1060.
bool writeKnownOffsetShards(const QString& a, const QString& b)
{
    return cctest::writeAll(a, shard(0, 1'000'000'000, R"(
        {"op":"all_reduce","bytes":1024,"ranks":[0,1],"group":"dp","message_sequence":0,"start_us":0,"duration_us":100},
        {"op":"all_reduce","bytes":1024,"ranks":[0,1],"group":"dp","message_sequence":1,"start_us":1000,"duration_us":60})")) &&
           cctest::writeAll(b, shard(1, 998'000'000, R"(
        {"op":"all_reduce","bytes":1024,"ranks":[0,1],"group":"dp","message_sequence":0,"start_us":30,"duration_us":70},
        {"op":"all_reduce","bytes":1024,"ranks":[0,1],"group":"dp","message_sequence":1,"start_us":1010,"duration_us":50})"));
}

} // namespace

QString TestCliAlignClocks::calibratedMerge(const QString& prefix) const
{
    const QString a = path(prefix + s("-rank0.json"));
    const QString b = path(prefix + s("-rank1.json"));
    const QString cal = path(prefix + s("-cal.json"));
    const QString merged = path(prefix + s("-merged.json"));
    if (!writeKnownOffsetShards(a, b) || runCli({s("align-clocks"), a, b, s("-o"), cal}).exitCode != 0 ||
        runCli({s("merge"), a, b, s("--clock-calibration"), cal, s("-o"), merged}).exitCode != 0) {
        return {};
    }
    return merged;
}

void TestCliAlignClocks::knownOffsetIsBoundedAndMerged()
{
    const QString a = path(s("rank0.json"));
    const QString b = path(s("rank1.json"));
    QVERIFY(writeKnownOffsetShards(a, b));
    const QString cal = path(s("cal.json"));
    auto r = runCli({s("align-clocks"), a, b, s("-o"), cal});
    QCOMPARE(r.exitCode, 0);
    // Bounds: collective 0 gives [1900, 2070] us, collective 1 [1940, 2050]: 1995 +- 55 us.
    QVERIFY2(r.out.contains(s("rank 1  offset 1995 us +- 55 us  (bound [1940, 2050] us from 2 collectives)")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(s("merged skew uncertainty: up to 55 us per collective")), qPrintable(r.out));
    const auto doc = readObject(cal);
    QCOMPARE(doc[s("format")].toString(), s("commcanary-workbench.clock-calibration.v1"));
    QCOMPARE(doc[s("method")].toString(), s("collective_completion"));
    const auto ranks = doc[s("ranks")].toArray();
    QCOMPARE(ranks.size(), 2);
    QCOMPARE(ranks[1].toObject()[s("offset_us")].toDouble(), 1995.0);
    QCOMPARE(ranks[1].toObject()[s("uncertainty_us")].toDouble(), 55.0);
    QVERIFY(std::abs(ranks[1].toObject()[s("offset_us")].toDouble() - 2000.0) <=
            ranks[1].toObject()[s("uncertainty_us")].toDouble());
    const QString merged = path(s("merged.json"));
    QCOMPARE(runCli({s("merge"), a, b, s("--clock-calibration"), cal, s("-o"), merged}).exitCode, 0);
    const auto e = readObject(merged)[s("events")].toArray()[0].toObject();
    // rank 1 arrives at 998030 + 1995 = 1000025 us on rank 0's clock: skew 25 us (truth 30) +- 55 us
    QCOMPARE(e[s("rank_arrival_us")].toObject()[s("1")].toDouble(), 25.0);
    QCOMPARE(e[s("arrival_skew_uncertainty_us")].toDouble(), 55.0);
}

void TestCliAlignClocks::mergedSkewIsVerifiedOnlyWithinTheTolerance()
{
    const QString a = path(s("v-rank0.json"));
    const QString b = path(s("v-rank1.json"));
    QVERIFY(writeKnownOffsetShards(a, b));
    const QString cal = path(s("v-cal.json"));
    const QString merged = path(s("v-merged.json"));
    const QString canary = path(s("v-canary.json"));
    QCOMPARE(runCli({s("align-clocks"), a, b, s("-o"), cal}).exitCode, 0);
    // 1995 +- 55 us against the true 2000 us
    const auto rank1 = readObject(cal)[s("ranks")].toArray()[1].toObject();
    QVERIFY(std::abs(rank1[s("offset_us")].toDouble() - 2000.0) <= rank1[s("uncertainty_us")].toDouble());
    QCOMPARE(runCli({s("merge"), a, b, s("--clock-calibration"), cal, s("-o"), merged}).exitCode, 0);
    QCOMPARE(runCli({s("compile"), merged, s("-o"), canary}).exitCode, 0);

    // The default absolute tolerance (1 us) is far below the 55 us the clocks are known to.
    const QString unverified = path(s("v-unverified.json"));
    auto r = runCli({s("verify-behavior"), merged, canary, s("--require"), s("verified"), s("-o"), unverified});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains(s("claim: behaviorally_unverified")) &&
                 r.out.contains(s("because: 2 of 2 source events with measured skew have a skew uncertainty above "
                                  "the absolute tolerance of 1 us (the largest is 55 us)")),
             qPrintable(r.out));
    auto v = readObject(unverified);
    QCOMPARE(v[s("claim")].toString(), s("behaviorally_unverified"));
    auto skew = v[s("source")].toObject()[s("uncertainty")].toObject()[s("arrival_skew_uncertainty")].toObject();
    QCOMPARE(skew[s("events")].toInt(), 2);
    QCOMPARE(skew[s("max_ns")].toInt(), 55'000);
    QCOMPARE(skew[s("tolerance_ns")].toInt(), 1'000);
    QCOMPARE(skew[s("above_tolerance_events")].toInt(), 2);
    auto info = runCli({s("info"), unverified});
    QCOMPARE(info.exitCode, 0);
    QVERIFY2(info.out.contains(s("at most 55 us over 2 events, 2 above the absolute tolerance of 1 us")),
             qPrintable(info.out));

    // Declaring 55 us acceptable for a latency makes the same skew known well enough.
    const QString verified = path(s("v-verified.json"));
    r = runCli({s("verify-behavior"), merged, canary, s("--absolute-tolerance-us"), s("55"), s("--require"),
                s("verified"), s("-o"), verified});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(s("claim: verified")), qPrintable(r.out));
    v = readObject(verified);
    skew = v[s("source")].toObject()[s("uncertainty")].toObject()[s("arrival_skew_uncertainty")].toObject();
    QCOMPARE(skew[s("tolerance_ns")].toInt(), 55'000);
    QCOMPARE(skew[s("above_tolerance_events")].toInt(), 0);
    QCOMPARE(runCli({s("info"), verified}).exitCode, 0); // the strict reader accepts what was written

    // Without a calibration the merged skew is unknown, and the report has no such field.
    const QString plain = path(s("v-plain.json"));
    const QString plainCanary = path(s("v-plain-canary.json"));
    const QString plainVerification = path(s("v-plain-verification.json"));
    QCOMPARE(runCli({s("merge"), a, b, s("-o"), plain}).exitCode, 0);
    QCOMPARE(runCli({s("compile"), plain, s("-o"), plainCanary}).exitCode, 0);
    QCOMPARE(runCli({s("verify-behavior"), plain, plainCanary, s("-o"), plainVerification}).exitCode, 0);
    const auto u = readObject(plainVerification)[s("source")].toObject()[s("uncertainty")].toObject();
    QVERIFY(!u.contains(s("arrival_skew_uncertainty")));
    QCOMPARE(u[s("unknown_skew_events")].toInt(), 2);
}

void TestCliAlignClocks::statedSkewUncertaintyThatIsNotATimeIsRefused()
{
    const QString merged = calibratedMerge(s("n"));
    QVERIFY(!merged.isEmpty());
    const QString canary = path(s("n-canary.json"));
    QCOMPARE(runCli({s("compile"), merged, s("-o"), canary}).exitCode, 0);
    QByteArray text = cctest::readAll(merged);
    const QByteArray field("\"arrival_skew_uncertainty_us\":55");
    QVERIFY(text.contains(field));
    text.replace(field, QByteArray("\"arrival_skew_uncertainty_us\":-55"));
    const QString edited = path(s("n-edited.json"));
    QVERIFY(cctest::writeAll(edited, text));
    const QString output = path(s("n-verification.json"));
    const auto r = runCli({s("verify-behavior"), edited, canary, s("-o"), output});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(s("n-edited.json: event 0")) && r.err.contains(s("field arrival_skew_uncertainty_us")) &&
                 r.err.contains(s("-55")),
             qPrintable(r.err));
    QVERIFY(!QFile::exists(output));
    // The compiler reads the same field for its claim, and refuses it the same way.
    const QString edCanary = path(s("n-edited-canary.json"));
    const auto c = runCli({s("compile"), edited, s("-o"), edCanary});
    QCOMPARE(c.exitCode, 3);
    QVERIFY2(c.err.contains(s("n-edited.json: event 0")) && c.err.contains(s("field arrival_skew_uncertainty_us")),
             qPrintable(c.err));
    QVERIFY(!QFile::exists(edCanary));
}

namespace {

QString claimOf(const QString& canary)
{
    return readObject(canary)[s("claim")].toString();
}

QStringList claimLimitsOf(const QString& canary)
{
    QStringList limits;
    for (const auto& limit : readObject(canary)[s("claim_limits")].toArray()) {
        limits << limit.toString();
    }
    return limits;
}

} // namespace

void TestCliAlignClocks::compiledClaimIsNoStrongerThanTheVerification()
{
    const QString merged = calibratedMerge(s("k"));
    QVERIFY(!merged.isEmpty());
    const QStringList skewLimit{s("skew_uncertainty_above_tolerance")};

    // Above the tolerance: 55 us of stated skew uncertainty against 1 us (the default) and 54 us. The
    // gate passes every status, but the claim is capped exactly where verify-behavior caps its own.
    for (const QString& tolerance : {s("1"), s("54")}) {
        const QString canary = path(s("k-above-") + tolerance + s(".json"));
        auto r = runCli({s("compile"), merged, s("--strict"), s("--timing-sample-limit"), s("2"),
                         s("--absolute-tolerance-us"), tolerance, s("-o"), canary});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(s("claim behaviorally_unverified (skew_uncertainty_above_tolerance)")),
                 qPrintable(r.out));
        QCOMPARE(claimOf(canary), s("behaviorally_unverified"));
        QCOMPARE(claimLimitsOf(canary), skewLimit);
        r = runCli({s("verify-behavior"), merged, canary, s("--absolute-tolerance-us"), tolerance});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(s("claim: behaviorally_unverified")), qPrintable(r.out));
        r = runCli({s("verify-fidelity"), merged, canary, s("--absolute-tolerance-us"), tolerance});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }

    // At the tolerance: the same source earns behavior_verified, and verify-behavior says verified.
    const QString verified = path(s("k-at-55.json"));
    auto r = runCli({s("compile"), merged, s("--strict"), s("--timing-sample-limit"), s("2"),
                     s("--absolute-tolerance-us"), s("55"), s("-o"), verified});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(claimOf(verified), s("behavior_verified"));
    QVERIFY(claimLimitsOf(verified).isEmpty());
    r = runCli(
        {s("verify-behavior"), merged, verified, s("--absolute-tolerance-us"), s("55"), s("--require"), s("verified")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(s("claim: verified")), qPrintable(r.out));
    QCOMPARE(runCli({s("verify-fidelity"), merged, verified, s("--absolute-tolerance-us"), s("55")}).exitCode, 0);
    // Held to the default tolerance, that claim is too strong, and verify-fidelity says why.
    r = runCli({s("verify-fidelity"), merged, verified});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(s("claim says behavior_verified but the source allows at most behaviorally_unverified")) &&
                 r.err.contains(s("claim_limits omits skew_uncertainty_above_tolerance, which the source's events "
                                  "require (2 of 2 covered events state a skew uncertainty above the absolute "
                                  "tolerance of 1 us; the largest is 55 us)")),
             qPrintable(r.err));

    // Without a gate the claim is held to the default tolerance: a lossless canary expands to the
    // source, but that proves no more than the source's clocks allow.
    const QString lossless = path(s("k-lossless.json"));
    QCOMPARE(runCli({s("compile"), merged, s("-o"), lossless}).exitCode, 0);
    QCOMPARE(claimOf(lossless), s("behaviorally_unverified"));
    QCOMPARE(claimLimitsOf(lossless), skewLimit);
    QCOMPARE(runCli({s("verify-fidelity"), merged, lossless}).exitCode, 0);
    const QString strictLossless = path(s("k-lossless-55.json"));
    QCOMPARE(
        runCli({s("compile"), merged, s("--strict"), s("--absolute-tolerance-us"), s("55"), s("-o"), strictLossless})
            .exitCode,
        0);
    QCOMPARE(claimOf(strictLossless), s("exact_expansion"));

    // Behaviour search emits through a verifying gate too, and caps its claim the same way.
    for (const QString& tolerance : {s("1"), s("55")}) {
        const QString searched = path(s("k-search-") + tolerance + s(".json"));
        r = runCli(
            {s("compile"), merged, s("--behavior-search"), s("--absolute-tolerance-us"), tolerance, s("-o"), searched});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const bool above = tolerance == s("1");
        QCOMPARE(claimLimitsOf(searched).contains(s("skew_uncertainty_above_tolerance")), above);
        QCOMPARE(claimOf(searched) == s("behaviorally_unverified"), above);
        r = runCli({s("verify-behavior"), merged, searched, s("--absolute-tolerance-us"), tolerance});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(above ? s("claim: behaviorally_unverified") : s("claim: verified")), qPrintable(r.out));
    }

    // A hand-edited canary that drops the limit is flagged by verify-fidelity's claim check, whether it
    // keeps its claim or raises it.
    const QByteArray original = cctest::readAll(path(s("k-above-1.json")));
    const QByteArray listed("\"claim_limits\":[\"skew_uncertainty_above_tolerance\"]");
    QVERIFY(original.contains(listed));
    for (const bool raise : {false, true}) {
        QByteArray text = original;
        text.replace(listed, QByteArray("\"claim_limits\":[]"));
        if (raise) {
            text.replace(QByteArray("\"claim\":\"behaviorally_unverified\""),
                         QByteArray("\"claim\":\"behavior_verified\""));
        }
        const QString edited = path(raise ? s("k-raised.json") : s("k-dropped.json"));
        QVERIFY(cctest::writeAll(edited, text));
        r = runCli({s("verify-fidelity"), merged, edited});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(s("claim: FAIL")) &&
                     r.err.contains(s("claim_limits omits skew_uncertainty_above_tolerance")),
                 qPrintable(r.err));
        QCOMPARE(r.err.contains(s("claim says behavior_verified but the source allows at most")), raise);
    }
}

void TestCliAlignClocks::strictBoundedCanaryOfUnknownSkewPassesFidelity()
{
    // A strict compilation verifies the bounded candidate, so it drops bounded_timing_not_behavior_verified
    // also when unknown skew caps the claim; verify-fidelity accepts what the compiler wrote.
    const QString a = path(s("u-rank0.json"));
    const QString b = path(s("u-rank1.json"));
    QVERIFY(writeKnownOffsetShards(a, b));
    const QString merged = path(s("u-merged.json"));
    const QString canary = path(s("u-canary.json"));
    QCOMPARE(runCli({s("merge"), a, b, s("-o"), merged}).exitCode, 0);
    QCOMPARE(
        runCli({s("compile"), merged, s("--strict"), s("--timing-sample-limit"), s("2"), s("-o"), canary}).exitCode, 0);
    QCOMPARE(claimLimitsOf(canary), QStringList{s("unknown_skew")});
    auto r = runCli({s("verify-fidelity"), merged, canary});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    // Without the gate the compiler lists both limits, and verify-fidelity accepts them.
    const QString plain = path(s("u-plain.json"));
    QCOMPARE(runCli({s("compile"), merged, s("--timing-sample-limit"), s("2"), s("-o"), plain}).exitCode, 0);
    QCOMPARE(claimLimitsOf(plain), (QStringList{s("unknown_skew"), s("bounded_timing_not_behavior_verified")}));
    QCOMPARE(runCli({s("verify-fidelity"), merged, plain}).exitCode, 0);
}

void TestCliAlignClocks::subsetCanaryListsTheSkewLimit()
{
    // A sampled baseline and a ddmin result are canaries of source events: the kept events' stated
    // skew uncertainty caps them too, and verify-fidelity recomputes the same limits.
    const QString merged = calibratedMerge(s("b"));
    QVERIFY(!merged.isEmpty());
    const QString sampled = path(s("b-sampled.json"));
    QCOMPARE(runCli({s("baseline"), merged, s("--method"), s("random"), s("--sample-count"), s("1"), s("-o"), sampled})
                 .exitCode,
             0);
    QCOMPARE(claimLimitsOf(sampled), (QStringList{s("partial_coverage"), s("skew_uncertainty_above_tolerance")}));
    auto r = runCli({s("verify-fidelity"), merged, sampled});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QString reduced = path(s("b-reduced.json"));
    QCOMPARE(runCli({s("reduce"), merged, s("-o"), reduced}).exitCode, 0);
    QVERIFY(claimLimitsOf(reduced).contains(s("skew_uncertainty_above_tolerance")));
    QCOMPARE(claimOf(reduced), s("behaviorally_unverified"));
    r = runCli({s("verify-fidelity"), merged, reduced});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
}

void TestCliAlignClocks::kinetoImportsAreAlignedByTheirKernels()
{
    if (!cctest::haveShared(s("data/kineto/param-dlrm-8ranks"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    QStringList shards;
    for (int r = 0; r < 8; ++r) {
        const QString out = path(QStringLiteral("dlrm%1.json").arg(r));
        const auto imported =
            runCli({s("import-kineto"),
                    cctest::sharedDir() + QStringLiteral("/data/kineto/param-dlrm-8ranks/worker%1.json.gz").arg(r),
                    s("-o"), out});
        QCOMPARE(imported.exitCode, 0);
        // A legacy profile numbers each NCCL kernel by its correlation id: the kernel is reached
        // through the cudaLaunchKernel inside its nccl: call, and its end is the call's completion.
        QVERIFY2(imported.out.contains(s("linked through CUDA launches: 8 kernels; completion for 8 calls")),
                 qPrintable(imported.out));
        shards << out;
    }
    const QString cal = path(s("dlrm-cal.json"));
    auto r = runCli(QStringList{s("align-clocks")} + shards + QStringList{s("-o"), cal});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    // One host clock: every bound contains 0, but only as tightly as the shortest stretch from a
    // call to its kernel's end allows (hundreds of microseconds).
    QVERIFY2(r.out.contains(s("bounded by 8 matched synchronising collectives")) &&
                 r.out.contains(s("rank 1  offset -4.5 us +- 205.5 us  (bound [-210, 201] us from 8 collectives)")) &&
                 r.out.contains(s("rank 7  offset -88 us +- 122 us  (bound [-210, 34] us from 8 collectives)")) &&
                 r.out.contains(s("merged skew uncertainty: up to 419.5 us per collective")),
             qPrintable(r.out));
    const auto ranks = readObject(cal)[s("ranks")].toArray();
    QCOMPARE(ranks.size(), 8);

    // Merged with that calibration, skew is measured but far less certain than the 1 us default
    // absolute tolerance, and compute overlap stays unknown: the claim stays behaviorally_unverified.
    const QString merged = path(s("dlrm-merged.json"));
    const QString canary = path(s("dlrm-canary.json"));
    const QString verification = path(s("dlrm-verification.json"));
    r = runCli(QStringList{s("merge")} + shards + QStringList{s("--clock-calibration"), cal, s("-o"), merged});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(runCli({s("compile"), merged, s("-o"), canary}).exitCode, 0);
    r = runCli({s("verify-behavior"), merged, canary, s("-o"), verification});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(s("claim: behaviorally_unverified")) &&
                 r.out.contains(s("8 of 8 source events with measured skew have a skew uncertainty above the absolute "
                                  "tolerance of 1 us (the largest is 419.5 us)")) &&
                 r.out.contains(s("because: 8 source events have unknown compute overlap")) &&
                 !r.out.contains(s("unknown arrival skew")),
             qPrintable(r.out));
}

void TestCliAlignClocks::kernelEndingBeforeItsCallIsRefused()
{
    // A legacy call whose kernel, reached through the launch inside it, ends before the call starts.
    const QString profile = path(s("before.json"));
    QVERIFY(cctest::writeAll(
        profile, QByteArray(R"({"distributedInfo": {"backend": "nccl", "rank": 0, "world_size": 2}, "traceEvents": [
 {"ph": "X", "cat": "user_annotation", "name": "nccl:all_reduce", "pid": 1, "tid": 1, "ts": 100, "dur": 30, "args": {"External id": 3, "Input Dims": [[256]], "Input type": ["float"]}},
 {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": 110, "dur": 5, "args": {"External id": 77, "correlation": 77}},
 {"ph": "X", "cat": "kernel", "name": "ncclKernel_AllReduce_RING_LL_Sum_float", "pid": 0, "tid": 7, "ts": 50, "dur": 40, "args": {"External id": 77, "correlation": 77}}
]})")));
    const QString trace = path(s("before-trace.json"));
    const QString ledger = path(s("before-ledger.json"));
    const auto r = runCli({s("import-kineto"), profile, s("-o"), trace, s("--ledger"), ledger});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(profile) && r.err.contains(s("traceEvents[0]")) &&
                 r.err.contains(s("its GPU record traceEvents[2] (linked through the CUDA launch traceEvents[1]) ends "
                                  "at 90 us, before the call starts")),
             qPrintable(r.err));
    QVERIFY(!QFile::exists(trace));
    QVERIFY(!QFile::exists(ledger));
}

void TestCliAlignClocks::usageErrors()
{
    const QString cal = path(s("usage-cal.json"));
    QCOMPARE(runCli({s("align-clocks"), s("a.json"), s("-o"), cal}).exitCode, 2); // one shard
    QCOMPARE(runCli({s("align-clocks"), s("a.json"), s("b.json")}).exitCode, 2);  // no -o
    auto help = runCli({s("align-clocks"), s("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains(s("collective_completion")));
    QVERIFY(!QFile::exists(cal));
}

QTEST_GUILESS_MAIN(TestCliAlignClocks)
#include "tst_cli_align_clocks.moc"
