// Latency (or queue-wait) distributions of a replay, prepared on a worker thread for Qt Charts:
// per configuration a CDF decimated to at most kMaxCdfPoints points (quantile-spaced, with the
// extremes kept), a histogram over shared log-spaced bins, the nearest-rank p50/p95/p99/max
// markers and the hidden-communication share. With the replay of an expanded canary beside it,
// every configuration gets a second series for the canary, so source and canary overlay.
// Filters restrict to one phase and/or one operation. Qt Charts draws a few thousand points per
// series comfortably; it never sees the raw samples.
#pragma once

#include "core/util/progress.h"
#include "ui/replay/replay_result.h"

#include <QPointF>
#include <QString>
#include <QStringList>

#include <vector>

namespace cc::ui {

inline constexpr std::size_t kMaxCdfPoints = 2000;
inline constexpr int kHistogramBins = 48;

/// Which per-sample value a distribution shows.
enum class DistributionMetric {
    Latency,   ///< completion - issue (rank wait + queue wait + duration)
    QueueWait, ///< waiting for a free channel of the scheduler resource
};

struct DistributionFilter {
    QString phase; ///< empty: every phase
    QString op;    ///< empty: every operation
    DistributionMetric metric = DistributionMetric::Latency;
    friend bool operator==(const DistributionFilter&, const DistributionFilter&) = default;
};

struct DistributionSeries {
    QString name;          ///< the configuration's name
    int configuration = 0; ///< index in the configuration set (its colour)
    bool canary = false;   ///< the expanded canary's replay (drawn dashed, in a darker shade)
    std::uint64_t count = 0;
    std::int64_t hiddenSharePpm = 0; ///< sum(hidden) * 10^6 / sum(latency) over the series' samples, floor
    std::vector<QPointF> cdf;        ///< x: latency in µs (display), y: fraction 0..1
    std::vector<double> histogram;   ///< per bin: fraction of the series' samples
    Ns p50 = 0, p95 = 0, p99 = 0, max = 0;
};

struct DistributionData {
    std::vector<DistributionSeries> series;
    std::vector<double> binEdgesUs; ///< kHistogramBins + 1 edges, log-spaced (µs)
    QStringList phases;             ///< for the filter choices
    QStringList ops;
    DistributionFilter filter;
    double minUs = 1e-3;
    double maxUs = 1.0;
};

/// The distributions of replay's samples under filter, one series per configuration; with a
/// valid canaryReplay (the expanded canary replayed under the same configurations), each source
/// series is followed by the canary's series of the same configuration.
DistributionData computeDistributions(const ReplayResult& replay, const DistributionFilter& filter,
                                      cc::Progress& progress, const ReplayResult& canaryReplay = {});

} // namespace cc::ui
