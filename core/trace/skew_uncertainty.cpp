#include "core/trace/skew_uncertainty.h"

#include "core/util/decimal.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"

#include <string>

namespace cc {

std::optional<Ns> arrivalSkewUncertainty(const Trace& trace, std::size_t event)
{
    if (trace.extraIndex[event] == kNoString) {
        return std::nullopt;
    }
    const std::string_view extras = trace.extras[trace.extraIndex[event]];
    if (extras.find(kArrivalSkewUncertaintyKey) == std::string_view::npos) {
        return std::nullopt; // cheap test first: most extras never mention it
    }
    const auto refuse = [&](const std::string& rule) {
        return InputError(Diagnostic{trace.sourceName, trace.sourceIndex[event], std::string(trace.id(event)),
                                     std::string(kArrivalSkewUncertaintyKey), rule});
    };
    const json::Value value = json::parse(extras, trace.sourceName);
    const json::Value* field = value.isObject() ? value.find(kArrivalSkewUncertaintyKey) : nullptr;
    if (field == nullptr) {
        return std::nullopt; // the text was a value or a nested key, not this event's field
    }
    if (!field->isInteger() && !field->isNumber()) {
        throw refuse("must be a non-negative number of microseconds, not " +
                     std::string(json::kindName(field->kind())));
    }
    const std::string text = field->numberLiteral();
    const ScaledValue parsed = parseScaledDecimal(text, kMicrosToNanosScale);
    if (parsed.error != DecimalError::None) {
        throw refuse("value " + text + " " + std::string(decimalErrorText(parsed.error)));
    }
    return parsed.value;
}

} // namespace cc
