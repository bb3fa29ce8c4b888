#include "ui/timeline/range_statistics.h"

#include "core/replay/simulator.h"
#include "core/util/wide_int.h"
#include "ui/util/text.h"

#include <QCoreApplication>

#include <algorithm>

namespace cc::ui {

namespace {
class RangeText {
    Q_DECLARE_TR_FUNCTIONS(RangeText)
};

Ns quantile(std::vector<Ns>& values, unsigned percent)
{
    if (values.empty()) {
        return 0;
    }
    const std::size_t k = cc::nearestRankIndex(values.size(), percent);
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k), values.end());
    return values[k];
}
} // namespace

RangeStatistics computeRangeStatistics(const TimelineData& data, Ns begin, Ns end, cc::Progress& progress)
{
    RangeStatistics stats;
    stats.begin = begin;
    stats.end = end;
    stats.replayed = data.replayed();
    stats.configuration = data.configuration();
    if (!data.trace) {
        return stats;
    }
    const cc::Trace& trace = *data.trace;
    const std::size_t n = trace.size();
    std::vector<Ns> latency;
    std::vector<Ns> queueWait;
    std::vector<std::uint64_t> opCounts(trace.strings.size(), 0);
    cc::WideInt latencySum = 0;
    cc::WideInt hiddenSum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if ((i & 0xFFFF) == 0) {
            progress.check();
            progress.report(static_cast<double>(i) / static_cast<double>(n),
                            toStd(RangeText::tr("Summarising the selected range")));
        }
        const Ns issue = data.issueOf(static_cast<std::uint32_t>(i));
        if (issue < begin || issue > end) {
            continue;
        }
        ++stats.count;
        ++opCounts[trace.op[i]];
        if (data.timings) {
            const EventTimings& t = *data.timings;
            const Ns l = t.end[i] - t.issue[i];
            latency.push_back(l);
            queueWait.push_back(t.queueWait[i]);
            latencySum += l;
            hiddenSum += t.hidden[i];
            if (data.tailThreshold > 0 && l >= data.tailThreshold) {
                ++stats.tailEvents;
            }
        }
    }
    for (std::size_t op = 0; op < opCounts.size(); ++op) {
        if (opCounts[op] > 0) {
            stats.byOp[std::string(trace.strings.at(static_cast<std::uint32_t>(op)))] = opCounts[op];
        }
    }
    if (!latency.empty()) {
        stats.max = *std::max_element(latency.begin(), latency.end());
        stats.mean = static_cast<Ns>(latencySum / static_cast<cc::WideInt>(latency.size()));
        stats.hiddenSharePpm = latencySum > 0 ? static_cast<std::int64_t>(hiddenSum * 1'000'000 / latencySum) : 0;
        stats.median = quantile(latency, 50);
        stats.p99 = quantile(latency, 99);
        stats.queueWaitMedian = quantile(queueWait, 50);
    }
    return stats;
}

std::vector<PropertyRow> describeRangeStatistics(const RangeStatistics& stats)
{
    std::vector<PropertyRow> rows;
    auto add = [&](const QString& label, const QString& value) { rows.push_back({label, value, false, {}}); };
    rows.push_back({RangeText::tr("Selected range"), {}, true, {}});
    add(RangeText::tr("From"), formatDuration(stats.begin));
    add(RangeText::tr("To"), formatDuration(stats.end));
    add(RangeText::tr("Length"), formatDuration(stats.end - stats.begin));
    add(RangeText::tr("Events issued"), formatCount(stats.count));
    if (stats.replayed) {
        rows.push_back({RangeText::tr("Latency under %1").arg(stats.configuration), {}, true, {}});
        add(RangeText::tr("Median"), formatDuration(stats.median));
        add(RangeText::tr("p99"), formatDuration(stats.p99));
        add(RangeText::tr("Max"), formatDuration(stats.max));
        add(RangeText::tr("Mean"), formatDuration(stats.mean));
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
