// Declared tolerances of behaviour verification and the integer arithmetic that applies them.
//
// Every comparison is exact integer arithmetic: latencies in ns, shares and relative deltas in
// ppm (parts per million). A value check passes when the absolute delta is within the absolute
// tolerance or the delta relative to the source value is within the relative tolerance.
#pragma once

#include "core/replay/simulator.h"
#include "core/util/wide_int.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cc::verify {

struct Tolerances {
    std::int64_t relativePpm = 50'000;    ///< 5 %: |canary - source| * 10^6 <= relativePpm * source passes
    Ns absoluteNs = 1'000;                ///< 1 us: |canary - source| <= absoluteNs passes
    std::int64_t hiddenSharePpm = 20'000; ///< 2 percentage points of hidden-communication share
    std::int64_t tailRecallPpm = 900'000; ///< 0.9: share of source tail samples the canary must recall
    std::int64_t rankingTiePpm = 10'000;  ///< 1 %: relative difference at or below this is a tie
    Ns rankingTieNs = 0;                  ///< absolute difference at or below this is a tie

    friend bool operator==(const Tolerances&, const Tolerances&) = default;
};

/// Refuses tolerances outside their ranges (negative values, recall or tie above 10^6 ppm).
/// Throws InputError naming sourceName (e.g. "--relative-tolerance-pct") and the rule.
void validateTolerances(const Tolerances& tolerances, const std::string& sourceName);

/// The outcome of comparing one source value with one canary value.
struct ValueComparison {
    std::int64_t source = 0;
    std::int64_t canary = 0;
    std::int64_t absoluteDelta = 0;          ///< |canary - source|
    std::optional<std::int64_t> relativePpm; ///< absoluteDelta * 10^6 / source (floor); none when source is 0
    bool pass = false;
};

/// Saturating |a - b| for non-negative inputs.
std::int64_t absoluteDifference(std::int64_t a, std::int64_t b);

/// floor(delta * 10^6 / base), none when base <= 0; saturates at INT64_MAX.
std::optional<std::int64_t> relativeDeltaPpm(std::int64_t delta, std::int64_t base);

/// Passes when |canary - source| <= absolute, or (source > 0 and) |canary - source| * 10^6 <=
/// relativePpm * source. Exact (128-bit products).
ValueComparison compareValues(std::int64_t source, std::int64_t canary, std::int64_t absolute,
                              std::int64_t relativePpm);

/// A configuration pair's relation on one metric. Lower latency is better.
enum class Relation : std::uint8_t { Tie, LeftBetter, RightBetter };
std::string_view relationName(Relation relation); ///< "tie", "left_better", "right_better"

/// Tie when |left - right| <= tieNs or the simulator's relative tie rule (cc::decidePair) says tie.
Relation decideRelation(Ns left, Ns right, const Tolerances& tolerances);

/// Parsing of the human units the CLI accepts, exactly (no floating point). Each throws
/// InputError naming optionName on text that is not a non-negative decimal in range.
std::int64_t percentToPpm(std::string_view text, const std::string& optionName);  ///< "5" -> 50000
std::int64_t pointsToPpm(std::string_view text, const std::string& optionName);   ///< "2" -> 20000
std::int64_t fractionToPpm(std::string_view text, const std::string& optionName); ///< "0.9" -> 900000
Ns microsToNs(std::string_view text, const std::string& optionName);              ///< "1.5" -> 1500

/// "5" for 50000 ppm as a percentage; "0.9" for 900000 ppm as a fraction: exact decimal text.
std::string ppmAsPercent(std::int64_t ppm);
std::string ppmAsFraction(std::int64_t ppm);

} // namespace cc::verify
