// The per-field caps of a timing budget as both drivers take them: the options --max-*-error of
// `commcanary compile` and the fields of the workbench's budget form, named and parsed once, so the
// two spell and interpret them the same way.
#pragma once

#include "core/canary/canary.h"

#include <functional>
#include <string>
#include <vector>

namespace cc {

struct BudgetCapOption {
    std::string name;      ///< without the leading dashes: "max-gap-error-us"
    std::string valueName; ///< "X"
    std::string help;      ///< for --help
};

/// --max-gap-error-us, --max-skew-error-us, --max-overlap-error-us, --max-compute-before-error-us,
/// --max-pressure-error, --max-exposed-error-us, in the order both drivers list them.
const std::vector<BudgetCapOption>& budgetCapOptions();

/// The caps named by those options, read through valueOf(name) (the option's text; "" for no cap).
/// Microseconds and the pressure factor are converted from their decimal text exactly. The sample
/// limits are left unset. Throws InputError naming the option and the rule.
TimingBudget budgetCapsFromText(const std::function<std::string(const std::string& name)>& valueOf);

} // namespace cc
