// commcanary export-chakra CANARY|TRACE -o DIR [--skip-op OP]...
#include "app/cli/cli.h"

#include "core/canary/canary_input.h"
#include "core/interop/chakra.h"
#include "core/util/errors.h"

namespace cc::cli {

namespace {

int runExportChakra(const std::vector<std::string>& argv)
{
    Args args("export-chakra", "CANARY|TRACE -o DIR [--skip-op OP]...",
              "Writes MLCommons Chakra execution traces, one per rank (DIR/chakra.<rank>.et: a varint-length-"
              "delimited GlobalMetadata, then Nodes), for ASTRA-sim and the Chakra tools. Collectives become "
              "COMM_COLL nodes (comm_type, comm_size in bytes, pg_name), point-to-point a COMM_SEND node on the "
              "sender and a COMM_RECV node on the receiver (comm_src, comm_dst, comm_tag); the recorded gaps and "
              "compute become a chain of COMP nodes whose ctrl_deps keep the order, the gaps and the overlap. A "
              "canary is expanded into its whole program first. Every node also carries the event's own fields "
              "(commcanary.* attributes, which Chakra's consumers ignore), so import-chakra gives the same trace "
              "back. Events Chakra cannot express (custom operations, 0 bytes, point-to-point without both ends) "
              "fail the export (exit 3, naming the event) unless their operation is named with --skip-op.");
    args.positional("INPUT", "a canary (commcanary-workbench.canary.v1) or a trace (commcanary.trace.v1)");
    args.option("output", "DIR",
                "the folder for the rank files, written as a whole: created when missing (its parent must "
                "exist); an empty folder or an earlier export is replaced; a folder holding anything else is "
                "refused and left as it is");
    args.option("skip-op", "OP", "leave out the events of operation OP that Chakra cannot express (repeatable)", {},
                true);
    return guarded("export-chakra", [&] {
        if (!args.parse(argv)) {
            return kExitOk;
        }
        if (!interop::chakraAvailable()) {
            throw IoError(interop::chakraUnavailableReason());
        }
        const std::string output = args.value("output");
        if (!args.has("output")) {
            throw UsageError("missing -o DIR (see commcanary export-chakra --help)");
        }
        checkOutputFolder("output", output, inputPaths(args, {"INPUT"}));
        if (const std::string problem = interop::chakraExportTargetProblem(output); !problem.empty()) {
            throw UsageError(problem);
        }
        interop::ChakraExportOptions options;
        for (const std::string& op : args.values("skip-op")) {
            options.skipOps.insert(op);
        }
        const std::string input = args.positionalValue("INPUT");
        options.sourceName = input;
        Progress& progress = terminalProgress();
        Trace trace;
        {
            SubProgress reading(progress, 0.0, 0.4);
            trace = readTraceOrCanary(input, reading);
        }
        SubProgress writing(progress, 0.4, 1.0);
        const auto plan = interop::writeChakraExport(trace, output, options, writing);
        out("exported " + std::to_string(plan.exported) + " of " + std::to_string(trace.size()) + " events to " +
            output + " (" + std::to_string(plan.ranks.size()) + " rank files)\n");
        for (std::size_t k = 0; k < plan.ranks.size(); ++k) {
            out("  rank " + std::to_string(plan.ranks[k]) + ": " + std::to_string(plan.commPerRank[k]) +
                " communication nodes, " + std::to_string(plan.nodesPerRank[k]) + " nodes\n");
        }
        for (const auto& s : plan.skipped) {
            out("skipped event " + std::to_string(s.event) + (s.id.empty() ? "" : " (" + s.id + ")") + ", " + s.op +
                ": " + s.reason + "\n");
        }
        return kExitOk;
    });
}

const Registrar registrar("export-chakra", "export a canary or trace as Chakra execution traces, one per rank",
                          runExportChakra);

} // namespace

} // namespace cc::cli
