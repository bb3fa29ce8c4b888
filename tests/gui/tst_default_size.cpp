// The workbench as a user first meets it: the main window at its default size (1515×900, default
// docks) with a trace replayed, painted offscreen into build/<preset>/tests/screenshots/ so the
// pictures can be looked at; the capture panel's verdict and Launch button are visible without
// scrolling; chart axes are labelled in scaled units.
#include "gui_support.h"

#include "main_window_support.h"

#include "ui/artifacts/artifact_model.h"
#include "ui/capture/capture_panel.h"
#include "ui/distill/distill_controller.h"
#include "ui/distill/reduce_dialog.h"
#include "ui/distributions/distribution_panel.h"
#include "ui/shell/main_window.h"
#include "ui/timeline/event_details.h"
#include "ui/timeline/tail_window_model.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_view.h"

#include <QDockWidget>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTreeView>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtTest>

using namespace cc::ui;

namespace {

constexpr QSize kDefaultSize(1515, 900);

bool openAndReplay(MainWindow& window, const QStringList& paths)
{
    QSignalSpy opened(&window, &MainWindow::fileOpened);
    window.openFiles(paths);
    return QTest::qWaitFor(
        [&]() {
            const auto& data = window.timeline()->view()->data();
            return opened.size() == paths.size() && data && data->replayed() && !window.runner()->isBusy() &&
                   !window.distributions()->data().series.empty();
        },
        120000);
}

bool save(QWidget* widget, const QString& name)
{
    const QImage image = widget->grab().toImage();
    return cctest::looksPainted(image) && image.save(cctest::screenshotDir() + QLatin1Char('/') + name);
}

/// True when widget is shown and lies wholly inside the visible part of every scroll area above it.
bool visibleWithoutScrolling(QWidget* widget, QWidget* top)
{
    if (!widget->isVisibleTo(top)) {
        return false;
    }
    for (QWidget* parent = widget->parentWidget(); parent != nullptr && parent != top;
         parent = parent->parentWidget()) {
        const QRect inParent(widget->mapTo(parent, QPoint(0, 0)), widget->size());
        if (!parent->rect().contains(inParent)) {
            return false;
        }
    }
    return true;
}

/// Runs the Reduce dialog once on the active trace; returns the reduced canary's id (0 on failure).
ArtifactId reduceOnce(MainWindow& window)
{
    window.distill()->reduceAction()->trigger();
    DistillDialog* reduce = window.distill()->reduceDialog();
    QSignalSpy ended(reduce, &DistillDialog::jobEnded);
    reduce->runButton()->click();
    if (!QTest::qWaitFor([&]() { return !ended.isEmpty() && !window.runner()->isBusy(); }, 120000) ||
        reduce->lastOutcome() != JobRunner::Outcome::Succeeded) {
        return 0;
    }
    reduce->close();
    return reduce->resultArtifact();
}

/// The pixels of an index's cell as the view paints them.
QImage cellImage(QTreeView* view, const QModelIndex& index)
{
    return view->viewport()->grab(view->visualRect(index)).toImage();
}

} // namespace

class TestDefaultSize : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { cctest::isolateSettings(QStringLiteral("tst_default_size")); }

    void mainWindowWithATrace()
    {
        MainWindow window;
        window.resize(kDefaultSize);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAndReplay(window, {cctest::example(QStringLiteral("training.trace.json"))}));
        QTest::qWait(200);
        QVERIFY(save(&window, QStringLiteral("default-size-distributions.png")));

        // The chart axes speak in scaled units.
        QChart* cdf = window.distributions()->cdfChart();
        QCategoryAxis* x = nullptr;
        for (QAbstractAxis* axis : cdf->axes(Qt::Horizontal)) {
            if (axis->isVisible()) {
                x = qobject_cast<QCategoryAxis*>(axis);
            }
        }
        QVERIFY(x != nullptr);
        QVERIFY(!x->categoriesLabels().isEmpty());
        for (const QString& label : x->categoriesLabels()) {
            QVERIFY2(!label.contains(QLatin1String("e+")), qPrintable(label));
            QVERIFY2(label.endsWith(QLatin1String("s")), qPrintable(label));
        }
    }

    void aOneEventProfileStillHasTicks()
    {
        const QString profile = cctest::sharedDir() + QStringLiteral("/data/kineto/tracelens-b200-eager_trace.json.gz");
        if (!QFileInfo::exists(profile)) {
            QSKIP("the shared Kineto profiles are absent");
        }
        MainWindow window;
        window.resize(kDefaultSize);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAndReplay(window, {profile}));
        QCOMPARE(window.store()->activeTraceArtifact()->trace->size(), std::size_t(1));
        if (QWidget* notes = window.importNotesBox()) {
            notes->close();
        }
        QTest::qWait(200);
        QVERIFY(save(&window, QStringLiteral("default-size-one-event-profile.png")));
        for (QChart* chart : {window.distributions()->cdfChart(), window.distributions()->histogramChart()}) {
            int labelled = 0;
            for (QAbstractAxis* axis : chart->axes(Qt::Horizontal)) {
                if (auto* labels = qobject_cast<QCategoryAxis*>(axis); labels != nullptr && labels->isVisible()) {
                    labelled += static_cast<int>(labels->categoriesLabels().size());
                }
            }
            QVERIFY2(labelled >= 2, "a single sample must still get ticks");
        }
    }

    void canaryOverlayLegend()
    {
        QTemporaryDir dir;
        const QString trace = cctest::example(QStringLiteral("training.trace.json"));
        const QString canary = dir.filePath(QStringLiteral("training.canary.json"));
        QCOMPARE(cctest::runCli({QStringLiteral("compile"), trace, QStringLiteral("-o"), canary}).exitCode, 0);
        MainWindow window;
        window.resize(kDefaultSize);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAndReplay(window, {trace, canary}));
        DistributionPanel* panel = window.distributions();
        QVERIFY(QTest::qWaitFor(
            [&]() {
                return panel->data().series.size() >= 2 && panel->data().series[1].canary && !window.runner()->isBusy();
            },
            120000));
        QTest::qWait(300);
        QVERIFY(save(&window, QStringLiteral("default-size-canary-overlay.png")));

        // Each series once in the legend, every entry visible inside the chart.
        QChart* cdf = panel->cdfChart();
        QStringList names;
        for (QLegendMarker* marker : cdf->legend()->markers()) {
            if (marker->isVisible()) {
                names << marker->label();
            }
        }
        QCOMPARE(names.size(), static_cast<qsizetype>(panel->data().series.size()));
        QCOMPARE(QSet<QString>(names.begin(), names.end()).size(), names.size());
        const QRectF legend = cdf->legend()->geometry();
        QVERIFY2(cdf->rect().contains(legend), "the legend is cut by the chart");
        // Every entry's text lies inside the legend, none cut off at its edge.
        int texts = 0;
        std::function<void(QGraphicsItem*)> visit = [&](QGraphicsItem* item) {
            for (QGraphicsItem* child : item->childItems()) {
                if (child->isVisible() && (dynamic_cast<QGraphicsTextItem*>(child) != nullptr ||
                                           dynamic_cast<QGraphicsSimpleTextItem*>(child) != nullptr)) {
                    ++texts;
                    const QRectF box = child->sceneBoundingRect();
                    QVERIFY2(legend.adjusted(-1, -1, 1, 1).contains(box),
                             qPrintable(QStringLiteral("a legend entry at y %1..%2 is cut by the legend's %3..%4")
                                            .arg(box.top())
                                            .arg(box.bottom())
                                            .arg(legend.top())
                                            .arg(legend.bottom())));
                }
                visit(child);
            }
        };
        visit(cdf->legend());
        QVERIFY(texts >= names.size());
    }

    /// Two reductions of one trace are "x.reduced.canary.json" and "x.reduced.canary.json (2)": at
    /// the default size the browser must show them as different text, without horizontal
    /// scrolling, with the full name and where it lives in the tooltip. The bundled example is
    /// copied under a name as long as a real run's, so the names cannot fit whole.
    void siblingArtifactsLookDifferent()
    {
        QTemporaryDir dir;
        const QString trace = dir.filePath(QStringLiteral("training_jittered.tp4-pp2-dp4.step-1200.trace.json"));
        QVERIFY(QFile::copy(cctest::example(QStringLiteral("training_jittered.trace.json")), trace));
        MainWindow window;
        window.resize(kDefaultSize);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(cctest::openAll(window, {trace, cctest::defaultConfigs()}));
        QVERIFY(cctest::waitForReplay(window));
        const ArtifactId first = reduceOnce(window);
        const ArtifactId second = reduceOnce(window);
        QVERIFY(first != 0 && second != 0 && first != second);
        const QString firstName = window.store()->find(first)->name;
        const QString secondName = window.store()->find(second)->name;
        QCOMPARE(secondName, firstName + QStringLiteral(" (2)"));

        QTreeView* browser = window.artifactView();
        browser->setCurrentIndex(window.artifactModel()->indexOf(window.store()->activeTrace()));
        QTest::qWait(200);
        QVERIFY(save(&window, QStringLiteral("default-size-artifacts.png")));

        const QModelIndex a = window.artifactModel()->indexOf(first);
        const QModelIndex b = window.artifactModel()->indexOf(second);
        // Each cell lies wholly inside the visible area, so what is painted is what is seen.
        QCOMPARE(browser->horizontalScrollBar()->maximum(), 0);
        QVERIFY(browser->viewport()->rect().contains(browser->visualRect(a)));
        QVERIFY(browser->viewport()->rect().contains(browser->visualRect(b)));
        QVERIFY2(cellImage(browser, a) != cellImage(browser, b),
                 "the two reduced canaries are painted as the same text at the default size");
        // The name does not fit whole, so the tooltip carries it.
        QVERIFY(QFontMetrics(browser->font()).horizontalAdvance(secondName) > browser->columnWidth(0));
        QVERIFY(a.data(Qt::ToolTipRole).toString().startsWith(firstName + QLatin1Char('\n')));
        QVERIFY(b.data(Qt::ToolTipRole).toString().startsWith(secondName + QLatin1Char('\n')));
    }

    /// An event selected at the default size: its fields and its timing under every configuration
    /// read without horizontal scrolling; a value too long for the dock is elided and whole in its
    /// tooltip.
    void tailWindowsFitTheDock()
    {
        MainWindow window;
        window.resize(kDefaultSize);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAndReplay(window, {cctest::example(QStringLiteral("training.trace.json"))}));
        QTableView* list = window.timeline()->tailWindowList();
        QVERIFY(QTest::qWaitFor([&]() { return list->model()->rowCount() > 0; }, 20000));
        QTest::qWait(200);
        QVERIFY(list->isVisible());
        QVERIFY2(list->horizontalScrollBar()->maximum() == 0,
                 qPrintable(QStringLiteral("the tail window list scrolls sideways by %1 px")
                                .arg(list->horizontalScrollBar()->maximum())));
        // When a window begins and what it cost are always shown; every figure is in the row's tooltip.
        QVERIFY(!list->isColumnHidden(TailWindowModel::BeginColumn));
        QVERIFY(!list->isColumnHidden(TailWindowModel::CostColumn));
        const QString tip = list->model()->index(0, 0).data(Qt::ToolTipRole).toString();
        for (int c = TailWindowModel::BeginColumn; c < TailWindowModel::ColumnCount; ++c) {
            const QString figure = list->model()->index(0, c).data().toString();
            QVERIFY2(tip.contains(figure), qPrintable(tip + QStringLiteral(" lacks ") + figure));
        }
        // A shown column is wide enough for its widest figure: nothing is elided.
        for (int c = 0; c < TailWindowModel::ColumnCount; ++c) {
            if (!list->isColumnHidden(c)) {
                QVERIFY(list->columnWidth(c) >= static_cast<QAbstractItemView*>(list)->sizeHintForColumn(c));
            }
        }
    }

    void eventDetailsFitTheDock()
    {
        MainWindow window;
        window.resize(kDefaultSize);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAndReplay(window, {cctest::example(QStringLiteral("training.trace.json"))}));
        TimelineView* view = window.timeline()->view();
        QTest::keyClick(&window, Qt::Key_N);
        QVERIFY(view->currentTailWindow() >= 0);
        view->setSelectedEvent(
            view->data()->tailWindows[static_cast<std::size_t>(view->currentTailWindow())].firstEvent);
        EventDetailsWidget* details = window.timeline()->details();
        QVERIFY(QTest::qWaitFor([&]() { return details->timingModel()->rowCount() > 0; }, 20000));
        QTest::qWait(200);
        QVERIFY(save(&window, QStringLiteral("default-size-event-details.png")));

        QVERIFY(details->fieldsModel()->rowCount() > 10);
        QVERIFY(details->isVisible());
        for (QTableView* table : {details->fieldsView(), details->timingView()}) {
            QVERIFY2(table->horizontalScrollBar()->maximum() == 0,
                     qPrintable(QStringLiteral("%1 scrolls sideways by %2 px")
                                    .arg(table->objectName())
                                    .arg(table->horizontalScrollBar()->maximum())));
        }
        // The operation reads in full ("all_gather", not "all_re").
        const QModelIndex operation = details->fieldsModel()->index(
            static_cast<int>(
                std::find_if(details->fieldsModel()->rows().begin(), details->fieldsModel()->rows().end(),
                             [](const PropertyRow& row) { return row.label == QStringLiteral("Operation"); }) -
                details->fieldsModel()->rows().begin()),
            PropertyModel::ValueColumn);
        const QString op = operation.data().toString();
        QVERIFY(!op.isEmpty());
        const QRect cell = details->fieldsView()->visualRect(operation);
        QVERIFY(QFontMetrics(details->fieldsView()->font()).horizontalAdvance(op) < cell.width());
        // A timing column the width leaves out is in every row's tooltip, with the whole name.
        ConfigTimingModel* timings = details->timingModel();
        for (int c = 0; c < ConfigTimingModel::ColumnCount; ++c) {
            QVERIFY(
                timings->index(0, 0).data(Qt::ToolTipRole).toString().contains(timings->index(0, c).data().toString()));
        }
        QVERIFY(!details->timingView()->isColumnHidden(ConfigTimingModel::LatencyColumn));
        // Every value carries its whole text in the tooltip, whatever the width.
        for (int row = 0; row < details->fieldsModel()->rowCount(); ++row) {
            const QModelIndex value = details->fieldsModel()->index(row, PropertyModel::ValueColumn);
            QVERIFY(value.data(Qt::ToolTipRole).toString().contains(value.data().toString()));
        }
    }

    void capturePanelAtTheDefaultSize()
    {
        MainWindow window;
        window.resize(kDefaultSize);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QDockWidget* dock = window.dock(QStringLiteral("captureDock"));
        QVERIFY(dock != nullptr);
        dock->show();
        dock->raise();
        CapturePanel* panel = window.capture();
        QSignalSpy probed(panel, &CapturePanel::probeFinished);
        QVERIFY(QTest::qWaitFor([&]() { return !probed.isEmpty() && !window.runner()->isBusy(); }, 60000));
        QTest::qWait(200);
        QVERIFY(save(&window, QStringLiteral("default-size-capture.png")));
        QVERIFY(visibleWithoutScrolling(panel->launchButton(), &window));
        QVERIFY(visibleWithoutScrolling(panel->feasibility(), &window));

        // The measured-vs-model chart, before any cell ran: its axes in sizes and durations.
        panel->tabs()->setCurrentWidget(panel->modelView());
        QTest::qWait(100);
        QVERIFY(save(&window, QStringLiteral("default-size-capture-model.png")));
        QStringList axisLabels;
        for (QAbstractAxis* axis : panel->modelView()->chart()->chart()->axes()) {
            if (auto* labels = qobject_cast<QCategoryAxis*>(axis)) {
                axisLabels << labels->categoriesLabels();
            }
        }
        QVERIFY2(axisLabels.contains(QStringLiteral("4 MiB")), qPrintable(axisLabels.join(QLatin1Char('|'))));
        QVERIFY2(axisLabels.contains(QStringLiteral("0 ms")), qPrintable(axisLabels.join(QLatin1Char('|'))));
    }
};

QTEST_MAIN(TestDefaultSize)
#include "tst_default_size.moc"
