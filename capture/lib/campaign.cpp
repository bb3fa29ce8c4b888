#include "capture/lib/campaign.h"

#include "capture/lib/capture_metrics.h"
#include "capture/lib/cell_runner.h"
#include "capture/lib/json_io.h"
#include "capture/lib/physical_replay.h"
#include "core/canary/canary_input.h"
#include "core/compile/compiler.h"
#include "core/reduce/reducer.h"
#include "core/reduce/subset.h"
#include "core/report/measured_report.h"
#include "core/search/behavior_search.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/writer.h"
#include "core/verify/verify_options_text.h"

#include <algorithm>
#include <cstdio>
#include <limits>

namespace cc::capture {

namespace fs = std::filesystem;

namespace {

constexpr const char* kSetupFile = "setup.json";
constexpr const char* kResultsFile = "results.json";
constexpr const char* kSummaryFile = "summary.md";
constexpr std::uint64_t kMaxSetupBytes = 16ull << 20;

json::Value setupJson(const CampaignOptions& o)
{
    json::Value j = json::Value::object();
    j.set("format", kCampaignSetupFormat);
    j.set("matrix", sweepMatrixToJson(o.matrix));
    j.set("physical_configurations", json::parse(physicalConfigSetJson(o.set), "the physical set"));
    j.set("repeats", o.repeats);
    j.set("warmup", o.warmup);
    json::Value baselines = json::Value::array();
    for (auto m : o.baselines) {
        baselines.push(std::string(baseline::methodName(m)));
    }
    j.set("baselines", std::move(baselines));
    j.set("baseline_samples", o.baselineSamples ? json::Value(*o.baselineSamples) : json::Value(nullptr));
    j.set("reduced", o.reduced);
    return j;
}

CellSpec cellFor(const CampaignOptions& o, const PhysicalConfig& config)
{
    CellSpec spec = expandSweepMatrix(o.matrix).front().spec;
    spec.backend = *backendFromName(config.backend);
    spec.device = *deviceFromName(config.device);
    return spec;
}

fs::path cellDir(const CampaignOptions& o, std::size_t k)
{
    char prefix[24];
    std::snprintf(prefix, sizeof prefix, "%02zu_", k);
    return o.resultsDir / "workload" / (prefix + o.set.configurations[k].name);
}

std::string computeName(bool overlap)
{
    return overlap ? "overlap" : "communication-only";
}

/// W-full's figures of one cell: per recorded iteration the longest rank's step time.
std::vector<Ns> stepTimes(const LoadedCell& cell)
{
    std::vector<Ns> steps;
    for (const auto& rank : cell.ranks) {
        for (std::size_t i = 0; i < rank.iterations.size(); ++i) {
            const Ns length = iterationWindow(rank.iterations[i]).length();
            if (steps.size() <= i) {
                steps.resize(i + 1, 0);
            }
            steps[i] = std::max(steps[i], length);
        }
    }
    return steps;
}

/// A proxy's figures of one configuration: per recorded pass, the earliest issue to the latest
/// completion.
std::vector<Ns> passTimes(const MeasuredConfiguration& c, int repeats)
{
    std::vector<Ns> first(static_cast<std::size_t>(repeats), std::numeric_limits<Ns>::max());
    std::vector<Ns> last(static_cast<std::size_t>(repeats), std::numeric_limits<Ns>::min());
    for (const auto& s : c.samples) {
        if (s.repeat >= static_cast<std::uint32_t>(repeats)) {
            continue;
        }
        first[s.repeat] = std::min(first[s.repeat], s.issue);
        last[s.repeat] = std::max(last[s.repeat], s.issue + s.latency);
    }
    std::vector<Ns> out;
    for (std::size_t r = 0; r < first.size(); ++r) {
        if (last[r] >= first[r]) {
            out.push_back(last[r] - first[r]);
        }
    }
    return out;
}

struct ProxyInput {
    std::string name;
    fs::path path;
    Trace trace;
    std::string sha256;
};

} // namespace

std::string baselineListText(const std::vector<baseline::Method>& methods)
{
    std::string text;
    for (auto m : methods) {
        text += (text.empty() ? "" : ",") + std::string(baseline::methodName(m));
    }
    return text;
}

void checkCampaign(const CampaignOptions& o)
{
    const auto count = sweepCellCount(o.matrix);
    if (!count || *count != 1) {
        throw InputError("the matrix", "plans " + (count ? std::to_string(*count) : std::string("too many")) +
                                           " cells; a campaign scores one workload, so its matrix must plan exactly "
                                           "one cell (one value per axis, repeats 1)");
    }
    if (o.set.configurations.size() < 2) {
        throw InputError("the physical set", "has " + std::to_string(o.set.configurations.size()) +
                                                 " configuration(s); a ranking needs at least two");
    }
    if (o.repeats < 2 || o.warmup < 0) {
        throw InputError("the options", "a campaign needs at least 2 recorded passes per replay (ties need a spread)");
    }
    bool anyShaping = false;
    for (const auto& c : o.set.configurations) {
        if (c.glooThreads > 0 && c.glooThreads != kDefaultGlooThreads) {
            throw InputError("the physical set",
                             "configuration \"" + c.name + "\" sets gloo threads to " + std::to_string(c.glooThreads) +
                                 "; the workload's DDP process group runs with gloo's default (" +
                                 std::to_string(kDefaultGlooThreads) + "), so W-full could not honour it");
        }
        anyShaping = anyShaping || c.shaping.has_value();
    }
    if (anyShaping) {
        if (auto problem = shapingProblem()) {
            throw CaptureUnavailable("the set shapes loopback traffic and " + *problem);
        }
    }
    CellPlanOptions planOptions;
    planOptions.worker = o.worker;
    planOptions.hostBudgetBytes = o.matrix.hostMemoryBudgetBytes;
    planOptions.deviceBudgetBytes = o.matrix.deviceMemoryBudgetBytes;
    std::optional<MachineReport> machine;
    for (const auto& c : o.set.configurations) {
        const CellSpec spec = cellFor(o, c);
        const CellPlan plan = machine ? planCaptureOn(spec, *machine, planOptions) : planCapture(spec, planOptions);
        machine = plan.machine;
        if (plan.unavailable) {
            throw CaptureUnavailable("configuration \"" + c.name + "\" (" + c.backend + " on " + c.device +
                                     ") cannot run the workload here: " + *plan.unavailable);
        }
        if (!plan.verdict.feasible) {
            std::string reasons;
            for (const auto& r : plan.verdict.reasons) {
                reasons += (reasons.empty() ? "" : "; ") + r;
            }
            throw InputError("the matrix", "the memory guard refuses the workload under configuration \"" + c.name +
                                               "\": " + reasons);
        }
    }
    std::error_code ec;
    if (fs::exists(o.resultsDir, ec) && !fs::is_empty(o.resultsDir, ec)) {
        if (!o.resume) {
            throw InputError(o.resultsDir.string(), "the results folder already holds files; give --resume to "
                                                    "continue the campaign there, or name a new folder");
        }
        const fs::path setup = o.resultsDir / kSetupFile;
        if (!fs::exists(setup, ec)) {
            throw InputError(o.resultsDir.string(), std::string("--resume: this folder holds files but no ") +
                                                        kSetupFile + "; it is not a campaign's results folder");
        }
        if (jsonFileText(readJsonFile(setup, kMaxSetupBytes)) != jsonFileText(setupJson(o))) {
            throw InputError(setup.string(), "--resume: the matrix, the physical set or the options differ from the "
                                             "ones this campaign was started with; resume with the same ones, or "
                                             "start a new results folder");
        }
    }
}

namespace {

CampaignRunResult runChecked(const CampaignOptions& o, Progress& progress);

} // namespace

CampaignRunResult runCampaign(const CampaignOptions& o, Progress& progress)
{
    checkCampaign(o);
    try {
        return runChecked(o, progress);
    } catch (const Cancelled&) {
        CampaignRunResult r;
        r.cancelled = true;
        return r;
    } catch (const InputError& e) {
        CampaignRunResult r;
        r.failure = e.what();
        return r;
    }
}

namespace {

CampaignRunResult runChecked(const CampaignOptions& o, Progress& progress)
{
    CampaignRunResult result;
    std::error_code ec;
    fs::create_directories(o.resultsDir / "workload", ec);
    fs::create_directories(o.resultsDir / "proxies", ec);
    fs::create_directories(o.resultsDir / "replays", ec);
    if (ec) {
        throw IoError(o.resultsDir.string() + ": cannot create the results folder: " + ec.message());
    }
    writeFileAtomic(o.resultsDir / kSetupFile, jsonFileText(setupJson(o)));

    const std::size_t configs = o.set.configurations.size();
    const std::size_t proxyCount = 2 + o.baselines.size() + (o.reduced ? 1 : 0);
    // Progress weights: a cell counts as much as one proxy's replay under every configuration.
    const double steps = static_cast<double>(configs + 1 + 2 * proxyCount);
    double done = 0;
    auto stage = [&](double weight) { return SubProgress(progress, done / steps, (done + weight) / steps); };

    // 1. W-full: the workload under every configuration.
    CampaignResults results;
    results.repeats = o.repeats;
    results.warmup = o.warmup;
    std::optional<LoadedCell> firstCell;
    for (std::size_t k = 0; k < configs; ++k) {
        const PhysicalConfig& config = o.set.configurations[k];
        const fs::path dir = cellDir(o, k);
        CellLoad load = fs::exists(dir / "manifest.json", ec) ? loadCell(dir) : CellLoad{};
        if (!load.cell) {
            fs::remove_all(dir, ec);
            CellPlanOptions planOptions;
            planOptions.worker = o.worker;
            planOptions.hostBudgetBytes = o.matrix.hostMemoryBudgetBytes;
            planOptions.deviceBudgetBytes = o.matrix.deviceMemoryBudgetBytes;
            const CellPlan plan = planCapture(cellFor(o, config), planOptions);
            CellRunOptions run;
            run.outputDir = dir;
            run.timeout = o.timeout;
            run.environment = config.environment;
            run.shaping = config.shaping;
            SubProgress sub = stage(1);
            PrefixedProgress named(sub, "workload under " + config.name + ": ");
            const CellRunResult r = runCell(plan, run, named);
            if (r.status == CellStatus::Cancelled || progress.cancelled()) {
                result.cancelled = true;
                return result;
            }
            if (r.status != CellStatus::Completed || !r.cell) {
                result.failure = "the workload under configuration \"" + config.name + "\" did not complete (" +
                                 std::string(cellStatusName(r.status)) + "): " + r.reason + "; its record is " +
                                 r.recordPath.string();
                return result;
            }
            load.cell = r.cell;
            ++result.cellsRun;
        } else {
            ++result.cellsKept;
        }
        done += 1;
        results.configurations.push_back(config.name);
        results.truth.push_back(ConfigurationFigures{config.name, stepTimes(*load.cell)});
        if (k == 0) {
            firstCell = load.cell;
        }
    }
    if (!firstCell->mergedTrace) {
        result.failure = "the workload's cell under \"" + o.set.configurations[0].name + "\" holds no merged trace";
        return result;
    }
    results.cellId = cellId(firstCell->spec);
    results.sourceConfiguration = o.set.configurations[0].name;
    {
        const RankCapture& r0 = firstCell->ranks.front();
        results.cellDescription = "DDP training of " + r0.modelDescription + " on " +
                                  std::to_string(firstCell->spec.worldSize) + " ranks, " +
                                  std::to_string(firstCell->spec.iterations) + " recorded iterations after " +
                                  std::to_string(firstCell->spec.warmup) + " warm-up";
    }

    // 2. The proxies' inputs, all from the first configuration's trace.
    std::vector<ProxyInput> inputs;
    {
        SubProgress sub = stage(1);
        ProxyInput source;
        source.name = "source";
        source.path = *firstCell->mergedTrace;
        source.trace = readTrace(source.path, sub);
        source.sha256 = normalizedSha256(source.trace, sub);
        results.traceSha256 = source.sha256;
        results.traceEvents = source.trace.size();

        verify::VerifyOptions verifyOptions =
            verify::verifyOptionsFromText([](const std::string&) { return std::string(); });
        verifyOptions.configs = verify::verificationConfigSet(std::string());
        const search::SearchResult searched = search::searchBehavior(source.trace, verifyOptions, {}, sub);
        const std::string canaryBytes =
            searched.found ? searched.best.bytes : compileCanary(source.trace, CompileOptions{}, sub).bytes;
        ProxyInput canary;
        canary.name = "canary";
        canary.path = o.resultsDir / "proxies" / "canary.canary.json";
        writeFileAtomic(canary.path, canaryBytes);
        canary.trace = readTraceOrCanary(canary.path, sub);
        canary.sha256 = normalizedSha256(canary.trace, sub);

        std::vector<ProxyInput> others;
        for (auto method : o.baselines) {
            baseline::Options bo;
            bo.method = method;
            bo.sampleCount = o.baselineSamples;
            baseline::Baseline b = baseline::buildBaseline(source.trace, source.sha256, bo, sub);
            ProxyInput p;
            p.name = std::string(baseline::methodName(method));
            p.path = o.resultsDir / "proxies" / (p.name + ".trace.json");
            p.trace = std::move(b.trace);
            writeTraceFile(p.trace, p.path);
            p.sha256 = normalizedSha256(p.trace, sub);
            others.push_back(std::move(p));
        }
        if (o.reduced) {
            reduce::ReduceOptions ro;
            ro.protocol = verifyOptions.protocol;
            ro.tolerances = verifyOptions.tolerances;
            ro.configs = verify::verificationConfigSet(std::string());
            const reduce::ReduceResult reduced = reduce::reduceTrace(source.trace, ro, sub);
            ProxyInput p;
            p.name = "reduced";
            p.path = o.resultsDir / "proxies" / "reduced.trace.json";
            p.trace = reduce::subsetTrace(source.trace, reduced.ddmin.kept, sub);
            writeTraceFile(p.trace, p.path);
            p.sha256 = normalizedSha256(p.trace, sub);
            others.push_back(std::move(p));
        }
        inputs.push_back(std::move(source));
        inputs.push_back(std::move(canary));
        for (auto& p : others) {
            inputs.push_back(std::move(p));
        }
        done += 1;
    }

    // 3. Every proxy replayed physically, with and without compute stand-ins.
    const int worldSize = firstCell->spec.worldSize;
    for (const auto& input : inputs) {
        for (bool overlap : {true, false}) {
            const std::string stem = input.name + "." + computeName(overlap);
            const fs::path report = o.resultsDir / "replays" / (stem + ".measured.json");
            const fs::path wall = o.resultsDir / "replays" / (stem + ".wall_ms");
            const fs::path work = o.resultsDir / "replays" / (stem + ".work");
            std::optional<MeasuredRun> run;
            std::int64_t wallMs = 0;
            if (fs::exists(report, ec) && fs::exists(wall, ec)) {
                try {
                    MeasuredRun kept = readMeasuredRun(readFileBounded(report, 1ull << 32), report.string());
                    std::string wallText = readFileBounded(wall, 64);
                    while (!wallText.empty() && (wallText.back() == '\n' || wallText.back() == ' ')) {
                        wallText.pop_back();
                    }
                    const auto ms = parseWholeInteger(wallText);
                    if (ms && kept.inputSha256 == input.sha256 && kept.repeats == o.repeats &&
                        kept.warmup == o.warmup && kept.computeStandIns == overlap &&
                        physicalConfigSetJson(kept.set) == physicalConfigSetJson(o.set)) {
                        run = std::move(kept);
                        wallMs = *ms;
                        ++result.replaysKept;
                    }
                } catch (const InputError&) {
                    // Not a complete replay of this input: run it again.
                }
            }
            if (!run) {
                fs::remove(report, ec);
                fs::remove(wall, ec);
                fs::remove_all(work, ec);
                PhysicalReplayOptions ro;
                ro.input = input.path;
                ro.trace = &input.trace;
                ro.inputSha256 = input.sha256;
                ro.set = o.set;
                ro.worldSize = worldSize;
                ro.repeats = o.repeats;
                ro.warmup = o.warmup;
                ro.computeStandIns = overlap;
                ro.workDir = work;
                ro.worker = o.worker;
                ro.timeout = o.timeout;
                SubProgress sub = stage(1);
                PrefixedProgress named(sub, stem + ": ");
                const auto start = std::chrono::steady_clock::now();
                const PhysicalReplayResult r = runPhysicalReplay(ro, named);
                wallMs = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start)
                             .count();
                if (!r.run) {
                    if (progress.cancelled() ||
                        (r.failedLaunch && r.failedLaunch->outcome == LaunchOutcome::Cancelled)) {
                        result.cancelled = true;
                        return result;
                    }
                    result.failure =
                        "the " + stem + " replay failed: " + r.reason + " (rank logs in " + work.string() + ")";
                    return result;
                }
                writeFileAtomic(wall, std::to_string(wallMs) + "\n");
                writeFileAtomic(report, buildMeasuredReport(*r.run));
                run = r.run;
                ++result.replaysRun;
            }
            done += 1;
            if (results.machine.empty()) {
                results.machine = run->machine;
            }
            CampaignProxy proxy;
            proxy.name = input.name;
            proxy.computeOverlap = overlap;
            proxy.inputSha256 = input.sha256;
            proxy.events = input.trace.size();
            proxy.wallMs = wallMs;
            for (const auto& c : run->configurations) {
                proxy.figures.push_back(ConfigurationFigures{c.config.name, passTimes(c, o.repeats)});
            }
            results.proxies.push_back(std::move(proxy));
        }
    }

    // 4. Scores, results and summary.
    scoreCampaign(results, (o.resultsDir / kResultsFile).string());
    result.resultsPath = o.resultsDir / kResultsFile;
    result.summaryPath = o.resultsDir / kSummaryFile;
    writeFileAtomic(result.summaryPath, campaignSummaryMarkdown(results));
    writeFileAtomic(result.resultsPath, campaignResultsJson(results));
    progress.report(1.0, "campaign complete");
    result.results = std::move(results);
    return result;
}

} // namespace

} // namespace cc::capture
