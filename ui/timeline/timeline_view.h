// The custom-painted timeline widget: lanes, events from issue to completion, tail windows,
// an adaptive time axis. As in Perfetto and Nsight Systems: left-drag (or right-drag) selects a
// range, middle-drag or Space+drag pans, W/S zoom in/out under the mouse (at the centre when the
// mouse is elsewhere), A/D pan; the wheel zooms under the mouse (Shift+wheel pans, Ctrl+wheel
// scrolls lanes); a click selects the event under the mouse. Every zoom that settles is recorded
// in the ZoomHistory. The first view of new data shows all of it, and a new replay of the same
// trace is fitted again until the user has moved the view.
#pragma once

#include "ui/timeline/time_scale.h"
#include "ui/timeline/timeline_data.h"
#include "ui/timeline/timeline_painter.h"
#include "ui/timeline/timeline_style.h"
#include "ui/timeline/zoom_history.h"

#include <QPoint>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <optional>

class QScrollBar;

namespace cc::ui {

class TimelineView : public QWidget {
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);

    /// Shows data. keepRange keeps the visible time range (e.g. after switching configuration).
    void setData(std::shared_ptr<const TimelineData> data, bool keepRange = false);
    const std::shared_ptr<const TimelineData>& data() const { return data_; }

    const TimeScale& scale() const { return scale_; }
    const TimelineStyle& style() const { return style_; }
    VisibleRange visibleRange() const { return scale_.visible(); }
    void setVisibleRange(const VisibleRange& range, bool record = true);
    ZoomHistory* history() const { return history_; }

    /// The smallest span the first view shows (a one-event trace still gets a readable axis).
    static constexpr Ns kMinVisibleSpan = 1000;

    void zoomBy(double factor);
    /// True while the view shows everything because it was fitted and not moved since.
    bool isFitted() const { return fitted_; }
    void fitAll();
    /// Zooms to the selected range, if any.
    void zoomToSelection();

    std::optional<std::uint32_t> selectedEvent() const { return overlay_.selectedEvent; }
    void setSelectedEvent(std::optional<std::uint32_t> event);
    std::optional<VisibleRange> selection() const { return overlay_.selection; }
    void setSelection(std::optional<VisibleRange> range);

    int currentTailWindow() const { return overlay_.currentTailWindow; }
    /// Makes window index current and (when zoom is true) centres and zooms it, with margins.
    void setCurrentTailWindow(int index, bool zoom = true);
    bool nextTailWindow();
    bool previousTailWindow();
    void setTailWindowsShown(bool shown);

    /// Events matched by a search, marked in their lanes and on the ruler (nullptr: none).
    void setSearchHits(std::shared_ptr<const SearchHits> hits);
    const std::shared_ptr<const SearchHits>& searchHits() const { return overlay_.hits; }
    void setHighlightAll(bool on);
    bool highlightAll() const { return overlay_.highlightAll; }
    /// Selects the event, scrolls its first lane into view and centres it (zooming out when it
    /// is wider than the view).
    void revealEvent(std::uint32_t event);

    int scrollY() const { return scrollY_; }
    void setScrollY(int y);
    int laneAt(int y) const;
    /// The plot's x of a time, in widget coordinates.
    double xOf(double time) const;

    void setBanner(const QString& text);
    const TimelinePaintStats& lastPaintStats() const { return lastStats_; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void eventSelected(qint64 event); ///< -1: nothing selected
    void rangeSelected(double begin, double end);
    void selectionCleared();
    void visibleRangeChanged(double begin, double end);
    void currentTailWindowChanged(int index);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    bool event(QEvent* event) override;

private:
    enum class Drag { None, Pan, Select };

    void updateScaleWidth();
    void updateScrollBar();
    void fitLaneHeight();
    void scaleChanged();
    void scheduleHistoryRecord();
    /// The plot x the keyboard zooms around: the mouse when it is over the plot, else the centre.
    double keyboardAnchor() const;
    void setSpaceHeld(bool held);
    QString toolTipAt(const QPoint& pos) const;
    std::optional<std::uint32_t> eventAtPos(const QPoint& pos) const;

    std::shared_ptr<const TimelineData> data_;
    TimeScale scale_;
    TimelineStyle style_;
    TimelineOverlay overlay_;
    TimelinePaintStats lastStats_;
    ZoomHistory* history_;
    QScrollBar* scrollBar_;
    QTimer historyTimer_;
    int scrollY_ = 0;

    Drag drag_ = Drag::None;
    QPoint pressPos_;
    QPoint lastPos_;
    double selectAnchor_ = 0;
    bool moved_ = false;
    bool fitted_ = true;
    bool spaceHeld_ = false;
};

} // namespace cc::ui
