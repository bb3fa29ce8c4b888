#include "core/interop/chrome_export.h"

#include "core/replay/simulator.h"
#include "core/report/report.h"
#include "core/trace/normalized.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"
#include "core/util/json/writer.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace cc::interop {

namespace {

enum class SliceKind : std::uint8_t { Collective = 0, QueueWait = 1, RankWait = 2 };

constexpr std::string_view kKindNames[] = {"collectives", "queue wait", "rank wait"};

struct Slice {
    Ns begin = 0;
    Ns end = 0;
    std::uint32_t event = 0;
    std::size_t sample = 0;
    SliceKind kind = SliceKind::Collective;
    std::uint32_t resource = 0;
    std::uint32_t lane = 0;
};

void appendUs(std::string& out, Ns ns)
{
    appendScaledDecimal(out, ns, kMicrosToNanosScale);
}

std::string flagsText(std::uint8_t flags)
{
    static constexpr std::pair<std::uint8_t, const char*> kNames[] = {
        {kSampleSkewUnknown, "skew_unknown"},
        {kSampleSkewPartial, "skew_partial"},
        {kSampleOverlapUnknown, "overlap_unknown"},
        {kSampleCustomOp, "custom_op"},
        {kSampleTailHit, "tail_noise"},
        {kSampleIdleStart, "idle_start"},
    };
    std::string text;
    for (const auto& [flag, name] : kNames) {
        if (flags & flag) {
            text += (text.empty() ? "" : ",") + std::string(name);
        }
    }
    return text;
}

} // namespace

std::string exportChromeTrace(std::string_view reportBytes, const Trace& input, const ChromeExportOptions& options,
                              Progress& progress, ChromeExportSummary* summaryOut)
{
    const ReportView view = readReportView(reportBytes, options.reportName);
    SubProgress hashing(progress, 0.0, 0.1);
    const std::string inputSha = normalizedSha256(input, hashing);
    if (inputSha != view.inputSha256) {
        throw InputError(options.inputName, "is not the input of report " + options.reportName +
                                                ": its normalised SHA-256 is " + inputSha + ", the report's input is " +
                                                view.inputSha256);
    }
    if (view.configs.configurations.empty()) {
        throw InputError(options.reportName, "the report has no configurations");
    }
    std::size_t which = 0;
    if (!options.configuration.empty()) {
        auto found = std::find_if(view.configs.configurations.begin(), view.configs.configurations.end(),
                                  [&](const BackendConfig& c) { return c.name == options.configuration; });
        if (found == view.configs.configurations.end()) {
            std::string names;
            for (const auto& c : view.configs.configurations) {
                names += (names.empty() ? "" : ", ") + c.name;
            }
            throw InputError(options.reportName,
                             "has no configuration \"" + options.configuration + "\" (it has " + names + ")");
        }
        which = static_cast<std::size_t>(found - view.configs.configurations.begin());
    }
    const BackendConfig& config = view.configs.configurations[which];
    if (options.iteration >= view.protocol.iterations) {
        throw InputError(options.reportName, "iteration " + std::to_string(options.iteration) +
                                                 " does not exist: the report replays " +
                                                 std::to_string(view.protocol.iterations) + " iterations");
    }
    SubProgress preparing(progress, 0.1, 0.3);
    const PreparedReplay prepared = prepareReplay(input, view.protocol, preparing);
    SubProgress simulating(progress, 0.3, 0.7);
    const SampleColumns samples = simulateConfiguration(prepared, config, simulating);
    SubProgress summarising(progress, 0.7, 0.8);
    const ConfigurationSummary summary = summarizeSamples(input, samples, summarising);
    for (const auto& c : view.configurations) {
        if (c.name == config.name && c.latency != summary.latency) {
            throw InputError(options.reportName,
                             "the replay of configuration \"" + config.name +
                                 "\" does not reproduce the report's latency summary: the report was "
                                 "edited or made by another model (run verify-report)");
        }
    }
    // Tail events of the drawn iteration: latency at or above the configuration's p99.
    const std::size_t n = samples.eventCount;
    const std::size_t first = static_cast<std::size_t>(options.iteration) * n;
    std::vector<Slice> slices;
    slices.reserve(n * 3);
    std::size_t tail = 0;
    for (std::size_t event = 0; event < n; ++event) {
        const std::size_t k = first + event;
        const EventSample s = samples.at(k);
        const auto resource = prepared.event(event).resource;
        const auto e = static_cast<std::uint32_t>(event);
        if (s.rankWait > 0) {
            slices.push_back(Slice{s.issue, s.issue + s.rankWait, e, k, SliceKind::RankWait, resource, 0});
        }
        if (s.queueWait > 0) {
            slices.push_back(Slice{s.start - s.queueWait, s.start, e, k, SliceKind::QueueWait, resource, 0});
        }
        slices.push_back(Slice{s.start, s.completion, e, k, SliceKind::Collective, resource, 0});
        tail += s.latency >= summary.latency.p99 ? 1 : 0;
        if ((event & 0xFFFF) == 0) {
            progress.check();
        }
    }
    // Lanes: per (resource, kind), slices in time order; each goes to the first lane free at its begin.
    std::sort(slices.begin(), slices.end(), [](const Slice& a, const Slice& b) {
        if (a.resource != b.resource) {
            return a.resource < b.resource;
        }
        if (a.kind != b.kind) {
            return a.kind < b.kind;
        }
        if (a.begin != b.begin) {
            return a.begin < b.begin;
        }
        return a.event < b.event;
    });
    std::map<std::pair<std::uint32_t, SliceKind>, std::vector<Ns>> laneEnds;
    for (auto& slice : slices) {
        auto& ends = laneEnds[{slice.resource, slice.kind}];
        std::size_t lane = 0;
        while (lane < ends.size() && ends[lane] > slice.begin) {
            ++lane;
        }
        if (lane == ends.size()) {
            ends.push_back(slice.end);
        } else {
            ends[lane] = slice.end;
        }
        slice.lane = static_cast<std::uint32_t>(lane);
    }
    // Track ids in (resource name, kind, lane) order.
    std::vector<std::uint32_t> resourceOrder(prepared.resourceNames.size());
    for (std::uint32_t r = 0; r < resourceOrder.size(); ++r) {
        resourceOrder[r] = r;
    }
    std::sort(resourceOrder.begin(), resourceOrder.end(),
              [&](std::uint32_t a, std::uint32_t b) { return prepared.resourceNames[a] < prepared.resourceNames[b]; });
    std::map<std::tuple<std::uint32_t, int, std::uint32_t>, int> tid;
    std::string out;
    out.reserve(slices.size() * 320 + 4096);
    out +=
        "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"format\":\"commcanary-workbench chrome-trace export\",\"model\":";
    json::appendString(out, kModelStatement);
    out += ",\"simulator\":";
    json::appendString(out, std::string(kSimulatorModelName) + " v" + std::string(kSimulatorVersion));
    out += ",\"configuration\":";
    json::appendString(out, config.name);
    out += ",\"iteration\":";
    json::appendUInt(out, options.iteration);
    out += ",\"report\":";
    json::appendString(out, options.reportName);
    out += ",\"input_sha256\":";
    json::appendString(out, inputSha);
    out += ",\"tail_rule\":\"latency >= the configuration's p99 (";
    appendUs(out, summary.latency.p99);
    out += " us)\"},\"traceEvents\":[\n";
    out += "{\"ph\":\"M\",\"pid\":1,\"name\":\"process_name\",\"args\":{\"name\":";
    json::appendString(out, "simulated timeline: " + config.name + " (model, not hardware)");
    out += "}}";
    int nextTid = 1;
    for (auto r : resourceOrder) {
        for (int kind = 0; kind < 3; ++kind) {
            auto lanes = laneEnds.find({r, static_cast<SliceKind>(kind)});
            if (lanes == laneEnds.end()) {
                continue;
            }
            for (std::uint32_t lane = 0; lane < lanes->second.size(); ++lane) {
                const int id = nextTid++;
                tid[{r, kind, lane}] = id;
                std::string name = prepared.resourceNames[r] + " " + std::string(kKindNames[kind]);
                if (lanes->second.size() > 1) {
                    name += " #" + std::to_string(lane + 1);
                }
                out += ",\n{\"ph\":\"M\",\"pid\":1,\"tid\":" + std::to_string(id) +
                       ",\"name\":\"thread_name\",\"args\":{\"name\":";
                json::appendString(out, name);
                out += "}},\n{\"ph\":\"M\",\"pid\":1,\"tid\":" + std::to_string(id) +
                       ",\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":" + std::to_string(id) + "}}";
            }
        }
    }
    std::size_t collectives = 0;
    std::size_t waits = 0;
    for (const auto& slice : slices) {
        const std::size_t i = slice.event;
        const EventSample s = samples.at(slice.sample);
        const bool isTail = s.latency >= summary.latency.p99;
        out += ",\n{\"ph\":\"X\",\"pid\":1,\"tid\":";
        json::appendInt(out, tid[{slice.resource, static_cast<int>(slice.kind), slice.lane}]);
        out += ",\"ts\":";
        appendUs(out, slice.begin);
        out += ",\"dur\":";
        appendUs(out, slice.end - slice.begin);
        out += ",\"name\":";
        if (slice.kind == SliceKind::Collective) {
            ++collectives;
            json::appendString(out, input.opName(i));
            out += ",\"cat\":\"collective\"";
            if (isTail) {
                out += ",\"cname\":\"terrible\"";
            }
        } else {
            ++waits;
            json::appendString(out, slice.kind == SliceKind::QueueWait ? "queue wait" : "rank wait");
            out += slice.kind == SliceKind::QueueWait ? ",\"cat\":\"queue_wait\"" : ",\"cat\":\"rank_wait\"";
        }
        out += ",\"args\":{\"event\":";
        json::appendUInt(out, i);
        if (!input.id(i).empty()) {
            out += ",\"id\":";
            json::appendString(out, input.id(i));
        }
        out += ",\"op\":";
        json::appendString(out, input.opName(i));
        out += ",\"bytes\":";
        json::appendInt(out, input.bytes[i]);
        if (input.group[i] != kNoString) {
            out += ",\"group\":";
            json::appendString(out, input.str(input.group[i]));
        }
        if (input.phase[i] != kNoString) {
            out += ",\"phase\":";
            json::appendString(out, input.str(input.phase[i]));
        }
        if (slice.kind == SliceKind::Collective) {
            out += ",\"latency_ns\":";
            json::appendInt(out, s.latency);
            out += ",\"rank_wait_ns\":";
            json::appendInt(out, s.rankWait);
            out += ",\"queue_wait_ns\":";
            json::appendInt(out, s.queueWait);
            out += ",\"duration_ns\":";
            json::appendInt(out, s.duration);
            out += ",\"hidden_ns\":";
            json::appendInt(out, s.hidden);
            out += ",\"exposed_ns\":";
            json::appendInt(out, s.exposed);
            out += ",\"tail\":";
            out += isTail ? "true" : "false";
            const std::string flags = flagsText(s.flags);
            if (!flags.empty()) {
                out += ",\"flags\":";
                json::appendString(out, flags);
            }
        }
        out += "}}";
    }
    out += "\n]}\n";
    progress.report(1.0, "timeline written");
    if (summaryOut != nullptr) {
        summaryOut->configuration = config.name;
        summaryOut->collectives = collectives;
        summaryOut->waitSlices = waits;
        summaryOut->tracks = static_cast<std::size_t>(nextTid - 1);
        summaryOut->tailEvents = tail;
    }
    return out;
}

} // namespace cc::interop
