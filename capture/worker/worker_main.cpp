// commcanary-capture-worker: one rank of a capture cell. Started like torchrun starts ranks
// (RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR, MASTER_PORT in the environment), by
// `commcanary capture run`, by torchrun --no-python, or by hand on several machines.
//
//   commcanary-capture-worker run --world-size N --backend gloo|nccl --device cpu|cuda ... --output DIR
//   commcanary-capture-worker allreduce-bench --world-size N --backend B --device D --sizes S,... ...
//   commcanary-capture-worker replay --input TRACE --world-size N --backend B --device D ... --output DIR
//   commcanary-capture-worker probe      (capabilities as JSON on stdout)
//
// This file does not include libtorch headers; rank_run.h is the boundary.
#include "capture/worker/rank_run.h"

#include "capture/lib/rank_launcher.h"

#include <sys/prctl.h>
#include <unistd.h>

#include <csignal>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>
#include <vector>

namespace {

constexpr const char* kUsage =
    "usage: commcanary-capture-worker run --world-size N --backend gloo|nccl --device cpu|cuda --model mlp|gpt\n"
    "           --model-params COUNT --iterations I --warmup W --bucket-cap-bytes B --first-bucket-bytes B\n"
    "           --batch-size S --seed X --output DIR --store-timeout-s T [--capture-id ID] [--inject-kill R:I]\n"
    "       commcanary-capture-worker allreduce-bench --world-size N --backend gloo|nccl --device cpu|cuda\n"
    "           --sizes BYTES,BYTES,... --iterations I --warmup W --output DIR --store-timeout-s T\n"
    "       commcanary-capture-worker replay --input TRACE_OR_CANARY --world-size N --backend gloo|nccl --device "
    "cpu|cuda\n"
    "           --gloo-threads T --repeats R --warmup W --output DIR --store-timeout-s T [--skip-op OP]... "
    "[--inject-kill R:E]\n"
    "       commcanary-capture-worker probe\n\n"
    "One rank of a capture cell. The rank, world size and rendezvous come from the environment, as torchrun\n"
    "sets them: RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE, MASTER_ADDR, MASTER_PORT (rank 0 hosts a c10d\n"
    "TCPStore there). Writes rank<RANK>.json (raw measurements) and rank<RANK>.trace.json (a rank-local\n"
    "commcanary.trace.v1 shard) into DIR, atomically. Normally started by `commcanary capture run`.\n"
    "--inject-kill R:I makes rank R kill itself at iteration I (a test control for the failure path).\n"
    "allreduce-bench: one rank of the all-reduce microbenchmark of `commcanary capture calibrate`; for every size\n"
    "it times W unrecorded then I recorded all-reduces (each after a barrier) and writes bench_rank<RANK>.json.\n"
    "replay: one rank of `commcanary replay-physical`: walks the input's program W + R times (gaps, compute\n"
    "stand-ins, arrival offsets, collectives on the subgroups of the recorded ranks), stamps every event it is a\n"
    "member of and writes replay_rank<RANK>.json. --inject-kill R:E makes rank R kill itself before program event E\n"
    "of the first recorded pass (a test control).\n";

std::optional<std::string> lookupEnvironment(const std::string& name)
{
    const char* value = std::getenv(name.c_str());
    if (value == nullptr) {
        return std::nullopt;
    }
    return std::string(value);
}

/// A rank launched by commcanary never outlives its launcher: it asks to be killed when its
/// parent dies, then checks that the parent it was launched by is still the one it has (if the
/// launcher died while libtorch was loading, the request would never fire and the rank would wait
/// in the rendezvous until the store timeout).
void stopIfLauncherIsGone()
{
    const char* launcher = std::getenv(cc::capture::kLauncherPidVariable);
    if (launcher == nullptr) {
        return; // started by hand, torchrun or srun
    }
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (std::to_string(::getppid()) != launcher) {
        std::fprintf(stderr, "commcanary-capture-worker: the launcher (pid %s) is gone; stopping\n", launcher);
        std::_Exit(1);
    }
}

/// The world size, backend and device a mode's options name: held directly by the benchmark and
/// replay modes, in the cell for a capture run.
template <typename Options> const Options& rankFields(const Options& options)
{
    return options;
}

const cc::capture::CellSpec& rankFields(const cc::capture::WorkerRunOptions& options)
{
    return options.spec;
}

/// A rank mode's common frame: its arguments and the rank environment, checked against each other
/// and against what this worker was built with (usage errors exit 2), then the mode itself (a
/// failure exits 1, naming the mode, when it has a name, and the rank).
template <typename Parse, typename Run>
int runRankMode(const std::vector<std::string>& args, const char* mode, Parse parse, Run run)
{
    decltype(parse(args)) options;
    cc::capture::RankEnvironment environment;
    try {
        options = parse(args);
        environment = cc::capture::parseRankEnvironment(lookupEnvironment);
        const auto& fields = rankFields(options);
        if (environment.worldSize != fields.worldSize) {
            throw cc::capture::WorkerUsageError("WORLD_SIZE is " + std::to_string(environment.worldSize) +
                                                " but --world-size is " + std::to_string(fields.worldSize));
        }
        const std::string refusal = cc::capture::worker::buildRefusal(fields.backend, fields.device);
        if (!refusal.empty()) {
            throw cc::capture::WorkerUsageError(refusal);
        }
    } catch (const cc::capture::WorkerUsageError& e) {
        std::fprintf(stderr, "commcanary-capture-worker: %s\n", e.what());
        return 2;
    }
    try {
        return run(options, environment);
    } catch (const std::exception& e) {
        if (mode != nullptr) {
            std::fprintf(stderr, "commcanary-capture-worker %s rank %d: %s\n", mode, environment.rank, e.what());
        } else {
            std::fprintf(stderr, "commcanary-capture-worker rank %d: %s\n", environment.rank, e.what());
        }
        return 1;
    }
}

} // namespace

int main(int argc, char** argv)
{
    stopIfLauncherIsGone();
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h") {
        std::fputs(kUsage, args.empty() ? stderr : stdout);
        return args.empty() ? 2 : 0;
    }
    if (args[0] == "probe") {
        try {
            std::string json = cc::capture::worker::probeJson();
            std::fwrite(json.data(), 1, json.size(), stdout);
            std::fputc('\n', stdout);
            return 0;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "commcanary-capture-worker probe: %s\n", e.what());
            return 1;
        }
    }
    if (args[0] == cc::capture::kAllreduceBenchVerb) {
        return runRankMode(args, "allreduce-bench", cc::capture::parseAllreduceBenchArguments,
                           cc::capture::worker::runAllreduceBench);
    }
    if (args[0] == cc::capture::kReplayVerb) {
        return runRankMode(args, "replay", cc::capture::parseReplayWorkerArguments, cc::capture::worker::runReplay);
    }
    // The capture run, the worker's first mode, names no mode in its failures.
    return runRankMode(args, nullptr, cc::capture::parseWorkerRunArguments, cc::capture::worker::runRank);
}
