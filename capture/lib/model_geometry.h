// Model geometry: which tensors a capture model has, solved to hit a target parameter count.
//
// The worker builds its parameters from parameterShapes() in exactly this order (registration
// order), so the memory guard, the bucket layout and the worker agree on every byte without
// the guard ever loading libtorch.
//
// Residual MLP (the scalable model):
//   input    Linear(inputDim -> width)
//   block b  LayerNorm(width); Linear(width -> 4·width); GELU; Linear(4·width -> width); residual add
//   head     LayerNorm(width); Linear(width -> outputDim)
//   parameters = inputDim·w + w + depth·(8w² + 7w) + 2w + outputDim·w + outputDim
// GPT-style decoder (the reference anchor): token and position embeddings, pre-norm blocks of
// causal self-attention (fused qkv) and a 4× MLP, a final LayerNorm, logits through the tied
// token embedding:
//   parameters = vocab·d + context·d + layers·(12d² + 13d) + 2d
//
// The solver fixes the depth from the target by a rule and bisects the width (monotone in the
// parameter count), then takes the nearer of the two widths around the target.
#pragma once

#include "capture/lib/cell_spec.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cc::capture {

struct ParameterShape {
    std::string name;  ///< "blocks.3.fc1.weight"
    std::string layer; ///< "blocks.3.fc1": the unit per-layer latency is attributed to
    std::vector<std::int64_t> dims;

    std::int64_t numel() const;
};

struct ModelGeometry {
    ModelKind kind = ModelKind::ResidualMlp;
    std::int64_t targetParams = 0;
    // residual MLP
    std::int64_t inputDim = 512;
    std::int64_t outputDim = 64;
    std::int64_t width = 0;
    std::int64_t depth = 0;
    static constexpr std::int64_t kExpansion = 4;
    // GPT decoder (width = d_model, depth = layers)
    std::int64_t vocab = 4096;
    std::int64_t context = 128;
    std::int64_t heads = 4;

    /// Parameter count by formula (equals the sum over parameterShapes()).
    std::int64_t parameterCount() const;
    /// Registration order.
    std::vector<ParameterShape> parameterShapes() const;
    /// Bytes of activations kept for backward plus their gradients, per rank, for one batch
    /// (float32), by the formula in activationArithmetic().
    std::int64_t activationBytes(int batchSize) const;
    std::string activationArithmetic(int batchSize) const;
    /// Bytes of the synthetic batches generated before timing, per rank.
    std::int64_t syntheticDataBytes(int batchSize, int batches) const;
    /// "residual MLP: width 234, depth 2 (1,000,438 parameters, +0.04 % of 1M)"
    std::string describe() const;
};

/// Relative error |actual - target| / target, in parts per million (integer, rounded up).
std::int64_t relativeErrorPpm(std::int64_t actual, std::int64_t target);

/// The guaranteed tolerance of the residual-MLP solver for targets from 1M to 400M: 1.02 %.
inline constexpr std::int64_t kGeometryTolerancePpm = 10'200;

/// Solves the residual MLP geometry for a target count (bisection on the width).
ModelGeometry solveResidualMlp(std::int64_t targetParams);
/// Solves the GPT decoder geometry for a target count (bisection on d_model, multiples of heads).
ModelGeometry solveGptDecoder(std::int64_t targetParams);
ModelGeometry solveGeometry(ModelKind kind, std::int64_t targetParams);

/// Synthetic batches each rank generates before timing starts (cycled through the iterations).
int syntheticBatchCount(const CellSpec& spec);

} // namespace cc::capture
