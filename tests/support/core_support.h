// Shared helpers of the suites that call core directly: small traces built in code and the
// bundled adversarial example.
#pragma once

#include "test_support.h"

#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"
#include "core/util/progress.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cctest {

/// A collective of bytes over ranks, issued gap ns after the previous event; every other field
/// absent.
inline cc::Event collective(const std::string& op, std::int64_t bytes, std::vector<std::int32_t> ranks, cc::Ns gap)
{
    cc::Event e;
    e.op = op;
    e.bytes = bytes;
    e.ranks = std::move(ranks);
    e.gap = gap;
    return e;
}

/// A trace of the given events, in order, under the workload name `workload`.
inline cc::Trace traceOf(const std::vector<cc::Event>& events, const std::string& workload = "test")
{
    cc::TraceBuilder builder(workload);
    for (const auto& e : events) {
        builder.add(e);
    }
    cc::NullProgress progress;
    return builder.finish(progress);
}

/// The bundled adversarial_decode example, read from its file.
inline cc::Trace adversarialExampleTrace()
{
    cc::NullProgress progress;
    return cc::readTrace(example(QStringLiteral("adversarial_decode.trace.json")).toStdString(), progress);
}

} // namespace cctest
