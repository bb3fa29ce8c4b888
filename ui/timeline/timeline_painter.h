// Paints TimelineData for one viewport into any QPainter (a widget, or an offscreen QImage in
// the benchmark and the screenshot test). Cost follows the pixels, not the events: per lane a
// binary search finds the visible index range, and each pixel column is visited once: a column
// that one event starts in draws that event in full (rank wait, queue wait, collective), a
// column that several events start in is folded into one min/max column (from the column to
// the latest completion among them, coloured by that event's operation, darker with density).
#pragma once

#include "ui/timeline/time_scale.h"
#include "ui/timeline/timeline_data.h"
#include "ui/timeline/timeline_search.h"
#include "ui/timeline/timeline_style.h"

#include <QRect>
#include <QString>

#include <memory>
#include <optional>

class QPainter;

namespace cc::ui {

struct TimelineOverlay {
    std::optional<std::uint32_t> selectedEvent; ///< canonical index
    std::optional<VisibleRange> selection;      ///< a dragged time range
    int currentTailWindow = -1;                 ///< index into TimelineData::tailWindows
    bool showTailWindows = true;
    std::shared_ptr<const SearchHits> hits; ///< search matches (marked on the ruler and in lanes)
    bool highlightAll = true;               ///< outline every visible match, not only the ruler marks
    QString banner;                         ///< a note drawn over the plot (e.g. "no replay yet")
};

struct TimelinePaintStats {
    std::size_t lanesDrawn = 0;
    std::size_t eventsDrawn = 0;   ///< drawn one by one
    std::size_t foldedColumns = 0; ///< columns standing for several events
    std::size_t foldedEvents = 0;  ///< events inside folded columns
};

class TimelinePainter {
public:
    /// Paints into area (label column on the left, axis on top). scale's width must be
    /// area.width() - style.labelWidth. scrollY scrolls the lanes vertically.
    static TimelinePaintStats paint(QPainter& painter, const QRect& area, const TimelineData& data,
                                    const TimeScale& scale, const TimelineStyle& style, int scrollY,
                                    const TimelineOverlay& overlay);

    /// Axis label for a tick time, with as many decimals as the tick step needs.
    static QString tickLabel(Ns time, Ns step);
    /// On deep zoom absolute labels would need many digits ("174.722135 s"); the ruler then
    /// shows offsets ("+12.345 µs") from this base, drawn in the ruler's corner. std::nullopt
    /// when absolute labels stay short.
    static std::optional<Ns> rulerBase(const TimeScale& scale);
    /// The ruler's label for a major tick: absolute, or "+offset" from base.
    static QString rulerLabel(Ns time, Ns step, std::optional<Ns> base);
    /// The corner text naming the base ("base 174.7221 s").
    static QString rulerBaseLabel(Ns base, const TimeScale& scale);

    /// The event of the lane nearest to time (within tolerance ns), if any.
    static std::optional<std::uint32_t> eventAt(const TimelineLane& lane, double time, double tolerance);

    /// First index in [from, last) whose value is >= value (exponential then binary search).
    static std::uint32_t gallop(const std::vector<Ns>& values, std::uint32_t from, std::uint32_t last, Ns value);
};

} // namespace cc::ui
