// Clock calibration: how each rank's clock maps onto one reference clock, with the uncertainty
// of that mapping. Arrival timestamps from different processes become cross-rank skew only
// through one of these; without it skew stays unknown.
//
// File format commcanary-workbench.clock-calibration.v1 (JSON, unknown keys refused):
//   {
//     "format": "commcanary-workbench.clock-calibration.v1",
//     "reference": "rank 0 host clock, PTP-disciplined",   (optional, free text)
//     "method": "NTP offsets sampled before the run",       (optional, free text)
//     "ranks": [
//       {"rank": 0, "offset_us": 0, "uncertainty_us": 0.5},
//       {"rank": 1, "offset_us": -1234.567, "uncertainty_us": 2}
//     ]
//   }
// reference time = rank-local time + offset_us; uncertainty_us >= 0 bounds the error of that
// offset. Times are exact decimals of microseconds with at most 3 decimals (1 ns), read from
// the text, never through floating point.
#pragma once

#include "core/trace/event.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc::interop {

inline constexpr std::string_view kClockCalibrationFormat = "commcanary-workbench.clock-calibration.v1";

struct RankClock {
    std::int32_t rank = 0;
    Ns offsetNs = 0;      ///< reference = local + offset
    Ns uncertaintyNs = 0; ///< >= 0
};

struct ClockCalibration {
    std::string source; ///< file name, or how it was made
    std::string sha256; ///< of the file's bytes; empty when not read from a file
    std::string reference;
    std::string method;
    bool assumption = false;      ///< stated by the user (e.g. a shared clock), not measured
    std::vector<RankClock> ranks; ///< sorted by rank, unique

    const RankClock* find(std::int32_t rank) const;
};

/// Parses calibration JSON. Throws InputError naming sourceName, the JSON path and the rule.
ClockCalibration parseClockCalibration(std::string_view json, const std::string& sourceName);
ClockCalibration readClockCalibration(const std::filesystem::path& path);
/// Canonical JSON text of a calibration (sorted ranks, exact decimals).
std::string writeClockCalibrationJson(const ClockCalibration& calibration);

/// "Every rank shares one clock": offsets 0, uncertainty 0, marked as an assumption.
ClockCalibration sharedClockAssumption(const std::vector<std::int32_t>& ranks);

/// Parses "RANK=OFFSET_US" or "RANK=OFFSET_US:UNCERTAINTY_US" (the CLI's --clock-offset-us).
/// nullopt with a reason when malformed.
std::optional<RankClock> parseRankOffset(std::string_view text, std::string* reason);

} // namespace cc::interop
