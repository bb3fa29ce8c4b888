// summarizeSamples, the ranking of configurations and replayAll.
#include "core/replay/simulator.h"

#include "core/replay/quantiles.h"
#include "core/replay/summary_workspace.h"
#include "core/replay/wide_int.h"
#include "core/util/fresh_memory.h"
#include "core/util/uninitialized_allocator.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>

namespace cc {

namespace {

std::int64_t sharePpm(WideInt part, WideInt whole)
{
    if (whole <= 0) {
        return 0;
    }
    return static_cast<std::int64_t>(part * kPpmOne / whole);
}

/// An exact sum of int64 values without a 128-bit add per value: the high and low 32-bit halves
/// are summed separately in 64 bits (each half-sum stays exact for 2^31 values) and folded into a
/// 128-bit total by flush(), which callers run at least every 2^31 values (once per iteration row:
/// a trace holds fewer events than that).
struct SplitSum {
    std::int64_t high = 0; ///< sum of value >> 32 (arithmetic), |each| < 2^31
    std::uint64_t low = 0; ///< sum of value & 0xffffffff, each < 2^32
    WideInt folded = 0;

    void add(Ns value)
    {
        high += value >> 32;
        low += static_cast<std::uint64_t>(value) & 0xffffffffULL;
    }
    void flush()
    {
        folded += static_cast<WideInt>(high) * (WideInt{1} << 32) + static_cast<WideInt>(low);
        high = 0;
        low = 0;
    }
    /// Adds another sum's values (its unflushed halves included) and flushes.
    void merge(const SplitSum& other)
    {
        flush();
        folded +=
            other.folded + static_cast<WideInt>(other.high) * (WideInt{1} << 32) + static_cast<WideInt>(other.low);
    }
    /// The sum of every value added, provided flush() ran after the last add.
    WideInt total() const { return folded; }
};

/// Adds to counts[bit] the number of flags[0..n) with that bit set: eight flags to a 64-bit word
/// and one population count per bit and word.
void countFlagBits(const std::uint8_t* flags, std::size_t n, std::uint64_t (&counts)[8])
{
    constexpr std::uint64_t kLowBits = 0x0101010101010101ULL;
    std::size_t k = 0;
    for (; k + 8 <= n; k += 8) {
        std::uint64_t word = 0;
        std::memcpy(&word, flags + k, sizeof word);
        for (int bit = 0; bit < 8; ++bit) {
            counts[bit] += static_cast<std::uint64_t>(std::popcount(word & (kLowBits << bit)));
        }
    }
    for (; k < n; ++k) {
        for (int bit = 0; bit < 8; ++bit) {
            counts[bit] += (flags[k] >> bit) & 1U;
        }
    }
}

/// Dense groups of a per-event string column (phase or op), in order of first appearance, and
/// the events of each group, block by block. The grouping depends on the trace only, so a
/// SummaryWorkspace builds it once and reuses it for every configuration.
struct Grouping {
    /// Events per block: a block's latency and hidden values (2 x 8 bytes each) stay in the
    /// second-level cache while every group's run of the block reads them.
    static constexpr std::size_t kBlock = 8192;

    std::vector<std::uint32_t> stringId; ///< string id per dense group (kNoString for none)
    std::vector<std::uint32_t> sorted;   ///< dense groups by name, unnamed first
    /// Event indices ordered by (block, group, index); run (b, g) is
    /// members[runOffset[b * groups + g] .. runOffset[b * groups + g + 1]).
    /// Written in full (a permutation of the events) right after sizing: no zero-fill first.
    std::vector<std::uint32_t, UninitializedAllocator<std::uint32_t>> members;
    std::vector<std::uint32_t> runOffset;

    Grouping(const Trace& trace, const std::vector<std::uint32_t>& column)
    {
        const std::size_t n = column.size();
        // Direct table over string ids (the last slot stands for kNoString).
        std::vector<std::uint32_t> dense(trace.strings.size() + 1, UINT32_MAX);
        std::vector<std::uint32_t, UninitializedAllocator<std::uint32_t>> ofEvent; // written below, in full
        resizeAdvised(ofEvent, n);
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t id = column[i];
            const std::size_t slot = id == kNoString ? trace.strings.size() : id;
            if (dense[slot] == UINT32_MAX) {
                dense[slot] = static_cast<std::uint32_t>(stringId.size());
                stringId.push_back(id);
            }
            ofEvent[i] = dense[slot];
        }
        sorted.resize(stringId.size());
        for (std::size_t g = 0; g < sorted.size(); ++g) {
            sorted[g] = static_cast<std::uint32_t>(g);
        }
        // Names are distinct per group (one string id each), so the order is total.
        std::sort(sorted.begin(), sorted.end(), [&](std::uint32_t a, std::uint32_t b) {
            const bool namedA = stringId[a] != kNoString;
            const bool namedB = stringId[b] != kNoString;
            if (namedA != namedB) {
                return !namedA;
            }
            return trace.str(stringId[a]) < trace.str(stringId[b]);
        });
        const std::size_t groupCount = groups();
        if (groupCount < 2) {
            return; // a single group is the whole trace: no member lists needed
        }
        // A counting sort of each block's events by group (stable: ascending inside a run).
        const std::size_t blocks = (n + kBlock - 1) / kBlock;
        runOffset.assign(blocks * groupCount + 1, 0);
        for (std::size_t i = 0; i < n; ++i) {
            ++runOffset[(i / kBlock) * groupCount + ofEvent[i] + 1];
        }
        for (std::size_t r = 0; r + 1 < runOffset.size(); ++r) {
            runOffset[r + 1] += runOffset[r];
        }
        std::vector<std::uint32_t> cursor(runOffset.begin(), runOffset.end() - 1);
        resizeAdvised(members, n);
        for (std::size_t i = 0; i < n; ++i) {
            members[cursor[(i / kBlock) * groupCount + ofEvent[i]]++] = static_cast<std::uint32_t>(i);
        }
    }

    std::size_t groups() const { return stringId.size(); }

    /// Per-group state of one summary: each group's sums and range so far.
    struct GroupSums {
        std::vector<SplitSum> latencySum, hiddenSum;
        std::vector<Ns> lo, hi;
    };

    GroupSums begin() const
    {
        const std::size_t groupCount = groups();
        GroupSums sums;
        sums.latencySum.resize(groupCount);
        sums.hiddenSum.resize(groupCount);
        sums.lo.assign(groupCount, kTimeCapNs);
        sums.hi.assign(groupCount, 0);
        return sums;
    }

    /// Adds block b of one iteration row (its latencies and hidden values, which the caller has
    /// just passed over, so they are still in cache) to every group, run by run, with the run's
    /// sums and range kept in registers.
    void sumBlock(std::size_t b, const Ns* latencyRow, const Ns* hiddenRow, GroupSums& sums) const
    {
        const std::size_t groupCount = groups();
        const std::uint32_t* runs = runOffset.data() + b * groupCount;
        for (std::size_t g = 0; g < groupCount; ++g) {
            const std::uint32_t* m = members.data() + runs[g];
            const std::uint32_t* end = members.data() + runs[g + 1];
            SplitSum latencyRun, hiddenRun;
            Ns lo = sums.lo[g], hi = sums.hi[g];
            for (; m != end; ++m) {
                const Ns l = latencyRow[*m];
                latencyRun.add(l);
                hiddenRun.add(hiddenRow[*m]);
                lo = std::min(lo, l);
                hi = std::max(hi, l);
            }
            sums.latencySum[g].merge(latencyRun);
            sums.hiddenSum[g].merge(hiddenRun);
            sums.lo[g] = lo;
            sums.hi[g] = hi;
        }
    }

    /// The latency column's groups under this grouping, for columnDistributions (latencySums
    /// receives each group's latency sum and must outlive the result).
    GroupingInput input(const GroupSums& sums, const Ns* latency, std::size_t n, std::size_t rows,
                        std::vector<WideInt>& latencySums) const
    {
        const std::size_t groupCount = groups();
        latencySums.resize(groupCount);
        for (std::size_t g = 0; g < groupCount; ++g) {
            latencySums[g] = sums.latencySum[g].total();
        }
        GroupingInput in;
        in.values.values = latency;
        in.values.rowStride = n;
        in.values.rows = rows;
        in.values.index = members.data();
        in.values.runOffset = runOffset.data();
        in.values.blocks = groupCount < 2 ? 0 : (runOffset.size() - 1) / groupCount; // run lists need two groups
        in.values.groups = groupCount;
        in.lo = sums.lo;
        in.hi = sums.hi;
        in.sum = latencySums;
        return in;
    }

    /// Breakdowns sorted by name (unnamed first): each group's latency distribution (from
    /// columnDistributions) and hidden share, or, for a single group (sums null), the overall figures.
    std::vector<Breakdown> breakdowns(const Trace& trace, const GroupSums* sums,
                                      const std::vector<Distribution>* latencies, const Distribution& overall,
                                      std::int64_t overallHiddenPpm) const
    {
        const std::size_t groupCount = groups();
        std::vector<Breakdown> out(groupCount);
        for (std::size_t s = 0; s < groupCount; ++s) {
            const std::size_t g = sorted[s];
            out[s].named = stringId[g] != kNoString;
            out[s].name = std::string(trace.str(stringId[g]));
            if (sums == nullptr) {
                out[s].latency = overall;
                out[s].hiddenSharePpm = overallHiddenPpm;
                continue;
            }
            out[s].latency = (*latencies)[g];
            out[s].hiddenSharePpm = sharePpm(sums->hiddenSum[g].total(), sums->latencySum[g].total());
        }
        return out;
    }
};

} // namespace

struct SummaryWorkspace::State {
    // The trace the groupings were built from (its address and the identity of its columns).
    const Trace* trace = nullptr;
    const std::uint32_t* phaseData = nullptr;
    const std::uint32_t* opData = nullptr;
    std::size_t phaseSize = 0, opSize = 0, stringCount = 0;
    std::unique_ptr<Grouping> phases, ops;

    bool boundTo(const Trace& t) const
    {
        return trace == &t && phaseData == t.phase.data() && opData == t.op.data() && phaseSize == t.phase.size() &&
               opSize == t.op.size() && stringCount == t.strings.size();
    }

    void bind(const Trace& t)
    {
        if (boundTo(t) && phases && ops) {
            return;
        }
        phases = std::make_unique<Grouping>(t, t.phase);
        ops = std::make_unique<Grouping>(t, t.op);
        trace = &t;
        phaseData = t.phase.data();
        opData = t.op.data();
        phaseSize = t.phase.size();
        opSize = t.op.size();
        stringCount = t.strings.size();
    }
};

SummaryWorkspace::SummaryWorkspace() : state_(std::make_unique<State>()) {}
SummaryWorkspace::~SummaryWorkspace() = default;
SummaryWorkspace::SummaryWorkspace(SummaryWorkspace&&) noexcept = default;
SummaryWorkspace& SummaryWorkspace::operator=(SummaryWorkspace&&) noexcept = default;

ConfigurationSummary summarizeSamples(const Trace& trace, const SampleColumns& samples, Progress& progress)
{
    SummaryWorkspace workspace;
    return summarizeSamples(trace, samples, progress, workspace);
}

ConfigurationSummary summarizeSamples(const Trace& trace, const SampleColumns& samples, Progress& progress,
                                      SummaryWorkspace& workspace)
{
    ConfigurationSummary summary;
    const std::size_t total = samples.size();
    const std::size_t n = samples.eventCount;
    progress.check();
    if (total == 0) {
        return summary;
    }
    if (!workspace.state_) {
        workspace.state_ = std::make_unique<SummaryWorkspace::State>();
    }
    SummaryWorkspace::State& ws = *workspace.state_;
    ws.bind(trace);
    Grouping& phases = *ws.phases;
    Grouping& ops = *ws.ops;
    const bool groupPhases = phases.groups() > 1;
    const bool groupOps = ops.groups() > 1;

    // One pass over the samples, block by block: sums and ranges, then, while the block is still
    // in cache, its flag bits (countFlagBits) and every group's sums and range (see
    // Grouping::sumBlock). The quantiles are selected later from the latency column itself, the
    // whole column's and the groups' in shared passes (columnDistributions).
    const Ns* latency = samples.latency.data();
    const std::size_t rows = total / n;
    Grouping::GroupSums phaseSums, opSums;
    if (groupPhases) {
        phaseSums = phases.begin();
    }
    if (groupOps) {
        opSums = ops.begin();
    }
    SplitSum hiddenSum, latencySum, queueSum;
    Ns latencyLo = kTimeCapNs, latencyHi = 0, queueLo = kTimeCapNs, queueHi = 0;
    std::uint64_t queueZeros = 0; // queue waits are never negative: zero is their least value
    std::uint64_t flagCounts[8] = {};
    for (std::size_t base = 0; base < total; base += n) {
        progress.check();
        const Ns* queueRow = samples.queueWait.data() + base;
        const Ns* hiddenRow = samples.hidden.data() + base;
        const std::uint8_t* flagRow = samples.flags.data() + base;
        const Ns* latencyRow = latency + base;
        for (std::size_t b = 0; b * Grouping::kBlock < n; ++b) {
            const std::size_t end = std::min(n, (b + 1) * Grouping::kBlock);
            for (std::size_t i = b * Grouping::kBlock; i < end; ++i) {
                const Ns q = queueRow[i];
                const Ns l = latencyRow[i];
                hiddenSum.add(hiddenRow[i]);
                latencySum.add(l);
                queueSum.add(q);
                latencyLo = std::min(latencyLo, l);
                latencyHi = std::max(latencyHi, l);
                queueLo = std::min(queueLo, q);
                queueHi = std::max(queueHi, q);
                queueZeros += static_cast<std::uint64_t>(q == 0);
            }
            countFlagBits(flagRow + b * Grouping::kBlock, end - b * Grouping::kBlock, flagCounts);
            if (groupPhases) {
                phases.sumBlock(b, latencyRow, hiddenRow, phaseSums);
            }
            if (groupOps) {
                ops.sumBlock(b, latencyRow, hiddenRow, opSums);
            }
        }
        hiddenSum.flush();
        latencySum.flush();
        queueSum.flush();
    }
    summary.skewUnknownSamples = flagCounts[std::countr_zero(static_cast<unsigned>(kSampleSkewUnknown))];
    summary.skewPartialSamples = flagCounts[std::countr_zero(static_cast<unsigned>(kSampleSkewPartial))];
    summary.overlapUnknownSamples = flagCounts[std::countr_zero(static_cast<unsigned>(kSampleOverlapUnknown))];
    summary.customOpSamples = flagCounts[std::countr_zero(static_cast<unsigned>(kSampleCustomOp))];
    summary.tailHits = flagCounts[std::countr_zero(static_cast<unsigned>(kSampleTailHit))];
    summary.idleStarts = flagCounts[std::countr_zero(static_cast<unsigned>(kSampleIdleStart))];

    // The latency distributions, overall and of every group, in two shared passes over the column.
    std::vector<GroupingInput> groupings;
    std::vector<WideInt> phaseLatencySums, opLatencySums;
    if (groupPhases) {
        groupings.push_back(phases.input(phaseSums, latency, n, rows, phaseLatencySums));
    }
    if (groupOps) {
        groupings.push_back(ops.input(opSums, latency, n, rows, opLatencySums));
    }
    const BlockedColumn latencyColumn{latency, n, rows, Grouping::kBlock, latencyLo, latencyHi, latencySum.total()};
    const ColumnDistributions latencies = columnDistributions(latencyColumn, groupings);
    summary.latency = latencies.whole;
    summary.hiddenSharePpm = sharePpm(hiddenSum.total(), latencySum.total());
    progress.check();
    summary.queueWait = distributionInRange(samples.queueWait.data(), total, queueLo, queueHi, queueSum.total(),
                                            queueLo == 0 ? queueZeros : 0);
    progress.check();
    // latencies.groups follows `groupings`: the phases' first when grouped, the operations' last.
    summary.byPhase =
        phases.breakdowns(trace, groupPhases ? &phaseSums : nullptr, groupPhases ? &latencies.groups.front() : nullptr,
                          summary.latency, summary.hiddenSharePpm);
    summary.byOp = ops.breakdowns(trace, groupOps ? &opSums : nullptr, groupOps ? &latencies.groups.back() : nullptr,
                                  summary.latency, summary.hiddenSharePpm);
    progress.check();

    // Tail samples: latency at or above the p99, about one in a hundred. The selection's second
    // pass listed a superset of them (the values from the p99's histogram bucket up) when it ran;
    // otherwise the column is scanned (listAtLeast).
    const Ns threshold = summary.latency.p99;
    std::vector<std::size_t> tail;
    if (latencies.tailListed) {
        tail.reserve(latencies.tailCandidates.size());
        for (const std::size_t k : latencies.tailCandidates) {
            if (latency[k] >= threshold) {
                tail.push_back(k);
            }
        }
    } else {
        listAtLeast(latency, total, threshold, 0, tail);
    }
    summary.tailCount = tail.size();
    // Sample k = iteration * n + event: order by latency desc, then event, then iteration.
    auto before = [&](std::size_t a, std::size_t b) {
        if (latency[a] != latency[b]) {
            return latency[a] > latency[b];
        }
        if (a % n != b % n) {
            return a % n < b % n;
        }
        return a < b;
    };
    if (tail.size() > kMaxListedTailSamples) {
        std::nth_element(tail.begin(), tail.begin() + static_cast<std::ptrdiff_t>(kMaxListedTailSamples), tail.end(),
                         before);
        tail.resize(kMaxListedTailSamples);
    }
    std::sort(tail.begin(), tail.end(), before);
    summary.tail.reserve(tail.size());
    for (std::size_t k : tail) {
        summary.tail.push_back(
            TailSample{static_cast<std::uint32_t>(k % n), static_cast<std::uint32_t>(k / n), latency[k]});
    }
    return summary;
}

std::string_view rankMetricName(RankMetric metric)
{
    switch (metric) {
    case RankMetric::Median:
        return "median";
    case RankMetric::P95:
        return "p95";
    case RankMetric::P99:
        return "p99";
    case RankMetric::Mean:
        return "mean";
    }
    return "median";
}

Ns rankMetricValue(const Distribution& latency, RankMetric metric)
{
    switch (metric) {
    case RankMetric::Median:
        return latency.median;
    case RankMetric::P95:
        return latency.p95;
    case RankMetric::P99:
        return latency.p99;
    case RankMetric::Mean:
        return latency.mean;
    }
    return latency.median;
}

PairOutcome decidePair(Ns first, Ns second, std::int64_t tolerancePpm)
{
    const WideInt difference =
        first > second ? static_cast<WideInt>(first) - second : static_cast<WideInt>(second) - first;
    const WideInt larger = std::max(first, second);
    if (difference * kPpmOne <= larger * tolerancePpm) {
        return PairOutcome::Tie;
    }
    return first < second ? PairOutcome::FirstFaster : PairOutcome::SecondFaster;
}

std::vector<PairDecision> rankConfigurations(const std::vector<Distribution>& latencies, std::int64_t tolerancePpm)
{
    std::vector<PairDecision> decisions;
    for (std::size_t a = 0; a < latencies.size(); ++a) {
        for (std::size_t b = a + 1; b < latencies.size(); ++b) {
            for (int m = 0; m < kRankMetricCount; ++m) {
                PairDecision d;
                d.first = static_cast<std::uint32_t>(a);
                d.second = static_cast<std::uint32_t>(b);
                d.metric = static_cast<RankMetric>(m);
                d.firstValue = rankMetricValue(latencies[a], d.metric);
                d.secondValue = rankMetricValue(latencies[b], d.metric);
                d.outcome = decidePair(d.firstValue, d.secondValue, tolerancePpm);
                decisions.push_back(d);
            }
        }
    }
    return decisions;
}

SetReplay replayAll(const Trace& trace, const ConfigSet& set, const ReplayProtocol& protocol, Progress& progress)
{
    SetReplay result;
    SubProgress prepareProgress(progress, 0.0, 0.1);
    PreparedReplay prepared = prepareReplay(trace, protocol, prepareProgress);
    const std::size_t count = set.configurations.size();
    std::vector<Distribution> latencies;
    SummaryWorkspace workspace;
    result.configurations.resize(count);
    std::vector<SampleColumns*> into;
    for (std::size_t c = 0; c < count; ++c) {
        result.configurations[c].name = set.configurations[c].name;
        into.push_back(&result.configurations[c].samples);
    }
    // Every configuration's samples are kept, so the whole set replays at once (neighbours in
    // lockstep, see lockstepRuns): 60 % of the progress, the summaries the rest.
    SubProgress simulating(progress, 0.1, 0.64);
    simulateConfigurations(prepared, set.configurations, simulating, into);
    for (std::size_t c = 0; c < count; ++c) {
        const double begin = 0.64 + 0.36 * static_cast<double>(c) / static_cast<double>(count);
        const double end = 0.64 + 0.36 * static_cast<double>(c + 1) / static_cast<double>(count);
        SubProgress sub(progress, begin, end);
        ConfigurationReplay& replay = result.configurations[c];
        replay.summary = summarizeSamples(trace, replay.samples, sub, workspace);
        latencies.push_back(replay.summary.latency);
    }
    result.ranking = rankConfigurations(latencies, protocol.tieTolerancePpm);
    progress.report(1.0, "replayed");
    return result;
}

} // namespace cc
