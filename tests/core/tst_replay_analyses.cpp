// The analyses both drivers show, in core: the one nearest-rank rule, tail windows, range
// statistics, ranking flips and the dependency scan, and the ablation-scan document. Each is
// checked against a hand-made case and against the engine's own figures for a real trace (a
// whole-trace range is the configuration's summary; the scan's rankings are replayAll's).
#include "core/configs/config_io.h"
#include "core/replay/quantiles.h"
#include "core/replay/replay_analyses.h"
#include "core/report/ablation_scan.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_io.h"
#include "core/util/quantile.h"

#include "test_support.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <limits>
#include <numeric>

using namespace cc;

namespace {

Trace example()
{
    NullProgress progress;
    return readTrace(cctest::toStd(cctest::example(QStringLiteral("adversarial_decode.trace.json"))), progress);
}

/// An iteration's columns from (issue, completion) pairs.
IterationColumns columnsOf(const std::vector<std::pair<Ns, Ns>>& events)
{
    IterationColumns c;
    for (const auto& [issue, end] : events) {
        c.issue.push_back(issue);
        c.latency.push_back(end - issue);
        c.queueWait.push_back(0);
        c.hidden.push_back(0);
    }
    return c;
}

} // namespace

class TestReplayAnalyses : public QObject {
    Q_OBJECT
private slots:
    void nearestRankIsTheCeilingRank()
    {
        QCOMPARE(nearestRankIndex(100, 50), std::size_t(49));
        QCOMPARE(nearestRankIndex(100, 99), std::size_t(98));
        QCOMPARE(nearestRankIndex(101, 99), std::size_t(99));
        QCOMPARE(nearestRankIndex(4, 50), std::size_t(1)); // lower median
        QCOMPARE(nearestRankIndex(1, 99), std::size_t(0));
        QCOMPARE(nearestRankIndex(0, 50), std::size_t(0));
        std::vector<Ns> values{50, 10, 40, 20, 30};
        QCOMPARE(nearestRankValue(std::span<Ns>(values), 50), Ns(30));
        QCOMPARE(nearestRankValue(std::span<Ns>(values), 99), Ns(50));
        std::vector<Ns> none;
        QCOMPARE(nearestRankValue(std::span<Ns>(none), 50), Ns(0));
        // The engine's distributions take their ranks from the same rule.
        std::vector<Ns> many(1000);
        std::iota(many.begin(), many.end(), Ns(1));
        const Distribution d = distributionOf(many.data(), many.size());
        QCOMPARE(d.median, Ns(500));
        QCOMPARE(d.p95, Ns(950));
        QCOMPARE(d.p99, Ns(990));
    }

    void tailWindowsGroupOverlappingTailEvents()
    {
        // Events 1 and 2 are tail events (latency >= 100) and overlap; event 3 is issued inside
        // their window; event 5 is a tail event on its own.
        const auto c = columnsOf({{0, 10}, {20, 150}, {30, 200}, {40, 60}, {300, 310}, {400, 600}, {700, 710}});
        NullProgress progress;
        const auto windows = findTailWindows(c.view(), 100, progress);
        QCOMPARE(windows.size(), std::size_t(2));
        QCOMPARE(windows[0].begin, Ns(20));
        QCOMPARE(windows[0].end, Ns(200));
        QCOMPARE(windows[0].tailEvents, 2u);
        QCOMPARE(windows[0].events, 3u);
        QCOMPARE(windows[0].firstEvent, 1u);
        QCOMPARE(windows[0].lastEvent, 3u);
        QCOMPARE(windows[0].cost, Ns(130 + 170));
        QCOMPARE(windows[0].maxLatency, Ns(170));
        QCOMPARE(windows[1].begin, Ns(400));
        QCOMPARE(windows[1].end, Ns(600));
        QCOMPARE(windows[1].tailEvents, 1u);
        QCOMPARE(windows[1].events, 1u);
        QVERIFY(findTailWindows(c.view(), 0, progress).empty());
    }

    void tailWindowsWalkInIssueOrder()
    {
        // Canonical order differs from issue order (as under the ordering ablation): the window
        // is found in time, and chained tail events (one issued before the other completes) join.
        const auto c = columnsOf({{400, 600}, {0, 10}, {500, 700}, {650, 660}, {20, 150}});
        NullProgress progress;
        const auto windows = findTailWindows(c.view(), 100, progress);
        QCOMPARE(windows.size(), std::size_t(2));
        QCOMPARE(windows[0].begin, Ns(20));
        QCOMPARE(windows[0].firstEvent, 4u);
        QCOMPARE(windows[1].begin, Ns(400));
        QCOMPARE(windows[1].end, Ns(700));
        QCOMPARE(windows[1].tailEvents, 2u);
        QCOMPARE(windows[1].events, 3u);
        QCOMPARE(windows[1].firstEvent, 0u);
        QCOMPARE(windows[1].lastEvent, 3u);
        // A mismatched column is refused, not read past its end.
        IterationColumns bad = c;
        bad.latency.pop_back();
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, findTailWindows(bad.view(), 100, progress));
    }

    void analysesOfAReplayAreTheEnginesFigures()
    {
        const Trace trace = example();
        const ConfigSet set = defaultConfigSet();
        NullProgress progress;
        ReplayProtocol protocol;
        protocol.ablations.add(Ablation::Ordering); // issue order differs from canonical order
        const SetReplay replay = replayAll(trace, set, protocol, progress);
        AnalysisRequest request;
        request.tailWindows = true;
        request.range = std::pair<Ns, Ns>{0, std::numeric_limits<Ns>::max()};
        const auto analyses = analyzeReplay(trace, set, protocol, request, progress);
        QCOMPARE(analyses.size(), set.configurations.size());
        bool anyWindow = false;
        for (std::size_t c = 0; c < analyses.size(); ++c) {
            const ConfigurationReplay& config = replay.configurations[c];
            const ConfigurationAnalyses& a = analyses[c];
            QCOMPARE(a.configuration, config.name);
            QCOMPARE(a.tailThreshold, config.summary.latency.p99);
            QVERIFY(a.tailWindows ==
                    findTailWindows(iterationTimings(config.samples, 0), config.summary.latency.p99, progress));
            std::uint64_t tailEvents = 0;
            for (const TailWindow& w : a.tailWindows) {
                QVERIFY(w.begin <= w.end);
                QVERIFY(w.tailEvents >= 1 && w.tailEvents <= w.events);
                QVERIFY(w.maxLatency >= a.tailThreshold);
                tailEvents += w.tailEvents;
            }
            QCOMPARE(tailEvents, config.summary.tailCount); // one iteration: every tail sample is in a window
            anyWindow = anyWindow || !a.tailWindows.empty();
            // The whole trace as a range is the configuration's summary.
            QVERIFY(a.range.has_value());
            const RangeStatistics& r = *a.range;
            QVERIFY(r.replayed);
            QCOMPARE(r.count, std::uint64_t(trace.size()));
            QVERIFY(r.latency == config.summary.latency);
            QCOMPARE(r.queueWaitMedian, config.summary.queueWait.median);
            QCOMPARE(r.hiddenSharePpm, config.summary.hiddenSharePpm);
            QCOMPARE(r.tailEvents, config.summary.tailCount);
            std::uint64_t byOp = 0;
            for (const auto& [op, count] : r.byOp) {
                byOp += count;
            }
            QCOMPARE(byOp, r.count);
            QVERIFY(std::is_sorted(r.byOp.begin(), r.byOp.end()));
        }
        QVERIFY(anyWindow);
    }

    void rangeStatisticsOfPartOfATrace()
    {
        const Trace trace = example();
        NullProgress progress;
        const SetReplay replay = replayAll(trace, defaultConfigSet(), {}, progress);
        const IterationTimings timings = iterationTimings(replay.configurations[0].samples, 0);
        const Ns from = timings.issue[trace.size() / 4];
        const Ns to = timings.issue[trace.size() / 2];
        const RangeStatistics r = rangeStatistics(trace, &timings, 0, from, to, progress);
        std::vector<Ns> latency;
        const SampleColumns& samples = replay.configurations[0].samples;
        for (std::size_t i = 0; i < trace.size(); ++i) {
            if (samples.issue(i) >= from && samples.issue(i) <= to) {
                latency.push_back(samples.start(i) + samples.duration(i) - samples.issue(i));
            }
        }
        QVERIFY(!latency.empty());
        QCOMPARE(r.count, std::uint64_t(latency.size()));
        QCOMPARE(r.tailEvents, std::uint64_t(0)); // no threshold, no tail
        std::sort(latency.begin(), latency.end());
        QCOMPARE(r.latency.median, latency[nearestRankIndex(latency.size(), 50)]);
        QCOMPARE(r.latency.p99, latency[nearestRankIndex(latency.size(), 99)]);
        QCOMPARE(r.latency.max, latency.back());

        // Without a replay: the trace's issue times, no latency figures.
        const RangeStatistics plain =
            rangeStatistics(trace, nullptr, 0, trace.issueTime.front(), trace.issueTime.back(), progress);
        QCOMPARE(plain.count, std::uint64_t(trace.size()));
        QVERIFY(!plain.replayed);
        QCOMPARE(plain.latency.count, std::uint64_t(0));
        const RangeStatistics empty = rangeStatistics(trace, &timings, 0, -10, -1, progress);
        QCOMPARE(empty.count, std::uint64_t(0));
        QVERIFY(empty.byOp.empty());

        // Timing of another trace is refused.
        IterationTimings bad = timings;
        bad.issue = bad.issue.first(bad.issue.size() - 1);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rangeStatistics(trace, &bad, 0, 0, 1, progress));
    }

    void iterationTimingsViewTheSamples()
    {
        const Trace trace = example();
        NullProgress progress;
        ReplayProtocol protocol;
        protocol.iterations = 2;
        const SetReplay replay = replayAll(trace, defaultConfigSet(), protocol, progress);
        const SampleColumns& samples = replay.configurations[1].samples;
        const std::size_t n = trace.size();
        const IterationTimings second = iterationTimings(samples, 1);
        QCOMPARE(second.size(), n);
        // Views over the samples' own columns, not copies.
        QCOMPARE(second.latency.data(), samples.latency.data() + n);
        QCOMPARE(second.queueWait.data(), samples.queueWait.data() + n);
        QCOMPARE(second.hidden.data(), samples.hidden.data() + n);
        for (std::size_t i = 0; i < n; ++i) {
            QCOMPARE(second.issue[i], samples.issue(n + i));
            QCOMPARE(second.completion(i), samples.start(n + i) + samples.duration(n + i));
        }
        // An iteration the replay did not run is refused, naming it.
        try {
            (void)iterationTimings(samples, 2);
            QFAIL("iteration 2 of 2 accepted");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(std::string(e.what()).find("iteration 2 of 2") != std::string::npos, e.what());
        }
    }

    void flipsMatchDecisionsByPairAndMetric()
    {
        std::vector<PairDecision> base{{0, 1, RankMetric::Median, 10, 20, PairOutcome::FirstFaster},
                                       {0, 1, RankMetric::P99, 10, 20, PairOutcome::FirstFaster},
                                       {0, 2, RankMetric::Median, 10, 10, PairOutcome::Tie}};
        std::vector<PairDecision> other{{0, 2, RankMetric::Median, 30, 10, PairOutcome::SecondFaster},
                                        {0, 1, RankMetric::P99, 30, 20, PairOutcome::SecondFaster},
                                        {0, 1, RankMetric::Median, 10, 20, PairOutcome::FirstFaster}};
        const auto flips = rankingFlips(base, other);
        QCOMPARE(flips.size(), std::size_t(2));
        QVERIFY((flips[0] == RankingFlip{0, 1, RankMetric::P99, PairOutcome::FirstFaster, PairOutcome::SecondFaster}));
        QVERIFY((flips[1] == RankingFlip{0, 2, RankMetric::Median, PairOutcome::Tie, PairOutcome::SecondFaster}));
        QVERIFY(rankingFlips(base, base).empty());
        QVERIFY(rankingFlips(base, {}).empty());
    }

    void dependencyScanReplaysEachControlAlone()
    {
        const Trace trace = example();
        const ConfigSet set = defaultConfigSet();
        NullProgress progress;
        ReplayProtocol protocol;
        protocol.seed = 7;
        protocol.ablations.add(Ablation::Pressure); // not part of the baseline
        const DependencyScan scan = scanDependencies(trace, set, protocol, progress);
        QVERIFY(scan.protocol.ablations.empty() && !scan.protocol.isolated);
        QCOMPARE(scan.protocol.seed, std::uint64_t(7));
        ReplayProtocol plain;
        plain.seed = 7;
        QVERIFY(scan.baseline == replayAll(trace, set, plain, progress).ranking);
        QCOMPARE(scan.controls.size(), std::size_t(kAblationCount + 1));
        QVERIFY(scan.controls.back().control.ablation == std::nullopt);
        QCOMPARE(scan.controls.back().control.name(), std::string("isolated"));
        std::size_t flipped = 0;
        for (const ControlFlips& control : scan.controls) {
            ReplayProtocol alone = plain;
            if (control.control.ablation) {
                alone.ablations.add(*control.control.ablation);
            } else {
                alone.isolated = true;
            }
            QVERIFY(control.ranking == replayAll(trace, set, alone, progress).ranking);
            QVERIFY(control.flips == rankingFlips(scan.baseline, control.ranking));
            flipped += control.flips.size();
        }
        QVERIFY(flipped > 0); // the adversarial example's ranking depends on its context
        // Every flip appears once among the dependencies, under its control.
        std::size_t listed = 0;
        for (const DecisionDependency& d : scan.dependencies()) {
            QVERIFY(!d.controls.empty());
            listed += d.controls.size();
        }
        QCOMPARE(listed, flipped);
        // Reusing a baseline ranking at hand gives the same scan.
        const DependencyScan again = scanDependencies(trace, set, plain, progress, &scan.baseline);
        QCOMPARE(again.controls.size(), scan.controls.size());
        for (std::size_t k = 0; k < scan.controls.size(); ++k) {
            QVERIFY(again.controls[k].flips == scan.controls[k].flips);
        }
    }

    void ablationScanDocumentIsDeterministic()
    {
        const Trace trace = example();
        const ConfigSet set = defaultConfigSet();
        NullProgress progress;
        const DependencyScan scan = scanDependencies(trace, set, {}, progress);
        const std::string sha = normalizedSha256(trace, progress);
        const std::string text = ablationScanJson(scan, set, sha, trace.size());
        QCOMPARE(ablationScanJson(scanDependencies(trace, set, {}, progress), set, sha, trace.size()), text);
        QVERIFY(!text.empty() && text.back() == '\n');
        const auto doc = nlohmann::json::parse(text);
        QCOMPARE(doc.at("format").get<std::string>(), std::string(kAblationScanFormat));
        QCOMPARE(doc.at("input").at("sha256").get<std::string>(), sha);
        QCOMPARE(doc.at("input").at("events").get<std::size_t>(), trace.size());
        QCOMPARE(doc.at("configurations").at("sha256").get<std::string>(), configSetSha256(set));
        QCOMPARE(doc.at("baseline").size(), scan.baseline.size());
        QCOMPARE(doc.at("controls").size(), scan.controls.size());
        QCOMPARE(doc.at("dependencies").size(), scan.dependencies().size());
        QVERIFY(doc.at("model").at("statement").get<std::string>().find("not a") != std::string::npos);
        for (std::size_t k = 0; k < scan.controls.size(); ++k) {
            const auto& c = doc.at("controls").at(k);
            QCOMPARE(c.at("control").get<std::string>(), scan.controls[k].control.name());
            QCOMPARE(c.at("flips").size(), scan.controls[k].flips.size());
        }
    }
};

QTEST_APPLESS_MAIN(TestReplayAnalyses)
#include "tst_replay_analyses.moc"
