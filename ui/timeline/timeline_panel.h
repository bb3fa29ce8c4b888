// The timeline as the workbench shows it: a header (configuration, lane mode, tail windows,
// legend), the TimelineView, and the widgets that belong to it in docks: the list of tail
// windows sorted by cost, the details of the clicked event and the statistics of a dragged
// range. It keeps the drawn data in step with the ReplayController, preparing every new
// TimelineData on a worker thread (job slot "timeline", so a newer request supersedes).
//
// Its actions are shared (menu, toolbar, shortcuts): zoom in/out/fit, zoom back/forward (the
// ZoomHistory's), zoom to selection, next/previous tail window (N / P), find (Ctrl+F: the search
// bar over the view, with a hit count, next/previous and highlight-all).
//
// The header never drives the window's minimum size: its status text elides (the full text is
// its tooltip), so a long status cannot squeeze the docks beside the timeline.
#pragma once

#include "ui/jobs/job_runner.h"
#include "ui/replay/replay_controller.h"
#include "ui/timeline/event_details.h"
#include "ui/timeline/range_statistics.h"
#include "ui/timeline/tail_window_model.h"
#include "ui/timeline/timeline_view.h"

#include <QWidget>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QToolButton;
class QSortFilterProxyModel;
class QTableView;

namespace cc::ui {

class TimelinePanel : public QWidget {
    Q_OBJECT
public:
    TimelinePanel(JobRunner* runner, ReplayController* replay, QWidget* parent = nullptr);

    TimelineView* view() const { return view_; }
    TailWindowModel* tailModel() const { return tailModel_; }
    QSortFilterProxyModel* tailProxy() const { return tailProxy_; }
    QTableView* tailWindowList() const { return tailList_; }
    EventDetailsWidget* details() const { return details_; }
    QWidget* rangeStatistics() const { return rangeWidget_; }
    PropertyModel* rangeModel() const { return rangeModel_; }
    /// The header's status text (configuration, tail windows); elided when long.
    QLabel* statusLabel() const { return status_; }

    /// The search bar (hidden until Ctrl+F) and its parts.
    QWidget* searchBar() const { return searchBar_; }
    QLineEdit* searchField() const { return searchField_; }
    QLabel* searchStatus() const { return searchStatus_; }
    QCheckBox* highlightAllToggle() const { return highlightAll_; }
    /// Runs a search (as typing it in the bar does); the hits arrive with searchFinished.
    void search(const QString& text);
    /// The hits of the current search (nullptr when none ran) and the current one (-1: none).
    const std::shared_ptr<const SearchHits>& searchHits() const { return view_->searchHits(); }
    int currentHit() const { return currentHit_; }
    bool nextHit();
    bool previousHit();

    LaneMode laneMode() const { return laneMode_; }
    void setLaneMode(LaneMode mode);
    /// True while a timeline is being prepared.
    bool isBuilding() const { return runner_->isActive(buildJob_); }

    struct Actions {
        QAction* zoomIn = nullptr;
        QAction* zoomOut = nullptr;
        QAction* zoomFit = nullptr;
        QAction* zoomBack = nullptr;
        QAction* zoomForward = nullptr;
        QAction* zoomSelection = nullptr;
        QAction* nextTail = nullptr;
        QAction* previousTail = nullptr;
        QAction* showTails = nullptr;
        QAction* find = nullptr;
        QAction* findNext = nullptr;
        QAction* findPrevious = nullptr;
    };
    const Actions& actions() const { return actions_; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    /// A new TimelineData is on screen.
    void timelineReady();
    /// A search finished (also when it matched nothing or the query was refused).
    void searchFinished();

private:
    void createActions();
    void rebuild(bool keepRange);
    void updateHeader();
    void updateConfigurations();
    void showDetails();
    void computeRangeStatistics(double begin, double end);
    void clearRangeStatistics();
    static QString rangeHintText();
    void activateTailRow(const QModelIndex& proxyIndex);
    void fitTailColumns();
    void createSearchBar();
    void showHit(int index);
    void updateSearchStatus();
    void closeSearch();

    JobRunner* runner_;
    ReplayController* replay_;
    TimelineView* view_;
    QComboBox* configCombo_;
    QComboBox* laneCombo_;
    QLabel* status_;
    QLabel* legend_;
    TailWindowModel* tailModel_;
    QSortFilterProxyModel* tailProxy_;
    QTableView* tailList_;
    EventDetailsWidget* details_;
    PropertyModel* rangeModel_;
    QWidget* rangeWidget_;
    QLabel* rangeHint_;
    Actions actions_;
    LaneMode laneMode_ = LaneMode::Resource;
    JobId buildJob_ = 0;
    std::shared_ptr<const cc::Trace> shownTrace_;
    QWidget* searchBar_ = nullptr;
    QLineEdit* searchField_ = nullptr;
    QLabel* searchStatus_ = nullptr;
    QCheckBox* highlightAll_ = nullptr;
    QString searchError_;
    int currentHit_ = -1;
};

} // namespace cc::ui
