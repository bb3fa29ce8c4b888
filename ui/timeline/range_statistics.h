// Statistics of a selected time range of the timeline: how many events were issued in it, by
// operation, and (after a replay) their latency median, p99, max and mean, the queue-wait median,
// the share of communication hidden behind compute and the tail events. The figures are core's
// (cc::rangeStatistics, the same the CLI's replay --range prints), computed on a worker thread;
// this file only turns them into rows.
#pragma once

#include "core/replay/replay_analyses.h"
#include "core/util/progress.h"
#include "ui/timeline/timeline_data.h"
#include "ui/util/property_model.h"

#include <vector>

namespace cc::ui {

struct RangeStatistics {
    cc::RangeStatistics values; ///< core's figures
    QString configuration;      ///< whose replay they describe (empty before a replay)
};

/// Events issued in [begin, end] (issue time under the replay, else the trace's).
RangeStatistics computeRangeStatistics(const TimelineData& data, Ns begin, Ns end, cc::Progress& progress);

std::vector<PropertyRow> describeRangeStatistics(const RangeStatistics& stats);

} // namespace cc::ui
