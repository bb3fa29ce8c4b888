// Planning and running one capture cell: the memory guard first, then the ranks (one worker
// process each, torchrun-style environment, TCPStore rendezvous on MASTER_ADDR:MASTER_PORT),
// joined against one deadline; the manifest is written last, only when every rank exited 0
// and wrote its files, and the finished cell is then read back through the fail-closed loader.
//
// Cell directory:
//   cell.json            the spec, the capture id and the guard's verdict (written before launch)
//   rank<R>.log          each rank's output
//   rank<R>.json         raw measurements (commcanary.capture.rank.v1), written atomically by the rank
//   rank<R>.trace.json   the rank-local commcanary.trace.v1 shard, written atomically by the rank
//   refused.json         instead of all of the above when the guard refused the cell
//   clock_calibration.json  the measured offsets (commcanary-workbench.clock-calibration.v1)
//   trace.json           the shards merged by core/interop's fail-closed merge with that calibration
//   failed.json          when a rank died, the deadline passed, the merge refused or the run was cancelled
//   manifest.json        last, and only for a complete cell
#pragma once

#include "capture/lib/cell_loader.h"
#include "capture/lib/cell_spec.h"
#include "capture/lib/feasibility_guard.h"
#include "capture/lib/machine_probe.h"
#include "capture/lib/rank_launcher.h"
#include "capture/lib/worker_invocation.h"
#include "core/configs/physical_configs.h"
#include "core/util/progress.h"

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace cc::capture {

/// The requested backend/device cannot run on this machine (reason in what()).
class CaptureUnavailable : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct CellPlanOptions {
    std::optional<std::filesystem::path> worker;   ///< explicit worker binary
    std::optional<std::int64_t> hostBudgetBytes;   ///< declared host budget (else MemAvailable)
    std::optional<std::int64_t> deviceBudgetBytes; ///< declared per-device budget (else CUDA free memory)
};

struct CellPlan {
    CellSpec spec;
    MachineReport machine;
    MemoryAssumptions assumptions;
    MachineBudgets budgets;
    FeasibilityVerdict verdict;
    std::optional<std::string> unavailable; ///< why the backend/device cannot run here
};

/// Probes the machine (worker, memory, devices) and runs the guard. Does not start ranks.
CellPlan planCapture(const CellSpec& spec, const CellPlanOptions& options);

/// The same plan against a machine report taken earlier (no new probe): the workbench probes
/// once and re-plans on every edit of its form. options.worker is not consulted.
CellPlan planCaptureOn(const CellSpec& spec, const MachineReport& machine, const CellPlanOptions& options);

struct CellRunOptions {
    std::filesystem::path outputDir;
    std::chrono::milliseconds timeout{std::chrono::minutes(10)};
    /// How long a rank waits for its peers in the store and in every collective before it gives
    /// up and exits non-zero (which stops the cell). Unset: the cell's timeout, at least 30 s, so
    /// a rank that hangs is caught by the deadline. Shorter, a hung rank is caught by its peers.
    std::optional<std::chrono::seconds> storeTimeout;
    std::string masterAddr = "127.0.0.1";
    int masterPort = 0; ///< 0: a free port on masterAddr
    std::optional<FaultInjection> fault;
    /// Per-rank progress (iterations done of total), on the calling thread.
    std::function<void(const RankProgressLine&)> onRankProgress;
    /// Every line a rank writes, on the calling thread.
    std::function<void(int, std::string_view)> onLogLine;
    /// Added to every rank's environment (a physical configuration's allowlisted variables).
    std::vector<std::pair<std::string, std::string>> environment;
    /// When set, the ranks run in a private network namespace with this qdisc on its loopback
    /// device (needs CAP_NET_ADMIN and CAP_SYS_ADMIN: see shapingProblem in physical_replay.h).
    std::optional<LoopbackShaping> shaping;
};

enum class CellStatus { Completed, Refused, Failed, Cancelled };
std::string_view cellStatusName(CellStatus status);

struct CellRunResult {
    CellStatus status = CellStatus::Failed;
    FeasibilityVerdict verdict;
    std::optional<LaunchResult> launch;
    std::string reason;               ///< for Refused / Failed / Cancelled
    std::optional<LoadedCell> cell;   ///< for Completed (read back through loadCell)
    std::filesystem::path recordPath; ///< refused.json, failed.json or manifest.json
};

/// Runs a planned cell. Throws CaptureUnavailable when the backend/device cannot run here and
/// InputError when the output directory already holds files (both before anything is written).
CellRunResult runCell(const CellPlan& plan, const CellRunOptions& options, Progress& progress);

/// A free TCP port on addr (bound and released; another process could take it in between).
int pickFreePort(const std::string& addr);
/// pickFreePort for the rank-0 store, or an IoError saying that none was found on addr.
int freeStorePort(const std::string& addr);

/// The progress of a rank group: the sum of every rank's last reported count of done units over
/// the group's total work, reported with the reporting rank's own count.
class RankGroupProgress {
public:
    /// unit: what a rank counts ("iteration", "size"), as the progress text names it.
    RankGroupProgress(long long totalWork, std::string unit) : totalWork_(totalWork), unit_(std::move(unit)) {}
    /// Records line as rank's latest count and reports the group's fraction on progress, as
    /// "rank R: <unit> D of T" with line's rank, done and total.
    void report(int rank, const RankProgressLine& line, Progress& progress);

private:
    std::map<int, int> done_;
    long long totalWork_;
    std::string unit_;
};

/// How long a rank waits for its peers at the store under a launch deadline: the deadline in
/// whole seconds, at least 30 s.
std::chrono::seconds storeTimeoutUnder(std::chrono::milliseconds deadline);

/// One command per rank of a world on this host: `worker` with `arguments`, the torchrun-style
/// environment (rank, world size, local rank = rank, the rank-0 store on masterAddr:masterPort)
/// and the rank's log in logDir.
std::vector<RankCommand> localRankCommands(const std::filesystem::path& worker,
                                           const std::vector<std::string>& arguments, int worldSize,
                                           const std::string& masterAddr, int masterPort,
                                           const std::filesystem::path& logDir);

} // namespace cc::capture
