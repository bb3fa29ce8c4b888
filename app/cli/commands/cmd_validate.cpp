// commcanary validate TRACE
#include "app/cli/cli.h"

#include "core/trace/trace_io.h"
#include "core/trace/trace_summary.h"

namespace cc::cli {

namespace {

int runValidate(const std::vector<std::string>& argv)
{
    Args args("validate", "TRACE",
              "Reads a commcanary.trace.v1 trace (plain or gzip) and checks every rule of the format: one timing "
              "semantics, timestamps and gaps that agree, positive sizes, rank sets without duplicates, arrivals "
              "only from member ranks, point-to-point endpoints, known operations (or custom_op: true). Prints a "
              "one-line summary, or every refusal with its file, event index and id, field and rule.");
    args.positional("TRACE", "the trace file");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("validate", [&] {
        Trace trace = readTrace(args.positionalValue("TRACE"), terminalProgress());
        out("valid: " + summaryLine(summarizeTrace(trace)) + "\n");
        return kExitOk;
    });
}

const Registrar registrar("validate", "check a trace against every rule of the format and summarise it", runValidate);

} // namespace

} // namespace cc::cli
