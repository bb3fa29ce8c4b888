// commcanary verify-report REPORT --input INPUT
#include "app/cli/cli.h"

#include "core/canary/canary_input.h"
#include "core/report/measured_report.h"
#include "core/report/report.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/limits.h"

namespace cc::cli {

namespace {

int runVerifyReport(const std::vector<std::string>& argv)
{
    Args args("verify-report", "REPORT --input INPUT",
              "Replays INPUT under the protocol and the configuration set declared inside REPORT (a "
              "commcanary-workbench.report.v1 file) and compares the result with the report bit for bit. Any "
              "edited number, sample or protocol field, a report of another simulator version, or an input that is "
              "not the one the report was made from fails with exit 1, naming the first difference by its JSON "
              "path. Exit 3 when the report or the input cannot be read.\n\n"
              "A measured report (replay-physical) cannot be recomputed: verify-report checks its seal and that every "
              "summary, repeat, noise figure and by_op entry follows from its own samples, and, when --input is "
              "given, that the input is the one it measured.");
    args.positional("REPORT", "the report to verify");
    args.option("input", "INPUT", "the trace the report claims to replay (optional for a measured report)");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("verify-report", [&] {
        const std::string reportPath = args.positionalValue("REPORT");
        Progress& progress = terminalProgress();
        const std::string bytes = readFileBounded(reportPath, resourceLimits().maxInputBytes, progress);
        if (isMeasuredReport(bytes)) {
            const MeasuredView view = readMeasuredReport(bytes, reportPath);
            if (args.has("input")) {
                const Trace trace = readTraceOrCanary(args.value("input"), progress);
                const std::string sha = normalizedSha256(trace, progress);
                if (sha != view.inputSha256) {
                    throw NegativeResult("verification failed: " + args.value("input") + " is not the input " +
                                         reportPath + " measured (normalised SHA-256 " + sha + ", the report's " +
                                         view.inputSha256 + ")");
                }
            }
            const ReportVerification verification = verifyMeasuredReport(bytes, reportPath);
            if (!verification.passed) {
                throw NegativeResult("verification failed: " + verification.message);
            }
            out("verified " + reportPath + " (measured): " + verification.message + "\n");
            return kExitOk;
        }
        if (!args.has("input")) {
            throw UsageError("missing --input INPUT");
        }
        // Read the report first: a malformed report is refused before any replay work.
        (void)readReportView(bytes, reportPath);
        Trace trace = readTraceOrCanary(args.value("input"), progress);
        ReportVerification verification = verifyReport(bytes, reportPath, trace, progress);
        if (!verification.passed) {
            throw NegativeResult("verification failed: " + verification.message);
        }
        out("verified " + reportPath + ": " + verification.message + "\n");
        return kExitOk;
    });
}

const Registrar registrar("verify-report", "replay a report's protocol and check it bit for bit", runVerifyReport);

} // namespace

} // namespace cc::cli
