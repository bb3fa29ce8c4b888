// A DDP-style gradient reducer of our own on c10d.
//
// Parameters are packed into buckets (capture/lib/bucket_layout.h): a small first bucket, then
// buckets up to the cap, in reverse registration order until the first backward pass has been
// seen. A post-hook on every parameter's gradient accumulator copies the fresh gradient into its
// bucket and marks it ready; when a bucket's last gradient is ready, buckets are launched in
// index order (so every rank issues the same collectives in the same order) as asynchronous
// all-reduces, overlapping the rest of the backward pass. finish() waits for all of them after
// backward returns and writes the averaged gradients back. After the first iteration the layout
// is rebuilt from the observed gradient-ready order (rank 0's order, broadcast, as DDP does).
//
// Every collective goes through one CollectiveCounter, so (process group, sequence number)
// identifies each collective identically on every rank.
#pragma once

#include "capture/lib/bucket_layout.h"
#include "capture/worker/time_marks.h"

#include <ATen/ATen.h>
#include <torch/csrc/autograd/function.h>
#include <torch/csrc/distributed/c10d/ProcessGroup.hpp>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace cc::capture::worker {

/// Sequence numbers of the collectives issued on one process group.
class CollectiveCounter {
public:
    std::int64_t next() { return next_++; }
    std::int64_t issued() const { return next_; }

private:
    std::int64_t next_ = 0;
};

/// Slots of one bucket's all-reduce in one iteration (resolved by TimeMarks later).
struct BucketMarks {
    int bucket = 0;
    std::int64_t sequence = 0;
    std::int64_t bytes = 0;
    std::size_t ready = 0;
    std::size_t issue = 0;
    std::size_t complete = 0;
};

class GradientReducer {
public:
    struct Config {
        std::int64_t firstBucketBytes = 0;
        std::int64_t capBytes = 0;
        int rank = 0;
        int worldSize = 1;
    };

    GradientReducer(std::vector<at::Tensor> parameters, c10::intrusive_ptr<c10d::ProcessGroup> group, Config config,
                    CollectiveCounter& counter, TimeMarks& marks);
    ~GradientReducer();
    GradientReducer(const GradientReducer&) = delete;
    GradientReducer& operator=(const GradientReducer&) = delete;

    /// Before backward: resets the buckets for a new iteration.
    void prepare();
    /// After backward returned: checks every bucket launched, waits for every all-reduce,
    /// writes the averaged gradients back into the parameters' .grad.
    void finish();
    /// Rebuilds the layout from the gradient-ready order observed in the first iteration
    /// (rank 0's order, broadcast to every rank). Returns true when the assignment changed.
    bool rebuildFromObservedOrder();

    const BucketLayout& layout() const { return layout_; }
    int layoutIndex() const { return layoutIndex_; }
    const std::vector<std::size_t>& observedReadyOrder() const { return firstOrder_; }
    /// The marks of the iteration that finish() completed last, in issue order.
    std::vector<BucketMarks> takeMarks();

private:
    struct BucketState;
    void onGradientReady(std::size_t param);
    void launchInOrder();
    void allocate();

    std::vector<at::Tensor> params_;
    std::vector<std::int64_t> elements_;
    c10::intrusive_ptr<c10d::ProcessGroup> group_;
    Config config_;
    CollectiveCounter& counter_;
    TimeMarks& marks_;
    BucketLayout layout_;
    int layoutIndex_ = 0;
    std::vector<std::unique_ptr<BucketState>> buckets_;
    std::size_t nextToLaunch_ = 0;
    bool recordingOrder_ = true;
    std::vector<std::size_t> currentOrder_;
    std::vector<std::size_t> firstOrder_;
    std::vector<BucketMarks> iterationMarks_;
    std::vector<std::shared_ptr<torch::autograd::Node>> accumulators_; ///< kept alive: they hold our hooks
    std::mutex mutex_;
};

} // namespace cc::capture::worker
