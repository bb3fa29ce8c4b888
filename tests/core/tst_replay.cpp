// The scheduler model: cost, skew (unknown is never zero), queues and channels, bandwidth
// sharing, overlap and pressure, gaps, the seeded tail noise, ablations, isolated mode,
// summaries, rankings, determinism, and the adversarial ranking inversion.
#include "core/configs/config_io.h"
#include "core/generate/generators.h"
#include "core/replay/cost_model.h"
#include "core/replay/quantiles.h"
#include "core/replay/reciprocal.h"
#include "core/replay/simulator.h"
#include "core/replay/summary_workspace.h"
#include "core/replay/tail_noise.h"
#include "core/trace/projections.h"
#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"

#include "core_support.h"

#include <QtTest>

#include <algorithm>
#include <limits>
#include <map>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace cc;

namespace {

constexpr Ns kUs = 1000;

Event collective(std::string op, std::int64_t bytes, std::vector<std::int32_t> ranks, Ns gap)
{
    Event e;
    e.op = std::move(op);
    e.bytes = bytes;
    e.ranks = std::move(ranks);
    e.gap = gap;
    e.group = "g";
    e.phase = "decode";
    e.arrivalSkew = 0; // measured: all ranks arrive together
    return e;
}

Trace build(const std::vector<Event>& events)
{
    return cctest::traceOf(events);
}

/// A simple configuration: 1000 MB/s (1 byte per ns), launch 1 us, 100 ns per step, one channel
/// per resource, four in total, fair sharing, full overlap efficiency, 1.0 pressure sensitivity,
/// no tail noise.
BackendConfig simpleConfig()
{
    BackendConfig c;
    c.name = "simple";
    c.algorithm = Algorithm::Ring;
    c.busBandwidthMbPerS = 1000;
    c.launchLatencyNs = 1000;
    c.stepLatencyNs = 100;
    c.channelsPerResource = 1;
    c.maxChannels = 4;
    c.contentionPpm = kPpmOne;
    c.overlapEfficiencyPpm = kPpmOne;
    c.pressureSensitivityPpm = kPpmOne;
    return c;
}

SampleColumns run(const Trace& trace, const BackendConfig& config, ReplayProtocol protocol = {})
{
    NullProgress progress;
    PreparedReplay prepared = prepareReplay(trace, protocol, progress);
    return simulateConfiguration(prepared, config, progress);
}

SetReplay runSet(const Trace& trace, const ReplayProtocol& protocol)
{
    NullProgress progress;
    return replayAll(trace, defaultConfigSet(), protocol, progress);
}

/// The replays of trace under contextual and under the same protocol isolated (every collective alone).
std::pair<SetReplay, SetReplay> inContextAndIsolated(const Trace& trace, const ReplayProtocol& contextual)
{
    ReplayProtocol isolated = contextual;
    isolated.isolated = true;
    return {runSet(trace, contextual), runSet(trace, isolated)};
}

Trace adversarial()
{
    NullProgress progress;
    return generateAdversarial(GeneratorOptions{}, progress);
}

Trace trainingTrace(std::uint64_t events)
{
    NullProgress progress;
    GeneratorOptions options;
    options.events = events;
    return generateTraining(options, progress);
}

Ns metricOf(const SetReplay& r, const char* name, RankMetric metric)
{
    for (const auto& c : r.configurations) {
        if (c.name == name) {
            return rankMetricValue(c.summary.latency, metric);
        }
    }
    return -1;
}

PairOutcome outcome(const SetReplay& r, const char* a, const char* b, RankMetric metric)
{
    return decidePair(metricOf(r, a, metric), metricOf(r, b, metric), 10'000);
}

bool sameSummaries(const SetReplay& a, const SetReplay& b)
{
    for (std::size_t c = 0; c < a.configurations.size(); ++c) {
        const auto& x = a.configurations[c].summary;
        const auto& y = b.configurations[c].summary;
        if (!(x.latency == y.latency) || x.hiddenSharePpm != y.hiddenSharePpm || !(x.queueWait == y.queueWait)) {
            return false;
        }
    }
    return true;
}

} // namespace

class TestReplay : public QObject {
    Q_OBJECT
private:
    /// Fills the samples with random values (near 2^60, flags at random) and compares their
    /// summary with a brute-force reference: sort, nearest rank, 128-bit sums, bit by bit flag
    /// counts, a sorted tail, and the same again from the same workspace.
    static void compareSummaryWithBruteForce(const Trace& t, SampleColumns& s)
    {
        std::mt19937_64 random(7);
        for (std::size_t k = 0; k < s.size(); ++k) {
            s.flags[k] = static_cast<std::uint8_t>(random() >> 56);
            s.queueWait[k] = static_cast<Ns>(random() >> 4);
            s.latency[k] = s.queueWait[k] + static_cast<Ns>(random() >> 4) +
                           static_cast<Ns>(random() >> (k % 5 == 0 ? 4 : 40)); // a wide spread
            s.hidden[k] = static_cast<Ns>(random() % static_cast<std::uint64_t>(s.latency[k] + 1));
        }
        auto reference = [](std::vector<Ns> values, WideInt sum) {
            std::sort(values.begin(), values.end());
            Distribution d;
            d.count = values.size();
            d.median = values[nearestRankIndex(values.size(), 50)];
            d.p95 = values[nearestRankIndex(values.size(), 95)];
            d.p99 = values[nearestRankIndex(values.size(), 99)];
            d.max = values.back();
            d.mean = static_cast<Ns>(sum / static_cast<WideInt>(values.size()));
            return d;
        };
        std::vector<Ns> all, queue;
        WideInt latencySum = 0, hiddenSum = 0, queueSum = 0;
        std::map<std::string, std::pair<std::vector<Ns>, std::pair<WideInt, WideInt>>> byPhase, byOp;
        for (std::size_t k = 0; k < s.size(); ++k) {
            const std::size_t event = k % s.eventCount;
            const Ns latency = s.latency[k];
            all.push_back(latency);
            queue.push_back(s.queueWait[k]);
            latencySum += latency;
            hiddenSum += s.hidden[k];
            queueSum += s.queueWait[k];
            for (auto* table : {&byPhase, &byOp}) {
                const std::string key(table == &byPhase ? t.str(t.phase[event]) : t.opName(event));
                auto& entry = (*table)[key];
                entry.first.push_back(latency);
                entry.second.first += latency;
                entry.second.second += s.hidden[k];
            }
        }
        NullProgress progress;
        SummaryWorkspace workspace;
        const ConfigurationSummary summary = summarizeSamples(t, s, progress, workspace);
        QVERIFY(summary.latency == reference(all, latencySum));
        QVERIFY(summary.queueWait == reference(queue, queueSum));
        QCOMPARE(summary.hiddenSharePpm, static_cast<std::int64_t>(hiddenSum * 1'000'000 / latencySum));
        for (auto [breakdowns, table] : {std::pair{&summary.byPhase, &byPhase}, std::pair{&summary.byOp, &byOp}}) {
            QCOMPARE(breakdowns->size(), table->size());
            for (const Breakdown& b : *breakdowns) {
                const auto& entry = table->at(b.name);
                QVERIFY(b.latency == reference(entry.first, entry.second.first));
                QCOMPARE(b.hiddenSharePpm,
                         static_cast<std::int64_t>(entry.second.second * 1'000'000 / entry.second.first));
            }
        }
        const std::pair<std::uint64_t, std::uint8_t> flagCounts[] = {
            {summary.skewUnknownSamples, kSampleSkewUnknown},
            {summary.skewPartialSamples, kSampleSkewPartial},
            {summary.overlapUnknownSamples, kSampleOverlapUnknown},
            {summary.customOpSamples, kSampleCustomOp},
            {summary.tailHits, kSampleTailHit},
            {summary.idleStarts, kSampleIdleStart}};
        for (const auto& [count, flag] : flagCounts) {
            // A copy to capture: clang 14 cannot capture a structured binding.
            const auto bit = flag;
            const auto expected = static_cast<std::uint64_t>(
                std::count_if(s.flags.begin(), s.flags.end(), [bit](std::uint8_t f) { return (f & bit) != 0; }));
            QCOMPARE(count, expected);
            QVERIFY(expected > 0 && expected < s.size());
        }
        std::vector<TailSample> tail;
        for (std::size_t k = 0; k < s.size(); ++k) {
            if (s.latency[k] >= summary.latency.p99) {
                tail.push_back(TailSample{static_cast<std::uint32_t>(k % s.eventCount),
                                          static_cast<std::uint32_t>(k / s.eventCount), s.latency[k]});
            }
        }
        std::sort(tail.begin(), tail.end(), [](const TailSample& a, const TailSample& b) {
            return std::tie(b.latency, a.event, a.iteration) < std::tie(a.latency, b.event, b.iteration);
        });
        QCOMPARE(summary.tailCount, std::uint64_t(tail.size()));
        QVERIFY(tail.size() > 100); // spread over many chunks of the listing
        tail.resize(std::min(tail.size(), kMaxListedTailSamples));
        QVERIFY(summary.tail == tail);
        // The same workspace gives the same summary again (its buffers are reused, not stale).
        QVERIFY(summarizeSamples(t, s, progress, workspace) == summary);
    }

    /// A column of two rows read in blocks, with two groupings of its cells laid out block by
    /// block as the summary's are. The first grouping has five groups: a large one, one of equal
    /// values, a small one, an empty one and one with a spike; the second splits the events by
    /// parity. Values are uniform below 2^50, or heavy-tailed (spread over decades).
    struct GroupedColumn {
        struct Layout {
            std::size_t groups = 0;
            std::vector<std::uint32_t> groupOfCell;
            std::vector<Ns> lo, hi;
            std::vector<WideInt> sum;
            std::vector<std::vector<Ns>> copies;
        };
        std::vector<Ns> column;
        std::vector<std::vector<std::size_t>> groupOf;
        std::vector<std::uint32_t> index;
        std::vector<std::uint32_t> runOffset{0};
        GroupedValues cells;
        std::vector<Layout> layouts;
        std::vector<GroupingInput> groupings;
        BlockedColumn whole;

        GroupedColumn(std::size_t rowLength, std::size_t blockSize, bool heavyTailed)
        {
            std::mt19937_64 random(5);
            const std::size_t rows = 2;
            column.resize(rowLength * rows);
            groupOf.assign(2, std::vector<std::size_t>(rowLength));
            for (std::size_t i = 0; i < rowLength; ++i) {
                const std::uint64_t pick = random() % 100;
                groupOf[0][i] = pick < 60 ? 0 : pick < 75 ? 1 : pick < 77 ? 2 : 4; // group 3 stays empty
                groupOf[1][i] = i % 2;
            }
            for (std::size_t k = 0; k < column.size(); ++k) {
                const std::size_t g = groupOf[0][k % rowLength];
                const Ns drawn = heavyTailed ? static_cast<Ns>(1000 + (random() >> (2 + random() % 62)))
                                             : static_cast<Ns>(random() % (Ns(1) << 50));
                column[k] = g == 1 ? Ns(4242) : g == 4 && k % 3 == 0 ? Ns(99) : drawn;
            }
            const std::size_t blocks = (rowLength + blockSize - 1) / blockSize;
            // The cells: the events of one group of each grouping (cell = 2 * first + second),
            // listed block by block.
            const std::size_t cellCount = 10;
            for (std::size_t b = 0; b < blocks; ++b) {
                for (std::size_t c = 0; c < cellCount; ++c) {
                    for (std::size_t i = b * blockSize; i < std::min(rowLength, (b + 1) * blockSize); ++i) {
                        if (2 * groupOf[0][i] + groupOf[1][i] == c) {
                            index.push_back(static_cast<std::uint32_t>(i));
                        }
                    }
                    runOffset.push_back(static_cast<std::uint32_t>(index.size()));
                }
            }
            cells.values = column.data();
            cells.rowStride = rowLength;
            cells.rows = rows;
            cells.index = index.data();
            cells.runOffset = runOffset.data();
            cells.blocks = blocks;
            cells.groups = cellCount;
            layouts.resize(2);
            layouts[0].groups = 5;
            layouts[1].groups = 2;
            for (std::size_t j = 0; j < layouts.size(); ++j) {
                Layout& l = layouts[j];
                for (std::size_t c = 0; c < cellCount; ++c) {
                    l.groupOfCell.push_back(static_cast<std::uint32_t>(j == 0 ? c / 2 : c % 2));
                }
                l.lo.assign(l.groups, kTimeCapNs);
                l.hi.assign(l.groups, 0);
                l.sum.assign(l.groups, 0);
                l.copies.resize(l.groups);
                for (std::size_t k = 0; k < column.size(); ++k) {
                    const std::size_t g = groupOf[j][k % rowLength];
                    l.copies[g].push_back(column[k]);
                    l.lo[g] = std::min(l.lo[g], column[k]);
                    l.hi[g] = std::max(l.hi[g], column[k]);
                    l.sum[g] += column[k];
                }
            }
            for (const Layout& l : layouts) {
                GroupingInput in;
                in.groupOfCell = l.groupOfCell;
                in.lo = l.lo;
                in.hi = l.hi;
                in.sum = l.sum;
                groupings.push_back(in);
            }
            whole = BlockedColumn{column.data(), rowLength, rows, blockSize, 0, 0, 0};
            const auto [lo, hi] = std::minmax_element(column.begin(), column.end());
            whole.lo = *lo;
            whole.hi = *hi;
            for (Ns v : column) {
                whole.sum += v;
            }
        }
        GroupedColumn(const GroupedColumn&) = delete;
        GroupedColumn& operator=(const GroupedColumn&) = delete;

        /// `got` against a sort of a copy of the whole column and of each group.
        void compare(const ColumnDistributions& got) const
        {
            QVERIFY(got.whole == distributionOf(column.data(), column.size()));
            QCOMPARE(got.groups.size(), layouts.size());
            for (std::size_t j = 0; j < layouts.size(); ++j) {
                QCOMPARE(got.groups[j].size(), layouts[j].groups);
                for (std::size_t g = 0; g < layouts[j].groups; ++g) {
                    const Layout& l = layouts[j];
                    const Distribution expected = distributionOf(l.copies[g].data(), l.copies[g].size());
                    QVERIFY2(got.groups[j][g] == expected,
                             qPrintable(QStringLiteral("grouping %1 group %2").arg(j).arg(g)));
                }
            }
        }
    };

private slots:
    // ---- cost model ----
    void busBandwidthFactors()
    {
        auto f = [](OpKind k, std::int64_t n) {
            BusFactor b = busFactor(k, n);
            return std::pair<std::int64_t, std::int64_t>{b.num, b.den};
        };
        QCOMPARE(f(OpKind::AllReduce, 8), (std::pair<std::int64_t, std::int64_t>{14, 8}));
        QCOMPARE(f(OpKind::ReduceScatter, 8), (std::pair<std::int64_t, std::int64_t>{7, 8}));
        QCOMPARE(f(OpKind::AllGather, 4), (std::pair<std::int64_t, std::int64_t>{3, 4}));
        QCOMPARE(f(OpKind::AllToAll, 4), (std::pair<std::int64_t, std::int64_t>{3, 4}));
        QCOMPARE(f(OpKind::Broadcast, 4), (std::pair<std::int64_t, std::int64_t>{1, 1}));
        QCOMPARE(f(OpKind::Send, 2), (std::pair<std::int64_t, std::int64_t>{1, 1}));
        QCOMPARE(f(OpKind::Recv, 2), (std::pair<std::int64_t, std::int64_t>{1, 1}));
        QCOMPARE(f(OpKind::Barrier, 8).first, std::int64_t(0));
        QCOMPARE(f(OpKind::Custom, 8), (std::pair<std::int64_t, std::int64_t>{1, 1}));
        QCOMPARE(f(OpKind::AllReduce, 1).first, std::int64_t(0));
    }

    void latencyTermGrowsWithRanks()
    {
        QCOMPARE(latencySteps(OpKind::AllReduce, 8, Algorithm::Ring), std::int64_t(14));
        QCOMPARE(latencySteps(OpKind::AllReduce, 8, Algorithm::Tree), std::int64_t(6));
        QCOMPARE(latencySteps(OpKind::AllReduce, 9, Algorithm::Tree), std::int64_t(8));
        QCOMPARE(latencySteps(OpKind::AllGather, 8, Algorithm::Tree), std::int64_t(7)); // no tree variant
        QCOMPARE(latencySteps(OpKind::Broadcast, 8, Algorithm::Tree), std::int64_t(3));
        QCOMPARE(latencySteps(OpKind::Send, 2, Algorithm::Ring), std::int64_t(1));
        BackendConfig c = simpleConfig();
        Ns previous = 0;
        for (std::int64_t n : {2, 4, 8, 16, 64}) {
            CollectiveCost cost = collectiveCost(OpKind::AllReduce, 0, n, c);
            QVERIFY(cost.alpha > previous);
            previous = cost.alpha;
        }
    }

    void alphaBetaCost()
    {
        BackendConfig c = simpleConfig();
        // all_reduce of 1000 bytes over 4 ranks at 1 byte/ns: beta = 1000 * 6/4 = 1500 ns;
        // alpha = 1000 + 6 steps * 100 = 1600 ns.
        CollectiveCost cost = collectiveCost(OpKind::AllReduce, 1000, 4, c);
        QCOMPARE(cost.alpha, Ns(1600));
        QCOMPARE(cost.beta, Ns(1500));
        // Rounded up, never down: 1 byte over 3 ranks = 4/3 ns -> 2 ns.
        QCOMPARE(collectiveCost(OpKind::AllReduce, 1, 3, c).beta, Ns(2));
        QCOMPARE(collectiveCost(OpKind::Barrier, 4096, 4, c).beta, Ns(0));

        Trace t = build({collective("all_reduce", 1000, {0, 1, 2, 3}, 0)});
        SampleColumns s = run(t, c);
        QCOMPARE(s.size(), std::size_t(1));
        QCOMPARE(s.duration(0), Ns(3100));
        QCOMPARE(s.latency[0], Ns(3100));
        QCOMPARE(s.queueWait[0], Ns(0));
        QCOMPARE(s.start(0), Ns(0));
    }

    void customOperationsUseTheDocumentedStandIn()
    {
        Event e = collective("my_fused_exchange", 1000, {0, 1, 2, 3}, 0);
        e.customOp = true;
        Trace t = build({e});
        SampleColumns s = run(t, simpleConfig());
        // factor 1 (1000 ns) + all_reduce steps (1000 + 6 * 100).
        QCOMPARE(s.duration(0), Ns(2600));
        QVERIFY((s.flags[0] & kSampleCustomOp) != 0);
    }

    // ---- arrival skew ----
    void collectiveStartsWhenTheLastRankArrives()
    {
        Event e = collective("all_reduce", 1000, {0, 1}, 0);
        e.arrivalSkew.reset();
        e.arrivalsGiven = true;
        e.arrivals = {RankArrival{0, 0}, RankArrival{1, 7 * kUs}};
        Trace t = build({e});
        SampleColumns s = run(t, simpleConfig());
        QCOMPARE(s.rankWait(0), Ns(7 * kUs));
        QCOMPARE(s.start(0), Ns(7 * kUs));
        QCOMPARE(s.queueWait[0], Ns(0));
        QCOMPARE(s.latency[0], Ns(7 * kUs) + s.duration(0));
        QCOMPARE(int(s.flags[0] & (kSampleSkewUnknown | kSampleSkewPartial)), 0);
    }

    void unknownSkewIsNeverZeroSilently()
    {
        Event e = collective("all_reduce", 1000, {0, 1}, 0);
        e.arrivalSkew.reset(); // no measurement at all
        Trace t = build({e, e});
        QCOMPARE(t.skewState[0], SkewState::Unknown);
        SampleColumns s = run(t, simpleConfig());
        for (std::size_t k = 0; k < s.size(); ++k) {
            QCOMPARE(s.rankWait(k), Ns(0));                  // no wait is invented ...
            QVERIFY((s.flags[k] & kSampleSkewUnknown) != 0); // ... and the sample says it is unknown
        }
        NullProgress progress;
        ConfigurationSummary summary = summarizeSamples(t, s, progress);
        QCOMPARE(summary.skewUnknownSamples, std::uint64_t(2));

        // Partial arrivals are a lower bound and are marked as such.
        Event p = collective("all_reduce", 1000, {0, 1, 2}, 0);
        p.arrivalSkew.reset();
        p.arrivalsGiven = true;
        p.partialRankArrival = true;
        p.arrivals = {RankArrival{0, 0}, RankArrival{2, 3 * kUs}};
        Trace pt = build({p});
        QCOMPARE(pt.skewState[0], SkewState::Partial);
        SampleColumns ps = run(pt, simpleConfig());
        QCOMPARE(ps.rankWait(0), Ns(3 * kUs));
        QVERIFY((ps.flags[0] & kSampleSkewPartial) != 0);

        // Ablating arrival skew removes the mechanism; the flag is then not raised.
        ReplayProtocol ablated;
        ablated.ablations.add(Ablation::ArrivalSkew);
        SampleColumns a = run(t, simpleConfig(), ablated);
        QCOMPARE(int(a.flags[0] & kSampleSkewUnknown), 0);
    }

    // ---- queues, channels, sharing ----
    void fifoQueueWait()
    {
        // Two 3.1 us collectives on one group, issued 0.5 us apart: the second waits 2.6 us.
        Trace t =
            build({collective("all_reduce", 1000, {0, 1, 2, 3}, 0), collective("all_reduce", 1000, {0, 1, 2, 3}, 500)});
        SampleColumns s = run(t, simpleConfig());
        QCOMPARE(s.queueWait[0], Ns(0));
        QCOMPARE(s.start(1), Ns(3100));
        QCOMPARE(s.queueWait[1], Ns(2600));
        QCOMPARE(s.duration(1), Ns(3100)); // the first has finished: no sharing
        QCOMPARE(s.latency[1], Ns(2600 + 3100));
    }

    void fifoHoldsBehindALateCollective()
    {
        // The first collective waits 10 us for a late rank; the second, issued right after on
        // the same resource, may not overtake it even with two channels.
        Event late = collective("all_reduce", 1000, {0, 1, 2, 3}, 0);
        late.arrivalSkew = 10 * kUs;
        BackendConfig c = simpleConfig();
        c.channelsPerResource = 2;
        Trace t = build({late, collective("all_reduce", 1000, {0, 1, 2, 3}, 100)});
        SampleColumns s = run(t, c);
        QCOMPARE(s.start(0), Ns(10 * kUs));
        QCOMPARE(s.start(1), Ns(10 * kUs));
        QCOMPARE(s.queueWait[1], Ns(10 * kUs - 100));
    }

    void channelsRunCollectivesConcurrentlyAndShareBandwidth()
    {
        BackendConfig c = simpleConfig();
        c.channelsPerResource = 2;
        Trace t =
            build({collective("all_reduce", 1000, {0, 1, 2, 3}, 0), collective("all_reduce", 1000, {0, 1, 2, 3}, 100)});
        SampleColumns s = run(t, c);
        QCOMPARE(s.queueWait[1], Ns(0));
        QCOMPARE(s.start(1), Ns(100));
        // Two collectives in flight: the payload term doubles under fair sharing.
        QCOMPARE(s.duration(1), Ns(1600 + 2 * 1500));
        c.contentionPpm = 0; // perfectly isolated links
        s = run(t, c);
        QCOMPARE(s.duration(1), Ns(3100));
    }

    void globalChannelLimitQueuesAcrossResources()
    {
        Event a = collective("all_reduce", 1000, {0, 1, 2, 3}, 0);
        Event b = collective("all_reduce", 1000, {0, 1, 2, 3}, 100);
        b.group = "other";
        Trace t = build({a, b});
        BackendConfig c = simpleConfig();
        SampleColumns s = run(t, c); // four global channels: concurrent, sharing
        QCOMPARE(s.queueWait[1], Ns(0));
        QCOMPARE(s.duration(1), Ns(1600 + 2 * 1500));
        c.maxChannels = 1;
        s = run(t, c);
        QCOMPARE(s.queueWait[1], Ns(3000));
        QCOMPARE(s.duration(1), Ns(3100));
    }

    void declaredConcurrentGroupsShareBandwidth()
    {
        Event e = collective("all_reduce", 1000, {0, 1, 2, 3}, 0);
        e.concurrentGroups = 3;
        Trace t = build({e});
        SampleColumns s = run(t, simpleConfig());
        QCOMPARE(s.duration(0), Ns(1600 + 3 * 1500));
        ReplayProtocol isolated;
        isolated.isolated = true;
        s = run(t, simpleConfig(), isolated);
        QCOMPARE(s.duration(0), Ns(3100));
    }

    // ---- compute overlap and pressure ----
    void overlapHidesAndPressureSlows()
    {
        Event e = collective("all_reduce", 1000, {0, 1, 2, 3}, 0);
        e.computeOverlap = 100 * kUs;
        e.pressure = kFactorOne / 2; // 0.5
        Trace t = build({e});
        BackendConfig c = simpleConfig();
        c.overlapEfficiencyPpm = 800'000;
        SampleColumns s = run(t, c);
        // Entirely inside the window: slowed by 1 + 1.0 * 0.5.
        QCOMPARE(s.duration(0), Ns(4650));
        QCOMPARE(s.hidden[0], Ns(4650 * 8 / 10));
        QCOMPARE(s.exposed(0), Ns(4650 - 3720));

        // The window ends part-way: 1 us at half speed does 2/3 us of work, the rest at full speed.
        e.computeOverlap = 1 * kUs;
        Trace partial = build({e});
        s = run(partial, c);
        QCOMPARE(s.duration(0), Ns(1000 + (3100 - 666)));
        QCOMPARE(s.hidden[0], Ns(800)); // min(latency, overlap) * efficiency

        ReplayProtocol noPressure;
        noPressure.ablations.add(Ablation::Pressure);
        s = run(t, c, noPressure);
        QCOMPARE(s.duration(0), Ns(3100));
        QCOMPARE(s.hidden[0], Ns(3100 * 8 / 10));

        ReplayProtocol noOverlap;
        noOverlap.ablations.add(Ablation::ComputeOverlap);
        s = run(t, c, noOverlap);
        QCOMPARE(s.duration(0), Ns(3100));
        QCOMPARE(s.hidden[0], Ns(0));
    }

    void unknownOverlapIsFlagged()
    {
        Event e = collective("all_reduce", 1000, {0, 1}, 0);
        e.computeOverlapUnknown = true;
        Trace t = build({e});
        SampleColumns s = run(t, simpleConfig());
        QCOMPARE(s.hidden[0], Ns(0));
        QVERIFY((s.flags[0] & kSampleOverlapUnknown) != 0);
    }

    // ---- gaps ----
    void longGapsDrainQueues()
    {
        std::vector<Event> events;
        for (int i = 0; i < 5; ++i) {
            events.push_back(collective("all_reduce", 1000, {0, 1, 2, 3}, 100)); // a backlog builds
        }
        events.push_back(collective("all_reduce", 1000, {0, 1, 2, 3}, 50 * kUs)); // then a long gap
        Trace t = build(events);
        SampleColumns s = run(t, simpleConfig());
        QVERIFY(s.queueWait[4] > 0);
        QCOMPARE(s.queueWait[5], Ns(0));
        QVERIFY((s.flags[5] & kSampleIdleStart) != 0);
        QVERIFY((s.flags[4] & kSampleIdleStart) == 0);

        // The queue_reset_gaps ablation cuts gaps above the median gap (100 ns): the backlog persists.
        ReplayProtocol ablated;
        ablated.ablations.add(Ablation::QueueResetGaps);
        NullProgress progress;
        PreparedReplay prepared = prepareReplay(t, ablated, progress);
        QCOMPARE(prepared.medianGapNs, Ns(100));
        QCOMPARE(prepared.issueTime(5), Ns(600));
        SampleColumns a = simulateConfiguration(prepared, simpleConfig(), progress);
        QVERIFY(a.queueWait[5] > 0);
    }

    // ---- tail noise ----
    void tailNoiseIsKeyedByIdentityNotOrder()
    {
        std::vector<Event> events;
        for (int i = 0; i < 400; ++i) {
            events.push_back(collective("all_reduce", 1024 * (1 + i % 3), {0, 1, 2, 3}, 20 * kUs));
        }
        Trace t = build(events);
        BackendConfig c = simpleConfig();
        c.tail.probabilityPpm = 300'000; // context gains 0: the probability is the same everywhere
        c.tail.scalePpm = kPpmOne;
        SampleColumns plain = run(t, c);
        std::size_t hits = 0;
        for (auto f : plain.flags) {
            hits += (f & kSampleTailHit) != 0 ? 1 : 0;
        }
        QVERIFY(hits > 60 && hits < 180);

        // A shuffled replay order evaluates events in another order: the same events fire.
        ReplayProtocol shuffled;
        shuffled.ablations.add(Ablation::Ordering);
        SampleColumns reordered = run(t, c, shuffled);
        for (std::size_t k = 0; k < plain.size(); ++k) {
            QCOMPARE(int(plain.flags[k] & kSampleTailHit), int(reordered.flags[k] & kSampleTailHit));
        }
        // Another configuration with the same tail parameters sees the same draws.
        BackendConfig faster = c;
        faster.busBandwidthMbPerS = 5000;
        SampleColumns other = run(t, faster);
        for (std::size_t k = 0; k < plain.size(); ++k) {
            QCOMPARE(int(plain.flags[k] & kSampleTailHit), int(other.flags[k] & kSampleTailHit));
        }
        // Iterations and seeds draw afresh.
        ReplayProtocol two;
        two.iterations = 2;
        SampleColumns twice = run(t, c, two);
        bool iterationDiffers = false;
        for (std::size_t i = 0; i < t.size(); ++i) {
            QCOMPARE(int(twice.flags[i] & kSampleTailHit), int(plain.flags[i] & kSampleTailHit));
            iterationDiffers =
                iterationDiffers || (twice.flags[i] & kSampleTailHit) != (twice.flags[t.size() + i] & kSampleTailHit);
        }
        QVERIFY(iterationDiffers);
        ReplayProtocol seeded;
        seeded.seed = 99;
        SampleColumns reseeded = run(t, c, seeded);
        QVERIFY(reseeded.latency != plain.latency);

        ReplayProtocol quiet;
        quiet.ablations.add(Ablation::RareTailWindows);
        SampleColumns none = run(t, c, quiet);
        for (auto f : none.flags) {
            QCOMPARE(int(f & kSampleTailHit), 0);
        }
    }

    void tailProbabilityRisesWithContext()
    {
        std::vector<Event> calm;
        std::vector<Event> skewed;
        for (int i = 0; i < 2000; ++i) {
            Event e = collective("all_reduce", 1024, {0, 1}, 50 * kUs);
            e.id = "e" + std::to_string(i);
            calm.push_back(e);
            e.arrivalSkew = 20 * kUs;
            skewed.push_back(e);
        }
        BackendConfig c = simpleConfig();
        c.tail.probabilityPpm = 10'000;
        c.tail.skewGainPpm = 200'000;
        c.tail.scalePpm = kPpmOne;
        auto hits = [&](const std::vector<Event>& events) {
            SampleColumns s = run(build(events), c);
            return std::count_if(s.flags.begin(), s.flags.end(),
                                 [](std::uint8_t f) { return (f & kSampleTailHit) != 0; });
        };
        QVERIFY(hits(skewed) > 3 * hits(calm));
    }

    // ---- determinism and progress ----
    void replaysAreBitIdentical()
    {
        Trace t = adversarial();
        ReplayProtocol p;
        p.iterations = 3;
        SetReplay a = runSet(t, p);
        SetReplay b = runSet(t, p);
        for (std::size_t c = 0; c < a.configurations.size(); ++c) {
            const auto& x = a.configurations[c].samples;
            const auto& y = b.configurations[c].samples;
            QVERIFY(x.sameEventTimes(y) && x.queueWait == y.queueWait && x.latency == y.latency &&
                    x.hidden == y.hidden && x.flags == y.flags);
            QVERIFY(a.configurations[c].summary == b.configurations[c].summary);
        }
        QVERIFY(a.ranking == b.ranking);
        // Evaluating one configuration alone gives the same samples as within the set.
        NullProgress progress;
        PreparedReplay prepared = prepareReplay(t, p, progress);
        SampleColumns alone = simulateConfiguration(prepared, defaultConfigSet().configurations[3], progress);
        QVERIFY(alone.latency == a.configurations[3].samples.latency);
    }

    void cancellationStopsTheReplay()
    {
        Trace t = adversarial();
        CancelFlagProgress progress;
        progress.cancel();
        QVERIFY_THROWS_EXCEPTION(Cancelled, prepareReplay(t, ReplayProtocol{}, progress));
        NullProgress quiet;
        PreparedReplay prepared = prepareReplay(t, ReplayProtocol{}, quiet);
        QVERIFY_THROWS_EXCEPTION(Cancelled, simulateConfiguration(prepared, simpleConfig(), progress));
    }

    void orderingAblationIsADeterministicPermutation()
    {
        Trace t = adversarial();
        ReplayProtocol p;
        p.ablations.add(Ablation::Ordering);
        NullProgress progress;
        PreparedReplay a = prepareReplay(t, p, progress);
        PreparedReplay b = prepareReplay(t, p, progress);
        QVERIFY(a.order == b.order);
        std::vector<std::uint32_t> sorted = a.order;
        std::sort(sorted.begin(), sorted.end());
        for (std::uint32_t i = 0; i < sorted.size(); ++i) {
            QCOMPARE(sorted[i], i);
        }
        std::vector<std::uint32_t> identity(sorted);
        QVERIFY(a.order != identity);
        // Every event keeps its own gap: the replay's total span is unchanged.
        Ns last = 0;
        for (std::size_t i = 0; i < t.size(); ++i) {
            last = std::max(last, a.issueTime(i));
        }
        QCOMPARE(last, t.issueTime.back());
    }

    // ---- protocol ----
    void protocolRefusals()
    {
        try {
            parseAblations("arrival_skew,warp_drive", "--ablate");
            QFAIL("an unknown ablation was accepted");
        } catch (const InputError& e) {
            QString m = QString::fromStdString(e.what());
            QVERIFY2(m.contains(QStringLiteral("--ablate")) && m.contains(QStringLiteral("warp_drive")) &&
                         m.contains(QStringLiteral("rare_tail_windows")),
                     qPrintable(m));
        }
        QVERIFY_THROWS_EXCEPTION(InputError, parseAblations("pressure,pressure", "--ablate"));
        QVERIFY_THROWS_EXCEPTION(InputError, parseAblations("pressure,,ordering", "--ablate"));
        AblationSet all = parseAblations(" pressure , ordering,arrival_skew", "--ablate");
        QCOMPARE(QString::fromStdString(all.text()), QStringLiteral("arrival_skew,ordering,pressure"));

        ReplayProtocol p;
        p.isolated = true;
        p.ablations.add(Ablation::Pressure);
        QVERIFY_THROWS_EXCEPTION(InputError, validateProtocol(p, "protocol"));
        ReplayProtocol zero;
        zero.iterations = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, validateProtocol(zero, "protocol"));
        ReplayProtocol tolerance;
        tolerance.tieTolerancePpm = 2'000'000;
        QVERIFY_THROWS_EXCEPTION(InputError, validateProtocol(tolerance, "protocol"));
    }

    // ---- summaries and ranking ----
    void nearestRankQuantiles()
    {
        QCOMPARE(nearestRankIndex(100, 50), std::size_t(49));
        QCOMPARE(nearestRankIndex(100, 95), std::size_t(94));
        QCOMPARE(nearestRankIndex(100, 99), std::size_t(98));
        QCOMPARE(nearestRankIndex(1, 99), std::size_t(0));
        QCOMPARE(nearestRankIndex(3, 50), std::size_t(1));
        QCOMPARE(nearestRankIndex(101, 99), std::size_t(99));
        std::vector<Ns> v{5, 1, 4, 2, 3};
        Distribution d = distributionOf(v.data(), v.size());
        QCOMPARE(d.count, std::uint64_t(5));
        QCOMPARE(d.median, Ns(3));
        QCOMPARE(d.p95, Ns(5));
        QCOMPARE(d.max, Ns(5));
        QCOMPARE(d.mean, Ns(3));
        std::vector<Ns> uneven{1, 2};
        QCOMPARE(distributionOf(uneven.data(), 2).mean, Ns(1));   // floor
        QCOMPARE(distributionOf(uneven.data(), 2).median, Ns(1)); // lower median
    }

    /// The scheduler's division by a per-configuration duration (the tail's skew share) uses a
    /// 64-bit reciprocal: it must equal the integer quotient for every dividend below 2^63 and
    /// every divisor, at the edges (1, powers of two and their neighbours, the largest values)
    /// and over random operands of every width.
    void reciprocalDivisionIsExact()
    {
        auto check = [](std::uint64_t x, std::uint64_t d) {
            const std::uint64_t got = divideByReciprocal(x, d, reciprocalOf(d));
            if (got != x / d) {
                qWarning("x=%llu d=%llu: %llu, expected %llu", static_cast<unsigned long long>(x),
                         static_cast<unsigned long long>(d), static_cast<unsigned long long>(got),
                         static_cast<unsigned long long>(x / d));
                return false;
            }
            return true;
        };
        std::vector<std::uint64_t> divisors{1, 2, 3, 7, 10, 999'999, 1'000'000, 1'000'001, UINT64_MAX};
        for (int bit = 1; bit < 64; ++bit) {
            const std::uint64_t power = std::uint64_t{1} << bit;
            divisors.insert(divisors.end(), {power - 1, power, power + 1});
        }
        const std::uint64_t top = kReciprocalDividendLimit - 1;
        for (std::uint64_t d : divisors) {
            for (std::uint64_t x : {std::uint64_t{0}, std::uint64_t{1}, d - 1, d, d + 1, 2 * d - 1, 2 * d,
                                    1'000'000 * d, top, top - 1, top / d * d, top / d * d - 1}) {
                if (x <= top) {
                    QVERIFY(check(x, d));
                }
            }
        }
        std::mt19937_64 random(11);
        for (int k = 0; k < 200'000; ++k) {
            const std::uint64_t x = random() >> (1 + random() % 63);
            const std::uint64_t d = std::max<std::uint64_t>(random() >> (random() % 64), 1);
            QVERIFY(check(x, d));
        }
    }

    /// A tail event's extra duration is ceil(duration * scale * (2^32 + 2 * low32) / (10^6 * 2^32)),
    /// capped at 10^15 ns: the split evaluation tail_noise::extraNs uses must equal that quotient,
    /// taken here in one 128-bit division, for short, long and capped durations and every scale.
    void tailExtraDurationIsTheExactQuotient()
    {
        auto reference = [](Ns duration, std::int64_t scale, std::uint64_t draw) {
            const WideUInt numerator = static_cast<WideUInt>(duration) * static_cast<std::uint64_t>(scale) *
                                       ((WideUInt{1} << 32) + 2 * static_cast<WideUInt>(draw & 0xffffffffULL));
            const WideUInt denominator = static_cast<WideUInt>(kPpmOne) << 32;
            const WideUInt extra = (numerator + denominator - 1) / denominator;
            return static_cast<Ns>(std::min<WideUInt>(extra, 1'000'000'000'000'000ULL));
        };
        std::mt19937_64 random(5);
        const std::vector<Ns> durations{0,           1,           999'999,     1'000'000,
                                        123'456'789, Ns(1) << 40, Ns(1) << 52, 4'000'000'000'000'000'000};
        const std::vector<std::int64_t> scales{0, 1, 999'999, kPpmOne, 2 * kPpmOne, 100 * kPpmOne};
        const std::vector<std::uint64_t> draws{0, 1, 0x7fffffffULL, 0x80000000ULL, 0xffffffffULL, random()};
        TailNoiseParams tail;
        for (Ns duration : durations) {
            for (std::int64_t scale : scales) {
                for (std::uint64_t draw : draws) {
                    tail.scalePpm = scale;
                    QCOMPARE(tail_noise::extraNs(duration, tail, draw), reference(duration, scale, draw));
                }
            }
        }
        for (int k = 0; k < 100'000; ++k) {
            const Ns duration = static_cast<Ns>(random() >> (2 + random() % 62));
            tail.scalePpm = static_cast<std::int64_t>(random() % (100 * kPpmOne + 1));
            const std::uint64_t draw = random();
            QCOMPARE(tail_noise::extraNs(duration, tail, draw), reference(duration, tail.scalePpm, draw));
        }
    }

    /// The contextual replay decides a tail as drawThresholdPpm(draw) < the uncapped probability
    /// sum; the isolated replay as sum > 0 && fires(draw, min(sum, 10^6)). Both must be one rule:
    /// at the thresholds' edges (draws whose high word sits just below, at and above a
    /// probability's boundary), for sums at, below and above 0 and 10^6, and at random.
    void tailThresholdComparisonEqualsFires()
    {
        auto rule = [](std::uint64_t draw, std::int64_t sum) {
            return sum > 0 && tail_noise::fires(draw, std::min<std::int64_t>(sum, kPpmOne));
        };
        std::vector<std::int64_t> sums{-5, 0, 1, 2, 999'999, kPpmOne, kPpmOne + 1, 3 * kPpmOne};
        std::vector<std::uint64_t> draws{0, 1, 0xffffffffULL, UINT64_MAX};
        for (std::int64_t p : {std::int64_t{1}, std::int64_t{2}, std::int64_t{123'457}, std::int64_t{999'999}}) {
            // The smallest high word that no longer fires for p: ceil(p * 2^32 / 10^6).
            const std::uint64_t edge = ((static_cast<std::uint64_t>(p) << 32) + kPpmOne - 1) / kPpmOne;
            for (std::uint64_t high : {edge - 1, edge, edge + 1}) {
                draws.push_back(high << 32);
                draws.push_back(high << 32 | 0xffffffffULL);
            }
            sums.push_back(p);
        }
        int firing = 0;
        for (std::uint64_t draw : draws) {
            for (std::int64_t sum : sums) {
                const bool mine = tail_noise::drawThresholdPpm(draw) < sum;
                QCOMPARE(mine, rule(draw, sum));
                firing += mine ? 1 : 0;
            }
        }
        QVERIFY(firing > 0 && firing < static_cast<int>(draws.size() * sums.size())); // both outcomes seen
        std::mt19937_64 random(13);
        for (int k = 0; k < 200'000; ++k) {
            const std::uint64_t draw = random();
            const auto sum = static_cast<std::int64_t>(random() % (2 * kPpmOne + 10)) - 5;
            QCOMPARE(tail_noise::drawThresholdPpm(draw) < sum, rule(draw, sum));
        }
    }

    void radixSelectionMatchesSorting()
    {
        std::mt19937_64 random(7);
        for (int round = 0; round < 4; ++round) {
            std::vector<Ns> v(50'000 + round * 7919);
            for (auto& x : v) {
                x = round == 3 ? Ns(random() % 5) : Ns(random() % (Ns(1) << (20 + 10 * round)));
            }
            if (round == 2) {
                for (std::size_t i = 0; i < v.size(); i += 2) {
                    v[i] = 12345; // a heavy spike inside a wide range
                }
            }
            std::vector<Ns> sorted = v;
            std::sort(sorted.begin(), sorted.end());
            std::vector<std::size_t> ranks{0, v.size() / 2, nearestRankIndex(v.size(), 95), v.size() - 1};
            std::vector<Ns> got = valuesAtRanks(v.data(), v.size(), ranks);
            for (std::size_t r = 0; r < ranks.size(); ++r) {
                QCOMPARE(got[r], sorted[ranks[r]]);
            }
        }
    }

    void smallSelectionMatchesSorting()
    {
        // Up to 128 values are selected from a copy; up to 2048 are counted into buckets eight per
        // power of two of their distance from the least, and the ranks selected among the values
        // of the buckets holding them (sizes on both sides of each limit):
        // ranks given in any order, repeated, at both ends; random values with ties and without,
        // heavy-tailed ones (most in a few buckets), the whole 64-bit range (the last bucket),
        // and the orders that defeat a naive quickselect (sorted, reversed, organ pipe, sawtooth,
        // all equal).
        std::mt19937_64 random(17);
        enum Pattern {
            Random,
            FewValues,
            HeavyTail,
            WholeRange,
            Sorted,
            Reversed,
            OrganPipe,
            Sawtooth,
            AllEqual,
            PatternCount
        };
        for (std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(7), std::size_t(17), std::size_t(100),
                              std::size_t(128), std::size_t(129), std::size_t(1000), std::size_t(2048)}) {
            for (int pattern = 0; pattern < PatternCount; ++pattern) {
                std::vector<Ns> v(n);
                for (std::size_t i = 0; i < n; ++i) {
                    switch (pattern) {
                    case Random:
                        v[i] = static_cast<Ns>(random() % (std::uint64_t{1} << 40));
                        break;
                    case FewValues:
                        v[i] = static_cast<Ns>(random() % 3);
                        break;
                    case HeavyTail:
                        v[i] = static_cast<Ns>(1000 + (random() >> (random() % 64)));
                        break;
                    case WholeRange:
                        v[i] = i % 3 == 0   ? std::numeric_limits<Ns>::min()
                               : i % 3 == 1 ? std::numeric_limits<Ns>::max()
                                            : static_cast<Ns>(random());
                        break;
                    case Sorted:
                        v[i] = static_cast<Ns>(i);
                        break;
                    case Reversed:
                        v[i] = static_cast<Ns>(n - i);
                        break;
                    case OrganPipe:
                        v[i] = static_cast<Ns>(std::min(i, n - i));
                        break;
                    case Sawtooth:
                        v[i] = static_cast<Ns>(i % 37);
                        break;
                    default:
                        v[i] = 42;
                        break;
                    }
                }
                std::vector<Ns> sorted = v;
                std::sort(sorted.begin(), sorted.end());
                const std::vector<std::size_t> ranks{n - 1, 0, n / 2, nearestRankIndex(n, 95), n / 2, 0};
                const std::vector<Ns> got = valuesAtRanks(v.data(), v.size(), ranks);
                for (std::size_t r = 0; r < ranks.size(); ++r) {
                    QCOMPARE(got[r], sorted[ranks[r]]);
                }
            }
        }
    }

    void indexedSelectionMatchesACopy()
    {
        // Values picked out of a column by index runs, over several rows, give the distribution of
        // a copy of them: small (copied) and large (radix) selections, a spike of equal values.
        std::mt19937_64 random(11);
        for (std::size_t rowLength : {std::size_t(300), std::size_t(40'000)}) {
            const std::size_t rows = 3;
            std::vector<Ns> column(rowLength * rows);
            for (Ns& v : column) {
                v = static_cast<Ns>(random() % 5'000'000'000ULL);
            }
            for (std::size_t k = 0; k < column.size(); k += 5) {
                column[k] = 777; // a heavy spike
            }
            std::vector<std::uint32_t> index;
            IndexedValues picked;
            picked.values = column.data();
            picked.rowStride = rowLength;
            picked.rows = rows;
            for (std::size_t i = 0; i < rowLength; i += 1 + random() % 4) {
                index.push_back(static_cast<std::uint32_t>(i));
            }
            picked.index = index.data();
            for (std::size_t begin = 0; begin < index.size();) {
                const std::size_t end = std::min(index.size(), begin + 1 + random() % 700);
                picked.runs.emplace_back(static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end));
                begin = end;
            }
            std::vector<Ns> copy;
            for (std::size_t row = 0; row < rows; ++row) {
                for (std::uint32_t i : index) {
                    copy.push_back(column[row * rowLength + i]);
                }
            }
            QCOMPARE(picked.size(), copy.size());
            const Distribution expected = distributionOf(copy.data(), copy.size());
            WideInt sum = 0;
            for (Ns v : copy) {
                sum += v;
            }
            const auto [lo, hi] = std::minmax_element(copy.begin(), copy.end());
            QVERIFY(distributionInRange(picked, *lo, *hi, sum) == expected);
            QCOMPARE(expected.count, std::uint64_t(copy.size()));
        }
    }

    void listAtLeastMatchesAScan()
    {
        // Lengths around the sixteen-value groups, hits at both ends and in runs, an offset, and
        // appending to a list that already holds positions.
        std::mt19937_64 random(11);
        for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{15}, std::size_t{16}, std::size_t{17},
                                    std::size_t{1000}, std::size_t{4099}}) {
            std::vector<Ns> values(n);
            for (std::size_t k = 0; k < n; ++k) {
                values[k] = static_cast<Ns>(random() % 1000);
            }
            if (n > 0) {
                values.front() = 999;
                values.back() = 999;
            }
            for (std::size_t k = n / 2; k < std::min(n, n / 2 + 40); ++k) {
                values[k] = 995; // a run of hits across group boundaries
            }
            for (const Ns threshold : {Ns(0), Ns(990), Ns(1000)}) {
                std::vector<std::size_t> got{7, 8};
                listAtLeast(values.data(), n, threshold, 100, got);
                std::vector<std::size_t> expected{7, 8};
                for (std::size_t k = 0; k < n; ++k) {
                    if (values[k] >= threshold) {
                        expected.push_back(100 + k);
                    }
                }
                QVERIFY2(got == expected, qPrintable(QStringLiteral("n %1, threshold %2").arg(n).arg(threshold)));
            }
        }
    }

    void groupedSelectionMatchesEachGroupAlone()
    {
        // A column of two rows read in blocks, with two groupings of its cells laid out block by
        // block as the summary's are (GroupedColumn). The large group's two cells (30,000 values
        // each, more than the whole column's 16,384 buckets) count into histograms of their own,
        // so it and both parities are selected in the whole column's layout; the group with the
        // spike, whose cells are smaller, in a layout of its own range; the small group from its
        // buckets alone. The whole column's distribution and each group's equal a sort of a copy
        // of its values.
        const GroupedColumn grouped(50'000, 8192, false);
        const auto& layouts = grouped.layouts;
        QVERIFY(layouts[0].copies[2].size() < 2048 && layouts[0].copies[2].size() > 100);
        QVERIFY(layouts[0].copies[3].empty());
        const std::vector<Ns>& column = grouped.column;
        const std::size_t blockSize = grouped.whole.block;
        const std::size_t rows = grouped.whole.rows;
        const std::size_t rowLength = grouped.whole.rowLength;
        const std::size_t cellCount = grouped.cells.groups;
        const GroupedValues& cells = grouped.cells;
        const BlockedColumn& whole = grouped.whole;
        const std::vector<GroupingInput>& groupings = grouped.groupings;
        const auto& groupOf = grouped.groupOf;
        const ColumnDistributions got = columnDistributions(whole, cells, groupings);
        grouped.compare(got);
        if (QTest::currentTestFailed()) {
            return;
        }
        QCOMPARE(got.groups[0][1].median, Ns(4242));
        QCOMPARE(got.groups[0][3].count, std::uint64_t(0));

        // The second pass listed the tail's candidates: ascending, each position once, and every
        // position at or above the p99 among them (and few others: the p99's bucket is narrow).
        QVERIFY(got.tailListed);
        QVERIFY(std::is_sorted(got.tailCandidates.begin(), got.tailCandidates.end()));
        QVERIFY(std::adjacent_find(got.tailCandidates.begin(), got.tailCandidates.end()) == got.tailCandidates.end());
        std::size_t tail = 0;
        for (std::size_t k = 0; k < column.size(); ++k) {
            if (column[k] >= got.whole.p99) {
                ++tail;
                QVERIFY(std::binary_search(got.tailCandidates.begin(), got.tailCandidates.end(), k));
            }
        }
        QVERIFY(tail > 0 && got.tailCandidates.size() >= tail && got.tailCandidates.size() < tail + tail / 2);

        // Each cell's runs pick out its events, in every row.
        for (std::size_t c = 0; c < cellCount; ++c) {
            std::size_t expected = 0;
            for (std::size_t i = 0; i < rowLength; ++i) {
                expected += 2 * groupOf[0][i] + groupOf[1][i] == c ? rows : 0;
            }
            QCOMPARE(cells.group(c).size(), expected);
        }

        // Without groupings the whole column alone (the cells are not read); cells of other blocks,
        // and a grouping naming a group it has no range for, are refused.
        QVERIFY(columnDistributions(whole, GroupedValues{}, {}).whole == got.whole);
        BlockedColumn otherBlocks = whole;
        otherBlocks.block = blockSize / 2;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, columnDistributions(otherBlocks, cells, groupings));
        std::vector<std::uint32_t> outOfRange = layouts[1].groupOfCell;
        outOfRange[3] = 2;
        std::vector<GroupingInput> badGrouping = groupings;
        badGrouping[1].groupOfCell = outOfRange;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, columnDistributions(whole, cells, badGrouping));
    }

    void smallColumnGroupsMatchEachGroupAlone()
    {
        // The same groupings on a column of 2 x 700 heavy-tailed values read in blocks of 256: the
        // whole column is selected from its buckets, and its groups of more than 128 values (the
        // large one, the spike's, both parities) are counted and gathered by those same buckets;
        // the small group, of fewer, from a copy; the group of equal values without a pass.
        const GroupedColumn grouped(700, 256, true);
        QVERIFY(grouped.column.size() <= 2048);
        QVERIFY(!grouped.layouts[0].copies[2].empty() && grouped.layouts[0].copies[2].size() <= 128);
        QVERIFY(grouped.layouts[0].copies[4].size() > 128);
        grouped.compare(columnDistributions(grouped.whole, grouped.cells, grouped.groupings));
    }

    /// The summary against a brute-force reference (sort, nearest rank, 128-bit sums, bit by bit
    /// flag counts, a sorted tail) on samples with values near 2^60 and random flags: more events
    /// than one summary block (and not a multiple of eight), three phases interleaved with two
    /// operations, two iteration rows.
    void summaryMatchesBruteForceOnLargeValues()
    {
        std::vector<Event> events;
        const char* phases[] = {"decode", "prefill", ""};
        for (int i = 0; i < 20'003; ++i) {
            Event e = collective(i % 3 == 0 ? "all_gather" : "all_reduce", 4096, {0, 1}, kUs);
            e.phase = phases[(i / 7 + i) % 3];
            events.push_back(e);
        }
        Trace t = build(events);
        ReplayProtocol protocol;
        protocol.iterations = 2;
        SampleColumns s = run(t, simpleConfig(), protocol);
        QCOMPARE(s.size(), std::size_t(40'006));
        compareSummaryWithBruteForce(t, s);
    }

    /// Thousands of phases crossed with hundreds of (custom) operations: more cells than the
    /// summary keeps run offsets for block by block, and more (phase, operation) pairs than it
    /// keeps a table for, so the cells are found through a map and the row is one block.
    void summaryMatchesBruteForceWithManyCells()
    {
        std::vector<Event> events;
        for (int i = 0; i < 30'011; ++i) {
            Event e = collective("op" + std::to_string(i % 301), 4096, {0, 1}, kUs);
            e.customOp = true;
            e.phase = "phase" + std::to_string((i / 3) % 2'003);
            events.push_back(e);
        }
        Trace t = build(events);
        SampleColumns s = run(t, simpleConfig());
        compareSummaryWithBruteForce(t, s);
    }

    void breakdownsAndTailEvents()
    {
        std::vector<Event> events;
        for (int i = 0; i < 200; ++i) {
            Event e = collective(i % 4 == 0 ? "all_gather" : "all_reduce", 1024 * (1 + i % 7), {0, 1, 2, 3}, 30 * kUs);
            e.phase = i % 2 == 0 ? "decode" : "prefill";
            if (i % 10 == 3) {
                e.phase.clear();
            }
            events.push_back(e);
        }
        Trace t = build(events);
        SampleColumns s = run(t, simpleConfig());
        NullProgress progress;
        ConfigurationSummary summary = summarizeSamples(t, s, progress);
        QCOMPARE(summary.latency.count, std::uint64_t(200));
        QCOMPARE(summary.byPhase.size(), std::size_t(3));
        QVERIFY(!summary.byPhase[0].named); // events without a phase come first
        QCOMPARE(QString::fromStdString(summary.byPhase[1].name), QStringLiteral("decode"));
        QCOMPARE(QString::fromStdString(summary.byPhase[2].name), QStringLiteral("prefill"));
        std::uint64_t total = 0;
        for (const auto& b : summary.byPhase) {
            total += b.latency.count;
        }
        QCOMPARE(total, std::uint64_t(200));
        QCOMPARE(summary.byOp.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(summary.byOp[0].name), QStringLiteral("all_gather"));
        QCOMPARE(summary.byOp[0].latency.count, std::uint64_t(50));
        // Tail events: every sample at or above the p99, highest first.
        QVERIFY(summary.tailCount >= 2);
        QCOMPARE(summary.tail.size(), std::size_t(summary.tailCount));
        for (std::size_t i = 0; i < summary.tail.size(); ++i) {
            QVERIFY(summary.tail[i].latency >= summary.latency.p99);
            QCOMPARE(summary.tail[i].latency, s.latency[summary.tail[i].event]);
            if (i > 0) {
                QVERIFY(summary.tail[i - 1].latency >= summary.tail[i].latency);
            }
        }
    }

    void summaryWorkspaceGivesTheSameSummaries()
    {
        // A generated training trace (several phases and operations, enough samples for the radix
        // selection) and a small trace with an unnamed phase, summarised through one workspace
        // that moves between them: every summary equals a fresh one and a sort-based reference.
        NullProgress progress;
        const Trace training = trainingTrace(20'000);
        std::vector<Event> events;
        for (int i = 0; i < 300; ++i) {
            Event e = collective(i % 3 == 0 ? "all_gather" : "all_reduce", 512 * (1 + i % 5), {0, 1}, 20 * kUs);
            e.phase = i % 7 == 0 ? std::string() : "decode";
            events.push_back(e);
        }
        const Trace small = build(events);
        ReplayProtocol protocol;
        protocol.iterations = 2;
        SummaryWorkspace workspace;
        for (const Trace* trace : {&training, &small, &training}) {
            PreparedReplay prepared = prepareReplay(*trace, protocol, progress);
            SampleColumns samples;
            for (const BackendConfig& config : defaultConfigSet().configurations) {
                simulateConfiguration(prepared, config, progress, samples);
                const ConfigurationSummary reused = summarizeSamples(*trace, samples, progress, workspace);
                QVERIFY(reused == summarizeSamples(*trace, samples, progress));
                std::vector<Ns> sorted(samples.size());
                for (std::size_t k = 0; k < samples.size(); ++k) {
                    sorted[k] = samples.latency[k];
                }
                std::sort(sorted.begin(), sorted.end());
                const std::size_t n = sorted.size();
                QCOMPARE(reused.latency.count, std::uint64_t(n));
                QCOMPARE(reused.latency.median, sorted[(n + 1) / 2 - 1]);
                QCOMPARE(reused.latency.p95, sorted[(95 * n + 99) / 100 - 1]);
                QCOMPARE(reused.latency.p99, sorted[(99 * n + 99) / 100 - 1]);
                QCOMPARE(reused.latency.max, sorted.back());
                std::uint64_t byOp = 0;
                for (const Breakdown& b : reused.byOp) {
                    byOp += b.latency.count;
                }
                QCOMPARE(byOp, std::uint64_t(n));
                QVERIFY(reused.byPhase.size() >= 2);
            }
        }
        // replayAll shares one workspace across the set: the same summaries as one at a time.
        SetReplay set = replayAll(training, defaultConfigSet(), protocol, progress);
        for (const ConfigurationReplay& replay : set.configurations) {
            QVERIFY(replay.summary == summarizeSamples(training, replay.samples, progress));
        }
    }

    void everySignatureFieldSeparatesNoiseIdentities()
    {
        // Two events that differ in one signature field are two signatures: the second starts its
        // own noise sequence (occurrence 0 of its content hash) instead of continuing the first's.
        // Identical events continue it (occurrence 1).
        auto base = [] {
            Event e = collective("all_reduce", 4096, {0, 1, 2, 3}, kUs);
            e.dtype = "bfloat16";
            e.tag = "t";
            e.channel = "c";
            e.reductionOp = "sum";
            e.concurrentGroups = 2;
            return e;
        };
        std::vector<std::pair<const char*, Event>> variants;
        auto vary = [&](const char* field, auto change) {
            Event e = base();
            change(e);
            variants.emplace_back(field, e);
        };
        vary("op", [](Event& e) { e.op = "all_gather"; });
        vary("custom_op", [](Event& e) {
            e.op = "fused_reduce";
            e.customOp = true;
        });
        vary("bytes", [](Event& e) { e.bytes = 8192; });
        vary("ranks", [](Event& e) { e.ranks = {0, 1, 2, 5}; });
        vary("group", [](Event& e) { e.group = "h"; });
        vary("phase", [](Event& e) { e.phase = "prefill"; });
        vary("dtype", [](Event& e) { e.dtype = "float32"; });
        vary("tag", [](Event& e) { e.tag = "u"; });
        vary("channel", [](Event& e) { e.channel = "d"; });
        vary("reduction_op", [](Event& e) { e.reductionOp = "max"; });
        vary("concurrent_groups", [](Event& e) { e.concurrentGroups = 3; });
        NullProgress progress;
        for (const auto& [field, variant] : variants) {
            const Trace t = build({base(), variant});
            QVERIFY2(!(opSignature(t, 0) == opSignature(t, 1)), field);
            const PreparedReplay prepared = prepareReplay(t, ReplayProtocol{}, progress);
            QVERIFY2(prepared.event(1).noiseKey == noiseKey(contentHash(t, opSignature(t, 1)), 0), field);
        }
        // The single-rank fields, each on an operation that carries it.
        Event broadcast = collective("broadcast", 4096, {0, 1, 2, 3}, kUs);
        broadcast.rootRank = 0;
        Event otherRoot = broadcast;
        otherRoot.rootRank = 1;
        Event send = collective("send", 4096, {0, 1}, kUs);
        send.senderRank = 0;
        send.receiverRank = 1;
        Event otherSender = send;
        otherSender.senderRank = 1;
        otherSender.receiverRank = 0;
        Event otherReceiver = collective("send", 4096, {0, 1, 2}, kUs);
        otherReceiver.senderRank = 0;
        otherReceiver.receiverRank = 2;
        Event receiverOnly = otherReceiver;
        receiverOnly.receiverRank = 1;
        for (const auto& [a, b] : std::vector<std::pair<Event, Event>>{
                 {broadcast, otherRoot}, {send, otherSender}, {otherReceiver, receiverOnly}}) {
            const Trace t = build({a, b});
            QVERIFY(!(opSignature(t, 0) == opSignature(t, 1)));
            const PreparedReplay prepared = prepareReplay(t, ReplayProtocol{}, progress);
            QCOMPARE(prepared.event(1).noiseKey, noiseKey(contentHash(t, opSignature(t, 1)), 0));
        }
        // The control: an identical event continues the first one's sequence.
        const Trace same = build({base(), base()});
        const PreparedReplay prepared = prepareReplay(same, ReplayProtocol{}, progress);
        QCOMPARE(prepared.event(1).noiseKey, noiseKey(contentHash(same, opSignature(same, 0)), 1));
    }

    void lockstepRunsPairNeighboursOfTheSameSlotCount()
    {
        const ConfigSet& set = defaultConfigSet();
        // baseline + low_latency (one channel per resource, 8 slots), high_bandwidth alone (16),
        // overlap_friendly + congested (4 slots; two channels and one per resource).
        QCOMPARE(lockstepRuns(set.configurations, ReplayProtocol{}), (std::vector<std::size_t>{2, 1, 2}));
        ReplayProtocol isolated;
        isolated.isolated = true;
        QCOMPARE(lockstepRuns(set.configurations, isolated), (std::vector<std::size_t>{1, 1, 1, 1, 1}));
        BackendConfig ring = simpleConfig();
        ring.channelsPerResource = 5; // beyond the fixed-size forms: the general rings, alone
        BackendConfig wide = simpleConfig();
        wide.maxChannels = 20;
        const std::vector<BackendConfig> mixed{simpleConfig(), ring, simpleConfig(), wide, simpleConfig()};
        QCOMPARE(lockstepRuns(mixed, ReplayProtocol{}), (std::vector<std::size_t>{1, 1, 1, 1, 1}));
        QCOMPARE(lockstepRuns({}, ReplayProtocol{}), std::vector<std::size_t>{});
    }

    void lockstepReplaysEqualSeparateReplays()
    {
        // Every pairing of state forms (one channel and several per resource, 4, 8 and 16 global
        // slots, and the general rings, which run alone), under protocols that exercise every
        // path of the loop: the samples of a lockstep replay equal each configuration's own
        // replay, column for column.
        NullProgress progress;
        const Trace training = trainingTrace(6'000);
        const Trace adversarialTrace = adversarial();
        std::vector<BackendConfig> configs(defaultConfigSet().configurations);
        auto variant = [&](const char* name, std::int64_t channels, std::int64_t globalSlots) {
            BackendConfig c = defaultConfigSet().configurations[static_cast<std::size_t>(configs.size() % 5)];
            c.name = name;
            c.channelsPerResource = channels;
            c.maxChannels = globalSlots;
            c.tail.probabilityPpm = 200'000; // tails fire often enough to be compared
            configs.push_back(c);
        };
        variant("single-4", 1, 3);
        variant("small-4", 3, 4);
        variant("single-16", 1, 12);
        variant("small-16", 4, 16);
        variant("ring-channels", 6, 16);
        variant("ring-global", 2, 40);
        variant("single-8", 1, 6);
        variant("small-8", 2, 8);
        std::vector<ReplayProtocol> protocols(6);
        protocols[1].iterations = 3;
        protocols[1].seed = 7;
        protocols[2].ablations = parseAblations("ordering,queue_reset_gaps", "test");
        protocols[3].ablations = parseAblations("rare_tail_windows,pressure", "test");
        protocols[4].ablations = parseAblations("arrival_skew,compute_overlap", "test");
        protocols[5].isolated = true;
        for (const Trace* trace : {&training, &adversarialTrace}) {
            for (const ReplayProtocol& protocol : protocols) {
                const PreparedReplay prepared = prepareReplay(*trace, protocol, progress);
                std::vector<SampleColumns> together(configs.size());
                std::vector<SampleColumns*> into;
                for (SampleColumns& columns : together) {
                    into.push_back(&columns);
                }
                simulateConfigurations(prepared, configs, progress, into);
                std::size_t paired = 0;
                for (std::size_t run : lockstepRuns(configs, protocol)) {
                    paired += run == 2 ? 2 : 0;
                }
                QVERIFY(protocol.isolated ? paired == 0 : paired >= 8);
                for (std::size_t c = 0; c < configs.size(); ++c) {
                    const SampleColumns alone = simulateConfiguration(prepared, configs[c], progress);
                    const SampleColumns& mine = together[c];
                    const QByteArray where = QByteArray::fromStdString(configs[c].name);
                    QVERIFY2(mine.sameEventTimes(alone), where.constData());
                    QVERIFY2(mine.queueWait == alone.queueWait, where.constData());
                    QVERIFY2(mine.latency == alone.latency, where.constData());
                    QVERIFY2(mine.hidden == alone.hidden, where.constData());
                    QVERIFY2(mine.flags == alone.flags, where.constData());
                    QCOMPARE(mine.eventCount, alone.eventCount);
                    QCOMPARE(mine.iterations, alone.iterations);
                }
            }
        }
        // The comparison can fail: a pair's samples differ from each other's.
        const PreparedReplay prepared = prepareReplay(training, ReplayProtocol{}, progress);
        QVERIFY(simulateConfiguration(prepared, configs[0], progress).latency !=
                simulateConfiguration(prepared, configs[1], progress).latency);
        // One output per configuration, or a clear refusal.
        SampleColumns one;
        std::vector<SampleColumns*> tooFew{&one};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, simulateConfigurations(prepared, configs, progress, tooFew));
    }

    void everySampleIsWrittenIntoReusedColumns()
    {
        // Sample columns are sized without being zero-filled, so the simulator must write every
        // element. Columns already of the right size and full of a sentinel are reused as they
        // are: after a replay into them, none may keep the sentinel, and they must equal a replay
        // into fresh columns, in lockstep pairs, alone and isolated.
        NullProgress progress;
        const Trace training = trainingTrace(5'000);
        const Trace adversarialTrace = adversarial();
        const std::vector<BackendConfig>& configs = defaultConfigSet().configurations;
        constexpr Ns kSentinel = -123'456'789;
        constexpr std::uint8_t kFlagSentinel = 0xA5;
        std::vector<ReplayProtocol> protocols(4);
        protocols[1].iterations = 3;
        protocols[2].ablations = parseAblations("ordering,queue_reset_gaps", "test");
        protocols[3].isolated = true;
        for (const Trace* trace : {&training, &adversarialTrace}) {
            for (const ReplayProtocol& protocol : protocols) {
                const PreparedReplay prepared = prepareReplay(*trace, protocol, progress);
                const std::size_t total = prepared.eventCount() * protocol.iterations;
                std::vector<SampleColumns> reused(configs.size());
                std::vector<SampleColumns*> into;
                std::vector<const Ns*> buffers;
                for (SampleColumns& columns : reused) {
                    for (auto* column : {&columns.queueWait, &columns.latency, &columns.hidden}) {
                        column->assign(total, kSentinel);
                    }
                    columns.flags.assign(total, kFlagSentinel);
                    buffers.push_back(columns.latency.data());
                    into.push_back(&columns);
                }
                simulateConfigurations(prepared, configs, progress, into);
                for (std::size_t c = 0; c < configs.size(); ++c) {
                    const SampleColumns& mine = reused[c];
                    const QByteArray where = QByteArray::fromStdString(configs[c].name);
                    QVERIFY2(mine.latency.data() == buffers[c], where.constData()); // reused, not reallocated
                    const SampleColumns fresh = simulateConfiguration(prepared, configs[c], progress);
                    QVERIFY2(mine.sameEventTimes(fresh) && mine.queueWait == fresh.queueWait &&
                                 mine.latency == fresh.latency && mine.hidden == fresh.hidden &&
                                 mine.flags == fresh.flags,
                             where.constData());
                    for (std::size_t k = 0; k < total; ++k) {
                        // A flag value of 0xA5 cannot occur: bit 7 is not a SampleFlag.
                        if (mine.queueWait[k] == kSentinel || mine.latency[k] == kSentinel ||
                            mine.hidden[k] == kSentinel || mine.flags[k] == kFlagSentinel) {
                            QFAIL(qPrintable(QStringLiteral("%1: sample %2 was never written")
                                                 .arg(QString::fromStdString(configs[c].name))
                                                 .arg(k)));
                        }
                    }
                }
            }
        }
    }

    void lockstepReplayIsCancellable()
    {
        NullProgress quiet;
        const Trace training = trainingTrace(200'000);
        const PreparedReplay prepared = prepareReplay(training, ReplayProtocol{}, quiet);
        // Stops asking to go on after three reports, and keeps what it was told.
        struct CancelAfterThree final : Progress {
            std::vector<double> fractions;
            std::string message;
            void report(double fraction, std::string_view text) override
            {
                fractions.push_back(fraction);
                message = std::string(text);
            }
            bool cancelled() const override { return fractions.size() >= 3; }
        } progress;
        SampleColumns a, b;
        std::vector<SampleColumns*> into{&a, &b};
        const std::span<const BackendConfig> pair(defaultConfigSet().configurations.data(), 2);
        QCOMPARE(lockstepRuns(pair, ReplayProtocol{}), std::vector<std::size_t>{2});
        QVERIFY_THROWS_EXCEPTION(Cancelled, simulateConfigurations(prepared, pair, progress, into));
        QCOMPARE(progress.fractions.size(), std::size_t(3)); // stopped at the first check after the third
        QVERIFY(std::is_sorted(progress.fractions.begin(), progress.fractions.end()));
        QVERIFY(progress.fractions.back() > 0.0 && progress.fractions.back() < 1.0);
        QCOMPARE(QString::fromStdString(progress.message), QStringLiteral("replaying under baseline, low_latency"));
    }

    void pairwiseRankingWithTieTolerance()
    {
        QCOMPARE(decidePair(100'000, 100'900, 10'000), PairOutcome::Tie);
        QCOMPARE(decidePair(100'000, 101'000, 10'000), PairOutcome::Tie); // exactly 1% of the larger
        QCOMPARE(decidePair(100'000, 102'000, 10'000), PairOutcome::FirstFaster);
        QCOMPARE(decidePair(102'000, 100'000, 10'000), PairOutcome::SecondFaster);
        QCOMPARE(decidePair(0, 0, 0), PairOutcome::Tie);
        QCOMPARE(decidePair(1, 2, 0), PairOutcome::FirstFaster);
        std::vector<Distribution> five(5);
        for (std::size_t i = 0; i < five.size(); ++i) {
            five[i].median = five[i].p95 = five[i].p99 = five[i].mean = Ns(1000 * (i + 1));
        }
        auto decisions = rankConfigurations(five, 10'000);
        QCOMPARE(decisions.size(), std::size_t(40)); // ten pairs x four metrics
        QCOMPARE(decisions.front().first, std::uint32_t(0));
        QCOMPARE(decisions.front().second, std::uint32_t(1));
        QCOMPARE(decisions.back().metric, RankMetric::Mean);
    }

    // ---- the adversarial trace ----
    void adversarialIsolatedAndContextualRankingsInvert()
    {
        Trace t = adversarial();
        const auto [c, i] = inContextAndIsolated(t, ReplayProtocol{});

        // Queueing behind late ranks and pressure-slowed collectives: low_latency is fastest in
        // isolation but loses the median to high_bandwidth, whose extra channels keep
        // back-to-back decode collectives from queueing.
        QCOMPARE(outcome(i, "low_latency", "high_bandwidth", RankMetric::Median), PairOutcome::FirstFaster);
        QCOMPARE(outcome(c, "low_latency", "high_bandwidth", RankMetric::Median), PairOutcome::SecondFaster);
        // overlap_friendly costs more per collective than baseline, but in context two
        // collectives in flight per group beat a single queue.
        QCOMPARE(outcome(i, "baseline", "overlap_friendly", RankMetric::Median), PairOutcome::FirstFaster);
        QCOMPARE(outcome(c, "baseline", "overlap_friendly", RankMetric::Median), PairOutcome::SecondFaster);
        // The tail windows (full pressure, 500 us skew): low_latency's polling kernels slow down
        // five-fold under pressure, overlap_friendly barely notices.
        QCOMPARE(outcome(i, "low_latency", "overlap_friendly", RankMetric::P99), PairOutcome::FirstFaster);
        QCOMPARE(outcome(c, "low_latency", "overlap_friendly", RankMetric::P99), PairOutcome::SecondFaster);

        // The inversion depends on the context: without arrival skew low_latency wins the median again.
        ReplayProtocol noSkew;
        noSkew.ablations.add(Ablation::ArrivalSkew);
        SetReplay ns = runSet(t, noSkew);
        QCOMPARE(outcome(ns, "low_latency", "high_bandwidth", RankMetric::Median), PairOutcome::FirstFaster);
    }

    void adversarialInversionHoldsForEveryNoiseSeed()
    {
        // The inversion comes from the model, not from a lucky noise draw.
        Trace t = adversarial();
        for (std::uint64_t seed = 0; seed < 12; ++seed) {
            ReplayProtocol contextual;
            contextual.seed = seed;
            const auto [c, i] = inContextAndIsolated(t, contextual);
            QCOMPARE(outcome(i, "baseline", "overlap_friendly", RankMetric::Median), PairOutcome::FirstFaster);
            QCOMPARE(outcome(c, "baseline", "overlap_friendly", RankMetric::Median), PairOutcome::SecondFaster);
            QCOMPARE(outcome(c, "low_latency", "overlap_friendly", RankMetric::P99), PairOutcome::SecondFaster);
        }
    }

    void everyAblationChangesASummaryFigure()
    {
        Trace t = adversarial();
        SetReplay contextual = runSet(t, ReplayProtocol{});
        for (int a = 0; a < kAblationCount; ++a) {
            ReplayProtocol p;
            p.ablations.add(static_cast<Ablation>(a));
            SetReplay ablated = runSet(t, p);
            QVERIFY2(!sameSummaries(contextual, ablated),
                     qPrintable(QStringLiteral("ablation %1 changed no summary figure")
                                    .arg(QString::fromLatin1(ablationName(static_cast<Ablation>(a)).data()))));
        }
        ReplayProtocol isolated;
        isolated.isolated = true;
        QVERIFY(!sameSummaries(contextual, runSet(t, isolated)));
    }

    void peerAdversarialTraceShowsTheSameInversion()
    {
        if (!cctest::haveShared(QStringLiteral("peer"))) {
            QSKIP("../shared/peer is absent");
        }
        NullProgress progress;
        const QString path = cctest::sharedDir() + QStringLiteral("/peer/traces/adversarial_decode.trace.json");
        Trace t = readTrace(path.toStdString(), progress);
        ReplayProtocol isolated;
        isolated.isolated = true;
        SetReplay c = runSet(t, ReplayProtocol{});
        SetReplay i = runSet(t, isolated);
        QCOMPARE(outcome(i, "low_latency", "high_bandwidth", RankMetric::Median), PairOutcome::FirstFaster);
        QCOMPARE(outcome(c, "low_latency", "high_bandwidth", RankMetric::Median), PairOutcome::SecondFaster);
    }
};

QTEST_GUILESS_MAIN(TestReplay)
#include "tst_replay.moc"
