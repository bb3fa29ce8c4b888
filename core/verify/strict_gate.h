// Strict compilation: an emit gate for cc::CompileOptions::emitGate that verifies every candidate
// against its source and refuses (cc::NegativeResult naming each failing status) unless all five
// statuses pass. A canary the gate lets through may carry the behavior_verified claim.
#pragma once

#include "core/canary/canary.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"
#include "core/verify/behavior_verifier.h"

#include <functional>
#include <memory>

namespace cc::verify {

/// Returns the absolute tolerance the candidate was verified under, so the compiler decides its
/// claim against the same tolerance as the verification's claim.
using EmitGate = std::function<EmitVerdict(const Trace& source, const Canary& candidate, Progress& progress)>;

/// lastReport, when given, receives the report of the last candidate the gate examined (passed or
/// refused), so a driver can write it next to the artifact or explain the refusal.
EmitGate verificationGate(VerifyOptions options, std::shared_ptr<VerificationReport> lastReport = {});

} // namespace cc::verify
