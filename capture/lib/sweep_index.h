// The results index of a capture sweep: one record per planned cell with its state
//   planned   not run yet (or interrupted: no manifest, no refusal)
//   measured  the cell completed: its manifest exists and the fail-closed loader accepted it
//   refused   the memory guard refused it (arithmetic kept in its refused.json) or the
//             backend/device cannot run on this machine (reason kept)
//   failed    a rank died, the deadline passed or the merge refused (failed.json)
// and one summary per configuration (a configuration = every repeat of one cellId) that keeps
// the repeats' disagreement as a spread (min / median / max / range), never a mean.
//
// A results folder holds:
//   matrix.json            the canonical matrix (compared on --resume)
//   cells/<directory>/     one capture cell per planned cell (see cell_runner.h)
//   cells.json             this index (commcanary.capture.sweep-index.v1)
//   cells.csv              one row per cell
//   configurations.csv     one row per configuration with the repeatability figures
// The index is derived from the cell folders; the cell folders are the truth.
#pragma once

#include "capture/lib/capture_metrics.h"
#include "capture/lib/cell_spec.h"
#include "capture/lib/sweep_matrix.h"
#include "core/util/json/value.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc::capture {

inline constexpr std::string_view kSweepIndexFormat = "commcanary.capture.sweep-index.v1";
inline constexpr std::string_view kSweepMatrixFileName = "matrix.json";
inline constexpr std::string_view kSweepCellsDirName = "cells";
inline constexpr std::string_view kSweepIndexJsonFileName = "cells.json";
inline constexpr std::string_view kSweepIndexCsvFileName = "cells.csv";
inline constexpr std::string_view kSweepConfigurationsCsvFileName = "configurations.csv";

enum class SweepCellState : std::uint8_t { Planned, Measured, Refused, Failed };
std::string_view sweepCellStateName(SweepCellState state); ///< "planned", "measured", "refused", "failed"
std::optional<SweepCellState> sweepCellStateFromName(std::string_view name);

/// What a measured cell's files say, pooled over every rank and recorded iteration.
struct SweepCellMeasurement {
    std::string captureId;
    int buckets = 0;                   ///< buckets of rank 0's recorded layout (the last one seen)
    std::int64_t allreduceSamples = 0; ///< bucket all-reduces measured (ranks × iterations × buckets)
    Ns allreduceMedianNs = 0;          ///< nearest-rank order statistics of complete − issue
    Ns allreduceP95Ns = 0;
    Ns allreduceMaxNs = 0;
    Ns iterationMedianNs = 0;                ///< nearest-rank median of the iteration windows |W|
    std::optional<std::int64_t> overlapPpm;  ///< overlap efficiency in ppm; nullopt = undefined
    std::optional<std::int64_t> overheadPpm; ///< communication-overhead fraction in ppm; nullopt = undefined
    std::string manifestSha256;              ///< SHA-256 of manifest.json as it was read

    friend bool operator==(const SweepCellMeasurement&, const SweepCellMeasurement&) = default;
};

/// Why the guard refused a cell (from its verdict), or why it cannot run here.
struct SweepCellRefusal {
    bool unavailable = false;                ///< backend/device cannot run here (not a memory refusal)
    std::string bindingPool;                 ///< "host", "cuda:0", ... (empty when unavailable)
    std::int64_t demandBytes = 0;            ///< demand of the binding pool
    std::optional<std::int64_t> budgetBytes; ///< its budget; nullopt = unknown
    std::vector<std::string> reasons;

    friend bool operator==(const SweepCellRefusal&, const SweepCellRefusal&) = default;
};

struct SweepCellRecord {
    PlannedCell cell;
    SweepCellState state = SweepCellState::Planned;
    std::string reason;     ///< refused / failed: one sentence; planned: why it is still planned (may be empty)
    std::string recordFile; ///< relative to the results folder: cells/<dir>/manifest.json, refused.json,
                            ///< failed.json; empty when planned
    std::optional<SweepCellRefusal> refusal;         ///< state refused
    std::optional<SweepCellMeasurement> measurement; ///< state measured
};

/// Repeatability: the values of the measured repeats in repeat order and their spread.
struct SpreadStats {
    std::vector<Ns> values;
    Ns min = 0;
    Ns median = 0; ///< nearest-rank (lower middle for an even count)
    Ns max = 0;
    Ns range = 0;                                 ///< max − min
    std::optional<std::int64_t> rangePpmOfMedian; ///< range × 1e6 / median, rounded half up; nullopt when median is 0

    friend bool operator==(const SpreadStats&, const SpreadStats&) = default;
};

/// Throws std::invalid_argument on an empty vector.
SpreadStats spreadOf(std::vector<Ns> values);

struct ConfigurationSpread {
    std::string configId;
    CellSpec spec;   ///< of its first repeat
    int planned = 0; ///< repeats in the matrix
    int measured = 0;
    int refused = 0;
    int failed = 0;
    int pending = 0;                            ///< still planned
    std::optional<SpreadStats> allreduceMedian; ///< over the measured repeats' allreduceMedianNs
    std::optional<SpreadStats> allreduceP95;
    std::optional<SpreadStats> iterationMedian;
};

/// One spread record per configuration (the repeats side by side), in first-appearance order of the
/// cells. Not the replay's ConfigurationSummary (core/replay/simulator.h), which summarises samples.
std::vector<ConfigurationSpread> configurationSpreads(const std::vector<SweepCellRecord>& cells);

struct SweepIndex {
    SweepMatrix matrix;                 ///< the matrix the cells were planned from
    std::vector<SweepCellRecord> cells; ///< run order
    std::vector<ConfigurationSpread> configurations;

    int count(SweepCellState state) const;
};

/// Builds an index from records (fills configurations).
SweepIndex makeSweepIndex(const SweepMatrix& matrix, std::vector<SweepCellRecord> cells);

json::Value sweepIndexToJson(const SweepIndex& index);
/// The text of cells.json (jsonFileText of sweepIndexToJson).
std::string sweepIndexText(const SweepIndex& index);
/// Reads what sweepIndexToJson wrote. Throws InputError naming source and the JSON path.
SweepIndex sweepIndexFromJson(const json::Value& value, const std::string& source);

/// RFC 4180 CSV (header line first, "\n" line ends, fields quoted when they need it).
std::string sweepCellsCsv(const SweepIndex& index);
std::string sweepConfigurationsCsv(const SweepIndex& index);

/// Writes cells.json, cells.csv and configurations.csv atomically into resultsDir.
void writeSweepIndex(const std::filesystem::path& resultsDir, const SweepIndex& index);
/// Reads resultsDir/cells.json. Throws InputError / IoError.
SweepIndex readSweepIndex(const std::filesystem::path& resultsDir);

/// The folder of a planned cell: resultsDir/cells/<cell.directory>.
std::filesystem::path sweepCellDir(const std::filesystem::path& resultsDir, const PlannedCell& cell);

/// The state of one planned cell as its folder proves it (manifest + loader → measured;
/// refused.json → refused; failed.json → failed; anything else, including an absent or
/// half-written folder, → planned). Reads only; never writes.
SweepCellRecord inspectSweepCell(const std::filesystem::path& resultsDir, const PlannedCell& cell);

} // namespace cc::capture
