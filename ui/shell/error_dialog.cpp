#include "ui/shell/error_dialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

namespace cc::ui {

ErrorDialog::ErrorDialog(const QString& what, const JobError& error, QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("errorDialog"));
    setWindowTitle(JobError::kindName(error.kind));
    model_ = new DiagnosticsModel(this);
    model_->setDiagnostics(error.diagnostics);

    auto* icon = new QLabel(this);
    icon->setPixmap(style()
                        ->standardIcon(error.kind == JobError::Kind::Negative ? QStyle::SP_MessageBoxWarning
                                                                              : QStyle::SP_MessageBoxCritical)
                        .pixmap(32, 32));
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QString text = tr("<b>%1</b><br>%2").arg(what.toHtmlEscaped(), JobError::kindName(error.kind).toHtmlEscaped());
    if (error.diagnostics.empty()) {
        text += QStringLiteral("<br><br>") + error.message.toHtmlEscaped();
    } else {
        text += QStringLiteral("<br>") + tr("%n problem(s) found; nothing was loaded or written.", nullptr,
                                            static_cast<int>(error.diagnostics.size()))
                                             .toHtmlEscaped();
    }
    summary_->setText(text);

    auto* top = new QHBoxLayout;
    top->addWidget(icon, 0, Qt::AlignTop);
    top->addWidget(summary_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    if (!error.diagnostics.empty()) {
        auto* table = new QTableView(this);
        table->setObjectName(QStringLiteral("diagnostics"));
        table->setModel(model_);
        table->verticalHeader()->hide();
        table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
        table->horizontalHeader()->setStretchLastSection(true);
        table->setWordWrap(true);
        layout->addWidget(table, 1);
        auto* full = new QPlainTextEdit(error.message, this);
        full->setReadOnly(true);
        full->setMaximumHeight(90);
        layout->addWidget(full);
        resize(820, 380);
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

QString ErrorDialog::summary() const
{
    return summary_->text();
}

ErrorDialog* ErrorDialog::showError(QWidget* parent, const QString& what, const JobError& error)
{
    auto* dialog = new ErrorDialog(what, error, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

} // namespace cc::ui
