#include "core/util/limits.h"

namespace cc {

ResourceLimits& resourceLimits()
{
    static ResourceLimits limits;
    return limits;
}

std::string describeResourceLimits(const ResourceLimits& limits)
{
    auto row = [](std::string label, const std::string& value) {
        label.resize(38, ' ');
        return "  " + label + value + "\n";
    };
    std::string text;
    text += row("input file size (after gunzip)", std::to_string(limits.maxInputBytes) + " bytes");
    text += row("stored events per trace", std::to_string(limits.maxEvents));
    text += row("logical events a canary expands to", std::to_string(limits.maxExpandedEvents));
    text += row("JSON nesting depth", std::to_string(limits.maxJsonDepth));
    text += row("ranks per collective", std::to_string(limits.maxRanksPerEvent));
    text += row("one string value", std::to_string(limits.maxStringBytes) + " bytes");
    return text;
}

} // namespace cc
