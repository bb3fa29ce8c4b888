#include "core/verify/strict_gate.h"

#include "core/canary/canary_writer.h"
#include "core/util/errors.h"
#include "core/util/sha256.h"

namespace cc::verify {

EmitGate verificationGate(VerifyOptions options, std::shared_ptr<VerificationReport> lastReport)
{
    validateVerifyOptions(options, "strict compilation");
    return
        [options = std::move(options), lastReport](const Trace& source, const Canary& candidate, Progress& progress) {
            SourceReference ref = prepareSourceReference(source, options, progress);
            // Verify the candidate as it will be written: serialising fixes its size figures.
            Canary written = candidate;
            const std::string bytes = serializeCanary(written);
            VerificationReport report =
                verifyBehavior(ref, written, nullptr, options, progress, sha256Hex(bytes), bytes.size());
            const bool pass = report.allPass();
            std::string reasons;
            for (const auto& reason : report.claimReasons) {
                reasons += (reasons.empty() ? "" : "; ") + reason;
            }
            if (lastReport) {
                *lastReport = std::move(report);
            }
            if (!pass) {
                throw NegativeResult("strict compilation refused to emit the canary: behaviour verification failed (" +
                                     reasons + ")");
            }
            return EmitVerdict{options.tolerances.absoluteNs};
        };
}

} // namespace cc::verify
