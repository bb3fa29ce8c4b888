// Physical verification (commcanary-workbench.physical-verification.v1): does a canary keep the
// source's decisions on real execution? Computed from measured reports of the source, the canary
// and any baselines under one physical configuration set. Separate statuses, never one verdict:
//   execution          every rank of every run completed
//   noise              the spread of the source's repeats under each configuration
//   fidelity           canary vs source per configuration (median, p95, p99, mean, max), each within
//                      the declared tolerance plus the source's own repeat spread of that figure
//   ranking            pairwise agreement and Kendall tau of the canary's configuration ranking
//                      against the source's, per metric; a pair the source's repeats cannot
//                      separate (a bootstrap interval of the difference that contains 0) is a tie,
//                      not a decision, and is left out of the agreement
//   simulator          the simulator's ranking against the source's physical one (reported, never
//                      gating; absent when no simulator summaries were given)
// Every baseline's agreement and tau stand beside the canary's. The claim is physically_verified
// only when execution, fidelity and ranking pass.
#pragma once

#include "core/report/measured_report.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc {

inline constexpr std::string_view kPhysicalVerificationFormat = "commcanary-workbench.physical-verification.v1";

struct PhysicalVerificationOptions {
    std::int64_t fidelityTolerancePpm = 100'000; ///< 10 % of the source's figure, plus its repeat spread
    std::int64_t minAgreementPpm = 1'000'000;    ///< share of the source's decided pairs the canary must keep
    std::uint32_t bootstrapResamples = 2000;
    std::uint64_t seed = 1;
};

/// How one proxy (the canary, a baseline, the simulator) ranks the configurations against the source.
struct RankingAgreement {
    std::string proxy;
    std::string metric;             ///< median, p95, p99 or mean
    std::uint32_t decidedPairs = 0; ///< pairs the source separates
    std::uint32_t agreeingPairs = 0;
    std::uint32_t tiedPairs = 0;    ///< pairs the source cannot separate
    std::int64_t agreementPpm = 0;  ///< agreeing * 10^6 / decided (0 when nothing is decided)
    std::int64_t kendallTauPpm = 0; ///< tau-b of the proxy's order against the source's, rounded to ppm
    friend bool operator==(const RankingAgreement&, const RankingAgreement&) = default;
};

struct FidelityFinding {
    std::string configuration;
    std::string metric;
    Ns source = 0;
    Ns canary = 0;
    Ns allowed = 0; ///< tolerance * source + the source's repeat spread
    bool within = true;
};

struct PhysicalVerification {
    bool executionPassed = true;
    std::string executionDetail;
    std::vector<std::pair<std::string, std::int64_t>> noisePpm; ///< configuration -> median spread / median
    bool fidelityPassed = true;
    std::vector<FidelityFinding> fidelity;
    bool rankingPassed = true;
    std::string rankingDetail;
    std::vector<RankingAgreement> agreements; ///< the canary's, each baseline's, the simulator's
    std::string claim;                        ///< physically_verified or physically_unverified
};

/// Simulated summaries per configuration name, for the simulator-agreement status.
struct SimulatedRanking {
    std::vector<std::pair<std::string, Distribution>> configurations;
};

/// Computes every status. Throws InputError when the reports are not of one input set-up (the
/// canary may have another input; world size, repeats and configuration names must agree).
PhysicalVerification verifyPhysical(const MeasuredView& source, const MeasuredView& canary,
                                    const std::vector<std::pair<std::string, MeasuredView>>& baselines,
                                    const std::optional<SimulatedRanking>& simulated,
                                    const PhysicalVerificationOptions& options);

/// The verification file's text (indented JSON).
std::string physicalVerificationJson(const PhysicalVerification& verification, const MeasuredView& source,
                                     const MeasuredView& canary, const PhysicalVerificationOptions& options);

/// One configuration's figures, for scoring a proxy's ranking against a ground truth: a proxy's
/// figure per recorded pass, or the real workload's step time per recorded iteration.
struct ConfigurationFigures {
    std::string name;
    std::vector<Ns> samples;
    friend bool operator==(const ConfigurationFigures&, const ConfigurationFigures&) = default;
};

/// How the proxy's ranking of the configurations agrees with the truth's (metric "mean"). The
/// truth decides a pair only when a bootstrap interval of the difference of its two means (over
/// its samples, options.bootstrapResamples, options.seed) excludes 0; otherwise the pair is a
/// tie, left out of the agreement. The proxy orders by the mean of its samples; tau is tau-b of
/// the two means' orders. Throws InputError (naming source) unless both name the same
/// configurations in the same order, each with at least one sample.
RankingAgreement rankingAgainstTruth(const std::string& proxy, const std::vector<ConfigurationFigures>& truth,
                                     const std::vector<ConfigurationFigures>& proxyFigures,
                                     const PhysicalVerificationOptions& options, const std::string& source);

/// One configuration pair (first < second, indexes into the configurations) as the truth and a
/// proxy order it: -1 when first is faster, +1 when second is faster, 0 when the truth cannot
/// separate them (a tie, by the bootstrap rule of rankingAgainstTruth) or the proxy's means are equal.
/// The proxy agrees on a pair the truth decides exactly when proxy == truth.
struct PairAgainstTruth {
    std::size_t first = 0;
    std::size_t second = 0;
    int truth = 0;
    int proxy = 0;
    friend bool operator==(const PairAgainstTruth&, const PairAgainstTruth&) = default;
};

/// Every pair in order (0-1, 0-2, …, 1-2, …) with the truth's and the proxy's decision: the one
/// implementation rankingAgainstTruth counts, so the pairs always add up to its score. Same
/// arguments, checks and errors as rankingAgainstTruth.
std::vector<PairAgainstTruth> pairsAgainstTruth(const std::string& proxy,
                                                const std::vector<ConfigurationFigures>& truth,
                                                const std::vector<ConfigurationFigures>& proxyFigures,
                                                const PhysicalVerificationOptions& options, const std::string& source);

/// The mean of samples, rounded toward zero (0 for none).
Ns meanOf(const std::vector<Ns>& samples);

/// Human lines: each status, then the agreement table.
std::string physicalVerificationText(const PhysicalVerification& verification);

} // namespace cc
