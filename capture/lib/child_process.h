// Running one helper process to completion and collecting its output (plain POSIX: posix_spawn,
// a pipe, a deadline). Used for short probes (the worker's `probe`, nvidia-smi); the ranks of a
// cell go through rank_launcher.h instead.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cc::capture {

struct ProcessOutput {
    bool started = false;  ///< false when the program could not be spawned
    bool timedOut = false; ///< killed at the deadline
    bool exited = false;   ///< ended by exit() (else by a signal, or not started)
    int exitCode = -1;
    int signal = 0;
    std::string out;        ///< stdout (bounded)
    std::string err;        ///< stderr (bounded)
    std::string spawnError; ///< why it could not start

    bool succeeded() const { return started && exited && exitCode == 0 && !timedOut; }
};

/// Runs argv[0] (searched on PATH when it has no '/') with extra environment variables and
/// waits at most timeout. Output beyond maxOutputBytes is dropped.
ProcessOutput runProcess(const std::vector<std::string>& argv,
                         const std::vector<std::pair<std::string, std::string>>& extraEnvironment,
                         std::chrono::milliseconds timeout, std::size_t maxOutputBytes = 1 << 20);

/// The environment of this process with the given variables replaced or added, as
/// "NAME=value" strings.
std::vector<std::string> environmentWith(const std::vector<std::pair<std::string, std::string>>& overrides);

/// The path of the running executable (/proc/self/exe), when it can be read.
std::optional<std::filesystem::path> currentExecutable();

/// Searches PATH for an executable file name; nullopt when absent.
std::optional<std::filesystem::path> findOnPath(const std::string& name);

} // namespace cc::capture
