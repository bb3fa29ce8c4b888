#include "ui/distributions/distribution_data.h"

#include "core/canary/canary.h"
#include "core/util/quantile.h"
#include "core/util/wide_int.h"
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

namespace {

/// Calls visit(value, hidden, latency) for every sample of `samples` that passes filter.
template <class Visit>
void visitFiltered(const cc::Trace& trace, const cc::SampleColumns& samples, const DistributionFilter& filter,
                   Visit&& visit)
{
    // Filters compare names: a canary's expansion has its own string table.
    const std::uint32_t phaseId = filter.phase.isEmpty() ? cc::kNoString : trace.strings.find(toStd(filter.phase));
    const std::uint32_t opId = filter.op.isEmpty() ? cc::kNoString : trace.strings.find(toStd(filter.op));
    if ((!filter.phase.isEmpty() && phaseId == cc::kNoString) || (!filter.op.isEmpty() && opId == cc::kNoString)) {
        return;
    }
    for (std::size_t k = 0; k < samples.size(); ++k) {
        const std::size_t event = k % samples.eventCount;
        if (!filter.phase.isEmpty() && trace.phase[event] != phaseId) {
            continue;
        }
        if (!filter.op.isEmpty() && trace.op[event] != opId) {
            continue;
        }
        visit(filter.metric == DistributionMetric::QueueWait ? samples.queueWait[k] : samples.latency[k],
              samples.hidden[k], samples.latency[k]);
    }
}

/// The filtered, sorted values of one configuration of one replay, with its hidden share.
struct Collected {
    std::vector<Ns> values;
    std::int64_t hiddenSharePpm = 0;
};

Collected collect(const cc::Trace& trace, const cc::SampleColumns& samples, const DistributionFilter& filter)
{
    Collected out;
    out.values.reserve(samples.size());
    cc::WideInt hidden = 0;
    cc::WideInt latency = 0;
    visitFiltered(trace, samples, filter, [&](Ns value, Ns hiddenPart, Ns whole) {
        out.values.push_back(value);
        hidden += hiddenPart;
        latency += whole;
    });
    std::sort(out.values.begin(), out.values.end());
    if (latency > 0) {
        out.hiddenSharePpm = static_cast<std::int64_t>(hidden * 1'000'000 / latency); // floor, as the engine
    }
    return out;
}

} // namespace

DistributionData computeDistributions(const ReplayResult& replay, const DistributionFilter& filter,
                                      cc::Progress& progress, const ReplayResult& canaryReplay)
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

    // One series per configuration, each followed by its canary's when there is one. The bins
    // span every series, so a first pass finds the extremes; the second collects and sorts one
    // series at a time (8 bytes per sample, not per sample of every series at once).
    struct Source {
        DistributionSeries series;
        const cc::Trace* trace = nullptr;
        const cc::SampleColumns* samples = nullptr;
    };
    std::vector<Source> sources;
    const bool withCanary = canaryReplay.valid() && canaryReplay.request.trace != nullptr;
    const int count = replay.configurationCount();
    Ns lowest = std::numeric_limits<Ns>::max();
    Ns highest = 0;
    bool any = false;
    for (int c = 0; c < count; ++c) {
        progress.check();
        progress.report(0.3 * c / count,
                        toStd(DistributionText::tr("Scanning samples of %1").arg(replay.configurationName(c))));
        const cc::ConfigurationReplay* config = replay.configuration(c);
        Source source;
        source.series.name = qs(config->name);
        source.series.configuration = c;
        source.trace = &trace;
        source.samples = &config->samples;
        sources.push_back(source);
        const cc::ConfigurationReplay* canary = withCanary ? canaryReplay.configuration(c) : nullptr;
        if (canary != nullptr && canary->name == config->name) {
            source.series.canary = true;
            source.trace = canaryReplay.request.trace.get();
            source.samples = &canary->samples;
            sources.push_back(source);
        }
    }
    for (const Source& source : sources) {
        progress.check();
        visitFiltered(*source.trace, *source.samples, filter, [&](Ns value, Ns, Ns) {
            lowest = std::min(lowest, value);
            highest = std::max(highest, value);
            any = true;
        });
    }
    if (!any || highest == 0) {
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

    for (std::size_t s = 0; s < sources.size(); ++s) {
        progress.check();
        progress.report(0.3 + 0.7 * static_cast<double>(s) / static_cast<double>(sources.size()),
                        toStd(DistributionText::tr("Sorting samples of %1").arg(sources[s].series.name)));
        const Collected collected = collect(*sources[s].trace, *sources[s].samples, filter);
        const auto& values = collected.values;
        DistributionSeries series = std::move(sources[s].series);
        series.count = values.size();
        series.hiddenSharePpm = collected.hiddenSharePpm;
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
