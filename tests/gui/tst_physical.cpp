// The Physical view, offscreen: a campaign's results.json (written by core's writer from a campaign
// made by hand and scored by core) opened in the real main window, by File > Open's path and by a
// drop, shows W-full and every proxy per configuration, the decision matrix (agree / disagree /
// tie per configuration pair, exactly core's pairDecisions) with each proxy's score, and the
// prototype's figures; a malformed results file is refused with the file and the JSON path, and
// nothing opens.
#include "campaign_sample.h"
#include "main_window_support.h"

#include "ui/artifacts/artifact_store.h"
#include "ui/physical/physical_models.h"
#include "ui/physical/physical_view.h"
#include "ui/shell/diagnostics_model.h"
#include "ui/shell/error_dialog.h"
#include "ui/shell/main_window.h"
#include "ui/util/text.h"

#include <QAbstractItemModelTester>
#include <QDockWidget>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace cc::ui;

namespace {

QString cell(QTableView* table, int row, int column)
{
    return table->model()->index(row, column).data().toString();
}

QString header(QTableView* table, int column)
{
    return table->model()->headerData(column, Qt::Horizontal).toString();
}

QString rowHeader(QTableView* table, int row)
{
    return table->model()->headerData(row, Qt::Vertical).toString();
}

int columnNamed(QTableView* table, const QString& name)
{
    for (int c = 0; c < table->model()->columnCount(); ++c) {
        if (header(table, c) == name) {
            return c;
        }
    }
    return -1;
}

bool writeCampaign(const QString& path, const cc::CampaignResults& c)
{
    const std::string text = cc::campaignResultsJson(c);
    return cctest::writeAll(path, QByteArray(text.data(), static_cast<qsizetype>(text.size())));
}

} // namespace

class TestPhysical : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { cctest::isolateSettings(QStringLiteral("tst_physical")); }

    void opensACampaignInThePhysicalView()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("results.json"));
        const cc::CampaignResults campaign = cctest::smallCampaign();
        QVERIFY(writeCampaign(path, campaign));

        MainWindow window;
        window.show();
        const QList<QVariant> opened = cctest::openAndWait(window, path);
        QVERIFY(!opened.isEmpty());
        QCOMPARE(opened.at(1).toBool(), true);
        QCOMPARE(window.store()->artifacts().size(), std::size_t(1));
        QCOMPARE(window.store()->artifacts().front().kind, ArtifactKind::Campaign);
        QCOMPARE(window.store()->artifacts().front().campaign->results, campaign);

        PhysicalView* view = window.physical();
        QVERIFY(view->document() != nullptr);
        QDockWidget* dock = window.dock(QStringLiteral("physicalDock"));
        QVERIFY(dock != nullptr);
        QVERIFY(QTest::qWaitFor([&]() { return view->isVisible(); }, 5000));

        QTableView* configurations = view->configurationTable();
        QAbstractItemModelTester configurationsTester(configurations->model(),
                                                      QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(configurations->model()->rowCount(), 3);
        QCOMPARE(configurations->model()->columnCount(), 4);
        QCOMPARE(header(configurations, 0), QStringLiteral("W-full\nmean step"));
        QCOMPARE(header(configurations, 1), QStringLiteral("Iterations"));
        QCOMPARE(header(configurations, 2), QStringLiteral("canary"));
        QCOMPARE(header(configurations, 3), QStringLiteral("isolated\n(communication only)"));
        QCOMPARE(rowHeader(configurations, 0), QStringLiteral("fast"));
        QCOMPARE(rowHeader(configurations, 2), QStringLiteral("slow-too"));
        QCOMPARE(cell(configurations, 0, 0), formatDuration(100'000));
        QCOMPARE(cell(configurations, 0, 1), QStringLiteral("6"));
        QCOMPARE(cell(configurations, 1, 0), formatDuration(200'000));
        QCOMPARE(cell(configurations, 1, 2), formatDuration(30'333));
        QCOMPARE(cell(configurations, 2, 3), formatDuration(21'000));

        QTableView* decisions = view->decisionTable();
        QAbstractItemModelTester decisionsTester(decisions->model(),
                                                 QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(decisions->model()->rowCount(), 2);
        QCOMPARE(rowHeader(decisions, 0), QStringLiteral("canary"));
        QCOMPARE(rowHeader(decisions, 1), QStringLiteral("isolated (communication only)"));
        const int fastSlow = columnNamed(decisions, QStringLiteral("fast\nvs slow"));
        const int fastSlowToo = columnNamed(decisions, QStringLiteral("fast\nvs slow-too"));
        const int slowSlowToo = columnNamed(decisions, QStringLiteral("slow\nvs slow-too"));
        QCOMPARE(fastSlow, 0);
        QCOMPARE(fastSlowToo, 1);
        QCOMPARE(slowSlowToo, 2);
        QCOMPARE(cell(decisions, 0, fastSlow), QStringLiteral("✓ agrees"));
        QCOMPARE(cell(decisions, 0, fastSlowToo), QStringLiteral("✓ agrees"));
        QCOMPARE(cell(decisions, 0, slowSlowToo), QStringLiteral("= tie"));
        QCOMPARE(cell(decisions, 1, fastSlow), QStringLiteral("✗ disagrees"));
        QCOMPARE(cell(decisions, 1, fastSlowToo), QStringLiteral("✗ disagrees"));
        QCOMPARE(cell(decisions, 1, slowSlowToo), QStringLiteral("= tie"));
        // Colour repeats the verdict; the tooltip says who found what faster.
        QVERIFY(decisions->model()->index(0, fastSlow).data(Qt::BackgroundRole) !=
                decisions->model()->index(1, fastSlow).data(Qt::BackgroundRole));
        QVERIFY(decisions->model()
                    ->index(1, fastSlow)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("W-full: fast is faster")));
        QVERIFY(decisions->model()
                    ->index(0, slowSlowToo)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("cannot separate")));

        const int agreement = columnNamed(decisions, QStringLiteral("Agreement"));
        const int tau = columnNamed(decisions, QStringLiteral("Kendall tau"));
        const int decided = columnNamed(decisions, QStringLiteral("Decided"));
        const int tied = columnNamed(decisions, QStringLiteral("Tied"));
        const int wall = columnNamed(decisions, QStringLiteral("Wall time"));
        QCOMPARE(agreement, 3);
        QCOMPARE(cell(decisions, 0, agreement), QStringLiteral("100 %"));
        QCOMPARE(cell(decisions, 1, agreement), QStringLiteral("0 %"));
        QCOMPARE(cell(decisions, 0, tau), tauText(campaign.proxies[0].score.kendallTauPpm));
        QCOMPARE(cell(decisions, 1, tau), tauText(campaign.proxies[1].score.kendallTauPpm));
        QVERIFY(cell(decisions, 1, tau).startsWith(QLatin1Char('-')));
        QCOMPARE(cell(decisions, 0, decided), QStringLiteral("2"));
        QCOMPARE(cell(decisions, 0, tied), QStringLiteral("1"));
        QCOMPARE(cell(decisions, 0, wall), formatDuration(12'345'000'000));

        // Every cell is core's decision, and they add up to the proxy's score.
        for (int p = 0; p < 2; ++p) {
            const auto pairs = cc::pairDecisions(campaign, static_cast<std::size_t>(p));
            int agree = 0;
            for (std::size_t k = 0; k < pairs.size(); ++k) {
                QCOMPARE(cell(decisions, p, static_cast<int>(k)), pairVerdictText(pairs[k].verdict));
                agree += pairs[k].verdict == cc::PairVerdict::Agrees ? 1 : 0;
            }
            QCOMPARE(agree, static_cast<int>(campaign.proxies[static_cast<std::size_t>(p)].score.agreeingPairs));
        }

        QVERIFY(view->prototypeLine()->text().contains(qs(cc::kPrototypeCampaignFigures)));

        // Closing the artifact empties the view.
        window.store()->remove(window.store()->artifacts().front().id);
        QVERIFY(view->document() == nullptr);
    }

    void aDroppedCampaignOpensToo()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("results.json"));
        QVERIFY(writeCampaign(path, cctest::fullCampaign()));
        MainWindow window;
        window.show();
        const QList<QVariant> opened = cctest::dropFile(window, path);
        QVERIFY(!opened.isEmpty());
        QCOMPARE(opened.at(1).toBool(), true);
        QTableView* decisions = window.physical()->decisionTable();
        QCOMPARE(decisions->model()->rowCount(), 8);
        QCOMPARE(decisions->model()->columnCount(), 15 + 5);
        QCOMPARE(rowHeader(decisions, 3), QStringLiteral("canary (communication only)"));
        QCOMPARE(header(decisions, 0), QStringLiteral("baseline\nvs ring-2ch"));
    }

    void aMalformedCampaignIsRefusedWithFileAndPath()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("results.json"));
        std::string text = cc::campaignResultsJson(cctest::smallCampaign());
        const std::string from = "\"compute\": \"overlap\"";
        const auto at = text.find(from);
        QVERIFY(at != std::string::npos);
        text.replace(at, from.size(), "\"compute\": \"both\"");
        QVERIFY(cctest::writeAll(path, QByteArray(text.data(), static_cast<qsizetype>(text.size()))));

        MainWindow window;
        window.show();
        ErrorDialog* dialog = cctest::refusedOpen(window, path);
        QVERIFY(dialog != nullptr);
        QVERIFY(window.physical()->document() == nullptr);
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->summary().contains(QStringLiteral("results.json")));
        DiagnosticsModel* diagnostics = dialog->diagnostics();
        QVERIFY(diagnostics->rowCount() >= 1);
        QVERIFY(diagnostics->index(0, DiagnosticsModel::FileColumn)
                    .data()
                    .toString()
                    .contains(QStringLiteral("results.json")));
        QCOMPARE(diagnostics->index(0, DiagnosticsModel::FieldColumn).data().toString(),
                 QStringLiteral("$.proxies[0].compute"));
        QVERIFY(!diagnostics->index(0, DiagnosticsModel::RuleColumn).data().toString().isEmpty());
        QCOMPARE(cctest::filesIn(dir.path()), QStringList{QStringLiteral("results.json")});
        dialog->close();
    }
};

QTEST_MAIN(TestPhysical)
#include "tst_physical.moc"
