// summarizeSamples, the ranking of configurations and replayAll.
#include "core/replay/simulator.h"

#include "core/replay/quantiles.h"
#include "core/replay/summary_workspace.h"
#include "core/util/wide_int.h"
#include "core/util/fresh_memory.h"
#include "core/util/uninitialized_allocator.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <unordered_map>

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

/// The groups of a per-event string column (phase or op): dense ids in order of first appearance
/// and their order by name.
struct Labels {
    std::vector<std::uint32_t> stringId; ///< string id per dense group (kNoString for none)
    std::vector<std::uint32_t> sorted;   ///< dense groups by name, unnamed first

    /// Labels `column`, writing each event's dense group to ofEvent[0..column.size()).
    Labels(const Trace& trace, const std::vector<std::uint32_t>& column, std::uint32_t* ofEvent)
    {
        // Direct table over string ids (the last slot stands for kNoString).
        std::vector<std::uint32_t> dense(trace.strings.size() + 1, UINT32_MAX);
        for (std::size_t i = 0; i < column.size(); ++i) {
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
    }

    std::size_t groups() const { return stringId.size(); }
};

/// Each group's sums and range: of a cell, or of a phase or an operation.
struct GroupSums {
    std::vector<SplitSum> latencySum, hiddenSum;
    std::vector<Ns> lo, hi;

    explicit GroupSums(std::size_t groups)
        : latencySum(groups), hiddenSum(groups), lo(groups, kTimeCapNs), hi(groups, 0)
    {
    }
};

/// The events by cell (one phase and one operation: the finest grouping the breakdowns need),
/// block by block, so that a summary reads each block's values once per cell and folds the cells
/// into phases and operations. It depends on the trace only, so a SummaryWorkspace builds it once
/// and reuses it for every configuration.
struct Cells {
    /// Events per block: a block's latency and hidden values (2 x 8 bytes each) stay in the
    /// second-level cache while every cell's run of the block reads them.
    static constexpr std::size_t kBlock = 8192;
    /// Run offsets (blocks x cells) are kept to this many, or one per event when that is more:
    /// with more cells (a trace naming a phase per event) the whole row is one block.
    static constexpr std::size_t kRunOffsetLimit = std::size_t{1} << 16;

    Labels phases, ops;
    std::vector<std::uint32_t> phaseOfCell, opOfCell;
    std::size_t block = kBlock;
    /// Event indices ordered by (block, cell, index); run (b, c) is
    /// members[runOffset[b * cells + c] .. runOffset[b * cells + c + 1]). Empty with one cell.
    /// Written in full (a permutation of the events) right after sizing: no zero-fill first.
    std::vector<std::uint32_t, UninitializedAllocator<std::uint32_t>> members;
    std::vector<std::uint32_t> runOffset;

    /// Dense phase and operation of every event, for the constructor (written in full).
    struct EventLabels {
        std::vector<std::uint32_t, UninitializedAllocator<std::uint32_t>> phase, op;
        explicit EventLabels(std::size_t n)
        {
            resizeAdvised(phase, n);
            resizeAdvised(op, n);
        }
    };

    explicit Cells(const Trace& trace) : Cells(trace, EventLabels(trace.size())) {}

    Cells(const Trace& trace, EventLabels&& labels)
        : phases(trace, trace.phase, labels.phase.data()), ops(trace, trace.op, labels.op.data())
    {
        const std::size_t n = trace.size();
        // Cells in order of first appearance, through a table over (phase, operation) pairs (or a
        // map when that table would outgrow the events); each event's cell overwrites its phase.
        std::uint32_t* cellOfEvent = labels.phase.data();
        const std::size_t pairs = phases.groups() * ops.groups();
        std::vector<std::uint32_t> table;
        std::unordered_map<std::uint64_t, std::uint32_t> map;
        const bool tabled = pairs <= std::max<std::size_t>(n, kRunOffsetLimit);
        if (tabled) {
            table.assign(pairs, UINT32_MAX);
        }
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t phase = labels.phase[i];
            const std::uint32_t op = labels.op[i];
            std::uint32_t* slot = nullptr;
            if (tabled) {
                slot = &table[static_cast<std::size_t>(phase) * ops.groups() + op];
            } else {
                slot = &map.try_emplace((std::uint64_t{phase} << 32) | op, UINT32_MAX).first->second;
            }
            if (*slot == UINT32_MAX) {
                *slot = static_cast<std::uint32_t>(phaseOfCell.size());
                phaseOfCell.push_back(phase);
                opOfCell.push_back(op);
            }
            cellOfEvent[i] = *slot;
        }
        const std::size_t cellCount = count();
        if (cellCount < 2) {
            return; // a single cell is the whole trace: no member lists needed
        }
        if (((n + kBlock - 1) / kBlock) * cellCount > std::max(n, kRunOffsetLimit)) {
            block = std::max<std::size_t>(n, 1);
        }
        // A counting sort of each block's events by cell (stable: ascending inside a run).
        const std::size_t blocks = (n + block - 1) / block;
        runOffset.assign(blocks * cellCount + 1, 0);
        for (std::size_t b = 0; b < blocks; ++b) {
            std::uint32_t* runSize = runOffset.data() + b * cellCount + 1;
            for (std::size_t i = b * block; i < std::min(n, (b + 1) * block); ++i) {
                ++runSize[cellOfEvent[i]];
            }
        }
        for (std::size_t r = 0; r + 1 < runOffset.size(); ++r) {
            runOffset[r + 1] += runOffset[r];
        }
        std::vector<std::uint32_t> cursor(runOffset.begin(), runOffset.end() - 1);
        resizeAdvised(members, n);
        for (std::size_t b = 0; b < blocks; ++b) {
            std::uint32_t* next = cursor.data() + b * cellCount;
            for (std::size_t i = b * block; i < std::min(n, (b + 1) * block); ++i) {
                members[next[cellOfEvent[i]]++] = static_cast<std::uint32_t>(i);
            }
        }
    }

    std::size_t count() const { return phaseOfCell.size(); }
    bool listed() const { return !runOffset.empty(); }

    /// Adds block b of one iteration row (its latencies and hidden values, which the caller has
    /// just passed over, so they are still in cache) to every cell, run by run, with the run's
    /// sums and range kept in registers.
    void sumBlock(std::size_t b, const Ns* latencyRow, const Ns* hiddenRow, GroupSums& sums) const
    {
        const std::size_t cellCount = count();
        const std::uint32_t* runs = runOffset.data() + b * cellCount;
        for (std::size_t c = 0; c < cellCount; ++c) {
            const std::uint32_t* m = members.data() + runs[c];
            const std::uint32_t* end = members.data() + runs[c + 1];
            SplitSum latencyRun, hiddenRun;
            Ns lo = sums.lo[c], hi = sums.hi[c];
            for (; m != end; ++m) {
                const Ns l = latencyRow[*m];
                latencyRun.add(l);
                hiddenRun.add(hiddenRow[*m]);
                lo = std::min(lo, l);
                hi = std::max(hi, l);
            }
            sums.latencySum[c].merge(latencyRun);
            sums.hiddenSum[c].merge(hiddenRun);
            sums.lo[c] = lo;
            sums.hi[c] = hi;
        }
    }

    /// The sums and ranges of a labelling's groups from its cells'.
    static GroupSums fold(const GroupSums& cellSums, const std::vector<std::uint32_t>& groupOfCell, std::size_t groups)
    {
        GroupSums sums(groups);
        for (std::size_t c = 0; c < groupOfCell.size(); ++c) {
            const std::uint32_t g = groupOfCell[c];
            sums.latencySum[g].merge(cellSums.latencySum[c]);
            sums.hiddenSum[g].merge(cellSums.hiddenSum[c]);
            sums.lo[g] = std::min(sums.lo[g], cellSums.lo[c]);
            sums.hi[g] = std::max(sums.hi[g], cellSums.hi[c]);
        }
        return sums;
    }

    /// The latency column by cell, for columnDistributions.
    GroupedValues values(const Ns* latency, std::size_t n, std::size_t rows) const
    {
        GroupedValues v;
        v.values = latency;
        v.rowStride = n;
        v.rows = rows;
        v.index = members.data();
        v.runOffset = runOffset.data();
        v.blocks = listed() ? (runOffset.size() - 1) / count() : 0;
        v.groups = count();
        return v;
    }

    /// A labelling of the cells for columnDistributions (latencySums receives each group's latency
    /// sum and must outlive the result).
    static GroupingInput input(const GroupSums& sums, const std::vector<std::uint32_t>& groupOfCell,
                               std::vector<WideInt>& latencySums)
    {
        latencySums.resize(sums.latencySum.size());
        for (std::size_t g = 0; g < latencySums.size(); ++g) {
            latencySums[g] = sums.latencySum[g].total();
        }
        GroupingInput in;
        in.groupOfCell = groupOfCell;
        in.lo = sums.lo;
        in.hi = sums.hi;
        in.sum = latencySums;
        return in;
    }
};

/// Breakdowns sorted by name (unnamed first): each group's latency distribution (from
/// columnDistributions) and hidden share, or, for a single group (sums null), the overall figures.
std::vector<Breakdown> breakdowns(const Trace& trace, const Labels& labels, const GroupSums* sums,
                                  const std::vector<Distribution>* latencies, const Distribution& overall,
                                  std::int64_t overallHiddenPpm)
{
    const std::size_t groupCount = labels.groups();
    std::vector<Breakdown> out(groupCount);
    for (std::size_t s = 0; s < groupCount; ++s) {
        const std::size_t g = labels.sorted[s];
        out[s].named = labels.stringId[g] != kNoString;
        out[s].name = std::string(trace.str(labels.stringId[g]));
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

} // namespace

struct SummaryWorkspace::State {
    // The trace the cells were built from (its address and the identity of its columns).
    const Trace* trace = nullptr;
    const std::uint32_t* phaseData = nullptr;
    const std::uint32_t* opData = nullptr;
    std::size_t phaseSize = 0, opSize = 0, stringCount = 0;
    std::unique_ptr<Cells> cells;

    bool boundTo(const Trace& t) const
    {
        return trace == &t && phaseData == t.phase.data() && opData == t.op.data() && phaseSize == t.phase.size() &&
               opSize == t.op.size() && stringCount == t.strings.size();
    }

    void bind(const Trace& t)
    {
        if (boundTo(t) && cells) {
            return;
        }
        cells = std::make_unique<Cells>(t);
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
    const Cells& cells = *ws.cells;
    const bool groupPhases = cells.phases.groups() > 1;
    const bool groupOps = cells.ops.groups() > 1;

    // One pass over the samples, block by block: sums and ranges, then, while the block is still
    // in cache, its flag bits (countFlagBits) and every cell's sums and range (see
    // Cells::sumBlock), folded into the phases' and the operations' afterwards. The quantiles are
    // selected later from the latency column itself, the whole column's and the groups' in shared
    // passes (columnDistributions).
    const Ns* latency = samples.latency.data();
    const std::size_t rows = total / n;
    const std::size_t block = cells.block;
    GroupSums cellSums(cells.listed() ? cells.count() : 0);
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
        for (std::size_t b = 0; b * block < n; ++b) {
            const std::size_t end = std::min(n, (b + 1) * block);
            for (std::size_t i = b * block; i < end; ++i) {
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
            countFlagBits(flagRow + b * block, end - b * block, flagCounts);
            if (cells.listed()) {
                cells.sumBlock(b, latencyRow, hiddenRow, cellSums);
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
    // (More than one phase or operation means more than one cell, so both are folded from cells.)
    const GroupSums phaseSums =
        groupPhases ? Cells::fold(cellSums, cells.phaseOfCell, cells.phases.groups()) : GroupSums(0);
    const GroupSums opSums = groupOps ? Cells::fold(cellSums, cells.opOfCell, cells.ops.groups()) : GroupSums(0);
    std::vector<GroupingInput> groupings;
    std::vector<WideInt> phaseLatencySums, opLatencySums;
    if (groupPhases) {
        groupings.push_back(Cells::input(phaseSums, cells.phaseOfCell, phaseLatencySums));
    }
    if (groupOps) {
        groupings.push_back(Cells::input(opSums, cells.opOfCell, opLatencySums));
    }
    const BlockedColumn latencyColumn{latency, n, rows, block, latencyLo, latencyHi, latencySum.total()};
    const ColumnDistributions latencies = columnDistributions(latencyColumn, cells.values(latency, n, rows), groupings);
    summary.latency = latencies.whole;
    summary.hiddenSharePpm = sharePpm(hiddenSum.total(), latencySum.total());
    progress.check();
    summary.queueWait = distributionInRange(samples.queueWait.data(), total, queueLo, queueHi, queueSum.total(),
                                            queueLo == 0 ? queueZeros : 0);
    progress.check();
    // latencies.groups follows `groupings`: the phases' first when grouped, the operations' last.
    summary.byPhase =
        breakdowns(trace, cells.phases, groupPhases ? &phaseSums : nullptr,
                   groupPhases ? &latencies.groups.front() : nullptr, summary.latency, summary.hiddenSharePpm);
    summary.byOp = breakdowns(trace, cells.ops, groupOps ? &opSums : nullptr,
                              groupOps ? &latencies.groups.back() : nullptr, summary.latency, summary.hiddenSharePpm);
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
    const std::size_t count = set.configurations.size();
    result.configurations.resize(count);
    std::vector<SampleColumns*> into;
    for (std::size_t c = 0; c < count; ++c) {
        result.configurations[c].name = set.configurations[c].name;
        into.push_back(&result.configurations[c].samples);
    }
    {
        SubProgress prepareProgress(progress, 0.0, 0.1);
        const PreparedReplay prepared = prepareReplay(trace, protocol, prepareProgress);
        // Every configuration's samples are kept, so the whole set replays at once (neighbours in
        // lockstep, see lockstepRuns): 60 % of the progress, the summaries the rest.
        SubProgress simulating(progress, 0.1, 0.64);
        simulateConfigurations(prepared, set.configurations, simulating, into);
    } // the event inputs go here: the summaries read the samples and their shared event times only
    std::vector<Distribution> latencies;
    SummaryWorkspace workspace;
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
