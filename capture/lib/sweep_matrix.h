// An experiment matrix for `commcanary capture sweep`: model sizes × world sizes × backends ×
// devices × bucket caps, each configuration repeated `repeats` times, with the per-cell settings
// (model kind, iterations, warm-up, first bucket, batch size, seed) shared by every cell.
//
// Matrix file (commcanary.capture.matrix.v1, JSON):
//   {
//     "format": "commcanary.capture.matrix.v1",       optional; when present it must be this
//     "model": "mlp",                                 mlp | gpt (default mlp)
//     "model_params": ["1M", "10M"],                  counts, strings with SI suffix or integers
//     "world_sizes": [2, 4],
//     "backends": ["gloo"],                           gloo | nccl
//     "devices": ["cpu"],                             cpu | cuda
//     "bucket_caps": ["25MiB", "4MiB"],               byte sizes, strings with binary suffix or integers
//     "first_bucket": "1MiB",                         optional (default 1 MiB, capped at each bucket cap)
//     "iterations": 10, "warmup": 3, "batch_size": 32, "seed": 1,      optional
//     "repeats": 1,                                   optional, 1..100
//     "timeout_s": 600,                               optional, per cell
//     "host_memory_budget": "12GiB",                  optional declared budgets for the guard
//     "device_memory_budget": "70GiB"
//   }
// Unknown keys are refused (a misspelt axis must not silently shrink the matrix). Every list
// must be non-empty and free of duplicates. The cells (the product of the list sizes and the
// repeats) must number at most resourceLimits().maxSweepCells (core/util/limits.h); that is checked before
// anything is expanded. The expansion order is fixed: model size, world size, backend, device,
// bucket cap, repeat (the last varies fastest).
#pragma once

#include "capture/lib/cell_spec.h"
#include "core/util/json/value.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc::capture {

inline constexpr std::string_view kSweepMatrixFormat = "commcanary.capture.matrix.v1";

struct SweepMatrix {
    ModelKind model = ModelKind::ResidualMlp;
    std::vector<std::int64_t> modelParams;
    std::vector<int> worldSizes;
    std::vector<Backend> backends;
    std::vector<Device> devices;
    std::vector<std::int64_t> bucketCapBytes;
    std::int64_t firstBucketBytes = 1 * kMiB;
    int iterations = 10;
    int warmup = 3;
    int batchSize = 32;
    std::uint64_t seed = 1;
    int repeats = 1;
    int timeoutSeconds = 600;
    std::optional<std::int64_t> hostMemoryBudgetBytes;
    std::optional<std::int64_t> deviceMemoryBudgetBytes;

    friend bool operator==(const SweepMatrix&, const SweepMatrix&) = default;
};

/// One cell of the expanded matrix.
struct PlannedCell {
    int index = 0;         ///< position in the run order, 0-based
    std::string configId;  ///< cellId(spec): the same for every repeat of one configuration
    int repeat = 0;        ///< 0-based repeat of that configuration
    std::string directory; ///< "<index 3 digits>_<configId>_r<repeat>", relative to RESULTS/cells
    CellSpec spec;
};

/// Parses and validates a matrix. Throws InputError naming source, the JSON path (e.g.
/// "$.world_sizes[1]") and the rule broken, quoting at most about 40 characters of a bad value.
/// Every expanded cell must pass cellSpecProblem.
SweepMatrix sweepMatrixFromJson(const json::Value& value, const std::string& source);

/// Parses matrix text strictly (core/util/json/parser.h), then sweepMatrixFromJson.
SweepMatrix parseSweepMatrix(std::string_view text, const std::string& source);

/// Reads a matrix file (at most kMaxSweepMatrixFileBytes, then parseSweepMatrix). Throws
/// InputError / IoError.
SweepMatrix loadSweepMatrix(const std::filesystem::path& path);

/// Canonical JSON of a matrix (every field written, sizes as integers): the copy a results
/// folder keeps in matrix.json and compares on --resume.
json::Value sweepMatrixToJson(const SweepMatrix& matrix);
/// The text of matrix.json (jsonFileText of sweepMatrixToJson).
std::string sweepMatrixText(const SweepMatrix& matrix);

/// The number of cells the matrix plans (the product of its list sizes and repeats), or nullopt
/// when that product does not fit in 64 bits.
std::optional<std::uint64_t> sweepCellCount(const SweepMatrix& matrix);

/// The cells in run order (deterministic). Throws InputError when the matrix plans more than
/// resourceLimits().maxSweepCells cells (sweepMatrixFromJson refuses such a matrix first).
std::vector<PlannedCell> expandSweepMatrix(const SweepMatrix& matrix);

} // namespace cc::capture
