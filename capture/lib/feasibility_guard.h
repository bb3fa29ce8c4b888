// The memory feasibility guard: before a cell starts, its demand on every memory pool it draws
// on is estimated term by term and checked against that pool's budget.
//
// A CPU cell draws on host memory only. A CUDA cell draws on the device AND on the host: every
// rank is still a process with its own baseline and CUDA host runtime, and gloo over CUDA
// tensors stages gradients through pinned host buffers in both directions (twice the gradient
// set per rank). The cell runs only when every pool fits; the binding pool is the one closest
// to (or furthest over) its limit; a refused cell keeps the estimate, the budget and the
// arithmetic so the gap in a matrix is quantified rather than absent. A pool whose budget is
// unknown cannot be shown to fit: unknown is not zero, and the cell is refused with that reason.
#pragma once

#include "capture/lib/cell_spec.h"
#include "capture/lib/model_geometry.h"

#include "core/util/json/value.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cc::capture {

struct DemandTerm {
    std::string name; ///< "parameters", "gloo host staging (2 × gradients)", ...
    std::int64_t perRankBytes = 0;
    int ranks = 0;          ///< how many ranks draw it from this pool
    std::int64_t bytes = 0; ///< perRankBytes × ranks
    std::string arithmetic; ///< how perRankBytes was computed, in words and numbers
};

struct PoolBudget {
    std::optional<std::int64_t> bytes; ///< nullopt: unknown (never treated as zero or infinite)
    std::string source;                ///< "/proc/meminfo MemAvailable", "declared", "nvidia-smi memory.free", ...
};

struct PoolDemand {
    std::string pool; ///< "host" or "cuda:<index>"
    std::vector<DemandTerm> terms;
    std::int64_t demandBytes = 0;
    PoolBudget budget;
    bool fits = false;
};

/// Inputs the guard cannot derive from the cell: what a rank process costs before its model.
struct MemoryAssumptions {
    std::int64_t processBaselineBytes = 0; ///< resident memory of one worker rank before its model
    std::string processBaselineSource;     ///< "measured: ..." or "default: ..."
    std::int64_t cudaHostRuntimeBytes = 0; ///< host memory the CUDA runtime adds to a rank
    std::string cudaHostRuntimeSource;
    std::int64_t cudaContextDeviceBytes = 0; ///< device memory of one rank's CUDA context
    std::string cudaContextDeviceSource;
    int optimizerStateCopies = 1; ///< SGD with momentum keeps one copy of the parameters
};

/// Defaults used when nothing was measured (documented in capture/README.md).
MemoryAssumptions defaultMemoryAssumptions();

struct DeviceBudget {
    int index = 0;
    PoolBudget budget;
};

struct MachineBudgets {
    PoolBudget host;
    std::vector<DeviceBudget> devices; ///< visible CUDA devices; empty when none
};

struct FeasibilityVerdict {
    CellSpec spec;
    ModelGeometry geometry;
    std::vector<PoolDemand> pools;
    bool feasible = false;
    std::string binding;              ///< the pool closest to or furthest over its limit
    std::vector<std::string> reasons; ///< why the cell was refused (one per failing pool)
};

/// Pure: the verdict for a cell under the given assumptions and budgets.
FeasibilityVerdict planCell(const CellSpec& spec, const MemoryAssumptions& assumptions, const MachineBudgets& budgets);

/// The table `capture plan` prints: every pool, every term with its arithmetic, the binding
/// pool and the verdict (deterministic text).
std::string verdictTable(const FeasibilityVerdict& verdict);

/// The record a planned or refused cell keeps.
json::Value verdictToJson(const FeasibilityVerdict& verdict);

} // namespace cc::capture
