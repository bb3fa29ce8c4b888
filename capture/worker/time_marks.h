// Timestamps for the worker's hot path, resolved outside it.
//
// On the CPU a mark is the host steady clock in nanoseconds, read at once. On a CUDA device a
// mark is a CUDA event recorded on the current stream (so it stamps when the device reaches that
// point, not when the host enqueued it); events are resolved after the measured loop against a
// reference event whose host time was taken right after a device synchronisation, which puts
// every mark on the same host steady-clock axis. Slots are stable in memory, so a completion
// callback on another thread (gloo's worker threads) may fill a slot reserved earlier.
#pragma once

#include "capture/lib/interval_set.h"

#include <atomic>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>

namespace cc::capture::worker {

/// The host steady clock (CLOCK_MONOTONIC) in nanoseconds.
Ns hostNow();

class TimeMarks {
public:
    /// cudaEvents: stamp with CUDA events on the current device (only in a CUDA build).
    explicit TimeMarks(bool cudaEvents);
    ~TimeMarks();
    TimeMarks(const TimeMarks&) = delete;
    TimeMarks& operator=(const TimeMarks&) = delete;

    struct Slot;

    /// Stamps now and returns the slot index.
    std::size_t mark();
    /// Reserves a slot to be stamped later (possibly from another thread) with stamp().
    std::size_t reserve();
    Slot* slot(std::size_t index);
    /// Stamps a reserved slot now.
    static void stamp(Slot* slot, bool cudaEvents);
    bool cudaEvents() const { return cuda_; }

    /// Converts every stamped slot to host nanoseconds (synchronises the device once).
    void resolve();
    /// The resolved time of a slot (after resolve(); host marks are resolved at once).
    Ns at(std::size_t index) const;
    /// True when the slot was stamped.
    bool stamped(std::size_t index) const;

private:
    bool cuda_;
    mutable std::mutex mutex_;
    std::deque<std::unique_ptr<Slot>> slots_;
    struct CudaReference;
    std::unique_ptr<CudaReference> reference_;
};

} // namespace cc::capture::worker
