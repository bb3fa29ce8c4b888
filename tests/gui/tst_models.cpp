// Every item model of the workbench under QAbstractItemModelTester, attached before its first
// change, then driven through resets, insertions and removals with real data.
#include "gui_support.h"

#include "core/configs/config_io.h"
#include "core/trace/trace_io.h"
#include "ui/ablation/ranking_models.h"
#include "ui/artifacts/artifact_loader.h"
#include "ui/artifacts/artifact_model.h"
#include "ui/distributions/distribution_panel.h"
#include "ui/shell/diagnostics_model.h"
#include "ui/timeline/event_details.h"
#include "ui/timeline/tail_window_model.h"
#include "ui/util/property_model.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QtTest>

using namespace cc::ui;

namespace {

constexpr auto kMode = QAbstractItemModelTester::FailureReportingMode::QtTest;

std::shared_ptr<const cc::Trace> example()
{
    cc::NullProgress progress;
    return std::make_shared<const cc::Trace>(cc::readTrace(cctest::adversarialExample().toStdString(), progress));
}

ReplayResult replay(std::shared_ptr<const cc::Trace> trace, cc::ReplayProtocol protocol = {})
{
    cc::NullProgress progress;
    return runReplay({std::move(trace), std::make_shared<const cc::ConfigSet>(cc::defaultConfigSet()), protocol},
                     progress);
}

} // namespace

class TestModels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { cctest::isolateSettings(QStringLiteral("tst_models")); }

    void artifactModel()
    {
        ArtifactStore store;
        ArtifactModel model(&store);
        QAbstractItemModelTester tester(&model, kMode);
        cc::NullProgress progress;
        const ArtifactId trace = store.add(loadArtifact(cctest::adversarialExample(), progress));
        const ArtifactId configs = store.add(loadArtifact(cctest::defaultConfigs(), progress));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.artifactAt(model.index(0, 0)), trace);
        QVERIFY(model.rowCount(model.index(0, 0)) > 5); // facts
        QCOMPARE(model.index(0, 0).data(ArtifactModel::ActiveRole).toBool(), true);
        const QModelIndex fact = model.index(0, 0, model.index(1, 0));
        QCOMPARE(model.parent(fact), model.index(1, 0));
        QCOMPARE(model.artifactAt(fact), configs);
        // Reloading the same path keeps the id; removing keeps child indexes consistent.
        store.add(loadArtifact(cctest::adversarialExample(), progress));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(store.artifacts().front().id, trace);
        store.remove(trace);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(store.activeTrace(), ArtifactId(0));
        store.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void reportRelatesToItsTrace()
    {
        // A report replayed from the example names the example's normalised hash as its input.
        QTemporaryDir dir;
        const QString report = dir.filePath(QStringLiteral("example.report.json"));
        const auto result =
            cctest::runCli({QStringLiteral("replay"), cctest::adversarialExample(), QStringLiteral("--configs"),
                            cctest::defaultConfigs(), QStringLiteral("-o"), report});
        if (result.exitCode != 0) {
            QSKIP("the CLI cannot write replay reports in this build");
        }
        ArtifactStore store;
        ArtifactModel model(&store);
        QAbstractItemModelTester tester(&model, kMode);
        cc::NullProgress progress;
        store.add(loadArtifact(cctest::adversarialExample(), progress));
        store.add(loadArtifact(report, progress));
        QCOMPARE(store.artifacts().back().kind, ArtifactKind::Report);
        QCOMPARE(store.artifacts().back().sourceIdentity(), store.artifacts().front().identity);
        QCOMPARE(store.artifacts().front().relations.size(), std::size_t(1));
        QCOMPARE(store.artifacts().back().relations.size(), std::size_t(1));
        QVERIFY(store.artifacts().back().relations.front().text.contains(QStringLiteral("adversarial_decode")));
    }

    void propertyModel()
    {
        PropertyModel model;
        QAbstractItemModelTester tester(&model, kMode);
        model.setRows(describeEvent(*example(), 3));
        QVERIFY(model.rowCount() > 10);
        QCOMPARE(model.value(QStringLiteral("Operation")), QStringLiteral("all_reduce"));
        QCOMPARE(model.value(QStringLiteral("Group")), QStringLiteral("tp"));
        model.setRows({});
        QCOMPARE(model.rowCount(), 0);
    }

    void tailWindowModelSortedByCost()
    {
        const auto trace = example();
        cc::NullProgress progress;
        const ReplayResult r = replay(trace);
        TailWindowModel model;
        QSortFilterProxyModel proxy;
        QAbstractItemModelTester tester(&model, kMode);
        QAbstractItemModelTester proxyTester(&proxy, kMode);
        proxy.setSourceModel(&model);
        proxy.setSortRole(TailWindowModel::SortRole);
        proxy.sort(TailWindowModel::CostColumn, Qt::DescendingOrder);
        model.setTimeline(buildTimeline(trace, eventTimings(r, 4), {}, progress));
        QVERIFY(model.rowCount() >= 1);
        for (int row = 1; row < proxy.rowCount(); ++row) {
            QVERIFY(proxy.index(row - 1, TailWindowModel::CostColumn).data(TailWindowModel::SortRole).toLongLong() >=
                    proxy.index(row, TailWindowModel::CostColumn).data(TailWindowModel::SortRole).toLongLong());
        }
        model.setCurrent(0);
        model.setTimeline(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void configTimingModel()
    {
        const auto trace = example();
        ConfigTimingModel model;
        QAbstractItemModelTester tester(&model, kMode);
        const ReplayResult r = replay(trace);
        model.setEvent(r, 5u, 1);
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.index(1, ConfigTimingModel::ConfigurationColumn).data().toString(),
                 QStringLiteral("low_latency"));
        QVERIFY(model.index(1, 0).data(Qt::FontRole).value<QFont>().bold());
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void diagnosticsModel()
    {
        DiagnosticsModel model;
        QAbstractItemModelTester tester(&model, kMode);
        cc::Diagnostic d;
        d.file = "a.json";
        d.event = 3;
        d.eventId = "x";
        d.field = "gap_us";
        d.rule = "must not be negative";
        model.setDiagnostics({d, d});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, DiagnosticsModel::RuleColumn).data().toString(),
                 QStringLiteral("must not be negative"));
        d.event = cc::kNoEvent;
        model.setDiagnostics({d});
        QCOMPARE(model.index(0, DiagnosticsModel::EventColumn).data().toString(), QString());
    }

    void rankingModels()
    {
        const auto trace = example();
        RankingMatrixModel ranking;
        PairMatrixModel pairs;
        QAbstractItemModelTester rankingTester(&ranking, kMode);
        QAbstractItemModelTester pairTester(&pairs, kMode);
        const ReplayResult base = replay(trace);
        ranking.setReplays(base, base);
        pairs.setReplays(base, base);
        QCOMPARE(ranking.rowCount(), 5);
        QCOMPARE(ranking.columnCount(), 4);
        QCOMPARE(pairs.rowCount(), 10);
        QCOMPARE(pairs.flippedCount(), 0);
        cc::ReplayProtocol isolated;
        isolated.isolated = true;
        const ReplayResult alone = replay(trace, isolated);
        ranking.setReplays(base, alone);
        pairs.setReplays(base, alone);
        QVERIFY(pairs.flippedCount() > 0);
        bool anyMoved = false;
        for (int r = 0; r < ranking.rowCount(); ++r) {
            for (int c = 0; c < ranking.columnCount(); ++c) {
                anyMoved = anyMoved || ranking.index(r, c).data(RankingMatrixModel::ChangedRole).toBool();
            }
        }
        QVERIFY(anyMoved);
        const auto flips = cc::rankingFlips(base.replay->ranking, alone.replay->ranking);
        QCOMPARE(static_cast<int>(flips.size()), pairs.flippedCount());
        ranking.setReplays({}, {});
        pairs.setReplays({}, {});
        QCOMPARE(pairs.rowCount(), 0);
    }

    void distributionSummaryModel()
    {
        const auto trace = example();
        cc::NullProgress progress;
        const ReplayResult r = replay(trace);
        const DistributionData data = computeDistributions(r, {}, progress);
        DistributionSummaryModel model;
        QAbstractItemModelTester tester(&model, kMode);
        model.setDistributions(data);
        QCOMPARE(model.rowCount(), 5);
        for (const auto& s : data.series) {
            QVERIFY(s.cdf.size() <= kMaxCdfPoints);
            QVERIFY(s.p50 <= s.p95 && s.p95 <= s.p99 && s.p99 <= s.max);
        }
        QCOMPARE(data.series.front().p99, r.configuration(0)->summary.latency.p99);
        QCOMPARE(data.series.front().max, r.configuration(0)->summary.latency.max);
        DistributionFilter filter;
        filter.op = QStringLiteral("no_such_op");
        const DistributionData none = computeDistributions(r, filter, progress);
        model.setDistributions(none);
        QCOMPARE(none.series.front().count, std::uint64_t(0));
    }
};

QTEST_MAIN(TestModels)
#include "tst_models.moc"
