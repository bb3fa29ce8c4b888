// Physical replay in core: the program real ranks walk (groups, pacing, arrival offsets, the
// refusals), measured samples under the simulator's latency definition, and the measured report
// (canonical bytes, its reader, verify-report's integrity check and the noise-aware compare).
#include "core/physical/physical_program.h"
#include "core/replay/simulator.h"
#include "core/report/measured_report.h"
#include "core/report/physical_verification.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"

#include "test_support.h"

#include <QtTest>

#include <algorithm>

using namespace cc;
using namespace cc::physical;

namespace {

Trace traceOf(const std::string& events)
{
    NullProgress quiet;
    return parseTrace(R"({"format":"commcanary.trace.v1","events":[)" + events + "]}", "t.json", quiet);
}

const char* kFourRanks =
    R"({"op":"all_reduce","bytes":1024,"ranks":[0,1,2,3],"start_us":10,"compute_before_us":4,"rank_arrival_us":{"0":0,"1":2,"2":0.5,"3":1}},)"
    R"({"op":"all_gather","bytes":4096,"ranks":[0,2],"start_us":20,"compute_overlap_us":3,"arrival_skew_us":5},)"
    R"({"op":"send","bytes":64,"ranks":[3,1],"start_us":30,"sender_rank":3,"receiver_rank":1},)"
    R"({"op":"broadcast","bytes":128,"ranks":[0,2],"start_us":40,"root_rank":2},)"
    R"({"op":"all_reduce","bytes":2048,"ranks":[0,1,2,3],"start_us":50})";

QString refusal(const Trace& trace, int worldSize, const std::string& backend, const std::vector<std::string>& skip)
{
    try {
        buildPhysicalProgram(trace, worldSize, backend, skip);
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

MeasuredRun smallRun()
{
    MeasuredRun run;
    run.inputSha256 = std::string(64, 'a');
    run.inputEvents = 2;
    run.skewKnown = 2;
    run.worldSize = 2;
    run.repeats = 2;
    run.warmup = 1;
    run.machine = {{"cpu", "test cpu"}, {"cores", "2"}};
    run.set = parsePhysicalConfigSet(R"({"format":"commcanary-workbench.physical-configs.v1","name":"s",)"
                                     R"("configurations":[{"name":"a","backend":"gloo","device":"cpu"},)"
                                     R"({"name":"b","backend":"gloo","device":"cpu"}]})",
                                     "s.json");
    run.opNames = {"all_reduce", "barrier"};
    auto config = [&](std::size_t k, Ns scale) {
        MeasuredConfiguration c;
        c.config = run.set.configurations[k];
        c.clock = {{0, 0, 0}, {1, -50, 400}};
        for (std::uint32_t rep = 0; rep < 2; ++rep) {
            c.samples.push_back({0, rep, 0, 10, scale * (100 + rep), scale * 90, 0});
            c.samples.push_back({1, rep, 500, 0, scale * (50 + rep * 2), scale * 40, 0});
        }
        return c;
    };
    run.configurations = {config(0, 1000), config(1, 3000)};
    return run;
}

/// A measured view whose configurations have the given per-repeat medians (every metric equal).
MeasuredView viewOf(const std::string& source, const std::vector<std::pair<std::string, std::vector<Ns>>>& configs)
{
    MeasuredView v;
    v.source = source;
    v.inputSha256 = std::string(64, 'a');
    v.worldSize = 2;
    v.repeats = 3;
    v.sealIntact = true;
    for (const auto& [name, medians] : configs) {
        MeasuredView::Configuration c;
        c.name = name;
        for (Ns m : medians) {
            c.perRepeat.push_back(Distribution{1, m, m, m, m, m});
        }
        std::vector<Ns> sorted = medians;
        std::sort(sorted.begin(), sorted.end());
        const Ns mid = sorted[(sorted.size() - 1) / 2];
        c.latency = Distribution{sorted.size(), mid, sorted.back(), sorted.back(), sorted.back(), mid};
        v.configurations.push_back(c);
    }
    return v;
}

} // namespace

class TestPhysicalProgram : public QObject {
    Q_OBJECT
private slots:
    void groupsAreTheRecordedRankSetsInOrderOfFirstUse()
    {
        const Trace trace = traceOf(kFourRanks);
        const PhysicalProgram p = buildPhysicalProgram(trace, 4, "gloo", {});
        QCOMPARE(p.events.size(), std::size_t{5});
        const std::vector<std::vector<std::int32_t>> groups{{0, 1, 2, 3}, {0, 2}, {3, 1}};
        QVERIFY(p.groups == groups);
        QCOMPARE(p.events[0].group, 0U);
        QCOMPARE(p.events[1].group, 1U);
        QCOMPARE(p.events[2].group, 2U); // send: the (sender, receiver) pair
        QCOMPARE(p.events[3].group, 1U); // the same rank set is not created twice
        QCOMPARE(p.events[4].group, 0U);
        QCOMPARE(p.events[2].sender, 3);
        QCOMPARE(p.events[2].receiver, 1);
        QCOMPARE(p.events[3].root, 2);
        QCOMPARE(p.groupRank(1, 2), 1);
        QCOMPARE(p.groupRank(1, 1), -1);
        QVERIFY(!p.member(p.events[1], 3)); // rank 3 skips the [0,2] all_gather
        QCOMPARE(p.maxBytes(), std::int64_t{4096});
    }

    void pacingAndArrivalOffsetsComeFromTheTrace()
    {
        const Trace trace = traceOf(kFourRanks);
        const PhysicalProgram p = buildPhysicalProgram(trace, 4, "gloo", {});
        QCOMPARE(p.events[0].issueAt, Ns{0});
        QCOMPARE(p.events[1].issueAt, Ns{10'000});
        QCOMPARE(p.events[0].computeBefore, Ns{4'000});
        QCOMPARE(p.events[1].computeOverlap, Ns{3'000});
        // Per-rank arrivals: each member's offset from the earliest.
        const std::vector<Ns> arrivals{0, 2'000, 500, 1'000};
        QVERIFY(p.events[0].arrivalOffset == arrivals);
        // An explicit skew without arrivals: the last member arrives that much later.
        const std::vector<Ns> skewed{0, 5'000};
        QVERIFY(p.events[1].arrivalOffset == skewed);
        // Unknown skew injects nothing and is recorded as unknown.
        QCOMPARE(p.events[4].skew, SkewState::Unknown);
        const std::vector<Ns> none{0, 0, 0, 0};
        QVERIFY(p.events[4].arrivalOffset == none);
    }

    void aTraceWithMoreRanksThanTheWorldIsRefused()
    {
        const QString e = refusal(traceOf(kFourRanks), 2, "gloo", {});
        QVERIFY2(e.contains(QStringLiteral("t.json")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("event 0")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("outside the world of 2 ranks")), qPrintable(e));
    }

    void operationsTheBackendCannotRunFailClosedUnlessSkipped()
    {
        const Trace trace =
            traceOf(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"gap_us":1},)"
                    R"({"op":"fused_moe_dispatch","custom_op":true,"bytes":8,"ranks":[0,1],"gap_us":1},)"
                    R"({"op":"reduce_scatter","bytes":8,"ranks":[0,1],"gap_us":1})");
        QString e = refusal(trace, 2, "gloo", {});
        QVERIFY2(e.contains(QStringLiteral("event 1")) && e.contains(QStringLiteral("custom operation")),
                 qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("--skip-op fused_moe_dispatch")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("event 2")) && e.contains(QStringLiteral("gloo process group")),
                 qPrintable(e));
        // NCCL runs reduce_scatter; the custom op still needs skipping.
        e = refusal(trace, 2, "nccl", {});
        QVERIFY2(!e.contains(QStringLiteral("event 2")), qPrintable(e));
        const PhysicalProgram p = buildPhysicalProgram(trace, 2, "gloo", {"reduce_scatter", "fused_moe_dispatch"});
        QCOMPARE(p.skippedEvents, std::uint64_t{2});
        QVERIFY(p.events[1].skipped && p.events[2].skipped && !p.events[0].skipped);
        // Skipping an operation the trace does not have is a mistake, not a no-op.
        e = refusal(traceOf(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"gap_us":1})"), 2, "gloo", {"all_to_all"});
        QVERIFY2(e.contains(QStringLiteral("--skip-op")) && e.contains(QStringLiteral("all_to_all")), qPrintable(e));
    }

    void samplesFollowTheSimulatorsLatencyDefinition()
    {
        const Trace trace =
            traceOf(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"gap_us":1},)"
                    R"({"op":"send","bytes":8,"ranks":[1,0],"sender_rank":1,"receiver_rank":0,"gap_us":1})");
        const PhysicalProgram p = buildPhysicalProgram(trace, 2, "gloo", {});
        RankTimings r0;
        r0.rank = 0;
        r0.repeatOrigin = {1'000};
        r0.repeats = {{{0, 1}, {1'100, 1'500}, {1'400, 1'900}}};
        RankTimings r1;
        r1.rank = 1;
        r1.offsetNs = 10'000; // rank 0's clock - rank 1's clock
        r1.uncertaintyNs = 30;
        r1.repeatOrigin = {1'000};
        r1.repeats = {{{0, 1}, {-8'850, -8'600}, {-8'500, -8'550}}};
        const auto samples = measuredSamples(p, {r0, r1}, "ranks");
        QCOMPARE(samples.size(), std::size_t{2});
        // Event 0: issues at 100 (rank 0) and 150 (rank 1, shifted), completions 400 and 500.
        QCOMPARE(samples[0].issue, Ns{100});
        QCOMPARE(samples[0].rankWait, Ns{50});
        QCOMPARE(samples[0].latency, Ns{400}); // latest completion - earliest issue
        QCOMPARE(samples[0].maxRankTime, Ns{350});
        QCOMPARE(samples[0].flags, std::uint8_t{kSampleSkewUnknown});
        // Event 1 (send 1 -> 0): issues at 400 (rank 1) and 500, completions 450 and 900.
        QCOMPARE(samples[1].latency, Ns{500});
        QCOMPARE(latencyUncertaintyNs({r0, r1}), Ns{30});
        // A rank that stamps an event it is not a member of, or misses one, is refused.
        RankTimings bad = r1;
        bad.repeats[0].event = {0};
        bad.repeats[0].issue = {-8'850};
        bad.repeats[0].complete = {-8'600};
        QVERIFY_THROWS_EXCEPTION(InputError, measuredSamples(p, {r0, bad}, "ranks"));
    }

    void measuredReportIsCanonicalAndReadsBack()
    {
        const MeasuredRun run = smallRun();
        const std::string text = buildMeasuredReport(run);
        QCOMPARE(buildMeasuredReport(run), text);
        QVERIFY(isMeasuredReport(text));
        QVERIFY(reportSealIntact(text));
        QVERIFY(text.starts_with(R"({"format":"commcanary-workbench.report.v1","mode":"measured")"));
        const MeasuredView view = readMeasuredReport(text, "m.json");
        QVERIFY(view.sealIntact);
        QCOMPARE(view.configurations.size(), std::size_t{2});
        QCOMPARE(view.configurations[0].latency.count, std::uint64_t{4});
        QCOMPARE(view.configurations[0].latency.median, Ns{52'000}); // lower median of 50k, 52k, 100k, 101k
        QCOMPARE(view.configurations[0].perRepeat.size(), std::size_t{2});
        QCOMPARE(repeatSpread(view.configurations[0], CompareMetric::Max), Ns{1'000});
        QCOMPARE(view.configurations[0].latencyUncertaintyNs, Ns{400});
        // The simulated reader names a measured report instead of misreading it.
        try {
            readReportView(text, "m.json");
            QFAIL("read as a simulated report");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("measured report")), e.what());
        }
    }

    void verifyReportChecksIntegrityAndSaysItCannotRecompute()
    {
        const std::string text = buildMeasuredReport(smallRun());
        ReportVerification v = verifyMeasuredReport(text, "m.json");
        QVERIFY2(v.passed, v.message.c_str());
        QVERIFY(v.message.find("cannot be recomputed") != std::string::npos);
        // An edited summary no longer follows from the samples.
        std::string edited = text;
        const std::string from = R"("median_ns":52000)";
        const auto at = edited.find(from);
        QVERIFY(at != std::string::npos);
        edited.replace(at, from.size(), R"("median_ns":40000)");
        v = verifyMeasuredReport(edited, "m.json");
        QVERIFY(!v.passed);
        QVERIFY2(v.path.find("$.configurations[0].summary.median_ns") == 0, v.path.c_str());
        QVERIFY(v.message.find("body_sha256") != std::string::npos);
        QVERIFY(v.message.find("cannot be recomputed") != std::string::npos);
    }

    void compareGatesBeyondTheNoiseOfTheRepeats()
    {
        const std::string text = buildMeasuredReport(smallRun());
        const MeasuredView view = readMeasuredReport(text, "m.json");
        CompareOptions slower;
        slower.baselineConfig = "a";
        slower.candidateConfig = "b";
        const CompareResult regression = compareMeasuredReports(view, view, slower);
        QVERIFY(regression.regression);
        // Configuration a against itself: no growth, no regression.
        CompareOptions same;
        same.baselineConfig = "a";
        same.candidateConfig = "a";
        QVERIFY(!compareMeasuredReports(view, view, same).regression);
        // A growth above the threshold but within the repeats' spread is noise, named in a note.
        MeasuredRun noisy = smallRun();
        for (auto& s : noisy.configurations[1].samples) {
            // Repeat medians 60 µs and 54 µs: the median grows 8 µs over a's 52 µs, and the spreads
            // (a: 2 µs, b: 6 µs) add up to exactly that.
            s.latency = s.repeat == 0 ? 60'000 : (s.event == 0 ? 300'000 : 54'000);
        }
        const MeasuredView noisyView = readMeasuredReport(buildMeasuredReport(noisy), "n.json");
        CompareOptions onlyMedian;
        onlyMedian.baselineConfig = "a";
        onlyMedian.candidateConfig = "b";
        onlyMedian.thresholds = parseThresholds("median=1%,p95=off,p99=off,mean=off", "t");
        const CompareResult absorbed = compareMeasuredReports(view, noisyView, onlyMedian);
        QVERIFY(!absorbed.regression);
        bool noted = false;
        for (const auto& n : absorbed.notes) {
            noted = noted || n.find("within the noise") != std::string::npos;
        }
        QVERIFY(noted);
        // Reports of different world sizes are incomparable.
        MeasuredRun other = smallRun();
        other.worldSize = 4;
        const MeasuredView otherView = readMeasuredReport(buildMeasuredReport(other), "o.json");
        QVERIFY_THROWS_EXCEPTION(InputError, compareMeasuredReports(view, otherView, CompareOptions{}));
    }
    void physicalVerificationSeparatesStatusesAndTies()
    {
        // a and c cannot be separated by the source's repeats; b is clearly slower than both.
        const MeasuredView source =
            viewOf("source", {{"a", {100, 104, 102}}, {"b", {200, 203, 199}}, {"c", {101, 103, 105}}});
        const MeasuredView canary =
            viewOf("canary", {{"a", {99, 101, 100}}, {"b", {195, 210, 205}}, {"c", {104, 102, 103}}});
        const MeasuredView reversed =
            viewOf("reversed", {{"a", {300, 300, 300}}, {"b", {100, 100, 100}}, {"c", {290, 290, 290}}});
        SimulatedRanking simulated;
        simulated.configurations = {{"a", Distribution{1, 10, 10, 10, 10, 10}},
                                    {"b", Distribution{1, 20, 20, 20, 20, 20}},
                                    {"c", Distribution{1, 15, 15, 15, 15, 15}}};
        const PhysicalVerificationOptions options;
        const PhysicalVerification v = verifyPhysical(source, canary, {{"reversed", reversed}}, simulated, options);
        QCOMPARE(v.claim, std::string("physically_verified"));
        QVERIFY(v.fidelityPassed && v.rankingPassed && v.executionPassed);
        const RankingAgreement& median = v.agreements.front();
        QCOMPARE(median.proxy, std::string("canary"));
        QCOMPARE(median.metric, std::string("median"));
        QCOMPARE(median.decidedPairs, 2U); // a-b and b-c; a-c is a tie
        QCOMPARE(median.tiedPairs, 1U);
        QCOMPARE(median.agreementPpm, std::int64_t{1'000'000});
        bool sawReversed = false;
        for (const auto& a : v.agreements) {
            if (a.proxy == "reversed" && a.metric == "median") {
                sawReversed = true;
                QCOMPARE(a.agreementPpm, std::int64_t{0});
                QVERIFY(a.kendallTauPpm < 0);
            }
        }
        QVERIFY(sawReversed);
        // A canary that loses a decided pair fails the ranking; one far off fails fidelity.
        const MeasuredView swapped =
            viewOf("swapped", {{"a", {250, 250, 250}}, {"b", {200, 200, 200}}, {"c", {101, 103, 105}}});
        const PhysicalVerification w = verifyPhysical(source, swapped, {}, std::nullopt, options);
        QCOMPARE(w.claim, std::string("physically_unverified"));
        QVERIFY(!w.rankingPassed);
        QVERIFY(!w.fidelityPassed);
        const std::string text = physicalVerificationJson(w, source, swapped, options);
        QVERIFY(text.find("\"simulator_agreement\"") != std::string::npos);
        QVERIFY(text.find("not_evaluated") != std::string::npos);
        // Reports of different configurations are not one experiment.
        const MeasuredView other = viewOf("other", {{"x", {1, 1, 1}}, {"b", {1, 1, 1}}, {"c", {1, 1, 1}}});
        QVERIFY_THROWS_EXCEPTION(InputError, verifyPhysical(source, other, {}, std::nullopt, options));
    }
};

QTEST_GUILESS_MAIN(TestPhysicalProgram)
#include "tst_physical_program.moc"
