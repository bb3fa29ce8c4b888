// The strict reader of the verification format, the inverse of verificationJson. Every field is
// read with its type and range; what the writer derives (counts, orders, fixed texts, the model)
// is then checked by writing the report again and comparing the two documents value by value, so
// an accepted document is exactly what the writer writes for the report it holds.
#include "core/verify/verification_json.h"

#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/reader.h"
#include "core/util/json/writer.h"
#include "core/util/limits.h"

#include <array>
#include <limits>

namespace cc::verify {

namespace {

using Json = json::Value;
using json::childPath;

constexpr std::int64_t kMaxInt = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMinInt = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kPpm = 1'000'000;

/// Typed access to one object's members, each named by its JSON path in a refusal.
class Fields {
public:
    Fields(const json::Reader& reader, const Json& value, std::string path)
        : reader_(reader), object_(reader.object(value, path)), path_(std::move(path))
    {
    }

    const std::string& path() const { return path_; }
    std::string at(std::string_view key) const { return childPath(path_, key); }
    const json::Reader& reader() const { return reader_; }

    const Json& value(std::string_view key) const { return reader_.member(object_, path_, key); }
    bool has(std::string_view key) const { return object_.contains(key); }
    Fields object(std::string_view key) const { return Fields(reader_, value(key), at(key)); }
    const Json& array(std::string_view key) const { return reader_.array(value(key), at(key)); }
    std::string string(std::string_view key) const { return reader_.string(value(key), at(key)); }
    bool boolean(std::string_view key) const { return reader_.boolean(value(key), at(key)); }
    std::uint64_t count(std::string_view key) const { return reader_.unsignedInteger(value(key), at(key)); }
    std::int64_t integer(std::string_view key, std::int64_t min = 0, std::int64_t max = kMaxInt) const
    {
        return reader_.integer(value(key), at(key), min, max);
    }
    std::uint32_t index(std::string_view key) const
    {
        return static_cast<std::uint32_t>(integer(key, 0, std::numeric_limits<std::uint32_t>::max()));
    }
    /// "pass" or "fail".
    bool verdict(std::string_view key) const
    {
        const std::string text = string(key);
        if (text != "pass" && text != "fail") {
            reader_.fail(at(key), "must be \"pass\" or \"fail\", not \"" + text + "\"");
        }
        return text == "pass";
    }
    std::vector<std::string> strings(std::string_view key) const
    {
        const Json& list = array(key);
        std::vector<std::string> out;
        out.reserve(list.size());
        for (std::size_t i = 0; i < list.size(); ++i) {
            out.push_back(reader_.string(list[i], childPath(at(key), i)));
        }
        return out;
    }
    /// A name from a fixed vocabulary: fromName returns nullopt for an unknown one.
    template <typename T, typename FromName>
    T named(std::string_view key, FromName fromName, std::string_view known) const
    {
        const std::string text = string(key);
        const std::optional<T> parsed = fromName(text);
        if (!parsed) {
            reader_.fail(at(key), "must be one of " + std::string(known) + ", not \"" + text + "\"");
        }
        return *parsed;
    }

private:
    const json::Reader& reader_;
    const Json& object_;
    std::string path_;
};

template <typename Enum, std::size_t N, typename NameOf>
std::optional<Enum> byName(std::string_view text, const std::array<Enum, N>& values, NameOf nameOf)
{
    for (const Enum value : values) {
        if (nameOf(value) == text) {
            return value;
        }
    }
    return std::nullopt;
}

std::optional<Relation> relationFromName(std::string_view text)
{
    return byName(text, std::array{Relation::Tie, Relation::LeftBetter, Relation::RightBetter}, relationName);
}

std::optional<RankMetric> rankMetricFromName(std::string_view text)
{
    return byName(text, std::array{RankMetric::Median, RankMetric::P95, RankMetric::P99, RankMetric::Mean},
                  rankMetricName);
}

Distribution readDistribution(const Fields& f)
{
    Distribution d;
    d.count = f.count("count");
    d.median = f.integer("median_ns");
    d.p95 = f.integer("p95_ns");
    d.p99 = f.integer("p99_ns");
    d.max = f.integer("max_ns");
    d.mean = f.integer("mean_ns");
    return d;
}

TimingErrors readTimingErrors(const Fields& f)
{
    TimingErrors e;
    for (std::size_t k = 0; k < kErrorFieldCount; ++k) {
        errorField(e, k) = f.integer(kErrorFieldNames[k]);
    }
    return e;
}

std::vector<SegmentFinding> readFindings(const Fields& parent, std::string_view key)
{
    const Json& list = parent.array(key);
    std::vector<SegmentFinding> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Fields f(parent.reader(), list[i], childPath(parent.at(key), i));
        out.push_back(SegmentFinding{f.count("segment"), f.count("first"), f.count("events"), f.string("detail")});
    }
    return out;
}

MetricCheck readCheck(const Fields& f, const std::string& scope)
{
    MetricCheck m;
    m.scope = scope;
    m.metric = f.string("metric");
    if (scope == "phase" || scope == "operation") {
        m.name = f.string("name");
    }
    m.unit = f.string("unit");
    m.pass = f.verdict("status");
    m.value.pass = m.pass;
    if (m.metric == "present") {
        m.sourcePresent = f.boolean("source_present");
        m.canaryPresent = f.boolean("canary_present");
        m.value.source = f.integer("source_samples");
        m.value.canary = f.integer("canary_samples");
        m.value.absoluteDelta = absoluteDifference(m.value.source, m.value.canary);
        return m;
    }
    m.value.source = f.integer("source", kMinInt);
    m.value.canary = f.integer("canary", kMinInt);
    m.value.absoluteDelta = f.integer("absolute_delta");
    const Json& relative = f.value("relative_delta_ppm");
    if (!relative.isNull()) {
        m.value.relativePpm = f.integer("relative_delta_ppm");
    }
    const Fields tolerance = f.object("tolerance");
    m.toleranceAbsolute = tolerance.integer("absolute");
    m.toleranceRelativePpm = tolerance.integer("relative_ppm");
    return m;
}

std::vector<MetricCheck> readChecks(const Fields& parent, std::string_view key, const std::string& scope)
{
    const Json& list = parent.array(key);
    std::vector<MetricCheck> out;
    out.reserve(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) {
        out.push_back(readCheck(Fields(parent.reader(), list[i], childPath(parent.at(key), i)), scope));
    }
    return out;
}

ConfigurationSummary readSide(const Fields& f)
{
    ConfigurationSummary s;
    s.latency = readDistribution(f.object("latency"));
    s.queueWait = readDistribution(f.object("queue_wait"));
    s.hiddenSharePpm = f.integer("hidden_share_ppm");
    s.tailCount = f.count("tail_samples");
    s.skewUnknownSamples = f.count("skew_unknown_samples");
    s.skewPartialSamples = f.count("skew_partial_samples");
    s.overlapUnknownSamples = f.count("overlap_unknown_samples");
    return s;
}

TailRecall readTail(const Fields& f)
{
    TailRecall t;
    t.pass = f.verdict("status");
    (void)f.string("meaning");
    t.correspondence = f.boolean("event_correspondence");
    t.sourceP99 = f.integer("source_p99_ns");
    t.stillExpensiveFrom = f.integer("still_expensive_from_ns");
    t.sourceTailSamples = f.count("source_tail_samples");
    t.present = f.count("present");
    t.recalled = f.count("recalled");
    t.recallPpm = f.integer("recall_ppm", 0, kPpm);
    t.thresholdPpm = f.integer("threshold_ppm", 0, kPpm);
    const Json& missed = f.array("first_missed");
    for (std::size_t i = 0; i < missed.size(); ++i) {
        const Fields m(f.reader(), missed[i], childPath(f.at("first_missed"), i));
        TailRecall::Missed x;
        x.event = m.index("event");
        x.iteration = m.index("iteration");
        x.sourceLatency = m.integer("source_latency_ns");
        x.present = m.boolean("present");
        const Json& canary = m.value("canary_latency_ns");
        if (x.present) {
            x.canaryLatency = m.integer("canary_latency_ns");
        } else if (!canary.isNull()) {
            m.reader().fail(m.at("canary_latency_ns"),
                            "must be null when the sample is not present in the canary, not " +
                                json::describeValue(canary));
        }
        t.missed.push_back(x);
    }
    return t;
}

ConfigurationFidelity readConfiguration(const Fields& f)
{
    ConfigurationFidelity c;
    c.name = f.string("name");
    c.pass = f.verdict("status");
    c.sourceSamples = f.count("source_samples");
    c.canarySamples = f.count("canary_samples");
    c.source = readSide(f.object("source"));
    c.canary = readSide(f.object("canary"));
    c.latency = readChecks(f, "latency_checks", "latency");
    c.queueWait = readChecks(f, "queue_wait_checks", "queue_wait");
    c.hiddenShare = readCheck(f.object("hidden_share_check"), "hidden_share");
    c.phases = readChecks(f, "phase_checks", "phase");
    c.operations = readChecks(f, "operation_checks", "operation");
    c.tail = readTail(f.object("tail_event_recall"));
    return c;
}

void readTiming(const Fields& s, TimingModeStatus& t)
{
    t.pass = s.verdict("status");
    t.declared = s.named<CanaryTimingMode>("mode", timingModeFromName, "lossless, bounded");
    const Fields ev = s.object("evidence");
    (void)ev.string("attested_by");
    t.method = ev.string("method");
    t.correspondence = ev.boolean("event_correspondence");
    t.segmentsChecked = ev.count("segments_checked");
    t.segmentsFailed = ev.count("segments_failed");
    t.measured = readTimingErrors(ev.object("measured_max_error"));
    t.declaredBounds = readTimingErrors(ev.object("declared_bounds"));
    (void)ev.string("drift_note");
    t.findings = readFindings(ev, "first_failing_segments");
    t.problems = ev.strings("problems");
}

void readCommitments(const Fields& s, CommitmentsStatus& c)
{
    c.pass = s.verdict("status");
    const Fields ev = s.object("evidence");
    (void)ev.string("algorithm");
    c.sourceSha256 = ev.string("source_sha256");
    c.declaredSourceSha256 = ev.string("declared_source_sha256");
    c.sourceMatches = ev.boolean("source_matches");
    c.sourceEvents = ev.count("source_events");
    c.declaredSourceEvents = ev.count("declared_source_events");
    c.coveredRangeMatches = ev.boolean("covered_range_recomputes");
    c.coveredForm = ev.string("covered_sha256_form");
    c.segments = ev.count("segments");
    c.segmentsRecomputed = ev.count("segments_recomputed");
    c.findings = readFindings(ev, "first_failing_segments");
    c.problems = ev.strings("problems");
}

void readCoverage(const Fields& s, CoverageStatus& c)
{
    c.pass = s.verdict("status");
    c.actual = s.named<CanaryCoverage>("coverage", coverageFromName, "full, partial");
    const Fields ev = s.object("evidence");
    c.declared = ev.named<CanaryCoverage>("declared", coverageFromName, "full, partial");
    c.coveredFirst = ev.count("covered_first");
    c.coveredLast = ev.count("covered_last");
    c.logicalEvents = ev.count("logical_events");
    c.sourceEvents = ev.count("source_events");
    if (ev.has("covered_runs")) {
        const Json& runs = ev.array("covered_runs");
        if (runs.size() == 0) {
            ev.reader().fail(ev.at("covered_runs"),
                             "must list the kept runs of a subset; a contiguous range has no covered_runs");
        }
        for (std::size_t i = 0; i < runs.size(); ++i) {
            const std::string path = childPath(ev.at("covered_runs"), i);
            const Json& run = ev.reader().array(runs[i], path);
            if (run.size() != 2) {
                ev.reader().fail(path,
                                 "must be a [first, events] pair, not " + std::to_string(run.size()) + " numbers");
            }
            c.coveredRuns.push_back(CoveredRun{ev.reader().unsignedInteger(run[0], childPath(path, 0)),
                                               ev.reader().unsignedInteger(run[1], childPath(path, 1))});
        }
    }
    c.canaryClaim = ev.named<CanaryClaim>(
        "canary_claim", static_cast<std::optional<CanaryClaim> (*)(std::string_view)>(cc::claimFromName),
        "verified, behaviorally_unverified, partial, failed");
    c.problems = ev.strings("problems");
}

void readFidelity(const Fields& s, VerificationReport& r)
{
    FidelityStatus& f = r.fidelity;
    f.pass = s.verdict("status");
    const Fields ev = s.object("evidence");
    const Fields tol = ev.object("tolerances");
    r.tolerances.relativePpm = tol.integer("relative_ppm");
    r.tolerances.absoluteNs = tol.integer("absolute_ns");
    r.tolerances.hiddenSharePpm = tol.integer("hidden_share_ppm");
    r.tolerances.tailRecallPpm = tol.integer("tail_recall_ppm", 0, kPpm);
    (void)tol.string("rule");
    f.checks = ev.count("checks");
    f.failedChecks = ev.count("failed_checks");
    if (f.failedChecks > f.checks) {
        ev.reader().fail(ev.at("failed_checks"), "must not exceed checks (" + std::to_string(f.checks) + ")");
    }
    const Json& configs = ev.array("configurations");
    for (std::size_t i = 0; i < configs.size(); ++i) {
        f.configurations.push_back(
            readConfiguration(Fields(ev.reader(), configs[i], childPath(ev.at("configurations"), i))));
    }
}

void readRanking(const Fields& s, VerificationReport& r)
{
    RankingStatus& k = r.ranking;
    k.pass = s.verdict("status");
    const Fields ev = s.object("evidence");
    k.passed = ev.count("agreeing_decisions");
    const Fields tie = ev.object("tie_tolerance");
    r.tolerances.rankingTiePpm = tie.integer("relative_ppm", 0, kPpm);
    r.tolerances.rankingTieNs = tie.integer("absolute_ns");
    (void)tie.string("rule");
    const Json& pairwise = ev.array("pairwise");
    for (std::size_t i = 0; i < pairwise.size(); ++i) {
        const Fields d(ev.reader(), pairwise[i], childPath(ev.at("pairwise"), i));
        auto configuration = [&](std::string_view key) {
            const std::string name = d.string(key);
            for (std::size_t c = 0; c < k.configurations.size(); ++c) {
                if (k.configurations[c] == name) {
                    return static_cast<std::uint32_t>(c);
                }
            }
            d.reader().fail(d.at(key), "names \"" + name + "\", which is not in $.configurations.names");
        };
        RankingDecision decision;
        decision.left = configuration("left");
        decision.right = configuration("right");
        decision.metric = d.named<RankMetric>("metric", rankMetricFromName, "median, p95, p99, mean");
        decision.sourceLeft = d.integer("source_left_ns");
        decision.sourceRight = d.integer("source_right_ns");
        decision.canaryLeft = d.integer("canary_left_ns");
        decision.canaryRight = d.integer("canary_right_ns");
        decision.sourceRelation =
            d.named<Relation>("source_relation", relationFromName, "tie, left_better, right_better");
        decision.canaryRelation =
            d.named<Relation>("canary_relation", relationFromName, "tie, left_better, right_better");
        decision.pass = d.verdict("status");
        k.decisions.push_back(decision);
    }
    if (k.passed > k.decisions.size()) {
        ev.reader().fail(ev.at("agreeing_decisions"),
                         "must not exceed the decisions listed (" + std::to_string(k.decisions.size()) + ")");
    }
}

AblationSet readAblations(const Fields& f)
{
    const std::string text = f.string("ablations");
    AblationSet set;
    std::size_t begin = 0;
    while (!text.empty() && begin <= text.size()) {
        const std::size_t end = std::min(text.find(',', begin), text.size());
        const std::string name = text.substr(begin, end - begin);
        const std::optional<Ablation> ablation = ablationFromName(name);
        if (!ablation) {
            f.reader().fail(f.at("ablations"), "names an unknown ablation \"" + name +
                                                   "\" (known: arrival_skew, compute_overlap, ordering, "
                                                   "queue_reset_gaps, rare_tail_windows, pressure)");
        }
        set.add(*ablation);
        begin = end + 1;
    }
    return set;
}

/// A short quotation of a value for a refusal.
std::string quote(const Json& value)
{
    std::string text = json::toText(value);
    constexpr std::size_t kMax = 60;
    if (text.size() > kMax) {
        text = text.substr(0, kMax) + "...";
    }
    return text;
}

/// The first place where the document differs from what the writer writes for the report read
/// from it: an unknown field, or a derived or fixed value that disagrees. Object members are
/// matched by key; recursion is bounded by the parser's nesting limit.
void compareWithRewrite(const json::Reader& reader, const Json& read, const Json& written, const std::string& path)
{
    if (read.isObject() && written.isObject()) {
        for (const json::Member& m : read.members()) {
            const Json* expected = written.find(m.key);
            if (expected == nullptr) {
                reader.fail(childPath(path, m.key), "is not a field of " + std::string(kVerificationFormat) + " here");
            }
            compareWithRewrite(reader, m.value, *expected, childPath(path, m.key));
        }
        for (const json::Member& m : written.members()) {
            if (!read.contains(m.key)) {
                reader.fail(childPath(path, m.key), "is required but missing");
            }
        }
        return;
    }
    if (read.isArray() && written.isArray() && read.size() == written.size()) {
        for (std::size_t i = 0; i < read.size(); ++i) {
            compareWithRewrite(reader, read[i], written[i], childPath(path, i));
        }
        return;
    }
    if (!(read == written)) {
        reader.fail(path, "is " + quote(read) + ", but the rest of the verification makes it " + quote(written) +
                              " (a derived or fixed field of " + std::string(kVerificationFormat) + ")");
    }
}

/// The counts must be possible: the rewrite compares every written value, but only these
/// relations make a claim derived from them mean what it says.
void readSkewUncertainty(const Fields& f, VerificationReport& r)
{
    auto& u = r.uncertainty;
    u.skewUncertaintyEvents = f.count("events");
    if (u.skewUncertaintyEvents == 0) {
        f.reader().fail(f.at("events"), "must be at least 1 (the object is written only for a source whose events "
                                        "state a skew uncertainty)");
    }
    u.maxSkewUncertainty = f.integer("max_ns");
    u.skewUncertaintyAboveTolerance = f.count("above_tolerance_events");
    if (u.skewUncertaintyAboveTolerance > u.skewUncertaintyEvents) {
        f.reader().fail(f.at("above_tolerance_events"),
                        "is " + std::to_string(u.skewUncertaintyAboveTolerance) + ", more than the " +
                            std::to_string(u.skewUncertaintyEvents) + " events that state a skew uncertainty");
    }
    const bool maxAbove = u.maxSkewUncertainty > r.tolerances.absoluteNs;
    if (maxAbove != (u.skewUncertaintyAboveTolerance != 0)) {
        f.reader().fail(f.at("above_tolerance_events"),
                        "is " + std::to_string(u.skewUncertaintyAboveTolerance) + ", but the largest uncertainty (" +
                            std::to_string(u.maxSkewUncertainty) + " ns) is " + (maxAbove ? "above" : "within") +
                            " the absolute tolerance (" + std::to_string(r.tolerances.absoluteNs) + " ns)");
    }
}

} // namespace

VerificationReport readVerification(std::string_view text, const std::string& sourceName)
{
    const Json document = json::parse(text, sourceName);
    const json::Reader reader(sourceName);
    const Fields root(reader, document, "$");
    const std::string format = root.string("format");
    if (format != kVerificationFormat) {
        reader.fail(root.at("format"), "must be \"" + std::string(kVerificationFormat) + "\", not \"" + format + "\"");
    }

    VerificationReport r;
    const std::string claim = root.string("claim");
    const std::optional<Claim> parsedClaim = claimFromName(claim);
    if (!parsedClaim) {
        reader.fail(root.at("claim"),
                    "must be one of verified, behaviorally_unverified, partial, failed, not \"" + claim + "\"");
    }
    r.claim = *parsedClaim;
    r.claimReasons = root.strings("claim_reasons");

    const Fields configurations = root.object("configurations");
    r.configSetName = configurations.string("set");
    r.configSetSha256 = configurations.string("sha256");
    r.ranking.configurations = configurations.strings("names");

    const Fields statuses = root.object("statuses");
    readTiming(statuses.object("timing_mode"), r.timingMode);
    readCommitments(statuses.object("commitments"), r.commitments);
    readCoverage(statuses.object("coverage"), r.coverage);
    readFidelity(statuses.object("behavioral_fidelity"), r);
    readRanking(statuses.object("ranking"), r);

    const Fields source = root.object("source");
    r.sourceSha256 = source.string("normalized_sha256");
    r.sourceEvents = source.count("events");
    const Fields uncertainty = source.object("uncertainty");
    (void)uncertainty.string("status");
    r.uncertainty.unknownSkewEvents = uncertainty.count("unknown_skew_events");
    r.uncertainty.partialSkewEvents = uncertainty.count("partial_skew_events");
    r.uncertainty.unknownOverlapEvents = uncertainty.count("unknown_overlap_events");
    if (uncertainty.has("arrival_skew_uncertainty")) {
        readSkewUncertainty(uncertainty.object("arrival_skew_uncertainty"), r);
    }

    const Fields canary = root.object("canary");
    r.canaryFileSha256 = canary.string("sha256");
    r.canaryBytes = canary.count("bytes");
    r.canaryLogicalEvents = canary.count("logical_events");
    r.canaryStoredEvents = canary.count("stored_events");

    const Fields protocol = root.object("protocol");
    r.protocol.seed = protocol.count("seed");
    r.protocol.iterations = static_cast<std::uint32_t>(protocol.integer("iterations", 1, kMaxIterations));
    r.protocol.ablations = readAblations(protocol);
    r.protocol.isolated = protocol.boolean("isolated");
    r.protocol.tieTolerancePpm = protocol.integer("tie_tolerance_ppm", 0, kPpm);

    // The claim is derived from the statuses, never chosen: an edited claim is refused.
    VerificationReport derived = r;
    deriveClaim(derived);
    if (derived.claim != r.claim) {
        reader.fail(root.at("claim"), "is \"" + claim + "\", but the statuses and the source's uncertainty derive \"" +
                                          std::string(claimName(derived.claim)) + "\"");
    }
    compareWithRewrite(reader, document, verificationValue(derived), "$");
    return r;
}

VerificationReport readVerificationFile(const std::filesystem::path& path)
{
    return readVerification(readFileBounded(path, resourceLimits().maxInputBytes), path.string());
}

} // namespace cc::verify
