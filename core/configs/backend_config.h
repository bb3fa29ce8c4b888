// Backend configurations: the named parameter sets the scheduler model replays a trace under.
//
// Every parameter is an integer in the unit its name states (ns, MB/s, ppm = parts per million),
// so a configuration hashes and compares exactly. A configuration describes a *model* of a
// backend (NCCL-like collectives library plus its launch settings), not a measured machine.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cc {

inline constexpr std::string_view kConfigsFormat = "commcanary-workbench.configs.v1";

/// One million: the fixed-point unit of every *_ppm parameter (1'000'000 ppm = 1.0).
inline constexpr std::int64_t kPpmOne = 1'000'000;

/// Collective algorithm. It sets how the latency term grows with the number of ranks:
/// ring: linear in n (2(n-1) steps for all_reduce, n-1 for the one-pass collectives);
/// tree: logarithmic (2*ceil(log2 n) for all_reduce, ceil(log2 n) for broadcast/reduce) where a
/// tree variant exists, ring otherwise. The bandwidth term uses the standard bus-bandwidth
/// factors for both.
enum class Algorithm : std::uint8_t { Ring, Tree };

std::string_view algorithmName(Algorithm algorithm);

/// The seeded tail-noise term of one configuration (see core/replay/README.md).
struct TailNoiseParams {
    std::int64_t probabilityPpm = 0;    ///< base probability that a collective hits a tail event
    std::int64_t skewGainPpm = 0;       ///< added probability at saturating arrival skew (skew >= duration)
    std::int64_t pressureGainPpm = 0;   ///< added probability at full compute pressure under overlap
    std::int64_t contentionGainPpm = 0; ///< added probability at saturating contention (>= 5 sharers)
    std::int64_t scalePpm = 0;          ///< extra duration of a tail event, as a share of its duration (x1..x3)

    friend bool operator==(const TailNoiseParams&, const TailNoiseParams&) = default;
};

struct BackendConfig {
    std::string name;        ///< unique in its set: [A-Za-z0-9_.-], 1..64 characters
    std::string description; ///< free text, may be empty
    Algorithm algorithm = Algorithm::Ring;
    std::int64_t busBandwidthMbPerS = 0;     ///< bus bandwidth, 10^6 bytes per second (> 0)
    std::int64_t launchLatencyNs = 0;        ///< fixed start-up cost of every collective
    std::int64_t stepLatencyNs = 0;          ///< cost of one algorithm step (grows with rank count)
    std::int64_t channelsPerResource = 1;    ///< collectives that may run at once on one scheduler resource
    std::int64_t maxChannels = 1;            ///< collectives that may run at once in total
    std::int64_t contentionPpm = 0;          ///< bandwidth-sharing penalty per extra concurrent collective
    std::int64_t overlapEfficiencyPpm = 0;   ///< share of compute-overlapped time that is really hidden
    std::int64_t pressureSensitivityPpm = 0; ///< slowdown of communication under full compute pressure
    TailNoiseParams tail;

    friend bool operator==(const BackendConfig&, const BackendConfig&) = default;
};

/// A named, ordered set of configurations (order is the report's order).
struct ConfigSet {
    std::string name;        ///< the set's name, e.g. "default"
    std::string description; ///< free text, may be empty
    std::vector<BackendConfig> configurations;

    /// Index of the configuration named name, or -1.
    int indexOf(std::string_view configName) const;

    friend bool operator==(const ConfigSet&, const ConfigSet&) = default;
};

} // namespace cc
