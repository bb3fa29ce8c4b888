// The Physical view: a physical campaign's results (commcanary capture campaign) for reviewers.
// W-full and every proxy per configuration, the decision matrix (does each proxy keep W-full's
// decision on each configuration pair?) with every proxy's score, and the prototype's published
// figures beside them. Everything shown is core's: the reader's value and pairDecisions.
#pragma once

#include "ui/artifacts/artifact.h"

#include <QWidget>

#include <memory>

class QLabel;
class QStackedWidget;
class QTableView;

namespace cc::ui {

class CampaignConfigurationModel;
class CampaignDecisionModel;

class PhysicalView : public QWidget {
    Q_OBJECT
public:
    explicit PhysicalView(QWidget* parent = nullptr);

    /// Shows a campaign (null: the empty state); name is the file's name.
    void setDocument(std::shared_ptr<const CampaignDocument> document, const QString& name);
    const std::shared_ptr<const CampaignDocument>& document() const { return document_; }

    QTableView* configurationTable() const { return configurations_; }
    QTableView* decisionTable() const { return decisions_; }
    QLabel* prototypeLine() const { return prototype_; }

private:
    std::shared_ptr<const CampaignDocument> document_;
    QStackedWidget* stack_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* prototype_ = nullptr;
    QTableView* configurations_ = nullptr;
    QTableView* decisions_ = nullptr;
    CampaignConfigurationModel* configurationModel_ = nullptr;
    CampaignDecisionModel* decisionModel_ = nullptr;
};

} // namespace cc::ui
