#include "core/interop/param_export.h"

#include "core/interop/extras_json.h"
#include "core/trace/normalized.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/json/writer.h"

#include <algorithm>
#include <array>
#include <fstream>
#include <map>
#include <set>

namespace cc::interop {

namespace {

struct EventPlan {
    std::int32_t pg = -1; ///< -1: not exported
    std::int64_t in = 0;
    std::int64_t out = 0;
    std::string_view dtype; ///< PARAM name
    bool defaulted = false;
};

std::string_view paramOpName(OpKind kind)
{
    switch (kind) {
    case OpKind::AllReduce:
        return "all_reduce";
    case OpKind::AllGather:
        return "all_gather";
    case OpKind::ReduceScatter:
        return "reduce_scatter";
    case OpKind::AllToAll:
        return "all_to_all";
    case OpKind::Broadcast:
        return "broadcast";
    case OpKind::Reduce:
        return "reduce";
    case OpKind::Barrier:
        return "barrier";
    case OpKind::Send:
        return "send";
    case OpKind::Recv:
        return "recv";
    default:
        return {};
    }
}

class Planner {
public:
    Planner(const Trace& trace, const ParamExportOptions& options) : t_(trace), options_(options) {}

    ParamExportPlan run(Progress& progress, std::vector<EventPlan>* events)
    {
        ParamExportPlan plan;
        std::set<std::int32_t> world;
        for (std::size_t s = 0; s < t_.rankSets.size(); ++s) {
            const auto& ranks = t_.rankSets.at(static_cast<std::uint32_t>(s)).ranks;
            world.insert(ranks.begin(), ranks.end());
        }
        plan.ranks.assign(world.begin(), world.end());
        plan.groups.push_back(ParamProcessGroup{0, {}, plan.ranks});
        events->assign(t_.size(), EventPlan{});
        // Collectives first declare their groups; point-to-point then uses its named group when a
        // collective declared it (and both endpoints are members), else the world group.
        for (int pass = 0; pass < 2; ++pass) {
            for (std::size_t i = 0; i < t_.size(); ++i) {
                if ((i & 0xFFFF) == 0) {
                    progress.check();
                }
                if (isPointToPoint(t_.kind[i]) != (pass == 1)) {
                    continue;
                }
                std::string why;
                EventPlan e = planEvent(i, plan, &why);
                if (!why.empty()) {
                    if (!options_.skipUnsupported) {
                        Diagnostic d;
                        d.file = options_.sourceName;
                        d.event = t_.sourceIndex[i];
                        d.eventId = std::string(t_.id(i));
                        d.field = "op";
                        d.rule = std::string(t_.opName(i)) + " (logical occurrence " + std::to_string(i) +
                                 ") cannot be exported to PARAM: " + why +
                                 "; the export fails closed (--skip-unsupported leaves such events out and lists them)";
                        throw InputError(std::move(d));
                    }
                    plan.skipped.push_back(ParamSkipped{i, std::string(t_.id(i)), std::string(t_.opName(i)), why});
                    continue;
                }
                (*events)[i] = e;
            }
        }
        std::sort(plan.skipped.begin(), plan.skipped.end(),
                  [](const ParamSkipped& a, const ParamSkipped& b) { return a.event < b.event; });
        plan.entriesPerRank.assign(plan.ranks.size(), 0);
        auto slot = [&](std::int32_t r) {
            return static_cast<std::size_t>(std::lower_bound(plan.ranks.begin(), plan.ranks.end(), r) -
                                            plan.ranks.begin());
        };
        for (std::size_t i = 0; i < t_.size(); ++i) {
            const auto& e = (*events)[i];
            if (e.pg < 0) {
                continue;
            }
            ++plan.exported;
            plan.defaultedDtype += e.defaulted ? 1 : 0;
            if (isPointToPoint(t_.kind[i])) {
                ++plan.entriesPerRank[slot(t_.senderRank[i])];
                ++plan.entriesPerRank[slot(t_.receiverRank[i])];
            } else {
                for (auto r : t_.ranks(i)) {
                    ++plan.entriesPerRank[slot(r)];
                }
            }
        }
        return plan;
    }

private:
    std::int32_t groupFor(ParamExportPlan& plan, const std::string& name, const std::vector<std::int32_t>& ranks)
    {
        if (name.empty() && ranks == plan.ranks) {
            return 0;
        }
        auto key = std::make_pair(name, ranks);
        auto found = groupIds_.find(key);
        if (found != groupIds_.end()) {
            return found->second;
        }
        const auto id = static_cast<std::int32_t>(plan.groups.size());
        plan.groups.push_back(ParamProcessGroup{id, name, ranks});
        groupIds_.emplace(std::move(key), id);
        byName_.emplace(name, id);
        return id;
    }

    EventPlan planEvent(std::size_t i, ParamExportPlan& plan, std::string* why)
    {
        EventPlan e;
        const OpKind kind = t_.kind[i];
        if (t_.has(i, kFlagCustomOp) || kind == OpKind::Custom) {
            *why = "it is a custom operation, which PARAM has no collective for";
            return e;
        }
        if (paramOpName(kind).empty()) {
            *why = std::string(opKindName(kind)) + " is not one of the collectives PARAM's trace replay runs";
            return e;
        }
        const auto& ranks = t_.ranks(i);
        const auto n = static_cast<std::int64_t>(ranks.size());
        if ((kind == OpKind::Broadcast || kind == OpKind::Reduce) && t_.rootRank[i] == kNoRank) {
            *why = "it has no root_rank and PARAM needs the root of a " + std::string(opKindName(kind));
            return e;
        }
        if (kind == OpKind::AllToAll && t_.extraIndex[i] != kNoString &&
            extraValue(t_.extras[t_.extraIndex[i]], "bytes_by_rank")) {
            *why = "it is an uneven all_to_all (bytes differ per rank) and the per-peer splits PARAM needs are not "
                   "recorded";
            return e;
        }
        std::string_view dtype = t_.str(t_.dtype[i]);
        if (kind != OpKind::Barrier) {
            if (dtype.empty()) {
                dtype = options_.defaultDtype;
                e.defaulted = true;
            }
            e.dtype = paramDtypeName(dtype);
            if (e.dtype.empty()) {
                *why = "PARAM has no element type for dtype \"" + std::string(dtype) + "\"";
                return e;
            }
            const std::int64_t size = dtypeSizeBytes(dtype);
            const std::int64_t bytes = t_.bytes[i];
            if (size <= 0 || bytes % size != 0) {
                *why = std::to_string(bytes) + " bytes is not a whole number of " + std::string(dtype) + " elements";
                return e;
            }
            const std::int64_t count = bytes / size;
            e.in = count;
            e.out = count;
            if (kind == OpKind::AllGather || kind == OpKind::ReduceScatter) {
                if (count % n != 0) {
                    *why = std::to_string(count) + " elements do not split evenly over " + std::to_string(n) + " ranks";
                    return e;
                }
                (kind == OpKind::AllGather ? e.in : e.out) = count / n;
            }
        }
        const std::string name(t_.str(t_.group[i]));
        if (isPointToPoint(kind)) {
            e.pg = 0;
            auto named = byName_.find(name);
            if (!name.empty() && named != byName_.end()) {
                const auto& members = plan.groups[static_cast<std::size_t>(named->second)].ranks;
                auto has = [&](std::int32_t r) {
                    return std::find(members.begin(), members.end(), r) != members.end();
                };
                if (has(t_.senderRank[i]) && has(t_.receiverRank[i])) {
                    e.pg = named->second;
                }
            }
        } else {
            e.pg = groupFor(plan, name, ranks);
        }
        return e;
    }

    const Trace& t_;
    const ParamExportOptions& options_;
    std::map<std::pair<std::string, std::vector<std::int32_t>>, std::int32_t> groupIds_;
    std::map<std::string, std::int32_t> byName_;
};

std::vector<EventPlan> planEvents(const Trace& trace, const ParamExportOptions& options, ParamExportPlan* plan,
                                  Progress& progress)
{
    std::vector<EventPlan> events;
    Planner planner(trace, options);
    *plan = planner.run(progress, &events);
    return events;
}

void intArray(json::Writer& w, const std::vector<std::int32_t>& values)
{
    w.beginArray();
    for (const auto v : values) {
        w.integer(v);
    }
    w.endArray();
}

/// A list with one element per line: "[\n{...},\n{...}\n]\n".
std::string rankJson(const Trace& t, const ParamExportPlan& plan, const std::vector<EventPlan>& events,
                     std::int32_t rank)
{
    std::string out;
    out.reserve(256 * 1024);
    json::Writer w(out);
    w.beginArray();
    for (const auto& g : plan.groups) {
        w.separateThen("\n").beginObject().field("comms", "init").field("req", -1).field("pg_id", g.id);
        intArray(w.key("global_ranks"), g.ranks);
        w.field("world_size", static_cast<std::int64_t>(g.ranks.size()));
        if (!g.name.empty()) {
            w.field("pg_desc", g.name);
        }
        w.endObject();
    }
    // Events stay on the toolkit's primitives: through json::Writer this loop cost 2.4x the instructions
    // (docs/performance.md, "Merge and PARAM export").
    bool first = plan.groups.empty();
    for (std::size_t i = 0; i < t.size(); ++i) {
        const EventPlan& e = events[i];
        if (e.pg < 0) {
            continue;
        }
        const OpKind kind = t.kind[i];
        std::string_view comms;
        if (isPointToPoint(kind)) {
            if (rank == t.senderRank[i]) {
                comms = "send";
            } else if (rank == t.receiverRank[i]) {
                comms = "recv";
            } else {
                continue;
            }
        } else {
            const auto& members = t.ranks(i);
            if (std::find(members.begin(), members.end(), rank) == members.end()) {
                continue;
            }
            comms = paramOpName(kind);
        }
        const auto& group = plan.groups[static_cast<std::size_t>(e.pg)];
        out += first ? "\n{\"comms\":" : ",\n{\"comms\":";
        first = false;
        json::appendString(out, comms);
        out += ",\"req\":";
        json::appendUInt(out, i);
        out += ",\"startTime_ns\":";
        json::appendInt(out, t.issueTime[i]);
        out += ",\"world_size\":";
        json::appendInt(out, static_cast<std::int64_t>(group.ranks.size()));
        out += ",\"pg_id\":";
        json::appendInt(out, e.pg);
        out += ",\"global_ranks\":";
        json::appendIntArray(out, group.ranks);
        if (isRooted(kind)) {
            out += ",\"root\":";
            json::appendInt(out, t.rootRank[i]);
        }
        out += ",\"markers\":[";
        const auto phase = t.str(t.phase[i]);
        json::appendString(out, phase.empty() ? t.opName(i) : phase);
        out += ']';
        if (kind != OpKind::Barrier) {
            out += ",\"in_msg_size\":";
            json::appendInt(out, e.in);
            out += ",\"out_msg_size\":";
            json::appendInt(out, e.out);
            out += ",\"dtype\":";
            json::appendString(out, e.dtype);
        }
        if (isPointToPoint(kind)) {
            out += ",\"src_rank\":";
            json::appendInt(out, t.senderRank[i]);
            out += ",\"dst_rank\":";
            json::appendInt(out, t.receiverRank[i]);
            out += ",\"use_batch\":false";
        }
        out += '}';
    }
    w.verbatim("\n").endArray().verbatim("\n");
    return out;
}

std::string manifestJson(const Trace& t, const ParamExportPlan& plan, const ParamExportOptions& options,
                         const std::string& sourceSha256)
{
    std::string out;
    json::Writer w(out);
    w.beginObject().field("format", kParamManifestFormat);
    w.field("target", "PARAM comms trace replay, basic trace format (one JSON list per rank)");
    w.field("source", options.sourceName).field("source_normalized_sha256", sourceSha256);
    w.field("logical_events", static_cast<std::uint64_t>(t.size()));
    w.field("exported_events", plan.exported);
    w.field("start_time", "startTime_ns is the cumulative issue time from the trace origin");
    w.field("default_dtype", options.defaultDtype);
    w.field("events_using_default_dtype", plan.defaultedDtype);
    w.key("process_groups").beginArray();
    for (const auto& g : plan.groups) {
        w.beginObject().field("pg_id", g.id).field("name", g.name);
        intArray(w.key("ranks"), g.ranks);
        w.endObject();
    }
    w.endArray();
    w.key("ranks").beginArray();
    for (std::size_t k = 0; k < plan.ranks.size(); ++k) {
        w.beginObject().field("rank", plan.ranks[k]).field("file", std::to_string(plan.ranks[k]) + ".json");
        w.field("entries", plan.entriesPerRank[k]);
        w.field("init_entries", static_cast<std::uint64_t>(plan.groups.size()));
        w.endObject();
    }
    w.endArray();
    w.field("skip_unsupported", options.skipUnsupported);
    w.key("skipped").beginArray(); // one skipped event per line
    for (const auto& skipped : plan.skipped) {
        w.separateThen("\n").beginObject().field("event", static_cast<std::uint64_t>(skipped.event));
        w.field("id", skipped.id).field("op", skipped.op).field("reason", skipped.reason).endObject();
    }
    if (!plan.skipped.empty()) {
        w.verbatim("\n");
    }
    w.endArray().endObject().verbatim("\n");
    return out;
}

} // namespace

std::string_view paramDtypeName(std::string_view dtype)
{
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 10> kNames{{
        {"float32", "float"},
        {"float16", "half"},
        {"bfloat16", "bfloat16"},
        {"float64", "double"},
        {"int32", "int"},
        {"int64", "long"},
        {"int16", "short"},
        {"int8", "int8"},
        {"uint8", "uint8"},
        {"bool", "bool"},
    }};
    for (const auto& [name, param] : kNames) {
        if (name == dtype) {
            return param;
        }
    }
    return {};
}

ParamExportPlan planParamExport(const Trace& trace, const ParamExportOptions& options, Progress& progress)
{
    ParamExportPlan plan;
    planEvents(trace, options, &plan, progress);
    return plan;
}

std::string paramRankJson(const Trace& trace, const ParamExportPlan& plan, std::int32_t rank,
                          const ParamExportOptions& options)
{
    NullProgress quiet;
    ParamExportPlan again;
    auto events = planEvents(trace, options, &again, quiet);
    return rankJson(trace, plan, events, rank);
}

std::string paramManifestJson(const Trace& trace, const ParamExportPlan& plan, const ParamExportOptions& options,
                              const std::string& sourceSha256)
{
    return manifestJson(trace, plan, options, sourceSha256);
}

ParamExportPlan writeParamExport(const Trace& trace, const std::filesystem::path& dir,
                                 const ParamExportOptions& options, Progress& progress)
{
    ParamExportPlan plan;
    SubProgress planning(progress, 0.0, 0.2);
    auto events = planEvents(trace, options, &plan, planning);
    if (plan.exported == 0) {
        throw InputError(options.sourceName, "nothing to export: no event of the trace can be replayed by PARAM (" +
                                                 std::to_string(plan.skipped.size()) + " skipped)");
    }
    SubProgress hashing(progress, 0.2, 0.3);
    const std::string sha = normalizedSha256(trace, hashing);
    if (const std::string problem = paramExportTargetProblem(dir); !problem.empty()) {
        throw IoError(problem);
    }
    AtomicFolder folder(dir);
    for (std::size_t k = 0; k < plan.ranks.size(); ++k) {
        progress.check();
        progress.report(0.3 + 0.7 * static_cast<double>(k) / static_cast<double>(plan.ranks.size()),
                        "writing rank files");
        folder.write(std::to_string(plan.ranks[k]) + ".json", rankJson(trace, plan, events, plan.ranks[k]), progress);
    }
    folder.write(std::string(kParamManifestName), manifestJson(trace, plan, options, sha), progress);
    // The folder an earlier export left is checked again: it may have changed while this one ran.
    if (const std::string problem = paramExportTargetProblem(dir); !problem.empty()) {
        throw IoError(problem);
    }
    folder.commit(progress);
    progress.report(1.0, "PARAM export written");
    return plan;
}

std::string paramExportTargetProblem(const std::filesystem::path& dir)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(dir, ec);
    if (ec || !fs::exists(status)) {
        return {};
    }
    if (!fs::is_directory(status)) {
        return dir.string() + ": exists and is not a folder; give the folder to write the PARAM export into";
    }
    bool manifest = false;
    std::vector<std::string> foreign;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        const bool regular = it->is_regular_file(ec) && !it->is_symlink(ec);
        if (regular && name == kParamManifestName) {
            // Ours only when it says so in its first bytes (the format key comes first).
            std::string head(256, '\0');
            std::ifstream in(it->path(), std::ios::binary);
            in.read(head.data(), static_cast<std::streamsize>(head.size()));
            head.resize(static_cast<std::size_t>(in.gcount()));
            manifest = head.find(kParamManifestFormat) != std::string::npos;
            if (!manifest) {
                foreign.push_back(name);
            }
            continue;
        }
        const bool rankFile =
            name.size() > 5 && name.ends_with(".json") && name.find_first_not_of("0123456789") == name.size() - 5;
        // ".<rank>.json.<16 hex>.tmp": what an earlier version left of a rank file it was writing.
        const bool legacyTemporary =
            name.size() > 27 && name[0] == '.' && name.ends_with(".tmp") && name.find(".json.") != std::string::npos;
        if (!regular || !(rankFile || legacyTemporary)) {
            foreign.push_back(name);
        }
    }
    if (ec) {
        return dir.string() + ": cannot list the folder: " + ec.message();
    }
    if (foreign.empty() && (manifest || fs::is_empty(dir, ec))) {
        return {};
    }
    const std::string names = someNames(foreign);
    if (foreign.empty()) {
        return dir.string() + ": holds rank files but no " + std::string(kParamManifestName) +
               ", so it is not known to be an earlier export; it is not replaced: choose a new or empty folder, "
               "or remove it first";
    }
    return dir.string() + ": holds files that are not part of a PARAM export (" + names +
           "); it is not replaced, so nothing of it is lost: choose a new or empty folder, or remove them first";
}

} // namespace cc::interop
