#include "capture/lib/rank_shard.h"

#include "capture/lib/capture_metrics.h"
#include "capture/lib/json_io.h"
#include "core/trace/trace_builder.h"
#include "core/util/errors.h"

namespace cc::capture {

std::string shardWorkloadJson(const RankCapture& c)
{
    json::Value w = json::Value::object();
    w.set("name", "capture " + cellId(c.spec));
    w.set("source", "commcanary-capture-worker");
    w.set("cell", cellSpecToJson(c.spec));
    w.set("model", c.modelDescription);
    w.set("model_parameters", c.modelParameters);
    w.set("libtorch_version", c.libtorchVersion);
    w.set("capture_session_id", c.captureId);
    w.set("notes", "DDP-style data-parallel training step: one all_reduce per gradient bucket, issued from autograd "
                   "hooks during backward; warm-up iterations excluded; times are host steady-clock measurements");
    return jsonCompactText(w);
}

namespace {

std::string systemJson(const RankCapture& c)
{
    json::Value s = json::Value::object();
    s.set("capture_mode", "rank_shard");
    // What the fail-closed merge reads: which rank this is and its clock at the shard's time zero.
    json::Value rankLocal = json::Value::object();
    rankLocal.set("rank", c.rank);
    rankLocal.set("clock_origin_ns", c.originNs);
    s.set("rank_local", std::move(rankLocal));
    s.set("rank", c.rank);
    s.set("world_size", c.worldSize);
    s.set("local_rank", c.localRank);
    s.set("hostname", c.hostname);
    s.set("capture_session_id", c.captureId);
    s.set("process_group", c.processGroup);
    s.set("backend", backendName(c.spec.backend));
    s.set("device", deviceName(c.spec.device));
    s.set("timing_source", c.timingSource);
    s.set("interconnect", c.interconnect);
    s.set("recorded_iterations", static_cast<std::uint64_t>(c.iterations.size()));
    s.set("warmup_iterations", c.spec.warmup);
    s.set("bucket_counts_seen", integerArray(c.bucketCountsSeen));
    s.set("rebuild_detected", json::Value(c.rebuildDetected));
    s.set("clock_calibration", clockCalibrationToJson(c.clock));
    return jsonCompactText(s);
}

std::string extras(const RankCapture& c, const IterationRecord& it, const BucketTiming& b)
{
    json::Value e = json::Value::object();
    e.set("capture_session_id", c.captureId);
    e.set("collective_id", c.processGroup + ":" + std::to_string(b.sequence));
    e.set("recorder_rank", c.rank);
    e.set("iteration", it.index);
    e.set("bucket", b.bucket);
    e.set("latency_ns", b.latency());
    e.set("ready_ns", b.readyNs - c.originNs);
    return jsonCompactText(e);
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
