// The verification stepper: open a verification written by the CLI, step through every status
// page with its evidence, mark pages reviewed and export the review record; run
// verify-behavior in the workbench on the example and a canary compiled from it.
#include "gui_support.h"

#include "ui/artifacts/artifact_loader.h"
#include "ui/shell/main_window.h"
#include "ui/verification/verification_document.h"
#include "ui/verification/verification_stepper.h"

#include "core/canary/canary_writer.h"
#include "core/compile/compiler.h"
#include "core/configs/config_io.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"
#include "core/verify/behavior_verifier.h"
#include "core/verify/verification_json.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableView>
#include <QVBoxLayout>
#include <QtTest>

using namespace cc::ui;

namespace {

/// A verification that fails commitments only: a lossless canary with one segment's commitment edited.
VerificationDocument failingDocument()
{
    cc::NullProgress progress;
    const cc::Trace trace = cc::readTrace(cctest::adversarialExample().toStdString(), progress);
    cc::Canary canary = cc::compileCanary(trace, cc::CompileOptions{}, progress).canary;
    auto& sha = canary.segments.back().sha256;
    sha[10] = sha[10] == 'a' ? 'b' : 'a';
    cc::verify::VerifyOptions options;
    options.configs = cc::defaultConfigSet();
    return verificationDocument(cc::verify::verifyBehavior(trace, canary, options, progress),
                                QStringLiteral("tampered"));
}

/// The failure text of loading path, or "<loaded>".
QString loadFailure(const QString& path)
{
    cc::NullProgress progress;
    try {
        (void)loadArtifact(path, progress);
    } catch (const cc::InputError& e) {
        return QString::fromUtf8(e.what());
    } catch (const cc::IoError& e) {
        return QStringLiteral("io: ") + QString::fromUtf8(e.what());
    }
    return QStringLiteral("<loaded>");
}

} // namespace

class TestVerification : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString canary_;
    QString verification_;

private slots:
    void initTestCase()
    {
        cctest::isolateSettings(QStringLiteral("tst_verification"));
        QVERIFY(dir_.isValid());
        canary_ = dir_.filePath(QStringLiteral("adversarial.canary.json"));
        verification_ = dir_.filePath(QStringLiteral("adversarial.verification.json"));
        const auto compiled =
            cctest::runCli({QStringLiteral("compile"), cctest::adversarialExample(), QStringLiteral("-o"), canary_});
        QVERIFY2(compiled.exitCode == 0, qPrintable(compiled.err));
        const auto verified = cctest::runCli({QStringLiteral("verify-behavior"), cctest::adversarialExample(), canary_,
                                              QStringLiteral("--configs"), cctest::defaultConfigs(),
                                              QStringLiteral("-o"), verification_});
        QVERIFY2(verified.exitCode == 0 || verified.exitCode == 1, qPrintable(verified.err));
        QVERIFY(QFile::exists(verification_));
    }

    void parsesEveryStatus()
    {
        const VerificationDocument doc = parseVerification(cctest::readAll(verification_), QStringLiteral("v.json"));
        QCOMPARE(doc.pages.size(), std::size_t(5));
        QCOMPARE(doc.pages[0].key, QStringLiteral("timing_mode"));
        QCOMPARE(doc.pages[4].key, QStringLiteral("ranking"));
        QVERIFY(!doc.claim.isEmpty());
        QCOMPARE(doc.sourceSha256.size(), 64);
        // Ranking: 10 pairs x 4 metrics for the five default configurations.
        QCOMPARE(doc.pages[4].rows.size(), std::size_t(40));
        // Fidelity: failing rows come first.
        const auto& fidelity = doc.pages[3];
        QVERIFY(!fidelity.rows.empty());
        bool seenPass = false;
        for (const bool pass : fidelity.rowPass) {
            QVERIFY(!(seenPass && !pass));
            seenPass = seenPass || pass;
        }
    }

    void pagesUseHumanLabelsAndTheCliFigures()
    {
        const VerificationDocument doc = parseVerification(cctest::readAll(verification_), QStringLiteral("v.json"));
        // The fidelity figure is core's, exactly as the CLI prints it.
        const auto cli = cctest::runCli({QStringLiteral("verify-behavior"), cctest::adversarialExample(), canary_,
                                         QStringLiteral("--configs"), cctest::defaultConfigs()});
        const QRegularExpression tally(QStringLiteral("(\\d+/\\d+ checks within tolerance)"));
        const auto match = tally.match(cli.out);
        QVERIFY2(match.hasMatch(), qPrintable(cli.out));
        QVERIFY2(doc.pages[3].statusText.contains(match.captured(1)), qPrintable(doc.pages[3].statusText));
        // Evidence is labelled for people, never with the format's keys.
        QStringList labels;
        for (std::size_t k = 0; k < 3; ++k) {
            for (const auto& row : doc.pages[k].rows) {
                labels << row.value(0);
                QVERIFY2(!row.value(0).contains(QLatin1Char('_')) && !row.value(0).contains(QLatin1Char('.')),
                         qPrintable(row.value(0)));
            }
        }
        QVERIFY2(labels.contains(QStringLiteral("Declared bound: arrival offset")), qPrintable(labels.join(u'|')));
        // Tail-event recall is shown for every configuration.
        int tail = 0;
        for (const auto& row : doc.pages[3].rows) {
            tail += row.value(1) == QStringLiteral("tail-event recall") ? 1 : 0;
        }
        QCOMPARE(tail, 5);
    }

    void notProvenReadsAsSentences()
    {
        VerificationStepper stepper;
        const VerificationDocument doc = parseVerification(cctest::readAll(verification_), QStringLiteral("v.json"));
        QVERIFY(!doc.notProven.isEmpty());
        stepper.setDocument(doc);
        stepper.goTo(stepper.pageCount() - 1);
        const QString summary = stepper.summaryText();
        for (const QString& sentence : doc.notProven) {
            QVERIFY(sentence.endsWith(QLatin1Char('.')));
            QVERIFY2(summary.contains(QStringLiteral("<li>%1</li>").arg(sentence.toHtmlEscaped())),
                     qPrintable(summary));
        }
        QVERIFY(!summary.contains(QStringLiteral(".;")));
    }

    void failedVerificationOpensOnItsFirstFailingStatus()
    {
        const VerificationDocument doc = failingDocument();
        QCOMPARE(doc.claim, QStringLiteral("failed"));
        QCOMPARE(doc.firstFailingPage(), 1);
        QCOMPARE(doc.pages[1].key, QStringLiteral("commitments"));
        VerificationStepper stepper;
        stepper.setDocument(doc);
        QCOMPARE(stepper.currentPage(), 1);
        QVERIFY(stepper.pageTitle().contains(QStringLiteral("Commitments")));
        // The failing evidence comes first.
        QCOMPARE(stepper.evidenceModel()->data(stepper.evidenceModel()->index(0, 0), EvidenceModel::PassRole).toBool(),
                 false);
        // A passing verification opens on the first status.
        stepper.setDocument(parseVerification(cctest::readAll(verification_), QStringLiteral("v.json")));
        QCOMPARE(stepper.currentPage(), 0);
    }

    void keysStepThroughTheStatuses()
    {
        QWidget window;
        auto* stepper = new VerificationStepper(&window);
        auto* layout = new QVBoxLayout(&window);
        layout->addWidget(stepper);
        stepper->setDocument(parseVerification(cctest::readAll(verification_), QStringLiteral("v.json")));
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        auto* table = stepper->findChild<QTableView*>(QStringLiteral("verificationEvidence"));
        QVERIFY(table != nullptr);
        table->setFocus();
        QVERIFY(QTest::qWaitFor([&]() { return table->hasFocus(); }, 5000));
        QCOMPARE(stepper->currentPage(), 0);
        QTest::keyClick(table, Qt::Key_PageDown);
        QCOMPARE(stepper->currentPage(), 1);
        QTest::keyClick(table, Qt::Key_Right, Qt::AltModifier);
        QCOMPARE(stepper->currentPage(), 2);
        QTest::keyClick(table, Qt::Key_PageUp);
        QCOMPARE(stepper->currentPage(), 1);
        QTest::keyClick(table, Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(stepper->currentPage(), 0);
        // At either end a key changes nothing.
        QTest::keyClick(table, Qt::Key_PageUp);
        QCOMPARE(stepper->currentPage(), 0);
        for (int k = 0; k < 10; ++k) {
            QTest::keyClick(stepper, Qt::Key_PageDown);
        }
        QCOMPARE(stepper->currentPage(), stepper->pageCount() - 1);
    }

    void loaderNamesWhatIsNotJsonAndWhereTruncationBreaks()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("picture.verification.json"));
        QVERIFY(cctest::writeAll(png, QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)));
        const QString e = loadFailure(png);
        QVERIFY2(e.contains(QStringLiteral("picture.verification.json")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("a PNG image")), qPrintable(e));

        const QByteArray whole = cctest::readAll(verification_);
        const QString cut = dir.filePath(QStringLiteral("cut.json"));
        QVERIFY(cctest::writeAll(cut, whole.left(whole.size() / 2)));
        QCOMPARE(detectArtifactKind(cut), ArtifactKind::Verification);
        const QString t = loadFailure(cut);
        QVERIFY2(t.contains(QStringLiteral("cut.json")), qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("byte ")) && t.contains(QStringLiteral("line ")) &&
                     t.contains(QStringLiteral("column ")),
                 qPrintable(t));
        // The loader only reads.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::NoDotAndDotDot).size(), 2);
    }

    void refusesWhatIsNotAVerification()
    {
        try {
            parseVerification(QByteArray(R"({"format":"something.else"})"), QStringLiteral("odd.json"));
            QFAIL("accepted a document of another format");
        } catch (const cc::InputError& e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("odd.json")));
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("format")));
        }
    }

    void stepsThroughAllPagesAndExportsTheReview()
    {
        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::fileOpened);
        window.openFiles({cctest::adversarialExample(), canary_, verification_});
        QVERIFY(QTest::qWaitFor([&]() { return opened.size() == 3; }, 30000));
        for (const auto& args : opened) {
            QVERIFY2(args.at(1).toBool(), qPrintable(args.at(0).toString()));
        }
        // The artifact browser relates the three: canary and verification name the trace.
        int related = 0;
        for (const auto& a : window.store()->artifacts()) {
            related += a.relations.empty() ? 0 : 1;
        }
        QCOMPARE(related, 3);

        VerificationStepper* stepper = window.verification();
        QAbstractItemModelTester tester(stepper->evidenceModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(stepper->document().has_value());
        QCOMPARE(stepper->pageCount(), 6);
        QStringList titles;
        for (int page = 0; page < 5; ++page) {
            QCOMPARE(stepper->currentPage(), page);
            QVERIFY(stepper->evidenceModel()->rowCount() > 0);
            titles << stepper->pageTitle();
            stepper->setReviewed(true);
            stepper->next();
        }
        QCOMPARE(stepper->currentPage(), 5);
        QVERIFY(titles.join(QLatin1Char(' ')).contains(QStringLiteral("Behavioural fidelity")));
        QVERIFY(stepper->summaryText().contains(stepper->document()->claim));
        QVERIFY(!stepper->summaryText().contains(QStringLiteral("not reviewed")));
        stepper->back();
        QCOMPARE(stepper->currentPage(), 4);

        const QString record = dir_.filePath(QStringLiteral("review.json"));
        QVERIFY(stepper->exportReviewRecord(record, QStringLiteral("reviewer-a")));
        const QJsonObject json = QJsonDocument::fromJson(cctest::readAll(record)).object();
        QCOMPARE(json.value(QStringLiteral("reviewer")).toString(), QStringLiteral("reviewer-a"));
        QCOMPARE(json.value(QStringLiteral("verification_sha256")).toString(), stepper->document()->sha256);
        QCOMPARE(json.value(QStringLiteral("pages")).toArray().size(), 5);
        for (const auto& page : json.value(QStringLiteral("pages")).toArray()) {
            QVERIFY(page.toObject().value(QStringLiteral("reviewed")).toBool());
        }
        QVERIFY(!json.value(QStringLiteral("reviewed_at")).toString().isEmpty());
    }

    void runsVerifyBehaviorInTheWorkbench()
    {
        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::fileOpened);
        window.openFiles({cctest::adversarialExample(), canary_});
        QVERIFY(QTest::qWaitFor([&]() { return opened.size() == 2; }, 30000));
        QVERIFY(window.runner()->waitForIdle(60000));
        window.verification()->runButton()->click();
        QVERIFY(QTest::qWaitFor([&]() { return window.verification()->document().has_value(); }, 120000));
        const VerificationDocument expected = parseVerification(cctest::readAll(verification_), QStringLiteral("cli"));
        QCOMPARE(window.verification()->document()->claim, expected.claim);
        for (std::size_t k = 0; k < expected.pages.size(); ++k) {
            QCOMPARE(window.verification()->document()->pages[k].pass, expected.pages[k].pass);
        }
        // The stepper's button takes the one verification path (CanaryVerifier, as the Distil menu):
        // the canary's file identity is recorded, so the verification is the CLI's, byte for byte.
        QCOMPARE(window.verification()->document()->sha256, expected.sha256);
    }
};

QTEST_MAIN(TestVerification)
#include "tst_verification.moc"
