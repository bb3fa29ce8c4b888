#include "core/report/campaign.h"

#include "core/util/decimal.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/reader.h"
#include "core/util/json/value.h"
#include "core/util/json/writer.h"

#include <stdexcept>

namespace cc {

namespace {

constexpr std::string_view kTruthRule =
    "W-full: the capture cell (real DDP training) run under each configuration; a figure is one recorded "
    "iteration's step time, the longest rank's forward start to optimizer end on its own steady clock";
constexpr std::string_view kProxyRule =
    "a proxy's figure is one recorded pass of its physical replay: the earliest issue to the latest completion of "
    "the pass, on rank 0's clock (core/physical kPhysicalLatencyRule)";
constexpr std::string_view kTieRule =
    "configurations are ranked by the mean of their figures; a pair whose bootstrap interval (2.5 %, 97.5 %) of "
    "the difference of W-full's means contains 0 is a tie, left out of the agreement; tau is tau-b of the two "
    "orders of means";

constexpr std::string_view kOverlap = "overlap";
constexpr std::string_view kCommunicationOnly = "communication-only";

json::Value figuresJson(const std::vector<ConfigurationFigures>& figures, std::string_view key)
{
    json::Value list = json::Value::array();
    for (const auto& f : figures) {
        json::Value entry = json::Value::object();
        entry.set("configuration", f.name);
        json::Value samples = json::Value::array();
        for (Ns v : f.samples) {
            samples.push(v);
        }
        entry.set(std::string(key), std::move(samples));
        list.push(std::move(entry));
    }
    return list;
}

std::vector<ConfigurationFigures> readFigures(const json::Reader& r, const json::Value& value, const std::string& path,
                                              std::string_view key)
{
    std::vector<ConfigurationFigures> out;
    const json::Value& list = r.array(value, path);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string p = json::childPath(path, i);
        const json::Value& entry = r.object(list[i], p);
        r.onlyKeys(entry, p, {"configuration", key});
        ConfigurationFigures f;
        f.name = r.string(r.member(entry, p, "configuration"), json::childPath(p, "configuration"));
        const std::string sp = json::childPath(p, key);
        const json::Value& samples = r.array(r.member(entry, p, key), sp);
        for (std::size_t k = 0; k < samples.size(); ++k) {
            f.samples.push_back(r.integer(samples[k], json::childPath(sp, k), 0, std::int64_t{1} << 62));
        }
        out.push_back(std::move(f));
    }
    return out;
}

PhysicalVerificationOptions scoringOptions(const CampaignResults& results)
{
    PhysicalVerificationOptions o;
    o.bootstrapResamples = results.bootstrapResamples;
    o.seed = results.seed;
    return o;
}

std::string formatTenths(std::int64_t tenths)
{
    return formatScaledDecimal(tenths, 1);
}

} // namespace

std::string campaignTauText(std::int64_t tauPpm)
{
    return formatScaledDecimal((tauPpm >= 0 ? tauPpm + 500 : tauPpm - 500) / 1000, 3);
}

std::string campaignAgreementText(std::int64_t agreementPpm)
{
    // One decimal, rounded half up: 666667 ppm -> "66.7 %".
    return formatScaledDecimal((agreementPpm + 500) / 1000, 1) + " %";
}

std::string CampaignProxy::label() const
{
    return computeOverlap ? name : name + " (communication only)";
}

void scoreCampaign(CampaignResults& results, const std::string& source)
{
    const PhysicalVerificationOptions o = scoringOptions(results);
    for (auto& p : results.proxies) {
        p.score = rankingAgainstTruth(p.label(), results.truth, p.figures, o, source);
    }
}

std::vector<CampaignPairDecision> pairDecisions(const CampaignResults& results, std::size_t proxy)
{
    if (proxy >= results.proxies.size()) {
        throw std::out_of_range("campaign proxy " + std::to_string(proxy) + " of " +
                                std::to_string(results.proxies.size()));
    }
    const CampaignProxy& p = results.proxies[proxy];
    std::vector<CampaignPairDecision> out;
    for (const PairAgainstTruth& pair :
         pairsAgainstTruth(p.label(), results.truth, p.figures, scoringOptions(results), "campaign results")) {
        CampaignPairDecision d;
        d.first = pair.first;
        d.second = pair.second;
        d.truth = pair.truth;
        d.proxy = pair.proxy;
        d.verdict = pair.truth == 0            ? PairVerdict::Tie
                    : pair.proxy == pair.truth ? PairVerdict::Agrees
                                               : PairVerdict::Disagrees;
        out.push_back(d);
    }
    return out;
}

std::string campaignResultsJson(const CampaignResults& c)
{
    json::Value doc = json::Value::object();
    doc.set("format", kCampaignFormat);
    json::Value protocol = json::Value::object();
    protocol.set("truth_rule", kTruthRule);
    protocol.set("proxy_rule", kProxyRule);
    protocol.set("tie_rule", kTieRule);
    protocol.set("repeats", c.repeats);
    protocol.set("warmup", c.warmup);
    protocol.set("bootstrap_resamples", c.bootstrapResamples);
    protocol.set("seed", c.seed);
    doc.set("protocol", std::move(protocol));
    json::Value workload = json::Value::object();
    workload.set("cell", c.cellId);
    workload.set("description", c.cellDescription);
    workload.set("trace_configuration", c.sourceConfiguration);
    workload.set("trace_sha256", c.traceSha256);
    workload.set("trace_events", c.traceEvents);
    doc.set("workload", std::move(workload));
    json::Value names = json::Value::array();
    for (const auto& n : c.configurations) {
        names.push(n);
    }
    doc.set("configurations", std::move(names));
    doc.set("truth", figuresJson(c.truth, "step_ns"));
    json::Value proxies = json::Value::array();
    for (const auto& p : c.proxies) {
        json::Value e = json::Value::object();
        e.set("name", p.name);
        e.set("compute", p.computeOverlap ? kOverlap : kCommunicationOnly);
        e.set("input_sha256", p.inputSha256);
        e.set("events", p.events);
        e.set("wall_ms", p.wallMs);
        e.set("figures", figuresJson(p.figures, "pass_ns"));
        json::Value score = json::Value::object();
        score.set("decided_pairs", p.score.decidedPairs);
        score.set("agreeing_pairs", p.score.agreeingPairs);
        score.set("tied_pairs", p.score.tiedPairs);
        score.set("agreement_ppm", p.score.agreementPpm);
        score.set("kendall_tau_ppm", p.score.kendallTauPpm);
        e.set("score", std::move(score));
        proxies.push(std::move(e));
    }
    doc.set("proxies", std::move(proxies));
    json::Value machine = json::Value::object();
    for (const auto& [k, v] : c.machine) {
        machine.set(k, v);
    }
    doc.set("machine", std::move(machine));
    return json::toIndentedText(doc, 1) + "\n";
}

CampaignResults readCampaignResults(std::string_view bytes, const std::string& source)
{
    const json::Reader r(source);
    const json::Value doc = json::parse(bytes, source);
    r.object(doc, "$");
    r.onlyKeys(doc, "$", {"format", "protocol", "workload", "configurations", "truth", "proxies", "machine"});
    if (r.string(r.member(doc, "$", "format"), "$.format") != kCampaignFormat) {
        r.fail("$.format", "must be \"" + std::string(kCampaignFormat) + "\"");
    }
    CampaignResults c;
    const std::string pp = "$.protocol";
    const json::Value& protocol = r.object(r.member(doc, "$", "protocol"), pp);
    r.onlyKeys(protocol, pp,
               {"truth_rule", "proxy_rule", "tie_rule", "repeats", "warmup", "bootstrap_resamples", "seed"});
    for (std::string_view rule : {"truth_rule", "proxy_rule", "tie_rule"}) {
        (void)r.string(r.member(protocol, pp, rule), json::childPath(pp, rule));
    }
    c.repeats =
        static_cast<int>(r.integer(r.member(protocol, pp, "repeats"), json::childPath(pp, "repeats"), 1, 10'000));
    c.warmup = static_cast<int>(r.integer(r.member(protocol, pp, "warmup"), json::childPath(pp, "warmup"), 0, 10'000));
    c.bootstrapResamples = static_cast<std::uint32_t>(r.integer(
        r.member(protocol, pp, "bootstrap_resamples"), json::childPath(pp, "bootstrap_resamples"), 1, 1'000'000));
    c.seed = r.unsignedInteger(r.member(protocol, pp, "seed"), json::childPath(pp, "seed"));

    const std::string wp = "$.workload";
    const json::Value& workload = r.object(r.member(doc, "$", "workload"), wp);
    r.onlyKeys(workload, wp, {"cell", "description", "trace_configuration", "trace_sha256", "trace_events"});
    c.cellId = r.string(r.member(workload, wp, "cell"), json::childPath(wp, "cell"));
    c.cellDescription = r.string(r.member(workload, wp, "description"), json::childPath(wp, "description"));
    c.sourceConfiguration =
        r.string(r.member(workload, wp, "trace_configuration"), json::childPath(wp, "trace_configuration"));
    c.traceSha256 = r.string(r.member(workload, wp, "trace_sha256"), json::childPath(wp, "trace_sha256"));
    c.traceEvents = r.unsignedInteger(r.member(workload, wp, "trace_events"), json::childPath(wp, "trace_events"));

    const json::Value& names = r.array(r.member(doc, "$", "configurations"), "$.configurations");
    for (std::size_t i = 0; i < names.size(); ++i) {
        c.configurations.push_back(r.string(names[i], json::childPath("$.configurations", i)));
    }
    if (c.configurations.size() < 2) {
        r.fail("$.configurations", "must name at least two configurations (a ranking needs a pair)");
    }
    c.truth = readFigures(r, r.member(doc, "$", "truth"), "$.truth", "step_ns");
    if (c.truth.size() != c.configurations.size()) {
        r.fail("$.truth", "must hold one entry per configuration (" + std::to_string(c.configurations.size()) + ")");
    }
    for (std::size_t i = 0; i < c.truth.size(); ++i) {
        if (c.truth[i].name != c.configurations[i]) {
            r.fail(json::childPath(json::childPath("$.truth", i), "configuration"),
                   "must be \"" + c.configurations[i] + "\" (the configurations' order)");
        }
    }
    const std::string xp = "$.proxies";
    const json::Value& proxies = r.array(r.member(doc, "$", "proxies"), xp);
    std::vector<RankingAgreement> stated;
    for (std::size_t i = 0; i < proxies.size(); ++i) {
        const std::string p = json::childPath(xp, i);
        const json::Value& e = r.object(proxies[i], p);
        r.onlyKeys(e, p, {"name", "compute", "input_sha256", "events", "wall_ms", "figures", "score"});
        CampaignProxy proxy;
        proxy.name = r.string(r.member(e, p, "name"), json::childPath(p, "name"));
        const std::string compute = r.string(r.member(e, p, "compute"), json::childPath(p, "compute"));
        if (compute != kOverlap && compute != kCommunicationOnly) {
            r.fail(json::childPath(p, "compute"), "must be \"overlap\" or \"communication-only\"");
        }
        proxy.computeOverlap = compute == kOverlap;
        proxy.inputSha256 = r.string(r.member(e, p, "input_sha256"), json::childPath(p, "input_sha256"));
        proxy.events = r.unsignedInteger(r.member(e, p, "events"), json::childPath(p, "events"));
        proxy.wallMs = r.integer(r.member(e, p, "wall_ms"), json::childPath(p, "wall_ms"), 0, std::int64_t{1} << 50);
        proxy.figures = readFigures(r, r.member(e, p, "figures"), json::childPath(p, "figures"), "pass_ns");
        const std::string sp = json::childPath(p, "score");
        const json::Value& score = r.object(r.member(e, p, "score"), sp);
        r.onlyKeys(score, sp, {"decided_pairs", "agreeing_pairs", "tied_pairs", "agreement_ppm", "kendall_tau_ppm"});
        RankingAgreement a;
        a.decidedPairs = static_cast<std::uint32_t>(
            r.integer(r.member(score, sp, "decided_pairs"), json::childPath(sp, "decided_pairs"), 0, 1 << 30));
        a.agreeingPairs = static_cast<std::uint32_t>(
            r.integer(r.member(score, sp, "agreeing_pairs"), json::childPath(sp, "agreeing_pairs"), 0, 1 << 30));
        a.tiedPairs = static_cast<std::uint32_t>(
            r.integer(r.member(score, sp, "tied_pairs"), json::childPath(sp, "tied_pairs"), 0, 1 << 30));
        a.agreementPpm =
            r.integer(r.member(score, sp, "agreement_ppm"), json::childPath(sp, "agreement_ppm"), 0, 1'000'000);
        a.kendallTauPpm = r.integer(r.member(score, sp, "kendall_tau_ppm"), json::childPath(sp, "kendall_tau_ppm"),
                                    -1'000'000, 1'000'000);
        stated.push_back(a);
        c.proxies.push_back(std::move(proxy));
    }
    const json::Value& machine = r.object(r.member(doc, "$", "machine"), "$.machine");
    for (const auto& m : machine.members()) {
        c.machine.emplace_back(m.key, r.string(m.value, json::childPath("$.machine", m.key)));
    }
    scoreCampaign(c, source);
    for (std::size_t i = 0; i < c.proxies.size(); ++i) {
        const RankingAgreement& a = c.proxies[i].score;
        const RankingAgreement& s = stated[i];
        if (a.decidedPairs != s.decidedPairs || a.agreeingPairs != s.agreeingPairs || a.tiedPairs != s.tiedPairs ||
            a.agreementPpm != s.agreementPpm || a.kendallTauPpm != s.kendallTauPpm) {
            r.fail(json::childPath(json::childPath(xp, i), "score"),
                   "disagrees with the proxy's figures against the truth (recomputed: " +
                       std::to_string(a.agreeingPairs) + " of " + std::to_string(a.decidedPairs) + " decided pairs, " +
                       std::to_string(a.tiedPairs) + " tied, tau " + std::to_string(a.kendallTauPpm) + " ppm)");
        }
    }
    return c;
}

std::vector<std::pair<std::string, std::string>> campaignFacts(const CampaignResults& c)
{
    std::vector<std::pair<std::string, std::string>> facts;
    facts.emplace_back("cell", c.cellId);
    facts.emplace_back("trace sha256", c.traceSha256);
    std::string names;
    for (const auto& n : c.configurations) {
        names += (names.empty() ? "" : ", ") + n;
    }
    facts.emplace_back("configurations", std::to_string(c.configurations.size()) + " (" + names + ")");
    for (const auto& p : c.proxies) {
        const RankingAgreement& a = p.score;
        facts.emplace_back(
            p.label(),
            (a.decidedPairs == 0 ? std::string("n/a (no decided pair)") : campaignAgreementText(a.agreementPpm)) +
                ", tau " + campaignTauText(a.kendallTauPpm) + ", " + std::to_string(a.decidedPairs) + " decided / " +
                std::to_string(a.tiedPairs) + " tied pairs");
    }
    return facts;
}

std::string campaignSummaryMarkdown(const CampaignResults& c)
{
    std::string md = "# Physical campaign: " + c.cellId + "\n\n";
    md += c.cellDescription + ". Its trace (" + std::to_string(c.traceEvents) + " events, captured under " +
          c.sourceConfiguration + ") is the source every proxy comes from.\n\n";
    md += "## Ground truth (W-full)\n\n" + std::string(kTruthRule) + ".\n\n";
    md += "| configuration | mean step | iterations |\n|---|---:|---:|\n";
    for (const auto& t : c.truth) {
        md += "| " + t.name + " | " + formatTenths((meanOf(t.samples) + 50'000) / 100'000) + " ms | " +
              std::to_string(t.samples.size()) + " |\n";
    }
    md += "\n## Proxies against W-full\n\n" + std::string(kProxyRule) + "; " + std::string(kTieRule) + ".\n\n";
    md +=
        "| proxy | pairwise agreement | Kendall tau | decided / tied pairs | wall time |\n|---|---:|---:|---:|---:|\n";
    for (const auto& p : c.proxies) {
        const RankingAgreement& a = p.score;
        md += "| " + p.label() + " | " +
              (a.decidedPairs == 0 ? std::string("n/a (no decided pair)") : campaignAgreementText(a.agreementPpm)) +
              " | " + campaignTauText(a.kendallTauPpm) + " | " + std::to_string(a.decidedPairs) + " / " +
              std::to_string(a.tiedPairs) + " | " + formatTenths((p.wallMs + 50) / 100) + " s |\n";
    }
    md +=
        "\nThe prototype's published campaign (28 pairs, real GPUs): " + std::string(kPrototypeCampaignFigures) + ".\n";
    md += "\n" + std::to_string(c.repeats) + " recorded passes per proxy and configuration after " +
          std::to_string(c.warmup) + " warm-up; ties by " + std::to_string(c.bootstrapResamples) +
          " bootstrap resamples (seed " + std::to_string(c.seed) + ").\n";
    return md;
}

} // namespace cc
