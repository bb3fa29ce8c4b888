// Geometry and colours of the timeline, shared by the painter, the view's hit testing and the
// legend. One colour per operation kind, chosen to stay distinct for colour-blind readers
// (Okabe-Ito based, extended with darker variants).
#pragma once

#include "core/trace/op_kind.h"

#include <QColor>
#include <QFont>

namespace cc::ui {

struct TimelineStyle {
    int axisHeight = 28;
    int laneHeight = 24;
    int laneGap = 6;
    int labelWidth = 170;
    /// Events narrower than this many pixels are folded into their start pixel's column.
    double foldWidth = 1.0;

    static QColor opColor(OpKind kind);
    static QColor rankWaitColor() { return QColor(150, 150, 150); }
    /// Okabe-Ito yellow: no operation uses it (send's orange was too close to the old amber).
    static QColor queueWaitColor() { return QColor(240, 228, 66); }
    static QColor tailColor() { return QColor(220, 40, 40); }
    static QColor selectionColor() { return QColor(40, 110, 220); }
    /// Search matches: magenta, which no operation, wait or tail window uses.
    static QColor searchColor() { return QColor(204, 0, 153); }

    int laneTop(int lane, int scrollY) const { return axisHeight + lane * (laneHeight + laneGap) + laneGap - scrollY; }
    int contentHeight(int laneCount) const { return axisHeight + laneCount * (laneHeight + laneGap) + laneGap; }
    /// The lane under y, or -1 (axis, gap, beyond the last lane).
    int laneAt(int y, int scrollY, int laneCount) const
    {
        const int offset = y + scrollY - axisHeight - laneGap;
        if (offset < 0) {
            return -1;
        }
        const int lane = offset / (laneHeight + laneGap);
        if (lane >= laneCount || offset % (laneHeight + laneGap) >= laneHeight) {
            return -1;
        }
        return lane;
    }
};

} // namespace cc::ui
