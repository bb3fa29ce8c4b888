#include "ui/timeline/timeline_painter.h"

#include "ui/util/text.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>

namespace cc::ui {

namespace {

constexpr int kDensityLevels = 8;

/// Pixel position clamped far enough outside the plot that extreme zooms never overflow int.
int pixel(double x, int width)
{
    return static_cast<int>(std::floor(std::clamp(x, -2.0, static_cast<double>(width) + 2.0)));
}

int densityLevel(std::uint32_t count)
{
    int level = 0;
    while (count > 1 && level < kDensityLevels - 1) {
        count >>= 2;
        ++level;
    }
    return level;
}

/// Opaque rectangles written straight into the plot's pixels: thousands of them per frame cost
/// a few memory fills instead of as many QPainter calls.
class Canvas {
public:
    explicit Canvas(QImage& image)
        : bits_(reinterpret_cast<QRgb*>(image.bits())), stride_(image.bytesPerLine() / 4), width_(image.width()),
          height_(image.height())
    {
    }
    void fill(int x, int y, int w, int h, QRgb color)
    {
        const int x0 = std::max(x, 0);
        const int x1 = std::min(x + w, width_);
        const int y0 = std::max(y, 0);
        const int y1 = std::min(y + h, height_);
        if (x1 <= x0 || y1 <= y0) {
            return;
        }
        for (int row = y0; row < y1; ++row) {
            std::fill_n(bits_ + static_cast<std::ptrdiff_t>(row) * stride_ + x0, x1 - x0, color);
        }
    }

private:
    QRgb* bits_;
    qsizetype stride_;
    int width_;
    int height_;
};

class LanePainter {
public:
    LanePainter(Canvas& canvas, const TimelineData& data, const TimeScale& scale, const TimelineStyle& style,
                int plotWidth)
        : canvas_(canvas), data_(data), scale_(scale), style_(style), width_(plotWidth)
    {
        for (int k = 0; k < kOpKindCount; ++k) {
            const QColor base = TimelineStyle::opColor(static_cast<OpKind>(k));
            for (int level = 0; level < kDensityLevels; ++level) {
                colors_[static_cast<std::size_t>(k * kDensityLevels + level)] = base.darker(100 + 18 * level).rgb();
            }
            hiddenColors_[static_cast<std::size_t>(k)] = base.lighter(160).rgb();
        }
    }

    void paintLane(const TimelineLane& lane, int top, TimelinePaintStats& stats)
    {
        if (lane.size() == 0) {
            return;
        }
        const Ns t0 = static_cast<Ns>(std::floor(scale_.begin()));
        const Ns t1 = static_cast<Ns>(std::ceil(scale_.end()));
        std::uint32_t i = lane.firstReaching(t0);
        const std::uint32_t last = lane.firstBeginningAfter(t1);
        while (i < last) {
            const double xb = scale_.toX(static_cast<double>(lane.begin[i]));
            const double column = std::max(-1.0, std::floor(xb));
            const Ns boundary = static_cast<Ns>(std::ceil(scale_.timeAt(column + 1.0)));
            const std::uint32_t j = TimelinePainter::gallop(lane.begin, i + 1, last, boundary);
            if (j == i + 1) {
                paintEvent(lane, i, top);
                ++stats.eventsDrawn;
            } else {
                const std::uint32_t widest = lane.endMax.argmax(lane.end, i, j);
                paintFolded(lane, widest, static_cast<int>(column), j - i, top);
                ++stats.foldedColumns;
                stats.foldedEvents += j - i;
            }
            i = j;
        }
    }

private:
    QRgb color(OpKind kind, int level = 0) const
    {
        return colors_[static_cast<std::size_t>(static_cast<int>(kind) * kDensityLevels + level)];
    }

    void span(double fromTime, double toTime, int top, int height, QRgb color, bool atLeastOne)
    {
        const int x0 = pixel(scale_.toX(fromTime), width_);
        int x1 = pixel(std::ceil(scale_.toX(toTime)), width_);
        if (x1 <= x0) {
            if (!atLeastOne) {
                return;
            }
            x1 = x0 + 1;
        }
        const int a = std::max(x0, 0);
        const int b = std::min(x1, width_);
        if (b > a) {
            canvas_.fill(a, top, b - a, height, color);
        }
    }

    void paintEvent(const TimelineLane& lane, std::uint32_t k, int top)
    {
        const int h = style_.laneHeight;
        const OpKind kind = lane.kind[k];
        if (!data_.replayed()) {
            span(static_cast<double>(lane.begin[k]), static_cast<double>(lane.begin[k]), top, h, color(kind), true);
            return;
        }
        const std::uint32_t event = lane.events[k];
        const EventTimings& t = *data_.timings;
        const double issue = static_cast<double>(t.issue[event]);
        const double rankWaitEnd = issue + static_cast<double>(t.rankWait[event]);
        const double start = static_cast<double>(t.start[event]);
        const double end = static_cast<double>(t.end[event]);
        span(issue, rankWaitEnd, top + h * 2 / 5, std::max(2, h / 5), rankWait_, false);
        span(rankWaitEnd, start, top + h / 4, std::max(2, h / 2), queueWait_, false);
        span(start, end, top, h, color(kind), true);
        const Ns hidden = t.hidden[event];
        if (hidden > 0) {
            span(start, std::min(end, start + static_cast<double>(hidden)), top + h - std::max(3, h / 6),
                 std::max(3, h / 6), hiddenColors_[static_cast<std::size_t>(kind)], false);
        }
    }

    void paintFolded(const TimelineLane& lane, std::uint32_t widest, int column, std::uint32_t count, int top)
    {
        const int x0 = std::max(column, 0);
        const int xe = pixel(std::ceil(scale_.toX(static_cast<double>(lane.end[widest]))), width_);
        const int x1 = std::min(std::max(x0 + 1, xe), width_);
        if (x1 <= x0) {
            return;
        }
        const OpKind kind = lane.kind[widest];
        if (x1 - x0 >= 3 && data_.replayed()) {
            // The column's latest-ending event spans several pixels: show it in full detail,
            // then mark the start column with the folded density.
            paintEvent(lane, widest, top);
            canvas_.fill(x0, top, 1, style_.laneHeight, color(kind, densityLevel(count)));
            return;
        }
        canvas_.fill(x0, top, x1 - x0, style_.laneHeight, color(kind, densityLevel(count)));
    }

    Canvas& canvas_;
    const TimelineData& data_;
    const TimeScale& scale_;
    const TimelineStyle& style_;
    int width_;
    std::array<QRgb, static_cast<std::size_t>(kOpKindCount* kDensityLevels)> colors_{};
    std::array<QRgb, static_cast<std::size_t>(kOpKindCount)> hiddenColors_{};
    QRgb rankWait_ = TimelineStyle::rankWaitColor().rgb();
    QRgb queueWait_ = TimelineStyle::queueWaitColor().rgb();
};

} // namespace

std::uint32_t TimelinePainter::gallop(const std::vector<Ns>& values, std::uint32_t from, std::uint32_t last, Ns value)
{
    if (from >= last || values[from] >= value) {
        return from;
    }
    std::uint32_t low = from; // values[low] < value
    std::uint32_t high = last;
    std::uint64_t step = 1;
    for (;;) {
        const std::uint64_t probe = low + step;
        if (probe >= last) {
            break;
        }
        if (values[static_cast<std::size_t>(probe)] >= value) {
            high = static_cast<std::uint32_t>(probe);
            break;
        }
        low = static_cast<std::uint32_t>(probe);
        step <<= 1;
    }
    return static_cast<std::uint32_t>(std::lower_bound(values.begin() + low + 1, values.begin() + high, value) -
                                      values.begin());
}

QString TimelinePainter::tickLabel(Ns time, Ns step)
{
    const Ns magnitude = std::max<Ns>(std::abs(time), step);
    struct Unit {
        Ns scale;
        const char* format;
    };
    Unit unit{1, QT_TRANSLATE_NOOP("cc::ui::Units", "%1 ns")};
    if (magnitude >= 1'000'000'000) {
        unit = {1'000'000'000, QT_TRANSLATE_NOOP("cc::ui::Units", "%1 s")};
    } else if (magnitude >= 1'000'000) {
        unit = {1'000'000, QT_TRANSLATE_NOOP("cc::ui::Units", "%1 ms")};
    } else if (magnitude >= 1'000) {
        unit = {1'000, QT_TRANSLATE_NOOP("cc::ui::Units", "%1 µs")};
    }
    int decimals = 0;
    for (Ns resolution = unit.scale; resolution > step && decimals < 9; resolution /= 10) {
        ++decimals;
    }
    const double value = static_cast<double>(time) / static_cast<double>(unit.scale);
    return QCoreApplication::translate("cc::ui::Units", unit.format).arg(QLocale().toString(value, 'f', decimals));
}

std::optional<std::uint32_t> TimelinePainter::eventAt(const TimelineLane& lane, double time, double tolerance)
{
    if (lane.size() == 0) {
        return std::nullopt;
    }
    const Ns low = static_cast<Ns>(std::floor(time - tolerance));
    const Ns high = static_cast<Ns>(std::ceil(time + tolerance));
    const std::uint32_t first = lane.firstReaching(low);
    const std::uint32_t last = lane.firstBeginningAfter(high);
    std::optional<std::uint32_t> best;
    double bestDistance = 0;
    // Nearest first: walk back from the last candidate; bounded so a click on a column folding
    // millions of events stays instant.
    constexpr std::uint32_t kMaxCandidates = 1u << 16;
    std::uint32_t visited = 0;
    for (std::uint32_t k = last; k > first && visited < kMaxCandidates; --k, ++visited) {
        const std::uint32_t e = k - 1;
        const double begin = static_cast<double>(lane.begin[e]);
        const double end = static_cast<double>(lane.end[e]);
        double distance = 0;
        if (time < begin) {
            distance = begin - time;
        } else if (time > end) {
            distance = time - end;
        }
        if (distance <= tolerance && (!best || distance < bestDistance)) {
            best = lane.events[e];
            bestDistance = distance;
            if (distance == 0) {
                break;
            }
        }
    }
    return best;
}

TimelinePaintStats TimelinePainter::paint(QPainter& painter, const QRect& area, const TimelineData& data,
                                          const TimeScale& scale, const TimelineStyle& style, int scrollY,
                                          const TimelineOverlay& overlay)
{
    TimelinePaintStats stats;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setClipRect(area);
    painter.fillRect(area, QColor(252, 252, 252));

    const int plotLeft = area.left() + style.labelWidth;
    const int plotWidth = std::max(1, area.width() - style.labelWidth);
    const int plotTop = area.top() + style.axisHeight;
    const QRect plot(plotLeft, plotTop, plotWidth, std::max(0, area.height() - style.axisHeight));
    const int laneCount = static_cast<int>(data.lanes.size());

    // The plot (stripes, tail windows, events, overlays) is drawn into an opaque offscreen image
    // and copied once: events go in as raw pixel fills, the rest through a QPainter on the image.
    static thread_local QImage canvasImage;
    if (canvasImage.width() < plot.width() || canvasImage.height() < plot.height()) {
        canvasImage = QImage(std::max(plot.width(), 1), std::max(plot.height(), 1), QImage::Format_RGB32);
    }
    const QRect local(0, 0, plot.width(), plot.height());
    auto laneTopIn = [&](int lane) { return area.top() + style.laneTop(lane, scrollY) - plotTop; };
    auto laneVisible = [&](int top) { return top + style.laneHeight >= 0 && top < plot.height(); };
    {
        QPainter cp(&canvasImage);
        cp.setClipRect(local);
        cp.fillRect(local, QColor(252, 252, 252));
        for (int lane = 1; lane < laneCount; lane += 2) {
            const int top = laneTopIn(lane);
            if (laneVisible(top)) {
                cp.fillRect(QRect(0, top - style.laneGap / 2, plotWidth, style.laneHeight + style.laneGap),
                            QColor(244, 245, 248));
            }
        }
        // Tail windows behind the events.
        if (overlay.showTailWindows && !data.tailWindows.empty()) {
            const double t0 = scale.begin();
            const double t1 = scale.end();
            const auto first =
                std::lower_bound(data.tailWindows.begin(), data.tailWindows.end(), t0,
                                 [](const TailWindow& w, double t) { return static_cast<double>(w.end) < t; });
            int lastX = -10;
            QColor tail = TimelineStyle::tailColor();
            tail.setAlpha(45);
            for (auto it = first; it != data.tailWindows.end() && static_cast<double>(it->begin) <= t1; ++it) {
                const int x0 = std::max(pixel(scale.toX(static_cast<double>(it->begin)), plotWidth), lastX);
                const int x1 = std::max(x0 + 2, pixel(std::ceil(scale.toX(static_cast<double>(it->end))), plotWidth));
                if (x1 <= lastX) {
                    continue;
                }
                cp.fillRect(QRect(x0, 0, x1 - x0, plot.height()), tail);
                lastX = x1;
            }
            if (overlay.currentTailWindow >= 0 &&
                overlay.currentTailWindow < static_cast<int>(data.tailWindows.size())) {
                const TailWindow& w = data.tailWindows[static_cast<std::size_t>(overlay.currentTailWindow)];
                const int x0 = pixel(scale.toX(static_cast<double>(w.begin)), plotWidth);
                const int x1 = std::max(x0 + 2, pixel(std::ceil(scale.toX(static_cast<double>(w.end))), plotWidth));
                QColor strong = TimelineStyle::tailColor();
                strong.setAlpha(70);
                const QRect rect(x0, 0, x1 - x0, plot.height());
                cp.fillRect(rect, strong);
                cp.setPen(QPen(TimelineStyle::tailColor(), 1));
                cp.drawRect(rect.adjusted(0, 0, -1, -1));
            }
        }
    }

    // Events.
    Canvas canvas(canvasImage);
    LanePainter lanePainter(canvas, data, scale, style, plotWidth);
    for (int lane = 0; lane < laneCount; ++lane) {
        const int top = laneTopIn(lane);
        if (!laneVisible(top)) {
            continue;
        }
        lanePainter.paintLane(data.lanes[static_cast<std::size_t>(lane)], top, stats);
        ++stats.lanesDrawn;
    }

    {
        QPainter cp(&canvasImage);
        cp.setClipRect(local);
        // Selected event outline (in every lane that holds it).
        if (overlay.selectedEvent && *overlay.selectedEvent < data.eventCount) {
            const std::uint32_t event = *overlay.selectedEvent;
            const double begin = static_cast<double>(data.issueOf(event));
            const double end = static_cast<double>(data.endOf(event));
            const int x0 = pixel(scale.toX(begin), plotWidth);
            const int x1 = std::max(x0 + 1, pixel(std::ceil(scale.toX(end)), plotWidth));
            cp.setPen(QPen(QColor(20, 20, 20), 2));
            cp.setBrush(Qt::NoBrush);
            for (int lane = 0; lane < laneCount; ++lane) {
                const TimelineLane& l = data.lanes[static_cast<std::size_t>(lane)];
                const int top = laneTopIn(lane);
                if (!laneVisible(top)) {
                    continue;
                }
                // Lanes keep canonical order whenever begin times are sorted, which they are for
                // every trace; fall back to a scan otherwise.
                const auto k = std::lower_bound(l.events.begin(), l.events.end(), event);
                bool holds = k != l.events.end() && *k == event;
                if (!holds && !std::is_sorted(l.events.begin(), l.events.end())) {
                    holds = std::find(l.events.begin(), l.events.end(), event) != l.events.end();
                }
                if (holds) {
                    cp.drawRect(QRect(x0 - 2, top - 2, x1 - x0 + 3, style.laneHeight + 3));
                }
            }
        }
        // Range selection.
        if (overlay.selection) {
            const int x0 = pixel(scale.toX(overlay.selection->begin), plotWidth);
            const int x1 = pixel(scale.toX(overlay.selection->end), plotWidth);
            QColor fill = TimelineStyle::selectionColor();
            fill.setAlpha(50);
            const QRect rect(std::min(x0, x1), 0, std::max(1, std::abs(x1 - x0)), plot.height());
            cp.fillRect(rect, fill);
            cp.setPen(QPen(TimelineStyle::selectionColor(), 1));
            cp.drawLine(rect.topLeft(), rect.bottomLeft());
            cp.drawLine(rect.topRight(), rect.bottomRight());
        }
    }
    painter.drawImage(plot.topLeft(), canvasImage, local);

    // Axis.
    const QRect axis(plotLeft, area.top(), plotWidth, style.axisHeight);
    painter.fillRect(QRect(area.left(), area.top(), area.width(), style.axisHeight), QColor(236, 238, 242));
    painter.setPen(QColor(60, 60, 60));
    const QFontMetrics metrics(painter.font());
    const Ns step = scale.majorStep();
    for (const auto& tick : scale.ticks()) {
        const int x = plotLeft + static_cast<int>(std::floor(tick.x));
        if (x < plotLeft || x >= plotLeft + plotWidth) {
            continue;
        }
        if (tick.major) {
            painter.setPen(QColor(60, 60, 60));
            painter.drawLine(x, axis.bottom() - 8, x, axis.bottom());
            painter.drawText(QPoint(x + 3, axis.top() + metrics.ascent() + 3), tickLabel(tick.time, step));
            painter.setPen(QColor(0, 0, 0, 25));
            painter.drawLine(x, plotTop, x, area.bottom());
        } else {
            painter.setPen(QColor(110, 110, 110));
            painter.drawLine(x, axis.bottom() - 4, x, axis.bottom());
        }
    }
    painter.setPen(QColor(180, 180, 180));
    painter.drawLine(area.left(), axis.bottom(), area.right(), axis.bottom());

    // Lane labels.
    const QRect labels(area.left(), plotTop, style.labelWidth, plot.height());
    painter.save();
    painter.setClipRect(labels);
    painter.fillRect(labels, QColor(236, 238, 242));
    for (int lane = 0; lane < laneCount; ++lane) {
        const int top = area.top() + style.laneTop(lane, scrollY);
        if (top + style.laneHeight < plotTop || top > area.bottom()) {
            continue;
        }
        const TimelineLane& l = data.lanes[static_cast<std::size_t>(lane)];
        painter.setPen(QColor(30, 30, 30));
        const QString text = metrics.elidedText(l.label, Qt::ElideMiddle, style.labelWidth - 10);
        painter.drawText(QRect(area.left() + 6, top, style.labelWidth - 10, style.laneHeight),
                         Qt::AlignVCenter | Qt::AlignLeft, text);
    }
    painter.restore();
    painter.setPen(QColor(180, 180, 180));
    painter.drawLine(plotLeft - 1, area.top(), plotLeft - 1, area.bottom());

    if (!overlay.banner.isEmpty()) {
        const QRect bannerRect = metrics.boundingRect(overlay.banner).adjusted(-8, -4, 8, 4);
        const QRect placed(plotLeft + plotWidth - bannerRect.width() - 10, area.bottom() - bannerRect.height() - 10,
                           bannerRect.width(), bannerRect.height());
        painter.fillRect(placed, QColor(255, 243, 205));
        painter.setPen(QColor(133, 100, 4));
        painter.drawRect(placed.adjusted(0, 0, -1, -1));
        painter.drawText(placed, Qt::AlignCenter, overlay.banner);
    }
    painter.restore();
    return stats;
}

} // namespace cc::ui
