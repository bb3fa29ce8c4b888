#include "ui/timeline/timeline_view.h"

#include "ui/util/text.h"

#include <QCursor>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

namespace cc::ui {

namespace {
constexpr int kClickSlop = 4;
constexpr int kHistorySettleMs = 400;
} // namespace

TimelineView::TimelineView(QWidget* parent) : QWidget(parent), history_(new ZoomHistory(this))
{
    setObjectName(QStringLiteral("timelineView"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(false);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setAccessibleName(tr("Timeline"));
    scrollBar_ = new QScrollBar(Qt::Vertical, this);
    scrollBar_->hide();
    connect(scrollBar_, &QScrollBar::valueChanged, this, [this](int value) {
        scrollY_ = value;
        update();
    });
    historyTimer_.setSingleShot(true);
    historyTimer_.setInterval(kHistorySettleMs);
    connect(&historyTimer_, &QTimer::timeout, this, [this]() { history_->push(scale_.visible()); });
    connect(history_, &ZoomHistory::navigate, this, [this](const VisibleRange& range) {
        historyTimer_.stop();
        fitted_ = false;
        scale_.setVisible(range);
        scaleChanged();
    });
    updateScaleWidth();
}

QSize TimelineView::sizeHint() const
{
    return {900, 400};
}
QSize TimelineView::minimumSizeHint() const
{
    return {style_.labelWidth + 100, style_.axisHeight + 40};
}

void TimelineView::setData(std::shared_ptr<const TimelineData> data, bool keepRange)
{
    const VisibleRange previous = scale_.visible();
    const bool hadData = data_ != nullptr;
    data_ = std::move(data);
    overlay_.currentTailWindow = -1;
    overlay_.selectedEvent.reset();
    overlay_.hits.reset(); // matched against the previous data; the panel searches the new one
    if (data_) {
        // The whole extent of what is drawn: issue times and, once replayed, every completion.
        scale_.setBounds(data_->begin, std::max(data_->end, data_->begin + kMinVisibleSpan));
    }
    updateScaleWidth();
    bool selectionDropped = false;
    const bool keep = keepRange && hadData;
    if (keep && !fitted_) {
        scale_.setVisible(previous);
        history_->push(scale_.visible());
    } else {
        // New data, or the same trace replayed again while the user had not moved the view:
        // show all of it (a replay reaches far beyond the issue times it replaced).
        historyTimer_.stop();
        scale_.fitAll();
        fitted_ = true;
        if (keep) {
            history_->push(scale_.visible());
        } else {
            history_->reset(scale_.visible());
        }
    }
    if (!keep) {
        // A selected range belongs to the data it was dragged over: another trace has other times.
        selectionDropped = overlay_.selection.has_value();
        overlay_.selection.reset();
    }
    updateScrollBar();
    emit currentTailWindowChanged(-1);
    if (selectionDropped) {
        emit selectionCleared();
    }
    scaleChanged();
}

void TimelineView::setVisibleRange(const VisibleRange& range, bool record)
{
    historyTimer_.stop();
    fitted_ = false;
    scale_.setVisible(range);
    if (record) {
        history_->push(scale_.visible());
    }
    scaleChanged();
}

void TimelineView::zoomBy(double factor)
{
    scale_.zoomAt(scale_.width() / 2.0, factor);
    fitted_ = false;
    scheduleHistoryRecord();
    scaleChanged();
}

void TimelineView::fitAll()
{
    historyTimer_.stop();
    scale_.fitAll();
    fitted_ = true;
    history_->push(scale_.visible());
    scaleChanged();
}

void TimelineView::zoomToSelection()
{
    if (!overlay_.selection) {
        return;
    }
    const VisibleRange range = *overlay_.selection;
    setSelection(std::nullopt);
    setVisibleRange(range);
}

void TimelineView::setSelectedEvent(std::optional<std::uint32_t> event)
{
    if (overlay_.selectedEvent == event) {
        return;
    }
    overlay_.selectedEvent = event;
    update();
    emit eventSelected(event ? static_cast<qint64>(*event) : -1);
}

void TimelineView::setSelection(std::optional<VisibleRange> range)
{
    overlay_.selection = range;
    update();
    if (range) {
        emit rangeSelected(range->begin, range->end);
    } else {
        emit selectionCleared();
    }
}

void TimelineView::setCurrentTailWindow(int index, bool zoom)
{
    if (!data_ || index < -1 || index >= static_cast<int>(data_->tailWindows.size())) {
        return;
    }
    overlay_.currentTailWindow = index;
    if (index >= 0 && zoom) {
        const TailWindow& w = data_->tailWindows[static_cast<std::size_t>(index)];
        const double span = std::max(static_cast<double>(w.end - w.begin), 1000.0);
        setVisibleRange({static_cast<double>(w.begin) - span * 0.5, static_cast<double>(w.end) + span * 0.5});
    }
    update();
    emit currentTailWindowChanged(index);
}

bool TimelineView::nextTailWindow()
{
    if (!data_ || data_->tailWindows.empty()) {
        return false;
    }
    const auto& windows = data_->tailWindows;
    int next;
    if (overlay_.currentTailWindow >= 0) {
        next = overlay_.currentTailWindow + 1;
    } else {
        const double from = scale_.begin();
        next = static_cast<int>(
            std::lower_bound(windows.begin(), windows.end(), from,
                             [](const TailWindow& w, double t) { return static_cast<double>(w.begin) < t; }) -
            windows.begin());
    }
    if (next >= static_cast<int>(windows.size())) {
        return false;
    }
    setCurrentTailWindow(next);
    return true;
}

bool TimelineView::previousTailWindow()
{
    if (!data_ || data_->tailWindows.empty()) {
        return false;
    }
    const auto& windows = data_->tailWindows;
    int previous;
    if (overlay_.currentTailWindow >= 0) {
        previous = overlay_.currentTailWindow - 1;
    } else {
        const double from = scale_.end();
        previous = static_cast<int>(
                       std::lower_bound(windows.begin(), windows.end(), from,
                                        [](const TailWindow& w, double t) { return static_cast<double>(w.end) < t; }) -
                       windows.begin()) -
                   1;
    }
    if (previous < 0) {
        return false;
    }
    setCurrentTailWindow(previous);
    return true;
}

void TimelineView::setTailWindowsShown(bool shown)
{
    overlay_.showTailWindows = shown;
    update();
}

void TimelineView::setSearchHits(std::shared_ptr<const SearchHits> hits)
{
    overlay_.hits = std::move(hits);
    update();
}

void TimelineView::setHighlightAll(bool on)
{
    overlay_.highlightAll = on;
    update();
}

void TimelineView::revealEvent(std::uint32_t event)
{
    if (!data_ || event >= data_->eventCount) {
        return;
    }
    setSelectedEvent(event);
    for (std::size_t lane = 0; lane < data_->lanes.size(); ++lane) {
        const auto& events = data_->lanes[lane].events;
        const auto k = std::lower_bound(events.begin(), events.end(), event);
        if (k != events.end() && *k == event) {
            const int top = style_.laneTop(static_cast<int>(lane), 0) - style_.axisHeight;
            const int visible = height() - style_.axisHeight;
            if (top < scrollY_ || top + style_.laneHeight > scrollY_ + visible) {
                setScrollY(top - visible / 2);
            }
            break;
        }
    }
    const auto begin = static_cast<double>(data_->issueOf(event));
    const auto end = static_cast<double>(data_->endOf(event));
    const double span = scale_.end() - scale_.begin();
    if (end - begin > 0.8 * span) {
        setVisibleRange({begin - (end - begin) * 0.25, end + (end - begin) * 0.25});
    } else {
        historyTimer_.stop();
        scale_.centreOn((begin + end) / 2.0);
        fitted_ = false;
        history_->push(scale_.visible());
        scaleChanged();
    }
}

void TimelineView::setScrollY(int y)
{
    scrollBar_->setValue(y);
}

int TimelineView::laneAt(int y) const
{
    return data_ ? style_.laneAt(y, scrollY_, static_cast<int>(data_->lanes.size())) : -1;
}

double TimelineView::xOf(double time) const
{
    return style_.labelWidth + scale_.toX(time);
}

void TimelineView::setBanner(const QString& text)
{
    overlay_.banner = text;
    update();
}

void TimelineView::updateScaleWidth()
{
    const int scrollWidth = scrollBar_->isVisible() ? scrollBar_->sizeHint().width() : 0;
    scale_.setWidth(std::max(1, width() - style_.labelWidth - scrollWidth));
}

void TimelineView::fitLaneHeight()
{
    // Few lanes get taller rows (up to 64 px), many lanes scroll at 22 px.
    const int lanes = data_ ? std::max<int>(1, static_cast<int>(data_->lanes.size())) : 1;
    const int available = height() - style_.axisHeight - style_.laneGap;
    style_.laneHeight = std::clamp(available / lanes - style_.laneGap, 22, 64);
}

void TimelineView::updateScrollBar()
{
    fitLaneHeight();
    const int lanes = data_ ? static_cast<int>(data_->lanes.size()) : 0;
    const int content = style_.contentHeight(lanes);
    const bool needed = content > height();
    const int barWidth = scrollBar_->sizeHint().width();
    scrollBar_->setGeometry(width() - barWidth, style_.axisHeight, barWidth, std::max(0, height() - style_.axisHeight));
    scrollBar_->setRange(0, std::max(0, content - height()));
    scrollBar_->setPageStep(std::max(1, height() - style_.axisHeight));
    scrollBar_->setSingleStep(style_.laneHeight + style_.laneGap);
    if (scrollBar_->isVisible() != needed) {
        scrollBar_->setVisible(needed);
        updateScaleWidth();
    }
    scrollY_ = scrollBar_->value();
}

void TimelineView::scaleChanged()
{
    update();
    emit visibleRangeChanged(scale_.begin(), scale_.end());
}

void TimelineView::scheduleHistoryRecord()
{
    historyTimer_.start();
}

void TimelineView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const int scrollWidth = scrollBar_->isVisible() ? scrollBar_->width() : 0;
    const QRect area(0, 0, width() - scrollWidth, height());
    if (!data_) {
        painter.fillRect(rect(), palette().window());
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                         tr("Open a trace (File ▸ Open, or drop a file here) to see its timeline."));
        return;
    }
    lastStats_ = TimelinePainter::paint(painter, area, *data_, scale_, style_, scrollY_, overlay_);
}

void TimelineView::resizeEvent(QResizeEvent*)
{
    updateScrollBar();
    updateScaleWidth();
    scaleChanged();
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    const QPoint angle = event->angleDelta();
    const double delta = angle.y() != 0 ? angle.y() : angle.x();
    if (event->modifiers() & Qt::ControlModifier) {
        scrollBar_->setValue(scrollBar_->value() - static_cast<int>(delta / 120.0 * scrollBar_->singleStep()));
        event->accept();
        return;
    }
    fitted_ = false;
    if (event->modifiers() & Qt::ShiftModifier) {
        scale_.panPixels(delta / 120.0 * scale_.width() / 10.0);
    } else {
        const double x = event->position().x() - style_.labelWidth;
        scale_.zoomAt(std::clamp(x, 0.0, static_cast<double>(scale_.width())), std::pow(1.0015, delta));
    }
    scheduleHistoryRecord();
    scaleChanged();
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    setFocus(Qt::MouseFocusReason);
    pressPos_ = event->position().toPoint();
    lastPos_ = pressPos_;
    moved_ = false;
    if (event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && spaceHeld_)) {
        drag_ = Drag::Pan;
        setCursor(Qt::ClosedHandCursor);
    } else if (event->button() == Qt::LeftButton || event->button() == Qt::RightButton) {
        drag_ = Drag::Select;
        selectAnchor_ = scale_.timeAt(pressPos_.x() - style_.labelWidth);
    }
    event->accept();
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    if ((pos - pressPos_).manhattanLength() > kClickSlop) {
        moved_ = true;
    }
    if (drag_ == Drag::Pan && moved_) {
        fitted_ = false;
        scale_.panPixels(pos.x() - lastPos_.x());
        if (pos.y() != lastPos_.y()) {
            scrollBar_->setValue(scrollBar_->value() - (pos.y() - lastPos_.y()));
        }
        scaleChanged();
    } else if (drag_ == Drag::Select && moved_) {
        const double now = scale_.timeAt(pos.x() - style_.labelWidth);
        overlay_.selection = VisibleRange{std::min(selectAnchor_, now), std::max(selectAnchor_, now)};
        update();
    }
    lastPos_ = pos;
    event->accept();
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    const Drag drag = drag_;
    drag_ = Drag::None;
    if (spaceHeld_) {
        setCursor(Qt::OpenHandCursor);
    } else {
        unsetCursor();
    }
    if (drag == Drag::Pan && moved_) {
        history_->push(scale_.visible());
    } else if (drag == Drag::Select && moved_ && overlay_.selection) {
        setSelection(overlay_.selection);
    } else if (!moved_ && event->button() == Qt::LeftButton) {
        setSelectedEvent(eventAtPos(event->position().toPoint()));
    } else if (!moved_ && event->button() == Qt::RightButton) {
        setSelection(std::nullopt);
    }
    event->accept();
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent* event)
{
    const double time = scale_.timeAt(event->position().x() - style_.labelWidth);
    if (overlay_.selection && time >= overlay_.selection->begin && time <= overlay_.selection->end) {
        zoomToSelection();
    } else if (event->button() == Qt::LeftButton) {
        scale_.zoomAt(event->position().x() - style_.labelWidth, 2.0);
        fitted_ = false;
        history_->push(scale_.visible());
        scaleChanged();
    }
    event->accept();
}

double TimelineView::keyboardAnchor() const
{
    const double x = mapFromGlobal(QCursor::pos()).x() - style_.labelWidth;
    const int y = mapFromGlobal(QCursor::pos()).y();
    if (x >= 0 && x < scale_.width() && y >= 0 && y < height()) {
        return x;
    }
    return scale_.width() / 2.0;
}

void TimelineView::setSpaceHeld(bool held)
{
    spaceHeld_ = held;
    if (drag_ == Drag::None) {
        if (held) {
            setCursor(Qt::OpenHandCursor);
        } else {
            unsetCursor();
        }
    }
}

void TimelineView::keyPressEvent(QKeyEvent* event)
{
    // W/S zoom by the same step as the zoom actions; A/D pan an eighth of the view, as the arrows.
    constexpr double kKeyZoom = 1.5;
    auto pan = [this](double pixels) {
        fitted_ = false;
        scale_.panPixels(pixels);
        scheduleHistoryRecord();
        scaleChanged();
    };
    auto zoom = [this](double factor) {
        fitted_ = false;
        scale_.zoomAt(keyboardAnchor(), factor);
        scheduleHistoryRecord();
        scaleChanged();
    };
    const bool plain = (event->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier;
    switch (event->key()) {
    case Qt::Key_Space:
        if (!event->isAutoRepeat()) {
            setSpaceHeld(true);
        }
        event->accept();
        return;
    case Qt::Key_W:
        if (plain) {
            zoom(kKeyZoom);
            return;
        }
        break;
    case Qt::Key_S:
        if (plain) {
            zoom(1.0 / kKeyZoom);
            return;
        }
        break;
    case Qt::Key_A:
        if (plain) {
            pan(scale_.width() / 8.0);
            return;
        }
        break;
    case Qt::Key_D:
        if (plain) {
            pan(-scale_.width() / 8.0);
            return;
        }
        break;
    case Qt::Key_Left:
        pan(scale_.width() / 8.0);
        return;
    case Qt::Key_Right:
        pan(-scale_.width() / 8.0);
        return;
    case Qt::Key_Up:
        scrollBar_->setValue(scrollBar_->value() - scrollBar_->singleStep());
        return;
    case Qt::Key_Down:
        scrollBar_->setValue(scrollBar_->value() + scrollBar_->singleStep());
        return;
    case Qt::Key_Escape:
        if (overlay_.selection) {
            setSelection(std::nullopt);
            return;
        }
        if (overlay_.selectedEvent) {
            setSelectedEvent(std::nullopt);
            return;
        }
        break;
    default:
        break;
    }
    QWidget::keyPressEvent(event);
}

void TimelineView::keyReleaseEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        setSpaceHeld(false);
        event->accept();
        return;
    }
    QWidget::keyReleaseEvent(event);
}

void TimelineView::focusOutEvent(QFocusEvent* event)
{
    setSpaceHeld(false); // the release goes elsewhere
    QWidget::focusOutEvent(event);
}

std::optional<std::uint32_t> TimelineView::eventAtPos(const QPoint& pos) const
{
    const int lane = laneAt(pos.y());
    if (!data_ || lane < 0 || pos.x() < style_.labelWidth) {
        return std::nullopt;
    }
    const double time = scale_.timeAt(pos.x() - style_.labelWidth);
    return TimelinePainter::eventAt(data_->lanes[static_cast<std::size_t>(lane)], time, 4.0 * scale_.nsPerPixel());
}

QString TimelineView::toolTipAt(const QPoint& pos) const
{
    const auto event = eventAtPos(pos);
    if (!event || !data_->trace) {
        return {};
    }
    const cc::Trace& trace = *data_->trace;
    const std::uint32_t i = *event;
    QString text =
        tr("<b>%1</b> %2<br>issued at %3")
            .arg(qs(trace.opName(i)).toHtmlEscaped(), formatBytes(trace.bytes[i]), formatDuration(data_->issueOf(i)));
    if (!trace.id(i).empty()) {
        text += tr("<br>id %1").arg(qs(trace.id(i)).toHtmlEscaped());
    }
    if (data_->replayed()) {
        const EventTimings& t = *data_->timings;
        text += tr("<br>latency %1 (rank wait %2, queue wait %3) under %4")
                    .arg(formatDuration(t.latency[i]), formatDuration(t.rankWait(i)), formatDuration(t.queueWait[i]),
                         t.configuration.toHtmlEscaped());
    } else {
        text += tr("<br>no replay yet: drawn at its issue time");
    }
    return text;
}

bool TimelineView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

} // namespace cc::ui
