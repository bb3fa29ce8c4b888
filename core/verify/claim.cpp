// The derived claim and the statement of what verification does not prove.
#include "core/replay/simulator.h"
#include "core/util/decimal.h"
#include "core/verify/verification.h"

namespace cc::verify {

namespace {

constexpr std::pair<Claim, std::string_view> kClaimNames[] = {
    {Claim::Failed, "failed"},
    {Claim::Partial, "partial"},
    {Claim::BehaviorallyUnverified, "behaviorally_unverified"},
    {Claim::Verified, "verified"}};

} // namespace

std::string_view claimName(Claim claim)
{
    for (const auto& [value, name] : kClaimNames) {
        if (value == claim) {
            return name;
        }
    }
    return "failed";
}

std::optional<Claim> claimFromName(std::string_view name)
{
    for (const auto& [value, text] : kClaimNames) {
        if (text == name) {
            return value;
        }
    }
    return std::nullopt;
}

void deriveClaim(VerificationReport& r)
{
    r.claimReasons.clear();
    const std::pair<const char*, bool> statuses[] = {{"timing_mode", r.timingMode.pass},
                                                     {"commitments", r.commitments.pass},
                                                     {"coverage", r.coverage.pass},
                                                     {"behavioral_fidelity", r.fidelity.pass},
                                                     {"ranking", r.ranking.pass}};
    for (const auto& [name, pass] : statuses) {
        if (!pass) {
            r.claimReasons.push_back(std::string(name) + " failed");
        }
    }
    if (!r.claimReasons.empty()) {
        r.claim = Claim::Failed;
        return;
    }
    if (r.coverage.actual == CanaryCoverage::Partial) {
        r.claim = Claim::Partial;
        r.claimReasons.push_back("the canary covers only part of the source; a partial canary never carries a strong "
                                 "claim");
        return;
    }
    if (!r.uncertainty.certain()) {
        r.claim = Claim::BehaviorallyUnverified;
        if (r.uncertainty.unknownSkewEvents != 0) {
            r.claimReasons.push_back(std::to_string(r.uncertainty.unknownSkewEvents) +
                                     " source events have unknown arrival skew (replayed with no modelled rank wait; "
                                     "unknown is not zero)");
        }
        if (r.uncertainty.partialSkewEvents != 0) {
            r.claimReasons.push_back(std::to_string(r.uncertainty.partialSkewEvents) +
                                     " source events have arrivals from only some ranks (skew is a lower bound)");
        }
        if (r.uncertainty.unknownOverlapEvents != 0) {
            r.claimReasons.push_back(std::to_string(r.uncertainty.unknownOverlapEvents) +
                                     " source events have unknown compute overlap");
        }
        // Held to the absolute latency tolerance: a skew error moves a replayed arrival, so a latency, by up to itself.
        if (r.uncertainty.skewUncertaintyAboveTolerance != 0) {
            r.claimReasons.push_back(std::to_string(r.uncertainty.skewUncertaintyAboveTolerance) + " of " +
                                     std::to_string(r.uncertainty.skewUncertaintyEvents) +
                                     " source events with measured skew have a skew uncertainty above the absolute "
                                     "tolerance of " +
                                     formatScaledDecimal(r.tolerances.absoluteNs, kMicrosToNanosScale) +
                                     " us (the largest is " +
                                     formatScaledDecimal(r.uncertainty.maxSkewUncertainty, kMicrosToNanosScale) +
                                     " us): the clocks are not known well enough for the skew the replay models");
        }
        return;
    }
    r.claim = Claim::Verified;
    r.claimReasons.push_back("every status passed, the canary covers the whole source and the source has no "
                             "rank-local uncertainty");
    if (r.uncertainty.skewUncertaintyEvents != 0) {
        r.claimReasons.push_back("the skew of " + std::to_string(r.uncertainty.skewUncertaintyEvents) +
                                 " source events is measured with a stated uncertainty of at most " +
                                 formatScaledDecimal(r.uncertainty.maxSkewUncertainty, kMicrosToNanosScale) +
                                 " us, within the absolute tolerance of " +
                                 formatScaledDecimal(r.tolerances.absoluteNs, kMicrosToNanosScale) + " us");
    }
}

const std::vector<std::string>& notProven()
{
    static const std::vector<std::string> sentences = {
        "Physical execution was not observed: every figure comes from a deterministic scheduler model of contention "
        "and overlap, not from hardware and not from NCCL.",
        "Agreement is shown only for the configurations of the set named here, under the replay protocol named here; "
        "a configuration nobody verified may rank differently.",
        "Agreement of the model's rankings with a real machine's rankings is a separate claim that needs a physical "
        "replay.",
        "Nothing here says what the canary's remaining timing structure reveals about the workload: compression proofs "
        "are not a privacy analysis.",
        "The producer of the canary is not authenticated: commitments bind it to the source trace, not to a person or "
        "a machine."};
    return sentences;
}

} // namespace cc::verify
