#include "core/generate/generators.h"

#include "core/generate/random_stream.h"
#include "core/trace/trace_builder.h"

namespace cc {

namespace {
constexpr Ns kMicro = 1000;
constexpr int kTp = 8;
constexpr int kLayers = 16;
constexpr int kTokensPerBurst = 32;
} // namespace

Trace generateDecode(const GeneratorOptions& options, Progress& progress)
{
    // Bursts of requests: a prefill pass (large TP all_reduce per layer) then kTokensPerBurst decode
    // steps (small TP all_reduce per layer), separated by idle gaps of 2-20 ms.
    const std::uint64_t target = options.events == 0 ? 2 * kLayers * (1 + kTokensPerBurst) : options.events;
    TraceBuilder builder("<generated decode>");
    builder.setWorkloadJson(
        R"({"name":"inference-tp8","generator":"commcanary generate decode","tensor_parallel":8,"layers":16,"tokens_per_burst":32,"notes":"Synthetic inference: per burst a prefill pass of 32 MiB TP all_reduces per layer, then decode steps of 128 KiB all_reduces per layer; idle gaps between bursts."})");
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
    std::uint64_t count = 0;
    std::uint64_t burst = 0;
    while (count < target) {
        for (int token = -1; token < kTokensPerBurst && count < target; ++token) {
            const bool prefill = token < 0;
            for (int layer = 0; layer < kLayers && count < target; ++layer) {
                const bool burstStart = token < 0 && layer == 0;
                Ns compute = prefill ? random.uniform(380, 420) * kMicro : random.uniform(18, 24) * kMicro;
                Ns idle = burstStart && burst > 0 ? random.uniform(2'000, 20'000) * kMicro : 0;
                e.id = "b" + std::to_string(burst) + (prefill ? "-prefill-" : "-t" + std::to_string(token) + "-") +
                       std::to_string(layer);
                e.phase = prefill ? "prefill" : "decode";
                e.bytes = prefill ? 32 << 20 : 128 << 10;
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

std::vector<std::string> generatorNames() { return {"adversarial", "training", "decode"}; }

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
