// commcanary-workbench.ablation-scan.v1: the dependency scan of a configuration ranking (which single
// simulator control flips which pairwise decision) as one deterministic JSON document, written by
// `commcanary ablation-scan`. The scan itself is core/replay's (replay_analyses.h).
#pragma once

#include "core/configs/backend_config.h"
#include "core/replay/replay_analyses.h"

#include <string>
#include <string_view>

namespace cc {

inline constexpr std::string_view kAblationScanFormat = "commcanary-workbench.ablation-scan.v1";

/// The scan as canonical JSON (indented, one member per line, a newline at the end): the
/// model statement, the input's normalised SHA-256 and event count, the configuration set's name
/// and SHA-256, the baseline protocol, the unablated ranking, each control's flips and the decisions
/// that depend on a control. Same inputs, same bytes.
std::string ablationScanJson(const DependencyScan& scan, const ConfigSet& set, std::string_view inputSha256,
                             std::uint64_t events);

/// "a" (first faster), "b" (second faster) or "tie", as reports spell a pair's outcome.
std::string_view pairOutcomeName(PairOutcome outcome);

} // namespace cc
