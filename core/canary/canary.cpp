#include "core/canary/canary.h"

#include "core/trace/skew_uncertainty.h"
#include "core/util/wide_int.h"

#include <algorithm>
#include <limits>

namespace cc {

namespace {

template <typename Enum, std::size_t N>
std::optional<Enum> fromName(std::string_view name, const std::pair<Enum, std::string_view> (&table)[N])
{
    for (const auto& [value, text] : table) {
        if (text == name) {
            return value;
        }
    }
    return std::nullopt;
}

template <typename Enum, std::size_t N>
std::string_view toName(Enum value, const std::pair<Enum, std::string_view> (&table)[N])
{
    for (const auto& [v, text] : table) {
        if (v == value) {
            return text;
        }
    }
    return "unknown";
}

constexpr std::pair<CanaryCoverage, std::string_view> kCoverageNames[] = {{CanaryCoverage::Full, "full"},
                                                                          {CanaryCoverage::Partial, "partial"}};
constexpr std::pair<CanaryTimingMode, std::string_view> kTimingModeNames[] = {{CanaryTimingMode::Lossless, "lossless"},
                                                                              {CanaryTimingMode::Bounded, "bounded"}};
constexpr std::pair<CanaryClaim, std::string_view> kClaimNames[] = {
    {CanaryClaim::BehaviorallyUnverified, "behaviorally_unverified"},
    {CanaryClaim::BehaviorVerified, "behavior_verified"},
    {CanaryClaim::ExactExpansion, "exact_expansion"}};
constexpr std::pair<SegmentKind, std::string_view> kSegmentKindNames[] = {{SegmentKind::Run, "run"},
                                                                          {SegmentKind::Motif, "motif"},
                                                                          {SegmentKind::Literal, "literal"},
                                                                          {SegmentKind::Interval, "interval"}};

bool addChecked(std::uint64_t& total, std::uint64_t value)
{
    if (total > UINT64_MAX - value) {
        return false;
    }
    total += value;
    return true;
}

bool mulChecked(std::uint64_t a, std::uint64_t b, std::uint64_t& out)
{
    if (a != 0 && b > UINT64_MAX / a) {
        return false;
    }
    out = a * b;
    return true;
}

} // namespace

std::string_view coverageName(CanaryCoverage coverage)
{
    return toName(coverage, kCoverageNames);
}
std::string_view timingModeName(CanaryTimingMode mode)
{
    return toName(mode, kTimingModeNames);
}
std::string_view claimName(CanaryClaim claim)
{
    return toName(claim, kClaimNames);
}
std::string_view segmentKindName(SegmentKind kind)
{
    return toName(kind, kSegmentKindNames);
}
std::optional<CanaryCoverage> coverageFromName(std::string_view name)
{
    return fromName(name, kCoverageNames);
}
std::optional<CanaryTimingMode> timingModeFromName(std::string_view name)
{
    return fromName(name, kTimingModeNames);
}
std::optional<CanaryClaim> claimFromName(std::string_view name)
{
    return fromName(name, kClaimNames);
}
std::optional<SegmentKind> segmentKindFromName(std::string_view name)
{
    return fromName(name, kSegmentKindNames);
}

std::int64_t errorField(const TimingErrors& e, std::size_t field)
{
    return errorField(const_cast<TimingErrors&>(e), field);
}

std::int64_t& errorField(TimingErrors& e, std::size_t field)
{
    switch (field) {
    case 0:
        return e.gap;
    case 1:
        return e.arrivalOffset;
    case 2:
        return e.skew;
    case 3:
        return e.computeBefore;
    case 4:
        return e.overlap;
    case 5:
        return e.pressure;
    case 6:
        return e.exposed;
    default:
        return e.drift;
    }
}

void TimingErrors::raiseTo(const TimingErrors& other)
{
    gap = std::max(gap, other.gap);
    arrivalOffset = std::max(arrivalOffset, other.arrivalOffset);
    skew = std::max(skew, other.skew);
    computeBefore = std::max(computeBefore, other.computeBefore);
    overlap = std::max(overlap, other.overlap);
    pressure = std::max(pressure, other.pressure);
    exposed = std::max(exposed, other.exposed);
    drift = std::max(drift, other.drift);
}

std::string TimingErrors::firstExceeding(const TimingErrors& bound) const
{
    for (std::size_t f = 0; f < kErrorFieldCount; ++f) {
        if (errorField(*this, f) > errorField(bound, f)) {
            return std::string(kErrorFieldNames[f]);
        }
    }
    return {};
}

std::vector<BudgetExcess> budgetExcesses(const TimingBudget& budget, const TimingErrors& bounds)
{
    const std::optional<std::int64_t> caps[kErrorFieldCount] = {
        budget.gap,
        budget.skew ? std::optional<std::int64_t>(*budget.skew / 2) : std::nullopt, // arrival offsets
        budget.skew,
        budget.computeBefore,
        budget.overlap,
        budget.pressure,
        budget.exposed,
        std::nullopt, // drift is a consequence of gap error: recorded, not budgeted
    };
    std::vector<BudgetExcess> excesses;
    for (std::size_t f = 0; f < kErrorFieldCount; ++f) {
        const std::int64_t bound = errorField(bounds, f);
        if (caps[f] && bound > *caps[f]) {
            excesses.push_back(BudgetExcess{kErrorFieldNames[f], bound, *caps[f]});
        }
    }
    return excesses;
}

std::string describeBudgetExcess(const BudgetExcess& excess)
{
    return "bounds." + std::string(excess.field) + " is " + std::to_string(excess.bound) + ", above the budget's " +
           std::to_string(excess.cap);
}

std::vector<CoveredRun> coveredRunsOf(const CanaryHeader& h)
{
    if (!h.coveredRuns.empty()) {
        return h.coveredRuns;
    }
    if (h.coveredLast <= h.coveredFirst) {
        return {};
    }
    return {CoveredRun{h.coveredFirst, h.coveredLast - h.coveredFirst}};
}

std::optional<std::uint64_t> coveredEventCount(const CanaryHeader& h)
{
    std::uint64_t total = 0;
    for (const auto& run : coveredRunsOf(h)) {
        if (run.events > std::numeric_limits<std::uint64_t>::max() - total) {
            return std::nullopt;
        }
        total += run.events;
    }
    return total;
}

CoveredIndex::CoveredIndex(std::vector<CoveredRun> runs) : runs_(std::move(runs))
{
    before_.reserve(runs_.size());
    for (const auto& run : runs_) {
        before_.push_back(total_);
        total_ += run.events;
    }
}

std::uint64_t CoveredIndex::sourceIndex(std::uint64_t k) const
{
    // The last run whose first expanded position is at or before k.
    auto it = std::upper_bound(before_.begin(), before_.end(), k);
    const auto r = static_cast<std::size_t>(it - before_.begin()) - 1;
    return runs_[r].first + (k - before_[r]);
}

std::optional<std::uint64_t> CoveredIndex::expandedIndex(std::uint64_t i) const
{
    auto it = std::upper_bound(runs_.begin(), runs_.end(), i,
                               [](std::uint64_t value, const CoveredRun& run) { return value < run.first; });
    if (it == runs_.begin()) {
        return std::nullopt;
    }
    const auto r = static_cast<std::size_t>(it - runs_.begin()) - 1;
    if (i - runs_[r].first >= runs_[r].events) {
        return std::nullopt;
    }
    return before_[r] + (i - runs_[r].first);
}

std::optional<std::uint64_t> segmentEventCount(const CanarySegment& segment)
{
    std::uint64_t perRepeat = 0;
    std::uint64_t tail = 0;
    for (std::size_t k = 0; k < segment.body.size(); ++k) {
        if (!addChecked(perRepeat, segment.body[k].count)) {
            return std::nullopt;
        }
        if (k < segment.tail && !addChecked(tail, segment.body[k].count)) {
            return std::nullopt;
        }
    }
    std::uint64_t total = 0;
    if (!mulChecked(perRepeat, segment.repeats, total) || !addChecked(total, tail)) {
        return std::nullopt;
    }
    return total;
}

std::optional<std::uint64_t> programEventCount(const Canary& canary)
{
    std::uint64_t total = 0;
    for (const auto& segment : canary.segments) {
        auto count = segmentEventCount(segment);
        if (!count || !addChecked(total, *count)) {
            return std::nullopt;
        }
    }
    return total;
}

std::uint64_t programStoredEvents(const Canary& canary)
{
    std::uint64_t total = 0;
    for (const auto& segment : canary.segments) {
        total += segment.body.size();
    }
    return total;
}

std::optional<std::uint64_t> sequenceEventCount(const std::vector<SequenceEntry>& entries)
{
    std::uint64_t total = 0;
    for (const auto& entry : entries) {
        std::uint64_t count = 0;
        if (!mulChecked(entry.repeats, entry.elements.size(), count) || !addChecked(total, count)) {
            return std::nullopt;
        }
    }
    return total;
}

std::uint64_t ratioMicros(std::uint64_t numerator, std::uint64_t denominator)
{
    if (denominator == 0) {
        return 0;
    }
    WideUInt scaled = static_cast<WideUInt>(numerator) * 1'000'000U;
    WideUInt q = (scaled + denominator / 2) / denominator;
    return q > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(q);
}

std::string formatRatioMicros(std::uint64_t micros)
{
    std::string fraction = std::to_string(micros % 1'000'000U);
    fraction.insert(0, 6 - fraction.size(), '0');
    return std::to_string(micros / 1'000'000U) + "." + fraction;
}

void SkewUncertaintyTally::add(const Trace& trace, std::size_t event, Ns toleranceNs)
{
    if (const std::optional<Ns> stated = arrivalSkewUncertainty(trace, event)) {
        ++events;
        aboveTolerance += *stated > toleranceNs ? 1 : 0;
        max = std::max(max, *stated);
    }
}

void ClaimFacts::addEvent(const Trace& trace, std::size_t event, Ns toleranceNs)
{
    unknownSkew = unknownSkew || trace.skewState[event] == SkewState::Unknown;
    partialSkew = partialSkew || trace.skewState[event] == SkewState::Partial;
    unknownOverlap = unknownOverlap || trace.has(event, kFlagOverlapUnknown);
    skewUncertainty.add(trace, event, toleranceNs);
}

std::pair<CanaryClaim, std::vector<std::string>> decideClaim(const ClaimFacts& facts)
{
    std::vector<std::string> limits;
    if (facts.coverage == CanaryCoverage::Partial) {
        limits.emplace_back(kLimitPartialCoverage);
    }
    if (facts.unknownSkew) {
        limits.emplace_back(kLimitUnknownSkew);
    }
    if (facts.partialSkew) {
        limits.emplace_back(kLimitPartialSkew);
    }
    if (facts.unknownOverlap) {
        limits.emplace_back(kLimitUnknownOverlap);
    }
    if (facts.skewUncertainty.aboveTolerance != 0) {
        limits.emplace_back(kLimitSkewUncertainty);
    }
    const bool capped = !limits.empty();
    if (facts.timingMode == CanaryTimingMode::Bounded && !facts.behaviorVerified) {
        limits.emplace_back(kLimitBoundedTiming);
    }
    CanaryClaim claim = CanaryClaim::BehaviorallyUnverified;
    if (!capped) {
        if (facts.timingMode == CanaryTimingMode::Lossless) {
            claim = CanaryClaim::ExactExpansion;
        } else if (facts.behaviorVerified) {
            claim = CanaryClaim::BehaviorVerified;
        }
    }
    return {claim, limits};
}

} // namespace cc
