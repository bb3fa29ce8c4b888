#include "capture/lib/physical_replay.h"

#include "capture/lib/capture_limits.h"
#include "capture/lib/cell_runner.h"
#include "capture/lib/child_process.h"
#include "capture/lib/json_io.h"
#include "capture/lib/machine_probe.h"
#include "core/util/errors.h"
#include "core/util/json/reader.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <sched.h>
#include <set>
#include <sstream>
#include <sys/utsname.h>
#include <thread>
#include <tuple>
#include <unistd.h>

namespace cc::capture {

namespace fs = std::filesystem;

std::vector<std::string> replayWorkerArguments(const ReplayWorkerOptions& o)
{
    std::vector<std::string> args =
        workerVerbArguments(kReplayVerb, o.worldSize, o.backend, o.device,
                            {"--input", o.input.string(), "--gloo-threads", std::to_string(o.glooThreads), "--repeats",
                             std::to_string(o.repeats), "--warmup", std::to_string(o.warmup)},
                            o.outputDir, o.storeTimeout);
    for (const auto& op : o.skipOps) {
        args.insert(args.end(), {"--skip-op", op});
    }
    if (!o.computeStandIns) {
        args.insert(args.end(), {"--compute", "off"});
    }
    if (o.fault) {
        args.insert(args.end(),
                    {"--inject-kill", std::to_string(o.fault->rank) + ":" + std::to_string(o.fault->iteration)});
    }
    return args;
}

ReplayWorkerOptions parseReplayWorkerArguments(const std::vector<std::string>& args)
{
    if (args.empty() || args[0] != kReplayVerb) {
        throw WorkerUsageError("expected \"" + std::string(kReplayVerb) + "\" as the first argument");
    }
    static const std::set<std::string> known{"input",           "world-size", "backend",     "device",
                                             "gloo-threads",    "repeats",    "warmup",      "output",
                                             "store-timeout-s", "skip-op",    "inject-kill", "compute"};
    std::map<std::string, std::string> values;
    ReplayWorkerOptions o;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (!a.starts_with("--") || i + 1 >= args.size()) {
            throw WorkerUsageError("unexpected argument \"" + a + "\" (every option takes a value)");
        }
        const std::string key = a.substr(2);
        if (!known.contains(key)) {
            throw WorkerUsageError("unknown option " + a);
        }
        if (key == "skip-op") {
            o.skipOps.push_back(args[++i]);
            continue;
        }
        values[key] = args[++i];
    }
    const WorkerOptionValues options(std::move(values));
    o.input = options.need("input");
    o.worldSize = static_cast<int>(options.integer("world-size", 1, 1 << 20));
    std::tie(o.backend, o.device) = options.backendAndDevice();
    o.glooThreads = static_cast<int>(options.integer("gloo-threads", 1, 64));
    o.repeats = static_cast<int>(options.integer("repeats", 1, 100'000));
    o.warmup = static_cast<int>(options.integer("warmup", 0, 100'000));
    o.outputDir = options.need("output");
    o.storeTimeout = std::chrono::seconds(options.integer("store-timeout-s", 1, 1'000'000));
    if (const std::string* compute = options.find("compute")) {
        if (*compute != "on" && *compute != "off") {
            throw WorkerUsageError("--compute must be on or off (got \"" + *compute + "\")");
        }
        o.computeStandIns = *compute == "on";
    }
    if (const std::string* fault = options.find("inject-kill")) {
        o.fault = parseFaultInjection(*fault);
        if (!o.fault) {
            throw WorkerUsageError("--inject-kill must be RANK:EVENT (got \"" + *fault + "\")");
        }
    }
    return o;
}

std::string replayRankFileName(int rank)
{
    return "replay_rank" + std::to_string(rank) + ".json";
}

json::Value replayRankToJson(const ReplayRankResult& r)
{
    json::Value j = json::Value::object();
    j.set("format", kReplayRankFormat);
    j.set("rank", r.rank);
    j.set("world_size", r.worldSize);
    j.set("timing", "host steady_clock ns: issue just before the collective is called, completion when the rank "
                    "first sees it complete");
    j.set("busy_loop_iterations_per_ms", r.busyLoopItersPerMs);
    j.set("clock_calibration", clockCalibrationToJson(r.clock));
    j.set("repeat_origin_ns", integerArray(r.timings.repeatOrigin));
    json::Value repeats = json::Value::array();
    for (const auto& rep : r.timings.repeats) {
        json::Value x = json::Value::object();
        std::vector<std::int64_t> events(rep.event.begin(), rep.event.end());
        x.set("event", integerArray(events));
        x.set("issue_ns", integerArray(rep.issue));
        x.set("complete_ns", integerArray(rep.complete));
        repeats.push(std::move(x));
    }
    j.set("repeats", std::move(repeats));
    return j;
}

ReplayRankResult replayRankFromJson(const json::Value& value, const std::string& source)
{
    const json::Reader in(source);
    const Fields f(in, value, "$");
    if (f.string("format") != kReplayRankFormat) {
        f.fail("format", "must be \"" + std::string(kReplayRankFormat) + "\"");
    }
    constexpr std::int64_t kMaxNs = std::numeric_limits<Ns>::max() / 4;
    ReplayRankResult r;
    r.rank = f.intIn("rank", 0, 1 << 20);
    r.worldSize = f.intIn("world_size", 1, 1 << 20);
    r.busyLoopItersPerMs = f.nonNegative("busy_loop_iterations_per_ms");
    r.clock = clockCalibrationFromJson(f.value("clock_calibration"), source, f.pathOf("clock_calibration"));
    r.timings.rank = r.rank;
    r.timings.offsetNs = r.clock.offsetNs;
    r.timings.uncertaintyNs = r.clock.uncertaintyNs;
    r.timings.repeatOrigin = f.integers("repeat_origin_ns", -kMaxNs, kMaxNs);
    const json::Value& repeats = f.array("repeats");
    for (std::size_t i = 0; i < repeats.size(); ++i) {
        const Fields x(in, repeats.items()[i], json::childPath(f.pathOf("repeats"), i));
        physical::RankRepeatStamps st;
        for (auto e : x.integers("event", 0, std::numeric_limits<std::uint32_t>::max())) {
            st.event.push_back(static_cast<std::uint32_t>(e));
        }
        st.issue = x.integers("issue_ns", -kMaxNs, kMaxNs);
        st.complete = x.integers("complete_ns", -kMaxNs, kMaxNs);
        if (st.issue.size() != st.event.size() || st.complete.size() != st.event.size()) {
            x.fail("event", "event, issue_ns and complete_ns must have the same length");
        }
        r.timings.repeats.push_back(std::move(st));
    }
    return r;
}

ReplayRankResult readReplayRank(const fs::path& path)
{
    return replayRankFromJson(readJsonFile(path, kMaxRankFileBytes), path.string());
}

std::optional<std::uint64_t> effectiveCapabilities(std::string_view statusText)
{
    std::size_t at = statusText.find("CapEff:");
    if (at == std::string_view::npos) {
        return std::nullopt;
    }
    at += 7;
    while (at < statusText.size() && (statusText[at] == ' ' || statusText[at] == '\t')) {
        ++at;
    }
    std::uint64_t value = 0;
    std::size_t digits = 0;
    for (; at < statusText.size() && digits < 16; ++at, ++digits) {
        const char c = statusText[at];
        int v = 0;
        if (c >= '0' && c <= '9') {
            v = c - '0';
        } else if (c >= 'a' && c <= 'f') {
            v = c - 'a' + 10;
        } else {
            break;
        }
        value = value * 16 + static_cast<std::uint64_t>(v);
    }
    if (digits == 0) {
        return std::nullopt;
    }
    return value;
}

std::optional<std::string> shapingProblem()
{
    std::ifstream in("/proc/self/status");
    std::stringstream text;
    text << in.rdbuf();
    const auto caps = effectiveCapabilities(text.str());
    constexpr int kCapNetAdmin = 12;
    constexpr int kCapSysAdmin = 21;
    if (!caps) {
        return std::string("loopback shaping needs CAP_NET_ADMIN, and this process's capabilities cannot be read "
                           "(/proc/self/status has no CapEff)");
    }
    if ((*caps & (1ULL << kCapNetAdmin)) == 0) {
        return std::string("loopback shaping needs CAP_NET_ADMIN (to add a qdisc on the loopback device of the ranks' "
                           "private network namespace), which this process does not have; run as root, or drop the "
                           "shaped configurations from the set");
    }
    if ((*caps & (1ULL << kCapSysAdmin)) == 0) {
        return std::string("loopback shaping needs CAP_SYS_ADMIN to create the ranks' private network namespace "
                           "(unshare -n), which this process does not have");
    }
    for (const char* tool : {"ip", "tc"}) {
        if (!findOnPath(tool)) {
            return "loopback shaping needs `" + std::string(tool) + "` (iproute2) on PATH";
        }
    }
    return std::nullopt;
}

namespace {

std::string firstMatchingLine(const char* path, std::string_view key)
{
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.starts_with(key)) {
            const auto colon = line.find(':');
            std::string value = colon == std::string::npos ? line : line.substr(colon + 1);
            const auto begin = value.find_first_not_of(" \t");
            return begin == std::string::npos ? std::string() : value.substr(begin);
        }
    }
    return {};
}

} // namespace

PrivateNetwork::PrivateNetwork(const LoopbackShaping& shaping)
{
    original_ = ::open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC);
    if (original_ < 0) {
        throw IoError(std::string("cannot open this thread's network namespace: ") + std::strerror(errno));
    }
    if (::unshare(CLONE_NEWNET) != 0) {
        const int e = errno;
        ::close(original_);
        throw IoError(std::string("cannot create a private network namespace (unshare -n): ") + std::strerror(e));
    }
    run({"ip", "link", "set", "lo", "up"});
    for (auto command : shapingTcCommands(shaping, "lo")) {
        command.insert(command.begin(), "tc");
        run(command);
    }
}

PrivateNetwork::~PrivateNetwork()
{
    if (original_ >= 0) {
        // Back to the namespace this thread started in; the private one ends with its last rank.
        (void)::setns(original_, CLONE_NEWNET);
        ::close(original_);
    }
}

void PrivateNetwork::run(const std::vector<std::string>& argv)
{
    const ProcessOutput out = runProcess(argv, {}, std::chrono::seconds(10));
    if (!out.succeeded()) {
        std::string line;
        for (const auto& a : argv) {
            line += (line.empty() ? "" : " ") + a;
        }
        const std::string why = out.err.empty() ? out.spawnError : out.err;
        (void)::setns(original_, CLONE_NEWNET);
        ::close(original_);
        original_ = -1;
        throw IoError("setting up the ranks' network namespace: `" + line + "` failed: " + why);
    }
}

std::vector<std::pair<std::string, std::string>> physicalMachineDescription(const MachineReport& machine)
{
    std::vector<std::pair<std::string, std::string>> m;
    const std::string cpu = firstMatchingLine("/proc/cpuinfo", "model name");
    m.emplace_back("cpu", cpu.empty() ? std::string("unknown (no model name in /proc/cpuinfo)") : cpu);
    m.emplace_back("cores", std::to_string(std::thread::hardware_concurrency()));
    utsname u{};
    if (::uname(&u) == 0) {
        m.emplace_back("kernel", std::string(u.sysname) + " " + u.release + " " + u.machine);
    } else {
        m.emplace_back("kernel", "unknown");
    }
    const WorkerProbe& p = machine.probe;
    m.emplace_back("libtorch", p.ran ? p.libtorchVersion : "unknown: " + p.error);
    m.emplace_back("gloo", p.gloo ? "c10d gloo, as bundled with libtorch " + p.libtorchVersion : std::string("absent"));
    m.emplace_back("nccl", p.nccl ? std::string("c10d NCCL (version as linked into libtorch)")
                                  : "unavailable: " + p.ncclReason);
    std::string gpus;
    for (const auto& d : p.devices) {
        gpus += (gpus.empty() ? "" : "; ") + std::to_string(d.index) + ": " + d.name + " (" +
                std::to_string(d.totalBytes) + " bytes)";
    }
    m.emplace_back("gpu",
                   gpus.empty() ? "none visible to the worker" + std::string(p.cudaBuilt ? "" : " (CPU build)") : gpus);
    return m;
}

namespace {

/// Everything of a measured run that follows from the options and the input.
MeasuredRun measuredRunHeader(const PhysicalReplayOptions& o)
{
    const Trace& trace = *o.trace;
    MeasuredRun run;
    run.inputSha256 = o.inputSha256;
    run.inputEvents = trace.size();
    run.skewKnown = trace.knownSkewCount();
    run.skewPartial = trace.partialSkewCount();
    run.skewUnknown = trace.unknownSkewCount();
    run.worldSize = o.worldSize;
    run.repeats = o.repeats;
    run.warmup = o.warmup;
    run.set = o.set;
    run.computeStandIns = o.computeStandIns;
    for (std::size_t i = 0; i < trace.size(); ++i) {
        run.opNames.emplace_back(trace.opName(i));
    }
    return run;
}

/// One configuration's measurements from the rank files in dir (every rank of the world).
MeasuredConfiguration collectConfiguration(const physical::PhysicalProgram& program, const PhysicalConfig& config,
                                           const fs::path& dir, int worldSize, int repeats)
{
    std::vector<physical::RankTimings> timings;
    MeasuredConfiguration mc;
    mc.config = config;
    for (int r = 0; r < worldSize; ++r) {
        const fs::path path = dir / replayRankFileName(r);
        ReplayRankResult rr = readReplayRank(path);
        if (rr.rank != r || rr.worldSize != worldSize) {
            throw InputError(path.string(), "is the file of rank " + std::to_string(rr.rank) + " of " +
                                                std::to_string(rr.worldSize) + ", expected rank " + std::to_string(r) +
                                                " of " + std::to_string(worldSize));
        }
        if (rr.timings.repeats.size() != static_cast<std::size_t>(repeats)) {
            throw InputError(path.string(), "holds " + std::to_string(rr.timings.repeats.size()) +
                                                " recorded passes, expected " + std::to_string(repeats) +
                                                " (--repeats)");
        }
        mc.clock.push_back(MeasuredClock{r, rr.clock.offsetNs, rr.clock.uncertaintyNs});
        timings.push_back(std::move(rr.timings));
    }
    mc.samples = physical::measuredSamples(program, timings, dir.string());
    return mc;
}

} // namespace

MachineReport checkPhysicalReplay(const PhysicalReplayOptions& o)
{
    if (o.trace == nullptr) {
        throw InputError(o.input.string(), "no input trace");
    }
    bool anyShaping = false;
    for (const auto& c : o.set.configurations) {
        (void)physical::buildPhysicalProgram(*o.trace, o.worldSize, c.backend, o.skipOps);
        anyShaping = anyShaping || c.shaping.has_value();
    }
    const MachineReport machine = probeMachine(o.worker);
    for (const auto& c : o.set.configurations) {
        const auto backend = backendFromName(c.backend);
        const auto device = deviceFromName(c.device);
        if (auto reason = unavailableReason(machine, *backend, *device)) {
            throw CaptureUnavailable("configuration \"" + c.name + "\" (" + c.backend + " on " + c.device +
                                     ") cannot run on this machine: " + *reason);
        }
    }
    if (anyShaping) {
        if (auto problem = shapingProblem()) {
            std::string shaped;
            for (const auto& c : o.set.configurations) {
                if (c.shaping) {
                    shaped += (shaped.empty() ? "" : ", ") + c.name;
                }
            }
            throw CaptureUnavailable("the set shapes loopback traffic (" + shaped + ") and " + *problem);
        }
    }
    return machine;
}

PhysicalReplayResult runPhysicalReplay(const PhysicalReplayOptions& o, Progress& progress)
{
    const MachineReport machine = checkPhysicalReplay(o);
    std::error_code ec;
    if (fs::exists(o.workDir, ec)) {
        throw InputError(o.workDir.string(), "the ranks' working folder already exists (left by an earlier failed "
                                             "run?); remove it first");
    }
    fs::create_directories(o.workDir, ec);
    if (ec) {
        throw IoError(o.workDir.string() + ": cannot create the ranks' working folder: " + ec.message());
    }
    const Trace& trace = *o.trace;
    PhysicalReplayResult result;
    MeasuredRun run = measuredRunHeader(o);
    run.machine = physicalMachineDescription(machine);
    const std::size_t total = o.set.configurations.size();
    for (std::size_t k = 0; k < total; ++k) {
        const PhysicalConfig& config = o.set.configurations[k];
        const physical::PhysicalProgram program =
            physical::buildPhysicalProgram(trace, o.worldSize, config.backend, o.skipOps);
        if (k == 0) {
            run.skippedOps = program.skippedOps;
            run.skippedEvents = program.skippedEvents;
        }
        const fs::path dir = o.workDir / config.name;
        fs::create_directories(dir, ec);
        if (ec) {
            throw IoError(dir.string() + ": cannot create the configuration's folder: " + ec.message());
        }
        ReplayWorkerOptions w;
        w.input = fs::absolute(o.input);
        w.worldSize = o.worldSize;
        w.backend = *backendFromName(config.backend);
        w.device = *deviceFromName(config.device);
        w.glooThreads = config.glooThreads > 0 ? config.glooThreads : kDefaultGlooThreads;
        w.repeats = o.repeats;
        w.warmup = o.warmup;
        w.skipOps = o.skipOps;
        w.computeStandIns = o.computeStandIns;
        w.outputDir = dir;
        w.storeTimeout = storeTimeoutUnder(o.timeout);
        if (k == 0) {
            w.fault = o.fault;
        }
        std::optional<PrivateNetwork> network;
        if (config.shaping) {
            network.emplace(*config.shaping);
        }
        const int port = freeStorePort(o.masterAddr);
        std::vector<RankCommand> commands =
            localRankCommands(*machine.worker.path, replayWorkerArguments(w), o.worldSize, o.masterAddr, port, dir);
        for (auto& c : commands) {
            c.environment.insert(c.environment.end(), config.environment.begin(), config.environment.end());
        }
        LaunchOptions launchOptions;
        launchOptions.timeout = o.timeout;
        launchOptions.onLine = [&](int, std::string_view line) {
            if (auto p = parseProgressLine(line); p && p->total > 0) {
                const double within = static_cast<double>(p->done) / static_cast<double>(p->total);
                progress.report((static_cast<double>(k) + within) / static_cast<double>(total),
                                config.name + ": rank " + std::to_string(p->rank) + " pass " + std::to_string(p->done) +
                                    " of " + std::to_string(p->total));
            }
        };
        LaunchResult launch = launchRanks(commands, launchOptions, progress);
        network.reset();
        if (launch.outcome != LaunchOutcome::Completed) {
            result.failedLaunch = launch;
            result.failedConfiguration = config.name;
            result.reason = "configuration \"" + config.name + "\": " + launch.reason;
            return result;
        }
        for (int r = 0; r < o.worldSize; ++r) {
            const fs::path path = dir / replayRankFileName(r);
            if (!fs::exists(path, ec)) {
                result.failedLaunch = launch;
                result.failedConfiguration = config.name;
                result.reason = "configuration \"" + config.name + "\": rank " + std::to_string(r) +
                                " exited 0 without writing " + path.filename().string();
                return result;
            }
        }
        MeasuredConfiguration mc = collectConfiguration(program, config, dir, o.worldSize, o.repeats);
        run.configurations.push_back(std::move(mc));
    }
    fs::remove_all(o.workDir, ec);
    result.run = std::move(run);
    progress.report(1.0, "every configuration measured");
    return result;
}

MeasuredRun assemblePhysicalReplay(const PhysicalReplayOptions& o, const std::vector<fs::path>& rankDirs)
{
    if (o.trace == nullptr) {
        throw InputError(o.input.string(), "no input trace");
    }
    if (rankDirs.size() != o.set.configurations.size()) {
        throw InputError("--from-ranks", "names " + std::to_string(rankDirs.size()) + " folder(s) for " +
                                             std::to_string(o.set.configurations.size()) +
                                             " configuration(s); give one folder per configuration, in the set's "
                                             "order");
    }
    MeasuredRun run = measuredRunHeader(o);
    run.machine = {{"launch", "ranks started outside commcanary (by hand, torchrun or srun); their rank files were "
                              "assembled by replay-physical --from-ranks, and the machines they ran on are not "
                              "recorded in them"}};
    std::error_code ec;
    for (std::size_t k = 0; k < rankDirs.size(); ++k) {
        const PhysicalConfig& config = o.set.configurations[k];
        const physical::PhysicalProgram program =
            physical::buildPhysicalProgram(*o.trace, o.worldSize, config.backend, o.skipOps);
        if (k == 0) {
            run.skippedOps = program.skippedOps;
            run.skippedEvents = program.skippedEvents;
        }
        for (int r = 0; r < o.worldSize; ++r) {
            const fs::path path = rankDirs[k] / replayRankFileName(r);
            if (!fs::exists(path, ec)) {
                throw InputError(rankDirs[k].string(), "has no " + path.filename().string() + " (configuration \"" +
                                                           config.name + "\" needs one file per rank of " +
                                                           std::to_string(o.worldSize) + ")");
            }
        }
        run.configurations.push_back(collectConfiguration(program, config, rankDirs[k], o.worldSize, o.repeats));
    }
    return run;
}

} // namespace cc::capture
