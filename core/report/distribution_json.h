// How every report format writes one latency distribution: its count, and its median, p95, p99,
// max and mean in integer ns (replay reports and measured reports alike).
#pragma once

#include "core/replay/simulator.h"
#include "core/util/json/writer.h"

namespace cc::report_fields {

/// The members of one distribution, inside an object the caller opened.
inline void writeDistribution(json::Writer& w, const Distribution& d)
{
    w.field("count", d.count);
    w.field("median_ns", d.median);
    w.field("p95_ns", d.p95);
    w.field("p99_ns", d.p99);
    w.field("max_ns", d.max);
    w.field("mean_ns", d.mean);
}

} // namespace cc::report_fields
