// The stated error of an event's measured arrival skew.
//
// merge writes "arrival_skew_uncertainty_us" on every event it places on a common clock with a
// clock calibration: the two largest contributing ranks' clock uncertainties, summed, a bound on
// the error of any skew between two of its arrivals. The trace format keeps it among the event's
// unknown fields (extras); this is the one place that reads it back.
#pragma once

#include "core/trace/trace.h"

#include <cstddef>
#include <optional>
#include <string_view>

namespace cc {

inline constexpr std::string_view kArrivalSkewUncertaintyKey = "arrival_skew_uncertainty_us";

/// The event's stated skew uncertainty in ns, or nullopt when it states none. Throws InputError
/// naming the trace, the event and the field when the value is not a non-negative JSON number of
/// microseconds exact to 1 ns.
std::optional<Ns> arrivalSkewUncertainty(const Trace& trace, std::size_t event);

} // namespace cc
