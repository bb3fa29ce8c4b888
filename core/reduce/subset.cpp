#include "core/reduce/subset.h"

#include "core/canary/canary_writer.h"
#include "core/canary/commitment.h"
#include "core/canary/fidelity.h"
#include "core/compile/compiler.h"
#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"
#include "core/util/sha256.h"

namespace cc::reduce {

Trace subsetTrace(const Trace& source, const std::vector<std::uint32_t>& indices, Progress& progress)
{
    return subsetEventsTrace(source, indices, progress);
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

std::vector<CoveredRun> keptRuns(const std::vector<std::uint32_t>& indices)
{
    std::vector<CoveredRun> runs;
    for (auto i : indices) {
        if (!runs.empty() && runs.back().first + runs.back().events == i) {
            ++runs.back().events;
        } else {
            runs.push_back(CoveredRun{i, 1});
        }
    }
    return runs;
}

SubsetCanary subsetCanary(const Trace& source, const std::string& sourceSha256,
                          const std::vector<std::uint32_t>& indices, Progress& progress)
{
    if (indices.empty()) {
        throw InputError(source.sourceName, "a subset canary needs at least one event");
    }
    for (std::size_t k = 0; k < indices.size(); ++k) {
        if (indices[k] >= source.size() || (k > 0 && indices[k] <= indices[k - 1])) {
            throw InputError(source.sourceName, "a subset names ascending, distinct events of the source");
        }
    }
    SubsetCanary out;
    const std::vector<CoveredRun> runs = keptRuns(indices);
    Trace subset = subsetTrace(source, indices, progress);
    // Each kept run gets segments of its own, so every segment stands for consecutive source events.
    CompileOptions options; // lossless
    std::uint64_t position = 0;
    for (std::size_t r = 0; r + 1 < runs.size(); ++r) {
        position += runs[r].events;
        options.segmentBreaks.push_back(position);
    }
    CompileResult compiled = compileCanary(subset, options, progress);
    out.canary = std::move(compiled.canary);
    auto& h = out.canary.header;
    const std::uint64_t count = indices.size();
    const bool whole = runs.size() == 1 && runs.front().first == 0 && count == source.size();
    h.sourceSha256 = sourceSha256;
    h.sourceEvents = source.size();
    h.sourceBytes = traceJsonBytes(source);
    h.coverage = whole ? CanaryCoverage::Full : CanaryCoverage::Partial;
    h.coveredFirst = runs.front().first;
    h.coveredLast = runs.back().first + runs.back().events;
    h.coveredRuns = runs.size() > 1 ? runs : std::vector<CoveredRun>{};
    // Segments name the source events they stand for and commit to those events' canonical bytes.
    const CoveredIndex map(runs);
    Sha256 chain;
    for (auto& segment : out.canary.segments) {
        segment.first = map.sourceIndex(segment.first);
        segment.sha256 = segmentCommitment(source, static_cast<std::size_t>(segment.first),
                                           static_cast<std::size_t>(segment.first + segment.events));
        chain.update(segment.sha256);
        chain.update("\n");
    }
    h.coveredSha256 = chain.hexDigest();
    h.coveredBytes = whole ? h.sourceBytes : expectedCoveredBytes(source, h, progress);
    ClaimFacts facts;
    facts.coverage = h.coverage;
    facts.timingMode = h.timingMode;
    for (const std::uint32_t i : indices) {
        facts.addEvent(source, i, kDefaultAbsoluteToleranceNs); // the facts verify-fidelity recomputes
    }
    std::tie(h.claim, h.claimLimits) = decideClaim(facts);
    out.bytes = serializeCanary(out.canary);
    out.boundToSource = true;
    if (whole) {
        out.label = "a lossless canary of every source event";
    } else if (runs.size() == 1) {
        out.label = "a lossless canary of source events [" + std::to_string(h.coveredFirst) + ", " +
                    std::to_string(h.coveredLast) + ") of " + std::to_string(source.size()) + ", partial coverage";
    } else {
        out.label = "a lossless canary of " + std::to_string(count) + " scattered source events (" +
                    std::to_string(runs.size()) + " runs between events " + std::to_string(h.coveredFirst) + " and " +
                    std::to_string(h.coveredLast - 1) + ") of " + std::to_string(source.size()) +
                    ", partial coverage of a subset: covered.runs lists the kept events";
    }
    return out;
}

} // namespace cc::reduce
