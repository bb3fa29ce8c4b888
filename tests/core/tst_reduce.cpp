// The ddmin reducer: the algorithm over index sets with injected oracles, and the seed's opening
// result reproduced — the adversarial trace collapses to at most two events with every ranking
// decision preserved, and behaviour verification of the result still fails.
#include "core/canary/canary_reader.h"
#include "core/canary/canary_writer.h"
#include "core/canary/fidelity.h"
#include "core/configs/config_io.h"
#include "core/reduce/ddmin.h"
#include "core/reduce/ranking_oracle.h"
#include "core/reduce/reducer.h"
#include "core/reduce/subset.h"
#include "core/replay/simulator.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"
#include "core/verify/behavior_verifier.h"

#include "core_support.h"

#include <QtTest>

#include <algorithm>
#include <numeric>
#include <set>

using namespace cc;
using namespace cc::reduce;

namespace {

std::vector<std::uint32_t> range(std::uint32_t n)
{
    std::vector<std::uint32_t> v(n);
    std::iota(v.begin(), v.end(), 0U);
    return v;
}

bool containsAll(const std::vector<std::uint32_t>& subset, std::initializer_list<std::uint32_t> needed)
{
    return std::all_of(needed.begin(), needed.end(),
                       [&](std::uint32_t x) { return std::binary_search(subset.begin(), subset.end(), x); });
}

/// ddmin over 0..99 for a property that needs both 3 and 77, counting the oracle's calls.
auto reduceToThreeAndSeventySeven(const DdminOptions& options, std::uint64_t& calls)
{
    NullProgress progress;
    return ddmin(
        range(100),
        [&](const std::vector<std::uint32_t>& s) {
            ++calls;
            return containsAll(s, {3, 77});
        },
        options, progress);
}

} // namespace

class TestReduce : public QObject {
    Q_OBJECT
private slots:
    void findsTheTwoElementsAPropertyNeeds()
    {
        std::uint64_t calls = 0;
        auto result = reduceToThreeAndSeventySeven({}, calls);
        QCOMPARE(result.kept, (std::vector<std::uint32_t>{3, 77}));
        QVERIFY(result.oneMinimal);
        QVERIFY(!result.callLimitReached);
        QCOMPARE(result.oracleCalls, calls);
        QCOMPARE(result.steps.size(), std::size_t(calls));
        // Complements were needed: 3 and 77 lie in different halves.
        QVERIFY(std::any_of(result.steps.begin(), result.steps.end(),
                            [](const DdminStep& s) { return s.complement && s.kept; }));
    }

    void resultIsOneMinimal()
    {
        // Property: at least three of five marked elements. Any 1-minimal result has exactly three.
        NullProgress progress;
        const std::set<std::uint32_t> marked = {5, 20, 41, 63, 90};
        auto oracle = [&](const std::vector<std::uint32_t>& s) {
            return std::count_if(s.begin(), s.end(), [&](std::uint32_t x) { return marked.count(x) != 0; }) >= 3;
        };
        auto result = ddmin(range(100), oracle, {}, progress);
        QCOMPARE(result.kept.size(), std::size_t(3));
        QVERIFY(result.oneMinimal);
        for (std::size_t k = 0; k < result.kept.size(); ++k) {
            auto smaller = result.kept;
            smaller.erase(smaller.begin() + static_cast<std::ptrdiff_t>(k));
            QVERIFY(!oracle(smaller));
        }
    }

    void singleElementAndUnreducibleInputs()
    {
        NullProgress progress;
        auto one = ddmin(
            range(64), [](const std::vector<std::uint32_t>& s) { return containsAll(s, {40}); }, {}, progress);
        QCOMPARE(one.kept, (std::vector<std::uint32_t>{40}));
        // Halving: at most two chunk tests per level, six levels.
        QVERIFY(one.oracleCalls <= 12);
        auto none = ddmin(
            range(8), [](const std::vector<std::uint32_t>&) { return false; }, {}, progress);
        QCOMPARE(none.kept, range(8));
        QVERIFY(none.oneMinimal);
        // Every subset of every granularity was tested, up to single-element complements.
        QVERIFY(none.oracleCalls >= 8);
    }

    void callLimitStopsEarlyAndSaysSo()
    {
        DdminOptions options;
        options.maxOracleCalls = 3;
        std::uint64_t calls = 0;
        auto result = reduceToThreeAndSeventySeven(options, calls);
        QCOMPARE(calls, std::uint64_t(3));
        QCOMPARE(result.oracleCalls, std::uint64_t(3));
        QVERIFY(result.callLimitReached);
        QVERIFY(!result.oneMinimal);
        QVERIFY(containsAll(result.kept, {3, 77}));
    }

    void isDeterministic()
    {
        NullProgress progress;
        auto oracle = [](const std::vector<std::uint32_t>& s) { return containsAll(s, {11, 12, 50}); };
        auto a = ddmin(range(97), oracle, {}, progress);
        auto b = ddmin(range(97), oracle, {}, progress);
        QCOMPARE(a.kept, b.kept);
        QCOMPARE(a.oracleCalls, b.oracleCalls);
        QCOMPARE(a.steps.size(), b.steps.size());
    }

    void cancellationIsHonoured()
    {
        CancelFlagProgress progress;
        progress.cancel();
        QVERIFY_THROWS_EXCEPTION(Cancelled,
                                 ddmin(
                                     range(10), [](const std::vector<std::uint32_t>&) { return true; }, {}, progress));
    }

    void subsetKeepsEachEventsOwnGap()
    {
        NullProgress progress;
        const Trace trace = cctest::adversarialExampleTrace();
        const Trace subset = subsetTrace(trace, {10, 11, 57}, progress);
        QCOMPARE(subset.size(), std::size_t(3));
        QCOMPARE(subset.effectiveGap[0], trace.effectiveGap[10]);
        QCOMPARE(subset.effectiveGap[2], trace.effectiveGap[57]);
        QCOMPARE(eventRangeSha256(subset, 0, 2), eventRangeSha256(trace, 10, 12));
        QVERIFY(isContiguous({4, 5, 6}));
        QVERIFY(!isContiguous({4, 6}));
    }

    void defaultTieRuleKeepsMoreThanTwoEvents()
    {
        // Under the simulator's default tie rule (1 %) the adversarial trace's p95 and p99 decisions
        // disagree for some configuration pair. With nearest-rank quantiles a trace of fewer than 20
        // events has p95 = p99, so no such subset can keep every decision: ddmin must stop above 20.
        NullProgress progress;
        const Trace trace = cctest::adversarialExampleTrace();
        const ConfigSet set = defaultConfigSet();
        RankingOracle oracle(trace, set, ReplayProtocol{}, verify::Tolerances{}, progress);
        bool p95p99Disagree = false;
        for (std::size_t d = 0; d + 3 < oracle.reference().size(); d += 4) {
            p95p99Disagree = p95p99Disagree || oracle.reference()[d + 1] != oracle.reference()[d + 2];
        }
        QVERIFY(p95p99Disagree);
        for (std::uint32_t n = 1; n < 20; ++n) {
            QCOMPARE(nearestRankIndex(n, 95), nearestRankIndex(n, 99));
        }
        ReduceOptions options;
        options.configs = set;
        const ReduceResult r = reduceTrace(trace, options, progress);
        QVERIFY(r.rankingPreserved);
        QVERIFY2(r.ddmin.kept.size() >= 20, reduceSummaryLine(r).c_str());
    }

    void openingResultUnderADeclaredTieTolerance()
    {
        // The seed's opening result: with a declared tie tolerance of 100 us, the decision-only oracle
        // lets ddmin delete all but one or two events, every decision survives — and behaviour does not.
        NullProgress progress;
        const Trace trace = cctest::adversarialExampleTrace();
        ReduceOptions options;
        options.configs = defaultConfigSet();
        options.tolerances.rankingTieNs = 100'000;
        const ReduceResult r = reduceTrace(trace, options, progress);
        QCOMPARE(r.sourceEvents, std::uint64_t(100));
        QCOMPARE(r.decisions, std::uint64_t(40));
        QVERIFY2(r.ddmin.kept.size() <= 2, reduceSummaryLine(r).c_str());
        QVERIFY(r.rankingPreserved);
        QVERIFY(r.ddmin.oneMinimal);
        QVERIFY(QString::fromStdString(reduceSummaryLine(r))
                    .startsWith(QStringLiteral("reduced 100 -> %1 events in ").arg(r.ddmin.kept.size())));

        // The artifact is a canary verify-behavior accepts.
        const Canary canary = parseCanary(r.artifact.bytes, "reduced.canary.json");
        verify::VerifyOptions vopts;
        vopts.configs = defaultConfigSet();
        vopts.tolerances.rankingTieNs = 100'000;
        const verify::VerificationReport v = verify::verifyBehavior(trace, canary, vopts, progress);
        QVERIFY(v.ranking.pass);
        QCOMPARE(v.ranking.passed, std::uint64_t(40));
        QVERIFY(!v.fidelity.pass);
        QCOMPARE(int(v.claim), int(verify::Claim::Failed));
        // Honestly labelled, contiguous or not: its receipts check, it says it is partial, only behaviour fails.
        QVERIFY(r.artifact.boundToSource);
        QCOMPARE(canary.header.coveredRuns.empty(), isContiguous(r.ddmin.kept));
        QVERIFY(v.commitments.pass);
        QVERIFY(v.coverage.pass);
        QCOMPARE(v.coverage.actual, CanaryCoverage::Partial);
        QVERIFY(v.timingMode.pass);
        QCOMPARE(canary.header.claim, CanaryClaim::BehaviorallyUnverified);
    }

    void scatteredSubsetsSayTheyAreSubsetsAndNeverClaimVerified()
    {
        NullProgress progress;
        const Trace trace = cctest::adversarialExampleTrace();
        const std::string sha = normalizedSha256(trace, progress);
        const SubsetCanary subset = subsetCanary(trace, sha, {3, 4, 10, 11, 57}, progress);
        QVERIFY(subset.boundToSource);
        const Canary canary = parseCanary(subset.bytes, "subset.canary.json");
        const auto& h = canary.header;
        QCOMPARE(h.sourceSha256, sha);
        QCOMPARE(h.sourceEvents, std::uint64_t(100));
        QCOMPARE(h.coverage, CanaryCoverage::Partial);
        QCOMPARE(h.coveredRuns, (std::vector<CoveredRun>{{3, 2}, {10, 2}, {57, 1}}));
        QCOMPARE(h.coveredFirst, std::uint64_t(3));
        QCOMPARE(h.coveredLast, std::uint64_t(58));
        QCOMPARE(h.logicalEvents, std::uint64_t(5));
        QCOMPARE(h.claim, CanaryClaim::BehaviorallyUnverified);
        QVERIFY(std::find(h.claimLimits.begin(), h.claimLimits.end(), std::string(kLimitPartialCoverage)) !=
                h.claimLimits.end());
        // Every segment stands for consecutive source events inside one kept run.
        for (const auto& seg : canary.segments) {
            const bool inside = std::any_of(h.coveredRuns.begin(), h.coveredRuns.end(), [&](const CoveredRun& run) {
                return seg.first >= run.first && seg.first + seg.events <= run.first + run.events;
            });
            QVERIFY(inside);
        }
        QVERIFY(QString::fromStdString(subset.label).contains(QStringLiteral("scattered")));

        // Its receipts recompute, its coverage is honest, and it never reaches `verified`.
        verify::VerifyOptions vopts;
        vopts.configs = defaultConfigSet();
        const verify::VerificationReport v = verify::verifyBehavior(trace, canary, vopts, progress);
        QVERIFY(v.timingMode.pass);
        QVERIFY(v.commitments.pass);
        QCOMPARE(v.commitments.segmentsRecomputed, std::uint64_t(canary.segments.size()));
        QVERIFY(v.coverage.pass);
        QCOMPARE(v.coverage.actual, CanaryCoverage::Partial);
        QVERIFY(v.claim != verify::Claim::Verified);
        const FidelityReport fidelity = verifyFidelity(trace, canary, subset.bytes, progress);
        QVERIFY2(fidelity.pass(), fidelity.failures().empty() ? "" : fidelity.failures().front().c_str());

        // Relabelled as full (sizes kept consistent): coverage fails, and nothing else changes.
        Canary relabelled = canary;
        relabelled.header.coverage = CanaryCoverage::Full;
        const std::string relabelledBytes = serializeCanary(relabelled);
        const verify::VerificationReport t =
            verify::verifyBehavior(trace, parseCanary(relabelledBytes, "relabelled.canary.json"), vopts, progress);
        QVERIFY(!t.coverage.pass);
        QVERIFY2(QString::fromStdString(t.coverage.problems.front()).contains(QStringLiteral("scattered runs")),
                 t.coverage.problems.front().c_str());
        QCOMPARE(t.timingMode.pass, v.timingMode.pass);
        QCOMPARE(t.commitments.pass, v.commitments.pass);
        QCOMPARE(t.fidelity.pass, v.fidelity.pass);
        QCOMPARE(t.fidelity.failedChecks, v.fidelity.failedChecks);
        QCOMPARE(t.ranking.passed, v.ranking.passed);
        QCOMPARE(int(t.claim), int(verify::Claim::Failed));
        QVERIFY(!verifyFidelity(trace, parseCanary(relabelledBytes, "r"), relabelledBytes, progress).pass());

        // The last kept event (57, a decode step) renamed as event 70 (a tail window): the receipt no longer
        // recomputes and the re-check finds the timing differs.
        Canary moved = canary;
        moved.header.coveredRuns.back().first = 70;
        moved.header.coveredLast = 71;
        moved.segments.back().first = 70;
        const verify::VerificationReport m =
            verify::verifyBehavior(trace, parseCanary(serializeCanary(moved), "moved.canary.json"), vopts, progress);
        QVERIFY(!m.commitments.pass);
        QVERIFY(!m.timingMode.pass);
        QVERIFY(m.coverage.pass);
    }

    void contiguousRunsStayPlainRanges()
    {
        NullProgress progress;
        const Trace trace = cctest::adversarialExampleTrace();
        const SubsetCanary run = subsetCanary(trace, normalizedSha256(trace, progress), {20, 21, 22}, progress);
        const Canary canary = parseCanary(run.bytes, "run.canary.json");
        QVERIFY(canary.header.coveredRuns.empty());
        QCOMPARE(canary.header.coveredFirst, std::uint64_t(20));
        QCOMPARE(canary.header.coveredLast, std::uint64_t(23));
        QVERIFY(verifyFidelity(trace, canary, run.bytes, progress).pass());
    }

    void quantileFloorExplainsTheDefaultTieRule()
    {
        // Under the default tie rule the full trace decides a pair one way on p95 and the other on p99;
        // nearest-rank p95 and p99 coincide below 20 events, and the result says so.
        NullProgress progress;
        ReduceOptions options;
        options.configs = defaultConfigSet();
        options.maxOracleCalls = 4;
        const ReduceResult r = reduceTrace(cctest::adversarialExampleTrace(), options, progress);
        QCOMPARE(r.quantileFloorEvents, std::uint64_t(20));
        QVERIFY2(QString::fromStdString(r.quantileFloorReason).contains(QStringLiteral("p95")),
                 r.quantileFloorReason.c_str());
        QVERIFY(r.ddmin.callLimitReached);
        // A declared 100 us tie tolerance turns those decisions into ties: the floor drops to one event.
        options.tolerances.rankingTieNs = 100'000;
        const ReduceResult wide = reduceTrace(cctest::adversarialExampleTrace(), options, progress);
        QCOMPARE(wide.quantileFloorEvents, std::uint64_t(1));
        QVERIFY(wide.quantileFloorReason.empty());
    }

    void oracleComparesEveryDecision()
    {
        NullProgress progress;
        const Trace trace = cctest::adversarialExampleTrace();
        const ConfigSet set = defaultConfigSet();
        RankingOracle oracle(trace, set, ReplayProtocol{}, verify::Tolerances{}, progress);
        QCOMPARE(oracle.reference().size(), std::size_t(40));
        QVERIFY(oracle.accepts(range(100), progress));
        QVERIFY(!oracle.accepts({}, progress));
    }

    void refusesWhatCannotBeReduced()
    {
        NullProgress progress;
        ReduceOptions options;
        options.configs = defaultConfigSet();
        options.configs.configurations.resize(1);
        try {
            reduceTrace(cctest::adversarialExampleTrace(), options, progress);
            QFAIL("reduced with one configuration");
        } catch (const InputError& e) {
            QVERIFY(QString::fromStdString(e.what()).contains(QStringLiteral("at least two")));
        }
    }
};

QTEST_GUILESS_MAIN(TestReduce)
#include "tst_reduce.moc"
