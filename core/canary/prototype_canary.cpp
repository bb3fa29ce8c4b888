#include "core/canary/prototype_canary.h"

#include "core/trace/event_keys.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/writer.h"
#include "core/util/limits.h"

#include <limits>

namespace cc {

namespace {

constexpr std::size_t kSniffBytes = 64 * 1024;

/// Template fields a leaf gives every occurrence, copied as their JSON tokens.
constexpr event_keys::Key kTemplateKeys[] = {
    event_keys::kOp,          event_keys::kCustomOp,        event_keys::kDtype,
    event_keys::kBytes,       event_keys::kRanks,           event_keys::kRankCount,
    event_keys::kPhase,       event_keys::kGroup,           event_keys::kConcurrentGroups,
    event_keys::kSender,      event_keys::kReceiver,        event_keys::kRoot,
    event_keys::kReductionOp, event_keys::kMessageSequence, event_keys::kTag,
    event_keys::kChannel,     event_keys::kPartialArrival,
};
/// Timing fields an occurrence takes from its sample, else from the leaf.
constexpr event_keys::Key kTimingKeys[] = {
    event_keys::kGap,      event_keys::kComputeBefore, event_keys::kComputeOverlap,
    event_keys::kPressure, event_keys::kExposed,
};

/// The string value after `"format"` at `at` (the key's opening quote), or "".
std::string tagAt(std::string_view text, std::size_t at)
{
    std::size_t pos = at + 8;
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\n' || text[pos] == '\r' || text[pos] == '\t')) {
        ++pos;
    }
    if (pos >= text.size() || text[pos] != ':') {
        return {};
    }
    const std::size_t open = text.find('"', pos);
    if (open == std::string_view::npos) {
        return {};
    }
    const std::size_t close = text.find('"', open + 1);
    if (close == std::string_view::npos || close - open > 128) {
        return {};
    }
    return std::string(text.substr(open + 1, close - open - 1));
}

class Reader {
public:
    explicit Reader(const std::string& source) : source_(source) {}

    [[noreturn]] void fail(const std::string& path, const std::string& rule) const
    {
        throw InputError(Diagnostic{source_, kNoEvent, {}, path, rule});
    }

    const json::Value& need(const json::Value& object, std::string_view key, const std::string& path) const
    {
        const json::Value* v = object.find(key);
        if (v == nullptr) {
            fail(path + "." + std::string(key), "is required in a commcanary.canary.v2 canary");
        }
        return *v;
    }

    const json::Value& object(const json::Value& v, const std::string& path) const
    {
        if (!v.isObject()) {
            fail(path, "must be an object, not " + std::string(json::kindName(v.kind())));
        }
        return v;
    }

    const std::vector<json::Value>& array(const json::Value& v, const std::string& path) const
    {
        if (!v.isArray()) {
            fail(path, "must be an array, not " + std::string(json::kindName(v.kind())));
        }
        return v.items();
    }

    /// A positive integer (a count, a weight), or def when absent.
    std::uint64_t positive(const json::Value& object, std::string_view key, const std::string& path,
                           std::uint64_t def) const
    {
        const json::Value* v = object.find(key);
        if (v == nullptr) {
            return def;
        }
        const auto n = v->toUInt64();
        if (!n || *n == 0) {
            fail(path + "." + std::string(key), "must be a positive integer");
        }
        return *n;
    }

private:
    const std::string& source_;
};

struct Run {
    const json::Value* sample = nullptr;
    std::uint64_t count = 0;
};

struct Leaf {
    const json::Value* value = nullptr;
    std::string path;
    std::string templateText; ///< `"key":token,...` of the template fields
    std::uint64_t repeat = 0;
    std::vector<Run> runs;
};

struct Item {
    std::uint64_t programRepeats = 1; ///< 1 for a leaf
    std::vector<Leaf> leaves;
};

std::uint64_t checkedMul(std::uint64_t a, std::uint64_t b, const Reader& reader, const std::string& path)
{
    std::uint64_t out = 0;
    if (__builtin_mul_overflow(a, b, &out)) {
        reader.fail(path, "the expansion count overflows 64 bits");
    }
    return out;
}

std::uint64_t checkedAdd(std::uint64_t a, std::uint64_t b, const Reader& reader, const std::string& path)
{
    std::uint64_t out = 0;
    if (__builtin_add_overflow(a, b, &out)) {
        reader.fail(path, "the expansion count overflows 64 bits");
    }
    return out;
}

/// Flattens a leaf's timing samples (patterns included) into runs whose counts add up to repeat.
void flattenSamples(const Reader& reader, Leaf& leaf)
{
    const std::string samplesPath = leaf.path + ".timing_samples";
    const auto& samples = reader.array(reader.need(*leaf.value, "timing_samples", leaf.path), samplesPath);
    if (samples.empty()) {
        reader.fail(samplesPath, "must hold at least one timing record");
    }
    std::uint64_t covered = 0;
    auto add = [&](const json::Value& sample, const std::string& path, std::uint64_t count) {
        covered = checkedAdd(covered, count, reader, path);
        if (covered > leaf.repeat) {
            reader.fail(path, "the timing records cover more than the leaf's repeat (" + std::to_string(leaf.repeat) +
                                  ") occurrences");
        }
        if (!leaf.runs.empty() && leaf.runs.back().sample == &sample) {
            leaf.runs.back().count += count;
        } else {
            leaf.runs.push_back({&sample, count});
        }
    };
    for (std::size_t k = 0; k < samples.size(); ++k) {
        const std::string path = samplesPath + "[" + std::to_string(k) + "]";
        const json::Value& sample = reader.object(samples[k], path);
        if (const json::Value* pattern = sample.find("timing_pattern")) {
            const auto& leaves = reader.array(*pattern, path + ".timing_pattern");
            if (leaves.empty()) {
                reader.fail(path + ".timing_pattern", "must hold at least one timing record");
            }
            const std::uint64_t repeats = reader.positive(sample, "pattern_repeats", path, 1);
            for (std::uint64_t r = 0; r < repeats; ++r) {
                for (std::size_t j = 0; j < leaves.size(); ++j) {
                    const std::string leafPath = path + ".timing_pattern[" + std::to_string(j) + "]";
                    const json::Value& inner = reader.object(leaves[j], leafPath);
                    if (inner.contains("timing_pattern")) {
                        reader.fail(leafPath, "a pattern's records must not hold patterns themselves");
                    }
                    add(inner, leafPath, reader.positive(inner, "weight", leafPath, 1));
                }
            }
            continue;
        }
        add(sample, path, reader.positive(sample, "weight", path, 1));
    }
    if (covered != leaf.repeat) {
        reader.fail(samplesPath, "the timing records' weights add up to " + std::to_string(covered) +
                                     ", the leaf's repeat is " + std::to_string(leaf.repeat));
    }
}

Leaf readLeaf(const Reader& reader, const json::Value& value, std::string path)
{
    Leaf leaf;
    leaf.value = &reader.object(value, path);
    leaf.path = std::move(path);
    if (const json::Value* program = value.find("program"); program != nullptr) {
        reader.fail(leaf.path + ".program", "a motif's events must be leaf events, not nested programs");
    }
    (void)reader.need(value, "op", leaf.path);
    (void)reader.need(value, "bytes", leaf.path);
    (void)reader.need(value, "ranks", leaf.path);
    leaf.repeat = reader.positive(value, "repeat", leaf.path, 0);
    if (leaf.repeat == 0) {
        reader.fail(leaf.path + ".repeat", "is required in a commcanary.canary.v2 canary");
    }
    // Checked before the timing records are walked: a pattern repeated 2^63 times must not run.
    if (leaf.repeat > resourceLimits().maxExpandedEvents) {
        reader.fail(leaf.path + ".repeat", "is more than " + std::to_string(resourceLimits().maxExpandedEvents) +
                                               " logical events (the expanded-events resource limit)");
    }
    for (const event_keys::Key k : kTemplateKeys) {
        const std::string_view key = event_keys::keyName(k);
        if (const json::Value* v = value.find(key)) {
            if (!leaf.templateText.empty()) {
                leaf.templateText += ',';
            }
            json::appendString(leaf.templateText, key);
            leaf.templateText += ':';
            leaf.templateText += json::toText(*v);
        }
    }
    flattenSamples(reader, leaf);
    return leaf;
}

struct Program {
    json::Value document;
    std::vector<Item> items;
    std::uint64_t logical = 0;
    std::uint64_t motifs = 0;
    std::uint64_t leaves = 0;
};

Program readProgram(std::string_view bytes, const std::string& sourceName)
{
    Reader reader(sourceName);
    Program program;
    program.document = json::parse(bytes, sourceName);
    const json::Value& doc = reader.object(program.document, "$");
    const json::Value& format = reader.need(doc, "format", "$");
    if (!format.isString() || format.string() != kPrototypeCanaryFormat) {
        reader.fail("$.format", "must be \"" + std::string(kPrototypeCanaryFormat) + "\"");
    }
    const json::Value& sourceFormat = reader.need(doc, "source_format", "$");
    if (!sourceFormat.isString() || sourceFormat.string() != kTraceFormat) {
        reader.fail("$.source_format", "must be \"" + std::string(kTraceFormat) +
                                           "\": only canaries of traces can be expanded into a trace");
    }
    (void)reader.object(reader.need(doc, "compiler", "$"), "$.compiler");
    const auto& events = reader.array(reader.need(doc, "events", "$"), "$.events");
    for (std::size_t k = 0; k < events.size(); ++k) {
        const std::string path = "$.events[" + std::to_string(k) + "]";
        const json::Value& item = reader.object(events[k], path);
        Item out;
        const json::Value* kind = item.find("program");
        if (kind != nullptr) {
            if (!kind->isString() || kind->string() != "sequence_motif") {
                reader.fail(path + ".program", "must be \"sequence_motif\" (the only program kind v2 has)");
            }
            out.programRepeats = reader.positive(item, "program_repeats", path, 0);
            if (out.programRepeats == 0) {
                reader.fail(path + ".program_repeats", "is required in a sequence motif");
            }
            const auto& leaves = reader.array(reader.need(item, "events", path), path + ".events");
            if (leaves.empty()) {
                reader.fail(path + ".events", "a sequence motif needs at least one event");
            }
            for (std::size_t j = 0; j < leaves.size(); ++j) {
                out.leaves.push_back(readLeaf(reader, leaves[j], path + ".events[" + std::to_string(j) + "]"));
            }
            ++program.motifs;
        } else {
            out.leaves.push_back(readLeaf(reader, item, path));
        }
        std::uint64_t perProgram = 0;
        for (const Leaf& leaf : out.leaves) {
            perProgram = checkedAdd(perProgram, leaf.repeat, reader, path);
        }
        program.leaves += out.leaves.size();
        program.logical =
            checkedAdd(program.logical, checkedMul(perProgram, out.programRepeats, reader, path), reader, path);
        if (program.logical > resourceLimits().maxExpandedEvents) {
            reader.fail(path, "the canary expands to more than " + std::to_string(resourceLimits().maxExpandedEvents) +
                                  " logical events (the expanded-events resource limit)");
        }
        program.items.push_back(std::move(out));
    }
    if (program.logical == 0) {
        reader.fail("$.events", "the canary holds no event");
    }
    return program;
}

void appendMember(std::string& out, std::string_view key, const json::Value& value)
{
    out += ',';
    json::appendString(out, key);
    out += ':';
    out += json::toText(value);
}

} // namespace

std::string topLevelFormatTag(std::string_view bytes)
{
    // The prototype sorts keys, so "format" follows "events": the last "format" key near the end is
    // the top-level one. Our own documents put it first.
    const std::string_view key = "\"format\"";
    const std::size_t tailStart = bytes.size() > kSniffBytes ? bytes.size() - kSniffBytes : 0;
    if (const std::size_t at = bytes.rfind(key); at != std::string_view::npos && at >= tailStart) {
        std::string tag = tagAt(bytes, at);
        if (tag.starts_with("commcanary.")) {
            return tag;
        }
    }
    if (const std::size_t at = bytes.substr(0, kSniffBytes).find(key); at != std::string_view::npos) {
        return tagAt(bytes, at);
    }
    return {};
}

bool looksLikePrototypeCanary(std::string_view bytes)
{
    return topLevelFormatTag(bytes) == kPrototypeCanaryFormat;
}

std::uint64_t prototypeCanaryLogicalEvents(std::string_view bytes, const std::string& sourceName)
{
    return readProgram(bytes, sourceName).logical;
}

Trace expandPrototypeCanary(std::string_view bytes, const std::string& sourceName, Progress& progress)
{
    const Program program = readProgram(bytes, sourceName);
    const json::Value& doc = program.document;

    // The workload keeps the prototype's own description and says what this trace is.
    json::Value workload = json::Value::object();
    if (const json::Value* w = doc.find("workload"); w != nullptr && w->isObject()) {
        workload = *w;
    }
    json::Value note = json::Value::object();
    note.set("format", json::Value(std::string(kPrototypeCanaryFormat)));
    if (const json::Value* sha = doc.find("compiler")->find("source_normalized_sha256"); sha && sha->isString()) {
        note.set("prototype_source_normalized_sha256", *sha);
    }
    note.set("logical_events", json::Value(program.logical));
    note.set("verified", json::Value(false));
    note.set("note", json::Value(std::string(
                         "Expanded from the Python prototype's canary. Its compiler's fidelity and ranking "
                         "statements are the prototype's, not this product's verification: nothing about this "
                         "canary is verified until this product's own verifier has run (compile the source "
                         "trace with commcanary compile and verify that canary).")));
    workload.assign("prototype_canary", std::move(note));

    std::string text;
    text.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(program.logical, 1'000'000)) * 160 + 1024);
    text += "{\"format\":";
    json::appendString(text, kTraceFormat);
    appendMember(text, "workload", workload);
    if (const json::Value* system = doc.find("system"); system != nullptr && system->isObject()) {
        appendMember(text, "system", *system);
    }
    text += ",\"events\":[";
    bool first = true;
    std::uint64_t written = 0;
    for (const Item& item : program.items) {
        for (std::uint64_t rep = 0; rep < item.programRepeats; ++rep) {
            for (const Leaf& leaf : item.leaves) {
                for (const Run& run : leaf.runs) {
                    // One occurrence's text; a run repeats it.
                    std::string occurrence = "{" + leaf.templateText;
                    for (const event_keys::Key k : kTimingKeys) {
                        const std::string_view key = event_keys::keyName(k);
                        const json::Value* v = run.sample->find(key);
                        if (v == nullptr) {
                            v = leaf.value->find(key);
                        }
                        if (v != nullptr) {
                            appendMember(occurrence, key, *v);
                        }
                    }
                    const json::Value* offsets = run.sample->find("arrival_offsets_us");
                    if (offsets == nullptr) {
                        offsets = leaf.value->find("arrival_offsets_us");
                    }
                    if (offsets != nullptr) {
                        appendMember(occurrence, "rank_arrival_us", *offsets);
                    } else if (const json::Value* arrivals = leaf.value->find("rank_arrival_us")) {
                        appendMember(occurrence, "rank_arrival_us", *arrivals);
                    } else {
                        const json::Value* skew = run.sample->find("arrival_skew_us");
                        if (skew == nullptr) {
                            skew = leaf.value->find("arrival_skew_us");
                        }
                        if (skew != nullptr) {
                            appendMember(occurrence, "arrival_skew_us", *skew);
                        }
                    }
                    occurrence += '}';
                    for (std::uint64_t c = 0; c < run.count; ++c) {
                        text += first ? "\n" : ",\n";
                        first = false;
                        text += occurrence;
                        if ((++written & 0xffff) == 0) {
                            progress.check();
                            progress.report(0.5 * static_cast<double>(written) / static_cast<double>(program.logical),
                                            "expanding the prototype's canary");
                        }
                    }
                }
            }
        }
    }
    text += "\n]}\n";
    SubProgress reading(progress, 0.5, 1.0);
    return parseTrace(text, sourceName + " (expanded from commcanary.canary.v2)", reading);
}

std::vector<std::pair<std::string, std::string>> prototypeCanaryFacts(std::string_view bytes,
                                                                      const std::string& sourceName)
{
    const Program program = readProgram(bytes, sourceName);
    const json::Value& compiler = *program.document.find("compiler");
    std::vector<std::pair<std::string, std::string>> facts;
    facts.emplace_back("written by", "the Python prototype (read and expanded here; not this product's canary)");
    auto text = [&](const json::Value* v) {
        if (v == nullptr) {
            return std::string("(absent)");
        }
        return v->isString() ? v->string() : json::toText(*v);
    };
    facts.emplace_back("source events", text(compiler.find("source_events")));
    facts.emplace_back("logical events", std::to_string(program.logical));
    facts.emplace_back("stored items", std::to_string(program.items.size()) + " (" + std::to_string(program.motifs) +
                                           " sequence motifs, " + std::to_string(program.leaves) + " leaf events)");
    facts.emplace_back("timing mode", text(compiler.find("timing_mode")));
    const json::Value* fidelity = compiler.find("fidelity");
    facts.emplace_back("prototype's fidelity mode", text(fidelity != nullptr ? fidelity->find("mode") : nullptr));
    facts.emplace_back("prototype's source sha256", text(compiler.find("source_normalized_sha256")) +
                                                        " (its own normalisation, not this product's)");
    facts.emplace_back("claim", "none: not verified by this product (replay and export accept it; verification "
                                "needs a canary this product compiled)");
    return facts;
}

} // namespace cc
