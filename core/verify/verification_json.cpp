#include "core/verify/verification_json.h"

#include "core/info/file_info.h"
#include "core/util/atomic_file.h"
#include "core/util/decimal.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <mutex>
#include <numeric>

namespace cc::verify {

namespace {

using Json = nlohmann::ordered_json;

const char* passFail(bool pass)
{
    return pass ? "pass" : "fail";
}

Json distribution(const Distribution& d)
{
    Json j;
    j["count"] = d.count;
    j["median_ns"] = d.median;
    j["p95_ns"] = d.p95;
    j["p99_ns"] = d.p99;
    j["max_ns"] = d.max;
    j["mean_ns"] = d.mean;
    return j;
}

Json metricCheck(const MetricCheck& m)
{
    Json j;
    j["metric"] = m.metric;
    if (m.scope == "phase" || m.scope == "operation") {
        j["name"] = m.name;
    }
    j["unit"] = m.unit;
    if (m.metric == "present") {
        j["source_present"] = m.sourcePresent;
        j["canary_present"] = m.canaryPresent;
        j["source_samples"] = m.value.source;
        j["canary_samples"] = m.value.canary;
        j["status"] = passFail(m.pass);
        return j;
    }
    j["source"] = m.value.source;
    j["canary"] = m.value.canary;
    j["absolute_delta"] = m.value.absoluteDelta;
    j["relative_delta_ppm"] = m.value.relativePpm ? Json(*m.value.relativePpm) : Json(nullptr);
    Json t;
    t["absolute"] = m.toleranceAbsolute;
    t["relative_ppm"] = m.toleranceRelativePpm;
    j["tolerance"] = t;
    j["status"] = passFail(m.pass);
    return j;
}

Json checks(const std::vector<MetricCheck>& list)
{
    Json a = Json::array();
    for (const auto& m : list) {
        a.push_back(metricCheck(m));
    }
    return a;
}

Json timingErrors(const TimingErrors& e)
{
    Json j;
    for (std::size_t f = 0; f < kErrorFieldCount; ++f) {
        j[std::string(kErrorFieldNames[f])] = errorField(e, f);
    }
    return j;
}

Json findings(const std::vector<SegmentFinding>& list)
{
    Json a = Json::array();
    for (const auto& f : list) {
        Json j;
        j["segment"] = f.segment;
        j["first"] = f.first;
        j["events"] = f.events;
        j["detail"] = f.detail;
        a.push_back(j);
    }
    return a;
}

Json strings(const std::vector<std::string>& list)
{
    Json a = Json::array();
    for (const auto& s : list) {
        a.push_back(s);
    }
    return a;
}

Json side(const ConfigurationSummary& s)
{
    Json j;
    j["latency"] = distribution(s.latency);
    j["queue_wait"] = distribution(s.queueWait);
    j["hidden_share_ppm"] = s.hiddenSharePpm;
    j["tail_samples"] = s.tailCount;
    j["skew_unknown_samples"] = s.skewUnknownSamples;
    j["skew_partial_samples"] = s.skewPartialSamples;
    j["overlap_unknown_samples"] = s.overlapUnknownSamples;
    return j;
}

Json configuration(const ConfigurationFidelity& f)
{
    Json j;
    j["name"] = f.name;
    j["status"] = passFail(f.pass);
    j["source_samples"] = f.sourceSamples;
    j["canary_samples"] = f.canarySamples;
    j["source"] = side(f.source);
    j["canary"] = side(f.canary);
    j["latency_checks"] = checks(f.latency);
    j["queue_wait_checks"] = checks(f.queueWait);
    j["hidden_share_check"] = metricCheck(f.hiddenShare);
    j["phase_checks"] = checks(f.phases);
    j["operation_checks"] = checks(f.operations);
    Json t;
    t["status"] = passFail(f.tail.pass);
    t["meaning"] = "source samples at or above the source p99: does the canary replay the same event (and iteration) "
                   "and is it still that expensive (at least the p99 less the latency tolerance)?";
    t["event_correspondence"] = f.tail.correspondence;
    t["source_p99_ns"] = f.tail.sourceP99;
    t["still_expensive_from_ns"] = f.tail.stillExpensiveFrom;
    t["source_tail_samples"] = f.tail.sourceTailSamples;
    t["present"] = f.tail.present;
    t["recalled"] = f.tail.recalled;
    t["recall_ppm"] = f.tail.recallPpm;
    t["threshold_ppm"] = f.tail.thresholdPpm;
    Json missed = Json::array();
    for (const auto& m : f.tail.missed) {
        Json x;
        x["event"] = m.event;
        x["iteration"] = m.iteration;
        x["source_latency_ns"] = m.sourceLatency;
        x["present"] = m.present;
        x["canary_latency_ns"] = m.present ? Json(m.canaryLatency) : Json(nullptr);
        missed.push_back(x);
    }
    t["first_missed"] = missed;
    j["tail_event_recall"] = t;
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
    ev["pairs"] = r.configurations.size() * (r.configurations.size() - (r.configurations.empty() ? 0 : 1)) / 2;
    ev["metrics"] = strings({"median", "p95", "p99", "mean"});
    ev["decisions"] = r.decisions.size();
    ev["agreeing_decisions"] = r.passed;
    Json tie;
    tie["relative_ppm"] = report.tolerances.rankingTiePpm;
    tie["absolute_ns"] = report.tolerances.rankingTieNs;
    tie["rule"] = "lower latency is better; a pair is a tie when |a - b| <= absolute_ns or |a - b| * 10^6 <= "
                  "relative_ppm * max(a, b)";
    ev["tie_tolerance"] = tie;
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
            o["source"] = strings(order(r, src, metric));
            o["canary"] = strings(order(r, can, metric));
            orders[std::string(rankMetricName(metric))] = o;
        }
    }
    ev["orders"] = orders;
    Json list = Json::array();
    for (const auto& d : r.decisions) {
        Json j;
        j["left"] = r.configurations[d.left];
        j["right"] = r.configurations[d.right];
        j["metric"] = std::string(rankMetricName(d.metric));
        j["source_left_ns"] = d.sourceLeft;
        j["source_right_ns"] = d.sourceRight;
        j["canary_left_ns"] = d.canaryLeft;
        j["canary_right_ns"] = d.canaryRight;
        j["source_relation"] = std::string(relationName(d.sourceRelation));
        j["canary_relation"] = std::string(relationName(d.canaryRelation));
        j["status"] = passFail(d.pass);
        list.push_back(j);
    }
    ev["pairwise"] = list;
    Json s;
    s["status"] = passFail(r.pass);
    s["evidence"] = ev;
    return s;
}

std::string claimOfCanary(CanaryClaim c)
{
    return std::string(cc::claimName(c));
}

} // namespace

std::string verificationJson(const VerificationReport& r)
{
    Json root;
    root["format"] = std::string(kVerificationFormat);
    root["claim"] = std::string(claimName(r.claim));
    root["claim_reasons"] = strings(r.claimReasons);

    Json statuses;
    {
        const auto& t = r.timingMode;
        Json s;
        s["status"] = passFail(t.pass);
        s["mode"] = std::string(timingModeName(t.declared));
        Json ev;
        ev["attested_by"] = "the compiler, in the canary header";
        ev["method"] = t.method;
        ev["event_correspondence"] = t.correspondence;
        ev["segments_checked"] = t.segmentsChecked;
        ev["segments_failed"] = t.segmentsFailed;
        ev["measured_max_error"] = timingErrors(t.measured);
        ev["declared_bounds"] = timingErrors(t.declaredBounds);
        ev["drift_note"] = "drift_ns (cumulative issue-time error) is measured and reported; it follows from gap error "
                           "and is not budgeted per segment";
        ev["first_failing_segments"] = findings(t.findings);
        ev["problems"] = strings(t.problems);
        s["evidence"] = ev;
        statuses["timing_mode"] = s;
    }
    {
        const auto& c = r.commitments;
        Json s;
        s["status"] = passFail(c.pass);
        Json ev;
        ev["algorithm"] = "SHA-256 of canonical event-range bytes (commcanary-workbench.normalized.v1)";
        ev["source_sha256"] = c.sourceSha256;
        ev["declared_source_sha256"] = c.declaredSourceSha256;
        ev["source_matches"] = c.sourceMatches;
        ev["source_events"] = c.sourceEvents;
        ev["declared_source_events"] = c.declaredSourceEvents;
        ev["covered_range_recomputes"] = c.coveredRangeMatches;
        ev["covered_sha256_form"] = c.coveredForm;
        ev["segments"] = c.segments;
        ev["segments_recomputed"] = c.segmentsRecomputed;
        ev["first_failing_segments"] = findings(c.findings);
        ev["problems"] = strings(c.problems);
        s["evidence"] = ev;
        statuses["commitments"] = s;
    }
    {
        const auto& c = r.coverage;
        Json s;
        s["status"] = passFail(c.pass);
        s["coverage"] = std::string(coverageName(c.actual));
        Json ev;
        ev["declared"] = std::string(coverageName(c.declared));
        ev["covered_first"] = c.coveredFirst;
        ev["covered_last"] = c.coveredLast;
        ev["logical_events"] = c.logicalEvents;
        ev["source_events"] = c.sourceEvents;
        if (!c.coveredRuns.empty()) {
            // A subset: the kept source events as [first, events] runs.
            Json runs = Json::array();
            for (const auto& run : c.coveredRuns) {
                runs.push_back(Json::array({run.first, run.events}));
            }
            ev["covered_runs"] = runs;
        }
        ev["canary_claim"] = claimOfCanary(c.canaryClaim);
        ev["problems"] = strings(c.problems);
        s["evidence"] = ev;
        statuses["coverage"] = s;
    }
    {
        const auto& f = r.fidelity;
        Json s;
        s["status"] = passFail(f.pass);
        Json ev;
        Json tol;
        tol["relative_ppm"] = r.tolerances.relativePpm;
        tol["absolute_ns"] = r.tolerances.absoluteNs;
        tol["hidden_share_ppm"] = r.tolerances.hiddenSharePpm;
        tol["tail_recall_ppm"] = r.tolerances.tailRecallPpm;
        tol["rule"] =
            "a value passes when |canary - source| <= absolute_ns or |canary - source| * 10^6 <= relative_ppm * "
            "source; hidden shares pass within hidden_share_ppm; tail recall passes at or above "
            "tail_recall_ppm";
        ev["tolerances"] = tol;
        ev["checks"] = f.checks;
        ev["failed_checks"] = f.failedChecks;
        Json configs = Json::array();
        for (const auto& c : f.configurations) {
            configs.push_back(configuration(c));
        }
        ev["configurations"] = configs;
        s["evidence"] = ev;
        statuses["behavioral_fidelity"] = s;
    }
    statuses["ranking"] = ranking(r);
    root["statuses"] = statuses;

    Json source;
    source["normalized_sha256"] = r.sourceSha256;
    source["events"] = r.sourceEvents;
    Json u;
    u["status"] = r.uncertainty.certain() ? "certain" : "rank_local_uncertainty";
    u["unknown_skew_events"] = r.uncertainty.unknownSkewEvents;
    u["partial_skew_events"] = r.uncertainty.partialSkewEvents;
    u["unknown_overlap_events"] = r.uncertainty.unknownOverlapEvents;
    source["uncertainty"] = u;
    root["source"] = source;

    Json canary;
    canary["sha256"] = r.canaryFileSha256;
    canary["bytes"] = r.canaryBytes;
    canary["logical_events"] = r.canaryLogicalEvents;
    canary["stored_events"] = r.canaryStoredEvents;
    root["canary"] = canary;

    Json configs;
    configs["set"] = r.configSetName;
    configs["sha256"] = r.configSetSha256;
    configs["names"] = strings(r.ranking.configurations);
    root["configurations"] = configs;

    Json protocol;
    protocol["seed"] = r.protocol.seed;
    protocol["iterations"] = r.protocol.iterations;
    protocol["ablations"] = r.protocol.ablations.text();
    protocol["isolated"] = r.protocol.isolated;
    protocol["tie_tolerance_ppm"] = r.protocol.tieTolerancePpm;
    root["protocol"] = protocol;

    Json model;
    model["simulator"] = std::string(kSimulatorModelName);
    model["version"] = std::string(kSimulatorVersion);
    model["statement"] = std::string(kModelStatement);
    root["model"] = model;
    root["not_proven"] = strings(notProven());
    return root.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
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
    text += "  behavioral_fidelity  " + std::string(passFail(r.fidelity.pass)) + " (" +
            std::to_string(r.fidelity.checks - r.fidelity.failedChecks) + "/" + std::to_string(r.fidelity.checks) +
            " checks within tolerance)\n";
    text += "  ranking              " + std::string(passFail(r.ranking.pass)) + " (" +
            std::to_string(r.ranking.passed) + "/" + std::to_string(r.ranking.decisions.size()) + " decisions agree)\n";
    for (const auto& reason : r.claimReasons) {
        text += "  because: " + reason + "\n";
    }
    return text;
}

void registerVerificationFileDescriber()
{
    static std::once_flag once;
    std::call_once(once, [] {
        registerFileDescriber("verification", [](const std::filesystem::path&, std::string_view tag,
                                                 std::string_view bytes, FileInfo& info, Progress&) {
            if (tag != kVerificationFormat) {
                return false;
            }
            Json root;
            try {
                root = Json::parse(bytes);
            } catch (const Json::parse_error&) {
                return false;
            }
            info.kind = std::string(kVerificationFormat);
            auto text = [](const Json& j) { return j.is_string() ? j.get<std::string>() : std::string("?"); };
            info.facts.emplace_back("claim", text(root.value("claim", Json())));
            const Json statuses = root.value("statuses", Json::object());
            for (const char* key : {"timing_mode", "commitments", "coverage", "behavioral_fidelity", "ranking"}) {
                const Json s = statuses.value(key, Json::object());
                std::string value = text(s.value("status", Json()));
                if (s.contains("mode")) {
                    value += " (" + text(s["mode"]) + ")";
                }
                if (s.contains("coverage")) {
                    value += " (" + text(s["coverage"]) + ")";
                }
                info.facts.emplace_back(key, value);
            }
            const Json source = root.value("source", Json::object());
            info.facts.emplace_back("source sha256", text(source.value("normalized_sha256", Json())));
            const Json canary = root.value("canary", Json::object());
            info.facts.emplace_back("canary sha256", text(canary.value("sha256", Json())));
            const Json configs = root.value("configurations", Json::object());
            std::string names;
            for (const auto& n : configs.value("names", Json::array())) {
                names += (names.empty() ? "" : ", ") + text(n);
            }
            info.facts.emplace_back("configurations", names);
            info.facts.emplace_back("meaning", "a model-based verification: physical execution not observed");
            return true;
        });
    });
}

} // namespace cc::verify
