#include "capture/lib/allreduce_calibration.h"

#include "capture/lib/capture_limits.h"
#include "capture/lib/cell_runner.h"
#include "capture/lib/json_io.h"
#include "capture/lib/machine_probe.h"
#include "capture/lib/worker_invocation.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/text.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace cc::capture {

namespace fs = std::filesystem;

namespace {

constexpr std::int64_t kMaxMessageBytes = 4 * kGiB;

} // namespace

std::optional<std::string> allreduceBenchProblem(const AllreduceBenchOptions& o)
{
    if (o.worldSize < 2 || o.worldSize > 1024) {
        return "world size must be between 2 and 1024 (the ring model's latency term needs at least 2 ranks; got " +
               std::to_string(o.worldSize) + ")";
    }
    if (o.sizesBytes.empty()) {
        return std::string("at least one message size is needed");
    }
    for (std::size_t i = 0; i < o.sizesBytes.size(); ++i) {
        const std::int64_t s = o.sizesBytes[i];
        if (s < 4 || s % 4 != 0 || s > kMaxMessageBytes) {
            return "message size " + std::to_string(s) +
                   " B must be a positive multiple of 4 (float32 elements) up to 4 GiB";
        }
        if (i > 0 && s <= o.sizesBytes[i - 1]) {
            return std::string("message sizes must be ascending and unique");
        }
    }
    if (o.iterations < 1 || o.iterations > 100'000) {
        return "iterations must be between 1 and 100000 (got " + std::to_string(o.iterations) + ")";
    }
    if (o.warmup < 0 || o.warmup > 100'000) {
        return "warm-up must be between 0 and 100000 (got " + std::to_string(o.warmup) + ")";
    }
    return std::nullopt;
}

std::vector<std::string> allreduceBenchArguments(const AllreduceBenchOptions& o)
{
    std::string sizes;
    for (auto s : o.sizesBytes) {
        sizes += (sizes.empty() ? "" : ",") + std::to_string(s);
    }
    return workerVerbArguments(
        kAllreduceBenchVerb, o.worldSize, o.backend, o.device,
        {"--sizes", sizes, "--iterations", std::to_string(o.iterations), "--warmup", std::to_string(o.warmup)},
        o.outputDir, o.storeTimeout);
}

AllreduceBenchOptions parseAllreduceBenchArguments(const std::vector<std::string>& args)
{
    if (args.empty() || args[0] != kAllreduceBenchVerb) {
        throw WorkerUsageError("expected \"" + std::string(kAllreduceBenchVerb) + "\" as the first argument");
    }
    std::map<std::string, std::string> values;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (!a.starts_with("--") || i + 1 >= args.size()) {
            throw WorkerUsageError("unexpected argument \"" + a + "\" (every option takes a value)");
        }
        values[a.substr(2)] = args[++i];
    }
    static const std::set<std::string> known{"world-size", "backend", "device", "sizes",
                                             "iterations", "warmup",  "output", "store-timeout-s"};
    for (const auto& [k, v] : values) {
        (void)v;
        if (!known.contains(k)) {
            throw WorkerUsageError("unknown option --" + k);
        }
    }
    const WorkerOptionValues options(std::move(values));
    AllreduceBenchOptions o;
    o.worldSize = static_cast<int>(options.integer("world-size"));
    std::tie(o.backend, o.device) = options.backendAndDevice();
    const std::string& sizesText = options.need("sizes");
    auto sizes = parseMessageSizes(sizesText);
    if (!sizes) {
        throw WorkerUsageError("--sizes must be ascending byte sizes, multiples of 4 (got \"" + sizesText + "\")");
    }
    o.sizesBytes = *sizes;
    o.iterations = static_cast<int>(options.integer("iterations"));
    o.warmup = static_cast<int>(options.integer("warmup"));
    o.outputDir = options.need("output");
    o.storeTimeout = std::chrono::seconds(options.integer("store-timeout-s"));
    if (auto problem = allreduceBenchProblem(o)) {
        throw WorkerUsageError(*problem);
    }
    return o;
}

std::string benchRankFileName(int rank)
{
    return "bench_rank" + std::to_string(rank) + ".json";
}

std::optional<std::vector<std::int64_t>> parseMessageSizes(std::string_view text)
{
    std::vector<std::int64_t> sizes;
    const auto dots = text.find("..");
    if (dots != std::string_view::npos) {
        auto first = parseByteSize(text.substr(0, dots));
        auto last = parseByteSize(text.substr(dots + 2));
        if (!first || !last || *first < 4 || *last < *first || *last > kMaxMessageBytes) {
            return std::nullopt;
        }
        for (std::int64_t s = *first; s <= *last; s *= 2) {
            sizes.push_back(s);
        }
    } else {
        for (const std::string_view piece : splitAt(text, ',')) {
            auto size = parseByteSize(piece);
            if (!size) {
                return std::nullopt;
            }
            sizes.push_back(*size);
        }
    }
    if (sizes.empty()) {
        return std::nullopt;
    }
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        if (sizes[i] < 4 || sizes[i] % 4 != 0 || sizes[i] > kMaxMessageBytes || (i > 0 && sizes[i] <= sizes[i - 1])) {
            return std::nullopt;
        }
    }
    return sizes;
}

json::Value benchRankToJson(const BenchRankResult& r)
{
    json::Value samples = json::Value::array();
    for (std::size_t s = 0; s < r.sizesBytes.size(); ++s) {
        json::Value size = json::Value::object();
        size.set("bytes", r.sizesBytes[s]);
        size.set("ns", integerArray(r.samplesNs.at(s)));
        samples.push(std::move(size));
    }
    json::Value j = json::Value::object();
    j.set("format", kAllreduceBenchRankFormat);
    j.set("rank", r.rank);
    j.set("world_size", r.worldSize);
    j.set("backend", r.backend);
    j.set("device", r.device);
    j.set("timing", "host steady_clock from issue to completion of each recorded all-reduce, after a barrier");
    j.set("sizes", std::move(samples));
    return j;
}

BenchRankResult benchRankFromJson(const json::Value& value, const std::string& source, const std::string& path)
{
    const json::Reader in(source);
    const Fields f(in, value, path);
    if (f.string("format") != kAllreduceBenchRankFormat) {
        f.fail("format", "must be \"" + std::string(kAllreduceBenchRankFormat) + "\"");
    }
    constexpr int kMaxInt = std::numeric_limits<int>::max();
    BenchRankResult r;
    r.rank = f.intIn("rank", 0, kMaxInt);
    r.worldSize = f.intIn("world_size", 0, kMaxInt);
    r.backend = f.string("backend");
    r.device = f.string("device");
    const json::Value& sizes = f.array("sizes");
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        const Fields s(in, sizes.items()[i], json::childPath(f.pathOf("sizes"), i));
        r.sizesBytes.push_back(s.nonNegative("bytes"));
        r.samplesNs.push_back(s.integers("ns", 0, std::numeric_limits<Ns>::max()));
    }
    return r;
}

BenchRankResult readBenchRank(const fs::path& path)
{
    return benchRankFromJson(readJsonFile(path, kMaxRankFileBytes), path.string());
}

Calibration calibrationFromBench(const std::vector<BenchRankResult>& ranks, int iterations, int warmup,
                                 const BandwidthSource& bandwidth)
{
    if (ranks.empty()) {
        throw InputError("<calibration>", "no rank results");
    }
    Calibration c;
    c.worldSize = ranks.front().worldSize;
    c.backend = ranks.front().backend;
    c.device = ranks.front().device;
    c.iterations = iterations;
    c.warmup = warmup;
    c.bandwidth = bandwidth;
    if (static_cast<int>(ranks.size()) != c.worldSize) {
        throw InputError("<calibration>", "expected " + std::to_string(c.worldSize) + " rank results, got " +
                                              std::to_string(ranks.size()));
    }
    std::vector<const BenchRankResult*> byRank(ranks.size(), nullptr);
    for (const auto& r : ranks) {
        if (r.rank < 0 || r.rank >= c.worldSize || byRank[static_cast<std::size_t>(r.rank)] != nullptr) {
            throw InputError("<calibration>", "rank " + std::to_string(r.rank) + " is out of range or repeated");
        }
        if (r.sizesBytes != ranks.front().sizesBytes || r.worldSize != c.worldSize ||
            r.samplesNs.size() != r.sizesBytes.size()) {
            throw InputError("<calibration>", "rank " + std::to_string(r.rank) + " disagrees with rank " +
                                                  std::to_string(ranks.front().rank) + " on sizes or world size");
        }
        for (const auto& s : r.samplesNs) {
            if (static_cast<int>(s.size()) != iterations) {
                throw InputError("<calibration>", "rank " + std::to_string(r.rank) + " recorded " +
                                                      std::to_string(s.size()) + " iterations, expected " +
                                                      std::to_string(iterations));
            }
        }
        byRank[static_cast<std::size_t>(r.rank)] = &r;
    }
    std::vector<AllReducePoint> fitPoints;
    const auto& sizes = ranks.front().sizesBytes;
    for (std::size_t s = 0; s < sizes.size(); ++s) {
        CalibrationPoint p;
        p.messageBytes = sizes[s];
        for (int i = 0; i < iterations; ++i) {
            Ns slowest = 0;
            for (const auto* r : byRank) {
                slowest = std::max(slowest, r->samplesNs[s][static_cast<std::size_t>(i)]);
            }
            p.iterationNs.push_back(slowest);
        }
        p.latency = latencyStats(p.iterationNs);
        fitPoints.push_back({p.messageBytes, p.latency.median});
        c.points.push_back(std::move(p));
    }
    for (const auto* r : byRank) {
        c.ranks.push_back(*r);
    }
    c.fit = fitRingAlpha(fitPoints, c.worldSize, bandwidth.bytesPerS);
    return c;
}

json::Value calibrationDocument(const Calibration& c)
{
    json::Value points = json::Value::array();
    for (std::size_t i = 0; i < c.points.size(); ++i) {
        const auto& p = c.points[i];
        json::Value point = json::Value::object();
        point.set("bytes", p.messageBytes);
        point.set("median_ns", p.latency.median);
        point.set("min_ns", p.latency.min);
        point.set("p95_ns", p.latency.p95);
        point.set("max_ns", p.latency.max);
        point.set("iteration_ns", integerArray(p.iterationNs));
        point.set("model_ns", c.fit.modelNs[i]);
        point.set("residual_ns", c.fit.residualNs[i]);
        point.set("bandwidth_term_ns", ringBandwidthTermNs(c.worldSize, p.messageBytes, c.bandwidth.bytesPerS));
        point.set("latency_term_ns", ringLatencyTermNs(c.worldSize, c.fit.alphaNs));
        points.push(std::move(point));
    }
    json::Value ranks = json::Value::array();
    for (const auto& r : c.ranks) {
        ranks.push(benchRankToJson(r));
    }
    json::Value bandwidth = json::Value::object();
    bandwidth.set("bytes_per_s_per_direction", c.bandwidth.bytesPerS);
    bandwidth.set("description", c.bandwidth.description);
    bandwidth.set("interconnect",
                  c.bandwidth.interconnect ? interconnectEntryToJson(*c.bandwidth.interconnect) : json::Value());
    json::Value model = json::Value::object();
    model.set("name", "ring all-reduce (Patarasuk and Yuan 2009)");
    model.set("formula", "T(p, n) = 2(p-1)*alpha + 2(p-1)/p * n/B");
    model.set("fitted", "alpha only, least squares; B from the interconnect table or given");
    model.set("rounding", "bandwidth term rounded to the nearest ns (halves up); alpha = sum(t - b) / (2(p-1)N) "
                          "rounded to the nearest ns (halves away from zero); residual RMS rounded to the nearest ns");
    json::Value fit = json::Value::object();
    fit.set("alpha_ns", c.fit.alphaNs);
    fit.set("alpha_numerator_ns", c.fit.alphaNumerator);
    fit.set("alpha_denominator", c.fit.alphaDenominator);
    fit.set("latency_term_ns", ringLatencyTermNs(c.worldSize, c.fit.alphaNs));
    fit.set("residual_rms_ns", c.fit.residualRmsNs);
    fit.set("points", static_cast<std::uint64_t>(c.fit.points.size()));
    fit.set("note", c.fit.note);
    json::Value j = json::Value::object();
    j.set("format", kCalibrationFormat);
    j.set("model", std::move(model));
    j.set("world_size", c.worldSize);
    j.set("backend", c.backend);
    j.set("device", c.device);
    j.set("iterations", c.iterations);
    j.set("warmup", c.warmup);
    j.set("point_latency", "per iteration the slowest rank's issue-to-completion time; per size the nearest-rank "
                           "median over iterations");
    j.set("bandwidth", std::move(bandwidth));
    j.set("fit", std::move(fit));
    j.set("points", std::move(points));
    j.set("ranks", std::move(ranks));
    return j;
}

std::string calibrationJsonText(const Calibration& c)
{
    return jsonFileText(calibrationDocument(c));
}

namespace {

/// Member indices of an object in byte order of their keys (the order the file is written in,
/// so the first difference named is the first one a reader of the file meets).
std::vector<std::size_t> sortedMembers(const json::Value& object)
{
    std::vector<std::size_t> order(object.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    const auto& members = object.members();
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return members[a].key < members[b].key; });
    return order;
}

/// The first JSON path at which actual differs from expected (expected is what
/// calibrationDocument writes), with the rule broken; nullopt when they are equal. Recurses
/// along expected only, whose depth is fixed by the format.
std::optional<std::pair<std::string, std::string>> firstDifference(const json::Value& actual,
                                                                   const json::Value& expected, const std::string& path)
{
    if (expected.isObject()) {
        if (!actual.isObject()) {
            return std::pair(path, "must be an object, not " + json::describeValue(actual));
        }
        for (std::size_t i : sortedMembers(expected)) {
            const json::Member& m = expected.members()[i];
            const std::string at = json::childPath(path, m.key);
            const json::Value* found = actual.find(m.key);
            if (found == nullptr) {
                return std::pair(at, std::string("is missing"));
            }
            if (auto d = firstDifference(*found, m.value, at)) {
                return d;
            }
        }
        for (std::size_t i : sortedMembers(actual)) {
            const json::Member& m = actual.members()[i];
            if (!expected.contains(m.key)) {
                return std::pair(json::childPath(path, m.key), std::string("is not a field of this format"));
            }
        }
        return std::nullopt;
    }
    if (expected.isArray()) {
        if (!actual.isArray()) {
            return std::pair(path, "must be an array, not " + json::describeValue(actual));
        }
        if (actual.size() != expected.size()) {
            return std::pair(path, "must have " + std::to_string(expected.size()) + " entries (has " +
                                       std::to_string(actual.size()) + ")");
        }
        for (std::size_t i = 0; i < expected.size(); ++i) {
            if (auto d = firstDifference(actual.items()[i], expected.items()[i], json::childPath(path, i))) {
                return d;
            }
        }
        return std::nullopt;
    }
    if (!(actual == expected)) {
        return std::pair(path, "must be " + quoteForMessage(expected) + " as recomputed from the raw samples (is " +
                                   quoteForMessage(actual) + ")");
    }
    return std::nullopt;
}

} // namespace

Calibration calibrationFromJson(const json::Value& value, const std::string& source)
{
    const json::Reader in(source);
    const Fields f(in, value, "$");
    if (f.string("format") != kCalibrationFormat) {
        f.fail("format", "must be \"" + std::string(kCalibrationFormat) + "\"");
    }
    const int iterations = f.intIn("iterations", 1, 100'000);
    const int warmup = f.intIn("warmup", 0, 100'000);
    const int worldSize = f.intIn("world_size", 2, 1024);
    const Fields b = f.object("bandwidth");
    BandwidthSource bandwidth;
    bandwidth.bytesPerS = b.integer("bytes_per_s_per_direction", 1, std::numeric_limits<std::int64_t>::max());
    bandwidth.description = b.string("description");
    (void)b.value("interconnect"); // required; null when B was given
    if (b.nullable("interconnect") != nullptr) {
        const Fields e = b.object("interconnect");
        InterconnectEntry entry;
        entry.id = e.string("id");
        entry.name = e.string("name");
        entry.bytesPerSPerDirection = e.nonNegative("bytes_per_s_per_direction");
        entry.source = e.string("source");
        entry.url = e.string("url");
        entry.accessed = e.string("accessed");
        entry.conversionNote = e.string("conversion_note");
        bandwidth.interconnect = std::move(entry);
    }
    const json::Value& rankArray = f.array("ranks");
    std::vector<BenchRankResult> ranks;
    for (std::size_t i = 0; i < rankArray.size(); ++i) {
        ranks.push_back(benchRankFromJson(rankArray.items()[i], source, json::childPath(f.pathOf("ranks"), i)));
    }
    Calibration c;
    try {
        c = calibrationFromBench(ranks, iterations, warmup, bandwidth);
    } catch (const InputError& e) {
        throw InputError(source, std::string("$.ranks: ") + e.what());
    } catch (const std::invalid_argument& e) {
        throw InputError(source, std::string("$.ranks: ") + e.what());
    }
    if (c.worldSize != worldSize) {
        f.fail("world_size", "must equal the ranks' world size (" + std::to_string(c.worldSize) + ")");
    }
    if (auto d = firstDifference(value, calibrationDocument(c), "$")) {
        in.fail(d->first, d->second);
    }
    return c;
}

Calibration loadCalibration(const fs::path& path)
{
    return calibrationFromJson(readJsonFile(path, kMaxCalibrationFileBytes), path.string());
}

std::string calibrationText(const Calibration& c)
{
    std::string text = "ring all-reduce calibration: " + std::to_string(c.worldSize) + " ranks, " + c.backend + "/" +
                       c.device + ", " + std::to_string(c.iterations) + " recorded iterations per size (" +
                       std::to_string(c.warmup) + " warm-up)\n";
    text += "B = " + std::to_string(c.bandwidth.bytesPerS) + " B/s per direction (" + c.bandwidth.description + ")\n";
    text += "fitted alpha = " + std::to_string(c.fit.alphaNs) + " ns (exact " + std::to_string(c.fit.alphaNumerator) +
            "/" + std::to_string(c.fit.alphaDenominator) +
            " ns), latency term 2(p-1)alpha = " + std::to_string(ringLatencyTermNs(c.worldSize, c.fit.alphaNs)) +
            " ns, residual RMS " + std::to_string(c.fit.residualRmsNs) + " ns\n";
    if (!c.fit.note.empty()) {
        text += "note: " + c.fit.note + "\n";
    }
    char line[256];
    std::snprintf(line, sizeof line, "%14s %14s %14s %14s\n", "bytes", "measured ns", "model ns", "residual ns");
    text += line;
    for (std::size_t i = 0; i < c.points.size(); ++i) {
        std::snprintf(line, sizeof line, "%14lld %14lld %14lld %14lld\n",
                      static_cast<long long>(c.points[i].messageBytes),
                      static_cast<long long>(c.points[i].latency.median), static_cast<long long>(c.fit.modelNs[i]),
                      static_cast<long long>(c.fit.residualNs[i]));
        text += line;
    }
    return text;
}

CalibrationRunResult runCalibration(const CalibrationRunOptions& options, Progress& progress)
{
    const AllreduceBenchOptions& bench = options.bench;
    if (auto problem = allreduceBenchProblem(bench)) {
        throw InputError("<calibration>", *problem);
    }
    if (options.bandwidth.bytesPerS <= 0) {
        throw InputError("<calibration>", "the bandwidth must be positive");
    }
    progress.report(0.0, "probing the capture worker");
    const MachineReport machine = probeMachine(options.worker);
    if (auto reason = unavailableReason(machine, bench.backend, bench.device)) {
        throw CaptureUnavailable(*reason);
    }
    const fs::path dir = bench.outputDir;
    std::error_code ec;
    if (fs::exists(dir, ec) &&
        (!fs::is_directory(dir, ec) || fs::directory_iterator(dir, ec) != fs::directory_iterator())) {
        throw InputError(dir.string(), "the benchmark's working folder must be empty or absent");
    }
    fs::create_directories(dir, ec);
    if (ec) {
        throw IoError(dir.string() + ": cannot create the benchmark's working folder: " + ec.message());
    }
    const int port = freeStorePort(options.masterAddr);
    AllreduceBenchOptions rankOptions = bench;
    rankOptions.storeTimeout = storeTimeoutUnder(options.timeout);
    std::vector<RankCommand> commands = localRankCommands(*machine.worker.path, allreduceBenchArguments(rankOptions),
                                                          bench.worldSize, options.masterAddr, port, dir);
    RankGroupProgress group(static_cast<long long>(bench.worldSize) * static_cast<long long>(bench.sizesBytes.size()),
                            "size");
    LaunchOptions launchOptions;
    launchOptions.timeout = options.timeout;
    launchOptions.onLine = [&](int, std::string_view line) {
        if (auto p = parseProgressLine(line)) {
            group.report(p->rank, *p, progress);
        }
    };
    CalibrationRunResult result;
    result.launch = launchRanks(commands, launchOptions, progress);
    if (result.launch.outcome != LaunchOutcome::Completed) {
        result.reason = result.launch.reason;
        return result;
    }
    std::vector<BenchRankResult> ranks;
    for (int r = 0; r < bench.worldSize; ++r) {
        const fs::path path = dir / benchRankFileName(r);
        if (!fs::exists(path, ec)) {
            result.reason = "rank " + std::to_string(r) + " exited 0 without writing " + path.filename().string();
            return result;
        }
        ranks.push_back(readBenchRank(path));
    }
    result.calibration = calibrationFromBench(ranks, bench.iterations, bench.warmup, options.bandwidth);
    progress.report(1.0, "calibration measured");
    return result;
}

} // namespace cc::capture
