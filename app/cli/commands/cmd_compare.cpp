// commcanary compare BASELINE CANDIDATE [--threshold median=5%,p99=10%] [-o OUT.json]
//                    [--baseline-config NAME --candidate-config NAME]
#include "app/cli/cli.h"

#include "core/report/compare.h"
#include "core/report/compare_html.h"
#include "core/report/compare_junit.h"
#include "core/report/measured_report.h"
#include "core/report/report.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/limits.h"

namespace cc::cli {

namespace {

int runCompare(const std::vector<std::string>& argv)
{
    Args args("compare", "BASELINE CANDIDATE [--threshold median=5%,p99=10%] [-o OUT.json]",
              "The regression gate in front of a rollout: compares a candidate replay report with a baseline replay "
              "report of the same input and protocol, overall, per phase and per operation, and exits 1 when any "
              "figure grows by more than its threshold (relative to the baseline). Configurations are paired by "
              "name, or one pair is chosen with --baseline-config and --candidate-config. Reports that are not "
              "comparable (different inputs, seeds, iterations, ablations, isolated mode or simulator versions, or "
              "edited after they were written) are refused with exit 3. Two measured reports (replay-physical) are "
              "compared the same way, except that a growth counts as a regression only when it also exceeds the "
              "noise of the repeats (the sum of both configurations' spreads of that figure); a measured and a "
              "simulated report are refused.");
    args.positional("BASELINE", "the baseline report (commcanary-workbench.report.v1)");
    args.positional("CANDIDATE", "the candidate report");
    args.option("threshold", "LIST",
                "relative thresholds, e.g. median=5%,p99=10%,max=20%; unnamed metrics keep their defaults, "
                "METRIC=off disables one (metrics: median, p95, p99, max, mean)",
                std::string("median=5%,p95=10%,p99=10%,mean=5%"));
    args.option("baseline-config", "NAME", "compare only this configuration of the baseline ...");
    args.option("candidate-config", "NAME", "... with this configuration of the candidate");
    args.option("output", "OUT.json", "also write the comparison (commcanary-workbench.compare.v1)");
    args.option("junit", "OUT.xml",
                "also write JUnit XML for a CI system: one testcase per configuration x metric, each regression a "
                "failure with its numbers");
    args.option("html", "OUT.html",
                "also write one self-contained HTML page: the verdict, the thresholds, the per-configuration table "
                "and both reports' distributions as inline SVG (no scripts, nothing fetched)");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("compare", [&] {
        const std::string baselinePath = args.positionalValue("BASELINE");
        const std::string candidatePath = args.positionalValue("CANDIDATE");
        const std::vector<std::string> outputs = {"output", "junit", "html"};
        for (std::size_t k = 0; k < outputs.size(); ++k) {
            if (!args.has(outputs[k])) {
                continue;
            }
            checkOutputFile(outputs[k], args.value(outputs[k]), inputPaths(args, {"BASELINE", "CANDIDATE"}));
            for (std::size_t j = 0; j < k; ++j) {
                if (args.has(outputs[j])) {
                    checkDistinctOutputs(outputs[j], args.value(outputs[j]), outputs[k], args.value(outputs[k]));
                }
            }
        }
        Progress& progress = terminalProgress();
        const std::string baselineBytes = readFileBounded(baselinePath, resourceLimits().maxInputBytes, progress);
        const std::string candidateBytes = readFileBounded(candidatePath, resourceLimits().maxInputBytes, progress);
        CompareOptions options;
        options.thresholds = parseThresholds(args.value("threshold"), "--threshold");
        options.baselineConfig = args.value("baseline-config");
        options.candidateConfig = args.value("candidate-config");
        const bool baselineMeasured = isMeasuredReport(baselineBytes);
        if (baselineMeasured != isMeasuredReport(candidateBytes)) {
            throw InputError(baselinePath + " vs " + candidatePath,
                             "incomparable reports: one is measured (a physical replay) and the other simulated; a "
                             "model and a measurement are not the same quantity");
        }
        CompareResult result;
        std::string document;
        if (baselineMeasured) {
            if (args.has("junit") || args.has("html")) {
                throw UsageError("--junit and --html describe simulated reports; compare measured reports with -o "
                                 "(commcanary-workbench.compare.v1, mode measured)");
            }
            const MeasuredView baseline = readMeasuredReport(baselineBytes, baselinePath);
            const MeasuredView candidate = readMeasuredReport(candidateBytes, candidatePath);
            result = compareMeasuredReports(baseline, candidate, options);
            document = compareMeasuredJson(baseline, candidate, options, result);
        } else {
            const ReportView baseline = readReportView(baselineBytes, baselinePath);
            const ReportView candidate = readReportView(candidateBytes, candidatePath);
            result = compareReports(baseline, candidate, options);
            document = compareJson(baseline, candidate, options, result);
            if (args.has("junit")) {
                writeFileAtomic(args.value("junit"), compareJunitXml(baseline, candidate, options, result), progress);
            }
            if (args.has("html")) {
                writeFileAtomic(args.value("html"), compareHtml(baseline, candidate, options, result), progress);
            }
        }
        if (args.has("output")) {
            writeFileAtomic(args.value("output"), document, progress);
        }
        out(compareText(result));
        return result.regression ? kExitNegative : kExitOk;
    });
}

const Registrar registrar("compare", "compare two replay reports against regression thresholds", runCompare);

} // namespace

} // namespace cc::cli
