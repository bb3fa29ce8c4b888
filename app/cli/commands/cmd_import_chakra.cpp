// commcanary import-chakra DIR -o TRACE
#include "app/cli/cli.h"

#include "core/interop/chakra.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"

namespace cc::cli {

namespace {

int runImportChakra(const std::vector<std::string>& argv)
{
    Args args("import-chakra", "DIR -o TRACE",
              "Reads the Chakra execution traces export-chakra wrote (DIR/*.et, one per rank) back into one "
              "commcanary.trace.v1 trace. Each file's framing, node types, comm_size and dependency graph are "
              "checked (no missing node, no cycle), a collective's nodes must sit in exactly its members' files, "
              "and the COMP nodes' chain must issue every communication node at the event's own time. Files of "
              "other producers lack the event fields Chakra has no place for and are refused.");
    args.positional("DIR", "the folder of chakra.<rank>.et files");
    args.option("output", "TRACE", "the trace file to write (commcanary.trace.v1)");
    return guarded("import-chakra", [&] {
        if (!args.parse(argv)) {
            return kExitOk;
        }
        if (!interop::chakraAvailable()) {
            throw IoError(interop::chakraUnavailableReason());
        }
        const std::string output = args.value("output");
        checkOutputFile("output", output, inputPaths(args, {"DIR"}));
        const std::string input = args.positionalValue("DIR");
        Progress& progress = terminalProgress();
        const Trace trace = interop::readChakraFolder(input, progress);
        writeTraceFile(trace, output);
        out("imported " + std::to_string(trace.size()) + " events from " + input + " to " + output + "\n");
        return kExitOk;
    });
}

const Registrar registrar("import-chakra", "read Chakra execution traces written by export-chakra into a trace",
                          runImportChakra);

} // namespace

} // namespace cc::cli
