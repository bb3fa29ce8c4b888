#include "core/reduce/subset.h"

#include "core/canary/canary_writer.h"
#include "core/compile/compiler.h"
#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"

namespace cc::reduce {

Trace subsetTrace(const Trace& source, const std::vector<std::uint32_t>& indices, Progress& progress)
{
    TraceBuilder builder(source.sourceName + " (subset)");
    builder.reserve(indices.size());
    for (std::size_t k = 0; k < indices.size(); ++k) {
        if ((k & 0xffff) == 0) {
            progress.check();
        }
        Event e = source.event(indices[k]);
        e.start.reset();
        e.gap = source.effectiveGap[indices[k]];
        builder.add(e);
    }
    return builder.finish(progress);
}

bool isContiguous(const std::vector<std::uint32_t>& indices)
{
    for (std::size_t k = 1; k < indices.size(); ++k) {
        if (indices[k] != indices[k - 1] + 1) {
            return false;
        }
    }
    return true;
}

SubsetCanary subsetCanary(const Trace& source, const std::string& sourceSha256,
                          const std::vector<std::uint32_t>& indices, Progress& progress)
{
    if (indices.empty()) {
        throw InputError(source.sourceName, "a subset canary needs at least one event");
    }
    SubsetCanary out;
    Trace subset = subsetTrace(source, indices, progress);
    CompileOptions options; // lossless
    CompileResult compiled = compileCanary(subset, options, progress);
    out.canary = std::move(compiled.canary);
    const std::uint64_t first = indices.front();
    const std::uint64_t count = indices.size();
    if (!isContiguous(indices)) {
        out.bytes = std::move(compiled.bytes);
        out.boundToSource = false;
        out.label = "a lossless canary of " + std::to_string(count) +
                    " scattered events of the source; the canary "
                    "format binds one contiguous range, so it names the subset itself as its source";
        return out;
    }
    auto& h = out.canary.header;
    const bool whole = first == 0 && count == source.size();
    h.sourceSha256 = sourceSha256;
    h.sourceEvents = source.size();
    h.sourceBytes = writeTraceJson(source).size();
    h.coverage = whole ? CanaryCoverage::Full : CanaryCoverage::Partial;
    h.coveredFirst = first;
    h.coveredLast = first + count;
    // covered.bytes keeps the compiler's meaning: the covered events serialised as a trace.
    if (whole) {
        h.coveredBytes = h.sourceBytes;
    }
    for (auto& segment : out.canary.segments) {
        segment.first += first;
    }
    ClaimFacts facts;
    facts.coverage = h.coverage;
    facts.timingMode = h.timingMode;
    for (std::size_t i = 0; i < subset.size(); ++i) {
        facts.unknownSkew = facts.unknownSkew || subset.skewState[i] == SkewState::Unknown;
        facts.partialSkew = facts.partialSkew || subset.skewState[i] == SkewState::Partial;
        facts.unknownOverlap = facts.unknownOverlap || subset.has(i, kFlagOverlapUnknown);
    }
    std::tie(h.claim, h.claimLimits) = decideClaim(facts);
    out.bytes = serializeCanary(out.canary);
    out.boundToSource = true;
    out.label = whole ? "a lossless canary of every source event"
                      : "a lossless canary of source events [" + std::to_string(first) + ", " +
                            std::to_string(first + count) + ") of " + std::to_string(source.size()) +
                            ", partial coverage";
    return out;
}

} // namespace cc::reduce
