// Physical configuration sets (commcanary-workbench.physical-configs.v1): how real c10d ranks are
// run for a physical replay. Unlike the simulator's configuration sets (config_io.h) these
// describe no model: a backend, a device, an allowlisted environment, gloo options and optional
// loopback shaping, each applied to real processes.
//
// File shape (unknown fields are refused, numbers are JSON integers):
//   {
//     "format": "commcanary-workbench.physical-configs.v1",
//     "name": "physical-loopback",              // [A-Za-z0-9_.-]{1,64}
//     "description": "...",                    // optional
//     "configurations": [                       // 1..32 entries, unique names
//       { "name": "gloo-tbf-1gbit", "description": "...",      // description optional
//         "backend": "gloo" | "nccl",
//         "device": "cpu" | "cuda",                            // nccl needs cuda
//         "environment": { "NCCL_ALGO": "Ring", ... },         // optional; allowlisted keys only
//         "gloo": { "threads": 2 },                            // gloo only (optional, default 2)
//         "shaping": { "qdisc": "tbf", "rate_bits_per_s": 1000000000,
//                      "burst_bytes": 262144, "latency_us": 50000 } }   // optional, gloo only
//     ]
//   }
// See core/configs/README.md for the allowlist and why each rule exists.
#pragma once

#include "core/util/json/value.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cc {

inline constexpr std::string_view kPhysicalConfigsFormat = "commcanary-workbench.physical-configs.v1";

/// A rate limit on the loopback device of the ranks' private network namespace.
struct LoopbackShaping {
    std::string qdisc;             ///< "tbf" or "htb"
    std::int64_t rateBitsPerS = 0; ///< 1000 .. 10^12
    std::int64_t burstBytes = 0;   ///< 1 .. 2^30
    std::int64_t latencyUs = 0;    ///< tbf only (1 .. 10^7); 0 for htb
    friend bool operator==(const LoopbackShaping&, const LoopbackShaping&) = default;
};

struct PhysicalConfig {
    std::string name;
    std::string description;
    std::string backend; ///< "gloo" or "nccl"
    std::string device;  ///< "cpu" or "cuda"
    /// Allowlisted variables, sorted by name, set in every rank's environment.
    std::vector<std::pair<std::string, std::string>> environment;
    int glooThreads = 0; ///< gloo's worker threads per process group (gloo only; 0 for nccl)
    std::optional<LoopbackShaping> shaping;
    friend bool operator==(const PhysicalConfig&, const PhysicalConfig&) = default;
};

struct PhysicalConfigSet {
    std::string name;
    std::string description;
    std::vector<PhysicalConfig> configurations;
    friend bool operator==(const PhysicalConfigSet&, const PhysicalConfigSet&) = default;

    const PhysicalConfig* find(std::string_view configName) const;
};

/// The environment variables a configuration may set, in order.
const std::vector<std::string_view>& physicalEnvironmentAllowlist();

/// gloo's default worker-thread count, as c10d's ProcessGroupGloo::Options has it.
inline constexpr int kDefaultGlooThreads = 2;

/// Parses and validates set JSON text. Throws InputError naming the file, the JSON path and the rule.
PhysicalConfigSet parsePhysicalConfigSet(std::string_view json, const std::string& sourceName);

/// Validates an already-parsed value (the set embedded in a measured report: pathPrefix names it).
PhysicalConfigSet physicalConfigSetFromJson(const json::Value& value, const std::string& sourceName,
                                            const std::string& pathPrefix);

/// Reads a set file (size-limited). Throws IoError / InputError.
PhysicalConfigSet readPhysicalConfigSet(const std::filesystem::path& path);

/// Canonical compact JSON: fixed key order, every field written (environment sorted by name,
/// gloo present exactly for gloo, shaping null when absent). parsePhysicalConfigSet of it gives
/// the set back.
std::string physicalConfigSetJson(const PhysicalConfigSet& set);

/// Canonical compact JSON of one configuration (the member of physicalConfigSetJson).
std::string physicalConfigJson(const PhysicalConfig& config);

/// The rules a set keeps. Throws InputError naming sourceName and the JSON path.
void validatePhysicalConfigSet(const PhysicalConfigSet& set, const std::string& sourceName);

/// The tc command line (after "tc") that installs the shaping on device dev, e.g.
/// {"qdisc","add","dev","lo","root","tbf","rate","1000000000bit","burst","262144b","latency","50000us"}.
/// htb needs a class as well: the second command line (empty for tbf).
std::vector<std::vector<std::string>> shapingTcCommands(const LoopbackShaping& shaping, const std::string& dev);

/// "tbf rate 1000000000 bit/s burst 262144 B latency 50000 us" (for people).
std::string shapingText(const LoopbackShaping& shaping);

} // namespace cc
