#include "ui/timeline/range_statistics.h"

#include "ui/util/text.h"

#include <QCoreApplication>

namespace cc::ui {

namespace {
class RangeText {
    Q_DECLARE_TR_FUNCTIONS(RangeText)
};

} // namespace

RangeStatistics computeRangeStatistics(const TimelineData& data, Ns begin, Ns end, cc::Progress& progress)
{
    RangeStatistics stats;
    stats.values.begin = begin;
    stats.values.end = end;
    stats.configuration = data.configuration();
    if (!data.trace) {
        return stats;
    }
    if (data.timings) {
        const cc::IterationTimings timings = data.timings->view();
        stats.values = cc::rangeStatistics(*data.trace, &timings, data.tailThreshold, begin, end, progress);
    } else {
        stats.values = cc::rangeStatistics(*data.trace, nullptr, 0, begin, end, progress);
    }
    return stats;
}

std::vector<PropertyRow> describeRangeStatistics(const RangeStatistics& shown)
{
    const cc::RangeStatistics& stats = shown.values;
    std::vector<PropertyRow> rows;
    auto add = [&](const QString& label, const QString& value) { rows.push_back({label, value, false, {}}); };
    rows.push_back({RangeText::tr("Selected range"), {}, true, {}});
    add(RangeText::tr("From"), formatDuration(stats.begin));
    add(RangeText::tr("To"), formatDuration(stats.end));
    add(RangeText::tr("Length"), formatDuration(stats.end - stats.begin));
    add(RangeText::tr("Events issued"), formatCount(stats.count));
    if (stats.replayed) {
        rows.push_back({RangeText::tr("Latency under %1").arg(shown.configuration), {}, true, {}});
        add(RangeText::tr("Median"), formatDuration(stats.latency.median));
        add(RangeText::tr("p99"), formatDuration(stats.latency.p99));
        add(RangeText::tr("Max"), formatDuration(stats.latency.max));
        add(RangeText::tr("Mean"), formatDuration(stats.latency.mean));
        add(RangeText::tr("Queue wait median"), formatDuration(stats.queueWaitMedian));
        add(RangeText::tr("Hidden share"), formatPercent(static_cast<double>(stats.hiddenSharePpm) / 1e6));
        add(RangeText::tr("Tail events"), formatCount(stats.tailEvents));
    } else {
        add(RangeText::tr("Latency"), RangeText::tr("no replay yet"));
    }
    if (!stats.byOp.empty()) {
        rows.push_back({RangeText::tr("By operation"), {}, true, {}});
        for (const auto& [op, count] : stats.byOp) {
            add(qs(op), formatCount(count));
        }
    }
    return rows;
}

} // namespace cc::ui
