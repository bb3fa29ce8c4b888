// The verification report (commcanary-workbench.verification.v1): separate statuses, never one
// blended verdict, and a claim that is derived from them, never chosen.
//
//   timing_mode          lossless | bounded as attested by the compiler, re-checked against the source
//   commitments          every SHA-256 commitment of the canary recomputes from the source
//   coverage             full | partial, the declared coverage equals what the program covers, and a
//                        partial canary carries no strong claim
//   behavioral_fidelity  per configuration: latency and queue-wait distributions, hidden share,
//                        per-phase and per-operation breakdowns, tail-event recall, within tolerances
//   ranking              every configuration pair x median/p95/p99/mean, source relation = canary relation
//
// Claim: failed when any status fails; else partial when the coverage is partial; else
// behaviorally_unverified when the source carries rank-local uncertainty (unknown or partial arrival
// skew, unknown compute overlap, measured skew whose stated uncertainty exceeds the absolute
// tolerance); else verified.
#pragma once

#include "core/canary/canary.h"
#include "core/replay/simulator.h"
#include "core/verify/tolerance.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc::verify {

inline constexpr std::string_view kVerificationFormat = "commcanary-workbench.verification.v1";

/// The derived claim, weakest first (so a claim is at least as strong as another when >=).
enum class Claim : std::uint8_t { Failed, Partial, BehaviorallyUnverified, Verified };
std::string_view claimName(Claim claim); ///< failed, partial, behaviorally_unverified, verified
std::optional<Claim> claimFromName(std::string_view name);

/// One compared figure. unit is "ns" or "ppm".
struct MetricCheck {
    std::string scope;  ///< "latency", "queue_wait", "hidden_share", "phase", "operation"
    std::string name;   ///< the phase or operation name (empty for whole-trace scopes)
    std::string metric; ///< "median", "p95", "p99", "max", "mean", "hidden_share", "present"
    std::string unit;
    bool sourcePresent = true;
    bool canaryPresent = true;
    ValueComparison value;
    std::int64_t toleranceAbsolute = 0;
    std::int64_t toleranceRelativePpm = 0;
    bool pass = false;
};

struct TailRecall {
    bool correspondence = false; ///< the canary's events map onto source events (commitments name this source)
    Ns sourceP99 = 0;            ///< the tail threshold: source samples at or above it are tail samples
    Ns stillExpensiveFrom = 0;   ///< a recalled sample's canary latency must reach this (threshold minus tolerance)
    std::uint64_t sourceTailSamples = 0;
    std::uint64_t present = 0;  ///< tail samples whose event (and iteration) the canary replays
    std::uint64_t recalled = 0; ///< present and still at or above stillExpensiveFrom
    std::int64_t recallPpm = 0; ///< recalled * 10^6 / sourceTailSamples (10^6 when there is no tail)
    std::int64_t thresholdPpm = 0;
    struct Missed {
        std::uint32_t event = 0; ///< canonical source index
        std::uint32_t iteration = 0;
        Ns sourceLatency = 0;
        bool present = false;
        Ns canaryLatency = 0; ///< 0 when not present
    };
    std::vector<Missed> missed; ///< the first few tail samples not recalled, by descending source latency
    bool pass = false;
};

struct ConfigurationFidelity {
    std::string name;
    std::uint64_t sourceSamples = 0;
    std::uint64_t canarySamples = 0;
    ConfigurationSummary source; ///< tail lists are not written; the summary is evidence
    ConfigurationSummary canary;
    std::vector<MetricCheck> latency;
    std::vector<MetricCheck> queueWait;
    MetricCheck hiddenShare;
    std::vector<MetricCheck> phases;
    std::vector<MetricCheck> operations;
    TailRecall tail;
    bool pass = false;
};

struct FidelityStatus {
    std::vector<ConfigurationFidelity> configurations;
    std::uint64_t checks = 0;
    std::uint64_t failedChecks = 0;
    bool pass = false;
};

struct RankingDecision {
    std::uint32_t left = 0;
    std::uint32_t right = 0;
    RankMetric metric = RankMetric::Median;
    Ns sourceLeft = 0, sourceRight = 0, canaryLeft = 0, canaryRight = 0;
    Relation sourceRelation = Relation::Tie;
    Relation canaryRelation = Relation::Tie;
    bool pass = false;
};

struct RankingStatus {
    std::vector<std::string> configurations; ///< names in set order
    std::vector<RankingDecision> decisions;  ///< pairs in set order, metrics in enum order
    std::uint64_t passed = 0;
    bool pass = false;
};

/// A segment whose re-check failed (timing mode) or whose commitment did not recompute.
struct SegmentFinding {
    std::uint64_t segment = 0;
    std::uint64_t first = 0;
    std::uint64_t events = 0;
    std::string detail;
};

inline constexpr std::size_t kMaxListedFindings = 20;

struct TimingModeStatus {
    CanaryTimingMode declared = CanaryTimingMode::Lossless;
    std::string method;          ///< how it was re-checked
    bool correspondence = false; ///< the canary names this source, so it could be re-checked
    TimingErrors measured;       ///< max measured error over the program
    TimingErrors declaredBounds; ///< the header's bounds
    std::uint64_t segmentsChecked = 0;
    std::uint64_t segmentsFailed = 0;
    std::vector<SegmentFinding> findings; ///< first few failing segments
    std::vector<std::string> problems;    ///< header-level problems (bounds above budget, lossless with intervals, ...)
    bool pass = false;
};

struct CommitmentsStatus {
    std::string sourceSha256;         ///< normalised SHA-256 of the trace given
    std::string declaredSourceSha256; ///< what the canary names
    bool sourceMatches = false;
    std::uint64_t declaredSourceEvents = 0;
    std::uint64_t sourceEvents = 0;
    bool coveredRangeMatches = false; ///< covered.sha256 recomputes over [first, last)
    std::string coveredForm;          ///< "segment_chain" or "event_range": which form recomputed
    std::uint64_t segments = 0;
    std::uint64_t segmentsRecomputed = 0; ///< segments whose commitment recomputes
    std::vector<SegmentFinding> findings;
    std::vector<std::string> problems;
    bool pass = false;
};

struct CoverageStatus {
    CanaryCoverage declared = CanaryCoverage::Full;
    CanaryCoverage actual = CanaryCoverage::Partial;
    std::uint64_t coveredFirst = 0;
    std::uint64_t coveredLast = 0;
    std::uint64_t logicalEvents = 0;
    std::uint64_t sourceEvents = 0;
    std::vector<CoveredRun> coveredRuns; ///< the kept source events of a subset (empty: one contiguous range)
    CanaryClaim canaryClaim = CanaryClaim::BehaviorallyUnverified;
    std::vector<std::string> problems;
    bool pass = false;
};

/// Rank-local uncertainty of the source: any of it caps the claim at behaviorally_unverified.
struct SourceUncertainty {
    std::uint64_t unknownSkewEvents = 0;
    std::uint64_t partialSkewEvents = 0;
    std::uint64_t unknownOverlapEvents = 0;
    /// Measured skew with a stated error (merge with a clock calibration writes
    /// arrival_skew_uncertainty_us). Its tolerance is the declared absolute latency tolerance: a
    /// skew error moves a replayed arrival, and so a latency, by up to itself, so a skew known less
    /// well than the latency checks' own tolerance proves nothing about them.
    std::uint64_t skewUncertaintyEvents = 0;         ///< events that state a skew uncertainty
    std::uint64_t skewUncertaintyAboveTolerance = 0; ///< of those, above Tolerances::absoluteNs
    Ns maxSkewUncertainty = 0;                       ///< the largest stated (0 when none)
    bool certain() const
    {
        return unknownSkewEvents == 0 && partialSkewEvents == 0 && unknownOverlapEvents == 0 &&
               skewUncertaintyAboveTolerance == 0;
    }
};

struct VerificationReport {
    Claim claim = Claim::Failed;
    std::vector<std::string> claimReasons; ///< why the claim is what it is, in words
    // inputs, by identity
    std::string sourceSha256;
    std::uint64_t sourceEvents = 0;
    std::string canaryFileSha256; ///< SHA-256 of the canary's canonical bytes
    std::uint64_t canaryBytes = 0;
    std::uint64_t canaryLogicalEvents = 0;
    std::uint64_t canaryStoredEvents = 0;
    std::string configSetName;
    std::string configSetSha256;
    ReplayProtocol protocol;
    Tolerances tolerances;
    SourceUncertainty uncertainty;
    // the five statuses
    TimingModeStatus timingMode;
    CommitmentsStatus commitments;
    CoverageStatus coverage;
    FidelityStatus fidelity;
    RankingStatus ranking;

    bool allPass() const
    {
        return timingMode.pass && commitments.pass && coverage.pass && fidelity.pass && ranking.pass;
    }
};

/// Derives the claim (and its reasons) from the statuses and the source's uncertainty.
void deriveClaim(VerificationReport& report);

/// What verification does not prove, one sentence each (written into every report).
const std::vector<std::string>& notProven();

} // namespace cc::verify
