#include "capture/lib/rank_launcher.h"

#include "capture/lib/child_process.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace cc::capture {

std::string_view launchOutcomeName(LaunchOutcome outcome)
{
    switch (outcome) {
    case LaunchOutcome::Completed:
        return "completed";
    case LaunchOutcome::RankFailed:
        return "rank_failed";
    case LaunchOutcome::TimedOut:
        return "timed_out";
    case LaunchOutcome::Cancelled:
        return "cancelled";
    case LaunchOutcome::SpawnFailed:
        return "spawn_failed";
    }
    return "unknown";
}

std::string RankExit::describe() const
{
    if (exited) {
        return "exit " + std::to_string(exitCode);
    }
    if (signal != 0) {
        const char* name = sigabbrev_np(signal);
        return std::string("killed by SIG") + (name != nullptr ? name : std::to_string(signal).c_str());
    }
    return "not started";
}

namespace {

using Clock = std::chrono::steady_clock;

struct LiveRank {
    pid_t pid = -1;
    bool reaped = false;
    int logFd = -1;
    std::string pending; ///< partial last line of the log
};

void recordStatus(RankExit& exit, int status)
{
    if (WIFEXITED(status)) {
        exit.exited = true;
        exit.exitCode = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        exit.exited = false;
        exit.signal = WTERMSIG(status);
    }
}

class Group {
public:
    Group(const LaunchOptions& options, std::size_t count) : options_(options), live_(count), exits_(count)
    {
        for (std::size_t r = 0; r < count; ++r) {
            exits_[r].rank = static_cast<int>(r);
        }
    }
    ~Group()
    {
        for (auto& l : live_) {
            if (l.logFd >= 0) {
                ::close(l.logFd);
            }
        }
    }

    /// Spawns rank r; returns an error text on failure.
    std::string spawn(std::size_t r, const RankCommand& command)
    {
        // The launcher creates (and truncates) the log so that it can follow it from byte 0.
        const int create = ::open(command.logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (create < 0) {
            return "cannot create the log " + command.logPath.string() + ": " + std::strerror(errno);
        }
        ::close(create);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, command.logPath.c_str(), O_WRONLY | O_APPEND, 0);
        posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
        posix_spawnattr_t attr;
        posix_spawnattr_init(&attr);
        posix_spawnattr_setpgroup(&attr, pgid_ < 0 ? 0 : pgid_);
        sigset_t defaults;
        sigemptyset(&defaults);
        for (int s : {SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT}) {
            sigaddset(&defaults, s);
        }
        posix_spawnattr_setsigdefault(&attr, &defaults);
        sigset_t none;
        sigemptyset(&none);
        posix_spawnattr_setsigmask(&attr, &none);
        posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

        std::vector<std::string> args = command.argv;
        // The rank asks to die with its parent (PR_SET_PDEATHSIG) as its first step; this lets it
        // see that the launcher already died between the spawn and that step, when the request
        // would never fire (a sweep killed while its ranks start).
        auto overrides = command.environment;
        overrides.emplace_back(kLauncherPidVariable, std::to_string(::getpid()));
        std::vector<std::string> env = environmentWith(overrides);
        std::vector<char*> argPtrs;
        for (auto& a : args) {
            argPtrs.push_back(a.data());
        }
        argPtrs.push_back(nullptr);
        std::vector<char*> envPtrs;
        for (auto& e : env) {
            envPtrs.push_back(e.data());
        }
        envPtrs.push_back(nullptr);
        pid_t pid = -1;
        const int rc = ::posix_spawn(&pid, args.at(0).c_str(), &actions, &attr, argPtrs.data(), envPtrs.data());
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attr);
        if (rc != 0) {
            return "cannot start rank " + std::to_string(r) + " (" + args.at(0) + "): " + std::strerror(rc);
        }
        if (pgid_ < 0) {
            pgid_ = pid;
        }
        live_[r].pid = pid;
        exits_[r].pid = static_cast<int>(pid);
        live_[r].logFd = ::open(command.logPath.c_str(), O_RDONLY | O_CLOEXEC);
        return {};
    }

    /// Reaps whatever has exited; returns the first rank that failed in this pass, or -1.
    int poll()
    {
        int failed = -1;
        for (std::size_t r = 0; r < live_.size(); ++r) {
            auto& l = live_[r];
            if (l.pid < 0 || l.reaped) {
                continue;
            }
            int status = 0;
            const pid_t done = ::waitpid(l.pid, &status, WNOHANG);
            if (done == l.pid) {
                l.reaped = true;
                recordStatus(exits_[r], status);
                if (!exits_[r].succeeded() && failed < 0) {
                    failed = static_cast<int>(r);
                }
            }
        }
        drainLogs(false);
        return failed;
    }

    bool allReaped() const
    {
        for (const auto& l : live_) {
            if (l.pid >= 0 && !l.reaped) {
                return false;
            }
        }
        return true;
    }

    bool allSucceeded() const
    {
        for (const auto& e : exits_) {
            if (!e.succeeded()) {
                return false;
            }
        }
        return true;
    }

    /// Terminates the whole group and reaps every rank (blocking until all are gone).
    void stopAll()
    {
        for (std::size_t r = 0; r < live_.size(); ++r) {
            if (live_[r].pid >= 0 && !live_[r].reaped) {
                exits_[r].stoppedByLauncher = true;
            }
        }
        if (pgid_ > 0) {
            ::killpg(pgid_, SIGTERM);
        }
        const auto graceEnd = Clock::now() + options_.terminateGrace;
        while (!allReaped() && Clock::now() < graceEnd) {
            poll();
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        if (pgid_ > 0) {
            ::killpg(pgid_, SIGKILL);
        }
        for (std::size_t r = 0; r < live_.size(); ++r) {
            auto& l = live_[r];
            if (l.pid < 0 || l.reaped) {
                continue;
            }
            // A rank that already left the group (it should not) is killed by pid as well.
            ::kill(l.pid, SIGKILL);
            int status = 0;
            while (::waitpid(l.pid, &status, 0) < 0 && errno == EINTR) {
            }
            l.reaped = true;
            recordStatus(exits_[r], status);
        }
        drainLogs(true);
    }

    void drainLogs(bool final)
    {
        if (!options_.onLine) {
            return;
        }
        char buffer[16384];
        for (std::size_t r = 0; r < live_.size(); ++r) {
            auto& l = live_[r];
            if (l.logFd < 0) {
                continue;
            }
            for (;;) {
                const ssize_t n = ::read(l.logFd, buffer, sizeof buffer);
                if (n <= 0) {
                    break;
                }
                l.pending.append(buffer, static_cast<std::size_t>(n));
            }
            std::size_t start = 0;
            for (;;) {
                const std::size_t nl = l.pending.find('\n', start);
                if (nl == std::string::npos) {
                    break;
                }
                options_.onLine(static_cast<int>(r), std::string_view(l.pending).substr(start, nl - start));
                start = nl + 1;
            }
            l.pending.erase(0, start);
            if (final && !l.pending.empty()) {
                options_.onLine(static_cast<int>(r), l.pending);
                l.pending.clear();
            }
        }
    }

    std::vector<RankExit> exits() const { return exits_; }

private:
    const LaunchOptions& options_;
    std::vector<LiveRank> live_;
    std::vector<RankExit> exits_;
    pid_t pgid_ = -1;
};

} // namespace

LaunchResult launchRanks(const std::vector<RankCommand>& ranks, const LaunchOptions& options, Progress& progress)
{
    LaunchResult result;
    const auto started = Clock::now();
    // One absolute deadline, computed once: polling and retries can never extend it.
    const auto deadline = started + options.timeout;
    Group group(options, ranks.size());
    auto finish = [&](LaunchOutcome outcome, std::string reason) {
        result.outcome = outcome;
        result.reason = std::move(reason);
        result.ranks = group.exits();
        result.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started);
        return result;
    };
    if (ranks.empty()) {
        return finish(LaunchOutcome::SpawnFailed, "no ranks to start");
    }
    for (std::size_t r = 0; r < ranks.size(); ++r) {
        std::string error = group.spawn(r, ranks[r]);
        if (!error.empty()) {
            group.stopAll();
            result.failedRank = static_cast<int>(r);
            return finish(LaunchOutcome::SpawnFailed, error + "; the ranks already started were stopped");
        }
    }
    for (;;) {
        const int failed = group.poll();
        if (failed >= 0) {
            group.stopAll();
            result.failedRank = failed;
            const auto exits = group.exits();
            return finish(LaunchOutcome::RankFailed, "rank " + std::to_string(failed) + " ended (" +
                                                         exits[static_cast<std::size_t>(failed)].describe() +
                                                         ") before the cell completed; every other rank was stopped");
        }
        if (group.allReaped()) {
            return finish(LaunchOutcome::Completed, "every rank exited 0");
        }
        if (progress.cancelled()) {
            group.stopAll();
            return finish(LaunchOutcome::Cancelled, "cancelled; every rank was stopped");
        }
        if (Clock::now() >= deadline) {
            group.stopAll();
            return finish(LaunchOutcome::TimedOut, "the cell did not finish within " +
                                                       std::to_string(options.timeout.count() / 1000) +
                                                       " s of its start; every rank was stopped");
        }
        std::this_thread::sleep_for(options.pollInterval);
    }
}

} // namespace cc::capture
