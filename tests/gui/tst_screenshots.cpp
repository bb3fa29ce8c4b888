// Screenshots of every main view, written into the build folder (tests/screenshots/*.png) so
// the README can show the views as they are now. Each image must be painted (not blank).
#include "campaign_sample.h"
#include "main_window_support.h"

#include "ui/ablation/ablation_panel.h"
#include "ui/capture/capture_panel.h"
#include "ui/distill/compile_dialog.h"
#include "ui/distill/distill_controller.h"
#include "ui/distill/option_forms.h"
#include "ui/distill/reduce_dialog.h"
#include "ui/distill/search_dialog.h"
#include "ui/distributions/distribution_panel.h"
#include "ui/shell/main_window.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/verification/verification_comparison.h"
#include "ui/verification/verification_stepper.h"

#include <QAction>
#include <QCheckBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace cc::ui;

class TestScreenshots : public QObject {
    Q_OBJECT
private:
    static bool save(QWidget* widget, const QString& name)
    {
        const QImage image = widget->grab().toImage();
        const QString path = cctest::screenshotDir() + QLatin1Char('/') + name;
        qInfo("%s: %dx%d -> %s", qPrintable(name), image.width(), image.height(), qPrintable(path));
        return cctest::looksPainted(image) && image.save(path);
    }

    /// The artifact browser in a window wide enough for its details; artifacts of the given kinds expanded.
    static bool saveBrowser(MainWindow& window, const QList<ArtifactKind>& expand, const QString& name)
    {
        QTreeView browser;
        browser.setModel(window.artifactModel());
        browser.header()->setSectionResizeMode(QHeaderView::ResizeToContents);
        browser.resize(900, 760);
        for (int row = 0; row < window.artifactModel()->rowCount(); ++row) {
            const QModelIndex index = window.artifactModel()->index(row, 0);
            const Artifact* artifact = window.store()->find(window.artifactModel()->artifactAt(index));
            browser.setExpanded(index, artifact != nullptr && expand.contains(artifact->kind));
        }
        browser.show();
        return QTest::qWaitForWindowExposed(&browser) && save(&browser, name);
    }

private slots:
    void initTestCase() { cctest::isolateSettings(QStringLiteral("tst_screenshots")); }

    /// The window as a new user meets it: the default size and docks, an example just opened.
    void defaultWindow()
    {
        MainWindow window;
        QVERIFY(cctest::showAndOpen(window, cctest::adversarialExample()));
        QTest::qWait(50);
        QVERIFY(save(&window, QStringLiteral("workbench-default.png")));
        // Selecting the most expensive tail window and an event must not squeeze the side docks.
        QTest::keyClick(&window, Qt::Key_N);
        TimelineView* view = window.timeline()->view();
        QVERIFY(view->currentTailWindow() >= 0);
        view->setSelectedEvent(
            view->data()->tailWindows[static_cast<std::size_t>(view->currentTailWindow())].firstEvent);
        QTest::qWait(50);
        QVERIFY(save(&window, QStringLiteral("workbench-default-tail.png")));
        // Find (Ctrl+F) with every match highlighted, and a range dragged with the left button:
        // its duration on the ruler, Range Statistics brought forward.
        view->fitAll();
        window.timeline()->actions().find->trigger();
        QSignalSpy found(window.timeline(), &TimelinePanel::searchFinished);
        window.timeline()->searchField()->setText(QStringLiteral("id:event-1"));
        QVERIFY(found.wait(20000) || !found.isEmpty());
        QVERIFY(window.timeline()->nextHit());
        view->fitAll();
        const int left = view->style().labelWidth;
        QTest::mousePress(view, Qt::LeftButton, Qt::NoModifier, QPoint(left + 120, 60));
        QTest::mouseMove(view, QPoint(left + 200, 60));
        QTest::mouseMove(view, QPoint(left + 280, 60));
        QTest::mouseRelease(view, Qt::LeftButton, Qt::NoModifier, QPoint(left + 280, 60));
        QVERIFY(QTest::qWaitFor([&]() { return window.timeline()->rangeModel()->rowCount() > 0; }, 20000));
        QTest::qWait(50);
        QVERIFY(save(&window, QStringLiteral("workbench-default-search.png")));
    }

    void mainViews()
    {
        MainWindow window;
        window.resize(1600, 1200);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.openFile(cctest::adversarialExample());
        QVERIFY(cctest::waitForReplay(window));
        QTest::qWait(50);
        QVERIFY(save(&window, QStringLiteral("workbench.png")));

        // Timeline with the most expensive tail window selected (N) and an event clicked; the side
        // docks wide enough for their tables.
        window.resizeDocks(
            {window.dock(QStringLiteral("artifactsDock")), window.dock(QStringLiteral("eventDetailsDock"))}, {330, 480},
            Qt::Horizontal);
        QTest::keyClick(&window, Qt::Key_N);
        TimelineView* view = window.timeline()->view();
        QVERIFY(view->currentTailWindow() >= 0);
        const TailWindow& w = view->data()->tailWindows[static_cast<std::size_t>(view->currentTailWindow())];
        view->setSelectedEvent(w.firstEvent);
        QTest::qWait(50);
        QVERIFY(save(window.timeline(), QStringLiteral("timeline.png")));
        QVERIFY(save(window.timeline()->details(), QStringLiteral("event-details.png")));
        QVERIFY(save(window.timeline()->tailWindowList(), QStringLiteral("tail-windows.png")));

        // Latency distributions.
        window.dock(QStringLiteral("distributionsDock"))->raise();
        QTest::qWait(50);
        QVERIFY(save(window.distributions(), QStringLiteral("distributions.png")));

        // Ablations: isolated mode flips decisions on the adversarial trace.
        window.dock(QStringLiteral("ablationsDock"))->raise();
        QSignalSpy updated(window.ablations(), &AblationPanel::rankingUpdated);
        window.ablations()->isolatedToggle()->setChecked(true);
        QVERIFY(QTest::qWaitFor([&]() { return !updated.isEmpty() && !window.runner()->isBusy(); }, 20000));
        QTest::qWait(50);
        QVERIFY(save(window.ablations(), QStringLiteral("ablations.png")));
    }

    void verificationStepper()
    {
        QTemporaryDir dir;
        const QString canary = dir.filePath(QStringLiteral("adversarial.canary.json"));
        const QString verification = dir.filePath(QStringLiteral("adversarial.verification.json"));
        QCOMPARE(cctest::runCli({QStringLiteral("compile"), cctest::adversarialExample(), QStringLiteral("-o"), canary})
                     .exitCode,
                 0);
        const int rc =
            cctest::runCli({QStringLiteral("verify-behavior"), cctest::adversarialExample(), canary,
                            QStringLiteral("--configs"), cctest::defaultConfigs(), QStringLiteral("-o"), verification})
                .exitCode;
        QVERIFY(rc == 0 || rc == 1);
        MainWindow window;
        window.resize(1600, 1200);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy opened(&window, &MainWindow::fileOpened);
        window.openFiles({cctest::adversarialExample(), canary, verification});
        QVERIFY(QTest::qWaitFor([&]() { return opened.size() == 3 && !window.runner()->isBusy(); }, 60000));
        window.verification()->goTo(3); // behavioural fidelity
        QTest::qWait(50);
        QVERIFY(save(window.verification(), QStringLiteral("verification.png")));
        QVERIFY(
            saveBrowser(window, {ArtifactKind::Canary, ArtifactKind::Verification}, QStringLiteral("artifacts.png")));
    }

    void distillViews()
    {
        MainWindow window;
        window.resize(1600, 1200);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy opened(&window, &MainWindow::fileOpened);
        window.openFiles({cctest::adversarialExample(), cctest::defaultConfigs()});
        QVERIFY(QTest::qWaitFor([&]() { return opened.size() == 2 && !window.runner()->isBusy(); }, 60000));
        DistillController* distill = window.distill();

        // Each dialog after a finished run, showing its outcome.
        auto run = [](DistillDialog* dialog) {
            QSignalSpy ended(dialog, &DistillDialog::jobEnded);
            dialog->runButton()->click();
            return QTest::qWaitFor([&]() { return !ended.isEmpty(); }, 120000) &&
                   dialog->lastOutcome() == JobRunner::Outcome::Succeeded;
        };
        distill->compileAction()->trigger();
        QVERIFY(run(distill->compileDialog()));
        QTest::qWait(50);
        QVERIFY(save(distill->compileDialog(), QStringLiteral("compile-dialog.png")));
        distill->compileDialog()->close();

        distill->searchAction()->trigger();
        QVERIFY(run(distill->searchDialog()));
        QTest::qWait(50);
        QVERIFY(save(distill->searchDialog(), QStringLiteral("search-dialog.png")));
        distill->searchDialog()->close();

        distill->reduceAction()->trigger();
        distill->reduceDialog()->tolerances()->setValue(QStringLiteral("ranking-tie-tolerance-us"),
                                                        QStringLiteral("100"));
        QVERIFY(run(distill->reduceDialog()));
        QTest::qWait(50);
        QVERIFY(save(distill->reduceDialog(), QStringLiteral("reduce-dialog.png")));
        distill->reduceDialog()->close();

        // One click each: the reduced artifact, then the searched canary; side by side.
        QSignalSpy ready(distill, &DistillController::verificationReady);
        distill->reduceDialog()->verifyButton()->click();
        QVERIFY(QTest::qWaitFor([&]() { return ready.size() == 1 && !window.runner()->isBusy(); }, 120000));
        distill->searchDialog()->verifyButton()->click();
        QVERIFY(QTest::qWaitFor([&]() { return ready.size() == 2 && !window.runner()->isBusy(); }, 120000));
        window.dock(QStringLiteral("verificationComparisonDock"))->raise();
        QTest::qWait(50);
        QVERIFY(save(distill->comparison(), QStringLiteral("verification-comparison.png")));
        // The browser, wide enough for the relations: canaries and verifications made here expanded.
        QVERIFY(saveBrowser(window, {ArtifactKind::Canary, ArtifactKind::Verification},
                            QStringLiteral("artifacts-distilled.png")));
        QVERIFY(save(&window, QStringLiteral("workbench-distilled.png")));
    }

    /// A physical campaign's results at the default size with the default docks: the Physical view
    /// brought forward with its per-configuration table and decision matrix.
    void physicalView()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("results.json"));
        const std::string text = cc::campaignResultsJson(cctest::fullCampaign());
        QVERIFY(cctest::writeAll(path, QByteArray(text.data(), static_cast<qsizetype>(text.size()))));
        MainWindow window;
        window.resize(1515, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy opened(&window, &MainWindow::fileOpened);
        window.openFile(path);
        QVERIFY(opened.wait(20000));
        QVERIFY(QTest::qWaitFor([&]() { return !window.runner()->isBusy(); }, 20000));
        QTest::qWait(50);
        QVERIFY(save(&window, QStringLiteral("workbench-physical.png")));
        // The Capture panel's Campaign tab, where a campaign is launched, in the same window.
        QDockWidget* capture = window.findChild<QDockWidget*>(QStringLiteral("captureDock"));
        QVERIFY(capture != nullptr);
        capture->raise();
        window.capture()->tabs()->setCurrentWidget(window.capture()->campaign());
        QTest::qWait(50);
        QVERIFY(save(&window, QStringLiteral("workbench-capture-campaign.png")));
    }
};

QTEST_MAIN(TestScreenshots)
#include "tst_screenshots.moc"
