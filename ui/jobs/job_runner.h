// The one way the workbench runs core work off the GUI thread.
//
// run() puts a function `T work(cc::Progress&)` on the runner's thread pool
// (QtConcurrent::run with a QPromise), bridges core's Progress to the promise (progress bar
// value and message; cancel -> Progress::cancelled() -> cc::Cancelled thrown inside core), and
// delivers the result on the GUI thread through a QFutureWatcher.
//
// Stale results are dropped, never shown: every job gets an increasing id; a job started in a
// slot ("timeline", "open:<path>", ...) supersedes and cancels the slot's previous job, and a
// result whose job was superseded or cancelled, or whose receiver object is gone, is discarded.
// Errors arrive as JobError values (bad input with its diagnostics, IO, cancelled, ...).
#pragma once

#include "ui/jobs/job_error.h"
#include "ui/jobs/promise_progress.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QPromise>
#include <QString>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

namespace cc::ui {

using JobId = quint64;

class JobRunner : public QObject {
    Q_OBJECT
public:
    enum class Outcome {
        Succeeded,  ///< the result was delivered
        Failed,     ///< the work threw; the error was delivered
        Cancelled,  ///< cancelled by the user; nothing delivered
        Superseded, ///< a newer job in the same slot replaced it; nothing delivered
        Orphaned,   ///< its receiver was destroyed; nothing delivered
    };
    Q_ENUM(Outcome)

    struct JobInfo {
        JobId id = 0;
        QString slot;
        QString title;
        int progress = 0; ///< 0..kProgressScale
        QString message;
        qint64 elapsedMs = 0;
    };

    explicit JobRunner(QObject* parent = nullptr);
    /// Cancels every job and waits for the workers to return.
    ~JobRunner() override;

    /// Runs work on the pool. On success onResult(T) is called on the GUI thread; on failure
    /// onError(JobError) if given, else jobFailed() is emitted. Neither is called when the job
    /// was cancelled, superseded, or receiver was destroyed. An empty slot never supersedes.
    template <typename T>
    JobId run(const QString& slot, const QString& title, std::function<T(cc::Progress&)> work, QObject* receiver,
              std::function<void(T)> onResult, std::function<void(const JobError&)> onError = {});

    /// Asks the job to stop: its Progress reports cancelled, so core throws at its next check().
    void cancel(JobId id);
    void cancelSlot(const QString& slot);
    void cancelAll();

    bool isActive(JobId id) const { return jobs_.contains(id); }
    bool isBusy() const { return !jobs_.isEmpty(); }
    int activeCount() const { return static_cast<int>(jobs_.size()); }
    /// The newest active job, or an id of 0 when idle.
    JobInfo newestJob() const;
    JobInfo jobInfo(JobId id) const;

    /// Blocks (processing events) until no job is active or timeoutMs passed. For tests and shutdown.
    bool waitForIdle(int timeoutMs);

    QThreadPool* pool() { return &pool_; }

signals:
    void jobStarted(cc::ui::JobId id, const QString& title);
    void jobProgress(cc::ui::JobId id, int value, const QString& message);
    void jobFinished(cc::ui::JobId id, cc::ui::JobRunner::Outcome outcome);
    /// A failure of a job that was started without its own onError handler.
    void jobFailed(cc::ui::JobId id, const QString& title, const cc::ui::JobError& error);
    void busyChanged(bool busy);

private:
    struct JobState {
        JobId id = 0;
        QString slot;
        QString title;
        int progress = 0;
        QString message;
        QElapsedTimer clock;
        std::shared_ptr<std::atomic<bool>> cancelFlag;
        bool superseded = false;
        bool userCancelled = false;
    };

    template <typename T> struct Result {
        std::optional<T> value;
        JobError error;
    };

    JobId beginJob(const QString& slot, const QString& title, std::shared_ptr<std::atomic<bool>> flag);
    void updateProgress(JobId id, int value, const QString& message);
    /// Removes the job; returns the outcome to report when the result must be dropped.
    std::optional<Outcome> endJob(JobId id, bool receiverAlive);
    void finishJob(JobId id, Outcome outcome);
    /// Returns the heap's free pages to the system (glibc only); called when the last job ends.
    static void releaseFreedMemory();

    QThreadPool pool_;
    QHash<JobId, JobState> jobs_;
    QHash<QString, JobId> slots_;
    JobId nextId_ = 0;
};

template <typename T>
JobId JobRunner::run(const QString& slot, const QString& title, std::function<T(cc::Progress&)> work, QObject* receiver,
                     std::function<void(T)> onResult, std::function<void(const JobError&)> onError)
{
    auto flag = std::make_shared<std::atomic<bool>>(false);
    const JobId id = beginJob(slot, title, flag);
    QPointer<QObject> guard(receiver);

    auto* watcher = new QFutureWatcher<Result<T>>(this);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this,
            [this, id, watcher](int value) { updateProgress(id, value, watcher->progressText()); });
    connect(watcher, &QFutureWatcherBase::progressTextChanged, this,
            [this, id, watcher](const QString& text) { updateProgress(id, watcher->progressValue(), text); });
    connect(watcher, &QFutureWatcherBase::finished, this,
            [this, id, watcher, guard, onResult = std::move(onResult), onError = std::move(onError)]() {
                watcher->deleteLater();
                const bool alive = !guard.isNull();
                const JobInfo info = jobInfo(id);
                if (const auto dropped = endJob(id, alive)) {
                    finishJob(id, *dropped);
                    return;
                }
                QFuture<Result<T>> future = watcher->future();
                if (future.resultCount() < 1) {
                    finishJob(id, Outcome::Cancelled);
                    return;
                }
                Result<T> result = future.takeResult();
                if (result.error.isCancelled()) {
                    finishJob(id, Outcome::Cancelled);
                    return;
                }
                if (result.error.isError()) {
                    if (onError) {
                        onError(result.error);
                    } else {
                        emit jobFailed(id, info.title, result.error);
                    }
                    finishJob(id, Outcome::Failed);
                    return;
                }
                if (onResult) {
                    onResult(std::move(*result.value));
                }
                finishJob(id, Outcome::Succeeded);
            });

    QFuture<Result<T>> future = QtConcurrent::run(&pool_, [work = std::move(work), flag](QPromise<Result<T>>& promise) {
        PromiseProgress<Result<T>> progress(promise, *flag);
        Result<T> result;
        try {
            progress.check();
            result.value.emplace(work(progress));
        } catch (...) {
            result.error = JobError::fromCurrentException();
        }
        promise.addResult(std::move(result));
    });
    watcher->setFuture(future);
    return id;
}

} // namespace cc::ui
