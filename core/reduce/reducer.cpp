#include "core/reduce/reducer.h"

#include "core/configs/config_io.h"
#include "core/reduce/ranking_oracle.h"
#include "core/trace/normalized.h"
#include "core/util/errors.h"

#include <numeric>

namespace cc::reduce {

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
