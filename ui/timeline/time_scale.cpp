#include "ui/timeline/time_scale.h"

#include <algorithm>
#include <cmath>

namespace cc::ui {

void TimeScale::setBounds(Ns begin, Ns end)
{
    boundsBegin_ = begin;
    boundsEnd_ = std::max(end, begin + 1);
    clamp();
}

void TimeScale::setWidth(int pixels)
{
    const double centre = begin_ + nsPerPixel_ * width_ / 2.0;
    width_ = std::max(1, pixels);
    begin_ = centre - nsPerPixel_ * width_ / 2.0;
    clamp();
}

double TimeScale::margin() const
{
    return static_cast<double>(boundsEnd_ - boundsBegin_) * 0.02 + 1.0;
}

double TimeScale::maxNsPerPixel() const
{
    return std::max(kMinNsPerPixel, (static_cast<double>(boundsEnd_ - boundsBegin_) + 2.0 * margin()) / width_);
}

void TimeScale::clamp()
{
    nsPerPixel_ = std::clamp(nsPerPixel_, kMinNsPerPixel, maxNsPerPixel());
    const double lowest = static_cast<double>(boundsBegin_) - margin();
    const double highest = static_cast<double>(boundsEnd_) + margin() - nsPerPixel_ * width_;
    begin_ = std::clamp(begin_, lowest, std::max(lowest, highest));
}

void TimeScale::setVisible(double begin, double end)
{
    if (end < begin) {
        std::swap(begin, end);
    }
    const double centre = (begin + end) / 2.0;
    nsPerPixel_ = std::clamp((end - begin) / width_, kMinNsPerPixel, maxNsPerPixel());
    begin_ = centre - nsPerPixel_ * width_ / 2.0;
    clamp();
}

void TimeScale::fitAll()
{
    nsPerPixel_ = maxNsPerPixel();
    begin_ = static_cast<double>(boundsBegin_) - margin();
    clamp();
}

void TimeScale::zoomAt(double x, double factor)
{
    if (!(factor > 0.0)) {
        return;
    }
    const double anchor = timeAt(x);
    nsPerPixel_ = std::clamp(nsPerPixel_ / factor, kMinNsPerPixel, maxNsPerPixel());
    begin_ = anchor - x * nsPerPixel_;
    clamp();
}

void TimeScale::panPixels(double dx)
{
    begin_ -= dx * nsPerPixel_;
    clamp();
}

void TimeScale::centreOn(double time)
{
    begin_ = time - nsPerPixel_ * width_ / 2.0;
    clamp();
}

Ns TimeScale::niceStep(double raw)
{
    if (!(raw > 1.0)) {
        return 1;
    }
    double decade = std::pow(10.0, std::floor(std::log10(raw)));
    for (;;) {
        for (const double mantissa : {1.0, 2.0, 5.0}) {
            if (mantissa * decade >= raw) {
                return static_cast<Ns>(std::llround(mantissa * decade));
            }
        }
        decade *= 10.0;
    }
}

Ns TimeScale::majorStep(double minSpacing) const
{
    return niceStep(nsPerPixel_ * minSpacing);
}

std::vector<TimeScale::Tick> TimeScale::ticks(double minSpacing) const
{
    std::vector<Tick> result;
    const Ns step = majorStep(minSpacing);
    // A step whose leading digit is 2 divides into halves, 1 and 5 into fifths.
    Ns leading = step;
    while (leading >= 10 && leading % 10 == 0) {
        leading /= 10;
    }
    const Ns minor = std::max<Ns>(1, leading == 2 ? step / 2 : step / 5);
    const double first = std::floor(begin() / static_cast<double>(minor)) * static_cast<double>(minor);
    const double last = end();
    const auto count = static_cast<long long>((last - first) / static_cast<double>(minor)) + 2;
    if (count > 10000) {
        return result;
    }
    for (long long k = 0; k < count; ++k) {
        const Ns time = static_cast<Ns>(std::llround(first)) + k * minor;
        const double x = toX(static_cast<double>(time));
        if (x < -1.0 || x > width_ + 1.0) {
            continue;
        }
        const bool major = time % step == 0;
        result.push_back({time, x, major});
    }
    return result;
}

} // namespace cc::ui
