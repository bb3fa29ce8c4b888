// commcanary generate {adversarial,training,decode} [--seed N] [--events N] -o TRACE
#include "app/cli/cli.h"

#include "core/generate/generators.h"
#include "core/trace/trace_io.h"
#include "core/trace/trace_summary.h"
#include "core/util/atomic_file.h"

#include <algorithm>

namespace cc::cli {

namespace {

int runGenerate(const std::vector<std::string>& argv)
{
    Args args("generate", "{adversarial|training|decode} [--seed N] [--events N] [--jitter-us X] -o TRACE",
              "Writes a deterministic synthetic workload trace (same options, same bytes). adversarial: ~100 "
              "decode all_reduces where queue-reset gaps and rare high-overlap, high-skew tail windows invert the "
              "configuration ranking of an isolated benchmark. training: a 32-rank data/tensor/pipeline-parallel "
              "training loop (forward/backward/optimizer, TP all_gather/reduce_scatter, PP send, bucketed DP "
              "all_reduce overlapping backward, measured skew), perfectly regular unless --jitter-us is given; "
              "scales to 10M events. decode: inference bursts of prefill and decode steps with idle gaps.");
    args.positional("WORKLOAD", "adversarial, training or decode");
    args.option("seed", "N", "seed of the deterministic random stream", std::string("0"));
    args.option("events", "N", "number of events (0 = the workload's default)", std::string("0"));
    args.option("jitter-us", "X", "training only: timing jitter amplitude in microseconds", std::string("0"));
    args.option("output", "TRACE", "where to write the trace");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("generate", [&] {
        if (!args.has("output")) {
            throw UsageError("missing -o TRACE");
        }
        checkOutputFile("output", args.value("output"), {});
        GeneratorOptions options;
        auto seed = args.intValue("seed");
        auto events = args.intValue("events");
        if (seed < 0 || events < 0) {
            throw UsageError("--seed and --events must not be negative");
        }
        options.seed = static_cast<std::uint64_t>(seed);
        options.events = static_cast<std::uint64_t>(events);
        options.jitter = args.microsAsNs("jitter-us");
        const std::string workload = args.positionalValue("WORKLOAD");
        auto names = generatorNames();
        if (std::find(names.begin(), names.end(), workload) == names.end()) {
            throw UsageError("unknown workload \"" + workload + "\"; choose adversarial, training or decode");
        }
        if (options.jitter > 0 && workload != "training") {
            throw UsageError("--jitter-us applies to the training workload only");
        }
        Progress& progress = terminalProgress();
        Trace trace = generateByName(workload, options, progress);
        writeTraceFile(trace, args.value("output"), progress);
        out("wrote " + args.value("output") + ": " + summaryLine(summarizeTrace(trace)) + "\n");
        return kExitOk;
    });
}

const Registrar registrar("generate", "write a deterministic synthetic workload trace", runGenerate);

} // namespace

} // namespace cc::cli
