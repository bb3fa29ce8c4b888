// Physical replay: a trace or canary replayed by real commcanary-capture-worker ranks on c10d
// process groups, once per physical configuration, and the result assembled into a measured
// report (core/report/measured_report.h).
//
// The worker's `replay` verb walks the program of core/physical/physical_program.h; this file
// holds both directions of its command line, its rank file (replay_rank<R>.json,
// commcanary.capture.replay.rank.v1), the loopback shaping of a private network namespace, and
// the run itself (ranks started through rank_launcher.h like a capture cell's).
#pragma once

#include "capture/lib/cell_spec.h"
#include "capture/lib/clock_offsets.h"
#include "capture/lib/machine_probe.h"
#include "capture/lib/rank_launcher.h"
#include "capture/lib/worker_invocation.h"
#include "core/configs/physical_configs.h"
#include "core/physical/physical_program.h"
#include "core/report/measured_report.h"
#include "core/util/json/value.h"
#include "core/util/progress.h"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc::capture {

inline constexpr std::string_view kReplayVerb = "replay";
inline constexpr std::string_view kReplayRankFormat = "commcanary.capture.replay.rank.v1";

/// The worker's `replay` arguments.
struct ReplayWorkerOptions {
    std::filesystem::path input; ///< the trace or canary (absolute)
    int worldSize = 2;
    Backend backend = Backend::Gloo;
    Device device = Device::Cpu;
    int glooThreads = kDefaultGlooThreads;
    int repeats = 3;
    int warmup = 1;
    std::vector<std::string> skipOps;
    /// false: no compute stand-ins (communication only; the recorded gaps are waited out idle).
    bool computeStandIns = true;
    std::filesystem::path outputDir;
    std::chrono::seconds storeTimeout{300};
    /// Test control: rank `rank` kills itself before issuing the program's event at position
    /// `iteration` (0-based, skipped events included) of the first recorded repeat.
    std::optional<FaultInjection> fault;

    friend bool operator==(const ReplayWorkerOptions&, const ReplayWorkerOptions&) = default;
};

std::vector<std::string> replayWorkerArguments(const ReplayWorkerOptions& options);
/// Parses them back ("replay" first). Throws WorkerUsageError.
ReplayWorkerOptions parseReplayWorkerArguments(const std::vector<std::string>& args);

/// "replay_rank<R>.json"
std::string replayRankFileName(int rank);

/// One rank's measurements: its stamps per recorded repeat and its clock calibration.
struct ReplayRankResult {
    int rank = 0;
    int worldSize = 0;
    ClockCalibration clock;
    physical::RankTimings timings;       ///< rank, offset and uncertainty mirror clock
    std::int64_t busyLoopItersPerMs = 0; ///< the compute stand-in's calibration on this rank
};

json::Value replayRankToJson(const ReplayRankResult& result);
ReplayRankResult replayRankFromJson(const json::Value& value, const std::string& source);
ReplayRankResult readReplayRank(const std::filesystem::path& path);

/// Why loopback shaping cannot be set up by this process, or nullopt when it can: CAP_NET_ADMIN
/// and CAP_SYS_ADMIN in the effective set (a private network namespace and a qdisc in it), and
/// `ip` and `tc` on PATH.
std::optional<std::string> shapingProblem();

/// Moves the calling thread into a new network namespace with the loopback device up and the
/// shaping installed, and back into the original one when destroyed. Ranks spawned from this
/// thread in between inherit the namespace; nothing else of the process changes. Throws IoError
/// (the failing `ip`/`tc` command and its message) when it cannot be set up.
class PrivateNetwork {
public:
    explicit PrivateNetwork(const LoopbackShaping& shaping);
    ~PrivateNetwork();
    PrivateNetwork(const PrivateNetwork&) = delete;
    PrivateNetwork& operator=(const PrivateNetwork&) = delete;

private:
    void run(const std::vector<std::string>& argv);
    int original_ = -1;
};

/// Parses the CapEff line of /proc/<pid>/status text; nullopt when absent.
std::optional<std::uint64_t> effectiveCapabilities(std::string_view statusText);

/// The machine a measured report describes: CPU model, cores, kernel, libtorch, gloo, NCCL, GPUs.
std::vector<std::pair<std::string, std::string>>
physicalMachineDescription(const std::optional<std::filesystem::path>& worker);

struct PhysicalReplayOptions {
    std::filesystem::path input;  ///< trace or canary
    const Trace* trace = nullptr; ///< the input, read and validated by the caller
    std::string inputSha256;      ///< its normalised SHA-256
    PhysicalConfigSet set;
    int worldSize = 2;
    int repeats = 3;
    int warmup = 1;
    std::vector<std::string> skipOps;
    /// false: communication only, no compute stand-ins (recorded in the measured report).
    bool computeStandIns = true;
    std::filesystem::path workDir; ///< the ranks' folder (must be absent); removed on success
    std::optional<std::filesystem::path> worker;
    std::string masterAddr = "127.0.0.1";
    std::chrono::milliseconds timeout{std::chrono::minutes(10)}; ///< per configuration
    std::optional<FaultInjection> fault;                         ///< applied to the first configuration only
};

struct PhysicalReplayResult {
    std::optional<MeasuredRun> run;           ///< set when every configuration completed
    std::optional<LaunchResult> failedLaunch; ///< the launch that failed
    std::string failedConfiguration;
    std::string reason;
};

/// Checks everything that can be checked before a rank starts: the program against the world
/// size and the backend of every configuration (InputError), each configuration's backend and
/// device against the machine and the shaping privilege (CaptureUnavailable). Writes nothing.
/// Returns the machine report it probed (the worker, its capabilities).
MachineReport checkPhysicalReplay(const PhysicalReplayOptions& options);

/// Runs every configuration in order (checkPhysicalReplay first). A failed or cancelled launch
/// stops the run: result.run is empty and the ranks' logs stay in workDir.
PhysicalReplayResult runPhysicalReplay(const PhysicalReplayOptions& options, Progress& progress);

/// The measured run of ranks started elsewhere (by hand with RANK, WORLD_SIZE, MASTER_ADDR and
/// MASTER_PORT, by torchrun or srun, possibly across machines), each running the worker's replay
/// verb with options.repeats recorded passes: rankDirs[k] holds replay_rank<R>.json of every rank
/// for configuration k of options.set. Starts nothing. Throws InputError naming the folder or file
/// and the rule (a missing rank, another world size, another pass count, events that do not match
/// the program).
MeasuredRun assemblePhysicalReplay(const PhysicalReplayOptions& options,
                                   const std::vector<std::filesystem::path>& rankDirs);

} // namespace cc::capture
