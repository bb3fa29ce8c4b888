#include "ui/distributions/distribution_data.h"

#include "ui/util/text.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <set>

namespace cc::ui {

namespace {
class DistributionText {
    Q_DECLARE_TR_FUNCTIONS(DistributionText)
};

double toUs(Ns ns)
{
    return std::max(static_cast<double>(ns), 1.0) / 1000.0;
}
} // namespace

DistributionData computeDistributions(const ReplayResult& replay, const DistributionFilter& filter,
                                      cc::Progress& progress)
{
    DistributionData data;
    data.filter = filter;
    if (!replay.valid() || !replay.request.trace) {
        return data;
    }
    const cc::Trace& trace = *replay.request.trace;
    std::set<QString> phases;
    std::set<QString> ops;
    for (std::size_t i = 0; i < trace.size(); ++i) {
        if (trace.phase[i] != cc::kNoString) {
            phases.insert(qs(trace.str(trace.phase[i])));
        }
        ops.insert(qs(trace.opName(i)));
    }
    data.phases = QStringList(phases.begin(), phases.end());
    data.ops = QStringList(ops.begin(), ops.end());
    const std::string phase = toStd(filter.phase);
    const std::string op = toStd(filter.op);
    const std::uint32_t phaseId = filter.phase.isEmpty() ? cc::kNoString : trace.strings.find(phase);
    const std::uint32_t opId = filter.op.isEmpty() ? cc::kNoString : trace.strings.find(op);

    const int count = replay.configurationCount();
    std::vector<std::vector<Ns>> sorted(static_cast<std::size_t>(count));
    Ns lowest = std::numeric_limits<Ns>::max();
    Ns highest = 0;
    for (int c = 0; c < count; ++c) {
        progress.check();
        progress.report(0.8 * c / count,
                        toStd(DistributionText::tr("Sorting latencies of %1").arg(replay.configurationName(c))));
        const cc::SampleColumns& samples = replay.configuration(c)->samples;
        auto& values = sorted[static_cast<std::size_t>(c)];
        values.reserve(samples.size());
        for (std::size_t k = 0; k < samples.size(); ++k) {
            const std::size_t event = k % samples.eventCount;
            if (!filter.phase.isEmpty() && trace.phase[event] != phaseId) {
                continue;
            }
            if (!filter.op.isEmpty() && trace.op[event] != opId) {
                continue;
            }
            values.push_back(samples.latency(k));
        }
        std::sort(values.begin(), values.end());
        if (!values.empty()) {
            lowest = std::min(lowest, values.front());
            highest = std::max(highest, values.back());
        }
    }
    if (highest == 0) {
        lowest = 1;
        highest = 1000;
    }
    data.minUs = toUs(lowest);
    data.maxUs = std::max(toUs(highest), data.minUs * 1.01);
    const double logMin = std::log(data.minUs);
    const double logMax = std::log(data.maxUs * 1.0001);
    data.binEdgesUs.resize(kHistogramBins + 1);
    for (int b = 0; b <= kHistogramBins; ++b) {
        data.binEdgesUs[static_cast<std::size_t>(b)] = std::exp(logMin + (logMax - logMin) * b / kHistogramBins);
    }

    for (int c = 0; c < count; ++c) {
        progress.check();
        const auto& values = sorted[static_cast<std::size_t>(c)];
        DistributionSeries series;
        series.name = replay.configurationName(c);
        series.count = values.size();
        series.histogram.assign(kHistogramBins, 0.0);
        if (!values.empty()) {
            const std::size_t n = values.size();
            auto rank = [&](unsigned percent) { return values[cc::nearestRankIndex(n, percent)]; };
            series.p50 = rank(50);
            series.p95 = rank(95);
            series.p99 = rank(99);
            series.max = values.back();
            // Quantile-spaced decimation: point j stands for the (j / (m-1))-quantile; the
            // minimum and maximum are always present, so the tails are never cut off.
            const std::size_t m = std::min(n, kMaxCdfPoints);
            series.cdf.reserve(m + 1);
            for (std::size_t j = 0; j < m; ++j) {
                const std::size_t k = m == 1 ? n - 1 : j * (n - 1) / (m - 1);
                series.cdf.emplace_back(toUs(values[k]), static_cast<double>(k + 1) / static_cast<double>(n));
            }
            for (const Ns value : values) {
                const double us = toUs(value);
                const auto bin =
                    std::upper_bound(data.binEdgesUs.begin(), data.binEdgesUs.end(), us) - data.binEdgesUs.begin() - 1;
                series.histogram[static_cast<std::size_t>(std::clamp<std::ptrdiff_t>(bin, 0, kHistogramBins - 1))] +=
                    1.0;
            }
            for (double& h : series.histogram) {
                h /= static_cast<double>(n);
            }
        }
        data.series.push_back(std::move(series));
    }
    progress.report(1.0, toStd(DistributionText::tr("Distributions ready")));
    return data;
}

} // namespace cc::ui
