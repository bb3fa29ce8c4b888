// buildReport: replay a trace under a configuration set and write the canonical report.
#include "core/report/report.h"

#include "core/configs/config_io.h"
#include "core/replay/summary_workspace.h"
#include "core/report/distribution_json.h"
#include "core/report/report_fields.h"
#include "core/trace/normalized.h"
#include "core/util/errors.h"
#include "core/util/json/writer.h"
#include "core/util/sha256.h"

#include <algorithm>

namespace cc {

namespace {

using json::appendInt;
using json::appendUInt;

/// A string, or null when absent.
void stringOrNull(json::Writer& w, bool present, std::string_view s)
{
    if (present) {
        w.string(s);
    } else {
        w.null();
    }
}

using report_fields::writeDistribution;

void writeBreakdowns(json::Writer& w, const std::vector<Breakdown>& list)
{
    w.beginArray();
    for (const Breakdown& b : list) {
        w.beginObject();
        w.key("name");
        stringOrNull(w, b.named, b.name);
        writeDistribution(w, b.latency);
        w.field("hidden_share_ppm", b.hiddenSharePpm);
        w.endObject();
    }
    w.endArray();
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

/// The elements of a configuration's rows array, one row per sample and line: [event, iteration,
/// start_ns, queue_wait_ns, rank_wait_ns, duration_ns, hidden_ns, exposed_ns, completion_ns,
/// latency_ns, flags].
void appendRows(std::string& out, const SampleColumns& s, Progress& progress)
{
    // Primitives, not json::Writer: its separator bookkeeping cost +922 instructions a row (callgrind).
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

void writeConfiguration(json::Writer& w, const Trace& trace, const std::string& name, const ConfigurationSummary& s)
{
    w.beginObject();
    w.field("name", name);
    w.key("summary").beginObject();
    writeDistribution(w, s.latency);
    w.field("hidden_share_ppm", s.hiddenSharePpm);
    w.endObject();
    w.key("queue_wait").beginObject();
    writeDistribution(w, s.queueWait);
    w.endObject();
    w.key("by_phase");
    writeBreakdowns(w, s.byPhase);
    w.key("by_op");
    writeBreakdowns(w, s.byOp);
    w.key("tail_events").beginArray();
    for (const TailSample& ts : s.tail) {
        w.beginObject();
        w.field("event", ts.event);
        w.field("iteration", ts.iteration);
        w.key("id");
        stringOrNull(w, trace.idLength[ts.event] != 0, trace.id(ts.event));
        w.field("op", trace.opName(ts.event));
        w.key("phase");
        const bool phased = trace.phase[ts.event] != kNoString;
        stringOrNull(w, phased, phased ? trace.str(trace.phase[ts.event]) : std::string_view{});
        w.field("latency_ns", ts.latency);
        w.endObject();
    }
    w.endArray();
    w.key("tail").beginObject();
    w.field("threshold_ns", s.latency.p99);
    w.field("count", s.tailCount);
    w.field("listed", s.tail.size());
    w.field("rule", report_fields::kTailRule);
    w.endObject();
    w.key("uncertainty").beginObject();
    w.field("skew_unknown_samples", s.skewUnknownSamples);
    w.field("skew_partial_samples", s.skewPartialSamples);
    w.field("overlap_unknown_samples", s.overlapUnknownSamples);
    w.field("custom_op_samples", s.customOpSamples);
    w.endObject();
    w.key("model").beginObject();
    w.field("tail_hits", s.tailHits);
    w.field("idle_starts", s.idleStarts);
    w.endObject();
    w.endObject();
}

void writeRankings(json::Writer& w, const std::vector<std::string>& names, const std::vector<Distribution>& latencies,
                   const std::vector<PairDecision>& decisions, std::int64_t tolerancePpm)
{
    w.beginObject();
    w.field("tie_tolerance_ppm", tolerancePpm);
    w.field("rule", report_fields::kRankingRule);
    w.key("metrics").beginArray();
    for (int m = 0; m < kRankMetricCount; ++m) {
        w.string(rankMetricName(static_cast<RankMetric>(m)));
    }
    w.endArray();
    w.key("pairs").beginArray();
    for (const PairDecision& p : decisions) {
        w.separateThen("\n").beginObject();
        w.field("a", names[p.first]);
        w.field("b", names[p.second]);
        w.field("metric", rankMetricName(p.metric));
        w.field("a_ns", p.firstValue);
        w.field("b_ns", p.secondValue);
        w.key("faster");
        switch (p.outcome) {
        case PairOutcome::FirstFaster:
            w.string(names[p.first]);
            break;
        case PairOutcome::SecondFaster:
            w.string(names[p.second]);
            break;
        case PairOutcome::Tie:
            w.null();
            break;
        }
        w.field("outcome", p.outcome == PairOutcome::Tie ? "tie" : (p.outcome == PairOutcome::FirstFaster ? "a" : "b"));
        w.endObject();
    }
    w.endArray();
    w.key("order").beginObject();
    for (int m = 0; m < kRankMetricCount; ++m) {
        auto metric = static_cast<RankMetric>(m);
        std::vector<std::size_t> order(names.size());
        for (std::size_t i = 0; i < order.size(); ++i) {
            order[i] = i;
        }
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return rankMetricValue(latencies[a], metric) < rankMetricValue(latencies[b], metric);
        });
        w.key(rankMetricName(metric)).beginArray();
        for (std::size_t i : order) {
            w.string(names[i]);
        }
        w.endArray();
    }
    w.endObject();
    w.endObject();
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
    // The configurations and the sample rows are written as they are replayed, each into its own
    // array; the document below takes both whole (json::Writer::raw).
    std::string configurationsText;
    json::Writer configurations(configurationsText);
    configurations.beginArray();
    std::string rowsText;
    json::Writer rows(rowsText);
    rows.beginArray();
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
                       rows.separateThen("\n").beginObject();
                       rows.field("name", config.name);
                       rows.key("rows").beginArray();
                       appendRows(rowsText, samples, sub); // the elements, see appendRows
                       rows.endArray();
                       rows.endObject();
                   }
                   configurations.separateThen("\n");
                   writeConfiguration(configurations, trace, config.name, summary);
                   names.push_back(config.name);
                   latencies.push_back(summary.latency);
               });
    configurations.endArray();
    rows.endArray();
    const std::vector<PairDecision> decisions = rankConfigurations(latencies, protocol.tieTolerancePpm);

    progress.check(); // assembling and sealing a full report of millions of rows takes seconds
    std::string out;
    out.reserve(configurationsText.size() + rowsText.size() + 8192);
    json::Writer w(out);
    w.beginObject();
    w.field("format", kReportFormat);
    // ---- protocol ----
    w.separateThen("\n").key("protocol").beginObject();
    w.key("model").beginObject();
    w.field("name", kSimulatorModelName);
    w.field("version", kSimulatorVersion);
    w.field("statement", kModelStatement);
    w.endObject();
    w.key("input").beginObject();
    w.field("sha256", inputSha);
    w.field("hash_of", report_fields::kInputHashOf);
    w.field("events", n);
    w.field("timing", timingSemanticsName(trace.timing));
    w.field("skew_known_events", trace.knownSkewCount());
    w.field("skew_partial_events", trace.partialSkewCount());
    w.field("skew_unknown_events", trace.unknownSkewCount());
    w.field("overlap_unknown_events", overlapUnknown);
    w.field("custom_op_events", customOps);
    w.field("unknown_skew_rule", report_fields::kUnknownSkewRule);
    w.endObject();
    w.key("configurations").beginObject();
    w.field("name", set.name);
    w.field("sha256", configSetSha256(set));
    w.key("set").raw(configSetJson(set));
    w.endObject();
    w.field("seed", protocol.seed);
    w.field("iterations", protocol.iterations);
    w.key("ablations").beginArray();
    for (Ablation a : protocol.ablations.list()) {
        w.string(ablationName(a));
    }
    w.endArray();
    w.field("ablations_are", report_fields::kAblationsAre);
    w.field("isolated", protocol.isolated);
    w.field("tie_tolerance_ppm", protocol.tieTolerancePpm);
    w.field("quantiles", report_fields::kQuantileRule);
    w.field("samples", samplesModeName(options.samples));
    if (!options.resourceLimitOverrides.empty()) {
        w.key("resource_limit_overrides").beginArray();
        for (const std::string& o : options.resourceLimitOverrides) {
            w.string(o);
        }
        w.endArray();
    }
    w.endObject();
    // ---- configurations, rankings ----
    w.separateThen("\n").key("configurations").raw(configurationsText);
    w.separateThen("\n").key("rankings");
    writeRankings(w, names, latencies, decisions, protocol.tieTolerancePpm);
    // ---- samples ----
    w.separateThen("\n").key("samples").beginObject();
    w.field("mode", samplesModeName(options.samples));
    w.field("count", totalSamples);
    w.key("fields").beginArray();
    for (std::string_view f : {"event", "iteration", "start_ns", "queue_wait_ns", "rank_wait_ns", "duration_ns",
                               "hidden_ns", "exposed_ns", "completion_ns", "latency_ns", "flags"}) {
        w.string(f);
    }
    w.endArray();
    w.field("flags", report_fields::kFlagBits);
    w.field("encoding", report_fields::kSampleStreamEncoding);
    w.field("sha256", digest.finish());
    if (options.samples == SamplesMode::Full) {
        w.key("configurations").raw(rowsText);
    }
    w.endObject();
    // ---- seal: the SHA-256 of the document as if it ended here ----
    Sha256 sealing;
    constexpr std::size_t kSealPiece = std::size_t{16} << 20;
    for (std::size_t at = 0; at < out.size(); at += kSealPiece) {
        progress.check();
        sealing.update(std::string_view(out).substr(at, kSealPiece));
    }
    sealing.update("}");
    w.separateThen("\n").field("body_sha256", sealing.hexDigest());
    w.endObject();
    w.verbatim("\n");
    progress.report(1.0, "report written");
    return out;
}

} // namespace cc
