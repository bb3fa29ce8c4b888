#include "ui/util/axis_ticks.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace cc::ui {

namespace {

/// Three significant digits at most, trailing zeros dropped.
QString number(double value)
{
    const double magnitude = std::fabs(value);
    const int decimals = magnitude >= 100.0 || magnitude == 0.0 ? 0 : (magnitude >= 10.0 ? 1 : 2);
    QString text = QLocale().toString(value, 'f', decimals);
    const QString point = QLocale().decimalPoint();
    if (decimals > 0 && text.contains(point)) {
        while (text.endsWith(QLatin1Char('0'))) {
            text.chop(1);
        }
        if (text.endsWith(point)) {
            text.chop(point.size());
        }
    }
    return text;
}

struct Scale {
    double factor;
    const char* pattern; ///< a translated unit pattern of context cc::ui::Units, or a plain suffix
    bool translated;
};

Scale scaleFor(double magnitude, AxisUnit unit)
{
    magnitude = std::fabs(magnitude);
    switch (unit) {
    case AxisUnit::Nanoseconds:
        if (magnitude < 1e3) {
            return {1.0, "%1 ns", true};
        }
        if (magnitude < 1e6) {
            return {1e3, "%1 µs", true};
        }
        if (magnitude < 1e9) {
            return {1e6, "%1 ms", true};
        }
        return {1e9, "%1 s", true};
    case AxisUnit::Bytes:
        if (magnitude < 1024.0) {
            return {1.0, "%1 B", true};
        }
        if (magnitude < 1024.0 * 1024.0) {
            return {1024.0, "%1 KiB", true};
        }
        if (magnitude < 1024.0 * 1024.0 * 1024.0) {
            return {1024.0 * 1024.0, "%1 MiB", true};
        }
        return {1024.0 * 1024.0 * 1024.0, "%1 GiB", true};
    case AxisUnit::Count:
        if (magnitude < 1e3) {
            return {1.0, "%1", false};
        }
        if (magnitude < 1e6) {
            return {1e3, "%1 k", false};
        }
        if (magnitude < 1e9) {
            return {1e6, "%1 M", false};
        }
        return {1e9, "%1 G", false};
    }
    return {1.0, "%1", false};
}

} // namespace

QString formatAxisValue(double value, AxisUnit unit, double magnitude)
{
    const Scale scale = scaleFor(magnitude, unit);
    const QString pattern = scale.translated ? QCoreApplication::translate("cc::ui::Units", scale.pattern)
                                             : QString::fromUtf8(scale.pattern);
    return pattern.arg(number(value / scale.factor));
}

std::pair<double, double> drawableRange(double low, double high, bool logarithmic)
{
    if (logarithmic) {
        low = std::max(low, 1e-9);
        if (!(high > low * 1.000001)) {
            return {low / 2.0, low * 2.0};
        }
        return {low, high};
    }
    if (!(high > low)) {
        return low == 0.0 ? std::pair{0.0, 1.0} : std::pair{low - std::fabs(low) / 2.0, low + std::fabs(low) / 2.0};
    }
    return {low, high};
}

std::vector<AxisTick> logTicks(double low, double high, AxisUnit unit, int maxTicks)
{
    std::vector<AxisTick> ticks;
    if (!(low > 0.0) || !(high >= low)) {
        return ticks;
    }
    // Decades (or powers of 4 for sizes, so every tick is a whole KiB/MiB/GiB multiple).
    const double base = unit == AxisUnit::Bytes ? 4.0 : 10.0;
    const auto firstExponent = static_cast<int>(std::ceil(std::log(low) / std::log(base) - 1e-9));
    const auto lastExponent = static_cast<int>(std::floor(std::log(high) / std::log(base) + 1e-9));
    const int count = lastExponent - firstExponent + 1;
    if (count >= 2) {
        const int stride = std::max(1, (count + maxTicks - 1) / std::max(1, maxTicks));
        for (int e = firstExponent; e <= lastExponent; e += stride) {
            const double value = std::pow(base, e);
            ticks.push_back({value, formatAxisValue(value, unit)});
        }
        return ticks;
    }
    // Less than two powers in range: 1-2-5 steps of the decade, then every mantissa.
    for (const std::vector<double>& mantissas :
         {std::vector<double>{1, 2, 5}, std::vector<double>{1, 1.5, 2, 3, 4, 5, 6, 7, 8, 9}}) {
        ticks.clear();
        for (int e = static_cast<int>(std::floor(std::log10(low))) - 1;
             e <= static_cast<int>(std::ceil(std::log10(high))); ++e) {
            for (const double m : mantissas) {
                const double value = m * std::pow(10.0, e);
                if (value >= low * (1 - 1e-9) && value <= high * (1 + 1e-9)) {
                    ticks.push_back({value, formatAxisValue(value, unit)});
                }
            }
        }
        if (ticks.size() >= 2) {
            return ticks;
        }
    }
    // A very narrow range: its two ends.
    ticks = {{low, formatAxisValue(low, unit)}, {high, formatAxisValue(high, unit)}};
    if (ticks[0].label == ticks[1].label) {
        ticks.pop_back();
    }
    return ticks;
}

std::vector<AxisTick> linearTicks(double low, double high, AxisUnit unit, int maxTicks)
{
    std::vector<AxisTick> ticks;
    if (!(high > low)) {
        ticks.push_back({low, formatAxisValue(low, unit)});
        return ticks;
    }
    const double span = (high - low) / std::max(1, maxTicks);
    const Scale scale = scaleFor(std::max(std::fabs(low), std::fabs(high)), unit);
    // A 1-2-5 step in the unit the labels use, so "0.5 ms" steps rather than "500000 ns".
    const double scaled = span / scale.factor;
    const double power = std::pow(10.0, std::floor(std::log10(scaled)));
    double step = power;
    for (const double m : {1.0, 2.0, 5.0, 10.0}) {
        step = m * power;
        if (step >= scaled) {
            break;
        }
    }
    step *= scale.factor;
    const double magnitude = std::max(std::fabs(low), std::fabs(high));
    for (double k = std::ceil(low / step - 1e-9); k * step <= high * (1 + 1e-12) + 1e-12; k += 1.0) {
        const double value = k * step;
        ticks.push_back({value, formatAxisValue(value, unit, magnitude)});
    }
    return ticks;
}

} // namespace cc::ui
