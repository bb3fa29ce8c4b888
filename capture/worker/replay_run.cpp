// One rank of a physical replay: the program of core/physical/physical_program.h walked on real
// c10d process groups, every event stamped with the steady clock, and the rank's file.
//
// Compiled into the worker's one unity translation unit, so its helpers live in a named
// namespace (anonymous namespaces of the other files share this translation unit).
#include "capture/worker/rank_run.h"

#include "capture/lib/json_io.h"
#include "capture/lib/physical_replay.h"
#include "capture/worker/rank_setup.h"
#include "capture/worker/store_clock_ping.h"
#include "capture/worker/time_marks.h"
#include "core/canary/canary_input.h"
#include "core/util/atomic_file.h"

#include <ATen/Parallel.h>
#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#ifdef COMMCANARY_WORKER_CUDA
#include <ATen/cuda/Sleep.h>
#include <c10/cuda/CUDAFunctions.h>
#include <cuda_runtime_api.h>
#endif
#ifdef USE_C10D_NCCL
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif

#include <csignal>
#include <cstdio>
#include <sys/prctl.h>
#include <thread>

namespace cc::capture::worker {

namespace replay_detail {

constexpr int kReplayClockSamples = 16;
/// How far ahead of "now" rank 0 places a pass's common origin, so every rank has it in time.
constexpr Ns kOriginLeadNs = 20'000'000;
/// The busy loop checks the clock (and the collective) after this much work.
constexpr Ns kBusySliceNs = 2'000;

/// The compute stand-in. On the CPU a calibrated arithmetic loop; on CUDA a spin kernel
/// (ATen's at::cuda::sleep) of a calibrated cycle count, so the device, not the host, is busy.
class ComputeStandIn {
public:
    explicit ComputeStandIn(bool cuda) : cuda_(cuda)
    {
        // Iterations of the arithmetic loop per 2 µs slice, measured over ~20 ms.
        const Ns begin = hostNow();
        std::uint64_t iterations = 0;
        while (hostNow() - begin < 20'000'000) {
            spin(1000);
            iterations += 1000;
        }
        const Ns elapsed = std::max<Ns>(1, hostNow() - begin);
        itersPerSlice_ = std::max<std::uint64_t>(1, iterations * static_cast<std::uint64_t>(kBusySliceNs) /
                                                        static_cast<std::uint64_t>(elapsed));
        itersPerMs_ = static_cast<std::int64_t>(iterations * 1'000'000ULL / static_cast<std::uint64_t>(elapsed));
#ifdef COMMCANARY_WORKER_CUDA
        if (cuda_) {
            cudaEvent_t a = nullptr;
            cudaEvent_t b = nullptr;
            cudaEventCreate(&a);
            cudaEventCreate(&b);
            constexpr std::int64_t kCycles = 10'000'000;
            at::cuda::sleep(kCycles); // warm the kernel up
            cudaEventRecord(a);
            at::cuda::sleep(kCycles);
            cudaEventRecord(b);
            cudaEventSynchronize(b);
            float ms = 0;
            cudaEventElapsedTime(&ms, a, b);
            cudaEventDestroy(a);
            cudaEventDestroy(b);
            cyclesPerUs_ = std::max<std::int64_t>(1, static_cast<std::int64_t>(kCycles / std::max(1e-3, ms * 1000.0)));
        }
#endif
    }

    std::int64_t iterationsPerMs() const
    {
        return itersPerMs_;
    }

    /// Busy for ns. While it runs, `poll` is called after every slice (it returns true once the
    /// collective in flight has completed and stamped itself).
    template <class Poll> void run(Ns ns, Poll&& poll)
    {
        if (ns <= 0) {
            return;
        }
#ifdef COMMCANARY_WORKER_CUDA
        if (cuda_) {
            at::cuda::sleep(ns / 1000 * cyclesPerUs_);
            const Ns end = hostNow() + ns;
            while (hostNow() < end) {
                poll();
            }
            cudaDeviceSynchronize();
            return;
        }
#endif
        const Ns end = hostNow() + ns;
        while (hostNow() < end) {
            spin(itersPerSlice_);
            poll();
        }
    }

private:
    void spin(std::uint64_t iterations)
    {
        std::uint64_t x = sink_;
        for (std::uint64_t i = 0; i < iterations; ++i) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        }
        sink_ = x;
    }

    [[maybe_unused]] bool cuda_ = false; // read by the CUDA build only
    std::uint64_t itersPerSlice_ = 1;
    std::int64_t itersPerMs_ = 0;
    [[maybe_unused]] std::int64_t cyclesPerUs_ = 1; // CUDA build only
    volatile std::uint64_t sink_ = 1;
};

void waitUntil(Ns target)
{
    for (;;) {
        const Ns now = hostNow();
        if (now >= target) {
            return;
        }
        if (target - now > 300'000) {
            std::this_thread::sleep_for(std::chrono::nanoseconds(target - now - 200'000));
        }
    }
}

void replayProgress(int rank, int done, int total, const char* phase)
{
    const std::string line = progressLine(RankProgressLine{rank, done, total, phase}) + "\n";
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fflush(stdout);
}

void storeSetText(c10d::Store& store, const std::string& key, const std::string& text)
{
    store.set(key, std::vector<std::uint8_t>(text.begin(), text.end()));
}

Ns storeGetNumber(c10d::Store& store, const std::string& key)
{
    const auto value = store.get(key);
    return std::stoll(std::string(value.begin(), value.end()));
}

/// Issues event e on its group; returns the work (nullptr when the rank has nothing to issue).
c10::intrusive_ptr<c10d::Work> issue(const physical::PhysicalProgram& program, const physical::PhysicalEvent& e,
                                     int groupRank, c10d::ProcessGroup& group, at::Tensor& in, at::Tensor& out)
{
    const int n = static_cast<int>(program.groups[e.group].size());
    const std::int64_t bytes = std::max<std::int64_t>(1, e.bytes);
    const std::int64_t chunk = std::max<std::int64_t>(1, bytes / n);
    auto pieces = [&](at::Tensor& buffer) {
        std::vector<at::Tensor> list;
        for (int i = 0; i < n; ++i) {
            list.push_back(buffer.narrow(0, i * chunk, chunk));
        }
        return list;
    };
    const int root = e.root >= 0 ? program.groupRank(e.group, e.root) : 0;
    switch (e.kind) {
    case OpKind::AllReduce: {
        std::vector<at::Tensor> t{in.narrow(0, 0, bytes)};
        return group.allreduce(t);
    }
    case OpKind::Broadcast: {
        std::vector<at::Tensor> t{in.narrow(0, 0, bytes)};
        c10d::BroadcastOptions options;
        options.rootRank = root;
        return group.broadcast(t, options);
    }
    case OpKind::Reduce: {
        std::vector<at::Tensor> t{in.narrow(0, 0, bytes)};
        c10d::ReduceOptions options;
        options.rootRank = root;
        return group.reduce(t, options);
    }
    case OpKind::AllGather: {
        std::vector<at::Tensor> inputs{in.narrow(0, 0, chunk)};
        std::vector<std::vector<at::Tensor>> outputs{pieces(out)};
        return group.allgather(outputs, inputs);
    }
    case OpKind::Gather: {
        std::vector<at::Tensor> inputs{in.narrow(0, 0, chunk)};
        std::vector<std::vector<at::Tensor>> outputs;
        if (groupRank == root) {
            outputs.push_back(pieces(out));
        }
        c10d::GatherOptions options;
        options.rootRank = root;
        return group.gather(outputs, inputs, options);
    }
    case OpKind::Scatter: {
        std::vector<at::Tensor> outputs{out.narrow(0, 0, chunk)};
        std::vector<std::vector<at::Tensor>> inputs;
        if (groupRank == root) {
            inputs.push_back(pieces(in));
        }
        c10d::ScatterOptions options;
        options.rootRank = root;
        return group.scatter(outputs, inputs, options);
    }
    case OpKind::ReduceScatter: {
        std::vector<at::Tensor> outputs{out.narrow(0, 0, chunk)};
        std::vector<std::vector<at::Tensor>> inputs{pieces(in)};
        return group.reduce_scatter(outputs, inputs);
    }
    case OpKind::AllToAll: {
        at::Tensor o = out.narrow(0, 0, chunk * n);
        at::Tensor i = in.narrow(0, 0, chunk * n);
        std::vector<std::int64_t> outCounts;
        std::vector<std::int64_t> inCounts;
        return group.alltoall_base(o, i, outCounts, inCounts);
    }
    case OpKind::Barrier:
        return group.barrier();
    case OpKind::Send:
    case OpKind::Recv: {
        const int tag = static_cast<int>(e.event % 1'000'000'000U);
        if (groupRank == program.groupRank(e.group, e.sender)) {
            std::vector<at::Tensor> t{in.narrow(0, 0, bytes)};
            return group.send(t, program.groupRank(e.group, e.receiver), tag);
        }
        std::vector<at::Tensor> t{out.narrow(0, 0, bytes)};
        return group.recv(t, program.groupRank(e.group, e.sender), tag);
    }
    case OpKind::Custom:
        break;
    }
    throw std::runtime_error("event " + std::to_string(e.event) + ": \"" + e.op + "\" cannot be issued");
}

} // namespace replay_detail

int runReplay(const ReplayWorkerOptions& o, const RankEnvironment& env)
{
    using namespace replay_detail;
    // A rank never outlives the process that launched it.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    const int rank = env.rank;
    const int worldSize = env.worldSize;
    const bool cuda = o.device == Device::Cuda;
    // The ranks issue collectives, not tensor math: one intra-op thread leaves the cores to gloo.
    at::set_num_threads(1);

    NullProgress quiet;
    const Trace trace = readTraceOrCanary(o.input, quiet);
    physical::PhysicalProgram program =
        physical::buildPhysicalProgram(trace, worldSize, backendName(o.backend), o.skipOps);
    if (!o.computeStandIns) {
        // Communication only: the same schedule, the compute's time waited out idle.
        for (auto& e : program.events) {
            e.computeBefore = 0;
            e.computeOverlap = 0;
        }
    }

    const at::Device device = rankDevice(cuda, env);
    auto synchronize = [&]() {
#ifdef COMMCANARY_WORKER_CUDA
        if (cuda) {
            cudaDeviceSynchronize();
        }
#endif
    };

    auto store = rendezvousStore(env, o.storeTimeout);

    const std::vector<PingSample> startPings =
        storeClockPing(*store, "replay-start", rank, worldSize, kReplayClockSamples);
    Ns offsetAtStart = 0;
    if (rank != 0) {
        const auto estimate = estimateOffset(startPings);
        if (!estimate) {
            throw std::runtime_error("clock calibration: no usable ping sample");
        }
        offsetAtStart = estimate->offsetNs;
    }

    auto world = makeProcessGroup(o.backend, c10::make_intrusive<c10d::PrefixStore>("commcanary/replay/world", store),
                                  env.masterAddr, rank, worldSize, o.storeTimeout, o.glooThreads);
    // Every distinct rank set once, in the program's order, on its members only.
    std::vector<c10::intrusive_ptr<c10d::ProcessGroup>> groups(program.groups.size());
    for (std::size_t g = 0; g < program.groups.size(); ++g) {
        const int groupRank = program.groupRank(static_cast<std::uint32_t>(g), rank);
        if (groupRank < 0) {
            continue;
        }
        groups[g] = makeProcessGroup(
            o.backend, c10::make_intrusive<c10d::PrefixStore>("commcanary/replay/group" + std::to_string(g), store),
            env.masterAddr, groupRank, static_cast<int>(program.groups[g].size()), o.storeTimeout, o.glooThreads);
    }
    const std::int64_t bufferBytes = program.maxBytes() + worldSize;
    auto options = at::TensorOptions().dtype(at::kByte).device(device);
    at::Tensor in = at::ones({bufferBytes}, options);
    at::Tensor out = at::zeros({bufferBytes}, options);
    ComputeStandIn compute(cuda);

    physical::RankTimings timings;
    timings.rank = rank;
    const int passes = o.warmup + o.repeats;
    replayProgress(rank, 0, passes, o.warmup > 0 ? "warmup" : "recorded");
    for (int pass = 0; pass < passes; ++pass) {
        const bool recorded = pass >= o.warmup;
        synchronize();
        world->barrier()->wait();
        const std::string originKey = "commcanary/replay/origin/" + std::to_string(pass);
        if (rank == 0) {
            storeSetText(*store, originKey, std::to_string(hostNow() + kOriginLeadNs));
        }
        const Ns origin0 = storeGetNumber(*store, originKey);
        // Rank 0's origin on this rank's clock: reference = local + offset.
        const Ns localOrigin = origin0 - offsetAtStart;
        physical::RankRepeatStamps stamps;
        for (std::size_t p = 0; p < program.events.size(); ++p) {
            const physical::PhysicalEvent& e = program.events[p];
            if (o.fault && o.fault->rank == rank && pass == o.warmup &&
                static_cast<std::size_t>(o.fault->iteration) == p) {
                std::fprintf(stderr, "rank %d: injected fault: killing itself before event %zu\n", rank, p);
                std::fflush(stderr);
                std::raise(SIGKILL);
            }
            if (e.skipped) {
                continue;
            }
            const int groupRank = program.groupRank(e.group, rank);
            if (groupRank < 0) {
                continue; // a rank outside the event's group skips it
            }
            // The recorded gap, then the compute before the issue, then this rank's arrival offset.
            waitUntil(localOrigin + e.issueAt - e.computeBefore);
            compute.run(e.computeBefore, [] {});
            const Ns onTime = std::max(hostNow(), localOrigin + e.issueAt);
            waitUntil(onTime + e.arrivalOffset[static_cast<std::size_t>(groupRank)]);
            const Ns issued = hostNow();
            auto work = issue(program, e, groupRank, *groups[e.group], in, out);
            Ns completed = 0;
            const bool pollable = !isPointToPoint(e.kind); // gloo's send/recv work only completes in wait()
            compute.run(e.computeOverlap, [&] {
                if (completed == 0 && pollable && work->isCompleted()) {
                    completed = hostNow();
                }
            });
            if (completed == 0) {
                work->wait();
                synchronize();
                completed = hostNow();
            }
            if (recorded) {
                stamps.event.push_back(e.event);
                stamps.issue.push_back(issued);
                stamps.complete.push_back(completed);
            }
        }
        if (recorded) {
            timings.repeatOrigin.push_back(origin0);
            timings.repeats.push_back(std::move(stamps));
        }
        replayProgress(rank, pass + 1, passes, pass + 1 < o.warmup ? "warmup" : "recorded");
    }
    synchronize();
    world->barrier()->wait();

    const std::vector<PingSample> endPings = storeClockPing(*store, "replay-end", rank, worldSize, kReplayClockSamples);
    ReplayRankResult result;
    result.rank = rank;
    result.worldSize = worldSize;
    result.busyLoopItersPerMs = compute.iterationsPerMs();
    if (rank == 0) {
        result.clock = referenceCalibration(rank, 0);
    } else {
        const auto start = estimateOffset(startPings);
        const auto end = estimateOffset(endPings);
        if (!start || !end) {
            throw std::runtime_error("clock calibration: no usable ping sample");
        }
        result.clock = combineCalibration(rank, 0, *start, *end, 0, 0);
    }
    timings.offsetNs = result.clock.offsetNs;
    timings.uncertaintyNs = result.clock.uncertaintyNs;
    result.timings = std::move(timings);
    writeFileAtomic(o.outputDir / replayRankFileName(rank), jsonFileText(replayRankToJson(result)));
    replayProgress(rank, passes, passes, "done");

    // Rank 0 hosts the store: it leaves last, once every rank has written its file.
    store->add("commcanary/replay/exit", 1);
    if (rank == 0) {
        const auto deadline = std::chrono::steady_clock::now() + o.storeTimeout;
        while (store->add("commcanary/replay/exit", 0) < worldSize) {
            if (std::chrono::steady_clock::now() > deadline) {
                throw std::runtime_error("not every rank reported its file before the store timeout");
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    }
    return 0;
}

} // namespace cc::capture::worker
