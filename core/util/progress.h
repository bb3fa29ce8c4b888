// Progress reporting and cooperative cancellation for long-running core work.
#pragma once

#include <atomic>
#include <exception>
#include <string>
#include <string_view>
#include <utility>

namespace cc {

/// Thrown by Progress::check() when the caller asked to cancel.
class Cancelled : public std::exception {
public:
    const char* what() const noexcept override { return "operation cancelled"; }
};

/// Every core function that may run longer than ~50 ms takes a Progress&.
/// Implementations must be cheap to call; core calls report() at coarse intervals.
class Progress {
public:
    virtual ~Progress() = default;
    /// fraction in [0, 1]; message says what is being done.
    virtual void report(double fraction, std::string_view message) { (void)fraction, (void)message; }
    virtual bool cancelled() const { return false; }
    /// Throws Cancelled when cancellation was requested.
    void check() const
    {
        if (cancelled()) {
            throw Cancelled();
        }
    }
};

/// A Progress that ignores reports and is never cancelled.
class NullProgress final : public Progress {};

/// A Progress whose cancel flag may be set from another thread.
class CancelFlagProgress : public Progress {
public:
    void cancel() { flag_.store(true, std::memory_order_relaxed); }
    bool cancelled() const override { return flag_.load(std::memory_order_relaxed); }

private:
    std::atomic<bool> flag_{false};
};

/// A worker thread's Progress: never calls the caller's (not necessarily thread-safe), only
/// watches a stop flag that the caller owns.
class StopFlagProgress final : public Progress {
public:
    explicit StopFlagProgress(const std::atomic<bool>& stop) : stop_(stop) {}
    bool cancelled() const override { return stop_.load(std::memory_order_relaxed); }

private:
    const std::atomic<bool>& stop_;
};

/// Maps a sub-range [begin, end] of a parent's progress onto a child's [0, 1].
class SubProgress final : public Progress {
public:
    SubProgress(Progress& parent, double begin, double end) : parent_(parent), begin_(begin), end_(end) {}
    void report(double fraction, std::string_view message) override
    {
        parent_.report(begin_ + (end_ - begin_) * fraction, message);
    }
    bool cancelled() const override { return parent_.cancelled(); }

private:
    Progress& parent_;
    double begin_;
    double end_;
};

/// Passes reports to a parent with a fixed prefix on each message ("the canary: " + message), for
/// a stage that calls code whose own messages do not say which input they concern.
class PrefixedProgress final : public Progress {
public:
    PrefixedProgress(Progress& parent, std::string prefix) : parent_(parent), prefix_(std::move(prefix)) {}
    void report(double fraction, std::string_view message) override
    {
        parent_.report(fraction, prefix_ + std::string(message));
    }
    bool cancelled() const override { return parent_.cancelled(); }

private:
    Progress& parent_;
    std::string prefix_;
};

} // namespace cc
