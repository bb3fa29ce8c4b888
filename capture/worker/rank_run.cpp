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

    std::vector<PingSample> startPings = storeClockPing(*store, "start", rank, worldSize, kClockSamples);

    auto groupStore = c10::make_intrusive<c10d::PrefixStore>("commcanary/pg/world", store);
    auto group = makeProcessGroup(spec.backend, groupStore, env.masterAddr, rank, worldSize, o.storeTimeout);
    CollectiveCounter counter;

    // Model (identical initialisation everywhere, then rank 0's values broadcast) and data.
    const ModelGeometry geometry = solveGeometry(spec.model, spec.modelParams);
    auto model = makeModel(geometry, device, spec.seed);
    for (auto& p : model->parameters()) {
        std::vector<at::Tensor> tensors{p.detach()};
        c10d::BroadcastOptions options;
        options.rootRank = 0;
        counter.next();
        group->broadcast(tensors, options)->wait();
    }
    const int batchCount = syntheticBatchCount(spec);
    const auto batches = makeSyntheticBatches(geometry, spec.batchSize, batchCount, device,
                                              spec.seed * 1'000'003ULL + static_cast<std::uint64_t>(rank) + 1);
    std::vector<at::Tensor> momentum;
    for (const auto& p : model->parameters()) {
        momentum.push_back(at::zeros_like(p).detach());
    }

    TimeMarks marks(cuda);
    GradientReducer reducer(model->parameters(), group,
                            GradientReducer::Config{spec.firstBucketBytes, spec.bucketCapBytes, rank, worldSize},
                            counter, marks);
    std::vector<LayoutRecord> layouts;
    auto recordLayout = [&](const char* origin, int from) {
        LayoutRecord l;
        l.origin = origin;
        l.fromIteration = from;
        for (const auto& b : reducer.layout().buckets) {
            l.buckets.emplace_back(b.params.begin(), b.params.end());
            l.bucketBytes.push_back(b.bytes);
        }
        layouts.push_back(std::move(l));
    };
    recordLayout("reverse_registration_order", 0);

    const int total = spec.warmup + spec.iterations;
    std::vector<IterationMarks> recorded;
    std::vector<int> warmupBucketCounts;
    Ns originNs = 0;
    printProgress(rank, 0, total, spec.warmup > 0 ? "warmup" : "recorded");
    for (int i = 0; i < total; ++i) {
        if (o.fault && o.fault->rank == rank && o.fault->iteration == i) {
            std::fprintf(stderr, "rank %d: injected fault: killing itself at iteration %d\n", rank, i);
            std::fflush(stderr);
            std::raise(SIGKILL);
        }
        if (i == 1) {
            // DDP rebuilds its buckets once, from the order gradients became ready in the first iteration.
            reducer.rebuildFromObservedOrder();
            recordLayout("observed_ready_order", 1);
        }
        if (i == spec.warmup) {
            // Recording starts here: line the ranks up and fix the shard's time zero.
            counter.next();
            group->barrier()->wait();
#ifdef COMMCANARY_WORKER_CUDA
            if (cuda) {
                cudaDeviceSynchronize();
            }
#endif
            originNs = hostNow();
            if (rank == 0) {
                storeSetNs(*store, "commcanary/clock/origin0", originNs);
            }
        }
        const Batch& batch = batches[static_cast<std::size_t>(i % batchCount)];
        IterationMarks it;
        it.index = i;
        it.layout = reducer.layoutIndex();
        it.forwardBegin = marks.mark();
        at::Tensor loss = model->loss(batch);
        it.forwardEnd = marks.mark();
        reducer.prepare();
        it.backwardBegin = marks.mark();
        loss.backward();
        it.backwardEnd = marks.mark();
        reducer.finish();
        it.waitEnd = marks.mark();
        it.optimizerBegin = marks.mark();
        sgdMomentumStep(model->parameters(), momentum);
        it.optimizerEnd = marks.mark();
        it.buckets = reducer.takeMarks();
        if (i < spec.warmup) {
            warmupBucketCounts.push_back(static_cast<int>(it.buckets.size()));
        } else {
            recorded.push_back(std::move(it));
        }
        printProgress(rank, i + 1, total, i + 1 < spec.warmup ? "warmup" : "recorded");
    }
    marks.resolve();

    std::vector<PingSample> endPings = storeClockPing(*store, "end", rank, worldSize, kClockSamples);

    RankCapture capture;
    capture.rank = rank;
    capture.worldSize = worldSize;
    capture.localRank = env.localRank;
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    capture.hostname = host;
    capture.pid = ::getpid();
    capture.captureId = captureId;
    capture.spec = spec;
    capture.libtorchVersion = libtorchVersion();
    capture.processGroup = "world";
    capture.timingSource = cuda ? "cuda_event_pairs" : "host_steady_clock";
    capture.interconnect = interconnectLabel(o, env);
    capture.modelDescription = geometry.describe();
    capture.modelParameters = geometry.parameterCount();
    for (const auto& shape : geometry.parameterShapes()) {
        capture.parameters.push_back({shape.name, shape.layer, shape.numel(), shape.numel() * 4});
    }
    capture.layouts = layouts;
    for (auto p : reducer.observedReadyOrder()) {
        capture.observedReadyOrder.push_back(static_cast<std::int64_t>(p));
    }
    capture.warmupBucketCounts = warmupBucketCounts;
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
        capture.iterations.push_back(std::move(rec));
    }
    capture.bucketCountsSeen = distinctBucketCounts(capture.iterations);
    capture.rebuildDetected = capture.bucketCountsSeen.size() > 1;
    capture.originNs = originNs;
    if (rank == 0) {
        capture.clock = referenceCalibration(rank, originNs);
    } else {
        const Ns referenceOrigin = storeGetNs(*store, "commcanary/clock/origin0");
        auto start = estimateOffset(startPings);
        auto end = estimateOffset(endPings);
        if (!start || !end) {
            throw std::runtime_error("clock calibration: no usable ping sample");
        }
        capture.clock = combineCalibration(rank, 0, *start, *end, originNs, referenceOrigin);
    }
    capture.peakRssBytes = residentBytes("VmHWM:");

    NullProgress quiet;
    const std::filesystem::path dir = o.outputDir;
    writeTraceFile(buildRankShard(capture, quiet), dir / rankShardFileName(rank));
    writeFileAtomic(dir / rankCaptureFileName(rank), rankCaptureText(capture));
    printProgress(rank, total, total, "done");

    // Rank 0 hosts the store: it leaves last, once every rank has written its files.
    store->add("commcanary/exit", 1);
    if (rank == 0) {
        const auto deadline = std::chrono::steady_clock::now() + o.storeTimeout;
        while (store->add("commcanary/exit", 0) < worldSize) {
            if (std::chrono::steady_clock::now() > deadline) {
                throw std::runtime_error("not every rank reported its files before the store timeout");
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    }
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

    // Rank 0 hosts the store: it leaves last, once every rank has written its file.
    store->add("commcanary/bench_exit", 1);
    if (rank == 0) {
        const auto deadline = std::chrono::steady_clock::now() + o.storeTimeout;
        while (store->add("commcanary/bench_exit", 0) < worldSize) {
            if (std::chrono::steady_clock::now() > deadline) {
                throw std::runtime_error("not every rank reported its file before the store timeout");
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    }
    return 0;
}

} // namespace cc::capture::worker
