// Behaviour search: the structural answer to ddmin. Compiles the trace at every timing budget of
// a declared range (per-group timing-sample limits), runs the full verification on each candidate
// (timing mode, commitments, coverage, behavioural fidelity, ranking), rejects every failure and
// keeps the smallest passing artifact by serialised size; then greedily lowers the sample limit of
// individual operation-signature groups, keeping a lower limit only while every status still
// passes and the artifact does not grow. The degenerate answer is unreachable because the gate
// includes the behaviour the workload is made of.
//
// Greedy, and it says so: no optimality claim (no per-window Pareto optimality). The evidence
// lists every candidate, its size and every status, so a reviewer can see why the winner won.
//
// Driving it from `compile --behavior-search --configs FILE [--search-budgets 1,2,4,...]
// [--search-evidence-output EVIDENCE] [tolerance options] -o OUT`:
//     verify::VerifyOptions v = verify::verifyOptionsFromText(valueOf);   // usage error on bad text
//     v.configs = verify::verificationConfigSet(configsPath);            // exit 3 on a bad set
//     SearchOptions s;
//     if (budgets given) s.sampleLimits = parseSampleLimits(text, "--search-budgets");
//     s.fieldCaps = <the per-field caps of the compile flags>;
//     SearchResult r = searchBehavior(trace, v, s, progress);
//     if (evidence path) writeFileAtomic(evidence, searchEvidenceJson(r, s, v));  // written either way
//     if (!r.found) return exit 1 (nothing passed; no canary written);
//     writeFileAtomic(out, r.best.bytes); print searchSummaryLine(r);
// Strict compilation (`compile --strict`) sets CompileOptions::emitGate = verify::verificationGate(v)
// (core/verify/strict_gate.h); the gate throws NegativeResult (exit 1) and nothing is written.
#pragma once

#include "core/compile/compiler.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"
#include "core/verify/behavior_verifier.h"
#include "core/verify/verification.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc::search {

inline constexpr std::string_view kSearchEvidenceFormat = "commcanary-workbench.search-evidence.v1";

/// The default declared range: 1, 2, 4, ..., 128 samples per group.
std::vector<std::uint64_t> defaultSampleLimits();

/// Parses a declared range: "A..B" (every limit from A to B) or a comma list ("1,2,4,8").
/// Limits are >= 1, at most 4096 of them; returned ascending without duplicates. Throws
/// InputError naming optionName.
std::vector<std::uint64_t> parseSampleLimits(std::string_view text, const std::string& optionName);

/// How far (in multiples of a group's loosened tolerance) aligned candidates may move a free field.
inline constexpr std::uint32_t kDefaultRoundAlignmentSlack = 3;

/// The largest sample limit the search tries beyond the declared range.
inline constexpr std::uint64_t kMaxExtendedSampleLimit = std::uint64_t{1} << 20;

/// When the lossless canary competes and no bounded candidate of the declared range passes, the search
/// goes on beyond it: it doubles the largest limit while no bounded candidate passes, the candidate is
/// smaller than the lossless canary and the limit is below the largest group's event count (at most
/// kMaxExtendedSampleLimit). The evidence lists those limits (search_space.extended_sample_limits).
struct SearchOptions {
    std::vector<std::uint64_t> sampleLimits = defaultSampleLimits(); ///< the declared range
    /// Per-field caps every bounded candidate keeps (its sample limits are set by the search).
    TimingBudget fieldCaps;
    bool includeLossless = true; ///< the lossless canary competes too (and gives the reference size)
    bool refineGroups = true;    ///< run the greedy per-group stage
    /// Structure recovery under jitter (CompileOptions::roundAlignmentSlack) for bounded candidates:
    /// each bounded candidate is compiled aligned first and, when that one fails verification, once
    /// more without alignment. 0 turns it off.
    std::uint32_t roundAlignmentSlack = kDefaultRoundAlignmentSlack;
};

/// The five statuses in report order.
inline constexpr std::array<std::string_view, 5> kStatusNames = {"timing_mode", "commitments", "coverage",
                                                                 "behavioral_fidelity", "ranking"};

struct CandidateRecord {
    std::uint64_t index = 0;
    std::string stage; ///< "lossless", "uniform" or "per_group"
    std::optional<std::uint64_t> sampleLimit;
    std::map<std::uint64_t, std::uint64_t> groupLimits; ///< per-group overrides (group hash -> limit)
    std::uint32_t roundAlignmentSlack = 0;              ///< 0: compiled without round alignment
    std::string outcome;                                ///< "passed", "failed_verification", "refused_by_compiler"
    std::string refusal;                                ///< the compiler's reason when refused
    std::uint64_t bytes = 0;
    std::uint64_t storedEvents = 0;
    std::uint64_t timingSamples = 0;
    std::string canarySha256;
    std::optional<verify::Claim> claim;
    std::array<bool, 5> statuses{};    ///< in kStatusNames order
    std::vector<std::string> failures; ///< which statuses failed, with a few failing checks
    bool improved = false;             ///< became the best so far
    bool selected = false;             ///< the final winner
};

struct GroupRefinement {
    std::uint64_t groupHash = 0;
    std::string description;
    std::uint64_t events = 0;
    std::uint64_t samplesBefore = 0; ///< distinct samples in the best canary when refinement reached it
    std::uint64_t limitBefore = 0;
    std::uint64_t limitAfter = 0;
    std::uint64_t attempts = 0;
};

struct SearchResult {
    bool found = false;
    CompileResult best;                      ///< the selected artifact (bytes are what to write)
    verify::VerificationReport verification; ///< of the selected artifact, as written
    std::vector<CandidateRecord> candidates;
    std::vector<GroupRefinement> groups;
    std::optional<std::uint64_t> losslessBytes;
    std::uint64_t verifications = 0;
    std::string sourceSha256;
    std::uint64_t sourceEvents = 0;
    /// Limits tried beyond the declared range (empty when the range sufficed; see SearchOptions).
    std::vector<std::uint64_t> extendedLimits;
};

/// Runs the search. Throws InputError for unusable options, Cancelled on cancel. found is false
/// when no candidate passed (the caller exits negative and writes the evidence only).
SearchResult searchBehavior(const Trace& source, const verify::VerifyOptions& verifyOptions,
                            const SearchOptions& options, Progress& progress);

/// The evidence file (canonical JSON, integers and strings only).
std::string searchEvidenceJson(const SearchResult& result, const SearchOptions& options,
                               const verify::VerifyOptions& verifyOptions);

/// One line: "behaviour search: 9 candidates, 5 passed; selected uniform limit 2 (1234 bytes, lossless 5678)".
std::string searchSummaryLine(const SearchResult& result);

} // namespace cc::search
