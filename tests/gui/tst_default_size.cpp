// The workbench as a user first meets it: the main window at its default size (1515×900, default
// docks) with a trace replayed, painted offscreen into build/<preset>/tests/screenshots/ so the
// pictures can be looked at; the capture panel's verdict and Launch button are visible without
// scrolling; chart axes are labelled in scaled units.
#include "gui_support.h"

#include "ui/capture/capture_panel.h"
#include "ui/distributions/distribution_panel.h"
#include "ui/shell/main_window.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_view.h"

#include <QDockWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalSpy>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
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
    }
};

QTEST_MAIN(TestDefaultSize)
#include "tst_default_size.moc"
