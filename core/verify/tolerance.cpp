#include "core/verify/tolerance.h"

#include "core/util/decimal.h"
#include "core/util/errors.h"

#include <limits>

namespace cc::verify {

namespace {

constexpr std::int64_t kMillion = 1'000'000;

void refuse(const std::string& sourceName, const std::string& rule)
{
    throw InputError(sourceName, rule);
}

std::int64_t parseScaled(std::string_view text, int scale, const std::string& optionName, std::int64_t max)
{
    ScaledValue v = parseScaledDecimal(text, scale, false);
    if (v.error != DecimalError::None) {
        refuse(optionName, "'" + std::string(text) + "' " + std::string(decimalErrorText(v.error)));
    }
    if (v.value > max) {
        refuse(optionName, "'" + std::string(text) + "' is above the largest accepted value");
    }
    return v.value;
}

} // namespace

void validateTolerances(const Tolerances& t, const std::string& sourceName)
{
    if (t.relativePpm < 0 || t.absoluteNs < 0 || t.hiddenSharePpm < 0 || t.tailRecallPpm < 0 || t.rankingTiePpm < 0 ||
        t.rankingTieNs < 0) {
        refuse(sourceName, "tolerances must not be negative");
    }
    if (t.tailRecallPpm > kMillion) {
        refuse(sourceName, "the tail recall threshold is a fraction between 0 and 1");
    }
    if (t.rankingTiePpm > kMillion) {
        refuse(sourceName, "the relative ranking tie tolerance must be at most 100 %");
    }
    if (t.hiddenSharePpm > kMillion) {
        refuse(sourceName, "the hidden-share tolerance must be at most 100 percentage points");
    }
}

std::int64_t absoluteDifference(std::int64_t a, std::int64_t b)
{
    const WideInt d = static_cast<WideInt>(a) - static_cast<WideInt>(b);
    const WideInt m = d < 0 ? -d : d;
    return m > std::numeric_limits<std::int64_t>::max() ? std::numeric_limits<std::int64_t>::max()
                                                        : static_cast<std::int64_t>(m);
}

std::optional<std::int64_t> relativeDeltaPpm(std::int64_t delta, std::int64_t base)
{
    if (base <= 0) {
        return std::nullopt;
    }
    const WideInt q = static_cast<WideInt>(delta) * kMillion / base;
    return q > std::numeric_limits<std::int64_t>::max() ? std::numeric_limits<std::int64_t>::max()
                                                        : static_cast<std::int64_t>(q);
}

ValueComparison compareValues(std::int64_t source, std::int64_t canary, std::int64_t absolute, std::int64_t relativePpm)
{
    ValueComparison c;
    c.source = source;
    c.canary = canary;
    c.absoluteDelta = absoluteDifference(canary, source);
    c.relativePpm = relativeDeltaPpm(c.absoluteDelta, source);
    c.pass = c.absoluteDelta <= absolute ||
             (source > 0 && static_cast<WideInt>(c.absoluteDelta) * kMillion <=
                                static_cast<WideInt>(relativePpm) * static_cast<WideInt>(source));
    return c;
}

std::string_view relationName(Relation relation)
{
    switch (relation) {
    case Relation::LeftBetter:
        return "left_better";
    case Relation::RightBetter:
        return "right_better";
    case Relation::Tie:
        break;
    }
    return "tie";
}

Relation decideRelation(Ns left, Ns right, const Tolerances& tolerances)
{
    if (absoluteDifference(left, right) <= tolerances.rankingTieNs) {
        return Relation::Tie;
    }
    switch (decidePair(left, right, tolerances.rankingTiePpm)) {
    case PairOutcome::FirstFaster:
        return Relation::LeftBetter;
    case PairOutcome::SecondFaster:
        return Relation::RightBetter;
    case PairOutcome::Tie:
        break;
    }
    return Relation::Tie;
}

std::int64_t percentToPpm(std::string_view text, const std::string& optionName)
{
    return parseScaled(text, 4, optionName, 100 * kMillion);
}

std::int64_t pointsToPpm(std::string_view text, const std::string& optionName)
{
    return parseScaled(text, 4, optionName, kMillion);
}

std::int64_t fractionToPpm(std::string_view text, const std::string& optionName)
{
    return parseScaled(text, 6, optionName, kMillion);
}

Ns microsToNs(std::string_view text, const std::string& optionName)
{
    return parseScaled(text, kMicrosToNanosScale, optionName, std::int64_t(1) << 60);
}

std::string ppmAsPercent(std::int64_t ppm)
{
    return formatScaledDecimal(ppm, 4);
}
std::string ppmAsFraction(std::int64_t ppm)
{
    return formatScaledDecimal(ppm, 6);
}

} // namespace cc::verify
