// Measured reports: the report format (commcanary-workbench.report.v1) with "mode": "measured",
// written by a physical replay on real process groups. Simulated reports carry no "mode" member
// and keep their bytes; a measured report has its own top level, in this order:
//   format          "commcanary-workbench.report.v1"
//   mode            "measured"
//   protocol        the statement that these are measurements (not recomputable), the latency
//                   rule, the quantile rule, the input's identity (normalised SHA-256, events,
//                   skew counts), world size, repeats, warm-up, skipped operations, the embedded
//                   physical configuration set and its SHA-256
//   machine         CPU, cores, kernel, libtorch / gloo / NCCL versions, GPUs (as measured)
//   configurations  per configuration: name, environment, clock (each rank's offset and
//                   uncertainty, the latency uncertainty), summary over every repeat, per-repeat
//                   summaries, noise (the spread of the per-repeat figures), by_op
//   samples         fields, flags, and per configuration one row per event per repeat
//   body_sha256     SHA-256 of the document without this member (its seal)
// See core/report/README.md.
#pragma once

#include "core/configs/physical_configs.h"
#include "core/physical/physical_program.h"
#include "core/replay/simulator.h"
#include "core/report/compare.h"
#include "core/trace/trace.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cc {

inline constexpr std::string_view kMeasuredMode = "measured";

/// True when bytes are a report whose top level has "mode": "measured" (a quick look: the reader
/// decides).
bool isMeasuredReport(std::string_view bytes);

struct MeasuredClock {
    int rank = 0;
    Ns offsetNs = 0;
    Ns uncertaintyNs = 0;
    friend bool operator==(const MeasuredClock&, const MeasuredClock&) = default;
};

struct MeasuredConfiguration {
    PhysicalConfig config;
    std::vector<MeasuredClock> clock;              ///< one per rank, rank order
    std::vector<physical::MeasuredSample> samples; ///< repeat-major, program order
};

/// Everything a measured report holds besides what follows from it.
struct MeasuredRun {
    std::string inputSha256;
    std::uint64_t inputEvents = 0;
    std::uint64_t skewKnown = 0, skewPartial = 0, skewUnknown = 0;
    int worldSize = 0;
    int repeats = 0;
    int warmup = 0;
    std::vector<std::string> skippedOps;
    std::uint64_t skippedEvents = 0;
    /// false when the ranks ran no compute stand-ins (communication only: the recorded gaps are
    /// waited out idle); written as "compute_stand_ins": false only then.
    bool computeStandIns = true;
    /// The machine as measured: (key, value) pairs, written in this order as strings or integers.
    std::vector<std::pair<std::string, std::string>> machine;
    PhysicalConfigSet set;
    std::vector<MeasuredConfiguration> configurations; ///< set order (the configurations replayed)
    std::vector<std::string> opNames;                  ///< per canonical event: its op (for by_op)
};

/// The canonical text of a measured report (deterministic for equal runs).
std::string buildMeasuredReport(const MeasuredRun& run);

/// The run a measured report holds, samples included (strict toolkit). Throws InputError naming
/// the file, the JSON path and the rule.
MeasuredRun readMeasuredRun(std::string_view bytes, const std::string& sourceName);

/// What compare and verify-report read back.
struct MeasuredView {
    std::string source;
    std::string inputSha256;
    std::uint64_t inputEvents = 0;
    int worldSize = 0;
    int repeats = 0;
    std::vector<std::string> skippedOps;
    struct Configuration {
        std::string name;
        Distribution latency;                ///< over every repeat's samples
        std::vector<Distribution> perRepeat; ///< one per repeat
        std::vector<Breakdown> byOp;         ///< over every repeat
        /// Per op: the spread (max - min over repeats) of each compare metric, CompareMetric order.
        std::map<std::string, std::array<Ns, kCompareMetricCount>> opNoise;
        Ns latencyUncertaintyNs = 0;
    };
    std::vector<Configuration> configurations;
    bool sealIntact = false;
};

/// Reads a measured report completely (strict toolkit). Throws InputError naming the file, the
/// JSON path and the rule.
MeasuredView readMeasuredReport(std::string_view bytes, const std::string& sourceName);

/// verify-report for a measured report: the seal, and every summary, per-repeat summary, noise
/// figure and by_op entry recomputed from the report's own samples. A measured report cannot be
/// recomputed from its input; message says so in every outcome.
ReportVerification verifyMeasuredReport(std::string_view bytes, const std::string& sourceName);

/// The spread of a metric over the repeats of one configuration: max - min of the per-repeat values.
Ns repeatSpread(const MeasuredView::Configuration& configuration, CompareMetric metric);

/// compare for two measured reports: configurations paired as compareReports pairs them, the
/// same thresholds, and a finding is a regression only when the growth also exceeds the noise,
/// the sum of both configurations' repeat spreads of that metric (a note names every finding the
/// noise absorbed). Throws InputError when the reports are incomparable (a broken seal, different
/// inputs, world sizes or skipped operations, no configuration in common).
CompareResult compareMeasuredReports(const MeasuredView& baseline, const MeasuredView& candidate,
                                     const CompareOptions& options);

/// compareJson's document for measured reports (the same format, "mode": "measured").
std::string compareMeasuredJson(const MeasuredView& baseline, const MeasuredView& candidate,
                                const CompareOptions& options, const CompareResult& result);

} // namespace cc
