#include "ui/physical/physical_view.h"

#include "ui/physical/physical_models.h"
#include "ui/util/text.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace cc::ui {

namespace {

QTableView* makeTable(const QString& name, QAbstractItemModel* model)
{
    auto* table = new QTableView;
    table->setObjectName(name);
    table->setModel(model);
    table->setSelectionBehavior(QAbstractItemView::SelectItems);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setWordWrap(false);
    table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->verticalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setHighlightSections(false);
    return table;
}

} // namespace

PhysicalView::PhysicalView(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("physicalView"));
    stack_ = new QStackedWidget(this);
    auto* empty = new QLabel(tr("Open a physical campaign's results.json (commcanary capture campaign), or launch a "
                                "campaign from the Capture panel, to see whether every proxy ranks the physical "
                                "configurations as the real workload (W-full) does."));
    empty->setObjectName(QStringLiteral("physicalEmpty"));
    empty->setWordWrap(true);
    empty->setAlignment(Qt::AlignCenter);
    empty->setMargin(12);
    stack_->addWidget(empty);

    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(4, 4, 4, 4);
    title_ = new QLabel;
    title_->setObjectName(QStringLiteral("physicalTitle"));
    title_->setWordWrap(true);
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(title_);

    configurationModel_ = new CampaignConfigurationModel(this);
    decisionModel_ = new CampaignDecisionModel(this);
    configurations_ = makeTable(QStringLiteral("physicalConfigurations"), configurationModel_);
    decisions_ = makeTable(QStringLiteral("physicalDecisions"), decisionModel_);

    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto* leftHeading =
        new QLabel(tr("<b>Per configuration</b>: W-full's mean step time, each proxy's mean pass time"));
    leftHeading->setWordWrap(true);
    leftLayout->addWidget(leftHeading);
    leftLayout->addWidget(configurations_);
    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    auto* rightHeading =
        new QLabel(tr("<b>Decisions against W-full</b>: ✓ agrees, ✗ disagrees, = tie (W-full cannot separate the pair; "
                      "left out of the agreement)"));
    rightHeading->setObjectName(QStringLiteral("physicalLegend"));
    rightHeading->setWordWrap(true);
    rightLayout->addWidget(rightHeading);
    rightLayout->addWidget(decisions_);

    auto* split = new QSplitter(Qt::Horizontal);
    split->setObjectName(QStringLiteral("physicalSplitter"));
    split->setChildrenCollapsible(false);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    prototype_ = new QLabel;
    prototype_->setObjectName(QStringLiteral("physicalPrototype"));
    prototype_->setWordWrap(true);
    prototype_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(prototype_);
    stack_->addWidget(page);

    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(stack_);
}

void PhysicalView::setDocument(std::shared_ptr<const CampaignDocument> document, const QString& name)
{
    document_ = std::move(document);
    configurationModel_->setDocument(document_);
    decisionModel_->setDocument(document_);
    if (!document_) {
        stack_->setCurrentIndex(0);
        return;
    }
    const cc::CampaignResults& r = document_->results;
    title_->setText(tr("<b>%1</b>: %2 (cell %3). Source trace: %4 events captured under %5; %6 recorded passes per "
                       "proxy and configuration after %7 warm-up; ties by %8 bootstrap resamples.")
                        .arg(name.toHtmlEscaped(), qs(r.cellDescription).toHtmlEscaped(), qs(r.cellId).toHtmlEscaped(),
                             formatCount(r.traceEvents), qs(r.sourceConfiguration).toHtmlEscaped())
                        .arg(r.repeats)
                        .arg(r.warmup)
                        .arg(r.bootstrapResamples));
    prototype_->setText(
        tr("The prototype's published campaign (28 pairs, real GPUs): %1.").arg(qs(cc::kPrototypeCampaignFigures)));
    stack_->setCurrentIndex(1);
}

} // namespace cc::ui
