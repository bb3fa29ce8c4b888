#include "core/report/ablation_scan.h"

#include "core/configs/config_io.h"
#include "core/report/report_fields.h"
#include "core/util/json/writer.h"

namespace cc {

namespace {

inline constexpr std::string_view kScanRule =
    "each control replays alone (one ablation, or isolated mode) with the baseline's seed, iterations and tie "
    "tolerance; a decision flips when its outcome differs from the unablated replay's";

} // namespace

std::string_view pairOutcomeName(PairOutcome outcome)
{
    switch (outcome) {
    case PairOutcome::FirstFaster:
        return "a";
    case PairOutcome::SecondFaster:
        return "b";
    case PairOutcome::Tie:
        break;
    }
    return "tie";
}

std::string ablationScanJson(const DependencyScan& scan, const ConfigSet& set, std::string_view inputSha256,
                             std::uint64_t events)
{
    using json::Value;
    const auto& names = scan.configurations;
    auto decision = [&](std::uint32_t first, std::uint32_t second, RankMetric metric) {
        Value v = Value::object();
        v.set("a", names.at(first));
        v.set("b", names.at(second));
        v.set("metric", rankMetricName(metric));
        return v;
    };
    Value root = Value::object();
    root.set("format", kAblationScanFormat);
    Value model = Value::object();
    model.set("name", kSimulatorModelName);
    model.set("version", kSimulatorVersion);
    model.set("statement", kModelStatement);
    root.set("model", std::move(model));
    Value input = Value::object();
    input.set("sha256", inputSha256);
    input.set("hash_of", report_fields::kInputHashOf);
    input.set("events", events);
    root.set("input", std::move(input));
    Value configurations = Value::object();
    configurations.set("name", set.name);
    configurations.set("sha256", configSetSha256(set));
    Value list = Value::array();
    for (const std::string& name : names) {
        list.push(name);
    }
    configurations.set("names", std::move(list));
    root.set("configurations", std::move(configurations));
    Value protocol = Value::object();
    protocol.set("seed", scan.protocol.seed);
    protocol.set("iterations", scan.protocol.iterations);
    protocol.set("tie_tolerance_ppm", scan.protocol.tieTolerancePpm);
    protocol.set("quantiles", report_fields::kQuantileRule);
    protocol.set("ranking_rule", report_fields::kRankingRule);
    protocol.set("controls_are", report_fields::kAblationsAre);
    protocol.set("scan_rule", kScanRule);
    root.set("protocol", std::move(protocol));
    Value baseline = Value::array();
    for (const PairDecision& p : scan.baseline) {
        Value v = decision(p.first, p.second, p.metric);
        v.set("a_ns", p.firstValue);
        v.set("b_ns", p.secondValue);
        v.set("outcome", pairOutcomeName(p.outcome));
        baseline.push(std::move(v));
    }
    root.set("baseline", std::move(baseline));
    Value controls = Value::array();
    for (const ControlFlips& control : scan.controls) {
        Value c = Value::object();
        c.set("control", control.control.name());
        Value flips = Value::array();
        for (const RankingFlip& flip : control.flips) {
            Value v = decision(flip.first, flip.second, flip.metric);
            v.set("before", pairOutcomeName(flip.before));
            v.set("after", pairOutcomeName(flip.after));
            flips.push(std::move(v));
        }
        c.set("flips", std::move(flips));
        controls.push(std::move(c));
    }
    root.set("controls", std::move(controls));
    Value dependencies = Value::array();
    for (const DecisionDependency& d : scan.dependencies()) {
        Value v = decision(d.first, d.second, d.metric);
        Value by = Value::array();
        for (const ScanControl& control : d.controls) {
            by.push(control.name());
        }
        v.set("controls", std::move(by));
        dependencies.push(std::move(v));
    }
    root.set("dependencies", std::move(dependencies));
    return json::toIndentedText(root, 2) + "\n";
}

} // namespace cc
