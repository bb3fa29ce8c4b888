// verify-behavior: replays the lossless source and the expanded canary under every configuration
// of a set and fills a VerificationReport (core/verify/verification.h).
//
// The source side is computed once (SourceReference) so that behaviour search can verify many
// candidates against one replay of the source.
#pragma once

#include "core/canary/canary.h"
#include "core/configs/backend_config.h"
#include "core/replay/protocol.h"
#include "core/replay/simulator.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"
#include "core/verify/source_event_bytes.h"
#include "core/verify/tolerance.h"
#include "core/verify/verification.h"

#include <memory>
#include <string>
#include <vector>

namespace cc::verify {

struct VerifyOptions {
    ConfigSet configs;
    ReplayProtocol protocol; ///< its tieTolerancePpm is replaced by tolerances.rankingTiePpm
    Tolerances tolerances;
};

/// Refuses options verification cannot honour (fewer than two configurations, protocol or
/// tolerances out of range). Throws InputError naming sourceName.
void validateVerifyOptions(const VerifyOptions& options, const std::string& sourceName);

/// What verification needs from the source's replay, per configuration.
struct SourceReference {
    const Trace* trace = nullptr; ///< must outlive the reference
    std::string sha256;           ///< normalised SHA-256 of the trace
    SourceUncertainty uncertainty;
    std::vector<std::string> names;
    std::vector<ConfigurationSummary> summaries; ///< per configuration, in set order
    std::vector<std::uint64_t> samples;          ///< sample count per configuration
    /// Every sample at or above the p99 per configuration, highest latency first (then event, iteration).
    std::vector<std::vector<TailSample>> tails;
    std::vector<PairDecision> ranking; ///< as decided with the verification's tie rule (informative)
    /// The source's canonical event bytes, kept by keepSourceEventBytes for callers that verify many
    /// canaries (commitments then hash slices of them instead of re-encoding). Null: re-encoded each time.
    std::shared_ptr<const SourceEventBytes> eventBytes;
};

SourceReference prepareSourceReference(const Trace& source, const VerifyOptions& options, Progress& progress);

/// Encodes the source's events once and keeps them in the reference (up to kMaxKeptEventBytes; above
/// it nothing is kept), so every later verifyBehavior recomputes its commitments by hashing alone.
/// The digests, and so every report, are the same either way.
void keepSourceEventBytes(SourceReference& reference, Progress& progress);

/// Verifies a canary against a prepared source. expanded may be null (the canary is expanded
/// here) or the canary's expansion when the caller already has it. canaryFileSha256 and
/// canaryFileBytes describe the canary file as read (empty / 0: computed from the canonical bytes).
/// A canary that cannot be expanded (e.g. above the expansion limit) throws InputError.
VerificationReport verifyBehavior(const SourceReference& source, const Canary& canary, const Trace* expanded,
                                  const VerifyOptions& options, Progress& progress,
                                  const std::string& canaryFileSha256 = {}, std::uint64_t canaryFileBytes = 0);

/// Convenience: prepares the source and verifies one canary.
VerificationReport verifyBehavior(const Trace& source, const Canary& canary, const VerifyOptions& options,
                                  Progress& progress);

} // namespace cc::verify
