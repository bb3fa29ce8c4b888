// Latency distributions of a replay, prepared on a worker thread for Qt Charts: per
// configuration a CDF decimated to at most kMaxCdfPoints points (quantile-spaced, with the
// extremes kept), a histogram over shared log-spaced bins, and the nearest-rank p50/p95/p99/max
// markers. Filters restrict to one phase and/or one operation. Qt Charts draws a few thousand
// points per series comfortably; it never sees the raw samples.
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

struct DistributionFilter {
    QString phase; ///< empty: every phase
    QString op;    ///< empty: every operation
    friend bool operator==(const DistributionFilter&, const DistributionFilter&) = default;
};

struct DistributionSeries {
    QString name;
    bool canary = false; ///< drawn dashed
    std::uint64_t count = 0;
    std::vector<QPointF> cdf;      ///< x: latency in µs (display), y: fraction 0..1
    std::vector<double> histogram; ///< per bin: fraction of the series' samples
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

DistributionData computeDistributions(const ReplayResult& replay, const DistributionFilter& filter,
                                      cc::Progress& progress);

} // namespace cc::ui
