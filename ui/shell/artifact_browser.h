// The artifact browser: the tree of everything opened or made, fitted to its dock. Names are
// elided in the middle, so the end that tells siblings apart ("x.reduced.canary.json (2)") stays
// visible, and the columns are fitted to the visible width instead of to their longest text, so
// nothing hides behind a horizontal scroll bar. The full text is the item's tooltip.
#pragma once

#include <QTreeView>

namespace cc::ui {

class ArtifactBrowser : public QTreeView {
    Q_OBJECT
public:
    explicit ArtifactBrowser(QWidget* parent = nullptr);

    void setModel(QAbstractItemModel* model) override;

    /// Sizes the name column to its contents, but never wider than a share of the visible width
    /// (the details column takes the rest).
    void fitColumns();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void scheduleFit();

    bool fitPending_ = false;
};

} // namespace cc::ui
