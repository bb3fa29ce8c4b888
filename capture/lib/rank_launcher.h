// Starts the ranks of a cell as one process group and joins them against ONE absolute
// deadline computed before the first rank starts (retries never extend it). The moment any
// rank dies (non-zero exit or a signal), the deadline passes, or the caller cancels, the whole
// group is terminated (SIGTERM, a short grace, then SIGKILL) and every rank is reaped, so no
// rank survives a failed cell. Plain POSIX (posix_spawn, killpg, waitpid): no Qt.
//
// Each rank's stdout and stderr go to its log file; complete lines are handed to an observer
// while the ranks run (the worker prints its progress there).
#pragma once

#include "core/util/progress.h"

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cc::capture {

/// The environment variable through which a launched rank learns its launcher's pid, so that it
/// can tell whether the launcher died before the rank asked to die with it (the worker checks it
/// first thing: see stopIfLauncherIsGone in capture/worker/worker_main.cpp).
inline constexpr const char* kLauncherPidVariable = "COMMCANARY_LAUNCHER_PID";

struct RankCommand {
    std::vector<std::string> argv;                                ///< argv[0] is the program path
    std::vector<std::pair<std::string, std::string>> environment; ///< added to the launcher's environment
    std::filesystem::path logPath;
};

struct RankExit {
    int rank = 0;
    int pid = 0;
    bool exited = false; ///< ended by exit()
    int exitCode = -1;
    int signal = 0;                 ///< the signal that ended it, when not exited
    bool stoppedByLauncher = false; ///< terminated because the cell failed, timed out or was cancelled

    bool succeeded() const { return exited && exitCode == 0; }
    std::string describe() const; ///< "exit 0", "exit 3", "killed by SIGKILL", ...
};

enum class LaunchOutcome {
    Completed,  ///< every rank exited 0 before the deadline
    RankFailed, ///< a rank exited non-zero or was killed by a signal; the group was stopped
    TimedOut,   ///< the deadline passed; the group was stopped
    Cancelled,  ///< the caller cancelled; the group was stopped
    SpawnFailed ///< a rank could not be started; the ranks already started were stopped
};

struct LaunchResult {
    LaunchOutcome outcome = LaunchOutcome::SpawnFailed;
    std::vector<RankExit> ranks;
    int failedRank = -1; ///< the first rank seen failing (RankFailed / SpawnFailed)
    std::string reason;  ///< one sentence for humans
    std::chrono::milliseconds elapsed{0};
};

struct LaunchOptions {
    std::chrono::milliseconds timeout{std::chrono::minutes(10)}; ///< the whole cell, from the first spawn
    std::chrono::milliseconds terminateGrace{std::chrono::seconds(2)};
    std::chrono::milliseconds pollInterval{20};
    /// Called with (rank, line) for every complete line a rank writes, on the launching thread.
    std::function<void(int, std::string_view)> onLine;
};

LaunchResult launchRanks(const std::vector<RankCommand>& ranks, const LaunchOptions& options, Progress& progress);

std::string_view launchOutcomeName(LaunchOutcome outcome);

} // namespace cc::capture
