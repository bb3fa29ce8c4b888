// Reading, validating and writing configuration sets (commcanary-workbench.configs.v1).
//
// File shape (every field required unless marked optional; unknown fields are refused):
//   {
//     "format": "commcanary-workbench.configs.v1",
//     "name": "default",                       // [A-Za-z0-9_.-]{1,64}
//     "description": "...",                    // optional
//     "configurations": [                       // 1..64 entries, unique names
//       { "name": "baseline", "description": "...",   // description optional
//         "algorithm": "ring" | "tree",
//         "bus_bandwidth_mb_per_s": 100000,     // 1 .. 10^9 (10^6 bytes/s)
//         "launch_latency_ns": 6000,            // 0 .. 10^12
//         "step_latency_ns": 1500,              // 0 .. 10^12
//         "channels_per_resource": 1,           // 1 .. 1024, <= max_channels
//         "max_channels": 8,                    // 1 .. 4096
//         "contention_ppm": 1000000,            // 0 .. 10^7
//         "overlap_efficiency_ppm": 800000,     // 0 .. 10^6
//         "pressure_sensitivity_ppm": 500000,   // 0 .. 10^8
//         "tail": { "probability_ppm": 2000, "skew_gain_ppm": 0, "pressure_gain_ppm": 0,
//                   "contention_gain_ppm": 0, "scale_ppm": 1000000 } }   // gains/probability 0..10^6,
//     ]                                                                 // scale 0 .. 10^8
//   }
// Numbers must be JSON integers (1.0 is refused): the unit is in the field's name.
#pragma once

#include "core/configs/backend_config.h"

#include "core/util/json/value.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace cc {

/// What both configuration formats (backend and physical sets) accept as a set's or a
/// configuration's name and description.
inline constexpr std::size_t kMaxConfigNameLength = 64;
inline constexpr std::size_t kMaxConfigDescriptionLength = 4096;
/// A character of a name: A-Z a-z 0-9 _ . -
bool isConfigNameChar(char c);
/// 1 to kMaxConfigNameLength name characters.
bool isValidConfigName(std::string_view name);

/// Parses and validates configuration-set JSON text. sourceName names the input in messages.
/// Throws InputError naming the file, the JSON path and the rule broken.
ConfigSet parseConfigSet(std::string_view json, const std::string& sourceName);

/// Validates an already-parsed JSON value (e.g. the set embedded in a report's protocol).
/// pathPrefix is the JSON path of the value inside its document ("$" for a whole file).
ConfigSet configSetFromJson(const json::Value& value, const std::string& sourceName, const std::string& pathPrefix);

/// Reads a configuration-set file (size-limited). Throws IoError / InputError.
ConfigSet readConfigSet(const std::filesystem::path& path);

/// Canonical JSON of the set: compact, fixed key order, every field written (description too).
/// The same set gives the same bytes on every machine.
std::string configSetJson(const ConfigSet& set);

/// SHA-256 (hex) of configSetJson.
std::string configSetSha256(const ConfigSet& set);

/// Checks the rules a set must keep (ranges, unique names, ...). Throws InputError naming
/// sourceName and the JSON path. parseConfigSet calls it; code that builds sets by hand may too.
void validateConfigSet(const ConfigSet& set, const std::string& sourceName);

/// The bundled default set of five configurations (baseline, low_latency, high_bandwidth,
/// overlap_friendly, congested). Identical to resources/configs/default.configs.json.
const ConfigSet& defaultConfigSet();

/// The canonical text of the default set (what resources/configs/default.configs.json parses to).
std::string_view defaultConfigSetText();

} // namespace cc
