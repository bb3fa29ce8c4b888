#include "capture/lib/worker_invocation.h"

#include <algorithm>
#include <charconv>
#include <map>

namespace cc::capture {

std::optional<long long> parseWholeInteger(std::string_view text)
{
    long long value = 0;
    const auto* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end || text.empty()) {
        return std::nullopt;
    }
    return value;
}

std::optional<FaultInjection> parseFaultInjection(std::string_view text)
{
    const auto colon = text.find(':');
    if (colon == std::string_view::npos) {
        return std::nullopt;
    }
    auto rank = parseWholeInteger(text.substr(0, colon));
    auto iteration = parseWholeInteger(text.substr(colon + 1));
    if (!rank || !iteration || *rank < 0 || *iteration < 0 || *rank > 1'000'000 || *iteration > 1'000'000'000) {
        return std::nullopt;
    }
    return FaultInjection{static_cast<int>(*rank), static_cast<int>(*iteration)};
}

std::vector<std::string> workerVerbArguments(std::string_view verb, int worldSize, Backend backend, Device device,
                                             std::initializer_list<std::string> own,
                                             const std::filesystem::path& outputDir, std::chrono::seconds storeTimeout)
{
    std::vector<std::string> args{std::string(verb),
                                  "--world-size",
                                  std::to_string(worldSize),
                                  "--backend",
                                  std::string(backendName(backend)),
                                  "--device",
                                  std::string(deviceName(device))};
    args.insert(args.end(), own);
    args.insert(args.end(),
                {"--output", outputDir.string(), "--store-timeout-s", std::to_string(storeTimeout.count())});
    return args;
}

const std::string* WorkerOptionValues::find(const std::string& key) const
{
    const auto it = values_.find(key);
    return it == values_.end() ? nullptr : &it->second;
}

const std::string& WorkerOptionValues::need(const std::string& key) const
{
    const std::string* value = find(key);
    if (value == nullptr) {
        throw WorkerUsageError("--" + key + " is required");
    }
    return *value;
}

long long WorkerOptionValues::integer(const std::string& key) const
{
    const auto v = parseWholeInteger(need(key));
    if (!v) {
        throw WorkerUsageError("--" + key + " must be an integer (got \"" + need(key) + "\")");
    }
    return *v;
}

long long WorkerOptionValues::integer(const std::string& key, long long lo, long long hi) const
{
    const auto v = parseWholeInteger(need(key));
    if (!v || *v < lo || *v > hi) {
        throw WorkerUsageError("--" + key + " must be an integer from " + std::to_string(lo) + " to " +
                               std::to_string(hi) + " (got \"" + need(key) + "\")");
    }
    return *v;
}

std::pair<Backend, Device> WorkerOptionValues::backendAndDevice() const
{
    const auto backend = backendFromName(need("backend"));
    const auto device = deviceFromName(need("device"));
    if (!backend || !device) {
        throw WorkerUsageError("--backend must be gloo or nccl and --device cpu or cuda");
    }
    return {*backend, *device};
}

std::vector<std::string> workerRunArguments(const WorkerRunOptions& o)
{
    const CellSpec& s = o.spec;
    std::vector<std::string> args = workerVerbArguments(
        "run", s.worldSize, s.backend, s.device,
        {"--model", std::string(modelKindName(s.model)), "--model-params", std::to_string(s.modelParams),
         "--iterations", std::to_string(s.iterations), "--warmup", std::to_string(s.warmup), "--bucket-cap-bytes",
         std::to_string(s.bucketCapBytes), "--first-bucket-bytes", std::to_string(s.firstBucketBytes), "--batch-size",
         std::to_string(s.batchSize), "--seed", std::to_string(s.seed)},
        o.outputDir, o.storeTimeout);
    if (!o.captureId.empty()) {
        args.insert(args.end(), {"--capture-id", o.captureId});
    }
    if (o.fault) {
        args.insert(args.end(),
                    {"--inject-kill", std::to_string(o.fault->rank) + ":" + std::to_string(o.fault->iteration)});
    }
    return args;
}

WorkerRunOptions parseWorkerRunArguments(const std::vector<std::string>& args)
{
    if (args.empty() || args[0] != "run") {
        throw WorkerUsageError("the first argument must be the verb \"run\" (or \"probe\")");
    }
    std::map<std::string, std::string> values;
    static const std::vector<std::string> known{
        "--world-size",         "--backend",    "--device",     "--model",
        "--model-params",       "--iterations", "--warmup",     "--bucket-cap-bytes",
        "--first-bucket-bytes", "--batch-size", "--seed",       "--output",
        "--store-timeout-s",    "--capture-id", "--inject-kill"};
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& name = args[i];
        if (std::find(known.begin(), known.end(), name) == known.end()) {
            throw WorkerUsageError("unknown argument \"" + name + "\"");
        }
        if (i + 1 >= args.size()) {
            throw WorkerUsageError(name + " needs a value");
        }
        values[name.substr(2)] = args[++i];
    }
    const WorkerOptionValues options(std::move(values));
    WorkerRunOptions o;
    CellSpec& s = o.spec;
    s.worldSize = static_cast<int>(options.integer("world-size"));
    auto backend = backendFromName(options.need("backend"));
    if (!backend) {
        throw WorkerUsageError("--backend must be gloo or nccl");
    }
    s.backend = *backend;
    auto device = deviceFromName(options.need("device"));
    if (!device) {
        throw WorkerUsageError("--device must be cpu or cuda");
    }
    s.device = *device;
    auto model = modelKindFromName(options.need("model"));
    if (!model) {
        throw WorkerUsageError("--model must be mlp or gpt");
    }
    s.model = *model;
    s.modelParams = options.integer("model-params");
    s.iterations = static_cast<int>(options.integer("iterations"));
    s.warmup = static_cast<int>(options.integer("warmup"));
    s.bucketCapBytes = options.integer("bucket-cap-bytes");
    s.firstBucketBytes = options.integer("first-bucket-bytes");
    s.batchSize = static_cast<int>(options.integer("batch-size"));
    s.seed = static_cast<std::uint64_t>(options.integer("seed"));
    o.outputDir = options.need("output");
    o.storeTimeout = std::chrono::seconds(options.integer("store-timeout-s"));
    if (const std::string* id = options.find("capture-id")) {
        o.captureId = *id;
    }
    if (const std::string* fault = options.find("inject-kill")) {
        const std::string& text = *fault;
        o.fault = parseFaultInjection(text);
        if (!o.fault) {
            throw WorkerUsageError("--inject-kill must be RANK:ITERATION (got \"" + text + "\")");
        }
    }
    if (auto problem = cellSpecProblem(s)) {
        throw WorkerUsageError(*problem);
    }
    if (o.storeTimeout.count() < 1) {
        throw WorkerUsageError("--store-timeout-s must be positive");
    }
    return o;
}

RankEnvironment parseRankEnvironment(const std::function<std::optional<std::string>(const std::string&)>& lookup)
{
    auto integer = [&](const std::string& name, std::optional<int> fallback) -> int {
        auto text = lookup(name);
        if (!text || text->empty()) {
            if (fallback) {
                return *fallback;
            }
            throw WorkerUsageError("environment variable " + name +
                                   " is not set (the worker is started like torchrun starts ranks: RANK, WORLD_SIZE, "
                                   "LOCAL_RANK, MASTER_ADDR, MASTER_PORT)");
        }
        auto v = parseWholeInteger(*text);
        if (!v || *v < 0 || *v > 1'000'000) {
            throw WorkerUsageError("environment variable " + name + " must be a non-negative integer (got \"" + *text +
                                   "\")");
        }
        return static_cast<int>(*v);
    };
    RankEnvironment e;
    e.rank = integer("RANK", std::nullopt);
    e.worldSize = integer("WORLD_SIZE", std::nullopt);
    e.localRank = integer("LOCAL_RANK", e.rank);
    e.localWorldSize = integer("LOCAL_WORLD_SIZE", e.worldSize);
    auto addr = lookup("MASTER_ADDR");
    if (!addr || addr->empty()) {
        throw WorkerUsageError("environment variable MASTER_ADDR is not set (the address of rank 0's store)");
    }
    e.masterAddr = *addr;
    e.masterPort = integer("MASTER_PORT", std::nullopt);
    if (e.worldSize < 1) {
        throw WorkerUsageError("WORLD_SIZE must be at least 1");
    }
    if (e.rank >= e.worldSize) {
        throw WorkerUsageError("RANK " + std::to_string(e.rank) + " is not below WORLD_SIZE " +
                               std::to_string(e.worldSize));
    }
    if (e.masterPort < 1 || e.masterPort > 65535) {
        throw WorkerUsageError("MASTER_PORT must be between 1 and 65535");
    }
    return e;
}

std::vector<std::pair<std::string, std::string>> rankEnvironmentVariables(const RankEnvironment& e)
{
    return {{"RANK", std::to_string(e.rank)},
            {"WORLD_SIZE", std::to_string(e.worldSize)},
            {"LOCAL_RANK", std::to_string(e.localRank)},
            {"LOCAL_WORLD_SIZE", std::to_string(e.localWorldSize)},
            {"MASTER_ADDR", e.masterAddr},
            {"MASTER_PORT", std::to_string(e.masterPort)}};
}

std::string rankCaptureFileName(int rank)
{
    return "rank" + std::to_string(rank) + ".json";
}

std::string rankShardFileName(int rank)
{
    return "rank" + std::to_string(rank) + ".trace.json";
}

std::string rankLogFileName(int rank)
{
    return "rank" + std::to_string(rank) + ".log";
}

std::optional<RankProgressLine> parseProgressLine(std::string_view line)
{
    if (!line.starts_with(kProgressPrefix)) {
        return std::nullopt;
    }
    line.remove_prefix(kProgressPrefix.size());
    RankProgressLine p;
    bool haveRank = false;
    bool haveDone = false;
    bool haveTotal = false;
    while (!line.empty()) {
        const auto space = line.find(' ');
        std::string_view word = line.substr(0, space);
        line = space == std::string_view::npos ? std::string_view() : line.substr(space + 1);
        const auto eq = word.find('=');
        if (eq == std::string_view::npos) {
            continue;
        }
        const auto key = word.substr(0, eq);
        const auto value = word.substr(eq + 1);
        if (key == "phase") {
            p.phase = std::string(value);
            continue;
        }
        auto v = parseWholeInteger(value);
        if (!v) {
            return std::nullopt;
        }
        if (key == "rank") {
            p.rank = static_cast<int>(*v);
            haveRank = true;
        } else if (key == "iteration") {
            p.done = static_cast<int>(*v);
            haveDone = true;
        } else if (key == "total") {
            p.total = static_cast<int>(*v);
            haveTotal = true;
        }
    }
    if (!haveRank || !haveDone || !haveTotal) {
        return std::nullopt;
    }
    return p;
}

std::string progressLine(const RankProgressLine& p)
{
    return std::string(kProgressPrefix) + "rank=" + std::to_string(p.rank) + " iteration=" + std::to_string(p.done) +
           " total=" + std::to_string(p.total) + " phase=" + p.phase;
}

} // namespace cc::capture
