#include "core/report/compare.h"

#include "core/util/decimal.h"
#include "core/util/errors.h"
#include "core/util/json/writer.h"
#include "core/util/wide_int.h"

#include <algorithm>
#include <limits>
#include <map>

namespace cc {

namespace {

constexpr std::array<std::string_view, kCompareMetricCount> kMetricNames{"median", "p95", "p99", "max", "mean"};

std::string_view trim(std::string_view s)
{
    while (!s.empty() && s.front() == ' ') {
        s.remove_prefix(1);
    }
    while (!s.empty() && s.back() == ' ') {
        s.remove_suffix(1);
    }
    return s;
}

std::int64_t relativePpm(Ns baseline, Ns candidate)
{
    WideInt delta = static_cast<WideInt>(candidate) - baseline;
    WideInt scaled = delta * kPpmOne;
    // floor division for negative values
    WideInt q = scaled / baseline;
    if ((scaled % baseline != 0) && ((scaled < 0) != (baseline < 0))) {
        --q;
    }
    constexpr WideInt lim = std::numeric_limits<std::int64_t>::max();
    return static_cast<std::int64_t>(std::clamp<WideInt>(q, -lim, lim));
}

void evaluate(CompareResult& result, const std::string& b, const std::string& c, const std::string& scope,
              const std::string& scopeName, bool named, const Distribution& base, const Distribution& cand,
              const CompareThresholds& thresholds)
{
    for (int m = 0; m < kCompareMetricCount; ++m) {
        if (!thresholds.ppm[static_cast<std::size_t>(m)]) {
            continue;
        }
        CompareFinding f;
        f.baselineConfig = b;
        f.candidateConfig = c;
        f.scope = scope;
        f.scopeName = scopeName;
        f.scopeNamed = named;
        f.metric = static_cast<CompareMetric>(m);
        f.baseline = compareMetricValue(base, f.metric);
        f.candidate = compareMetricValue(cand, f.metric);
        f.thresholdPpm = *thresholds.ppm[static_cast<std::size_t>(m)];
        if (f.baseline == 0) {
            f.baselineZero = true;
            f.deltaPpm = 0;
            f.regression = f.candidate > 0;
        } else {
            f.deltaPpm = relativePpm(f.baseline, f.candidate);
            f.regression = f.deltaPpm > f.thresholdPpm;
        }
        result.regression = result.regression || f.regression;
        result.findings.push_back(std::move(f));
    }
}

void compareBreakdowns(CompareResult& result, const std::string& b, const std::string& c, const std::string& scope,
                       const std::vector<Breakdown>& base, const std::vector<Breakdown>& cand,
                       const CompareThresholds& thresholds)
{
    auto label = [](const Breakdown& x) { return x.named ? x.name : std::string("(no phase)"); };
    for (const Breakdown& x : base) {
        auto it = std::find_if(cand.begin(), cand.end(),
                               [&](const Breakdown& y) { return y.named == x.named && y.name == x.name; });
        if (it == cand.end()) {
            result.notes.push_back(scope + " " + label(x) + " appears only in the baseline (" + b + ")");
            continue;
        }
        evaluate(result, b, c, scope, x.name, x.named, x.latency, it->latency, thresholds);
    }
    for (const Breakdown& y : cand) {
        auto it = std::find_if(base.begin(), base.end(),
                               [&](const Breakdown& x) { return y.named == x.named && y.name == x.name; });
        if (it == base.end()) {
            result.notes.push_back(scope + " " + label(y) + " appears only in the candidate (" + c + ")");
        }
    }
}

} // namespace

std::string_view compareMetricName(CompareMetric metric)
{
    return kMetricNames[static_cast<std::size_t>(metric)];
}

Ns compareMetricValue(const Distribution& d, CompareMetric metric)
{
    switch (metric) {
    case CompareMetric::Median:
        return d.median;
    case CompareMetric::P95:
        return d.p95;
    case CompareMetric::P99:
        return d.p99;
    case CompareMetric::Max:
        return d.max;
    case CompareMetric::Mean:
        return d.mean;
    }
    return d.median;
}

CompareThresholds CompareThresholds::defaults()
{
    CompareThresholds t;
    t.ppm[static_cast<std::size_t>(CompareMetric::Median)] = 50'000;
    t.ppm[static_cast<std::size_t>(CompareMetric::P95)] = 100'000;
    t.ppm[static_cast<std::size_t>(CompareMetric::P99)] = 100'000;
    t.ppm[static_cast<std::size_t>(CompareMetric::Mean)] = 50'000;
    return t;
}

std::string ppmAsPercent(std::int64_t ppm)
{
    const std::int64_t hundredths = ppm / 100;
    const std::int64_t magnitude = hundredths < 0 ? -hundredths : hundredths;
    std::string fraction = std::to_string(magnitude % 100);
    return (hundredths < 0 ? "-" : "") + std::to_string(magnitude / 100) + "." + std::string(2 - fraction.size(), '0') +
           fraction + "%";
}

std::string CompareThresholds::text() const
{
    std::string out;
    for (int m = 0; m < kCompareMetricCount; ++m) {
        const auto& v = ppm[static_cast<std::size_t>(m)];
        if (!out.empty()) {
            out += ',';
        }
        out += std::string(kMetricNames[static_cast<std::size_t>(m)]) + "=" +
               (v ? formatScaledDecimal(*v, 4) + "%" : std::string("off"));
    }
    return out;
}

CompareThresholds parseThresholds(std::string_view text, const std::string& sourceName)
{
    CompareThresholds t = CompareThresholds::defaults();
    std::array<bool, kCompareMetricCount> seen{};
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t comma = text.find(',', pos);
        std::string_view item =
            trim(text.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos));
        if (!item.empty()) {
            std::size_t eq = item.find('=');
            if (eq == std::string_view::npos) {
                throw InputError(sourceName, "threshold \"" + std::string(item) +
                                                 "\" must look like METRIC=PERCENT% (e.g. p99=10%)");
            }
            std::string_view name = trim(item.substr(0, eq));
            std::string_view value = trim(item.substr(eq + 1));
            auto found = std::find(kMetricNames.begin(), kMetricNames.end(), name);
            if (found == kMetricNames.end()) {
                throw InputError(sourceName, "unknown threshold metric \"" + std::string(name) +
                                                 "\"; known: median, p95, p99, max, mean");
            }
            auto index = static_cast<std::size_t>(found - kMetricNames.begin());
            if (seen[index]) {
                throw InputError(sourceName, "threshold for " + std::string(name) + " is given twice");
            }
            seen[index] = true;
            if (value == "off") {
                t.ppm[index].reset();
            } else {
                if (value.empty() || value.back() != '%') {
                    throw InputError(sourceName, "threshold " + std::string(name) + "=" + std::string(value) +
                                                     " must be a percentage ending in % (e.g. 10%)");
                }
                value.remove_suffix(1);
                ScaledValue parsed = parseScaledDecimal(value, 4);
                if (parsed.error != DecimalError::None || parsed.value > 1'000'000'000) {
                    throw InputError(sourceName, "threshold " + std::string(name) + "=" + std::string(value) +
                                                     "% must be a percentage between 0 and 100000 with at most "
                                                     "four decimals");
                }
                t.ppm[index] = parsed.value;
            }
        } else if (comma != std::string_view::npos || !trim(text).empty()) {
            throw InputError(sourceName, "empty threshold in \"" + std::string(text) + "\"");
        }
        if (comma == std::string_view::npos) {
            break;
        }
        pos = comma + 1;
    }
    return t;
}

CompareResult compareReports(const ReportView& baseline, const ReportView& candidate, const CompareOptions& options)
{
    const std::string both = baseline.source + " vs " + candidate.source;
    std::vector<std::string> reasons;
    if (!baseline.sealIntact) {
        reasons.push_back(baseline.source + " was changed after it was written (its body_sha256 does not match); run "
                                            "verify-report on it");
    }
    if (!candidate.sealIntact) {
        reasons.push_back(candidate.source + " was changed after it was written (its body_sha256 does not match); run "
                                             "verify-report on it");
    }
    if (baseline.simulatorVersion != candidate.simulatorVersion) {
        reasons.push_back("simulator versions differ (" + baseline.simulatorVersion + " vs " +
                          candidate.simulatorVersion + ")");
    }
    if (baseline.inputSha256 != candidate.inputSha256) {
        reasons.push_back("they replay different inputs (protocol.input.sha256 " + baseline.inputSha256 + " vs " +
                          candidate.inputSha256 + ")");
    }
    if (baseline.protocol.seed != candidate.protocol.seed) {
        reasons.push_back("seeds differ (" + std::to_string(baseline.protocol.seed) + " vs " +
                          std::to_string(candidate.protocol.seed) + ")");
    }
    if (baseline.protocol.iterations != candidate.protocol.iterations) {
        reasons.push_back("iterations differ (" + std::to_string(baseline.protocol.iterations) + " vs " +
                          std::to_string(candidate.protocol.iterations) + ")");
    }
    if (!(baseline.protocol.ablations == candidate.protocol.ablations)) {
        reasons.push_back("ablations differ ([" + baseline.protocol.ablations.text() + "] vs [" +
                          candidate.protocol.ablations.text() + "])");
    }
    if (baseline.protocol.isolated != candidate.protocol.isolated) {
        reasons.push_back(std::string("one is an isolated replay and the other is not (isolated ") +
                          (baseline.protocol.isolated ? "true" : "false") + " vs " +
                          (candidate.protocol.isolated ? "true" : "false") + ")");
    }
    CompareResult result;
    if (options.baselineConfig.empty() != options.candidateConfig.empty()) {
        reasons.push_back("--baseline-config and --candidate-config must be given together");
    } else if (!options.baselineConfig.empty()) {
        auto hasName = [](const ReportView& v, const std::string& name) {
            return std::any_of(v.configurations.begin(), v.configurations.end(),
                               [&](const auto& c) { return c.name == name; });
        };
        if (!hasName(baseline, options.baselineConfig)) {
            reasons.push_back("the baseline has no configuration named \"" + options.baselineConfig + "\"");
        }
        if (!hasName(candidate, options.candidateConfig)) {
            reasons.push_back("the candidate has no configuration named \"" + options.candidateConfig + "\"");
        }
        result.pairs.emplace_back(options.baselineConfig, options.candidateConfig);
    } else {
        for (const auto& b : baseline.configurations) {
            bool paired = false;
            for (const auto& c : candidate.configurations) {
                if (c.name == b.name) {
                    result.pairs.emplace_back(b.name, c.name);
                    paired = true;
                }
            }
            if (!paired) {
                result.notes.push_back("configuration " + b.name + " appears only in the baseline");
            }
        }
        for (const auto& c : candidate.configurations) {
            if (std::none_of(baseline.configurations.begin(), baseline.configurations.end(),
                             [&](const auto& b) { return b.name == c.name; })) {
                result.notes.push_back("configuration " + c.name + " appears only in the candidate");
            }
        }
        if (result.pairs.empty() && reasons.empty()) {
            reasons.push_back("they have no configuration name in common; choose a pair with --baseline-config and "
                              "--candidate-config");
        }
    }
    if (!reasons.empty()) {
        std::vector<Diagnostic> diagnostics;
        for (auto& r : reasons) {
            diagnostics.push_back(Diagnostic{both, kNoEvent, {}, {}, "incomparable reports: " + r});
        }
        throw InputError(std::move(diagnostics));
    }
    for (const auto& pair : result.pairs) {
        // Named references rather than a structured binding, which lambdas cannot capture before
        // clang 16.
        const auto& bname = pair.first;
        const auto& cname = pair.second;
        const auto& b = *std::find_if(baseline.configurations.begin(), baseline.configurations.end(),
                                      [&](const auto& x) { return x.name == bname; });
        const auto& c = *std::find_if(candidate.configurations.begin(), candidate.configurations.end(),
                                      [&](const auto& x) { return x.name == cname; });
        evaluate(result, bname, cname, "overall", "", true, b.latency, c.latency, options.thresholds);
        compareBreakdowns(result, bname, cname, "phase", b.byPhase, c.byPhase, options.thresholds);
        compareBreakdowns(result, bname, cname, "op", b.byOp, c.byOp, options.thresholds);
    }
    return result;
}

std::string compareText(const CompareResult& result)
{
    std::string out;
    std::size_t tripped = 0;
    for (const auto& f : result.findings) {
        tripped += f.regression ? 1 : 0;
    }
    if (result.regression) {
        out += "REGRESSION: " + std::to_string(tripped) + " of " + std::to_string(result.findings.size()) +
               " checked figures exceed their thresholds\n";
    } else {
        out += "OK: no regression (" + std::to_string(result.findings.size()) + " figures checked over " +
               std::to_string(result.pairs.size()) + " configuration pair(s))\n";
    }
    for (const auto& f : result.findings) {
        if (!f.regression) {
            continue;
        }
        std::string where = f.scope == "overall"
                                ? std::string("overall")
                                : f.scope + " " + (f.scopeNamed ? f.scopeName : std::string("(no phase)"));
        std::string pair =
            f.baselineConfig == f.candidateConfig ? f.baselineConfig : f.baselineConfig + " -> " + f.candidateConfig;
        std::string change = f.baselineZero ? std::string("from 0 ns") : "+" + ppmAsPercent(f.deltaPpm);
        out += "  " + pair + ", " + where + ": " + std::string(compareMetricName(f.metric)) + " " +
               formatScaledDecimal(f.baseline, 3) + " us -> " + formatScaledDecimal(f.candidate, 3) + " us (" + change +
               ", limit " + ppmAsPercent(f.thresholdPpm) + ")\n";
    }
    for (const auto& note : result.notes) {
        out += "  note: " + note + "\n";
    }
    return out;
}

std::string compareJson(const ReportView& baseline, const ReportView& candidate, const CompareOptions& options,
                        const CompareResult& result)
{
    std::string out;
    json::Writer w(out);
    w.beginObject().field("format", kCompareFormat).field("verdict", result.regression ? "regression" : "pass");
    w.key("baseline").beginObject().field("input_sha256", baseline.inputSha256);
    w.field("configurations_sha256", baseline.configsSha256).endObject();
    w.key("candidate").beginObject().field("input_sha256", candidate.inputSha256);
    w.field("configurations_sha256", candidate.configsSha256).endObject();
    w.key("thresholds_ppm").beginObject();
    for (int m = 0; m < kCompareMetricCount; ++m) {
        if (const auto& v = options.thresholds.ppm[static_cast<std::size_t>(m)]) {
            w.field(kMetricNames[static_cast<std::size_t>(m)], std::int64_t{*v});
        }
    }
    w.endObject();
    w.key("pairs").beginArray();
    for (const auto& pair : result.pairs) {
        w.beginObject().field("baseline", pair.first).field("candidate", pair.second).endObject();
    }
    w.endArray();
    w.key("findings").beginArray();
    for (const auto& f : result.findings) {
        w.separateThen("\n").beginObject();
        w.field("baseline_config", f.baselineConfig).field("candidate_config", f.candidateConfig);
        w.field("scope", f.scope);
        if (f.scope == "overall" || !f.scopeNamed) {
            w.key("name").null();
        } else {
            w.field("name", f.scopeName);
        }
        w.field("metric", compareMetricName(f.metric));
        w.field("baseline_ns", std::int64_t{f.baseline}).field("candidate_ns", std::int64_t{f.candidate});
        if (f.baselineZero) {
            w.key("delta_ppm").null();
        } else {
            w.field("delta_ppm", std::int64_t{f.deltaPpm});
        }
        w.field("threshold_ppm", std::int64_t{f.thresholdPpm}).field("regression", f.regression);
        w.endObject();
    }
    w.endArray();
    w.key("notes").beginArray();
    for (const auto& note : result.notes) {
        w.string(note);
    }
    w.endArray().endObject().verbatim("\n");
    return out;
}

} // namespace cc
