#include "ui/util/chart_axis.h"

#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>

namespace cc::ui {

namespace {

/// dropAtMax: a horizontal axis leaves out a tick on its right end, whose centred label would be
/// cut in half by the chart's edge.
void relabel(QCategoryAxis* labels, double min, double max, bool logarithmic, AxisUnit unit, double perCoordinate,
             bool dropAtMax)
{
    for (const QString& label : labels->categoriesLabels()) {
        labels->remove(label);
    }
    if (logarithmic) {
        // The label axis is linear in log10 of the coordinate, so it lines up with the log axis.
        labels->setStartValue(std::log10(min));
        for (const AxisTick& tick : logTicks(min * perCoordinate, max * perCoordinate, unit)) {
            const double at = std::log10(tick.value / perCoordinate);
            if (!(dropAtMax && at >= std::log10(max) - 1e-9)) {
                labels->append(tick.label, at);
            }
        }
        labels->setRange(std::log10(min), std::log10(max));
        return;
    }
    labels->setStartValue(min);
    for (const AxisTick& tick : linearTicks(min * perCoordinate, max * perCoordinate, unit)) {
        const double at = tick.value / perCoordinate;
        if (!(dropAtMax && at >= max - 1e-9 * std::max(1.0, std::fabs(max)))) {
            labels->append(tick.label, at);
        }
    }
    labels->setRange(min, max);
}

} // namespace

QCategoryAxis* labelAxisInUnits(QChart* chart, QAbstractAxis* geometry, Qt::Alignment alignment, AxisUnit unit,
                                double unitsPerCoordinate)
{
    auto* labels = new QCategoryAxis;
    labels->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    labels->setTitleText(geometry->titleText());
    chart->addAxis(labels, alignment);
    geometry->setVisible(false);
    const bool horizontal = (alignment & (Qt::AlignBottom | Qt::AlignTop)) != 0;
    if (auto* log = qobject_cast<QLogValueAxis*>(geometry)) {
        auto update = [labels, unit, unitsPerCoordinate, horizontal](qreal min, qreal max) {
            if (min > 0 && max > min) {
                relabel(labels, min, max, true, unit, unitsPerCoordinate, horizontal);
            }
        };
        QObject::connect(log, &QLogValueAxis::rangeChanged, labels, update);
        update(log->min(), log->max());
    } else if (auto* value = qobject_cast<QValueAxis*>(geometry)) {
        auto update = [labels, unit, unitsPerCoordinate, horizontal](qreal min, qreal max) {
            relabel(labels, min, max, false, unit, unitsPerCoordinate, horizontal);
        };
        QObject::connect(value, &QValueAxis::rangeChanged, labels, update);
        update(value->min(), value->max());
    }
    QObject::connect(geometry, &QAbstractAxis::titleTextChanged, labels, &QAbstractAxis::setTitleText);
    return labels;
}

} // namespace cc::ui
