// Baseline canaries: every method builds an artifact verification accepts; the isolated
// benchmark baseline loses the adversarial trace's ranking.
#include "core/baseline/baselines.h"
#include "core/canary/canary_reader.h"
#include "core/configs/config_io.h"
#include "core/trace/normalized.h"
#include "core/trace/projections.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"
#include "core/verify/behavior_verifier.h"

#include "test_support.h"

#include <QtTest>

#include <set>

using namespace cc;
using namespace cc::baseline;

namespace {

Trace example(const char* name)
{
    NullProgress progress;
    return readTrace(cctest::example(QString::fromLatin1(name)).toStdString(), progress);
}

Baseline build(const Trace& trace, Method method, std::uint64_t seed = 1)
{
    NullProgress progress;
    Options options;
    options.method = method;
    options.seed = seed;
    return buildBaseline(trace, normalizedSha256(trace, progress), options, progress);
}

verify::VerificationReport verifyAgainst(const Trace& trace, const Baseline& b)
{
    NullProgress progress;
    verify::VerifyOptions options;
    options.configs = defaultConfigSet();
    return verify::verifyBehavior(trace, parseCanary(b.artifact.bytes, "baseline.canary.json"), options, progress);
}

} // namespace

class TestBaseline : public QObject {
    Q_OBJECT
private slots:
    void everyMethodProducesAVerifiableArtifact()
    {
        const Trace trace = example("adversarial_decode.trace.json");
        for (const auto& name : methodNames()) {
            const Baseline b = build(trace, *methodFromName(name));
            QVERIFY2(b.trace.size() > 0, name.c_str());
            QVERIFY(!b.artifact.bytes.empty());
            QVERIFY(!b.description.empty());
            const auto v = verifyAgainst(trace, b);
            QCOMPARE(v.ranking.decisions.size(), std::size_t(40));
            QCOMPARE(v.fidelity.configurations.size(), std::size_t(5));
            // No baseline of this trace stands for the whole source.
            QVERIFY2(v.claim != verify::Claim::Verified, name.c_str());
        }
    }

    void isolatedBaselineLosesTheRanking()
    {
        const Trace trace = example("adversarial_decode.trace.json");
        const Baseline b = build(trace, Method::Isolated);
        // One distinct collective (all_reduce, 1024 B, tp) run alone 20 times.
        QCOMPARE(b.trace.size(), std::size_t(20));
        for (std::size_t i = 0; i < b.trace.size(); ++i) {
            QCOMPARE(b.trace.effectiveGap[i], kIsolationGapNs);
            QCOMPARE(int(b.trace.skewState[i]), int(SkewState::Known));
            QCOMPARE(b.trace.skewValue[i], Ns(0));
        }
        const auto v = verifyAgainst(trace, b);
        QVERIFY(!v.ranking.pass);
        QVERIFY(v.ranking.passed < v.ranking.decisions.size());
        QVERIFY(!b.artifact.boundToSource);
        QVERIFY(!v.commitments.pass); // it names its own workload, not this trace
    }

    void sampledBaselinesAreSubsetsOfTheSource()
    {
        const Trace trace = example("decode.trace.json");
        for (Method m : {Method::Random, Method::Stratified}) {
            const Baseline b = build(trace, m);
            QVERIFY(!b.chosen.empty());
            QVERIFY(std::is_sorted(b.chosen.begin(), b.chosen.end()));
            QCOMPARE(b.trace.size(), b.chosen.size());
            for (std::size_t k = 0; k < b.chosen.size(); ++k) {
                QCOMPARE(b.trace.bytes[k], trace.bytes[b.chosen[k]]);
                QCOMPARE(b.trace.effectiveGap[k], trace.effectiveGap[b.chosen[k]]);
            }
        }
        const Baseline random = build(trace, Method::Random);
        QCOMPARE(random.chosen.size(), std::size_t(32));
        // The canary of a sampled baseline names the source, lists the kept events and commits to them;
        // it is partial coverage and never claims more.
        for (Method m : {Method::Random, Method::Stratified}) {
            const Baseline b = build(trace, m);
            QVERIFY(b.artifact.boundToSource);
            const Canary canary = parseCanary(b.artifact.bytes, "baseline.canary.json");
            QCOMPARE(canary.header.coverage, CanaryCoverage::Partial);
            std::vector<std::uint32_t> kept;
            for (const auto& run : coveredRunsOf(canary.header)) {
                for (std::uint64_t i = run.first; i < run.first + run.events; ++i) {
                    kept.push_back(static_cast<std::uint32_t>(i));
                }
            }
            QCOMPARE(kept, b.chosen);
            const auto v = verifyAgainst(trace, b);
            QVERIFY(v.commitments.pass);
            QVERIFY(v.coverage.pass);
            QVERIFY(v.timingMode.pass);
            QVERIFY(v.claim != verify::Claim::Verified);
        }
    }

    void stratifiedCoversEveryDistinctCollective()
    {
        const Trace trace = example("decode.trace.json");
        std::set<std::string> groups;
        for (std::size_t i = 0; i < trace.size(); ++i) {
            groups.insert(baselineGroup(trace, i));
        }
        const Baseline b = build(trace, Method::Stratified);
        std::set<std::string> covered;
        for (auto i : b.chosen) {
            covered.insert(baselineGroup(trace, i));
        }
        QCOMPARE(covered, groups);
    }

    void seededAndDeterministic()
    {
        const Trace trace = example("decode.trace.json");
        for (Method m : {Method::Random, Method::Stratified, Method::Cluster, Method::Frequency, Method::Isolated}) {
            QCOMPARE(QByteArray::fromStdString(build(trace, m, 7).artifact.bytes),
                     QByteArray::fromStdString(build(trace, m, 7).artifact.bytes));
        }
        QVERIFY(build(trace, Method::Random, 1).chosen != build(trace, Method::Random, 2).chosen);
    }

    void frequencyAndClusterWeightsFollowTheSource()
    {
        const Trace trace = example("decode.trace.json");
        const Baseline f = build(trace, Method::Frequency);
        const Baseline c = build(trace, Method::Cluster);
        QVERIFY(f.trace.size() >= f.chosen.size());
        QVERIFY(c.chosen.size() <= 8);
        QVERIFY(c.trace.size() >= c.chosen.size());
    }

    void refusesZeroCounts()
    {
        NullProgress progress;
        const Trace trace = example("adversarial_decode.trace.json");
        Options options;
        options.method = Method::Random;
        options.sampleCount = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, buildBaseline(trace, "x", options, progress));
        QCOMPARE(methodFromName("nccl"), std::optional<Method>());
    }
};

QTEST_GUILESS_MAIN(TestBaseline)
#include "tst_baseline.moc"
