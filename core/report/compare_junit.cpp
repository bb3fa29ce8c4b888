#include "core/report/compare_junit.h"

#include "core/util/decimal.h"

#include <algorithm>
#include <iterator>
#include <utility>
#include <vector>

namespace cc {

namespace {

std::string pairName(const CompareFinding& f)
{
    return f.baselineConfig == f.candidateConfig ? f.baselineConfig : f.baselineConfig + " -> " + f.candidateConfig;
}

std::string where(const CompareFinding& f)
{
    return f.scope == "overall" ? std::string("overall")
                                : f.scope + " " + (f.scopeNamed ? f.scopeName : std::string("(no phase)"));
}

std::string figure(const CompareFinding& f)
{
    const std::string change = f.baselineZero    ? std::string("from 0 ns")
                               : f.deltaPpm >= 0 ? "+" + ppmAsPercent(f.deltaPpm)
                                                 : ppmAsPercent(f.deltaPpm);
    return where(f) + ": " + std::string(compareMetricName(f.metric)) + " " + formatScaledDecimal(f.baseline, 3) +
           " us -> " + formatScaledDecimal(f.candidate, 3) + " us (" + change + ", limit " +
           ppmAsPercent(f.thresholdPpm) + ")";
}

} // namespace

std::string xmlEscape(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&apos;";
            break;
        default:
            // XML 1.0 allows no control characters but tab, newline and carriage return.
            if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') {
                out += "?";
            } else {
                out += c;
            }
        }
    }
    return out;
}

std::string compareJunitXml(const ReportView& baseline, const ReportView& candidate, const CompareOptions& options,
                            const CompareResult& result)
{
    // pair -> metric -> findings, in the result's fixed order.
    std::vector<std::pair<std::string, std::vector<std::pair<CompareMetric, std::vector<const CompareFinding*>>>>>
        suites;
    for (const CompareFinding& f : result.findings) {
        const std::string pair = pairName(f);
        if (suites.empty() || suites.back().first != pair) {
            suites.push_back({pair, {}});
        }
        auto& metrics = suites.back().second;
        auto it = std::find_if(metrics.begin(), metrics.end(), [&](const auto& m) { return m.first == f.metric; });
        if (it == metrics.end()) {
            metrics.push_back({f.metric, {}});
            it = std::prev(metrics.end());
        }
        it->second.push_back(&f);
    }
    std::size_t tests = 0;
    std::size_t failures = 0;
    for (const auto& [pair, metrics] : suites) {
        for (const auto& [metric, findings] : metrics) {
            ++tests;
            failures += std::any_of(findings.begin(), findings.end(), [](const auto* f) { return f->regression; });
        }
    }
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += "<testsuites name=\"commcanary compare\" tests=\"" + std::to_string(tests) + "\" failures=\"" +
           std::to_string(failures) + "\" errors=\"0\" time=\"0\">\n";
    for (const auto& [pair, metrics] : suites) {
        std::size_t suiteFailures = 0;
        for (const auto& [metric, findings] : metrics) {
            suiteFailures += std::any_of(findings.begin(), findings.end(), [](const auto* f) { return f->regression; });
        }
        out += "  <testsuite name=\"" + xmlEscape(pair) + "\" tests=\"" + std::to_string(metrics.size()) +
               "\" failures=\"" + std::to_string(suiteFailures) + "\" errors=\"0\" skipped=\"0\" time=\"0\">\n";
        out += "    <properties>\n";
        out += "      <property name=\"baseline\" value=\"" + xmlEscape(baseline.source) + "\"/>\n";
        out += "      <property name=\"candidate\" value=\"" + xmlEscape(candidate.source) + "\"/>\n";
        out += "      <property name=\"input_sha256\" value=\"" + xmlEscape(baseline.inputSha256) + "\"/>\n";
        out += "      <property name=\"thresholds\" value=\"" + xmlEscape(options.thresholds.text()) + "\"/>\n";
        out += "      <property name=\"simulator\" value=\"" + xmlEscape(baseline.simulatorVersion) + "\"/>\n";
        out += "    </properties>\n";
        for (const auto& [metric, findings] : metrics) {
            out += "    <testcase classname=\"commcanary.compare." + xmlEscape(pair) + "\" name=\"" +
                   xmlEscape(compareMetricName(metric)) + "\" time=\"0\">\n";
            std::string tripped;
            std::string first;
            std::size_t count = 0;
            for (const CompareFinding* f : findings) {
                if (f->regression) {
                    tripped += figure(*f) + "\n";
                    if (first.empty()) {
                        first = figure(*f);
                    }
                    ++count;
                }
            }
            if (count > 0) {
                out += "      <failure type=\"regression\" message=\"" +
                       xmlEscape(std::string(compareMetricName(metric)) + " regressed in " + std::to_string(count) +
                                 " of " + std::to_string(findings.size()) + " figures; first: " + first) +
                       "\">" + xmlEscape(tripped) + "</failure>\n";
            }
            std::string checked;
            for (const CompareFinding* f : findings) {
                checked += figure(*f) + "\n";
            }
            out += "      <system-out>" + xmlEscape(checked) + "</system-out>\n";
            out += "    </testcase>\n";
        }
        out += "  </testsuite>\n";
    }
    out += "</testsuites>\n";
    return out;
}

} // namespace cc
