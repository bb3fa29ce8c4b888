// Physical replay: the program each real rank walks, and how its measured times become samples.
//
// A trace (or a canary expanded in full) becomes a PhysicalProgram: the events in canonical
// order, each with the process group of exactly its recorded ranks (every distinct rank set
// numbered once, in order of first use, so every rank creates the same groups in the same
// order), its size in bytes as recorded, its pacing (issue time from the trace origin, compute
// before and overlapping it) and each member's arrival offset. The worker
// (capture/worker/replay_run.cpp) executes it; measuredSamples turns the ranks' steady-clock
// stamps into samples with the simulator's latency definition (kPhysicalLatencyRule).
#pragma once

#include "core/trace/trace.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cc::physical {

/// The one definition of a measured latency, the simulator's (core/replay/simulator.h:
/// latency = completion - issue = rank wait + queue wait + duration), on real ranks.
inline constexpr std::string_view kPhysicalLatencyRule =
    "latency = completion - issue, as in the simulator: issue is the earliest member rank's issue stamp and "
    "completion the latest member rank's completion stamp, both on rank 0's steady clock (each rank's stamps "
    "shifted by its TCPStore ping offset); rank_wait = latest issue - earliest issue (the arrival skew as "
    "replayed). Every latency is uncertain by at most the sum of the largest two ranks' offset uncertainties";

/// Why an operation cannot run on a backend, or empty when it can.
std::string unsupportedReason(OpKind kind, bool customOp, std::string_view backend);

struct PhysicalEvent {
    std::uint32_t event = 0; ///< canonical event index in the trace
    OpKind kind = OpKind::AllReduce;
    std::string op;           ///< the op name as recorded
    std::int64_t bytes = 0;   ///< as recorded
    std::uint32_t group = 0;  ///< index into PhysicalProgram::groups
    std::int32_t root = -1;   ///< rooted ops: the root's global rank
    std::int32_t sender = -1; ///< point-to-point: the sending global rank
    std::int32_t receiver = -1;
    Ns issueAt = 0;                ///< the trace's issue time from its origin
    Ns computeBefore = 0;          ///< compute stand-in before the issue (0 when not recorded)
    Ns computeOverlap = 0;         ///< compute stand-in while the collective is in flight (0 when not recorded)
    std::vector<Ns> arrivalOffset; ///< per member of the group, in group order: injected before issuing
    SkewState skew = SkewState::Unknown;
    bool overlapUnknown = false;
    bool skipped = false; ///< named by --skip-op: no rank issues it
};

struct PhysicalProgram {
    int worldSize = 0;
    std::vector<std::vector<std::int32_t>> groups; ///< distinct rank sets, in order of first use
    std::vector<PhysicalEvent> events;             ///< canonical order
    std::vector<std::string> skippedOps;           ///< sorted, as given
    std::uint64_t skippedEvents = 0;

    /// The largest payload any member of any event sends or receives, for the buffer.
    std::int64_t maxBytes() const;
    /// Whether rank is a member of event e's group.
    bool member(const PhysicalEvent& e, std::int32_t rank) const;
    /// rank's index in group g, or -1.
    int groupRank(std::uint32_t g, std::int32_t rank) const;
};

/// Builds the program. Throws InputError naming the trace and the event index when an event
/// names a rank outside [0, worldSize), or an operation the backend cannot run that skipOps
/// does not name, or when skipOps names an operation the trace does not contain.
PhysicalProgram buildPhysicalProgram(const Trace& trace, int worldSize, std::string_view backend,
                                     const std::vector<std::string>& skipOps);

/// One rank's stamps of one repeat: for every event it is a member of (program order), its
/// issue and completion on its own steady clock.
struct RankRepeatStamps {
    std::vector<std::uint32_t> event;
    std::vector<Ns> issue;
    std::vector<Ns> complete;
};

struct RankTimings {
    int rank = 0;
    Ns offsetNs = 0;              ///< rank 0's clock - this rank's clock
    Ns uncertaintyNs = 0;         ///< the offset is within offsetNs ± uncertaintyNs
    std::vector<Ns> repeatOrigin; ///< per repeat: rank 0's clock at the repeat's start (shared)
    std::vector<RankRepeatStamps> repeats;
};

/// One measured event of one repeat (ns; times from the repeat's origin on rank 0's clock).
struct MeasuredSample {
    std::uint32_t event = 0;
    std::uint32_t repeat = 0;
    Ns issue = 0;           ///< earliest member issue
    Ns rankWait = 0;        ///< latest member issue - earliest
    Ns latency = 0;         ///< latest completion - earliest issue (kPhysicalLatencyRule)
    Ns maxRankTime = 0;     ///< the longest member's own issue-to-completion time (clock-free)
    std::uint8_t flags = 0; ///< core/replay SampleFlag bits: skew_unknown, skew_partial, overlap_unknown
};

/// The samples of every repeat, repeat-major, program order. Throws InputError (source names the
/// ranks' files) when a rank misses an event it is a member of, has one it is not, or the ranks
/// disagree on the repeat count.
std::vector<MeasuredSample> measuredSamples(const PhysicalProgram& program, const std::vector<RankTimings>& ranks,
                                            const std::string& source);

/// The largest sum of two ranks' offset uncertainties (the bound on any latency's clock error).
Ns latencyUncertaintyNs(const std::vector<RankTimings>& ranks);

} // namespace cc::physical
