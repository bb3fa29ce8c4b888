// Canonical JSON of a verification report, its plain-text summary, and the `info` describer.
// Integers and strings only (ns, ppm, counts), fixed key order: same report -> same bytes.
#pragma once

#include "core/verify/verification.h"

#include <filesystem>
#include <string>

namespace cc::verify {

/// The report as JSON text (two-space indentation, trailing newline).
std::string verificationJson(const VerificationReport& report);

/// Writes verificationJson atomically.
void writeVerificationFile(const VerificationReport& report, const std::filesystem::path& path);

/// A few lines for humans: the claim, one line per status, the failing checks in brief.
std::string verificationSummaryText(const VerificationReport& report);

/// Registers the `info` describer of verification files (idempotent). Call it from a driver at
/// start-up: registration from a static object inside the static core library would be dropped
/// by the linker.
void registerVerificationFileDescriber();

} // namespace cc::verify
