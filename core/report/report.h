// Replay reports (commcanary-workbench.report.v1): writing, reading, verifying and sealing.
//
// A report is canonical JSON written by buildReport. Top level, in this order:
//   format          "commcanary-workbench.report.v1"
//   protocol        model name/version and the statement that this is a model, the input's
//                   normalised SHA-256 and uncertainty counts, the embedded configuration set and
//                   its SHA-256, seed, iterations, ablations, isolated, tie tolerance, quantile
//                   method, samples mode
//   configurations  one entry per configuration: name, summary {count, median_ns, p95_ns, p99_ns,
//                   max_ns, mean_ns, hidden_share_ppm}, queue_wait, by_phase, by_op,
//                   tail_events, tail, uncertainty, model
//   rankings        every pair x median/p95/p99/mean with the tie tolerance, and per-metric order
//   samples         mode, count, fields, the SHA-256 of the canonical sample stream and, in full
//                   mode, every sample row per configuration
//   body_sha256     SHA-256 of the document without this member (its seal)
// See core/report/README.md for every field.
#pragma once

#include "core/configs/backend_config.h"
#include "core/replay/simulator.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cc {

inline constexpr std::string_view kReportFormat = "commcanary-workbench.report.v1";

enum class SamplesMode : std::uint8_t {
    Full,   ///< every sample row is written
    Digest, ///< only the samples' SHA-256 (tail events stay in the summaries)
};
std::string_view samplesModeName(SamplesMode mode);

/// Full mode refuses to write more sample rows than this (about 0.7 GB of JSON); use Digest.
inline constexpr std::uint64_t kMaxFullSamples = 10'000'000;

struct ReportOptions {
    SamplesMode samples = SamplesMode::Full;
    /// The input's normalizedSha256 when the caller already has it; computed when empty.
    std::string inputSha256;
    /// The resource limits this replay ran under where they differ from the defaults ("NAME=VALUE",
    /// cc::resourceLimitOverrides). Written as protocol.resource_limit_overrides only when there is
    /// one, so a default report keeps its bytes.
    std::vector<std::string> resourceLimitOverrides;
};

/// Replays trace under every configuration of set and returns the canonical report text
/// (deterministic: equal inputs give equal bytes). Memory stays bounded by one configuration's
/// samples at a time. Throws InputError for an invalid set or protocol, or a full-mode report
/// over kMaxFullSamples rows.
std::string buildReport(const Trace& trace, const ConfigSet& set, const ReplayProtocol& protocol,
                        const ReportOptions& options, Progress& progress);

/// The fields of a report that compare and verify need (sample rows are not loaded).
struct ReportView {
    std::string source; ///< file name, for messages
    std::string simulatorVersion;
    std::string inputSha256;
    std::uint64_t inputEvents = 0;
    ConfigSet configs;
    std::string configsSha256;
    ReplayProtocol protocol;
    SamplesMode samples = SamplesMode::Full;
    std::vector<std::string> resourceLimitOverrides; ///< protocol.resource_limit_overrides (absent: none)
    struct Configuration {
        std::string name;
        Distribution latency;
        std::int64_t hiddenSharePpm = 0;
        Distribution queueWait;
        std::vector<Breakdown> byPhase;
        std::vector<Breakdown> byOp;
    };
    std::vector<Configuration> configurations;
    bool sealIntact = false; ///< body_sha256 matches the document's body
};

/// Reads the protocol and summaries of a report. Throws InputError naming the file, the JSON
/// path and the rule when the document is not a well-formed report of this format.
ReportView readReportView(std::string_view bytes, const std::string& sourceName);

/// True when the document carries a body_sha256 equal to the SHA-256 of its canonical body.
bool reportSealIntact(std::string_view bytes);

/// The outcome of verify-report.
struct ReportVerification {
    bool passed = false;
    std::string path;        ///< JSON path of the first difference (empty when passed)
    std::string reportValue; ///< what the report says there
    std::string replayValue; ///< what the replay gives there
    std::string message;     ///< one line for humans
};

/// Replays input under the report's own protocol and configuration set and compares the result
/// with the report bit for bit. An input that does not hash to the report's input SHA-256, a
/// report of another simulator version, any edited number, sample or protocol field fails and
/// names the first difference. Throws InputError when the report cannot be read at all.
ReportVerification verifyReport(std::string_view reportBytes, const std::string& reportName, const Trace& input,
                                Progress& progress);

} // namespace cc
