// The physical campaign's results (commcanary-workbench.campaign.v1): does a proxy keep the real
// workload's decision? The ground truth (W-full) is the workload itself: a real capture cell (DDP
// training) run under every physical configuration, its step time per recorded iteration. Every
// proxy (the source trace replayed, the canary, each baseline; each with and without compute
// stand-ins) is replayed physically under the same configurations and scored by pairwise
// agreement and Kendall tau of its ranking against W-full's (rankingAgainstTruth: a pair the
// workload's iterations cannot separate is a tie, not a decision).
//
// Document (indented JSON, keys in this order):
//   format          "commcanary-workbench.campaign.v1"
//   protocol        the rules (truth, proxy figure, ties), repeats, warm-up, bootstrap resamples, seed
//   workload        the cell's identity and description, the configuration its trace was captured
//                   under, the trace's normalised SHA-256 and event count
//   configurations  the physical configuration names, in set order
//   truth           per configuration the step times (ns) of the recorded iterations
//   proxies         per proxy: name, compute ("overlap" or "communication-only"), its input's
//                   SHA-256 and events, wall time of its replays (ms), per configuration the pass
//                   times (ns), and its score (decided, agreeing and tied pairs, agreement, tau)
//   machine         the machine as the measured reports describe it
// The reader recomputes every score from the figures and refuses a file whose scores disagree.
#pragma once

#include "core/report/physical_verification.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cc {

inline constexpr std::string_view kCampaignFormat = "commcanary-workbench.campaign.v1";

/// The prototype's published physical campaign (28 configuration pairs on real GPUs), for the
/// summary's comparison line.
inline constexpr std::string_view kPrototypeCampaignFigures =
    "communication-only canary replay 57 % (tau 0.20), isolated microbenchmark 64 % (tau 0.49), canary replay "
    "that kept compute overlap 71 % (tau 0.71)";

struct CampaignProxy {
    std::string name;           ///< source, canary, isolated, random, stratified, frequency, cluster, reduced
    bool computeOverlap = true; ///< false: replayed without compute stand-ins (communication only)
    std::string inputSha256;
    std::uint64_t events = 0;
    std::int64_t wallMs = 0;                   ///< wall time of its replays, every configuration
    std::vector<ConfigurationFigures> figures; ///< per configuration: each recorded pass's time
    RankingAgreement score;                    ///< scoreCampaign fills it

    /// "canary" or "canary (communication only)".
    std::string label() const;
    friend bool operator==(const CampaignProxy&, const CampaignProxy&) = default;
};

struct CampaignResults {
    int repeats = 0;
    int warmup = 0;
    std::uint32_t bootstrapResamples = 2000;
    std::uint64_t seed = 1;
    std::string cellId;
    std::string cellDescription;
    std::string sourceConfiguration; ///< the configuration the scored trace was captured under
    std::string traceSha256;
    std::uint64_t traceEvents = 0;
    std::vector<std::string> configurations;
    std::vector<ConfigurationFigures> truth; ///< W-full: step times per configuration
    std::vector<CampaignProxy> proxies;
    std::vector<std::pair<std::string, std::string>> machine;
    friend bool operator==(const CampaignResults&, const CampaignResults&) = default;
};

/// How the summary and the workbench write a score: tau with three decimals at most ("0.816", "-1"),
/// agreement with one ("66.7 %"), both rounded half away from zero.
std::string campaignTauText(std::int64_t tauPpm);
std::string campaignAgreementText(std::int64_t agreementPpm);

/// Fills every proxy's score against the truth. Throws InputError (naming source) when the
/// figures do not cover the configurations in order.
void scoreCampaign(CampaignResults& results, const std::string& source);

/// What a proxy does with one configuration pair, judged against W-full.
enum class PairVerdict {
    Agrees,    ///< W-full separates the pair and the proxy orders it the same way
    Disagrees, ///< W-full separates the pair and the proxy orders it the other way or not at all
    Tie,       ///< W-full cannot separate the pair: no decision to keep, left out of the agreement
};

struct CampaignPairDecision {
    std::size_t first = 0;  ///< index into configurations
    std::size_t second = 0; ///< index into configurations, always after first
    PairVerdict verdict = PairVerdict::Tie;
    int truth = 0; ///< W-full: -1 first is faster, +1 second is faster, 0 a tie
    int proxy = 0; ///< the proxy's means: -1, +1, or 0 when equal
    friend bool operator==(const CampaignPairDecision&, const CampaignPairDecision&) = default;
};

/// The proxy's decision on every configuration pair (0-1, 0-2, …, 1-2, …) by the same rule and
/// the same implementation as its score (pairsAgainstTruth), so the agreeing pairs number
/// score.agreeingPairs, agreeing plus disagreeing score.decidedPairs and the ties score.tiedPairs.
/// Throws std::out_of_range when proxy is not an index into results.proxies, InputError when the
/// figures do not cover the configurations in order.
std::vector<CampaignPairDecision> pairDecisions(const CampaignResults& results, std::size_t proxy);

/// The results file's text.
std::string campaignResultsJson(const CampaignResults& results);

/// Reads a results file strictly and recomputes every score. Throws InputError naming the file,
/// the JSON path and the rule (a score that disagrees with the figures included).
CampaignResults readCampaignResults(std::string_view bytes, const std::string& source);

/// The key facts of a results file for `commcanary info`: the cell, the configurations, the
/// proxies with their agreement.
std::vector<std::pair<std::string, std::string>> campaignFacts(const CampaignResults& results);

/// The short Markdown summary: W-full per configuration, then the proxy table (agreement, tau,
/// decided and tied pairs, wall time) beside the prototype's published figures.
std::string campaignSummaryMarkdown(const CampaignResults& results);

} // namespace cc
