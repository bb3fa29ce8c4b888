// Behaviour verification: the tolerance arithmetic, the five separate statuses and the derived
// claim, on the bundled adversarial trace and on canaries tampered with one edit each.
#include "core/canary/canary_reader.h"
#include "core/canary/canary_writer.h"
#include "core/canary/commitment.h"
#include "core/compile/compiler.h"
#include "core/configs/config_io.h"
#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"
#include "core/verify/behavior_verifier.h"
#include "core/verify/strict_gate.h"
#include "core/verify/verification_json.h"

#include "verify_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace cc;
using namespace cc::verify;

namespace {

/// Serialises (fixing the size figures) and reads back through the real reader, as a file would be.
Canary roundTrip(Canary canary)
{
    const std::string bytes = serializeCanary(canary);
    return parseCanary(bytes, "tampered.canary.json");
}

Canary losslessCanary(const Trace& trace)
{
    NullProgress progress;
    return compileCanary(trace, CompileOptions{}, progress).canary;
}

/// The first bounded canary (largest limit first) whose verification passes every status.
Canary passingBoundedCanary(const Trace& trace, const VerifyOptions& options)
{
    NullProgress progress;
    SourceReference ref = prepareSourceReference(trace, options, progress);
    for (std::uint64_t limit : {64, 32, 16, 8, 4, 2, 1}) {
        CompileOptions o;
        o.timingMode = CanaryTimingMode::Bounded;
        o.budget.sampleLimit = limit;
        Canary c = compileCanary(trace, o, progress).canary;
        bool hasInterval = false;
        for (const auto& s : c.segments) {
            hasInterval = hasInterval || (s.kind == SegmentKind::Interval && s.bounds && !s.bounds->isZero());
        }
        if (hasInterval && verifyBehavior(ref, c, nullptr, options, progress).allPass()) {
            return c;
        }
    }
    return {};
}

QStringList failing(const VerificationReport& r)
{
    QStringList out;
    if (!r.timingMode.pass) {
        out << QStringLiteral("timing_mode");
    }
    if (!r.commitments.pass) {
        out << QStringLiteral("commitments");
    }
    if (!r.coverage.pass) {
        out << QStringLiteral("coverage");
    }
    if (!r.fidelity.pass) {
        out << QStringLiteral("behavioral_fidelity");
    }
    if (!r.ranking.pass) {
        out << QStringLiteral("ranking");
    }
    return out;
}

} // namespace

class TestVerify : public QObject {
    Q_OBJECT
private slots:
    void comparisonIsExactIntegerArithmetic()
    {
        // 5 % of 1000 ns is 50 ns: 1050 passes, 1051 does not (absolute tolerance 0).
        QVERIFY(compareValues(1000, 1050, 0, 50'000).pass);
        QVERIFY(!compareValues(1000, 1051, 0, 50'000).pass);
        QVERIFY(compareValues(1000, 950, 0, 50'000).pass);
        QVERIFY(!compareValues(1000, 949, 0, 50'000).pass);
        // The absolute tolerance alone passes a zero source; relative delta is then undefined.
        auto zero = compareValues(0, 7, 7, 0);
        QVERIFY(zero.pass);
        QVERIFY(!zero.relativePpm.has_value());
        QVERIFY(!compareValues(0, 8, 7, 1'000'000).pass);
        // Large values do not overflow: 128-bit products.
        const std::int64_t big = std::int64_t(1) << 61;
        QVERIFY(compareValues(big, big + big / 20, 0, 50'000).pass);
        QCOMPARE(*relativeDeltaPpm(1, 3), std::int64_t(333'333));
        QCOMPARE(absoluteDifference(3, 10), std::int64_t(7));
    }

    void tiesFollowBothToleranceRules()
    {
        Tolerances t;
        t.rankingTiePpm = 10'000; // 1 %
        t.rankingTieNs = 0;
        QCOMPARE(int(decideRelation(1000, 1010, t)), int(Relation::Tie));
        QCOMPARE(int(decideRelation(1000, 1011, t)), int(Relation::LeftBetter));
        QCOMPARE(int(decideRelation(1011, 1000, t)), int(Relation::RightBetter));
        t.rankingTiePpm = 0;
        t.rankingTieNs = 500;
        QCOMPARE(int(decideRelation(1000, 1500, t)), int(Relation::Tie));
        QCOMPARE(int(decideRelation(1000, 1501, t)), int(Relation::LeftBetter));
    }

    void humanUnitsParseExactly()
    {
        QCOMPARE(percentToPpm("5", "--x"), std::int64_t(50'000));
        QCOMPARE(percentToPpm("0.0001", "--x"), std::int64_t(1));
        QCOMPARE(pointsToPpm("2.5", "--x"), std::int64_t(25'000));
        QCOMPARE(fractionToPpm("0.9", "--x"), std::int64_t(900'000));
        QCOMPARE(microsToNs("1.5", "--x"), Ns(1500));
        for (const char* bad : {"-1", "abc", "0.00001", "1e400"}) {
            try {
                percentToPpm(bad, "--relative-tolerance-pct");
                QFAIL(bad);
            } catch (const InputError& e) {
                QVERIFY(QString::fromStdString(e.what()).contains(QStringLiteral("--relative-tolerance-pct")));
            }
        }
        QVERIFY_THROWS_EXCEPTION(InputError, fractionToPpm("1.5", "--tail-recall-threshold"));
    }

    void losslessCanaryIsVerified()
    {
        const Trace trace = cctest::adversarialExampleTrace();
        NullProgress progress;
        const Canary canary = losslessCanary(trace);
        const VerificationReport r = verifyBehavior(trace, canary, cctest::defaultVerifyOptions(), progress);
        QCOMPARE(failing(r), QStringList());
        QCOMPARE(int(r.claim), int(Claim::Verified));
        QCOMPARE(r.ranking.decisions.size(), std::size_t(40)); // 10 pairs x 4 metrics
        QCOMPARE(r.fidelity.configurations.size(), std::size_t(5));
        QCOMPARE(r.coverage.actual, CanaryCoverage::Full);
        QCOMPARE(r.timingMode.declared, CanaryTimingMode::Lossless);
        QVERIFY(r.timingMode.measured.isZero());
        QCOMPARE(r.commitments.segmentsRecomputed, r.commitments.segments);
        for (const auto& c : r.fidelity.configurations) {
            QVERIFY(c.tail.correspondence);
            QCOMPARE(c.tail.recalled, c.tail.sourceTailSamples);
        }
    }

    void reportShapeIsStableAndDeterministic()
    {
        const Trace trace = cctest::adversarialExampleTrace();
        NullProgress progress;
        const Canary canary = losslessCanary(trace);
        const std::string a = verificationJson(verifyBehavior(trace, canary, cctest::defaultVerifyOptions(), progress));
        const std::string b = verificationJson(verifyBehavior(trace, canary, cctest::defaultVerifyOptions(), progress));
        QCOMPARE(QByteArray::fromStdString(a), QByteArray::fromStdString(b));
        const QJsonObject root = QJsonDocument::fromJson(QByteArray::fromStdString(a)).object();
        QCOMPARE(root.value(QStringLiteral("format")).toString(),
                 QStringLiteral("commcanary-workbench.verification.v1"));
        QCOMPARE(root.value(QStringLiteral("claim")).toString(), QStringLiteral("verified"));
        const QJsonObject statuses = root.value(QStringLiteral("statuses")).toObject();
        QCOMPARE(statuses.keys(),
                 (QStringList{QStringLiteral("behavioral_fidelity"), QStringLiteral("commitments"),
                              QStringLiteral("coverage"), QStringLiteral("ranking"), QStringLiteral("timing_mode")}));
        for (const auto& key : statuses.keys()) {
            const QJsonObject s = statuses.value(key).toObject();
            QCOMPARE(s.value(QStringLiteral("status")).toString(), QStringLiteral("pass"));
            QVERIFY(s.contains(QStringLiteral("evidence")));
        }
        QCOMPARE(statuses.value(QStringLiteral("timing_mode")).toObject().value(QStringLiteral("mode")).toString(),
                 QStringLiteral("lossless"));
        QCOMPARE(statuses.value(QStringLiteral("coverage")).toObject().value(QStringLiteral("coverage")).toString(),
                 QStringLiteral("full"));
        const QJsonObject ranking = statuses.value(QStringLiteral("ranking")).toObject();
        QCOMPARE(
            ranking.value(QStringLiteral("evidence")).toObject().value(QStringLiteral("pairwise")).toArray().size(),
            40);
        QVERIFY(!root.value(QStringLiteral("not_proven")).toArray().isEmpty());
        QVERIFY(root.value(QStringLiteral("model"))
                    .toObject()
                    .value(QStringLiteral("statement"))
                    .toString()
                    .contains(QStringLiteral("not a measurement of hardware")));
    }

    void unknownSkewIsNeverVerified()
    {
        // The adversarial trace without its arrival measurements: skew becomes unknown.
        NullProgress progress;
        const Trace measured = cctest::adversarialExampleTrace();
        TraceBuilder builder("unknown-skew.json");
        for (std::size_t i = 0; i < measured.size(); ++i) {
            Event e = measured.event(i);
            e.arrivals.clear();
            e.arrivalsGiven = false;
            e.arrivalsAsArray = false;
            e.arrivalSkew.reset();
            e.partialRankArrival = false;
            builder.add(e);
        }
        const Trace trace = builder.finish(progress);
        QVERIFY(trace.unknownSkewCount() > 0);
        const Canary canary = losslessCanary(trace);
        const VerificationReport r = verifyBehavior(trace, canary, cctest::defaultVerifyOptions(), progress);
        QCOMPARE(failing(r), QStringList());                        // it replays exactly like its source ...
        QCOMPARE(int(r.claim), int(Claim::BehaviorallyUnverified)); // ... and still is not verified
        QCOMPARE(r.uncertainty.unknownSkewEvents, std::uint64_t(trace.size()));
        QVERIFY(QString::fromStdString(r.claimReasons.front()).contains(QStringLiteral("unknown arrival skew")));
    }

    void editedCommitmentFailsOnlyCommitments()
    {
        const Trace trace = cctest::adversarialExampleTrace();
        NullProgress progress;
        Canary canary = losslessCanary(trace);
        QVERIFY(!canary.segments.empty());
        auto& sha = canary.segments.back().sha256;
        sha[10] = sha[10] == 'a' ? 'b' : 'a';
        const VerificationReport r = verifyBehavior(trace, roundTrip(canary), cctest::defaultVerifyOptions(), progress);
        QCOMPARE(failing(r), QStringList{QStringLiteral("commitments")});
        QCOMPARE(int(r.claim), int(Claim::Failed));
        QCOMPARE(r.commitments.findings.size(), std::size_t(1));
        QCOMPARE(r.commitments.findings.front().segment, std::uint64_t(canary.segments.size() - 1));
    }

    void editedBoundFailsOnlyTimingMode()
    {
        // Irregular timing: bounded canaries of this trace carry real interval bounds.
        NullProgress loading;
        const Trace trace =
            readTrace(cctest::example(QStringLiteral("training_jittered.trace.json")).toStdString(), loading);
        NullProgress progress;
        Canary canary = passingBoundedCanary(trace, cctest::defaultVerifyOptions());
        QVERIFY2(!canary.segments.empty(), "no bounded canary of the jittered training trace verifies");
        // Lower one interval's recorded bound below the error it really has.
        bool edited = false;
        for (auto& s : canary.segments) {
            if (!edited && s.bounds && !s.bounds->isZero()) {
                for (std::size_t f = 0; f + 1 < kErrorFieldCount && !edited; ++f) {
                    if (errorField(*s.bounds, f) > 0) {
                        errorField(*s.bounds, f) -= 1;
                        edited = true;
                    }
                }
            }
        }
        QVERIFY(edited);
        const VerificationReport r = verifyBehavior(trace, roundTrip(canary), cctest::defaultVerifyOptions(), progress);
        QCOMPARE(failing(r), QStringList{QStringLiteral("timing_mode")});
        QVERIFY(r.timingMode.segmentsFailed >= 1);
        QVERIFY(QString::fromStdString(r.timingMode.findings.front().detail)
                    .contains(QStringLiteral("above the recorded bound")));
    }

    void boundOnALosslessCanaryFailsOnlyTimingMode()
    {
        const Trace trace = cctest::adversarialExampleTrace();
        NullProgress progress;
        Canary canary = losslessCanary(trace);
        canary.header.bounds.gap = 5;
        const VerificationReport r = verifyBehavior(trace, roundTrip(canary), cctest::defaultVerifyOptions(), progress);
        QCOMPARE(failing(r), QStringList{QStringLiteral("timing_mode")});
    }

    void partialMarkedFullFailsOnlyCoverage()
    {
        const Trace trace = cctest::adversarialExampleTrace();
        NullProgress progress;
        CompileOptions prefix;
        prefix.prefixEvents = 60;
        Canary canary = compileCanary(trace, prefix, progress).canary;
        QCOMPARE(canary.header.coverage, CanaryCoverage::Partial);
        // Honest partial canary: coverage passes, and the claim can be no more than partial.
        const VerificationReport honest =
            verifyBehavior(trace, roundTrip(canary), cctest::defaultVerifyOptions(), progress);
        QVERIFY(honest.coverage.pass);
        QVERIFY(honest.claim <= Claim::Partial);
        canary.header.coverage = CanaryCoverage::Full;
        const VerificationReport r = verifyBehavior(trace, roundTrip(canary), cctest::defaultVerifyOptions(), progress);
        QVERIFY(!r.coverage.pass);
        QCOMPARE(r.coverage.actual, CanaryCoverage::Partial);
        QCOMPARE(r.timingMode.pass, honest.timingMode.pass);
        QCOMPARE(r.commitments.pass, honest.commitments.pass);
        QCOMPARE(r.fidelity.pass, honest.fidelity.pass);
        QCOMPARE(r.ranking.pass, honest.ranking.pass);
        QVERIFY(r.timingMode.pass && r.commitments.pass);
        QCOMPARE(int(r.claim), int(Claim::Failed));
    }

    void canaryOfAnotherTraceHasNoCorrespondence()
    {
        NullProgress progress;
        const Trace trace = cctest::adversarialExampleTrace();
        const Trace other = readTrace(cctest::example(QStringLiteral("decode.trace.json")).toStdString(), progress);
        const VerificationReport r =
            verifyBehavior(trace, losslessCanary(other), cctest::defaultVerifyOptions(), progress);
        QVERIFY(!r.commitments.pass);
        QVERIFY(!r.commitments.sourceMatches);
        QVERIFY(!r.timingMode.pass);
        QVERIFY(!r.timingMode.correspondence);
        QCOMPARE(int(r.claim), int(Claim::Failed));
    }

    void strictGateRefusesAFailingCanary()
    {
        const Trace trace = cctest::adversarialExampleTrace();
        NullProgress progress;
        auto last = std::make_shared<VerificationReport>();
        CompileOptions options;
        options.prefixEvents = 5;
        options.emitGate = verificationGate(cctest::defaultVerifyOptions(), last);
        try {
            compileCanary(trace, options, progress);
            QFAIL("strict compilation emitted a canary that fails verification");
        } catch (const NegativeResult& e) {
            QVERIFY(QString::fromStdString(e.what()).contains(QStringLiteral("strict compilation refused")));
        }
        QVERIFY(!last->allPass());
        CompileOptions lossless;
        lossless.emitGate = verificationGate(cctest::defaultVerifyOptions(), last);
        const Canary ok = compileCanary(trace, lossless, progress).canary;
        QVERIFY(last->allPass());
        QCOMPARE(ok.header.coverage, CanaryCoverage::Full);
    }

    void keptEventBytesGiveTheSameCommitmentsAndReports()
    {
        NullProgress progress;
        const Trace trace =
            readTrace(cctest::example(QStringLiteral("training_jittered.trace.json")).toStdString(), progress);
        const auto kept = SourceEventBytes::encode(trace, progress);
        QVERIFY(kept != nullptr);
        QCOMPARE(kept->events(), trace.size());
        const std::size_t n = trace.size();
        // Empty, single, longer and clamped ranges.
        const std::pair<std::size_t, std::size_t> ranges[] = {{0, 0}, {3, 3}, {0, 1},      {n - 1, n}, {7, 19},
                                                              {0, n}, {5, n}, {2, n + 10}, {n, n + 3}};
        for (const auto& [first, last] : ranges) {
            QCOMPARE(kept->commitment(first, last), segmentCommitment(trace, first, last));
        }
        QVERIFY(SourceEventBytes::encode(trace, progress, 100) == nullptr); // above the cap: nothing kept

        // A verification with the kept bytes writes the same report as one without, passing or failing.
        const VerifyOptions options = cctest::defaultVerifyOptions();
        SourceReference plain = prepareSourceReference(trace, options, progress);
        SourceReference keeping = prepareSourceReference(trace, options, progress);
        keepSourceEventBytes(keeping, progress);
        QVERIFY(keeping.eventBytes != nullptr);
        CompileOptions bounded;
        bounded.timingMode = CanaryTimingMode::Bounded;
        bounded.budget.sampleLimit = 2;
        for (const Canary& canary : {losslessCanary(trace), compileCanary(trace, bounded, progress).canary}) {
            Canary tampered = canary;
            tampered.segments[tampered.segments.size() / 2].sha256 = std::string(64, '0');
            for (const Canary& c : {canary, roundTrip(tampered)}) {
                const VerificationReport a = verifyBehavior(plain, c, nullptr, options, progress);
                const VerificationReport b = verifyBehavior(keeping, c, nullptr, options, progress);
                QCOMPARE(verificationJson(b), verificationJson(a));
            }
        }
    }

    void optionsAreValidated()
    {
        VerifyOptions one = cctest::defaultVerifyOptions();
        one.configs.configurations.resize(1);
        QVERIFY_THROWS_EXCEPTION(InputError, validateVerifyOptions(one, "test"));
        VerifyOptions badRecall = cctest::defaultVerifyOptions();
        badRecall.tolerances.tailRecallPpm = 1'000'001;
        QVERIFY_THROWS_EXCEPTION(InputError, validateVerifyOptions(badRecall, "test"));
    }
};

QTEST_GUILESS_MAIN(TestVerify)
#include "tst_verify.moc"
