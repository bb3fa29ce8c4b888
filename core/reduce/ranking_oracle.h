// The reducer's decision-only oracle: a subset of events is accepted when, replayed under every
// configuration of the set, it decides every configuration pair x median/p95/p99/mean exactly as
// the full trace does (same relation: left better, right better or tie under the tie tolerance).
// Nothing else about behaviour is asked — which is the point of the reducer as a baseline.
#pragma once

#include "core/configs/backend_config.h"
#include "core/replay/protocol.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"
#include "core/verify/tolerance.h"

#include <cstdint>
#include <vector>

namespace cc::reduce {

class RankingOracle {
public:
    /// Replays the full trace once to fix the reference decisions.
    RankingOracle(const Trace& source, const ConfigSet& configs, const ReplayProtocol& protocol,
                  const verify::Tolerances& tolerances, Progress& progress);

    /// Relations of a trace under the set: pairs in set order, metrics in enum order.
    std::vector<verify::Relation> relations(const Trace& trace, Progress& progress) const;

    /// True when the subset (ascending canonical indices of the source) keeps every decision.
    bool accepts(const std::vector<std::uint32_t>& subset, Progress& progress) const;

    const std::vector<verify::Relation>& reference() const { return reference_; }

private:
    const Trace& source_;
    const ConfigSet& configs_;
    ReplayProtocol protocol_;
    verify::Tolerances tolerances_;
    std::vector<verify::Relation> reference_;
};

} // namespace cc::reduce
