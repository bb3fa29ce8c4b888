// Bridges core's cc::Progress to a QPromise: report() becomes the promise's progress value
// (0..1000) and text, cancelled() is true once the job runner or the future asked to stop, so
// core's progress.check() throws cc::Cancelled inside the worker and the core work really ends.
#pragma once

#include "core/util/progress.h"

#include <QPromise>
#include <QString>

#include <atomic>
#include <cmath>
#include <string_view>

namespace cc::ui {

inline constexpr int kProgressScale = 1000;

template <typename T> class PromiseProgress final : public cc::Progress {
public:
    PromiseProgress(QPromise<T>& promise, const std::atomic<bool>& cancelFlag)
        : promise_(promise), cancelFlag_(cancelFlag)
    {
        promise_.setProgressRange(0, kProgressScale);
    }

    void report(double fraction, std::string_view message) override
    {
        if (!(fraction >= 0.0)) { // also catches NaN
            fraction = 0.0;
        }
        const int value = static_cast<int>(std::lround(std::fmin(fraction, 1.0) * kProgressScale));
        // QFutureInterface throttles progress events itself (a few dozen per second), so a
        // chatty core loop costs a mutex and a comparison here, never a flood of GUI events.
        promise_.setProgressValueAndText(value,
                                         QString::fromUtf8(message.data(), static_cast<qsizetype>(message.size())));
    }

    bool cancelled() const override { return cancelFlag_.load(std::memory_order_relaxed) || promise_.isCanceled(); }

private:
    QPromise<T>& promise_;
    const std::atomic<bool>& cancelFlag_;
};

} // namespace cc::ui
