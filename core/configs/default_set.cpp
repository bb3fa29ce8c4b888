// The bundled default configuration set. The text is the same as
// resources/configs/default.configs.json (a test keeps the two identical).
#include "core/configs/config_io.h"

namespace cc {

namespace {

constexpr std::string_view kDefaultSetText = R"json({
  "format": "commcanary-workbench.configs.v1",
  "name": "default",
  "description": "Five model configurations of a collectives backend, spanning latency-bound, bandwidth-bound, overlap-tolerant and congested settings. Parameters of a scheduler model, not measurements of a machine.",
  "configurations": [
    {
      "name": "baseline",
      "description": "Ring collectives with default launch settings: one collective at a time per group, moderate sensitivity to compute pressure.",
      "algorithm": "ring",
      "bus_bandwidth_mb_per_s": 100000,
      "launch_latency_ns": 6000,
      "step_latency_ns": 1500,
      "channels_per_resource": 1,
      "max_channels": 8,
      "contention_ppm": 1000000,
      "overlap_efficiency_ppm": 800000,
      "pressure_sensitivity_ppm": 500000,
      "tail": {
        "probability_ppm": 2000,
        "skew_gain_ppm": 100000,
        "pressure_gain_ppm": 100000,
        "contention_gain_ppm": 50000,
        "scale_ppm": 1000000
      }
    },
    {
      "name": "low_latency",
      "description": "A low-latency protocol on a tree: the smallest start-up cost of the set, half the bus bandwidth, and kernels that poll on flags, so they slow sharply when compute owns the SMs and stall on late ranks.",
      "algorithm": "tree",
      "bus_bandwidth_mb_per_s": 50000,
      "launch_latency_ns": 2500,
      "step_latency_ns": 750,
      "channels_per_resource": 1,
      "max_channels": 8,
      "contention_ppm": 1200000,
      "overlap_efficiency_ppm": 800000,
      "pressure_sensitivity_ppm": 4000000,
      "tail": {
        "probability_ppm": 2000,
        "skew_gain_ppm": 300000,
        "pressure_gain_ppm": 300000,
        "contention_gain_ppm": 100000,
        "scale_ppm": 2000000
      }
    },
    {
      "name": "high_bandwidth",
      "description": "Many channels and the widest bus: the highest start-up cost of the set, but up to four collectives of one group in flight at once, so back-to-back collectives pipeline instead of queueing.",
      "algorithm": "ring",
      "bus_bandwidth_mb_per_s": 200000,
      "launch_latency_ns": 9000,
      "step_latency_ns": 3500,
      "channels_per_resource": 4,
      "max_channels": 16,
      "contention_ppm": 500000,
      "overlap_efficiency_ppm": 800000,
      "pressure_sensitivity_ppm": 1000000,
      "tail": {
        "probability_ppm": 2000,
        "skew_gain_ppm": 100000,
        "pressure_gain_ppm": 150000,
        "contention_gain_ppm": 50000,
        "scale_ppm": 1000000
      }
    },
    {
      "name": "overlap_friendly",
      "description": "Copy-engine transfers that stay off the compute SMs: higher latency than baseline and two collectives per group in flight, nearly insensitive to compute pressure and the best at hiding communication behind compute.",
      "algorithm": "ring",
      "bus_bandwidth_mb_per_s": 80000,
      "launch_latency_ns": 8000,
      "step_latency_ns": 2000,
      "channels_per_resource": 2,
      "max_channels": 4,
      "contention_ppm": 1000000,
      "overlap_efficiency_ppm": 950000,
      "pressure_sensitivity_ppm": 100000,
      "tail": {
        "probability_ppm": 2000,
        "skew_gain_ppm": 100000,
        "pressure_gain_ppm": 20000,
        "contention_gain_ppm": 50000,
        "scale_ppm": 1000000
      }
    },
    {
      "name": "congested",
      "description": "A shared, oversubscribed fabric: low bandwidth, strong contention between concurrent collectives and frequent heavy tails.",
      "algorithm": "ring",
      "bus_bandwidth_mb_per_s": 40000,
      "launch_latency_ns": 9000,
      "step_latency_ns": 3000,
      "channels_per_resource": 1,
      "max_channels": 4,
      "contention_ppm": 2000000,
      "overlap_efficiency_ppm": 700000,
      "pressure_sensitivity_ppm": 1000000,
      "tail": {
        "probability_ppm": 10000,
        "skew_gain_ppm": 200000,
        "pressure_gain_ppm": 200000,
        "contention_gain_ppm": 300000,
        "scale_ppm": 3000000
      }
    }
  ]
}
)json";

} // namespace

std::string_view defaultConfigSetText()
{
    return kDefaultSetText;
}

const ConfigSet& defaultConfigSet()
{
    static const ConfigSet set = parseConfigSet(kDefaultSetText, "default.configs.json (built in)");
    return set;
}

} // namespace cc
