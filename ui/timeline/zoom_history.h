// The timeline's zoom history: a stack of visible ranges with a cursor, behind shared Back and
// Forward QActions so the menu, the toolbar and the shortcuts always agree on what is possible.
#pragma once

#include "ui/timeline/time_scale.h"

#include <QObject>

#include <vector>

class QAction;

namespace cc::ui {

class ZoomHistory : public QObject {
    Q_OBJECT
public:
    static constexpr std::size_t kMaxEntries = 200;

    explicit ZoomHistory(QObject* parent = nullptr);

    /// Forgets everything and starts from range.
    void reset(const VisibleRange& range);
    /// Records range as the newest entry, dropping every forward entry. A range equal to the
    /// current one is not recorded twice.
    void push(const VisibleRange& range);

    bool canGoBack() const { return cursor_ > 0; }
    bool canGoForward() const { return cursor_ + 1 < entries_.size(); }
    void back();
    void forward();

    VisibleRange current() const { return entries_.empty() ? VisibleRange{} : entries_[cursor_]; }
    std::size_t size() const { return entries_.size(); }
    std::size_t cursor() const { return cursor_; }

    QAction* backAction() const { return backAction_; }
    QAction* forwardAction() const { return forwardAction_; }

signals:
    /// The view must show range (after back() or forward()).
    void navigate(const cc::ui::VisibleRange& range);

private:
    void updateActions();

    std::vector<VisibleRange> entries_;
    std::size_t cursor_ = 0;
    QAction* backAction_;
    QAction* forwardAction_;
};

} // namespace cc::ui
