// The alpha-beta cost of one collective under one configuration, before context (queueing,
// sharing, pressure, noise) is applied. Integer ns; see core/replay/README.md.
#pragma once

#include "core/configs/backend_config.h"
#include "core/trace/event.h"
#include "core/trace/op_kind.h"

#include <cstdint>

namespace cc {

/// Standard bus-bandwidth factor num/den of an operation over n ranks: the share of the payload
/// that crosses the busiest link. all_reduce 2(n-1)/n; all_gather, reduce_scatter, all_to_all,
/// gather, scatter (n-1)/n; broadcast, reduce, send, recv 1; barrier 0 (no payload); custom
/// operations 1 (a documented stand-in: every byte crosses the bus once). n <= 1 moves nothing.
struct BusFactor {
    std::int64_t num = 0;
    std::int64_t den = 1;
};
BusFactor busFactor(OpKind kind, std::int64_t ranks);

/// Number of latency steps of the algorithm: ring 2(n-1) for all_reduce and barrier, n-1 for the
/// one-pass collectives, 1 for send/recv; tree 2*ceil(log2 n) for all_reduce and barrier,
/// ceil(log2 n) for broadcast and reduce, ring steps for collectives without a tree variant.
/// Custom operations take the all_reduce step count.
std::int64_t latencySteps(OpKind kind, std::int64_t ranks, Algorithm algorithm);

struct CollectiveCost {
    Ns alpha = 0; ///< launch + steps * step latency (not shared)
    Ns beta = 0;  ///< payload term at full bus bandwidth (shared under contention), rounded up
};

CollectiveCost collectiveCost(OpKind kind, std::int64_t bytes, std::int64_t ranks, const BackendConfig& config);

} // namespace cc
