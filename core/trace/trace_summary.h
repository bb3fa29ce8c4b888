// A trace's key facts, for `validate`, `info` and the workbench's artifact browser.
#pragma once

#include "core/trace/trace.h"
#include "core/util/wide_int.h"

#include <cstdint>
#include <map>
#include <string>

namespace cc {

struct TraceSummary {
    std::size_t events = 0;
    std::size_t ranks = 0;
    std::size_t groups = 0;
    std::map<std::string, std::size_t> ops; ///< op name -> count
    TimingSemantics timing = TimingSemantics::Gapped;
    std::size_t skewKnown = 0;
    std::size_t skewUnknown = 0;
    std::size_t skewPartial = 0;
    std::size_t overlapUnknown = 0;
    WideUInt totalBytes = 0; ///< exact: events of up to 2^63 - 1 bytes each cannot overflow it
    Ns span = 0; ///< issue time of the last event
};

TraceSummary summarizeTrace(const Trace& trace);

/// "events=100 ranks=2 groups=1 ops=all_reduce:100 timing=gapped skew: known=100 unknown=0 partial=0"
std::string summaryLine(const TraceSummary& summary);

} // namespace cc
