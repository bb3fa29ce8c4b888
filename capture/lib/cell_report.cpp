#include "capture/lib/cell_report.h"

#include <algorithm>

namespace cc::capture {

std::vector<RankMetrics> cellMetrics(const LoadedCell& cell)
{
    std::vector<RankMetrics> out;
    for (const auto& rank : cell.ranks) {
        out.push_back(rankMetrics(rank));
    }
    return out;
}

namespace {

std::string countsText(const std::vector<int>& counts)
{
    std::string out = "[";
    for (std::size_t i = 0; i < counts.size(); ++i) {
        out += (i == 0 ? "" : ", ") + std::to_string(counts[i]);
    }
    return out + "]";
}

} // namespace

std::string cellReportText(const LoadedCell& cell, std::size_t layersShown)
{
    std::string out = "cell " + cellId(cell.spec) + " (capture " + cell.captureId +
                      "): " + std::to_string(cell.ranks.size()) + " ranks, all files present and fingerprinted\n";
    if (!cell.ranks.empty()) {
        const auto& r0 = cell.ranks.front();
        out += "  model: " + r0.modelDescription + "\n";
        out += "  timing: " + r0.timingSource + ", interconnect " + r0.interconnect + ", libtorch " +
               r0.libtorchVersion + "\n";
    }
    const auto metrics = cellMetrics(cell);
    for (std::size_t i = 0; i < cell.ranks.size(); ++i) {
        const RankCapture& c = cell.ranks[i];
        const RankMetrics& m = metrics[i];
        out += "\nrank " + std::to_string(c.rank) + ": " + std::to_string(c.iterations.size()) +
               " recorded iterations (warm-up " + std::to_string(c.warmupBucketCounts.size()) +
               " excluded), bucket counts seen " + countsText(c.bucketCountsSeen) + ", rebuild_detected " +
               (c.rebuildDetected ? "true" : "false") + "\n";
        out += "  overlap efficiency " + m.overlapEfficiency.percentText() + ", communication-overhead fraction " +
               m.overheadFraction.percentText() + "\n";
        for (const auto& b : m.buckets) {
            out += "  bucket " + std::to_string(b.bucket) + (b.layout > 0 ? "" : " (initial layout)") + ": " +
                   formatBytes(b.bytes) + ", all-reduce median " + durationText(b.latency.median) + ", p95 " +
                   durationText(b.latency.p95) + ", max " + durationText(b.latency.max) + " (" +
                   std::to_string(b.latency.count) + " samples)\n";
        }
        std::vector<LayerLatency> layers = m.layers;
        std::stable_sort(layers.begin(), layers.end(),
                         [](const LayerLatency& a, const LayerLatency& b) { return a.attributedNs > b.attributedNs; });
        for (std::size_t l = 0; l < std::min(layersShown, layers.size()); ++l) {
            out += "  layer " + layers[l].layer + ": " + durationText(layers[l].perIterationNs) +
                   " of all-reduce latency per iteration (" + formatBytes(layers[l].bytes) + ")\n";
        }
        if (c.clock.method == "reference") {
            out += "  clock: reference rank\n";
        } else {
            out += "  clock: offset to rank " + std::to_string(c.clock.referenceRank) + " " +
                   durationText(c.clock.offsetNs) + " ± " + durationText(c.clock.uncertaintyNs) + " (drift " +
                   durationText(c.clock.driftNs) + " between start and end)\n";
        }
    }
    return out;
}

} // namespace cc::capture
