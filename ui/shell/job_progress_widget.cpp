#include "ui/shell/job_progress_widget.h"

#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

namespace cc::ui {

JobProgressWidget::JobProgressWidget(JobRunner* runner, QWidget* parent) : QWidget(parent), runner_(runner)
{
    setObjectName(QStringLiteral("jobProgress"));
    label_ = new QLabel(this);
    bar_ = new QProgressBar(this);
    bar_->setRange(0, kProgressScale);
    bar_->setTextVisible(false);
    bar_->setFixedWidth(140);
    bar_->setMaximumHeight(14);
    cancel_ = new QToolButton(this);
    cancel_->setIcon(QIcon(QStringLiteral(":/icons/cancel.svg")));
    cancel_->setToolTip(tr("Cancel this job"));
    cancel_->setAutoRaise(true);
    cancel_->setObjectName(QStringLiteral("cancelJob"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(label_);
    layout->addWidget(bar_);
    layout->addWidget(cancel_);
    connect(cancel_, &QToolButton::clicked, this, [this]() {
        if (shown_ != 0) {
            runner_->cancel(shown_);
        }
    });
    connect(runner_, &JobRunner::jobStarted, this, &JobProgressWidget::refresh);
    connect(runner_, &JobRunner::jobProgress, this, &JobProgressWidget::refresh);
    connect(runner_, &JobRunner::jobFinished, this, &JobProgressWidget::refresh);
    refresh();
}

QString JobProgressWidget::text() const
{
    return label_->text();
}

void JobProgressWidget::refresh()
{
    const JobRunner::JobInfo job = runner_->newestJob();
    shown_ = job.id;
    const bool busy = job.id != 0;
    bar_->setVisible(busy);
    cancel_->setVisible(busy);
    label_->setVisible(busy);
    if (!busy) {
        label_->clear();
        return;
    }
    QString text = job.message.isEmpty() ? job.title : tr("%1: %2").arg(job.title, job.message);
    if (runner_->activeCount() > 1) {
        text += tr(" (+%1 more)").arg(runner_->activeCount() - 1);
    }
    label_->setText(text);
    bar_->setValue(job.progress);
}

} // namespace cc::ui
