// Small conversions between core values and the text the workbench shows: UTF-8 views to
// QString, integer nanoseconds and bytes to human units. Display only: nothing here is hashed
// or compared, so the doubles used for scaling never reach an artifact.
#pragma once

#include "core/trace/event.h"

#include <QString>

#include <cstdint>
#include <string>
#include <string_view>

namespace cc::ui {

inline QString qs(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}
inline std::string toStd(const QString& text)
{
    return text.toStdString();
}

/// "850 ns", "12.3 µs", "4.56 ms", "1.23 s" (three significant digits, localised separators).
QString formatDuration(Ns ns);
/// The same with the sign kept, for deltas.
QString formatSignedDuration(Ns ns);
/// "512 B", "1.5 KiB", "64 MiB".
QString formatBytes(std::int64_t bytes);
/// A count with the locale's group separators.
QString formatCount(std::uint64_t count);
/// A ratio as a percentage with one decimal ("12.5 %").
QString formatPercent(double fraction);

} // namespace cc::ui
