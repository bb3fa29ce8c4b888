// commcanary.trace.v1 writer: canonical order, exact microsecond decimals, unknown fields kept.
#include "core/trace/trace_io.h"

#include "core/util/atomic_file.h"
#include "core/util/decimal.h"
#include "core/util/json/writer.h"

#include <array>
#include <cstring>

namespace cc {

namespace {

/// Where an event's text goes: appended to a string.
class TextOut {
public:
    explicit TextOut(std::string& out) : out_(out) {}
    void put(char c) { out_ += c; }
    void put(std::string_view text) { out_.append(text); }
    void string(std::string_view value) { json::appendString(out_, value); }
    void integer(std::int64_t value) { json::appendInt(out_, value); }
    void scaled(std::int64_t value, int scale) { appendScaledDecimal(out_, value, scale); }

private:
    std::string& out_;
};

/// The same text counted instead of written (traceJsonBytes): each primitive adds the length of
/// what TextOut would append, by the length rules that sit beside the writers it calls.
/// tst_trace_streamed_write checks the two against each other.
class CountOut {
public:
    void put(char /*c*/) { ++bytes_; }
    void put(std::string_view text) { bytes_ += text.size(); }
    void string(std::string_view value) { bytes_ += json::stringLiteralBytes(value); }
    void integer(std::int64_t value) { bytes_ += json::intBytes(value); }
    void scaled(std::int64_t value, int scale) { bytes_ += scaledDecimalBytes(value, scale); }
    std::uint64_t bytes() const { return bytes_; }

private:
    std::uint64_t bytes_ = 0;
};

template <typename Out> class EventWriter {
public:
    explicit EventWriter(Out& out) : out_(out) {}

    void begin()
    {
        out_.put('{');
        first_ = true;
    }
    void end() { out_.put('}'); }

    /// name: one of the format's field names below, which need no escape: spelled with its
    /// separator, quotes and colon in one put.
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
        out_.put(std::string_view(text.data(), size));
    }
    void time(std::string_view name, Ns value)
    {
        if (value == kAbsentNs) {
            return;
        }
        key(name);
        out_.scaled(value, kMicrosToNanosScale);
    }
    void integer(std::string_view name, std::int64_t value, std::int64_t absent)
    {
        if (value == absent) {
            return;
        }
        key(name);
        out_.integer(value);
    }
    void text(std::string_view name, std::string_view value)
    {
        if (value.empty()) {
            return;
        }
        key(name);
        out_.string(value);
    }
    void boolean(std::string_view name, bool value)
    {
        if (!value) {
            return;
        }
        key(name);
        out_.put("true");
    }
    /// Splices the members of a JSON object text ("{...}") into the current object.
    void splice(std::string_view objectJson)
    {
        if (objectJson.size() <= 2) {
            return;
        }
        if (!first_) {
            out_.put(',');
        }
        first_ = false;
        out_.put(objectJson.substr(1, objectJson.size() - 2));
    }

private:
    Out& out_;
    bool first_ = true;
};

/// Event i's text, to out. One description of the event's fields, their order and spelling, for
/// both the writer (TextOut) and the byte count (CountOut).
template <typename Out> void writeEvent(Out& out, const Trace& t, std::size_t i)
{
    EventWriter<Out> w(out);
    w.begin();
    w.time("arrival_skew_us", t.arrivalSkew[i]);
    w.integer("bytes", t.bytes[i], INT64_MIN);
    w.text("channel", t.str(t.channel[i]));
    w.time("compute_before_us", t.computeBefore[i]);
    w.boolean("compute_overlap_unknown", t.has(i, kFlagOverlapUnknown));
    w.time("compute_overlap_us", t.computeOverlap[i]);
    if (t.pressure[i] != kAbsentNs) {
        w.key("compute_pressure");
        out.scaled(t.pressure[i], kFactorScale);
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
        out.put(asArray ? '[' : '{');
        const auto& ranks = t.arrivalRanks(i);
        for (std::size_t k = 0; k < ranks.size(); ++k) {
            if (k > 0) {
                out.put(',');
            }
            if (!asArray) {
                out.put('"');
                out.integer(ranks[k]);
                out.put("\":");
            }
            out.scaled(t.arrivalTime[t.arrivalBegin[i] + k], kMicrosToNanosScale);
        }
        out.put(asArray ? ']' : '}');
    }
    w.integer("rank_count", t.rankCount[i], kNoRank);
    const auto& set = t.rankSets.at(t.rankSet[i]);
    w.key("ranks");
    if (set.asCount) {
        out.integer(static_cast<std::int64_t>(set.ranks.size()));
    } else {
        out.put('[');
        for (std::size_t k = 0; k < set.ranks.size(); ++k) {
            if (k > 0) {
                out.put(',');
            }
            out.integer(set.ranks[k]);
        }
        out.put(']');
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

/// The document up to the events array's '[': the writer's state then stays as it is while the
/// events are appended as text.
void writeHead(json::Writer& w, const Trace& trace)
{
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
}

void writeTail(json::Writer& w)
{
    w.verbatim("\n").endArray().endObject().verbatim("\n");
}

std::string_view separatorBefore(std::size_t event)
{
    return event == 0 ? "\n" : ",\n";
}

template <typename Sink> void writeTrace(const Trace& trace, std::string& out, Sink&& sink)
{
    json::Writer w(out);
    writeHead(w, trace);
    // The events, one per line, stay on the toolkit's primitives (EventWriter): this loop is the
    // writer's whole cost at millions of events (bench_trace measures it).
    TextOut text(out);
    for (std::size_t i = 0; i < trace.size(); ++i) {
        out += separatorBefore(i);
        writeEvent(text, trace, i);
        if (out.size() >= kChunkBytes) {
            sink(out);
        }
    }
    writeTail(w);
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
    // The document around the events as written with none between, and the events counted: the
    // events' text goes between head and tail without the writer's knowledge, so the two add up.
    std::string frame;
    json::Writer w(frame);
    writeHead(w, trace);
    writeTail(w);
    CountOut count;
    for (std::size_t i = 0; i < trace.size(); ++i) {
        count.put(separatorBefore(i));
        writeEvent(count, trace, i);
    }
    return frame.size() + count.bytes();
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
