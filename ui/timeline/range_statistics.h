// Statistics of a selected time range of the timeline: how many events were issued in it, by
// operation, and (after a replay) their latency median, p99, max and mean and the share of
// communication hidden behind compute. Computed on a worker thread; quantiles are nearest-rank
// over integer ns like the engine's.
#pragma once

#include "core/util/progress.h"
#include "ui/timeline/timeline_data.h"
#include "ui/util/property_model.h"

#include <map>
#include <string>
#include <vector>

namespace cc::ui {

struct RangeStatistics {
    Ns begin = 0;
    Ns end = 0;
    std::uint64_t count = 0;
    bool replayed = false;
    QString configuration;
    Ns median = 0, p99 = 0, max = 0, mean = 0;
    Ns queueWaitMedian = 0;
    std::int64_t hiddenSharePpm = 0; ///< sum(hidden) * 10^6 / sum(latency)
    std::uint64_t tailEvents = 0;    ///< latency at or above the configuration's p99
    std::map<std::string, std::uint64_t> byOp;
};

/// Events issued in [begin, end] (issue time under the replay, else the trace's).
RangeStatistics computeRangeStatistics(const TimelineData& data, Ns begin, Ns end, cc::Progress& progress);

std::vector<PropertyRow> describeRangeStatistics(const RangeStatistics& stats);

} // namespace cc::ui
