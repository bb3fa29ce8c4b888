// The workbench shows core's analyses, the same the CLI prints, offscreen: the tail windows listed
// beside the timeline, the Range Statistics of a dragged range, the ranking flips and the
// dependency scan of the Ablations panel, each compared with core's result and with the real
// `commcanary` binary's on the same trace. Range Statistics and the selection band follow the data:
// recomputed after an ablation re-replay, dropped when another trace is opened.
#include "main_window_support.h"

#include "core/configs/config_io.h"
#include "core/replay/replay_analyses.h"
#include "core/trace/trace_io.h"
#include "ui/ablation/ablation_panel.h"
#include "ui/ablation/ranking_diff.h"
#include "ui/ablation/ranking_models.h"
#include "ui/shell/main_window.h"
#include "ui/timeline/range_statistics.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/util/text.h"

#include <QCheckBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QtTest>

using namespace cc::ui;
using cctest::runCli;

namespace {

using cctest::waitForReplay;

cc::Trace readExample()
{
    cc::NullProgress progress;
    return cc::readTrace(cctest::adversarialExample().toStdString(), progress);
}

using cctest::numbersOf;

/// The value of the first row labelled label after the heading that starts with heading.
QString rowValue(const PropertyModel* model, const QString& heading, const QString& label)
{
    bool inside = false;
    for (const PropertyRow& row : model->rows()) {
        if (row.heading) {
            inside = row.label.startsWith(heading);
        } else if (inside && row.label == label) {
            return row.value;
        }
    }
    return {};
}

} // namespace

class TestAnalyses : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        cctest::isolateSettings(QStringLiteral("tst_analyses"));
    }

    void tailWindowsAreTheClis()
    {
        MainWindow window;
        window.show();
        window.openFile(cctest::adversarialExample());
        QVERIFY(waitForReplay(window));
        const auto data = window.timeline()->view()->data();
        QCOMPARE(data->configuration(), QStringLiteral("baseline"));

        // Core's answer for the same trace, set and protocol.
        cc::NullProgress progress;
        const cc::Trace trace = readExample();
        const auto analyses = cc::analyzeReplay(trace, cc::defaultConfigSet(), {}, {}, progress);
        const cc::ConfigurationAnalyses& baseline = analyses.front();
        QCOMPARE(data->tailThreshold, baseline.tailThreshold);
        QVERIFY(!baseline.tailWindows.empty());
        QVERIFY(data->tailWindows == baseline.tailWindows);

        // What the dock lists (source rows are in time order; the proxy sorts by cost).
        TailWindowModel* model = window.timeline()->tailModel();
        QCOMPARE(model->rowCount(), static_cast<int>(baseline.tailWindows.size()));
        for (int row = 0; row < model->rowCount(); ++row) {
            const cc::TailWindow& w = baseline.tailWindows[static_cast<std::size_t>(row)];
            auto shown = [&](int column) { return model->index(row, column).data().toString(); };
            QCOMPARE(shown(TailWindowModel::BeginColumn), formatDuration(w.begin));
            QCOMPARE(shown(TailWindowModel::SpanColumn), formatDuration(w.end - w.begin));
            QCOMPARE(shown(TailWindowModel::EventsColumn), formatCount(w.events));
            QCOMPARE(shown(TailWindowModel::TailEventsColumn), formatCount(w.tailEvents));
            QCOMPARE(shown(TailWindowModel::MaxLatencyColumn), formatDuration(w.maxLatency));
            QCOMPARE(shown(TailWindowModel::CostColumn), formatDuration(w.cost));
            QCOMPARE(model->index(row, TailWindowModel::CostColumn).data(TailWindowModel::SortRole).toLongLong(),
                     static_cast<qlonglong>(w.cost));
        }

        // The CLI prints the same windows, figure for figure.
        auto r = runCli({QStringLiteral("replay"), cctest::adversarialExample(), QStringLiteral("--tail-windows"),
                         QStringLiteral("-o"), dir_.filePath(QStringLiteral("tails.report.json"))});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = r.out.split(QLatin1Char('\n'));
        const qsizetype head = lines.indexOf(
            QStringLiteral("baseline: %1 window(s), p99 %2 ns").arg(data->tailWindows.size()).arg(data->tailThreshold));
        QVERIFY2(head >= 0, qPrintable(r.out));
        for (std::size_t k = 0; k < data->tailWindows.size(); ++k) {
            const cc::TailWindow& w = data->tailWindows[k];
            const std::vector<long long> want{static_cast<long long>(k + 1),
                                              w.begin,
                                              w.end,
                                              w.end - w.begin,
                                              w.events,
                                              w.tailEvents,
                                              w.cost,
                                              w.maxLatency,
                                              w.firstEvent,
                                              w.lastEvent};
            QVERIFY(numbersOf(lines[head + 2 + static_cast<qsizetype>(k)]) == want);
        }
    }

    void rangeStatisticsAreTheClisAndFollowTheData()
    {
        MainWindow window;
        window.show();
        window.openFile(cctest::adversarialExample());
        QVERIFY(waitForReplay(window));
        TimelinePanel* timeline = window.timeline();
        PropertyModel* rows = timeline->rangeModel();
        const cc::Trace trace = readExample();
        const cc::Ns from = trace.issueTime[trace.size() / 4];
        const cc::Ns to = trace.issueTime[trace.size() / 2];
        timeline->view()->setSelection(VisibleRange{static_cast<double>(from), static_cast<double>(to)});
        const QString header = QStringLiteral("Latency under");
        QVERIFY(QTest::qWaitFor([&]() { return !rowValue(rows, header, QStringLiteral("p99")).isEmpty(); }, 20000));

        auto expected = [&](const cc::ReplayProtocol& protocol) {
            cc::NullProgress progress;
            cc::AnalysisRequest request;
            request.tailWindows = false;
            request.range = std::pair<cc::Ns, cc::Ns>{from, to};
            return *cc::analyzeReplay(trace, cc::defaultConfigSet(), protocol, request, progress).front().range;
        };
        auto shownMatches = [&](const cc::RangeStatistics& s) {
            return rowValue(rows, QStringLiteral("Selected range"), QStringLiteral("Events issued")) ==
                       formatCount(s.count) &&
                   rowValue(rows, header, QStringLiteral("Median")) == formatDuration(s.latency.median) &&
                   rowValue(rows, header, QStringLiteral("p99")) == formatDuration(s.latency.p99) &&
                   rowValue(rows, header, QStringLiteral("Max")) == formatDuration(s.latency.max) &&
                   rowValue(rows, header, QStringLiteral("Mean")) == formatDuration(s.latency.mean) &&
                   rowValue(rows, header, QStringLiteral("Queue wait median")) == formatDuration(s.queueWaitMedian) &&
                   rowValue(rows, header, QStringLiteral("Tail events")) == formatCount(s.tailEvents);
        };
        const cc::RangeStatistics plain = expected({});
        QVERIFY(plain.count > 0);
        QVERIFY2(shownMatches(plain), qPrintable(rowValue(rows, header, QStringLiteral("p99"))));

        // The CLI prints the same figures for the same range.
        auto us = [](cc::Ns ns) -> QString {
            return QString::number(ns / 1000) + QLatin1Char('.') +
                   QStringLiteral("%1").arg(ns % 1000, 3, 10, QLatin1Char('0'));
        };
        auto r = runCli({QStringLiteral("replay"), cctest::adversarialExample(), QStringLiteral("--range"),
                         us(from) + QLatin1Char(':') + us(to), QStringLiteral("-o"),
                         dir_.filePath(QStringLiteral("range.report.json"))});
        QCOMPARE(r.exitCode, 0);
        const QString table = r.out.mid(r.out.indexOf(QStringLiteral("\nrange ")));
        const qsizetype at = table.indexOf(QStringLiteral("\n  baseline "));
        QVERIFY(at >= 0);
        const std::vector<long long> cli = numbersOf(table.mid(at + 1, table.indexOf(QLatin1Char('\n'), at + 1) - at));
        const std::vector<long long> want{static_cast<long long>(plain.count),
                                          plain.latency.median,
                                          plain.latency.p95,
                                          plain.latency.p99,
                                          plain.latency.max,
                                          plain.latency.mean,
                                          plain.queueWaitMedian,
                                          plain.hiddenSharePpm,
                                          static_cast<long long>(plain.tailEvents)};
        QVERIFY(cli == want);

        // An ablation re-replays: the statistics of the kept selection follow the new replay.
        cc::ReplayProtocol withoutSkew;
        withoutSkew.ablations.add(cc::Ablation::ArrivalSkew);
        const cc::RangeStatistics ablated = expected(withoutSkew);
        QVERIFY(ablated.latency.p99 != plain.latency.p99); // otherwise this would prove nothing
        window.ablations()->toggle(cc::Ablation::ArrivalSkew)->setChecked(true);
        QVERIFY(QTest::qWaitFor(
            [&]() {
                return window.replay()->current().request.protocol.ablations.has(cc::Ablation::ArrivalSkew) &&
                       !window.runner()->isBusy() && shownMatches(ablated);
            },
            20000));
        QVERIFY(timeline->view()->selection().has_value());

        // Another trace: the old range and its band are gone.
        window.openFile(cctest::example(QStringLiteral("decode.trace.json")));
        QVERIFY(QTest::qWaitFor(
            [&]() {
                const auto& data = timeline->view()->data();
                return data && data->trace && data->trace->size() != trace.size() && data->replayed() &&
                       !window.runner()->isBusy();
            },
            60000));
        QVERIFY(!timeline->view()->selection().has_value());
        QVERIFY(rows->rows().empty());
    }

    void flipsAndScanAreTheClis()
    {
        const QString scanFile = dir_.filePath(QStringLiteral("scan.json"));
        auto r =
            runCli({QStringLiteral("ablation-scan"), cctest::adversarialExample(), QStringLiteral("-o"), scanFile});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject scan = QJsonDocument::fromJson(cctest::readAll(scanFile)).object();
        QVERIFY(!scan.isEmpty());

        MainWindow window;
        window.show();
        AblationPanel* panel = window.ablations();
        QSignalSpy scanned(panel, &AblationPanel::dependenciesScanned);
        window.openFile(cctest::adversarialExample());
        QVERIFY(waitForReplay(window));
        // Small traces are scanned as soon as the baseline is in.
        QVERIFY(QTest::qWaitFor([&]() { return !scanned.isEmpty(); }, 30000));

        // The panel's lines, one per pair, hold exactly the CLI's dependencies.
        std::map<QString, QStringList> expected; // "a vs b" -> "metric depends on titles"
        for (const QJsonValue& value : scan.value(QStringLiteral("dependencies")).toArray()) {
            const QJsonObject d = value.toObject();
            QStringList titles;
            for (const QJsonValue& control : d.value(QStringLiteral("controls")).toArray()) {
                const auto ablation = cc::ablationFromName(control.toString().toStdString());
                titles << (ablation ? ablationTitle(*ablation) : QStringLiteral("isolation"));
            }
            const QString metric = d.value(QStringLiteral("metric")).toString();
            expected[d.value(QStringLiteral("a")).toString() + QStringLiteral(" vs ") +
                     d.value(QStringLiteral("b")).toString()]
                << metric + QStringLiteral(" depends on ") + titles.join(QStringLiteral(", "));
        }
        QVERIFY(!expected.empty());
        QStringList want;
        for (const auto& [pair, parts] : expected) {
            want << pair + QStringLiteral(": ") + parts.join(QStringLiteral("; "));
        }
        QStringList shown = panel->dependencySummary().split(QLatin1Char('\n'));
        // The panel lists pairs in set order, the map by name: compare as sets of lines.
        shown.sort();
        want.sort();
        QCOMPARE(shown, want);

        // Isolated mode: the flips the panel marks are the CLI's flips under "isolated".
        QJsonArray isolatedFlips;
        for (const QJsonValue& value : scan.value(QStringLiteral("controls")).toArray()) {
            if (value.toObject().value(QStringLiteral("control")).toString() == QStringLiteral("isolated")) {
                isolatedFlips = value.toObject().value(QStringLiteral("flips")).toArray();
            }
        }
        QVERIFY(!isolatedFlips.isEmpty());
        QSignalSpy updated(panel, &AblationPanel::rankingUpdated);
        panel->isolatedToggle()->setChecked(true);
        QVERIFY(QTest::qWaitFor(
            [&]() { return !updated.isEmpty() && window.replay()->current().request.protocol.isolated; }, 20000));
        QCOMPARE(panel->pairModel()->flippedCount(), static_cast<int>(isolatedFlips.size()));
        QVERIFY2(panel->summary().startsWith(QStringLiteral("%1 of %2 decisions flip")
                                                 .arg(isolatedFlips.size())
                                                 .arg(scan.value(QStringLiteral("baseline")).toArray().size())),
                 qPrintable(panel->summary()));
        // The replay's time is measured, not rounded down to "0 ms".
        const qint64 elapsed = window.replay()->current().elapsedNs;
        QVERIFY(elapsed > 0);
        QVERIFY2(panel->summary().contains(QStringLiteral("(replayed in %1)").arg(formatDuration(elapsed))),
                 qPrintable(panel->summary()));
    }
};

QTEST_MAIN(TestAnalyses)
#include "tst_analyses.moc"
