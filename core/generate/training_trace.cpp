#include "core/generate/generators.h"

#include "core/generate/random_stream.h"
#include "core/trace/trace_builder.h"

#include <algorithm>

namespace cc {

namespace {

constexpr Ns kMicro = 1000;
constexpr std::int64_t kMiB = 1 << 20;

// Parallel layout of the modelled job: 4-way data, 4-way tensor, 2-stage pipeline = 32 ranks.
constexpr int kDp = 4;
constexpr int kTp = 4;
constexpr int kPp = 2;
constexpr int kLayersPerStage = 8;
constexpr int kMicroBatches = 4;
constexpr int kLayersPerBucket = 2;

// Compute is derived from the work the collectives serve (core/generate/README.md has the formula
// and the figures). The TP collectives carry the layer's activations in bfloat16, tokens × hidden
// values, so a collective of B bytes serves B / (2 · hidden) tokens; a transformer layer's forward
// GEMMs do 24 · tokens · hidden² FLOPs, split over the TP ranks, half before each of the layer's two
// TP collectives: 6 · B · hidden / tp FLOPs per collective, proportional to its bytes.
constexpr std::int64_t kHidden = 8192;
// Sustained accelerator throughput in FLOP per ns: 312 TFLOP/s dense BF16 (NVIDIA A100 data sheet)
// at 50 % model FLOPs utilisation = 156 TFLOP/s.
constexpr std::int64_t kFlopPerNs = 156'000;
constexpr std::int64_t kBackwardFactor = 2; // backward does twice the forward FLOPs (input and weight gradients)

} // namespace

Ns forwardComputeNs(std::int64_t bytes, int tensorParallel)
{
    // 6 · B · hidden stays below 2^63 for any B under 2^40 bytes (1 TiB); rounded up.
    const std::int64_t flops = 6 * bytes * kHidden / tensorParallel;
    return (flops + kFlopPerNs - 1) / kFlopPerNs;
}

namespace {

int globalRank(int d, int s, int t)
{
    return d * kTp * kPp + s * kTp + t;
}

std::vector<std::int32_t> tpRanks(int s)
{
    std::vector<std::int32_t> ranks;
    for (int t = 0; t < kTp; ++t) {
        ranks.push_back(globalRank(0, s, t));
    }
    return ranks;
}

std::vector<std::int32_t> dpRanks(int s)
{
    std::vector<std::int32_t> ranks;
    for (int d = 0; d < kDp; ++d) {
        ranks.push_back(globalRank(d, s, 0));
    }
    return ranks;
}

class TrainingWriter {
public:
    TrainingWriter(const GeneratorOptions& options, TraceBuilder& builder, std::uint64_t limit)
        : options_(options), builder_(builder), limit_(limit), jitter_(options.seed, 1)
    {
    }

    bool full() const { return count_ >= limit_; }

    /// Advances the clock by compute (jittered) and emits one collective.
    void emit(std::string_view op, std::int64_t bytes, const std::vector<std::int32_t>& ranks, std::string_view group,
              std::string_view phase, Ns compute, Ns overlap, std::int64_t pressure, int skewSalt, Ns skewScale,
              int concurrent, std::int32_t sender = kNoRank, std::int32_t receiver = kNoRank)
    {
        if (full()) {
            return;
        }
        compute = jittered(compute);
        clock_ += compute;
        e_.id = "it" + std::to_string(iteration_) + "-" + std::to_string(count_);
        e_.op = std::string(op);
        e_.bytes = bytes;
        e_.ranks = ranks;
        e_.group = std::string(group);
        e_.phase = std::string(phase);
        e_.dtype = "bfloat16";
        e_.start = clock_;
        e_.computeBefore = compute;
        e_.computeOverlap = jittered(overlap);
        e_.pressure = pressure;
        e_.concurrentGroups = concurrent;
        e_.senderRank = sender == kNoRank ? std::nullopt : std::optional<std::int32_t>(sender);
        e_.receiverRank = receiver == kNoRank ? std::nullopt : std::optional<std::int32_t>(receiver);
        e_.arrivalsGiven = true;
        e_.arrivals.clear();
        // A fixed per-(position, rank) skew pattern that repeats every iteration; one rank per
        // group is the straggler.
        for (std::size_t k = 0; k < ranks.size(); ++k) {
            auto pattern = static_cast<Ns>(
                (static_cast<std::uint64_t>(ranks[k]) * 37U + static_cast<std::uint64_t>(skewSalt) * 11U) % 23U);
            Ns arrival = k == 0 ? 0 : pattern * skewScale / 23;
            e_.arrivals.push_back(RankArrival{ranks[k], jittered(arrival)});
        }
        builder_.add(e_);
        ++count_;
    }

    void nextIteration() { ++iteration_; }
    std::uint64_t count() const { return count_; }

private:
    Ns jittered(Ns value)
    {
        if (options_.jitter <= 0) {
            return value;
        }
        // Whole nanoseconds only; never below zero.
        return std::max<Ns>(0, value + jitter_.uniform(-options_.jitter, options_.jitter));
    }

    const GeneratorOptions& options_;
    TraceBuilder& builder_;
    std::uint64_t limit_;
    RandomStream jitter_;
    Event e_;
    Ns clock_ = 0;
    std::uint64_t count_ = 0;
    std::uint64_t iteration_ = 0;
};

} // namespace

Trace generateTraining(const GeneratorOptions& options, Progress& progress)
{
    const std::uint64_t target = options.events == 0 ? 2740 : options.events;
    TraceBuilder builder("<generated training>");
    builder.setWorkloadJson(
        R"({"name":"training-dp4-tp4-pp2","generator":"commcanary generate training","data_parallel":4,"tensor_parallel":4,"pipeline_parallel":2,"layers_per_stage":8,"micro_batches":4,"hidden_size":8192,"accelerator_tflop_per_s":156,"notes":"Synthetic 32-rank training step: sequence-parallel TP all_gather/reduce_scatter per layer, PP activations between stages, 25 MiB DP gradient buckets overlapping the backward pass, grad-norm all_reduce in the optimizer phase. TP collectives are those of data-parallel replica 0 (concurrent_groups counts the replicas running the same collective at once). Compute before each TP collective is the GEMM work its activations serve: hidden size 8192, 6 x bytes x hidden / tp FLOPs forward and twice that backward, at 156 TFLOP/s (312 TFLOP/s dense BF16 of an A100 at 50 % utilisation)."})");
    builder.setSystemJson(R"({"backend":"synthetic","ranks":32})");
    builder.reserve(target);
    TrainingWriter w(options, builder, target);
    const std::int64_t tpBytes = 16 * kMiB;
    const std::int64_t ppBytes = 8 * kMiB;
    const std::int64_t bucketBytes = 25 * kMiB;
    const std::int64_t lowPressure = 300'000'000;
    const std::int64_t noPressure = 0;
    // Compute before each TP collective, forward and backward; a sixth of it runs on after the
    // reduce_scatter is issued (its overlap window), and a DP bucket's all_reduce overlaps the
    // backward compute of the next kLayersPerBucket layers.
    const Ns tpForward = forwardComputeNs(tpBytes, kTp);
    const Ns tpBackward = kBackwardFactor * tpForward;
    const Ns bucketOverlap = kLayersPerBucket * 2 * tpBackward;
    while (!w.full()) {
        // forward
        for (int mb = 0; mb < kMicroBatches; ++mb) {
            for (int s = 0; s < kPp; ++s) {
                const std::string tp = "tp.s" + std::to_string(s);
                for (int l = 0; l < kLayersPerStage; ++l) {
                    w.emit("all_gather", tpBytes, tpRanks(s), tp, "forward", tpForward, 0, noPressure, l, 4 * kMicro,
                           kDp);
                    w.emit("reduce_scatter", tpBytes, tpRanks(s), tp, "forward", tpForward, tpForward / 6, lowPressure,
                           l + 1, 4 * kMicro, kDp);
                }
                if (s + 1 < kPp) {
                    int from = globalRank(0, s, 0);
                    int to = globalRank(0, s + 1, 0);
                    w.emit("send", ppBytes, {from, to}, "pp", "forward", 10 * kMicro, 0, noPressure, mb, 2 * kMicro,
                           kDp * kTp, from, to);
                }
            }
        }
        // backward, with DP gradient buckets of the last micro-batch overlapping the layers still to run
        for (int mb = 0; mb < kMicroBatches; ++mb) {
            const bool last = mb + 1 == kMicroBatches;
            for (int s = kPp - 1; s >= 0; --s) {
                const std::string tp = "tp.s" + std::to_string(s);
                const std::string dp = "dp.s" + std::to_string(s);
                for (int l = kLayersPerStage - 1; l >= 0; --l) {
                    w.emit("all_gather", tpBytes, tpRanks(s), tp, "backward", tpBackward, 0, noPressure, l + 3,
                           4 * kMicro, kDp);
                    w.emit("reduce_scatter", tpBytes, tpRanks(s), tp, "backward", tpBackward, tpBackward / 6,
                           lowPressure, l + 4, 4 * kMicro, kDp);
                    if (last && l % kLayersPerBucket == 0) {
                        // Bucket ready: its all_reduce overlaps the backward compute of the next layers.
                        const bool lastBucket = l == 0;
                        w.emit("all_reduce", lastBucket ? 9 * kMiB : bucketBytes, dpRanks(s), dp, "backward",
                               5 * kMicro, lastBucket ? 0 : bucketOverlap, 450'000'000, l + 7, 30 * kMicro, kTp);
                    }
                }
                if (s > 0) {
                    int from = globalRank(0, s, 0);
                    int to = globalRank(0, s - 1, 0);
                    w.emit("send", ppBytes, {from, to}, "pp", "backward", 10 * kMicro, 0, noPressure, mb + 5,
                           2 * kMicro, kDp * kTp, from, to);
                }
            }
        }
        // optimizer: gradient-norm all_reduce per stage
        for (int s = 0; s < kPp; ++s) {
            w.emit("all_reduce", 4, dpRanks(s), "dp.s" + std::to_string(s), "optimizer", 300 * kMicro, 0, noPressure,
                   s + 9, 8 * kMicro, kTp);
        }
        w.nextIteration();
        progress.check();
        progress.report(0.8 * static_cast<double>(w.count()) / static_cast<double>(target),
                        "generating training trace");
    }
    return builder.finish(progress);
}

} // namespace cc
