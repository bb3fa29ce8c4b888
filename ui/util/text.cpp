#include "ui/util/text.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>
#include <cstdlib>

namespace cc::ui {

namespace {

QString threeDigits(double value)
{
    const double magnitude = std::fabs(value);
    const int decimals = magnitude >= 100.0 ? 0 : (magnitude >= 10.0 ? 1 : 2);
    return QLocale().toString(value, 'f', decimals);
}

} // namespace

QString formatDuration(Ns ns)
{
    const double value = static_cast<double>(ns);
    const double magnitude = std::fabs(value);
    if (magnitude < 1e3) {
        return QCoreApplication::translate("cc::ui::Units", "%1 ns")
            .arg(QLocale().toString(static_cast<qlonglong>(ns)));
    }
    if (magnitude < 1e6) {
        return QCoreApplication::translate("cc::ui::Units", "%1 µs").arg(threeDigits(value / 1e3));
    }
    if (magnitude < 1e9) {
        return QCoreApplication::translate("cc::ui::Units", "%1 ms").arg(threeDigits(value / 1e6));
    }
    return QCoreApplication::translate("cc::ui::Units", "%1 s").arg(threeDigits(value / 1e9));
}

QString formatSignedDuration(Ns ns)
{
    if (ns > 0) {
        return QLatin1Char('+') + formatDuration(ns);
    }
    if (ns < 0) {
        return QChar(0x2212) + formatDuration(-ns);
    }
    return formatDuration(0);
}

QString formatBytes(std::int64_t bytes)
{
    const double value = static_cast<double>(bytes);
    if (std::llabs(bytes) < 1024) {
        return QCoreApplication::translate("cc::ui::Units", "%1 B")
            .arg(QLocale().toString(static_cast<qlonglong>(bytes)));
    }
    if (std::fabs(value) < 1024.0 * 1024.0) {
        return QCoreApplication::translate("cc::ui::Units", "%1 KiB").arg(threeDigits(value / 1024.0));
    }
    if (std::fabs(value) < 1024.0 * 1024.0 * 1024.0) {
        return QCoreApplication::translate("cc::ui::Units", "%1 MiB").arg(threeDigits(value / (1024.0 * 1024.0)));
    }
    return QCoreApplication::translate("cc::ui::Units", "%1 GiB").arg(threeDigits(value / (1024.0 * 1024.0 * 1024.0)));
}

QString formatCount(std::uint64_t count)
{
    return QLocale().toString(static_cast<qulonglong>(count));
}

QString formatPercent(double fraction)
{
    return QCoreApplication::translate("cc::ui::Units", "%1 %").arg(QLocale().toString(fraction * 100.0, 'f', 1));
}

} // namespace cc::ui
