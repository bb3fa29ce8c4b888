#include "capture/worker/aten_models.h"

#include <ATen/CPUGeneratorImpl.h>

#include <cmath>
#include <stdexcept>

namespace cc::capture::worker {

namespace {

at::Tensor initialised(const ParameterShape& shape, at::Generator& generator, at::Device device)
{
    at::NoGradGuard noGrad;
    const auto& dims = shape.dims;
    at::Tensor t;
    const bool embedding = shape.layer.ends_with("embedding");
    const bool bias = shape.name.ends_with(".bias");
    if (bias) {
        t = at::zeros(dims, at::kFloat);
    } else if (dims.size() == 1) {
        t = at::ones(dims, at::kFloat); // LayerNorm gain
    } else if (embedding) {
        t = at::randn(dims, generator, at::kFloat).mul_(0.02);
    } else {
        // fan-in scaled normal: std = 1 / sqrt(in_features)
        t = at::randn(dims, generator, at::kFloat).mul_(1.0 / std::sqrt(static_cast<double>(dims.back())));
    }
    t = t.to(device);
    t.set_requires_grad(true);
    return t;
}

class ResidualMlp final : public CaptureModel {
public:
    using CaptureModel::CaptureModel;

    at::Tensor loss(const Batch& batch) override
    {
        const auto& p = parameters_;
        const std::int64_t w = geometry_.width;
        std::size_t i = 0;
        at::Tensor x = at::linear(batch.input, p[i], p[i + 1]);
        i += 2;
        for (std::int64_t b = 0; b < geometry_.depth; ++b) {
            at::Tensor h = at::layer_norm(x, {w}, p[i], p[i + 1]);
            h = at::gelu(at::linear(h, p[i + 2], p[i + 3]));
            h = at::linear(h, p[i + 4], p[i + 5]);
            x = x + h;
            i += 6;
        }
        x = at::layer_norm(x, {w}, p[i], p[i + 1]);
        at::Tensor out = at::linear(x, p[i + 2], p[i + 3]);
        return at::mse_loss(out, batch.target);
    }
};

class GptDecoder final : public CaptureModel {
public:
    GptDecoder(ModelGeometry geometry, at::Device device) : CaptureModel(std::move(geometry))
    {
        const std::int64_t t = geometry_.context;
        causalMask_ = at::ones({t, t}, at::TensorOptions().dtype(at::kBool)).triu(1).to(device);
    }

    at::Tensor loss(const Batch& batch) override
    {
        const auto& p = parameters_;
        const std::int64_t d = geometry_.width;
        const std::int64_t heads = geometry_.heads;
        const std::int64_t headDim = d / heads;
        const std::int64_t t = geometry_.context;
        at::Tensor inputs = batch.input.narrow(1, 0, t);
        at::Tensor targets = batch.input.narrow(1, 1, t);
        const std::int64_t b = inputs.size(0);
        at::Tensor x = at::embedding(p[0], inputs) + p[1].narrow(0, 0, t);
        std::size_t i = 2;
        const double scale = 1.0 / std::sqrt(static_cast<double>(headDim));
        for (std::int64_t layer = 0; layer < geometry_.depth; ++layer) {
            at::Tensor h = at::layer_norm(x, {d}, p[i], p[i + 1]);
            at::Tensor qkv = at::linear(h, p[i + 2], p[i + 3]).view({b, t, 3, heads, headDim});
            at::Tensor q = qkv.select(2, 0).transpose(1, 2);
            at::Tensor k = qkv.select(2, 1).transpose(1, 2);
            at::Tensor v = qkv.select(2, 2).transpose(1, 2);
            at::Tensor scores = at::matmul(q, k.transpose(-2, -1)).mul(scale).masked_fill(causalMask_, -1e9);
            at::Tensor attention = at::softmax(scores, -1);
            at::Tensor y = at::matmul(attention, v).transpose(1, 2).reshape({b, t, d});
            x = x + at::linear(y, p[i + 4], p[i + 5]);
            h = at::layer_norm(x, {d}, p[i + 6], p[i + 7]);
            h = at::gelu(at::linear(h, p[i + 8], p[i + 9]));
            x = x + at::linear(h, p[i + 10], p[i + 11]);
            i += 12;
        }
        x = at::layer_norm(x, {d}, p[i], p[i + 1]);
        at::Tensor logits = at::matmul(x, p[0].t()); // tied with the token embedding
        return at::cross_entropy_loss(logits.reshape({b * t, geometry_.vocab}), targets.reshape({b * t}));
    }

private:
    at::Tensor causalMask_;
};

} // namespace

std::unique_ptr<CaptureModel> makeModel(const ModelGeometry& geometry, at::Device device, std::uint64_t seed)
{
    std::unique_ptr<CaptureModel> model;
    if (geometry.kind == ModelKind::ResidualMlp) {
        model = std::make_unique<ResidualMlp>(geometry);
    } else {
        model = std::make_unique<GptDecoder>(geometry, device);
    }
    at::Generator generator = at::make_generator<at::CPUGeneratorImpl>(seed);
    for (const auto& shape : geometry.parameterShapes()) {
        model->parameters().push_back(initialised(shape, generator, device));
    }
    std::int64_t count = 0;
    for (const auto& p : model->parameters()) {
        count += p.numel();
    }
    if (count != geometry.parameterCount()) {
        throw std::logic_error("the model has " + std::to_string(count) + " parameters, its geometry says " +
                               std::to_string(geometry.parameterCount()));
    }
    return model;
}

std::vector<Batch> makeSyntheticBatches(const ModelGeometry& geometry, int batchSize, int count, at::Device device,
                                        std::uint64_t seed)
{
    at::NoGradGuard noGrad;
    at::Generator generator = at::make_generator<at::CPUGeneratorImpl>(seed);
    std::vector<Batch> batches;
    for (int i = 0; i < count; ++i) {
        Batch batch;
        if (geometry.kind == ModelKind::ResidualMlp) {
            batch.input = at::randn({batchSize, geometry.inputDim}, generator, at::kFloat).to(device);
            batch.target = at::randn({batchSize, geometry.outputDim}, generator, at::kFloat).to(device);
        } else {
            batch.input = at::randint(geometry.vocab, {batchSize, geometry.context + 1}, generator,
                                      at::TensorOptions().dtype(at::kLong))
                              .to(device);
        }
        batches.push_back(std::move(batch));
    }
    return batches;
}

} // namespace cc::capture::worker
