#include "ui/shell/artifact_browser.h"

#include <QHeaderView>
#include <QResizeEvent>
#include <QScrollBar>
#include <QTimer>

#include <algorithm>

namespace cc::ui {

namespace {
/// The most of the visible width the name column takes when the details would not fit beside it.
constexpr double kNameShare = 0.62;
} // namespace

ArtifactBrowser::ArtifactBrowser(QWidget* parent) : QTreeView(parent)
{
    setTextElideMode(Qt::ElideMiddle);
    setUniformRowHeights(true);
    header()->setStretchLastSection(true);
    header()->setSectionResizeMode(QHeaderView::Interactive);
    connect(this, &QTreeView::expanded, this, &ArtifactBrowser::scheduleFit);
    connect(this, &QTreeView::collapsed, this, &ArtifactBrowser::scheduleFit);
}

void ArtifactBrowser::setModel(QAbstractItemModel* model)
{
    if (QAbstractItemModel* old = this->model()) {
        disconnect(old, nullptr, this, nullptr);
    }
    QTreeView::setModel(model);
    if (model == nullptr) {
        return;
    }
    connect(model, &QAbstractItemModel::rowsInserted, this, &ArtifactBrowser::scheduleFit);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &ArtifactBrowser::scheduleFit);
    connect(model, &QAbstractItemModel::modelReset, this, &ArtifactBrowser::scheduleFit);
    connect(model, &QAbstractItemModel::dataChanged, this, &ArtifactBrowser::scheduleFit);
    scheduleFit();
}

void ArtifactBrowser::scheduleFit()
{
    // Several rows arrive at once (an artifact and its facts): fit once, after the view laid them out.
    if (fitPending_) {
        return;
    }
    fitPending_ = true;
    QTimer::singleShot(0, this, [this]() {
        fitPending_ = false;
        fitColumns();
    });
}

void ArtifactBrowser::fitColumns()
{
    if (model() == nullptr || model()->columnCount() < 2) {
        return;
    }
    const int visible = viewport()->width();
    const int names = sizeHintForColumn(0);
    const int details = sizeHintForColumn(1);
    const int minimum = header()->minimumSectionSize();
    int width = names;
    if (names + details > visible) {
        // Both cannot be whole: the details keep what they need when that is little, otherwise the
        // names keep most of the room and the details are elided too.
        width = std::min(names, std::max(static_cast<int>(visible * kNameShare), visible - details));
    }
    header()->resizeSection(0, std::max(width, minimum));
}

void ArtifactBrowser::resizeEvent(QResizeEvent* event)
{
    QTreeView::resizeEvent(event);
    if (event->size().width() != event->oldSize().width()) {
        fitColumns();
    }
}

} // namespace cc::ui
