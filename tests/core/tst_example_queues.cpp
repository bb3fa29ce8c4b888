// The bundled examples and the generators describe workloads a `baseline` backend keeps up with:
// no queue grows without bound over a trace, and the generators' compute comes from the work the
// collectives serve, so it scales with their bytes.
#include "core/configs/config_io.h"
#include "core/generate/generators.h"
#include "core/replay/simulator.h"
#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"

#include "test_support.h"

#include <QtTest>

#include <cstdint>
#include <string>

using namespace cc;

namespace {

constexpr Ns kUs = 1000;
constexpr std::int64_t kMiB = 1 << 20;

struct TenthWaits {
    Ns first = 0; ///< mean queue wait of the first tenth of the events, ns
    Ns last = 0;  ///< the same for the last tenth
};

/// Replays `trace` under the bundled set's `baseline` and returns the mean queue wait of the first
/// and the last tenth of its events (canonical order, the one iteration).
TenthWaits baselineTenths(const Trace& trace)
{
    NullProgress progress;
    const ConfigSet& set = defaultConfigSet();
    const int baseline = set.indexOf("baseline");
    if (baseline < 0) {
        return {-1, -1};
    }
    const PreparedReplay prepared = prepareReplay(trace, ReplayProtocol{}, progress);
    const SampleColumns samples = simulateConfiguration(prepared, set.configurations[std::size_t(baseline)], progress);
    const std::size_t n = samples.eventCount;
    const std::size_t tenth = n / 10;
    TenthWaits waits;
    if (tenth == 0) {
        return waits;
    }
    Ns first = 0;
    Ns last = 0;
    for (std::size_t k = 0; k < tenth; ++k) {
        first += samples.queueWait[k];
        last += samples.queueWait[n - tenth + k];
    }
    waits.first = first / static_cast<Ns>(tenth);
    waits.last = last / static_cast<Ns>(tenth);
    return waits;
}

/// The growth rule: the last tenth waits at most twice as long as the first, plus 100 µs of slack
/// for a first tenth that hardly waits at all. A queue that grows without bound fails it by orders
/// of magnitude (the training example before compute was derived: 40 ms, then 687 ms).
bool bounded(const TenthWaits& w)
{
    return w.last <= 2 * w.first + 100 * kUs;
}

} // namespace

class TestExampleQueues : public QObject {
    Q_OBJECT

private slots:
    void baselineKeepsUpWithEveryBundledExample_data()
    {
        QTest::addColumn<QString>("file");
        const QStringList files =
            QDir(cctest::examplesDir()).entryList({QStringLiteral("*.trace.json")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 4);
        for (const QString& f : files) {
            QTest::newRow(qPrintable(f)) << f;
        }
    }
    void baselineKeepsUpWithEveryBundledExample()
    {
        QFETCH(QString, file);
        NullProgress progress;
        const Trace trace = readTrace(cctest::example(file).toStdString(), progress);
        QVERIFY(trace.size() >= 10);
        const TenthWaits w = baselineTenths(trace);
        QVERIFY2(w.first >= 0, "the bundled set has no baseline configuration");
        QVERIFY2(bounded(w),
                 qPrintable(QStringLiteral("%1: mean queue wait %2 ns in the first tenth, %3 ns in the last")
                                .arg(file)
                                .arg(w.first)
                                .arg(w.last)));
    }

    void baselineKeepsUpWithALongGeneratedTrainingRun()
    {
        // 20,000 events: 73 iterations of the regular loop, long enough for a queue that gains a
        // little every iteration to show.
        NullProgress progress;
        GeneratorOptions options;
        options.events = 20'000;
        const TenthWaits w = baselineTenths(generateTraining(options, progress));
        QVERIFY(w.first >= 0);
        QVERIFY2(bounded(w), qPrintable(QStringLiteral("first tenth %1 ns, last %2 ns").arg(w.first).arg(w.last)));
    }

    void theRuleCatchesAQueueThatGrows()
    {
        // The same rule on a trace that issues 16 MiB all_gathers every 60 µs, faster than baseline
        // serves them (what the training generator did before its compute was derived): it fails.
        NullProgress progress;
        TraceBuilder builder("<growing>");
        Event e;
        e.op = "all_gather";
        e.bytes = 16 * kMiB;
        e.ranks = {0, 1, 2, 3};
        e.group = "tp";
        for (int i = 0; i < 200; ++i) {
            e.id = "e" + std::to_string(i);
            e.gap = 60 * kUs;
            builder.add(e);
        }
        const TenthWaits w = baselineTenths(builder.finish(progress));
        QVERIFY(w.first >= 0);
        QVERIFY(!bounded(w));
    }

    void trainingComputeScalesWithTheBytesServed()
    {
        // The formula: proportional to bytes, inversely to the TP degree (integer ns, rounded up).
        QCOMPARE(forwardComputeNs(16 * kMiB, 4), Ns(1'321'529));
        for (std::int64_t bytes : {kMiB, 4 * kMiB, 16 * kMiB, 64 * kMiB}) {
            const Ns one = forwardComputeNs(bytes, 4);
            QVERIFY(one > 0);
            const Ns twice = forwardComputeNs(2 * bytes, 4);
            QVERIFY2(twice >= 2 * one - 1 && twice <= 2 * one, "compute for twice the bytes is twice the compute");
            const Ns halfTp = forwardComputeNs(bytes, 2);
            QVERIFY(halfTp >= 2 * one - 1 && halfTp <= 2 * one);
        }
        // The generated trace uses it: every TP collective's compute is the forward figure for its
        // bytes, twice that in the backward pass.
        NullProgress progress;
        const Trace t = generateTraining(GeneratorOptions{}, progress);
        std::size_t checked = 0;
        for (std::size_t i = 0; i < t.size(); ++i) {
            const std::string_view op = t.opName(i);
            if (op != "all_gather" && op != "reduce_scatter") {
                continue;
            }
            const Ns forward = forwardComputeNs(t.bytes[i], static_cast<int>(t.ranks(i).size()));
            const Ns expected = t.str(t.phase[i]) == "backward" ? 2 * forward : forward;
            QCOMPARE(t.computeBefore[i], expected);
            ++checked;
        }
        QCOMPARE(checked, std::size_t(2560));
    }

    void decodeComputeComesFromItsWork()
    {
        // Prefill: the whole layer's FLOPs for the activations its all_reduce carries, so twice the
        // bytes, twice the compute. Decode: the layer's weight shard read once, whatever the bytes.
        QCOMPARE(prefillComputeNs(32 * kMiB, 8), 2 * forwardComputeNs(32 * kMiB, 8));
        const Ns prefill = prefillComputeNs(32 * kMiB, 8);
        const Ns doubled = prefillComputeNs(64 * kMiB, 8);
        QVERIFY(doubled >= 2 * prefill - 2 && doubled <= 2 * prefill);
        QCOMPARE(decodeStepComputeNs(8), Ns(98'738));
        QCOMPARE(decodeStepComputeNs(4), Ns(197'476));
        // Every generated event's compute lies within 5 % of its derived figure.
        NullProgress progress;
        const Trace t = generateDecode(GeneratorOptions{}, progress);
        QVERIFY(t.size() > 0);
        const Ns decode = decodeStepComputeNs(8);
        for (std::size_t i = 0; i < t.size(); ++i) {
            const Ns base = t.str(t.phase[i]) == "prefill" ? prefill : decode;
            QVERIFY2(
                t.computeBefore[i] >= base - base / 20 && t.computeBefore[i] <= base + base / 20,
                qPrintable(
                    QStringLiteral("event %1: compute %2 ns, derived %3 ns").arg(i).arg(t.computeBefore[i]).arg(base)));
        }
    }
};

QTEST_APPLESS_MAIN(TestExampleQueues)
#include "tst_example_queues.moc"
