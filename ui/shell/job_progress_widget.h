// The status-bar face of the JobRunner: the newest running job's title and message, a progress
// bar, how many other jobs run, and a Cancel button that stops the job's core work.
#pragma once

#include "ui/jobs/job_runner.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace cc::ui {

class JobProgressWidget : public QWidget {
    Q_OBJECT
public:
    explicit JobProgressWidget(JobRunner* runner, QWidget* parent = nullptr);

    QToolButton* cancelButton() const { return cancel_; }
    QProgressBar* progressBar() const { return bar_; }
    QString text() const;

private:
    void refresh();

    JobRunner* runner_;
    QLabel* label_;
    QProgressBar* bar_;
    QToolButton* cancel_;
    JobId shown_ = 0;
};

} // namespace cc::ui
