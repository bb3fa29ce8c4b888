// End-to-end: the analyses the workbench shows, through the real binary. `replay --tail-windows`
// and `replay --range` print what core's analyzeReplay computes for the same trace, set and
// protocol; `ablation-scan -o` writes the very bytes of core's ablationScanJson for core's
// scanDependencies, atomically; bad arguments exit 2 and bad inputs exit 3, writing nothing.
#include "core/configs/config_io.h"
#include "core/replay/replay_analyses.h"
#include "core/report/ablation_scan.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_io.h"

#include "test_support.h"

#include <QRegularExpression>
#include <QtTest>

using cctest::runCli;

namespace {

QString adversarialTrace()
{
    return cctest::example(QStringLiteral("adversarial_decode.trace.json"));
}

cc::Trace readExample()
{
    cc::NullProgress progress;
    return cc::readTrace(cctest::toStd(adversarialTrace()), progress);
}

using cctest::numbersOf;

} // namespace

class TestCliAnalyses : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString path(const QString& name) const { return dir_.filePath(name); }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void helpExplainsTheAnalyses()
    {
        auto r = runCli({QStringLiteral("--help")});
        QVERIFY(r.out.contains(QStringLiteral("ablation-scan")));
        r = runCli({QStringLiteral("ablation-scan"), QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        for (const auto& text :
             {"usage: commcanary ablation-scan", "--configs", "--seed", "--iterations", "--tie-tolerance", "-o",
              "isolated", "arrival_skew", "physical", "commcanary-workbench.ablation-scan.v1"}) {
            QVERIFY2(r.out.contains(QString::fromLatin1(text)), text);
        }
        r = runCli({QStringLiteral("replay"), QStringLiteral("--help")});
        QVERIFY(r.out.contains(QStringLiteral("--tail-windows")) && r.out.contains(QStringLiteral("--range")));
    }

    void tailWindowsAreCoresFigures()
    {
        const QString report = path(QStringLiteral("tails.report.json"));
        auto r = runCli({QStringLiteral("replay"), adversarialTrace(), QStringLiteral("--ablate"),
                         QStringLiteral("ordering"), QStringLiteral("--tail-windows"), QStringLiteral("-o"), report});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(QFile::exists(report));

        const cc::Trace trace = readExample();
        cc::NullProgress progress;
        cc::ReplayProtocol protocol;
        protocol.ablations.add(cc::Ablation::Ordering);
        cc::AnalysisRequest request;
        const auto expected = cc::analyzeReplay(trace, cc::defaultConfigSet(), protocol, request, progress);

        const QStringList lines = r.out.split(QLatin1Char('\n'));
        std::size_t windowsSeen = 0;
        for (const auto& a : expected) {
            const QString head = QString::fromStdString(a.configuration + ": " + std::to_string(a.tailWindows.size()) +
                                                        " window(s), p99 " + std::to_string(a.tailThreshold) + " ns");
            const qsizetype at = lines.indexOf(head);
            QVERIFY2(at >= 0, qPrintable(head + QStringLiteral(" not in:\n") + r.out));
            if (a.tailWindows.empty()) {
                continue;
            }
            QVERIFY(lines[at + 1].contains(QStringLiteral("begin_ns")));
            for (std::size_t w = 0; w < a.tailWindows.size(); ++w) {
                const cc::TailWindow& t = a.tailWindows[w];
                const std::vector<long long> row = numbersOf(lines[at + 2 + static_cast<qsizetype>(w)]);
                const std::vector<long long> want{static_cast<long long>(w + 1),
                                                  t.begin,
                                                  t.end,
                                                  t.end - t.begin,
                                                  t.events,
                                                  t.tailEvents,
                                                  t.cost,
                                                  t.maxLatency,
                                                  t.firstEvent,
                                                  t.lastEvent};
                QVERIFY2(row == want, qPrintable(lines[at + 2 + static_cast<qsizetype>(w)]));
                ++windowsSeen;
            }
        }
        QVERIFY(windowsSeen > 0);
        // Printed the same way on every run.
        auto again =
            runCli({QStringLiteral("replay"), adversarialTrace(), QStringLiteral("--ablate"),
                    QStringLiteral("ordering"), QStringLiteral("--tail-windows"), QStringLiteral("-o"), report});
        QCOMPARE(again.out, r.out);
    }

    void rangeStatisticsAreCoresFigures()
    {
        const cc::Trace trace = readExample();
        cc::NullProgress progress;
        // A range in the middle of the trace, in microseconds with decimals (exact ns).
        const cc::Ns from = trace.issueTime[trace.size() / 4] + 1;
        const cc::Ns to = trace.issueTime[trace.size() / 2];
        auto us = [](cc::Ns ns) -> QString {
            return QString::number(ns / 1000) + QLatin1Char('.') +
                   QStringLiteral("%1").arg(ns % 1000, 3, 10, QLatin1Char('0'));
        };
        const QString report = path(QStringLiteral("range.report.json"));
        auto r = runCli({QStringLiteral("replay"), adversarialTrace(), QStringLiteral("--range"),
                         us(from) + QLatin1Char(':') + us(to), QStringLiteral("-o"), report});
        QCOMPARE(r.exitCode, 0);
        cc::AnalysisRequest request;
        request.tailWindows = false;
        request.range = std::pair<cc::Ns, cc::Ns>{from, to};
        const auto expected = cc::analyzeReplay(trace, cc::defaultConfigSet(), {}, request, progress);
        QVERIFY(r.out.contains(QStringLiteral("range %1 ns to %2 ns").arg(from).arg(to)));
        QVERIFY(!r.out.contains(QStringLiteral("window(s)")));
        // The range table follows its heading (the replay's own summary table comes first).
        const QStringList lines = r.out.mid(r.out.indexOf(QStringLiteral("\nrange "))).split(QLatin1Char('\n'));
        for (const auto& a : expected) {
            const cc::RangeStatistics& s = *a.range;
            QVERIFY(s.count > 0 && s.count < trace.size());
            const QString name = QString::fromStdString(a.configuration);
            bool found = false;
            for (const QString& line : lines) {
                if (line.startsWith(QStringLiteral("  ") + name + QLatin1Char(' '))) {
                    const std::vector<long long> want{static_cast<long long>(s.count),
                                                      s.latency.median,
                                                      s.latency.p95,
                                                      s.latency.p99,
                                                      s.latency.max,
                                                      s.latency.mean,
                                                      s.queueWaitMedian,
                                                      s.hiddenSharePpm,
                                                      static_cast<long long>(s.tailEvents)};
                    QVERIFY2(numbersOf(line) == want, qPrintable(line));
                    found = true;
                }
            }
            QVERIFY2(found, qPrintable(name));
            QString ops;
            for (const auto& [op, count] : s.byOp) {
                ops += (ops.isEmpty() ? QString() : QStringLiteral(", ")) + QString::fromStdString(op) +
                       QLatin1Char(' ') + QString::number(count);
            }
            QVERIFY(lines.contains(QStringLiteral("  by operation under ") + name + QStringLiteral(": ") + ops));
        }
    }

    void badRangesExit2AndWriteNothing()
    {
        const QString report = path(QStringLiteral("never-range.report.json"));
        for (const auto& bad : {"5:3", "abc", "1:", "-1:4", "1.0001:2", "7"}) {
            auto r = runCli({QStringLiteral("replay"), adversarialTrace(), QStringLiteral("--range"),
                             QString::fromLatin1(bad), QStringLiteral("-o"), report});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(QStringLiteral("--range must be FROM_US:TO_US")), qPrintable(r.err));
            QVERIFY(!QFile::exists(report));
        }
    }

    void ablationScanWritesCoresScan()
    {
        const QString out = path(QStringLiteral("scan.json"));
        auto r = runCli({QStringLiteral("ablation-scan"), adversarialTrace(), QStringLiteral("--configs"),
                         cctest::defaultConfigs(), QStringLiteral("--seed"), QStringLiteral("3"), QStringLiteral("-o"),
                         out});
        QCOMPARE(r.exitCode, 0);
        const cc::Trace trace = readExample();
        cc::NullProgress progress;
        cc::ReplayProtocol protocol;
        protocol.seed = 3;
        const cc::ConfigSet set = cc::defaultConfigSet();
        const cc::DependencyScan scan = cc::scanDependencies(trace, set, protocol, progress);
        const std::string expected =
            cc::ablationScanJson(scan, set, cc::normalizedSha256(trace, progress), trace.size());
        QCOMPARE(cctest::readAll(out), QByteArray::fromStdString(expected));
        QVERIFY(r.out.contains(QStringLiteral("wrote ") + out));
        // Every dependency is printed as a sentence, every control with its count of flips.
        const auto dependencies = scan.dependencies();
        QVERIFY(!dependencies.empty());
        QCOMPARE(r.out.count(QStringLiteral(" depends on ")), static_cast<qsizetype>(dependencies.size()));
        for (const auto& control : scan.controls) {
            const QRegularExpression row(QStringLiteral("^  %1 +%2$")
                                             .arg(QString::fromStdString(control.control.name()))
                                             .arg(control.flips.size()),
                                         QRegularExpression::MultilineOption);
            QVERIFY2(row.match(r.out).hasMatch(), control.control.name().c_str());
        }
        // No temporary is left beside it.
        QCOMPARE(cctest::filesIn(dir_.path()).filter(QStringLiteral("partial")).size(), 0);

        // Without -o: the same text, nothing written.
        const QStringList before = cctest::filesIn(dir_.path());
        auto text = runCli(
            {QStringLiteral("ablation-scan"), adversarialTrace(), QStringLiteral("--seed"), QStringLiteral("3")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(r.out.startsWith(text.out));
        QCOMPARE(cctest::filesIn(dir_.path()), before);
    }

    void ablationScanRefusalsWriteNothing()
    {
        const QString out = path(QStringLiteral("never.scan.json"));
        // A broken configuration set: exit 3, named, nothing written.
        const QString configs = path(QStringLiteral("broken.configs.json"));
        QVERIFY(cctest::writeAll(configs, QByteArray("{\"format\": \"commcanary-workbench.configs.v1\", ")));
        auto r = runCli({QStringLiteral("ablation-scan"), adversarialTrace(), QStringLiteral("--configs"), configs,
                         QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(QStringLiteral("broken.configs.json")), qPrintable(r.err));
        QVERIFY(r.err.contains(QStringLiteral("nothing was written")));
        QVERIFY(!QFile::exists(out));

        // A missing input: exit 3.
        r = runCli(
            {QStringLiteral("ablation-scan"), path(QStringLiteral("missing.trace.json")), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains(QStringLiteral("missing.trace.json")));
        QVERIFY(!QFile::exists(out));

        // Usage errors: exit 2 before any work.
        r = runCli({QStringLiteral("ablation-scan"), adversarialTrace(), QStringLiteral("--tie-tolerance"),
                    QStringLiteral("5"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("--tie-tolerance must be a percentage")));
        r = runCli({QStringLiteral("ablation-scan"), adversarialTrace(), QStringLiteral("--iterations"),
                    QStringLiteral("0"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("--iterations must be between 1 and 1000")));
        r = runCli({QStringLiteral("ablation-scan")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(!QFile::exists(out));

        // The output may not be the input.
        const QString copy = path(QStringLiteral("copy.trace.json"));
        QVERIFY(QFile::copy(adversarialTrace(), copy));
        const QByteArray original = cctest::readAll(copy);
        r = runCli({QStringLiteral("ablation-scan"), copy, QStringLiteral("-o"), copy});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(cctest::readAll(copy), original);

        // A missing output folder: exit 3, before the replays.
        r = runCli({QStringLiteral("ablation-scan"), adversarialTrace(), QStringLiteral("-o"),
                    path(QStringLiteral("no/such/folder/scan.json"))});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(!QDir(path(QStringLiteral("no"))).exists());
    }
};

QTEST_APPLESS_MAIN(TestCliAnalyses)
#include "tst_cli_analyses.moc"
