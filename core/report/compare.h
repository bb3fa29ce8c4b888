// The regression gate: compare a candidate report with a baseline report, overall, per phase
// and per operation, against relative thresholds. Written as commcanary-workbench.compare.v1.
#pragma once

#include "core/report/report.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc {

inline constexpr std::string_view kCompareFormat = "commcanary-workbench.compare.v1";

enum class CompareMetric : std::uint8_t { Median, P95, P99, Max, Mean };
inline constexpr int kCompareMetricCount = 5;
std::string_view compareMetricName(CompareMetric metric); ///< "median", "p95", "p99", "max", "mean"
Ns compareMetricValue(const Distribution& d, CompareMetric metric);

/// Relative thresholds in ppm of the baseline value; an absent metric is not checked.
struct CompareThresholds {
    std::array<std::optional<std::int64_t>, kCompareMetricCount> ppm{};
    /// The defaults: median 5%, p95 10%, p99 10%, mean 5% (max unchecked: one sample decides it).
    static CompareThresholds defaults();
    std::string text() const; ///< "median=5%,p95=10%,..."
};

/// Parses "median=5%,p99=10%,max=20%" (percent with up to four decimals). Metrics not named keep
/// the defaults; "off" disables one ("max=off"). Throws InputError naming sourceName for an
/// unknown metric, a value that is not a percentage or a metric given twice.
CompareThresholds parseThresholds(std::string_view text, const std::string& sourceName);

struct CompareOptions {
    CompareThresholds thresholds = CompareThresholds::defaults();
    std::string baselineConfig; ///< with candidateConfig: compare this one pair only
    std::string candidateConfig;
};

/// One evaluated figure.
struct CompareFinding {
    std::string baselineConfig;
    std::string candidateConfig;
    std::string scope;     ///< "overall", "phase" or "op"
    std::string scopeName; ///< phase or op name ("" for overall and for events without a phase)
    bool scopeNamed = true;
    CompareMetric metric = CompareMetric::Median;
    Ns baseline = 0;
    Ns candidate = 0;
    std::int64_t deltaPpm = 0; ///< (candidate - baseline) * 10^6 / baseline, floor; see baselineZero
    bool baselineZero = false; ///< baseline was 0: deltaPpm is meaningless, any increase regresses
    std::int64_t thresholdPpm = 0;
    bool regression = false;
};

struct CompareResult {
    std::vector<std::pair<std::string, std::string>> pairs; ///< (baseline, candidate) configuration names
    std::vector<CompareFinding> findings;                   ///< every evaluation, in a fixed order
    std::vector<std::string> notes;                         ///< unpaired configurations, phases, ops
    bool regression = false;
};

/// Compares two reports. Throws InputError (naming both files) when they are incomparable:
/// a broken seal, different inputs, seeds, iterations, ablations, isolated mode or simulator
/// versions, no configuration in common, or a --baseline-config/--candidate-config that does not
/// exist.
CompareResult compareReports(const ReportView& baseline, const ReportView& candidate, const CompareOptions& options);

/// The canonical JSON of a comparison (deterministic).
std::string compareJson(const ReportView& baseline, const ReportView& candidate, const CompareOptions& options,
                        const CompareResult& result);

/// Human lines: the verdict, then each tripped threshold with where it tripped.
std::string compareText(const CompareResult& result);

/// ppm as a percentage with two decimals, e.g. 123456 -> "12.34%" (display only).
std::string ppmAsPercent(std::int64_t ppm);

} // namespace cc
