// The individual status checks of behaviour verification, one file each. Internal to core/verify:
// behavior_verifier.cpp composes them; tests go through verifyBehavior.
#pragma once

#include "core/canary/canary.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"
#include "core/verify/behavior_verifier.h"
#include "core/verify/verification.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace cc::verify {

/// How the canary's expanded events line up with source events: expanded event k stands for
/// source event coveredFirst + k. Valid when the covered range lies inside the source, spans as
/// many events as the expansion has, and every expanded event does what its source event does
/// (same operation signature by content, same message sequence).
struct Correspondence {
    bool valid = false;
    std::string reason; ///< why not, when !valid
    std::uint64_t first = 0;
    std::uint64_t count = 0;
    /// A subset canary (covered.runs): expanded event k stands for the k-th kept source event.
    bool subset = false;
    CoveredIndex runs{std::vector<CoveredRun>{}};

    std::uint64_t sourceIndex(std::uint64_t k) const { return subset ? runs.sourceIndex(k) : first + k; }
    /// The expanded position of source event i, nullopt when the canary does not cover it.
    std::optional<std::uint64_t> expandedIndex(std::uint64_t i) const
    {
        if (subset) {
            return runs.expandedIndex(i);
        }
        if (i < first || i - first >= count) {
            return std::nullopt;
        }
        return i - first;
    }
};

Correspondence establishCorrespondence(const Trace& source, const Canary& canary, const Trace& expanded,
                                       Progress& progress);

/// Re-checks the attested timing mode: every exact segment expands to exactly its source events,
/// every interval within its recorded per-field bounds, every bound within the header's and the
/// budget's.
TimingModeStatus checkTimingMode(const Trace& source, const Canary& canary, const Trace& expanded,
                                 const Correspondence& correspondence, Progress& progress);

/// Recomputes every commitment (source identity, covered range, each segment) from the source, from
/// its kept event bytes when given (they must be the source's: SourceEventBytes::encode(source)).
CommitmentsStatus checkCommitments(const Trace& source, const std::string& sourceSha256, const Canary& canary,
                                   Progress& progress, const SourceEventBytes* eventBytes = nullptr);

/// Declared coverage against what the program covers, the claim a partial canary may carry, and the
/// header figures that describe what the canary stands for. canaryFileBytes 0 skips the size figure.
CoverageStatus checkCoverage(const Trace& source, const Canary& canary, std::uint64_t canaryFileBytes);

/// Behavioural fidelity of one configuration from the two summaries and the canary's samples.
ConfigurationFidelity checkConfiguration(const std::string& name, const ConfigurationSummary& source,
                                         std::uint64_t sourceSamples, const std::vector<TailSample>& sourceTail,
                                         const ConfigurationSummary& canary, const SampleColumns& canarySamples,
                                         const Correspondence& correspondence, const Tolerances& tolerances);

/// Every pair x median/p95/p99/mean, source relation against canary relation.
RankingStatus checkRanking(const std::vector<std::string>& names, const std::vector<Distribution>& source,
                           const std::vector<Distribution>& canary, const Tolerances& tolerances);

/// Source uncertainty counts; stated skew uncertainties are compared with tolerances.absoluteNs.
/// Throws InputError naming the event when a stated skew uncertainty is not a valid time.
SourceUncertainty sourceUncertainty(const Trace& source, const Tolerances& tolerances);

} // namespace cc::verify
