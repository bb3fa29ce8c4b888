// Transitional: nlohmann::json forms of capture documents, kept only for callers outside
// capture/ that still take them:
//   app/cli/commands/cmd_doctor.cpp      machineReportJson(report).dump(1)  -> machineReportJsonText(report)
//   tests/gui/tst_capture_panel.cpp      sweepMatrixFromJson(nlohmann::json) -> parseSweepMatrix(text, source)
//                                        calibrationToJson(c)               -> calibrationJsonText(c) /
//                                        calibrationDocument(c) LoadedCell::manifest["merge"]      -> LoadedCell::merge
// Nothing in capture/ reads input through nlohmann: every function here converts a document the
// strict toolkit (core/util/json) built or has already read, and none of them throws. Remove this
// file, its .cpp and LoadedCell::manifest once those two callers have moved.
#pragma once

#include "core/util/json/value.h"

#include <nlohmann/json.hpp>

#include <string>

namespace cc::capture {

struct Calibration;
struct MachineReport;
struct SweepMatrix;

/// A strict document as nlohmann::json (a non-integer number becomes the string of its literal).
nlohmann::json toNlohmann(const json::Value& value);

nlohmann::json machineReportJson(const MachineReport& machine);
nlohmann::json calibrationToJson(const Calibration& calibration);
/// Reads a matrix given as nlohmann::json through the strict reader (its text is parsed again).
SweepMatrix sweepMatrixFromJson(const nlohmann::json& json, const std::string& source);

} // namespace cc::capture
