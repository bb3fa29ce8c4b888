#include "capture/lib/machine_probe.h"

#include "capture/lib/capture_limits.h"
#include "capture/lib/child_process.h"
#include "capture/lib/json_io.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"

#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <unistd.h>

namespace cc::capture {

HostMemory parseMeminfo(std::string_view text)
{
    HostMemory m;
    std::istringstream in{std::string(text)};
    std::string line;
    while (std::getline(in, line)) {
        auto parse = [&](std::string_view key) -> std::optional<std::int64_t> {
            if (!line.starts_with(key)) {
                return std::nullopt;
            }
            std::istringstream fields(line.substr(key.size()));
            long long kb = 0;
            std::string unit;
            if (!(fields >> kb) || kb < 0) {
                return std::nullopt;
            }
            fields >> unit;
            return unit == "kB" ? kb * 1024 : kb;
        };
        if (auto v = parse("MemAvailable:")) {
            m.availableBytes = v;
        } else if (auto t = parse("MemTotal:")) {
            m.totalBytes = t;
        }
    }
    return m;
}

HostMemory readHostMemory()
{
    std::ifstream in("/proc/meminfo");
    if (!in) {
        return {};
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    return parseMeminfo(buffer.str());
}

std::vector<GpuDevice> parseNvidiaSmi(std::string_view text)
{
    std::vector<GpuDevice> devices;
    std::istringstream in{std::string(text)};
    std::string line;
    while (std::getline(in, line)) {
        std::vector<std::string> fields;
        std::stringstream row(line);
        std::string field;
        while (std::getline(row, field, ',')) {
            const auto begin = field.find_first_not_of(' ');
            const auto end = field.find_last_not_of(" \r");
            fields.push_back(begin == std::string::npos ? std::string() : field.substr(begin, end - begin + 1));
        }
        if (fields.size() != 4) {
            continue;
        }
        char* endp = nullptr;
        GpuDevice d;
        d.index = static_cast<int>(std::strtol(fields[0].c_str(), &endp, 10));
        if (endp == fields[0].c_str()) {
            continue;
        }
        d.name = fields[1];
        const long long total = std::strtoll(fields[2].c_str(), &endp, 10);
        if (endp == fields[2].c_str()) {
            continue;
        }
        const long long free = std::strtoll(fields[3].c_str(), &endp, 10);
        if (endp == fields[3].c_str()) {
            continue;
        }
        d.totalBytes = total * 1024 * 1024;
        d.freeBytes = free * 1024 * 1024;
        devices.push_back(d);
    }
    return devices;
}

DeviceQuery queryDevices()
{
    DeviceQuery q;
    if (!findOnPath("nvidia-smi")) {
        q.note = "nvidia-smi not found: no NVIDIA driver visible on this machine";
        return q;
    }
    ProcessOutput out =
        runProcess({"nvidia-smi", "--query-gpu=index,name,memory.total,memory.free", "--format=csv,noheader,nounits"},
                   {}, std::chrono::seconds(20));
    if (!out.succeeded()) {
        q.note = "nvidia-smi did not answer (" +
                 (out.timedOut ? std::string("timed out") : "exit " + std::to_string(out.exitCode)) + ")";
        return q;
    }
    q.toolFound = true;
    q.devices = parseNvidiaSmi(out.out);
    if (q.devices.empty()) {
        q.note = "nvidia-smi lists no CUDA device";
    }
    return q;
}

WorkerLocation locateWorker(const std::optional<std::filesystem::path>& explicitPath)
{
    WorkerLocation loc;
    auto usable = [](const std::filesystem::path& p) { return ::access(p.c_str(), X_OK) == 0; };
    auto consider = [&](const std::filesystem::path& p) {
        loc.searched.push_back(p.string());
        if (!loc.path && usable(p)) {
            loc.path = std::filesystem::absolute(p).lexically_normal();
        }
    };
    if (explicitPath) {
        consider(*explicitPath);
        return loc; // an explicit choice is never silently replaced
    }
    if (const char* env = std::getenv("COMMCANARY_CAPTURE_WORKER"); env != nullptr && *env != '\0') {
        consider(env);
        return loc;
    }
    const std::string name(kWorkerName);
    if (auto self = currentExecutable()) {
        const auto dir = self->parent_path();
        consider(dir / name);
        consider(dir.parent_path() / "capture" / "worker" / name);
        // The workbench of a build tree sits one folder deeper (app/workbench/).
        consider(dir.parent_path().parent_path() / "capture" / "worker" / name);
        consider(dir.parent_path() / "libexec" / "commcanary" / name);
    }
    if (!loc.path) {
        loc.searched.push_back("PATH");
        if (auto onPath = findOnPath(name)) {
            loc.path = *onPath;
        }
    }
    return loc;
}

WorkerProbe parseWorkerProbe(std::string_view jsonText)
{
    WorkerProbe p;
    const std::string source = "the worker's probe output";
    if (jsonText.size() > kMaxProbeOutputBytes) {
        p.error = source + " is " + std::to_string(jsonText.size()) + " bytes, more than the limit of " +
                  std::to_string(kMaxProbeOutputBytes);
        return p;
    }
    json::Value j;
    try {
        j = json::parse(jsonText, source);
    } catch (const InputError& e) {
        p.error = std::string("the worker's probe output is not JSON: ") + e.what();
        return p;
    }
    try {
        const json::Reader in(source);
        const Fields f(in, j, "$");
        const std::string format = f.has("format") ? f.string("format") : std::string();
        if (format != kProbeFormat) {
            p.error = "the worker's probe output has format \"" + format + "\", expected \"" +
                      std::string(kProbeFormat) + "\"";
            return p;
        }
        auto optionalText = [&](std::string_view key) { return f.has(key) ? f.string(key) : std::string(); };
        constexpr int kMaxInt = std::numeric_limits<int>::max();
        p.ran = true;
        p.libtorchVersion = f.string("libtorch_version");
        p.gloo = f.boolean("gloo");
        p.nccl = f.boolean("nccl");
        p.ncclReason = optionalText("nccl_reason");
        p.cudaBuilt = f.boolean("cuda_built");
        p.cudaReason = optionalText("cuda_reason");
        p.cudaDevices = f.intIn("cuda_devices", 0, kMaxInt);
        const json::Value& devices = f.array("devices");
        for (std::size_t i = 0; i < devices.size(); ++i) {
            const Fields d(in, devices.items()[i], json::childPath(f.pathOf("devices"), i));
            GpuDevice g;
            g.index = d.intIn("index", 0, kMaxInt);
            g.name = d.string("name");
            g.totalBytes = d.nonNegative("total_bytes");
            g.freeBytes = d.nonNegative("free_bytes");
            p.devices.push_back(g);
        }
        p.baselineRssBytes = f.nonNegative("baseline_rss_bytes");
        p.baselineWhat = optionalText("baseline_measured_after");
    } catch (const InputError& e) {
        p = WorkerProbe{};
        p.error = std::string("the worker's probe output is missing a field or has a wrong one: ") + e.what();
    }
    return p;
}

WorkerProbe probeWorker(const std::filesystem::path& worker, std::chrono::milliseconds timeout)
{
    ProcessOutput out = runProcess({worker.string(), "probe"}, {}, timeout);
    if (!out.started) {
        WorkerProbe p;
        p.error = "cannot start " + worker.string() + ": " + out.spawnError;
        return p;
    }
    if (!out.succeeded()) {
        WorkerProbe p;
        std::string how = out.timedOut ? "timed out"
                          : out.exited ? "exit " + std::to_string(out.exitCode)
                                       : "signal " + std::to_string(out.signal);
        p.error = "the worker's probe failed (" + how + "): " + out.err.substr(0, 400);
        return p;
    }
    return parseWorkerProbe(out.out);
}

MachineReport probeMachine(const std::optional<std::filesystem::path>& explicitWorker)
{
    MachineReport m;
    m.host = readHostMemory();
    m.devices = queryDevices();
    m.worker = locateWorker(explicitWorker);
    if (m.worker.path) {
        m.probe = probeWorker(*m.worker.path, std::chrono::seconds(60));
    } else {
        m.probe.error = "the capture worker (" + std::string(kWorkerName) + ") was not found";
    }
    return m;
}

std::optional<std::string> unavailableReason(const MachineReport& m, Backend backend, Device device)
{
    if (!m.worker.path) {
        std::string searched;
        for (const auto& s : m.worker.searched) {
            searched += (searched.empty() ? "" : ", ") + s;
        }
        return "the capture worker " + std::string(kWorkerName) + " was not found (searched: " + searched +
               "); build it with -DCOMMCANARY_CAPTURE_WORKER=ON against libtorch, or name it with --worker";
    }
    if (!m.probe.ran) {
        return "the capture worker could not describe itself: " + m.probe.error;
    }
    if (!m.probe.gloo && backend == Backend::Gloo) {
        return "the worker's libtorch " + m.probe.libtorchVersion + " has no c10d gloo backend";
    }
    if (backend == Backend::Nccl && !m.probe.nccl) {
        return m.probe.ncclReason;
    }
    if (device == Device::Cuda) {
        if (!m.probe.cudaBuilt) {
            return m.probe.cudaReason;
        }
        if (m.probe.cudaDevices == 0) {
            return "CUDA is unavailable: the worker's libtorch " + m.probe.libtorchVersion +
                   " was built with CUDA but sees no device" +
                   (m.devices.note.empty() ? "" : " (" + m.devices.note + ")");
        }
    }
    if (backend == Backend::Nccl && device != Device::Cuda) {
        return "NCCL runs on CUDA devices only";
    }
    return std::nullopt;
}

MachineBudgets machineBudgets(const MachineReport& m, std::optional<std::int64_t> declaredHostBytes,
                              std::optional<std::int64_t> declaredDeviceBytes)
{
    MachineBudgets b;
    if (declaredHostBytes) {
        b.host = PoolBudget{declaredHostBytes, "declared"};
    } else if (m.host.availableBytes) {
        b.host = PoolBudget{m.host.availableBytes, "/proc/meminfo MemAvailable"};
    } else {
        b.host = PoolBudget{std::nullopt, "/proc/meminfo unreadable"};
    }
    // Devices: the worker's own view (CUDA free memory) first, else nvidia-smi.
    const std::vector<GpuDevice>& devices = !m.probe.devices.empty() ? m.probe.devices : m.devices.devices;
    const std::string source = !m.probe.devices.empty() ? "CUDA free memory (worker probe)" : "nvidia-smi memory.free";
    for (const auto& d : devices) {
        DeviceBudget db;
        db.index = d.index;
        db.budget = declaredDeviceBytes ? PoolBudget{declaredDeviceBytes, "declared"} : PoolBudget{d.freeBytes, source};
        b.devices.push_back(db);
    }
    if (devices.empty() && declaredDeviceBytes) {
        b.devices.push_back(DeviceBudget{0, PoolBudget{declaredDeviceBytes, "declared"}});
    }
    return b;
}

MemoryAssumptions machineAssumptions(const MachineReport& m)
{
    MemoryAssumptions a = defaultMemoryAssumptions();
    if (m.probe.ran && m.probe.baselineRssBytes > 0) {
        a.processBaselineBytes = m.probe.baselineRssBytes;
        a.processBaselineSource = "measured: worker probe resident set after " + m.probe.baselineWhat;
    }
    return a;
}

std::string machineReportText(const MachineReport& m)
{
    std::string out = "commcanary doctor: what this machine can capture with\n\n";
    out += "host memory: ";
    if (m.host.availableBytes) {
        out += formatBytes(*m.host.availableBytes) + " available (MemAvailable)";
        if (m.host.totalBytes) {
            out += " of " + formatBytes(*m.host.totalBytes);
        }
        out += " — the host budget of `capture plan` unless declared\n";
    } else {
        out += "unknown (/proc/meminfo unreadable): declare one with --host-memory-budget\n";
    }
    out += "CUDA devices (nvidia-smi): ";
    if (m.devices.devices.empty()) {
        out += "none — " + m.devices.note + "\n";
    } else {
        out += std::to_string(m.devices.devices.size()) + "\n";
        for (const auto& d : m.devices.devices) {
            out += "  cuda:" + std::to_string(d.index) + " " + d.name + ": " + formatBytes(d.freeBytes) + " free of " +
                   formatBytes(d.totalBytes) + "\n";
        }
    }
    out += "capture worker: ";
    if (m.worker.path) {
        out += m.worker.path->string() + "\n";
    } else {
        out += "not found (searched:";
        for (const auto& s : m.worker.searched) {
            out += " " + s;
        }
        out += ")\n";
    }
    if (m.probe.ran) {
        out += "  libtorch " + m.probe.libtorchVersion + "\n";
        out += std::string("  c10d gloo: ") + (m.probe.gloo ? "yes" : "no") + "\n";
        out += std::string("  CUDA: ") + (m.probe.cudaBuilt ? "built in" : "no (" + m.probe.cudaReason + ")") + "\n";
        if (m.probe.cudaBuilt) {
            out += "  CUDA devices seen by libtorch: " + std::to_string(m.probe.cudaDevices) + "\n";
        }
        out += std::string("  c10d NCCL: ") + (m.probe.nccl ? "yes" : "no (" + m.probe.ncclReason + ")") + "\n";
        out += "  per-rank process baseline: " + formatBytes(m.probe.baselineRssBytes) + " resident (measured after " +
               m.probe.baselineWhat + ")\n";
    } else {
        out += "  not usable: " + m.probe.error + "\n";
    }
    out += "\ncan capture here:\n";
    for (auto [backend, device] : {std::pair{Backend::Gloo, Device::Cpu}, std::pair{Backend::Gloo, Device::Cuda},
                                   std::pair{Backend::Nccl, Device::Cuda}}) {
        const auto reason = unavailableReason(m, backend, device);
        out += "  " + std::string(backendName(backend)) + " on " + std::string(deviceName(device)) + ": " +
               (reason ? "no — " + *reason : std::string("yes")) + "\n";
    }
    return out;
}

json::Value machineReportDocument(const MachineReport& m)
{
    json::Value host = json::Value::object();
    host.set("available_bytes", integerOrNull(m.host.availableBytes));
    host.set("total_bytes", integerOrNull(m.host.totalBytes));
    json::Value list = json::Value::array();
    for (const auto& d : m.devices.devices) {
        json::Value device = json::Value::object();
        device.set("index", d.index);
        device.set("name", d.name);
        device.set("total_bytes", d.totalBytes);
        device.set("free_bytes", d.freeBytes);
        list.push(std::move(device));
    }
    json::Value devices = json::Value::object();
    devices.set("nvidia_smi", json::Value(m.devices.toolFound));
    devices.set("list", std::move(list));
    devices.set("note", m.devices.note);
    json::Value worker = json::Value::object();
    worker.set("path", m.worker.path ? json::Value(m.worker.path->string()) : json::Value());
    worker.set("searched", stringArray(m.worker.searched));
    json::Value probe = json::Value::object();
    probe.set("ran", json::Value(m.probe.ran));
    probe.set("error", m.probe.error);
    probe.set("libtorch_version", m.probe.libtorchVersion);
    probe.set("gloo", json::Value(m.probe.gloo));
    probe.set("nccl", json::Value(m.probe.nccl));
    probe.set("nccl_reason", m.probe.ncclReason);
    probe.set("cuda_built", json::Value(m.probe.cudaBuilt));
    probe.set("cuda_reason", m.probe.cudaReason);
    probe.set("cuda_devices", m.probe.cudaDevices);
    probe.set("baseline_rss_bytes", m.probe.baselineRssBytes);
    json::Value capabilities = json::Value::object();
    for (auto [backend, device] : {std::pair{Backend::Gloo, Device::Cpu}, std::pair{Backend::Gloo, Device::Cuda},
                                   std::pair{Backend::Nccl, Device::Cuda}}) {
        const auto reason = unavailableReason(m, backend, device);
        capabilities.set(std::string(backendName(backend)) + "/" + std::string(deviceName(device)),
                         reason ? json::Value(*reason) : json::Value(true));
    }
    json::Value j = json::Value::object();
    j.set("host", std::move(host));
    j.set("devices", std::move(devices));
    j.set("worker", std::move(worker));
    j.set("probe", std::move(probe));
    j.set("can_capture", std::move(capabilities));
    return j;
}

std::string machineReportJsonText(const MachineReport& m)
{
    return jsonFileText(machineReportDocument(m));
}

} // namespace cc::capture
