// A loaded cell in words: per rank the recorded iterations, bucket counts, rebuild detection,
// overlap efficiency, communication-overhead fraction, per-bucket and per-layer all-reduce
// latency, and the clock calibration. Deterministic text for the CLI and the workbench.
#pragma once

#include "capture/lib/capture_metrics.h"
#include "capture/lib/cell_loader.h"

#include <string>
#include <vector>

namespace cc::capture {

std::vector<RankMetrics> cellMetrics(const LoadedCell& cell);

/// layersShown: how many layers per rank to list (the largest attributed latency first).
std::string cellReportText(const LoadedCell& cell, std::size_t layersShown = 6);

} // namespace cc::capture
