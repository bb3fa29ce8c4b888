// commcanary.trace.v1 reader: on-demand JSON iteration (core/util/json/ondemand.h), numbers converted
// exactly from their text.
#include "core/trace/trace_io.h"

#include "core/trace/event_keys.h"
#include "core/trace/trace_builder.h"
#include "core/util/atomic_file.h"
#include "core/util/decimal.h"
#include "core/util/fresh_memory.h"
#include "core/util/json/array_scan.h"
#include "core/util/json/ondemand.h"
#include "core/util/json/parser.h"
#include "core/util/json/reader.h"
#include "core/util/json/writer.h"
#include "core/util/limits.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <utility>

namespace cc {

namespace od = json::ondemand;

namespace {

constexpr Ns kMaxTimeNs = 1'000'000'000'000'000LL; // the format's 1e12 us ceiling

using namespace event_keys;

/// Key lookup by (length, first letter): one comparison per key, two for the one pair that share both.
class KeyTable {
public:
    KeyTable()
    {
        for (auto& slot : slots_) {
            slot = {-1, -1};
        }
        for (int i = 0; i < kKeyCount; ++i) {
            auto& slot = slots_[slotOf(kKeyNames[static_cast<std::size_t>(i)])];
            slot[slot[0] < 0 ? 0 : 1] = static_cast<std::int8_t>(i);
        }
    }

    int find(std::string_view key) const
    {
        if (key.empty() || key.size() >= kMaxLength) {
            return -1;
        }
        for (const std::int8_t candidate : slots_[slotOf(key)]) {
            if (candidate >= 0 && sameText(kKeyNames[static_cast<std::size_t>(candidate)], key)) {
                return candidate;
            }
        }
        return -1;
    }

private:
    static constexpr std::size_t kMaxLength = 32;
    /// Equality of two short texts, inline (std::string_view's == calls memcmp for a few bytes):
    /// eight bytes at a time, the last eight overlapping, every load inside both texts.
    static bool sameText(std::string_view a, std::string_view b)
    {
        const std::size_t n = a.size();
        if (n != b.size()) {
            return false;
        }
        auto load8 = [](const char* p) {
            std::uint64_t word = 0;
            std::memcpy(&word, p, sizeof word);
            return word;
        };
        auto load4 = [](const char* p) {
            std::uint32_t word = 0;
            std::memcpy(&word, p, sizeof word);
            return word;
        };
        if (n >= 8) {
            for (std::size_t i = 0; i + 8 < n; i += 8) {
                if (load8(a.data() + i) != load8(b.data() + i)) {
                    return false;
                }
            }
            return load8(a.data() + n - 8) == load8(b.data() + n - 8);
        }
        if (n >= 4) {
            return load4(a.data()) == load4(b.data()) && load4(a.data() + n - 4) == load4(b.data() + n - 4);
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (a[i] != b[i]) {
                return false;
            }
        }
        return true;
    }
    static std::size_t slotOf(std::string_view key)
    {
        return key.size() * 32 + (static_cast<unsigned char>(key.front()) & 31U);
    }
    std::array<std::array<std::int8_t, 2>, kMaxLength * 32> slots_{};
};

int keyIndex(std::string_view key)
{
    static const KeyTable table;
    return table.find(key);
}

/// The key of an object member. A key without escapes is its raw text (the document's first pass
/// has checked that it closes); only one with escapes is unescaped.
od::Error keyOf(od::Field& field, std::string_view& key)
{
    const char* const begin = field.rawKey();
    const char* end = begin;
    while (*end != '"' && *end != '\\') {
        ++end;
    }
    if (*end == '"') {
        key = std::string_view(begin, static_cast<std::size_t>(end - begin));
        return {};
    }
    return field.unescapedKey(key);
}

std::string_view trimRight(std::string_view text)
{
    while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\r' || text.back() == '\t')) {
        text.remove_suffix(1);
    }
    return text;
}

/// A field failed: carries the field and the rule up to the event loop.
struct FieldError {
    std::string field;
    std::string rule;
};

class EventParser {
public:
    // Each getter throws FieldError on a type or value problem.
    std::string_view rawNumber(od::Value& v, std::string_view field)
    {
        od::Type type{};
        if (v.type(type) || type != od::Type::Number) {
            std::string_view raw = trimRight(v.rawToken());
            if (raw.find("NaN") != std::string_view::npos || raw.find("Infinity") != std::string_view::npos) {
                throw FieldError{std::string(field), "non-finite number (" + std::string(raw) + ") is not allowed"};
            }
            throw FieldError{std::string(field), "must be a number"};
        }
        return trimRight(v.rawToken());
    }

    Ns timeNs(od::Value& v, std::string_view field)
    {
        auto text = rawNumber(v, field);
        auto parsed = parseScaledDecimal(text, kMicrosToNanosScale);
        if (parsed.error == DecimalError::TooFine) {
            throw FieldError{std::string(field),
                             "value " + std::string(text) + " us is finer than 1 ns, the resolution kept inside"};
        }
        if (parsed.error != DecimalError::None) {
            throw FieldError{std::string(field),
                             "value " + std::string(text) + " " + std::string(decimalErrorText(parsed.error))};
        }
        if (parsed.value > kMaxTimeNs) {
            throw FieldError{std::string(field),
                             "value " + std::string(text) + " us exceeds the format's maximum of 1e12 us"};
        }
        return parsed.value;
    }

    std::int64_t integer(od::Value& v, std::string_view field)
    {
        auto text = rawNumber(v, field);
        auto parsed = parseScaledDecimal(text, 0, /*allowNegative=*/true);
        if (parsed.error == DecimalError::TooFine) {
            throw FieldError{std::string(field), "must be an integer (got " + std::string(text) + ")"};
        }
        if (parsed.error != DecimalError::None) {
            throw FieldError{std::string(field),
                             "value " + std::string(text) + " " + std::string(decimalErrorText(parsed.error))};
        }
        return parsed.value;
    }

    std::int32_t rank(od::Value& v, std::string_view field)
    {
        auto value = integer(v, field);
        if (value < 0 || value > INT32_MAX) {
            throw FieldError{std::string(field), "rank " + std::to_string(value) + " is not a rank (0 .. 2^31-1)"};
        }
        return static_cast<std::int32_t>(value);
    }

    std::int64_t factor(od::Value& v, std::string_view field)
    {
        auto text = rawNumber(v, field);
        auto parsed = parseScaledDecimal(text, kFactorScale);
        if (parsed.error != DecimalError::None) {
            throw FieldError{std::string(field),
                             "value " + std::string(text) + " " + std::string(decimalErrorText(parsed.error))};
        }
        return parsed.value;
    }

    bool boolean(od::Value& v, std::string_view field)
    {
        bool b = false;
        if (v.getBool(b)) {
            throw FieldError{std::string(field), "must be true or false"};
        }
        return b;
    }

    void string(od::Value& v, std::string_view field, std::string& out)
    {
        std::string_view s;
        if (v.getString(s)) {
            throw FieldError{std::string(field), "must be a string"};
        }
        if (s.find_first_not_of(" \t\r\n") == std::string_view::npos) {
            throw FieldError{std::string(field), "must be a non-empty string"};
        }
        if (s.size() > resourceLimits().maxStringBytes) {
            throw FieldError{std::string(field), "string is longer than the limit"};
        }
        out.assign(s);
    }

    /// Raw JSON text of any value (minified), for unknown fields.
    std::string rawValue(od::Value& v, std::string_view field)
    {
        od::Type type{};
        if (v.type(type)) {
            throw FieldError{std::string(field), "malformed value"};
        }
        std::string_view raw;
        od::Error error;
        if (type == od::Type::Object) {
            od::Object o;
            error = v.getObject(o);
            if (!error) {
                error = o.rawJson(raw);
            }
        } else if (type == od::Type::Array) {
            od::Array a;
            error = v.getArray(a);
            if (!error) {
                error = a.rawJson(raw);
            }
        } else {
            raw = v.rawToken();
        }
        if (error) {
            throw FieldError{std::string(field), std::string("malformed value: ") + error.message()};
        }
        raw = trimRight(raw);
        // The engine skips a nested value without counting its depth; the limit holds everywhere.
        if (json::nestingDepth(raw) > resourceLimits().maxJsonDepth) {
            throw FieldError{std::string(field), "nests arrays and objects deeper than the limit of " +
                                                     std::to_string(resourceLimits().maxJsonDepth) + " levels"};
        }
        std::string out(raw.size(), '\0');
        std::size_t length = 0;
        if (od::minify(raw, out.data(), length)) {
            return std::string(raw);
        }
        out.resize(length);
        return out;
    }

    /// Parses one event object into e (reset first). Throws FieldError.
    void parse(od::Object& object, Event& e)
    {
        std::array<bool, kKeyCount> seen{};
        arrayArrivals_.clear();
        for (auto field : object) {
            std::string_view key;
            od::Field member;
            if (field.get(member) || keyOf(member, key)) {
                throw FieldError{"<key>", "malformed key"};
            }
            od::Value v = member.value();
            int k = keyIndex(key);
            if (k < 0) {
                std::string keyCopy(key);
                std::string raw = rawValue(v, keyCopy);
                e.extraJson += e.extraJson.empty() ? "{" : ",";
                json::appendString(e.extraJson, keyCopy);
                e.extraJson += ':';
                e.extraJson += raw;
                continue;
            }
            if (seen[static_cast<std::size_t>(k)]) {
                throw FieldError{std::string(key), "appears twice in one event"};
            }
            seen[static_cast<std::size_t>(k)] = true;
            const std::string_view name = kKeyNames[static_cast<std::size_t>(k)];
            switch (k) {
            case kOp:
                string(v, name, e.op);
                break;
            case kCustomOp:
                e.customOp = boolean(v, name);
                break;
            case kDtype:
                string(v, name, e.dtype);
                break;
            case kBytes:
                e.bytes = integer(v, name);
                break;
            case kRanks:
                parseRanks(v, e);
                break;
            case kRankCount: {
                auto count = integer(v, name);
                if (count < 1 || count > INT32_MAX) {
                    throw FieldError{std::string(name), "must be a positive integer"};
                }
                e.rankCount = static_cast<std::int32_t>(count);
                break;
            }
            case kPhase:
                string(v, name, e.phase);
                break;
            case kGroup:
                string(v, name, e.group);
                break;
            case kRankArrival:
                parseArrivals(v, e);
                break;
            case kPartialArrival:
                e.partialRankArrival = boolean(v, name);
                break;
            case kArrivalSkew:
                e.arrivalSkew = timeNs(v, name);
                break;
            case kStart:
                e.start = timeNs(v, name);
                break;
            case kGap:
                e.gap = timeNs(v, name);
                break;
            case kComputeBefore:
                e.computeBefore = timeNs(v, name);
                break;
            case kComputeOverlap:
                e.computeOverlap = timeNs(v, name);
                break;
            case kOverlapUnknown:
                e.computeOverlapUnknown = boolean(v, name);
                break;
            case kPressure:
                e.pressure = factor(v, name);
                break;
            case kExposed:
                e.observedExposed = timeNs(v, name);
                break;
            case kConcurrentGroups: {
                auto value = integer(v, name);
                if (value < 1 || value > INT32_MAX) {
                    throw FieldError{std::string(name), "must be a positive integer"};
                }
                e.concurrentGroups = static_cast<std::int32_t>(value);
                break;
            }
            case kSender:
                e.senderRank = rank(v, name);
                break;
            case kReceiver:
                e.receiverRank = rank(v, name);
                break;
            case kRoot:
                e.rootRank = rank(v, name);
                break;
            case kReductionOp:
                string(v, name, e.reductionOp);
                break;
            case kMessageSequence: {
                auto value = integer(v, name);
                if (value < 0) {
                    throw FieldError{std::string(name), "must not be negative"};
                }
                e.messageSequence = value;
                break;
            }
            case kTag:
                string(v, name, e.tag);
                break;
            case kChannel:
                string(v, name, e.channel);
                break;
            case kId:
                string(v, name, e.id);
                break;
            default:
                break;
            }
        }
        if (!e.extraJson.empty()) {
            e.extraJson += '}';
        }
        if (!seen[kOp]) {
            throw FieldError{"op", "is required"};
        }
        if (!seen[kBytes]) {
            throw FieldError{"bytes", "is required"};
        }
        if (!seen[kRanks]) {
            throw FieldError{"ranks", "is required"};
        }
        if (e.arrivalsAsArray) {
            for (std::size_t i = 0; i < arrayArrivals_.size(); ++i) {
                e.arrivals.push_back(RankArrival{i < e.ranks.size() ? e.ranks[i] : -1, arrayArrivals_[i]});
            }
        }
    }

private:
    void parseRanks(od::Value& v, Event& e)
    {
        od::Type type{};
        if (v.type(type)) {
            throw FieldError{"ranks", "malformed value"};
        }
        if (type == od::Type::Number) {
            auto count = integer(v, "ranks");
            if (count < 1 || static_cast<std::uint64_t>(count) > resourceLimits().maxRanksPerEvent) {
                throw FieldError{"ranks", "a rank count must be between 1 and " +
                                              std::to_string(resourceLimits().maxRanksPerEvent) + " (got " +
                                              std::to_string(count) + ")"};
            }
            e.ranksAsCount = true;
            e.ranks.resize(static_cast<std::size_t>(count));
            for (std::int32_t r = 0; r < static_cast<std::int32_t>(count); ++r) {
                e.ranks[static_cast<std::size_t>(r)] = r;
            }
            return;
        }
        od::Array array;
        if (type != od::Type::Array || v.getArray(array)) {
            throw FieldError{"ranks", "must be an array of ranks or a positive rank count"};
        }
        for (auto element : array) {
            od::Value item;
            if (element.get(item)) {
                throw FieldError{"ranks", "malformed array"};
            }
            if (e.ranks.size() >= resourceLimits().maxRanksPerEvent) {
                throw FieldError{"ranks", "has more members than the limit of " +
                                              std::to_string(resourceLimits().maxRanksPerEvent)};
            }
            try {
                e.ranks.push_back(rank(item, "ranks"));
            } catch (FieldError& error) {
                error.field = "ranks[" + std::to_string(e.ranks.size()) + "]";
                throw;
            }
        }
    }

    void parseArrivals(od::Value& v, Event& e)
    {
        e.arrivalsGiven = true;
        od::Type type{};
        if (v.type(type)) {
            throw FieldError{"rank_arrival_us", "malformed value"};
        }
        if (type == od::Type::Array) {
            e.arrivalsAsArray = true;
            od::Array array;
            if (v.getArray(array)) {
                throw FieldError{"rank_arrival_us", "malformed array"};
            }
            for (auto element : array) {
                od::Value item;
                if (element.get(item)) {
                    throw FieldError{"rank_arrival_us", "malformed array"};
                }
                try {
                    arrayArrivals_.push_back(timeNs(item, "rank_arrival_us"));
                } catch (FieldError& error) {
                    error.field = "rank_arrival_us[" + std::to_string(arrayArrivals_.size()) + "]";
                    throw;
                }
            }
            return;
        }
        od::Object object;
        if (type != od::Type::Object || v.getObject(object)) {
            throw FieldError{"rank_arrival_us", "must be an array aligned with ranks or an object rank -> us"};
        }
        for (auto field : object) {
            std::string_view key;
            if (field.unescapedKey(key)) {
                throw FieldError{"rank_arrival_us", "malformed key"};
            }
            auto path = [&] { return "rank_arrival_us." + std::string(key); };
            auto parsedKey = parseScaledDecimal(key, 0);
            if (key.empty() || key.find_first_not_of("0123456789") != std::string_view::npos ||
                parsedKey.error != DecimalError::None || parsedKey.value > INT32_MAX) {
                throw FieldError{path(), "key \"" + std::string(key) + "\" is not a rank number"};
            }
            od::Value item;
            if (field.value(item)) {
                throw FieldError{path(), "malformed value"};
            }
            try {
                e.arrivals.push_back(
                    RankArrival{static_cast<std::int32_t>(parsedKey.value), timeNs(item, "rank_arrival_us")});
            } catch (FieldError& error) {
                error.field = path();
                throw;
            }
        }
    }

    std::vector<Ns> arrayArrivals_;
};

void resetEvent(Event& e)
{
    e.id.clear();
    e.op.clear();
    e.customOp = false;
    e.bytes = 0;
    e.ranks.clear();
    e.ranksAsCount = false;
    e.rankCount.reset();
    e.group.clear();
    e.phase.clear();
    e.dtype.clear();
    e.tag.clear();
    e.channel.clear();
    e.reductionOp.clear();
    e.start.reset();
    e.gap.reset();
    e.computeBefore.reset();
    e.computeOverlap.reset();
    e.computeOverlapUnknown = false;
    e.pressure.reset();
    e.arrivals.clear();
    e.arrivalsGiven = false;
    e.arrivalsAsArray = false;
    e.partialRankArrival = false;
    e.arrivalSkew.reset();
    e.observedExposed.reset();
    e.concurrentGroups.reset();
    e.senderRank.reset();
    e.receiverRank.reset();
    e.rootRank.reset();
    e.messageSequence.reset();
    e.extraJson.clear();
}

[[noreturn]] void malformed(const std::string& source, od::Error error, std::string_view where)
{
    throw InputError(source, "malformed JSON " + std::string(where) + ": " + error.message());
}

/// Events are parsed in pieces of about this many bytes: each piece is one JSON document, so
/// its first pass is short, cancellation is checked between pieces, and the parser's index stays
/// small whatever the size of the trace. Half a MiB rather than one: the pieces in flight (their
/// parsed events, 544 bytes each, and the parsers' indexes) are then half the fresh memory, which
/// took a tenth of the processor time of reading the prototype's 24 MB fixture (docs/performance.md).
constexpr std::size_t kPieceBytes = std::size_t{1} << 19;

/// A piece of the events array is parsed as {"events":[ ... ]}, so every value in it sits at the
/// depth it has in the whole document and the parser's depth limit bites exactly where it would.
constexpr std::string_view kPieceOpen = "{\"events\":[";
constexpr std::string_view kPieceClose = "]}";

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

std::size_t skipSpace(std::string_view text, std::size_t at)
{
    while (at < text.size() && isSpace(text[at])) {
        ++at;
    }
    return at;
}

/// The offset just past the string that opens at text[at], or npos when it does not close.
std::size_t skipString(std::string_view text, std::size_t at)
{
    for (std::size_t k = at + 1; k < text.size(); ++k) {
        if (text[k] == '\\') {
            ++k;
        } else if (text[k] == '"') {
            return k + 1;
        }
    }
    return std::string_view::npos;
}

/// The offset just past the value that starts at text[at] (structure only), or npos.
std::size_t skipValue(std::string_view text, std::size_t at)
{
    if (at >= text.size()) {
        return std::string_view::npos;
    }
    if (text[at] == '"') {
        return skipString(text, at);
    }
    if (text[at] != '{' && text[at] != '[') {
        while (at < text.size() && !isSpace(text[at]) && text[at] != ',' && text[at] != '}' && text[at] != ']') {
            ++at;
        }
        return at;
    }
    std::size_t depth = 0;
    for (std::size_t k = at; k < text.size(); ++k) {
        const char c = text[k];
        if (c == '"') {
            k = skipString(text, k);
            if (k == std::string_view::npos) {
                return k;
            }
            --k;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth == 0) {
                return k + 1;
            }
        }
    }
    return std::string_view::npos;
}

/// Where the events array is and where its pieces meet. found = false: the document is parsed
/// whole, exactly as written (no "events" array at the top level, or text the scan did not
/// recognise as well formed, which the parser then judges).
struct EventsLayout {
    bool found = false;
    std::size_t open = 0;  ///< '[' of the events array
    std::size_t close = 0; ///< its ']'
    std::vector<std::size_t> cuts;
    std::size_t bracketed = 0;                    ///< events that are objects (or arrays): a capacity hint
    std::vector<std::size_t> bracketedBeforeCuts; ///< the same before each cut: where a piece's events go
};

/// Walks the top-level object's members by structure up to the first "events" key (as written,
/// without escapes) whose value is an array, and cuts that array into pieces.
EventsLayout findEvents(std::string_view text, Progress& progress, MappedInput* input)
{
    std::size_t at = skipSpace(text, 0);
    if (at >= text.size() || text[at] != '{') {
        return {};
    }
    at = skipSpace(text, at + 1);
    while (at < text.size() && text[at] == '"') {
        const std::size_t keyEnd = skipString(text, at);
        if (keyEnd == std::string_view::npos) {
            return {};
        }
        const std::string_view key = text.substr(at, keyEnd - at);
        at = skipSpace(text, keyEnd);
        if (at >= text.size() || text[at] != ':') {
            return {};
        }
        at = skipSpace(text, at + 1);
        if (key == "\"events\"" && at < text.size() && text[at] == '[') {
            SubProgress scanning(progress, 0.0, 0.05);
            // A mapped file is scanned, and its pieces copied, by reading the file: its pages are
            // then never faulted in, so they neither cost the faults nor count as resident memory.
            json::FetchText fetch;
            if (input != nullptr && input->readsFromFile()) {
                fetch = [input](std::size_t offset, std::size_t length, char* dest) {
                    input->copy(offset, length, dest);
                };
            }
            auto pieces = json::cutArray(text, at, kPieceBytes, scanning, fetch);
            if (!pieces.ok) {
                return {};
            }
            return EventsLayout{true,
                                at,
                                pieces.close,
                                std::move(pieces.cuts),
                                pieces.bracketed,
                                std::move(pieces.bracketedBeforeCuts)};
        }
        at = skipSpace(text, skipValue(text, at));
        if (at >= text.size() || text[at] != ',') {
            return {};
        }
        at = skipSpace(text, at + 1);
    }
    return {};
}

/// Where parsed events go, in input order: straight into the builder, or recorded by the parsing
/// thread for the builder's thread to replay.
class EventSink {
public:
    virtual ~EventSink() = default;
    /// An event to parse into (the caller resets it).
    virtual Event& next() = 0;
    virtual void accepted(Event& event) = 0;
    virtual void failed(std::size_t index, const Event& event, FieldError&& error) = 0;
    /// Element `index` is not an object. Returns false when the reader gives up on the array.
    virtual bool notObject(std::size_t index) = 0;
};

/// The builder's rule for giving up: once something failed, after more elements than diagnostics.
bool givesUp(const TraceBuilder& builder, std::size_t elementsSoFar)
{
    return builder.failed() && elementsSoFar > TraceBuilder::kMaxDiagnostics;
}

void failNotObject(TraceBuilder& builder, std::size_t index)
{
    builder.fail(index, {}, "events[" + std::to_string(index) + "]", "must be a JSON object");
}

class BuilderSink final : public EventSink {
public:
    explicit BuilderSink(TraceBuilder& builder) : builder_(builder) {}
    Event& next() override { return event_; }
    void accepted(Event& event) override { builder_.add(event); }
    void failed(std::size_t index, const Event& event, FieldError&& error) override
    {
        builder_.fail(index, event.id, std::move(error.field), std::move(error.rule));
    }
    bool notObject(std::size_t index) override
    {
        failNotObject(builder_, index);
        return !givesUp(builder_, index + 1);
    }

private:
    TraceBuilder& builder_;
    Event event_;
};

/// Malformed JSON among the events, found by a thread that may not know the absolute index of the
/// piece it parsed: index counts from the piece's first event, which the builder's thread adds.
struct MalformedAt {
    od::Error error;
    std::size_t index = 0;   ///< the element, or the piece's first element (wholePiece)
    std::string where;       ///< wholePiece: where in the file the parser stopped
    bool wholePiece = false; ///< the piece as a whole failed (its first pass or its frame)
};

[[noreturn]] void throwMalformed(const std::string& sourceName, const MalformedAt& at, std::size_t firstIndex)
{
    const std::string index = std::to_string(firstIndex + at.index);
    malformed(sourceName, at.error,
              at.wholePiece ? "in events[" + index + "..]" + at.where : "in events[" + index + "]");
}

/// Parses the elements of the events array, from event `index` on, into the sink. Returns false
/// when the reader gave up on the array (too many diagnostics already). Throws MalformedAt.
bool readEvents(od::Array& events, std::size_t& index, EventParser& eventParser, EventSink& sink)
{
    for (auto element : events) {
        od::Object object;
        if (const od::Error error = element.getObject(object)) {
            if (error.incorrectType()) {
                const bool goOn = sink.notObject(index);
                ++index;
                if (!goOn) {
                    return false;
                }
                continue;
            }
            throw MalformedAt{error, index, {}, false};
        }
        Event& event = sink.next();
        resetEvent(event);
        try {
            eventParser.parse(object, event);
            sink.accepted(event);
        } catch (FieldError& fieldError) {
            sink.failed(index, event, std::move(fieldError));
            // the rest of this object is skipped when the loop advances
        }
        ++index;
    }
    return true;
}

/// Parses pieces of the events array (layout from findEvents), each as its own small document.
class PieceParser {
public:
    PieceParser(std::string_view text, const EventsLayout& layout, const std::string& sourceName) : text_(text)
    {
        std::size_t largest = 0;
        for (std::size_t piece = 0; piece < pieceCount(layout); ++piece) {
            largest = std::max(largest, pieceEnd(layout, piece) - pieceBegin(layout, piece));
        }
        if (auto error =
                parser_.allocate(largest + kPieceOpen.size() + kPieceClose.size(), resourceLimits().maxJsonDepth)) {
            malformed(sourceName, error, "(parser allocation)");
        }
    }

    static std::size_t pieceCount(const EventsLayout& layout) { return layout.cuts.size() + 1; }
    static std::size_t pieceBegin(const EventsLayout& layout, std::size_t piece)
    {
        return piece == 0 ? layout.open + 1 : layout.cuts[piece - 1] + 1;
    }
    static std::size_t pieceEnd(const EventsLayout& layout, std::size_t piece)
    {
        return piece < layout.cuts.size() ? layout.cuts[piece] : layout.close;
    }

    /// Parses text[begin, end) (whole events) into the sink, numbering them from index on; copies
    /// them from input when given (which reads a mapped file instead of its pages). Throws MalformedAt.
    bool parse(std::size_t begin, std::size_t end, std::size_t& index, EventSink& sink, MappedInput* input)
    {
        const std::size_t length = kPieceOpen.size() + (end - begin) + kPieceClose.size();
        buffer_.resize(length + od::kPadding);
        buffer_.replace(0, kPieceOpen.size(), kPieceOpen);
        if (input != nullptr) {
            input->copy(begin, end - begin, buffer_.data() + kPieceOpen.size());
        } else {
            buffer_.replace(kPieceOpen.size(), end - begin, text_.data() + begin, end - begin);
        }
        buffer_.replace(kPieceOpen.size() + (end - begin), kPieceClose.size(), kPieceClose);
        // Where the parser stopped (when it knows) or which bytes the piece held.
        auto where = [&](od::Document* doc) {
            const char* location = nullptr;
            if (doc != nullptr && !doc->currentLocation(location) && location >= buffer_.data() + kPieceOpen.size() &&
                location < buffer_.data() + kPieceOpen.size() + (end - begin)) {
                return " at " +
                       json::describePosition(json::positionOf(
                           text_, begin + static_cast<std::size_t>(location - buffer_.data()) - kPieceOpen.size()));
            }
            return " between " + json::describePosition(json::positionOf(text_, begin)) + " and byte " +
                   std::to_string(end);
        };
        od::Document doc;
        if (const od::Error error = parser_.iterate(buffer_.data(), length, buffer_.size(), doc)) {
            if (error.badUtf8()) {
                // The first pass knows only that the piece holds bad UTF-8; name the first bad byte.
                for (std::size_t at = begin; at < end; ++at) {
                    if (static_cast<unsigned char>(text_[at]) >= 0x80) {
                        const std::size_t length = json::utf8SequenceLength(text_, at);
                        if (length == 0 || at + length > end) {
                            throw MalformedAt{error, index,
                                              " at " + json::describePosition(json::positionOf(text_, at)), true};
                        }
                        at += length - 1;
                    }
                }
            }
            throw MalformedAt{error, index, where(nullptr), true};
        }
        od::Object root;
        od::Array events;
        od::Error error = doc.getObject(root);
        if (!error) {
            error = root.findFieldUnordered("events").getArray(events);
        }
        if (error) {
            throw MalformedAt{error, index, where(&doc), true};
        }
        return readEvents(events, index, eventParser_, sink);
    }

private:
    std::string_view text_;
    od::Parser parser_;
    EventParser eventParser_;
    std::string buffer_;
};

/// One piece's events as the parsing thread recorded them, for the builder's thread to replay.
struct ParsedPiece {
    enum class Kind : std::uint8_t { Accepted, Failed, NotObject };
    struct Item {
        Kind kind = Kind::Accepted;
        std::uint32_t slot = 0; ///< into events (Accepted, Failed)
        std::string field;      ///< Failed
        std::string rule;       ///< Failed
    };
    std::vector<Event> events; ///< reused from piece to piece: strings keep their capacity
    std::size_t used = 0;
    std::vector<Item> items;
    std::optional<MalformedAt> malformed; ///< parsing stopped here: thrown after the items
    std::exception_ptr error;             ///< anything else that stopped it (memory)
    std::size_t begin = 0;                ///< the piece's text, for progress
};

class RecordingSink final : public EventSink {
public:
    explicit RecordingSink(ParsedPiece& piece) : piece_(piece) {}
    Event& next() override
    {
        if (piece_.used == piece_.events.size()) {
            piece_.events.emplace_back();
        }
        return piece_.events[piece_.used++];
    }
    void accepted(Event& /*event*/) override
    {
        piece_.items.push_back({ParsedPiece::Kind::Accepted, static_cast<std::uint32_t>(piece_.used - 1), {}, {}});
    }
    void failed(std::size_t /*index*/, const Event& /*event*/, FieldError&& error) override
    {
        piece_.items.push_back({ParsedPiece::Kind::Failed, static_cast<std::uint32_t>(piece_.used - 1),
                                std::move(error.field), std::move(error.rule)});
    }
    bool notObject(std::size_t /*index*/) override
    {
        piece_.items.push_back({ParsedPiece::Kind::NotObject, 0, {}, {}});
        return true; // only the builder's thread knows when to give up
    }

private:
    ParsedPiece& piece_;
};

/// Parses the pieces on worker threads, a few pieces ahead of the caller, who replays them into the
/// builder in input order: parsing and building overlap, and the result is what one thread would
/// build. Worker w takes pieces w, w + N, w + 2N, ...; each numbers its events from the start of its
/// piece. The destructor stops and joins the workers, whatever the caller is unwinding from.
class PieceWorkers {
public:
    PieceWorkers(std::string_view text, const EventsLayout& layout, const std::string& sourceName, MappedInput* input,
                 std::size_t workers, const TraceBuilder::ReservedColumns& columns)
        : layout_(layout), count_(PieceParser::pieceCount(layout)), workers_(workers), input_(input), columns_(columns),
          slots_(2 * workers + 1)
    {
        parsers_.reserve(workers);
        for (std::size_t w = 0; w < workers; ++w) {
            parsers_.push_back(std::make_unique<PieceParser>(text, layout, sourceName));
        }
        threads_.reserve(workers);
        for (std::size_t w = 0; w < workers; ++w) {
            threads_.emplace_back([this, w] { run(w); });
        }
    }
    ~PieceWorkers()
    {
        {
            std::lock_guard lock(mutex_);
            stop_ = true;
        }
        changed_.notify_all();
        for (auto& thread : threads_) {
            thread.join();
        }
    }
    PieceWorkers(const PieceWorkers&) = delete;
    PieceWorkers& operator=(const PieceWorkers&) = delete;

    /// The next piece in input order, or nullptr after the last. Checks cancellation only when a
    /// wait outlasts 20 ms: pieces that arrive in time cost no check.
    ParsedPiece* next(const Progress& progress)
    {
        std::unique_lock lock(mutex_);
        auto ready = [&] { return consumed_ >= count_ || slots_[consumed_ % slots_.size()].ready; };
        while (!changed_.wait_for(lock, std::chrono::milliseconds(20), ready)) {
            lock.unlock();
            progress.check();
            lock.lock();
        }
        return consumed_ >= count_ ? nullptr : &slots_[consumed_ % slots_.size()].piece;
    }

    /// The caller is done with the piece next() returned.
    void recycle()
    {
        {
            std::lock_guard lock(mutex_);
            slots_[consumed_ % slots_.size()].ready = false;
            ++consumed_;
        }
        changed_.notify_all();
    }

private:
    struct Slot {
        ParsedPiece piece;
        bool ready = false; ///< guarded by mutex_
    };

    void run(std::size_t worker)
    {
        for (std::size_t piece = worker; piece < count_; piece += workers_) {
            ParsedPiece* out = nullptr;
            {
                std::unique_lock lock(mutex_);
                // The slot is free once the piece that used it before (slots_.size() earlier) is consumed.
                changed_.wait(lock, [&] { return stop_ || piece < consumed_ + slots_.size(); });
                if (stop_ || piece > stopAt_) {
                    return;
                }
                out = &slots_[piece % slots_.size()].piece;
            }
            out->used = 0;
            out->items.clear();
            out->malformed.reset();
            out->error = nullptr;
            out->begin = PieceParser::pieceBegin(layout_, piece);
            // The builder's columns for this piece's events get their fresh pages here, off the
            // builder's thread (where the kernel's zeroing of them was the largest single cost).
            const std::size_t firstEvent = piece == 0 ? 0 : layout_.bracketedBeforeCuts[piece - 1];
            const std::size_t endEvent =
                piece < layout_.cuts.size() ? layout_.bracketedBeforeCuts[piece] : layout_.bracketed;
            TraceBuilder::prefault(columns_, firstEvent, endEvent - firstEvent);
            // Room for the piece's events at once: grown by doubling, the vector moved every event
            // recorded so far (over 500 bytes each) and faulted in fresh pages at each step.
            growFresh(out->events, endEvent - firstEvent);
            bool stopped = true;
            try {
                RecordingSink sink(*out);
                std::size_t index = 0;
                parsers_[worker]->parse(out->begin, PieceParser::pieceEnd(layout_, piece), index, sink, input_);
                stopped = false;
            } catch (MalformedAt& at) {
                out->malformed = std::move(at);
            } catch (...) {
                out->error = std::current_exception();
            }
            {
                std::lock_guard lock(mutex_);
                slots_[piece % slots_.size()].ready = true;
                if (stopped) {
                    stopAt_ = std::min(stopAt_, piece); // nothing after this piece is read
                }
            }
            changed_.notify_all();
        }
    }

    const EventsLayout& layout_;
    const std::size_t count_;
    const std::size_t workers_;
    MappedInput* input_;
    const TraceBuilder::ReservedColumns& columns_; ///< copied by the builder's thread before the workers start
    std::vector<std::unique_ptr<PieceParser>> parsers_;
    std::vector<Slot> slots_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::size_t consumed_ = 0;                                     ///< pieces replayed and recycled (guarded by mutex_)
    std::size_t stopAt_ = std::numeric_limits<std::size_t>::max(); ///< first piece that stopped (guarded)
    bool stop_ = false;
    std::vector<std::thread> threads_;
};

std::atomic<std::size_t> chosenParsingThreads{0};

/// Parsing threads for a read: one per processor, at most three (the builder's thread is the limit
/// beyond that); or what detail::setTraceParsingThreads chose. One per processor, not per spare one:
/// the builder waits for parsed pieces now and then, and a second parser fills that time (on two
/// processors, 13-20 % less wall time than one parser, docs/performance.md).
std::size_t parsingThreads()
{
    if (const std::size_t chosen = chosenParsingThreads.load(std::memory_order_relaxed); chosen > 0) {
        return chosen;
    }
    const unsigned processors = std::thread::hardware_concurrency();
    return std::clamp<std::size_t>(processors, 1, 3);
}

/// Parses the events array of `text` piece by piece (layout from findEvents) into the builder.
void readEventPieces(std::string_view text, const EventsLayout& layout, std::size_t& index, TraceBuilder& builder,
                     const std::string& sourceName, Progress& progress, MappedInput* input)
{
    // Columns sized once instead of grown by doubling; only a hint, never more than the limits allow.
    const std::size_t expected = std::min<std::uint64_t>(layout.bracketed, resourceLimits().maxEvents);
    if (estimatedTraceBytes(expected, 0) <= resourceLimits().maxMemoryBytes / 2) {
        builder.reserve(expected);
    }
    auto report = [&](std::size_t begin) {
        progress.report(0.05 + 0.85 * static_cast<double>(begin) / static_cast<double>(text.size()), "reading events");
    };
    if (PieceParser::pieceCount(layout) == 1) {
        progress.check();
        report(layout.open);
        PieceParser parser(text, layout, sourceName);
        BuilderSink sink(builder);
        try {
            parser.parse(PieceParser::pieceBegin(layout, 0), PieceParser::pieceEnd(layout, 0), index, sink, input);
        } catch (const MalformedAt& at) {
            throwMalformed(sourceName, at, 0);
        }
        return;
    }
    const TraceBuilder::ReservedColumns columns = builder.reservedColumns(); // a copy the workers may read
    PieceWorkers pieces(text, layout, sourceName, input, parsingThreads(), columns);
    while (ParsedPiece* piece = pieces.next(progress)) {
        const std::size_t first = index;
        progress.check();
        report(piece->begin);
        for (auto& item : piece->items) {
            switch (item.kind) {
            case ParsedPiece::Kind::Accepted:
                builder.add(piece->events[item.slot]);
                break;
            case ParsedPiece::Kind::Failed:
                builder.fail(index, piece->events[item.slot].id, std::move(item.field), std::move(item.rule));
                break;
            case ParsedPiece::Kind::NotObject:
                failNotObject(builder, index);
                if (givesUp(builder, index + 1)) {
                    ++index;
                    return;
                }
                break;
            }
            ++index;
        }
        if (piece->malformed) {
            throwMalformed(sourceName, *piece->malformed, first);
        }
        if (piece->error) {
            std::rethrow_exception(piece->error);
        }
        pieces.recycle();
    }
}

/// input: where json lives when it came from a file (its bulk is then copied through input).
Trace parseTraceText(std::string_view json, const std::string& sourceName, Progress& progress, MappedInput* input)
{
    // The document is parsed as a skeleton (everything but the events) plus the events array in
    // pieces. When the structural scan did not recognise the layout, the skeleton is the whole text.
    const EventsLayout layout = findEvents(json, progress, input);
    std::string skeleton;
    if (layout.found) {
        skeleton.reserve(json.size() - (layout.close - layout.open - 1) + od::kPadding);
        skeleton.append(json.substr(0, layout.open + 1));
        skeleton.append(json.substr(layout.close));
    } else {
        skeleton.reserve(json.size() + od::kPadding);
        skeleton.append(json);
    }
    const std::size_t skeletonSize = skeleton.size();
    skeleton.resize(skeletonSize + od::kPadding);
    od::Parser parser;
    if (const od::Error error = parser.allocate(skeletonSize, resourceLimits().maxJsonDepth)) {
        malformed(sourceName, error, "(parser allocation)");
    }
    od::Document doc;
    if (const od::Error error = parser.iterate(skeleton.data(), skeletonSize, skeleton.size(), doc)) {
        malformed(sourceName, error, "at the document start");
    }
    od::Object root;
    if (const od::Error error = doc.getObject(root)) {
        if (!error.incorrectType()) {
            malformed(sourceName, error, "at the document start");
        }
        throw InputError(sourceName, "the document must be a JSON object with \"format\" and \"events\" (" +
                                         std::string(error.message()) + ")");
    }
    TraceBuilder builder(sourceName);
    EventParser eventParser; // the nesting depth is bounded by the parser's allocation above
    std::string format;
    bool sawFormat = false;
    bool sawEvents = false;
    std::set<std::string> seenKeys;
    for (auto field : root) {
        std::string_view key;
        if (const od::Error error = field.unescapedKey(key)) {
            malformed(sourceName, error, "in a top-level key");
        }
        std::string keyCopy(key);
        if (!seenKeys.insert(keyCopy).second) {
            throw InputError(Diagnostic{sourceName,
                                        kNoEvent,
                                        {},
                                        json::childPath("$", keyCopy),
                                        "appears twice at the top level (duplicate keys are refused)"});
        }
        od::Value v;
        if (const od::Error error = field.value(v)) {
            malformed(sourceName, error, "in top-level \"" + keyCopy + "\"");
        }
        if (keyCopy == "format") {
            std::string_view s;
            if (v.getString(s)) {
                throw InputError(
                    Diagnostic{sourceName, kNoEvent, {}, "format", "must be the string \"commcanary.trace.v1\""});
            }
            format.assign(s);
            sawFormat = true;
        } else if (keyCopy == "events") {
            // The array that findEvents cut into pieces stands in the skeleton as "[]" at its offset.
            const bool inPieces = layout.found && v.rawToken().data() == skeleton.data() + layout.open;
            od::Array events;
            if (v.getArray(events)) {
                throw InputError(Diagnostic{sourceName, kNoEvent, {}, "events", "must be an array of event objects"});
            }
            sawEvents = true;
            std::size_t index = 0;
            if (inPieces) {
                readEventPieces(json, layout, index, builder, sourceName, progress, input);
            } else {
                progress.check();
                BuilderSink sink(builder);
                try {
                    readEvents(events, index, eventParser, sink);
                } catch (const MalformedAt& at) {
                    throwMalformed(sourceName, at, 0);
                }
            }
            progress.check();
            progress.report(0.9, "validating events");
        } else {
            std::string raw;
            try {
                raw = eventParser.rawValue(v, keyCopy);
            } catch (const FieldError& fieldError) {
                throw InputError(Diagnostic{sourceName, kNoEvent, {}, keyCopy, fieldError.rule});
            }
            if (keyCopy == "workload" || keyCopy == "system") {
                if (raw.empty() || raw.front() != '{') {
                    throw InputError(Diagnostic{sourceName, kNoEvent, {}, keyCopy, "must be a JSON object"});
                }
                (keyCopy == "workload" ? static_cast<void>(builder.setWorkloadJson(raw)) : builder.setSystemJson(raw));
            } else {
                builder.addTopLevelExtra(keyCopy, raw);
            }
        }
    }
    if (!sawFormat) {
        throw InputError(Diagnostic{sourceName,
                                    kNoEvent,
                                    {},
                                    "format",
                                    "is missing: a trace must declare \"format\": \"commcanary.trace.v1\""});
    }
    if (format != kTraceFormat) {
        throw InputError(Diagnostic{
            sourceName, kNoEvent, {}, "format", "is \"" + format + "\" but this reader takes \"commcanary.trace.v1\""});
    }
    if (!sawEvents) {
        throw InputError(Diagnostic{sourceName, kNoEvent, {}, "events", "is missing"});
    }
    SubProgress finishing(progress, 0.9, 1.0);
    return builder.finish(finishing);
}

} // namespace

void detail::setTraceParsingThreads(std::size_t threads)
{
    chosenParsingThreads.store(threads, std::memory_order_relaxed);
}

Trace parseTrace(std::string_view json, const std::string& sourceName, Progress& progress)
{
    return parseTraceText(json, sourceName, progress, nullptr);
}

Trace readTrace(const std::filesystem::path& path, Progress& progress)
{
    progress.report(0.0, "reading file");
    MappedInput input(path, resourceLimits().maxInputBytes, progress);
    return parseTraceText(input.bytes(), path.string(), progress, &input);
}

} // namespace cc
