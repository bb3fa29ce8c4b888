// Measured reports: writer, reader, verification and the noise-aware compare.
#include "core/report/measured_report.h"

#include "core/replay/quantiles.h"
#include "core/report/distribution_json.h"
#include "core/report/json_scan.h"
#include "core/report/report_fields.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/reader.h"
#include "core/util/json/writer.h"
#include "core/util/sha256.h"

#include <algorithm>
#include <array>
#include <map>

namespace cc {

namespace {

using json::childPath;

constexpr std::string_view kMeasuredStatement =
    "These figures were measured on real c10d process groups on the machine described here. They are "
    "measurements, not a model: they cannot be recomputed from the input, only measured again, and they hold for "
    "this machine, its load and these configurations.";

constexpr std::string_view kNoiseRule =
    "per metric, max - min over the repeats of that metric's per-repeat value; compare counts a growth as a "
    "regression only when it exceeds its threshold and the sum of both configurations' noise";

constexpr std::string_view kMeasuredFlagBits = "bit set: 1 skew_unknown (no arrival offset injected), 2 skew_partial, "
                                               "4 overlap_unknown (no overlapping compute stand-in)";

constexpr std::array<std::string_view, 7> kSampleFields{"event",      "repeat",           "issue_ns", "rank_wait_ns",
                                                        "latency_ns", "max_rank_time_ns", "flags"};

/// Per-configuration figures that follow from the samples.
struct Derived {
    Distribution latency;
    Distribution rankWait;
    std::vector<Distribution> perRepeat;
    std::array<Ns, kCompareMetricCount> noise{};
    std::vector<Breakdown> byOp;
    std::map<std::string, std::array<Ns, kCompareMetricCount>> opNoise;
};

Distribution distributionOfVector(std::vector<Ns> values)
{
    return distributionOf(values.data(), values.size());
}

std::array<Ns, kCompareMetricCount> spreadOf(const std::vector<Distribution>& perRepeat)
{
    std::array<Ns, kCompareMetricCount> out{};
    for (int m = 0; m < kCompareMetricCount; ++m) {
        Ns lo = 0;
        Ns hi = 0;
        for (std::size_t r = 0; r < perRepeat.size(); ++r) {
            const Ns v = compareMetricValue(perRepeat[r], static_cast<CompareMetric>(m));
            lo = r == 0 ? v : std::min(lo, v);
            hi = r == 0 ? v : std::max(hi, v);
        }
        out[static_cast<std::size_t>(m)] = hi - lo;
    }
    return out;
}

Derived derive(const std::vector<physical::MeasuredSample>& samples, int repeats,
               const std::vector<std::string>& opNames)
{
    Derived d;
    std::vector<Ns> all;
    std::vector<Ns> waits;
    std::vector<std::vector<Ns>> byRepeat(static_cast<std::size_t>(std::max(0, repeats)));
    std::map<std::string, std::vector<Ns>> byOp;
    std::map<std::string, std::vector<std::vector<Ns>>> byOpRepeat;
    for (const auto& s : samples) {
        all.push_back(s.latency);
        waits.push_back(s.rankWait);
        if (s.repeat < byRepeat.size()) {
            byRepeat[s.repeat].push_back(s.latency);
        }
        const std::string& op = s.event < opNames.size() ? opNames[s.event] : std::string();
        byOp[op].push_back(s.latency);
        auto& perRepeat = byOpRepeat[op];
        perRepeat.resize(byRepeat.size());
        if (s.repeat < perRepeat.size()) {
            perRepeat[s.repeat].push_back(s.latency);
        }
    }
    d.latency = distributionOfVector(all);
    d.rankWait = distributionOfVector(waits);
    for (auto& values : byRepeat) {
        d.perRepeat.push_back(distributionOfVector(values));
    }
    d.noise = spreadOf(d.perRepeat);
    for (auto& [op, values] : byOp) {
        Breakdown b;
        b.name = op;
        b.latency = distributionOfVector(values);
        d.byOp.push_back(b);
        std::vector<Distribution> per;
        for (auto& v : byOpRepeat[op]) {
            per.push_back(distributionOfVector(v));
        }
        d.opNoise[op] = spreadOf(per);
    }
    return d;
}

using report_fields::writeDistribution;

void writeNoise(json::Writer& w, const std::array<Ns, kCompareMetricCount>& noise)
{
    w.beginObject();
    for (int m = 0; m < kCompareMetricCount; ++m) {
        w.field(std::string(compareMetricName(static_cast<CompareMetric>(m))) + "_ns",
                noise[static_cast<std::size_t>(m)]);
    }
    w.endObject();
}

Ns clockLatencyUncertainty(const std::vector<MeasuredClock>& clock)
{
    std::vector<physical::RankTimings> ranks;
    for (const auto& c : clock) {
        physical::RankTimings t;
        t.rank = c.rank;
        t.uncertaintyNs = c.uncertaintyNs;
        ranks.push_back(t);
    }
    return physical::latencyUncertaintyNs(ranks);
}

std::vector<std::string> readStrings(const json::Reader& r, const json::Value& value, const std::string& path)
{
    r.array(value, path);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < value.size(); ++i) {
        out.push_back(r.string(value[i], childPath(path, i)));
    }
    return out;
}

} // namespace

/// The run a measured report was written from, read back from its text.
MeasuredRun readMeasuredRun(std::string_view bytes, const std::string& source)
{
    const json::Reader r(source);
    const json::Value doc = json::parse(bytes, source);
    r.object(doc, "$");
    r.onlyKeys(doc, "$", {"format", "mode", "protocol", "machine", "configurations", "samples", "body_sha256"});
    const std::string format = r.string(r.member(doc, "$", "format"), "$.format");
    if (format != kReportFormat) {
        r.fail("$.format", "must be \"" + std::string(kReportFormat) + "\"");
    }
    const std::string mode = r.string(r.member(doc, "$", "mode"), "$.mode");
    if (mode != kMeasuredMode) {
        r.fail("$.mode", "must be \"measured\" (a simulated report has no mode member)");
    }
    MeasuredRun run;
    const std::string pp = "$.protocol";
    const json::Value& protocol = r.object(r.member(doc, "$", "protocol"), pp);
    const std::string ip = childPath(pp, "input");
    const json::Value& input = r.object(r.member(protocol, pp, "input"), ip);
    run.inputSha256 = r.string(r.member(input, ip, "sha256"), childPath(ip, "sha256"));
    if (!isSha256Hex(run.inputSha256)) {
        r.fail(childPath(ip, "sha256"), "must be 64 lowercase hexadecimal digits");
    }
    run.inputEvents = r.unsignedInteger(r.member(input, ip, "events"), childPath(ip, "events"));
    const std::string skp = childPath(ip, "skew");
    const json::Value& skew = r.object(r.member(input, ip, "skew"), skp);
    run.skewKnown = r.unsignedInteger(r.member(skew, skp, "known"), childPath(skp, "known"));
    run.skewPartial = r.unsignedInteger(r.member(skew, skp, "partial"), childPath(skp, "partial"));
    run.skewUnknown = r.unsignedInteger(r.member(skew, skp, "unknown"), childPath(skp, "unknown"));
    run.worldSize =
        static_cast<int>(r.integer(r.member(protocol, pp, "world_size"), childPath(pp, "world_size"), 1, 1 << 20));
    run.repeats = static_cast<int>(r.integer(r.member(protocol, pp, "repeats"), childPath(pp, "repeats"), 1, 1 << 20));
    run.warmup = static_cast<int>(r.integer(r.member(protocol, pp, "warmup"), childPath(pp, "warmup"), 0, 1 << 20));
    run.skippedOps = readStrings(r, r.member(protocol, pp, "skipped_ops"), childPath(pp, "skipped_ops"));
    run.skippedEvents = r.unsignedInteger(r.member(protocol, pp, "skipped_events"), childPath(pp, "skipped_events"));
    if (const json::Value* compute = r.optional(protocol, pp, "compute_stand_ins")) {
        run.computeStandIns = r.boolean(*compute, childPath(pp, "compute_stand_ins"));
        if (run.computeStandIns) {
            r.fail(childPath(pp, "compute_stand_ins"), "is written only as false (true is the default, left out)");
        }
    }
    run.set = physicalConfigSetFromJson(r.member(protocol, pp, "physical_configurations"), source,
                                        childPath(pp, "physical_configurations"));

    const json::Value& machine = r.object(r.member(doc, "$", "machine"), "$.machine");
    for (const auto& m : machine.members()) {
        run.machine.emplace_back(m.key, r.string(m.value, childPath("$.machine", m.key)));
    }

    const std::string sp = "$.samples";
    const json::Value& samples = r.object(r.member(doc, "$", "samples"), sp);
    run.opNames = readStrings(r, r.member(samples, sp, "event_ops"), childPath(sp, "event_ops"));
    if (run.opNames.size() != run.inputEvents) {
        r.fail(childPath(sp, "event_ops"),
               "must name the op of every input event (" + std::to_string(run.inputEvents) + ")");
    }
    const std::string rowsPath = childPath(sp, "configurations");
    const json::Value& rowsByConfig = r.array(r.member(samples, sp, "configurations"), rowsPath);

    const std::string cp = "$.configurations";
    const json::Value& configs = r.array(r.member(doc, "$", "configurations"), cp);
    if (rowsByConfig.size() != configs.size()) {
        r.fail(rowsPath, "must hold one sample list per configuration (" + std::to_string(configs.size()) + ")");
    }
    for (std::size_t i = 0; i < configs.size(); ++i) {
        const std::string p = childPath(cp, i);
        const json::Value& c = r.object(configs[i], p);
        MeasuredConfiguration mc;
        const std::string name = r.string(r.member(c, p, "name"), childPath(p, "name"));
        const PhysicalConfig* config = run.set.find(name);
        if (config == nullptr) {
            r.fail(childPath(p, "name"), "names no configuration of protocol.physical_configurations");
        }
        mc.config = *config;
        const std::string clp = childPath(p, "clock");
        const json::Value& clock = r.object(r.member(c, p, "clock"), clp);
        const std::string rp = childPath(clp, "ranks");
        const json::Value& ranks = r.array(r.member(clock, clp, "ranks"), rp);
        for (std::size_t k = 0; k < ranks.size(); ++k) {
            const std::string kp = childPath(rp, k);
            const json::Value& rank = r.object(ranks[k], kp);
            MeasuredClock m;
            m.rank = static_cast<int>(r.integer(r.member(rank, kp, "rank"), childPath(kp, "rank"), 0, 1 << 20));
            m.offsetNs =
                r.integer(r.member(rank, kp, "offset_ns"), childPath(kp, "offset_ns"), -kTimeCapNs, kTimeCapNs);
            m.uncertaintyNs =
                r.integer(r.member(rank, kp, "uncertainty_ns"), childPath(kp, "uncertainty_ns"), 0, kTimeCapNs);
            mc.clock.push_back(m);
        }
        const std::string rowsOf = childPath(rowsPath, i);
        const json::Value& rows = r.array(rowsByConfig[i], rowsOf);
        for (std::size_t k = 0; k < rows.size(); ++k) {
            const std::string kp = childPath(rowsOf, k);
            const json::Value& row = r.array(rows[k], kp);
            if (row.size() != kSampleFields.size()) {
                r.fail(kp, "must hold " + std::to_string(kSampleFields.size()) + " fields");
            }
            physical::MeasuredSample s;
            s.event = static_cast<std::uint32_t>(
                r.integer(row[0], childPath(kp, std::size_t{0}), 0, static_cast<std::int64_t>(run.inputEvents) - 1));
            s.repeat = static_cast<std::uint32_t>(r.integer(row[1], childPath(kp, std::size_t{1}), 0, run.repeats - 1));
            s.issue = r.integer(row[2], childPath(kp, std::size_t{2}), -kTimeCapNs, kTimeCapNs);
            s.rankWait = r.integer(row[3], childPath(kp, std::size_t{3}), 0, kTimeCapNs);
            s.latency = r.integer(row[4], childPath(kp, std::size_t{4}), 0, kTimeCapNs);
            s.maxRankTime = r.integer(row[5], childPath(kp, std::size_t{5}), 0, kTimeCapNs);
            s.flags = static_cast<std::uint8_t>(r.integer(row[6], childPath(kp, std::size_t{6}), 0, 255));
            mc.samples.push_back(s);
        }
        run.configurations.push_back(std::move(mc));
    }
    return run;
}

bool isMeasuredReport(std::string_view bytes)
{
    const std::string_view head = bytes.substr(0, 256);
    return head.find("\"mode\":\"measured\"") != std::string_view::npos;
}

std::string buildMeasuredReport(const MeasuredRun& run)
{
    std::string out;
    json::Writer w(out);
    w.beginObject();
    w.field("format", kReportFormat);
    w.field("mode", kMeasuredMode);
    w.verbatim("\n");
    w.key("protocol").beginObject();
    w.field("statement", kMeasuredStatement);
    w.field("latency_rule", physical::kPhysicalLatencyRule);
    w.field("quantile_rule", report_fields::kQuantileRule);
    w.field("noise_rule", kNoiseRule);
    w.key("input").beginObject();
    w.field("sha256_of", report_fields::kInputHashOf);
    w.field("sha256", run.inputSha256);
    w.field("events", run.inputEvents);
    w.key("skew").beginObject();
    w.field("known", run.skewKnown);
    w.field("partial", run.skewPartial);
    w.field("unknown", run.skewUnknown);
    w.endObject();
    w.endObject();
    w.field("world_size", run.worldSize);
    w.field("repeats", run.repeats);
    w.field("warmup", run.warmup);
    w.key("skipped_ops").beginArray();
    for (const auto& op : run.skippedOps) {
        w.string(op);
    }
    w.endArray();
    w.field("skipped_events", run.skippedEvents);
    if (!run.computeStandIns) {
        w.field("compute_stand_ins", false);
    }
    w.field("physical_configurations_sha256", sha256Hex(physicalConfigSetJson(run.set)));
    w.key("physical_configurations").raw(physicalConfigSetJson(run.set));
    w.endObject();
    w.verbatim("\n");
    w.key("machine").beginObject();
    for (const auto& [key, value] : run.machine) {
        w.field(key, value);
    }
    w.endObject();
    w.verbatim("\n");
    w.key("configurations").beginArray();
    for (const auto& mc : run.configurations) {
        const Derived d = derive(mc.samples, run.repeats, run.opNames);
        w.verbatim("\n");
        w.beginObject();
        w.field("name", mc.config.name);
        w.key("environment").beginObject();
        for (const auto& [name, value] : mc.config.environment) {
            w.field(name, value);
        }
        w.endObject();
        w.key("clock").beginObject();
        w.key("ranks").beginArray();
        for (const auto& c : mc.clock) {
            w.beginObject()
                .field("rank", c.rank)
                .field("offset_ns", c.offsetNs)
                .field("uncertainty_ns", c.uncertaintyNs);
            w.endObject();
        }
        w.endArray();
        w.field("latency_uncertainty_ns", clockLatencyUncertainty(mc.clock));
        w.endObject();
        w.key("summary").beginObject();
        writeDistribution(w, d.latency);
        w.endObject();
        w.key("rank_wait").beginObject();
        writeDistribution(w, d.rankWait);
        w.endObject();
        w.key("repeats").beginArray();
        for (const auto& r : d.perRepeat) {
            w.beginObject();
            writeDistribution(w, r);
            w.endObject();
        }
        w.endArray();
        w.key("noise");
        writeNoise(w, d.noise);
        w.key("by_op").beginArray();
        for (const auto& b : d.byOp) {
            w.beginObject();
            w.field("name", b.name);
            writeDistribution(w, b.latency);
            w.key("noise");
            writeNoise(w, d.opNoise.at(b.name));
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }
    w.endArray();
    w.verbatim("\n");
    w.key("samples").beginObject();
    w.key("fields").beginArray();
    for (auto f : kSampleFields) {
        w.string(f);
    }
    w.endArray();
    w.field("flags", kMeasuredFlagBits);
    w.key("event_ops").beginArray();
    for (const auto& op : run.opNames) {
        w.string(op);
    }
    w.endArray();
    w.key("configurations").beginArray();
    for (const auto& mc : run.configurations) {
        w.verbatim("\n");
        w.beginArray();
        for (const auto& s : mc.samples) {
            w.verbatim("\n");
            w.beginArray();
            w.unsignedInteger(s.event).unsignedInteger(s.repeat).integer(s.issue).integer(s.rankWait);
            w.integer(s.latency).integer(s.maxRankTime).unsignedInteger(s.flags);
            w.endArray();
        }
        w.endArray();
    }
    w.endArray();
    w.endObject();
    w.endObject();
    // The seal: the SHA-256 of the document without it, as simulated reports have it.
    const std::string seal = sha256Hex(out);
    out.pop_back();
    out += ",\n\"body_sha256\":";
    json::appendString(out, seal);
    out += "}\n";
    return out;
}

MeasuredView readMeasuredReport(std::string_view bytes, const std::string& sourceName)
{
    const MeasuredRun run = readMeasuredRun(bytes, sourceName);
    MeasuredView view;
    view.source = sourceName;
    view.inputSha256 = run.inputSha256;
    view.inputEvents = run.inputEvents;
    view.worldSize = run.worldSize;
    view.repeats = run.repeats;
    view.skippedOps = run.skippedOps;
    view.sealIntact = reportSealIntact(bytes);
    for (const auto& mc : run.configurations) {
        const Derived d = derive(mc.samples, run.repeats, run.opNames);
        MeasuredView::Configuration c;
        c.name = mc.config.name;
        c.latency = d.latency;
        c.perRepeat = d.perRepeat;
        c.byOp = d.byOp;
        c.opNoise = d.opNoise;
        c.latencyUncertaintyNs = clockLatencyUncertainty(mc.clock);
        view.configurations.push_back(std::move(c));
    }
    return view;
}

ReportVerification verifyMeasuredReport(std::string_view bytes, const std::string& sourceName)
{
    constexpr std::string_view kCannot =
        "a measured report cannot be recomputed from its input (it records real executions): this checked its seal "
        "and that every summary, repeat, noise figure and by_op entry follows from its own samples";
    const MeasuredRun run = readMeasuredRun(bytes, sourceName);
    const std::string rebuilt = buildMeasuredReport(run);
    ReportVerification v;
    if (rebuilt == bytes) {
        v.passed = true;
        v.message = std::string(kCannot) + "; all consistent";
        return v;
    }
    const std::size_t n = std::min(rebuilt.size(), bytes.size());
    std::size_t at = 0;
    while (at < n && rebuilt[at] == bytes[at]) {
        ++at;
    }
    v.path = json_scan::pathAt(bytes, at);
    v.reportValue = json_scan::tokenAt(bytes, at);
    v.replayValue = json_scan::tokenAt(rebuilt, at);
    v.message = "the report differs from what its own samples give at " + v.path + " (report " + v.reportValue +
                ", from the samples " + v.replayValue + ")";
    if (!reportSealIntact(bytes)) {
        v.message += "; its body_sha256 seal does not match either: the report was changed after it was written";
    }
    v.message += "; note: " + std::string(kCannot);
    return v;
}

Ns repeatSpread(const MeasuredView::Configuration& configuration, CompareMetric metric)
{
    return spreadOf(configuration.perRepeat)[static_cast<std::size_t>(metric)];
}

namespace {

ReportView shellView(const MeasuredView& m)
{
    ReportView v;
    v.source = m.source;
    v.simulatorVersion = "measured";
    v.inputSha256 = m.inputSha256;
    v.inputEvents = m.inputEvents;
    v.sealIntact = m.sealIntact;
    for (const auto& c : m.configurations) {
        ReportView::Configuration rc;
        rc.name = c.name;
        rc.latency = c.latency;
        rc.byOp = c.byOp;
        v.configurations.push_back(std::move(rc));
    }
    return v;
}

} // namespace

CompareResult compareMeasuredReports(const MeasuredView& baseline, const MeasuredView& candidate,
                                     const CompareOptions& options)
{
    const std::string both = baseline.source + " vs " + candidate.source;
    std::vector<Diagnostic> reasons;
    if (baseline.worldSize != candidate.worldSize) {
        reasons.push_back(Diagnostic{both,
                                     kNoEvent,
                                     {},
                                     {},
                                     "incomparable reports: world sizes differ (" + std::to_string(baseline.worldSize) +
                                         " vs " + std::to_string(candidate.worldSize) + ")"});
    }
    if (baseline.skippedOps != candidate.skippedOps) {
        reasons.push_back(Diagnostic{both, kNoEvent, {}, {}, "incomparable reports: they skip different operations"});
    }
    if (!reasons.empty()) {
        throw InputError(std::move(reasons));
    }
    CompareResult result = compareReports(shellView(baseline), shellView(candidate), options);
    auto find = [](const MeasuredView& v, const std::string& name) -> const MeasuredView::Configuration& {
        return *std::find_if(v.configurations.begin(), v.configurations.end(),
                             [&](const auto& c) { return c.name == name; });
    };
    result.regression = false;
    for (auto& f : result.findings) {
        if (!f.regression) {
            continue;
        }
        const auto& b = find(baseline, f.baselineConfig);
        const auto& c = find(candidate, f.candidateConfig);
        Ns noise = 0;
        if (f.scope == "overall") {
            noise = repeatSpread(b, f.metric) + repeatSpread(c, f.metric);
        } else {
            const auto bn = b.opNoise.find(f.scopeName);
            const auto cn = c.opNoise.find(f.scopeName);
            const auto m = static_cast<std::size_t>(f.metric);
            noise = (bn != b.opNoise.end() ? bn->second[m] : 0) + (cn != c.opNoise.end() ? cn->second[m] : 0);
        }
        if (f.candidate - f.baseline <= noise) {
            f.regression = false;
            result.notes.push_back(f.baselineConfig + " -> " + f.candidateConfig + ", " + f.scope +
                                   (f.scope == "overall" ? std::string() : " " + f.scopeName) + ": " +
                                   std::string(compareMetricName(f.metric)) + " grew by " +
                                   std::to_string(f.candidate - f.baseline) + " ns, within the noise of the repeats (" +
                                   std::to_string(noise) + " ns)");
        }
        result.regression = result.regression || f.regression;
    }
    return result;
}

std::string compareMeasuredJson(const MeasuredView& baseline, const MeasuredView& candidate,
                                const CompareOptions& options, const CompareResult& result)
{
    std::string text = compareJson(shellView(baseline), shellView(candidate), options, result);
    const std::string formatMember = "\"format\":\"" + std::string(kCompareFormat) + "\"";
    const std::size_t at = text.find(formatMember);
    if (at != std::string::npos) {
        text.insert(at + formatMember.size(), ",\"mode\":\"measured\"");
    }
    return text;
}

} // namespace cc
