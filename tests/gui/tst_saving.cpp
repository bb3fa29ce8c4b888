// Nothing made in the workbench is lost: File ▸ Save / Save As write an artifact's bytes (the
// CLI's bytes for the same options) and mark it saved; closing the window with unsaved results
// asks Save All / Discard / Cancel (driven offscreen through the modal QMessageBox); a refused
// write shows the error and changes nothing; the distributions' numbers export as CSV.
#include "main_window_support.h"

#include "ui/artifacts/artifact_save.h"
#include "ui/distill/compile_dialog.h"
#include "ui/distill/distill_controller.h"
#include "ui/distributions/distribution_panel.h"
#include "ui/shell/error_dialog.h"
#include "ui/shell/main_window.h"
#include "ui/shell/save_controller.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_view.h"

#include <QAction>
#include <QFile>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTimer>
#include <QTreeView>
#include <QtTest>

using namespace cc::ui;

namespace {

using cctest::defaultConfigs;

using cctest::openAll;

/// Compiles the active trace losslessly through the Distil dialog; returns the new canary's id.
ArtifactId compileOnce(MainWindow& window)
{
    window.distill()->compileAction()->trigger();
    CompileDialog* compile = window.distill()->compileDialog();
    QSignalSpy ended(compile, &DistillDialog::jobEnded);
    QTest::mouseClick(compile->runButton(), Qt::LeftButton);
    if (!QTest::qWaitFor([&]() { return !ended.isEmpty(); }, 120000) ||
        compile->lastOutcome() != JobRunner::Outcome::Succeeded) {
        return 0;
    }
    compile->close();
    return compile->resultArtifact();
}

/// Clicks `button` of the next modal message box as soon as it is shown; records its text.
void answerNextMessageBox(QMessageBox::StandardButton button, QString* text)
{
    QTimer::singleShot(0, [button, text]() {
        QWidget* modal = nullptr;
        (void)QTest::qWaitFor([&]() { return (modal = QApplication::activeModalWidget()) != nullptr; }, 10000);
        auto* box = qobject_cast<QMessageBox*>(modal);
        if (box == nullptr) {
            return;
        }
        *text = box->text() + QLatin1Char('\n') + box->informativeText();
        box->button(button)->click();
    });
}

} // namespace

class TestSaving : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

private slots:
    void initTestCase()
    {
        cctest::isolateSettings(QStringLiteral("tst_saving"));
        QVERIFY(dir_.isValid());
    }

    void saveAndSaveAsWriteTheCliBytesAndMarkSaved()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAll(window, {cctest::adversarialExample(), defaultConfigs()}));
        QVERIFY(!window.store()->hasUnsaved());
        QVERIFY(!window.saving()->saveAction()->isEnabled());

        const ArtifactId canary = compileOnce(window);
        QVERIFY(canary != 0);
        QVERIFY(window.store()->find(canary)->unsaved);
        QCOMPARE(window.store()->unsavedArtifacts(), std::vector<ArtifactId>{canary});
        QVERIFY(window.saving()->saveAction()->isEnabled());

        const QString cliCanary = dir_.filePath(QStringLiteral("cli.canary.json"));
        QCOMPARE(
            cctest::runCli({QStringLiteral("compile"), cctest::adversarialExample(), QStringLiteral("-o"), cliCanary})
                .exitCode,
            0);

        // File ▸ Save on the canary selected in the browser asks where, then writes.
        const QString saved = dir_.filePath(QStringLiteral("saved.canary.json"));
        QString offered;
        window.saving()->setPathChooser([&](const Artifact& artifact) {
            offered = suggestedFileName(artifact);
            return saved;
        });
        window.artifactView()->setCurrentIndex(window.artifactModel()->indexOf(canary));
        QSignalSpy savedSpy(window.saving(), &SaveController::saved);
        window.saving()->saveAction()->trigger();
        QCOMPARE(savedSpy.size(), 1);
        QVERIFY(offered.endsWith(QStringLiteral(".canary.json")));
        QCOMPARE(cctest::readAll(saved), cctest::readAll(cliCanary));
        const Artifact* after = window.store()->find(canary);
        QVERIFY(!after->unsaved);
        QCOMPARE(after->path, saved);
        QCOMPARE(after->name, QStringLiteral("saved.canary.json"));
        QVERIFY(!window.store()->hasUnsaved());
        QVERIFY(!window.saving()->saveAction()->isEnabled());
        QVERIFY(window.artifactModel()
                    ->index(window.store()->indexOf(canary), 0)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .endsWith(QLatin1Char('\n') + saved));

        // A verification made here saves as the CLI's verify-behavior writes it.
        QSignalSpy ready(window.distill(), &DistillController::verificationReady);
        window.distill()->verifyCanary(canary);
        QVERIFY(QTest::qWaitFor([&]() { return !ready.isEmpty(); }, 120000));
        const ArtifactId verification = ready.first().at(0).value<ArtifactId>();
        QVERIFY(window.store()->find(verification)->unsaved);
        const QString cliVerification = dir_.filePath(QStringLiteral("cli.verification.json"));
        QCOMPARE(cctest::runCli({QStringLiteral("verify-behavior"), cctest::adversarialExample(), saved,
                                 QStringLiteral("--configs"), defaultConfigs(), QStringLiteral("-o"), cliVerification})
                     .exitCode,
                 0);
        const QString savedVerification = dir_.filePath(QStringLiteral("saved.verification.json"));
        window.saving()->setPathChooser([&](const Artifact&) { return savedVerification; });
        QVERIFY(window.saving()->saveAs(verification));
        QCOMPARE(cctest::readAll(savedVerification), cctest::readAll(cliVerification));
        QVERIFY(!window.store()->hasUnsaved());

        // Save As of a saved canary writes a copy and follows it.
        const QString copy = dir_.filePath(QStringLiteral("copy.canary.json"));
        window.saving()->setPathChooser([&](const Artifact&) { return copy; });
        QVERIFY(window.saving()->saveAs(canary));
        QCOMPARE(cctest::readAll(copy), cctest::readAll(cliCanary));
        QCOMPARE(window.store()->find(canary)->path, copy);

        // A cancelled file dialog writes nothing and keeps the state.
        const ArtifactId second = compileOnce(window);
        QVERIFY(second != 0);
        // Save with a file-backed artifact selected saves the unsaved result, not the selection.
        {
            const QString third = dir_.filePath(QStringLiteral("second.canary.json"));
            window.artifactView()->setCurrentIndex(window.artifactModel()->indexOf(window.store()->activeTrace()));
            window.saving()->setPathChooser(
                [&](const Artifact& artifact) { return artifact.id == second ? third : QString(); });
            window.saving()->saveAction()->trigger();
            QVERIFY(QFileInfo::exists(third));
            QVERIFY(!window.store()->find(second)->unsaved);
            QFile::remove(third);
        }
        const ArtifactId fourth = compileOnce(window);
        QVERIFY(fourth != 0);
        const QStringList before = cctest::filesIn(dir_.path());
        window.saving()->setPathChooser([](const Artifact&) { return QString(); });
        QVERIFY(!window.saving()->save(fourth));
        QCOMPARE(cctest::filesIn(dir_.path()), before);
        QVERIFY(window.store()->find(fourth)->unsaved);
    }

    void unsavedResultsAreAskedAboutOnClose()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAll(window, {cctest::adversarialExample(), defaultConfigs()}));
        const ArtifactId canary = compileOnce(window);
        QVERIFY(canary != 0);
        const QString name = window.store()->find(canary)->name;

        // Cancel: the window stays open, the result stays.
        QString text;
        answerNextMessageBox(QMessageBox::Cancel, &text);
        QVERIFY(!window.close());
        QVERIFY2(text.contains(QStringLiteral("not saved")), qPrintable(text));
        QVERIFY2(text.contains(name), qPrintable(text));
        QVERIFY(window.isVisible());
        QVERIFY(window.store()->find(canary) != nullptr);
        QVERIFY(window.store()->hasUnsaved());

        // File ▸ Quit (Ctrl+Q) takes the same path.
        QAction* quit = nullptr;
        for (QAction* action : window.findChildren<QAction*>()) {
            if (action->menuRole() == QAction::QuitRole) {
                quit = action;
            }
        }
        QVERIFY(quit != nullptr);
        text.clear();
        answerNextMessageBox(QMessageBox::Cancel, &text);
        quit->trigger();
        QVERIFY(!text.isEmpty());
        QVERIFY(window.isVisible());

        // Save All: asked a path per result, written, then the window closes.
        const QString saved = dir_.filePath(QStringLiteral("on-close.canary.json"));
        window.saving()->setPathChooser([&](const Artifact&) { return saved; });
        answerNextMessageBox(QMessageBox::SaveAll, &text);
        QVERIFY(window.close());
        QVERIFY(!window.isVisible());
        QVERIFY(QFile::exists(saved));
        QVERIFY(!window.store()->hasUnsaved());
    }

    void discardClosesWithoutWriting()
    {
        QTemporaryDir empty;
        MainWindow window;
        window.show();
        QVERIFY(openAll(window, {cctest::adversarialExample(), defaultConfigs()}));
        QVERIFY(compileOnce(window) != 0);
        window.saving()->setPathChooser([&](const Artifact&) { return empty.filePath(QStringLiteral("x.json")); });
        QString text;
        answerNextMessageBox(QMessageBox::Discard, &text);
        QVERIFY(window.close());
        QVERIFY(!text.isEmpty());
        QVERIFY(!window.isVisible());
        QVERIFY(cctest::filesIn(empty.path()).isEmpty());
    }

    void nothingUnsavedClosesWithoutAsking()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAll(window, {cctest::adversarialExample()}));
        QVERIFY(window.close());
        QVERIFY(QApplication::activeModalWidget() == nullptr);
    }

    void aRefusedWriteShowsTheErrorAndChangesNothing()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAll(window, {cctest::adversarialExample(), defaultConfigs()}));
        const ArtifactId canary = compileOnce(window);
        QVERIFY(canary != 0);

        // A folder that does not exist.
        const QString missing = dir_.filePath(QStringLiteral("no-such-folder/x.canary.json"));
        QVERIFY(!window.saving()->saveTo(canary, missing));
        QVERIFY(window.lastErrorDialog() != nullptr);
        QVERIFY2(window.lastErrorDialog()->summary().contains(missing),
                 qPrintable(window.lastErrorDialog()->summary()));
        QVERIFY(!QFileInfo::exists(dir_.filePath(QStringLiteral("no-such-folder"))));
        QVERIFY(window.store()->find(canary)->unsaved);
        QVERIFY(window.store()->find(canary)->path.isEmpty());
        window.lastErrorDialog()->close();

        // A read-only folder (the superuser writes anyway, so that case is checked only when it holds).
        QTemporaryDir locked;
        QVERIFY(QFile::setPermissions(locked.path(), QFile::ReadOwner | QFile::ExeOwner));
        const QString probe = locked.filePath(QStringLiteral("probe"));
        QFile probeFile(probe);
        const bool writable = probeFile.open(QIODevice::WriteOnly);
        probeFile.close();
        QFile::remove(probe);
        if (!writable) {
            const QString target = locked.filePath(QStringLiteral("x.canary.json"));
            QVERIFY(!window.saving()->saveTo(canary, target));
            QVERIFY(window.lastErrorDialog() != nullptr);
            QVERIFY(window.lastErrorDialog()->summary().contains(target));
            QVERIFY(cctest::filesIn(locked.path()).isEmpty());
            QVERIFY(window.store()->find(canary)->unsaved);
            window.lastErrorDialog()->close();
        }
        QFile::setPermissions(locked.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);

        // A directory where the file should be.
        QVERIFY(QDir(dir_.path()).mkpath(QStringLiteral("taken.canary.json")));
        QVERIFY(!window.saving()->saveTo(canary, dir_.filePath(QStringLiteral("taken.canary.json"))));
        QVERIFY(QFileInfo(dir_.filePath(QStringLiteral("taken.canary.json"))).isDir());
        QVERIFY(window.store()->find(canary)->unsaved);
        QVERIFY(window.lastErrorDialog() != nullptr);
        window.lastErrorDialog()->close();
    }

    void aReplayReportExportsAsTheCliChromeTrace()
    {
        QTemporaryDir dir;
        const QString trace = dir.filePath(QStringLiteral("adversarial_decode.trace.json"));
        QVERIFY(QFile::copy(cctest::adversarialExample(), trace));
        const QString report = dir.filePath(QStringLiteral("r.report.json"));
        QCOMPARE(cctest::runCli({QStringLiteral("replay"), trace, QStringLiteral("--configs"), defaultConfigs(),
                                 QStringLiteral("--output"), report})
                     .exitCode,
                 0);
        QCOMPARE(cctest::runCli({QStringLiteral("export-chrome"), QStringLiteral("r.report.json"),
                                 QStringLiteral("--input"), QStringLiteral("adversarial_decode.trace.json"),
                                 QStringLiteral("--output"), QStringLiteral("cli.chrome.json")},
                                120000, dir.path())
                     .exitCode,
                 0);

        MainWindow window;
        window.show();
        // Without its trace the report cannot be drawn: refused, nothing written.
        QVERIFY(openAll(window, {report}));
        const ArtifactId reportId = window.store()->artifacts().front().id;
        QVERIFY(window.saving()->exportChromeAction()->isEnabled());
        const QString out = dir.filePath(QStringLiteral("gui.chrome.json"));
        QSignalSpy failed(window.saving(), &SaveController::failed);
        QCOMPARE(window.saving()->exportChromeTrace(reportId, out), JobId(0));
        QCOMPARE(failed.size(), 1);
        QVERIFY(failed.first().at(1).value<JobError>().message.contains(QStringLiteral("r.report.json")));
        QVERIFY(!QFileInfo::exists(out));

        QVERIFY(openAll(window, {trace}));
        QSignalSpy exported(window.saving(), &SaveController::exported);
        QVERIFY(window.saving()->exportChromeTrace(reportId, out) != 0);
        QVERIFY(exported.wait(60000));
        QCOMPARE(exported.first().at(0).toString(), out);
        QCOMPARE(cctest::readAll(out), cctest::readAll(dir.filePath(QStringLiteral("cli.chrome.json"))));
        QVERIFY(!window.store()->hasUnsaved());
    }

    void distributionNumbersExportAsCsv()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAll(window, {cctest::adversarialExample(), defaultConfigs()}));
        DistributionPanel* panel = window.distributions();
        QVERIFY(QTest::qWaitFor([&]() { return !panel->data().series.empty() && !window.runner()->isBusy(); }, 60000));

        const QString path = dir_.filePath(QStringLiteral("distributions.csv"));
        QCOMPARE(panel->exportCsv(path), QString());
        const QList<QByteArray> lines = cctest::readAll(path).split('\n');
        QCOMPARE(lines.front(), QByteArray("configuration,series,metric,phase,operation,samples,p50_ns,p95_ns,p99_ns,"
                                           "max_ns,hidden_share_ppm\r"));
        QCOMPARE(lines.size(), static_cast<qsizetype>(panel->data().series.size()) + 2);
        QCOMPARE(lines.back(), QByteArray());
        for (std::size_t k = 0; k < panel->data().series.size(); ++k) {
            const DistributionSeries& s = panel->data().series[k];
            const QList<QByteArray> cells = lines[static_cast<qsizetype>(k) + 1].chopped(1).split(',');
            QCOMPARE(cells.size(), 11);
            QCOMPARE(QString::fromUtf8(cells[0]), s.name);
            QCOMPARE(cells[1], QByteArray(s.canary ? "canary" : "source"));
            QCOMPARE(cells[2], QByteArray("latency"));
            QCOMPARE(cells[5].toULongLong(), s.count);
            QCOMPARE(cells[6].toLongLong(), s.p50);
            QCOMPARE(cells[7].toLongLong(), s.p95);
            QCOMPARE(cells[8].toLongLong(), s.p99);
            QCOMPARE(cells[9].toLongLong(), s.max);
            QCOMPARE(cells[10].toLongLong(), s.hiddenSharePpm);
            QVERIFY(s.p50 > 0 && s.p50 <= s.p99 && s.p99 <= s.max);
        }
        QCOMPARE(QString::fromUtf8(lines[1].split(',').front()), QStringLiteral("baseline"));

        // Refused: nothing written.
        const QString missing = dir_.filePath(QStringLiteral("nowhere/distributions.csv"));
        QVERIFY(panel->exportCsv(missing).contains(missing));
        QVERIFY(!QFileInfo::exists(missing));
    }

    void csvQuotesWhatNeedsQuoting()
    {
        DistributionData data;
        DistributionSeries s;
        s.name = QStringLiteral("ring, \"tuned\"");
        s.count = 3;
        s.p50 = 10;
        s.p95 = 20;
        s.p99 = 30;
        s.max = 40;
        s.hiddenSharePpm = 250000;
        data.series.push_back(s);
        data.filter.metric = DistributionMetric::QueueWait;
        data.filter.op = QStringLiteral("all_reduce");
        const QList<QByteArray> lines = distributionCsv(data).split('\n');
        QCOMPARE(lines.at(1),
                 QByteArray("\"ring, \"\"tuned\"\"\",source,queue_wait,,all_reduce,3,10,20,30,40,250000\r"));
    }
};

QTEST_MAIN(TestSaving)
#include "tst_saving.moc"
