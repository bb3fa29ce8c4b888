#include "core/report/physical_verification.h"

#include "core/util/decimal.h"
#include "core/util/errors.h"
#include "core/util/json/value.h"
#include "core/util/json/writer.h"

#include <algorithm>
#include <cmath>

namespace cc {

namespace {

constexpr CompareMetric kRankingMetrics[] = {CompareMetric::Median, CompareMetric::P95, CompareMetric::P99,
                                             CompareMetric::Mean};
constexpr CompareMetric kFidelityMetrics[] = {CompareMetric::Median, CompareMetric::P95, CompareMetric::P99,
                                              CompareMetric::Mean, CompareMetric::Max};

/// splitmix64: a fixed, documented generator, so the bootstrap gives the same ties on every machine.
std::uint64_t nextRandom(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

const MeasuredView::Configuration* findConfig(const MeasuredView& v, const std::string& name)
{
    for (const auto& c : v.configurations) {
        if (c.name == name) {
            return &c;
        }
    }
    return nullptr;
}

std::vector<Ns> perRepeat(const MeasuredView::Configuration& c, CompareMetric m)
{
    std::vector<Ns> out;
    for (const auto& d : c.perRepeat) {
        out.push_back(compareMetricValue(d, m));
    }
    return out;
}

/// -1: a is faster, +1: b is faster, 0: the bootstrap interval of mean(a) - mean(b) over the
/// repeats contains 0 (the repeats cannot separate them).
int sourceDecision(const std::vector<Ns>& a, const std::vector<Ns>& b, const PhysicalVerificationOptions& o,
                   std::uint64_t& state)
{
    if (a.empty() || b.empty()) {
        return 0;
    }
    std::vector<long double> diffs;
    diffs.reserve(o.bootstrapResamples);
    for (std::uint32_t k = 0; k < o.bootstrapResamples; ++k) {
        long double sa = 0;
        long double sb = 0;
        for (std::size_t i = 0; i < a.size(); ++i) {
            sa += static_cast<long double>(a[nextRandom(state) % a.size()]);
        }
        for (std::size_t i = 0; i < b.size(); ++i) {
            sb += static_cast<long double>(b[nextRandom(state) % b.size()]);
        }
        diffs.push_back(sa / static_cast<long double>(a.size()) - sb / static_cast<long double>(b.size()));
    }
    std::sort(diffs.begin(), diffs.end());
    const std::size_t n = diffs.size();
    // Nearest rank: the 2.5 % and 97.5 % quantiles are the ceil(q * n)-th smallest differences.
    const long double lo = diffs[(n * 25 + 999) / 1000 - 1];
    const long double hi = diffs[(n * 975 + 999) / 1000 - 1];
    if (lo <= 0 && hi >= 0) {
        return 0;
    }
    return hi < 0 ? -1 : 1;
}

int sign(Ns a, Ns b)
{
    return a < b ? -1 : (a > b ? 1 : 0);
}

std::int64_t tauPpm(const std::vector<Ns>& s, const std::vector<Ns>& p)
{
    long long concordant = 0;
    long long discordant = 0;
    long long tiesS = 0;
    long long tiesP = 0;
    long long pairs = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        for (std::size_t j = i + 1; j < s.size(); ++j) {
            ++pairs;
            const int a = sign(s[i], s[j]);
            const int b = sign(p[i], p[j]);
            tiesS += a == 0 ? 1 : 0;
            tiesP += b == 0 ? 1 : 0;
            if (a != 0 && b != 0) {
                (a == b ? concordant : discordant) += 1;
            }
        }
    }
    const long double denominator =
        std::sqrt(static_cast<long double>(pairs - tiesS) * static_cast<long double>(pairs - tiesP));
    if (denominator <= 0) {
        return 0;
    }
    return static_cast<std::int64_t>(
        std::llround(static_cast<long double>(concordant - discordant) / denominator * 1'000'000.0L));
}

struct SourceDecisions {
    std::vector<std::string> names;
    // per metric: per pair (i < j) the decision, and the source's overall values
    std::vector<std::vector<int>> decision;
    std::vector<std::vector<Ns>> values;
};

SourceDecisions decide(const MeasuredView& source, const PhysicalVerificationOptions& o)
{
    SourceDecisions d;
    for (const auto& c : source.configurations) {
        d.names.push_back(c.name);
    }
    std::uint64_t state = o.seed;
    for (CompareMetric m : kRankingMetrics) {
        std::vector<int> decisions;
        std::vector<Ns> values;
        for (const auto& c : source.configurations) {
            values.push_back(compareMetricValue(c.latency, m));
        }
        for (std::size_t i = 0; i < source.configurations.size(); ++i) {
            for (std::size_t j = i + 1; j < source.configurations.size(); ++j) {
                decisions.push_back(sourceDecision(perRepeat(source.configurations[i], m),
                                                   perRepeat(source.configurations[j], m), o, state));
            }
        }
        d.decision.push_back(std::move(decisions));
        d.values.push_back(std::move(values));
    }
    return d;
}

/// The proxy's figure of every source configuration (by name), or nullopt when it lacks one.
std::optional<std::vector<Ns>> proxyValues(const std::vector<std::string>& names,
                                           const std::vector<std::pair<std::string, Distribution>>& proxy,
                                           CompareMetric m)
{
    std::vector<Ns> out;
    for (const auto& name : names) {
        const auto it = std::find_if(proxy.begin(), proxy.end(), [&](const auto& p) { return p.first == name; });
        if (it == proxy.end()) {
            return std::nullopt;
        }
        out.push_back(compareMetricValue(it->second, m));
    }
    return out;
}

std::vector<RankingAgreement> agreementsOf(const std::string& proxyName, const SourceDecisions& d,
                                           const std::vector<std::pair<std::string, Distribution>>& proxy)
{
    std::vector<RankingAgreement> out;
    for (std::size_t k = 0; k < std::size(kRankingMetrics); ++k) {
        const auto values = proxyValues(d.names, proxy, kRankingMetrics[k]);
        if (!values) {
            continue;
        }
        RankingAgreement a;
        a.proxy = proxyName;
        a.metric = std::string(compareMetricName(kRankingMetrics[k]));
        std::size_t pair = 0;
        for (std::size_t i = 0; i < d.names.size(); ++i) {
            for (std::size_t j = i + 1; j < d.names.size(); ++j, ++pair) {
                const int source = d.decision[k][pair];
                if (source == 0) {
                    ++a.tiedPairs;
                    continue;
                }
                ++a.decidedPairs;
                a.agreeingPairs += sign((*values)[i], (*values)[j]) == source ? 1 : 0;
            }
        }
        a.agreementPpm =
            a.decidedPairs == 0 ? 0 : static_cast<std::int64_t>(a.agreeingPairs) * 1'000'000 / a.decidedPairs;
        a.kendallTauPpm = tauPpm(d.values[k], *values);
        out.push_back(a);
    }
    return out;
}

std::vector<std::pair<std::string, Distribution>> summaries(const MeasuredView& v)
{
    std::vector<std::pair<std::string, Distribution>> out;
    for (const auto& c : v.configurations) {
        out.emplace_back(c.name, c.latency);
    }
    return out;
}

} // namespace

Ns meanOf(const std::vector<Ns>& samples)
{
    if (samples.empty()) {
        return 0;
    }
    long double sum = 0;
    for (Ns v : samples) {
        sum += static_cast<long double>(v);
    }
    return static_cast<Ns>(sum / static_cast<long double>(samples.size()));
}

std::vector<PairAgainstTruth> pairsAgainstTruth(const std::string& proxy,
                                                const std::vector<ConfigurationFigures>& truth,
                                                const std::vector<ConfigurationFigures>& proxyFigures,
                                                const PhysicalVerificationOptions& o, const std::string& source)
{
    if (truth.size() != proxyFigures.size()) {
        throw InputError(source, "the " + proxy + " figures cover " + std::to_string(proxyFigures.size()) +
                                     " configurations, the truth " + std::to_string(truth.size()));
    }
    for (std::size_t i = 0; i < truth.size(); ++i) {
        if (truth[i].name != proxyFigures[i].name) {
            throw InputError(source, "configuration " + std::to_string(i) + " of the " + proxy + " figures is \"" +
                                         proxyFigures[i].name + "\", the truth's \"" + truth[i].name + "\"");
        }
        if (truth[i].samples.empty() || proxyFigures[i].samples.empty()) {
            throw InputError(source, "configuration \"" + truth[i].name + "\" has no samples (" + proxy + " or truth)");
        }
    }
    std::vector<Ns> proxyMeans;
    for (const auto& f : proxyFigures) {
        proxyMeans.push_back(meanOf(f.samples));
    }
    std::vector<PairAgainstTruth> pairs;
    // One generator state across the pairs, in this order: the ties depend on it.
    std::uint64_t state = o.seed;
    for (std::size_t i = 0; i < truth.size(); ++i) {
        for (std::size_t j = i + 1; j < truth.size(); ++j) {
            pairs.push_back(PairAgainstTruth{i, j, sourceDecision(truth[i].samples, truth[j].samples, o, state),
                                             sign(proxyMeans[i], proxyMeans[j])});
        }
    }
    return pairs;
}

RankingAgreement rankingAgainstTruth(const std::string& proxy, const std::vector<ConfigurationFigures>& truth,
                                     const std::vector<ConfigurationFigures>& proxyFigures,
                                     const PhysicalVerificationOptions& o, const std::string& source)
{
    RankingAgreement a;
    a.proxy = proxy;
    a.metric = "mean";
    for (const PairAgainstTruth& p : pairsAgainstTruth(proxy, truth, proxyFigures, o, source)) {
        if (p.truth == 0) {
            ++a.tiedPairs;
            continue;
        }
        ++a.decidedPairs;
        a.agreeingPairs += p.proxy == p.truth ? 1 : 0;
    }
    a.agreementPpm = a.decidedPairs == 0 ? 0 : static_cast<std::int64_t>(a.agreeingPairs) * 1'000'000 / a.decidedPairs;
    std::vector<Ns> truthMeans;
    std::vector<Ns> proxyMeans;
    for (std::size_t i = 0; i < truth.size(); ++i) {
        truthMeans.push_back(meanOf(truth[i].samples));
        proxyMeans.push_back(meanOf(proxyFigures[i].samples));
    }
    a.kendallTauPpm = tauPpm(truthMeans, proxyMeans);
    return a;
}

PhysicalVerification verifyPhysical(const MeasuredView& source, const MeasuredView& canary,
                                    const std::vector<std::pair<std::string, MeasuredView>>& baselines,
                                    const std::optional<SimulatedRanking>& simulated,
                                    const PhysicalVerificationOptions& o)
{
    auto sameSetUp = [&](const MeasuredView& other) {
        if (other.worldSize != source.worldSize || other.repeats != source.repeats ||
            other.configurations.size() != source.configurations.size()) {
            throw InputError(source.source + " vs " + other.source,
                             "the measured reports differ in world size, repeats or configurations");
        }
        for (std::size_t i = 0; i < other.configurations.size(); ++i) {
            if (other.configurations[i].name != source.configurations[i].name) {
                throw InputError(other.source, "configuration " + std::to_string(i) + " is \"" +
                                                   other.configurations[i].name + "\", the source's \"" +
                                                   source.configurations[i].name + "\"");
            }
        }
    };
    sameSetUp(canary);
    for (const auto& [name, view] : baselines) {
        (void)name;
        sameSetUp(view);
    }
    PhysicalVerification v;
    v.executionDetail = "every rank of every run completed (a failed run ends verify-physical with exit 4)";
    for (const auto& c : source.configurations) {
        const Ns spread = repeatSpread(c, CompareMetric::Median);
        v.noisePpm.emplace_back(c.name, c.latency.median > 0 ? spread * 1'000'000 / c.latency.median : 0);
        const MeasuredView::Configuration* k = findConfig(canary, c.name);
        for (CompareMetric m : kFidelityMetrics) {
            FidelityFinding f;
            f.configuration = c.name;
            f.metric = std::string(compareMetricName(m));
            f.source = compareMetricValue(c.latency, m);
            f.canary = compareMetricValue(k->latency, m);
            f.allowed = f.source / 1'000'000 * o.fidelityTolerancePpm +
                        f.source % 1'000'000 * o.fidelityTolerancePpm / 1'000'000 + repeatSpread(c, m);
            f.within = (f.canary > f.source ? f.canary - f.source : f.source - f.canary) <= f.allowed;
            v.fidelityPassed = v.fidelityPassed && f.within;
            v.fidelity.push_back(f);
        }
    }
    const SourceDecisions d = decide(source, o);
    const auto canaryAgreements = agreementsOf("canary", d, summaries(canary));
    std::uint32_t decided = 0;
    for (const auto& a : canaryAgreements) {
        decided += a.decidedPairs;
        if (a.decidedPairs > 0 && a.agreementPpm < o.minAgreementPpm) {
            v.rankingPassed = false;
        }
    }
    if (decided == 0) {
        v.rankingPassed = false;
        v.rankingDetail = "the source's repeats separate no pair of configurations: there is no decision to keep";
    } else {
        v.rankingDetail = v.rankingPassed ? "the canary keeps the required share of every decided pair"
                                          : "the canary loses decided pairs beyond the required share";
    }
    v.agreements = canaryAgreements;
    for (const auto& [name, view] : baselines) {
        const auto more = agreementsOf(name, d, summaries(view));
        v.agreements.insert(v.agreements.end(), more.begin(), more.end());
    }
    if (simulated) {
        const auto more = agreementsOf("simulator", d, simulated->configurations);
        v.agreements.insert(v.agreements.end(), more.begin(), more.end());
    }
    v.claim =
        v.executionPassed && v.fidelityPassed && v.rankingPassed ? "physically_verified" : "physically_unverified";
    return v;
}

std::string physicalVerificationJson(const PhysicalVerification& v, const MeasuredView& source,
                                     const MeasuredView& canary, const PhysicalVerificationOptions& o)
{
    json::Value doc = json::Value::object();
    doc.set("format", kPhysicalVerificationFormat);
    doc.set("claim", v.claim);
    json::Value inputs = json::Value::object();
    inputs.set("source_sha256", source.inputSha256);
    inputs.set("canary_sha256", canary.inputSha256);
    inputs.set("world_size", source.worldSize);
    inputs.set("repeats", source.repeats);
    doc.set("inputs", std::move(inputs));
    json::Value rules = json::Value::object();
    rules.set("fidelity_tolerance_ppm", o.fidelityTolerancePpm);
    rules.set("fidelity_rule", "|canary - source| <= tolerance * source + the source's repeat spread of that figure");
    rules.set("min_agreement_ppm", o.minAgreementPpm);
    rules.set("tie_rule", "a pair is a tie when the 95% bootstrap interval (nearest rank, splitmix64 from seed) of "
                          "the difference of the per-repeat means contains 0");
    rules.set("bootstrap_resamples", static_cast<std::int64_t>(o.bootstrapResamples));
    rules.set("seed", o.seed);
    rules.set("kendall_tau", "tau-b of the proxy's values against the source's, rounded to ppm");
    doc.set("rules", std::move(rules));
    json::Value statuses = json::Value::object();
    json::Value execution = json::Value::object();
    execution.set("status", v.executionPassed ? "pass" : "fail");
    execution.set("detail", v.executionDetail);
    statuses.set("execution", std::move(execution));
    json::Value noise = json::Value::object();
    noise.set("status", "measured");
    json::Value spreads = json::Value::array();
    for (const auto& [name, ppm] : v.noisePpm) {
        json::Value s = json::Value::object();
        s.set("configuration", name);
        s.set("median_spread_ppm", ppm);
        spreads.push(std::move(s));
    }
    noise.set("configurations", std::move(spreads));
    statuses.set("noise", std::move(noise));
    json::Value fidelity = json::Value::object();
    fidelity.set("status", v.fidelityPassed ? "pass" : "fail");
    json::Value findings = json::Value::array();
    for (const auto& f : v.fidelity) {
        json::Value x = json::Value::object();
        x.set("configuration", f.configuration);
        x.set("metric", f.metric);
        x.set("source_ns", f.source);
        x.set("canary_ns", f.canary);
        x.set("allowed_ns", f.allowed);
        x.set("within", f.within);
        findings.push(std::move(x));
    }
    fidelity.set("figures", std::move(findings));
    statuses.set("physical_fidelity", std::move(fidelity));
    json::Value ranking = json::Value::object();
    ranking.set("status", v.rankingPassed ? "pass" : "fail");
    ranking.set("detail", v.rankingDetail);
    json::Value agreements = json::Value::array();
    bool simulator = false;
    for (const auto& a : v.agreements) {
        simulator = simulator || a.proxy == "simulator";
        json::Value x = json::Value::object();
        x.set("proxy", a.proxy);
        x.set("metric", a.metric);
        x.set("decided_pairs", a.decidedPairs);
        x.set("agreeing_pairs", a.agreeingPairs);
        x.set("tied_pairs", a.tiedPairs);
        x.set("agreement_ppm", a.agreementPpm);
        x.set("kendall_tau_ppm", a.kendallTauPpm);
        agreements.push(std::move(x));
    }
    ranking.set("agreements", std::move(agreements));
    statuses.set("physical_ranking", std::move(ranking));
    json::Value sim = json::Value::object();
    sim.set("status", simulator ? "reported" : "not_evaluated");
    sim.set("detail", simulator ? "the simulator's agreement is in physical_ranking.agreements (proxy \"simulator\"); "
                                  "it never gates the claim"
                                : "no simulator configuration set with the physical configurations' names was given");
    statuses.set("simulator_agreement", std::move(sim));
    doc.set("statuses", std::move(statuses));
    return json::toIndentedText(doc, 1) + "\n";
}

std::string physicalVerificationText(const PhysicalVerification& v)
{
    std::string out = "claim: " + v.claim + "\n";
    out += "execution: " + std::string(v.executionPassed ? "pass" : "fail") + "\n";
    out += "noise (median spread of the source's repeats):";
    for (const auto& [name, ppm] : v.noisePpm) {
        out += " " + name + " " + ppmAsPercent(ppm);
    }
    out += "\nphysical fidelity: " + std::string(v.fidelityPassed ? "pass" : "fail") + "\n";
    for (const auto& f : v.fidelity) {
        if (!f.within) {
            out += "  " + f.configuration + " " + f.metric + ": source " + std::to_string(f.source) + " ns, canary " +
                   std::to_string(f.canary) + " ns, allowed ±" + std::to_string(f.allowed) + " ns\n";
        }
    }
    out += "physical ranking: " + std::string(v.rankingPassed ? "pass" : "fail") + " (" + v.rankingDetail + ")\n";
    out += "  proxy | metric | decided | agreeing | ties | agreement | tau\n";
    for (const auto& a : v.agreements) {
        out += "  " + a.proxy + " | " + a.metric + " | " + std::to_string(a.decidedPairs) + " | " +
               std::to_string(a.agreeingPairs) + " | " + std::to_string(a.tiedPairs) + " | " +
               ppmAsPercent(a.agreementPpm) + " | " + formatScaledDecimal(a.kendallTauPpm, 6) + "\n";
    }
    return out;
}

} // namespace cc
