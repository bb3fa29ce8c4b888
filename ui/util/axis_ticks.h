// Tick positions and labels for chart axes in scaled units: durations as ns/µs/ms/s, sizes as
// B/KiB/MiB/GiB, counts as k/M/G, never "1e+09 µs" or "1.05e+06". Display only: the values are
// chart coordinates (doubles) and never reach an artifact.
#pragma once

#include <QString>

#include <utility>
#include <vector>

namespace cc::ui {

enum class AxisUnit {
    Nanoseconds, ///< a duration in ns
    Bytes,       ///< a size in bytes (binary multiples)
    Count,       ///< a plain number (decimal multiples)
};

struct AxisTick {
    double value = 0; ///< in the unit's base (ns, bytes, count)
    QString label;
};

/// value formatted in the unit that suits magnitude ("2.5 ms" for 2.5e6 ns with magnitude 1e6;
/// "0.5 ms" for 5e5 ns when magnitude is 1.5e6). At most three significant digits, trailing zeros
/// dropped, the locale's decimal point.
QString formatAxisValue(double value, AxisUnit unit, double magnitude);
inline QString formatAxisValue(double value, AxisUnit unit)
{
    return formatAxisValue(value, unit, value);
}

/// A range wide enough to draw ticks on: an empty or inverted range (a single sample) is widened
/// around its value (x/2 .. x*2 on a log axis, ±50 % or 0 .. 1 on a linear one).
std::pair<double, double> drawableRange(double low, double high, bool logarithmic);

/// Ticks at 1, 10, 100 ... of the unit's scale (powers of 4 for bytes: 1 KiB, 4 KiB, 16 KiB ...),
/// thinned to at most maxTicks, or 1-2-5 steps when the range spans less than two of them; each
/// labelled in its own unit ("100 µs", "1 ms"). low and high must be positive. Never empty for a
/// drawableRange.
std::vector<AxisTick> logTicks(double low, double high, AxisUnit unit, int maxTicks = 8);

/// Ticks at a 1-2-5 step (binary for bytes) from low to high, at most about maxTicks, all labelled
/// in the unit of the largest ("0 ms", "0.5 ms", "1 ms").
std::vector<AxisTick> linearTicks(double low, double high, AxisUnit unit, int maxTicks = 6);

} // namespace cc::ui
