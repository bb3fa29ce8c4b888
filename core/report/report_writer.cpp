// buildReport: replay a trace under a configuration set and write the canonical report.
#include "core/report/report.h"

#include "core/configs/config_io.h"
#include "core/replay/summary_workspace.h"
#include "core/report/report_fields.h"
#include "core/trace/normalized.h"
#include "core/util/errors.h"
#include "core/util/json/writer.h"
#include "core/util/sha256.h"

#include <algorithm>

namespace cc {

namespace {

using json::appendInt;
using json::appendString;
using json::appendUInt;

void appendDistribution(std::string& out, const Distribution& d)
{
    out += "\"count\":";
    appendUInt(out, d.count);
    out += ",\"median_ns\":";
    appendInt(out, d.median);
    out += ",\"p95_ns\":";
    appendInt(out, d.p95);
    out += ",\"p99_ns\":";
    appendInt(out, d.p99);
    out += ",\"max_ns\":";
    appendInt(out, d.max);
    out += ",\"mean_ns\":";
    appendInt(out, d.mean);
}

void appendBreakdowns(std::string& out, const std::vector<Breakdown>& list)
{
    out += '[';
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (i > 0) {
            out += ',';
        }
        out += "{\"name\":";
        if (list[i].named) {
            appendString(out, list[i].name);
        } else {
            out += "null";
        }
        out += ',';
        appendDistribution(out, list[i].latency);
        out += ",\"hidden_share_ppm\":";
        appendInt(out, list[i].hiddenSharePpm);
        out += '}';
    }
    out += ']';
}

/// The canonical binary sample stream hashed into samples.sha256 (see README): per
/// configuration its name (LEB128 length + bytes) and sample count, then per sample
/// zigzag(start - previous start in the same iteration), queue_wait, rank_wait, duration, hidden
/// (LEB128) and the flags byte.
class SampleDigest {
public:
    void configuration(std::string_view name, std::uint64_t count)
    {
        varint(name.size());
        buffer_.append(name);
        varint(count);
    }
    void samples(const SampleColumns& s)
    {
        const std::size_t n = s.eventCount;
        // Row by row (one iteration each): event i of a row needs no division to find.
        for (std::size_t base = 0; base < s.size(); base += n) {
            Ns previousStart = 0;
            for (std::size_t i = 0; i < n; ++i) {
                const std::size_t k = base + i;
                const Ns start = s.startOf(k, i);
                const Ns delta = start - previousStart;
                previousStart = start;
                varint((static_cast<std::uint64_t>(delta) << 1) ^ static_cast<std::uint64_t>(delta >> 63));
                varint(static_cast<std::uint64_t>(s.queueWait[k]));
                varint(static_cast<std::uint64_t>(s.rankWaitOf(i)));
                varint(static_cast<std::uint64_t>(s.durationOf(k, i)));
                varint(static_cast<std::uint64_t>(s.hidden[k]));
                buffer_ += static_cast<char>(s.flags[k]);
                if (buffer_.size() >= (1U << 16)) {
                    flush();
                }
            }
        }
    }
    std::string finish()
    {
        flush();
        return sha_.hexDigest();
    }

private:
    void varint(std::uint64_t v)
    {
        while (v >= 0x80) {
            buffer_ += static_cast<char>((v & 0x7f) | 0x80);
            v >>= 7;
        }
        buffer_ += static_cast<char>(v);
    }
    void flush()
    {
        sha_.update(buffer_);
        buffer_.clear();
    }
    Sha256 sha_;
    std::string buffer_;
};

void appendRows(std::string& out, const SampleColumns& s, Progress& progress)
{
    const std::size_t n = s.eventCount;
    for (std::size_t k = 0; k < s.size(); ++k) {
        if ((k & 0xffff) == 0) {
            progress.check();
        }
        const std::size_t event = k % n;
        const Ns latency = s.latency[k];
        const Ns duration = s.durationOf(k, event);
        const Ns start = s.startOf(k, event);
        out += k == 0 ? "\n[" : ",\n[";
        appendUInt(out, event);
        out += ',';
        appendUInt(out, k / n);
        out += ',';
        appendInt(out, start);
        out += ',';
        appendInt(out, s.queueWait[k]);
        out += ',';
        appendInt(out, s.rankWaitOf(event));
        out += ',';
        appendInt(out, duration);
        out += ',';
        appendInt(out, s.hidden[k]);
        out += ',';
        appendInt(out, latency - s.hidden[k]);
        out += ',';
        appendInt(out, start + duration);
        out += ',';
        appendInt(out, latency);
        out += ',';
        appendUInt(out, s.flags[k]);
        out += ']';
    }
}

void appendConfiguration(std::string& out, const Trace& trace, const std::string& name, const ConfigurationSummary& s)
{
    out += "{\"name\":";
    appendString(out, name);
    out += ",\"summary\":{";
    appendDistribution(out, s.latency);
    out += ",\"hidden_share_ppm\":";
    appendInt(out, s.hiddenSharePpm);
    out += "},\"queue_wait\":{";
    appendDistribution(out, s.queueWait);
    out += "},\"by_phase\":";
    appendBreakdowns(out, s.byPhase);
    out += ",\"by_op\":";
    appendBreakdowns(out, s.byOp);
    out += ",\"tail_events\":[";
    for (std::size_t t = 0; t < s.tail.size(); ++t) {
        const TailSample& ts = s.tail[t];
        out += t == 0 ? "{" : ",{";
        out += "\"event\":";
        appendUInt(out, ts.event);
        out += ",\"iteration\":";
        appendUInt(out, ts.iteration);
        out += ",\"id\":";
        std::string_view id = trace.id(ts.event);
        if (trace.idLength[ts.event] == 0) {
            out += "null";
        } else {
            appendString(out, id);
        }
        out += ",\"op\":";
        appendString(out, trace.opName(ts.event));
        out += ",\"phase\":";
        if (trace.phase[ts.event] == kNoString) {
            out += "null";
        } else {
            appendString(out, trace.str(trace.phase[ts.event]));
        }
        out += ",\"latency_ns\":";
        appendInt(out, ts.latency);
        out += '}';
    }
    out += "],\"tail\":{\"threshold_ns\":";
    appendInt(out, s.latency.p99);
    out += ",\"count\":";
    appendUInt(out, s.tailCount);
    out += ",\"listed\":";
    appendUInt(out, s.tail.size());
    out += ",\"rule\":";
    appendString(out, report_fields::kTailRule);
    out += "},\"uncertainty\":{\"skew_unknown_samples\":";
    appendUInt(out, s.skewUnknownSamples);
    out += ",\"skew_partial_samples\":";
    appendUInt(out, s.skewPartialSamples);
    out += ",\"overlap_unknown_samples\":";
    appendUInt(out, s.overlapUnknownSamples);
    out += ",\"custom_op_samples\":";
    appendUInt(out, s.customOpSamples);
    out += "},\"model\":{\"tail_hits\":";
    appendUInt(out, s.tailHits);
    out += ",\"idle_starts\":";
    appendUInt(out, s.idleStarts);
    out += "}}";
}

void appendRankings(std::string& out, const std::vector<std::string>& names, const std::vector<Distribution>& latencies,
                    const std::vector<PairDecision>& decisions, std::int64_t tolerancePpm)
{
    out += "{\"tie_tolerance_ppm\":";
    appendInt(out, tolerancePpm);
    out += ",\"rule\":";
    appendString(out, report_fields::kRankingRule);
    out += ",\"metrics\":[\"median\",\"p95\",\"p99\",\"mean\"],\"pairs\":[";
    for (std::size_t d = 0; d < decisions.size(); ++d) {
        const PairDecision& p = decisions[d];
        out += d == 0 ? "\n{" : ",\n{";
        out += "\"a\":";
        appendString(out, names[p.first]);
        out += ",\"b\":";
        appendString(out, names[p.second]);
        out += ",\"metric\":";
        appendString(out, rankMetricName(p.metric));
        out += ",\"a_ns\":";
        appendInt(out, p.firstValue);
        out += ",\"b_ns\":";
        appendInt(out, p.secondValue);
        out += ",\"faster\":";
        switch (p.outcome) {
        case PairOutcome::FirstFaster:
            appendString(out, names[p.first]);
            break;
        case PairOutcome::SecondFaster:
            appendString(out, names[p.second]);
            break;
        case PairOutcome::Tie:
            out += "null";
            break;
        }
        out += ",\"outcome\":";
        appendString(out, p.outcome == PairOutcome::Tie ? "tie" : (p.outcome == PairOutcome::FirstFaster ? "a" : "b"));
        out += '}';
    }
    out += "],\"order\":{";
    for (int m = 0; m < kRankMetricCount; ++m) {
        auto metric = static_cast<RankMetric>(m);
        std::vector<std::size_t> order(names.size());
        for (std::size_t i = 0; i < order.size(); ++i) {
            order[i] = i;
        }
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return rankMetricValue(latencies[a], metric) < rankMetricValue(latencies[b], metric);
        });
        if (m > 0) {
            out += ',';
        }
        json::appendKey(out, rankMetricName(metric));
        json::appendArray(out, order, [&](std::string& o, std::size_t i) { appendString(o, names[i]); });
    }
    out += "}}";
}

} // namespace

std::string_view samplesModeName(SamplesMode mode)
{
    return mode == SamplesMode::Digest ? "digest" : "full";
}

std::string buildReport(const Trace& trace, const ConfigSet& set, const ReplayProtocol& protocol,
                        const ReportOptions& options, Progress& progress)
{
    validateConfigSet(set, "configuration set \"" + set.name + "\"");
    validateProtocol(protocol, "replay protocol");
    const std::size_t n = trace.size();
    const std::uint64_t perConfiguration = static_cast<std::uint64_t>(n) * protocol.iterations;
    const std::uint64_t totalSamples = perConfiguration * set.configurations.size();
    if (options.samples == SamplesMode::Full && totalSamples > kMaxFullSamples) {
        throw InputError(Diagnostic{"replay report",
                                    kNoEvent,
                                    {},
                                    "samples",
                                    "full sample mode would write " + std::to_string(totalSamples) +
                                        " rows, more than the limit of " + std::to_string(kMaxFullSamples) +
                                        "; use digest mode (--samples digest), which keeps their SHA-256 and the "
                                        "tail events"});
    }
    std::string inputSha = options.inputSha256;
    if (inputSha.empty()) {
        SubProgress hashing(progress, 0.0, 0.05);
        inputSha = normalizedSha256(trace, hashing);
    }
    SubProgress preparing(progress, 0.05, 0.1);
    PreparedReplay prepared = prepareReplay(trace, protocol, preparing);

    std::uint64_t overlapUnknown = 0;
    std::uint64_t customOps = 0;
    for (std::size_t i = 0; i < n; ++i) {
        overlapUnknown += trace.has(i, kFlagOverlapUnknown) ? 1 : 0;
        customOps += trace.kind[i] == OpKind::Custom ? 1 : 0;
    }

    std::vector<std::string> names;
    std::vector<Distribution> latencies;
    std::string configurationsText;
    std::string rowsText;
    SampleDigest digest;
    SummaryWorkspace workspace; // groupings and buffers shared by every configuration
    SubProgress replaying(progress, 0.1, 0.95);
    // At most two configurations' samples at a time (a lockstep run, see lockstepRuns).
    replayEach(prepared, set.configurations, replaying,
               [&](std::size_t c, const SampleColumns& samples, Progress& sub) {
                   const BackendConfig& config = set.configurations[c];
                   ConfigurationSummary summary = summarizeSamples(trace, samples, sub, workspace);
                   digest.configuration(config.name, samples.size());
                   digest.samples(samples);
                   if (options.samples == SamplesMode::Full) {
                       rowsText += c == 0 ? "{\"name\":" : ",\n{\"name\":";
                       appendString(rowsText, config.name);
                       rowsText += ",\"rows\":[";
                       appendRows(rowsText, samples, sub);
                       rowsText += "]}";
                   }
                   configurationsText += c == 0 ? "\n" : ",\n";
                   appendConfiguration(configurationsText, trace, config.name, summary);
                   names.push_back(config.name);
                   latencies.push_back(summary.latency);
               });
    const std::vector<PairDecision> decisions = rankConfigurations(latencies, protocol.tieTolerancePpm);

    progress.check(); // assembling and sealing a full report of millions of rows takes seconds
    std::string out;
    out.reserve(configurationsText.size() + rowsText.size() + 8192);
    out += "{\"format\":";
    appendString(out, kReportFormat);
    // ---- protocol ----
    out += ",\n\"protocol\":{\"model\":{\"name\":";
    appendString(out, kSimulatorModelName);
    out += ",\"version\":";
    appendString(out, kSimulatorVersion);
    out += ",\"statement\":";
    appendString(out, kModelStatement);
    out += "},\"input\":{\"sha256\":";
    appendString(out, inputSha);
    out += ",\"hash_of\":";
    appendString(out, report_fields::kInputHashOf);
    out += ",\"events\":";
    appendUInt(out, n);
    out += ",\"timing\":";
    appendString(out, timingSemanticsName(trace.timing));
    out += ",\"skew_known_events\":";
    appendUInt(out, trace.knownSkewCount());
    out += ",\"skew_partial_events\":";
    appendUInt(out, trace.partialSkewCount());
    out += ",\"skew_unknown_events\":";
    appendUInt(out, trace.unknownSkewCount());
    out += ",\"overlap_unknown_events\":";
    appendUInt(out, overlapUnknown);
    out += ",\"custom_op_events\":";
    appendUInt(out, customOps);
    out += ",\"unknown_skew_rule\":";
    appendString(out, report_fields::kUnknownSkewRule);
    out += "},\"configurations\":{\"name\":";
    appendString(out, set.name);
    out += ",\"sha256\":";
    appendString(out, configSetSha256(set));
    out += ",\"set\":";
    out += configSetJson(set);
    out += "},\"seed\":";
    appendUInt(out, protocol.seed);
    out += ",\"iterations\":";
    appendUInt(out, protocol.iterations);
    out += ",\"ablations\":[";
    bool first = true;
    for (Ablation a : protocol.ablations.list()) {
        if (!first) {
            out += ',';
        }
        first = false;
        appendString(out, ablationName(a));
    }
    out += "],\"ablations_are\":";
    appendString(out, report_fields::kAblationsAre);
    out += ",\"isolated\":";
    out += protocol.isolated ? "true" : "false";
    out += ",\"tie_tolerance_ppm\":";
    appendInt(out, protocol.tieTolerancePpm);
    out += ",\"quantiles\":";
    appendString(out, report_fields::kQuantileRule);
    out += ",\"samples\":";
    appendString(out, samplesModeName(options.samples));
    if (!options.resourceLimitOverrides.empty()) {
        out += ",\"resource_limit_overrides\":[";
        for (std::size_t k = 0; k < options.resourceLimitOverrides.size(); ++k) {
            out += k == 0 ? "" : ",";
            appendString(out, options.resourceLimitOverrides[k]);
        }
        out += "]";
    }
    out += "}";
    // ---- configurations, rankings ----
    out += ",\n\"configurations\":[";
    out += configurationsText;
    out += "],\n\"rankings\":";
    appendRankings(out, names, latencies, decisions, protocol.tieTolerancePpm);
    // ---- samples ----
    out += ",\n\"samples\":{\"mode\":";
    appendString(out, samplesModeName(options.samples));
    out += ",\"count\":";
    appendUInt(out, totalSamples);
    out += ",\"fields\":[\"event\",\"iteration\",\"start_ns\",\"queue_wait_ns\",\"rank_wait_ns\",\"duration_ns\","
           "\"hidden_ns\",\"exposed_ns\",\"completion_ns\",\"latency_ns\",\"flags\"],\"flags\":";
    appendString(out, report_fields::kFlagBits);
    out += ",\"encoding\":";
    appendString(out, report_fields::kSampleStreamEncoding);
    out += ",\"sha256\":";
    appendString(out, digest.finish());
    if (options.samples == SamplesMode::Full) {
        out += ",\"configurations\":[\n";
        out += rowsText;
        out += ']';
    }
    out += "}}";
    // ---- seal ----
    Sha256 sealing;
    constexpr std::size_t kSealPiece = std::size_t{16} << 20;
    for (std::size_t at = 0; at < out.size(); at += kSealPiece) {
        progress.check();
        sealing.update(std::string_view(out).substr(at, kSealPiece));
    }
    const std::string seal = sealing.hexDigest();
    out.pop_back();
    out += ",\n\"body_sha256\":";
    appendString(out, seal);
    out += "}\n";
    progress.report(1.0, "report written");
    return out;
}

} // namespace cc
