// Reports: canonical bytes, the seal, verify-report (bit-for-bit, naming the first difference),
// digest mode, the full-mode cap, the compare gate and its refusals.
#include "core/configs/config_io.h"
#include "core/generate/generators.h"
#include "core/report/compare.h"
#include "core/report/json_scan.h"
#include "core/report/report.h"
#include "core/trace/trace_builder.h"
#include "core/util/errors.h"

#include "core_support.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace cc;

namespace {

Trace adversarial()
{
    NullProgress progress;
    return generateAdversarial(GeneratorOptions{}, progress);
}

std::string report(const Trace& trace, const ReplayProtocol& protocol = {}, SamplesMode mode = SamplesMode::Full,
                   const ConfigSet& set = defaultConfigSet())
{
    NullProgress progress;
    ReportOptions options;
    options.samples = mode;
    return buildReport(trace, set, protocol, options, progress);
}

ReportVerification verify(const std::string& bytes, const Trace& trace)
{
    NullProgress progress;
    return verifyReport(bytes, "r.json", trace, progress);
}

/// Replaces the first occurrence of needle after the first occurrence of anchor.
std::string edit(std::string text, const std::string& anchor, const std::string& needle, const std::string& replacement)
{
    std::size_t at = text.find(anchor);
    if (at == std::string::npos) {
        return {};
    }
    at = text.find(needle, at);
    if (at == std::string::npos) {
        return {};
    }
    text.replace(at, needle.size(), replacement);
    return text;
}

/// The value text of "key": in text after anchor (digits only).
std::string numberAfter(const std::string& text, const std::string& anchor, const std::string& key)
{
    std::size_t at = text.find(anchor);
    at = text.find("\"" + key + "\":", at);
    at += key.size() + 3;
    std::size_t end = at;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end])) != 0) {
        ++end;
    }
    return text.substr(at, end - at);
}

ConfigSet slowerSet()
{
    ConfigSet set = defaultConfigSet();
    for (auto& c : set.configurations) {
        c.launchLatencyNs += c.launchLatencyNs / 2; // 50% more start-up cost everywhere
    }
    return set;
}

} // namespace

class TestReport : public QObject {
    Q_OBJECT
private slots:
    void reportShapeAndDeterminism()
    {
        Trace t = adversarial();
        const std::string a = report(t);
        const std::string b = report(t);
        QCOMPARE(a, b);
        nlohmann::json doc = nlohmann::json::parse(a);
        std::vector<std::string> keys;
        for (auto it = doc.begin(); it != doc.end(); ++it) {
            keys.push_back(it.key());
        }
        std::sort(keys.begin(), keys.end());
        QCOMPARE(keys, (std::vector<std::string>{"body_sha256", "configurations", "format", "protocol", "rankings",
                                                 "samples"}));
        QCOMPARE(doc["format"].get<std::string>(), std::string(kReportFormat));
        QCOMPARE(doc["configurations"].size(), std::size_t(5));
        for (const auto& c : doc["configurations"]) {
            for (const char* k : {"name", "summary", "queue_wait", "by_phase", "by_op", "tail_events"}) {
                QVERIFY2(c.contains(k), k);
            }
            for (const char* k : {"count", "median_ns", "p95_ns", "p99_ns", "max_ns", "mean_ns", "hidden_share_ppm"}) {
                QVERIFY2(c["summary"].contains(k), k);
                QVERIFY(c["summary"][k].is_number_integer());
            }
            QCOMPARE(c["summary"]["count"].get<int>(), 100);
        }
        QCOMPARE(doc["rankings"]["pairs"].size(), std::size_t(40));
        QCOMPARE(doc["samples"]["configurations"][0]["rows"].size(), std::size_t(100));
        const auto& protocol = doc["protocol"];
        QVERIFY(protocol["model"]["statement"].get<std::string>().find("not a measurement of hardware") !=
                std::string::npos);
        QCOMPARE(protocol["input"]["sha256"].get<std::string>().size(), std::size_t(64));
        QCOMPARE(protocol["configurations"]["sha256"].get<std::string>(), configSetSha256(defaultConfigSet()));
        QCOMPARE(protocol["seed"].get<int>(), 1);
        QVERIFY(a.find("<generated") == std::string::npos); // no source names or paths in a report
        QVERIFY(reportSealIntact(a));
    }

    void unknownSkewIsCarriedIntoTheReport()
    {
        TraceBuilder builder("unknown");
        for (int i = 0; i < 10; ++i) {
            Event e = cctest::collective("all_reduce", 4096, {0, 1, 2, 3}, 10'000);
            builder.add(e); // no arrival data: skew unknown
        }
        NullProgress progress;
        Trace t = builder.finish(progress);
        nlohmann::json doc = nlohmann::json::parse(report(t));
        QCOMPARE(doc["protocol"]["input"]["skew_unknown_events"].get<int>(), 10);
        QVERIFY(doc["protocol"]["input"]["unknown_skew_rule"].get<std::string>().find("never zero") !=
                std::string::npos);
        for (const auto& c : doc["configurations"]) {
            QCOMPARE(c["uncertainty"]["skew_unknown_samples"].get<int>(), 10);
        }
        QCOMPARE(doc["samples"]["configurations"][0]["rows"][0][10].get<int>() & kSampleSkewUnknown,
                 int(kSampleSkewUnknown));
    }

    void verifyPassesOnAnUntouchedReport()
    {
        Trace t = adversarial();
        ReplayProtocol p;
        p.iterations = 2;
        p.seed = 42;
        p.ablations.add(Ablation::Pressure);
        const std::string r = report(t, p);
        ReportVerification v = verify(r, t);
        QVERIFY2(v.passed, v.message.c_str());
    }

    void verifyNamesAnEditedSummaryNumber()
    {
        Trace t = adversarial();
        const std::string r = report(t);
        const std::string median = numberAfter(r, "\"name\":\"low_latency\",\"summary\"", "median_ns");
        const std::string edited = edit(r, "\"name\":\"low_latency\",\"summary\"", "\"median_ns\":" + median,
                                        "\"median_ns\":" + std::to_string(std::stoll(median) - 1));
        QVERIFY(!edited.empty() && edited != r);
        ReportVerification v = verify(edited, t);
        QVERIFY(!v.passed);
        QCOMPARE(QString::fromStdString(v.path), QStringLiteral("$.configurations[1].summary.median_ns"));
        QCOMPARE(QString::fromStdString(v.reportValue), QString::fromStdString(std::to_string(std::stoll(median) - 1)));
        QCOMPARE(QString::fromStdString(v.replayValue), QString::fromStdString(median));
        QVERIFY(v.message.find("body_sha256") != std::string::npos); // the seal is broken too
        QVERIFY(!reportSealIntact(edited));
    }

    void verifyNamesAnEditedSample()
    {
        Trace t = adversarial();
        const std::string r = report(t);
        // Row of event 10 (a tail window) of the first configuration: change its flags field.
        const std::string anchor = "\n[10,0,";
        std::size_t at = r.find(anchor);
        QVERIFY(at != std::string::npos);
        std::size_t close = r.find(']', at);
        std::string edited = r;
        edited.insert(close, "0"); // flags x10
        ReportVerification v = verify(edited, t);
        QVERIFY(!v.passed);
        QCOMPARE(QString::fromStdString(v.path), QStringLiteral("$.samples.configurations[0].rows[10][10]"));
    }

    void verifyFailsOnAnEditedProtocol()
    {
        Trace t = adversarial();
        const std::string r = report(t);
        // Claim a different seed: the replay under the claimed protocol no longer matches.
        std::string edited = edit(r, "\"protocol\"", "\"seed\":1,", "\"seed\":2,");
        QVERIFY(!edited.empty());
        ReportVerification v = verify(edited, t);
        QVERIFY(!v.passed);
        QVERIFY(!v.path.empty());
        // Rewriting the statement that this is a model is caught at its own path.
        edited =
            edit(r, "\"statement\"", "They are not a measurement of hardware", "They are a measurement of hardware");
        QVERIFY(!edited.empty());
        v = verify(edited, t);
        QVERIFY(!v.passed);
        QCOMPARE(QString::fromStdString(v.path), QStringLiteral("$.protocol.model.statement"));
        // Another embedded configuration parameter.
        edited = edit(r, "\"set\":", "\"launch_latency_ns\":6000", "\"launch_latency_ns\":6001");
        QVERIFY(!edited.empty());
        v = verify(edited, t);
        QVERIFY(!v.passed);
        QCOMPARE(QString::fromStdString(v.path), QStringLiteral("$.protocol.configurations.sha256"));
    }

    void verifyFailsOnAnotherInput()
    {
        Trace t = adversarial();
        const std::string r = report(t);
        NullProgress progress;
        GeneratorOptions other;
        other.seed = 3;
        Trace u = generateAdversarial(other, progress);
        ReportVerification v = verify(r, u);
        QVERIFY(!v.passed);
        QCOMPARE(QString::fromStdString(v.path), QStringLiteral("$.protocol.input.sha256"));
        QVERIFY(v.message.find("not the one this report was made from") != std::string::npos);
    }

    void digestModeKeepsTheSampleHash()
    {
        Trace t = adversarial();
        const std::string full = report(t);
        const std::string digest = report(t, {}, SamplesMode::Digest);
        nlohmann::json f = nlohmann::json::parse(full);
        nlohmann::json d = nlohmann::json::parse(digest);
        QVERIFY(!d["samples"].contains("configurations"));
        QCOMPARE(d["samples"]["sha256"], f["samples"]["sha256"]);
        QCOMPARE(d["samples"]["count"].get<int>(), 500);
        QCOMPARE(d["configurations"], f["configurations"]); // summaries and tail events stay
        QVERIFY(digest.size() < full.size() / 2);
        ReportVerification v = verify(digest, t);
        QVERIFY2(v.passed, v.message.c_str());
        // Ablated replays change the sample hash.
        ReplayProtocol p;
        p.ablations.add(Ablation::RareTailWindows);
        QVERIFY(nlohmann::json::parse(report(t, p, SamplesMode::Digest))["samples"]["sha256"] !=
                d["samples"]["sha256"]);
    }

    void fullModeRefusesHugeSampleTables()
    {
        TraceBuilder builder("big");
        for (int i = 0; i < 10'000; ++i) {
            Event e = cctest::collective("all_reduce", 4096, {0, 1}, 1000);
            e.arrivalSkew = 0;
            builder.add(e);
        }
        NullProgress progress;
        Trace t = builder.finish(progress);
        ReplayProtocol p;
        p.iterations = 1000; // 10,000 x 1000 x 5 = 50M rows
        try {
            report(t, p);
            QFAIL("a 50M-row full report was accepted");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("--samples digest") != std::string::npos);
        }
    }

    void reportViewRefusals()
    {
        Trace t = adversarial();
        const std::string r = report(t, {}, SamplesMode::Digest);
        auto refusal = [](const std::string& text) {
            try {
                readReportView(text, "r.json");
            } catch (const InputError& e) {
                return std::string(e.what());
            }
            return std::string();
        };
        QVERIFY(refusal(edit(r, "\"format\"", "report.v1", "report.v9")).find("$.format") != std::string::npos);
        QVERIFY(refusal("{\"format\":\"x\"").find("not well-formed JSON") != std::string::npos);
        QVERIFY(refusal(edit(r, "\"rankings\"", "\"rankings\"", "\"ranking\"")).find("$.ranking") != std::string::npos);
        QVERIFY(
            refusal(edit(r, "\"protocol\"", "\"iterations\":1", "\"iterations\":0")).find("$.protocol.iterations") !=
            std::string::npos);
        QVERIFY(refusal(edit(r, "\"protocol\"", "\"ablations\":[]", "\"ablations\":[\"gravity\"]"))
                    .find("unknown ablation") != std::string::npos);
        ReportView view = readReportView(r, "r.json");
        QVERIFY(view.sealIntact);
        QCOMPARE(view.configurations.size(), std::size_t(5));
        QVERIFY(view.configs == defaultConfigSet());
        QCOMPARE(view.protocol.seed, std::uint64_t(1));
        QCOMPARE(view.samples, SamplesMode::Digest);
    }

    void jsonPaths()
    {
        const std::string text = R"({"a":[1,{"b":"x","c":[7,8]}],"d":null})";
        QCOMPARE(QString::fromStdString(json_scan::pathAt(text, text.find('8'))), QStringLiteral("$.a[1].c[1]"));
        QCOMPARE(QString::fromStdString(json_scan::pathAt(text, text.find("\"x\""))), QStringLiteral("$.a[1].b"));
        QCOMPARE(QString::fromStdString(json_scan::pathAt(text, text.find("null"))), QStringLiteral("$.d"));
        QCOMPARE(QString::fromStdString(json_scan::tokenAt(text, text.find('8'))), QStringLiteral("8"));
        auto members = json_scan::topLevelMembers(text, "t");
        QCOMPARE(members.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(members[1].key), QStringLiteral("d"));
        QVERIFY_THROWS_EXCEPTION(InputError, json_scan::topLevelMembers(R"({"a":1,"a":2})", "t"));
        QVERIFY_THROWS_EXCEPTION(InputError, json_scan::topLevelMembers(R"({"a":1} x)", "t"));
    }

    // ---- compare ----
    void compareFlagsARegressionOverallPerPhaseAndPerOp()
    {
        Trace t = adversarial();
        ReportView baseline = readReportView(report(t, {}, SamplesMode::Digest), "base.json");
        ReportView candidate = readReportView(report(t, {}, SamplesMode::Digest, slowerSet()), "cand.json");
        CompareResult same = compareReports(baseline, baseline, CompareOptions{});
        QVERIFY(!same.regression);
        QCOMPARE(same.pairs.size(), std::size_t(5));
        CompareResult result = compareReports(baseline, candidate, CompareOptions{});
        QVERIFY(result.regression);
        bool overall = false, phase = false, op = false;
        for (const auto& f : result.findings) {
            if (f.regression) {
                overall = overall || f.scope == "overall";
                phase = phase || (f.scope == "phase" && f.scopeName == "decode");
                op = op || (f.scope == "op" && f.scopeName == "all_reduce");
                QVERIFY(f.deltaPpm > f.thresholdPpm);
            }
        }
        QVERIFY(overall && phase && op);
        const std::string text = compareText(result);
        QVERIFY(text.find("REGRESSION") == 0);
        QVERIFY(text.find("phase decode") != std::string::npos);
        QVERIFY(text.find("op all_reduce") != std::string::npos);
        const std::string json = compareJson(baseline, candidate, CompareOptions{}, result);
        nlohmann::json doc = nlohmann::json::parse(json);
        QCOMPARE(doc["verdict"].get<std::string>(), std::string("regression"));
        QCOMPARE(doc["format"].get<std::string>(), std::string(kCompareFormat));

        // Loose thresholds let it pass; one chosen pair only.
        CompareOptions loose;
        loose.thresholds = parseThresholds("median=1000%,p95=1000%,p99=1000%,mean=1000%", "--threshold");
        QVERIFY(!compareReports(baseline, candidate, loose).regression);
        CompareOptions onePair;
        onePair.baselineConfig = "low_latency";
        onePair.candidateConfig = "overlap_friendly";
        CompareResult chosen = compareReports(baseline, baseline, onePair);
        QCOMPARE(chosen.pairs.size(), std::size_t(1));
    }

    void compareRefusesIncomparableReports()
    {
        Trace t = adversarial();
        ReportView baseline = readReportView(report(t, {}, SamplesMode::Digest), "base.json");
        auto refusal = [&](const ReportView& candidate, const CompareOptions& options = {}) {
            try {
                compareReports(baseline, candidate, options);
            } catch (const InputError& e) {
                return std::string(e.what());
            }
            return std::string();
        };
        ReplayProtocol seeded;
        seeded.seed = 7;
        std::string m = refusal(readReportView(report(t, seeded, SamplesMode::Digest), "cand.json"));
        QVERIFY2(m.find("incomparable reports: seeds differ (1 vs 7)") != std::string::npos, m.c_str());
        ReplayProtocol more;
        more.iterations = 2;
        QVERIFY(refusal(readReportView(report(t, more, SamplesMode::Digest), "c.json")).find("iterations differ") !=
                std::string::npos);
        ReplayProtocol ablated;
        ablated.ablations.add(Ablation::Ordering);
        QVERIFY(refusal(readReportView(report(t, ablated, SamplesMode::Digest), "c.json")).find("ablations differ") !=
                std::string::npos);
        NullProgress progress;
        GeneratorOptions other;
        other.seed = 2;
        Trace u = generateAdversarial(other, progress);
        QVERIFY(refusal(readReportView(report(u, {}, SamplesMode::Digest), "c.json")).find("different inputs") !=
                std::string::npos);
        // A report edited after writing cannot gate anything.
        std::string tampered =
            edit(report(t, {}, SamplesMode::Digest), "\"summary\"", "\"count\":100", "\"count\":101");
        QVERIFY(refusal(readReportView(tampered, "c.json")).find("changed after it was written") != std::string::npos);
        CompareOptions missing;
        missing.baselineConfig = "baseline";
        missing.candidateConfig = "nonexistent";
        QVERIFY(refusal(baseline, missing).find("no configuration named \"nonexistent\"") != std::string::npos);
        ConfigSet renamed = defaultConfigSet();
        for (auto& c : renamed.configurations) {
            c.name += "_v2";
        }
        QVERIFY(refusal(readReportView(report(t, {}, SamplesMode::Digest, renamed), "c.json"))
                    .find("no configuration name in common") != std::string::npos);
    }

    void thresholdParsing()
    {
        CompareThresholds t = parseThresholds("p99=12.5%,max=20%,mean=off", "--threshold");
        QCOMPARE(*t.ppm[static_cast<std::size_t>(CompareMetric::P99)], std::int64_t(125'000));
        QCOMPARE(*t.ppm[static_cast<std::size_t>(CompareMetric::Max)], std::int64_t(200'000));
        QVERIFY(!t.ppm[static_cast<std::size_t>(CompareMetric::Mean)]);
        QCOMPARE(*t.ppm[static_cast<std::size_t>(CompareMetric::Median)], std::int64_t(50'000)); // default kept
        QVERIFY_THROWS_EXCEPTION(InputError, parseThresholds("p98=5%", "--threshold"));
        QVERIFY_THROWS_EXCEPTION(InputError, parseThresholds("p99=5", "--threshold"));
        QVERIFY_THROWS_EXCEPTION(InputError, parseThresholds("p99=-5%", "--threshold"));
        QVERIFY_THROWS_EXCEPTION(InputError, parseThresholds("p99=5%,p99=6%", "--threshold"));
        QCOMPARE(QString::fromStdString(ppmAsPercent(123'456)), QStringLiteral("12.34%"));
    }
};

QTEST_GUILESS_MAIN(TestReport)
#include "tst_report.moc"
