// Fixed explanatory texts that reports carry, so a reader of a report needs no other document.
// Changing any of them changes every report's bytes: bump kSimulatorVersion when you do.
#pragma once

#include <string_view>

namespace cc::report_fields {

inline constexpr std::string_view kInputHashOf =
    "SHA-256 of the input's normalised form (commcanary-workbench.normalized.v1)";

inline constexpr std::string_view kUnknownSkewRule =
    "unknown arrival skew is never zero: such events replay with no modelled rank wait, every affected sample "
    "carries flag 1 (skew_unknown) and each configuration counts them under uncertainty; their latencies leave "
    "out a wait the input did not measure";

inline constexpr std::string_view kAblationsAre =
    "simulator controls that each remove one modelled mechanism; not physical interventions";

inline constexpr std::string_view kQuantileRule =
    "nearest rank over integer ns: the q-quantile of n samples is the ceil(q*n)-th smallest (median = lower median); "
    "mean is floor(sum / n); shares are floor(part * 10^6 / whole) ppm";

inline constexpr std::string_view kTailRule =
    "samples whose latency is at or above p99, highest first (at most 1000 listed)";

inline constexpr std::string_view kRankingRule =
    "lower latency is faster; |a - b| * 10^6 <= tie_tolerance_ppm * max(a, b) is a tie";

inline constexpr std::string_view kFlagBits =
    "bit set: 1 skew_unknown, 2 skew_partial, 4 overlap_unknown, 8 custom_op, 16 tail_hit, 32 idle_start";

inline constexpr std::string_view kSampleStreamEncoding =
    "sha256 over, per configuration in order: LEB128 name length, name bytes, LEB128 sample count, then per sample "
    "(iteration-major, canonical event order) LEB128 of zigzag(start_ns - previous start_ns of the iteration), "
    "queue_wait_ns, rank_wait_ns, duration_ns, hidden_ns, and one flags byte";

} // namespace cc::report_fields
