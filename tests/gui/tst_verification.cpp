// The verification stepper: open a verification written by the CLI, step through every status
// page with its evidence, mark pages reviewed and export the review record; run
// verify-behavior in the workbench on the example and a canary compiled from it.
#include "gui_support.h"

#include "ui/shell/main_window.h"
#include "ui/verification/verification_document.h"
#include "ui/verification/verification_stepper.h"

#include "core/util/errors.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

using namespace cc::ui;

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
        const auto verified = cctest::runCli(
            {QStringLiteral("verify-behavior"), cctest::adversarialExample(), canary_, QStringLiteral("--configs"),
             cctest::configsDir() + QStringLiteral("/default.configs.json"), QStringLiteral("-o"), verification_});
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
    }
};

QTEST_MAIN(TestVerification)
#include "tst_verification.moc"
