// commcanary replay INPUT [--configs FILE] [--iterations N] [--seed S] [--ablate A,B] [--isolated]
//                         [--tie-tolerance PCT] [--samples full|digest] -o REPORT
#include "app/cli/cli.h"

#include "core/canary/canary_input.h"
#include "core/configs/config_io.h"
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

/// ns as microseconds with exactly three decimals (display only).
std::string microseconds(Ns ns)
{
    std::string fraction = std::to_string(ns % 1000);
    return std::to_string(ns / 1000) + "." + std::string(3 - fraction.size(), '0') + fraction;
}

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

int runReplay(const std::vector<std::string>& argv)
{
    Args args("replay", "INPUT [--configs FILE] [--iterations N] [--seed S] [--ablate A,B] [--isolated] -o REPORT",
              "Replays a commcanary.trace.v1 trace under every configuration of a backend configuration set with the "
              "deterministic scheduler model (alpha-beta cost per collective, arrival skew, limited channels with "
              "FIFO queues, bandwidth sharing, compute overlap and pressure, idle gaps that drain queues, seeded "
              "tail noise) and writes a commcanary-workbench.report.v1 report: the protocol, every per-event "
              "sample (or their SHA-256 with --samples digest), summaries per configuration, per phase and per "
              "operation, tail events and the pairwise ranking of the configurations. The report is a model's "
              "output, not a measurement of hardware, and says so. Same inputs, same bytes.");
    args.positional("INPUT", "the trace to replay (commcanary.trace.v1, plain or gzip)");
    args.option("configs", "FILE",
                "configuration set (commcanary-workbench.configs.v1); default: the bundled set of five "
                "(baseline, low_latency, high_bandwidth, overlap_friendly, congested)");
    args.option("iterations", "N", "independent replays of the whole trace (1..1000); tail noise differs per iteration",
                std::string("1"));
    args.option("seed", "S", "seed of the tail noise and of the ordering ablation (unsigned 64-bit)", std::string("1"));
    args.option("ablate", "A,B",
                "simulator controls, each removing one mechanism: arrival_skew, compute_overlap, ordering, "
                "queue_reset_gaps, rare_tail_windows, pressure (repeatable or comma-separated)",
                std::nullopt, true);
    args.flag("isolated", "replay every collective alone, as an isolated microbenchmark would (no queue, skew, "
                          "overlap, pressure or sharing); cannot be combined with --ablate");
    args.option("tie-tolerance", "PCT", "relative difference treated as a tie in the ranking", std::string("1%"));
    args.option("samples", "MODE", "full (every sample row) or digest (their SHA-256 plus the tail events)",
                std::string("full"));
    args.option("output", "REPORT", "where to write the report");
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
        ReplayProtocol protocol;
        const long long iterations = args.intValue("iterations");
        if (iterations < 1 || iterations > kMaxIterations) {
            throw UsageError("--iterations must be between 1 and " + std::to_string(kMaxIterations));
        }
        protocol.iterations = static_cast<std::uint32_t>(iterations);
        {
            const std::string seedText = args.value("seed");
            std::uint64_t seed = 0;
            const auto parsed = std::from_chars(seedText.data(), seedText.data() + seedText.size(), seed);
            if (seedText.empty() || parsed.ec != std::errc() || parsed.ptr != seedText.data() + seedText.size()) {
                throw UsageError("--seed must be an integer from 0 to 18446744073709551615 (got \"" + seedText + "\")");
            }
            protocol.seed = seed;
        }
        std::string ablations;
        for (const auto& v : args.values("ablate")) {
            ablations += ablations.empty() ? v : "," + v;
        }
        protocol.ablations = parseAblations(ablations, "--ablate");
        protocol.isolated = args.has("isolated");
        {
            std::string tolerance = args.value("tie-tolerance");
            if (tolerance.empty() || tolerance.back() != '%') {
                throw UsageError("--tie-tolerance must be a percentage such as 1% (got \"" + tolerance + "\")");
            }
            tolerance.pop_back();
            ScaledValue ppm = parseScaledDecimal(tolerance, 4);
            if (ppm.error != DecimalError::None || ppm.value > 1'000'000) {
                throw UsageError("--tie-tolerance must be between 0% and 100% with at most four decimals");
            }
            protocol.tieTolerancePpm = ppm.value;
        }
        validateProtocol(protocol, "replay protocol");
        ReportOptions options;
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
        return kExitOk;
    });
}

const Registrar registrar("replay", "replay a trace under backend configurations with the scheduler model", runReplay);

} // namespace

} // namespace cc::cli
