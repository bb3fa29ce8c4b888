// The timeline's mapping between time (integer ns from the trace origin) and pixels, with the
// zoom and pan operations of the view and adaptive axis ticks. Plain value, no widgets, so the
// mapping is tested on its own. Doubles are used for the mapping only (display), never for a
// time that is stored or compared.
#pragma once

#include "core/trace/event.h"

#include <vector>

namespace cc::ui {

struct VisibleRange {
    double begin = 0; ///< ns
    double end = 0;   ///< ns
    friend bool operator==(const VisibleRange&, const VisibleRange&) = default;
};

class TimeScale {
public:
    /// Finest zoom: this many pixels per nanosecond at most.
    static constexpr double kMinNsPerPixel = 1.0 / 64.0;

    struct Tick {
        Ns time = 0;
        double x = 0;
        bool major = false;
    };

    /// The span of the data; the view may scroll a small margin beyond it.
    void setBounds(Ns begin, Ns end);
    Ns boundsBegin() const { return boundsBegin_; }
    Ns boundsEnd() const { return boundsEnd_; }

    /// Width of the drawing area in pixels (the time axis), at least 1.
    void setWidth(int pixels);
    int width() const { return width_; }

    double begin() const { return begin_; }
    double nsPerPixel() const { return nsPerPixel_; }
    double end() const { return begin_ + nsPerPixel_ * width_; }
    VisibleRange visible() const { return {begin(), end()}; }

    double toX(double time) const { return (time - begin_) / nsPerPixel_; }
    double timeAt(double x) const { return begin_ + x * nsPerPixel_; }

    /// Shows [begin, end] (clamped to the allowed zoom and scroll range).
    void setVisible(double begin, double end);
    void setVisible(const VisibleRange& range) { setVisible(range.begin, range.end); }
    /// Shows all data.
    void fitAll();
    /// Zooms by factor (> 1 zooms in) keeping the time under pixel x where it is.
    void zoomAt(double x, double factor);
    /// Moves the view by dx pixels (positive dx shows earlier times, as when dragging right).
    void panPixels(double dx);
    /// Centres time t, keeping the zoom.
    void centreOn(double time);

    /// The allowed zoom limits for the current bounds and width.
    double maxNsPerPixel() const;

    /// Axis ticks: major ticks at a 1-2-5 step at least minSpacing pixels apart, with minor
    /// ticks (a fifth or a half of the step) in between.
    std::vector<Tick> ticks(double minSpacing = 90.0) const;
    /// The major tick step for the current zoom.
    Ns majorStep(double minSpacing = 90.0) const;

    /// The smallest 1, 2 or 5 × 10^k (ns, at least 1) that is >= raw.
    static Ns niceStep(double raw);

private:
    void clamp();
    double margin() const;

    Ns boundsBegin_ = 0;
    Ns boundsEnd_ = 1000;
    int width_ = 1;
    double begin_ = 0;
    double nsPerPixel_ = 1;
};

} // namespace cc::ui
