#include "capture/lib/rank_capture.h"

#include "capture/lib/json_fields.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"

#include <algorithm>
#include <set>

namespace cc::capture {

namespace {

nlohmann::json intervalJson(const Interval& i)
{
    return nlohmann::json::array({i.begin, i.end});
}

Interval intervalFrom(const JsonFields& f, const std::string& key)
{
    auto v = f.integers(key);
    if (v.size() != 2 || v[1] < v[0]) {
        f.fail(key, "must be [begin_ns, end_ns] with end >= begin");
    }
    return {v[0], v[1]};
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

nlohmann::json rankCaptureToJson(const RankCapture& c)
{
    nlohmann::json j;
    j["format"] = std::string(kRankCaptureFormat);
    j["rank"] = c.rank;
    j["world_size"] = c.worldSize;
    j["local_rank"] = c.localRank;
    j["hostname"] = c.hostname;
    j["pid"] = c.pid;
    j["capture_session_id"] = c.captureId;
    j["cell"] = cellSpecToJson(c.spec);
    j["libtorch_version"] = c.libtorchVersion;
    j["process_group"] = c.processGroup;
    j["timing_source"] = c.timingSource;
    j["interconnect"] = c.interconnect;
    j["model"] = {{"description", c.modelDescription}, {"parameters", c.modelParameters}};
    nlohmann::json params = nlohmann::json::array();
    for (const auto& p : c.parameters) {
        params.push_back({{"name", p.name}, {"layer", p.layer}, {"elements", p.elements}, {"bytes", p.bytes}});
    }
    j["parameters"] = std::move(params);
    nlohmann::json layouts = nlohmann::json::array();
    for (const auto& l : c.layouts) {
        layouts.push_back({{"origin", l.origin},
                           {"from_iteration", l.fromIteration},
                           {"buckets", l.buckets},
                           {"bucket_bytes", l.bucketBytes}});
    }
    j["bucket_layouts"] = std::move(layouts);
    j["observed_ready_order"] = c.observedReadyOrder;
    j["warmup_bucket_counts"] = c.warmupBucketCounts;
    j["bucket_counts_seen"] = c.bucketCountsSeen;
    j["rebuild_detected"] = c.rebuildDetected;
    nlohmann::json iterations = nlohmann::json::array();
    for (const auto& it : c.iterations) {
        nlohmann::json buckets = nlohmann::json::array();
        for (const auto& b : it.buckets) {
            buckets.push_back({{"bucket", b.bucket},
                               {"sequence", b.sequence},
                               {"bytes", b.bytes},
                               {"ready_ns", b.readyNs},
                               {"issue_ns", b.issueNs},
                               {"complete_ns", b.completeNs}});
        }
        iterations.push_back({{"index", it.index},
                              {"layout", it.layout},
                              {"forward_ns", intervalJson(it.forward)},
                              {"backward_ns", intervalJson(it.backward)},
                              {"comm_wait_ns", intervalJson(it.commWait)},
                              {"optimizer_ns", intervalJson(it.optimizer)},
                              {"buckets", std::move(buckets)}});
    }
    j["iterations"] = std::move(iterations);
    j["origin_ns"] = c.originNs;
    j["clock_calibration"] = clockCalibrationToJson(c.clock);
    j["peak_rss_bytes"] = c.peakRssBytes;
    return j;
}

std::string rankCaptureText(const RankCapture& capture)
{
    return rankCaptureToJson(capture).dump(1) + "\n";
}

RankCapture rankCaptureFromJson(const nlohmann::json& json, const std::string& source)
{
    JsonFields f(json, source, "$");
    if (f.text("format") != kRankCaptureFormat) {
        f.fail("format", "must be \"" + std::string(kRankCaptureFormat) + "\"");
    }
    RankCapture c;
    c.worldSize = static_cast<int>(f.nonNegative("world_size"));
    c.rank = static_cast<int>(f.nonNegative("rank"));
    if (c.worldSize < 1 || c.rank >= c.worldSize) {
        f.fail("rank", "must be below world_size " + std::to_string(c.worldSize));
    }
    c.localRank = static_cast<int>(f.nonNegative("local_rank"));
    c.hostname = f.text("hostname");
    c.pid = f.nonNegative("pid");
    c.captureId = f.text("capture_session_id");
    c.spec = cellSpecFromJson(f.raw("cell"), source);
    c.libtorchVersion = f.text("libtorch_version");
    c.processGroup = f.text("process_group");
    c.timingSource = f.text("timing_source");
    c.interconnect = f.text("interconnect");
    JsonFields model = f.object("model");
    c.modelDescription = model.text("description");
    c.modelParameters = model.nonNegative("parameters");
    const auto& params = f.array("parameters");
    for (std::size_t i = 0; i < params.size(); ++i) {
        JsonFields p(params[i], source, "$.parameters[" + std::to_string(i) + "]");
        c.parameters.push_back({p.text("name"), p.text("layer"), p.nonNegative("elements"), p.nonNegative("bytes")});
    }
    const auto& layouts = f.array("bucket_layouts");
    for (std::size_t i = 0; i < layouts.size(); ++i) {
        JsonFields l(layouts[i], source, "$.bucket_layouts[" + std::to_string(i) + "]");
        LayoutRecord rec;
        rec.origin = l.text("origin");
        rec.fromIteration = static_cast<int>(l.nonNegative("from_iteration"));
        const auto& buckets = l.array("buckets");
        for (std::size_t b = 0; b < buckets.size(); ++b) {
            std::vector<std::int64_t> members;
            if (!buckets[b].is_array()) {
                l.fail("buckets[" + std::to_string(b) + "]", "must be an array of parameter indices");
            }
            for (const auto& m : buckets[b]) {
                if (!m.is_number_integer() || m.get<std::int64_t>() < 0 ||
                    m.get<std::int64_t>() >= static_cast<std::int64_t>(c.parameters.size())) {
                    l.fail("buckets[" + std::to_string(b) + "]", "must hold indices of the parameters list");
                }
                members.push_back(m.get<std::int64_t>());
            }
            rec.buckets.push_back(std::move(members));
        }
        rec.bucketBytes = l.integers("bucket_bytes");
        if (rec.bucketBytes.size() != rec.buckets.size()) {
            l.fail("bucket_bytes", "must have one entry per bucket");
        }
        c.layouts.push_back(std::move(rec));
    }
    c.observedReadyOrder = f.integers("observed_ready_order");
    for (auto v : f.integers("warmup_bucket_counts")) {
        c.warmupBucketCounts.push_back(static_cast<int>(v));
    }
    for (auto v : f.integers("bucket_counts_seen")) {
        c.bucketCountsSeen.push_back(static_cast<int>(v));
    }
    c.rebuildDetected = f.boolean("rebuild_detected");
    const auto& iterations = f.array("iterations");
    for (std::size_t i = 0; i < iterations.size(); ++i) {
        JsonFields it(iterations[i], source, "$.iterations[" + std::to_string(i) + "]");
        IterationRecord rec;
        rec.index = static_cast<int>(it.nonNegative("index"));
        rec.layout = static_cast<int>(it.nonNegative("layout"));
        if (rec.layout >= static_cast<int>(c.layouts.size())) {
            it.fail("layout", "names no entry of bucket_layouts");
        }
        rec.forward = intervalFrom(it, "forward_ns");
        rec.backward = intervalFrom(it, "backward_ns");
        rec.commWait = intervalFrom(it, "comm_wait_ns");
        rec.optimizer = intervalFrom(it, "optimizer_ns");
        const auto& buckets = it.array("buckets");
        for (std::size_t b = 0; b < buckets.size(); ++b) {
            JsonFields bf(buckets[b], source, it.pathOf("buckets[" + std::to_string(b) + "]"));
            BucketTiming t;
            t.bucket = static_cast<int>(bf.nonNegative("bucket"));
            t.sequence = bf.nonNegative("sequence");
            t.bytes = bf.nonNegative("bytes");
            t.readyNs = bf.integer("ready_ns");
            t.issueNs = bf.integer("issue_ns");
            t.completeNs = bf.integer("complete_ns");
            if (t.completeNs < t.issueNs) {
                bf.fail("complete_ns", "precedes issue_ns");
            }
            if (t.bucket >= static_cast<int>(c.layouts[static_cast<std::size_t>(rec.layout)].buckets.size())) {
                bf.fail("bucket", "names no bucket of the iteration's layout");
            }
            rec.buckets.push_back(t);
        }
        c.iterations.push_back(std::move(rec));
    }
    c.originNs = f.integer("origin_ns");
    c.clock = clockCalibrationFromJson(f.raw("clock_calibration"), source, "$.clock_calibration");
    c.peakRssBytes = f.nonNegative("peak_rss_bytes");
    return c;
}

RankCapture readRankCapture(const std::filesystem::path& path)
{
    const std::string text = readFileBounded(path, 1ULL << 30);
    return rankCaptureFromJson(parseJsonText(text, path.string()), path.string());
}

} // namespace cc::capture
