#include "capture/lib/model_geometry.h"
#include "core/util/wide_int.h"

#include "core/util/decimal.h"

#include <algorithm>
#include <bit>

namespace cc::capture {

std::int64_t ParameterShape::numel() const
{
    std::int64_t n = 1;
    for (auto d : dims) {
        n *= d;
    }
    return n;
}

namespace {

constexpr std::int64_t kFloatBytes = 4;

std::int64_t mlpCount(std::int64_t in, std::int64_t out, std::int64_t w, std::int64_t depth)
{
    const std::int64_t e = ModelGeometry::kExpansion;
    return in * w + w + depth * (2 * w + e * w * w + e * w + e * w * w + w) + 2 * w + out * w + out;
}

std::int64_t gptCount(std::int64_t vocab, std::int64_t context, std::int64_t d, std::int64_t layers)
{
    return vocab * d + context * d + layers * (12 * d * d + 13 * d) + 2 * d;
}

/// Smallest x in [lo, hi] (step multiples) with f(x) >= target, by bisection over x / step.
template <typename F> std::int64_t bisectAtLeast(std::int64_t step, std::int64_t hiSteps, std::int64_t target, F count)
{
    std::int64_t lo = 1;
    std::int64_t hi = hiSteps;
    while (lo < hi) {
        const std::int64_t mid = lo + (hi - lo) / 2;
        if (count(mid * step) >= target) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    return lo * step;
}

/// Of x and x - step, the one whose count is nearer the target (ties to the smaller).
template <typename F> std::int64_t nearer(std::int64_t x, std::int64_t step, std::int64_t target, F count)
{
    if (x - step < step) {
        return x;
    }
    const std::int64_t above = count(x) - target;
    const std::int64_t below = target - count(x - step);
    return below <= above ? x - step : x;
}

std::int64_t depthRule(std::int64_t target, std::int64_t unit, std::int64_t offset, std::int64_t lo, std::int64_t hi)
{
    // round(log2(target / unit)) in integers: the bit width of the rounded quotient ratio.
    const std::int64_t ratio = std::max<std::int64_t>(1, (target + unit / 2) / unit);
    std::int64_t log2 = static_cast<std::int64_t>(std::bit_width(static_cast<std::uint64_t>(ratio))) - 1;
    // Round to the nearer power: compare ratio with 2^log2 · sqrt(2) ~ 2^log2 · 1.4142.
    if (ratio * 10000 >= (std::int64_t{1} << log2) * 14142) {
        ++log2;
    }
    return std::clamp(log2 + offset, lo, hi);
}

std::string percentText(std::int64_t ppm)
{
    // ppm / 10^4 = percent, two decimals (rounded up by relativeErrorPpm already)
    return formatScaledDecimal((ppm + 99) / 100, 2) + " %";
}

} // namespace

std::int64_t relativeErrorPpm(std::int64_t actual, std::int64_t target)
{
    if (target <= 0) {
        return 0;
    }
    const WideInt diff = actual >= target ? actual - target : target - actual;
    const WideInt scaled = diff * 1'000'000;
    return static_cast<std::int64_t>((scaled + target - 1) / target);
}

std::int64_t ModelGeometry::parameterCount() const
{
    if (kind == ModelKind::ResidualMlp) {
        return mlpCount(inputDim, outputDim, width, depth);
    }
    return gptCount(vocab, context, width, depth);
}

std::vector<ParameterShape> ModelGeometry::parameterShapes() const
{
    std::vector<ParameterShape> shapes;
    auto add = [&](std::string layer, const char* what, std::vector<std::int64_t> dims) {
        shapes.push_back({layer + "." + what, layer, std::move(dims)});
    };
    const std::int64_t w = width;
    if (kind == ModelKind::ResidualMlp) {
        const std::int64_t e = kExpansion;
        add("input", "weight", {w, inputDim});
        add("input", "bias", {w});
        for (std::int64_t b = 0; b < depth; ++b) {
            const std::string block = "blocks." + std::to_string(b);
            add(block + ".norm", "weight", {w});
            add(block + ".norm", "bias", {w});
            add(block + ".fc1", "weight", {e * w, w});
            add(block + ".fc1", "bias", {e * w});
            add(block + ".fc2", "weight", {w, e * w});
            add(block + ".fc2", "bias", {w});
        }
        add("head.norm", "weight", {w});
        add("head.norm", "bias", {w});
        add("head.out", "weight", {outputDim, w});
        add("head.out", "bias", {outputDim});
        return shapes;
    }
    add("token_embedding", "weight", {vocab, w});
    add("position_embedding", "weight", {context, w});
    for (std::int64_t b = 0; b < depth; ++b) {
        const std::string block = "blocks." + std::to_string(b);
        add(block + ".ln1", "weight", {w});
        add(block + ".ln1", "bias", {w});
        add(block + ".qkv", "weight", {3 * w, w});
        add(block + ".qkv", "bias", {3 * w});
        add(block + ".proj", "weight", {w, w});
        add(block + ".proj", "bias", {w});
        add(block + ".ln2", "weight", {w});
        add(block + ".ln2", "bias", {w});
        add(block + ".fc1", "weight", {4 * w, w});
        add(block + ".fc1", "bias", {4 * w});
        add(block + ".fc2", "weight", {w, 4 * w});
        add(block + ".fc2", "bias", {w});
    }
    add("final_norm", "weight", {w});
    add("final_norm", "bias", {w});
    return shapes;
}

std::int64_t ModelGeometry::activationBytes(int batchSize) const
{
    const std::int64_t b = batchSize;
    if (kind == ModelKind::ResidualMlp) {
        // input, input-layer output, per block 11·w saved values (norm in/out, fc1 out, GELU out,
        // block out), head norm in/out and output; doubled for the gradients alive in backward.
        const std::int64_t values = b * (inputDim + width + depth * 11 * width + 2 * width + outputDim);
        return 2 * kFloatBytes * values;
    }
    // per layer: 17·d per token (norms, qkv, attention out, projection, MLP) plus the scores and
    // softmax of every head (2·h·T per token); embeddings and final norm 3·d; logits and their
    // log-softmax 2·vocab per token; doubled for the gradients alive in backward.
    const std::int64_t tokens = b * context;
    const std::int64_t values = tokens * (depth * (17 * width + 2 * heads * context) + 3 * width + 2 * vocab);
    return 2 * kFloatBytes * values;
}

std::string ModelGeometry::activationArithmetic(int batchSize) const
{
    const std::string b = std::to_string(batchSize);
    if (kind == ModelKind::ResidualMlp) {
        return "2 × 4 B × batch " + b + " × (input " + std::to_string(inputDim) + " + " + std::to_string(width) +
               " + depth " + std::to_string(depth) + " × 11 × width " + std::to_string(width) + " + 2 × " +
               std::to_string(width) + " + output " + std::to_string(outputDim) + ")";
    }
    return "2 × 4 B × batch " + b + " × context " + std::to_string(context) + " × (layers " + std::to_string(depth) +
           " × (17 × d " + std::to_string(width) + " + 2 × heads " + std::to_string(heads) +
           " × context) + 3 × d + 2 × vocab " + std::to_string(vocab) + ")";
}

std::int64_t ModelGeometry::syntheticDataBytes(int batchSize, int batches) const
{
    if (kind == ModelKind::ResidualMlp) {
        return static_cast<std::int64_t>(batches) * batchSize * (inputDim + outputDim) * kFloatBytes;
    }
    return static_cast<std::int64_t>(batches) * batchSize * (context + 1) * 8; // int64 tokens
}

std::string ModelGeometry::describe() const
{
    const std::int64_t actual = parameterCount();
    const std::string sign = actual >= targetParams ? "+" : "-";
    const std::string error = sign + percentText(relativeErrorPpm(actual, targetParams));
    if (kind == ModelKind::ResidualMlp) {
        return "residual MLP: width " + std::to_string(width) + ", depth " + std::to_string(depth) + " (" +
               std::to_string(actual) + " parameters, " + error + " of " + formatCount(targetParams) + ")";
    }
    return "GPT decoder: d_model " + std::to_string(width) + ", layers " + std::to_string(depth) + ", heads " +
           std::to_string(heads) + ", context " + std::to_string(context) + ", vocab " + std::to_string(vocab) + " (" +
           std::to_string(actual) + " parameters, " + error + " of " + formatCount(targetParams) + ")";
}

ModelGeometry solveResidualMlp(std::int64_t targetParams)
{
    ModelGeometry g;
    g.kind = ModelKind::ResidualMlp;
    g.targetParams = targetParams;
    // One block per doubling above 250k parameters (1M -> 2, 10M -> 5, 50M -> 8, 150M -> 9, 400M -> 11).
    g.depth = depthRule(targetParams, 250'000, 0, 1, 32);
    auto count = [&](std::int64_t w) { return mlpCount(g.inputDim, g.outputDim, w, g.depth); };
    // The width never needs to exceed sqrt(target) (8·w² alone would exceed the target).
    const std::int64_t hi = std::max<std::int64_t>(
        2, static_cast<std::int64_t>(std::bit_ceil(static_cast<std::uint64_t>(targetParams))) >> 8);
    const std::int64_t hiWidth = std::min<std::int64_t>(hi, 1 << 20);
    const std::int64_t w = bisectAtLeast(1, hiWidth, targetParams, count);
    g.width = nearer(w, 1, targetParams, count);
    return g;
}

ModelGeometry solveGptDecoder(std::int64_t targetParams)
{
    ModelGeometry g;
    g.kind = ModelKind::GptDecoder;
    g.targetParams = targetParams;
    g.depth = depthRule(targetParams, 1'000'000, 1, 2, 48);
    auto count = [&](std::int64_t d) { return gptCount(g.vocab, g.context, d, g.depth); };
    const std::int64_t step = g.heads;
    const std::int64_t hiSteps = std::min<std::int64_t>(targetParams / g.vocab / step + 2, (1 << 20) / step);
    const std::int64_t d = bisectAtLeast(step, hiSteps, targetParams, count);
    g.width = nearer(d, step, targetParams, count);
    return g;
}

ModelGeometry solveGeometry(ModelKind kind, std::int64_t targetParams)
{
    return kind == ModelKind::ResidualMlp ? solveResidualMlp(targetParams) : solveGptDecoder(targetParams);
}

int syntheticBatchCount(const CellSpec& spec)
{
    return std::min(spec.warmup + spec.iterations, 8);
}

} // namespace cc::capture
