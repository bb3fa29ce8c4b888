#include "ui/timeline/timeline_panel.h"

#include "ui/util/column_fit.h"
#include "ui/util/text.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <set>

namespace cc::ui {

namespace {

/// A one-line label that elides instead of asking for room: its size hints do not follow its
/// text, so a longer status never widens the timeline and squeezes the docks beside it.
class ElidingLabel : public QLabel {
public:
    using QLabel::QLabel;
    QSize minimumSizeHint() const override { return {0, QLabel::minimumSizeHint().height()}; }
    QSize sizeHint() const override { return {fontMetrics().averageCharWidth() * 24, QLabel::sizeHint().height()}; }

protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter painter(this);
        const QRect area = contentsRect();
        painter.setPen(palette().color(foregroundRole()));
        painter.drawText(area, Qt::AlignVCenter | Qt::AlignLeft,
                         fontMetrics().elidedText(text(), Qt::ElideRight, area.width()));
    }
};

} // namespace

TimelinePanel::TimelinePanel(JobRunner* runner, ReplayController* replay, QWidget* parent)
    : QWidget(parent), runner_(runner), replay_(replay)
{
    setObjectName(QStringLiteral("timelinePanel"));
    view_ = new TimelineView(this);
    createActions();

    configCombo_ = new QComboBox(this);
    configCombo_->setObjectName(QStringLiteral("timelineConfiguration"));
    configCombo_->setToolTip(tr("The configuration whose simulated timing the timeline draws"));
    laneCombo_ = new QComboBox(this);
    laneCombo_->setObjectName(QStringLiteral("timelineLanes"));
    laneCombo_->addItem(tr("per scheduler resource"), static_cast<int>(LaneMode::Resource));
    laneCombo_->addItem(tr("per process group"), static_cast<int>(LaneMode::Group));
    laneCombo_->addItem(tr("per rank"), static_cast<int>(LaneMode::Rank));
    status_ = new ElidingLabel(this);
    status_->setObjectName(QStringLiteral("timelineStatus"));
    status_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    legend_ = new QLabel(this);
    legend_->setTextFormat(Qt::RichText);
    // The legend wraps rather than widening the window when a trace has many operation kinds.
    legend_->setWordWrap(true);
    legend_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    auto* header = new QHBoxLayout;
    header->setContentsMargins(6, 4, 6, 0);
    header->addWidget(new QLabel(tr("Configuration:"), this));
    header->addWidget(configCombo_);
    header->addSpacing(12);
    header->addWidget(new QLabel(tr("Lanes:"), this));
    header->addWidget(laneCombo_);
    header->addSpacing(12);
    auto* tailsButton = new QToolButton(this);
    tailsButton->setDefaultAction(actions_.showTails);
    tailsButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    header->addWidget(tailsButton);
    header->addSpacing(12);
    header->addWidget(status_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(header);
    createSearchBar();
    layout->addWidget(searchBar_);
    legend_->setContentsMargins(6, 0, 6, 0);
    layout->addWidget(legend_);
    layout->addWidget(view_, 1);

    // Tail window list, most expensive first.
    tailModel_ = new TailWindowModel(this);
    tailProxy_ = new QSortFilterProxyModel(this);
    tailProxy_->setSourceModel(tailModel_);
    tailProxy_->setSortRole(TailWindowModel::SortRole);
    tailProxy_->sort(TailWindowModel::CostColumn, Qt::DescendingOrder);
    tailList_ = new QTableView;
    tailList_->setObjectName(QStringLiteral("tailWindowList"));
    tailList_->setModel(tailProxy_);
    tailList_->setSortingEnabled(true);
    tailList_->sortByColumn(TailWindowModel::CostColumn, Qt::DescendingOrder);
    tailList_->setSelectionBehavior(QAbstractItemView::SelectRows);
    tailList_->setSelectionMode(QAbstractItemView::SingleSelection);
    tailList_->verticalHeader()->hide();
    // The columns are fitted to the dock (fitTailColumns), never wider, so the list never scrolls
    // sideways; a column the width leaves out is in every row's tooltip.
    tailList_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    tailList_->horizontalHeader()->setStretchLastSection(false);
    tailList_->horizontalHeader()->setMinimumSectionSize(24);
    tailList_->viewport()->installEventFilter(this);
    connect(tailProxy_, &QAbstractItemModel::modelReset, this, &TimelinePanel::fitTailColumns);
    connect(tailProxy_, &QAbstractItemModel::layoutChanged, this, &TimelinePanel::fitTailColumns);
    connect(tailProxy_, &QAbstractItemModel::rowsInserted, this, &TimelinePanel::fitTailColumns);
    connect(tailProxy_, &QAbstractItemModel::dataChanged, this, &TimelinePanel::fitTailColumns);
    tailList_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    connect(tailList_, &QTableView::activated, this, &TimelinePanel::activateTailRow);
    connect(tailList_, &QTableView::clicked, this, &TimelinePanel::activateTailRow);

    details_ = new EventDetailsWidget;
    details_->setObjectName(QStringLiteral("eventDetails"));

    rangeModel_ = new PropertyModel(this);
    rangeWidget_ = new QWidget;
    rangeWidget_->setObjectName(QStringLiteral("rangeStatistics"));
    rangeHint_ = new QLabel(rangeHintText(), rangeWidget_);
    rangeHint_->setWordWrap(true);
    auto* rangeView = new QTableView(rangeWidget_);
    rangeView->setModel(rangeModel_);
    rangeView->verticalHeader()->hide();
    rangeView->horizontalHeader()->setStretchLastSection(true);
    rangeView->setSelectionMode(QAbstractItemView::NoSelection);
    rangeView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    auto* rangeLayout = new QVBoxLayout(rangeWidget_);
    rangeLayout->setContentsMargins(4, 4, 4, 4);
    rangeLayout->addWidget(rangeHint_);
    rangeLayout->addWidget(rangeView, 1);

    connect(configCombo_, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0) {
            replay_->setCurrentConfiguration(index);
        }
    });
    connect(laneCombo_, &QComboBox::currentIndexChanged, this,
            [this](int) { setLaneMode(static_cast<LaneMode>(laneCombo_->currentData().toInt())); });
    connect(replay_, &ReplayController::configSetChanged, this, &TimelinePanel::updateConfigurations);
    connect(replay_, &ReplayController::canaryChanged, this, &TimelinePanel::showDetails);
    connect(replay_, &ReplayController::canaryReplayChanged, this, &TimelinePanel::showDetails);
    connect(replay_, &ReplayController::currentChanged, this, [this]() {
        const bool newTrace = replay_->trace() != shownTrace_;
        if (newTrace || replay_->current().valid()) {
            rebuild(!newTrace);
        }
        updateHeader();
    });
    connect(replay_, &ReplayController::currentConfigurationChanged, this, [this](int index) {
        if (configCombo_->currentIndex() != index) {
            configCombo_->setCurrentIndex(index);
        }
        rebuild(true);
    });
    connect(view_, &TimelineView::eventSelected, this, &TimelinePanel::showDetails);
    connect(view_, &TimelineView::rangeSelected, this, &TimelinePanel::computeRangeStatistics);
    connect(view_, &TimelineView::selectionCleared, this, [this]() {
        actions_.zoomSelection->setEnabled(false);
        runner_->cancelSlot(QStringLiteral("range-statistics"));
    });
    connect(view_, &TimelineView::currentTailWindowChanged, this, [this](int index) {
        tailModel_->setCurrent(index);
        if (index >= 0) {
            const QModelIndex proxy = tailProxy_->mapFromSource(tailModel_->index(index, 0));
            tailList_->selectRow(proxy.row());
            tailList_->scrollTo(proxy);
        }
        updateHeader();
    });
    updateConfigurations();
    updateHeader();
}

void TimelinePanel::createActions()
{
    auto make = [this](const QString& icon, const QString& text, const QKeySequence& key, const QString& tip) {
        auto* action = new QAction(text, this);
        if (!icon.isEmpty()) {
            action->setIcon(QIcon(QStringLiteral(":/icons/%1.svg").arg(icon)));
        }
        if (!key.isEmpty()) {
            action->setShortcut(key);
        }
        action->setToolTip(tip);
        action->setShortcutContext(Qt::WindowShortcut);
        addAction(action);
        return action;
    };
    actions_.zoomIn =
        make(QStringLiteral("zoom-in"), tr("Zoom &In"), QKeySequence(Qt::Key_Plus), tr("Zoom in around the centre"));
    actions_.zoomIn->setShortcuts({QKeySequence(Qt::Key_Plus), QKeySequence(Qt::Key_Equal), QKeySequence::ZoomIn});
    actions_.zoomOut = make(QStringLiteral("zoom-out"), tr("Zoom &Out"), QKeySequence(Qt::Key_Minus),
                            tr("Zoom out around the centre"));
    actions_.zoomOut->setShortcuts({QKeySequence(Qt::Key_Minus), QKeySequence::ZoomOut});
    actions_.zoomFit =
        make(QStringLiteral("zoom-fit"), tr("Show &Everything"), QKeySequence(Qt::Key_0), tr("Fit the whole trace"));
    actions_.zoomSelection = make(QStringLiteral("zoom-selection"), tr("Zoom to &Selection"), QKeySequence(Qt::Key_Z),
                                  tr("Zoom to the dragged range"));
    actions_.zoomSelection->setEnabled(false);
    actions_.nextTail = make(QStringLiteral("tail-next"), tr("&Next Tail Window"), QKeySequence(Qt::Key_N),
                             tr("Centre and zoom the next tail window"));
    actions_.previousTail = make(QStringLiteral("tail-previous"), tr("&Previous Tail Window"), QKeySequence(Qt::Key_P),
                                 tr("Centre and zoom the previous tail window"));
    actions_.showTails = make(QString(), tr("Tail windows"), QKeySequence(Qt::Key_T), tr("Highlight the tail windows"));
    actions_.showTails->setCheckable(true);
    actions_.showTails->setChecked(true);
    actions_.zoomBack = view_->history()->backAction();
    actions_.zoomForward = view_->history()->forwardAction();
    addAction(actions_.zoomBack);
    addAction(actions_.zoomForward);

    connect(actions_.zoomIn, &QAction::triggered, view_, [this]() { view_->zoomBy(1.5); });
    connect(actions_.zoomOut, &QAction::triggered, view_, [this]() { view_->zoomBy(1.0 / 1.5); });
    connect(actions_.zoomFit, &QAction::triggered, view_, &TimelineView::fitAll);
    connect(actions_.zoomSelection, &QAction::triggered, view_, &TimelineView::zoomToSelection);
    connect(actions_.nextTail, &QAction::triggered, view_, &TimelineView::nextTailWindow);
    connect(actions_.previousTail, &QAction::triggered, view_, &TimelineView::previousTailWindow);
    connect(actions_.showTails, &QAction::toggled, view_, &TimelineView::setTailWindowsShown);

    actions_.find = make(QString(), tr("&Find Events…"), QKeySequence(QKeySequence::Find),
                         tr("Find events by operation, group, rank, size, id or phase"));
    actions_.findNext =
        make(QString(), tr("Find &Next"), QKeySequence(QKeySequence::FindNext), tr("Go to the next match"));
    actions_.findPrevious =
        make(QString(), tr("Find Pre&vious"), QKeySequence(QKeySequence::FindPrevious), tr("Go to the previous match"));
    connect(actions_.find, &QAction::triggered, this, [this]() {
        searchBar_->show();
        searchField_->setFocus(Qt::ShortcutFocusReason);
        searchField_->selectAll();
    });
    connect(actions_.findNext, &QAction::triggered, this, &TimelinePanel::nextHit);
    connect(actions_.findPrevious, &QAction::triggered, this, &TimelinePanel::previousHit);
}

void TimelinePanel::createSearchBar()
{
    searchBar_ = new QWidget(this);
    searchBar_->setObjectName(QStringLiteral("timelineSearchBar"));
    searchField_ = new QLineEdit(searchBar_);
    searchField_->setObjectName(QStringLiteral("timelineSearchField"));
    searchField_->setClearButtonEnabled(true);
    searchField_->setPlaceholderText(tr("op:all_reduce group:tp rank:0-7 size:1MiB-16MiB id:… phase:…"));
    searchField_->setToolTip(
        tr("Every term must hold. op, group, phase and id match a part of the text; rank takes a number or "
           "a range (0-7); size takes bytes with a unit, a range (1MiB-16MiB) or a bound (>=4KiB). A word "
           "without a field matches the operation, group, phase or id."));
    auto* previous = new QToolButton(searchBar_);
    previous->setDefaultAction(actions_.findPrevious);
    previous->setText(tr("Previous"));
    previous->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto* next = new QToolButton(searchBar_);
    next->setDefaultAction(actions_.findNext);
    next->setText(tr("Next"));
    next->setToolButtonStyle(Qt::ToolButtonTextOnly);
    highlightAll_ = new QCheckBox(tr("Highlight all"), searchBar_);
    highlightAll_->setChecked(true);
    searchStatus_ = new ElidingLabel(searchBar_);
    searchStatus_->setObjectName(QStringLiteral("timelineSearchStatus"));
    searchStatus_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto* close = new QToolButton(searchBar_);
    close->setText(tr("Close"));
    close->setToolTip(tr("Close the search and clear its marks (Escape)"));
    auto* escape = new QAction(searchBar_);
    escape->setShortcut(QKeySequence(Qt::Key_Escape));
    escape->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    searchBar_->addAction(escape);

    auto* row = new QHBoxLayout(searchBar_);
    row->setContentsMargins(6, 0, 6, 0);
    row->addWidget(new QLabel(tr("Find:"), searchBar_));
    row->addWidget(searchField_, 3);
    row->addWidget(previous);
    row->addWidget(next);
    row->addWidget(highlightAll_);
    row->addWidget(searchStatus_, 2);
    row->addWidget(close);
    searchBar_->hide();

    connect(searchField_, &QLineEdit::textChanged, this, &TimelinePanel::search);
    connect(searchField_, &QLineEdit::returnPressed, this, &TimelinePanel::nextHit);
    auto* back = new QAction(searchField_); // Shift+Enter steps back, as in browsers and editors
    back->setShortcuts({QKeySequence(Qt::SHIFT | Qt::Key_Return), QKeySequence(Qt::SHIFT | Qt::Key_Enter)});
    back->setShortcutContext(Qt::WidgetShortcut);
    searchField_->addAction(back);
    connect(back, &QAction::triggered, this, &TimelinePanel::previousHit);
    connect(highlightAll_, &QCheckBox::toggled, view_, &TimelineView::setHighlightAll);
    connect(close, &QToolButton::clicked, this, &TimelinePanel::closeSearch);
    connect(escape, &QAction::triggered, this, &TimelinePanel::closeSearch);
}

void TimelinePanel::closeSearch()
{
    searchField_->clear(); // clears the marks through search("")
    searchBar_->hide();
    view_->setFocus(Qt::OtherFocusReason);
}

void TimelinePanel::search(const QString& text)
{
    if (searchField_->text() != text) {
        QSignalBlocker blocker(searchField_);
        searchField_->setText(text);
    }
    runner_->cancelSlot(QStringLiteral("search"));
    currentHit_ = -1;
    searchError_.clear();
    QString error;
    const auto query = parseSearchQuery(text, &error);
    const auto data = view_->data();
    if (!query || query->empty() || !data) {
        searchError_ = error;
        view_->setSearchHits(nullptr);
        updateSearchStatus();
        emit searchFinished();
        return;
    }
    runner_->run<std::shared_ptr<const SearchHits>>(
        QStringLiteral("search"), tr("Searching the timeline"),
        [data, q = *query](cc::Progress& progress) { return findEvents(*data, q, progress); }, this,
        [this, data](std::shared_ptr<const SearchHits> hits) {
            if (view_->data() != data) {
                return; // matched against data no longer shown; the new data's search follows
            }
            view_->setSearchHits(std::move(hits));
            currentHit_ = -1;
            updateSearchStatus();
            emit searchFinished();
        });
}

bool TimelinePanel::nextHit()
{
    const auto& hits = view_->searchHits();
    if (!hits || hits->events.empty()) {
        return false;
    }
    const int count = static_cast<int>(hits->size());
    int index = currentHit_ + 1;
    if (currentHit_ < 0) {
        index = static_cast<int>(hits->firstAtOrAfter(static_cast<Ns>(std::floor(view_->visibleRange().begin))));
    }
    showHit(index >= count ? 0 : index);
    return true;
}

bool TimelinePanel::previousHit()
{
    const auto& hits = view_->searchHits();
    if (!hits || hits->events.empty()) {
        return false;
    }
    const int count = static_cast<int>(hits->size());
    int index = currentHit_ - 1;
    if (currentHit_ < 0) {
        index = static_cast<int>(hits->firstAtOrAfter(static_cast<Ns>(std::ceil(view_->visibleRange().end)))) - 1;
    }
    showHit(index < 0 ? count - 1 : index);
    return true;
}

void TimelinePanel::showHit(int index)
{
    const auto& hits = view_->searchHits();
    if (!hits || index < 0 || index >= static_cast<int>(hits->size())) {
        return;
    }
    currentHit_ = index;
    view_->revealEvent(hits->events[static_cast<std::size_t>(index)]);
    updateSearchStatus();
}

void TimelinePanel::updateSearchStatus()
{
    const auto& hits = view_->searchHits();
    QPalette palette = searchStatus_->palette();
    palette.setColor(QPalette::WindowText,
                     searchError_.isEmpty() ? this->palette().color(QPalette::WindowText) : QColor(176, 0, 32));
    searchStatus_->setPalette(palette);
    QString text;
    if (!searchError_.isEmpty()) {
        text = searchError_;
    } else if (!hits) {
        text.clear();
    } else if (hits->events.empty()) {
        text = tr("no matches");
    } else if (currentHit_ >= 0) {
        text = tr("%1 of %2 matches")
                   .arg(formatCount(static_cast<std::uint64_t>(currentHit_) + 1), formatCount(hits->size()));
    } else {
        text = tr("%1 matches").arg(formatCount(hits->size()));
    }
    searchStatus_->setText(text);
    searchStatus_->setToolTip(text);
}

void TimelinePanel::setLaneMode(LaneMode mode)
{
    if (mode == laneMode_) {
        return;
    }
    laneMode_ = mode;
    const int index = laneCombo_->findData(static_cast<int>(mode));
    if (index >= 0 && laneCombo_->currentIndex() != index) {
        laneCombo_->setCurrentIndex(index);
    }
    rebuild(true);
}

void TimelinePanel::updateConfigurations()
{
    QSignalBlocker blocker(configCombo_);
    configCombo_->clear();
    if (const auto& set = replay_->configSet()) {
        for (const auto& config : set->configurations) {
            configCombo_->addItem(qs(config.name));
            configCombo_->setItemData(configCombo_->count() - 1, qs(config.description), Qt::ToolTipRole);
        }
    }
    configCombo_->setCurrentIndex(replay_->currentConfiguration());
}

void TimelinePanel::rebuild(bool keepRange)
{
    auto trace = replay_->trace();
    if (!trace) {
        runner_->cancelSlot(QStringLiteral("timeline"));
        shownTrace_.reset();
        view_->setData(nullptr);
        tailModel_->setTimeline(nullptr);
        details_->display(nullptr, {}, std::nullopt, 0);
        clearRangeStatistics();
        updateHeader();
        return;
    }
    const ReplayResult replay = replay_->current().request.trace == trace ? replay_->current() : ReplayResult{};
    const int configuration = replay_->currentConfiguration();
    TimelineBuildOptions options;
    options.mode = laneMode_;
    buildJob_ = runner_->run<std::shared_ptr<const TimelineData>>(
        QStringLiteral("timeline"), tr("Preparing the timeline"),
        [trace, replay, configuration, options](cc::Progress& progress) {
            return buildTimeline(trace, eventTimings(replay, configuration), options, progress);
        },
        this,
        [this, keepRange](std::shared_ptr<const TimelineData> data) {
            const bool sameTrace = data->trace == shownTrace_;
            const auto selected = view_->selectedEvent();
            shownTrace_ = data->trace;
            view_->setData(data, keepRange && sameTrace);
            view_->setBanner(data->replayed()
                                 ? QString()
                                 : tr("No replay yet: events are drawn at their issue time with a duration of 0"));
            tailModel_->setTimeline(data);
            if (sameTrace && selected) {
                view_->setSelectedEvent(selected);
            }
            // The range statistics describe the data on screen: recompute them for the kept
            // selection (a new replay, another configuration), drop them with another trace.
            if (const auto selection = view_->selection(); selection && sameTrace) {
                computeRangeStatistics(selection->begin, selection->end);
            } else {
                clearRangeStatistics();
            }
            showDetails();
            updateHeader();
            if (!searchField_->text().isEmpty()) {
                search(searchField_->text()); // the hits belong to the data they were matched on
            }
            legend_->setText([&]() {
                std::set<OpKind> kinds;
                if (data->trace) {
                    kinds.insert(data->trace->kind.begin(), data->trace->kind.end());
                }
                QString html;
                auto swatch = [&html](const QColor& color, const QString& label) {
                    html += QStringLiteral("<span style=\"background-color:%1\">&nbsp;&nbsp;&nbsp;&nbsp;</span>&nbsp;%2"
                                           "&nbsp;&nbsp;&nbsp;")
                                .arg(color.name(), label.toHtmlEscaped());
                };
                for (const OpKind kind : kinds) {
                    swatch(TimelineStyle::opColor(kind), qs(cc::opKindName(kind)));
                }
                if (data->replayed()) {
                    swatch(TimelineStyle::rankWaitColor(), tr("rank wait"));
                    swatch(TimelineStyle::queueWaitColor(), tr("queue wait"));
                    QColor tail = TimelineStyle::tailColor();
                    tail.setAlpha(90);
                    swatch(tail, tr("tail window"));
                }
                return html;
            }());
            emit timelineReady();
        });
}

void TimelinePanel::updateHeader()
{
    const auto& data = view_->data();
    if (!replay_->trace()) {
        status_->setText(tr("No trace loaded"));
        return;
    }
    QString text;
    if (!data || !data->replayed()) {
        text = replay_->isReplaying() ? tr("Replaying…") : tr("No replay yet");
    } else {
        text = tr("%1 · %2 · tail windows: %3 (latency at or above p99 = %4)")
                   .arg(data->configuration(), protocolLabel(replay_->current().request.protocol),
                        formatCount(data->tailWindows.size()), formatDuration(data->tailThreshold));
        if (view_->currentTailWindow() >= 0) {
            text += tr(" · window %1 selected").arg(view_->currentTailWindow() + 1);
        }
    }
    status_->setText(text);
    status_->setToolTip(text);
}

void TimelinePanel::showDetails()
{
    // A canary the controller follows was compiled from the shown trace (its source SHA-256 is
    // the trace's identity), so the trace's canonical indices are the canary's source indices.
    const CanaryContext canary{replay_->canary(), replay_->canaryName(), false};
    details_->display(replay_->trace(), replay_->current(), view_->selectedEvent(), replay_->currentConfiguration(),
                      canary, replay_->canaryReplay());
}

void TimelinePanel::computeRangeStatistics(double begin, double end)
{
    actions_.zoomSelection->setEnabled(true);
    const auto data = view_->data();
    if (!data) {
        return;
    }
    const auto from = static_cast<Ns>(std::floor(begin));
    const auto to = static_cast<Ns>(std::ceil(end));
    runner_->run<RangeStatistics>(
        QStringLiteral("range-statistics"), tr("Summarising the selected range"),
        [data, from, to](cc::Progress& progress) { return cc::ui::computeRangeStatistics(*data, from, to, progress); },
        this,
        [this, data](RangeStatistics stats) {
            if (view_->data() != data) {
                return; // computed for data no longer shown; the shown data's own job follows
            }
            rangeModel_->setRows(describeRangeStatistics(stats));
            // The headings ("Selected range", "Latency under …") must read whole at the dock's width.
            if (auto* table = rangeWidget_->findChild<QTableView*>()) {
                table->resizeColumnToContents(0);
            }
            rangeHint_->setText(tr("Statistics of the events issued in the selected range."));
        });
}

void TimelinePanel::clearRangeStatistics()
{
    runner_->cancelSlot(QStringLiteral("range-statistics"));
    rangeModel_->setRows({});
    rangeHint_->setText(rangeHintText());
}

QString TimelinePanel::rangeHintText()
{
    return tr("Drag across the timeline with the left mouse button to see the statistics of a range; "
              "double-click it or press Z to zoom in. Middle-drag or Space+drag pans, W/S zoom, A/D pan.");
}

void TimelinePanel::activateTailRow(const QModelIndex& proxyIndex)
{
    if (!proxyIndex.isValid()) {
        return;
    }
    const QModelIndex source = tailProxy_->mapToSource(proxyIndex);
    view_->setCurrentTailWindow(source.row());
}

bool TimelinePanel::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Resize && watched == tailList_->viewport()) {
        fitTailColumns();
    }
    return QWidget::eventFilter(watched, event);
}

void TimelinePanel::fitTailColumns()
{
    // By importance: when the window begins, what it cost, its worst latency, its tail and its
    // span, how many events, and the row number; each as wide as its widest figure or title, as
    // many as the width holds. What is left over is shared out.
    QHeaderView* header = tailList_->horizontalHeader();
    const int width = tailList_->viewport()->width();
    std::vector<int> widths(TailWindowModel::ColumnCount, 0);
    for (int c = 0; c < TailWindowModel::ColumnCount; ++c) {
        tailList_->setColumnHidden(c, false);
        widths[static_cast<std::size_t>(c)] =
            std::max(header->sectionSizeHint(c), static_cast<QAbstractItemView*>(tailList_)->sizeHintForColumn(c)) + 4;
    }
    const std::vector<int> fitted =
        fitColumnWidths(widths,
                        {TailWindowModel::BeginColumn, TailWindowModel::CostColumn, TailWindowModel::MaxLatencyColumn,
                         TailWindowModel::TailEventsColumn, TailWindowModel::SpanColumn, TailWindowModel::EventsColumn,
                         TailWindowModel::IndexColumn},
                        1, width);
    for (int c = 0; c < TailWindowModel::ColumnCount; ++c) {
        const int fit = fitted[static_cast<std::size_t>(c)];
        tailList_->setColumnHidden(c, fit == 0);
        if (fit > 0) {
            header->resizeSection(c, fit);
        }
    }
}

} // namespace cc::ui
