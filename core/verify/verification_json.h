// The verification format (commcanary-workbench.verification.v1): its writer and its strict
// reader, the plain-text summary, and the facts `info` shows. Integers and strings only (ns, ppm,
// counts), fixed key order: same report -> same bytes, and what the reader accepts the writer
// writes back byte for byte.
#pragma once

#include "core/util/json/value.h"
#include "core/verify/verification.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cc::verify {

/// The report as a JSON value in the format's key order (what verificationJson lays out).
json::Value verificationValue(const VerificationReport& report);

/// The report as JSON text (two-space indentation, trailing newline).
std::string verificationJson(const VerificationReport& report);

/// Writes verificationJson atomically.
void writeVerificationFile(const VerificationReport& report, const std::filesystem::path& path);

/// Reads a verification strictly, on the product's JSON toolkit (core/util/json). Throws
/// InputError naming sourceName, the JSON path and the rule broken: for text that is not JSON
/// (with its byte offset, line and column), another format, a missing or mistyped field, a
/// duplicate key, a number that is not an exact integer in its field's range, an unknown field,
/// a derived or fixed field that disagrees with the rest of the document (the ranking orders,
/// the counts, the model, the "not proven" sentences), and a claim its statuses do not derive.
/// verificationJson of the result reproduces an accepted document's values.
VerificationReport readVerification(std::string_view json, const std::string& sourceName);

/// Reads the file (bounded by the input limit, gunzipped when needed) with readVerification.
/// Throws IoError when it cannot be read.
VerificationReport readVerificationFile(const std::filesystem::path& path);

/// "18/120 checks within tolerance": the fidelity figures every driver shows.
std::string fidelityTally(const FidelityStatus& fidelity);

/// A few lines for humans: the claim, one line per status, the failing checks in brief.
std::string verificationSummaryText(const VerificationReport& report);

/// The key facts `info` prints for a verification, in display order.
std::vector<std::pair<std::string, std::string>> verificationFacts(const VerificationReport& report);

} // namespace cc::verify
