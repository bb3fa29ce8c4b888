// commcanary.trace.v1 writer: canonical order, exact microsecond decimals, unknown fields kept.
#include "core/trace/trace_io.h"

#include "core/util/atomic_file.h"
#include "core/util/decimal.h"
#include "core/util/json/writer.h"

#include <array>
#include <cstring>

namespace cc {

namespace {

class EventWriter {
public:
    explicit EventWriter(std::string& out) : out_(out) {}

    void begin()
    {
        out_ += '{';
        first_ = true;
    }
    void end() { out_ += '}'; }

    /// name: one of the format's field names below, which need no escape: spelled with its
    /// separator, quotes and colon in one append.
    void key(std::string_view name)
    {
        std::array<char, 40> text{};
        std::size_t size = 0;
        if (!first_) {
            text[size++] = ',';
        }
        first_ = false;
        text[size++] = '"';
        std::memcpy(text.data() + size, name.data(), name.size());
        size += name.size();
        text[size++] = '"';
        text[size++] = ':';
        out_.append(text.data(), size);
    }
    void time(std::string_view name, Ns value)
    {
        if (value == kAbsentNs) {
            return;
        }
        key(name);
        appendScaledDecimal(out_, value, kMicrosToNanosScale);
    }
    void integer(std::string_view name, std::int64_t value, std::int64_t absent)
    {
        if (value == absent) {
            return;
        }
        key(name);
        json::appendInt(out_, value);
    }
    void text(std::string_view name, std::string_view value)
    {
        if (value.empty()) {
            return;
        }
        key(name);
        json::appendString(out_, value);
    }
    void boolean(std::string_view name, bool value)
    {
        if (!value) {
            return;
        }
        key(name);
        out_ += "true";
    }
    /// Splices the members of a JSON object text ("{...}") into the current object.
    void splice(std::string_view objectJson)
    {
        if (objectJson.size() <= 2) {
            return;
        }
        if (!first_) {
            out_ += ',';
        }
        first_ = false;
        out_.append(objectJson.substr(1, objectJson.size() - 2));
    }

private:
    std::string& out_;
    bool first_ = true;
};

void writeEvent(std::string& out, const Trace& t, std::size_t i)
{
    EventWriter w(out);
    w.begin();
    w.time("arrival_skew_us", t.arrivalSkew[i]);
    w.integer("bytes", t.bytes[i], INT64_MIN);
    w.text("channel", t.str(t.channel[i]));
    w.time("compute_before_us", t.computeBefore[i]);
    w.boolean("compute_overlap_unknown", t.has(i, kFlagOverlapUnknown));
    w.time("compute_overlap_us", t.computeOverlap[i]);
    if (t.pressure[i] != kAbsentNs) {
        w.key("compute_pressure");
        appendScaledDecimal(out, t.pressure[i], kFactorScale);
    }
    w.integer("concurrent_groups", t.concurrentGroups[i], kNoRank);
    w.boolean("custom_op", t.has(i, kFlagCustomOp));
    w.text("dtype", t.str(t.dtype[i]));
    w.time("gap_us", t.gap[i]);
    w.text("group", t.str(t.group[i]));
    w.text("id", t.id(i));
    w.integer("message_sequence", t.messageSequence[i], -1);
    w.time("observed_exposed_us", t.observedExposed[i]);
    w.text("op", t.opName(i));
    w.boolean("partial_rank_arrival", t.has(i, kFlagPartialArrival));
    w.text("phase", t.str(t.phase[i]));
    if (t.has(i, kFlagArrivalsGiven)) {
        w.key("rank_arrival_us");
        const bool asArray = t.has(i, kFlagArrivalsAsArray);
        out += asArray ? '[' : '{';
        for (std::uint32_t k = 0; k < t.arrivalCount[i]; ++k) {
            if (k > 0) {
                out += ',';
            }
            if (!asArray) {
                out += '"';
                json::appendInt(out, t.arrivalRank[t.arrivalBegin[i] + k]);
                out += "\":";
            }
            appendScaledDecimal(out, t.arrivalTime[t.arrivalBegin[i] + k], kMicrosToNanosScale);
        }
        out += asArray ? ']' : '}';
    }
    w.integer("rank_count", t.rankCount[i], kNoRank);
    const auto& set = t.rankSets.at(t.rankSet[i]);
    w.key("ranks");
    if (set.asCount) {
        json::appendInt(out, static_cast<std::int64_t>(set.ranks.size()));
    } else {
        json::appendIntArray(out, set.ranks);
    }
    w.integer("receiver_rank", t.receiverRank[i], kNoRank);
    w.text("reduction_op", t.str(t.reductionOp[i]));
    w.integer("root_rank", t.rootRank[i], kNoRank);
    w.integer("sender_rank", t.senderRank[i], kNoRank);
    w.time("start_us", t.start[i]);
    w.text("tag", t.str(t.tag[i]));
    if (t.extraIndex[i] != kNoString) {
        w.splice(t.extras[t.extraIndex[i]]);
    }
    w.end();
}

} // namespace

namespace {

/// Writes the trace through a buffer of about kChunkBytes that is handed to sink whenever it fills,
/// so a caller can count, hash or store the bytes without holding all of them.
constexpr std::size_t kChunkBytes = std::size_t{1} << 16;

template <typename Sink> void writeTrace(const Trace& trace, std::string& out, Sink&& sink)
{
    json::Writer w(out);
    w.beginObject().field("format", kTraceFormat);
    if (!trace.workloadJson.empty()) {
        w.key("workload").raw(trace.workloadJson);
    }
    if (!trace.systemJson.empty()) {
        w.key("system").raw(trace.systemJson);
    }
    for (const auto& [key, json] : trace.extraTopLevel) {
        w.key(key).raw(json);
    }
    w.key("events").beginArray();
    // The events, one per line, stay on the toolkit's primitives (EventWriter): this loop is the
    // writer's whole cost at millions of events (bench_trace measures it).
    for (std::size_t i = 0; i < trace.size(); ++i) {
        out += i == 0 ? "\n" : ",\n";
        writeEvent(out, trace, i);
        if (out.size() >= kChunkBytes) {
            sink(out);
        }
    }
    w.verbatim("\n").endArray().endObject().verbatim("\n");
    sink(out);
}

} // namespace

std::string writeTraceJson(const Trace& trace)
{
    std::string out;
    out.reserve(trace.size() * 200 + 256);
    writeTrace(trace, out, [](std::string&) {});
    return out;
}

void writeTraceJson(const Trace& trace, const std::function<void(std::string_view)>& sink)
{
    std::string chunk;
    chunk.reserve(kChunkBytes * 2);
    writeTrace(trace, chunk, [&](std::string& out) {
        sink(out);
        out.clear();
    });
}

std::uint64_t traceJsonBytes(const Trace& trace)
{
    std::uint64_t bytes = 0;
    writeTraceJson(trace, [&](std::string_view chunk) { bytes += chunk.size(); });
    return bytes;
}

void writeTraceFile(const Trace& trace, const std::filesystem::path& path, const Progress& progress)
{
    const auto produce = [&trace](const ByteSink& sink) { writeTraceJson(trace, sink); };
    writeFileAtomicStreamed(path, produce, progress);
}

void writeTraceFile(const Trace& trace, const std::filesystem::path& path)
{
    NullProgress none;
    writeTraceFile(trace, path, none);
}

} // namespace cc
