#include "core/generate/generators.h"

#include "core/generate/random_stream.h"
#include "core/trace/trace_builder.h"

namespace cc {

namespace {
constexpr Ns kMicro = 1000;
constexpr int kTp = 8;
constexpr int kLayers = 16;
constexpr int kTokensPerBurst = 32;
constexpr std::int64_t kPrefillBytes = 32 << 20;
constexpr std::int64_t kDecodeBytes = 128 << 10;
// Compute is derived from the work each TP all_reduce serves (core/generate/README.md). Hidden size
// 8192; a layer holds 12 · hidden² bfloat16 weights (about 1.6 GB), split over the TP ranks.
constexpr std::int64_t kHidden = 8192;
// Decode is memory-bound: each step reads the layer's weight shard once, at 2,039 GB/s (HBM2e of an
// A100 80GB, NVIDIA data sheet), i.e. 2039 bytes per ns.
constexpr std::int64_t kHbmBytesPerNs = 2039;
} // namespace

Ns prefillComputeNs(std::int64_t bytes, int tensorParallel)
{
    // Prefill is compute-bound: the all_reduce carries tokens × hidden bfloat16 values, so it serves
    // bytes / (2 · hidden) tokens, and the layer's GEMMs do 24 · tokens · hidden² FLOPs over the TP
    // ranks: 12 · bytes · hidden / tp FLOPs, the training generator's throughput (forwardComputeNs
    // covers half a layer, this the whole of it).
    return 2 * forwardComputeNs(bytes, tensorParallel);
}

Ns decodeStepComputeNs(int tensorParallel)
{
    const std::int64_t shardBytes = 12 * kHidden * kHidden * 2 / tensorParallel;
    return (shardBytes + kHbmBytesPerNs - 1) / kHbmBytesPerNs;
}

Trace generateDecode(const GeneratorOptions& options, Progress& progress)
{
    // Bursts of requests: a prefill pass (large TP all_reduce per layer) then kTokensPerBurst decode
    // steps (small TP all_reduce per layer), separated by idle gaps of 2-20 ms.
    const std::uint64_t target = options.events == 0 ? 2 * kLayers * (1 + kTokensPerBurst) : options.events;
    TraceBuilder builder("<generated decode>");
    builder.setWorkloadJson(
        R"({"name":"inference-tp8","generator":"commcanary generate decode","tensor_parallel":8,"layers":16,"tokens_per_burst":32,"hidden_size":8192,"notes":"Synthetic inference: per burst a prefill pass of 32 MiB TP all_reduces per layer, then decode steps of 128 KiB all_reduces per layer; idle gaps between bursts. Compute per layer is derived from its work (hidden size 8192): prefill 12 x bytes x hidden / tp FLOPs at 156 TFLOP/s (312 TFLOP/s dense BF16 of an A100 at 50 % utilisation), decode the layer weight shard (12 x hidden^2 x 2 bytes / tp) read at 2,039 GB/s (A100 80GB HBM2e); each within 5 %."})");
    builder.reserve(target);
    RandomStream random(options.seed, 2);
    Event e;
    e.op = "all_reduce";
    e.dtype = "bfloat16";
    e.group = "tp";
    e.ranks.clear();
    for (int r = 0; r < kTp; ++r) {
        e.ranks.push_back(r);
    }
    e.arrivalsGiven = true;
    e.concurrentGroups = 1;
    const Ns prefillCompute = prefillComputeNs(kPrefillBytes, kTp);
    const Ns decodeCompute = decodeStepComputeNs(kTp);
    std::uint64_t count = 0;
    std::uint64_t burst = 0;
    while (count < target) {
        for (int token = -1; token < kTokensPerBurst && count < target; ++token) {
            const bool prefill = token < 0;
            for (int layer = 0; layer < kLayers && count < target; ++layer) {
                const bool burstStart = token < 0 && layer == 0;
                // The derived compute, varied by up to ±5 % per layer (uniform, whole ns).
                const Ns base = prefill ? prefillCompute : decodeCompute;
                Ns compute = base + random.uniform(-(base / 20), base / 20);
                Ns idle = burstStart && burst > 0 ? random.uniform(2'000, 20'000) * kMicro : 0;
                e.id = "b" + std::to_string(burst) + (prefill ? "-prefill-" : "-t" + std::to_string(token) + "-") +
                       std::to_string(layer);
                e.phase = prefill ? "prefill" : "decode";
                e.bytes = prefill ? kPrefillBytes : kDecodeBytes;
                e.gap = compute + idle;
                e.computeBefore = compute;
                e.computeOverlap = prefill ? compute / 4 : 0;
                e.pressure = prefill ? 400'000'000 : 600'000'000;
                e.arrivals.clear();
                for (int r = 0; r < kTp; ++r) {
                    e.arrivals.push_back(RankArrival{r, r == 0 ? 0 : random.uniform(0, prefill ? 12'000 : 3'000)});
                }
                builder.add(e);
                ++count;
            }
        }
        ++burst;
        progress.check();
    }
    return builder.finish(progress);
}

std::vector<std::string> generatorNames()
{
    return {"adversarial", "training", "decode"};
}

Trace generateByName(const std::string& name, const GeneratorOptions& options, Progress& progress)
{
    if (name == "adversarial") {
        return generateAdversarial(options, progress);
    }
    if (name == "training") {
        return generateTraining(options, progress);
    }
    if (name == "decode") {
        return generateDecode(options, progress);
    }
    throw InputError("<generate>", "unknown workload \"" + name + "\"; choose adversarial, training or decode");
}

} // namespace cc
