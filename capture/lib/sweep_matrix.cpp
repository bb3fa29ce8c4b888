#include "capture/lib/sweep_matrix.h"

#include "capture/lib/capture_limits.h"
#include "capture/lib/json_io.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/reader.h"
#include "core/util/limits.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <numeric>
#include <set>

namespace cc::capture {

namespace {

constexpr std::string_view kKnownKeys[] = {"format",     "model",     "model_params",       "world_sizes",
                                           "backends",   "devices",   "bucket_caps",        "first_bucket",
                                           "iterations", "warmup",    "batch_size",         "seed",
                                           "repeats",    "timeout_s", "host_memory_budget", "device_memory_budget"};

/// Reads one matrix document: every refusal names the source, the JSON path and the rule.
class MatrixReader {
public:
    MatrixReader(const json::Value& document, const std::string& source) : in_(source), doc_(document)
    {
        if (!doc_.isObject()) {
            in_.fail("$", "a matrix must be a JSON object, not " + json::describeValue(doc_));
        }
    }

    [[noreturn]] void fail(const std::string& path, const std::string& rule) const { in_.fail(path, rule); }

    const json::Value* find(std::string_view key) const { return doc_.find(key); }

    void onlyKnownKeys() const
    {
        for (const json::Member& m : doc_.members()) {
            if (std::find(std::begin(kKnownKeys), std::end(kKnownKeys), m.key) == std::end(kKnownKeys)) {
                fail(json::childPath("$", m.key),
                     "is not a matrix field (known: format, model, model_params, world_sizes, backends, devices, "
                     "bucket_caps, first_bucket, iterations, warmup, batch_size, seed, repeats, timeout_s, "
                     "host_memory_budget, device_memory_budget)");
            }
        }
    }

    const json::Value& requiredList(std::string_view key) const
    {
        const json::Value* list = find(key);
        const std::string path = json::childPath("$", key);
        if (list == nullptr) {
            fail(path, "is required (a non-empty list)");
        }
        if (!list->isArray() || list->size() == 0) {
            fail(path, "must be a non-empty list, not " + quoteForMessage(*list));
        }
        return *list;
    }

    std::int64_t count(const json::Value& v, const std::string& path) const
    {
        if (auto i = v.toInt64()) {
            return *i;
        }
        if (v.isString()) {
            if (auto c = parseCount(v.string())) {
                return *c;
            }
        }
        fail(path, "must be a parameter count such as 1000000, \"10M\" or \"1.5M\" (got " + quoteForMessage(v) + ")");
    }

    std::int64_t bytes(const json::Value& v, const std::string& path) const
    {
        if (auto i = v.toInt64()) {
            return *i;
        }
        if (v.isString()) {
            if (auto b = parseByteSize(v.string())) {
                return *b;
            }
        }
        fail(path, "must be a byte size such as 26214400, \"25MiB\" or \"512KiB\" (got " + quoteForMessage(v) + ")");
    }

    std::int64_t integer(const json::Value& v, const std::string& path, std::int64_t lo, std::int64_t hi) const
    {
        const auto x = v.toInt64();
        if (!x || *x < lo || *x > hi) {
            fail(path, "must be an integer between " + std::to_string(lo) + " and " + std::to_string(hi) + " (got " +
                           quoteForMessage(v) + ")");
        }
        return *x;
    }

    /// An optional scalar field, read with read(value, path) when present.
    template <typename Read> void optional(std::string_view key, Read read) const
    {
        if (const json::Value* v = find(key)) {
            read(*v, json::childPath("$", key));
        }
    }

private:
    json::Reader in_;
    const json::Value& doc_;
};

/// Refuses the first value that repeats an earlier one: "$.key[i] repeats $.key[k]" with the
/// smallest such i, as a scan in order would. Sorting keeps this O(n log n) for long lists.
template <typename T> void noDuplicates(const MatrixReader& r, const std::vector<T>& values, std::string_view key)
{
    std::vector<std::size_t> order(values.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
    std::size_t repeat = values.size();
    std::size_t first = 0;
    for (std::size_t i = 1; i < order.size(); ++i) {
        // order is sorted by value, then by index: the first pair of a run of equal values is
        // (its first occurrence, its second occurrence).
        if (values[order[i]] == values[order[i - 1]] && (i < 2 || !(values[order[i - 2]] == values[order[i]]))) {
            if (order[i] < repeat) {
                repeat = order[i];
                first = order[i - 1];
            }
        }
    }
    if (repeat < values.size()) {
        const std::string list = json::childPath("$", key);
        r.fail(json::childPath(list, repeat),
               "repeats " + json::childPath(list, first) + "; use \"repeats\" to repeat a configuration");
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

SweepMatrix sweepMatrixFromJson(const json::Value& value, const std::string& source)
{
    const MatrixReader r(value, source);
    r.onlyKnownKeys();
    r.optional("format", [&](const json::Value& v, const std::string& path) {
        if (!v.isString() || v.string() != kSweepMatrixFormat) {
            r.fail(path, "must be \"" + std::string(kSweepMatrixFormat) + "\" (got " + quoteForMessage(v) + ")");
        }
    });
    SweepMatrix m;
    r.optional("model", [&](const json::Value& v, const std::string& path) {
        auto kind = v.isString() ? modelKindFromName(v.string()) : std::nullopt;
        if (!kind) {
            r.fail(path, "must be \"mlp\" or \"gpt\" (got " + quoteForMessage(v) + ")");
        }
        m.model = *kind;
    });
    // Each list: its values, then its duplicates (sorted, so a long list costs n log n).
    auto eachItem = [&](std::string_view key, auto read) {
        const json::Value& list = r.requiredList(key);
        const std::string path = json::childPath("$", key);
        for (std::size_t i = 0; i < list.size(); ++i) {
            read(list.items()[i], json::childPath(path, i));
        }
    };
    eachItem("model_params",
             [&](const json::Value& v, const std::string& path) { m.modelParams.push_back(r.count(v, path)); });
    noDuplicates(r, m.modelParams, "model_params");
    eachItem("world_sizes", [&](const json::Value& v, const std::string& path) {
        m.worldSizes.push_back(static_cast<int>(r.integer(v, path, kWorldSizeRange.min, kWorldSizeRange.max)));
    });
    noDuplicates(r, m.worldSizes, "world_sizes");
    eachItem("backends", [&](const json::Value& v, const std::string& path) {
        auto b = v.isString() ? backendFromName(v.string()) : std::nullopt;
        if (!b) {
            r.fail(path, "must be \"gloo\" or \"nccl\" (got " + quoteForMessage(v) + ")");
        }
        m.backends.push_back(*b);
    });
    noDuplicates(r, m.backends, "backends");
    eachItem("devices", [&](const json::Value& v, const std::string& path) {
        auto d = v.isString() ? deviceFromName(v.string()) : std::nullopt;
        if (!d) {
            r.fail(path, "must be \"cpu\" or \"cuda\" (got " + quoteForMessage(v) + ")");
        }
        m.devices.push_back(*d);
    });
    noDuplicates(r, m.devices, "devices");
    eachItem("bucket_caps",
             [&](const json::Value& v, const std::string& path) { m.bucketCapBytes.push_back(r.bytes(v, path)); });
    noDuplicates(r, m.bucketCapBytes, "bucket_caps");
    r.optional("first_bucket",
               [&](const json::Value& v, const std::string& path) { m.firstBucketBytes = r.bytes(v, path); });
    r.optional("iterations", [&](const json::Value& v, const std::string& path) {
        m.iterations = static_cast<int>(r.integer(v, path, kIterationsRange.min, kIterationsRange.max));
    });
    r.optional("warmup", [&](const json::Value& v, const std::string& path) {
        m.warmup = static_cast<int>(r.integer(v, path, kWarmupRange.min, kWarmupRange.max));
    });
    r.optional("batch_size", [&](const json::Value& v, const std::string& path) {
        m.batchSize = static_cast<int>(r.integer(v, path, kBatchSizeRange.min, kBatchSizeRange.max));
    });
    r.optional("seed", [&](const json::Value& v, const std::string& path) {
        m.seed = static_cast<std::uint64_t>(r.integer(v, path, 0, std::numeric_limits<std::int64_t>::max()));
    });
    r.optional("repeats", [&](const json::Value& v, const std::string& path) {
        m.repeats = static_cast<int>(r.integer(v, path, 1, 100));
    });
    r.optional("timeout_s", [&](const json::Value& v, const std::string& path) {
        m.timeoutSeconds = static_cast<int>(r.integer(v, path, kTimeoutSecondsRange.min, kTimeoutSecondsRange.max));
    });
    r.optional("host_memory_budget", [&](const json::Value& v, const std::string& path) {
        m.hostMemoryBudgetBytes = r.bytes(v, path);
        if (*m.hostMemoryBudgetBytes <= 0) {
            r.fail(path, "must be positive");
        }
    });
    r.optional("device_memory_budget", [&](const json::Value& v, const std::string& path) {
        m.deviceMemoryBudgetBytes = r.bytes(v, path);
        if (*m.deviceMemoryBudgetBytes <= 0) {
            r.fail(path, "must be positive");
        }
    });
    // The size of the expansion, before anything is expanded.
    const auto cells = sweepCellCount(m);
    if (!cells || *cells > resourceLimits().maxSweepCells) {
        r.fail("$", "plans " + (cells ? std::to_string(*cells) : std::string("more than 2^64")) + " cells (" +
                        std::to_string(m.modelParams.size()) + " model sizes × " + std::to_string(m.worldSizes.size()) +
                        " world sizes × " + std::to_string(m.backends.size()) + " backends × " +
                        std::to_string(m.devices.size()) + " devices × " + std::to_string(m.bucketCapBytes.size()) +
                        " bucket caps × " + std::to_string(m.repeats) + " repeats), more than the limit of " +
                        std::to_string(resourceLimits().maxSweepCells) +
                        " cells in one sweep; split it into smaller sweeps (--limit sweep-cells=N overrides)");
    }
    // Every cell must be a valid cell; name the axis value that makes it invalid.
    for (std::size_t a = 0; a < m.modelParams.size(); ++a) {
        for (std::size_t c = 0; c < m.bucketCapBytes.size(); ++c) {
            CellSpec s = specOf(m, m.modelParams[a], m.worldSizes.front(), m.backends.front(), m.devices.front(),
                                m.bucketCapBytes[c]);
            if (auto problem = cellSpecProblem(s)) {
                std::string path = json::childPath("$.model_params", a);
                if (problem->find("bucket") != std::string::npos) {
                    path = m.firstBucketBytes < 1024 ? "$.first_bucket" : json::childPath("$.bucket_caps", c);
                }
                r.fail(path, *problem);
            }
        }
    }
    for (const auto& cell : expandSweepMatrix(m)) {
        if (auto problem = cellSpecProblem(cell.spec)) {
            r.fail("$", "cell " + std::to_string(cell.index) + " (" + cell.configId + "): " + *problem);
        }
    }
    return m;
}

SweepMatrix parseSweepMatrix(std::string_view text, const std::string& source)
{
    return sweepMatrixFromJson(json::parse(text, source), source);
}

SweepMatrix loadSweepMatrix(const std::filesystem::path& path)
{
    return sweepMatrixFromJson(readJsonFile(path, kMaxSweepMatrixFileBytes), path.string());
}

json::Value sweepMatrixToJson(const SweepMatrix& m)
{
    json::Value j = json::Value::object();
    j.set("format", kSweepMatrixFormat);
    j.set("model", modelKindName(m.model));
    j.set("model_params", integerArray(m.modelParams));
    j.set("world_sizes", integerArray(m.worldSizes));
    json::Value backends = json::Value::array();
    for (auto b : m.backends) {
        backends.push(json::Value(backendName(b)));
    }
    j.set("backends", std::move(backends));
    json::Value devices = json::Value::array();
    for (auto d : m.devices) {
        devices.push(json::Value(deviceName(d)));
    }
    j.set("devices", std::move(devices));
    j.set("bucket_caps", integerArray(m.bucketCapBytes));
    j.set("first_bucket", m.firstBucketBytes);
    j.set("iterations", m.iterations);
    j.set("warmup", m.warmup);
    j.set("batch_size", m.batchSize);
    j.set("seed", m.seed);
    j.set("repeats", m.repeats);
    j.set("timeout_s", m.timeoutSeconds);
    if (m.hostMemoryBudgetBytes) {
        j.set("host_memory_budget", *m.hostMemoryBudgetBytes);
    }
    if (m.deviceMemoryBudgetBytes) {
        j.set("device_memory_budget", *m.deviceMemoryBudgetBytes);
    }
    return j;
}

std::string sweepMatrixText(const SweepMatrix& matrix)
{
    return jsonFileText(sweepMatrixToJson(matrix));
}

std::optional<std::uint64_t> sweepCellCount(const SweepMatrix& m)
{
    std::uint64_t cells = 1;
    for (std::uint64_t n :
         {static_cast<std::uint64_t>(m.modelParams.size()), static_cast<std::uint64_t>(m.worldSizes.size()),
          static_cast<std::uint64_t>(m.backends.size()), static_cast<std::uint64_t>(m.devices.size()),
          static_cast<std::uint64_t>(m.bucketCapBytes.size()), static_cast<std::uint64_t>(std::max(m.repeats, 0))}) {
        if (__builtin_mul_overflow(cells, n, &cells)) {
            return std::nullopt;
        }
    }
    return cells;
}

std::vector<PlannedCell> expandSweepMatrix(const SweepMatrix& m)
{
    const auto count = sweepCellCount(m);
    if (!count || *count > resourceLimits().maxSweepCells) {
        throw InputError("<matrix>", "plans more than the limit of " + std::to_string(resourceLimits().maxSweepCells) +
                                         " cells in one sweep; split it into smaller sweeps");
    }
    std::vector<PlannedCell> cells;
    cells.reserve(static_cast<std::size_t>(*count));
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
