#include "capture/lib/capture_metrics.h"
#include "core/util/wide_int.h"

#include "core/util/decimal.h"
#include "core/util/quantile.h"

#include <algorithm>
#include <map>

namespace cc::capture {

std::int64_t Ratio::ppm() const
{
    if (!defined()) {
        return 0;
    }
    const WideInt scaled = static_cast<WideInt>(numerator) * 1'000'000 + denominator / 2;
    return static_cast<std::int64_t>(scaled / denominator);
}

std::string Ratio::percentText() const
{
    if (!defined()) {
        return "undefined";
    }
    // ppm / 10^4 = percent; one decimal = ppm / 10^3, rounded half up.
    const std::int64_t tenths = (ppm() + 500) / 1000;
    return formatScaledDecimal(tenths, 1) + (tenths % 10 == 0 ? ".0" : "") + " %";
}

Ratio overlapEfficiency(const IntervalSet& communication, const IntervalSet& compute)
{
    return {communication.intersect(compute).measure(), communication.measure()};
}

Ratio communicationOverheadFraction(const IntervalSet& communication, const IntervalSet& compute, Interval window)
{
    return {communication.subtract(compute).clip(window).measure(), window.length()};
}

IntervalSet communicationIntervals(const IterationRecord& iteration)
{
    std::vector<Interval> spans;
    spans.reserve(iteration.buckets.size());
    for (const auto& b : iteration.buckets) {
        spans.push_back({b.issueNs, b.completeNs});
    }
    return IntervalSet(std::move(spans));
}

IntervalSet computeIntervals(const IterationRecord& iteration)
{
    return IntervalSet{iteration.forward, iteration.backward, iteration.optimizer};
}

Interval iterationWindow(const IterationRecord& iteration)
{
    Ns end = std::max({iteration.forward.end, iteration.backward.end, iteration.commWait.end, iteration.optimizer.end});
    for (const auto& b : iteration.buckets) {
        end = std::max(end, b.completeNs);
    }
    return {iteration.forward.begin, end};
}

IterationMetrics iterationMetrics(const IterationRecord& iteration)
{
    IterationMetrics m;
    m.iteration = iteration.index;
    const IntervalSet comm = communicationIntervals(iteration);
    const IntervalSet compute = computeIntervals(iteration);
    const Interval window = iterationWindow(iteration);
    m.windowNs = window.length();
    m.computeNs = compute.measure();
    m.communicationNs = comm.measure();
    m.overlapEfficiency = overlapEfficiency(comm, compute);
    m.overheadFraction = communicationOverheadFraction(comm, compute, window);
    m.overlappedNs = m.overlapEfficiency.numerator;
    m.exposedNs = m.overheadFraction.numerator;
    return m;
}

LatencyStats latencyStats(std::vector<Ns> samples)
{
    LatencyStats s;
    s.count = samples.size();
    if (samples.empty()) {
        return s;
    }
    std::sort(samples.begin(), samples.end());
    auto rank = [&](unsigned percent) { return samples[nearestRankIndex(samples.size(), percent)]; };
    s.min = samples.front();
    s.max = samples.back();
    s.median = rank(50);
    s.p95 = rank(95);
    for (Ns v : samples) {
        s.total += v;
    }
    return s;
}

RankMetrics rankMetrics(const RankCapture& capture)
{
    RankMetrics m;
    m.rank = capture.rank;
    std::map<std::pair<int, int>, std::vector<Ns>> perBucket;
    std::map<std::pair<int, int>, std::int64_t> bucketBytes;
    std::vector<std::string> layerOrder;
    std::map<std::string, LayerLatency> layers;
    for (const auto& p : capture.parameters) {
        auto [it, inserted] = layers.try_emplace(p.layer);
        if (inserted) {
            it->second.layer = p.layer;
            layerOrder.push_back(p.layer);
        }
        it->second.bytes += p.bytes;
    }
    for (const auto& it : capture.iterations) {
        IterationMetrics im = iterationMetrics(it);
        m.overlapEfficiency.numerator += im.overlapEfficiency.numerator;
        m.overlapEfficiency.denominator += im.overlapEfficiency.denominator;
        m.overheadFraction.numerator += im.overheadFraction.numerator;
        m.overheadFraction.denominator += im.overheadFraction.denominator;
        m.iterations.push_back(im);
        const auto& layout = capture.layouts.at(static_cast<std::size_t>(it.layout));
        for (const auto& b : it.buckets) {
            perBucket[{it.layout, b.bucket}].push_back(b.latency());
            bucketBytes[{it.layout, b.bucket}] = b.bytes;
            const auto& members = layout.buckets.at(static_cast<std::size_t>(b.bucket));
            const std::int64_t total = layout.bucketBytes.at(static_cast<std::size_t>(b.bucket));
            if (total <= 0) {
                continue;
            }
            for (auto p : members) {
                const auto& param = capture.parameters.at(static_cast<std::size_t>(p));
                const WideInt share = static_cast<WideInt>(b.latency()) * param.bytes / total;
                layers[param.layer].attributedNs += static_cast<Ns>(share);
            }
        }
    }
    for (auto& [key, samples] : perBucket) {
        m.buckets.push_back({key.first, key.second, bucketBytes[key], latencyStats(samples)});
    }
    const auto recorded = static_cast<Ns>(capture.iterations.size());
    for (const auto& name : layerOrder) {
        LayerLatency l = layers[name];
        l.perIterationNs = recorded > 0 ? l.attributedNs / recorded : 0;
        m.layers.push_back(l);
    }
    return m;
}

std::string durationText(Ns ns)
{
    const bool negative = ns < 0;
    const Ns v = negative ? -ns : ns;
    std::string sign = negative ? "-" : "";
    if (v >= 1'000'000) {
        return sign + formatScaledDecimal(v / 1000, 3) + " ms"; // µs resolution
    }
    if (v >= 1000) {
        return sign + formatScaledDecimal(v, 3) + " µs";
    }
    return sign + std::to_string(v) + " ns";
}

std::string rankMetricsText(const RankMetrics& m)
{
    std::string out = "rank " + std::to_string(m.rank) + ": " + std::to_string(m.iterations.size()) +
                      " recorded iterations, overlap efficiency " + m.overlapEfficiency.percentText() +
                      ", communication-overhead fraction " + m.overheadFraction.percentText() + "\n";
    for (const auto& b : m.buckets) {
        out += "  bucket " + std::to_string(b.bucket) + (b.layout > 0 ? " (rebuilt layout)" : "") + ": " +
               formatBytes(b.bytes) + ", all-reduce median " + durationText(b.latency.median) + ", p95 " +
               durationText(b.latency.p95) + ", max " + durationText(b.latency.max) + " over " +
               std::to_string(b.latency.count) + "\n";
    }
    for (const auto& l : m.layers) {
        out += "  layer " + l.layer + ": " + formatBytes(l.bytes) + ", attributed all-reduce latency " +
               durationText(l.perIterationNs) + " per iteration\n";
    }
    return out;
}

} // namespace cc::capture
