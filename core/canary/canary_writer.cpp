#include "core/canary/canary_writer.h"

#include "core/util/atomic_file.h"
#include "core/util/json/writer.h"

namespace cc {

namespace {

using json::appendInt;
using json::appendString;
using json::appendUInt;

void optionalIndex(std::string& out, std::uint32_t index)
{
    if (index == kNoIndex) {
        out += "null";
    } else {
        appendUInt(out, index);
    }
}

void optionalInt(std::string& out, std::int64_t value, std::int64_t absent)
{
    if (value == absent) {
        out += "null";
    } else {
        appendInt(out, value);
    }
}

/// Only the non-zero fields are written: an absent field is an error bound of exactly 0, the
/// strictest reading, so leaving it out can never hide an approximation (verification re-measures).
void writeErrors(std::string& out, const TimingErrors& errors)
{
    out += '{';
    bool first = true;
    for (std::size_t f = 0; f < kErrorFieldCount; ++f) {
        if (errorField(errors, f) == 0) {
            continue;
        }
        if (!first) {
            out += ',';
        }
        first = false;
        json::appendKey(out, kErrorFieldNames[f]);
        appendInt(out, errorField(errors, f));
    }
    out += '}';
}

/// Only what was declared is written: a cap that is absent was not given (the field is kept as
/// exact as the sample limit allows), and group limits appear only when some were set.
void writeBudget(std::string& out, const TimingBudget& budget)
{
    out += '{';
    bool first = true;
    auto separator = [&] {
        if (!first) {
            out += ',';
        }
        first = false;
    };
    for (const auto& field : kBudgetCapFields) {
        if (const auto& value = budget.*field.cap) {
            separator();
            json::appendKey(out, field.name);
            appendInt(out, *value);
        }
    }
    if (budget.sampleLimit) {
        separator();
        json::appendKey(out, "timing_sample_limit");
        appendUInt(out, *budget.sampleLimit);
    }
    if (!budget.groupSampleLimits.empty()) {
        separator();
        json::appendKey(out, "group_sample_limits");
        out += '{';
        bool firstGroup = true;
        for (const auto& [hash, limit] : budget.groupSampleLimits) {
            if (!firstGroup) {
                out += ',';
            }
            firstGroup = false;
            appendString(out, groupHashHex(hash));
            out += ':';
            appendUInt(out, limit);
        }
        out += '}';
    }
    out += '}';
}

void writeItem(std::string& out, const CanaryItem& item)
{
    if (item.count == 1) {
        appendUInt(out, item.token);
        return;
    }
    out += '[';
    appendUInt(out, item.token);
    out += ',';
    appendUInt(out, item.count);
    out += ']';
}

void writeSegment(std::string& out, const CanarySegment& s)
{
    out += '{';
    json::appendKey(out, "kind");
    appendString(out, segmentKindName(s.kind));
    out += ',';
    json::appendKey(out, "first");
    appendUInt(out, s.first);
    out += ',';
    json::appendKey(out, "events");
    appendUInt(out, s.events);
    if (s.repeats != 1) {
        out += ',';
        json::appendKey(out, "repeats");
        appendUInt(out, s.repeats);
    }
    if (s.tail != 0) {
        out += ',';
        json::appendKey(out, "tail");
        appendUInt(out, s.tail);
    }
    out += ',';
    json::appendKey(out, "body");
    json::appendArray(out, s.body, writeItem);
    out += ',';
    json::appendKey(out, "sha256");
    appendString(out, s.sha256);
    if (s.bounds) {
        out += ',';
        json::appendKey(out, "bounds");
        writeErrors(out, *s.bounds);
    }
    out += '}';
}

void writeTiming(std::string& out, const CanaryTiming& t)
{
    out += '[';
    appendUInt(out, t.layout);
    out += ',';
    appendInt(out, t.gap);
    auto field = [&](std::uint32_t bit, std::int64_t value) {
        if ((t.layout & bit) != 0) {
            out += ',';
            appendInt(out, value);
        }
    };
    field(kLayoutComputeBefore, t.computeBefore);
    field(kLayoutOverlap, t.overlap);
    field(kLayoutPressure, t.pressure);
    field(kLayoutExposed, t.exposed);
    if (layoutStoresSkew(t.layout)) {
        out += ',';
        appendInt(out, t.skew);
    }
    if ((t.layout & kLayoutArrivals) != 0) {
        out += ',';
        appendUInt(out, t.arrivalRanks);
        for (Ns v : t.arrivalTimes) {
            out += ',';
            appendInt(out, v);
        }
    }
    out += ']';
}

void writeSignature(std::string& out, const CanarySignature& s)
{
    out += '[';
    appendUInt(out, s.op);
    out += s.customOp ? ",1," : ",0,";
    appendInt(out, s.bytes);
    out += ',';
    appendUInt(out, s.rankSet);
    for (auto index : {s.group, s.phase, s.dtype, s.tag, s.channel, s.reductionOp}) {
        out += ',';
        optionalIndex(out, index);
    }
    for (auto value : {s.rootRank, s.senderRank, s.receiverRank, s.concurrentGroups}) {
        out += ',';
        optionalInt(out, value, kNoRank);
    }
    out += ',';
    appendString(out, groupHashHex(s.groupHash));
    out += ']';
}

void writeSequences(std::string& out, const std::vector<SequenceEntry>& entries)
{
    json::appendArray(out, entries, [](std::string& o, const SequenceEntry& entry) {
        o += '[';
        appendUInt(o, entry.repeats);
        for (const auto& e : entry.elements) {
            o += ',';
            if (!e.present) {
                o += "null";
            } else {
                o += '[';
                appendInt(o, e.start);
                o += ',';
                appendInt(o, e.step);
                o += ']';
            }
        }
        o += ']';
    });
}

std::string render(const Canary& c)
{
    const auto& h = c.header;
    std::string out;
    out.reserve(4096 + c.segments.size() * 128 + c.timings.size() * 64);
    out += '{';
    json::appendKey(out, "format");
    appendString(out, kCanaryFormat);
    out += ',';
    json::appendKey(out, "source_sha256");
    appendString(out, h.sourceSha256);
    out += ',';
    json::appendKey(out, "source_events");
    appendUInt(out, h.sourceEvents);
    out += ',';
    json::appendKey(out, "source_bytes");
    appendUInt(out, h.sourceBytes);
    out += ',';
    json::appendKey(out, "canary_bytes");
    appendUInt(out, h.canaryBytes);
    out += ',';
    json::appendKey(out, "logical_events");
    appendUInt(out, h.logicalEvents);
    out += ',';
    json::appendKey(out, "stored_events");
    appendUInt(out, h.storedEvents);
    out += ',';
    json::appendKey(out, "coverage");
    appendString(out, coverageName(h.coverage));
    out += ',';
    json::appendKey(out, "timing_mode");
    appendString(out, timingModeName(h.timingMode));
    out += ',';
    json::appendKey(out, "event_compression_ratio");
    out += formatRatioMicros(h.eventRatioMicros);
    out += ',';
    json::appendKey(out, "byte_compression_ratio");
    out += formatRatioMicros(h.byteRatioMicros);
    out += ',';
    json::appendKey(out, "claim");
    appendString(out, claimName(h.claim));
    out += ",\n";
    json::appendKey(out, "claim_limits");
    json::appendStringArray(out, h.claimLimits);
    out += ",\n";
    if (!h.resourceLimitOverrides.empty()) {
        json::appendKey(out, "resource_limit_overrides");
        json::appendStringArray(out, h.resourceLimitOverrides);
        out += ",\n";
    }
    json::appendKey(out, "covered");
    out += '{';
    json::appendKey(out, "first");
    appendUInt(out, h.coveredFirst);
    out += ',';
    json::appendKey(out, "last");
    appendUInt(out, h.coveredLast);
    out += ',';
    json::appendKey(out, "sha256");
    appendString(out, h.coveredSha256);
    out += ',';
    json::appendKey(out, "bytes");
    appendUInt(out, h.coveredBytes);
    if (!h.coveredRuns.empty()) {
        out += ',';
        json::appendKey(out, "runs");
        json::appendArray(out, h.coveredRuns, [](std::string& o, const auto& run) {
            o += '[';
            appendUInt(o, run.first);
            o += ',';
            appendUInt(o, run.events);
            o += ']';
        });
    }
    out += "},\n";
    if (h.budget) {
        json::appendKey(out, "budget");
        writeBudget(out, *h.budget);
        out += ",\n";
    }
    json::appendKey(out, "bounds");
    writeErrors(out, h.bounds);
    out += ",\n";
    json::appendKey(out, "compiler");
    out += '{';
    json::appendKey(out, "name");
    appendString(out, kCanaryCompilerName);
    out += ',';
    json::appendKey(out, "version");
    appendString(out, h.compilerVersion);
    out += ',';
    json::appendKey(out, "source_timing");
    appendString(out, timingSemanticsName(h.sourceTiming));
    out += "},\n";

    json::appendKey(out, "program");
    out += '{';
    json::appendKey(out, "expansion");
    appendString(out, c.timestamped ? "timestamped" : "gapped");
    out += ',';
    json::appendKey(out, "origin_ns");
    appendInt(out, c.originNs);
    out += ",\n";
    json::appendKey(out, "strings");
    json::appendStringArray(out, c.strings);
    out += ",\n";
    json::appendKey(out, "rank_sets");
    json::appendArray(out, c.rankSets, [](std::string& o, const auto& set) { json::appendIntArray(o, set.ranks); });
    out += ",\n";
    json::appendKey(out, "signatures");
    out += '[';
    for (std::size_t k = 0; k < c.signatures.size(); ++k) {
        out += k == 0 ? "\n" : ",\n";
        writeSignature(out, c.signatures[k]);
    }
    out += "],\n";
    json::appendKey(out, "timings");
    out += '[';
    for (std::size_t k = 0; k < c.timings.size(); ++k) {
        out += k == 0 ? "\n" : ",\n";
        writeTiming(out, c.timings[k]);
    }
    out += "],\n";
    json::appendKey(out, "tokens");
    out += '[';
    for (std::size_t k = 0; k < c.tokens.size(); ++k) {
        if (k > 0) {
            out += ',';
        }
        out += '[';
        appendUInt(out, c.tokens[k].signature);
        out += ',';
        appendUInt(out, c.tokens[k].timing);
        out += ']';
    }
    out += "],\n";
    json::appendKey(out, "message_sequences");
    writeSequences(out, c.messageSequences);
    out += ",\n";
    json::appendKey(out, "segments");
    out += '[';
    for (std::size_t k = 0; k < c.segments.size(); ++k) {
        out += k == 0 ? "\n" : ",\n";
        writeSegment(out, c.segments[k]);
    }
    out += "]}}\n";
    return out;
}

} // namespace

std::string groupHashHex(std::uint64_t hash)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text(16, '0');
    for (int k = 15; k >= 0; --k) {
        text[static_cast<std::size_t>(k)] = kHex[hash & 0xf];
        hash >>= 4;
    }
    return text;
}

std::string serializeCanary(Canary& canary)
{
    auto& h = canary.header;
    // The canary states its own size: iterate until the stated size is the actual size. Only the
    // digit counts of canary_bytes and the byte ratio change between rounds, so this settles in a
    // few rounds; if it ever oscillated, the larger size wins and the text is padded to it.
    std::uint64_t guess = h.canaryBytes;
    std::string bytes;
    for (int round = 0; round < 16; ++round) {
        h.canaryBytes = guess;
        h.byteRatioMicros = ratioMicros(h.coveredBytes, guess);
        bytes = render(canary);
        if (bytes.size() == guess) {
            return bytes;
        }
        guess = round < 8 ? bytes.size() : std::max<std::uint64_t>(guess, bytes.size());
    }
    // Oscillation: settle on a size that fits and pad with spaces before the final newline.
    std::uint64_t target = guess;
    for (;;) {
        h.canaryBytes = target;
        h.byteRatioMicros = ratioMicros(h.coveredBytes, target);
        bytes = render(canary);
        if (bytes.size() <= target) {
            bytes.insert(bytes.size() - 1, target - bytes.size(), ' ');
            return bytes;
        }
        target = bytes.size();
    }
}

void writeCanaryFile(Canary& canary, const std::filesystem::path& path)
{
    std::string bytes = serializeCanary(canary);
    writeFileAtomic(path, bytes);
}

} // namespace cc
