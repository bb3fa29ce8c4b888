// Scaled-unit labels for a Qt Charts axis. Qt Charts formats value labels with printf only
// ("1e+09", "1.05e+06"), so the axis that maps the series (a QLogValueAxis or QValueAxis, in
// chart coordinates) is hidden and a QCategoryAxis beside it carries the labels, the title and
// the grid at the ticks of ui/util/axis_ticks.h, following every change of the range. The series
// keep their coordinates.
#pragma once

#include "ui/util/axis_ticks.h"

#include <Qt>

class QAbstractAxis;
class QCategoryAxis;
class QChart;

namespace cc::ui {

/// Labels `geometry` (already added to chart at alignment) in unit. A chart coordinate c means
/// the value c * unitsPerCoordinate in the unit's base (1000 for µs coordinates of a duration,
/// 1e6 for ms). A horizontal axis leaves out a tick exactly on its right end (its label would be
/// cut by the chart's edge). Returns the label axis (owned by the chart).
QCategoryAxis* labelAxisInUnits(QChart* chart, QAbstractAxis* geometry, Qt::Alignment alignment, AxisUnit unit,
                                double unitsPerCoordinate = 1.0);

} // namespace cc::ui
