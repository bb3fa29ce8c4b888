#include "core/canary/canary_reader.h"

#include "core/canary/canary_writer.h"
#include "core/util/atomic_file.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/reader.h"
#include "core/util/limits.h"
#include "core/util/sha256.h"
#include "core/util/wide_int.h"

#include <cmath>
#include <set>

namespace cc {

namespace {

using Json = json::Value;

class Reader {
public:
    explicit Reader(std::string sourceName) : file_(std::move(sourceName)), limits_(resourceLimits()) {}

    [[noreturn]] void fail(const std::string& path, const std::string& rule) const
    {
        throw InputError(Diagnostic{file_, kNoEvent, {}, path, rule});
    }

    const Json& member(const Json& object, const std::string& path, const char* name) const
    {
        this->object(object, path.empty() ? std::string("$") : path);
        const Json* found = object.find(name);
        if (found == nullptr) {
            fail(join(path, name), "is missing");
        }
        return *found;
    }

    static std::string join(const std::string& path, const char* name)
    {
        return path.empty() ? std::string(name) : path + "." + name;
    }
    static std::string at(const std::string& path, std::size_t index)
    {
        return path + "[" + std::to_string(index) + "]";
    }

    const Json& object(const Json& value, const std::string& path) const
    {
        if (!value.isObject()) {
            fail(path, "must be an object, not " + json::describeValue(value));
        }
        return value;
    }

    const Json& array(const Json& value, const std::string& path, std::uint64_t maxSize) const
    {
        if (!value.isArray()) {
            fail(path, "must be an array, not " + json::describeValue(value));
        }
        if (value.size() > maxSize) {
            fail(path,
                 "has " + std::to_string(value.size()) + " entries, more than the limit of " + std::to_string(maxSize));
        }
        return value;
    }

    /// A string that names one value of an enumeration: fromName(text), or a failure with rule.
    template <class FromName>
    auto named(const Json& value, const std::string& path, FromName fromName, const char* rule) const
    {
        auto parsed = fromName(string(value, path));
        if (!parsed) {
            fail(path, rule);
        }
        return *parsed;
    }

    std::string string(const Json& value, const std::string& path) const
    {
        if (!value.isString()) {
            fail(path, "must be a string, not " + json::describeValue(value));
        }
        const auto& text = value.string();
        if (text.size() > limits_.maxStringBytes) {
            fail(path, "is " + std::to_string(text.size()) + " bytes long, more than the limit of " +
                           std::to_string(limits_.maxStringBytes));
        }
        return text;
    }

    std::uint64_t unsignedInt(const Json& value, const std::string& path) const
    {
        if (auto v = value.toUInt64()) {
            return *v;
        }
        fail(path, "must be a non-negative integer, not " + json::describeValue(value));
    }

    std::uint64_t positiveInt(const Json& value, const std::string& path) const
    {
        auto v = unsignedInt(value, path);
        if (v == 0) {
            fail(path, "must be a positive integer");
        }
        return v;
    }

    /// A non-negative integer that fits int64 (times, sizes, bounds).
    std::int64_t nonNegative(const Json& value, const std::string& path) const
    {
        auto v = unsignedInt(value, path);
        if (v > static_cast<std::uint64_t>(INT64_MAX / 4)) {
            fail(path, "is out of range");
        }
        return static_cast<std::int64_t>(v);
    }

    std::int64_t signedInt(const Json& value, const std::string& path) const
    {
        if (auto v = value.toInt64()) {
            return *v;
        }
        if (value.isInteger()) {
            fail(path, "is out of range");
        }
        fail(path, "must be an integer, not " + json::describeValue(value));
    }

    std::int32_t rank(const Json& value, const std::string& path) const
    {
        auto v = unsignedInt(value, path);
        if (v > static_cast<std::uint64_t>(INT32_MAX)) {
            fail(path, "is not a valid rank");
        }
        return static_cast<std::int32_t>(v);
    }

    std::int32_t optionalRank(const Json& value, const std::string& path) const
    {
        return value.isNull() ? kNoRank : rank(value, path);
    }

    std::uint32_t index(const Json& value, const std::string& path, std::size_t tableSize, const char* table) const
    {
        auto v = unsignedInt(value, path);
        if (v >= tableSize) {
            fail(path, "refers to entry " + std::to_string(v) + " of " + table + ", which has " +
                           std::to_string(tableSize) + " entries");
        }
        return static_cast<std::uint32_t>(v);
    }

    std::uint32_t optionalIndex(const Json& value, const std::string& path, std::size_t tableSize,
                                const char* table) const
    {
        return value.isNull() ? kNoIndex : index(value, path, tableSize, table);
    }

    std::string sha(const Json& value, const std::string& path) const
    {
        auto text = string(value, path);
        if (!isSha256Hex(text)) {
            fail(path, "must be a SHA-256 digest: 64 lowercase hex digits");
        }
        return text;
    }

    std::uint64_t ratio(const Json& value, const std::string& path) const
    {
        if (!value.isInteger() && !value.isNumber()) {
            fail(path, "must be a number (a ratio with six decimals), not " + json::describeValue(value));
        }
        // The literal converts exactly (never through floating point); digits beyond the sixth
        // decimal are refused rather than rounded.
        auto v = parseScaledDecimal(value.numberLiteral(), 6);
        constexpr std::int64_t kMaxRatioMicros = 9'000'000'000'000'000;
        if (v.error != DecimalError::None || v.value > kMaxRatioMicros) {
            fail(path, "must be a ratio between 0 and 9e9 with at most six decimals (got " +
                           json::describeValue(value) + ")");
        }
        return static_cast<std::uint64_t>(v.value);
    }

    /// An error record: every field present is a non-negative integer; an absent field is 0 (the
    /// writer leaves zero fields out). Unknown fields are refused.
    TimingErrors errors(const Json& value, const std::string& path) const
    {
        object(value, path);
        TimingErrors e;
        std::size_t known = 0;
        for (std::size_t f = 0; f < kErrorFieldCount; ++f) {
            std::string name(kErrorFieldNames[f]);
            if (const Json* field = value.find(name)) {
                ++known;
                errorField(e, f) = nonNegative(*field, join(path, name.c_str()));
            }
        }
        if (known != value.size()) {
            for (const auto& [name, field] : value.members()) {
                bool listed = false;
                for (auto fieldName : kErrorFieldNames) {
                    listed = listed || fieldName == name;
                }
                if (!listed) {
                    fail(join(path, name.c_str()), "is not an error field (gap_ns, arrival_offset_ns, skew_ns, "
                                                   "compute_before_ns, overlap_ns, pressure_e9, exposed_ns, drift_ns)");
                }
            }
        }
        return e;
    }

    /// An optional member: absent and null both mean "not declared".
    static const Json& optionalMember(const Json& object, const char* name)
    {
        static const Json kNull;
        const Json* found = object.find(name);
        return found == nullptr ? kNull : *found;
    }

    template <typename T> std::optional<T> cap(const Json& value, const std::string& path) const
    {
        if (value.isNull()) {
            return std::nullopt;
        }
        return static_cast<T>(nonNegative(value, path));
    }

    /// The budget: each cap, the sample limit and the group limits are written only when declared
    /// (absent or null: not declared).
    TimingBudget budget(const Json& value, const std::string& path) const
    {
        object(value, path);
        TimingBudget b;
        for (const auto& field : kBudgetCapFields) {
            b.*field.cap = cap<std::int64_t>(optionalMember(value, field.name), join(path, field.name));
        }
        const auto& limit = optionalMember(value, "timing_sample_limit");
        if (!limit.isNull()) {
            b.sampleLimit = positiveInt(limit, join(path, "timing_sample_limit"));
        }
        std::string groupsPath = join(path, "group_sample_limits");
        const auto& groupsValue = optionalMember(value, "group_sample_limits");
        if (groupsValue.isNull()) {
            return b;
        }
        const auto& groups = object(groupsValue, groupsPath);
        if (groups.size() > limits_.maxEvents) {
            fail(groupsPath, "has too many entries");
        }
        for (const auto& [hex, n] : groups.members()) {
            std::string entryPath = groupsPath + "." + hex;
            if (hex.size() != 16 || hex.find_first_not_of("0123456789abcdef") != std::string::npos) {
                fail(entryPath, "a group is named by 16 lowercase hex digits of its signature hash");
            }
            b.groupSampleLimits[std::stoull(hex, nullptr, 16)] = positiveInt(n, entryPath);
        }
        return b;
    }

    /// covered.runs: the kept source events of a subset, as [first, events] runs.
    void readCoveredRuns(const Json& value, CanaryHeader& h) const
    {
        const std::string path = "covered.runs";
        const auto& runs = array(value, path, limits_.maxEvents);
        if (runs.size() < 2) {
            fail(path, "a subset has at least two runs; one contiguous range is given by covered.first and "
                       "covered.last alone");
        }
        for (std::size_t k = 0; k < runs.size(); ++k) {
            const std::string runPath = at(path, k);
            if (!runs[k].isArray() || runs[k].size() != 2) {
                fail(runPath, "must be [first, events]");
            }
            CoveredRun run;
            run.first = unsignedInt(runs[k][0], at(runPath, 0));
            run.events = positiveInt(runs[k][1], at(runPath, 1));
            if (run.events > limits_.maxExpandedEvents || run.first > limits_.maxExpandedEvents * 4) {
                fail(runPath, "lies beyond any trace this reader accepts");
            }
            if (!h.coveredRuns.empty()) {
                const auto& prev = h.coveredRuns.back();
                if (run.first <= prev.first + prev.events) {
                    fail(runPath, "runs must be ascending, disjoint and not adjacent (maximal runs)");
                }
            }
            h.coveredRuns.push_back(run);
        }
        if (h.coveredRuns.front().first != h.coveredFirst ||
            h.coveredRuns.back().first + h.coveredRuns.back().events != h.coveredLast) {
            fail(path, "must start at covered.first and end at covered.last");
        }
    }

    std::uint64_t groupHash(const Json& value, const std::string& path) const
    {
        auto hex = string(value, path);
        if (hex.size() != 16 || hex.find_first_not_of("0123456789abcdef") != std::string::npos) {
            fail(path, "must be a signature group hash: 16 lowercase hex digits");
        }
        return std::stoull(hex, nullptr, 16);
    }

    Canary read(const Json& root)
    {
        object(root, "$");
        Canary c;
        auto& h = c.header;
        auto format = string(member(root, "", "format"), "format");
        if (format != kCanaryFormat) {
            fail("format", "is \"" + format + "\"; this reader understands " + std::string(kCanaryFormat));
        }
        h.sourceSha256 = sha(member(root, "", "source_sha256"), "source_sha256");
        h.sourceEvents = unsignedInt(member(root, "", "source_events"), "source_events");
        h.sourceBytes = unsignedInt(member(root, "", "source_bytes"), "source_bytes");
        h.canaryBytes = unsignedInt(member(root, "", "canary_bytes"), "canary_bytes");
        h.logicalEvents = unsignedInt(member(root, "", "logical_events"), "logical_events");
        h.storedEvents = unsignedInt(member(root, "", "stored_events"), "stored_events");
        h.coverage =
            named(member(root, "", "coverage"), "coverage", coverageFromName, "must be \"full\" or \"partial\"");
        h.timingMode = named(member(root, "", "timing_mode"), "timing_mode", timingModeFromName,
                             "must be \"lossless\" or \"bounded\"");
        h.eventRatioMicros = ratio(member(root, "", "event_compression_ratio"), "event_compression_ratio");
        h.byteRatioMicros = ratio(member(root, "", "byte_compression_ratio"), "byte_compression_ratio");
        h.claim = named(member(root, "", "claim"), "claim", claimFromName,
                        "must be behaviorally_unverified, behavior_verified or exact_expansion");
        const auto& limits = array(member(root, "", "claim_limits"), "claim_limits", 16);
        for (std::size_t k = 0; k < limits.size(); ++k) {
            h.claimLimits.push_back(string(limits[k], at("claim_limits", k)));
        }
        if (const Json& overrides = optionalMember(root, "resource_limit_overrides"); !overrides.isNull()) {
            const auto& list = array(overrides, "resource_limit_overrides", 16);
            for (std::size_t k = 0; k < list.size(); ++k) {
                h.resourceLimitOverrides.push_back(string(list[k], at("resource_limit_overrides", k)));
            }
        }
        const auto& covered = object(member(root, "", "covered"), "covered");
        h.coveredFirst = unsignedInt(member(covered, "covered", "first"), "covered.first");
        h.coveredLast = unsignedInt(member(covered, "covered", "last"), "covered.last");
        h.coveredSha256 = sha(member(covered, "covered", "sha256"), "covered.sha256");
        h.coveredBytes = unsignedInt(member(covered, "covered", "bytes"), "covered.bytes");
        if (h.coveredLast < h.coveredFirst) {
            fail("covered.last", "is before covered.first");
        }
        if (const Json* runs = covered.find("runs")) {
            readCoveredRuns(*runs, h);
        }
        if (const Json* b = root.find("budget")) {
            h.budget = budget(*b, "budget");
        }
        h.bounds = errors(member(root, "", "bounds"), "bounds");
        const auto& compiler = object(member(root, "", "compiler"), "compiler");
        auto name = string(member(compiler, "compiler", "name"), "compiler.name");
        if (name != kCanaryCompilerName) {
            fail("compiler.name", "is \"" + name + "\"; expected \"" + std::string(kCanaryCompilerName) + "\"");
        }
        h.compilerVersion = string(member(compiler, "compiler", "version"), "compiler.version");
        auto timing = string(member(compiler, "compiler", "source_timing"), "compiler.source_timing");
        if (timing == "timestamped") {
            h.sourceTiming = TimingSemantics::Timestamped;
        } else if (timing == "gapped") {
            h.sourceTiming = TimingSemantics::Gapped;
        } else if (timing == "mixed-gapped") {
            h.sourceTiming = TimingSemantics::MixedGapped;
        } else {
            fail("compiler.source_timing", "must be timestamped, gapped or mixed-gapped");
        }
        readProgram(object(member(root, "", "program"), "program"), c);
        return c;
    }

    void readProgram(const Json& p, Canary& c)
    {
        const std::uint64_t maxEntries = limits_.maxEvents;
        auto expansion = string(member(p, "program", "expansion"), "program.expansion");
        if (expansion != "timestamped" && expansion != "gapped") {
            fail("program.expansion", "must be \"timestamped\" or \"gapped\"");
        }
        c.timestamped = expansion == "timestamped";
        c.originNs = nonNegative(member(p, "program", "origin_ns"), "program.origin_ns");

        const auto& strings = array(member(p, "program", "strings"), "program.strings", maxEntries);
        for (std::size_t k = 0; k < strings.size(); ++k) {
            c.strings.push_back(string(strings[k], at("program.strings", k)));
        }
        const auto& rankSets = array(member(p, "program", "rank_sets"), "program.rank_sets", maxEntries);
        for (std::size_t k = 0; k < rankSets.size(); ++k) {
            std::string path = at("program.rank_sets", k);
            const auto& ranks = array(rankSets[k], path, limits_.maxRanksPerEvent);
            CanaryRankSet set;
            for (std::size_t r = 0; r < ranks.size(); ++r) {
                set.ranks.push_back(rank(ranks[r], at(path, r)));
            }
            c.rankSets.push_back(std::move(set));
        }
        readSignatures(array(member(p, "program", "signatures"), "program.signatures", maxEntries), c);
        readTimings(array(member(p, "program", "timings"), "program.timings", maxEntries), c);
        const auto& tokens = array(member(p, "program", "tokens"), "program.tokens", maxEntries);
        for (std::size_t k = 0; k < tokens.size(); ++k) {
            std::string path = at("program.tokens", k);
            const auto& pair = array(tokens[k], path, 2);
            if (pair.size() != 2) {
                fail(path, "must be [signature, timing]");
            }
            CanaryToken token{index(pair[0], at(path, 0), c.signatures.size(), "program.signatures"),
                              index(pair[1], at(path, 1), c.timings.size(), "program.timings")};
            checkArrivals(c, token, path);
            c.tokens.push_back(token);
        }
        readSequences(array(member(p, "program", "message_sequences"), "program.message_sequences", maxEntries), c);
        readSegments(array(member(p, "program", "segments"), "program.segments", maxEntries), c);
    }

    /// Arrivals must come from member ranks; known skew with arrivals needs every member; an
    /// unknown skew has no arrival values (else the expansion would invent a measurement).
    void checkArrivals(const Canary& c, const CanaryToken& token, const std::string& path) const
    {
        const auto& timing = c.timings[token.timing];
        if ((timing.layout & kLayoutArrivals) == 0) {
            return;
        }
        const auto& members = c.rankSets[c.signatures[token.signature].rankSet].ranks;
        const auto& arrivals = c.rankSets[timing.arrivalRanks].ranks;
        std::set<std::int32_t> memberSet(members.begin(), members.end());
        std::set<std::int32_t> seen;
        for (auto r : arrivals) {
            if (memberSet.count(r) == 0 || !seen.insert(r).second) {
                fail(path, "pairs an arrival of rank " + std::to_string(r) +
                               " with a signature whose ranks do not include it (or name it twice)");
            }
        }
        const bool known = (timing.layout & kLayoutSkewKnown) != 0;
        const bool partial = (timing.layout & kLayoutSkewPartial) != 0;
        if (known && seen.size() != memberSet.size()) {
            fail(path, "a known skew with arrivals needs an arrival from every member rank");
        }
        if (!known && !partial && !arrivals.empty()) {
            fail(path, "an unknown skew cannot carry arrival values");
        }
    }

    void readSignatures(const Json& list, Canary& c)
    {
        for (std::size_t k = 0; k < list.size(); ++k) {
            std::string path = at("program.signatures", k);
            const auto& a = array(list[k], path, 15);
            if (a.size() != 15) {
                fail(path, "must have 15 fields: op, custom_op, bytes, rank set, group, phase, dtype, tag, channel, "
                           "reduction_op, root_rank, sender_rank, receiver_rank, concurrent_groups, group hash");
            }
            CanarySignature s;
            s.op = index(a[0], at(path, 0), c.strings.size(), "program.strings");
            auto custom = unsignedInt(a[1], at(path, 1));
            if (custom > 1) {
                fail(at(path, 1), "custom_op must be 0 or 1");
            }
            s.customOp = custom == 1;
            s.bytes = nonNegative(a[2], at(path, 2));
            s.rankSet = index(a[3], at(path, 3), c.rankSets.size(), "program.rank_sets");
            std::uint32_t* strings[] = {&s.group, &s.phase, &s.dtype, &s.tag, &s.channel, &s.reductionOp};
            for (std::size_t f = 0; f < 6; ++f) {
                *strings[f] = optionalIndex(a[4 + f], at(path, 4 + f), c.strings.size(), "program.strings");
            }
            s.rootRank = optionalRank(a[10], at(path, 10));
            s.senderRank = optionalRank(a[11], at(path, 11));
            s.receiverRank = optionalRank(a[12], at(path, 12));
            s.concurrentGroups = optionalRank(a[13], at(path, 13));
            s.groupHash = groupHash(a[14], at(path, 14));
            c.signatures.push_back(s);
        }
    }

    void readTimings(const Json& list, Canary& c)
    {
        for (std::size_t k = 0; k < list.size(); ++k) {
            std::string path = at("program.timings", k);
            const auto& a = array(list[k], path, 8 + limits_.maxRanksPerEvent);
            if (a.size() < 2) {
                fail(path, "must start with the layout and the gap");
            }
            CanaryTiming t;
            auto layout = unsignedInt(a[0], at(path, 0));
            if ((layout & ~static_cast<std::uint64_t>(kLayoutAllBits)) != 0) {
                fail(at(path, 0), "layout has unknown bits");
            }
            t.layout = static_cast<std::uint32_t>(layout);
            if ((t.layout & kLayoutSkewKnown) != 0 && (t.layout & kLayoutSkewPartial) != 0) {
                fail(at(path, 0), "layout marks the skew both known and partial");
            }
            if ((t.layout & kLayoutOverlap) != 0 && (t.layout & kLayoutOverlapUnknown) != 0) {
                fail(at(path, 0), "layout marks the compute overlap both measured and unknown");
            }
            std::size_t pos = 1;
            auto next = [&](const char* what) {
                if (pos >= a.size()) {
                    fail(path, std::string("is too short: its layout needs ") + what);
                }
                auto v = nonNegative(a[pos], at(path, pos));
                ++pos;
                return v;
            };
            t.gap = next("the gap");
            if ((t.layout & kLayoutComputeBefore) != 0) {
                t.computeBefore = next("compute_before");
            }
            if ((t.layout & kLayoutOverlap) != 0) {
                t.overlap = next("compute_overlap");
            }
            if ((t.layout & kLayoutPressure) != 0) {
                t.pressure = next("compute_pressure");
            }
            if ((t.layout & kLayoutExposed) != 0) {
                t.exposed = next("observed_exposed");
            }
            if (layoutStoresSkew(t.layout)) {
                t.skew = next("the skew");
            }
            if ((t.layout & kLayoutArrivals) != 0) {
                if (pos >= a.size()) {
                    fail(path, "is too short: its layout needs the arrival rank set");
                }
                t.arrivalRanks = index(a[pos], at(path, pos), c.rankSets.size(), "program.rank_sets");
                ++pos;
                const auto& ranks = c.rankSets[t.arrivalRanks].ranks;
                for (std::size_t r = 0; r < ranks.size(); ++r) {
                    t.arrivalTimes.push_back(next("one arrival time per arrival rank"));
                }
            }
            if (pos != a.size()) {
                fail(path, "has " + std::to_string(a.size() - pos) + " values more than its layout describes");
            }
            c.timings.push_back(std::move(t));
        }
    }

    void readSequences(const Json& list, Canary& c)
    {
        std::uint64_t elements = 0;
        for (std::size_t k = 0; k < list.size(); ++k) {
            std::string path = at("program.message_sequences", k);
            const auto& a = array(list[k], path, limits_.maxEvents);
            if (a.size() < 2) {
                fail(path, "must be [repeats, element, ...]");
            }
            elements += a.size();
            if (elements > limits_.maxEvents) {
                fail(path, "the message-sequence program has more elements than the limit of " +
                               std::to_string(limits_.maxEvents));
            }
            SequenceEntry entry;
            entry.repeats = positiveInt(a[0], at(path, 0));
            for (std::size_t e = 1; e < a.size(); ++e) {
                std::string ePath = at(path, e);
                SequenceElement element;
                if (!a[e].isNull()) {
                    const auto& pair = array(a[e], ePath, 2);
                    if (pair.size() != 2) {
                        fail(ePath, "must be null or [start, step]");
                    }
                    element.present = true;
                    element.start = signedInt(pair[0], at(ePath, 0));
                    if (element.start < 0) {
                        fail(at(ePath, 0), "must be a non-negative message sequence number");
                    }
                    element.step = signedInt(pair[1], at(ePath, 1));
                    // The last round must stay a valid sequence number (each element is monotone).
                    WideInt last = static_cast<WideInt>(element.start) +
                                   static_cast<WideInt>(element.step) * static_cast<WideInt>(entry.repeats - 1);
                    if (last < 0 || last > static_cast<WideInt>(INT64_MAX)) {
                        fail(ePath, "leaves the range of message sequence numbers after " +
                                        std::to_string(entry.repeats) + " rounds");
                    }
                }
                entry.elements.push_back(element);
            }
            c.messageSequences.push_back(std::move(entry));
        }
    }

    void readSegments(const Json& list, Canary& c)
    {
        std::uint64_t items = 0;
        const std::vector<CoveredRun>& runs = c.header.coveredRuns;
        std::size_t run = 0; // the run of covered.runs the current segment lies in (subsets only)
        for (std::size_t k = 0; k < list.size(); ++k) {
            std::string path = at("program.segments", k);
            const auto& o = object(list[k], path);
            CanarySegment s;
            s.kind = named(member(o, path, "kind"), join(path, "kind"), segmentKindFromName,
                           "must be run, motif, literal or interval");
            s.first = unsignedInt(member(o, path, "first"), join(path, "first"));
            s.events = unsignedInt(member(o, path, "events"), join(path, "events"));
            if (o.contains("repeats")) {
                s.repeats = positiveInt(*o.find("repeats"), join(path, "repeats"));
            }
            if (o.contains("tail")) {
                s.tail = unsignedInt(*o.find("tail"), join(path, "tail"));
            }
            std::string bodyPath = join(path, "body");
            const auto& body = array(member(o, path, "body"), bodyPath, limits_.maxEvents);
            if (body.size() == 0) {
                fail(bodyPath, "must not be empty");
            }
            items += body.size();
            if (items > limits_.maxEvents) {
                fail(bodyPath, "the program stores more items than the limit of " + std::to_string(limits_.maxEvents));
            }
            for (std::size_t b = 0; b < body.size(); ++b) {
                std::string itemPath = at(bodyPath, b);
                CanaryItem item;
                if (body[b].isArray()) {
                    if (body[b].size() != 2) {
                        fail(itemPath, "must be a token index or [token, count]");
                    }
                    item.token = index(body[b][0], at(itemPath, 0), c.tokens.size(), "program.tokens");
                    item.count = positiveInt(body[b][1], at(itemPath, 1));
                } else {
                    item.token = index(body[b], itemPath, c.tokens.size(), "program.tokens");
                }
                s.body.push_back(item);
            }
            if (s.tail >= s.body.size() && s.tail != 0) {
                fail(join(path, "tail"), "must be smaller than the body (" + std::to_string(s.body.size()) + " items)");
            }
            s.sha256 = sha(member(o, path, "sha256"), join(path, "sha256"));
            if (o.contains("bounds")) {
                s.bounds = errors(*o.find("bounds"), join(path, "bounds"));
            }
            // Shape rules of each kind.
            const bool single = s.body.size() == 1 && s.repeats == 1 && s.tail == 0;
            switch (s.kind) {
            case SegmentKind::Run:
                if (!single || s.body[0].count < 2) {
                    fail(path, "a run is one token repeated: one body item with a count of at least 2");
                }
                break;
            case SegmentKind::Literal:
                if (s.repeats != 1 || s.tail != 0) {
                    fail(path, "a literal is played once: no repeats, no tail");
                }
                break;
            case SegmentKind::Motif:
                if (s.repeats < 2 && s.tail == 0) {
                    fail(path, "a motif repeats its body: repeats of at least 2, or a tail");
                }
                break;
            case SegmentKind::Interval:
                break;
            }
            if ((s.kind == SegmentKind::Interval) != s.bounds.has_value()) {
                fail(join(path, "bounds"), s.kind == SegmentKind::Interval
                                               ? "an interval must record its per-field error bounds"
                                               : "only intervals carry error bounds; exact segments have none");
            }
            auto events = segmentEventCount(s);
            if (!events) {
                fail(path, "expands to more events than a 64-bit count can hold");
            }
            if (*events != s.events) {
                fail(join(path, "events"), "says " + std::to_string(s.events) +
                                               " but the body, repeats and tail expand to " + std::to_string(*events));
            }
            if (k == 0 && s.first != c.header.coveredFirst) {
                fail(join(path, "first"),
                     "the first segment must start at covered.first (" + std::to_string(c.header.coveredFirst) + ")");
            }
            if (k > 0) {
                const auto& prev = c.segments.back();
                std::uint64_t expected = prev.first + prev.events;
                // In a subset, a segment that ends its run is followed by the next run's first event.
                if (run < runs.size() && expected == runs[run].first + runs[run].events && run + 1 < runs.size()) {
                    ++run;
                    expected = runs[run].first;
                }
                if (s.first != expected) {
                    fail(join(path, "first"),
                         "segments must follow one another in source order: expected " + std::to_string(expected));
                }
            }
            if (!runs.empty() && (run >= runs.size() || s.events > runs[run].first + runs[run].events - s.first)) {
                fail(join(path, "events"), "a segment of a subset lies inside one run of covered.runs");
            }
            c.segments.push_back(std::move(s));
        }
        auto total = programEventCount(c);
        if (!total) {
            fail("program.segments", "expand to more events than a 64-bit count can hold");
        }
        if (isSubset(c.header)) {
            const auto covered = coveredEventCount(c.header);
            if (!covered || *covered != *total) {
                fail("program.segments", "cover " + std::to_string(*total) + " events but covered.runs hold " +
                                             (covered ? std::to_string(*covered) : std::string("too many")));
            }
        } else if (c.header.coveredFirst + *total != c.header.coveredLast) {
            fail("program.segments", "cover " + std::to_string(*total) + " events but covered spans [" +
                                         std::to_string(c.header.coveredFirst) + ", " +
                                         std::to_string(c.header.coveredLast) + ")");
        }
        auto sequences = sequenceEventCount(c.messageSequences);
        if (!sequences || *sequences != *total) {
            fail("program.message_sequences",
                 "yield " + (sequences ? std::to_string(*sequences) : std::string("too many")) +
                     " values but the segments expand to " + std::to_string(*total) + " events");
        }
    }

private:
    std::string file_;
    const ResourceLimits& limits_;
};

} // namespace

Canary parseCanary(std::string_view text, const std::string& sourceName)
{
    const Json root = json::parse(text, sourceName);
    Reader reader(sourceName);
    Canary canary = reader.read(root);
    canary.sourceName = sourceName;
    return canary;
}

Canary readCanary(const std::filesystem::path& path)
{
    std::string bytes = readFileBounded(path, resourceLimits().maxInputBytes);
    return parseCanary(bytes, path.string());
}

CanaryConsistency checkCanaryConsistency(const Canary& c, std::uint64_t actualBytes)
{
    CanaryConsistency result;
    auto& problems = result.compression;
    const auto& h = c.header;
    auto logical = programEventCount(c).value_or(0);
    if (h.logicalEvents != logical) {
        problems.push_back("logical_events says " + std::to_string(h.logicalEvents) + " but the program expands to " +
                           std::to_string(logical));
    }
    auto stored = programStoredEvents(c);
    if (h.storedEvents != stored) {
        problems.push_back("stored_events says " + std::to_string(h.storedEvents) + " but the program stores " +
                           std::to_string(stored));
    }
    if (h.eventRatioMicros != ratioMicros(logical, stored)) {
        problems.push_back("event_compression_ratio says " + formatRatioMicros(h.eventRatioMicros) + " but " +
                           std::to_string(logical) + " / " + std::to_string(stored) + " is " +
                           formatRatioMicros(ratioMicros(logical, stored)));
    }
    if (h.byteRatioMicros != ratioMicros(h.coveredBytes, h.canaryBytes)) {
        problems.push_back("byte_compression_ratio says " + formatRatioMicros(h.byteRatioMicros) + " but " +
                           std::to_string(h.coveredBytes) + " / " + std::to_string(h.canaryBytes) + " is " +
                           formatRatioMicros(ratioMicros(h.coveredBytes, h.canaryBytes)));
    }
    if (actualBytes != 0 && h.canaryBytes != actualBytes) {
        problems.push_back("canary_bytes says " + std::to_string(h.canaryBytes) + " but the canary is " +
                           std::to_string(actualBytes) + " bytes");
    }
    auto& coverageProblems = result.coverage;
    const bool wholeRange = !isSubset(h) && h.coveredFirst == 0 && h.coveredLast == h.sourceEvents;
    if (h.coverage == CanaryCoverage::Full && !wholeRange) {
        coverageProblems.push_back("coverage says full but the canary covers " +
                                   (isSubset(h) ? std::to_string(h.coveredRuns.size()) + " scattered runs of events in "
                                                : std::string("events ")) +
                                   "[" + std::to_string(h.coveredFirst) + ", " + std::to_string(h.coveredLast) +
                                   ") of " + std::to_string(h.sourceEvents));
    }
    if (h.coverage == CanaryCoverage::Partial && wholeRange) {
        coverageProblems.push_back("coverage says partial but the canary covers every source event");
    }
    if (h.coverage == CanaryCoverage::Full && h.coveredBytes != h.sourceBytes) {
        coverageProblems.push_back("covered.bytes of a full canary must equal source_bytes");
    }
    auto& claimProblems = result.claim;
    if (h.coverage == CanaryCoverage::Partial && h.claim != CanaryClaim::BehaviorallyUnverified) {
        claimProblems.push_back("claim says " + std::string(claimName(h.claim)) +
                                " but a partial canary can never carry a claim above behaviorally_unverified");
    }
    for (const auto& limit : h.claimLimits) {
        if (limit != kLimitBoundedTiming && h.claim != CanaryClaim::BehaviorallyUnverified) {
            claimProblems.push_back("claim says " + std::string(claimName(h.claim)) + " but claim_limits lists " +
                                    limit + ", which caps the claim at behaviorally_unverified");
        }
    }
    if (h.claim == CanaryClaim::ExactExpansion && h.timingMode != CanaryTimingMode::Lossless) {
        claimProblems.push_back("claim says exact_expansion but the timing mode is bounded");
    }
    auto& boundProblems = result.bounds;
    if (h.timingMode == CanaryTimingMode::Lossless) {
        if (!h.bounds.isZero()) {
            boundProblems.push_back("a lossless canary must record zero error bounds");
        }
        if (h.budget) {
            boundProblems.push_back("a lossless canary carries no budget");
        }
    } else if (!h.budget) {
        boundProblems.push_back("a bounded canary must record its budget");
    }
    for (std::size_t k = 0; k < c.segments.size(); ++k) {
        const auto& s = c.segments[k];
        if (s.kind == SegmentKind::Interval && h.timingMode == CanaryTimingMode::Lossless) {
            boundProblems.push_back("segment " + std::to_string(k) + " is an interval but the canary says lossless");
        }
        if (s.bounds) {
            auto field = s.bounds->firstExceeding(h.bounds);
            if (!field.empty()) {
                boundProblems.push_back("segment " + std::to_string(k) + " records a " + field +
                                        " bound above the canary's header bound");
            }
        }
    }
    if (h.budget) {
        for (const auto& excess : budgetExcesses(*h.budget, h.bounds)) {
            boundProblems.push_back(describeBudgetExcess(excess));
        }
    }
    return result;
}

std::vector<std::pair<std::string, std::string>> canaryFacts(const Canary& c)
{
    std::vector<std::pair<std::string, std::string>> facts;
    const auto& h = c.header;
    facts.emplace_back("source sha256", h.sourceSha256);
    facts.emplace_back("source events", std::to_string(h.sourceEvents));
    std::string coverage = std::string(coverageName(h.coverage));
    if (isSubset(h)) {
        coverage += " (a subset: " + std::to_string(coveredEventCount(h).value_or(0)) + " kept events in " +
                    std::to_string(h.coveredRuns.size()) + " runs between events " + std::to_string(h.coveredFirst) +
                    " and " + std::to_string(h.coveredLast - 1) + ")";
    } else if (h.coverage == CanaryCoverage::Partial) {
        coverage += " (events [" + std::to_string(h.coveredFirst) + ", " + std::to_string(h.coveredLast) + "))";
    }
    facts.emplace_back("coverage", coverage);
    facts.emplace_back("timing mode", std::string(timingModeName(h.timingMode)));
    std::string claim = std::string(claimName(h.claim));
    for (std::size_t k = 0; k < h.claimLimits.size(); ++k) {
        claim += (k == 0 ? " (" : ", ") + h.claimLimits[k] + (k + 1 == h.claimLimits.size() ? ")" : "");
    }
    facts.emplace_back("claim", claim);
    if (!h.resourceLimitOverrides.empty()) {
        std::string overrides;
        for (const auto& o : h.resourceLimitOverrides) {
            overrides += (overrides.empty() ? "" : ", ") + o;
        }
        facts.emplace_back("compiled under limits", overrides);
    }
    facts.emplace_back("events", std::to_string(h.logicalEvents) + " logical in " + std::to_string(h.storedEvents) +
                                     " stored (event ratio " + formatRatioMicros(h.eventRatioMicros) + ")");
    facts.emplace_back("bytes", std::to_string(h.canaryBytes) + " for " + std::to_string(h.coveredBytes) +
                                    " covered source bytes (byte ratio " + formatRatioMicros(h.byteRatioMicros) + ")");
    facts.emplace_back("program", std::to_string(c.segments.size()) + " segments, " +
                                      std::to_string(c.signatures.size()) + " signatures, " +
                                      std::to_string(c.timings.size()) + " timing samples");
    if (h.timingMode == CanaryTimingMode::Bounded) {
        std::string bounds;
        for (std::size_t f = 0; f < kErrorFieldCount; ++f) {
            if (errorField(h.bounds, f) != 0) {
                bounds += (bounds.empty() ? "" : " ") + std::string(kErrorFieldNames[f]) + "=" +
                          std::to_string(errorField(h.bounds, f));
            }
        }
        facts.emplace_back("recorded bounds", bounds.empty() ? std::string("all zero") : bounds);
    }
    return facts;
}

} // namespace cc
