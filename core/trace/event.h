// One communication event as a plain value: the friendly shape that producers (reader,
// generators, importers, merge, canary expansion) fill and that views display. The trace
// itself stores events column-wise (trace.h); Trace::event(i) materialises this value.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cc {

using Ns = std::int64_t; ///< integer nanoseconds

struct RankArrival {
    std::int32_t rank = 0;
    Ns arrival = 0; ///< rank-local arrival offset, ns

    friend bool operator==(const RankArrival&, const RankArrival&) = default;
};

struct Event {
    std::string id; ///< empty when the source gave none
    std::string op; ///< wire name: a known operation, or any name with customOp
    bool customOp = false;
    std::int64_t bytes = 0;
    std::vector<std::int32_t> ranks; ///< members, in the order given
    bool ranksAsCount = false;       ///< the source wrote "ranks": N (members 0..N-1)
    std::optional<std::int32_t> rankCount;
    std::string group;       ///< empty when absent
    std::string phase;       ///< empty when absent
    std::string dtype;       ///< empty when absent
    std::string tag;         ///< empty when absent
    std::string channel;     ///< empty when absent
    std::string reductionOp; ///< empty when absent
    std::optional<Ns> start;
    std::optional<Ns> gap;
    std::optional<Ns> computeBefore;
    std::optional<Ns> computeOverlap;
    bool computeOverlapUnknown = false;
    std::optional<std::int64_t> pressure; ///< compute_pressure in 1e-9 units
    std::vector<RankArrival> arrivals;    ///< rank_arrival_us, in the order given
    bool arrivalsGiven = false;           ///< rank_arrival_us was present (possibly empty)
    bool arrivalsAsArray = false;         ///< the source wrote an array aligned with ranks
    bool partialRankArrival = false;
    std::optional<Ns> arrivalSkew;
    std::optional<Ns> observedExposed;
    std::optional<std::int32_t> concurrentGroups;
    std::optional<std::int32_t> senderRank;
    std::optional<std::int32_t> receiverRank;
    std::optional<std::int32_t> rootRank;
    std::optional<std::int64_t> messageSequence;
    std::string extraJson; ///< unknown fields as one JSON object text ("{...}"), empty when none

    friend bool operator==(const Event&, const Event&) = default;
};

} // namespace cc
