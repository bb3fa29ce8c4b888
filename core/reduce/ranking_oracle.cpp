#include "core/reduce/ranking_oracle.h"

#include "core/reduce/subset.h"
#include "core/replay/simulator.h"
#include "core/replay/summary_workspace.h"

namespace cc::reduce {

RankingOracle::RankingOracle(const Trace& source, const ConfigSet& configs, const ReplayProtocol& protocol,
                             const verify::Tolerances& tolerances, Progress& progress)
    : source_(source), configs_(configs), protocol_(protocol), tolerances_(tolerances)
{
    protocol_.tieTolerancePpm = tolerances.rankingTiePpm;
    reference_ = relations(source, progress);
}

std::vector<verify::Relation> RankingOracle::relations(const Trace& trace, Progress& progress) const
{
    PreparedReplay prepared = prepareReplay(trace, protocol_, progress);
    std::vector<Distribution> latencies;
    latencies.reserve(configs_.configurations.size());
    SummaryWorkspace workspace;
    replayEach(prepared, configs_.configurations, progress,
               [&](std::size_t /*c*/, const SampleColumns& samples, Progress& sub) {
                   latencies.push_back(summarizeSamples(trace, samples, sub, workspace).latency);
               });
    std::vector<verify::Relation> out;
    for (std::size_t a = 0; a < latencies.size(); ++a) {
        for (std::size_t b = a + 1; b < latencies.size(); ++b) {
            for (int m = 0; m < kRankMetricCount; ++m) {
                const auto metric = static_cast<RankMetric>(m);
                out.push_back(verify::decideRelation(rankMetricValue(latencies[a], metric),
                                                     rankMetricValue(latencies[b], metric), tolerances_));
            }
        }
    }
    return out;
}

bool RankingOracle::accepts(const std::vector<std::uint32_t>& subset, Progress& progress) const
{
    if (subset.empty()) {
        return false;
    }
    Trace trace = subsetTrace(source_, subset, progress);
    return relations(trace, progress) == reference_;
}

} // namespace cc::reduce
