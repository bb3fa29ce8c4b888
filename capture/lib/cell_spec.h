// One capture cell: what to run (model, world size, backend, device, iterations, buckets).
// A cell is the unit the memory guard checks, the launcher runs and the loader accepts or
// rejects. Plain values; sizes in integer bytes and counts.
#pragma once

#include "core/util/json/value.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cc::capture {

enum class Backend : std::uint8_t { Gloo, Nccl };
enum class Device : std::uint8_t { Cpu, Cuda };
enum class ModelKind : std::uint8_t {
    ResidualMlp, ///< the scalable residual MLP sized by the geometry solver
    GptDecoder,  ///< the small GPT-style decoder (reference anchor)
};

std::string_view backendName(Backend backend);
std::string_view deviceName(Device device);
std::string_view modelKindName(ModelKind kind); ///< "mlp" / "gpt"
std::optional<Backend> backendFromName(std::string_view name);
std::optional<Device> deviceFromName(std::string_view name);
std::optional<ModelKind> modelKindFromName(std::string_view name);

inline constexpr std::int64_t kMiB = 1024 * 1024;
inline constexpr std::int64_t kGiB = 1024 * kMiB;

/// The accepted values of one integer capture option, inclusive. Every place that takes the option
/// (cellSpecProblem, the sweep matrix reader, the CLI and the capture form) reads these, so the
/// ranges and their messages cannot drift apart.
struct OptionRange {
    std::int64_t min;
    std::int64_t max;
    [[nodiscard]] constexpr bool contains(std::int64_t value) const { return value >= min && value <= max; }
};
inline constexpr OptionRange kWorldSizeRange{1, 1024};
inline constexpr OptionRange kModelParamsRange{100'000, 20'000'000'000LL};
inline constexpr OptionRange kIterationsRange{1, 1'000'000};
inline constexpr OptionRange kWarmupRange{0, 1'000'000};
inline constexpr OptionRange kBatchSizeRange{1, 65536};
inline constexpr OptionRange kBucketBytesRange{1024, 64 * kGiB};
inline constexpr OptionRange kTimeoutSecondsRange{1, 86'400};

/// "--iterations must be between 1 and 1000000 (got 0)": the one wording of a range refusal.
std::string rangeProblem(std::string_view what, OptionRange range, std::int64_t got);

struct CellSpec {
    int worldSize = 2;
    Backend backend = Backend::Gloo;
    Device device = Device::Cpu;
    ModelKind model = ModelKind::ResidualMlp;
    std::int64_t modelParams = 1'000'000;     ///< target parameter count
    int iterations = 10;                      ///< recorded iterations
    int warmup = 3;                           ///< unrecorded iterations before them
    std::int64_t bucketCapBytes = 25 * kMiB;  ///< DDP's bucket_cap_mb
    std::int64_t firstBucketBytes = 1 * kMiB; ///< the small first bucket
    int batchSize = 32;                       ///< per-rank batch (sequences for the GPT decoder)
    std::uint64_t seed = 1;                   ///< model initialisation and synthetic data

    friend bool operator==(const CellSpec&, const CellSpec&) = default;
};

/// Checks the ranges of every field; returns the first problem in words, or nullopt.
std::optional<std::string> cellSpecProblem(const CellSpec& spec);

/// A stable, file-name-safe identity: "mlp1M_gloo_cpu_ws2_cap25MiB_it10_wu3".
std::string cellId(const CellSpec& spec);

json::Value cellSpecToJson(const CellSpec& spec);
/// Reads a spec written by cellSpecToJson (the object at path in source). Throws InputError
/// naming source, the JSON path of the field and the rule.
CellSpec cellSpecFromJson(const json::Value& value, const std::string& source, const std::string& path = "$");

/// Parses a count with an optional SI suffix: "1000000", "10M", "1.5M", "400M", "2G", "250k".
/// The result must be an integer (no fractional parameters). nullopt when malformed.
std::optional<std::int64_t> parseCount(std::string_view text);

/// "10M", "400M", "1.5M", "1234567": the shortest exact spelling with a suffix where it fits.
std::string formatCount(std::int64_t count);

/// Parses a size in MiB as DDP's bucket_cap_mb does ("25", "0.5"), exact to the byte.
std::optional<std::int64_t> parseMebibytes(std::string_view text);

/// Parses a byte size with a binary suffix: "12GiB", "512MiB", "9.34GiB", "1073741824".
std::optional<std::int64_t> parseByteSize(std::string_view text);

/// "1.50 GiB", "25.0 MiB", "812 B": for humans only.
std::string formatBytes(std::int64_t bytes);

} // namespace cc::capture
