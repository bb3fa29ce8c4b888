// Compile, behaviour search and reduce through their dialogs on the bundled adversarial example
// with the default configuration set: results land in the artifact browser with their relation
// to the source ("compiled from ..."), byte-identical to what the CLI writes; one click verifies
// a result against its source and opens it in the stepper; the ddmin-reduced artifact (ranking
// tie tolerance 100 µs) keeps the ranking and fails fidelity, the searched canary passes all
// five statuses, and the comparison view shows both side by side. Invalid options and strict
// refusals add nothing; Cancel stops a long search inside core.
#include "main_window_support.h"

#include "ui/artifacts/artifact_model.h"
#include "ui/distill/compile_dialog.h"
#include "ui/distill/distill_controller.h"
#include "ui/distill/option_forms.h"
#include "ui/distill/reduce_dialog.h"
#include "ui/distill/search_candidate_model.h"
#include "ui/distill/search_dialog.h"
#include "ui/shell/main_window.h"
#include "ui/util/text.h"
#include "ui/verification/verification_comparison.h"
#include "ui/verification/verification_document.h"
#include "ui/verification/verification_stepper.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTreeView>
#include <QtTest>

using namespace cc::ui;

namespace {

using cctest::defaultConfigs;

using cctest::openAll;

/// Runs the dialog's job by clicking Run and waits for it to end; returns the outcome.
std::optional<JobRunner::Outcome> runDialog(DistillDialog* dialog, int timeoutMs = 300000)
{
    QSignalSpy ended(dialog, &DistillDialog::jobEnded);
    QTest::mouseClick(dialog->runButton(), Qt::LeftButton);
    if (!dialog->isRunning() || !QTest::qWaitFor([&]() { return !ended.isEmpty(); }, timeoutMs)) {
        return std::nullopt;
    }
    return dialog->lastOutcome();
}

using cctest::anyContains;
using cctest::childTexts;

QByteArray bytesOf(const Artifact* artifact)
{
    return artifact && artifact->bytes
               ? QByteArray(artifact->bytes->data(), static_cast<qsizetype>(artifact->bytes->size()))
               : QByteArray();
}

const VerificationPage& page(const VerificationDocument& doc, const QString& key)
{
    for (const auto& p : doc.pages) {
        if (p.key == key) {
            return p;
        }
    }
    static const VerificationPage none;
    return none;
}

} // namespace

class TestDistill : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

    /// Clicks the dialog's Verify button and waits for the verification to open in the stepper.
    static const Artifact* verifyInOneClick(MainWindow& window, DistillDialog* dialog)
    {
        QSignalSpy ready(window.distill(), &DistillController::verificationReady);
        QTest::mouseClick(dialog->verifyButton(), Qt::LeftButton);
        if (!QTest::qWaitFor([&]() { return !ready.isEmpty(); }, 120000)) {
            return nullptr;
        }
        const Artifact* verification = window.store()->find(ready.first().at(0).value<ArtifactId>());
        if (verification == nullptr || !verification->verification) {
            return nullptr;
        }
        // Opened in the stepper.
        if (!window.verification()->document() ||
            window.verification()->document()->sha256 != verification->verification->sha256) {
            return nullptr;
        }
        return verification;
    }

private slots:
    void initTestCase()
    {
        cctest::isolateSettings(QStringLiteral("tst_distill"));
        QVERIFY(dir_.isValid());
    }

    void compileSearchReduceAndVerifyThroughTheDialogs()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAll(window, {cctest::adversarialExample(), defaultConfigs()}));
        const Artifact* trace = window.store()->activeTraceArtifact();
        QVERIFY(trace != nullptr);
        // Pointers into the store go stale as artifacts are added: keep values.
        const ArtifactId traceId = trace->id;
        const QString traceName = trace->name;
        const QString traceIdentity = trace->identity;
        const std::size_t traceEvents = trace->trace->size();
        trace = nullptr;
        QAbstractItemModelTester artifactTester(window.artifactModel(),
                                                QAbstractItemModelTester::FailureReportingMode::QtTest);

        // ---- compile (lossless) ----
        window.distill()->compileAction()->trigger();
        CompileDialog* compile = window.distill()->compileDialog();
        QVERIFY(compile->isVisible());
        QVERIFY(compile->losslessButton()->isChecked());
        QCOMPARE(runDialog(compile), std::optional(JobRunner::Outcome::Succeeded));
        const Artifact* compiled = window.store()->find(compile->resultArtifact()); // valid until the next add
        QVERIFY(compiled != nullptr);
        QCOMPARE(compiled->kind, ArtifactKind::Canary);
        QCOMPARE(compiled->origin.kind, ArtifactOriginKind::Compiled);
        QCOMPARE(compiled->sourceIdentity(), traceIdentity);
        QVERIFY(compiled->relations.size() >= 1);
        QCOMPARE(compiled->relations.front().other, traceId);
        QVERIFY(anyContains(childTexts(window.artifactModel(), compiled->id),
                            QStringLiteral("compiled from %1").arg(traceName)));
        // The GUI is a driver of the same core function: the CLI writes the same bytes.
        const QString cliCanary = dir_.filePath(QStringLiteral("cli.canary.json"));
        QCOMPARE(
            cctest::runCli({QStringLiteral("compile"), cctest::adversarialExample(), QStringLiteral("-o"), cliCanary})
                .exitCode,
            0);
        QCOMPARE(bytesOf(compiled), cctest::readAll(cliCanary));
        // Save writes the same bytes atomically.
        const QString saved = dir_.filePath(QStringLiteral("saved.canary.json"));
        QVERIFY(window.store()->find(compile->resultArtifact())->unsaved);
        QSignalSpy resultSaved(compile, &DistillDialog::resultSaved);
        QVERIFY(compile->saveResult(saved));
        QVERIFY(resultSaved.wait(60000));
        QVERIFY(compile->statusText().contains(QStringLiteral("Saved")));
        QCOMPARE(cctest::readAll(saved), cctest::readAll(cliCanary));
        QVERIFY(!window.store()->find(compile->resultArtifact())->unsaved); // nothing to ask about on quit
        QCOMPARE(window.store()->find(compile->resultArtifact())->path, saved);

        // Distil ▸ Verify Canary acts on the canary selected in the browser.
        {
            const ArtifactId compiledId = compile->resultArtifact();
            window.artifactView()->setCurrentIndex(window.artifactModel()->indexOf(compiledId));
            QSignalSpy ready(window.distill(), &DistillController::verificationReady);
            window.distill()->verifyAction()->trigger();
            QVERIFY(QTest::qWaitFor([&]() { return !ready.isEmpty(); }, 120000));
            const Artifact* verification = window.store()->find(ready.first().at(0).value<ArtifactId>());
            QVERIFY(verification != nullptr && verification->verification);
            QCOMPARE(verification->verification->canarySha256, window.store()->find(compiledId)->identity);
            QCOMPARE(verification->verification->claim, QStringLiteral("verified"));
            QCOMPARE(window.verification()->document()->sha256, verification->verification->sha256);
        }

        // ---- behaviour search ----
        window.distill()->searchAction()->trigger();
        SearchDialog* search = window.distill()->searchDialog();
        QAbstractItemModelTester candidateTester(search->candidates(),
                                                 QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(runDialog(search), std::optional(JobRunner::Outcome::Succeeded));
        const Artifact* searched = window.store()->find(search->resultArtifact());
        QVERIFY(searched != nullptr);
        QCOMPARE(searched->origin.kind, ArtifactOriginKind::Searched);
        QVERIFY(anyContains(childTexts(window.artifactModel(), searched->id),
                            QStringLiteral("searched from %1").arg(traceName)));
        const SearchCandidateModel* candidates = search->candidates();
        QVERIFY(candidates->rowCount() >= 2);
        int selected = 0;
        for (int row = 0; row < candidates->rowCount(); ++row) {
            if (candidates->index(row, 0).data(SearchCandidateModel::SelectedRole).toBool()) {
                ++selected;
                QCOMPARE(candidates->index(row, SearchCandidateModel::BytesColumn).data().toString(),
                         formatCount(searched->bytes->size()));
                for (int s = 0; s < 5; ++s) {
                    QVERIFY(candidates->index(row, SearchCandidateModel::FirstStatusColumn + s)
                                .data(SearchCandidateModel::PassRole)
                                .toBool());
                }
            }
        }
        QCOMPARE(selected, 1);
        const QString cliSearched = dir_.filePath(QStringLiteral("cli.searched.canary.json"));
        const auto searchedByCli = cctest::runCli({QStringLiteral("compile"), cctest::adversarialExample(),
                                                   QStringLiteral("--behavior-search"), QStringLiteral("--configs"),
                                                   defaultConfigs(), QStringLiteral("-o"), cliSearched});
        QVERIFY2(searchedByCli.exitCode == 0, qPrintable(searchedByCli.err));
        QCOMPARE(bytesOf(searched), cctest::readAll(cliSearched));
        // The winner is never larger than the lossless canary.
        QVERIFY(searched->bytes->size() <= window.store()->find(compile->resultArtifact())->bytes->size());

        // ---- reduce (ddmin), ranking tie tolerance 100 µs ----
        window.distill()->reduceAction()->trigger();
        ReduceDialog* reduce = window.distill()->reduceDialog();
        QVERIFY(reduce->tolerances()->field(QStringLiteral("ranking-tie-tolerance-us")) != nullptr);
        reduce->tolerances()->setValue(QStringLiteral("ranking-tie-tolerance-us"), QStringLiteral("100"));
        QCOMPARE(runDialog(reduce), std::optional(JobRunner::Outcome::Succeeded));
        const Artifact* reduced = window.store()->find(reduce->resultArtifact());
        QVERIFY(reduced != nullptr);
        QCOMPARE(reduced->origin.kind, ArtifactOriginKind::Reduced);
        QVERIFY(anyContains(childTexts(window.artifactModel(), reduced->id),
                            QStringLiteral("reduced from %1").arg(traceName)));
        QVERIFY(anyContains(childTexts(window.artifactModel(), traceId), reduced->name));
        const QString cliReduced = dir_.filePath(QStringLiteral("cli.reduced.canary.json"));
        const auto reducedByCli = cctest::runCli(
            {QStringLiteral("reduce"), cctest::adversarialExample(), QStringLiteral("--configs"), defaultConfigs(),
             QStringLiteral("--ranking-tie-tolerance-us"), QStringLiteral("100"), QStringLiteral("-o"), cliReduced});
        QVERIFY2(reducedByCli.exitCode == 0, qPrintable(reducedByCli.err));
        QCOMPARE(bytesOf(reduced), cctest::readAll(cliReduced));
        QVERIFY(reduced->canary->header.logicalEvents < traceEvents);

        // ---- one-click verification: reduced first, then searched ----
        const ArtifactId reducedId = reduced->id;
        const Artifact* reducedVerification = verifyInOneClick(window, reduce);
        QVERIFY(reducedVerification != nullptr);
        const ArtifactId reducedVerificationId = reducedVerification->id;
        {
            const VerificationDocument& doc = *reducedVerification->verification;
            QVERIFY(page(doc, QStringLiteral("ranking")).pass);
            QVERIFY(!page(doc, QStringLiteral("behavioral_fidelity")).pass);
            QCOMPARE(doc.claim, QStringLiteral("failed"));
            QVERIFY(anyContains(childTexts(window.artifactModel(), reducedVerificationId),
                                window.store()->find(reducedId)->name));
            // The same statuses as the CLI's verify-behavior with the same tie tolerance.
            const QString cliVerification = dir_.filePath(QStringLiteral("reduced.verification.json"));
            const auto verified = cctest::runCli({QStringLiteral("verify-behavior"), cctest::adversarialExample(),
                                                  cliReduced, QStringLiteral("--configs"), defaultConfigs(),
                                                  QStringLiteral("--ranking-tie-tolerance-us"), QStringLiteral("100"),
                                                  QStringLiteral("-o"), cliVerification});
            QCOMPARE(verified.exitCode, 1);
            const VerificationDocument cli = parseVerification(cctest::readAll(cliVerification), QStringLiteral("cli"));
            QCOMPARE(doc.claim, cli.claim);
            QCOMPARE(doc.pages.size(), cli.pages.size());
            for (std::size_t k = 0; k < cli.pages.size(); ++k) {
                QCOMPARE(doc.pages[k].pass, cli.pages[k].pass);
                QCOMPARE(doc.pages[k].statusText, cli.pages[k].statusText);
            }
        }
        const Artifact* searchedVerification = verifyInOneClick(window, search);
        QVERIFY(searchedVerification != nullptr);
        const ArtifactId searchedVerificationId = searchedVerification->id;
        QCOMPARE(searchedVerification->verification->pages.size(), std::size_t(5));
        for (const auto& p : searchedVerification->verification->pages) {
            QVERIFY2(p.pass, qPrintable(p.key));
        }
        QCOMPARE(searchedVerification->verification->claim, QStringLiteral("verified"));

        // ---- side by side ----
        VerificationComparison* comparison = window.distill()->comparison();
        QCOMPARE(comparison->leftArtifact(), reducedVerificationId);
        QCOMPARE(comparison->rightArtifact(), searchedVerificationId);
        VerificationComparisonModel* model = comparison->model();
        QAbstractItemModelTester comparisonTester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        using M = VerificationComparisonModel;
        const int fidelityRow = M::FirstStatusRow + 3;
        const int rankingRow = M::FirstStatusRow + 4;
        QVERIFY(model->index(rankingRow, M::LeftColumn).data(M::PassRole).toBool());
        QVERIFY(model->index(rankingRow, M::RightColumn).data(M::PassRole).toBool());
        QVERIFY(!model->index(fidelityRow, M::LeftColumn).data(M::PassRole).toBool());
        QVERIFY(model->index(fidelityRow, M::RightColumn).data(M::PassRole).toBool());
        QCOMPARE(model->index(M::ClaimRow, M::LeftColumn).data().toString(), QStringLiteral("failed"));
        QCOMPARE(model->index(M::ClaimRow, M::RightColumn).data().toString(), QStringLiteral("verified"));
        QCOMPARE(model->headerData(M::RightColumn, Qt::Horizontal).toString(),
                 searchedVerification->verification->name);
        // Swapping the sides through the view's own choice.
        comparison->compare(searchedVerificationId, reducedVerificationId);
        QVERIFY(model->index(fidelityRow, M::LeftColumn).data(M::PassRole).toBool());
        QVERIFY(!model->index(fidelityRow, M::RightColumn).data(M::PassRole).toBool());
        // Closing a verification empties its side.
        window.store()->remove(reducedVerificationId);
        QCOMPARE(comparison->rightArtifact(), ArtifactId(0));
        QVERIFY(!model->index(fidelityRow, M::RightColumn).data(M::PassRole).isValid());
    }

    void invalidOptionsAndStrictRefusalsAddNothing()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAll(window, {cctest::adversarialExample()}));
        const std::size_t before = window.store()->artifacts().size();

        ReduceDialog* reduce = window.distill()->reduceDialog();
        reduce->tolerances()->setValue(QStringLiteral("ranking-tie-tolerance-us"), QStringLiteral("-3"));
        QVERIFY(!reduce->start());
        QVERIFY(!window.runner()->isBusy());
        QVERIFY2(reduce->statusText().contains(QStringLiteral("ranking-tie-tolerance-us")),
                 qPrintable(reduce->statusText()));

        SearchDialog* search = window.distill()->searchDialog();
        search->sampleLimits()->setText(QStringLiteral("4..2"));
        QVERIFY(!search->start());
        QVERIFY2(search->statusText().contains(QStringLiteral("--search-budgets")), qPrintable(search->statusText()));

        // A bounded canary with one timing sample per group fails behaviour verification on this
        // trace; strict compilation refuses it and adds nothing.
        CompileDialog* compile = window.distill()->compileDialog();
        compile->boundedButton()->setChecked(true);
        compile->sampleLimit()->setValue(1);
        compile->strict()->setChecked(true);
        QCOMPARE(runDialog(compile), std::optional(JobRunner::Outcome::Failed));
        QVERIFY2(compile->statusText().contains(QStringLiteral("behavioral_fidelity")),
                 qPrintable(compile->statusText()));
        QCOMPARE(compile->resultArtifact(), ArtifactId(0));
        QCOMPARE(window.store()->artifacts().size(), before);
        QVERIFY(!compile->verifyButton()->isEnabled());

        // Without strict, the same bounded canary is emitted and says it is bounded.
        compile->strict()->setChecked(false);
        QCOMPARE(runDialog(compile), std::optional(JobRunner::Outcome::Succeeded));
        const Artifact* bounded = window.store()->find(compile->resultArtifact());
        QVERIFY(bounded != nullptr);
        QCOMPARE(bounded->canary->header.timingMode, cc::CanaryTimingMode::Bounded);
        QVERIFY(bounded->name.contains(QStringLiteral("bounded")));
    }

    void cancelStopsALongSearch()
    {
        // A larger jittered training trace: a behaviour search on it runs for minutes.
        const QString big = dir_.filePath(QStringLiteral("big.trace.json"));
        const auto generated = cctest::runCli(
            {QStringLiteral("generate"), QStringLiteral("training"), QStringLiteral("--events"),
             QStringLiteral("20000"), QStringLiteral("--jitter-us"), QStringLiteral("3"), QStringLiteral("-o"), big});
        QVERIFY2(generated.exitCode == 0, qPrintable(generated.err));
        MainWindow window;
        window.show();
        QVERIFY(openAll(window, {big}));
        const std::size_t before = window.store()->artifacts().size();

        SearchDialog* search = window.distill()->searchDialog();
        search->show();
        QSignalSpy ended(search, &DistillDialog::jobEnded);
        QSignalSpy progress(window.runner(), &JobRunner::jobProgress);
        QTest::mouseClick(search->runButton(), Qt::LeftButton);
        QVERIFY(search->isRunning());
        QVERIFY(search->cancelButton()->isEnabled());
        // Wait until core reports progress, so the cancel lands inside the search itself.
        QVERIFY(QTest::qWaitFor([&]() { return search->progressBar()->value() > 0 || !ended.isEmpty(); }, 120000));
        QVERIFY2(ended.isEmpty(), "the search finished before it could be cancelled");
        QTest::mouseClick(search->cancelButton(), Qt::LeftButton);
        // Core sees the cancel at its next Progress check and the worker returns: the pool empties.
        QVERIFY(QTest::qWaitFor([&]() { return !ended.isEmpty(); }, 60000));
        QCOMPARE(search->lastOutcome(), std::optional(JobRunner::Outcome::Cancelled));
        QVERIFY(QTest::qWaitFor([&]() { return window.runner()->pool()->activeThreadCount() == 0; }, 10000));
        QVERIFY(!window.runner()->isBusy());
        QCOMPARE(window.store()->artifacts().size(), before);
        QCOMPARE(search->resultArtifact(), ArtifactId(0));
        QVERIFY(search->statusText().contains(QStringLiteral("Cancelled")));
        QVERIFY(search->runButton()->isEnabled());
        QVERIFY(!search->cancelButton()->isEnabled());
    }
};

QTEST_MAIN(TestDistill)
#include "tst_distill.moc"
