// What this machine can capture with, and why not: the host memory budget (/proc/meminfo),
// visible CUDA devices (nvidia-smi), and the capture worker itself (found where, built against
// which libtorch, with c10d gloo / NCCL / CUDA or not, and its measured per-rank baseline).
// `commcanary doctor` prints this; the planner takes its budgets and baseline from it.
#pragma once

#include "capture/lib/cell_spec.h"
#include "capture/lib/feasibility_guard.h"

#include "core/util/json/value.h"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc::capture {

struct HostMemory {
    std::optional<std::int64_t> availableBytes; ///< MemAvailable
    std::optional<std::int64_t> totalBytes;     ///< MemTotal
};

/// Parses /proc/meminfo text (values in kB).
HostMemory parseMeminfo(std::string_view text);
HostMemory readHostMemory();

struct GpuDevice {
    int index = 0;
    std::string name;
    std::int64_t totalBytes = 0;
    std::int64_t freeBytes = 0;
};

struct DeviceQuery {
    bool toolFound = false; ///< nvidia-smi was found and answered
    std::vector<GpuDevice> devices;
    std::string note; ///< why there are no devices, in words
};

/// Parses `nvidia-smi --query-gpu=index,name,memory.total,memory.free --format=csv,noheader,nounits`
/// (MiB values).
std::vector<GpuDevice> parseNvidiaSmi(std::string_view text);
DeviceQuery queryDevices();

/// Where the worker was found (or every place that was searched).
struct WorkerLocation {
    std::optional<std::filesystem::path> path;
    std::vector<std::string> searched;
};

/// Search order: explicit path, $COMMCANARY_CAPTURE_WORKER, next to this executable,
/// ../capture/worker (a build tree), ../libexec/commcanary (an install), PATH.
WorkerLocation locateWorker(const std::optional<std::filesystem::path>& explicitPath);

inline constexpr std::string_view kWorkerName = "commcanary-capture-worker";
inline constexpr std::string_view kProbeFormat = "commcanary.capture.probe.v1";

/// What the worker reports about itself (`commcanary-capture-worker probe`).
struct WorkerProbe {
    bool ran = false;
    std::string error; ///< why the probe did not run or did not parse
    std::string libtorchVersion;
    bool gloo = false;
    bool nccl = false;
    std::string ncclReason; ///< why NCCL is unavailable, when it is
    bool cudaBuilt = false;
    std::string cudaReason;
    int cudaDevices = 0;
    std::vector<GpuDevice> devices;
    std::int64_t baselineRssBytes = 0; ///< resident set of one rank after start-up and a one-rank process group
    std::string baselineWhat;
};

WorkerProbe parseWorkerProbe(std::string_view jsonText);
WorkerProbe probeWorker(const std::filesystem::path& worker, std::chrono::milliseconds timeout);

struct MachineReport {
    HostMemory host;
    DeviceQuery devices;
    WorkerLocation worker;
    WorkerProbe probe;
};

MachineReport probeMachine(const std::optional<std::filesystem::path>& explicitWorker);

/// Whether a backend/device combination can run here; nullopt when it can, else the reason.
std::optional<std::string> unavailableReason(const MachineReport& machine, Backend backend, Device device);

/// Budgets from the report, overridden by declared values where given.
MachineBudgets machineBudgets(const MachineReport& machine, std::optional<std::int64_t> declaredHostBytes,
                              std::optional<std::int64_t> declaredDeviceBytes);

/// Assumptions from the report: the measured worker baseline when the probe ran, else defaults.
MemoryAssumptions machineAssumptions(const MachineReport& machine);

std::string machineReportText(const MachineReport& machine);
json::Value machineReportDocument(const MachineReport& machine);
/// What `commcanary doctor --json` prints (jsonFileText of machineReportDocument).
std::string machineReportJsonText(const MachineReport& machine);

} // namespace cc::capture
