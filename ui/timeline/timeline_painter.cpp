#include "ui/timeline/timeline_painter.h"

#include "ui/util/text.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>

namespace cc::ui {

namespace {

constexpr int kDensityLevels = 8;
/// Columns expected to hold at most this many events are scanned linearly.
constexpr std::uint32_t kLinearScan = 96;

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
/// a few memory fills instead of as many QPainter calls. Coordinates are plot-local; the plot
/// sits at origin in the image and is clipped to size.
class Canvas {
public:
    Canvas(uchar* bits, qsizetype bytesPerLine, QPoint origin, QSize size)
        : bits_(reinterpret_cast<QRgb*>(bits)), stride_(bytesPerLine / 4), origin_(origin), width_(size.width()),
          height_(size.height())
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
            std::fill_n(line(row) + x0, x1 - x0, color);
        }
    }
    /// Darkens column x (a grid line) by alpha/256 towards black, keeping the pixels opaque.
    void darkenColumn(int x, int alpha)
    {
        if (x < 0 || x >= width_) {
            return;
        }
        const auto keep = static_cast<std::uint32_t>(256 - alpha);
        for (int row = 0; row < height_; ++row) {
            QRgb& pixel = line(row)[x];
            const std::uint32_t rb = ((pixel & 0x00ff00ffU) * keep >> 8) & 0x00ff00ffU;
            const std::uint32_t g = ((pixel & 0x0000ff00U) * keep >> 8) & 0x0000ff00U;
            pixel = 0xff000000U | rb | g;
        }
    }

private:
    QRgb* line(int row) const { return bits_ + static_cast<std::ptrdiff_t>(row + origin_.y()) * stride_ + origin_.x(); }
    QRgb* bits_;
    qsizetype stride_;
    QPoint origin_;
    int width_;
    int height_;
};

/// The image the painter draws on, when the plot can be written into it directly: an opaque
/// 32-bit QImage without a transform, holding the whole plot. Otherwise the plot goes through an
/// offscreen image and is copied once.
QImage* directTarget(QPainter& painter, const QRect& plot)
{
    QPaintDevice* device = painter.device();
    if (device == nullptr || device->devType() != QInternal::Image) {
        return nullptr;
    }
    auto* image = static_cast<QImage*>(device);
    const QImage::Format format = image->format();
    if (format != QImage::Format_RGB32 && format != QImage::Format_ARGB32 &&
        format != QImage::Format_ARGB32_Premultiplied) {
        return nullptr;
    }
    if (!painter.deviceTransform().isIdentity() || image->devicePixelRatio() != 1.0 || !image->rect().contains(plot)) {
        return nullptr;
    }
    return image;
}

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

    // Out of line on purpose: inlined into paint, its bucket loop costs 8% more (callgrind,
    // tst_timeline_paint "repaint:1M events, all in view": 32.65M Ir inlined, 30.16M out of line).
    [[gnu::noinline]] void paintLane(const TimelineLane& lane, int top, TimelinePaintStats& stats)
    {
        if (lane.size() == 0) {
            return;
        }
        const Ns t0 = static_cast<Ns>(std::floor(scale_.begin()));
        const Ns t1 = static_cast<Ns>(std::ceil(scale_.end()));
        const std::uint32_t i = lane.firstReaching(t0);
        const std::uint32_t last = lane.firstBeginningAfter(t1);
        if (i >= last) {
            return;
        }
        // Zoomed out far enough that a pixel spans four or more summary buckets: read the buckets.
        const LaneSummary::Level* level = lane.summary.levelFor(scale_.nsPerPixel() / 4.0);
        const Ns origin = lane.summary.origin();
        if (level == nullptr || t1 < origin) {
            paintEvents(lane, i, last, top, stats);
            return;
        }
        const std::uint32_t shift = level->shift;
        const std::size_t buckets = level->widest.size();
        // The first bucket that starts at or after t0; events beginning before it (earlier than
        // t0, or within a quarter pixel after it) are drawn one by one / folded exactly.
        const Ns from = std::max(t0, origin);
        const auto b0 = static_cast<std::size_t>((from - origin + (Ns{1} << shift) - 1) >> shift);
        const std::uint32_t split = b0 < buckets ? std::clamp(level->first[b0], i, last) : last;
        paintEvents(lane, i, split, top, stats);

        int column = std::numeric_limits<int>::min();
        std::uint32_t count = 0;
        std::uint32_t firstEntry = 0;
        LaneSummary::Widest best;
        auto flush = [&]() {
            if (count == 1) {
                paintEvent(lane, firstEntry, top);
                ++stats.eventsDrawn;
            } else if (count > 1) {
                paintFolded(lane, best, column, count, top);
                ++stats.foldedColumns;
                stats.foldedEvents += count;
            }
            count = 0;
        };
        for (std::size_t b = b0; b < buckets; ++b) {
            const std::uint32_t f = std::max(level->first[b], split);
            const std::uint32_t g = std::min(level->first[b + 1], last);
            if (g <= f) {
                if (level->first[b] >= last) {
                    break;
                }
                continue;
            }
            const Ns bucketStart = origin + (static_cast<Ns>(b) << shift);
            const int c = static_cast<int>(std::floor(scale_.toX(static_cast<double>(bucketStart))));
            if (c != column) {
                flush();
                column = c;
                firstEntry = f;
                best = LaneSummary::Widest{std::numeric_limits<Ns>::min(), f, OpKind::Custom};
            }
            LaneSummary::Widest widest = level->widest[b];
            if (f != level->first[b] || g != level->first[b + 1]) {
                const std::uint32_t k = lane.endMax.argmax(lane.ends(), f, g); // a clipped bucket
                widest = LaneSummary::Widest{lane.ends()[k], k, lane.kind[k]};
            }
            if (widest.end > best.end) {
                best = widest;
            }
            count += g - f;
        }
        flush();
    }

    /// Entries [i, last) column by column: the events beginning in each pixel column, [i, j),
    /// and the one among them that ends last. Few events (as in the previous column): one
    /// contiguous scan of begin/end; many: gallop to the boundary, then the block-maximum index.
    void paintEvents(const TimelineLane& lane, std::uint32_t i, std::uint32_t last, int top, TimelinePaintStats& stats)
    {
        const std::span<const Ns> ends = lane.ends();
        std::uint32_t previousCount = 1;
        while (i < last) {
            const double xb = scale_.toX(static_cast<double>(lane.begin[i]));
            const double column = std::max(-1.0, std::floor(xb));
            const Ns boundary = static_cast<Ns>(std::ceil(scale_.timeAt(column + 1.0)));
            std::uint32_t j = i + 1;
            std::uint32_t widest = i;
            if (previousCount <= kLinearScan) {
                const std::uint32_t limit = std::min(last, i + 2 * kLinearScan);
                Ns widestEnd = ends[i];
                while (j < limit && lane.begin[j] < boundary) {
                    if (ends[j] > widestEnd) {
                        widestEnd = ends[j];
                        widest = j;
                    }
                    ++j;
                }
                if (j == limit && j < last && lane.begin[j] < boundary) {
                    j = TimelinePainter::gallop(lane.begin, j, last, boundary);
                    widest = lane.endMax.argmax(ends, i, j);
                }
            } else {
                j = TimelinePainter::gallop(lane.begin, i + 1, last, boundary);
                widest = lane.endMax.argmax(ends, i, j);
            }
            previousCount = j - i;
            if (j == i + 1) {
                paintEvent(lane, i, top);
                ++stats.eventsDrawn;
            } else {
                paintFolded(lane, LaneSummary::Widest{ends[widest], widest, lane.kind[widest]},
                            static_cast<int>(column), j - i, top);
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
        paintEvent(lane, k, top, lane.kind[k], lane.ends()[k]);
    }

    /// Entry k in full, its kind and completion given (a folded column knows them already, so
    /// only begin and the detail are read from the lane).
    void paintEvent(const TimelineLane& lane, std::uint32_t k, int top, OpKind kind, Ns endNs)
    {
        const int h = style_.laneHeight;
        if (!data_.replayed()) {
            span(static_cast<double>(lane.begin[k]), static_cast<double>(lane.begin[k]), top, h, color(kind), true);
            return;
        }
        // Lane-local detail (contiguous with begin/end); the per-event columns only for values
        // too large for the compact form.
        const Ns issueNs = lane.begin[k];
        Ns rankWait = 0;
        Ns startOffset = 0;
        Ns hidden = 0;
        const EventTimings& t = *data_.timings;
        if (k < lane.detail.size()) {
            const LaneEntryDetail& d = lane.detail[k];
            rankWait = d.rankWait != LaneEntryDetail::kDetailFar ? d.rankWait : t.rankWait(lane.events[k]);
            startOffset =
                d.startOffset != LaneEntryDetail::kDetailFar ? d.startOffset : t.start(lane.events[k]) - issueNs;
            hidden = d.hidden != LaneEntryDetail::kDetailFar ? d.hidden : t.hidden[lane.events[k]];
        } else {
            const std::uint32_t event = lane.events[k];
            rankWait = t.rankWait(event);
            startOffset = t.start(event) - issueNs;
            hidden = t.hidden[event];
        }
        const double issue = static_cast<double>(issueNs);
        const double rankWaitEnd = issue + static_cast<double>(rankWait);
        const double start = issue + static_cast<double>(startOffset);
        const double end = static_cast<double>(endNs);
        span(issue, rankWaitEnd, top + h * 2 / 5, std::max(2, h / 5), rankWait_, false);
        span(rankWaitEnd, start, top + h / 4, std::max(2, h / 2), queueWait_, false);
        span(start, end, top, h, color(kind), true);
        if (hidden > 0) {
            span(start, std::min(end, start + static_cast<double>(hidden)), top + h - std::max(3, h / 6),
                 std::max(3, h / 6), hiddenColors_[static_cast<std::size_t>(kind)], false);
        }
    }

    /// count events beginning in column, folded: from the column to the latest completion
    /// among them, in the colour of the event that ends last, darker with density. When that
    /// event spans several pixels it is drawn in full and the column marked with the density.
    void paintFolded(const TimelineLane& lane, const LaneSummary::Widest& widest, int column, std::uint32_t count,
                     int top)
    {
        const int x0 = std::max(column, 0);
        const int xe = pixel(std::ceil(scale_.toX(static_cast<double>(widest.end))), width_);
        const int x1 = std::min(std::max(x0 + 1, xe), width_);
        if (x1 <= x0) {
            return;
        }
        const QRgb folded = color(widest.kind, densityLevel(count));
        if (x1 - x0 >= 3 && data_.replayed()) {
            paintEvent(lane, widest.index, top, widest.kind, widest.end);
            canvas_.fill(x0, top, 1, style_.laneHeight, folded);
            return;
        }
        canvas_.fill(x0, top, x1 - x0, style_.laneHeight, folded);
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

std::optional<Ns> TimelinePainter::rulerBase(const TimeScale& scale)
{
    // Relative labels once an absolute one would carry a million steps' worth of digits.
    constexpr double kRelativeFrom = 1e6;
    const Ns step = scale.majorStep();
    const double magnitude = std::max(std::abs(scale.begin()), std::abs(scale.end()));
    if (magnitude / static_cast<double>(step) < kRelativeFrom) {
        return std::nullopt;
    }
    // The base: the visible start rounded down to the power of ten just above the visible span,
    // so it reads short and the offsets stay below twice that power.
    const double span = std::max(scale.end() - scale.begin(), 1.0);
    const auto rounding = static_cast<Ns>(std::llround(std::pow(10.0, std::ceil(std::log10(span)))));
    const auto begin = static_cast<Ns>(std::floor(scale.begin()));
    Ns base = begin / rounding * rounding;
    if (base > begin) {
        base -= rounding; // negative times round down too
    }
    return base;
}

QString TimelinePainter::rulerLabel(Ns time, Ns step, std::optional<Ns> base)
{
    if (!base) {
        return tickLabel(time, step);
    }
    const Ns offset = time - *base;
    return (offset < 0 ? QStringLiteral("\u2212") : QStringLiteral("+")) + tickLabel(std::abs(offset), step);
}

QString TimelinePainter::rulerBaseLabel(Ns base, const TimeScale& scale)
{
    const double span = std::max(scale.end() - scale.begin(), 1.0);
    const auto rounding = static_cast<Ns>(std::llround(std::pow(10.0, std::ceil(std::log10(span)))));
    return QCoreApplication::translate("cc::ui::Units", "base %1").arg(tickLabel(base, rounding));
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
        const double end = static_cast<double>(lane.ends()[e]);
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

namespace {

/// What the steps of one paint share: its arguments and the geometry derived from them. Loops
/// that call into QPainter copy what they read from here to locals first, so that the opaque
/// calls do not force a reload on every iteration.
struct Frame {
    Frame(QPainter& painter, const QRect& area, const TimelineData& data, const TimeScale& scale,
          const TimelineStyle& style, int scrollY, const TimelineOverlay& overlay)
        : painter(painter), area(area), data(data), scale(scale), style(style), overlay(overlay), scrollY(scrollY),
          plotLeft(area.left() + style.labelWidth), plotWidth(std::max(1, area.width() - style.labelWidth)),
          plotTop(area.top() + style.axisHeight),
          plot(plotLeft, plotTop, plotWidth, std::max(0, area.height() - style.axisHeight)),
          local(0, 0, plot.width(), plot.height()), axis(plotLeft, area.top(), plotWidth, style.axisHeight),
          laneCount(static_cast<int>(data.lanes.size()))
    {
    }

    /// Top of a lane in plot-local coordinates.
    int laneTop(int lane) const { return area.top() + style.laneTop(lane, scrollY) - plotTop; }
    bool laneVisible(int top) const { return top + style.laneHeight >= 0 && top < plot.height(); }

    QPainter& painter;
    const QRect& area;
    const TimelineData& data;
    const TimeScale& scale;
    const TimelineStyle& style;
    const TimelineOverlay& overlay;
    const int scrollY;
    const int plotLeft;
    const int plotWidth;
    const int plotTop;
    const QRect plot;  ///< in the painter's coordinates
    const QRect local; ///< the plot in its own coordinates
    const QRect axis;  ///< the ruler above the plot
    const int laneCount;
    const QColor background{252, 252, 252};
    /// The plot (stripes, tail windows, events, grid, overlays) is written as raw pixel fills:
    /// straight into target when the painter draws on a plain 32-bit image (offscreen rendering,
    /// export), otherwise into offscreen, an opaque image that is copied once.
    QImage* target = nullptr;
    QImage* offscreen = nullptr;
};

/// Chooses the surface that holds the plot, growing the offscreen image when it is needed.
void choosePlotSurface(Frame& f)
{
    f.target = directTarget(f.painter, f.plot);
    static thread_local QImage canvasImage;
    if (f.target == nullptr && (canvasImage.width() < f.plot.width() || canvasImage.height() < f.plot.height())) {
        canvasImage = QImage(std::max(f.plot.width(), 1), std::max(f.plot.height(), 1), QImage::Format_RGB32);
    }
    f.offscreen = &canvasImage;
}

/// Draws with plot-local coordinates on whichever surface holds the plot.
template <typename Draw> void onPlot(const Frame& f, const Draw& draw)
{
    if (f.target != nullptr) {
        f.painter.save();
        f.painter.translate(f.plot.topLeft());
        f.painter.setClipRect(f.local, Qt::IntersectClip);
        draw(f.painter);
        f.painter.restore();
    } else {
        QPainter cp(f.offscreen);
        cp.setClipRect(f.local);
        draw(cp);
    }
}

/// The background of what the plot surface does not cover.
void paintBackground(const Frame& f)
{
    if (f.target != nullptr) {
        f.painter.fillRect(f.area, f.background);
    } else {
        f.painter.fillRect(QRect(f.area.left(), f.area.top(), f.area.width(), f.style.axisHeight), f.background);
        f.painter.fillRect(QRect(f.area.left(), f.plotTop, f.style.labelWidth, f.plot.height()), f.background);
    }
}

/// The plot's background (offscreen only: a direct target was filled with the area) and every
/// other lane striped.
void paintStripes(QPainter& cp, const Frame& f)
{
    if (f.target == nullptr) {
        cp.fillRect(f.local, f.background);
    }
    const int width = f.plotWidth;
    const int laneHeight = f.style.laneHeight;
    const int laneGap = f.style.laneGap;
    for (int lane = 1; lane < f.laneCount; lane += 2) {
        const int top = f.laneTop(lane);
        if (f.laneVisible(top)) {
            cp.fillRect(QRect(0, top - laneGap / 2, width, laneHeight + laneGap), QColor(244, 245, 248));
        }
    }
}

/// Tail windows behind the events: the visible ones, merged where they share pixels, and the
/// current one stronger and outlined.
void paintTailWindows(QPainter& cp, const Frame& f)
{
    const std::vector<TailWindow>& windows = f.data.tailWindows;
    if (!f.overlay.showTailWindows || windows.empty()) {
        return;
    }
    const TimeScale& scale = f.scale;
    const int width = f.plotWidth;
    const int height = f.plot.height();
    const double t0 = scale.begin();
    const double t1 = scale.end();
    const auto first = std::lower_bound(windows.begin(), windows.end(), t0,
                                        [](const TailWindow& w, double t) { return static_cast<double>(w.end) < t; });
    int lastX = -10;
    QColor tail = TimelineStyle::tailColor();
    tail.setAlpha(45);
    for (auto it = first; it != windows.end() && static_cast<double>(it->begin) <= t1; ++it) {
        const int x0 = std::max(pixel(scale.toX(static_cast<double>(it->begin)), width), lastX);
        const int x1 = std::max(x0 + 2, pixel(std::ceil(scale.toX(static_cast<double>(it->end))), width));
        if (x1 <= lastX) {
            continue;
        }
        cp.fillRect(QRect(x0, 0, x1 - x0, height), tail);
        lastX = x1;
    }
    const int current = f.overlay.currentTailWindow;
    if (current >= 0 && current < static_cast<int>(windows.size())) {
        const TailWindow& w = windows[static_cast<std::size_t>(current)];
        const int x0 = pixel(scale.toX(static_cast<double>(w.begin)), width);
        const int x1 = std::max(x0 + 2, pixel(std::ceil(scale.toX(static_cast<double>(w.end))), width));
        QColor strong = TimelineStyle::tailColor();
        strong.setAlpha(70);
        const QRect rect(x0, 0, x1 - x0, height);
        cp.fillRect(rect, strong);
        cp.setPen(QPen(TimelineStyle::tailColor(), 1));
        cp.drawRect(rect.adjusted(0, 0, -1, -1));
    }
}

/// The events of every visible lane, then the major grid lines over them, written straight into
/// the plot's pixels (the per-event loops are LanePainter's).
void paintLanes(const Frame& f, TimelinePaintStats& stats)
{
    // constBits: the painter already detached the image when it began; writing through the
    // same buffer it draws on keeps the two in step.
    Canvas canvas = f.target != nullptr
                        ? Canvas(const_cast<uchar*>(std::as_const(*f.target).constBits()), f.target->bytesPerLine(),
                                 f.plot.topLeft(), f.plot.size())
                        : Canvas(f.offscreen->bits(), f.offscreen->bytesPerLine(), QPoint(0, 0), f.plot.size());
    LanePainter lanePainter(canvas, f.data, f.scale, f.style, f.plotWidth);
    for (int lane = 0; lane < f.laneCount; ++lane) {
        const int top = f.laneTop(lane);
        if (!f.laneVisible(top)) {
            continue;
        }
        lanePainter.paintLane(f.data.lanes[static_cast<std::size_t>(lane)], top, stats);
        ++stats.lanesDrawn;
    }
    for (const auto& tick : f.scale.ticks()) {
        if (tick.major) {
            canvas.darkenColumn(static_cast<int>(std::floor(tick.x)), 25);
        }
    }
}

/// The selected event outlined in every lane that holds it.
void outlineSelectedEvent(QPainter& cp, const Frame& f)
{
    if (!f.overlay.selectedEvent || *f.overlay.selectedEvent >= f.data.eventCount) {
        return;
    }
    const std::uint32_t event = *f.overlay.selectedEvent;
    const double begin = static_cast<double>(f.data.issueOf(event));
    const double end = static_cast<double>(f.data.endOf(event));
    const int x0 = pixel(f.scale.toX(begin), f.plotWidth);
    const int x1 = std::max(x0 + 1, pixel(std::ceil(f.scale.toX(end)), f.plotWidth));
    cp.setPen(QPen(QColor(20, 20, 20), 2));
    cp.setBrush(Qt::NoBrush);
    for (int lane = 0; lane < f.laneCount; ++lane) {
        const TimelineLane& l = f.data.lanes[static_cast<std::size_t>(lane)];
        const int top = f.laneTop(lane);
        if (!f.laneVisible(top)) {
            continue;
        }
        // Lanes keep canonical order whenever begin times are sorted, which they are for every
        // trace; fall back to a scan otherwise.
        const auto k = std::lower_bound(l.events.begin(), l.events.end(), event);
        bool holds = k != l.events.end() && *k == event;
        if (!holds && !std::is_sorted(l.events.begin(), l.events.end())) {
            holds = std::find(l.events.begin(), l.events.end(), event) != l.events.end();
        }
        if (holds) {
            cp.drawRect(QRect(x0 - 2, top - 2, x1 - x0 + 3, f.style.laneHeight + 3));
        }
    }
}

/// Search matches: every visible one outlined, while a lane shows few enough entries for that
/// to be legible (the ruler marks every match at any zoom).
void outlineSearchHits(QPainter& cp, const Frame& f)
{
    if (!f.overlay.hits || !f.overlay.highlightAll || f.overlay.hits->events.empty()) {
        return;
    }
    constexpr std::uint32_t kMaxOutlinedPerLane = 4096;
    const SearchHits& hits = *f.overlay.hits;
    const TimeScale& scale = f.scale;
    const int width = f.plotWidth;
    const int laneHeight = f.style.laneHeight;
    const Ns t0 = static_cast<Ns>(std::floor(scale.begin()));
    const Ns t1 = static_cast<Ns>(std::ceil(scale.end()));
    cp.setPen(QPen(TimelineStyle::searchColor(), 2));
    cp.setBrush(Qt::NoBrush);
    for (int lane = 0; lane < f.laneCount; ++lane) {
        const TimelineLane& l = f.data.lanes[static_cast<std::size_t>(lane)];
        const int top = f.laneTop(lane);
        if (!f.laneVisible(top) || l.size() == 0) {
            continue;
        }
        const std::uint32_t first = l.firstReaching(t0);
        const std::uint32_t last = l.firstBeginningAfter(t1);
        if (last <= first || last - first > kMaxOutlinedPerLane) {
            continue;
        }
        for (std::uint32_t k = first; k < last; ++k) {
            if (!hits.matches(l.events[k])) {
                continue;
            }
            const int x0 = pixel(scale.toX(static_cast<double>(l.begin[k])), width);
            const int x1 = std::max(x0 + 1, pixel(std::ceil(scale.toX(static_cast<double>(l.ends()[k]))), width));
            cp.drawRect(QRect(x0 - 1, top - 1, x1 - x0 + 1, laneHeight + 1));
        }
    }
}

/// The selected time range as a band over the plot.
void paintRangeSelection(QPainter& cp, const Frame& f)
{
    if (!f.overlay.selection) {
        return;
    }
    const int x0 = pixel(f.scale.toX(f.overlay.selection->begin), f.plotWidth);
    const int x1 = pixel(f.scale.toX(f.overlay.selection->end), f.plotWidth);
    QColor fill = TimelineStyle::selectionColor();
    fill.setAlpha(50);
    const QRect rect(std::min(x0, x1), 0, std::max(1, std::abs(x1 - x0)), f.plot.height());
    cp.fillRect(rect, fill);
    cp.setPen(QPen(TimelineStyle::selectionColor(), 1));
    cp.drawLine(rect.topLeft(), rect.bottomLeft());
    cp.drawLine(rect.topRight(), rect.bottomRight());
}

/// The ruler: its background, ticks with labels, the line under it, and the base the labels
/// count from when they are offsets.
void paintAxis(const Frame& f, const QFontMetrics& metrics)
{
    QPainter& painter = f.painter;
    const TimeScale& scale = f.scale;
    const QRect& area = f.area;
    const QRect axis = f.axis;
    const int plotLeft = f.plotLeft;
    const int plotRight = f.plotLeft + f.plotWidth;
    painter.fillRect(QRect(area.left(), area.top(), area.width(), f.style.axisHeight), QColor(236, 238, 242));
    painter.setPen(QColor(60, 60, 60));
    const Ns step = scale.majorStep();
    const std::optional<Ns> base = TimelinePainter::rulerBase(scale);
    for (const auto& tick : scale.ticks()) {
        const int x = plotLeft + static_cast<int>(std::floor(tick.x));
        if (x < plotLeft || x >= plotRight) {
            continue;
        }
        if (tick.major) {
            painter.setPen(QColor(60, 60, 60));
            painter.drawLine(x, axis.bottom() - 8, x, axis.bottom());
            painter.drawText(QPoint(x + 3, axis.top() + metrics.ascent() + 3),
                             TimelinePainter::rulerLabel(tick.time, step, base));
        } else {
            painter.setPen(QColor(110, 110, 110));
            painter.drawLine(x, axis.bottom() - 4, x, axis.bottom());
        }
    }
    painter.setPen(QColor(180, 180, 180));
    painter.drawLine(area.left(), axis.bottom(), area.right(), axis.bottom());
    if (base) {
        // The corner above the lane labels names the base the offsets count from.
        const QRect corner(area.left() + 6, area.top(), f.style.labelWidth - 10, f.style.axisHeight);
        painter.setPen(QColor(30, 30, 30));
        painter.drawText(
            corner, Qt::AlignVCenter | Qt::AlignLeft,
            metrics.elidedText(TimelinePainter::rulerBaseLabel(*base, scale), Qt::ElideRight, corner.width()));
    }
}

/// Search matches on the ruler, one mark per pixel column: the cost follows the columns.
void markSearchHitsOnRuler(const Frame& f)
{
    if (!f.overlay.hits || f.overlay.hits->events.empty()) {
        return;
    }
    QPainter& painter = f.painter;
    const SearchHits& hits = *f.overlay.hits;
    const TimeScale& scale = f.scale;
    const int plotLeft = f.plotLeft;
    const int width = f.plotWidth;
    const int bottom = f.axis.bottom();
    const QColor mark = TimelineStyle::searchColor();
    std::size_t k = hits.firstAtOrAfter(static_cast<Ns>(std::floor(scale.begin())));
    const double t1 = scale.end();
    while (k < hits.size() && static_cast<double>(hits.issue[k]) <= t1) {
        const int column = pixel(scale.toX(static_cast<double>(hits.issue[k])), width);
        painter.fillRect(QRect(plotLeft + column - 1, bottom - 5, 3, 5), mark);
        k = std::max(k + 1, hits.firstAtOrAfter(static_cast<Ns>(std::ceil(scale.timeAt(column + 1)))));
    }
}

/// The selected range on the ruler, with its duration, as Perfetto and Nsight Systems show it.
void paintSelectionOnRuler(const Frame& f, const QFontMetrics& metrics)
{
    if (!f.overlay.selection) {
        return;
    }
    QPainter& painter = f.painter;
    const VisibleRange& selection = *f.overlay.selection;
    const int plotLeft = f.plotLeft;
    const int plotWidth = f.plotWidth;
    const double x0 = std::clamp(f.scale.toX(selection.begin), 0.0, static_cast<double>(plotWidth));
    const double x1 = std::clamp(f.scale.toX(selection.end), 0.0, static_cast<double>(plotWidth));
    const auto duration = static_cast<Ns>(std::llround(selection.end - selection.begin));
    const QString text = formatDuration(duration);
    QColor band = TimelineStyle::selectionColor();
    band.setAlpha(60);
    const int left = plotLeft + static_cast<int>(std::floor(std::min(x0, x1)));
    const int right = plotLeft + static_cast<int>(std::ceil(std::max(x0, x1)));
    const QRect bracket(left, f.axis.top() + 2, std::max(1, right - left), f.axis.height() - 4);
    painter.fillRect(bracket, band);
    painter.setPen(TimelineStyle::selectionColor());
    painter.drawLine(bracket.topLeft(), bracket.bottomLeft());
    painter.drawLine(bracket.topRight(), bracket.bottomRight());
    const int textWidth = metrics.horizontalAdvance(text) + 8;
    QRect label(0, bracket.top(), textWidth, bracket.height());
    label.moveCenter(QPoint((left + right) / 2, bracket.center().y()));
    label.moveLeft(std::clamp(label.left(), plotLeft, std::max(plotLeft, plotLeft + plotWidth - textWidth)));
    painter.fillRect(label, TimelineStyle::selectionColor());
    painter.setPen(Qt::white);
    painter.drawText(label, Qt::AlignCenter, text);
}

/// The label column left of the plot, and the line between the two.
void paintLaneLabels(const Frame& f, const QFontMetrics& metrics)
{
    QPainter& painter = f.painter;
    const QRect& area = f.area;
    const TimelineStyle& style = f.style;
    const QRect labels(area.left(), f.plotTop, style.labelWidth, f.plot.height());
    painter.save();
    painter.setClipRect(labels);
    painter.fillRect(labels, QColor(236, 238, 242));
    for (int lane = 0; lane < f.laneCount; ++lane) {
        const int top = area.top() + style.laneTop(lane, f.scrollY);
        if (top + style.laneHeight < f.plotTop || top > area.bottom()) {
            continue;
        }
        const TimelineLane& l = f.data.lanes[static_cast<std::size_t>(lane)];
        painter.setPen(QColor(30, 30, 30));
        const QString text = metrics.elidedText(l.label, Qt::ElideMiddle, style.labelWidth - 10);
        painter.drawText(QRect(area.left() + 6, top, style.labelWidth - 10, style.laneHeight),
                         Qt::AlignVCenter | Qt::AlignLeft, text);
    }
    painter.restore();
    painter.setPen(QColor(180, 180, 180));
    painter.drawLine(f.plotLeft - 1, area.top(), f.plotLeft - 1, area.bottom());
}

/// A note over the plot's lower right corner (e.g. "no replay yet").
void paintBanner(const Frame& f, const QFontMetrics& metrics)
{
    const QString& banner = f.overlay.banner;
    if (banner.isEmpty()) {
        return;
    }
    QPainter& painter = f.painter;
    const QRect bannerRect = metrics.boundingRect(banner).adjusted(-8, -4, 8, 4);
    const QRect placed(f.plotLeft + f.plotWidth - bannerRect.width() - 10, f.area.bottom() - bannerRect.height() - 10,
                       bannerRect.width(), bannerRect.height());
    painter.fillRect(placed, QColor(255, 243, 205));
    painter.setPen(QColor(133, 100, 4));
    painter.drawRect(placed.adjusted(0, 0, -1, -1));
    painter.drawText(placed, Qt::AlignCenter, banner);
}

} // namespace

TimelinePaintStats TimelinePainter::paint(QPainter& painter, const QRect& area, const TimelineData& data,
                                          const TimeScale& scale, const TimelineStyle& style, int scrollY,
                                          const TimelineOverlay& overlay)
{
    TimelinePaintStats stats;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setClipRect(area);

    Frame f(painter, area, data, scale, style, scrollY, overlay);
    choosePlotSurface(f);
    paintBackground(f);
    onPlot(f, [&](QPainter& cp) {
        paintStripes(cp, f);
        paintTailWindows(cp, f);
    });
    paintLanes(f, stats);
    onPlot(f, [&](QPainter& cp) {
        outlineSelectedEvent(cp, f);
        outlineSearchHits(cp, f);
        paintRangeSelection(cp, f);
    });
    if (f.target == nullptr) {
        painter.drawImage(f.plot.topLeft(), *f.offscreen, f.local);
    }

    const QFontMetrics metrics(painter.font());
    paintAxis(f, metrics);
    markSearchHitsOnRuler(f);
    paintSelectionOnRuler(f, metrics);
    paintLaneLabels(f, metrics);
    paintBanner(f, metrics);
    painter.restore();
    return stats;
}

} // namespace cc::ui
