// commcanary replay INPUT [--configs FILE] [--iterations N] [--seed S] [--ablate A,B] [--isolated]
//                         [--tie-tolerance PCT] [--samples full|digest] [--tail-windows] [--range FROM_US:TO_US]
//                         -o REPORT
#include "app/cli/cli.h"
#include "app/cli/replay_options.h"
#include "core/util/limits.h"

#include "core/canary/canary_input.h"
#include "core/configs/config_io.h"
#include "core/replay/replay_analyses.h"
#include "core/replay/simulator.h"
#include "core/report/compare.h"
#include "core/report/report.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"

#include <algorithm>
#include <charconv>

namespace cc::cli {

namespace {

std::string pad(std::string text, std::size_t width)
{
    if (text.size() < width) {
        text.insert(0, width - text.size(), ' ');
    }
    return text;
}

std::string padRight(std::string text, std::size_t width)
{
    if (text.size() < width) {
        text.append(width - text.size(), ' ');
    }
    return text;
}

/// --range FROM_US:TO_US as integer ns [from, to].
std::pair<Ns, Ns> parseRange(const std::string& text)
{
    const auto colon = text.find(':');
    auto bad = [&]() {
        return UsageError("--range must be FROM_US:TO_US, two non-negative numbers of microseconds with at most 3 "
                          "decimals, FROM_US <= TO_US (got \"" +
                          text + "\")");
    };
    if (colon == std::string::npos) {
        throw bad();
    }
    const ScaledValue from = parseScaledDecimal(std::string_view(text).substr(0, colon), kMicrosToNanosScale);
    const ScaledValue to = parseScaledDecimal(std::string_view(text).substr(colon + 1), kMicrosToNanosScale);
    if (from.error != DecimalError::None || to.error != DecimalError::None || from.value > to.value) {
        throw bad();
    }
    return {from.value, to.value};
}

std::string tailWindowsText(const std::vector<ConfigurationAnalyses>& analyses)
{
    std::string text = "tail windows of the first iteration: spans in which events with latency at or above the "
                       "configuration's p99 were in flight together (times in ns, model, not hardware)\n";
    for (const auto& a : analyses) {
        text += a.configuration + ": " + std::to_string(a.tailWindows.size()) + " window(s), p99 " +
                std::to_string(a.tailThreshold) + " ns\n";
        if (a.tailWindows.empty()) {
            continue;
        }
        std::vector<std::vector<std::string>> rows;
        for (std::size_t w = 0; w < a.tailWindows.size(); ++w) {
            const TailWindow& t = a.tailWindows[w];
            rows.push_back({std::to_string(w + 1), std::to_string(t.begin), std::to_string(t.end),
                            std::to_string(t.end - t.begin), std::to_string(t.events), std::to_string(t.tailEvents),
                            std::to_string(t.cost), std::to_string(t.maxLatency), std::to_string(t.firstEvent),
                            std::to_string(t.lastEvent)});
        }
        text += tableText({"window", "begin_ns", "end_ns", "length_ns", "events", "tail_events", "cost_ns",
                           "max_latency_ns", "first_event", "last_event"},
                          rows);
    }
    return text;
}

std::string rangeText(const std::vector<ConfigurationAnalyses>& analyses, std::pair<Ns, Ns> range)
{
    std::string text = "range " + std::to_string(range.first) + " ns to " + std::to_string(range.second) +
                       " ns: the events issued in it, first iteration (model, not hardware)\n";
    std::vector<std::vector<std::string>> rows;
    for (const auto& a : analyses) {
        const RangeStatistics& r = *a.range;
        rows.push_back({a.configuration, std::to_string(r.count), std::to_string(r.latency.median),
                        std::to_string(r.latency.p95), std::to_string(r.latency.p99), std::to_string(r.latency.max),
                        std::to_string(r.latency.mean), std::to_string(r.queueWaitMedian),
                        std::to_string(r.hiddenSharePpm), std::to_string(r.tailEvents)});
    }
    text += tableText({"configuration", "events", "median_ns", "p95_ns", "p99_ns", "max_ns", "mean_ns",
                       "queue_wait_median_ns", "hidden_share_ppm", "tail_events"},
                      rows);
    for (const auto& a : analyses) {
        std::string ops;
        for (const auto& [op, count] : a.range->byOp) {
            ops += (ops.empty() ? "" : ", ") + op + " " + std::to_string(count);
        }
        text += "  by operation under " + a.configuration + ": " + (ops.empty() ? "none" : ops) + "\n";
    }
    return text;
}

int runReplay(const std::vector<std::string>& argv)
{
    Args args("replay",
              "INPUT [--configs FILE] [--iterations N] [--seed S] [--ablate A,B] [--isolated] [--tail-windows] "
              "[--range FROM_US:TO_US] -o REPORT",
              "Replays a commcanary.trace.v1 trace under every configuration of a backend configuration set with the "
              "deterministic scheduler model (alpha-beta cost per collective, arrival skew, limited channels with "
              "FIFO queues, bandwidth sharing, compute overlap and pressure, idle gaps that drain queues, seeded "
              "tail noise) and writes a commcanary-workbench.report.v1 report: the protocol, every per-event "
              "sample (or their SHA-256 with --samples digest), summaries per configuration, per phase and per "
              "operation, tail events and the pairwise ranking of the configurations. The report is a model's "
              "output, not a measurement of hardware, and says so. Same inputs, same bytes.");
    args.positional("INPUT",
                    "the trace or canary to replay (commcanary.trace.v1, commcanary-workbench.canary.v1 or the "
                    "Python prototype's commcanary.canary.v2, plain or gzip)");
    args.option("configs", "FILE",
                "configuration set (commcanary-workbench.configs.v1); default: the bundled set of five "
                "(baseline, low_latency, high_bandwidth, overlap_friendly, congested)");
    declareProtocolOptions(args);
    args.option("ablate", "A,B",
                "simulator controls, each removing one mechanism: arrival_skew, compute_overlap, ordering, "
                "queue_reset_gaps, rare_tail_windows, pressure (repeatable or comma-separated)",
                std::nullopt, true);
    args.flag("isolated", "replay every collective alone, as an isolated microbenchmark would (no queue, skew, "
                          "overlap, pressure or sharing); cannot be combined with --ablate");
    args.option("samples", "MODE", "full (every sample row) or digest (their SHA-256 plus the tail events)",
                std::string("full"));
    args.option("output", "REPORT", "where to write the report");
    args.flag("tail-windows",
              "also print each configuration's tail windows: spans of the first iteration in which events with "
              "latency at or above the configuration's p99 were in flight together, in time order (what the "
              "workbench's timeline highlights); replays the trace a second time");
    args.option("range", "FROM_US:TO_US",
                "also print the statistics of the events issued in [FROM_US, TO_US] (replay time, first "
                "iteration) under each configuration: count, latency median/p95/p99/max/mean, queue-wait median, "
                "hidden share, tail events, events per operation (the workbench's Range Statistics); replays the "
                "trace a second time");
    args.epilog("Unknown arrival skew is never read as zero: such events replay with no modelled rank wait,\n"
                "every affected sample is flagged and the report counts them, so the uncertainty travels\n"
                "with the results. Bad configuration files, unknown ablations and invalid protocols exit 3\n"
                "and write nothing. For very large inputs use --samples digest.\n");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("replay", [&] {
        if (!args.has("output")) {
            throw UsageError("missing -o REPORT");
        }
        const std::string output = args.value("output");
        checkOutputFile("output", output, inputPaths(args, {"INPUT"}, {"configs"}));
        ReplayProtocol protocol = protocolFromArgs(args);
        std::string ablations;
        for (const auto& v : args.values("ablate")) {
            ablations += ablations.empty() ? v : "," + v;
        }
        protocol.ablations = parseAblations(ablations, "--ablate");
        protocol.isolated = args.has("isolated");
        AnalysisRequest analyses;
        analyses.tailWindows = args.has("tail-windows");
        if (args.has("range")) {
            analyses.range = parseRange(args.value("range"));
        }
        validateProtocol(protocol, "replay protocol");
        ReportOptions options;
        options.resourceLimitOverrides = resourceLimitOverrides(resourceLimits());
        const std::string mode = args.value("samples");
        if (mode == "full") {
            options.samples = SamplesMode::Full;
        } else if (mode == "digest") {
            options.samples = SamplesMode::Digest;
        } else {
            throw UsageError("--samples must be full or digest (got \"" + mode + "\")");
        }
        // Validate the configuration set before the (possibly long) trace read.
        const ConfigSet set = args.has("configs") ? readConfigSet(args.value("configs")) : defaultConfigSet();
        Progress& progress = terminalProgress();
        Trace trace = readTraceOrCanary(args.positionalValue("INPUT"), progress);
        const std::string report = buildReport(trace, set, protocol, options, progress);
        writeFileAtomic(output, report, progress);

        // A short summary for humans: the report itself is the record.
        const ReportView view = readReportView(report, output);
        std::string text = "wrote " + output + ": " + std::to_string(trace.size()) + " events x " +
                           std::to_string(set.configurations.size()) + " configurations x " +
                           std::to_string(protocol.iterations) + " iteration(s)" +
                           (protocol.isolated ? ", isolated" : "") +
                           (protocol.ablations.empty() ? "" : ", ablated: " + protocol.ablations.text()) + "\n";
        // Columns widen to their longest value, so a very large latency never runs into its neighbour.
        std::vector<std::vector<std::string>> rows;
        std::vector<std::size_t> widths = {34, 9, 11, 11, 11, 11, 8};
        for (const auto& c : view.configurations) {
            rows.push_back({c.name, microseconds(c.latency.median), microseconds(c.latency.p95),
                            microseconds(c.latency.p99), microseconds(c.latency.max), microseconds(c.latency.mean),
                            ppmAsPercent(c.hiddenSharePpm)});
            for (std::size_t k = 0; k < widths.size(); ++k) {
                widths[k] = std::max(widths[k], rows.back()[k].size() + (k == 0 ? 1 : 2));
            }
        }
        const std::vector<std::string> headers = {
            "latency in us (model, not hardware)", "median", "p95", "p99", "max", "mean", "hidden"};
        text += padRight(headers[0], widths[0] + 2);
        for (std::size_t k = 1; k < headers.size(); ++k) {
            text += pad(headers[k], widths[k]);
        }
        text += "\n";
        for (const auto& row : rows) {
            text += "  " + padRight(row[0], widths[0]);
            for (std::size_t k = 1; k < row.size(); ++k) {
                text += pad(row[k], widths[k]);
            }
            text += "\n";
        }
        if (trace.unknownSkewCount() > 0 && !protocol.isolated && !protocol.ablations.has(Ablation::ArrivalSkew)) {
            text += "note: " + std::to_string(trace.unknownSkewCount()) + " of " + std::to_string(trace.size()) +
                    " events have unknown arrival skew; they replay with no modelled rank wait and are flagged "
                    "skew_unknown in the report\n";
        }
        out(text);
        if (analyses.tailWindows || analyses.range) {
            const auto result = analyzeReplay(trace, set, protocol, analyses, progress);
            out((analyses.tailWindows ? tailWindowsText(result) : std::string()) +
                (analyses.range ? rangeText(result, *analyses.range) : std::string()));
        }
        return kExitOk;
    });
}

const Registrar registrar("replay", "replay a trace under backend configurations with the scheduler model", runReplay);

} // namespace

} // namespace cc::cli
