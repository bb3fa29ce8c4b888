// What the Kineto reader keeps from a PyTorch profiler trace: only the communication-related
// events (a few per collective), as plain values. Everything else in the profile is skipped
// while streaming, so memory follows the number of collectives, not the file size.
#pragma once

#include "core/trace/event.h"
#include "core/util/progress.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cc::interop {

enum class KinetoRecordKind : std::uint8_t {
    ParamComms,    ///< CPU op "record_param_comms" (carries collective metadata in torch >= 2.2)
    Annotation,    ///< CPU user annotation "nccl:<op>" / "gloo:<op>" (legacy profiles' only record)
    GpuAnnotation, ///< its GPU-side twin ("gpu_user_annotation")
    Kernel,        ///< a communication kernel on the device (nccl*/rccl* names, or with metadata)
    C10dOp,        ///< CPU op "c10d::<op>_" (carries input and output tensor shapes)
};

/// One input of an op as the profiler records it ("Input Dims" / "Input type").
struct KinetoInput {
    std::string type;           ///< C++ type text, e.g. "float", "c10::BFloat16", "TensorList", "Scalar", ""
    std::int64_t elements = -1; ///< product of the dims (sum over a nested tensor list); -1 when no dims
};

/// The collective metadata torch >= 2.2 writes into args (absent fields stay empty).
struct KinetoCollectiveMeta {
    std::string collective;                       ///< "Collective name"
    std::optional<std::int64_t> inNelems;         ///< "In msg nelems"
    std::optional<std::int64_t> outNelems;        ///< "Out msg nelems"
    std::string dtype;                            ///< "dtype" (c10 ScalarType name, e.g. "Float")
    std::optional<std::int64_t> groupSize;        ///< "Group size"
    std::optional<std::string> inSplit;           ///< "In split size" (a JSON list as text)
    std::optional<std::string> outSplit;          ///< "Out split size"
    std::optional<std::string> pgName;            ///< "Process Group Name", or "Process Group ID" as text
    bool pgNameFromId = false;                    ///< the older integer key "Process Group ID" was used
    std::string pgDesc;                           ///< "Process Group Description"
    std::optional<std::string> groupRanks;        ///< "Process Group Ranks" (text "[0, 1, ...]", possibly truncated)
    std::optional<std::int64_t> rank;             ///< "Rank"
    std::optional<std::int64_t> srcRank;          ///< "Src Rank"
    std::optional<std::int64_t> dstRank;          ///< "Dst Rank"
    std::optional<std::int64_t> seq;              ///< "Seq"
    std::optional<std::int64_t> globalRankStart;  ///< "Global rank start"
    std::optional<std::int64_t> globalRankStride; ///< "Global rank stride"
    std::string commsId;                          ///< "Comms Id" as its JSON number text (may exceed int64)
};

struct KinetoRecord {
    KinetoRecordKind kind = KinetoRecordKind::ParamComms;
    std::size_t index = 0; ///< position in traceEvents
    std::string name;      ///< the event's "name"
    Ns ts = 0;             ///< "ts" in ns (profile clock, relative to baseTimeNanoseconds when present)
    Ns dur = 0;            ///< "dur" in ns
    std::string pid;       ///< raw JSON token (number or string)
    std::string tid;
    std::optional<std::int64_t> externalId;
    std::optional<std::int64_t> correlation;
    bool hasMeta = false;                       ///< args carry "Collective name" (meta is then set)
    std::unique_ptr<KinetoCollectiveMeta> meta; ///< set only for records with collective metadata
    std::vector<KinetoInput> inputs;
    std::size_t argCount = 0; ///< how many args the event has (for messages)
};

/// A kernel launch on a CPU thread ("cuda_runtime"/"cuda_driver" events named *Launch*: cudaLaunchKernel,
/// cuLaunchKernelEx, hipExtLaunchKernel, cudaGraphLaunch, ...). Its args.correlation is the kernel's, and
/// it runs inside the CPU call that launched it: the link from a call to a kernel whose External id is
/// not the call's (legacy profiles number kernels by correlation).
struct KinetoLaunch {
    std::size_t index = 0; ///< position in traceEvents
    Ns ts = 0;
    Ns dur = 0;
    std::uint32_t thread = 0; ///< into KinetoProfile::launchThreads
    std::int64_t correlation = 0;
    std::optional<std::int64_t> externalId;
};

/// Everything the import needs from one profile.
struct KinetoProfile {
    std::string sourceName; ///< the path as given
    std::string fileSha256; ///< SHA-256 of the file as stored (compressed bytes for .gz)
    std::uint64_t fileBytes = 0;
    std::uint64_t jsonBytes = 0; ///< decoded (uncompressed) JSON bytes
    bool compressed = false;
    std::uint64_t eventCount = 0;      ///< elements of traceEvents
    std::vector<KinetoRecord> records; ///< in traceEvents order
    /// The launches of the communication kernels among records (same correlation), in traceEvents order.
    std::vector<KinetoLaunch> launches;
    std::vector<std::string> launchThreads; ///< "pid|tid" of the launches' threads (raw JSON tokens)
    std::optional<std::string> distributedInfoJson;
    std::optional<std::string> baseTimeNanoseconds; ///< number text
    std::optional<std::string> displayTimeUnit;
    std::optional<std::string> schemaVersion;
};

/// Streams a profile (plain or gzip) and keeps the communication records. Unless
/// concurrentReading is false, a plain file's SHA-256 is computed on a second thread, and the
/// events are parsed on another while the calling thread cuts the next batch. Throws IoError,
/// InputError (naming the file, traceEvents[i] and the field) and Cancelled.
KinetoProfile readKinetoProfile(const std::filesystem::path& path, Progress& progress, bool concurrentReading = true);

} // namespace cc::interop
