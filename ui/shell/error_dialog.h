// Shows a failed job: what was attempted, the kind of failure and, for bad input, every
// diagnostic core produced (file, event, id, field, rule) in a table. Opened window-modal and
// non-blocking (open(), never exec()), so the event loop and running jobs carry on.
#pragma once

#include "ui/jobs/job_error.h"
#include "ui/shell/diagnostics_model.h"

#include <QDialog>

class QLabel;

namespace cc::ui {

class ErrorDialog : public QDialog {
    Q_OBJECT
public:
    ErrorDialog(const QString& what, const JobError& error, QWidget* parent = nullptr);

    QString summary() const;
    DiagnosticsModel* diagnostics() const { return model_; }

    /// Creates, opens and returns a dialog deleted when closed.
    static ErrorDialog* showError(QWidget* parent, const QString& what, const JobError& error);

private:
    QLabel* summary_;
    DiagnosticsModel* model_;
};

} // namespace cc::ui
