// The commcanary.trace.v1 reader as it was before it parsed in bounded pieces: one simdjson
// on-demand document over the whole text. Kept only as the reference the differential test and the
// "old" rows of bench_trace compare the product's reader with; the product never links it. Numbers
// go through the general decimal conversion, as they did then.
#include "reference_trace_reader.h"

#include "core/trace/trace_io.h"

#include "core/trace/trace_builder.h"
#include "core/util/atomic_file.h"
#include "core/util/decimal.h"
#include "core/util/json/parser.h"
#include "core/util/json/reader.h"
#include "core/util/json/writer.h"
#include "core/util/limits.h"

#include <simdjson.h>

#include <array>
#include <set>
#include <string>

namespace cc::reference {

namespace od = simdjson::ondemand;

namespace {

constexpr Ns kMaxTimeNs = 1'000'000'000'000'000LL; // the format's 1e12 us ceiling

enum Key : int {
    kOp,
    kCustomOp,
    kDtype,
    kBytes,
    kRanks,
    kRankCount,
    kPhase,
    kGroup,
    kRankArrival,
    kPartialArrival,
    kArrivalSkew,
    kStart,
    kGap,
    kComputeBefore,
    kComputeOverlap,
    kOverlapUnknown,
    kPressure,
    kExposed,
    kConcurrentGroups,
    kSender,
    kReceiver,
    kRoot,
    kReductionOp,
    kMessageSequence,
    kTag,
    kChannel,
    kId,
    kKeyCount
};

constexpr std::array<std::string_view, kKeyCount> kKeyNames{"op",
                                                            "custom_op",
                                                            "dtype",
                                                            "bytes",
                                                            "ranks",
                                                            "rank_count",
                                                            "phase",
                                                            "group",
                                                            "rank_arrival_us",
                                                            "partial_rank_arrival",
                                                            "arrival_skew_us",
                                                            "start_us",
                                                            "gap_us",
                                                            "compute_before_us",
                                                            "compute_overlap_us",
                                                            "compute_overlap_unknown",
                                                            "compute_pressure",
                                                            "observed_exposed_us",
                                                            "concurrent_groups",
                                                            "sender_rank",
                                                            "receiver_rank",
                                                            "root_rank",
                                                            "reduction_op",
                                                            "message_sequence",
                                                            "tag",
                                                            "channel",
                                                            "id"};

int keyIndex(std::string_view key)
{
    for (int i = 0; i < kKeyCount; ++i) {
        if (kKeyNames[static_cast<std::size_t>(i)] == key) {
            return i;
        }
    }
    return -1;
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
    std::string_view rawNumber(od::value& v, std::string_view field)
    {
        od::json_type type{};
        if (v.type().get(type) != simdjson::SUCCESS || type != od::json_type::number) {
            std::string_view raw = trimRight(v.raw_json_token());
            if (raw.find("NaN") != std::string_view::npos || raw.find("Infinity") != std::string_view::npos) {
                throw FieldError{std::string(field), "non-finite number (" + std::string(raw) + ") is not allowed"};
            }
            throw FieldError{std::string(field), "must be a number"};
        }
        return trimRight(v.raw_json_token());
    }

    Ns timeNs(od::value& v, std::string_view field)
    {
        auto text = rawNumber(v, field);
        auto parsed = detail::parseScaledDecimalGeneral(text, kMicrosToNanosScale, false);
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

    std::int64_t integer(od::value& v, std::string_view field)
    {
        auto text = rawNumber(v, field);
        auto parsed = detail::parseScaledDecimalGeneral(text, 0, /*allowNegative=*/true);
        if (parsed.error == DecimalError::TooFine) {
            throw FieldError{std::string(field), "must be an integer (got " + std::string(text) + ")"};
        }
        if (parsed.error != DecimalError::None) {
            throw FieldError{std::string(field),
                             "value " + std::string(text) + " " + std::string(decimalErrorText(parsed.error))};
        }
        return parsed.value;
    }

    std::int32_t rank(od::value& v, std::string_view field)
    {
        auto value = integer(v, field);
        if (value < 0 || value > INT32_MAX) {
            throw FieldError{std::string(field), "rank " + std::to_string(value) + " is not a rank (0 .. 2^31-1)"};
        }
        return static_cast<std::int32_t>(value);
    }

    std::int64_t factor(od::value& v, std::string_view field)
    {
        auto text = rawNumber(v, field);
        auto parsed = detail::parseScaledDecimalGeneral(text, kFactorScale, false);
        if (parsed.error != DecimalError::None) {
            throw FieldError{std::string(field),
                             "value " + std::string(text) + " " + std::string(decimalErrorText(parsed.error))};
        }
        return parsed.value;
    }

    bool boolean(od::value& v, std::string_view field)
    {
        bool b = false;
        if (v.get_bool().get(b) != simdjson::SUCCESS) {
            throw FieldError{std::string(field), "must be true or false"};
        }
        return b;
    }

    void string(od::value& v, std::string_view field, std::string& out)
    {
        std::string_view s;
        if (v.get_string().get(s) != simdjson::SUCCESS) {
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
    std::string rawValue(od::value& v, std::string_view field)
    {
        od::json_type type{};
        if (v.type().get(type) != simdjson::SUCCESS) {
            throw FieldError{std::string(field), "malformed value"};
        }
        std::string_view raw;
        simdjson::error_code error = simdjson::SUCCESS;
        if (type == od::json_type::object) {
            od::object o;
            error = v.get_object().get(o);
            if (!error) {
                error = o.raw_json().get(raw);
            }
        } else if (type == od::json_type::array) {
            od::array a;
            error = v.get_array().get(a);
            if (!error) {
                error = a.raw_json().get(raw);
            }
        } else {
            raw = v.raw_json_token();
        }
        if (error) {
            throw FieldError{std::string(field), std::string("malformed value: ") + simdjson::error_message(error)};
        }
        raw = trimRight(raw);
        // simdjson skips a nested value without counting its depth; the limit holds everywhere.
        if (json::nestingDepth(raw) > resourceLimits().maxJsonDepth) {
            throw FieldError{std::string(field), "nests arrays and objects deeper than the limit of " +
                                                     std::to_string(resourceLimits().maxJsonDepth) + " levels"};
        }
        std::string out(raw.size(), '\0');
        std::size_t length = 0;
        if (simdjson::minify(raw.data(), raw.size(), out.data(), length) != simdjson::SUCCESS) {
            return std::string(raw);
        }
        out.resize(length);
        return out;
    }

    /// Parses one event object into e (reset first). Throws FieldError.
    void parse(od::object& object, Event& e)
    {
        std::array<bool, kKeyCount> seen{};
        arrayArrivals_.clear();
        for (auto field : object) {
            std::string_view key;
            if (field.unescaped_key().get(key) != simdjson::SUCCESS) {
                throw FieldError{"<key>", "malformed key"};
            }
            od::value v;
            if (field.value().get(v) != simdjson::SUCCESS) {
                throw FieldError{std::string(key), "malformed value"};
            }
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
    void parseRanks(od::value& v, Event& e)
    {
        od::json_type type{};
        if (v.type().get(type) != simdjson::SUCCESS) {
            throw FieldError{"ranks", "malformed value"};
        }
        if (type == od::json_type::number) {
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
        od::array array;
        if (type != od::json_type::array || v.get_array().get(array) != simdjson::SUCCESS) {
            throw FieldError{"ranks", "must be an array of ranks or a positive rank count"};
        }
        for (auto element : array) {
            od::value item;
            if (element.get(item) != simdjson::SUCCESS) {
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

    void parseArrivals(od::value& v, Event& e)
    {
        e.arrivalsGiven = true;
        od::json_type type{};
        if (v.type().get(type) != simdjson::SUCCESS) {
            throw FieldError{"rank_arrival_us", "malformed value"};
        }
        if (type == od::json_type::array) {
            e.arrivalsAsArray = true;
            od::array array;
            if (v.get_array().get(array) != simdjson::SUCCESS) {
                throw FieldError{"rank_arrival_us", "malformed array"};
            }
            for (auto element : array) {
                od::value item;
                if (element.get(item) != simdjson::SUCCESS) {
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
        od::object object;
        if (type != od::json_type::object || v.get_object().get(object) != simdjson::SUCCESS) {
            throw FieldError{"rank_arrival_us", "must be an array aligned with ranks or an object rank -> us"};
        }
        for (auto field : object) {
            std::string_view key;
            if (field.unescaped_key().get(key) != simdjson::SUCCESS) {
                throw FieldError{"rank_arrival_us", "malformed key"};
            }
            auto path = [&] { return "rank_arrival_us." + std::string(key); };
            auto parsedKey = detail::parseScaledDecimalGeneral(key, 0, false);
            if (key.empty() || key.find_first_not_of("0123456789") != std::string_view::npos ||
                parsedKey.error != DecimalError::None || parsedKey.value > INT32_MAX) {
                throw FieldError{path(), "key \"" + std::string(key) + "\" is not a rank number"};
            }
            od::value item;
            if (field.value().get(item) != simdjson::SUCCESS) {
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

[[noreturn]] void malformed(const std::string& source, simdjson::error_code error, std::string_view where)
{
    throw InputError(source, "malformed JSON " + std::string(where) + ": " + simdjson::error_message(error));
}

} // namespace

Trace parseTraceReference(std::string_view json, const std::string& sourceName, Progress& progress)
{
    // simdjson needs SIMDJSON_PADDING readable bytes after the input.
    simdjson::padded_string padded(json.data(), json.size());
    od::parser parser;
    if (auto error = parser.allocate(padded.size(), resourceLimits().maxJsonDepth)) {
        malformed(sourceName, error, "(parser allocation)");
    }
    od::document doc;
    if (auto error = parser.iterate(padded).get(doc)) {
        malformed(sourceName, error, "at the document start");
    }
    od::object root;
    if (auto error = doc.get_object().get(root)) {
        if (error != simdjson::INCORRECT_TYPE) {
            malformed(sourceName, error, "at the document start");
        }
        throw InputError(sourceName, "the document must be a JSON object with \"format\" and \"events\" (" +
                                         std::string(simdjson::error_message(error)) + ")");
    }
    TraceBuilder builder(sourceName);
    EventParser eventParser; // the nesting depth is bounded by the parser's allocation above
    std::string format;
    bool sawFormat = false;
    bool sawEvents = false;
    Event event;
    std::set<std::string> seenKeys;
    for (auto field : root) {
        std::string_view key;
        if (auto error = field.unescaped_key().get(key)) {
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
        od::value v;
        if (auto error = field.value().get(v)) {
            malformed(sourceName, error, "in top-level \"" + keyCopy + "\"");
        }
        if (keyCopy == "format") {
            std::string_view s;
            if (v.get_string().get(s)) {
                throw InputError(
                    Diagnostic{sourceName, kNoEvent, {}, "format", "must be the string \"commcanary.trace.v1\""});
            }
            format.assign(s);
            sawFormat = true;
        } else if (keyCopy == "events") {
            od::array events;
            if (v.get_array().get(events)) {
                throw InputError(Diagnostic{sourceName, kNoEvent, {}, "events", "must be an array of event objects"});
            }
            sawEvents = true;
            std::size_t index = 0;
            for (auto element : events) {
                od::object object;
                if (auto error = element.get_object().get(object)) {
                    if (error == simdjson::INCORRECT_TYPE) {
                        builder.fail(index, {}, "events[" + std::to_string(index) + "]", "must be a JSON object");
                        ++index;
                        if (builder.failed() && index > TraceBuilder::kMaxDiagnostics) {
                            break;
                        }
                        continue;
                    }
                    malformed(sourceName, error, "in events[" + std::to_string(index) + "]");
                }
                resetEvent(event);
                try {
                    eventParser.parse(object, event);
                    builder.add(event);
                } catch (const FieldError& fieldError) {
                    builder.fail(index, event.id, fieldError.field, fieldError.rule);
                    // the rest of this object is skipped by simdjson when the loop advances
                }
                ++index;
                if ((index & 0xffff) == 0) {
                    progress.check();
                    progress.report(0.9 * static_cast<double>(doc.current_location().value_unsafe() - padded.data()) /
                                        static_cast<double>(std::max<std::size_t>(padded.size(), 1)),
                                    "reading events");
                }
            }
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
    return builder.finish(progress);
}

Trace readTraceReference(const std::filesystem::path& path, Progress& progress)
{
    progress.report(0.0, "reading file");
    std::string bytes = readFileBounded(path, resourceLimits().maxInputBytes);
    return parseTraceReference(bytes, path.string(), progress);
}

} // namespace cc::reference
