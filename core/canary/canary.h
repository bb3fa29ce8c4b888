// The canary (commcanary-workbench.canary.v1): a small, replayable program that expands to
// one event per logical occurrence of its source trace, with a receipt for every approximation.
//
// A canary has three parts:
//   * a header whose keys scripts depend on (format, source_sha256, source_events, source_bytes,
//     canary_bytes, logical_events, stored_events, coverage, timing_mode,
//     event_compression_ratio, byte_compression_ratio, claim), plus the budget, the recorded
//     error bounds and the coverage detail;
//   * interned tables: strings, rank sets, operation signatures (what an event does), timing
//     samples (when and how it runs) and tokens (a signature paired with a timing sample);
//   * a program: segments in source order (run, motif, literal, interval), each naming the
//     source index range it stands for and carrying a SHA-256 commitment to the canonical bytes
//     of that range (cc::eventRangeSha256), plus a message-sequence program.
//
// Everything is integers and strings: times in ns, compute pressure in 1e-9 units, ratios in
// millionths. Field by field, the program models exactly what the normalised form models
// (core/trace/normalized.h), so a lossless canary expands to a trace with the same normalised
// SHA-256 as its source. Event ids, unknown fields and workload/system metadata are not modelled
// and are not carried.
#pragma once

#include "core/trace/trace.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc {

inline constexpr std::string_view kCanaryFormat = "commcanary-workbench.canary.v1";
inline constexpr std::string_view kCanaryCompilerName = "commcanary-workbench";
inline constexpr std::uint32_t kNoIndex = 0xffffffffU;

/// Whether the canary stands for the whole source, or only part of it (a prefix, a range or a subset).
enum class CanaryCoverage : std::uint8_t { Full, Partial };
/// Lossless: every modelled field expands exactly. Bounded: timing fields within recorded bounds.
enum class CanaryTimingMode : std::uint8_t { Lossless, Bounded };
/// The strongest statement the canary may make about itself, weakest first.
enum class CanaryClaim : std::uint8_t {
    BehaviorallyUnverified, ///< nothing behavioural is proven (or provable: unknown timing, partial coverage)
    BehaviorVerified,       ///< behaviour verification passed before the canary was written (strict compile)
    ExactExpansion,         ///< full coverage, lossless, no unknown timing: expands to the source itself
};

std::string_view coverageName(CanaryCoverage coverage);
std::string_view timingModeName(CanaryTimingMode mode);
std::string_view claimName(CanaryClaim claim);
std::optional<CanaryCoverage> coverageFromName(std::string_view name);
std::optional<CanaryTimingMode> timingModeFromName(std::string_view name);
std::optional<CanaryClaim> claimFromName(std::string_view name);

/// Reasons that cap a claim at behaviorally_unverified, in the order they are written.
inline constexpr std::string_view kLimitPartialCoverage = "partial_coverage";
inline constexpr std::string_view kLimitUnknownSkew = "unknown_skew";
inline constexpr std::string_view kLimitPartialSkew = "partial_skew";
inline constexpr std::string_view kLimitUnknownOverlap = "unknown_overlap";
/// Measured skew whose stated uncertainty (arrival_skew_uncertainty_us, written by merge with a
/// clock calibration) is above the absolute latency tolerance the claim is held to.
inline constexpr std::string_view kLimitSkewUncertainty = "skew_uncertainty_above_tolerance";
inline constexpr std::string_view kLimitBoundedTiming = "bounded_timing_not_behavior_verified";

/// Per-field maximum absolute error. Times in ns, pressure in 1e-9 units.
struct TimingErrors {
    Ns gap = 0;           ///< issue-to-issue interval (effective gap)
    Ns arrivalOffset = 0; ///< each rank-local arrival offset
    Ns skew = 0;          ///< arrival skew as the trace model derives it
    Ns computeBefore = 0;
    Ns overlap = 0;            ///< compute overlap
    std::int64_t pressure = 0; ///< compute pressure
    Ns exposed = 0;            ///< observed exposed latency
    Ns drift = 0;              ///< cumulative issue-time drift (a consequence of gap error; recorded, not budgeted)

    bool isZero() const { return *this == TimingErrors{}; }
    void raiseTo(const TimingErrors& other);
    /// Names the first field of *this that exceeds bound (empty when every field is within it).
    std::string firstExceeding(const TimingErrors& bound) const;
    friend bool operator==(const TimingErrors&, const TimingErrors&) = default;
};

/// The names of the TimingErrors fields as written in canaries and reports ("gap_ns", ...).
inline constexpr std::string_view kErrorFieldNames[] = {
    "gap_ns",     "arrival_offset_ns", "skew_ns",    "compute_before_ns",
    "overlap_ns", "pressure_e9",       "exposed_ns", "drift_ns"};
inline constexpr std::size_t kErrorFieldCount = 8;
std::int64_t errorField(const TimingErrors& errors, std::size_t field);
std::int64_t& errorField(TimingErrors& errors, std::size_t field);

/// An error budget. Each cap is optional: a field without a cap is kept as exact as the sample
/// limit allows (exact when there is no limit) and its true error is recorded.
struct TimingBudget {
    std::optional<Ns> gap;
    std::optional<Ns> skew; ///< arrival skew; each arrival offset is then held within skew / 2
    std::optional<Ns> computeBefore;
    std::optional<Ns> overlap;
    std::optional<std::int64_t> pressure; ///< 1e-9 units
    std::optional<Ns> exposed;
    /// Distinct timing samples each operation-signature group may keep (nullopt: no limit).
    std::optional<std::uint64_t> sampleLimit;
    /// Per-group limits keyed by cc::contentHash of the group's OpSignature; they override sampleLimit.
    std::map<std::uint64_t, std::uint64_t> groupSampleLimits;

    friend bool operator==(const TimingBudget&, const TimingBudget&) = default;
};

/// A budget's per-field cap and its name in every format that records a budget.
struct BudgetCapField {
    const char* name;
    std::optional<std::int64_t> TimingBudget::*cap;
};

/// The caps in the order every format writes them.
inline constexpr std::array<BudgetCapField, 6> kBudgetCapFields{{
    {"gap_ns", &TimingBudget::gap},
    {"skew_ns", &TimingBudget::skew},
    {"compute_before_ns", &TimingBudget::computeBefore},
    {"overlap_ns", &TimingBudget::overlap},
    {"pressure_e9", &TimingBudget::pressure},
    {"exposed_ns", &TimingBudget::exposed},
}};

/// A field whose recorded error lies above its cap in a budget.
struct BudgetExcess {
    std::string_view field; ///< as in kErrorFieldNames
    std::int64_t bound = 0; ///< the recorded error
    std::int64_t cap = 0;
};

/// The one budget-bound rule, used by the compiler, the canary reader and the timing re-check:
/// every capped field's recorded bound lies within its cap, and each arrival offset within half the
/// skew cap. Returns every field over its cap, in kErrorFieldNames order.
std::vector<BudgetExcess> budgetExcesses(const TimingBudget& budget, const TimingErrors& bounds);

/// "bounds.gap_ns is 1200, above the budget's 1000".
std::string describeBudgetExcess(const BudgetExcess& excess);

struct CanaryRankSet {
    std::vector<std::int32_t> ranks;
    friend bool operator==(const CanaryRankSet&, const CanaryRankSet&) = default;
};

/// What an event does (the compression signature, cc::OpSignature), by content.
struct CanarySignature {
    std::uint64_t groupHash = 0; ///< cc::contentHash of the OpSignature: the sample-budget group
    std::uint32_t op = 0;        ///< string index
    bool customOp = false;
    std::int64_t bytes = 0;
    std::uint32_t rankSet = 0;
    std::uint32_t group = kNoIndex, phase = kNoIndex, dtype = kNoIndex, tag = kNoIndex, channel = kNoIndex,
                  reductionOp = kNoIndex; ///< string indices, kNoIndex when absent
    std::int32_t rootRank = kNoRank, senderRank = kNoRank, receiverRank = kNoRank, concurrentGroups = kNoRank;

    friend bool operator==(const CanarySignature&, const CanarySignature&) = default;
};

/// Which timing fields a sample carries.
enum TimingLayoutBit : std::uint32_t {
    kLayoutComputeBefore = 1U << 0,
    kLayoutOverlap = 1U << 1,
    kLayoutOverlapUnknown = 1U << 2,
    kLayoutPressure = 1U << 3,
    kLayoutExposed = 1U << 4,
    kLayoutArrivals = 1U << 5,    ///< rank arrivals were given (possibly an empty list)
    kLayoutSkewKnown = 1U << 6,   ///< skew state known
    kLayoutSkewPartial = 1U << 7, ///< skew state partial (a lower bound); neither bit: unknown
    kLayoutAllBits = (1U << 8) - 1,
};

/// True when a sample with this layout stores its skew value (known without arrivals, or partial).
inline bool layoutStoresSkew(std::uint32_t layout)
{
    return ((layout & kLayoutSkewKnown) != 0 && (layout & kLayoutArrivals) == 0) || (layout & kLayoutSkewPartial) != 0;
}

/// When and how an event runs. Absent values are kAbsentNs.
struct CanaryTiming {
    std::uint32_t layout = 0;
    Ns gap = 0; ///< issue-to-issue interval, always present
    Ns computeBefore = kAbsentNs;
    Ns overlap = kAbsentNs;
    std::int64_t pressure = kAbsentNs;
    Ns exposed = kAbsentNs;
    Ns skew = kAbsentNs;                   ///< only when layoutStoresSkew(layout)
    std::uint32_t arrivalRanks = kNoIndex; ///< rank set of the arrivals (sorted by rank), when given
    std::vector<Ns> arrivalTimes;          ///< one per arrival rank

    friend bool operator==(const CanaryTiming&, const CanaryTiming&) = default;
};

struct CanaryToken {
    std::uint32_t signature = 0;
    std::uint32_t timing = 0;
    friend bool operator==(const CanaryToken&, const CanaryToken&) = default;
};

/// One body entry: a token repeated count times in a row.
struct CanaryItem {
    std::uint32_t token = 0;
    std::uint64_t count = 1;
    friend bool operator==(const CanaryItem&, const CanaryItem&) = default;
};

enum class SegmentKind : std::uint8_t {
    Run,      ///< one token repeated
    Motif,    ///< a body of tokens repeated (periodic), optionally with a final partial repetition
    Literal,  ///< tokens in order, once
    Interval, ///< an ordered bounded interval: any of the above whose timing is approximated within bounds
};
std::string_view segmentKindName(SegmentKind kind);
std::optional<SegmentKind> segmentKindFromName(std::string_view name);

/// A segment expands to: body × repeats, then the first `tail` items of body once more.
struct CanarySegment {
    SegmentKind kind = SegmentKind::Literal;
    std::uint64_t first = 0;  ///< source index of its first event
    std::uint64_t events = 0; ///< logical events it expands to
    std::uint64_t repeats = 1;
    std::uint64_t tail = 0; ///< items of a final partial repetition
    std::vector<CanaryItem> body;
    std::string sha256;                 ///< cc::eventRangeSha256(source, first, first + events)
    std::optional<TimingErrors> bounds; ///< per-field max error, intervals only

    friend bool operator==(const CanarySegment&, const CanarySegment&) = default;
};

/// An arithmetic element of a numeric label program (absent when !present).
struct SequenceElement {
    bool present = false;
    std::int64_t start = 0;
    std::int64_t step = 0;
    friend bool operator==(const SequenceElement&, const SequenceElement&) = default;
};
/// `repeats` rounds of the elements in order; round r of an element yields start + r × step.
struct SequenceEntry {
    std::uint64_t repeats = 1;
    std::vector<SequenceElement> elements;
    friend bool operator==(const SequenceEntry&, const SequenceEntry&) = default;
};

/// A run of consecutive source events [first, first + events).
struct CoveredRun {
    std::uint64_t first = 0;
    std::uint64_t events = 0;
    friend bool operator==(const CoveredRun&, const CoveredRun&) = default;
};

struct CanaryHeader {
    std::string sourceSha256;        ///< cc::normalizedSha256 of the whole source
    std::uint64_t sourceEvents = 0;  ///< events in the whole source
    std::uint64_t sourceBytes = 0;   ///< the whole source serialised compactly (cc::writeTraceJson)
    std::uint64_t canaryBytes = 0;   ///< this canary's own serialised size
    std::uint64_t logicalEvents = 0; ///< events the program expands to
    std::uint64_t storedEvents = 0;  ///< body items stored in the program
    CanaryCoverage coverage = CanaryCoverage::Full;
    CanaryTimingMode timingMode = CanaryTimingMode::Lossless;
    std::uint64_t eventRatioMicros = 0; ///< logical / stored, in millionths (rounded half up)
    std::uint64_t byteRatioMicros = 0;  ///< covered source bytes / canary bytes, in millionths
    CanaryClaim claim = CanaryClaim::BehaviorallyUnverified;
    std::vector<std::string> claimLimits;
    /// The resource limits this canary was compiled under where they differ from the defaults
    /// ("NAME=VALUE", cc::resourceLimitOverrides); written only when there is one, so that who
    /// reads or rebuilds the canary knows it may exceed the default limits.
    std::vector<std::string> resourceLimitOverrides;

    // coverage detail
    std::uint64_t coveredFirst = 0;
    std::uint64_t coveredLast = 0;  ///< exclusive
    std::string coveredSha256;      ///< cc::eventRangeSha256(source, coveredFirst, coveredLast)
    std::uint64_t coveredBytes = 0; ///< sourceBytes when full; canonical bytes of the covered events when partial
    /// A subset (partial coverage of scattered events, e.g. a ddmin result or a sampled baseline): the
    /// kept source events as maximal runs, ascending, disjoint and never adjacent (at least two runs).
    /// Empty when the covered events are the one range [coveredFirst, coveredLast). Segments tile the
    /// runs in order, each inside one run, so every kept event is bound by a segment commitment.
    std::vector<CoveredRun> coveredRuns;

    std::optional<TimingBudget> budget; ///< bounded mode only
    TimingErrors bounds;                ///< max over all segments

    std::string compilerVersion;
    TimingSemantics sourceTiming = TimingSemantics::Gapped;
};

struct Canary {
    CanaryHeader header;
    // program
    bool timestamped = false; ///< expand with start times (origin + issue time) instead of gaps
    Ns originNs = 0;
    std::vector<std::string> strings;
    std::vector<CanaryRankSet> rankSets;
    std::vector<CanarySignature> signatures;
    std::vector<CanaryTiming> timings;
    std::vector<CanaryToken> tokens;
    std::vector<SequenceEntry> messageSequences;
    std::vector<CanarySegment> segments;
    /// Where it was read from (a file path), for messages about its expansion; not serialised.
    std::string sourceName;
};

/// The name that messages about a canary's expansion use: its file, or "the canary".
inline std::string canaryExpansionName(const Canary& canary)
{
    return canary.sourceName.empty() ? std::string("the canary") : canary.sourceName;
}

/// The covered source events as runs: coveredRuns for a subset, else the one range [coveredFirst, coveredLast).
std::vector<CoveredRun> coveredRunsOf(const CanaryHeader& header);
/// Events the header says are covered (the sum of the runs; nullopt on overflow).
std::optional<std::uint64_t> coveredEventCount(const CanaryHeader& header);
/// True when the header declares a subset (scattered runs) rather than one contiguous range.
inline bool isSubset(const CanaryHeader& header)
{
    return !header.coveredRuns.empty();
}

/// Maps the k-th expanded event of a canary to the source event it stands for, and back.
class CoveredIndex {
public:
    explicit CoveredIndex(std::vector<CoveredRun> runs);
    std::uint64_t size() const { return total_; }
    /// The source index of expanded event k (k < size()).
    std::uint64_t sourceIndex(std::uint64_t k) const;
    /// The expanded position of source event i, nullopt when i is not covered.
    std::optional<std::uint64_t> expandedIndex(std::uint64_t i) const;

private:
    std::vector<CoveredRun> runs_;
    std::vector<std::uint64_t> before_; ///< expanded events before each run
    std::uint64_t total_ = 0;
};

/// Logical events of one segment; nullopt on 64-bit overflow.
std::optional<std::uint64_t> segmentEventCount(const CanarySegment& segment);
/// Logical events of the whole program (sum over segments); nullopt on overflow.
std::optional<std::uint64_t> programEventCount(const Canary& canary);
/// Body items stored in the program (the stored_events figure).
std::uint64_t programStoredEvents(const Canary& canary);
/// Events a message-sequence program yields; nullopt on overflow.
std::optional<std::uint64_t> sequenceEventCount(const std::vector<SequenceEntry>& entries);

/// numerator / denominator in millionths, rounded half up; 0 when denominator is 0.
std::uint64_t ratioMicros(std::uint64_t numerator, std::uint64_t denominator);
/// "12.345678": a ratio in millionths as a decimal with exactly six places.
std::string formatRatioMicros(std::uint64_t micros);

/// The absolute latency tolerance a claim is held to when none is declared: verify-behavior's
/// default --absolute-tolerance-us (1 us; core/verify asserts that they agree).
inline constexpr Ns kDefaultAbsoluteToleranceNs = 1'000;

/// Stated skew uncertainties of some events against an absolute tolerance. The one rule both the
/// canary's claim and verify-behavior's claim use: a skew error moves a replayed arrival, and so a
/// latency, by up to itself, so a stated uncertainty above the absolute latency tolerance proves
/// nothing about the latencies checked within it.
struct SkewUncertaintyTally {
    std::uint64_t events = 0;         ///< events that state a skew uncertainty
    std::uint64_t aboveTolerance = 0; ///< of those, strictly above the tolerance
    Ns max = 0;                       ///< the largest stated (0 when none)
    /// Reads event's stated uncertainty (cc::arrivalSkewUncertainty, which throws InputError naming
    /// the event when it is not a time) and counts it against toleranceNs.
    void add(const Trace& trace, std::size_t event, Ns toleranceNs);
};

/// The claim a canary may carry and the reasons that cap it, from the facts the compiler knows.
struct ClaimFacts {
    CanaryCoverage coverage = CanaryCoverage::Full;
    CanaryTimingMode timingMode = CanaryTimingMode::Lossless;
    bool unknownSkew = false;
    bool partialSkew = false;
    bool unknownOverlap = false;
    bool behaviorVerified = false;
    /// Stated skew uncertainties of the covered events; any above the tolerance caps the claim.
    SkewUncertaintyTally skewUncertainty;
    /// Adds one covered source event's facts: unknown or partial skew, unknown overlap, and its
    /// stated skew uncertainty against toleranceNs (the absolute tolerance the claim is held to).
    void addEvent(const Trace& trace, std::size_t event, Ns toleranceNs);
};
std::pair<CanaryClaim, std::vector<std::string>> decideClaim(const ClaimFacts& facts);

/// What an emit gate (strict compilation) held a candidate to when it let it pass: the claim the
/// canary then carries is decided against the same tolerance, so it is never stronger than the
/// verification's own claim.
struct EmitVerdict {
    Ns absoluteToleranceNs = kDefaultAbsoluteToleranceNs; ///< stated skew uncertainties are held to it
};

} // namespace cc
