// commcanary baseline TRACE --method M [--sample-count N] [--cluster-count N] [--strata-per-group N] [--seed S] -o OUT
#include "app/cli/cli.h"

#include "core/baseline/baselines.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"

namespace cc::cli {

namespace {

std::uint64_t positive(const Args& args, const std::string& name)
{
    const long long v = args.intValue(name);
    if (v < 1) {
        throw UsageError("--" + name + " must be at least 1");
    }
    return static_cast<std::uint64_t>(v);
}

int runBaseline(const std::vector<std::string>& argv)
{
    std::string methods;
    for (const auto& m : baseline::methodNames()) {
        methods += (methods.empty() ? "" : ", ") + m;
    }
    Args args("baseline",
              "TRACE --method M [--sample-count N] [--cluster-count N] [--strata-per-group N] [--seed S] -o OUT",
              "Builds a baseline canary the way a common practice would, so verify-behavior can show it failing or "
              "passing beside a real canary. isolated: every distinct collective (operation, size, group) run alone "
              "as an nccl-tests style benchmark would (ranks synchronised, no compute, idle between runs). random: "
              "source events sampled uniformly (seeded). frequency: the first occurrence of each distinct collective "
              "repeated in proportion to its frequency. cluster: k-means over log-scaled size, gap, overlap and "
              "skew, each cluster's most central event repeated in proportion to its size. stratified: one event "
              "drawn from each of N strata of every distinct collective. Sampled baselines are canaries of source "
              "events; synthesised ones (isolated, frequency, cluster) name their own workload as their source.");
    args.positional("TRACE", "the source trace (commcanary.trace.v1, plain or gzip)");
    args.option("method", "M", methods);
    args.option("sample-count", "N",
                "isolated: runs per collective (default 20); random, frequency, cluster: events (default 32)");
    args.option("cluster-count", "N", "clusters of the cluster method", std::string("8"));
    args.option("strata-per-group", "N", "strata per distinct collective of the stratified method", std::string("4"));
    args.option("seed", "S", "seed of the random and stratified draws", std::string("1"));
    args.option("output", "OUT", "where to write the baseline canary");
    args.epilog("Exit codes: 0 written, 2 usage error, 3 unreadable or invalid input (nothing is written).\n");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("baseline", [&] {
        if (!args.has("output")) {
            throw UsageError("missing -o OUT");
        }
        checkOutputFile("output", args.value("output"), inputPaths(args, {"TRACE"}));
        if (!args.has("method")) {
            throw UsageError("missing --method (one of " + methods + ")");
        }
        baseline::Options options;
        auto method = baseline::methodFromName(args.value("method"));
        if (!method) {
            throw UsageError("--method must be one of " + methods + " (got \"" + args.value("method") + "\")");
        }
        options.method = *method;
        if (args.has("sample-count")) {
            options.sampleCount = positive(args, "sample-count");
        }
        options.clusterCount = positive(args, "cluster-count");
        options.strataPerGroup = positive(args, "strata-per-group");
        const long long seed = args.intValue("seed");
        if (seed < 0) {
            throw UsageError("--seed must be a non-negative integer");
        }
        options.seed = static_cast<std::uint64_t>(seed);
        Progress& progress = terminalProgress();
        const Trace trace = readTrace(args.positionalValue("TRACE"), progress);
        const baseline::Baseline b =
            baseline::buildBaseline(trace, normalizedSha256(trace, progress), options, progress);
        writeFileAtomic(args.value("output"), b.artifact.bytes, progress);
        out("baseline " + std::string(baseline::methodName(b.method)) + ": " + b.description + "\n  wrote " +
            args.value("output") + " (" + std::to_string(b.artifact.bytes.size()) + " bytes, " +
            std::to_string(b.trace.size()) + " events): " + b.artifact.label + "\n");
        return static_cast<int>(kExitOk);
    });
}

const Registrar registrar("baseline", "build a baseline canary (isolated, random, frequency, cluster, stratified)",
                          runBaseline);

} // namespace

} // namespace cc::cli
