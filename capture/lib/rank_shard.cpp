#include "capture/lib/rank_shard.h"

#include "capture/lib/capture_metrics.h"
#include "core/trace/trace_builder.h"
#include "core/util/errors.h"

#include <nlohmann/json.hpp>

namespace cc::capture {

std::string shardWorkloadJson(const RankCapture& c)
{
    nlohmann::json w;
    w["name"] = "capture " + cellId(c.spec);
    w["source"] = "commcanary-capture-worker";
    w["cell"] = cellSpecToJson(c.spec);
    w["model"] = c.modelDescription;
    w["model_parameters"] = c.modelParameters;
    w["libtorch_version"] = c.libtorchVersion;
    w["capture_session_id"] = c.captureId;
    w["notes"] = "DDP-style data-parallel training step: one all_reduce per gradient bucket, issued from autograd "
                 "hooks during backward; warm-up iterations excluded; times are host steady-clock measurements";
    return w.dump();
}

namespace {

std::string systemJson(const RankCapture& c)
{
    nlohmann::json s;
    s["capture_mode"] = "rank_shard";
    // What the fail-closed merge reads: which rank this is and its clock at the shard's time zero.
    s["rank_local"] = {{"rank", c.rank}, {"clock_origin_ns", c.originNs}};
    s["rank"] = c.rank;
    s["world_size"] = c.worldSize;
    s["local_rank"] = c.localRank;
    s["hostname"] = c.hostname;
    s["capture_session_id"] = c.captureId;
    s["process_group"] = c.processGroup;
    s["backend"] = std::string(backendName(c.spec.backend));
    s["device"] = std::string(deviceName(c.spec.device));
    s["timing_source"] = c.timingSource;
    s["interconnect"] = c.interconnect;
    s["recorded_iterations"] = c.iterations.size();
    s["warmup_iterations"] = c.spec.warmup;
    s["bucket_counts_seen"] = c.bucketCountsSeen;
    s["rebuild_detected"] = c.rebuildDetected;
    s["clock_calibration"] = clockCalibrationToJson(c.clock);
    return s.dump();
}

std::string extras(const RankCapture& c, const IterationRecord& it, const BucketTiming& b)
{
    nlohmann::json e;
    e["capture_session_id"] = c.captureId;
    e["collective_id"] = c.processGroup + ":" + std::to_string(b.sequence);
    e["recorder_rank"] = c.rank;
    e["iteration"] = it.index;
    e["bucket"] = b.bucket;
    e["latency_ns"] = b.latency();
    e["ready_ns"] = b.readyNs - c.originNs;
    return e.dump();
}

} // namespace

Trace buildRankShard(const RankCapture& c, Progress& progress)
{
    const std::string source = "rank" + std::to_string(c.rank) + " shard";
    TraceBuilder builder(source);
    builder.setWorkloadJson(shardWorkloadJson(c));
    builder.setSystemJson(systemJson(c));
    std::vector<std::int32_t> members(static_cast<std::size_t>(c.worldSize));
    for (int r = 0; r < c.worldSize; ++r) {
        members[static_cast<std::size_t>(r)] = r;
    }
    Ns previousIssue = c.originNs;
    for (const auto& it : c.iterations) {
        progress.check();
        const IntervalSet compute = computeIntervals(it);
        for (const auto& b : it.buckets) {
            if (b.issueNs < c.originNs) {
                throw InputError(Diagnostic{source,
                                            kNoEvent,
                                            {},
                                            "issue_ns",
                                            "bucket " + std::to_string(b.bucket) + " of iteration " +
                                                std::to_string(it.index) + " was issued before the shard's time zero"});
            }
            const IntervalSet span{Interval{b.issueNs, b.completeNs}};
            Event e;
            e.id = "rank" + std::to_string(c.rank) + "." + c.processGroup + "." + std::to_string(b.sequence);
            e.op = "all_reduce";
            e.bytes = b.bytes;
            e.dtype = "float32";
            e.ranks = members;
            e.group = c.processGroup;
            e.phase = "backward";
            e.reductionOp = "sum";
            e.messageSequence = b.sequence;
            e.start = b.issueNs - c.originNs;
            e.computeBefore = compute.intersect(IntervalSet{Interval{previousIssue, b.issueNs}}).measure();
            e.computeOverlap = span.intersect(compute).measure();
            e.observedExposed = span.subtract(compute).measure();
            e.extraJson = extras(c, it, b);
            builder.add(e);
            previousIssue = b.issueNs;
        }
    }
    return builder.finish(progress);
}

} // namespace cc::capture
