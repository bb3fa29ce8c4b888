// The behaviour search's evidence as a table: one row per candidate it compiled and verified
// (stage, sample limit, outcome, serialised size, claim, the five statuses), the winner marked,
// so a reviewer sees why the selected artifact won.
#pragma once

#include "core/search/behavior_search.h"

#include <QAbstractTableModel>

#include <memory>

namespace cc::ui {

class SearchCandidateModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        IndexColumn,
        StageColumn,
        LimitColumn,
        OutcomeColumn,
        BytesColumn,
        ClaimColumn,
        FirstStatusColumn, ///< then the four other statuses, in cc::search::kStatusNames order
        ColumnCount = FirstStatusColumn + 5,
    };
    enum Role { PassRole = Qt::UserRole + 1, SelectedRole };

    explicit SearchCandidateModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const cc::search::SearchResult> result);
    const cc::search::SearchResult* result() const { return result_.get(); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const cc::search::SearchResult> result_;
};

} // namespace cc::ui
