#include "capture/lib/feasibility_guard.h"

#include "capture/lib/json_io.h"
#include "core/util/wide_int.h"

#include <algorithm>

namespace cc::capture {

MemoryAssumptions defaultMemoryAssumptions()
{
    MemoryAssumptions a;
    // Measured for commcanary-capture-worker against Debian's CPU libtorch 1.13 (resident set
    // after libtorch start-up and a one-rank gloo process group), rounded up; see the README.
    a.processBaselineBytes = 256 * kMiB;
    a.processBaselineSource = "default: worker rank baseline measured at build time (no worker probe ran)";
    a.cudaHostRuntimeBytes = 512 * kMiB;
    a.cudaHostRuntimeSource = "default: assumed CUDA host runtime per process (not measured here)";
    a.cudaContextDeviceBytes = 512 * kMiB;
    a.cudaContextDeviceSource = "default: assumed CUDA context per process (not measured here)";
    a.optimizerStateCopies = 1;
    return a;
}

namespace {

std::string withThousands(std::int64_t value)
{
    std::string digits = std::to_string(value < 0 ? -value : value);
    std::string out;
    const std::size_t n = digits.size();
    for (std::size_t i = 0; i < n; ++i) {
        out += digits[i];
        if ((n - 1 - i) % 3 == 0 && i + 1 < n) {
            out += ',';
        }
    }
    return (value < 0 ? "-" : "") + out;
}

DemandTerm term(std::string name, std::int64_t perRank, int ranks, std::string arithmetic)
{
    DemandTerm t;
    t.name = std::move(name);
    t.perRankBytes = perRank;
    t.ranks = ranks;
    t.bytes = perRank * ranks;
    t.arithmetic = std::move(arithmetic);
    return t;
}

void finishPool(PoolDemand& pool)
{
    pool.demandBytes = 0;
    for (const auto& t : pool.terms) {
        pool.demandBytes += t.bytes;
    }
    pool.fits = pool.budget.bytes.has_value() && pool.demandBytes <= *pool.budget.bytes;
}

/// demand/budget of a compared with b: true when a is closer to (or further over) its limit.
bool tighter(const PoolDemand& a, const PoolDemand& b)
{
    if (!a.budget.bytes || !b.budget.bytes) {
        return !a.budget.bytes && b.budget.bytes.has_value();
    }
    const WideInt lhs = static_cast<WideInt>(a.demandBytes) * std::max<std::int64_t>(*b.budget.bytes, 1);
    const WideInt rhs = static_cast<WideInt>(b.demandBytes) * std::max<std::int64_t>(*a.budget.bytes, 1);
    return lhs > rhs;
}

std::string usageText(const PoolDemand& p)
{
    if (!p.budget.bytes) {
        return "budget unknown";
    }
    if (*p.budget.bytes <= 0) {
        return "budget 0";
    }
    const WideInt tenths = (static_cast<WideInt>(p.demandBytes) * 1000 + *p.budget.bytes / 2) / *p.budget.bytes;
    const auto t = static_cast<std::int64_t>(tenths);
    return std::to_string(t / 10) + "." + std::to_string(t % 10) + " % of budget";
}

} // namespace

FeasibilityVerdict planCell(const CellSpec& spec, const MemoryAssumptions& assumptions, const MachineBudgets& budgets)
{
    FeasibilityVerdict v;
    v.spec = spec;
    v.geometry = solveGeometry(spec.model, spec.modelParams);
    const std::int64_t params = v.geometry.parameterCount();
    const std::int64_t paramBytes = params * 4;
    const std::string paramWords = withThousands(params) + " parameters × 4 B (float32)";
    const std::int64_t activation = v.geometry.activationBytes(spec.batchSize);
    const int batches = syntheticBatchCount(spec);
    const std::int64_t data = v.geometry.syntheticDataBytes(spec.batchSize, batches);
    const std::string dataWords = std::to_string(batches) + " synthetic batches of " + std::to_string(spec.batchSize) +
                                  " generated before timing";
    const int copies = assumptions.optimizerStateCopies;
    const std::string optimizerWords = std::to_string(copies) + " × " + paramWords + " (SGD momentum)";

    auto modelTerms = [&](PoolDemand& pool, int ranks) {
        pool.terms.push_back(term("parameters", paramBytes, ranks, paramWords));
        pool.terms.push_back(term("gradients", paramBytes, ranks, paramWords));
        pool.terms.push_back(term("optimizer state", copies * paramBytes, ranks, optimizerWords));
        pool.terms.push_back(term("gradient bucket buffers", paramBytes, ranks,
                                  "every gradient once in the flat bucket buffers: " + paramWords));
        pool.terms.push_back(term("activations", activation, ranks, v.geometry.activationArithmetic(spec.batchSize)));
        pool.terms.push_back(term("synthetic data", data, ranks, dataWords));
    };

    PoolDemand host;
    host.pool = "host";
    host.budget = budgets.host;
    host.terms.push_back(
        term("process baseline", assumptions.processBaselineBytes, spec.worldSize, assumptions.processBaselineSource));
    if (spec.device == Device::Cpu) {
        modelTerms(host, spec.worldSize);
        finishPool(host);
        v.pools.push_back(host);
    } else {
        host.terms.push_back(term("CUDA host runtime", assumptions.cudaHostRuntimeBytes, spec.worldSize,
                                  assumptions.cudaHostRuntimeSource));
        if (spec.backend == Backend::Gloo) {
            host.terms.push_back(term("gloo host staging (2 × gradients)", 2 * paramBytes, spec.worldSize,
                                      "gloo reduces CUDA tensors on the host through pinned buffers in both "
                                      "directions: 2 × " +
                                          paramWords));
        }
        finishPool(host);
        v.pools.push_back(host);
        // Ranks are assigned to devices round-robin by local rank.
        const int deviceCount = static_cast<int>(budgets.devices.size());
        if (deviceCount == 0) {
            PoolDemand device;
            device.pool = "cuda:0";
            device.budget = PoolBudget{std::nullopt, "no CUDA device visible"};
            device.terms.push_back(term("CUDA context", assumptions.cudaContextDeviceBytes, spec.worldSize,
                                        assumptions.cudaContextDeviceSource));
            modelTerms(device, spec.worldSize);
            finishPool(device);
            v.pools.push_back(device);
        } else {
            for (int d = 0; d < deviceCount; ++d) {
                const int ranks = spec.worldSize / deviceCount + (d < spec.worldSize % deviceCount ? 1 : 0);
                if (ranks == 0) {
                    continue;
                }
                PoolDemand device;
                device.pool = "cuda:" + std::to_string(budgets.devices[static_cast<std::size_t>(d)].index);
                device.budget = budgets.devices[static_cast<std::size_t>(d)].budget;
                device.terms.push_back(term("CUDA context", assumptions.cudaContextDeviceBytes, ranks,
                                            assumptions.cudaContextDeviceSource));
                modelTerms(device, ranks);
                finishPool(device);
                v.pools.push_back(device);
            }
        }
    }

    const PoolDemand* binding = nullptr;
    v.feasible = true;
    for (const auto& p : v.pools) {
        if (binding == nullptr || tighter(p, *binding)) {
            binding = &p;
        }
        if (!p.fits) {
            v.feasible = false;
            if (!p.budget.bytes) {
                v.reasons.push_back("pool " + p.pool + " needs " + formatBytes(p.demandBytes) +
                                    " but its budget is unknown (" + p.budget.source +
                                    "): declare one to plan this cell");
            } else {
                v.reasons.push_back("pool " + p.pool + " needs " + formatBytes(p.demandBytes) + " (" +
                                    withThousands(p.demandBytes) + " B) but its budget is " +
                                    formatBytes(*p.budget.bytes) + " (" + withThousands(*p.budget.bytes) + " B, " +
                                    p.budget.source + "): short by " + formatBytes(p.demandBytes - *p.budget.bytes));
            }
        }
    }
    v.binding = binding != nullptr ? binding->pool : "";
    return v;
}

std::string verdictTable(const FeasibilityVerdict& v)
{
    std::string out = "cell " + cellId(v.spec) + "\n";
    out += "  model: " + v.geometry.describe() + "\n";
    out += "  ranks: " + std::to_string(v.spec.worldSize) + " × " + std::string(backendName(v.spec.backend)) + " on " +
           std::string(deviceName(v.spec.device)) + ", batch " + std::to_string(v.spec.batchSize) + ", bucket cap " +
           formatBytes(v.spec.bucketCapBytes) + " (first bucket " + formatBytes(v.spec.firstBucketBytes) + ")\n";
    for (const auto& p : v.pools) {
        out += "\n  pool " + p.pool + ": demand " + formatBytes(p.demandBytes) + ", budget " +
               (p.budget.bytes ? formatBytes(*p.budget.bytes) : std::string("unknown")) + " (" + p.budget.source +
               "), " + usageText(p) + (p.fits ? " — fits" : " — does NOT fit") + "\n";
        for (const auto& t : p.terms) {
            std::string name = t.name;
            name.resize(std::max<std::size_t>(name.size() + 1, 36), ' ');
            out += "    " + name + std::to_string(t.ranks) + " × " + formatBytes(t.perRankBytes) + " = " +
                   formatBytes(t.bytes) + "   [" + t.arithmetic + "]\n";
        }
    }
    out += "\n  binding pool: " + v.binding + "\n";
    if (v.feasible) {
        out += "  verdict: feasible\n";
    } else {
        out += "  verdict: refused\n";
        for (const auto& r : v.reasons) {
            out += "    " + r + "\n";
        }
    }
    return out;
}

json::Value verdictToJson(const FeasibilityVerdict& v)
{
    json::Value j = json::Value::object();
    j.set("cell_id", cellId(v.spec));
    j.set("cell", cellSpecToJson(v.spec));
    json::Value model = json::Value::object();
    model.set("description", v.geometry.describe());
    model.set("parameters", v.geometry.parameterCount());
    model.set("target_parameters", v.geometry.targetParams);
    model.set("width", v.geometry.width);
    model.set("depth", v.geometry.depth);
    j.set("model", std::move(model));
    json::Value pools = json::Value::array();
    for (const auto& p : v.pools) {
        json::Value terms = json::Value::array();
        for (const auto& t : p.terms) {
            json::Value term = json::Value::object();
            term.set("name", t.name);
            term.set("per_rank_bytes", t.perRankBytes);
            term.set("ranks", t.ranks);
            term.set("bytes", t.bytes);
            term.set("arithmetic", t.arithmetic);
            terms.push(std::move(term));
        }
        json::Value pool = json::Value::object();
        pool.set("pool", p.pool);
        pool.set("demand_bytes", p.demandBytes);
        pool.set("budget_bytes", integerOrNull(p.budget.bytes));
        pool.set("budget_source", p.budget.source);
        pool.set("fits", json::Value(p.fits));
        pool.set("terms", std::move(terms));
        pools.push(std::move(pool));
    }
    j.set("pools", std::move(pools));
    j.set("binding", v.binding);
    j.set("feasible", json::Value(v.feasible));
    j.set("verdict", v.feasible ? "feasible" : "skipped_infeasible");
    j.set("reasons", stringArray(v.reasons));
    return j;
}

} // namespace cc::capture
