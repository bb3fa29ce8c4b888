#include "capture/worker/time_marks.h"

#include <chrono>
#include <stdexcept>

#ifdef COMMCANARY_WORKER_CUDA
#include <ATen/cuda/CUDAEvent.h>
#include <cuda_runtime_api.h>

#include <cmath>
#include <optional>
#endif

namespace cc::capture::worker {

Ns hostNow()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

struct TimeMarks::Slot {
    std::atomic<Ns> host{0};
    std::atomic<bool> done{false};
#ifdef COMMCANARY_WORKER_CUDA
    std::optional<at::cuda::CUDAEvent> event;
#endif
};

struct TimeMarks::CudaReference {
#ifdef COMMCANARY_WORKER_CUDA
    at::cuda::CUDAEvent event{cudaEventDefault};
#endif
    Ns host = 0;
};

TimeMarks::TimeMarks(bool cudaEvents) : cuda_(cudaEvents)
{
#ifdef COMMCANARY_WORKER_CUDA
    if (cuda_) {
        reference_ = std::make_unique<CudaReference>();
        cudaDeviceSynchronize();
        reference_->event.record();
        reference_->event.synchronize();
        reference_->host = hostNow();
    }
#else
    if (cuda_) {
        throw std::logic_error("CUDA event timing requested in a build without CUDA");
    }
#endif
}

TimeMarks::~TimeMarks() = default;

void TimeMarks::stamp(Slot* slot, bool cudaEvents)
{
#ifdef COMMCANARY_WORKER_CUDA
    if (cudaEvents) {
        // Timing-enabled event on the current stream: completes when the stream reaches it.
        slot->event.emplace(cudaEventDefault);
        slot->event->record();
        slot->done.store(true, std::memory_order_release);
        return;
    }
#else
    (void)cudaEvents;
#endif
    slot->host.store(hostNow(), std::memory_order_relaxed);
    slot->done.store(true, std::memory_order_release);
}

std::size_t TimeMarks::reserve()
{
    std::lock_guard lock(mutex_);
    slots_.push_back(std::make_unique<Slot>());
    return slots_.size() - 1;
}

TimeMarks::Slot* TimeMarks::slot(std::size_t index)
{
    std::lock_guard lock(mutex_);
    return slots_.at(index).get();
}

std::size_t TimeMarks::mark()
{
    const std::size_t index = reserve();
    stamp(slot(index), cuda_);
    return index;
}

void TimeMarks::resolve()
{
#ifdef COMMCANARY_WORKER_CUDA
    if (cuda_) {
        cudaDeviceSynchronize();
        std::lock_guard lock(mutex_);
        for (auto& s : slots_) {
            if (s->done.load(std::memory_order_acquire) && s->event) {
                // elapsed_time is in milliseconds (about 0.5 µs resolution); kept as integer ns.
                const double ms = reference_->event.elapsed_time(*s->event);
                s->host.store(reference_->host + static_cast<Ns>(std::llround(ms * 1e6)), std::memory_order_relaxed);
            }
        }
    }
#endif
}

Ns TimeMarks::at(std::size_t index) const
{
    std::lock_guard lock(mutex_);
    return slots_.at(index)->host.load(std::memory_order_relaxed);
}

bool TimeMarks::stamped(std::size_t index) const
{
    std::lock_guard lock(mutex_);
    return slots_.at(index)->done.load(std::memory_order_acquire);
}

} // namespace cc::capture::worker
