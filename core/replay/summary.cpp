// summarizeSamples, the ranking of configurations and replayAll.
#include "core/replay/simulator.h"

#include "core/replay/quantiles.h"
#include "core/replay/summary_workspace.h"
#include "core/replay/wide_int.h"

#include <algorithm>
#include <bit>
#include <cstdint>
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

/// Dense groups of a per-event string column (phase or op), in order of first appearance. The
/// grouping depends on the trace only, so a SummaryWorkspace builds it once and reuses it.
struct Grouping {
    std::vector<std::uint32_t> ofEvent;  ///< dense group per event
    std::vector<std::uint32_t> stringId; ///< string id per dense group (kNoString for none)
    std::vector<std::uint32_t> sorted;   ///< dense groups by name, unnamed first
    // Per-group accumulators filled by the main pass (reset for every summary).
    std::vector<std::uint64_t> count;
    std::vector<WideInt> latencySum, hiddenSum;
    std::vector<Ns> lo, hi;

    Grouping(const Trace& trace, const std::vector<std::uint32_t>& column)
    {
        const std::size_t n = column.size();
        // Direct table over string ids (the last slot stands for kNoString).
        std::vector<std::uint32_t> dense(trace.strings.size() + 1, UINT32_MAX);
        ofEvent.resize(n);
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
    }

    std::size_t groups() const { return stringId.size(); }

    void reset()
    {
        const std::size_t g = groups();
        count.assign(g, 0);
        latencySum.assign(g, 0);
        hiddenSum.assign(g, 0);
        lo.assign(g, kTimeCapNs);
        hi.assign(g, 0);
    }

    void add(std::uint32_t g, Ns latency, Ns hidden)
    {
        ++count[g];
        latencySum[g] += latency;
        hiddenSum[g] += hidden;
        lo[g] = std::min(lo[g], latency);
        hi[g] = std::max(hi[g], latency);
    }

    /// Breakdowns sorted by name (unnamed first). scratch holds at least total values.
    std::vector<Breakdown> breakdowns(const Trace& trace, const SampleColumns& samples, const Ns* latency, Ns* scratch,
                                      const Distribution& overall, std::int64_t overallHiddenPpm) const
    {
        const std::size_t groupCount = groups();
        std::vector<Breakdown> out(groupCount);
        for (std::size_t s = 0; s < groupCount; ++s) {
            out[s].named = stringId[sorted[s]] != kNoString;
            out[s].name = std::string(trace.str(stringId[sorted[s]]));
        }
        if (groupCount == 1) {
            out[0].latency = overall;
            out[0].hiddenSharePpm = overallHiddenPpm;
            return out;
        }
        // Counting sort of the latencies by group, iteration by iteration (no division per sample).
        std::vector<std::uint64_t> cursor(groupCount, 0);
        std::vector<std::uint64_t> offset(groupCount + 1, 0);
        for (std::size_t g = 0; g < groupCount; ++g) {
            offset[g + 1] = offset[g] + count[g];
            cursor[g] = offset[g];
        }
        const std::size_t n = samples.eventCount;
        const std::uint32_t* group = ofEvent.data();
        std::uint64_t* next = cursor.data();
        for (std::size_t base = 0; base < samples.size(); base += n) {
            const Ns* row = latency + base;
            for (std::size_t i = 0; i < n; ++i) {
                scratch[next[group[i]]++] = row[i];
            }
        }
        for (std::size_t s = 0; s < groupCount; ++s) {
            const std::size_t g = sorted[s];
            out[s].latency = distributionInRange(scratch + offset[g], static_cast<std::size_t>(count[g]), lo[g], hi[g],
                                                 latencySum[g]);
            out[s].hiddenSharePpm = sharePpm(hiddenSum[g], latencySum[g]);
        }
        return out;
    }
};

/// A buffer of at least n values, reused (its pages stay mapped) while n does not grow.
Ns* reserveBuffer(std::unique_ptr<Ns[]>& buffer, std::size_t& capacity, std::size_t n)
{
    if (capacity < n) {
        buffer.reset();
        buffer = std::make_unique_for_overwrite<Ns[]>(n);
        capacity = n;
    }
    return buffer.get();
}

} // namespace

struct SummaryWorkspace::State {
    // The trace the groupings were built from (its address and the identity of its columns).
    const Trace* trace = nullptr;
    const std::uint32_t* phaseData = nullptr;
    const std::uint32_t* opData = nullptr;
    std::size_t phaseSize = 0, opSize = 0, stringCount = 0;
    std::unique_ptr<Grouping> phases, ops;
    std::unique_ptr<Ns[]> latency, scratch;
    std::size_t latencyCapacity = 0, scratchCapacity = 0;

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
    phases.reset();
    ops.reset();

    // One pass: latency, sums, ranges, flag counts and per-group accumulators.
    Ns* latency = reserveBuffer(ws.latency, ws.latencyCapacity, total);
    WideInt hiddenSum = 0, latencySum = 0, queueSum = 0;
    Ns latencyLo = kTimeCapNs, latencyHi = 0, queueLo = kTimeCapNs, queueHi = 0;
    std::uint64_t flagValues[256] = {};
    const std::uint32_t* phaseOf = phases.ofEvent.data();
    const std::uint32_t* opOf = ops.ofEvent.data();
    for (std::size_t base = 0; base < total; base += n) {
        const Ns* queueRow = samples.queueWait.data() + base;
        const Ns* rankRow = samples.rankWait.data() + base;
        const Ns* durationRow = samples.duration.data() + base;
        const Ns* hiddenRow = samples.hidden.data() + base;
        const std::uint8_t* flagRow = samples.flags.data() + base;
        Ns* latencyRow = latency + base;
        for (std::size_t i = 0; i < n; ++i) {
            const Ns q = queueRow[i];
            const Ns l = rankRow[i] + q + durationRow[i];
            const Ns h = hiddenRow[i];
            latencyRow[i] = l;
            hiddenSum += h;
            latencySum += l;
            queueSum += q;
            latencyLo = std::min(latencyLo, l);
            latencyHi = std::max(latencyHi, l);
            queueLo = std::min(queueLo, q);
            queueHi = std::max(queueHi, q);
            ++flagValues[flagRow[i]];
            if (groupPhases) {
                phases.add(phaseOf[i], l, h);
            }
            if (groupOps) {
                ops.add(opOf[i], l, h);
            }
        }
    }
    std::uint64_t flagCounts[8] = {};
    for (unsigned value = 1; value < 256; ++value) {
        for (int bit = 0; bit < 8; ++bit) {
            flagCounts[bit] += ((value >> bit) & 1U) != 0 ? flagValues[value] : 0;
        }
    }
    summary.skewUnknownSamples = flagCounts[std::countr_zero(static_cast<unsigned>(kSampleSkewUnknown))];
    summary.skewPartialSamples = flagCounts[std::countr_zero(static_cast<unsigned>(kSampleSkewPartial))];
    summary.overlapUnknownSamples = flagCounts[std::countr_zero(static_cast<unsigned>(kSampleOverlapUnknown))];
    summary.customOpSamples = flagCounts[std::countr_zero(static_cast<unsigned>(kSampleCustomOp))];
    summary.tailHits = flagCounts[std::countr_zero(static_cast<unsigned>(kSampleTailHit))];
    summary.idleStarts = flagCounts[std::countr_zero(static_cast<unsigned>(kSampleIdleStart))];

    summary.latency = distributionInRange(latency, total, latencyLo, latencyHi, latencySum);
    summary.hiddenSharePpm = sharePpm(hiddenSum, latencySum);
    progress.check();
    summary.queueWait = distributionInRange(samples.queueWait.data(), total, queueLo, queueHi, queueSum);
    progress.check();
    Ns* scratch = nullptr;
    if (groupPhases || groupOps) {
        scratch = reserveBuffer(ws.scratch, ws.scratchCapacity, total);
    }
    summary.byPhase = phases.breakdowns(trace, samples, latency, scratch, summary.latency, summary.hiddenSharePpm);
    progress.check();
    summary.byOp = ops.breakdowns(trace, samples, latency, scratch, summary.latency, summary.hiddenSharePpm);
    progress.check();

    // Tail samples: latency at or above the p99.
    const Ns threshold = summary.latency.p99;
    std::vector<std::size_t> tail;
    for (std::size_t k = 0; k < total; ++k) {
        if (latency[k] >= threshold) {
            tail.push_back(k);
        }
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
    for (std::size_t c = 0; c < count; ++c) {
        const double begin = 0.1 + 0.9 * static_cast<double>(c) / static_cast<double>(count);
        const double end = 0.1 + 0.9 * static_cast<double>(c + 1) / static_cast<double>(count);
        SubProgress sub(progress, begin, end);
        ConfigurationReplay replay;
        replay.name = set.configurations[c].name;
        simulateConfiguration(prepared, set.configurations[c], sub, replay.samples);
        replay.summary = summarizeSamples(trace, replay.samples, sub, workspace);
        latencies.push_back(replay.summary.latency);
        result.configurations.push_back(std::move(replay));
    }
    result.ranking = rankConfigurations(latencies, protocol.tieTolerancePpm);
    progress.report(1.0, "replayed");
    return result;
}

} // namespace cc
