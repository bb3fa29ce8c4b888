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

/// Microseconds with nanosecond digits, as Chrome's trace format reads them ("12.345").
std::string microsText(Ns ns)
{
    std::string text;
    appendScaledDecimal(text, ns, kMicrosToNanosScale);
    return text;
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

/// The configuration the timeline draws: the named one, or the report's first.
const BackendConfig& chosenConfiguration(const ReportView& view, const ChromeExportOptions& options)
{
    if (view.configs.configurations.empty()) {
        throw InputError(options.reportName, "the report has no configurations");
    }
    if (options.configuration.empty()) {
        return view.configs.configurations.front();
    }
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
    return *found;
}

/// Every event of the drawn iteration as up to three slices (rank wait, queue wait, collective).
std::vector<Slice> iterationSlices(const PreparedReplay& prepared, const SampleColumns& samples,
                                   std::uint64_t iteration, Progress& progress)
{
    const std::size_t n = samples.eventCount;
    const std::size_t first = static_cast<std::size_t>(iteration) * n;
    std::vector<Slice> slices;
    slices.reserve(n * 3);
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
        if ((event & 0xFFFF) == 0) {
            progress.check();
        }
    }
    return slices;
}

using LaneEnds = std::map<std::pair<std::uint32_t, SliceKind>, std::vector<Ns>>;

/// Lanes: per (resource, kind), slices in time order; each goes to the first lane free at its begin.
/// Sorts the slices into that order and sets each slice's lane.
LaneEnds assignLanes(std::vector<Slice>& slices)
{
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
    LaneEnds laneEnds;
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
    return laneEnds;
}

using TrackIds = std::map<std::tuple<std::uint32_t, int, std::uint32_t>, int>;

/// The metadata events naming each track, in (resource name, kind, lane) order; returns the ids.
TrackIds writeTrackNames(json::Writer& w, const PreparedReplay& prepared, const LaneEnds& laneEnds)
{
    std::vector<std::uint32_t> resourceOrder(prepared.resourceNames.size());
    for (std::uint32_t r = 0; r < resourceOrder.size(); ++r) {
        resourceOrder[r] = r;
    }
    std::sort(resourceOrder.begin(), resourceOrder.end(),
              [&](std::uint32_t a, std::uint32_t b) { return prepared.resourceNames[a] < prepared.resourceNames[b]; });
    TrackIds tid;
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
                w.separateThen("\n").beginObject().field("ph", "M").field("pid", 1).field("tid", id);
                w.field("name", "thread_name").key("args").beginObject().field("name", name).endObject();
                w.endObject();
                w.separateThen("\n").beginObject().field("ph", "M").field("pid", 1).field("tid", id);
                w.field("name", "thread_sort_index").key("args").beginObject().field("sort_index", id).endObject();
                w.endObject();
            }
        }
    }
    return tid;
}

/// The header: what was drawn, from which report and input, under which tail rule; then opens the
/// event list with the process's name.
void writeHeader(json::Writer& w, const BackendConfig& config, const ChromeExportOptions& options,
                 const std::string& inputSha, Ns p99)
{
    w.beginObject().field("displayTimeUnit", "ns");
    w.key("otherData").beginObject();
    w.field("format", "commcanary-workbench chrome-trace export");
    w.field("model", kModelStatement);
    w.field("simulator", std::string(kSimulatorModelName) + " v" + std::string(kSimulatorVersion));
    w.field("configuration", config.name);
    w.field("iteration", options.iteration);
    w.field("report", options.reportName);
    w.field("input_sha256", inputSha);
    w.field("tail_rule", "latency >= the configuration's p99 (" + microsText(p99) + " us)");
    w.endObject();
    w.key("traceEvents").beginArray();
    w.separateThen("\n").beginObject().field("ph", "M").field("pid", 1).field("name", "process_name");
    w.key("args").beginObject().field("name", "simulated timeline: " + config.name + " (model, not hardware)");
    w.endObject().endObject();
}

/// One complete ("X") event: a collective with its timing breakdown, or a wait.
void writeSlice(json::Writer& w, const Slice& slice, const EventSample& s, const Trace& input, int track, bool isTail)
{
    const std::size_t i = slice.event;
    const bool collective = slice.kind == SliceKind::Collective;
    w.separateThen("\n").beginObject().field("ph", "X").field("pid", 1).field("tid", track);
    w.key("ts").raw(microsText(slice.begin));
    w.key("dur").raw(microsText(slice.end - slice.begin));
    if (collective) {
        w.field("name", input.opName(i)).field("cat", "collective");
        if (isTail) {
            w.field("cname", "terrible");
        }
    } else {
        const bool queue = slice.kind == SliceKind::QueueWait;
        w.field("name", queue ? "queue wait" : "rank wait").field("cat", queue ? "queue_wait" : "rank_wait");
    }
    w.key("args").beginObject().field("event", std::uint64_t{i});
    if (!input.id(i).empty()) {
        w.field("id", input.id(i));
    }
    w.field("op", input.opName(i)).field("bytes", input.bytes[i]);
    if (input.group[i] != kNoString) {
        w.field("group", input.str(input.group[i]));
    }
    if (input.phase[i] != kNoString) {
        w.field("phase", input.str(input.phase[i]));
    }
    if (collective) {
        w.field("latency_ns", s.latency).field("rank_wait_ns", s.rankWait).field("queue_wait_ns", s.queueWait);
        w.field("duration_ns", s.duration).field("hidden_ns", s.hidden).field("exposed_ns", s.exposed);
        w.field("tail", isTail);
        const std::string flags = flagsText(s.flags);
        if (!flags.empty()) {
            w.field("flags", flags);
        }
    }
    w.endObject().endObject();
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
    const BackendConfig& config = chosenConfiguration(view, options);
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
    const Ns p99 = summary.latency.p99;
    std::vector<Slice> slices = iterationSlices(prepared, samples, options.iteration, progress);
    const LaneEnds laneEnds = assignLanes(slices);

    std::string out;
    out.reserve(slices.size() * 320 + 4096);
    json::Writer w(out);
    writeHeader(w, config, options, inputSha, p99);
    TrackIds tid = writeTrackNames(w, prepared, laneEnds);
    std::size_t collectives = 0;
    std::size_t tail = 0;
    for (const auto& slice : slices) {
        const EventSample s = samples.at(slice.sample);
        const bool isTail = s.latency >= p99;
        if (slice.kind == SliceKind::Collective) {
            ++collectives;
            tail += isTail ? 1 : 0;
        }
        writeSlice(w, slice, s, input, tid[{slice.resource, static_cast<int>(slice.kind), slice.lane}], isTail);
    }
    w.verbatim("\n").endArray().endObject().verbatim("\n");
    progress.report(1.0, "timeline written");
    if (summaryOut != nullptr) {
        summaryOut->configuration = config.name;
        summaryOut->collectives = collectives;
        summaryOut->waitSlices = slices.size() - collectives;
        summaryOut->tracks = tid.size();
        summaryOut->tailEvents = tail;
    }
    return out;
}

} // namespace cc::interop
