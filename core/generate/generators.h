// Deterministic generators of realistic communication workloads. Same options -> same trace,
// byte for byte, on every machine (integer arithmetic and a counter-based random stream).
#pragma once

#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cc {

struct GeneratorOptions {
    std::uint64_t seed = 0;
    std::uint64_t events = 0; ///< target event count; 0 = the generator's default
    Ns jitter = 0;            ///< training only: deterministic timing jitter amplitude, ns (0 = perfectly regular)
};

/// The adversarial decode trace: ~100 small decode all_reduces where queue-reset gaps and a few
/// high-overlap, high-skew tail windows invert a configuration ranking (isolated vs in context).
Trace generateAdversarial(const GeneratorOptions& options, Progress& progress);

/// A data/tensor/pipeline-parallel training trace: iterations of forward / backward / optimizer
/// phases with TP all_gather/reduce_scatter and all_reduce per layer, PP send/recv between stages,
/// bucketed DP gradient all_reduce overlapping the backward pass, measured arrival skew.
/// Regular (every iteration identical) unless jitter > 0. Scales to 10M events.
Trace generateTraining(const GeneratorOptions& options, Progress& progress);

/// The training generator's compute before one TP collective of `bytes` in the forward pass (the
/// backward pass does twice as much): the layer's GEMM FLOPs that the collective's activations
/// serve, 6 · bytes · hidden / tensorParallel, at the stated sustained accelerator throughput
/// (core/generate/README.md). Proportional to bytes; integer ns, rounded up.
Ns forwardComputeNs(std::int64_t bytes, int tensorParallel);

/// The decode generator's compute before a prefill TP all_reduce of `bytes`: the whole layer's GEMM
/// FLOPs its activations serve (twice forwardComputeNs). Integer ns, rounded up.
Ns prefillComputeNs(std::int64_t bytes, int tensorParallel);

/// The decode generator's compute before a decode-step TP all_reduce: the layer's weight shard read
/// once from accelerator memory (decode is memory-bound). Integer ns, rounded up.
Ns decodeStepComputeNs(int tensorParallel);

/// An inference trace: prefill then decode phases, TP all_reduce per layer, request bursts
/// separated by idle gaps.
Trace generateDecode(const GeneratorOptions& options, Progress& progress);

/// Names accepted by generateByName.
std::vector<std::string> generatorNames();

/// Dispatches by name; throws InputError for an unknown name.
Trace generateByName(const std::string& name, const GeneratorOptions& options, Progress& progress);

} // namespace cc
