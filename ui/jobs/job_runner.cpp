#include "ui/jobs/job_runner.h"

#include <QCoreApplication>
#include <QDeadlineTimer>

#include <algorithm>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace cc::ui {

JobRunner::JobRunner(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<cc::ui::JobError>();
    qRegisterMetaType<cc::ui::JobId>("cc::ui::JobId");
    qRegisterMetaType<cc::ui::JobRunner::Outcome>();
    // Core work is CPU-bound; one worker per core, at least two so that a short job (opening a
    // small file) never queues behind a long one (a replay).
    pool_.setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
}

JobRunner::~JobRunner()
{
    cancelAll();
    pool_.waitForDone();
}

JobId JobRunner::beginJob(const QString& slot, const QString& title, std::shared_ptr<std::atomic<bool>> flag)
{
    if (!slot.isEmpty()) {
        const auto previous = slots_.constFind(slot);
        if (previous != slots_.constEnd()) {
            auto job = jobs_.find(previous.value());
            if (job != jobs_.end()) {
                job->superseded = true;
                job->cancelFlag->store(true, std::memory_order_relaxed);
            }
        }
    }
    const bool wasBusy = isBusy();
    JobState state;
    state.id = ++nextId_;
    state.slot = slot;
    state.title = title;
    state.cancelFlag = std::move(flag);
    state.clock.start();
    jobs_.insert(state.id, state);
    if (!slot.isEmpty()) {
        slots_.insert(slot, state.id);
    }
    emit jobStarted(state.id, title);
    if (!wasBusy) {
        emit busyChanged(true);
    }
    return state.id;
}

void JobRunner::updateProgress(JobId id, int value, const QString& message)
{
    auto job = jobs_.find(id);
    if (job == jobs_.end()) {
        return;
    }
    if (job->progress == value && job->message == message) {
        return;
    }
    job->progress = value;
    job->message = message;
    emit jobProgress(id, value, message);
}

std::optional<JobRunner::Outcome> JobRunner::endJob(JobId id, bool receiverAlive)
{
    auto job = jobs_.find(id);
    if (job == jobs_.end()) {
        return Outcome::Cancelled;
    }
    const JobState state = *job;
    jobs_.erase(job);
    const auto slot = slots_.constFind(state.slot);
    if (slot != slots_.constEnd() && slot.value() == id) {
        slots_.remove(state.slot);
    }
    if (state.superseded) {
        return Outcome::Superseded;
    }
    if (state.userCancelled) {
        return Outcome::Cancelled;
    }
    if (!receiverAlive) {
        return Outcome::Orphaned;
    }
    return std::nullopt;
}

void JobRunner::finishJob(JobId id, Outcome outcome)
{
    emit jobFinished(id, outcome);
    if (!isBusy()) {
        releaseFreedMemory();
        emit busyChanged(false);
    }
}

void JobRunner::releaseFreedMemory()
{
#if defined(__GLIBC__)
    // Large jobs free tens of megabytes of temporaries (a reader's pieces, a replay's scratch)
    // on worker threads; glibc keeps such memory in its per-thread arenas and below a threshold it
    // raised itself, so the process would stay that much larger for as long as it runs. Handing
    // the free pages back when the runner falls idle keeps what the workbench holds what it uses.
    malloc_trim(0);
#endif
}

void JobRunner::cancel(JobId id)
{
    auto job = jobs_.find(id);
    if (job == jobs_.end()) {
        return;
    }
    job->userCancelled = true;
    job->cancelFlag->store(true, std::memory_order_relaxed);
    job->message = tr("Cancelling…");
    emit jobProgress(id, job->progress, job->message);
}

void JobRunner::cancelSlot(const QString& slot)
{
    const auto found = slots_.constFind(slot);
    if (found != slots_.constEnd()) {
        cancel(found.value());
    }
}

void JobRunner::cancelAll()
{
    const auto ids = jobs_.keys();
    for (const JobId id : ids) {
        cancel(id);
    }
}

JobRunner::JobInfo JobRunner::newestJob() const
{
    JobId newest = 0;
    for (auto it = jobs_.constBegin(); it != jobs_.constEnd(); ++it) {
        newest = std::max(newest, it.key());
    }
    return newest == 0 ? JobInfo{} : jobInfo(newest);
}

JobRunner::JobInfo JobRunner::jobInfo(JobId id) const
{
    const auto job = jobs_.constFind(id);
    if (job == jobs_.constEnd()) {
        return {};
    }
    JobInfo info;
    info.id = job->id;
    info.slot = job->slot;
    info.title = job->title;
    info.progress = job->progress;
    info.message = job->message;
    info.elapsedMs = job->clock.elapsed();
    return info;
}

bool JobRunner::waitForIdle(int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (isBusy() && !deadline.hasExpired()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(1);
    }
    return !isBusy();
}

} // namespace cc::ui
