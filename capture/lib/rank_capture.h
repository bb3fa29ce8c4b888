// The raw measurements one rank of a capture cell records ("commcanary.capture.rank.v1",
// written by the worker as rank<R>.json). Every time is the rank's own steady clock in integer
// nanoseconds; the clock calibration says how to relate it to the reference rank.
#pragma once

#include "capture/lib/cell_spec.h"
#include "capture/lib/clock_offsets.h"
#include "capture/lib/interval_set.h"

#include "core/util/json/value.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace cc::capture {

inline constexpr std::string_view kRankCaptureFormat = "commcanary.capture.rank.v1";

/// One all-reduce of one gradient bucket in one iteration.
struct BucketTiming {
    int bucket = 0;            ///< index in the iteration's layout
    std::int64_t sequence = 0; ///< collective sequence number in the process group (identity across ranks)
    std::int64_t bytes = 0;
    Ns readyNs = 0;    ///< the bucket's last gradient became ready
    Ns issueNs = 0;    ///< the all-reduce was issued (never before the previous bucket's issue)
    Ns completeNs = 0; ///< the all-reduce completed

    Ns latency() const { return completeNs - issueNs; }
    friend bool operator==(const BucketTiming&, const BucketTiming&) = default;
};

struct IterationRecord {
    int index = 0;  ///< 0-based, warm-up included
    int layout = 0; ///< index into RankCapture::layouts
    Interval forward;
    Interval backward;
    Interval commWait; ///< waiting for outstanding all-reduces after backward returned
    Interval optimizer;
    std::vector<BucketTiming> buckets; ///< in issue order

    friend bool operator==(const IterationRecord&, const IterationRecord&) = default;
};

struct ParameterRecord {
    std::string name;
    std::string layer;
    std::int64_t elements = 0;
    std::int64_t bytes = 0;

    friend bool operator==(const ParameterRecord&, const ParameterRecord&) = default;
};

struct LayoutRecord {
    std::string origin; ///< "reverse_registration_order" or "observed_ready_order"
    int fromIteration = 0;
    std::vector<std::vector<std::int64_t>> buckets; ///< parameter indices per bucket
    std::vector<std::int64_t> bucketBytes;

    friend bool operator==(const LayoutRecord&, const LayoutRecord&) = default;
};

struct RankCapture {
    int rank = 0;
    int worldSize = 0;
    int localRank = 0;
    std::string hostname;
    std::int64_t pid = 0;
    std::string captureId;
    CellSpec spec;
    std::string libtorchVersion;
    std::string processGroup = "world"; ///< the group name collectives are identified by
    std::string timingSource;           ///< "host_steady_clock" or "cuda_event_pairs"
    std::string interconnect;           ///< "loopback_tcp", "tcp", "pcie_host_staged", "nccl"
    std::string modelDescription;
    std::int64_t modelParameters = 0;
    std::vector<ParameterRecord> parameters;      ///< registration order
    std::vector<LayoutRecord> layouts;            ///< the initial layout, then the rebuilt one
    std::vector<std::int64_t> observedReadyOrder; ///< gradient-ready order seen in the first iteration
    std::vector<int> warmupBucketCounts;          ///< bucket count of each warm-up iteration
    std::vector<int> bucketCountsSeen;            ///< distinct bucket counts over the recorded iterations
    bool rebuildDetected = false;                 ///< the bucket count changed while recording
    std::vector<IterationRecord> iterations;      ///< recorded iterations only (warm-up excluded)
    Ns originNs = 0;                              ///< the shard's time zero on this rank's clock
    ClockCalibration clock;
    std::int64_t peakRssBytes = 0;

    friend bool operator==(const RankCapture&, const RankCapture&) = default;
};

json::Value rankCaptureToJson(const RankCapture& capture);
std::string rankCaptureText(const RankCapture& capture); ///< deterministic JSON text (the rank file)
/// Throws InputError naming source and the JSON path.
RankCapture rankCaptureFromJson(const json::Value& value, const std::string& source);
/// Parses the text of a rank file strictly, then rankCaptureFromJson.
RankCapture parseRankCapture(std::string_view text, const std::string& source);
RankCapture readRankCapture(const std::filesystem::path& path);

/// The distinct bucket counts of the recorded iterations, ascending.
std::vector<int> distinctBucketCounts(const std::vector<IterationRecord>& iterations);

} // namespace cc::capture
