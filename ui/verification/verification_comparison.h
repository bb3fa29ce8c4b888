// Two verifications side by side: the derived claim and the five statuses (timing mode,
// commitments, coverage, behavioural fidelity, ranking) of each, so a reviewer sees, e.g., a
// ddmin-reduced artifact keep the ranking and fail fidelity next to a searched canary that
// passes everything. Both columns are read from the verification JSON, like the stepper.
#pragma once

#include "ui/artifacts/artifact_store.h"
#include "ui/verification/verification_document.h"

#include <QAbstractTableModel>
#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QTableView;

namespace cc::ui {

class VerificationComparisonModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ItemColumn, LeftColumn, RightColumn, ColumnCount };
    enum Row { ClaimRow, FirstStatusRow, CanaryRow = FirstStatusRow + 5, SourceRow, RowCount };
    enum Role { PassRole = Qt::UserRole + 1 };

    explicit VerificationComparisonModel(QObject* parent = nullptr);

    void setDocuments(std::optional<VerificationDocument> left, std::optional<VerificationDocument> right);
    const std::optional<VerificationDocument>& left() const { return left_; }
    const std::optional<VerificationDocument>& right() const { return right_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const std::optional<VerificationDocument>& side(int column) const;

    std::optional<VerificationDocument> left_;
    std::optional<VerificationDocument> right_;
};

class VerificationComparison : public QWidget {
    Q_OBJECT
public:
    explicit VerificationComparison(ArtifactStore* store, QWidget* parent = nullptr);

    /// Shows two loaded verification artifacts (0 leaves a side empty).
    void compare(ArtifactId left, ArtifactId right);
    /// Puts a new verification on the right and moves the previous right one to the left.
    void push(ArtifactId verification);

    ArtifactId leftArtifact() const;
    ArtifactId rightArtifact() const;
    VerificationComparisonModel* model() const { return model_; }
    QTableView* table() const { return table_; }

private:
    void refill();
    void update();

    ArtifactStore* store_;
    QComboBox* left_;
    QComboBox* right_;
    QTableView* table_;
    QLabel* reasons_;
    VerificationComparisonModel* model_;
};

} // namespace cc::ui
