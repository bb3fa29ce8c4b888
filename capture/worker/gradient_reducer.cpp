#include "capture/worker/gradient_reducer.h"

#include <torch/csrc/autograd/utils/lambda_post_hook.h>
#include <torch/csrc/autograd/variable.h>

#include <stdexcept>

namespace cc::capture::worker {

struct GradientReducer::BucketState {
    at::Tensor flat;
    std::vector<at::Tensor> tensors; ///< {flat}, kept for the collective
    std::size_t pending = 0;
    bool launched = false;
    c10::intrusive_ptr<c10d::Work> work;
    BucketMarks marks;
};

GradientReducer::GradientReducer(std::vector<at::Tensor> parameters, c10::intrusive_ptr<c10d::ProcessGroup> group,
                                 Config config, CollectiveCounter& counter, TimeMarks& marks)
    : params_(std::move(parameters)), group_(std::move(group)), config_(config), counter_(counter), marks_(marks)
{
    for (const auto& p : params_) {
        elements_.push_back(p.numel());
    }
    layout_ = computeBucketLayout(reverseRegistrationOrder(params_.size()), elements_, 4, config_.firstBucketBytes,
                                  config_.capBytes);
    allocate();
    for (std::size_t i = 0; i < params_.size(); ++i) {
        auto accumulator = torch::autograd::impl::grad_accumulator(params_[i]);
        accumulator->add_post_hook(std::make_unique<torch::autograd::utils::LambdaPostHook>(
            [this, i](const torch::autograd::variable_list& outputs, const torch::autograd::variable_list&) {
                onGradientReady(i);
                return outputs;
            }));
        accumulators_.push_back(std::move(accumulator));
    }
}

GradientReducer::~GradientReducer() = default;

void GradientReducer::allocate()
{
    buckets_.clear();
    const auto options = params_.empty() ? at::TensorOptions() : params_.front().options().requires_grad(false);
    for (std::size_t b = 0; b < layout_.buckets.size(); ++b) {
        auto state = std::make_unique<BucketState>();
        state->flat = at::empty({layout_.buckets[b].elements}, options);
        state->tensors = {state->flat};
        buckets_.push_back(std::move(state));
    }
}

void GradientReducer::prepare()
{
    std::lock_guard lock(mutex_);
    nextToLaunch_ = 0;
    currentOrder_.clear();
    iterationMarks_.clear();
    for (std::size_t b = 0; b < buckets_.size(); ++b) {
        auto& state = *buckets_[b];
        state.pending = layout_.buckets[b].params.size();
        state.launched = false;
        state.work.reset();
        state.marks = BucketMarks{};
        state.marks.bucket = static_cast<int>(b);
        state.marks.bytes = layout_.buckets[b].bytes;
    }
}

void GradientReducer::onGradientReady(std::size_t param)
{
    std::lock_guard lock(mutex_);
    currentOrder_.push_back(param);
    const std::size_t b = layout_.bucketOfParam[param];
    const std::size_t slot = layout_.slotOfParam[param];
    auto& state = *buckets_[b];
    if (state.pending == 0) {
        throw std::logic_error("gradient of parameter " + std::to_string(param) +
                               " became ready twice in one iteration");
    }
    {
        at::NoGradGuard noGrad;
        const at::Tensor& grad = params_[param].grad();
        state.flat.narrow(0, layout_.buckets[b].offsets[slot], elements_[param]).copy_(grad.reshape({-1}));
    }
    if (--state.pending == 0) {
        state.marks.ready = marks_.mark();
        launchInOrder();
    }
}

void GradientReducer::launchInOrder()
{
    while (nextToLaunch_ < buckets_.size() && buckets_[nextToLaunch_]->pending == 0) {
        auto& state = *buckets_[nextToLaunch_++];
        state.marks.issue = marks_.mark();
        state.marks.sequence = counter_.next();
        state.work = group_->allreduce(state.tensors);
        state.marks.complete = marks_.reserve();
        TimeMarks::Slot* completion = marks_.slot(state.marks.complete);
        const bool cuda = marks_.cudaEvents();
        // Fires on the backend's thread when the collective completes (at once when it already has).
        state.work->getFuture()->addCallback(
            [completion, cuda](c10::ivalue::Future&) { TimeMarks::stamp(completion, cuda); });
        state.launched = true;
    }
}

void GradientReducer::finish()
{
    std::vector<BucketState*> states;
    {
        std::lock_guard lock(mutex_);
        for (std::size_t b = 0; b < buckets_.size(); ++b) {
            if (!buckets_[b]->launched) {
                throw std::logic_error("bucket " + std::to_string(b) +
                                       " was never launched: " + std::to_string(buckets_[b]->pending) +
                                       " of its parameters received no gradient in this iteration");
            }
            states.push_back(buckets_[b].get());
        }
    }
    for (auto* state : states) {
        state->work->wait();
    }
    at::NoGradGuard noGrad;
    const double scale = 1.0 / static_cast<double>(config_.worldSize);
    for (std::size_t b = 0; b < states.size(); ++b) {
        auto& state = *states[b];
        state.flat.mul_(scale);
        const auto& bucket = layout_.buckets[b];
        for (std::size_t s = 0; s < bucket.params.size(); ++s) {
            at::Tensor& param = params_[bucket.params[s]];
            param.mutable_grad().copy_(
                state.flat.narrow(0, bucket.offsets[s], elements_[bucket.params[s]]).view_as(param));
        }
    }
    std::lock_guard lock(mutex_);
    if (recordingOrder_) {
        firstOrder_ = currentOrder_;
        recordingOrder_ = false;
    }
    iterationMarks_.clear();
    for (auto* state : states) {
        iterationMarks_.push_back(state->marks);
    }
}

bool GradientReducer::rebuildFromObservedOrder()
{
    // Every rank must pack the same buckets: rank 0's observed order is broadcast, as DDP does.
    std::vector<std::size_t> order = firstOrder_;
    at::Tensor wire = at::empty({static_cast<std::int64_t>(params_.size())}, at::TensorOptions().dtype(at::kLong));
    std::int64_t* values = wire.data_ptr<std::int64_t>();
    for (std::size_t i = 0; i < params_.size(); ++i) {
        // Not every gradient seen (cannot happen for these models): keep reverse registration order.
        values[i] = static_cast<std::int64_t>(order.size() == params_.size() ? order[i] : params_.size() - 1 - i);
    }
    std::vector<at::Tensor> tensors{wire.to(params_.empty() ? at::Device(at::kCPU) : params_.front().device())};
    counter_.next();
    c10d::BroadcastOptions options;
    options.rootRank = 0;
    group_->broadcast(tensors, options)->wait();
    at::Tensor received = tensors[0].to(at::kCPU).contiguous();
    const std::int64_t* agreedValues = received.data_ptr<std::int64_t>();
    std::vector<std::size_t> agreed;
    for (std::int64_t i = 0; i < received.numel(); ++i) {
        agreed.push_back(static_cast<std::size_t>(agreedValues[i]));
    }
    BucketLayout rebuilt = computeBucketLayout(agreed, elements_, 4, config_.firstBucketBytes, config_.capBytes);
    const bool changed = !sameAssignment(rebuilt, layout_);
    std::lock_guard lock(mutex_);
    layout_ = std::move(rebuilt);
    layoutIndex_ = 1;
    allocate();
    return changed;
}

std::vector<BucketMarks> GradientReducer::takeMarks()
{
    std::lock_guard lock(mutex_);
    return std::move(iterationMarks_);
}

} // namespace cc::capture::worker
