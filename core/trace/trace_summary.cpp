#include "core/trace/trace_summary.h"

#include "core/util/decimal.h"

#include <set>

namespace cc {

TraceSummary summarizeTrace(const Trace& t)
{
    TraceSummary s;
    s.events = t.size();
    s.ranks = t.distinctRanks();
    std::set<std::uint32_t> groups;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t.group[i] != kNoString) {
            groups.insert(t.group[i]);
        }
        ++s.ops[std::string(t.opName(i))];
        s.totalBytes += static_cast<WideUInt>(t.bytes[i]);
        s.overlapUnknown += t.has(i, kFlagOverlapUnknown) ? 1 : 0;
    }
    s.groups = groups.size();
    s.timing = t.timing;
    s.skewKnown = t.knownSkewCount();
    s.skewUnknown = t.unknownSkewCount();
    s.skewPartial = t.partialSkewCount();
    s.span = t.size() == 0 ? 0 : t.issueTime.back();
    return s;
}

std::string summaryLine(const TraceSummary& s)
{
    std::string ops;
    for (const auto& [name, count] : s.ops) {
        ops += (ops.empty() ? "" : ",") + name + ":" + std::to_string(count);
    }
    return "events=" + std::to_string(s.events) + " ranks=" + std::to_string(s.ranks) +
           " groups=" + std::to_string(s.groups) + " ops=" + (ops.empty() ? std::string("none") : ops) +
           " timing=" + std::string(timingSemanticsName(s.timing)) + " span_us=" + formatScaledDecimal(s.span, 3) +
           " skew: known=" + std::to_string(s.skewKnown) + " unknown=" + std::to_string(s.skewUnknown) +
           " partial=" + std::to_string(s.skewPartial) +
           (s.overlapUnknown > 0 ? " overlap_unknown=" + std::to_string(s.overlapUnknown) : std::string());
}

} // namespace cc
