// One rank of a capture cell: rendezvous, model, synthetic data, the bucketed reducer, the
// measured loop, the clock calibration and the rank's files.
#include "capture/worker/rank_run.h"

#include "capture/lib/json_io.h"
#include "capture/lib/machine_probe.h"
#include "capture/lib/model_geometry.h"
#include "capture/lib/rank_capture.h"
#include "capture/lib/rank_shard.h"
#include "capture/worker/aten_models.h"
#include "capture/worker/gradient_reducer.h"
#include "capture/worker/rank_setup.h"
#include "capture/worker/store_clock_ping.h"
#include "capture/worker/time_marks.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"

#include <torch/csrc/distributed/c10d/HashStore.hpp>
#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/version.h>

// The rendezvous and the making of process groups (gloo, NCCL) live in rank_setup.
#ifdef COMMCANARY_WORKER_CUDA
#include <c10/cuda/CUDAFunctions.h>
#include <cuda_runtime_api.h>
#endif

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/prctl.h>
#include <thread>
#include <unistd.h>

namespace cc::capture::worker {

namespace {

constexpr int kClockSamples = 16;

std::string libtorchVersion()
{
    return TORCH_VERSION;
}

std::int64_t residentBytes(const char* field)
{
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.starts_with(field)) {
            std::istringstream fields(line.substr(std::string(field).size()));
            long long kb = 0;
            fields >> kb;
            return kb * 1024;
        }
    }
    return 0;
}

std::string interconnectLabel(const WorkerRunOptions& o, const RankEnvironment& env)
{
    if (o.spec.backend == Backend::Nccl) {
        return "nccl";
    }
    if (o.spec.device == Device::Cuda) {
        return "pcie_host_staged"; // gloo moves CUDA tensors through host memory
    }
    return isLoopbackAddress(env.masterAddr) ? "loopback_tcp" : "tcp";
}

struct IterationMarks {
    int index = 0;
    int layout = 0;
    std::size_t forwardBegin = 0, forwardEnd = 0, backwardBegin = 0, backwardEnd = 0, waitEnd = 0, optimizerBegin = 0,
                optimizerEnd = 0;
    std::vector<BucketMarks> buckets;
};

void sgdMomentumStep(std::vector<at::Tensor>& params, std::vector<at::Tensor>& momentum)
{
    at::NoGradGuard noGrad;
    constexpr double kLearningRate = 1e-3;
    constexpr double kMomentum = 0.9;
    for (std::size_t i = 0; i < params.size(); ++i) {
        const at::Tensor& grad = params[i].grad();
        momentum[i].mul_(kMomentum).add_(grad);
        params[i].add_(momentum[i], -kLearningRate);
        params[i].mutable_grad().reset(); // set to none, as DDP's optimizer.zero_grad() does
    }
}

std::string captureIdFromStore(c10d::Store& store, int rank, const std::string& given)
{
    const std::string key = "commcanary/capture_id";
    if (rank == 0) {
        std::string captureId = given;
        if (captureId.empty()) {
            captureId = "capture-" + std::to_string(hostNow()) + "-" + std::to_string(::getpid());
        }
        store.set(key, std::vector<std::uint8_t>(captureId.begin(), captureId.end()));
        return captureId;
    }
    auto value = store.get(key);
    return {value.begin(), value.end()};
}

void storeSetNs(c10d::Store& store, const std::string& key, Ns value)
{
    const std::string text = std::to_string(value);
    store.set(key, std::vector<std::uint8_t>(text.begin(), text.end()));
}

Ns storeGetNs(c10d::Store& store, const std::string& key)
{
    auto value = store.get(key);
    return std::stoll(std::string(value.begin(), value.end()));
}

void printProgress(int rank, int done, int total, const char* phase)
{
    const std::string line = progressLine(RankProgressLine{rank, done, total, phase}) + "\n";
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fflush(stdout);
}

} // namespace

std::string buildRefusal(Backend backend, Device device)
{
#ifndef USE_C10D_NCCL
    if (backend == Backend::Nccl) {
        return "NCCL is unavailable: this worker's libtorch " + libtorchVersion() +
               " was built without c10d NCCL (NCCL needs a CUDA build of libtorch with NCCL; point CMAKE_PREFIX_PATH "
               "at one and rebuild the worker)";
    }
#endif
#ifndef COMMCANARY_WORKER_CUDA
    if (device == Device::Cuda) {
        return "CUDA is unavailable: this worker was built against libtorch " + libtorchVersion() +
               " without CUDA (a CPU build); build it against a CUDA libtorch (CMAKE_PREFIX_PATH) to capture on GPUs";
    }
#endif
    (void)backend;
    (void)device;
    return {};
}

std::string probeJson()
{
    json::Value j = json::Value::object();
    j.set("format", kProbeFormat);
    j.set("libtorch_version", libtorchVersion());
#ifdef USE_C10D_GLOO
    j.set("gloo", json::Value(true));
#else
    j.set("gloo", json::Value(false));
#endif
    const std::string nccl = buildRefusal(Backend::Nccl, Device::Cuda);
    j.set("nccl", json::Value(nccl.empty()));
    j.set("nccl_reason", nccl);
    const std::string cuda = buildRefusal(Backend::Gloo, Device::Cuda);
    j.set("cuda_built", json::Value(cuda.empty()));
    j.set("cuda_reason", cuda);
    json::Value devices = json::Value::array();
    int deviceCount = 0;
#ifdef COMMCANARY_WORKER_CUDA
    deviceCount = static_cast<int>(c10::cuda::device_count());
    for (int d = 0; d < deviceCount; ++d) {
        cudaDeviceProp props{};
        cudaGetDeviceProperties(&props, d);
        std::size_t freeBytes = 0;
        std::size_t totalBytes = 0;
        cudaSetDevice(d);
        cudaMemGetInfo(&freeBytes, &totalBytes);
        json::Value device = json::Value::object();
        device.set("index", d);
        device.set("name", std::string(props.name));
        device.set("total_bytes", static_cast<std::int64_t>(totalBytes));
        device.set("free_bytes", static_cast<std::int64_t>(freeBytes));
        devices.push(std::move(device));
    }
#endif
    j.set("cuda_devices", deviceCount);
    j.set("devices", std::move(devices));
    // The per-rank baseline: resident memory after libtorch start-up and a one-rank gloo group
    // with one small all-reduce, before any model exists.
    {
        auto store = c10::make_intrusive<c10d::HashStore>();
        auto options = c10d::ProcessGroupGloo::Options::create();
        options->devices.push_back(c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1"));
        auto group = c10::make_intrusive<c10d::ProcessGroupGloo>(store, 0, 1, options);
        std::vector<at::Tensor> tensors{at::ones({1024})};
        group->allreduce(tensors)->wait();
        j.set("baseline_rss_bytes", static_cast<std::int64_t>(residentBytes("VmRSS:")));
    }
    j.set("baseline_measured_after", "libtorch start-up and a one-rank gloo process group");
    return jsonCompactText(j);
}

namespace {

/// Rank 0 hosts the store, so it leaves last: every rank counts itself in under key once its files
/// are written, and rank 0 waits for all of them (or gives up at the store timeout).
void leaveAfterEveryRank(c10d::Store& store, const std::string& key, int rank, int worldSize,
                         std::chrono::milliseconds timeout)
{
    store.add(key, 1);
    if (rank != 0) {
        return;
    }
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (store.add(key, 0) < worldSize) {
        if (std::chrono::steady_clock::now() > deadline) {
            throw std::runtime_error("not every rank reported its files before the store timeout");
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

/// Identical initialisation everywhere, then rank 0's values broadcast, so every rank starts equal.
void broadcastInitialValues(CaptureModel& model, c10d::ProcessGroup& group, CollectiveCounter& counter)
{
    for (auto& p : model.parameters()) {
        std::vector<at::Tensor> tensors{p.detach()};
        c10d::BroadcastOptions options;
        options.rootRank = 0;
        counter.next();
        group.broadcast(tensors, options)->wait();
    }
}

LayoutRecord layoutRecord(const GradientReducer& reducer, const char* origin, int fromIteration)
{
    LayoutRecord l;
    l.origin = origin;
    l.fromIteration = fromIteration;
    for (const auto& b : reducer.layout().buckets) {
        l.buckets.emplace_back(b.params.begin(), b.params.end());
        l.bucketBytes.push_back(b.bytes);
    }
    return l;
}

/// What the training loop leaves behind: marks still to be resolved into times.
struct TrainingMarks {
    std::vector<LayoutRecord> layouts;
    std::vector<IterationMarks> recorded;
    std::vector<int> warmupBucketCounts;
    Ns originNs = 0; ///< the shard's time zero: host time at the barrier that starts recording
};

/// What a rank's training loop works on.
struct TrainingSetup {
    const WorkerRunOptions& options;
    int rank = 0;
    bool cuda = false;
    c10d::Store& store;
    c10d::ProcessGroup& group;
    CollectiveCounter& counter;
    CaptureModel& model;
    const std::vector<Batch>& batches;
    TimeMarks& marks;
};

/// Warm-up then recorded iterations: forward, backward with bucketed all-reduces, the optimiser.
/// Injects the requested fault; fixes the time zero at the barrier where recording starts.
TrainingMarks trainAndMark(const TrainingSetup& t, GradientReducer& reducer)
{
    const CellSpec& spec = t.options.spec;
    std::vector<at::Tensor> momentum;
    for (const auto& p : t.model.parameters()) {
        momentum.push_back(at::zeros_like(p).detach());
    }
    TrainingMarks out;
    out.layouts.push_back(layoutRecord(reducer, "reverse_registration_order", 0));
    const int total = spec.warmup + spec.iterations;
    const int batchCount = static_cast<int>(t.batches.size());
    printProgress(t.rank, 0, total, spec.warmup > 0 ? "warmup" : "recorded");
    for (int i = 0; i < total; ++i) {
        if (t.options.fault && t.options.fault->rank == t.rank && t.options.fault->iteration == i) {
            std::fprintf(stderr, "rank %d: injected fault: killing itself at iteration %d\n", t.rank, i);
            std::fflush(stderr);
            std::raise(SIGKILL);
        }
        if (i == 1) {
            // DDP rebuilds its buckets once, from the order gradients became ready in the first iteration.
            reducer.rebuildFromObservedOrder();
            out.layouts.push_back(layoutRecord(reducer, "observed_ready_order", 1));
        }
        if (i == spec.warmup) {
            // Recording starts here: line the ranks up and fix the shard's time zero.
            t.counter.next();
            t.group.barrier()->wait();
#ifdef COMMCANARY_WORKER_CUDA
            if (t.cuda) {
                cudaDeviceSynchronize();
            }
#endif
            out.originNs = hostNow();
            if (t.rank == 0) {
                storeSetNs(t.store, "commcanary/clock/origin0", out.originNs);
            }
        }
        const Batch& batch = t.batches[static_cast<std::size_t>(i % batchCount)];
        IterationMarks it;
        it.index = i;
        it.layout = reducer.layoutIndex();
        it.forwardBegin = t.marks.mark();
        at::Tensor loss = t.model.loss(batch);
        it.forwardEnd = t.marks.mark();
        reducer.prepare();
        it.backwardBegin = t.marks.mark();
        loss.backward();
        it.backwardEnd = t.marks.mark();
        reducer.finish();
        it.waitEnd = t.marks.mark();
        it.optimizerBegin = t.marks.mark();
        sgdMomentumStep(t.model.parameters(), momentum);
        it.optimizerEnd = t.marks.mark();
        it.buckets = reducer.takeMarks();
        if (i < spec.warmup) {
            out.warmupBucketCounts.push_back(static_cast<int>(it.buckets.size()));
        } else {
            out.recorded.push_back(std::move(it));
        }
        printProgress(t.rank, i + 1, total, i + 1 < spec.warmup ? "warmup" : "recorded");
    }
    t.marks.resolve();
    return out;
}

/// Resolved marks into per-iteration times; a bucket without a completion time is a worker fault.
std::vector<IterationRecord> iterationRecords(const std::vector<IterationMarks>& recorded, const TimeMarks& marks)
{
    std::vector<IterationRecord> records;
    records.reserve(recorded.size());
    for (const auto& it : recorded) {
        IterationRecord rec;
        rec.index = it.index;
        rec.layout = it.layout;
        rec.forward = {marks.at(it.forwardBegin), marks.at(it.forwardEnd)};
        rec.backward = {marks.at(it.backwardBegin), marks.at(it.backwardEnd)};
        rec.commWait = {marks.at(it.backwardEnd), marks.at(it.waitEnd)};
        rec.optimizer = {marks.at(it.optimizerBegin), marks.at(it.optimizerEnd)};
        for (const auto& b : it.buckets) {
            if (!marks.stamped(b.complete)) {
                throw std::runtime_error("bucket " + std::to_string(b.bucket) + " of iteration " +
                                         std::to_string(it.index) + " has no completion time");
            }
            rec.buckets.push_back(BucketTiming{b.bucket, b.sequence, b.bytes, marks.at(b.ready), marks.at(b.issue),
                                               marks.at(b.complete)});
        }
        records.push_back(std::move(rec));
    }
    return records;
}

/// Rank 0 is the reference clock; every other rank's offset comes from the store pings taken before
/// and after the loop.
ClockCalibration rankClock(c10d::Store& store, int rank, Ns originNs, const std::vector<PingSample>& startPings,
                           const std::vector<PingSample>& endPings)
{
    if (rank == 0) {
        return referenceCalibration(rank, originNs);
    }
    const Ns referenceOrigin = storeGetNs(store, "commcanary/clock/origin0");
    auto start = estimateOffset(startPings);
    auto end = estimateOffset(endPings);
    if (!start || !end) {
        throw std::runtime_error("clock calibration: no usable ping sample");
    }
    return combineCalibration(rank, 0, *start, *end, originNs, referenceOrigin);
}

/// Who and what this rank was: the identity half of its capture file.
RankCapture describeRank(const WorkerRunOptions& o, const RankEnvironment& env, const std::string& captureId,
                         const ModelGeometry& geometry)
{
    RankCapture capture;
    capture.rank = env.rank;
    capture.worldSize = env.worldSize;
    capture.localRank = env.localRank;
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    capture.hostname = host;
    capture.pid = ::getpid();
    capture.captureId = captureId;
    capture.spec = o.spec;
    capture.libtorchVersion = libtorchVersion();
    capture.processGroup = "world";
    capture.timingSource = o.spec.device == Device::Cuda ? "cuda_event_pairs" : "host_steady_clock";
    capture.interconnect = interconnectLabel(o, env);
    capture.modelDescription = geometry.describe();
    capture.modelParameters = geometry.parameterCount();
    for (const auto& shape : geometry.parameterShapes()) {
        capture.parameters.push_back({shape.name, shape.layer, shape.numel(), shape.numel() * 4});
    }
    return capture;
}

} // namespace

int runRank(const WorkerRunOptions& o, const RankEnvironment& env)
{
    // A rank never outlives the process that launched it.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    const CellSpec& spec = o.spec;
    const int rank = env.rank;
    const int worldSize = env.worldSize;
    const bool cuda = spec.device == Device::Cuda;

    // Intra-op threads: share the cores between the local ranks unless OMP_NUM_THREADS says otherwise.
    shareHostCores(env);
    const at::Device device = rankDevice(cuda, env);

    auto store = rendezvousStore(env, o.storeTimeout);
    const std::string captureId = captureIdFromStore(*store, rank, o.captureId);
    const std::vector<PingSample> startPings = storeClockPing(*store, "start", rank, worldSize, kClockSamples);

    auto groupStore = c10::make_intrusive<c10d::PrefixStore>("commcanary/pg/world", store);
    auto group = makeProcessGroup(spec.backend, groupStore, env.masterAddr, rank, worldSize, o.storeTimeout);
    CollectiveCounter counter;

    const ModelGeometry geometry = solveGeometry(spec.model, spec.modelParams);
    auto model = makeModel(geometry, device, spec.seed);
    broadcastInitialValues(*model, *group, counter);
    const auto batches = makeSyntheticBatches(geometry, spec.batchSize, syntheticBatchCount(spec), device,
                                              spec.seed * 1'000'003ULL + static_cast<std::uint64_t>(rank) + 1);

    TimeMarks marks(cuda);
    GradientReducer reducer(model->parameters(), group,
                            GradientReducer::Config{spec.firstBucketBytes, spec.bucketCapBytes, rank, worldSize},
                            counter, marks);
    TrainingMarks training =
        trainAndMark(TrainingSetup{o, rank, cuda, *store, *group, counter, *model, batches, marks}, reducer);
    const std::vector<PingSample> endPings = storeClockPing(*store, "end", rank, worldSize, kClockSamples);

    RankCapture capture = describeRank(o, env, captureId, geometry);
    capture.layouts = std::move(training.layouts);
    for (auto p : reducer.observedReadyOrder()) {
        capture.observedReadyOrder.push_back(static_cast<std::int64_t>(p));
    }
    capture.warmupBucketCounts = std::move(training.warmupBucketCounts);
    capture.iterations = iterationRecords(training.recorded, marks);
    capture.bucketCountsSeen = distinctBucketCounts(capture.iterations);
    capture.rebuildDetected = capture.bucketCountsSeen.size() > 1;
    capture.originNs = training.originNs;
    capture.clock = rankClock(*store, rank, training.originNs, startPings, endPings);
    capture.peakRssBytes = residentBytes("VmHWM:");

    NullProgress quiet;
    const std::filesystem::path dir = o.outputDir;
    writeTraceFile(buildRankShard(capture, quiet), dir / rankShardFileName(rank));
    writeFileAtomic(dir / rankCaptureFileName(rank), rankCaptureText(capture));
    printProgress(rank, spec.warmup + spec.iterations, spec.warmup + spec.iterations, "done");

    leaveAfterEveryRank(*store, "commcanary/exit", rank, worldSize, o.storeTimeout);
    return 0;
}

int runAllreduceBench(const AllreduceBenchOptions& o, const RankEnvironment& env)
{
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    const int rank = env.rank;
    const int worldSize = env.worldSize;
    shareHostCores(env);
    const at::Device device = rankDevice(o.device == Device::Cuda, env);
    auto store = rendezvousStore(env, o.storeTimeout);
    auto groupStore = c10::make_intrusive<c10d::PrefixStore>("commcanary/pg/bench", store);
    auto group = makeProcessGroup(o.backend, groupStore, env.masterAddr, rank, worldSize, o.storeTimeout);

    auto synchronize = [&]() {
#ifdef COMMCANARY_WORKER_CUDA
        if (o.device == Device::Cuda) {
            cudaDeviceSynchronize();
        }
#endif
    };
    BenchRankResult result;
    result.rank = rank;
    result.worldSize = worldSize;
    result.backend = std::string(backendName(o.backend));
    result.device = std::string(deviceName(o.device));
    result.sizesBytes = o.sizesBytes;
    const int total = static_cast<int>(o.sizesBytes.size());
    printProgress(rank, 0, total, "bench");
    for (int k = 0; k < total; ++k) {
        const std::int64_t elements = o.sizesBytes[static_cast<std::size_t>(k)] / 4;
        std::vector<at::Tensor> tensors{at::ones({elements}, at::TensorOptions().dtype(at::kFloat).device(device))};
        std::vector<Ns> samples;
        for (int i = 0; i < o.warmup + o.iterations; ++i) {
            tensors[0].fill_(1.0);
            synchronize();
            group->barrier()->wait();
            const auto begin = std::chrono::steady_clock::now();
            group->allreduce(tensors)->wait();
            synchronize();
            const auto end = std::chrono::steady_clock::now();
            if (i >= o.warmup) {
                samples.push_back(std::chrono::duration_cast<std::chrono::nanoseconds>(end - begin).count());
            }
        }
        result.samplesNs.push_back(std::move(samples));
        printProgress(rank, k + 1, total, "bench");
    }
    writeFileAtomic(o.outputDir / benchRankFileName(rank), jsonFileText(benchRankToJson(result)));

    leaveAfterEveryRank(*store, "commcanary/bench_exit", rank, worldSize, o.storeTimeout);
    return 0;
}

} // namespace cc::capture::worker
