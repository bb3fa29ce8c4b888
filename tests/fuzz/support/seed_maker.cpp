// Writes the seed corpora of every harness (tests/fuzz/README.md, "Seeds"):
//
//   fuzz_seed_maker OUT RESOURCES [SHARED_DATA]
//
// OUT/<harness>/<name> for every harness in harnesses/. Everything is derived at build time from
// the bundled examples (RESOURCES/examples/*.json, RESOURCES/configs/*.json) through the product's
// own functions: small windows of the example traces, canaries compiled from them, reports replayed
// from them, verifications of those canaries, Chrome exports of those reports, and the capture's
// documents written by its own writers from a small synthetic capture. When SHARED_DATA/kineto
// exists, its small profiles are added to the Kineto seeds. Seeds stay small (a few KiB) so the
// fuzzer spends its time mutating, not parsing megabytes.

#include "capture/lib/allreduce_calibration.h"
#include "capture/lib/cell_loader.h"
#include "capture/lib/cell_spec.h"
#include "capture/lib/clock_offsets.h"
#include "capture/lib/rank_capture.h"
#include "capture/lib/rank_shard.h"
#include "capture/lib/sweep_index.h"
#include "capture/lib/sweep_matrix.h"
#include "capture/lib/worker_invocation.h"
#include "core/canary/canary_reader.h"
#include "core/compile/compiler.h"
#include "core/configs/config_io.h"
#include "core/configs/physical_configs.h"
#include "core/generate/generators.h"
#include "core/interop/chrome_export.h"
#include "core/interop/clock_calibration.h"
#include "core/report/campaign.h"

#include "campaign_sample.h"
#include "core/report/measured_report.h"
#include "core/report/report.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/json/value.h"
#include "core/util/json/writer.h"
#include "core/util/sha256.h"
#include "core/verify/behavior_verifier.h"
#include "core/verify/verification_json.h"
#include "core/verify/verify_options_text.h"
#include "support/fuzz_support.h"

#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

fs::path gOut;
std::map<std::string, int> gCounts;

void put(const std::string& harness, const std::string& name, const std::string& bytes)
{
    const fs::path dir = gOut / harness;
    fs::create_directories(dir);
    std::ofstream out(dir / name, std::ios::binary | std::ios::trunc);
    out << bytes;
    if (!out) {
        throw std::runtime_error("cannot write " + (dir / name).string());
    }
    ++gCounts[harness];
}

/// A seed that every JSON-reading harness may start from too (the strict parser sees them all).
void putJson(const std::string& harness, const std::string& name, const std::string& bytes)
{
    put(harness, name, bytes);
    if (bytes.size() <= 16u << 10) {
        put("json", harness + "-" + name, bytes);
    }
}

std::string slurp(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string inflateGzip(const std::string& bytes, std::size_t limit)
{
    z_stream zs{};
    if (inflateInit2(&zs, 15 + 32) != Z_OK) {
        return {};
    }
    std::string out;
    char buffer[1 << 14];
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    zs.avail_in = static_cast<uInt>(bytes.size());
    int rc = Z_OK;
    while (rc == Z_OK && out.size() <= limit) {
        zs.next_out = reinterpret_cast<Bytef*>(buffer);
        zs.avail_out = sizeof buffer;
        rc = inflate(&zs, Z_NO_FLUSH);
        out.append(buffer, sizeof buffer - zs.avail_out);
    }
    inflateEnd(&zs);
    return rc == Z_STREAM_END && out.size() <= limit ? out : std::string();
}

/// Runs a step; a step the product refuses is skipped with a note (the seeds are a start, not a test).
template <class F> void step(const std::string& what, F&& f)
{
    try {
        f();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fuzz_seed_maker: skipped %s: %s\n", what.c_str(), e.what());
    }
}

// ---- traces ---------------------------------------------------------------------------------

/// The bundled examples hold one event per line between a header line ending in "events":[ and a
/// closing "]}". A window of them is a valid small trace of the same workload.
std::string traceWindow(const std::string& text, std::size_t first, std::size_t count)
{
    std::vector<std::string> lines;
    std::size_t begin = 0;
    while (begin < text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string::npos) {
            end = text.size();
        }
        lines.push_back(text.substr(begin, end - begin));
        begin = end + 1;
    }
    while (!lines.empty() && lines.back().empty()) {
        lines.pop_back();
    }
    if (lines.size() < 3 || lines.front().size() < 10 ||
        lines.front().compare(lines.front().size() - 10, 10, "\"events\":[") != 0) {
        return {};
    }
    const std::size_t events = lines.size() - 2;
    if (first >= events) {
        return {};
    }
    count = std::min(count, events - first);
    std::string out = lines.front() + "\n";
    for (std::size_t k = 0; k < count; ++k) {
        std::string line = lines[1 + first + k];
        if (!line.empty() && line.back() == ',') {
            line.pop_back();
        }
        out += line + (k + 1 < count ? ",\n" : "\n");
    }
    out += lines.back() + "\n";
    return out;
}

struct SmallTrace {
    std::string name;
    std::string text;
    cc::Trace trace;
};

std::vector<SmallTrace> traceSeeds(const fs::path& examples)
{
    std::vector<SmallTrace> out;
    cc::NullProgress progress;
    auto keep = [&](const std::string& name, const std::string& text) {
        if (text.empty()) {
            return;
        }
        step("trace " + name, [&] {
            cc::Trace trace = cc::parseTrace(text, name, progress);
            putJson("trace", name, text);
            out.push_back({name, text, std::move(trace)});
        });
    };
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(examples)) {
        if (entry.path().extension() == ".json") {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    for (const auto& path : files) {
        const std::string text = slurp(path);
        std::string stem = path.filename().string();
        stem = stem.substr(0, stem.find('.'));
        keep(stem + "-first3.json", traceWindow(text, 0, 3));
        keep(stem + "-first12.json", traceWindow(text, 0, 12));
        keep(stem + "-first40.json", traceWindow(text, 0, 40));
        keep(stem + "-middle24.json", traceWindow(text, 300, 24));
        if (text.size() <= 32u << 10) {
            keep(stem + "-whole.json", text);
        }
    }
    // The product's own generators, small: other shapes (send/recv, pipeline stages, bursts).
    for (const std::string& generator : cc::generatorNames()) {
        step("generator " + generator, [&] {
            cc::GeneratorOptions options;
            options.seed = 7;
            options.events = 48;
            options.jitter = generator == "training" ? 1500 : 0;
            const cc::Trace trace = cc::generateByName(generator, options, progress);
            keep("generated-" + generator + ".json", cc::writeTraceJson(trace));
        });
    }
    return out;
}

// ---- canaries, reports, verifications ----------------------------------------------------------

cc::ConfigSet firstConfigurations(std::size_t count)
{
    cc::ConfigSet set = cc::defaultConfigSet();
    set.name = "first" + std::to_string(count);
    set.configurations.resize(std::min(count, set.configurations.size()));
    return set;
}

struct CompiledSeed {
    std::string name;
    const SmallTrace* source = nullptr;
    cc::Canary canary;
    std::string bytes;
};

std::vector<CompiledSeed> canarySeeds(const std::vector<SmallTrace>& traces)
{
    std::vector<CompiledSeed> out;
    cc::NullProgress progress;
    for (const auto& t : traces) {
        if (t.trace.size() > 64) {
            continue;
        }
        const std::string stem = t.name.substr(0, t.name.size() - 5);
        auto compile = [&](const std::string& kind, const cc::CompileOptions& options) {
            step("compile " + stem + " " + kind, [&] {
                cc::CompileResult result = cc::compileCanary(t.trace, options, progress);
                const std::string name = stem + "-" + kind + ".canary.json";
                putJson("canary", name, result.bytes);
                put("canary_expand", name, result.bytes);
                put("verification", name, result.bytes);
                out.push_back({name, &t, std::move(result.canary), result.bytes});
            });
        };
        compile("lossless", {});
        cc::CompileOptions bounded;
        bounded.timingMode = cc::CanaryTimingMode::Bounded;
        bounded.budget.gap = 1'000'000;
        bounded.budget.skew = 1'000'000;
        bounded.budget.computeBefore = 1'000'000;
        bounded.budget.sampleLimit = 4;
        compile("bounded", bounded);
        if (t.trace.size() >= 4) {
            cc::CompileOptions prefix;
            prefix.prefixEvents = t.trace.size() / 2;
            compile("prefix", prefix);
        }
    }
    return out;
}

std::vector<std::pair<std::string, const SmallTrace*>> reportSeeds(const std::vector<SmallTrace>& traces)
{
    std::vector<std::pair<std::string, const SmallTrace*>> out;
    cc::NullProgress progress;
    int made = 0;
    for (const auto& t : traces) {
        if (t.trace.size() > 24 || made >= 8) {
            continue;
        }
        ++made;
        const std::string stem = t.name.substr(0, t.name.size() - 5);
        step("report " + stem, [&] {
            cc::ReplayProtocol protocol;
            protocol.iterations = 2;
            cc::ReportOptions full;
            const std::string report = cc::buildReport(t.trace, firstConfigurations(2), protocol, full, progress);
            putJson("report", stem + "-full.report.json", report);
            put("verification", stem + "-full.report.json", report);
            out.emplace_back(report, &t);
        });
        step("digest report " + stem, [&] {
            cc::ReplayProtocol protocol;
            protocol.iterations = 1;
            protocol.ablations = cc::parseAblations("arrival_skew,compute_overlap", "seed");
            cc::ReportOptions digest;
            digest.samples = cc::SamplesMode::Digest;
            putJson("report", stem + "-digest.report.json",
                    cc::buildReport(t.trace, cc::defaultConfigSet(), protocol, digest, progress));
        });
    }
    return out;
}

void verificationSeeds(const std::vector<CompiledSeed>& canaries)
{
    cc::NullProgress progress;
    int made = 0;
    for (const auto& c : canaries) {
        if (made >= 8 || c.source->trace.size() > 40) {
            continue;
        }
        ++made;
        step("verification " + c.name, [&] {
            cc::verify::VerifyOptions options;
            options.configs = firstConfigurations(3);
            options.protocol.iterations = 2;
            const auto report = cc::verify::verifyBehavior(c.source->trace, c.canary, options, progress);
            putJson("verification", c.name.substr(0, c.name.size() - 12) + ".verification.json",
                    cc::verify::verificationJson(report));
        });
    }
    // A source whose measured skew states its error (as merge --clock-calibration writes it): the
    // verification then records source.uncertainty.arrival_skew_uncertainty, within the absolute
    // tolerance (verified) and above it (behaviorally_unverified).
    for (const char* uncertainty : {"0.25", "55"}) {
        step(std::string("verification with a stated skew uncertainty of ") + uncertainty + " us", [&] {
            const std::string u = uncertainty;
            const std::string text =
                R"({"format":"commcanary.trace.v1","events":[{"op":"all_reduce","bytes":4096,"ranks":[0,1],"start_us":0,)"
                R"("rank_arrival_us":{"0":0,"1":3},"arrival_skew_uncertainty_us":)" +
                u +
                R"(},{"op":"all_reduce","bytes":4096,"ranks":[0,1],"start_us":500,"rank_arrival_us":{"0":2,"1":0},)"
                R"("arrival_skew_uncertainty_us":)" +
                u + "}]}";
            const cc::Trace trace = cc::parseTrace(text, "stated-skew-uncertainty.json", progress);
            const cc::Canary canary = cc::compileCanary(trace, cc::CompileOptions{}, progress).canary;
            cc::verify::VerifyOptions options;
            options.configs = firstConfigurations(3);
            const auto report = cc::verify::verifyBehavior(trace, canary, options, progress);
            putJson("verification", "stated-skew-uncertainty-" + u + "us.verification.json",
                    cc::verify::verificationJson(report));
        });
    }
}

void chromeSeeds(const std::vector<std::pair<std::string, const SmallTrace*>>& reports)
{
    cc::NullProgress progress;
    int made = 0;
    for (const auto& entry : reports) {
        // Named copies: clang 14 cannot capture structured bindings in a lambda.
        const std::string& report = entry.first;
        const SmallTrace* source = entry.second;
        if (made >= 4) {
            break;
        }
        ++made;
        step("chrome export " + source->name, [&] {
            cc::interop::ChromeExportOptions options;
            options.reportName = "seed.report.json";
            options.inputName = source->name;
            const std::string chrome = cc::interop::exportChromeTrace(report, source->trace, options, progress);
            if (chrome.size() <= 32u << 10) {
                const std::string name = "export-" + source->name;
                put("chrome_trace", name, chrome);
                put("kineto", name, chrome);
            }
        });
    }
}

// ---- Kineto profiles -------------------------------------------------------------------------

std::string kinetoDocument(const std::vector<std::string>& events, const std::string& distributedInfo)
{
    std::string text = "{\"schemaVersion\": 1, \"deviceProperties\": [], ";
    if (!distributedInfo.empty()) {
        text += "\"distributedInfo\": " + distributedInfo + ", ";
    }
    text += "\"traceEvents\": [\n";
    for (std::size_t k = 0; k < events.size(); ++k) {
        text += "  " + events[k] + (k + 1 < events.size() ? ",\n" : "\n");
    }
    text += "], \"displayTimeUnit\": \"ms\", \"baseTimeNanoseconds\": 1700000000000000000}\n";
    return text;
}

void kinetoSeeds(const fs::path& sharedData)
{
    // torch >= 2.2: record_param_comms CPU ops with collective metadata, their kernels (same
    // External id), the nccl:* annotation nested inside, a wait and an unrelated op.
    std::vector<std::string> modern;
    const char* collectives[] = {"allreduce", "allgather", "reduce_scatter", "broadcast", "all_to_all", "send"};
    for (int k = 0; k < 6; ++k) {
        const std::string id = std::to_string(100 + k);
        const std::string ts = std::to_string(1000 + 50 * k) + ".125";
        const std::string name = collectives[k];
        const std::string in = name == "reduce_scatter" ? "2048" : "1024";
        const std::string out = name == "allgather" ? "2048" : name == "reduce_scatter" ? "1024" : in;
        const std::string meta = "\"Collective name\": \"" + name + "\", \"In msg nelems\": " + in +
                                 ", \"Out msg nelems\": " + out +
                                 ", \"dtype\": \"Float\", \"Group size\": 2, \"Process Group Name\": \"0\", "
                                 "\"Process Group Description\": \"default_pg\", \"Process Group Ranks\": \"[0, 1]\", "
                                 "\"Seq\": " +
                                 std::to_string(k + 1);
        modern.push_back(R"({"ph": "X", "cat": "cpu_op", "name": "record_param_comms", "pid": 11, "tid": 11, "ts": )" +
                         ts + R"(, "dur": 12, "args": {"External id": )" + id + ", " + meta + "}}");
        modern.push_back(R"({"ph": "X", "cat": "user_annotation", "name": "nccl:)" + name +
                         R"(", "pid": 11, "tid": 11, "ts": )" + ts + R"(, "dur": 10, "args": {"External id": )" + id +
                         "}}");
        modern.push_back(R"({"ph": "X", "cat": "kernel", "name": "ncclDevKernel_Generic", "pid": 0, "tid": 7, "ts": )" +
                         std::to_string(1010 + 50 * k) + R"(, "dur": 30, "args": {"External id": )" + id + ", " + meta +
                         "}}");
    }
    modern.push_back(
        R"({"ph": "X", "cat": "cpu_op", "name": "record_param_comms", "pid": 11, "tid": 11, "ts": 1400, "dur": 1, "args": {"External id": 900, "Collective name": "wait", "Group size": 1}})");
    modern.push_back(
        R"({"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 11, "tid": 11, "ts": 1500, "dur": 40, "args": {"External id": 901, "Input Dims": [[64, 64], [64, 64]]}})");
    modern.push_back(R"({"ph": "M", "name": "process_name", "pid": 11, "args": {"name": "python"}})");
    const std::string distributed = R"({"backend": "nccl", "rank": 0, "world_size": 2, "pg_count": 1})";
    put("kineto", "modern-metadata.json", kinetoDocument(modern, distributed));

    // Legacy profiles: nccl:* annotations with shapes, their GPU twins; a gloo profile with string ids.
    std::vector<std::string> legacy;
    const char* legacyOps[] = {"all_reduce", "_all_gather_base", "_reduce_scatter_base", "all_to_all", "broadcast"};
    for (int k = 0; k < 5; ++k) {
        const std::string ts = std::to_string(2000 + 40 * k);
        legacy.push_back(R"({"ph": "X", "cat": "user_annotation", "name": "nccl:)" + std::string(legacyOps[k]) +
                         R"(", "pid": 5, "tid": 5, "ts": )" + ts + R"(, "dur": 9, "args": {"External id": )" +
                         std::to_string(10 + k) + R"(, "Input Dims": [[256, 4]], "Input type": ["c10::BFloat16"]}})");
        legacy.push_back(R"({"ph": "X", "cat": "gpu_user_annotation", "name": "nccl:)" + std::string(legacyOps[k]) +
                         R"(", "pid": 0, "tid": 3, "ts": )" + std::to_string(2005 + 40 * k) +
                         R"(, "dur": 20, "args": {"External id": )" + std::to_string(10 + k) + "}}");
    }
    put("kineto", "legacy-annotations.json",
        kinetoDocument(legacy, R"({"backend": "nccl", "rank": 1, "world_size": 4})"));
    put("kineto", "legacy-no-distributed-info.json", kinetoDocument(legacy, ""));
    put("kineto", "gloo-string-ids.json",
        kinetoDocument(
            {R"({"ph": "X", "cat": "user_annotation", "name": "gloo:all_reduce", "pid": "host-3", "tid": "main", "ts": 17.5, "dur": 3, "args": {"Input Dims": [[8]], "Input type": ["float"]}})"},
            R"({"backend": "gloo", "rank": 3, "world_size": 8})"));
    put("kineto", "bare-array.json", "[" + legacy.front() + ",\n" + legacy[1] + "]\n");
    for (const auto& [name, text] : std::vector<std::pair<std::string, std::string>>{
             {"modern-metadata.json", kinetoDocument(modern, distributed)},
             {"legacy-annotations.json",
              kinetoDocument(legacy, R"({"backend": "nccl", "rank": 1, "world_size": 4})")}}) {
        put("chrome_trace", name, text);
    }
    put("chrome_trace", "bare-array.json", "[" + legacy.front() + ",\n" + legacy[1] + "]\n");
    put("chrome_trace", "nested-and-escaped.json",
        R"({"otherData": {"a": [1, {"b": "]}"}]}, "traceEvents": [{"name": "q\"ncc\\l", "args": {"x": [[[]]]}}, {"name": "nccl:all_reduce"}], "tail": "x"})");

    // Real profiles from the shared data folder, when present (never copied into the repository).
    const fs::path kineto = sharedData / "kineto";
    std::error_code ec;
    if (!fs::is_directory(kineto, ec)) {
        return;
    }
    std::vector<fs::path> files;
    for (const auto& entry : fs::recursive_directory_iterator(kineto, ec)) {
        if (entry.is_regular_file() && entry.file_size() <= 64u << 10) {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    for (const auto& path : files) {
        const std::string bytes = slurp(path);
        const std::string name = "shared-" + path.filename().string();
        put("kineto", name, bytes);
        const std::string plain = inflateGzip(bytes, 256u << 10);
        if (!plain.empty()) {
            put("kineto", name.substr(0, name.size() - 3), plain);
            put("chrome_trace", name.substr(0, name.size() - 3), plain);
        }
    }
}

// ---- configurations, calibrations, options, decimals ----------------------------------------

void configSeeds(const fs::path& configs)
{
    for (const auto& entry : fs::directory_iterator(configs)) {
        if (entry.path().extension() != ".json") {
            continue;
        }
        const std::string name = entry.path().filename().string();
        // Physical sets and capture matrices are other formats, with harnesses of their own.
        if (name.ends_with(".matrix.json")) {
            putJson("capture_matrix", name, slurp(entry.path()));
            continue;
        }
        putJson(name.starts_with("physical-") ? "physical_configs" : "configs", name, slurp(entry.path()));
        if (name.starts_with("physical-")) {
            step("the canonical form of " + name, [&] {
                putJson("physical_configs", "canonical-" + name,
                        cc::physicalConfigSetJson(cc::readPhysicalConfigSet(entry.path())));
            });
        }
    }
    putJson("configs", "canonical-default.json", std::string(cc::defaultConfigSetText()));
    putJson("configs", "canonical-first2.json", cc::configSetJson(firstConfigurations(2)));
    cc::ConfigSet one = firstConfigurations(1);
    one.configurations.front().description.clear();
    putJson("configs", "canonical-one.json", cc::configSetJson(one));
}

/// A measured report as replay-physical writes it, from a small synthetic run (two configurations,
/// two ranks, two repeats of three events).
void measuredReportSeeds(const fs::path& configs)
{
    cc::MeasuredRun run;
    run.inputSha256 = std::string(64, 'e');
    run.inputEvents = 3;
    run.skewKnown = 2;
    run.skewUnknown = 1;
    run.worldSize = 2;
    run.repeats = 2;
    run.warmup = 1;
    run.machine = {{"cpu", "seed"}, {"cores", "2"}, {"kernel", "Linux"}, {"libtorch", "1.13"}};
    run.set = cc::readPhysicalConfigSet(configs / "physical-loopback.configs.json");
    run.set.configurations.resize(2);
    run.opNames = {"all_reduce", "send", "barrier"};
    for (std::size_t k = 0; k < 2; ++k) {
        cc::MeasuredConfiguration c;
        c.config = run.set.configurations[k];
        c.clock = {{0, 0, 0}, {1, -1200, 23000}};
        for (std::uint32_t rep = 0; rep < 2; ++rep) {
            for (std::uint32_t e = 0; e < 3; ++e) {
                const auto base = static_cast<cc::Ns>((k + 1) * (e + 1) * 100'000 + rep * 3'000);
                c.samples.push_back({e, rep, static_cast<cc::Ns>(e) * 1'000'000, 150'000, base, base - 20'000,
                                     static_cast<std::uint8_t>(e == 2 ? 1 : 0)});
            }
        }
        run.configurations.push_back(std::move(c));
    }
    put("measured_report", "two-configurations.json", cc::buildMeasuredReport(run));
    run.configurations.resize(1);
    run.set.configurations.resize(1);
    put("measured_report", "one-configuration.json", cc::buildMeasuredReport(run));
}

/// Campaign results as `capture campaign` writes them: the suites' small campaign (three
/// configurations, one pair the workload cannot separate) and the reviewer-sized one.
void campaignSeeds()
{
    put("campaign", "three-configurations.json", cc::campaignResultsJson(cctest::smallCampaign()));
    put("campaign", "six-configurations.json", cc::campaignResultsJson(cctest::fullCampaign()));
}

void clockSeeds()
{
    putJson("clock_calibration", "shared-clock.json",
            cc::interop::writeClockCalibrationJson(cc::interop::sharedClockAssumption({0, 1, 2, 3})));
    const std::string measured =
        R"({"format": "commcanary-workbench.clock-calibration.v1", "reference": "rank 0 host clock", "method": "NTP offsets sampled before the run", "ranks": [{"rank": 0, "offset_us": 0, "uncertainty_us": 0.5}, {"rank": 1, "offset_us": -1234.567, "uncertainty_us": 2}, {"rank": 7, "offset_us": 88.001, "uncertainty_us": 0}]})";
    step("clock calibration", [&] {
        putJson("clock_calibration", "measured.json", measured);
        putJson("clock_calibration", "measured-canonical.json",
                cc::interop::writeClockCalibrationJson(cc::interop::parseClockCalibration(measured, "seed")));
    });
    put("clock_calibration", "offsets.txt", "0=0\n1=-1234.567:2\n2=5\n3=0.001:0.5\n");
}

void optionSeeds()
{
    std::string defaults;
    for (const auto& spec : cc::verify::verificationOptionSpecs()) {
        defaults += spec.defaultValue + "\n";
    }
    put("verify_options", "defaults.txt", defaults);
    put("verify_options", "explicit.txt", "5\n1.5\n2\n0.9\n0\n1\n7\n3\n");
    put("verify_options", "fractions.txt", "0.000001\n100\n0.5\n1\n999999.999\n");
}

void decimalSeeds()
{
    const char* numbers[] = {"0",
                             "-0",
                             "1",
                             "75.629",
                             "0.001",
                             "1e3",
                             "1.5E-3",
                             "12.50",
                             "-7.25",
                             "1e-9",
                             "100000",
                             "0.5e1",
                             "9.223372036854775807e18",
                             "1e18",
                             "1e309",
                             "123456789.123456789",
                             "-1.0e+2"};
    int k = 0;
    for (const char* n : numbers) {
        put("decimal", "number" + std::to_string(k++) + ".txt", n);
    }
}

void jsonSeeds()
{
    const char* documents[] = {
        R"({"a": [1, -2, 3.5, 1e400, true, false, null], "b": {"c": "\u00e9\ud83d\ude00\n"}})",
        R"([18446744073709551615, -9223372036854775808, 0, -0, 0.0])",
        R"("just a string with \"escapes\" \\ \/ \b\f\n\r\t")",
        R"({"": {}, "k": [[], [{}], {"x": []}]})",
    };
    int k = 0;
    for (const char* d : documents) {
        put("json", "edge" + std::to_string(k++) + ".json", d);
    }
}

// ---- the capture's documents -----------------------------------------------------------------

namespace cap = cc::capture;

/// One rank of a small, self-consistent capture: one linear layer in one bucket, three recorded
/// iterations after two warm-ups, a clock offset against rank 0.
cap::RankCapture syntheticRank(int rank, int worldSize, const std::string& captureId)
{
    constexpr cc::Ns origin = 5'000'000'000;
    const cc::Ns offset = rank == 0 ? 0 : 2'500 * rank;
    const cc::Ns local = origin - offset;
    cap::RankCapture c;
    c.rank = rank;
    c.worldSize = worldSize;
    c.localRank = rank;
    c.hostname = "seed-host";
    c.pid = 4000 + rank;
    c.captureId = captureId;
    c.spec.worldSize = worldSize;
    c.libtorchVersion = "seed";
    c.timingSource = "host_steady_clock";
    c.interconnect = "loopback_tcp";
    c.modelDescription = "one linear layer";
    c.modelParameters = 72;
    c.parameters = {{"lin.weight", "lin", 64, 256}, {"lin.bias", "lin", 8, 32}};
    c.layouts.push_back({"reverse_registration_order", 0, {{1, 0}}, {288}});
    c.observedReadyOrder = {1, 0};
    c.warmupBucketCounts = {1, 1};
    for (int i = 0; i < 3; ++i) {
        const cc::Ns t = local + 20'000 + 200'000 * i + 900 * rank;
        cap::IterationRecord it;
        it.index = 2 + i;
        it.layout = 0;
        it.forward = {t, t + 30'000};
        it.backward = {t + 30'000, t + 90'000};
        it.commWait = {t + 90'000, t + 96'000};
        it.optimizer = {t + 96'000, t + 104'000};
        it.buckets = {cap::BucketTiming{0, 10 + i, 288, t + 60'000, t + 60'500, t + 95'000}};
        c.iterations.push_back(it);
    }
    c.bucketCountsSeen = cap::distinctBucketCounts(c.iterations);
    c.originNs = local;
    if (rank == 0) {
        c.clock = cap::referenceCalibration(0, local);
    } else {
        const cap::OffsetEstimate estimate{offset, 400, 800, 12, false};
        c.clock = cap::combineCalibration(rank, 0, estimate, estimate, local, origin);
    }
    c.peakRssBytes = 64 << 20;
    return c;
}

/// JSON text of a document the capture's writers return: they return the product's own DOM
/// (json::Value) or, in older trees, nlohmann::json; both have a text form.
template <class Document> std::string dumpJson(const Document& document)
{
    if constexpr (requires { document.dump(); }) {
        return document.dump();
    } else {
        return cc::json::toText(document);
    }
}

/// The calibration file text, whichever writer the tree has (found by argument-dependent lookup).
template <class Calibration> std::string calibrationFileText(const Calibration& calibration)
{
    if constexpr (requires { calibrationJsonText(calibration); }) {
        return calibrationJsonText(calibration);
    } else {
        return dumpJson(calibrationToJson(calibration));
    }
}

void captureSeeds()
{
    cc::NullProgress progress;
    // A complete two-rank cell, packed the way fuzz_capture_cell unpacks it.
    step("capture cell", [&] {
        const std::string id = "seedcell";
        cap::CellSpec spec;
        spec.worldSize = 2;
        std::vector<std::pair<std::string, std::string>> files;
        std::string manifest;
        cc::json::Writer w(manifest);
        w.beginObject();
        w.field("format", std::string(cap::kManifestFormat));
        w.field("cell_id", cap::cellId(spec));
        w.key("cell").raw(dumpJson(cap::cellSpecToJson(spec)));
        w.field("world_size", 2);
        w.field("capture_session_id", id);
        w.field("status", "completed");
        w.key("ranks").beginArray();
        for (int r = 0; r < 2; ++r) {
            const cap::RankCapture c = syntheticRank(r, 2, id);
            const std::string raw = cap::rankCaptureText(c);
            const std::string shard = cc::writeTraceJson(cap::buildRankShard(c, progress));
            files.emplace_back(cap::rankCaptureFileName(r), raw);
            files.emplace_back(cap::rankShardFileName(r), shard);
            w.beginObject().field("rank", r).field("capture_sha256", cc::sha256Hex(raw));
            w.field("shard_sha256", cc::sha256Hex(shard)).endObject();
            putJson("capture_results", "rank" + std::to_string(r) + ".json", raw);
            put("trace", "capture-shard" + std::to_string(r) + ".json", shard);
        }
        w.endArray();
        w.key("merged_trace").null();
        w.endObject();
        std::string packed = manifest + "\n";
        for (const auto& [name, content] : files) {
            packed += "=== " + name + "\n" + content + (content.empty() || content.back() != '\n' ? "\n" : "");
        }
        put("capture_cell", "complete-2-ranks.txt", packed);
        // The same cell with rank 1 missing: the loader's first refusal.
        put("capture_cell", "missing-rank1.txt", packed.substr(0, packed.find("=== rank1.json")));
    });
    // An all-reduce calibration from two ranks' samples.
    step("capture calibration", [&] {
        std::vector<cap::BenchRankResult> ranks;
        for (int r = 0; r < 2; ++r) {
            cap::BenchRankResult b;
            b.rank = r;
            b.worldSize = 2;
            b.backend = "gloo";
            b.device = "cpu";
            b.sizesBytes = {4096, 65536, 1048576};
            b.samplesNs = {{21'000 + r, 22'000, 20'500}, {60'000, 61'500 + r, 59'900}, {700'000, 710'000, 705'000 + r}};
            ranks.push_back(std::move(b));
        }
        cap::BandwidthSource bandwidth;
        bandwidth.bytesPerS = 10'000'000'000;
        bandwidth.description = "given: --bandwidth-bytes-per-s";
        putJson("capture_results", "calibration.json",
                calibrationFileText(cap::calibrationFromBench(ranks, 3, 1, bandwidth)));
    });
    // Matrices: the documented example, a minimal one, and a sweep index of the example.
    const std::string documented =
        R"({"format": "commcanary.capture.matrix.v1", "model": "mlp", "model_params": ["1M", "10M"], "world_sizes": [2, 4], "backends": ["gloo"], "devices": ["cpu"], "bucket_caps": ["25MiB", "4MiB"], "first_bucket": "1MiB", "iterations": 10, "warmup": 3, "batch_size": 32, "seed": 1, "repeats": 2, "timeout_s": 600, "host_memory_budget": "12GiB", "device_memory_budget": "70GiB"})";
    putJson("capture_matrix", "documented.json", documented);
    putJson(
        "capture_matrix", "minimal.json",
        R"({"model_params": [1000000], "world_sizes": [2], "backends": ["gloo"], "devices": ["cpu"], "bucket_caps": [4194304]})");
    putJson(
        "capture_matrix", "gpt-nccl.json",
        R"({"model": "gpt", "model_params": ["250k"], "world_sizes": [2, 8], "backends": ["nccl", "gloo"], "devices": ["cuda"], "bucket_caps": ["1.5MiB"], "repeats": 1})");
    put("capture_matrix", "sizes.txt", "4KiB..64MiB\n4KiB,1MiB,16MiB\n1.5M\n25MiB\n2G\n");
    step("sweep index", [&] {
        const cap::SweepMatrix matrix = cap::loadSweepMatrix(gOut / "capture_matrix" / "documented.json");
        putJson("capture_matrix", "documented-canonical.json", dumpJson(cap::sweepMatrixToJson(matrix)));
        std::vector<cap::SweepCellRecord> records;
        for (const auto& cell : cap::expandSweepMatrix(matrix)) {
            cap::SweepCellRecord record;
            record.cell = cell;
            if (cell.index % 3 == 1) {
                record.state = cap::SweepCellState::Failed;
                record.reason = "rank 1 exited with status 9";
                record.recordFile = "cells/" + cell.directory + "/failed.json";
            } else if (cell.index % 3 == 2) {
                record.state = cap::SweepCellState::Refused;
                record.reason = "host memory";
                record.recordFile = "cells/" + cell.directory + "/refused.json";
                record.refusal = cap::SweepCellRefusal{false, "host", 1 << 30, std::int64_t{1} << 29, {"too big"}};
            }
            records.push_back(std::move(record));
        }
        putJson("capture_results", "cells.json", dumpJson(cap::sweepIndexToJson(cap::makeSweepIndex(matrix, records))));
    });
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s OUT RESOURCES [SHARED_DATA]\n", argv[0]);
        return 2;
    }
    gOut = argv[1];
    const fs::path resources = argv[2];
    const fs::path shared = argc > 3 ? fs::path(argv[3]) : fs::path();
    try {
        std::error_code ec;
        fs::remove_all(gOut, ec);
        fs::create_directories(gOut);

        const auto traces = traceSeeds(resources / "examples");
        for (const auto& t : traces) {
            if (t.text.size() <= 8u << 10) {
                put("verification", t.name, t.text);
                // Compressed too: fuzz_trace gunzips as readTrace does.
                put("trace", "gzip-" + t.name + ".gz", cc::fuzz::gzip(t.text));
            }
        }
        const auto canaries = canarySeeds(traces);
        const auto reports = reportSeeds(traces);
        verificationSeeds(canaries);
        chromeSeeds(reports);
        kinetoSeeds(shared);
        configSeeds(resources / "configs");
        step("measured reports", [&] { measuredReportSeeds(resources / "configs"); });
        step("campaign results", [&] { campaignSeeds(); });
        clockSeeds();
        optionSeeds();
        decimalSeeds();
        jsonSeeds();
        captureSeeds();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fuzz_seed_maker: %s\n", e.what());
        return 1;
    }
    for (const auto& [harness, count] : gCounts) {
        std::printf("fuzz_seed_maker: %-18s %3d seeds\n", harness.c_str(), count);
    }
    return 0;
}
