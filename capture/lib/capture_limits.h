// Resource limits of the capture library's inputs, in one place, next to the product's own
// (core/util/limits.h: ResourceLimits, which bounds nesting depth and string length for every
// JSON document the capture reads as well). A file past its limit is refused before it is parsed,
// naming the file and the limit; a matrix past the cell limit is refused before it is expanded.
// The cell limit is overridable, so it lives with the product's limits: ResourceLimits::
// maxSweepCells (model sizes × world sizes × backends × devices × bucket caps × repeats). Every
// cell is a real multi-process training run of seconds to hours, so 10,000 cells is already weeks
// of machine time; the limit keeps a matrix whose axes multiply to billions from being expanded
// (in time and memory) before it is refused.
#pragma once

#include <cstdint>

namespace cc::capture {

/// A matrix file. A legitimate one is a few hundred bytes; 1 MiB holds every axis at the cell
/// limit with room to spare, and keeps the parsed document (tens of bytes per value) small.
inline constexpr std::uint64_t kMaxSweepMatrixFileBytes = 1ULL << 20;

/// A sweep's index (cells.json): about 2 KiB per cell at the cell limit.
inline constexpr std::uint64_t kMaxSweepIndexFileBytes = 64ULL << 20;

/// A cell's small records: manifest.json, refused.json, failed.json, cell.json (a few KiB; a
/// failure record holds at most 2000 bytes of each rank's log tail).
inline constexpr std::uint64_t kMaxCellRecordFileBytes = 16ULL << 20;

/// One rank's raw measurements (rank<R>.json) and one rank's benchmark samples.
inline constexpr std::uint64_t kMaxRankFileBytes = 1ULL << 30;

/// A calibration file (every rank's raw samples).
inline constexpr std::uint64_t kMaxCalibrationFileBytes = 1ULL << 30;

/// What the worker's probe prints.
inline constexpr std::uint64_t kMaxProbeOutputBytes = 1ULL << 20;

} // namespace cc::capture
