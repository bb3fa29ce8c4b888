#include "capture/lib/rank_capture.h"

#include "capture/lib/capture_limits.h"
#include "capture/lib/json_io.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"

#include <algorithm>
#include <limits>
#include <set>

namespace cc::capture {

namespace {

json::Value intervalJson(const Interval& i)
{
    json::Value a = json::Value::array();
    a.push(json::Value(i.begin));
    a.push(json::Value(i.end));
    return a;
}

constexpr std::int64_t kMinNs = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kMaxNs = std::numeric_limits<std::int64_t>::max();
constexpr int kMaxInt = std::numeric_limits<int>::max();

Interval intervalFrom(const Fields& f, std::string_view key)
{
    auto v = f.integers(key, kMinNs, kMaxNs);
    if (v.size() != 2 || v[1] < v[0]) {
        f.fail(key, "must be [begin_ns, end_ns] with end >= begin");
    }
    return {v[0], v[1]};
}

std::vector<int> intsFrom(const Fields& f, std::string_view key)
{
    std::vector<int> out;
    for (auto v : f.integers(key, 0, kMaxInt)) {
        out.push_back(static_cast<int>(v));
    }
    return out;
}

} // namespace

std::vector<int> distinctBucketCounts(const std::vector<IterationRecord>& iterations)
{
    std::set<int> counts;
    for (const auto& it : iterations) {
        counts.insert(static_cast<int>(it.buckets.size()));
    }
    return {counts.begin(), counts.end()};
}

json::Value rankCaptureToJson(const RankCapture& c)
{
    json::Value j = json::Value::object();
    j.set("format", kRankCaptureFormat);
    j.set("rank", c.rank);
    j.set("world_size", c.worldSize);
    j.set("local_rank", c.localRank);
    j.set("hostname", c.hostname);
    j.set("pid", c.pid);
    j.set("capture_session_id", c.captureId);
    j.set("cell", cellSpecToJson(c.spec));
    j.set("libtorch_version", c.libtorchVersion);
    j.set("process_group", c.processGroup);
    j.set("timing_source", c.timingSource);
    j.set("interconnect", c.interconnect);
    json::Value model = json::Value::object();
    model.set("description", c.modelDescription);
    model.set("parameters", c.modelParameters);
    j.set("model", std::move(model));
    json::Value params = json::Value::array();
    for (const auto& p : c.parameters) {
        json::Value param = json::Value::object();
        param.set("name", p.name);
        param.set("layer", p.layer);
        param.set("elements", p.elements);
        param.set("bytes", p.bytes);
        params.push(std::move(param));
    }
    j.set("parameters", std::move(params));
    json::Value layouts = json::Value::array();
    for (const auto& l : c.layouts) {
        json::Value buckets = json::Value::array();
        for (const auto& b : l.buckets) {
            buckets.push(integerArray(b));
        }
        json::Value layout = json::Value::object();
        layout.set("origin", l.origin);
        layout.set("from_iteration", l.fromIteration);
        layout.set("buckets", std::move(buckets));
        layout.set("bucket_bytes", integerArray(l.bucketBytes));
        layouts.push(std::move(layout));
    }
    j.set("bucket_layouts", std::move(layouts));
    j.set("observed_ready_order", integerArray(c.observedReadyOrder));
    j.set("warmup_bucket_counts", integerArray(c.warmupBucketCounts));
    j.set("bucket_counts_seen", integerArray(c.bucketCountsSeen));
    j.set("rebuild_detected", json::Value(c.rebuildDetected));
    json::Value iterations = json::Value::array();
    for (const auto& it : c.iterations) {
        json::Value buckets = json::Value::array();
        for (const auto& b : it.buckets) {
            json::Value bucket = json::Value::object();
            bucket.set("bucket", b.bucket);
            bucket.set("sequence", b.sequence);
            bucket.set("bytes", b.bytes);
            bucket.set("ready_ns", b.readyNs);
            bucket.set("issue_ns", b.issueNs);
            bucket.set("complete_ns", b.completeNs);
            buckets.push(std::move(bucket));
        }
        json::Value iteration = json::Value::object();
        iteration.set("index", it.index);
        iteration.set("layout", it.layout);
        iteration.set("forward_ns", intervalJson(it.forward));
        iteration.set("backward_ns", intervalJson(it.backward));
        iteration.set("comm_wait_ns", intervalJson(it.commWait));
        iteration.set("optimizer_ns", intervalJson(it.optimizer));
        iteration.set("buckets", std::move(buckets));
        iterations.push(std::move(iteration));
    }
    j.set("iterations", std::move(iterations));
    j.set("origin_ns", c.originNs);
    j.set("clock_calibration", clockCalibrationToJson(c.clock));
    j.set("peak_rss_bytes", c.peakRssBytes);
    return j;
}

std::string rankCaptureText(const RankCapture& capture)
{
    return jsonFileText(rankCaptureToJson(capture));
}

RankCapture rankCaptureFromJson(const json::Value& value, const std::string& source)
{
    const json::Reader in(source);
    const Fields f(in, value, "$");
    if (f.string("format") != kRankCaptureFormat) {
        f.fail("format", "must be \"" + std::string(kRankCaptureFormat) + "\"");
    }
    RankCapture c;
    c.worldSize = f.intIn("world_size", 0, kMaxInt);
    c.rank = f.intIn("rank", 0, kMaxInt);
    if (c.worldSize < 1 || c.rank >= c.worldSize) {
        f.fail("rank", "must be below world_size " + std::to_string(c.worldSize));
    }
    c.localRank = f.intIn("local_rank", 0, kMaxInt);
    c.hostname = f.string("hostname");
    c.pid = f.nonNegative("pid");
    c.captureId = f.string("capture_session_id");
    c.spec = cellSpecFromJson(f.value("cell"), source, f.pathOf("cell"));
    c.libtorchVersion = f.string("libtorch_version");
    c.processGroup = f.string("process_group");
    c.timingSource = f.string("timing_source");
    c.interconnect = f.string("interconnect");
    const Fields model = f.object("model");
    c.modelDescription = model.string("description");
    c.modelParameters = model.nonNegative("parameters");
    const json::Value& params = f.array("parameters");
    for (std::size_t i = 0; i < params.size(); ++i) {
        const Fields p(in, params.items()[i], json::childPath(f.pathOf("parameters"), i));
        c.parameters.push_back(
            {p.string("name"), p.string("layer"), p.nonNegative("elements"), p.nonNegative("bytes")});
    }
    const auto parameterCount = static_cast<std::int64_t>(c.parameters.size());
    const json::Value& layouts = f.array("bucket_layouts");
    for (std::size_t i = 0; i < layouts.size(); ++i) {
        const Fields l(in, layouts.items()[i], json::childPath(f.pathOf("bucket_layouts"), i));
        LayoutRecord rec;
        rec.origin = l.string("origin");
        rec.fromIteration = l.intIn("from_iteration", 0, kMaxInt);
        const json::Value& buckets = l.array("buckets");
        for (std::size_t b = 0; b < buckets.size(); ++b) {
            const std::string at = json::childPath(l.pathOf("buckets"), b);
            const json::Value& members = in.array(buckets.items()[b], at);
            std::vector<std::int64_t> indices;
            indices.reserve(members.size());
            for (std::size_t m = 0; m < members.size(); ++m) {
                indices.push_back(in.integer(members.items()[m], json::childPath(at, m), 0, parameterCount - 1));
            }
            rec.buckets.push_back(std::move(indices));
        }
        rec.bucketBytes = l.integers("bucket_bytes", 0, kMaxNs);
        if (rec.bucketBytes.size() != rec.buckets.size()) {
            l.fail("bucket_bytes", "must have one entry per bucket");
        }
        c.layouts.push_back(std::move(rec));
    }
    c.observedReadyOrder = f.integers("observed_ready_order", 0, kMaxNs);
    c.warmupBucketCounts = intsFrom(f, "warmup_bucket_counts");
    c.bucketCountsSeen = intsFrom(f, "bucket_counts_seen");
    c.rebuildDetected = f.boolean("rebuild_detected");
    const json::Value& iterations = f.array("iterations");
    for (std::size_t i = 0; i < iterations.size(); ++i) {
        const Fields it(in, iterations.items()[i], json::childPath(f.pathOf("iterations"), i));
        IterationRecord rec;
        rec.index = it.intIn("index", 0, kMaxInt);
        rec.layout = it.intIn("layout", 0, kMaxInt);
        if (rec.layout >= static_cast<int>(c.layouts.size())) {
            it.fail("layout", "names no entry of bucket_layouts");
        }
        rec.forward = intervalFrom(it, "forward_ns");
        rec.backward = intervalFrom(it, "backward_ns");
        rec.commWait = intervalFrom(it, "comm_wait_ns");
        rec.optimizer = intervalFrom(it, "optimizer_ns");
        const json::Value& buckets = it.array("buckets");
        const int layoutBuckets = static_cast<int>(c.layouts[static_cast<std::size_t>(rec.layout)].buckets.size());
        for (std::size_t b = 0; b < buckets.size(); ++b) {
            const Fields bf(in, buckets.items()[b], json::childPath(it.pathOf("buckets"), b));
            BucketTiming t;
            t.bucket = bf.intIn("bucket", 0, kMaxInt);
            t.sequence = bf.nonNegative("sequence");
            t.bytes = bf.nonNegative("bytes");
            t.readyNs = bf.integer("ready_ns", kMinNs, kMaxNs);
            t.issueNs = bf.integer("issue_ns", kMinNs, kMaxNs);
            t.completeNs = bf.integer("complete_ns", kMinNs, kMaxNs);
            if (t.completeNs < t.issueNs) {
                bf.fail("complete_ns", "precedes issue_ns");
            }
            if (t.bucket >= layoutBuckets) {
                bf.fail("bucket", "names no bucket of the iteration's layout");
            }
            rec.buckets.push_back(t);
        }
        c.iterations.push_back(std::move(rec));
    }
    c.originNs = f.integer("origin_ns", kMinNs, kMaxNs);
    c.clock = clockCalibrationFromJson(f.value("clock_calibration"), source, f.pathOf("clock_calibration"));
    c.peakRssBytes = f.nonNegative("peak_rss_bytes");
    return c;
}

RankCapture parseRankCapture(std::string_view text, const std::string& source)
{
    return rankCaptureFromJson(json::parse(text, source), source);
}

RankCapture readRankCapture(const std::filesystem::path& path)
{
    return rankCaptureFromJson(readJsonFile(path, kMaxRankFileBytes), path.string());
}

} // namespace cc::capture
