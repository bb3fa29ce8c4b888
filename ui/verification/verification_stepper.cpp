#include "ui/verification/verification_stepper.h"

#include "core/verify/review_record.h"
#include "ui/util/save_file.h"
#include "ui/util/text.h"

#include <QBrush>
#include <QCheckBox>
#include <QDateTime>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace cc::ui {

// ---- EvidenceModel -------------------------------------------------------------------------

EvidenceModel::EvidenceModel(QObject* parent) : QAbstractTableModel(parent) {}

void EvidenceModel::setPage(const VerificationPage* page)
{
    beginResetModel();
    if (page != nullptr) {
        page_ = *page;
    } else {
        page_.reset();
    }
    endResetModel();
}

int EvidenceModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !page_ ? 0 : static_cast<int>(page_->rows.size());
}

int EvidenceModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || !page_ ? 0 : static_cast<int>(page_->headers.size());
}

QVariant EvidenceModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !page_ || index.row() >= rowCount() || index.column() >= columnCount()) {
        return {};
    }
    const auto row = static_cast<std::size_t>(index.row());
    const bool pass = page_->rowPass[row];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return page_->rows[row].value(index.column());
    case Qt::BackgroundRole:
        return pass ? QVariant() : QVariant(QBrush(QColor(255, 205, 190)));
    case PassRole:
        return pass;
    default:
        return {};
    }
}

QVariant EvidenceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || !page_) {
        return {};
    }
    return page_->headers.value(section);
}

// ---- VerificationStepper -------------------------------------------------------------------

VerificationStepper::VerificationStepper(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("verificationStepper"));
    evidence_ = new EvidenceModel(this);
    header_ = new QLabel(this);
    header_->setWordWrap(true);
    title_ = new QLabel(this);
    title_->setObjectName(QStringLiteral("verificationPageTitle"));
    explanation_ = new QLabel(this);
    explanation_->setWordWrap(true);
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("verificationEvidence"));
    table_->setModel(evidence_);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setSelectionMode(QAbstractItemView::NoSelection);
    table_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("verificationSummary"));
    summary_->setWordWrap(true);
    summary_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    reviewedBox_ = new QCheckBox(tr("I have reviewed this page's evidence"), this);
    reviewedBox_->setObjectName(QStringLiteral("reviewed"));
    back_ = new QPushButton(tr("◀ Back"), this);
    next_ = new QPushButton(tr("Next ▶"), this);
    export_ = new QPushButton(tr("Export Review Record…"), this);
    run_ = new QPushButton(tr("Run verify-behavior on the active trace and its canary"), this);
    run_->setObjectName(QStringLiteral("runVerification"));
    position_ = new QLabel(this);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(back_);
    buttons->addWidget(position_);
    buttons->addWidget(next_);
    buttons->addStretch(1);
    buttons->addWidget(reviewedBox_);
    buttons->addWidget(export_);
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    top->addWidget(header_, 1);
    top->addWidget(run_);
    layout->addLayout(top);
    layout->addWidget(title_);
    layout->addWidget(explanation_);
    layout->addWidget(table_, 1);
    layout->addWidget(summary_, 1);
    layout->addLayout(buttons);

    connect(back_, &QPushButton::clicked, this, &VerificationStepper::back);
    connect(next_, &QPushButton::clicked, this, &VerificationStepper::next);
    connect(reviewedBox_, &QCheckBox::toggled, this, &VerificationStepper::setReviewed);
    connect(export_, &QPushButton::clicked, this, &VerificationStepper::exportDialog);
    connect(run_, &QPushButton::clicked, this, &VerificationStepper::runRequested);

    // Keys for stepping while the focus is anywhere in the stepper (the evidence table included,
    // which would otherwise scroll on Page Up / Page Down).
    back_->setToolTip(tr("Previous status (Page Up, Alt+Left)"));
    next_->setToolTip(tr("Next status (Page Down, Alt+Right)"));
    const std::pair<QKeySequence, void (VerificationStepper::*)()> keys[] = {
        {QKeySequence(Qt::Key_PageUp), &VerificationStepper::back},
        {QKeySequence(Qt::ALT | Qt::Key_Left), &VerificationStepper::back},
        {QKeySequence(Qt::Key_PageDown), &VerificationStepper::next},
        {QKeySequence(Qt::ALT | Qt::Key_Right), &VerificationStepper::next},
    };
    for (const auto& [key, slot] : keys) {
        auto* shortcut = new QShortcut(key, this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, this, slot);
    }
    showPage();
}

int VerificationStepper::pageCount() const
{
    return document_ ? static_cast<int>(document_->pages.size()) + 1 : 0;
}

void VerificationStepper::setDocument(const VerificationDocument& document)
{
    document_ = document;
    reviewed_.assign(document.pages.size(), false);
    // A failed verification opens where it fails: the reviewer's first question is why.
    current_ = std::max(0, document.firstFailingPage());
    showPage();
}

void VerificationStepper::goTo(int page)
{
    if (!document_ || page < 0 || page >= pageCount()) {
        return;
    }
    current_ = page;
    showPage();
}

void VerificationStepper::next()
{
    goTo(current_ + 1);
}
void VerificationStepper::back()
{
    goTo(current_ - 1);
}

void VerificationStepper::setReviewed(bool reviewed)
{
    if (!document_ || current_ >= static_cast<int>(reviewed_.size())) {
        return;
    }
    reviewed_[static_cast<std::size_t>(current_)] = reviewed;
}

bool VerificationStepper::isReviewed(int page) const
{
    return page >= 0 && page < static_cast<int>(reviewed_.size()) && reviewed_[static_cast<std::size_t>(page)];
}

QString VerificationStepper::pageTitle() const
{
    return title_->text();
}
QString VerificationStepper::summaryText() const
{
    return summary_->text();
}

void VerificationStepper::showPage()
{
    const bool loaded = document_.has_value();
    back_->setEnabled(loaded && current_ > 0);
    next_->setEnabled(loaded && current_ + 1 < pageCount());
    export_->setEnabled(loaded);
    if (!loaded) {
        header_->setText(
            tr("Open a verification file, or run verify-behavior on a trace and a canary compiled from it."));
        title_->clear();
        explanation_->clear();
        evidence_->setPage(nullptr);
        table_->hide();
        summary_->hide();
        reviewedBox_->hide();
        position_->clear();
        return;
    }
    header_->setText(tr("<b>%1</b> · claim: <b>%2</b>").arg(document_->name.toHtmlEscaped(), document_->claim));
    position_->setText(tr("%1 / %2").arg(current_ + 1).arg(pageCount()));
    const bool summary = current_ == static_cast<int>(document_->pages.size());
    table_->setVisible(!summary);
    summary_->setVisible(summary);
    reviewedBox_->setVisible(!summary);
    if (summary) {
        title_->setText(tr("<h3>Summary</h3>"));
        explanation_->setText(tr("The claim is derived from the statuses, never chosen."));
        evidence_->setPage(nullptr);
        QString html = tr("<p>Claim: <b>%1</b></p>").arg(document_->claim.toHtmlEscaped());
        html += QStringLiteral("<ul>");
        for (std::size_t k = 0; k < document_->pages.size(); ++k) {
            const auto& page = document_->pages[k];
            html += tr("<li>%1: <b>%2</b> (%3)</li>")
                        .arg(page.title.toHtmlEscaped(), page.statusText.toHtmlEscaped(),
                             reviewed_[k] ? tr("reviewed") : tr("not reviewed"));
        }
        html += QStringLiteral("</ul>");
        auto list = [](const QStringList& items) -> QString {
            QString out = QStringLiteral("<ul>");
            for (const QString& item : items) {
                out += QStringLiteral("<li>%1</li>").arg(item.toHtmlEscaped());
            }
            return out + QStringLiteral("</ul>");
        };
        if (!document_->claimReasons.isEmpty()) {
            html += tr("<p>Why the claim is what it is:</p>") + list(document_->claimReasons);
        }
        if (!document_->notProven.isEmpty()) {
            html += tr("<p>What this verification does not prove:</p>") + list(document_->notProven);
        }
        summary_->setText(html);
    } else {
        const VerificationPage& page = document_->pages[static_cast<std::size_t>(current_)];
        title_->setText(tr("<h3>%1: <span style=\"color:%2\">%3</span></h3>")
                            .arg(page.title.toHtmlEscaped(),
                                 page.pass ? QStringLiteral("#1b7f3b") : QStringLiteral("#b3261e"),
                                 page.statusText.toHtmlEscaped()));
        explanation_->setText(page.explanation);
        evidence_->setPage(&page);
        QSignalBlocker block(reviewedBox_);
        reviewedBox_->setChecked(reviewed_[static_cast<std::size_t>(current_)]);
    }
    emit pageChanged(current_);
}

QByteArray VerificationStepper::reviewRecord(const QString& reviewer) const
{
    cc::verify::ReviewRecord record;
    record.reviewer = toStd(reviewer);
    record.reviewedAt = toStd(QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    if (document_) {
        record.hasVerification = true;
        record.verification = toStd(document_->name);
        record.verificationSha256 = toStd(document_->sha256);
        record.claim = toStd(document_->claim);
        for (std::size_t k = 0; k < document_->pages.size(); ++k) {
            record.statuses.push_back(
                cc::verify::ReviewedStatus{toStd(document_->pages[k].key), document_->pages[k].pass, reviewed_[k]});
        }
    }
    const std::string json = cc::verify::reviewRecordJson(record);
    return QByteArray(json.data(), static_cast<qsizetype>(json.size()));
}

bool VerificationStepper::exportReviewRecord(const QString& path, const QString& reviewer)
{
    return saveFileAtomically(path, reviewRecord(reviewer)).isEmpty();
}

void VerificationStepper::exportDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export review record"), QStringLiteral("review.json"),
                                                      tr("Review record (*.json)"));
    if (path.isEmpty()) {
        return;
    }
    QString reviewer = qEnvironmentVariable("USER");
    if (reviewer.isEmpty()) {
        reviewer = qEnvironmentVariable("USERNAME");
    }
    if (!exportReviewRecord(path, reviewer)) {
        header_->setText(tr("Could not write %1").arg(path));
    }
}

} // namespace cc::ui
