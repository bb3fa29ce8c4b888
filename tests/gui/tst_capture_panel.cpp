// The capture panel, offscreen, against the real capture worker: the verdict follows the form,
// Launch is disabled with the binding pool named for an infeasible cell, a feasible 2-rank gloo
// cell runs in worker processes with per-rank progress to 100 % and its merged trace opens in
// the artifact store, and Cancel leaves no rank process behind. Every item model of the panel
// runs under QAbstractItemModelTester. Suites that need the worker skip with the reason when it
// cannot run gloo over CPU tensors here.
#include "gui_support.h"

#include "../capture/capture_test_support.h"

#include "capture/lib/allreduce_calibration.h"
#include "capture/lib/cell_loader.h"
#include "capture/lib/sweep_index.h"
#include "ui/capture/capture_panel.h"
#include "ui/shell/main_window.h"

#include "core/util/json/writer.h"
#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>

#include <QtTest>

using namespace cc::ui;
namespace capture = cc::capture;

namespace {

constexpr int kRunTimeoutMs = 300000;

bool save(QWidget* widget, const QString& name)
{
    const QImage image = widget->grab().toImage();
    const QString path = cctest::screenshotDir() + QLatin1Char('/') + name;
    qInfo("%s: %dx%d -> %s", qPrintable(name), image.width(), image.height(), qPrintable(path));
    return cctest::looksPainted(image) && image.save(path);
}

void fill(CapturePanel& panel, int worldSize, const QString& params, int iterations, int warmup,
          const QString& hostBudget)
{
    CaptureForm* form = panel.form();
    form->backend()->setCurrentIndex(form->backend()->findData(QStringLiteral("gloo")));
    form->device()->setCurrentIndex(form->device()->findData(QStringLiteral("cpu")));
    form->worldSize()->setValue(worldSize);
    form->iterations()->setValue(iterations);
    form->warmup()->setValue(warmup);
    form->bucketCap()->setText(QStringLiteral("25"));
    form->hostBudget()->setText(hostBudget);
    // Typed character by character: the verdict must follow every keystroke.
    form->modelSize()->clear();
    QTest::keyClicks(form->modelSize(), params);
}

/// Waits until the panel shows a verdict for exactly what the form holds now.
bool verdictSettled(CapturePanel& panel, JobRunner& runner)
{
    return QTest::qWaitFor(
        [&]() {
            return !runner.isBusy() && !panel.launchBlockedReason().startsWith(QStringLiteral("Checking the cell")) &&
                   panel.feasibility()->verdict().has_value();
        },
        60000);
}

std::vector<capture::RankMetrics> sampleMetrics()
{
    std::vector<capture::RankMetrics> metrics(2);
    for (int r = 0; r < 2; ++r) {
        auto& m = metrics[static_cast<std::size_t>(r)];
        m.rank = r;
        m.iterations.resize(3);
        m.overlapEfficiency = capture::Ratio{750, 1000};
        m.overheadFraction = capture::Ratio{0, 0}; // undefined: shown as such, never 0
        capture::BucketLatency b;
        b.layout = 1;
        b.bucket = 0;
        b.bytes = 1 << 20;
        b.latency = capture::latencyStats({1000, 2000, 3000 + r});
        m.buckets = {b, b};
        m.buckets[1].bucket = 1;
        m.layers = {capture::LayerLatency{"blocks.0.fc1.weight", 4096, 9000, 3000},
                    capture::LayerLatency{"head.weight", 1024, 300, 100}};
    }
    return metrics;
}

} // namespace

class TestCapturePanel : public QObject {
    Q_OBJECT
private:
    QString unavailable_;

private slots:
    void initTestCase()
    {
        cctest::isolateSettings(QStringLiteral("tst_capture_panel"));
        unavailable_ = cctest::captureUnavailable(QStringLiteral("gloo/cpu"));
    }

    void modelsUnderTheTester()
    {
        RankProgressModel ranks;
        RankSummaryModel summary;
        BucketLatencyModel buckets;
        LayerLatencyModel layers;
        QAbstractItemModelTester t1(&ranks, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&summary, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t3(&buckets, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t4(&layers, QAbstractItemModelTester::FailureReportingMode::QtTest);

        ranks.reset(3);
        QCOMPARE(ranks.rowCount(), 3);
        QVERIFY(!ranks.complete());
        QCOMPARE(ranks.index(1, RankProgressModel::ProgressColumn).data().toString(), QStringLiteral("waiting"));
        QSignalSpy changed(&ranks, &QAbstractItemModel::dataChanged);
        std::vector<RankRunState> state(3);
        for (int r = 0; r < 3; ++r) {
            state[static_cast<std::size_t>(r)] = RankRunState{r, r == 1 ? 4 : 8, 8, r == 1 ? "recorded" : "done", {}};
        }
        ranks.update(state);
        QCOMPARE(changed.size(), 3);
        ranks.update(state); // nothing changed: no signal
        QCOMPARE(changed.size(), 3);
        QCOMPARE(ranks.index(1, 0).data(RankProgressModel::PermilleRole).toInt(), 500);
        QCOMPARE(ranks.index(1, RankProgressModel::ProgressColumn).data().toString(), QStringLiteral("4 of 8 (50 %)"));
        QVERIFY(!ranks.complete());
        state[1].done = 8;
        ranks.update(state);
        QVERIFY(ranks.complete());

        const auto metrics = sampleMetrics();
        summary.setMetrics(metrics);
        buckets.setMetrics(metrics);
        layers.setMetrics(metrics);
        QCOMPARE(summary.rowCount(), 2);
        QCOMPARE(summary.index(0, RankSummaryModel::OverlapColumn).data().toString(), QStringLiteral("75.0 %"));
        QCOMPARE(summary.index(0, RankSummaryModel::OverheadColumn).data().toString(), QStringLiteral("undefined"));
        QVERIFY(!summary.index(0, RankSummaryModel::OverheadColumn).data(kCaptureSortRole).isValid());
        QCOMPARE(buckets.rowCount(), 4);
        QCOMPARE(buckets.index(1, BucketLatencyModel::MaxColumn).data(kCaptureSortRole).toLongLong(), 3000);
        QCOMPARE(buckets.index(3, BucketLatencyModel::MaxColumn).data(kCaptureSortRole).toLongLong(), 3001);
        QCOMPARE(layers.rowCount(), 4);
        QCOMPARE(layers.index(0, LayerLatencyModel::LayerColumn).data().toString(),
                 QStringLiteral("blocks.0.fc1.weight"));
        summary.setMetrics({});
        buckets.setMetrics({});
        layers.setMetrics({});
        QCOMPARE(buckets.rowCount(), 0);
    }

    void sweepMatrixShowsEveryState()
    {
        QTemporaryDir results;
        QVERIFY(results.isValid());
        const capture::SweepMatrix matrix = capture::parseSweepMatrix(
            R"({"model_params": ["1M", "10M"], "world_sizes": [2, 4], "backends": ["gloo"],
                "devices": ["cpu"], "bucket_caps": ["25MiB"]})",
            "matrix");
        const auto planned = capture::expandSweepMatrix(matrix);
        QCOMPARE(planned.size(), std::size_t(4));
        std::vector<capture::SweepCellRecord> records;
        for (const auto& cell : planned) {
            capture::SweepCellRecord r;
            r.cell = cell;
            records.push_back(r);
        }
        records[0].state = capture::SweepCellState::Measured;
        records[0].recordFile = "cells/" + planned[0].directory + "/manifest.json";
        capture::SweepCellMeasurement m;
        m.buckets = 2;
        m.allreduceSamples = 40;
        m.allreduceMedianNs = 2'500'000;
        m.allreduceP95Ns = 4'000'000;
        m.allreduceMaxNs = 5'000'000;
        m.iterationMedianNs = 30'000'000;
        m.overlapPpm = 700'000;
        records[0].measurement = m;
        records[1].state = capture::SweepCellState::Refused;
        records[1].reason = "the memory guard refused the cell";
        records[1].recordFile = "cells/" + planned[1].directory + "/refused.json";
        records[1].refusal = capture::SweepCellRefusal{false, "host", 3 * capture::kGiB, 1 * capture::kGiB, {"short"}};
        records[2].state = capture::SweepCellState::Failed;
        records[2].reason = "rank 1 ended (killed by SIGKILL)";
        records[2].recordFile = "cells/" + planned[2].directory + "/failed.json";
        capture::writeSweepIndex(cctest::toStd(results.path()), capture::makeSweepIndex(matrix, records));

        JobRunner runner;
        SweepView view(&runner);
        QAbstractItemModelTester tester(view.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(&view, &SweepView::loaded);
        view.openFolder(results.path());
        QVERIFY(loaded.wait(30000));
        QCOMPARE(loaded.first().at(0).toBool(), true);
        SweepMatrixModel* model = view.model();
        QCOMPARE(model->rowCount(), 4);
        const QStringList expected{QStringLiteral("measured"), QStringLiteral("refused"), QStringLiteral("failed"),
                                   QStringLiteral("planned")};
        for (int row = 0; row < 4; ++row) {
            QCOMPARE(model->index(row, SweepMatrixModel::StateColumn).data(SweepMatrixModel::StateRole).toString(),
                     expected[row]);
            QCOMPARE(model->index(row, SweepMatrixModel::StateColumn).data().toString(), expected[row]);
        }
        QVERIFY(model->index(1, SweepMatrixModel::DetailColumn).data().toString().contains(QStringLiteral("host")));
        QVERIFY(model->index(2, SweepMatrixModel::DetailColumn).data().toString().contains(QStringLiteral("SIGKILL")));
        QCOMPARE(model->index(0, SweepMatrixModel::AllreduceColumn).data(SweepMatrixModel::SortRole).toLongLong(),
                 2'500'000);
        QVERIFY(view.statusText().contains(QStringLiteral("1 measured, 1 refused, 1 failed, 1 planned")));
        // The measured cell is plotted; nothing else is.
        const auto series = view.chart()->chart()->series();
        QCOMPARE(series.size(), 1);
        QCOMPARE(qobject_cast<QScatterSeries*>(series.front())->count(), 1);
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(save(&view, QStringLiteral("capture-matrix.png")));

        // A folder that is not a sweep is refused with the reason; the table empties.
        QTemporaryDir empty;
        loaded.clear();
        view.openFolder(empty.path());
        QVERIFY(loaded.wait(30000));
        QCOMPARE(loaded.first().at(0).toBool(), false);
        QCOMPARE(model->rowCount(), 0);
        QVERIFY(view.statusText().contains(QStringLiteral("cells.json")));
    }

    void modelPlotTellsMeasuredFromModel()
    {
        JobRunner runner;
        AllreduceModelView view(&runner);
        QSignalSpy updated(&view, &AllreduceModelView::updated);
        view.setCell(sampleMetrics(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(view.fit().has_value(), 30000);
        const capture::AlphaFit& fit = *view.fit();
        QCOMPARE(fit.ranks, 2);
        QCOMPARE(fit.points.size(), std::size_t(2)); // two buckets: the slowest rank's median of each
        QCOMPARE(fit.points[0].latencyNs, 2000);
        QVERIFY(fit.bandwidthBytesPerS > 0);
        const auto series = view.chart()->chart()->series();
        QCOMPARE(series.size(), 4);
        // The model is drawn first, the measured points over it.
        auto* modelLine = qobject_cast<QLineSeries*>(series[0]);
        auto* modelMarks = qobject_cast<QScatterSeries*>(series[1]);
        auto* measuredLine = qobject_cast<QLineSeries*>(series[2]);
        auto* measuredMarks = qobject_cast<QScatterSeries*>(series[3]);
        QVERIFY(measuredLine && measuredMarks && modelLine && modelMarks);
        QVERIFY(qobject_cast<QScatterSeries*>(series[0]) == nullptr);
        QVERIFY(qobject_cast<QScatterSeries*>(series[2]) == nullptr);
        // Line style, marker and label: three independent cues.
        QCOMPARE(measuredLine->pen().style(), Qt::SolidLine);
        QCOMPARE(modelLine->pen().style(), Qt::DashLine);
        QCOMPARE(measuredMarks->markerShape(), QScatterSeries::MarkerShapeCircle);
        QCOMPARE(modelMarks->markerShape(), QScatterSeries::MarkerShapeRectangle);
        QVERIFY(measuredLine->name().startsWith(QStringLiteral("measured")));
        QVERIFY(modelLine->name().startsWith(QStringLiteral("model")));
        QVERIFY(view.note().contains(QStringLiteral("α")));
        // The model's points are the library's model at the measured sizes.
        QCOMPARE(modelMarks->count(), 2);
        QCOMPARE(modelMarks->at(0).y(), static_cast<double>(fit.modelNs[0]) / 1e6);
        // Another interconnect: another B, refitted.
        if (view.interconnect()->count() > 1) {
            const std::int64_t before = fit.bandwidthBytesPerS;
            view.interconnect()->setCurrentIndex(view.interconnect()->count() - 1);
            QTRY_VERIFY_WITH_TIMEOUT(view.fit() && view.fit()->bandwidthBytesPerS != before, 30000);
        }
        // One rank: no latency term to fit; said so, nothing modelled.
        view.setCell(sampleMetrics(), 1);
        QVERIFY(!view.fit().has_value());
        QVERIFY(view.note().contains(QStringLiteral("two")));
        QCOMPARE(view.chart()->chart()->series().size(), 2);
    }

    void modelFromACalibrationFile()
    {
        // A calibration as `commcanary capture calibrate` writes it, for 4 ranks (the cell has 2).
        std::vector<capture::BenchRankResult> ranks;
        for (int r = 0; r < 4; ++r) {
            ranks.push_back({r, 4, "gloo", "cpu", {65536, 1 << 20}, {{90000 + r, 95000}, {700000, 720000 + r}}});
        }
        const capture::BandwidthSource bandwidth{3'000'000'000, std::nullopt, "given: --bandwidth-bytes-per-s"};
        const capture::Calibration calibration = capture::calibrationFromBench(ranks, 2, 1, bandwidth);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString good = dir.filePath(QStringLiteral("calibration.json"));
        {
            QFile file(good);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray::fromStdString(capture::calibrationJsonText(calibration)));
        }
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        {
            cc::json::Value doc = capture::calibrationDocument(calibration);
            for (auto& member : doc.members()) {
                if (member.key == "fit") {
                    auto& fit = member.value.members();
                    fit.erase(std::remove_if(fit.begin(), fit.end(),
                                             [](const cc::json::Member& m) { return m.key == "alpha_ns"; }),
                              fit.end());
                }
            }
            QFile file(bad);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray::fromStdString(cc::json::toText(doc)));
        }

        JobRunner runner;
        AllreduceModelView view(&runner);
        QCOMPARE(view.modelSource(), AllreduceModelView::ModelSource::FittedToCell);
        QCOMPARE(view.calibrationSource()->count(), 1);
        QSignalSpy updated(&view, &AllreduceModelView::updated);
        view.setCell(sampleMetrics(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(view.fit().has_value(), 30000);
        const std::int64_t fittedAlpha = view.fit()->alphaNs;

        updated.clear();
        view.loadCalibration(good);
        QVERIFY(updated.wait(30000));
        QCOMPARE(view.modelSource(), AllreduceModelView::ModelSource::CalibrationFile);
        QVERIFY(view.calibration().has_value());
        QCOMPARE(view.calibrationSource()->currentData().toString(), QStringLiteral("file"));
        QVERIFY(view.fit().has_value());
        const capture::AlphaFit& model = *view.fit();
        QCOMPARE(model.ranks, 2); // the cell's p, not the calibration's
        QCOMPARE(model.alphaNs, calibration.fit.alphaNs);
        QCOMPARE(model.bandwidthBytesPerS, std::int64_t{3'000'000'000});
        QVERIFY(model.alphaNs != fittedAlpha);
        QVERIFY2(view.note().contains(QStringLiteral("4 ranks")), qPrintable(view.note()));

        const auto series = view.chart()->chart()->series();
        QCOMPARE(series.size(), 6);
        auto* modelLine = qobject_cast<QLineSeries*>(series[0]);
        auto* modelMarks = qobject_cast<QScatterSeries*>(series[1]);
        auto* benchLine = qobject_cast<QLineSeries*>(series[2]);
        auto* benchMarks = qobject_cast<QScatterSeries*>(series[3]);
        auto* measuredLine = qobject_cast<QLineSeries*>(series[4]);
        auto* measuredMarks = qobject_cast<QScatterSeries*>(series[5]);
        QVERIFY(modelLine && modelMarks && benchLine && benchMarks && measuredLine && measuredMarks);
        QVERIFY(qobject_cast<QScatterSeries*>(series[2]) == nullptr);
        // The model at the cell's sizes and along the curve is ringAllReduceNs with the calibration's α and B.
        QCOMPARE(modelMarks->count(), 2);
        for (int i = 0; i < modelMarks->count(); ++i) {
            const auto bytes = static_cast<std::int64_t>(modelMarks->at(i).x());
            QCOMPARE(modelMarks->at(i).y(),
                     static_cast<double>(capture::ringAllReduceNs(2, bytes, calibration.fit.alphaNs, 3'000'000'000)) /
                         1e6);
        }
        QVERIFY(modelLine->count() > 2);
        for (int i = 0; i < modelLine->count(); ++i) {
            const auto bytes = static_cast<std::int64_t>(modelLine->at(i).x());
            QCOMPARE(modelLine->at(i).y(),
                     static_cast<double>(capture::ringAllReduceNs(2, bytes, calibration.fit.alphaNs, 3'000'000'000)) /
                         1e6);
        }
        // The microbenchmark's own points, told apart by name, line style and marker.
        QCOMPARE(benchLine->name(), QStringLiteral("microbenchmark (calibration file)"));
        QCOMPARE(benchMarks->count(), 2);
        QCOMPARE(benchMarks->at(1).x(), static_cast<double>(1 << 20));
        QCOMPARE(benchMarks->at(1).y(), static_cast<double>(calibration.points[1].latency.median) / 1e6);
        QVERIFY(benchLine->pen().style() != modelLine->pen().style());
        QVERIFY(benchLine->pen().style() != measuredLine->pen().style());
        QVERIFY(benchMarks->markerShape() != modelMarks->markerShape());
        QVERIFY(benchMarks->markerShape() != measuredMarks->markerShape());

        // A bad file: the note says why, the model drawn before stays.
        updated.clear();
        view.loadCalibration(bad);
        QVERIFY(updated.wait(30000));
        QVERIFY2(view.note().contains(QStringLiteral("alpha_ns")), qPrintable(view.note()));
        QCOMPARE(view.modelSource(), AllreduceModelView::ModelSource::CalibrationFile);
        QCOMPARE(view.fit()->alphaNs, calibration.fit.alphaNs);
        QCOMPARE(view.chart()->chart()->series().size(), 6);

        // Back to fitting α to the cell.
        updated.clear();
        view.calibrationSource()->setCurrentIndex(0);
        QTRY_VERIFY_WITH_TIMEOUT(view.fit().has_value() && view.fit()->alphaNs == fittedAlpha, 30000);
        QCOMPARE(view.modelSource(), AllreduceModelView::ModelSource::FittedToCell);
        QCOMPARE(view.chart()->chart()->series().size(), 4);
    }

    void mainWindowDocksThePanel()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QDockWidget* dock = window.dock(QStringLiteral("captureDock"));
        QVERIFY(dock != nullptr);
        QCOMPARE(dock->widget(), static_cast<QWidget*>(window.capture()));
        // Tabified behind the distributions: not brought up, so nothing is probed at start.
        QVERIFY(!window.capture()->isProbed());
        QVERIFY(!window.runner()->isBusy());
        auto* action = window.findChild<QAction*>(QStringLiteral("captureAction"));
        QVERIFY(action != nullptr);
        QSignalSpy probed(window.capture(), &CapturePanel::probeFinished);
        action->trigger();
        QVERIFY(probed.wait(120000));
        QVERIFY(window.capture()->isProbed());
        QVERIFY(window.runner()->waitForIdle(60000));
    }

    void invalidFormBlocksLaunch()
    {
        JobRunner runner;
        ArtifactStore store;
        CapturePanel panel(&runner, &store);
        panel.form()->modelSize()->setText(QStringLiteral("lots"));
        QVERIFY(!panel.launchButton()->isEnabled());
        QVERIFY2(panel.launchBlockedReason().contains(QStringLiteral("model size")),
                 qPrintable(panel.launchBlockedReason()));
        QVERIFY(!panel.feasibility()->verdict().has_value());
        panel.form()->modelSize()->setText(QStringLiteral("1M"));
        panel.form()->bucketCap()->setText(QStringLiteral("-3"));
        QVERIFY(panel.launchBlockedReason().contains(QStringLiteral("bucket cap")));
        // nccl over CPU tensors is not a cell: the same rule as the CLI.
        panel.form()->bucketCap()->setText(QStringLiteral("25"));
        panel.form()->backend()->setCurrentIndex(panel.form()->backend()->findData(QStringLiteral("nccl")));
        QVERIFY2(panel.launchBlockedReason().contains(QStringLiteral("nccl")), qPrintable(panel.launchBlockedReason()));
        QVERIFY(!panel.launchButton()->isEnabled());
    }

    void infeasibleCellNamesTheBindingPool()
    {
        JobRunner runner;
        ArtifactStore store;
        CapturePanel panel(&runner, &store);
        QSignalSpy probed(&panel, &CapturePanel::probeFinished);
        panel.probe();
        QVERIFY(probed.wait(120000));
        QVERIFY(panel.isProbed());

        // 400M parameters on two ranks cannot fit a declared 1 GiB host budget.
        fill(panel, 2, QStringLiteral("400M"), 3, 1, QStringLiteral("1GiB"));
        QVERIFY(verdictSettled(panel, runner));
        const auto& verdict = *panel.feasibility()->verdict();
        QCOMPARE(verdict.spec.modelParams, std::int64_t(400'000'000));
        QVERIFY(!verdict.feasible);
        QVERIFY(!panel.launchButton()->isEnabled());
        // Where the worker cannot run at all, that reason comes first; the verdict is still shown.
        const QString expectedReason = unavailable_.isEmpty() ? QStringLiteral("binding pool: host")
                                                              : QStringLiteral("cannot run on this machine");
        QVERIFY2(panel.launchBlockedReason().contains(expectedReason), qPrintable(panel.launchBlockedReason()));
        QVERIFY(panel.feasibility()->bindingText().contains(QStringLiteral("host")));
        const auto bars = panel.feasibility()->bars();
        QCOMPARE(bars.size(), std::size_t(1)); // a CPU cell draws on host memory only
        QVERIFY(bars.front()->binding());
        QVERIFY(bars.front()->permille().value_or(0) > 1000);
        QVERIFY(bars.front()->text().contains(QStringLiteral("(binding)")));
        // The arithmetic, term by term, on hover.
        QVERIFY2(bars.front()->toolTip().contains(QStringLiteral("parameters")), qPrintable(bars.front()->toolTip()));
        QVERIFY(bars.front()->toolTip().contains(QStringLiteral("1.00 GiB")));

        panel.resize(1100, 720);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QVERIFY(save(&panel, QStringLiteral("capture-panel-refused.png")));

        // Shrinking the model as you type: the verdict follows and the cell fits.
        fill(panel, 2, QStringLiteral("1M"), 3, 1, QStringLiteral("1GiB"));
        QVERIFY(verdictSettled(panel, runner));
        QCOMPARE(panel.feasibility()->verdict()->spec.modelParams, std::int64_t(1'000'000));
        QVERIFY(panel.feasibility()->verdict()->feasible);
        QVERIFY(panel.feasibility()->bars().front()->permille().value_or(2000) <= 1000);
        if (unavailable_.isEmpty()) {
            QVERIFY2(panel.launchButton()->isEnabled(), qPrintable(panel.launchBlockedReason()));
        } else {
            QVERIFY(!panel.launchButton()->isEnabled());
            QVERIFY(panel.launchBlockedReason().contains(QStringLiteral("cannot run on this machine")));
        }
    }

    void feasibleCellRunsAndOpensItsTrace()
    {
        if (!unavailable_.isEmpty()) {
            QSKIP(qPrintable(QStringLiteral("gloo/cpu cannot run here: ") + unavailable_));
        }
        QTemporaryDir out;
        QVERIFY(out.isValid());
        JobRunner runner;
        ArtifactStore store;
        CapturePanel panel(&runner, &store);
        QAbstractItemModelTester ranksTester(panel.rankModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester summaryTester(panel.summaryModel(),
                                               QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester bucketTester(panel.bucketModel(),
                                              QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester layerTester(panel.layerModel(),
                                             QAbstractItemModelTester::FailureReportingMode::QtTest);
        panel.setOutputRoot(out.path());
        panel.resize(1100, 720);
        QSignalSpy probed(&panel, &CapturePanel::probeFinished);
        panel.show();
        panel.ensureProbed();
        QVERIFY(probed.wait(120000));
        fill(panel, 2, QStringLiteral("100k"), 3, 1, QString());
        // A 64 KiB cap splits the smallest model's ~390 KiB of gradients into several buckets.
        panel.form()->bucketCap()->setText(QStringLiteral("0.0625"));
        QVERIFY(verdictSettled(panel, runner));
        QCOMPARE(panel.feasibility()->verdict()->spec.bucketCapBytes, std::int64_t(64 * 1024));
        QVERIFY2(panel.launchButton()->isEnabled(), qPrintable(panel.launchBlockedReason()));

        QSignalSpy finished(&panel, &CapturePanel::captureFinished);
        QSignalSpy opened(&panel, &CapturePanel::traceOpened);
        QTest::mouseClick(panel.launchButton(), Qt::LeftButton);
        QVERIFY(panel.isRunning());
        QVERIFY(!panel.launchButton()->isEnabled());
        QVERIFY(panel.cancelButton()->isEnabled());
        QCOMPARE(panel.rankModel()->rowCount(), 2);
        QVERIFY(finished.wait(kRunTimeoutMs));
        QVERIFY2(finished.first().at(0).toBool(), qPrintable(panel.runStatus()));

        // Every rank reached 100 %: warm-up + recorded iterations, as the ranks reported them.
        QVERIFY(panel.rankModel()->complete());
        for (int r = 0; r < 2; ++r) {
            const QModelIndex index = panel.rankModel()->index(r, RankProgressModel::ProgressColumn);
            QCOMPARE(index.data(RankProgressModel::TotalRole).toInt(), 4);
            QCOMPARE(index.data(RankProgressModel::DoneRole).toInt(), 4);
            QCOMPARE(index.data(RankProgressModel::PermilleRole).toInt(), 1000);
        }
        // The merged live log holds both ranks' lines.
        const QString log = panel.log()->toPlainText();
        QVERIFY(log.contains(QStringLiteral("[rank 0] ")));
        QVERIFY(log.contains(QStringLiteral("[rank 1] ")));
        // For people: each rank's phases in words, never the worker's protocol lines.
        QVERIFY2(!log.contains(QStringLiteral("commcanary-progress")), qPrintable(log));
        QVERIFY2(log.contains(QStringLiteral("[rank 1] done: 4 iterations")), qPrintable(log));

        // The trace is in the artifact store and active; it is the cell's merged trace.
        QCOMPARE(opened.size(), 1);
        const ArtifactId id = opened.first().at(0).value<ArtifactId>();
        const Artifact* artifact = store.find(id);
        QVERIFY(artifact != nullptr);
        QCOMPARE(artifact->kind, ArtifactKind::Trace);
        QCOMPARE(store.activeTrace(), id);
        QCOMPARE(artifact->path, QDir(panel.cellDir()).filePath(QStringLiteral("trace.json")));
        QVERIFY(QFileInfo::exists(QDir(panel.cellDir()).filePath(QStringLiteral("manifest.json"))));
        const capture::CellLoad load = capture::loadCell(cctest::toStd(panel.cellDir()));
        QVERIFY2(load.cell.has_value(), load.warning.c_str());
        // One event per recorded bucket all-reduce, as the manifest's merge says.
        QVERIFY(artifact->trace && artifact->trace->size() > 0);
        QCOMPARE(artifact->trace->size(), static_cast<std::size_t>(load.cell->merge->events));

        // Its metrics: one summary row per rank, per-bucket and per-layer latency.
        QCOMPARE(panel.summaryModel()->rowCount(), 2);
        QVERIFY(panel.summaryModel()
                    ->index(0, RankSummaryModel::OverlapColumn)
                    .data()
                    .toString()
                    .contains(QLatin1Char('%')));
        QVERIFY(panel.bucketModel()->rowCount() >= 2 * 3); // at least three buckets on each rank
        QVERIFY(panel.layerModel()->rowCount() > 0);
        QVERIFY(panel.runStatus().startsWith(QStringLiteral("Completed")));
        QVERIFY(panel.launchButton()->isEnabled());
        QVERIFY(!panel.cancelButton()->isEnabled());
        QVERIFY(save(&panel, QStringLiteral("capture-panel.png")));
        panel.tabs()->setCurrentIndex(1);
        QVERIFY(save(&panel, QStringLiteral("capture-panel-result.png")));
        // The measured buckets against the ring model.
        QTRY_VERIFY_WITH_TIMEOUT(panel.modelView()->fit().has_value(), 30000);
        QCOMPARE(panel.modelView()->fit()->ranks, 2);
        QVERIFY(panel.modelView()->fit()->points.size() >= 3);
        panel.tabs()->setCurrentWidget(panel.modelView());
        QVERIFY(save(&panel, QStringLiteral("capture-panel-model.png")));
    }

    void cancelStopsTheWholeRankGroup()
    {
        if (!unavailable_.isEmpty()) {
            QSKIP(qPrintable(QStringLiteral("gloo/cpu cannot run here: ") + unavailable_));
        }
        QTemporaryDir out;
        QVERIFY(out.isValid());
        JobRunner runner;
        ArtifactStore store;
        CapturePanel panel(&runner, &store);
        panel.setOutputRoot(out.path());
        QSignalSpy probed(&panel, &CapturePanel::probeFinished);
        panel.probe();
        QVERIFY(probed.wait(120000));
        // Long enough that it is certainly still running when cancelled.
        fill(panel, 2, QStringLiteral("1M"), 100000, 1, QString());
        QVERIFY(verdictSettled(panel, runner));
        QVERIFY2(panel.launchButton()->isEnabled(), qPrintable(panel.launchBlockedReason()));
        QSignalSpy finished(&panel, &CapturePanel::captureFinished);
        panel.launch();
        QVERIFY(panel.isRunning());
        const QString dir = panel.cellDir();
        // Wait until both ranks are past their first iteration: the whole group is up.
        QTRY_VERIFY_WITH_TIMEOUT(panel.rankModel()->index(0, 0).data(RankProgressModel::DoneRole).toInt() >= 1 &&
                                     panel.rankModel()->index(1, 0).data(RankProgressModel::DoneRole).toInt() >= 1,
                                 180000);
        QVERIFY(finished.isEmpty());
        QCOMPARE(cctest::processesMentioning(dir).size(), 2);

        QTest::mouseClick(panel.cancelButton(), Qt::LeftButton);
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().at(0).toBool(), false);
        QVERIFY2(cctest::processesMentioning(dir).isEmpty(),
                 qPrintable(cctest::processesMentioning(dir).join(QLatin1Char('\n'))));
        QVERIFY2(panel.runStatus().startsWith(QStringLiteral("Cancelled")), qPrintable(panel.runStatus()));
        QVERIFY(!QFileInfo::exists(QDir(dir).filePath(QStringLiteral("manifest.json"))));
        QVERIFY(QFileInfo::exists(QDir(dir).filePath(QStringLiteral("failed.json"))));
        QVERIFY(store.artifacts().empty()); // nothing partial is opened
        QVERIFY(!panel.isRunning());
        QVERIFY(panel.launchButton()->isEnabled());
    }
};

QTEST_MAIN(TestCapturePanel)
#include "tst_capture_panel.moc"
