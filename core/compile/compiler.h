// The canary compiler: Trace -> Canary. Exact encodings first (run-length for repetition,
// periodic motifs for regular structure); in bounded mode, timing is approximated only within
// the declared budget (per-field caps, per-group sample limits) and every approximated segment
// records its true per-field maximum error; a budget that cannot be met fails closed with
// cc::NegativeResult naming the group, the field and the bound. Every segment carries a SHA-256
// commitment to the canonical bytes of the source events it stands for.
//
// Deterministic: the same trace and options give byte-identical canaries.
//
// Called by the CLI (`commcanary compile`), the behaviour search (per-group sample limits via
// TimingBudget::groupSampleLimits), strict compilation (CompileOptions::emitGate) and the GUI.
#pragma once

#include "core/canary/canary.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cc {

/// The sample limit the CLI applies in bounded mode when none is given (the prototype's default).
inline constexpr std::uint64_t kDefaultTimingSampleLimit = 128;

struct CompileOptions {
    /// Lossless: every modelled field exact; the budget must be empty. Bounded: the budget applies.
    CanaryTimingMode timingMode = CanaryTimingMode::Lossless;
    TimingBudget budget;
    /// Compile only the first N events in canonical order; the canary is partial when N is below
    /// the source's event count.
    std::optional<std::uint64_t> prefixEvents;
    /// Event positions (ascending, each strictly inside the compiled events) at which a segment must
    /// begin, so that no segment and no run spans a break. Lossless only. Subset canaries use it: each
    /// kept run of source events needs segments of its own (core/reduce/subset.h).
    std::vector<std::uint64_t> segmentBreaks;
    /// Bounded only, 0 = off. Structure recovery under jitter: after the groups are approximated, the
    /// rounds of every periodic window are cut into the fewest blocks in which each position keeps one
    /// of its own samples, so that jittered iterations encode as one motif per block instead of
    /// literals. A field with a declared cap keeps it; a field the budget leaves free may then sit up
    /// to this many times its group's loosened tolerance from the source. The true errors are measured
    /// and recorded as always; behaviour search decides whether they still verify.
    std::uint32_t roundAlignmentSlack = 0;
    /// When set, called with the finished candidate before it is returned; it verifies behaviour
    /// and throws cc::NegativeResult to refuse (strict compilation). A candidate it lets pass may
    /// carry the behavior_verified claim, decided against the absolute tolerance the gate returns
    /// (stated skew uncertainties above it cap the claim, as they cap the verification's). Without
    /// a gate the claim is held to cc::kDefaultAbsoluteToleranceNs.
    std::function<EmitVerdict(const Trace& source, const Canary& candidate, Progress& progress)> emitGate;
};

/// What the compiler did to one operation-signature group (cc::OpSignature).
struct CompileGroupSummary {
    std::uint64_t groupHash = 0; ///< cc::contentHash of the signature: the key of per-group limits
    std::string description;     ///< "all_reduce 4096 B, 8 ranks, group tp, phase decode"
    std::uint64_t events = 0;
    std::uint64_t samples = 0; ///< distinct timing samples its events use in the canary
    std::optional<std::uint64_t> sampleLimit;
    TimingErrors maxError; ///< true max error over its events
};

struct CompileResult {
    Canary canary;                           ///< complete, header figures filled in
    std::string bytes;                       ///< its canonical serialisation (what writeCanaryFile writes)
    std::vector<CompileGroupSummary> groups; ///< by first appearance in the source
};

/// What every compile of one source derives from the source alone, whatever the options: the
/// source's identity for the header (normalised SHA-256, serialised size) and every event's arrivals
/// sorted by rank; and, as bounded compiles of it run, each group's quantization per (sample limit,
/// field caps), so that a later compile giving a group the same budget reuses it instead of redoing
/// it (behaviour search changes one group's limit per candidate and compiles every candidate twice),
/// and the segment commitments made, by source range.
/// Built once for a source that is compiled many times; a compile without one derives what it needs
/// itself. The output never depends on it: a compile with a context, fresh or well used, is byte for
/// byte the compile without one.
///
/// Bound to the trace it was built from, which must outlive it unchanged (compileCanary refuses a
/// different trace). Not thread-safe: one compile at a time may use it.
class CompileContext {
public:
    /// The commitment of source events [first, last): exactly what cc::segmentCommitment(trace, first,
    /// last) returns, from a caller that already holds the source's canonical event bytes (behaviour
    /// search: verify::SourceEventBytes), so that no compile re-encodes the source's events.
    using SegmentCommitment = std::function<std::string(std::size_t first, std::size_t last)>;

    /// Two whole passes over the trace (its hash and its serialised size) and one over its arrivals.
    /// Without commitment, segments are committed with cc::segmentCommitment. Throws Cancelled on cancel.
    CompileContext(const Trace& trace, Progress& progress, SegmentCommitment commitment = {});
    ~CompileContext();
    CompileContext(const CompileContext&) = delete;
    CompileContext& operator=(const CompileContext&) = delete;

    const Trace& trace() const;
    const std::string& sourceSha256() const; ///< normalizedSha256 of the trace
    std::uint64_t sourceBytes() const;       ///< traceJsonBytes of the trace

    struct State;

private:
    std::unique_ptr<State> state_;
    friend CompileResult compileCanary(const Trace&, const CompileOptions&, Progress&, CompileContext&);
};

/// Compiles. Throws InputError for options that make no sense (lossless with a budget, prefix 0,
/// zero sample limits), NegativeResult when the budget cannot be met, Cancelled on cancel.
CompileResult compileCanary(const Trace& trace, const CompileOptions& options, Progress& progress);

/// The same, with what the context already knows of the trace (byte-identical results). Throws
/// std::invalid_argument when the context was built from another trace.
CompileResult compileCanary(const Trace& trace, const CompileOptions& options, Progress& progress,
                            CompileContext& context);

/// Words for a signature in messages and summaries ("all_reduce 4096 B, 8 ranks, group tp, phase decode").
std::string describeSignature(const Canary& canary, std::uint32_t signature);

} // namespace cc
