// commcanary normalize TRACE -o OUT, commcanary hash TRACE
#include "app/cli/cli.h"

#include "core/trace/normalized.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"

namespace cc::cli {

namespace {

int runNormalize(const std::vector<std::string>& argv)
{
    Args args("normalize", "TRACE -o OUT",
              "Writes the lossless normalised form of a trace: canonical event order, interned strings and rank "
              "sets, integer nanoseconds, fixed key order. The same trace gives the same bytes on every machine; "
              "their SHA-256 is the trace's identity (see 'commcanary hash'). Event ids, workload/system metadata "
              "and unknown fields are labels, not behaviour, and are not part of the normalised form.");
    args.positional("TRACE", "the trace file");
    args.option("output", "OUT", "where to write the normalised form");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("normalize", [&] {
        if (!args.has("output")) {
            throw UsageError("missing -o OUT");
        }
        checkOutputFile("output", args.value("output"), inputPaths(args, {"TRACE"}));
        Progress& progress = terminalProgress();
        Trace trace = readTrace(args.positionalValue("TRACE"), progress);
        std::string bytes = normalizedBytes(trace, progress);
        writeFileAtomic(args.value("output"), bytes, progress);
        out("wrote " + args.value("output") + " (" + std::to_string(bytes.size()) + " bytes, " +
            std::to_string(trace.size()) + " events)\n");
        return kExitOk;
    });
}

int runHash(const std::vector<std::string>& argv)
{
    Args args("hash", "TRACE", "Prints the SHA-256 of the trace's normalised form: its identity, independent of "
                               "formatting, key order, event ids and how times were written (start_us or gap_us).");
    args.positional("TRACE", "the trace file");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("hash", [&] {
        Trace trace = readTrace(args.positionalValue("TRACE"), terminalProgress());
        out(normalizedSha256(trace, terminalProgress()) + "  " + args.positionalValue("TRACE") + "\n");
        return kExitOk;
    });
}

const Registrar normalizeRegistrar("normalize", "write the canonical normalised form of a trace", runNormalize);
const Registrar hashRegistrar("hash", "print the SHA-256 of a trace's normalised form", runHash);

} // namespace

} // namespace cc::cli
