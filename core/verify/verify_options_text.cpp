#include "core/verify/verify_options_text.h"

#include "core/configs/config_io.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"

namespace cc::verify {

namespace {

std::uint64_t parseCount(const std::string& text, const std::string& option, std::uint64_t min, std::uint64_t max)
{
    ScaledValue v = parseScaledDecimal(text, 0, false);
    if (v.error != DecimalError::None) {
        throw InputError("--" + option,
                         "'" + text + "' is not a whole number (" + std::string(decimalErrorText(v.error)) + ")");
    }
    if (static_cast<std::uint64_t>(v.value) < min || static_cast<std::uint64_t>(v.value) > max) {
        throw InputError("--" + option,
                         "'" + text + "' must lie between " + std::to_string(min) + " and " + std::to_string(max));
    }
    return static_cast<std::uint64_t>(v.value);
}

} // namespace

const std::vector<OptionSpec>& verificationOptionSpecs()
{
    static const std::vector<OptionSpec> specs = {
        {"configs", "FILE",
         "backend configuration set (commcanary-workbench.configs.v1); default: the bundled set of five", ""},
        {"relative-tolerance-pct", "PCT",
         "a latency or queue-wait figure passes when it is within this percentage of the source's", "5"},
        {"absolute-tolerance-us", "US", "... or within this many microseconds of it", "1"},
        {"hidden-tolerance-points", "POINTS", "hidden-communication share may differ by this many percentage points",
         "2"},
        {"tail-recall-threshold", "FRACTION",
         "share (0..1) of the source's tail samples (at or above its p99) the canary must replay and keep that "
         "expensive",
         "0.9"},
        {"ranking-tie-tolerance-us", "US", "two configurations tie on a metric when they differ by at most this", "0"},
        {"ranking-tie-tolerance-pct", "PCT", "... or by at most this percentage of the larger value", "1"},
        {"seed", "N", "replay seed (tail noise)", "1"},
        {"iterations", "N", "replay iterations (1..1000)", "1"},
    };
    return specs;
}

VerifyOptions verifyOptionsFromText(const std::function<std::string(const std::string& name)>& valueOf)
{
    VerifyOptions o;
    auto text = [&](const char* name) {
        std::string v = valueOf(name);
        if (v.empty()) {
            for (const auto& spec : verificationOptionSpecs()) {
                if (spec.name == name) {
                    v = spec.defaultValue;
                }
            }
        }
        return v;
    };
    o.tolerances.relativePpm = percentToPpm(text("relative-tolerance-pct"), "--relative-tolerance-pct");
    o.tolerances.absoluteNs = microsToNs(text("absolute-tolerance-us"), "--absolute-tolerance-us");
    o.tolerances.hiddenSharePpm = pointsToPpm(text("hidden-tolerance-points"), "--hidden-tolerance-points");
    o.tolerances.tailRecallPpm = fractionToPpm(text("tail-recall-threshold"), "--tail-recall-threshold");
    o.tolerances.rankingTieNs = microsToNs(text("ranking-tie-tolerance-us"), "--ranking-tie-tolerance-us");
    o.tolerances.rankingTiePpm = percentToPpm(text("ranking-tie-tolerance-pct"), "--ranking-tie-tolerance-pct");
    o.protocol.seed = parseCount(text("seed"), "seed", 0, std::uint64_t(1) << 62);
    o.protocol.iterations = static_cast<std::uint32_t>(parseCount(text("iterations"), "iterations", 1, kMaxIterations));
    o.protocol.tieTolerancePpm = o.tolerances.rankingTiePpm;
    validateTolerances(o.tolerances, "tolerance options");
    return o;
}

ConfigSet verificationConfigSet(const std::string& path)
{
    ConfigSet set = path.empty() ? defaultConfigSet() : readConfigSet(path);
    if (set.configurations.size() < 2) {
        throw InputError(path.empty() ? std::string("the default configuration set") : path,
                         "verification ranks configurations against each other: the set needs at least two "
                         "configurations, it has " +
                             std::to_string(set.configurations.size()));
    }
    return set;
}

} // namespace cc::verify
