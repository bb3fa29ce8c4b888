#include "ui/timeline/zoom_history.h"

#include <QAction>
#include <QIcon>

namespace cc::ui {

ZoomHistory::ZoomHistory(QObject* parent) : QObject(parent)
{
    backAction_ = new QAction(QIcon(QStringLiteral(":/icons/zoom-back.svg")), tr("Zoom &Back"), this);
    backAction_->setShortcuts({QKeySequence(Qt::ALT | Qt::Key_Left), QKeySequence(Qt::Key_Backspace)});
    backAction_->setToolTip(tr("Return to the previous zoom range"));
    forwardAction_ = new QAction(QIcon(QStringLiteral(":/icons/zoom-forward.svg")), tr("Zoom &Forward"), this);
    forwardAction_->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    forwardAction_->setToolTip(tr("Go forward to the next zoom range"));
    connect(backAction_, &QAction::triggered, this, &ZoomHistory::back);
    connect(forwardAction_, &QAction::triggered, this, &ZoomHistory::forward);
    updateActions();
}

void ZoomHistory::reset(const VisibleRange& range)
{
    entries_.assign(1, range);
    cursor_ = 0;
    updateActions();
}

void ZoomHistory::push(const VisibleRange& range)
{
    if (!entries_.empty() && entries_[cursor_] == range) {
        return;
    }
    if (!entries_.empty()) {
        entries_.resize(cursor_ + 1);
    }
    entries_.push_back(range);
    if (entries_.size() > kMaxEntries) {
        entries_.erase(entries_.begin());
    }
    cursor_ = entries_.size() - 1;
    updateActions();
}

void ZoomHistory::back()
{
    if (!canGoBack()) {
        return;
    }
    --cursor_;
    updateActions();
    emit navigate(entries_[cursor_]);
}

void ZoomHistory::forward()
{
    if (!canGoForward()) {
        return;
    }
    ++cursor_;
    updateActions();
    emit navigate(entries_[cursor_]);
}

void ZoomHistory::updateActions()
{
    backAction_->setEnabled(canGoBack());
    forwardAction_->setEnabled(canGoForward());
}

} // namespace cc::ui
