#include "capture/lib/nlohmann_bridge.h"

#include "capture/lib/calibration.h"
#include "capture/lib/machine_probe.h"
#include "capture/lib/sweep_matrix.h"

namespace cc::capture {

nlohmann::json toNlohmann(const json::Value& value)
{
    // The strict parser bounds the depth of what it reads (and the capture's own documents are a
    // few levels deep), so this recursion is bounded.
    switch (value.kind()) {
    case json::Kind::Null:
        return nullptr;
    case json::Kind::Boolean:
        return value.boolean();
    case json::Kind::Integer: {
        if (auto v = value.toInt64()) {
            return *v;
        }
        return *value.toUInt64();
    }
    case json::Kind::Number:
        return value.numberLiteral();
    case json::Kind::String:
        return value.string();
    case json::Kind::Array: {
        nlohmann::json a = nlohmann::json::array();
        for (const auto& item : value.items()) {
            a.push_back(toNlohmann(item));
        }
        return a;
    }
    case json::Kind::Object: {
        nlohmann::json o = nlohmann::json::object();
        for (const auto& m : value.members()) {
            o[m.key] = toNlohmann(m.value);
        }
        return o;
    }
    }
    return nullptr;
}

nlohmann::json machineReportJson(const MachineReport& machine)
{
    return toNlohmann(machineReportDocument(machine));
}

nlohmann::json calibrationToJson(const Calibration& calibration)
{
    return toNlohmann(calibrationDocument(calibration));
}

SweepMatrix sweepMatrixFromJson(const nlohmann::json& json, const std::string& source)
{
    return parseSweepMatrix(json.dump(), source);
}

} // namespace cc::capture
