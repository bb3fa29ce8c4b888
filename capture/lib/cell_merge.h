// The cell's rank shards merged into one trace by the fail-closed merge of core/interop, with
// the clock calibration the ranks measured. The calibration is also written as a file
// (commcanary-workbench.clock-calibration.v1) so that `commcanary merge` reproduces the merge:
//   commcanary merge rank*.trace.json --clock-calibration clock_calibration.json -o trace.json
#pragma once

#include "capture/lib/rank_capture.h"
#include "core/interop/clock_calibration.h"
#include "core/interop/merge.h"
#include "core/util/progress.h"

#include <filesystem>
#include <string_view>
#include <vector>

namespace cc::capture {

inline constexpr std::string_view kClockCalibrationFileName = "clock_calibration.json";

/// Per rank: reference time = local time + offset (± uncertainty); rank 0 is the reference.
interop::ClockCalibration cellClockCalibration(const std::vector<RankCapture>& ranks);

/// Reads every rank's shard from dir and merges them (InputError on any refusal of the merge).
interop::MergeResult mergeCellShards(const std::filesystem::path& dir, const std::vector<RankCapture>& ranks,
                                     const interop::ClockCalibration& calibration, Progress& progress);

} // namespace cc::capture
