// Chakra execution-trace export and import (chakra.h). Built only when protobuf is found;
// chakra_unavailable.cpp stands in otherwise.
#include "core/interop/chakra.h"

#include "chakra_et.pb.h"

#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/writer.h"
#include "core/util/limits.h"

#include <algorithm>
#include <charconv>
#include <deque>
#include <limits>
#include <optional>
#include <unordered_map>

namespace cc::interop {

namespace {

namespace pb = ChakraProtoMsg;
namespace fs = std::filesystem;

constexpr std::string_view kAttrEvent = "commcanary.event";
constexpr std::string_view kAttrFields = "commcanary.fields";
constexpr std::string_view kAttrDurationNs = "commcanary.duration_ns";
constexpr std::string_view kAttrStartNs = "commcanary.start_ns";
constexpr std::string_view kMetaDocument = "commcanary.document";
constexpr std::string_view kMetaRank = "commcanary.rank";
constexpr std::string_view kMetaEvents = "commcanary.events";
constexpr std::string_view kMetaSkipped = "commcanary.skipped";

/// A length prefix or varint longer than this is refused (a node is far smaller).
constexpr std::uint64_t kMaxMessageBytes = 64ULL << 20;
/// The chain's times stay far from overflow (trace times are below 1e12 us = 1e18 ns).
constexpr Ns kMaxChainNs = 1'000'000'000'000'000'000;
/// One file per rank 0..max: a trace naming a larger rank would mean an unreasonable folder.
constexpr std::int32_t kMaxRankFiles = 65536;

std::optional<pb::CollectiveCommType> collectiveType(OpKind kind)
{
    switch (kind) {
    case OpKind::AllReduce:
        return pb::ALL_REDUCE;
    case OpKind::AllGather:
        return pb::ALL_GATHER;
    case OpKind::ReduceScatter:
        return pb::REDUCE_SCATTER;
    case OpKind::AllToAll:
        return pb::ALL_TO_ALL;
    case OpKind::Broadcast:
        return pb::BROADCAST;
    case OpKind::Reduce:
        return pb::REDUCE;
    case OpKind::Gather:
        return pb::GATHER;
    case OpKind::Scatter:
        return pb::SCATTER;
    case OpKind::Barrier:
        return pb::BARRIER;
    default:
        return std::nullopt;
    }
}

std::optional<OpKind> kindOfCollective(std::int64_t type)
{
    switch (type) {
    case pb::ALL_REDUCE:
        return OpKind::AllReduce;
    case pb::ALL_GATHER:
        return OpKind::AllGather;
    case pb::REDUCE_SCATTER:
        return OpKind::ReduceScatter;
    case pb::ALL_TO_ALL:
        return OpKind::AllToAll;
    case pb::BROADCAST:
        return OpKind::Broadcast;
    case pb::REDUCE:
        return OpKind::Reduce;
    case pb::GATHER:
        return OpKind::Gather;
    case pb::SCATTER:
        return OpKind::Scatter;
    case pb::BARRIER:
        return OpKind::Barrier;
    default:
        return std::nullopt;
    }
}

void appendVarint(std::string& out, std::uint64_t value)
{
    while (value >= 0x80) {
        out += static_cast<char>((value & 0x7f) | 0x80);
        value >>= 7;
    }
    out += static_cast<char>(value);
}

void appendDelimited(std::string& out, const google::protobuf::MessageLite& message)
{
    const std::string body = message.SerializeAsString();
    appendVarint(out, body.size());
    out += body;
}

template <typename Message> void addInt(Message& m, std::string_view name, std::int64_t value)
{
    auto* a = m.add_attr();
    a->set_name(std::string(name));
    a->set_int64_val(value);
}
template <typename Message> void addInt32(Message& m, std::string_view name, std::int32_t value)
{
    auto* a = m.add_attr();
    a->set_name(std::string(name));
    a->set_int32_val(value);
}
template <typename Message> void addBool(Message& m, std::string_view name, bool value)
{
    auto* a = m.add_attr();
    a->set_name(std::string(name));
    a->set_bool_val(value);
}
template <typename Message> void addString(Message& m, std::string_view name, std::string value)
{
    auto* a = m.add_attr();
    a->set_name(std::string(name));
    a->set_string_val(std::move(value));
}

/// Why event i cannot be written as Chakra nodes, or "".
std::string unsupportedReason(const Trace& t, std::size_t i)
{
    const OpKind kind = t.kind[i];
    if (kind == OpKind::Custom) {
        return "a custom operation: Chakra's comm_type has no value for it";
    }
    if (t.bytes[i] <= 0) {
        return "0 bytes: Chakra's comm_size must be positive";
    }
    if (isPointToPoint(kind) && (t.senderRank[i] == kNoRank || t.receiverRank[i] == kNoRank)) {
        return "point-to-point without sender_rank and receiver_rank: Chakra needs comm_src and comm_dst";
    }
    if (isPointToPoint(kind) && t.senderRank[i] == t.receiverRank[i]) {
        return "point-to-point to itself: Chakra's send and recv nodes would sit in one file";
    }
    return {};
}

std::int32_t tagOf(const Trace& t, std::size_t i)
{
    const std::string_view tag = t.str(t.tag[i]);
    std::int32_t value = 0;
    if (!tag.empty()) {
        const auto [end, ec] = std::from_chars(tag.data(), tag.data() + tag.size(), value);
        if (ec == std::errc() && end == tag.data() + tag.size()) {
            return value;
        }
    }
    // A tag that is not a number: the event index keeps each transfer's pair of nodes matched.
    return static_cast<std::int32_t>(i & 0x7fffffffU);
}

struct RankWriter {
    pb::GlobalMetadata meta;
    std::string bytes;
    std::uint64_t nextId = 0;
    std::optional<std::uint64_t> chainTail; ///< the last COMP node of the chain
    Ns lastIssue = 0;
    std::uint64_t comm = 0;
};

pb::Node compNode(RankWriter& w, std::string name, Ns startNs, Ns durationNs)
{
    pb::Node node;
    node.set_id(w.nextId++);
    node.set_name(std::move(name));
    node.set_type(pb::COMP_NODE);
    if (w.chainTail) {
        node.add_ctrl_deps(*w.chainTail);
    }
    node.set_start_time_micros(static_cast<std::uint64_t>(startNs / 1000));
    node.set_duration_micros(static_cast<std::uint64_t>(durationNs / 1000));
    addInt(node, kAttrDurationNs, durationNs);
    addBool(node, "is_cpu_op", false);
    return node;
}

} // namespace

bool chakraAvailable()
{
    return true;
}

std::string chakraUnavailableReason()
{
    return {};
}

std::string chakraFileName(std::int32_t rank)
{
    return "chakra." + std::to_string(rank) + ".et";
}

std::string chakraExportTargetProblem(const fs::path& dir)
{
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(dir, ec);
    if (ec || !fs::exists(status)) {
        return {};
    }
    if (!fs::is_directory(status)) {
        return dir.string() + ": exists and is not a folder; give the folder to write the Chakra traces into";
    }
    std::vector<std::string> foreign;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        const bool regular = it->is_regular_file(ec) && !it->is_symlink(ec);
        const bool rankFile = name.size() > 10 && name.starts_with("chakra.") && name.ends_with(".et") &&
                              name.find_first_not_of("0123456789", 7) == name.size() - 3;
        if (!regular || !rankFile) {
            foreign.push_back(name);
        }
    }
    if (ec) {
        return dir.string() + ": cannot list the folder: " + ec.message();
    }
    if (foreign.empty()) {
        return {};
    }
    const std::string names = someNames(foreign);
    return dir.string() + ": the folder holds files that are not an earlier Chakra export (" + names +
           "); give an empty or new folder";
}

std::map<std::int32_t, std::string> chakraExportBytes(const Trace& trace, const ChakraExportOptions& options,
                                                      ChakraExportPlan* planOut, Progress& progress)
{
    ChakraExportPlan plan;
    const std::string source = options.sourceName.empty() ? trace.sourceName : options.sourceName;
    // Check every event first: nothing is written for a trace Chakra cannot express.
    std::vector<bool> keep(trace.size(), true);
    std::int32_t maxRank = -1;
    for (std::size_t i = 0; i < trace.size(); ++i) {
        if ((i & 0xfff) == 0) {
            progress.check();
        }
        const std::string reason = unsupportedReason(trace, i);
        if (!reason.empty()) {
            if (options.skipOps.count(std::string(trace.opName(i))) == 0) {
                throw InputError(Diagnostic{source, trace.sourceIndex[i], std::string(trace.id(i)), "op",
                                            "Chakra cannot express this event: " + reason +
                                                " (leave such events out with --skip-op " +
                                                std::string(trace.opName(i)) + ")"});
            }
            keep[i] = false;
            plan.skipped.push_back({i, std::string(trace.id(i)), std::string(trace.opName(i)), reason});
            continue;
        }
        for (const std::int32_t r : trace.ranks(i)) {
            maxRank = std::max(maxRank, r);
        }
        maxRank = std::max({maxRank, trace.senderRank[i], trace.receiverRank[i]});
        ++plan.exported;
    }
    if (maxRank >= kMaxRankFiles) {
        throw InputError(source, "rank " + std::to_string(maxRank) +
                                     ": export-chakra writes one file per rank from 0 "
                                     "to the largest, and refuses more than " +
                                     std::to_string(kMaxRankFiles));
    }
    if (maxRank < 0) {
        throw InputError(source, "no event to export: a Chakra trace needs at least one communication event");
    }

    // The events as trace JSON: the fields Chakra has no place for ride along as text.
    const json::Value document = json::parse(writeTraceJson(trace), source);
    json::Value header = json::Value::object();
    const json::Value* eventsValue = nullptr;
    for (const json::Member& m : document.members()) {
        if (m.key == "events") {
            eventsValue = &m.value;
        } else {
            header.set(m.key, m.value);
        }
    }
    const std::string headerText = json::toText(header);

    std::vector<RankWriter> writers(static_cast<std::size_t>(maxRank) + 1);
    for (std::int32_t r = 0; r <= maxRank; ++r) {
        RankWriter& w = writers[static_cast<std::size_t>(r)];
        w.meta.set_version(std::string(kChakraVersion));
        addString(w.meta, "schema", std::string(kChakraSchema));
        addInt(w.meta, kMetaRank, r);
        addInt(w.meta, kMetaEvents, static_cast<std::int64_t>(plan.exported));
        addInt(w.meta, kMetaSkipped, static_cast<std::int64_t>(plan.skipped.size()));
        addString(w.meta, kMetaDocument, headerText);
        appendDelimited(w.bytes, w.meta);
    }

    std::vector<std::int32_t> participants;
    for (std::size_t i = 0; i < trace.size(); ++i) {
        if ((i & 0xfff) == 0) {
            progress.check();
            progress.report(trace.size() == 0 ? 1.0 : static_cast<double>(i) / static_cast<double>(trace.size()),
                            "writing Chakra nodes");
        }
        if (!keep[i]) {
            continue;
        }
        json::Value fields = (*eventsValue)[i];
        std::vector<json::Member>& members = fields.members();
        std::erase_if(members, [](const json::Member& m) {
            return m.key == "bytes" || m.key == "sender_rank" || m.key == "receiver_rank";
        });
        const std::string fieldsText = json::toText(fields);
        const OpKind kind = trace.kind[i];
        const bool p2p = isPointToPoint(kind);
        participants = p2p ? std::vector<std::int32_t>{trace.senderRank[i], trace.receiverRank[i]} : trace.ranks(i);
        std::sort(participants.begin(), participants.end());
        participants.erase(std::unique(participants.begin(), participants.end()), participants.end());
        const Ns issue = trace.issueTime[i];
        const std::string pgName = trace.group[i] != kNoString ? std::string(trace.str(trace.group[i])) : [&] {
            std::string name = "ranks";
            for (const std::int32_t r : trace.ranks(i)) {
                name += (name.size() == 5 ? ":" : ",") + std::to_string(r);
            }
            return name;
        }();
        for (const std::int32_t r : participants) {
            RankWriter& w = writers[static_cast<std::size_t>(r)];
            const Ns interval = issue - w.lastIssue;
            const Ns recordedCompute = trace.computeBefore[i] == kAbsentNs ? 0 : trace.computeBefore[i];
            const Ns compute = std::clamp<Ns>(recordedCompute, 0, std::max<Ns>(interval, 0));
            const Ns idle = interval - compute;
            if (idle > 0) {
                pb::Node node = compNode(w, "idle", w.lastIssue, idle);
                w.chainTail = node.id();
                appendDelimited(w.bytes, node);
            }
            {
                pb::Node node = compNode(w, "compute", issue - compute, compute);
                w.chainTail = node.id();
                appendDelimited(w.bytes, node);
            }
            pb::Node node;
            node.set_id(w.nextId++);
            node.set_name(std::string(trace.opName(i)) +
                          (trace.idLength[i] > 0 ? ":" + std::string(trace.id(i)) : std::string()));
            node.add_ctrl_deps(*w.chainTail);
            node.set_start_time_micros(static_cast<std::uint64_t>(issue / 1000));
            if (p2p) {
                node.set_type(r == trace.senderRank[i] ? pb::COMM_SEND_NODE : pb::COMM_RECV_NODE);
                addInt32(node, "comm_src", trace.senderRank[i]);
                addInt32(node, "comm_dst", trace.receiverRank[i]);
                addInt32(node, "comm_tag", tagOf(trace, i));
            } else {
                node.set_type(pb::COMM_COLL_NODE);
                addInt(node, "comm_type", *collectiveType(kind));
            }
            addInt(node, "comm_size", trace.bytes[i]);
            addString(node, "pg_name", pgName);
            addBool(node, "is_cpu_op", false);
            addInt(node, kAttrEvent, static_cast<std::int64_t>(i));
            addInt(node, kAttrStartNs, issue);
            if (r == participants.front()) {
                // Once per event, in its lowest participant's file: the import needs every file anyway.
                addString(node, kAttrFields, fieldsText);
            }
            appendDelimited(w.bytes, node);
            ++w.comm;
            if (trace.computeOverlap[i] != kAbsentNs && trace.computeOverlap[i] > 0) {
                // Beside the communication node (same dependency), not in the chain: it ran meanwhile.
                appendDelimited(w.bytes, compNode(w, "compute_overlap", issue, trace.computeOverlap[i]));
            }
            w.lastIssue = issue;
        }
    }
    std::map<std::int32_t, std::string> files;
    for (std::int32_t r = 0; r <= maxRank; ++r) {
        RankWriter& w = writers[static_cast<std::size_t>(r)];
        plan.ranks.push_back(r);
        plan.commPerRank.push_back(w.comm);
        plan.nodesPerRank.push_back(w.nextId);
        files.emplace(r, std::move(w.bytes));
    }
    if (planOut != nullptr) {
        *planOut = std::move(plan);
    }
    return files;
}

ChakraExportPlan writeChakraExport(const Trace& trace, const fs::path& dir, const ChakraExportOptions& options,
                                   Progress& progress)
{
    if (const std::string problem = chakraExportTargetProblem(dir); !problem.empty()) {
        throw IoError(problem);
    }
    ChakraExportPlan plan;
    std::map<std::int32_t, std::string> files = chakraExportBytes(trace, options, &plan, progress);
    AtomicFolder folder(dir);
    for (const auto& [rank, bytes] : files) {
        folder.write(chakraFileName(rank), bytes, progress);
    }
    folder.commit(progress);
    return plan;
}

// ---------------------------------------------------------------------------------------------
// Reading

namespace {

struct Reader {
    std::string_view bytes;
    std::size_t at = 0;
    const std::string& file;

    /// Reads a varint; "what" names the message being framed for messages.
    std::uint64_t varint(const std::string& what)
    {
        std::uint64_t value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (at >= bytes.size()) {
                throw InputError(file, what + ": the length prefix (a varint) is truncated at byte " +
                                           std::to_string(at) + " of " + std::to_string(bytes.size()));
            }
            const auto byte = static_cast<unsigned char>(bytes[at++]);
            value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
            if ((byte & 0x80) == 0) {
                return value;
            }
        }
        throw InputError(file,
                         what + ": the length prefix (a varint) is longer than 10 bytes at byte " + std::to_string(at));
    }

    std::string_view message(const std::string& what)
    {
        const std::size_t prefixAt = at;
        const std::uint64_t length = varint(what);
        if (length > kMaxMessageBytes) {
            throw InputError(file, what + ": length " + std::to_string(length) + " at byte " +
                                       std::to_string(prefixAt) + " is over the 64 MiB a message may have");
        }
        if (length > bytes.size() - at) {
            throw InputError(file, what + ": truncated: the length prefix at byte " + std::to_string(prefixAt) +
                                       " says " + std::to_string(length) + " bytes, " +
                                       std::to_string(bytes.size() - at) + " remain");
        }
        const std::string_view body = bytes.substr(at, static_cast<std::size_t>(length));
        at += static_cast<std::size_t>(length);
        return body;
    }
};

std::optional<std::int64_t> intValue(const pb::AttributeProto& a)
{
    switch (a.value_case()) {
    case pb::AttributeProto::kInt32Val:
        return a.int32_val();
    case pb::AttributeProto::kInt64Val:
        return a.int64_val();
    case pb::AttributeProto::kUint64Val:
        if (a.uint64_val() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
            return std::nullopt;
        }
        return static_cast<std::int64_t>(a.uint64_val());
    case pb::AttributeProto::kBoolVal:
        return a.bool_val() ? 1 : 0;
    default:
        return std::nullopt;
    }
}

template <typename Message>
void collectAttrs(const Message& m, std::map<std::string, std::int64_t>& ints,
                  std::map<std::string, std::string>& strings)
{
    for (const auto& a : m.attr()) {
        if (const auto v = intValue(a)) {
            ints[a.name()] = *v;
        } else if (a.value_case() == pb::AttributeProto::kStringVal) {
            strings[a.name()] = a.string_val();
        }
    }
}

std::string nodeLabel(const ChakraNodeView& n)
{
    return "node " + std::to_string(n.id) + (n.name.empty() ? std::string() : " (" + n.name + ")");
}

} // namespace

ChakraFileView parseChakraFile(std::string_view bytes, const std::string& fileName)
{
    ChakraFileView view;
    Reader reader{bytes, 0, fileName};
    if (bytes.empty()) {
        throw InputError(fileName, "empty file: a Chakra trace starts with its GlobalMetadata");
    }
    {
        const std::string_view body = reader.message("GlobalMetadata");
        pb::GlobalMetadata meta;
        if (!meta.ParseFromArray(body.data(), static_cast<int>(body.size()))) {
            throw InputError(fileName, "GlobalMetadata: not a valid protobuf message");
        }
        view.version = meta.version();
        collectAttrs(meta, view.metaInts, view.metaStrings);
    }
    std::unordered_map<std::uint64_t, std::size_t> index;
    // Our files hold a node per 100 bytes or more: a reservation saves the rehashing.
    index.reserve(std::min<std::size_t>(bytes.size() / 100, std::size_t(1) << 22));
    while (reader.at < bytes.size()) {
        const std::string what = "node #" + std::to_string(view.nodes.size()) + " (the " +
                                 std::to_string(view.nodes.size() + 1) + ". after the metadata)";
        const std::string_view body = reader.message(what);
        pb::Node node;
        if (!node.ParseFromArray(body.data(), static_cast<int>(body.size()))) {
            throw InputError(fileName, what + ": not a valid protobuf Node message");
        }
        ChakraNodeView n;
        n.id = node.id();
        n.name = node.name();
        n.type = static_cast<int>(node.type());
        n.ctrlDeps.assign(node.ctrl_deps().begin(), node.ctrl_deps().end());
        n.dataDeps.assign(node.data_deps().begin(), node.data_deps().end());
        n.startMicros = node.start_time_micros();
        n.durationMicros = node.duration_micros();
        collectAttrs(node, n.ints, n.strings);
        if (n.type != pb::COMP_NODE && n.type != pb::COMM_SEND_NODE && n.type != pb::COMM_RECV_NODE &&
            n.type != pb::COMM_COLL_NODE) {
            throw InputError(fileName, nodeLabel(n) + ": node type " + std::to_string(n.type) +
                                           " is not one import-chakra reads (COMP_NODE 4, COMM_SEND_NODE 5, "
                                           "COMM_RECV_NODE 6, COMM_COLL_NODE 7)");
        }
        if (n.type != pb::COMP_NODE) {
            const auto size = n.ints.find("comm_size");
            if (size == n.ints.end()) {
                throw InputError(fileName, nodeLabel(n) + ": a communication node needs comm_size");
            }
            if (size->second <= 0) {
                throw InputError(fileName, nodeLabel(n) + ": comm_size " + std::to_string(size->second) +
                                               " is not a positive number of bytes");
            }
            if (n.type == pb::COMM_COLL_NODE && !n.ints.count("comm_type")) {
                throw InputError(fileName, nodeLabel(n) + ": a COMM_COLL_NODE needs comm_type");
            }
            if (n.type != pb::COMM_COLL_NODE && (!n.ints.count("comm_src") || !n.ints.count("comm_dst"))) {
                throw InputError(fileName, nodeLabel(n) + ": a send or recv node needs comm_src and comm_dst");
            }
        }
        if (!index.emplace(n.id, view.nodes.size()).second) {
            throw InputError(fileName, nodeLabel(n) + ": the node id appears twice in the file");
        }
        view.nodes.push_back(std::move(n));
    }
    // Every dependency names a node of the file, and the graph has no cycle (Kahn's algorithm).
    std::vector<std::uint32_t> pending(view.nodes.size(), 0);
    std::vector<std::vector<std::uint32_t>> dependents(view.nodes.size());
    for (std::size_t k = 0; k < view.nodes.size(); ++k) {
        const ChakraNodeView& n = view.nodes[k];
        for (const auto* deps : {&n.ctrlDeps, &n.dataDeps}) {
            for (const std::uint64_t d : *deps) {
                const auto it = index.find(d);
                if (it == index.end()) {
                    throw InputError(fileName, nodeLabel(n) + ": depends on node " + std::to_string(d) +
                                                   ", which is not in the file");
                }
                ++pending[k];
                dependents[it->second].push_back(static_cast<std::uint32_t>(k));
            }
        }
    }
    std::deque<std::uint32_t> ready;
    for (std::size_t k = 0; k < pending.size(); ++k) {
        if (pending[k] == 0) {
            ready.push_back(static_cast<std::uint32_t>(k));
        }
    }
    std::size_t done = 0;
    while (!ready.empty()) {
        const std::uint32_t k = ready.front();
        ready.pop_front();
        ++done;
        for (const std::uint32_t d : dependents[k]) {
            if (--pending[d] == 0) {
                ready.push_back(d);
            }
        }
    }
    if (done != view.nodes.size()) {
        for (std::size_t k = 0; k < pending.size(); ++k) {
            if (pending[k] != 0) {
                throw InputError(fileName, nodeLabel(view.nodes[k]) +
                                               ": is part of a dependency cycle (or depends on one); a Chakra "
                                               "graph must be acyclic");
            }
        }
    }
    return view;
}

namespace {

struct EventParts {
    std::string fields;
    bool hasFields = false;
    std::int64_t bytes = 0;
    std::int64_t commType = -1; ///< -1 for point-to-point
    std::optional<std::int32_t> src, dst;
    std::vector<std::int32_t> ranks; ///< files holding a node of the event
    std::string firstFile;
    std::string firstNode;
};

std::optional<std::int32_t> rankOfFileName(const std::string& name)
{
    // "<anything>.<rank>.et"
    if (!name.ends_with(".et")) {
        return std::nullopt;
    }
    const std::string stem = name.substr(0, name.size() - 3);
    const std::size_t dot = stem.rfind('.');
    const std::string digits = dot == std::string::npos ? stem : stem.substr(dot + 1);
    std::int32_t rank = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), rank);
    if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size() || rank < 0) {
        return std::nullopt;
    }
    return rank;
}

} // namespace

Trace parseChakraFiles(const std::map<std::string, std::string>& files, const std::string& sourceName,
                       Progress& progress)
{
    if (files.empty()) {
        throw InputError(sourceName,
                         "no .et file: import-chakra reads the chakra.<rank>.et files export-chakra writes");
    }
    std::map<std::int32_t, std::pair<std::string, ChakraFileView>> ranks;
    std::string headerText;
    std::int64_t skipped = 0;
    std::optional<std::int64_t> eventCount;
    for (const auto& [name, bytes] : files) {
        progress.check();
        ChakraFileView view = parseChakraFile(bytes, name);
        std::optional<std::int32_t> rank;
        if (const auto it = view.metaInts.find(std::string(kMetaRank)); it != view.metaInts.end()) {
            if (it->second < 0 || it->second > std::numeric_limits<std::int32_t>::max()) {
                throw InputError(name,
                                 "GlobalMetadata: commcanary.rank " + std::to_string(it->second) + " is not a rank");
            }
            rank = static_cast<std::int32_t>(it->second);
        } else {
            rank = rankOfFileName(name);
        }
        if (!rank) {
            throw InputError(name, "the rank is neither in the metadata (commcanary.rank) nor in the file name "
                                   "(<name>.<rank>.et)");
        }
        const auto doc = view.metaStrings.find(std::string(kMetaDocument));
        if (doc == view.metaStrings.end()) {
            throw InputError(name, "GlobalMetadata: no commcanary.document attribute: import-chakra reads the "
                                   "traces export-chakra writes (other producers' files lack the event fields "
                                   "Chakra has no place for)");
        }
        if (!headerText.empty() && doc->second != headerText) {
            throw InputError(name, "GlobalMetadata: commcanary.document differs from " + ranks.begin()->second.first +
                                       "'s: the files come from different exports");
        }
        headerText = doc->second;
        if (const auto it = view.metaInts.find(std::string(kMetaSkipped)); it != view.metaInts.end()) {
            skipped = it->second;
        }
        if (const auto it = view.metaInts.find(std::string(kMetaEvents)); it != view.metaInts.end()) {
            if (eventCount && *eventCount != it->second) {
                throw InputError(name, "GlobalMetadata: commcanary.events " + std::to_string(it->second) +
                                           " differs from the other files' " + std::to_string(*eventCount));
            }
            eventCount = it->second;
        }
        if (!ranks.emplace(*rank, std::make_pair(name, std::move(view))).second) {
            throw InputError(name, "rank " + std::to_string(*rank) + " is also the rank of " + ranks.at(*rank).first +
                                       ": one file per rank");
        }
    }

    std::map<std::int64_t, EventParts> events;
    for (const auto& [rank, entry] : ranks) {
        const auto& [name, view] = entry;
        for (const ChakraNodeView& n : view.nodes) {
            if (n.type == pb::COMP_NODE) {
                continue;
            }
            const auto eventIt = n.ints.find(std::string(kAttrEvent));
            const auto fieldsIt = n.strings.find(std::string(kAttrFields));
            if (eventIt == n.ints.end()) {
                throw InputError(name, nodeLabel(n) + ": no commcanary.event attribute: import-chakra reads the "
                                                      "traces export-chakra writes");
            }
            EventParts& e = events[eventIt->second];
            const std::int64_t size = n.ints.at("comm_size");
            const std::int64_t type = n.type == pb::COMM_COLL_NODE ? n.ints.at("comm_type") : -1;
            if (n.type == pb::COMM_COLL_NODE && !kindOfCollective(type)) {
                throw InputError(name, nodeLabel(n) + ": comm_type " + std::to_string(type) +
                                           " is not a collective the product models");
            }
            if (e.ranks.empty()) {
                e.bytes = size;
                e.commType = type;
                e.firstFile = name;
                e.firstNode = nodeLabel(n);
            } else if (e.bytes != size || e.commType != type ||
                       (e.hasFields && fieldsIt != n.strings.end() && e.fields != fieldsIt->second)) {
                throw InputError(name, nodeLabel(n) + ": event " + std::to_string(eventIt->second) +
                                           " differs from its node in " + e.firstFile + " (" + e.firstNode +
                                           "): comm_type, comm_size and the event fields must agree");
            }
            if (fieldsIt != n.strings.end() && !e.hasFields) {
                e.fields = fieldsIt->second;
                e.hasFields = true;
            }
            if (n.type != pb::COMM_COLL_NODE) {
                const std::int64_t src = n.ints.at("comm_src");
                const std::int64_t dst = n.ints.at("comm_dst");
                if (src < 0 || dst < 0 || src > std::numeric_limits<std::int32_t>::max() ||
                    dst > std::numeric_limits<std::int32_t>::max()) {
                    throw InputError(name, nodeLabel(n) + ": comm_src/comm_dst is not a rank");
                }
                if ((n.type == pb::COMM_SEND_NODE && src != rank) || (n.type == pb::COMM_RECV_NODE && dst != rank)) {
                    throw InputError(
                        name, nodeLabel(n) + ": a " + std::string(n.type == pb::COMM_SEND_NODE ? "send" : "recv") +
                                  " node of rank " + std::to_string(rank) + " must have comm_" +
                                  (n.type == pb::COMM_SEND_NODE ? "src" : "dst") + " " + std::to_string(rank));
                }
                if ((e.src && *e.src != src) || (e.dst && *e.dst != dst)) {
                    throw InputError(name, nodeLabel(n) + ": comm_src/comm_dst differ from the other side's");
                }
                e.src = static_cast<std::int32_t>(src);
                e.dst = static_cast<std::int32_t>(dst);
            }
            e.ranks.push_back(rank);
        }
    }
    for (const auto& [index, e] : events) {
        if (!e.hasFields) {
            throw InputError(e.firstFile, e.firstNode + ": no node of event " + std::to_string(index) +
                                              " carries commcanary.fields (export-chakra writes them in the file "
                                              "of the event's lowest-ranked participant: is that file missing?)");
        }
    }
    if (eventCount && *eventCount != static_cast<std::int64_t>(events.size())) {
        throw InputError(sourceName, "the metadata says " + std::to_string(*eventCount) + " events, the nodes hold " +
                                         std::to_string(events.size()) + ": a rank file is missing or cut short");
    }

    // Rebuild the trace document and let the trace reader apply every rule of the format.
    json::Value document = json::parse(headerText, sourceName + " (commcanary.document)");
    if (!document.isObject()) {
        throw InputError(sourceName, "commcanary.document is not a JSON object");
    }
    json::Value eventArray = json::Value::array();
    std::vector<std::int64_t> order;
    for (auto& [index, e] : events) {
        progress.check();
        json::Value fields = json::parse(e.fields, e.firstFile + " " + e.firstNode + " (commcanary.fields)");
        if (!fields.isObject()) {
            throw InputError(e.firstFile, e.firstNode + ": commcanary.fields is not a JSON object");
        }
        const json::Value* op = fields.find("op");
        const std::optional<OpKind> kind =
            op != nullptr && op->isString() ? opKindFromName(op->string()) : std::optional<OpKind>();
        const bool p2p = e.commType < 0;
        if (!kind || (p2p != isPointToPoint(*kind)) || (!p2p && kindOfCollective(e.commType) != kind)) {
            throw InputError(e.firstFile, e.firstNode + ": the event's op does not match the node's type and "
                                                        "comm_type");
        }
        if (p2p) {
            if (!e.src || !e.dst || e.ranks.size() != 2) {
                throw InputError(e.firstFile, e.firstNode + ": a point-to-point event needs its send node in the "
                                                            "sender's file and its recv node in the receiver's");
            }
            fields.assign("sender_rank", json::Value(*e.src));
            fields.assign("receiver_rank", json::Value(*e.dst));
        }
        fields.assign("bytes", json::Value(e.bytes));
        eventArray.push(std::move(fields));
        order.push_back(index);
    }
    document.assign("events", std::move(eventArray));
    const std::string text = json::toText(document);
    Trace trace = parseTrace(text, sourceName, progress);

    // Membership: a collective's nodes sit in exactly its members' files.
    for (std::size_t i = 0; i < trace.size(); ++i) {
        const EventParts& e = events.at(order[trace.sourceIndex[i]]);
        if (isPointToPoint(trace.kind[i])) {
            continue;
        }
        std::vector<std::int32_t> members = trace.ranks(i);
        std::sort(members.begin(), members.end());
        std::vector<std::int32_t> holders = e.ranks;
        std::sort(holders.begin(), holders.end());
        if (members != holders) {
            throw InputError(e.firstFile, e.firstNode + ": the event's members and the files holding its nodes "
                                                        "differ (a rank file is missing, or a node is in the wrong "
                                                        "file)");
        }
    }
    // The graph's times: each communication node starts, by its dependency chain, at the event's
    // issue time (only when nothing was skipped: a skipped event's gap went with it).
    if (skipped == 0) {
        std::unordered_map<std::int64_t, std::size_t> canonical;
        canonical.reserve(trace.size());
        for (std::size_t i = 0; i < trace.size(); ++i) {
            canonical.emplace(order[trace.sourceIndex[i]], i);
        }
        for (const auto& [rank, entry] : ranks) {
            const auto& [name, view] = entry;
            std::unordered_map<std::uint64_t, Ns> finish;
            finish.reserve(view.nodes.size());
            // Files written by export-chakra list every node after its dependencies.
            for (const ChakraNodeView& n : view.nodes) {
                Ns start = 0;
                for (const std::uint64_t d : n.ctrlDeps) {
                    const auto f = finish.find(d);
                    if (f == finish.end()) {
                        throw InputError(name, nodeLabel(n) + ": depends on node " + std::to_string(d) +
                                                   ", which comes later in the file");
                    }
                    start = std::max(start, f->second);
                }
                const auto ns = n.ints.find(std::string(kAttrDurationNs));
                const bool microsFit = n.durationMicros <= static_cast<std::uint64_t>(kMaxChainNs / 1000);
                const Ns duration = ns != n.ints.end() ? ns->second
                                    : microsFit        ? static_cast<Ns>(n.durationMicros) * 1000
                                                       : -1;
                if (duration < 0 || duration > kMaxChainNs - start) {
                    throw InputError(name, nodeLabel(n) + ": its duration is negative or ends past " +
                                               std::to_string(kMaxChainNs) + " ns");
                }
                if (n.type == pb::COMP_NODE) {
                    finish[n.id] = start + duration;
                    continue;
                }
                finish[n.id] = start;
                const std::size_t i = canonical.at(n.ints.at(std::string(kAttrEvent)));
                if (start != trace.issueTime[i]) {
                    throw InputError(name, nodeLabel(n) + ": its dependency chain issues it at " +
                                               std::to_string(start) + " ns, the event's own times at " +
                                               std::to_string(trace.issueTime[i]) +
                                               " ns: the COMP nodes and the event fields disagree");
                }
            }
        }
    }
    return trace;
}

Trace readChakraFolder(const fs::path& dir, Progress& progress)
{
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        throw IoError(dir.string() + ": not a folder (import-chakra reads the folder export-chakra wrote)");
    }
    std::map<std::string, std::string> files;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() == ".et" && it->is_regular_file(ec)) {
            const std::string bytes = readFileBounded(it->path(), resourceLimits().maxInputBytes, progress);
            files.emplace(it->path().string(), bytes);
        }
    }
    if (ec) {
        throw IoError(dir.string() + ": cannot list the folder: " + ec.message());
    }
    if (files.empty()) {
        throw InputError(dir.string(), "no .et file in the folder");
    }
    return parseChakraFiles(files, dir.string(), progress);
}

} // namespace cc::interop
