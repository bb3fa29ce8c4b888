// Kineto (PyTorch profiler, Chrome-trace JSON) import: one rank's profile into a rank-local
// trace. Observational and single-rank: it records what the profiled rank issued and when, and
// nothing it cannot see (cross-rank skew, compute overlap and exposed latency stay unknown).
//
// Event sources, in order of preference:
//  * torch >= 2.2: one event per CPU "record_param_comms" op that carries collective metadata;
//    its GPU kernel (same "External id") supplies device timing and is not counted again, and
//    the "nccl:*" annotation nested in it is its twin, not another call;
//  * older (legacy) profiles: one event per CPU "nccl:*" / "gloo:*" annotation, sizes from its
//    "Input Dims" / "Input type", device timing from its "gpu_user_annotation" twin.
// A kernel whose External id is not its call's (legacy profiles number kernels by CUPTI
// correlation) is reached through its launch: the cuda_runtime event with the kernel's
// "correlation", inside the call on the call's thread. Such a call also records its completion,
// "latency_ns" = end of its last kernel - the call's start (what align-clocks reads).
// "wait" is not a collective: it is counted in the notes, never imported.
//
// Bytes per collective (element counts x dtype size; n = group size):
//   all_reduce, broadcast, reduce     In == Out msg nelems (checked) -> the buffer
//   all_gather                        Out == In x n (checked)        -> the gathered output
//   reduce_scatter                    In == Out x n (checked)        -> the full input
//   all_to_all(v)                     In                             -> what this rank sends (Out kept when different)
//   gather / scatter                  In x n / Out x n               -> the gathered / scattered total
//   send / recv                       the message
//   barrier, custom, all_to_all       with no payload (an empty share of an uneven all_to_all): written as
//                                     1 byte (the format's minimum), "payload_bytes": 0 kept
// Legacy annotations carry the input only: all_gather is input x n, reduce_scatter the input.
#pragma once

#include "core/interop/group_declaration.h"
#include "core/interop/import_ledger.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstdint>
#include <exception>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cc::interop {

struct KinetoImportOptions {
    std::string workloadName;         ///< default: the file name without its extensions
    std::string phase;                ///< written on every imported event (empty: none)
    std::string processGroup;         ///< import only this process group's collectives (empty: all)
    std::optional<std::int32_t> rank; ///< the profiled rank, for profiles that do not record it
    /// Hash a plain profile and parse its events on helper threads while the reading thread cuts
    /// it into batches (the same result, less wall time). Off: everything runs on the calling thread.
    bool concurrentReading = true;
    /// Membership the profile does not record, declared by the user (group_declaration.h). Each
    /// must agree with what the profile records; one that contains the profiled rank and that no
    /// collective uses is refused. Used declarations are written into the notes as declarations.
    std::vector<DeclaredGroup> groups;
};

struct KinetoImportSummary {
    std::string source;
    std::string sha256; ///< of the file as stored
    std::uint64_t fileBytes = 0;
    std::uint64_t jsonBytes = 0;     ///< uncompressed JSON
    std::uint64_t profileEvents = 0; ///< elements of traceEvents
    std::optional<std::int32_t> rank;
    std::string rankSource;          ///< where the rank came from ("distributedInfo", "--rank", "collective metadata")
    bool collectiveMetadata = false; ///< torch >= 2.2 metadata (otherwise legacy annotations)
    std::map<std::string, std::uint64_t> importedByOp; ///< custom operations under their own name
    std::uint64_t imported = 0;
    std::uint64_t customOps = 0;
    std::uint64_t waits = 0;
    std::uint64_t deviceTimed = 0;        ///< events with device timing from their kernel or GPU annotation
    std::uint64_t kernelsWithoutCall = 0; ///< communication kernels with no imported CPU call
    /// Communication kernels reached through the CUDA launch inside their call (correlation id),
    /// because their External id is not the call's; each such call records latency_ns.
    std::uint64_t kernelsViaLaunch = 0;
    std::uint64_t completions = 0; ///< calls with latency_ns (call to the end of its last kernel)
    std::uint64_t paramCommsWithoutMetadata = 0;
    std::uint64_t filteredOut = 0; ///< other process groups (--process-group)
    Ns clockOriginNs = 0;          ///< profile clock reading of start 0
    std::vector<std::string> assumptions;
    std::vector<std::string> declarations; ///< the declared groups used, with how many calls use each
    std::string notes;                     ///< the workload notes written into the trace
    ImportLedger ledger;                   ///< where every profile event went
};

struct KinetoImport {
    Trace trace;
    KinetoImportSummary summary;
};

/// Imports one profile (plain or gzip). Throws InputError naming the file, the traceEvents index
/// and the field when the profile cannot be imported without guessing; IoError; Cancelled.
KinetoImport importKinetoProfile(const std::filesystem::path& path, const KinetoImportOptions& options,
                                 Progress& progress);

/// What importKinetoProfiles made of each profile, in the order given: the imports up to the
/// first failure (in that order), and that failure, if any.
struct KinetoImports {
    std::vector<KinetoImport> imports; ///< profiles [0, imports.size()), all imported
    std::exception_ptr failure;        ///< of profile imports.size(); null when every one imported
};

/// Imports several profiles (each as importKinetoProfile), up to `threads` at once (0: one per
/// processor). The result does not depend on the thread count. Progress is reported and checked
/// on the calling thread only; Cancelled is thrown, after every worker has stopped, when it asks.
KinetoImports importKinetoProfiles(const std::vector<std::filesystem::path>& paths, const KinetoImportOptions& options,
                                   Progress& progress, unsigned threads = 0);

/// One line per op ("all_reduce 15") and the notes, for the CLI and the GUI.
std::string describeKinetoImport(const KinetoImportSummary& summary);

} // namespace cc::interop
