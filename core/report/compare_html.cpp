#include "core/report/compare_html.h"

#include "core/report/compare_junit.h"
#include "core/util/decimal.h"

#include <algorithm>
#include <array>
#include <limits>

namespace cc {

namespace {

constexpr std::array<CompareMetric, kCompareMetricCount> kMetrics = {
    CompareMetric::Median, CompareMetric::P95, CompareMetric::P99, CompareMetric::Max, CompareMetric::Mean};

std::string us(Ns ns)
{
    return formatScaledDecimal(ns, 3);
}

const ReportView::Configuration* configuration(const ReportView& report, const std::string& name)
{
    for (const auto& c : report.configurations) {
        if (c.name == name) {
            return &c;
        }
    }
    return nullptr;
}

/// x position of value on a scale of width px whose right end is top (integer arithmetic).
std::int64_t xOf(Ns value, Ns top, std::int64_t left, std::int64_t width)
{
    if (top <= 0) {
        return left;
    }
    // Halve both until value x width cannot overflow (only past ~190 days of latency).
    while (top > std::numeric_limits<Ns>::max() / width) {
        top >>= 1;
        value >>= 1;
    }
    return left + std::min(value, top) * width / top;
}

/// One report's distribution as a row: a line to max, a box from median to p99, ticks at each quantile.
void distributionRow(std::string& out, const Distribution& d, Ns top, std::int64_t y, const std::string& label,
                     const char* colour)
{
    constexpr std::int64_t left = 110;
    constexpr std::int64_t width = 560;
    out += "<text x=\"4\" y=\"" + std::to_string(y + 5) + "\">" + xmlEscape(label) + "</text>";
    out += "<line x1=\"" + std::to_string(left) + "\" y1=\"" + std::to_string(y) + "\" x2=\"" +
           std::to_string(xOf(d.max, top, left, width)) + "\" y2=\"" + std::to_string(y) + "\" stroke=\"" + colour +
           "\" stroke-width=\"2\"/>";
    const std::int64_t boxLeft = xOf(d.median, top, left, width);
    const std::int64_t boxRight = std::max(boxLeft + 1, xOf(d.p99, top, left, width));
    out += "<rect x=\"" + std::to_string(boxLeft) + "\" y=\"" + std::to_string(y - 8) + "\" width=\"" +
           std::to_string(boxRight - boxLeft) + "\" height=\"16\" fill=\"" + colour +
           "\" fill-opacity=\"0.35\" stroke=\"" + colour + "\"/>";
    const std::pair<const char*, Ns> marks[] = {{"p50", d.median}, {"p95", d.p95}, {"p99", d.p99}, {"max", d.max}};
    for (const auto& [name, value] : marks) {
        const std::int64_t x = xOf(value, top, left, width);
        out += "<line x1=\"" + std::to_string(x) + "\" y1=\"" + std::to_string(y - 10) + "\" x2=\"" +
               std::to_string(x) + "\" y2=\"" + std::to_string(y + 10) + "\" stroke=\"" + colour + "\"><title>" + name +
               " " + us(value) + " us</title></line>";
    }
    const std::int64_t meanX = xOf(d.mean, top, left, width);
    out += "<circle cx=\"" + std::to_string(meanX) + "\" cy=\"" + std::to_string(y) + "\" r=\"3\" fill=\"" + colour +
           "\"><title>mean " + us(d.mean) + " us</title></circle>";
}

} // namespace

std::string compareHtml(const ReportView& baseline, const ReportView& candidate, const CompareOptions& options,
                        const CompareResult& result)
{
    std::size_t tripped = 0;
    for (const auto& f : result.findings) {
        tripped += f.regression ? 1 : 0;
    }
    const std::string verdict = result.regression ? "REGRESSION" : "OK";
    std::string out;
    out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n";
    out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\"/>\n";
    out += "<title>commcanary compare: " + verdict + "</title>\n<style>\n";
    out += "body{font-family:sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:1em 0}"
           "td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}th{background:#eee}"
           "td.name,th.name{text-align:left}.bad{background:#fdd}.ok{color:#186a18}.regression{color:#b00}"
           "svg{background:#fafafa;border:1px solid #ddd;margin:0.5em 0}svg text{font-size:12px}"
           ".legend span{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px}\n";
    out += "</style>\n</head>\n<body>\n";
    out += "<h1 class=\"" + std::string(result.regression ? "regression" : "ok") + "\">" + verdict + "</h1>\n";
    out += "<p>" + std::to_string(tripped) + " of " + std::to_string(result.findings.size()) +
           " checked figures exceed their thresholds, over " + std::to_string(result.pairs.size()) +
           " configuration pair(s).</p>\n";
    out += "<table>\n<tr><th class=\"name\">baseline</th><td class=\"name\">" + xmlEscape(baseline.source) +
           "</td></tr>\n<tr><th class=\"name\">candidate</th><td class=\"name\">" + xmlEscape(candidate.source) +
           "</td></tr>\n<tr><th class=\"name\">input (normalised sha256)</th><td class=\"name\">" +
           xmlEscape(baseline.inputSha256) + "</td></tr>\n<tr><th class=\"name\">simulator</th><td class=\"name\">" +
           xmlEscape(baseline.simulatorVersion) +
           " (a model of contention and overlap, not a measurement of hardware)</td></tr>\n"
           "<tr><th class=\"name\">thresholds</th><td class=\"name\">" +
           xmlEscape(options.thresholds.text()) + " (relative to the baseline)</td></tr>\n</table>\n";

    out += "<h2>Per configuration (overall latency, us)</h2>\n<table>\n<tr><th class=\"name\">configuration</th>";
    for (const CompareMetric m : kMetrics) {
        out += "<th>" + std::string(compareMetricName(m)) + "</th>";
    }
    out += "</tr>\n";
    for (const auto& [b, c] : result.pairs) {
        const auto* bc = configuration(baseline, b);
        const auto* cc = configuration(candidate, c);
        if (bc == nullptr || cc == nullptr) {
            continue;
        }
        out += "<tr><td class=\"name\">" + xmlEscape(b == c ? b : b + " -> " + c) + "</td>";
        for (const CompareMetric m : kMetrics) {
            const CompareFinding* overall = nullptr;
            for (const auto& f : result.findings) {
                if (f.baselineConfig == b && f.candidateConfig == c && f.scope == "overall" && f.metric == m) {
                    overall = &f;
                }
            }
            const bool bad = overall != nullptr && overall->regression;
            std::string cell =
                us(compareMetricValue(bc->latency, m)) + " &#8594; " + us(compareMetricValue(cc->latency, m));
            if (overall != nullptr) {
                const std::string delta = overall->baselineZero    ? std::string("from 0")
                                          : overall->deltaPpm >= 0 ? "+" + ppmAsPercent(overall->deltaPpm)
                                                                   : ppmAsPercent(overall->deltaPpm);
                cell += "<br/>" + delta + " (limit " + ppmAsPercent(overall->thresholdPpm) + ")";
            } else {
                cell += "<br/>not checked";
            }
            out += std::string("<td") + (bad ? " class=\"bad\"" : "") + ">" + cell + "</td>";
        }
        out += "</tr>\n";
    }
    out += "</table>\n";

    if (tripped > 0) {
        out += "<h2>Tripped thresholds</h2>\n<ul>\n";
        for (const auto& f : result.findings) {
            if (!f.regression) {
                continue;
            }
            const std::string pair = f.baselineConfig == f.candidateConfig
                                         ? f.baselineConfig
                                         : f.baselineConfig + " -> " + f.candidateConfig;
            const std::string where = f.scope == "overall"
                                          ? std::string("overall")
                                          : f.scope + " " + (f.scopeNamed ? f.scopeName : std::string("(no phase)"));
            out += "<li>" +
                   xmlEscape(pair + ", " + where + ": " + std::string(compareMetricName(f.metric)) + " " +
                             us(f.baseline) + " us -> " + us(f.candidate) + " us (" +
                             (f.baselineZero ? std::string("from 0 ns") : "+" + ppmAsPercent(f.deltaPpm)) + ", limit " +
                             ppmAsPercent(f.thresholdPpm) + ")") +
                   "</li>\n";
        }
        out += "</ul>\n";
    }

    out += "<h2>Latency distributions</h2>\n<p class=\"legend\">box: median to p99; ticks: p50, p95, p99, max; "
           "dot: mean<span style=\"background:#3366cc\"></span>baseline<span style=\"background:#dd7711\"></span>"
           "candidate</p>\n";
    for (const auto& [b, c] : result.pairs) {
        const auto* bc = configuration(baseline, b);
        const auto* cc = configuration(candidate, c);
        if (bc == nullptr || cc == nullptr) {
            continue;
        }
        const Ns top = std::max<Ns>({bc->latency.max, cc->latency.max, 1});
        out += "<h3>" + xmlEscape(b == c ? b : b + " -> " + c) + "</h3>\n";
        out += "<svg width=\"700\" height=\"100\" viewBox=\"0 0 700 100\" role=\"img\" aria-label=\"" +
               xmlEscape("latency of " + b + " in both reports") + "\">";
        distributionRow(out, bc->latency, top, 25, "baseline", "#3366cc");
        distributionRow(out, cc->latency, top, 60, "candidate", "#dd7711");
        out += "<text x=\"110\" y=\"95\">0</text><text x=\"670\" y=\"95\" text-anchor=\"end\">" + us(top) +
               " us</text></svg>\n";
    }
    if (!result.notes.empty()) {
        out += "<h2>Notes</h2>\n<ul>\n";
        for (const auto& note : result.notes) {
            out += "<li>" + xmlEscape(note) + "</li>\n";
        }
        out += "</ul>\n";
    }
    out += "</body>\n</html>\n";
    return out;
}

} // namespace cc
