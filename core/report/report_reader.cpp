// readReportView, reportSealIntact and verifyReport.
#include "core/report/report.h"

#include "core/configs/config_io.h"
#include "core/report/json_scan.h"
#include "core/trace/normalized.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/reader.h"
#include "core/util/limits.h"
#include "core/util/sha256.h"

#include <algorithm>

namespace cc {

namespace {

using json::childPath;

std::string child(const std::string& path, std::string_view key)
{
    return childPath(path, key);
}
std::string child(const std::string& path, std::size_t index)
{
    return childPath(path, index);
}

constexpr std::string_view kSealKey = "\"body_sha256\":\"";

Distribution readDistribution(const json::Reader& r, const json::Value& obj, const std::string& path)
{
    r.object(obj, path);
    Distribution d;
    d.count = r.unsignedInteger(r.member(obj, path, "count"), child(path, "count"));
    constexpr std::int64_t kMax = kTimeCapNs;
    d.median = r.integer(r.member(obj, path, "median_ns"), child(path, "median_ns"), 0, kMax);
    d.p95 = r.integer(r.member(obj, path, "p95_ns"), child(path, "p95_ns"), 0, kMax);
    d.p99 = r.integer(r.member(obj, path, "p99_ns"), child(path, "p99_ns"), 0, kMax);
    d.max = r.integer(r.member(obj, path, "max_ns"), child(path, "max_ns"), 0, kMax);
    d.mean = r.integer(r.member(obj, path, "mean_ns"), child(path, "mean_ns"), 0, kMax);
    return d;
}

std::vector<Breakdown> readBreakdowns(const json::Reader& r, const json::Value& value, const std::string& path)
{
    r.array(value, path);
    std::vector<Breakdown> out;
    for (std::size_t i = 0; i < value.size(); ++i) {
        std::string p = child(path, i);
        const auto& entry = r.object(value[i], p);
        Breakdown b;
        const auto& name = r.member(entry, p, "name");
        if (name.isNull()) {
            b.named = false;
        } else {
            b.name = r.string(name, child(p, "name"));
        }
        b.latency = readDistribution(r, entry, p);
        b.hiddenSharePpm = r.integer(r.member(entry, p, "hidden_share_ppm"), child(p, "hidden_share_ppm"), 0, kPpmOne);
        out.push_back(std::move(b));
    }
    return out;
}

} // namespace

bool reportSealIntact(std::string_view bytes)
{
    std::size_t at = bytes.rfind(kSealKey);
    if (at == std::string_view::npos) {
        return false;
    }
    std::size_t hexBegin = at + kSealKey.size();
    if (hexBegin + 64 + 2 > bytes.size()) {
        return false;
    }
    std::string_view hex = bytes.substr(hexBegin, 64);
    std::string_view tail = bytes.substr(hexBegin + 64);
    if (!isSha256Hex(hex) || !(tail == "\"}" || tail == "\"}\n")) {
        return false;
    }
    std::size_t comma = at;
    while (comma > 0 && (bytes[comma - 1] == ' ' || bytes[comma - 1] == '\n' || bytes[comma - 1] == '\r' ||
                         bytes[comma - 1] == '\t')) {
        --comma;
    }
    if (comma == 0 || bytes[comma - 1] != ',') {
        return false;
    }
    Sha256 sha;
    sha.update(bytes.substr(0, comma - 1));
    sha.update("}");
    return sha.hexDigest() == hex;
}

ReportView readReportView(std::string_view bytes, const std::string& sourceName)
{
    const json::Reader r(sourceName);
    const auto members = json_scan::topLevelMembers(bytes, sourceName);
    const std::vector<std::string_view> expected{"format",   "protocol", "configurations",
                                                 "rankings", "samples",  "body_sha256"};
    auto span = [&](std::string_view name) -> const json_scan::MemberSpan& {
        for (const auto& m : members) {
            if (m.key == name) {
                return m;
            }
        }
        r.fail(child("$", name), "is required in a " + std::string(kReportFormat) + " report but missing");
    };
    auto parseMember = [&](std::string_view name) {
        const auto& m = span(name);
        return json::parseSpan(bytes, m.begin, m.end, sourceName, child("$", name));
    };
    // The format first: a document of another kind is named as such before any detail.
    const json::Value format = parseMember("format");
    if (!format.isString() || format.string() != kReportFormat) {
        r.fail("$.format",
               "must be \"" + std::string(kReportFormat) + "\" (got " +
                   (format.isString() ? "\"" + format.string().substr(0, 64) + "\"" : json::describeValue(format)) +
                   ")");
    }
    for (const auto& m : members) {
        if (m.key == "mode") {
            r.fail("$.mode", "marks a measured report (a physical replay), which cannot be replayed or compared with "
                             "a simulated one; compare it with another measured report");
        }
        if (std::find(expected.begin(), expected.end(), m.key) == expected.end()) {
            r.fail(child("$", m.key), "is not a member of a " + std::string(kReportFormat) + " report");
        }
    }
    ReportView view;
    view.source = sourceName;

    // ---- protocol ----
    const json::Value protocol = parseMember("protocol");
    const std::string pp = "$.protocol";
    r.object(protocol, pp);
    const auto& model = r.object(r.member(protocol, pp, "model"), child(pp, "model"));
    view.simulatorVersion =
        r.string(r.member(model, child(pp, "model"), "version"), child(child(pp, "model"), "version"));
    const std::string ip = child(pp, "input");
    const auto& input = r.object(r.member(protocol, pp, "input"), ip);
    view.inputSha256 = r.string(r.member(input, ip, "sha256"), child(ip, "sha256"));
    if (!isSha256Hex(view.inputSha256)) {
        r.fail(child(ip, "sha256"), "must be 64 lowercase hexadecimal characters");
    }
    view.inputEvents = r.unsignedInteger(r.member(input, ip, "events"), child(ip, "events"));
    const std::string cp = child(pp, "configurations");
    const auto& configs = r.object(r.member(protocol, pp, "configurations"), cp);
    view.configsSha256 = r.string(r.member(configs, cp, "sha256"), child(cp, "sha256"));
    view.configs = configSetFromJson(r.member(configs, cp, "set"), sourceName, child(cp, "set"));
    view.protocol.seed = r.unsignedInteger(r.member(protocol, pp, "seed"), child(pp, "seed"));
    view.protocol.iterations = static_cast<std::uint32_t>(
        r.integer(r.member(protocol, pp, "iterations"), child(pp, "iterations"), 1, kMaxIterations));
    const std::string ap = child(pp, "ablations");
    const auto& ablations = r.array(r.member(protocol, pp, "ablations"), ap);
    for (std::size_t i = 0; i < ablations.size(); ++i) {
        std::string name = r.string(ablations[i], child(ap, i));
        auto a = ablationFromName(name);
        if (!a) {
            r.fail(child(ap, i), "unknown ablation \"" + name + "\"");
        }
        if (view.protocol.ablations.has(*a)) {
            r.fail(child(ap, i), "ablation \"" + name + "\" is listed twice");
        }
        view.protocol.ablations.add(*a);
    }
    view.protocol.isolated = r.boolean(r.member(protocol, pp, "isolated"), child(pp, "isolated"));
    view.protocol.tieTolerancePpm =
        r.integer(r.member(protocol, pp, "tie_tolerance_ppm"), child(pp, "tie_tolerance_ppm"), 0, kPpmOne);
    const std::string samples = r.string(r.member(protocol, pp, "samples"), child(pp, "samples"));
    if (samples == "full") {
        view.samples = SamplesMode::Full;
    } else if (samples == "digest") {
        view.samples = SamplesMode::Digest;
    } else {
        r.fail(child(pp, "samples"), "must be \"full\" or \"digest\" (got \"" + samples + "\")");
    }
    if (const json::Value* overrides = r.optional(protocol, pp, "resource_limit_overrides")) {
        const std::string op = child(pp, "resource_limit_overrides");
        const auto& list = r.array(*overrides, op);
        if (list.size() == 0 || list.size() > 16) {
            r.fail(op, "must list 1 to 16 NAME=VALUE overrides (absent when there is none)");
        }
        ResourceLimits check = ResourceLimits{};
        for (std::size_t i = 0; i < list.size(); ++i) {
            std::string assignment = r.string(list[i], child(op, i));
            if (const std::string problem = applyResourceLimitOverride(check, assignment); !problem.empty()) {
                r.fail(child(op, i), problem);
            }
            view.resourceLimitOverrides.push_back(std::move(assignment));
        }
    }
    validateProtocol(view.protocol, sourceName);

    // ---- configurations ----
    const json::Value list = parseMember("configurations");
    r.array(list, "$.configurations");
    for (std::size_t i = 0; i < list.size(); ++i) {
        std::string p = child("$.configurations", i);
        const auto& entry = r.object(list[i], p);
        ReportView::Configuration c;
        c.name = r.string(r.member(entry, p, "name"), child(p, "name"));
        const auto& summary = r.member(entry, p, "summary");
        c.latency = readDistribution(r, summary, child(p, "summary"));
        c.hiddenSharePpm = r.integer(r.member(summary, child(p, "summary"), "hidden_share_ppm"),
                                     child(child(p, "summary"), "hidden_share_ppm"), 0, kPpmOne);
        c.queueWait = readDistribution(r, r.member(entry, p, "queue_wait"), child(p, "queue_wait"));
        c.byPhase = readBreakdowns(r, r.member(entry, p, "by_phase"), child(p, "by_phase"));
        c.byOp = readBreakdowns(r, r.member(entry, p, "by_op"), child(p, "by_op"));
        view.configurations.push_back(std::move(c));
    }
    view.sealIntact = reportSealIntact(bytes);
    return view;
}

ReportVerification verifyReport(std::string_view reportBytes, const std::string& reportName, const Trace& input,
                                Progress& progress)
{
    ReportView view = readReportView(reportBytes, reportName);
    ReportVerification result;
    auto fail = [&](std::string path, std::string reportValue, std::string replayValue, std::string why) {
        result.passed = false;
        result.path = std::move(path);
        result.reportValue = std::move(reportValue);
        result.replayValue = std::move(replayValue);
        result.message = std::move(why);
        if (!view.sealIntact) {
            result.message += "; its body_sha256 seal does not match either: the report was changed after it was "
                              "written";
        }
        return result;
    };
    if (view.simulatorVersion != kSimulatorVersion) {
        return fail("$.protocol.model.version", view.simulatorVersion, std::string(kSimulatorVersion),
                    "the report was made by simulator version " + view.simulatorVersion +
                        ", this build replays version " + std::string(kSimulatorVersion) +
                        "; replay it again to compare");
    }
    SubProgress hashing(progress, 0.0, 0.05);
    const std::string inputSha = normalizedSha256(input, hashing);
    if (inputSha != view.inputSha256) {
        return fail("$.protocol.input.sha256", view.inputSha256, inputSha,
                    "the input is not the one this report was made from: protocol.input.sha256 is " + view.inputSha256 +
                        ", the given input hashes to " + inputSha);
    }
    SubProgress replaying(progress, 0.05, 1.0);
    ReportOptions options;
    options.samples = view.samples;
    options.inputSha256 = inputSha;
    options.resourceLimitOverrides = view.resourceLimitOverrides;
    const std::string rebuilt = buildReport(input, view.configs, view.protocol, options, replaying);
    if (rebuilt == reportBytes) {
        result.passed = true;
        result.message = "the replay reproduces the report bit for bit (" + std::to_string(view.configurations.size()) +
                         " configurations, " + std::to_string(view.inputEvents) + " events, " +
                         std::to_string(view.protocol.iterations) + " iteration(s), samples " +
                         std::string(samplesModeName(view.samples)) + ")";
        return result;
    }
    const auto mismatch = std::mismatch(reportBytes.begin(), reportBytes.end(), rebuilt.begin(), rebuilt.end());
    const std::size_t offset = static_cast<std::size_t>(mismatch.first - reportBytes.begin());
    const std::string path = json_scan::pathAt(reportBytes, offset);
    const std::string reportValue = json_scan::tokenAt(reportBytes, offset);
    const std::string replayValue = json_scan::tokenAt(rebuilt, offset);
    return fail(path, reportValue, replayValue,
                "first difference at " + path + " (byte " + std::to_string(offset) + "): the report has " +
                    reportValue + ", the replay gives " + replayValue);
}

} // namespace cc
