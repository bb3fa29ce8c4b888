// Independent items on a few threads, results in item order: reading several files at once (rank
// shards, profiles) without making the outcome depend on which thread finished first.
#pragma once

#include "core/util/progress.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace cc {

/// What mapInItemOrder made: the results of the items before the first failure (in item order),
/// and that failure, if any.
template <class Result> struct OrderedResults {
    std::vector<Result> results;
    std::exception_ptr failure; ///< the first item (in order) that threw, else null
};

/// Runs work(k, quiet) for every k in [0, n) on up to `threads` threads (0: one per processor),
/// starting items in order and none after the first failure. The workers get a Progress that only
/// watches for cancellation; the caller's thread reports "message" with the fraction of items done
/// and checks its own progress, so a cancel stops every worker and rethrows Cancelled here.
template <class Result, class Work>
OrderedResults<Result> mapInItemOrder(std::size_t n, unsigned threads, Progress& progress, const std::string& message,
                                      Work work)
{
    std::vector<std::optional<Result>> done(n);
    std::vector<std::exception_ptr> failed(n);
    std::atomic<bool> stop{false};
    std::mutex mutex;
    std::condition_variable finished;
    std::size_t next = 0;         // guarded by mutex
    std::size_t completed = 0;    // guarded by mutex
    std::size_t firstFailure = n; // guarded by mutex

    auto run = [&] {
        StopFlagProgress quiet(stop);
        for (;;) {
            std::size_t k = 0;
            {
                std::lock_guard lock(mutex);
                if (next >= firstFailure || stop.load(std::memory_order_relaxed)) {
                    return;
                }
                k = next++;
            }
            std::optional<Result> result;
            std::exception_ptr error;
            try {
                result.emplace(work(k, static_cast<Progress&>(quiet)));
            } catch (...) {
                error = std::current_exception();
            }
            {
                std::lock_guard lock(mutex);
                done[k] = std::move(result);
                failed[k] = error;
                if (error && k < firstFailure) {
                    firstFailure = k;
                }
                ++completed;
            }
            finished.notify_all();
        }
    };

    // The workers never see the caller's progress: a cancel asked before the start, or while the last
    // items finished, would otherwise go unnoticed when every item is done before the first wait.
    progress.check();
    unsigned count = threads != 0 ? threads : std::max(1U, std::thread::hardware_concurrency());
    count = static_cast<unsigned>(std::min<std::size_t>(count, std::max<std::size_t>(n, 1)));
    std::vector<std::thread> workers;
    workers.reserve(count);
    auto joinAll = [&] {
        for (auto& w : workers) {
            if (w.joinable()) {
                w.join();
            }
        }
    };
    try {
        for (unsigned w = 0; w < count; ++w) {
            workers.emplace_back(run);
        }
        std::unique_lock lock(mutex);
        for (;;) {
            if (completed == next && (next >= n || next >= firstFailure)) {
                break; // every started item has finished and none is left to start
            }
            finished.wait_for(lock, std::chrono::milliseconds(20));
            const double fraction = static_cast<double>(completed) / static_cast<double>(std::max<std::size_t>(n, 1));
            lock.unlock();
            progress.check();
            progress.report(fraction, message);
            lock.lock();
        }
    } catch (...) {
        stop.store(true, std::memory_order_relaxed);
        joinAll();
        throw;
    }
    joinAll();
    progress.check();

    OrderedResults<Result> out;
    out.results.reserve(n);
    for (std::size_t k = 0; k < n; ++k) {
        if (failed[k]) {
            out.failure = failed[k];
            break;
        }
        out.results.push_back(std::move(*done[k]));
    }
    return out;
}

} // namespace cc
