// Nothing made in the workbench is lost: File ▸ Save / Save As write an artifact's bytes (the
// CLI's bytes for the same options) and mark it saved; closing the window with unsaved results
// asks Save All / Discard / Cancel (driven offscreen through the modal QMessageBox); a refused
// write shows the error and changes nothing; the distributions' numbers export as CSV.
#include "main_window_support.h"

#include "core/canary/canary_reader.h"
#include "ui/artifacts/artifact_loader.h"
#include "ui/artifacts/artifact_save.h"
#include "ui/distill/compile_dialog.h"
#include "ui/distill/distill_controller.h"
#include "ui/distributions/distribution_panel.h"
#include "ui/shell/error_dialog.h"
#include "ui/shell/job_progress_widget.h"
#include "ui/shell/main_window.h"
#include "ui/shell/save_controller.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_view.h"

#include <QAction>
#include <QFile>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QThread>
#include <QTimer>
#include <QToolButton>
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

/// A worker's progress that is cancelled by its first report, as a Cancel pressed while the
/// write is under way.
class CancelOnFirstReport final : public cc::CancelFlagProgress {
public:
    void report(double, std::string_view) override
    {
        ++reports;
        cancel();
    }
    int reports = 0;
};

/// Waits until the save job of `saving` reports `count` saves in all (saved() emitted).
bool waitForSaves(QSignalSpy& saved, int count)
{
    return QTest::qWaitFor([&]() { return saved.size() >= count; }, 60000);
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
        // The write runs on a worker: saved() follows when it is complete.
        QVERIFY(window.saving()->isSaving());
        QVERIFY(waitForSaves(savedSpy, 1));
        QCOMPARE(savedSpy.size(), 1);
        QVERIFY(!window.saving()->isSaving());
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
        QVERIFY(waitForSaves(savedSpy, 2));
        QCOMPARE(cctest::readAll(savedVerification), cctest::readAll(cliVerification));
        QVERIFY(!window.store()->hasUnsaved());

        // Save As of a saved canary writes a copy and follows it.
        const QString copy = dir_.filePath(QStringLiteral("copy.canary.json"));
        window.saving()->setPathChooser([&](const Artifact&) { return copy; });
        QVERIFY(window.saving()->saveAs(canary));
        QVERIFY(waitForSaves(savedSpy, 3));
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
            QVERIFY(waitForSaves(savedSpy, 4));
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

        // Save All: asked a path per result; the window stays open while they are written on a
        // worker, then closes by itself.
        const QString saved = dir_.filePath(QStringLiteral("on-close.canary.json"));
        window.saving()->setPathChooser([&](const Artifact&) { return saved; });
        answerNextMessageBox(QMessageBox::SaveAll, &text);
        QVERIFY(!window.close());
        QVERIFY(QTest::qWaitFor([&]() { return !window.isVisible(); }, 60000));
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

        // A folder that does not exist: the write, on a worker, is refused and reported.
        QSignalSpy failed(window.saving(), &SaveController::failed);
        const QString missing = dir_.filePath(QStringLiteral("no-such-folder/x.canary.json"));
        QVERIFY(window.saving()->saveTo(canary, missing) != 0);
        QVERIFY(QTest::qWaitFor([&]() { return failed.size() == 1 && !window.saving()->isSaving(); }, 60000));
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
            QVERIFY(window.saving()->saveTo(canary, target) != 0);
            QVERIFY(QTest::qWaitFor([&]() { return failed.size() == 2 && !window.saving()->isSaving(); }, 60000));
            QVERIFY(window.lastErrorDialog() != nullptr);
            QVERIFY(window.lastErrorDialog()->summary().contains(target));
            QVERIFY(cctest::filesIn(locked.path()).isEmpty());
            QVERIFY(window.store()->find(canary)->unsaved);
            window.lastErrorDialog()->close();
        }
        QFile::setPermissions(locked.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);

        // A directory where the file should be.
        QVERIFY(QDir(dir_.path()).mkpath(QStringLiteral("taken.canary.json")));
        const qsizetype before = failed.size();
        QVERIFY(window.saving()->saveTo(canary, dir_.filePath(QStringLiteral("taken.canary.json"))) != 0);
        QVERIFY(QTest::qWaitFor([&]() { return failed.size() == before + 1 && !window.saving()->isSaving(); }, 60000));
        QVERIFY(QFileInfo(dir_.filePath(QStringLiteral("taken.canary.json"))).isDir());
        QVERIFY(window.store()->find(canary)->unsaved);
        QVERIFY(window.lastErrorDialog() != nullptr);
        window.lastErrorDialog()->close();
    }

    /// A save cancelled while its bytes are being written leaves the file at the path as it was,
    /// and no other file beside it; the same request, not cancelled, writes the whole file.
    void aCancelledWriteKeepsThePreviousFile()
    {
        QTemporaryDir dir;
        const QString source = dir.filePath(QStringLiteral("source.canary.json"));
        QCOMPARE(cctest::runCli({QStringLiteral("compile"), cctest::adversarialExample(), QStringLiteral("-o"), source})
                     .exitCode,
                 0);
        const QByteArray bytes = cctest::readAll(source);
        ArtifactStore store;
        const ArtifactId id = store.add(canaryArtifact(
            std::make_shared<const cc::Canary>(cc::readCanary(cctest::toStd(source))),
            std::make_shared<const std::string>(bytes.toStdString()), QString(), QStringLiteral("made.canary.json")));
        QVERIFY(store.find(id)->unsaved);
        const QString target = dir.filePath(QStringLiteral("target.canary.json"));
        const QByteArray previous("the previous version of the file\n");
        QVERIFY(cctest::writeAll(target, previous));

        QString problem;
        const std::optional<SaveRequest> request = prepareSave(store, id, target, &problem);
        QVERIFY2(request.has_value(), qPrintable(problem));
        CancelOnFirstReport cancelling;
        QVERIFY_THROWS_EXCEPTION(cc::Cancelled, writeSave(*request, cancelling));
        QCOMPARE(cancelling.reports, 1);
        QCOMPARE(cctest::readAll(target), previous);
        QCOMPARE(cctest::filesIn(dir.path()),
                 QStringList({QStringLiteral("source.canary.json"), QStringLiteral("target.canary.json")}));
        QVERIFY(store.find(id)->unsaved);

        cc::NullProgress whole;
        QCOMPARE(writeSave(*request, whole), bytes.size());
        QCOMPARE(cctest::readAll(target), bytes);
        QVERIFY(finishSave(store, *request));
        QVERIFY(!store.find(id)->unsaved);
    }

    /// File ▸ Save runs on the job runner: the status bar shows it and its Cancel stops it; the
    /// file at the path stays as it was and the result stays unsaved. The runner's workers are
    /// kept busy first, so the Cancel certainly lands before the write ends.
    void cancelInTheStatusBarKeepsThePreviousFile()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.show();
        QVERIFY(openAll(window, {cctest::adversarialExample(), defaultConfigs()}));
        const ArtifactId canary = compileOnce(window);
        QVERIFY(canary != 0);
        const QString target = dir.filePath(QStringLiteral("kept.canary.json"));
        const QByteArray previous("the previous version of the file\n");
        QVERIFY(cctest::writeAll(target, previous));

        JobRunner* runner = window.runner();
        std::atomic<bool> release{false};
        std::atomic<int> busy{0};
        const int workers = runner->pool()->maxThreadCount();
        for (int k = 0; k < workers; ++k) {
            runner->pool()->start([&]() {
                ++busy;
                while (!release) {
                    QThread::msleep(5);
                }
            });
        }
        QVERIFY(QTest::qWaitFor([&]() { return busy == workers; }, 10000));

        QSignalSpy saved(window.saving(), &SaveController::saved);
        QSignalSpy failed(window.saving(), &SaveController::failed);
        QSignalSpy finished(runner, &JobRunner::jobFinished);
        const JobId job = window.saving()->saveTo(canary, target);
        QVERIFY(job != 0);
        QVERIFY(window.saving()->isSaving());
        QCOMPARE(runner->newestJob().id, job);
        QVERIFY(runner->newestJob().title.contains(window.store()->find(canary)->name));
        QToolButton* cancel = window.jobProgress()->cancelButton();
        QVERIFY(cancel->isVisible());
        cancel->click();
        release = true;
        QVERIFY(QTest::qWaitFor([&]() { return !window.saving()->isSaving(); }, 60000));
        std::optional<JobRunner::Outcome> outcome;
        for (const QList<QVariant>& args : finished) {
            if (args.at(0).value<JobId>() == job) {
                outcome = args.at(1).value<JobRunner::Outcome>();
            }
        }
        QCOMPARE(outcome, std::optional(JobRunner::Outcome::Cancelled));
        QVERIFY(saved.isEmpty());
        QVERIFY(failed.isEmpty());
        QCOMPARE(cctest::readAll(target), previous);
        QCOMPARE(cctest::filesIn(dir.path()), QStringList({QStringLiteral("kept.canary.json")}));
        QVERIFY(window.store()->find(canary)->unsaved);
        QVERIFY(window.store()->find(canary)->path.isEmpty());

        // Saved again without a Cancel, it is written.
        QVERIFY(window.saving()->saveTo(canary, target) != 0);
        QVERIFY(saved.wait(60000));
        QCOMPARE(cctest::readAll(target), QByteArray::fromStdString(*window.store()->find(canary)->bytes));
        QVERIFY(!window.store()->find(canary)->unsaved);
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

    /// File ▸ Export ▸ PARAM: a trace, and a canary expanded into its whole program, written as the
    /// CLI's export-param writes them, file for file and byte for byte (the manifest names the
    /// input by its path, given to the CLI as the workbench knows it); a folder holding something
    /// else is refused and left as it was.
    void traceAndCanaryExportForParamAsTheCli()
    {
        QTemporaryDir dir;
        const QString trace = dir.filePath(QStringLiteral("training.trace.json"));
        QVERIFY(QFile::copy(cctest::example(QStringLiteral("training.trace.json")), trace));
        const QString canary = dir.filePath(QStringLiteral("training.canary.json"));
        QCOMPARE(cctest::runCli({QStringLiteral("compile"), trace, QStringLiteral("-o"), canary}).exitCode, 0);
        for (const QString& input : {trace, canary}) {
            const QString out = dir.filePath(QFileInfo(input).completeBaseName() + QStringLiteral(".cli-param"));
            QCOMPARE(cctest::runCli({QStringLiteral("export-param"), input, QStringLiteral("-o"), out}).exitCode, 0);
        }

        MainWindow window;
        window.show();
        QVERIFY(openAll(window, {trace, canary}));
        QVERIFY(window.saving()->exportParamAction()->isEnabled());
        QSignalSpy exported(window.saving(), &SaveController::exported);
        QSignalSpy failed(window.saving(), &SaveController::failed);
        for (const Artifact& artifact : window.store()->artifacts()) {
            const QString base = QFileInfo(artifact.path).completeBaseName();
            const QString cli = dir.filePath(base + QStringLiteral(".cli-param"));
            const QString gui = dir.filePath(base + QStringLiteral(".gui-param"));
            // Through the menu entry, with the artifact selected in the browser.
            window.artifactView()->setCurrentIndex(window.artifactModel()->indexOf(artifact.id));
            window.saving()->setFolderChooser([&](const Artifact&) { return gui; });
            const qsizetype before = exported.size();
            window.saving()->exportParamAction()->trigger();
            QVERIFY(QTest::qWaitFor([&]() { return exported.size() == before + 1 || !failed.isEmpty(); }, 120000));
            QVERIFY2(failed.isEmpty(),
                     qPrintable(failed.isEmpty() ? QString() : failed.first().at(1).value<JobError>().message));
            QCOMPARE(exported.last().at(0).toString(), gui);
            const QStringList files = cctest::filesIn(cli);
            QVERIFY(files.contains(QStringLiteral("0.json")));
            QVERIFY(files.contains(QStringLiteral("param_export_manifest.json")));
            QCOMPARE(cctest::filesIn(gui), files);
            for (const QString& file : files) {
                QVERIFY2(cctest::readAll(gui + QLatin1Char('/') + file) ==
                             cctest::readAll(cli + QLatin1Char('/') + file),
                         qPrintable(base + QLatin1Char('/') + file));
            }
        }

        // A folder that holds something else is refused before anything is written.
        const QString foreign = dir.filePath(QStringLiteral("mine"));
        QVERIFY(QDir().mkpath(foreign));
        QVERIFY(cctest::writeAll(foreign + QStringLiteral("/notes.txt"), "keep me\n"));
        QCOMPARE(window.saving()->exportParam(window.store()->activeTrace(), foreign), JobId(0));
        QCOMPARE(failed.size(), 1);
        QCOMPARE(cctest::filesIn(foreign), QStringList({QStringLiteral("notes.txt")}));
        QCOMPARE(cctest::readAll(foreign + QStringLiteral("/notes.txt")), QByteArray("keep me\n"));
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
