#include "core/reduce/reducer.h"

#include "core/configs/config_io.h"
#include "core/reduce/ranking_oracle.h"
#include "core/replay/simulator.h"
#include "core/trace/normalized.h"
#include "core/util/errors.h"

#include <numeric>

namespace cc::reduce {

namespace {

/// The smallest event count at which nearest-rank metrics a and b can take different values.
std::uint64_t firstDistinct(RankMetric a, RankMetric b)
{
    auto percent = [](RankMetric m) -> unsigned {
        return m == RankMetric::Median ? 50 : m == RankMetric::P95 ? 95 : 99;
    };
    if (a == RankMetric::Mean || b == RankMetric::Mean) {
        return 2; // a mean differs from any single sample from two events on
    }
    for (std::size_t n = 1; n < 1000; ++n) {
        if (nearestRankIndex(n, percent(a)) != nearestRankIndex(n, percent(b))) {
            return n;
        }
    }
    return 1000;
}

void setQuantileFloor(ReduceResult& r, const std::vector<verify::Relation>& reference, const ConfigSet& configs)
{
    std::size_t d = 0;
    for (std::size_t a = 0; a < configs.configurations.size(); ++a) {
        for (std::size_t b = a + 1; b < configs.configurations.size(); ++b, d += kRankMetricCount) {
            for (int m1 = 0; m1 < kRankMetricCount; ++m1) {
                for (int m2 = m1 + 1; m2 < kRankMetricCount; ++m2) {
                    if (d + static_cast<std::size_t>(m2) >= reference.size() ||
                        reference[d + static_cast<std::size_t>(m1)] == reference[d + static_cast<std::size_t>(m2)]) {
                        continue;
                    }
                    const auto x = static_cast<RankMetric>(m1);
                    const auto y = static_cast<RankMetric>(m2);
                    const std::uint64_t floor = firstDistinct(x, y);
                    if (floor > r.quantileFloorEvents) {
                        r.quantileFloorEvents = floor;
                        r.quantileFloorReason =
                            configs.configurations[a].name + " vs " + configs.configurations[b].name + ": " +
                            std::string(rankMetricName(x)) + " " +
                            std::string(verify::relationName(reference[d + static_cast<std::size_t>(m1)])) + ", " +
                            std::string(rankMetricName(y)) + " " +
                            std::string(verify::relationName(reference[d + static_cast<std::size_t>(m2)])) +
                            "; with nearest-rank quantiles they coincide below " + std::to_string(floor) + " events";
                    }
                }
            }
        }
    }
}

} // namespace

ReduceResult reduceTrace(const Trace& source, const ReduceOptions& options, Progress& progress)
{
    if (options.configs.configurations.size() < 2) {
        throw InputError(source.sourceName, "the ranking oracle compares configurations: the set needs at least two, "
                                            "it has " +
                                                std::to_string(options.configs.configurations.size()));
    }
    if (source.size() == 0) {
        throw InputError(source.sourceName, "the trace has no events to reduce");
    }
    verify::validateTolerances(options.tolerances, "tolerances");
    ReplayProtocol protocol = options.protocol;
    protocol.tieTolerancePpm = options.tolerances.rankingTiePpm;
    validateProtocol(protocol, "protocol");

    ReduceResult r;
    r.sourceEvents = source.size();
    r.sourceSha256 = normalizedSha256(source, progress);
    SubProgress preparing(progress, 0.0, 0.05);
    RankingOracle oracle(source, options.configs, protocol, options.tolerances, preparing);
    r.decisions = oracle.reference().size();
    setQuantileFloor(r, oracle.reference(), options.configs);

    std::vector<std::uint32_t> all(source.size());
    std::iota(all.begin(), all.end(), 0U);
    SubProgress searching(progress, 0.05, 0.95);
    NullProgress quiet;
    DdminOptions ddminOptions;
    ddminOptions.maxOracleCalls = options.maxOracleCalls;
    r.ddmin = ddmin(
        std::move(all), [&](const std::vector<std::uint32_t>& subset) { return oracle.accepts(subset, searching); },
        ddminOptions, searching);
    r.rankingPreserved = oracle.accepts(r.ddmin.kept, quiet);
    SubProgress writing(progress, 0.95, 1.0);
    r.artifact = subsetCanary(source, r.sourceSha256, r.ddmin.kept, writing);
    progress.report(1.0, reduceSummaryLine(r));
    return r;
}

std::string reduceSummaryLine(const ReduceResult& r)
{
    return "reduced " + std::to_string(r.sourceEvents) + " -> " + std::to_string(r.ddmin.kept.size()) + " events in " +
           std::to_string(r.ddmin.oracleCalls) + " oracle calls";
}

} // namespace cc::reduce
