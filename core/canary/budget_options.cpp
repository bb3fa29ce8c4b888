#include "core/canary/budget_options.h"

#include "core/util/decimal.h"
#include "core/util/errors.h"

namespace cc {

const std::vector<BudgetCapOption>& budgetCapOptions()
{
    static const std::vector<BudgetCapOption> options = {
        {"max-gap-error-us", "X", "bound on the issue-to-issue gap error, microseconds"},
        {"max-skew-error-us", "X",
         "bound on the arrival-skew error, microseconds (each rank's arrival offset is held within half of it)"},
        {"max-overlap-error-us", "X", "bound on the compute-overlap error, microseconds"},
        {"max-compute-before-error-us", "X", "bound on the compute-before error, microseconds"},
        {"max-pressure-error", "X", "bound on the compute-pressure error (a factor)"},
        {"max-exposed-error-us", "X", "bound on the observed-exposed-latency error, microseconds"},
    };
    return options;
}

TimingBudget budgetCapsFromText(const std::function<std::string(const std::string& name)>& valueOf)
{
    TimingBudget budget;
    auto micros = [&](const std::string& name, std::optional<Ns>& slot) {
        const std::string text = valueOf(name);
        if (text.empty()) {
            return;
        }
        const auto parsed = parseScaledDecimal(text, kMicrosToNanosScale);
        if (parsed.error != DecimalError::None) {
            throw InputError("--" + name,
                             "must be a non-negative number of microseconds with at most 3 decimals (got \"" + text +
                                 "\")");
        }
        slot = parsed.value;
    };
    micros("max-gap-error-us", budget.gap);
    micros("max-skew-error-us", budget.skew);
    micros("max-overlap-error-us", budget.overlap);
    micros("max-compute-before-error-us", budget.computeBefore);
    micros("max-exposed-error-us", budget.exposed);
    if (const std::string text = valueOf("max-pressure-error"); !text.empty()) {
        const auto parsed = parseScaledDecimal(text, kFactorScale);
        if (parsed.error != DecimalError::None) {
            throw InputError("--max-pressure-error",
                             "must be a non-negative number with at most 9 decimals (got \"" + text + "\")");
        }
        budget.pressure = parsed.value;
    }
    return budget;
}

} // namespace cc
