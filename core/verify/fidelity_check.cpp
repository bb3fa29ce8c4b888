// Behavioural fidelity of one configuration: distributions, hidden share, breakdowns, tail recall.
#include "core/verify/status_checks.h"

#include <algorithm>
#include <map>

namespace cc::verify {

namespace {

constexpr std::size_t kMaxListedMisses = 10;

MetricCheck check(std::string scope, std::string name, std::string metric, std::string unit, std::int64_t source,
                  std::int64_t canary, std::int64_t absolute, std::int64_t relativePpm)
{
    MetricCheck c;
    c.scope = std::move(scope);
    c.name = std::move(name);
    c.metric = std::move(metric);
    c.unit = std::move(unit);
    c.value = compareValues(source, canary, absolute, relativePpm);
    c.toleranceAbsolute = absolute;
    c.toleranceRelativePpm = relativePpm;
    c.pass = c.value.pass;
    return c;
}

void distributionChecks(std::vector<MetricCheck>& out, const std::string& scope, const std::string& name,
                        const Distribution& s, const Distribution& c, const Tolerances& t)
{
    const std::pair<const char*, Ns Distribution::*> metrics[] = {{"median", &Distribution::median},
                                                                  {"p95", &Distribution::p95},
                                                                  {"p99", &Distribution::p99},
                                                                  {"max", &Distribution::max},
                                                                  {"mean", &Distribution::mean}};
    for (const auto& [metric, member] : metrics) {
        out.push_back(check(scope, name, metric, "ns", s.*member, c.*member, t.absoluteNs, t.relativePpm));
    }
}

void breakdownChecks(std::vector<MetricCheck>& out, const std::string& scope, const std::vector<Breakdown>& source,
                     const std::vector<Breakdown>& canary, const Tolerances& t)
{
    // Union of names, sorted as the summaries sort them (unnamed first, then by name).
    std::map<std::pair<bool, std::string>, std::pair<const Breakdown*, const Breakdown*>> byName;
    for (const auto& b : source) {
        byName[{b.named, b.name}].first = &b;
    }
    for (const auto& b : canary) {
        byName[{b.named, b.name}].second = &b;
    }
    for (const auto& [key, pair] : byName) {
        const std::string name = key.first ? key.second : std::string();
        const auto* s = pair.first;
        const auto* c = pair.second;
        if (s == nullptr || c == nullptr) {
            MetricCheck m;
            m.scope = scope;
            m.name = name;
            m.metric = "present";
            m.unit = "samples";
            m.sourcePresent = s != nullptr;
            m.canaryPresent = c != nullptr;
            m.value.source = s ? static_cast<std::int64_t>(s->latency.count) : 0;
            m.value.canary = c ? static_cast<std::int64_t>(c->latency.count) : 0;
            m.value.absoluteDelta = absoluteDifference(m.value.source, m.value.canary);
            m.pass = false;
            out.push_back(std::move(m));
            continue;
        }
        distributionChecks(out, scope, name, s->latency, c->latency, t);
        out.push_back(
            check(scope, name, "hidden_share", "ppm", s->hiddenSharePpm, c->hiddenSharePpm, t.hiddenSharePpm, 0));
    }
}

TailRecall tailRecall(const ConfigurationSummary& source, const std::vector<TailSample>& sourceTail,
                      const SampleColumns& canary, const Correspondence& corr, const Tolerances& t)
{
    TailRecall r;
    r.correspondence = corr.valid;
    r.sourceP99 = source.latency.p99;
    // "Still that expensive": the canary's latency for the sample reaches the source's tail threshold,
    // less the same absolute-or-relative allowance every latency check grants.
    const WideInt rel = static_cast<WideInt>(t.relativePpm) * source.latency.p99 / 1'000'000;
    const Ns allowance = std::max<Ns>(t.absoluteNs, static_cast<Ns>(rel));
    r.stillExpensiveFrom = std::max<Ns>(0, source.latency.p99 - allowance);
    r.sourceTailSamples = sourceTail.size();
    r.thresholdPpm = t.tailRecallPpm;
    for (const auto& ts : sourceTail) {
        bool present = false;
        Ns latency = 0;
        const auto position = corr.valid ? corr.expandedIndex(ts.event) : std::nullopt;
        if (position && canary.eventCount != 0 && ts.iteration < canary.iterations) {
            const std::size_t k =
                static_cast<std::size_t>(ts.iteration) * canary.eventCount + static_cast<std::size_t>(*position);
            if (k < canary.size()) {
                present = true;
                latency = canary.latency[k];
            }
        }
        if (present) {
            ++r.present;
        }
        if (present && latency >= r.stillExpensiveFrom) {
            ++r.recalled;
        } else if (r.missed.size() < kMaxListedMisses) {
            r.missed.push_back(TailRecall::Missed{ts.event, ts.iteration, ts.latency, present, latency});
        }
    }
    r.recallPpm = r.sourceTailSamples == 0
                      ? 1'000'000
                      : static_cast<std::int64_t>(static_cast<WideInt>(r.recalled) * 1'000'000 / r.sourceTailSamples);
    r.pass = r.recallPpm >= r.thresholdPpm;
    return r;
}

} // namespace

ConfigurationFidelity checkConfiguration(const std::string& name, const ConfigurationSummary& source,
                                         std::uint64_t sourceSamples, const std::vector<TailSample>& sourceTail,
                                         const ConfigurationSummary& canary, const SampleColumns& canarySamples,
                                         const Correspondence& correspondence, const Tolerances& t)
{
    ConfigurationFidelity f;
    f.name = name;
    f.sourceSamples = sourceSamples;
    f.canarySamples = canarySamples.size();
    f.source = source;
    f.source.tail.clear();
    f.canary = canary;
    f.canary.tail.clear();
    distributionChecks(f.latency, "latency", "", source.latency, canary.latency, t);
    distributionChecks(f.queueWait, "queue_wait", "", source.queueWait, canary.queueWait, t);
    f.hiddenShare = check("hidden_share", "", "hidden_share", "ppm", source.hiddenSharePpm, canary.hiddenSharePpm,
                          t.hiddenSharePpm, 0);
    breakdownChecks(f.phases, "phase", source.byPhase, canary.byPhase, t);
    breakdownChecks(f.operations, "operation", source.byOp, canary.byOp, t);
    f.tail = tailRecall(source, sourceTail, canarySamples, correspondence, t);
    auto allPass = [](const std::vector<MetricCheck>& checks) {
        return std::all_of(checks.begin(), checks.end(), [](const MetricCheck& c) { return c.pass; });
    };
    f.pass = allPass(f.latency) && allPass(f.queueWait) && f.hiddenShare.pass && allPass(f.phases) &&
             allPass(f.operations) && f.tail.pass;
    return f;
}

RankingStatus checkRanking(const std::vector<std::string>& names, const std::vector<Distribution>& source,
                           const std::vector<Distribution>& canary, const Tolerances& t)
{
    RankingStatus st;
    st.configurations = names;
    const std::uint32_t n = static_cast<std::uint32_t>(names.size());
    for (std::uint32_t a = 0; a < n; ++a) {
        for (std::uint32_t b = a + 1; b < n; ++b) {
            for (int m = 0; m < kRankMetricCount; ++m) {
                RankingDecision d;
                d.left = a;
                d.right = b;
                d.metric = static_cast<RankMetric>(m);
                d.sourceLeft = rankMetricValue(source[a], d.metric);
                d.sourceRight = rankMetricValue(source[b], d.metric);
                d.canaryLeft = rankMetricValue(canary[a], d.metric);
                d.canaryRight = rankMetricValue(canary[b], d.metric);
                d.sourceRelation = decideRelation(d.sourceLeft, d.sourceRight, t);
                d.canaryRelation = decideRelation(d.canaryLeft, d.canaryRight, t);
                d.pass = d.sourceRelation == d.canaryRelation;
                st.passed += d.pass ? 1 : 0;
                st.decisions.push_back(d);
            }
        }
    }
    st.pass = st.passed == st.decisions.size();
    return st;
}

// A canary compiled without a verifying gate holds its claim to the tolerance verify-behavior declares by default.
static_assert(Tolerances{}.absoluteNs == kDefaultAbsoluteToleranceNs);

SourceUncertainty sourceUncertainty(const Trace& source, const Tolerances& tolerances)
{
    SourceUncertainty u;
    SkewUncertaintyTally stated;
    for (std::size_t i = 0; i < source.size(); ++i) {
        u.unknownSkewEvents += source.skewState[i] == SkewState::Unknown ? 1 : 0;
        u.partialSkewEvents += source.skewState[i] == SkewState::Partial ? 1 : 0;
        u.unknownOverlapEvents += source.has(i, kFlagOverlapUnknown) ? 1 : 0;
        // The same rule the canary's claim limit is decided by (cc::SkewUncertaintyTally).
        stated.add(source, i, tolerances.absoluteNs);
    }
    u.skewUncertaintyEvents = stated.events;
    u.skewUncertaintyAboveTolerance = stated.aboveTolerance;
    u.maxSkewUncertainty = stated.max;
    return u;
}

} // namespace cc::verify
