#include "capture/lib/sweep_matrix.h"

#include "capture/lib/json_fields.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <set>

namespace cc::capture {

namespace {

using nlohmann::json;

[[noreturn]] void fail(const std::string& source, const std::string& path, const std::string& rule)
{
    Diagnostic d;
    d.file = source;
    d.field = path;
    d.rule = rule;
    throw InputError(d);
}

const std::set<std::string>& knownKeys()
{
    static const std::set<std::string> keys{"format",     "model",     "model_params",       "world_sizes",
                                            "backends",   "devices",   "bucket_caps",        "first_bucket",
                                            "iterations", "warmup",    "batch_size",         "seed",
                                            "repeats",    "timeout_s", "host_memory_budget", "device_memory_budget"};
    return keys;
}

const json& requiredList(const json& j, const std::string& key, const std::string& source)
{
    if (!j.contains(key)) {
        fail(source, "$." + key, "is required (a non-empty list)");
    }
    const json& list = j.at(key);
    if (!list.is_array() || list.empty()) {
        fail(source, "$." + key, "must be a non-empty list");
    }
    return list;
}

std::int64_t countValue(const json& v, const std::string& source, const std::string& path)
{
    if (v.is_number_integer()) {
        return v.get<std::int64_t>();
    }
    if (v.is_string()) {
        if (auto c = parseCount(v.get<std::string>())) {
            return *c;
        }
    }
    fail(source, path, "must be a parameter count such as 1000000, \"10M\" or \"1.5M\" (got " + v.dump() + ")");
}

std::int64_t byteValue(const json& v, const std::string& source, const std::string& path)
{
    if (v.is_number_integer()) {
        return v.get<std::int64_t>();
    }
    if (v.is_string()) {
        if (auto b = parseByteSize(v.get<std::string>())) {
            return *b;
        }
    }
    fail(source, path, "must be a byte size such as 26214400, \"25MiB\" or \"512KiB\" (got " + v.dump() + ")");
}

long long intValue(const json& v, const std::string& source, const std::string& path, long long lo, long long hi)
{
    if (!v.is_number_integer()) {
        fail(source, path, "must be an integer (got " + v.dump() + ")");
    }
    const long long x = v.get<long long>();
    if (x < lo || x > hi) {
        fail(source, path,
             "must be between " + std::to_string(lo) + " and " + std::to_string(hi) + " (got " + std::to_string(x) +
                 ")");
    }
    return x;
}

template <typename T> void noDuplicates(const std::vector<T>& values, const std::string& source, const std::string& key)
{
    for (std::size_t i = 0; i < values.size(); ++i) {
        for (std::size_t k = 0; k < i; ++k) {
            if (values[i] == values[k]) {
                fail(source, "$." + key + "[" + std::to_string(i) + "]",
                     "repeats $." + key + "[" + std::to_string(k) + "]; use \"repeats\" to repeat a configuration");
            }
        }
    }
}

std::string three(int index)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "%03d", index);
    return buf;
}

CellSpec specOf(const SweepMatrix& m, std::int64_t params, int worldSize, Backend backend, Device device,
                std::int64_t cap)
{
    CellSpec s;
    s.worldSize = worldSize;
    s.backend = backend;
    s.device = device;
    s.model = m.model;
    s.modelParams = params;
    s.iterations = m.iterations;
    s.warmup = m.warmup;
    s.bucketCapBytes = cap;
    s.firstBucketBytes = std::min(m.firstBucketBytes, cap);
    s.batchSize = m.batchSize;
    s.seed = m.seed;
    return s;
}

} // namespace

SweepMatrix sweepMatrixFromJson(const json& j, const std::string& source)
{
    if (!j.is_object()) {
        fail(source, "$", "a matrix must be a JSON object");
    }
    for (const auto& [key, value] : j.items()) {
        (void)value;
        if (!knownKeys().contains(key)) {
            fail(source, "$." + key,
                 "is not a matrix field (known: format, model, model_params, world_sizes, backends, devices, "
                 "bucket_caps, first_bucket, iterations, warmup, batch_size, seed, repeats, timeout_s, "
                 "host_memory_budget, device_memory_budget)");
        }
    }
    if (j.contains("format") && j.at("format") != std::string(kSweepMatrixFormat)) {
        fail(source, "$.format",
             "must be \"" + std::string(kSweepMatrixFormat) + "\" (got " + j.at("format").dump() + ")");
    }
    SweepMatrix m;
    if (j.contains("model")) {
        const json& v = j.at("model");
        auto kind = v.is_string() ? modelKindFromName(v.get<std::string>()) : std::nullopt;
        if (!kind) {
            fail(source, "$.model", "must be \"mlp\" or \"gpt\" (got " + v.dump() + ")");
        }
        m.model = *kind;
    }
    {
        const json& list = requiredList(j, "model_params", source);
        for (std::size_t i = 0; i < list.size(); ++i) {
            m.modelParams.push_back(countValue(list[i], source, "$.model_params[" + std::to_string(i) + "]"));
        }
        noDuplicates(m.modelParams, source, "model_params");
    }
    {
        const json& list = requiredList(j, "world_sizes", source);
        for (std::size_t i = 0; i < list.size(); ++i) {
            m.worldSizes.push_back(
                static_cast<int>(intValue(list[i], source, "$.world_sizes[" + std::to_string(i) + "]", 1, 1024)));
        }
        noDuplicates(m.worldSizes, source, "world_sizes");
    }
    {
        const json& list = requiredList(j, "backends", source);
        for (std::size_t i = 0; i < list.size(); ++i) {
            auto b = list[i].is_string() ? backendFromName(list[i].get<std::string>()) : std::nullopt;
            if (!b) {
                fail(source, "$.backends[" + std::to_string(i) + "]",
                     "must be \"gloo\" or \"nccl\" (got " + list[i].dump() + ")");
            }
            m.backends.push_back(*b);
        }
        noDuplicates(m.backends, source, "backends");
    }
    {
        const json& list = requiredList(j, "devices", source);
        for (std::size_t i = 0; i < list.size(); ++i) {
            auto d = list[i].is_string() ? deviceFromName(list[i].get<std::string>()) : std::nullopt;
            if (!d) {
                fail(source, "$.devices[" + std::to_string(i) + "]",
                     "must be \"cpu\" or \"cuda\" (got " + list[i].dump() + ")");
            }
            m.devices.push_back(*d);
        }
        noDuplicates(m.devices, source, "devices");
    }
    {
        const json& list = requiredList(j, "bucket_caps", source);
        for (std::size_t i = 0; i < list.size(); ++i) {
            m.bucketCapBytes.push_back(byteValue(list[i], source, "$.bucket_caps[" + std::to_string(i) + "]"));
        }
        noDuplicates(m.bucketCapBytes, source, "bucket_caps");
    }
    if (j.contains("first_bucket")) {
        m.firstBucketBytes = byteValue(j.at("first_bucket"), source, "$.first_bucket");
    }
    if (j.contains("iterations")) {
        m.iterations = static_cast<int>(intValue(j.at("iterations"), source, "$.iterations", 1, 1'000'000));
    }
    if (j.contains("warmup")) {
        m.warmup = static_cast<int>(intValue(j.at("warmup"), source, "$.warmup", 0, 1'000'000));
    }
    if (j.contains("batch_size")) {
        m.batchSize = static_cast<int>(intValue(j.at("batch_size"), source, "$.batch_size", 1, 65536));
    }
    if (j.contains("seed")) {
        m.seed = static_cast<std::uint64_t>(
            intValue(j.at("seed"), source, "$.seed", 0, std::numeric_limits<long long>::max()));
    }
    if (j.contains("repeats")) {
        m.repeats = static_cast<int>(intValue(j.at("repeats"), source, "$.repeats", 1, 100));
    }
    if (j.contains("timeout_s")) {
        m.timeoutSeconds = static_cast<int>(intValue(j.at("timeout_s"), source, "$.timeout_s", 1, 86'400));
    }
    if (j.contains("host_memory_budget")) {
        m.hostMemoryBudgetBytes = byteValue(j.at("host_memory_budget"), source, "$.host_memory_budget");
        if (*m.hostMemoryBudgetBytes <= 0) {
            fail(source, "$.host_memory_budget", "must be positive");
        }
    }
    if (j.contains("device_memory_budget")) {
        m.deviceMemoryBudgetBytes = byteValue(j.at("device_memory_budget"), source, "$.device_memory_budget");
        if (*m.deviceMemoryBudgetBytes <= 0) {
            fail(source, "$.device_memory_budget", "must be positive");
        }
    }
    // Every cell must be a valid cell; name the axis value that makes it invalid.
    for (std::size_t a = 0; a < m.modelParams.size(); ++a) {
        for (std::size_t c = 0; c < m.bucketCapBytes.size(); ++c) {
            CellSpec s = specOf(m, m.modelParams[a], m.worldSizes.front(), m.backends.front(), m.devices.front(),
                                m.bucketCapBytes[c]);
            if (auto problem = cellSpecProblem(s)) {
                std::string path = "$.model_params[" + std::to_string(a) + "]";
                if (problem->find("bucket") != std::string::npos) {
                    path = m.firstBucketBytes < 1024 ? "$.first_bucket" : "$.bucket_caps[" + std::to_string(c) + "]";
                }
                fail(source, path, *problem);
            }
        }
    }
    for (const auto& cell : expandSweepMatrix(m)) {
        if (auto problem = cellSpecProblem(cell.spec)) {
            fail(source, "$", "cell " + std::to_string(cell.index) + " (" + cell.configId + "): " + *problem);
        }
    }
    return m;
}

SweepMatrix loadSweepMatrix(const std::filesystem::path& path)
{
    const std::string text = readFileBounded(path, 16ULL << 20);
    return sweepMatrixFromJson(parseJsonText(text, path.string()), path.string());
}

json sweepMatrixToJson(const SweepMatrix& m)
{
    json j;
    j["format"] = std::string(kSweepMatrixFormat);
    j["model"] = std::string(modelKindName(m.model));
    j["model_params"] = m.modelParams;
    j["world_sizes"] = m.worldSizes;
    json backends = json::array();
    for (auto b : m.backends) {
        backends.push_back(std::string(backendName(b)));
    }
    j["backends"] = std::move(backends);
    json devices = json::array();
    for (auto d : m.devices) {
        devices.push_back(std::string(deviceName(d)));
    }
    j["devices"] = std::move(devices);
    j["bucket_caps"] = m.bucketCapBytes;
    j["first_bucket"] = m.firstBucketBytes;
    j["iterations"] = m.iterations;
    j["warmup"] = m.warmup;
    j["batch_size"] = m.batchSize;
    j["seed"] = m.seed;
    j["repeats"] = m.repeats;
    j["timeout_s"] = m.timeoutSeconds;
    if (m.hostMemoryBudgetBytes) {
        j["host_memory_budget"] = *m.hostMemoryBudgetBytes;
    }
    if (m.deviceMemoryBudgetBytes) {
        j["device_memory_budget"] = *m.deviceMemoryBudgetBytes;
    }
    return j;
}

std::vector<PlannedCell> expandSweepMatrix(const SweepMatrix& m)
{
    std::vector<PlannedCell> cells;
    for (auto params : m.modelParams) {
        for (auto worldSize : m.worldSizes) {
            for (auto backend : m.backends) {
                for (auto device : m.devices) {
                    for (auto cap : m.bucketCapBytes) {
                        const CellSpec spec = specOf(m, params, worldSize, backend, device, cap);
                        for (int r = 0; r < m.repeats; ++r) {
                            PlannedCell c;
                            c.index = static_cast<int>(cells.size());
                            c.configId = cellId(spec);
                            c.repeat = r;
                            c.directory = three(c.index) + "_" + c.configId + "_r" + std::to_string(r);
                            c.spec = spec;
                            cells.push_back(std::move(c));
                        }
                    }
                }
            }
        }
    }
    return cells;
}

} // namespace cc::capture
