// `reduce`: ddmin with the decision-only ranking oracle — the baseline the product exists to
// refuse. It works, and verify-behavior shows what it loses: the reduced artifact preserves every
// ranking decision and fails behavioural fidelity.
#pragma once

#include "core/configs/backend_config.h"
#include "core/reduce/ddmin.h"
#include "core/reduce/subset.h"
#include "core/replay/protocol.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"
#include "core/verify/tolerance.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cc::reduce {

struct ReduceOptions {
    ConfigSet configs;
    ReplayProtocol protocol;
    verify::Tolerances tolerances;    ///< only the ranking tie rule is used
    std::uint64_t maxOracleCalls = 0; ///< 0: no limit
};

struct ReduceResult {
    std::uint64_t sourceEvents = 0;
    std::string sourceSha256;
    std::uint64_t decisions = 0;   ///< pairs x metrics the oracle compares
    DdminResult ddmin;             ///< kept indices, oracle calls, steps
    bool rankingPreserved = false; ///< the kept subset re-checked once more (not counted as a call)
    /// No subset with fewer events can keep every reference decision: below it, nearest-rank quantiles
    /// coincide (one event: every metric is that event; under 20 events: p95 = p99) while the full
    /// trace decides some pair differently on those metrics. A necessary bound, not a sufficient one.
    std::uint64_t quantileFloorEvents = 1;
    std::string quantileFloorReason; ///< the pair and metrics that set the floor (empty when it is 1)
    SubsetCanary artifact;
};

/// Throws InputError for a set with fewer than two configurations or a trace too small to reduce.
ReduceResult reduceTrace(const Trace& source, const ReduceOptions& options, Progress& progress);

/// "reduced 100 -> 1 events in 6 oracle calls"
std::string reduceSummaryLine(const ReduceResult& result);

} // namespace cc::reduce
