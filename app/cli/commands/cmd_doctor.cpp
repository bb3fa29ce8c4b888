// commcanary doctor [--worker PATH] [--json]
#include "app/cli/cli.h"

#include "capture/lib/machine_probe.h"

namespace cc::cli {

namespace {

int runDoctor(const std::vector<std::string>& argv)
{
    Args args("doctor", "[--worker PATH] [--json]",
              "Reports what this machine can capture with, and why not: the host memory budget (/proc/meminfo "
              "MemAvailable), the CUDA devices nvidia-smi sees and their free memory, where the capture worker was "
              "found, the libtorch it was built against and whether that libtorch has c10d gloo, CUDA and c10d NCCL, "
              "the worker's measured per-rank memory baseline, and for gloo/cpu, gloo/cuda and nccl/cuda whether "
              "`commcanary capture` can run them here (with the reason when not). Always exits 0: it is a report.");
    args.option("worker", "PATH", "the commcanary-capture-worker binary to examine (default: searched)");
    args.flag("json", "print the report as JSON");
    if (!args.parse(argv)) {
        return kExitOk;
    }
    return guarded("doctor", [&] {
        std::optional<std::filesystem::path> worker;
        if (args.has("worker")) {
            worker = std::filesystem::path(args.value("worker"));
        }
        const capture::MachineReport report = capture::probeMachine(worker);
        if (args.has("json")) {
            out(capture::machineReportJsonText(report));
        } else {
            out(capture::machineReportText(report));
        }
        return kExitOk;
    });
}

const Registrar registrar("doctor", "report what this machine can capture with (libtorch, gloo, NCCL, CUDA, memory)",
                          runDoctor);

} // namespace

} // namespace cc::cli
