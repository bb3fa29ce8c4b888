#include "core/verify/verification_json.h"

#include "core/util/atomic_file.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"

#include "core/util/json/parser.h"
#include "core/util/json/reader.h"
#include "core/util/json/writer.h"

#include <algorithm>
#include <numeric>

namespace cc::verify {

namespace {

using Json = json::Value;

const char* passFail(bool pass)
{
    return pass ? "pass" : "fail";
}

Json distribution(const Distribution& d)
{
    Json j;
    j.set("count", d.count);
    j.set("median_ns", d.median);
    j.set("p95_ns", d.p95);
    j.set("p99_ns", d.p99);
    j.set("max_ns", d.max);
    j.set("mean_ns", d.mean);
    return j;
}

Json metricCheck(const MetricCheck& m)
{
    Json j;
    j.set("metric", m.metric);
    if (m.scope == "phase" || m.scope == "operation") {
        j.set("name", m.name);
    }
    j.set("unit", m.unit);
    if (m.metric == "present") {
        j.set("source_present", m.sourcePresent);
        j.set("canary_present", m.canaryPresent);
        j.set("source_samples", m.value.source);
        j.set("canary_samples", m.value.canary);
        j.set("status", passFail(m.pass));
        return j;
    }
    j.set("source", m.value.source);
    j.set("canary", m.value.canary);
    j.set("absolute_delta", m.value.absoluteDelta);
    j.set("relative_delta_ppm", m.value.relativePpm ? Json(*m.value.relativePpm) : Json(nullptr));
    Json t;
    t.set("absolute", m.toleranceAbsolute);
    t.set("relative_ppm", m.toleranceRelativePpm);
    j.set("tolerance", t);
    j.set("status", passFail(m.pass));
    return j;
}

Json checks(const std::vector<MetricCheck>& list)
{
    Json a = Json::array();
    for (const auto& m : list) {
        a.push(metricCheck(m));
    }
    return a;
}

Json timingErrors(const TimingErrors& e)
{
    Json j;
    for (std::size_t f = 0; f < kErrorFieldCount; ++f) {
        j.set(std::string(kErrorFieldNames[f]), errorField(e, f));
    }
    return j;
}

Json findings(const std::vector<SegmentFinding>& list)
{
    Json a = Json::array();
    for (const auto& f : list) {
        Json j;
        j.set("segment", f.segment);
        j.set("first", f.first);
        j.set("events", f.events);
        j.set("detail", f.detail);
        a.push(j);
    }
    return a;
}

Json strings(const std::vector<std::string>& list)
{
    Json a = Json::array();
    for (const auto& s : list) {
        a.push(s);
    }
    return a;
}

Json side(const ConfigurationSummary& s)
{
    Json j;
    j.set("latency", distribution(s.latency));
    j.set("queue_wait", distribution(s.queueWait));
    j.set("hidden_share_ppm", s.hiddenSharePpm);
    j.set("tail_samples", s.tailCount);
    j.set("skew_unknown_samples", s.skewUnknownSamples);
    j.set("skew_partial_samples", s.skewPartialSamples);
    j.set("overlap_unknown_samples", s.overlapUnknownSamples);
    return j;
}

Json configuration(const ConfigurationFidelity& f)
{
    Json j;
    j.set("name", f.name);
    j.set("status", passFail(f.pass));
    j.set("source_samples", f.sourceSamples);
    j.set("canary_samples", f.canarySamples);
    j.set("source", side(f.source));
    j.set("canary", side(f.canary));
    j.set("latency_checks", checks(f.latency));
    j.set("queue_wait_checks", checks(f.queueWait));
    j.set("hidden_share_check", metricCheck(f.hiddenShare));
    j.set("phase_checks", checks(f.phases));
    j.set("operation_checks", checks(f.operations));
    Json t;
    t.set("status", passFail(f.tail.pass));
    t.set("meaning", "source samples at or above the source p99: does the canary replay the same event (and iteration) "
                     "and is it still that expensive (at least the p99 less the latency tolerance)?");
    t.set("event_correspondence", f.tail.correspondence);
    t.set("source_p99_ns", f.tail.sourceP99);
    t.set("still_expensive_from_ns", f.tail.stillExpensiveFrom);
    t.set("source_tail_samples", f.tail.sourceTailSamples);
    t.set("present", f.tail.present);
    t.set("recalled", f.tail.recalled);
    t.set("recall_ppm", f.tail.recallPpm);
    t.set("threshold_ppm", f.tail.thresholdPpm);
    Json missed = Json::array();
    for (const auto& m : f.tail.missed) {
        Json x;
        x.set("event", m.event);
        x.set("iteration", m.iteration);
        x.set("source_latency_ns", m.sourceLatency);
        x.set("present", m.present);
        x.set("canary_latency_ns", m.present ? Json(m.canaryLatency) : Json(nullptr));
        missed.push(x);
    }
    t.set("first_missed", missed);
    j.set("tail_event_recall", t);
    return j;
}

std::vector<std::string> order(const RankingStatus& r, const std::vector<Distribution>& values, RankMetric metric)
{
    std::vector<std::size_t> idx(r.configurations.size());
    std::iota(idx.begin(), idx.end(), 0);
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
        return rankMetricValue(values[a], metric) < rankMetricValue(values[b], metric);
    });
    std::vector<std::string> names;
    for (auto i : idx) {
        names.push_back(r.configurations[i]);
    }
    return names;
}

Json ranking(const VerificationReport& report)
{
    const auto& r = report.ranking;
    Json ev;
    ev.set("pairs", r.configurations.size() * (r.configurations.size() - (r.configurations.empty() ? 0 : 1)) / 2);
    ev.set("metrics", strings({"median", "p95", "p99", "mean"}));
    ev.set("decisions", r.decisions.size());
    ev.set("agreeing_decisions", r.passed);
    Json tie;
    tie.set("relative_ppm", report.tolerances.rankingTiePpm);
    tie.set("absolute_ns", report.tolerances.rankingTieNs);
    tie.set("rule", "lower latency is better; a pair is a tie when |a - b| <= absolute_ns or |a - b| * 10^6 <= "
                    "relative_ppm * max(a, b)");
    ev.set("tie_tolerance", tie);
    std::vector<Distribution> src, can;
    for (const auto& f : report.fidelity.configurations) {
        src.push_back(f.source.latency);
        can.push_back(f.canary.latency);
    }
    Json orders;
    if (src.size() == r.configurations.size()) {
        for (int m = 0; m < kRankMetricCount; ++m) {
            const auto metric = static_cast<RankMetric>(m);
            Json o;
            o.set("source", strings(order(r, src, metric)));
            o.set("canary", strings(order(r, can, metric)));
            orders.set(std::string(rankMetricName(metric)), o);
        }
    }
    ev.set("orders", orders);
    Json list = Json::array();
    for (const auto& d : r.decisions) {
        Json j;
        j.set("left", r.configurations[d.left]);
        j.set("right", r.configurations[d.right]);
        j.set("metric", std::string(rankMetricName(d.metric)));
        j.set("source_left_ns", d.sourceLeft);
        j.set("source_right_ns", d.sourceRight);
        j.set("canary_left_ns", d.canaryLeft);
        j.set("canary_right_ns", d.canaryRight);
        j.set("source_relation", std::string(relationName(d.sourceRelation)));
        j.set("canary_relation", std::string(relationName(d.canaryRelation)));
        j.set("status", passFail(d.pass));
        list.push(j);
    }
    ev.set("pairwise", list);
    Json s;
    s.set("status", passFail(r.pass));
    s.set("evidence", ev);
    return s;
}

std::string claimOfCanary(CanaryClaim c)
{
    return std::string(cc::claimName(c));
}

} // namespace

json::Value verificationValue(const VerificationReport& r)
{
    Json root;
    root.set("format", std::string(kVerificationFormat));
    root.set("claim", std::string(claimName(r.claim)));
    root.set("claim_reasons", strings(r.claimReasons));

    Json statuses;
    {
        const auto& t = r.timingMode;
        Json s;
        s.set("status", passFail(t.pass));
        s.set("mode", std::string(timingModeName(t.declared)));
        Json ev;
        ev.set("attested_by", "the compiler, in the canary header");
        ev.set("method", t.method);
        ev.set("event_correspondence", t.correspondence);
        ev.set("segments_checked", t.segmentsChecked);
        ev.set("segments_failed", t.segmentsFailed);
        ev.set("measured_max_error", timingErrors(t.measured));
        ev.set("declared_bounds", timingErrors(t.declaredBounds));
        ev.set("drift_note",
               "drift_ns (cumulative issue-time error) is measured and reported; it follows from gap error "
               "and is not budgeted per segment");
        ev.set("first_failing_segments", findings(t.findings));
        ev.set("problems", strings(t.problems));
        s.set("evidence", ev);
        statuses.set("timing_mode", s);
    }
    {
        const auto& c = r.commitments;
        Json s;
        s.set("status", passFail(c.pass));
        Json ev;
        ev.set("algorithm", "SHA-256 of canonical event-range bytes (commcanary-workbench.normalized.v1)");
        ev.set("source_sha256", c.sourceSha256);
        ev.set("declared_source_sha256", c.declaredSourceSha256);
        ev.set("source_matches", c.sourceMatches);
        ev.set("source_events", c.sourceEvents);
        ev.set("declared_source_events", c.declaredSourceEvents);
        ev.set("covered_range_recomputes", c.coveredRangeMatches);
        ev.set("covered_sha256_form", c.coveredForm);
        ev.set("segments", c.segments);
        ev.set("segments_recomputed", c.segmentsRecomputed);
        ev.set("first_failing_segments", findings(c.findings));
        ev.set("problems", strings(c.problems));
        s.set("evidence", ev);
        statuses.set("commitments", s);
    }
    {
        const auto& c = r.coverage;
        Json s;
        s.set("status", passFail(c.pass));
        s.set("coverage", std::string(coverageName(c.actual)));
        Json ev;
        ev.set("declared", std::string(coverageName(c.declared)));
        ev.set("covered_first", c.coveredFirst);
        ev.set("covered_last", c.coveredLast);
        ev.set("logical_events", c.logicalEvents);
        ev.set("source_events", c.sourceEvents);
        if (!c.coveredRuns.empty()) {
            // A subset: the kept source events as [first, events] runs.
            Json runs = Json::array();
            for (const auto& run : c.coveredRuns) {
                runs.push(Json::array({Json(run.first), Json(run.events)}));
            }
            ev.set("covered_runs", runs);
        }
        ev.set("canary_claim", claimOfCanary(c.canaryClaim));
        ev.set("problems", strings(c.problems));
        s.set("evidence", ev);
        statuses.set("coverage", s);
    }
    {
        const auto& f = r.fidelity;
        Json s;
        s.set("status", passFail(f.pass));
        Json ev;
        Json tol;
        tol.set("relative_ppm", r.tolerances.relativePpm);
        tol.set("absolute_ns", r.tolerances.absoluteNs);
        tol.set("hidden_share_ppm", r.tolerances.hiddenSharePpm);
        tol.set("tail_recall_ppm", r.tolerances.tailRecallPpm);
        tol.set("rule",
                "a value passes when |canary - source| <= absolute_ns or |canary - source| * 10^6 <= relative_ppm * "
                "source; hidden shares pass within hidden_share_ppm; tail recall passes at or above "
                "tail_recall_ppm");
        ev.set("tolerances", tol);
        ev.set("checks", f.checks);
        ev.set("failed_checks", f.failedChecks);
        Json configs = Json::array();
        for (const auto& c : f.configurations) {
            configs.push(configuration(c));
        }
        ev.set("configurations", configs);
        s.set("evidence", ev);
        statuses.set("behavioral_fidelity", s);
    }
    statuses.set("ranking", ranking(r));
    root.set("statuses", statuses);

    Json source;
    source.set("normalized_sha256", r.sourceSha256);
    source.set("events", r.sourceEvents);
    Json u;
    u.set("status", r.uncertainty.certain() ? "certain" : "rank_local_uncertainty");
    u.set("unknown_skew_events", r.uncertainty.unknownSkewEvents);
    u.set("partial_skew_events", r.uncertainty.partialSkewEvents);
    u.set("unknown_overlap_events", r.uncertainty.unknownOverlapEvents);
    if (r.uncertainty.skewUncertaintyEvents != 0) {
        // Only for a source with measured skew and a stated error, so other reports keep their bytes.
        Json skew;
        skew.set("events", r.uncertainty.skewUncertaintyEvents);
        skew.set("max_ns", r.uncertainty.maxSkewUncertainty);
        skew.set("tolerance_ns", r.tolerances.absoluteNs);
        skew.set("above_tolerance_events", r.uncertainty.skewUncertaintyAboveTolerance);
        skew.set("rule", "measured skew counts as certain only when every event's arrival_skew_uncertainty_us is at "
                         "or below the absolute latency tolerance: a skew error moves a replayed arrival, and so a "
                         "latency, by up to itself");
        u.set("arrival_skew_uncertainty", skew);
    }
    source.set("uncertainty", u);
    root.set("source", source);

    Json canary;
    canary.set("sha256", r.canaryFileSha256);
    canary.set("bytes", r.canaryBytes);
    canary.set("logical_events", r.canaryLogicalEvents);
    canary.set("stored_events", r.canaryStoredEvents);
    root.set("canary", canary);

    Json configs;
    configs.set("set", r.configSetName);
    configs.set("sha256", r.configSetSha256);
    configs.set("names", strings(r.ranking.configurations));
    root.set("configurations", configs);

    Json protocol;
    protocol.set("seed", r.protocol.seed);
    protocol.set("iterations", r.protocol.iterations);
    protocol.set("ablations", r.protocol.ablations.text());
    protocol.set("isolated", r.protocol.isolated);
    protocol.set("tie_tolerance_ppm", r.protocol.tieTolerancePpm);
    root.set("protocol", protocol);

    Json model;
    model.set("simulator", std::string(kSimulatorModelName));
    model.set("version", std::string(kSimulatorVersion));
    model.set("statement", std::string(kModelStatement));
    root.set("model", model);
    root.set("not_proven", strings(notProven()));
    return root;
}

std::string verificationJson(const VerificationReport& report)
{
    return json::toIndentedText(verificationValue(report), 2) + "\n";
}

std::string fidelityTally(const FidelityStatus& fidelity)
{
    return std::to_string(fidelity.checks - fidelity.failedChecks) + "/" + std::to_string(fidelity.checks) +
           " checks within tolerance";
}

void writeVerificationFile(const VerificationReport& report, const std::filesystem::path& path)
{
    writeFileAtomic(path, verificationJson(report));
}

std::string verificationSummaryText(const VerificationReport& r)
{
    std::string text = "claim: " + std::string(claimName(r.claim)) + "\n";
    text += "  timing_mode          " + std::string(passFail(r.timingMode.pass)) + " (" +
            std::string(timingModeName(r.timingMode.declared)) + ")\n";
    text += "  commitments          " + std::string(passFail(r.commitments.pass)) + " (" +
            std::to_string(r.commitments.segmentsRecomputed) + "/" + std::to_string(r.commitments.segments) +
            " segments recompute)\n";
    text +=
        "  coverage             " + std::string(passFail(r.coverage.pass)) + " (" +
        std::string(coverageName(r.coverage.actual)) + ", " + std::to_string(r.coverage.logicalEvents) + " of " +
        std::to_string(r.coverage.sourceEvents) + " events" +
        (r.coverage.coveredRuns.empty() ? std::string()
                                        : ", a subset in " + std::to_string(r.coverage.coveredRuns.size()) + " runs") +
        ")\n";
    text +=
        "  behavioral_fidelity  " + std::string(passFail(r.fidelity.pass)) + " (" + fidelityTally(r.fidelity) + ")\n";
    text += "  ranking              " + std::string(passFail(r.ranking.pass)) + " (" +
            std::to_string(r.ranking.passed) + "/" + std::to_string(r.ranking.decisions.size()) + " decisions agree)\n";
    for (const auto& reason : r.claimReasons) {
        text += "  because: " + reason + "\n";
    }
    return text;
}

std::vector<std::pair<std::string, std::string>> verificationFacts(const VerificationReport& r)
{
    std::vector<std::pair<std::string, std::string>> facts;
    facts.emplace_back("claim", std::string(claimName(r.claim)));
    facts.emplace_back("timing_mode", std::string(passFail(r.timingMode.pass)) + " (" +
                                          std::string(timingModeName(r.timingMode.declared)) + ")");
    facts.emplace_back("commitments", std::string(passFail(r.commitments.pass)) + " (" +
                                          std::to_string(r.commitments.segmentsRecomputed) + "/" +
                                          std::to_string(r.commitments.segments) + " segments recompute)");
    facts.emplace_back("coverage", std::string(passFail(r.coverage.pass)) + " (" +
                                       std::string(coverageName(r.coverage.actual)) + ")");
    facts.emplace_back("behavioral_fidelity",
                       std::string(passFail(r.fidelity.pass)) + " (" + fidelityTally(r.fidelity) + ")");
    facts.emplace_back("ranking", std::string(passFail(r.ranking.pass)) + " (" + std::to_string(r.ranking.passed) +
                                      "/" + std::to_string(r.ranking.decisions.size()) + " decisions agree)");
    facts.emplace_back("source sha256", r.sourceSha256);
    if (r.uncertainty.skewUncertaintyEvents != 0) {
        facts.emplace_back("skew uncertainty",
                           "at most " + formatScaledDecimal(r.uncertainty.maxSkewUncertainty, kMicrosToNanosScale) +
                               " us over " + std::to_string(r.uncertainty.skewUncertaintyEvents) + " events, " +
                               std::to_string(r.uncertainty.skewUncertaintyAboveTolerance) +
                               " above the absolute tolerance of " +
                               formatScaledDecimal(r.tolerances.absoluteNs, kMicrosToNanosScale) + " us");
    }
    facts.emplace_back("canary sha256", r.canaryFileSha256);
    std::string names;
    for (const auto& n : r.ranking.configurations) {
        names += (names.empty() ? "" : ", ") + n;
    }
    facts.emplace_back("configurations", names);
    facts.emplace_back("meaning", "a model-based verification: physical execution not observed");
    return facts;
}

} // namespace cc::verify
