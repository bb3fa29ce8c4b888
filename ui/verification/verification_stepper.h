// The verification stepper, for reviewers: one page per status (timing mode, commitments,
// coverage, behavioural fidelity, ranking) with its evidence, Back/Next (Page Up/Page Down and
// Alt+Left/Alt+Right anywhere in the stepper), a "reviewed" check per page, a final summary with
// the derived claim and what verification does not prove, and an export of the review record
// (who, when, which pages were reviewed, the verification's SHA-256; core writes the format),
// written atomically. A failed verification opens on its first failing status.
#pragma once

#include "ui/verification/verification_document.h"

#include <QAbstractTableModel>
#include <QWidget>

#include <optional>

class QCheckBox;
class QLabel;
class QPushButton;
class QTableView;

namespace cc::ui {

class EvidenceModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role { PassRole = Qt::UserRole + 1 };

    explicit EvidenceModel(QObject* parent = nullptr);
    void setPage(const VerificationPage* page);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::optional<VerificationPage> page_;
};

class VerificationStepper : public QWidget {
    Q_OBJECT
public:
    explicit VerificationStepper(QWidget* parent = nullptr);

    /// Shows the document: on its first failing status when a status fails, else on the first.
    void setDocument(const VerificationDocument& document);
    const std::optional<VerificationDocument>& document() const { return document_; }

    /// 0..pages-1 are the statuses, pages is the summary.
    int currentPage() const { return current_; }
    int pageCount() const;
    void goTo(int page);
    void next();
    void back();
    void setReviewed(bool reviewed);
    bool isReviewed(int page) const;

    /// The review record as JSON text.
    QByteArray reviewRecord(const QString& reviewer) const;
    bool exportReviewRecord(const QString& path, const QString& reviewer);

    EvidenceModel* evidenceModel() const { return evidence_; }
    QString pageTitle() const;
    QString summaryText() const;
    QPushButton* runButton() const { return run_; }

signals:
    void pageChanged(int page);
    /// The user asked to run verify-behavior on the active trace and its canary.
    void runRequested();

private:
    void showPage();
    void exportDialog();

    std::optional<VerificationDocument> document_;
    std::vector<bool> reviewed_;
    int current_ = 0;
    QLabel* header_;
    QLabel* title_;
    QLabel* explanation_;
    QTableView* table_;
    QLabel* summary_;
    QCheckBox* reviewedBox_;
    QPushButton* back_;
    QPushButton* next_;
    QPushButton* export_;
    QPushButton* run_;
    QLabel* position_;
    EvidenceModel* evidence_;
};

} // namespace cc::ui
