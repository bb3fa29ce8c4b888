// Calibrating the ring all-reduce model on this machine: an all-reduce microbenchmark run by the
// capture worker (one process per rank, started by the launcher like a capture cell) over a sweep
// of message sizes, then a least-squares fit of the latency term α with the bandwidth B taken from
// the interconnect table or given by the user.
//
// Measurement: for every size each rank runs `warmup` unrecorded all-reduces, then `iterations`
// recorded ones; before each recorded one all ranks meet at a barrier, then each rank times its
// all-reduce from issue to completion (steady_clock ns). An iteration's latency is the largest of
// the ranks' times (the collective is done when its slowest rank is); a size's latency is the
// nearest-rank median over its iterations. Rank files keep every sample, and so does the
// calibration file, so the fit can be recomputed from it.
#pragma once

#include "capture/lib/capture_metrics.h"
#include "capture/lib/cell_spec.h"
#include "capture/lib/interconnect_table.h"
#include "capture/lib/rank_launcher.h"
#include "capture/lib/ring_cost_model.h"
#include "core/util/progress.h"

#include "core/util/json/value.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc::capture {

inline constexpr std::string_view kAllreduceBenchVerb = "allreduce-bench";
inline constexpr std::string_view kAllreduceBenchRankFormat = "commcanary.capture.allreduce-bench.rank.v1";
inline constexpr std::string_view kCalibrationFormat = "commcanary.capture.calibration.v1";

struct AllreduceBenchOptions {
    int worldSize = 2;
    Backend backend = Backend::Gloo;
    Device device = Device::Cpu;
    std::vector<std::int64_t> sizesBytes; ///< float32 payloads: each a positive multiple of 4, ascending, unique
    int iterations = 20;
    int warmup = 3;
    std::filesystem::path outputDir;
    std::chrono::seconds storeTimeout{300};

    friend bool operator==(const AllreduceBenchOptions&, const AllreduceBenchOptions&) = default;
};

/// Why the options cannot run (ranges, sizes), or nullopt.
std::optional<std::string> allreduceBenchProblem(const AllreduceBenchOptions& options);

/// The worker's arguments after the program name, starting with "allreduce-bench".
std::vector<std::string> allreduceBenchArguments(const AllreduceBenchOptions& options);
/// Parses them back ("allreduce-bench" first). Throws WorkerUsageError.
AllreduceBenchOptions parseAllreduceBenchArguments(const std::vector<std::string>& args);

/// "bench_rank<R>.json"
std::string benchRankFileName(int rank);

/// Message sizes: "4KiB..64MiB" (the first size, doubled while it stays ≤ the last; the last is
/// included when the doubling reaches it exactly) or a comma list "4KiB,1MiB,16MiB". Sizes
/// accept the suffixes of parseByteSize. nullopt when malformed, empty, not ascending, or a
/// size is not a positive multiple of 4.
std::optional<std::vector<std::int64_t>> parseMessageSizes(std::string_view text);

/// One rank's samples: samplesNs[s][i] is the time of iteration i at sizesBytes[s].
struct BenchRankResult {
    int rank = 0;
    int worldSize = 0;
    std::string backend;
    std::string device;
    std::vector<std::int64_t> sizesBytes;
    std::vector<std::vector<Ns>> samplesNs;

    friend bool operator==(const BenchRankResult&, const BenchRankResult&) = default;
};

json::Value benchRankToJson(const BenchRankResult& result);
/// Throws InputError naming source and the JSON path (the object at path).
BenchRankResult benchRankFromJson(const json::Value& value, const std::string& source, const std::string& path = "$");
/// Reads bench_rank<R>.json (bounded, strict).
BenchRankResult readBenchRank(const std::filesystem::path& path);

struct CalibrationPoint {
    std::int64_t messageBytes = 0;
    std::vector<Ns> iterationNs; ///< per recorded iteration: the largest time over ranks
    LatencyStats latency;        ///< over iterationNs (nearest rank)
};

/// Where B came from.
struct BandwidthSource {
    std::int64_t bytesPerS = 0;
    std::optional<InterconnectEntry> interconnect; ///< the table entry, when B came from the table
    std::string description; ///< "interconnect table: pcie4-x16 (...)" or "given: --bandwidth-bytes-per-s"
};

struct Calibration {
    int worldSize = 0;
    std::string backend;
    std::string device;
    int iterations = 0;
    int warmup = 0;
    BandwidthSource bandwidth;
    std::vector<CalibrationPoint> points;
    AlphaFit fit; ///< over (messageBytes, latency.median)
    std::vector<BenchRankResult> ranks;
};

/// Pure: points from the ranks' samples and the α fit. Throws InputError when the ranks
/// disagree on sizes or iteration counts, or a rank is missing or repeated.
Calibration calibrationFromBench(const std::vector<BenchRankResult>& ranks, int iterations, int warmup,
                                 const BandwidthSource& bandwidth);

/// commcanary.capture.calibration.v1: request, bandwidth source, measured points, fit (α in ns,
/// its exact rational, residuals), the model curve at every measured size, every raw sample.
json::Value calibrationDocument(const Calibration& calibration);
/// The calibration file's text (jsonFileText of calibrationDocument).
std::string calibrationJsonText(const Calibration& calibration);

/// The exact inverse of calibrationDocument: reads the request, the bandwidth source and every
/// raw sample, recomputes the points and the fit from them (calibrationFromBench) and requires
/// every stored field to equal what calibrationDocument writes for the result. Throws InputError
/// naming source and the JSON path on a wrong format, a missing or ill-typed field, or a stored
/// value that disagrees with the samples.
Calibration calibrationFromJson(const json::Value& value, const std::string& source);

/// Reads and parses a calibration file (calibrationFromJson). Throws InputError or IoError.
Calibration loadCalibration(const std::filesystem::path& path);

/// Deterministic text for the CLI.
std::string calibrationText(const Calibration& calibration);

struct CalibrationRunOptions {
    AllreduceBenchOptions bench; ///< bench.outputDir: the ranks' working folder (must be empty or absent)
    BandwidthSource bandwidth;
    std::optional<std::filesystem::path> worker;
    std::string masterAddr = "127.0.0.1";
    std::chrono::milliseconds timeout{std::chrono::minutes(10)};
};

struct CalibrationRunResult {
    LaunchResult launch;
    std::optional<Calibration> calibration; ///< set when every rank exited 0 and its file was read
    std::string reason;                     ///< why not
};

/// Finds the worker, checks the backend/device can run here (CaptureUnavailable otherwise),
/// launches the ranks and reads their files. Throws InputError when the options are out of range.
CalibrationRunResult runCalibration(const CalibrationRunOptions& options, Progress& progress);

} // namespace cc::capture
