#include "core/replay/cost_model.h"
#include "core/util/wide_int.h"

#include <algorithm>

namespace cc {

namespace {

constexpr Ns kMaxCostNs = 1'000'000'000'000'000; // 10^15 ns: about 11.6 days

std::int64_t ceilLog2(std::int64_t n)
{
    std::int64_t steps = 0;
    std::int64_t reach = 1;
    while (reach < n) {
        reach *= 2;
        ++steps;
    }
    return steps;
}

} // namespace

BusFactor busFactor(OpKind kind, std::int64_t ranks)
{
    if (ranks <= 1) {
        return {0, 1};
    }
    switch (kind) {
    case OpKind::AllReduce:
        return {2 * (ranks - 1), ranks};
    case OpKind::AllGather:
    case OpKind::ReduceScatter:
    case OpKind::AllToAll:
    case OpKind::Gather:
    case OpKind::Scatter:
        return {ranks - 1, ranks};
    case OpKind::Broadcast:
    case OpKind::Reduce:
    case OpKind::Send:
    case OpKind::Recv:
    case OpKind::Custom:
        return {1, 1};
    case OpKind::Barrier:
        return {0, 1};
    }
    return {1, 1};
}

std::int64_t latencySteps(OpKind kind, std::int64_t ranks, Algorithm algorithm)
{
    if (ranks <= 1) {
        return 0;
    }
    if (isPointToPoint(kind)) {
        return 1;
    }
    const bool tree = algorithm == Algorithm::Tree;
    switch (kind) {
    case OpKind::AllReduce:
    case OpKind::Barrier:
    case OpKind::Custom:
        return tree ? 2 * ceilLog2(ranks) : 2 * (ranks - 1);
    case OpKind::Broadcast:
    case OpKind::Reduce:
        return tree ? ceilLog2(ranks) : ranks - 1;
    default:
        return ranks - 1;
    }
}

CollectiveCost collectiveCost(OpKind kind, std::int64_t bytes, std::int64_t ranks, const BackendConfig& config)
{
    CollectiveCost cost;
    WideInt alpha = static_cast<WideInt>(config.launchLatencyNs) +
                    static_cast<WideInt>(latencySteps(kind, ranks, config.algorithm)) * config.stepLatencyNs;
    cost.alpha = static_cast<Ns>(std::min<WideInt>(alpha, kMaxCostNs));
    BusFactor factor = busFactor(kind, ranks);
    if (factor.num > 0 && bytes > 0) {
        // time ns = bytes * num/den * 1000 / (MB/s), rounded up.
        WideInt numerator = static_cast<WideInt>(bytes) * factor.num * 1000;
        WideInt denominator = static_cast<WideInt>(factor.den) * config.busBandwidthMbPerS;
        WideInt beta = (numerator + denominator - 1) / denominator;
        cost.beta = static_cast<Ns>(std::min<WideInt>(beta, kMaxCostNs));
    }
    return cost;
}

} // namespace cc
