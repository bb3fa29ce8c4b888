// The capture models in ATen: parameters are created from the geometry's parameterShapes() in
// registration order (so the guard, the bucket layout and the worker agree on every byte), and
// the forward pass is written with functional ATen operators. libtorch header: include only
// from this folder's libtorch translation units.
#pragma once

#include "capture/lib/model_geometry.h"

#include <ATen/ATen.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace cc::capture::worker {

struct Batch {
    at::Tensor input;  ///< MLP: [batch, inputDim] float; GPT: [batch, context + 1] int64 tokens
    at::Tensor target; ///< MLP: [batch, outputDim] float; GPT: unused (next tokens come from input)
};

class CaptureModel {
public:
    explicit CaptureModel(ModelGeometry geometry) : geometry_(std::move(geometry)) {}
    virtual ~CaptureModel() = default;
    CaptureModel(const CaptureModel&) = delete;
    CaptureModel& operator=(const CaptureModel&) = delete;

    /// Leaf parameters in registration order.
    std::vector<at::Tensor>& parameters() { return parameters_; }
    const ModelGeometry& geometry() const { return geometry_; }

    /// Forward pass and scalar loss.
    virtual at::Tensor loss(const Batch& batch) = 0;

protected:
    ModelGeometry geometry_;
    std::vector<at::Tensor> parameters_;
};

/// Builds the model on device with a deterministic initialisation from seed (identical on
/// every rank; rank 0's values are broadcast anyway, as DDP does).
std::unique_ptr<CaptureModel> makeModel(const ModelGeometry& geometry, at::Device device, std::uint64_t seed);

/// Synthetic batches, generated (and moved to the device) before timing starts.
std::vector<Batch> makeSyntheticBatches(const ModelGeometry& geometry, int batchSize, int count, at::Device device,
                                        std::uint64_t seed);

} // namespace cc::capture::worker
