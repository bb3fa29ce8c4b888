// A physical campaign launched from the Capture panel's Campaign tab, offscreen: a bad matrix is
// refused with the file named and nothing is written or opened; with the real worker, a campaign
// of one small cell under two names for the unshaped loopback runs in the background with its
// progress, opens its results in the Physical view when it completes, and Cancel stops the rank
// group promptly and opens nothing. The runs skip with the reason where no real ranks are possible.
#include "gui_support.h"

#include "../capture/capture_test_support.h"

#include "core/util/json/parser.h"
#include "core/util/json/writer.h"
#include "ui/capture/campaign_launcher.h"
#include "ui/capture/capture_panel.h"
#include "ui/physical/physical_view.h"
#include "ui/shell/main_window.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace cc::ui;

namespace {

const QByteArray kMatrix = "{\"model\": \"mlp\", \"model_params\": [\"200k\"], \"world_sizes\": [2], "
                           "\"backends\": [\"gloo\"], \"devices\": [\"cpu\"], \"bucket_caps\": [\"256KiB\"], "
                           "\"first_bucket\": \"64KiB\", \"iterations\": 4, \"warmup\": 1, \"batch_size\": 8}";

/// The bundled loopback set's unshaped configuration twice, as "first" and "second".
QByteArray twoUnshaped()
{
    const QString path = cctest::configsDir() + QStringLiteral("/physical-loopback.configs.json");
    const cc::json::Value bundled = cc::json::parse(cctest::readAll(path).toStdString(), "bundled");
    QByteArray configs;
    for (const char* as : {"first", "second"}) {
        for (const auto& c : cctest::member(bundled, "configurations").items()) {
            cc::json::Value copy = c;
            if (cctest::member(copy, "name").string() != "gloo-unshaped") {
                continue;
            }
            cctest::member(copy, "name") = cc::json::Value(std::string(as));
            configs += (configs.isEmpty() ? "" : ",") + QByteArray::fromStdString(cc::json::toText(copy));
        }
    }
    return "{\"format\":\"commcanary-workbench.physical-configs.v1\",\"name\":\"campaign-gui\",\"configurations\":[" +
           configs + "]}";
}

void fill(CampaignLauncher* launcher, const QString& matrix, const QString& set, const QString& out)
{
    launcher->matrixField()->setText(matrix);
    launcher->physicalConfigsField()->setText(set);
    launcher->outputField()->setText(out);
}

/// Writes matrixText as dir/matrix.json and twoUnshaped() as dir/set.json and fills the launcher
/// with them and out; false when a file could not be written.
bool fillWritten(CampaignLauncher* launcher, const QTemporaryDir& dir, const QByteArray& matrixText, const QString& out)
{
    const QString matrix = dir.filePath(QStringLiteral("matrix.json"));
    const QString set = dir.filePath(QStringLiteral("set.json"));
    fill(launcher, matrix, set, out);
    return cctest::writeAll(matrix, matrixText) && cctest::writeAll(set, twoUnshaped());
}

/// The smallest campaign the CLI's suite runs: two passes, no warm-up, one baseline of two samples.
void small(CampaignLauncher* launcher)
{
    launcher->repeatsBox()->setValue(2);
    launcher->warmupBox()->setValue(0);
    launcher->baselinesField()->setText(QStringLiteral("isolated"));
    launcher->baselineSamplesBox()->setValue(2);
    launcher->reducedBox()->setChecked(false);
}

} // namespace

class TestCampaignLaunch : public QObject {
    Q_OBJECT
    QString unavailable_;

private slots:
    void initTestCase()
    {
        cctest::isolateSettings(QStringLiteral("tst_campaign_launch"));
        unavailable_ = cctest::captureUnavailable(QStringLiteral("gloo/cpu"));
    }

    void launchNeedsEveryInput()
    {
        MainWindow window;
        CampaignLauncher* launcher = window.capture()->campaign();
        QVERIFY(!launcher->launchButton()->isEnabled());
        QVERIFY(launcher->launchBlockedReason().contains(QStringLiteral("matrix")));
        fill(launcher, QStringLiteral("m.json"), QStringLiteral("s.json"), QString());
        QVERIFY(launcher->launchBlockedReason().contains(QStringLiteral("results folder")));
        launcher->outputField()->setText(QStringLiteral("out"));
        QVERIFY(launcher->launchButton()->isEnabled());
        QVERIFY(!launcher->cancelButton()->isEnabled());
    }

    void aBadMatrixIsRefusedAndNothingIsWritten()
    {
        QTemporaryDir dir;
        MainWindow window;
        CampaignLauncher* launcher = window.capture()->campaign();
        QVERIFY(
            fillWritten(launcher, dir, "{\"model\": \"mlp\", \"world_sizes\": [", dir.filePath(QStringLiteral("out"))));
        QSignalSpy finished(launcher, &CampaignLauncher::campaignFinished);
        launcher->launchButton()->click();
        QVERIFY(launcher->isRunning() || !finished.isEmpty());
        QVERIFY(finished.wait(30000) || !finished.isEmpty());
        QCOMPARE(finished.first().at(0).toBool(), false);
        QVERIFY2(launcher->status().contains(QStringLiteral("matrix.json")), qPrintable(launcher->status()));
        QVERIFY(window.store()->artifacts().empty());
        QVERIFY(window.physical()->document() == nullptr);
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("out"))));
        QVERIFY(launcher->launchButton()->isEnabled());
    }

    void cancelStopsTheRankGroupPromptly()
    {
        if (!unavailable_.isEmpty()) {
            QSKIP(qPrintable(QStringLiteral("gloo/cpu cannot run here: ") + unavailable_));
        }
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("campaign"));
        MainWindow window;
        CampaignLauncher* launcher = window.capture()->campaign();
        QVERIFY(fillWritten(launcher, dir, kMatrix, out));
        QSignalSpy finished(launcher, &CampaignLauncher::campaignFinished);
        launcher->launchButton()->click();
        QVERIFY(launcher->isRunning());
        QVERIFY(launcher->cancelButton()->isEnabled());
        // The cell panel cannot launch a cell meanwhile.
        QVERIFY(window.capture()->launchBlockedReason().contains(QStringLiteral("campaign")));
        // Wait until a rank of the first cell exists, then cancel.
        QVERIFY(QTest::qWaitFor([&]() { return !cctest::processesMentioning(out).isEmpty() || !finished.isEmpty(); },
                                120000));
        QVERIFY2(finished.isEmpty(), qPrintable(launcher->status()));
        launcher->cancelButton()->click();
        QVERIFY(finished.wait(30000) || !finished.isEmpty());
        QCOMPARE(finished.first().at(0).toBool(), false);
        QVERIFY2(launcher->status().startsWith(QStringLiteral("Cancelled")), qPrintable(launcher->status()));
        // Every rank of the group is gone once the job has ended.
        QVERIFY(window.runner()->waitForIdle(30000)); // a hang guard, not a timing figure
        QVERIFY2(cctest::processesMentioning(out).isEmpty(),
                 qPrintable(cctest::processesMentioning(out).join(QLatin1Char('\n'))));
        QVERIFY(!QFileInfo::exists(out + QStringLiteral("/results.json")));
        QVERIFY(window.store()->artifacts().empty());
    }

    void aCompleteCampaignOpensInThePhysicalView()
    {
        if (!unavailable_.isEmpty()) {
            QSKIP(qPrintable(QStringLiteral("gloo/cpu cannot run here: ") + unavailable_));
        }
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("campaign"));
        MainWindow window;
        window.show();
        CampaignLauncher* launcher = window.capture()->campaign();
        QVERIFY(fillWritten(launcher, dir, kMatrix, out));
        small(launcher);
        QSignalSpy finished(launcher, &CampaignLauncher::campaignFinished);
        QSignalSpy opened(launcher, &CampaignLauncher::campaignOpened);
        int highest = 0;
        connect(launcher->progressBar(), &QProgressBar::valueChanged, this,
                [&highest](int value) { highest = std::max(highest, value); });
        launcher->launchButton()->click();
        QVERIFY(QTest::qWaitFor([&]() { return !finished.isEmpty(); }, 280000));
        QVERIFY2(finished.first().at(0).toBool(), qPrintable(launcher->status()));
        QVERIFY(highest > 0);
        QCOMPARE(opened.size(), 1);
        QVERIFY(QFileInfo::exists(out + QStringLiteral("/results.json")));
        const Artifact* artifact = window.store()->find(opened.first().at(0).value<ArtifactId>());
        QVERIFY(artifact != nullptr);
        QCOMPARE(artifact->kind, ArtifactKind::Campaign);
        QCOMPARE(window.physical()->document(), artifact->campaign);
        QVERIFY(window.physical()->isVisible());
        // Two configurations: one pair, one column per pair then the score columns.
        QCOMPARE(window.physical()->decisionTable()->model()->columnCount(), 1 + 5);
        QCOMPARE(window.physical()->decisionTable()->model()->rowCount(),
                 static_cast<int>(artifact->campaign->results.proxies.size()));
    }
};

QTEST_MAIN(TestCampaignLaunch)
#include "tst_campaign_launch.moc"
