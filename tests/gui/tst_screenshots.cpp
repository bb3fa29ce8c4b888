// Screenshots of every main view, written into the build folder (tests/screenshots/*.png) so
// the README can show the views as they are now. Each image must be painted (not blank).
#include "gui_support.h"

#include "ui/ablation/ablation_panel.h"
#include "ui/distributions/distribution_panel.h"
#include "ui/shell/main_window.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/verification/verification_stepper.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QSignalSpy>
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

    static bool idle(MainWindow& window)
    {
        return QTest::qWaitFor(
            [&]() {
                const auto& data = window.timeline()->view()->data();
                return data && data->replayed() && !window.runner()->isBusy();
            },
            60000);
    }

private slots:
    void initTestCase() { cctest::isolateSettings(QStringLiteral("tst_screenshots")); }

    void mainViews()
    {
        MainWindow window;
        window.resize(1600, 1200);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.openFile(cctest::adversarialExample());
        QVERIFY(idle(window));
        QTest::qWait(50);
        QVERIFY(save(&window, QStringLiteral("workbench.png")));

        // Timeline with the most expensive tail window selected (N) and an event clicked.
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
                            QStringLiteral("--configs"), cctest::configsDir() + QStringLiteral("/default.configs.json"),
                            QStringLiteral("-o"), verification})
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
        QVERIFY(save(window.artifactView(), QStringLiteral("artifacts.png")));
    }
};

QTEST_MAIN(TestScreenshots)
#include "tst_screenshots.moc"
