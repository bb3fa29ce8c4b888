#include "core/compile/compiler.h"

#include "core/canary/canary_writer.h"
#include "core/canary/commitment.h"
#include "core/compile/program_tables.h"
#include "core/compile/sequence_encoder.h"
#include "core/compile/structure.h"
#include "core/compile/timing_quantizer.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"
#include "core/util/limits.h"
#include "core/util/sha256.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <map>

namespace cc {

namespace {

using compile::ProgramTables;
using compile::RunItem;
using compile::Span;

constexpr const char* kOptions = "compile options";

void checkOptions(const Trace& trace, const CompileOptions& o)
{
    if (o.prefixEvents && *o.prefixEvents == 0) {
        throw InputError(kOptions, "a prefix must keep at least one event");
    }
    const auto& b = o.budget;
    const bool anyBudget = b.gap || b.skew || b.computeBefore || b.overlap || b.pressure || b.exposed ||
                           b.sampleLimit || !b.groupSampleLimits.empty();
    if (o.timingMode == CanaryTimingMode::Lossless && o.roundAlignmentSlack != 0) {
        throw InputError(kOptions, "lossless timing never approximates, so it takes no round alignment");
    }
    if (o.timingMode == CanaryTimingMode::Lossless && anyBudget) {
        throw InputError(kOptions, "lossless timing never approximates, so it takes no error budget or sample limit");
    }
    for (auto cap : {b.gap, b.skew, b.computeBefore, b.overlap, b.pressure, b.exposed}) {
        if (cap && *cap < 0) {
            throw InputError(kOptions, "error bounds must not be negative");
        }
    }
    if (b.sampleLimit && *b.sampleLimit == 0) {
        throw InputError(kOptions, "a timing sample limit must be at least 1");
    }
    for (const auto& [hash, limit] : b.groupSampleLimits) {
        if (limit == 0) {
            throw InputError(kOptions, "the sample limit of group " + groupHashHex(hash) + " must be at least 1");
        }
    }
    std::uint64_t previous = 0;
    for (auto position : o.segmentBreaks) {
        if (o.timingMode != CanaryTimingMode::Lossless) {
            throw InputError(kOptions, "segment breaks are only used by lossless compiles");
        }
        if (position <= previous || position >= trace.size()) {
            throw InputError(kOptions, "segment breaks must be ascending positions strictly inside the trace");
        }
        previous = position;
    }
}

/// The prefix [0, n) rebuilt as a trace of its own, to measure its serialised size.
Trace prefixTrace(const Trace& trace, std::size_t n, Progress& progress)
{
    TraceBuilder builder(trace.sourceName);
    builder.setWorkloadJson(trace.workloadJson);
    builder.setSystemJson(trace.systemJson);
    for (const auto& [key, json] : trace.extraTopLevel) {
        builder.addTopLevelExtra(key, json);
    }
    builder.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        builder.add(trace.event(i));
    }
    return builder.finish(progress);
}

/// The skew the trace model derives for an expanded event with this timing sample.
Ns expandedSkew(const CanaryTiming& s)
{
    Ns range = 0;
    if (!s.arrivalTimes.empty()) {
        auto [lo, hi] = std::minmax_element(s.arrivalTimes.begin(), s.arrivalTimes.end());
        range = *hi - *lo;
    }
    if ((s.layout & kLayoutSkewKnown) != 0) {
        return (s.layout & kLayoutArrivals) != 0 ? range : s.skew;
    }
    return s.arrivalTimes.empty() ? s.skew : std::max(s.skew, range);
}

/// Per-event error of the program against the source, accumulated into segment and group maxima.
class ErrorMeter {
public:
    ErrorMeter(const Trace& trace, const ProgramTables& tables, bool firstGapFree)
        : t_(trace), tables_(tables), firstGapFree_(firstGapFree)
    {
    }

    TimingErrors measure(std::size_t i, const CanaryTiming& s)
    {
        TimingErrors e;
        auto diff = [](std::int64_t a, std::int64_t b) { return a > b ? a - b : b - a; };
        const bool freeGap = firstGapFree_ && i == 0;
        if (!freeGap) {
            e.gap = diff(s.gap, t_.effectiveGap[i]);
        }
        if ((s.layout & kLayoutComputeBefore) != 0) {
            e.computeBefore = diff(s.computeBefore, t_.computeBefore[i]);
        }
        if ((s.layout & kLayoutOverlap) != 0) {
            e.overlap = diff(s.overlap, t_.computeOverlap[i]);
        }
        if ((s.layout & kLayoutPressure) != 0) {
            e.pressure = diff(s.pressure, t_.pressure[i]);
        }
        if ((s.layout & kLayoutExposed) != 0) {
            e.exposed = diff(s.exposed, t_.observedExposed[i]);
        }
        if ((s.layout & kLayoutArrivals) != 0) {
            tables_.sortedArrivals(i, arrivals_);
            for (std::size_t k = 0; k < arrivals_.size() && k < s.arrivalTimes.size(); ++k) {
                e.arrivalOffset = std::max(e.arrivalOffset, diff(s.arrivalTimes[k], arrivals_[k].second));
            }
        }
        if ((s.layout & (kLayoutSkewKnown | kLayoutSkewPartial)) != 0) {
            e.skew = diff(expandedSkew(s), t_.skewValue[i]);
        }
        // Cumulative issue time of the expansion against the source's (call in event order).
        if (!freeGap) {
            issue_ += s.gap;
        }
        e.drift = diff(issue_, t_.issueTime[i]);
        return e;
    }

private:
    const Trace& t_;
    const ProgramTables& tables_;
    bool firstGapFree_;
    Ns issue_ = 0;
    std::vector<std::pair<std::int32_t, Ns>> arrivals_;
};

/// The source's identity, its normalised SHA-256 and its serialised size: two whole passes over
/// the trace that nothing in the compile needs before the header, so they run on a second thread
/// while the calling thread finds the structure and the commitments. The worker never touches
/// the caller's Progress (it may not be thread-safe); the caller polls it while it waits, and a
/// stop flag ends the worker early when the compile ends first (an exception, a cancellation).
class SourceIdentity {
public:
    explicit SourceIdentity(const Trace& trace)
    {
        result_ = std::async(std::launch::async, [this, &trace] {
            StopFlagProgress stop(stop_);
            Value v;
            v.sha256 = normalizedSha256(trace, stop);
            stop.check();
            v.bytes = traceJsonBytes(trace);
            return v;
        });
    }
    SourceIdentity(const SourceIdentity&) = delete;
    SourceIdentity& operator=(const SourceIdentity&) = delete;
    ~SourceIdentity()
    {
        stop_.store(true, std::memory_order_relaxed);
        if (result_.valid()) {
            result_.wait();
        }
    }

    struct Value {
        std::string sha256;
        std::uint64_t bytes = 0;
    };

    Value get(const Progress& progress)
    {
        while (result_.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready) {
            progress.check();
        }
        return result_.get();
    }

private:
    std::atomic<bool> stop_{false};
    std::future<Value> result_;
};

} // namespace

std::string describeSignature(const Canary& c, std::uint32_t signature)
{
    const auto& s = c.signatures[signature];
    std::string text = c.strings[s.op] + " " + std::to_string(s.bytes) + " B, " +
                       std::to_string(c.rankSets[s.rankSet].ranks.size()) + " ranks";
    if (s.group != kNoIndex) {
        text += ", group " + c.strings[s.group];
    }
    if (s.phase != kNoIndex) {
        text += ", phase " + c.strings[s.phase];
    }
    return text;
}

CompileResult compileCanary(const Trace& trace, const CompileOptions& options, Progress& progress)
{
    checkOptions(trace, options);
    const std::size_t total = trace.size();
    const std::size_t n =
        options.prefixEvents ? static_cast<std::size_t>(std::min<std::uint64_t>(*options.prefixEvents, total)) : total;
    const bool bounded = options.timingMode == CanaryTimingMode::Bounded;
    const bool timestamped = trace.timing == TimingSemantics::Timestamped;
    const bool firstGapFree = timestamped; // the first event's start is the origin; its gap is never used

    CompileResult result;
    Canary& canary = result.canary;
    auto& h = canary.header;

    // ---- the source's identity, on a second thread (collected before the header) ----
    SourceIdentity identity(trace);
    h.sourceEvents = total;
    progress.report(0.0, "reading timing");

    // ---- signatures and gaps ----
    ProgramTables tables(trace);
    std::vector<std::uint32_t> signatureOf(n);
    std::vector<Ns> gaps(n);
    for (std::size_t i = 0; i < n; ++i) {
        signatureOf[i] = tables.signatureOf(i);
        gaps[i] = trace.effectiveGap[i];
        if ((i & 0xffff) == 0) {
            progress.check();
        }
    }

    // ---- timing: exact, or approximated within the budget ----
    std::vector<std::uint32_t> timingOf(n);
    std::vector<compile::GroupQuantization> quantized;
    CanaryTiming scratch;
    if (!bounded) {
        if (firstGapFree && n > 1) {
            // Event 0's gap never reaches the expansion: give it the gap of the first later event
            // that is otherwise identical, so repetition can start at the very first event.
            CanaryTiming first;
            tables.exactTiming(0, 0, first);
            const std::size_t scan = std::min<std::size_t>(n, 1 << 20);
            for (std::size_t j = 1; j < scan; ++j) {
                if (signatureOf[j] != signatureOf[0]) {
                    continue;
                }
                tables.exactTiming(j, 0, scratch);
                if (scratch == first) {
                    gaps[0] = gaps[j];
                    break;
                }
            }
        }
        for (std::size_t i = 0; i < n; ++i) {
            tables.exactTiming(i, gaps[i], scratch);
            timingOf[i] = tables.internTiming(scratch);
            if ((i & 0xffff) == 0) {
                progress.check();
                progress.report(0.2 + 0.2 * static_cast<double>(i) / static_cast<double>(n), "reading timing");
            }
        }
    } else {
        // Shapes: signature plus timing layout, what approximation never changes.
        std::vector<compile::Shape> shapes;
        std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>, std::uint32_t> shapeIndex;
        std::vector<std::uint32_t> shapeOf(n);
        for (std::size_t i = 0; i < n; ++i) {
            compile::Shape s;
            s.signature = signatureOf[i];
            s.layout = tables.layoutOf(i);
            if ((s.layout & kLayoutArrivals) != 0) {
                s.arrivalRanks = tables.arrivalRanksOf(i);
                s.arrivalCount = static_cast<std::uint32_t>(tables.rankSets()[s.arrivalRanks].ranks.size());
            }
            auto [it, inserted] = shapeIndex.try_emplace({s.signature, s.layout, s.arrivalRanks},
                                                         static_cast<std::uint32_t>(shapes.size()));
            if (inserted) {
                shapes.push_back(s);
            }
            shapeOf[i] = it->second;
            if ((i & 0xffff) == 0) {
                progress.check();
            }
        }
        auto shapeItems = compile::runLengthEncode(shapeOf);
        SubProgress structuring(progress, 0.25, 0.3);
        auto shapeSpans = compile::findStructure(shapeItems, compile::StructureOptions{}, structuring);
        compile::QuantizerInput in;
        in.trace = &trace;
        in.tables = &tables;
        in.events = n;
        in.firstGapFree = firstGapFree;
        in.gaps = &gaps;
        in.shapeOfEvent = &shapeOf;
        in.shapes = &shapes;
        in.shapeItems = &shapeItems;
        in.shapeSpans = &shapeSpans;
        in.budget = &options.budget;
        in.alignmentSlack = options.roundAlignmentSlack;
        in.describe = [&](std::uint32_t signature) {
            // Only used in failure messages: find the signature's first event and describe it.
            for (std::size_t k = 0; k < n; ++k) {
                if (signatureOf[k] != signature) {
                    continue;
                }
                std::string text = std::string(trace.opName(k)) + " " + std::to_string(trace.bytes[k]) + " B, " +
                                   std::to_string(trace.ranks(k).size()) + " ranks";
                if (trace.group[k] != kNoString) {
                    text += ", group " + std::string(trace.str(trace.group[k]));
                }
                if (trace.phase[k] != kNoString) {
                    text += ", phase " + std::string(trace.str(trace.phase[k]));
                }
                return text;
            }
            return std::string("signature ") + std::to_string(signature);
        };
        SubProgress approximating(progress, 0.3, 0.45);
        auto q = compile::quantizeTiming(in, approximating);
        std::vector<std::uint32_t> timingOfSample(q.samples.size(), kNoIndex);
        for (std::size_t i = 0; i < n; ++i) {
            auto sample = q.sampleOfEvent[i];
            if (timingOfSample[sample] == kNoIndex) {
                timingOfSample[sample] = tables.internTiming(q.samples[sample]);
            }
            timingOf[i] = timingOfSample[sample];
        }
        quantized = std::move(q.groups);
    }
    progress.check();

    // ---- tokens and exact structure ----
    std::vector<std::uint32_t> tokenOf(n);
    for (std::size_t i = 0; i < n; ++i) {
        tokenOf[i] = tables.internToken(signatureOf[i], timingOf[i]);
    }
    std::vector<RunItem> items;
    std::vector<Span> spans;
    if (options.segmentBreaks.empty()) {
        items = compile::runLengthEncode(tokenOf);
        SubProgress structuring(progress, 0.45, 0.55);
        spans = compile::findStructure(items, compile::StructureOptions{}, structuring);
    } else {
        // Each piece between breaks gets its own items and spans, so nothing crosses a break.
        std::vector<std::uint64_t> bounds = options.segmentBreaks;
        bounds.insert(bounds.begin(), 0);
        bounds.push_back(n);
        for (std::size_t piece = 0; piece + 1 < bounds.size(); ++piece) {
            if (bounds[piece] >= n) {
                break;
            }
            const auto from = static_cast<std::ptrdiff_t>(bounds[piece]);
            const auto to = static_cast<std::ptrdiff_t>(std::min<std::uint64_t>(bounds[piece + 1], n));
            std::vector<std::uint32_t> slice(tokenOf.begin() + from, tokenOf.begin() + to);
            auto pieceItems = compile::runLengthEncode(slice);
            NullProgress quiet;
            auto pieceSpans = compile::findStructure(pieceItems, compile::StructureOptions{}, quiet);
            const std::size_t offset = items.size();
            for (auto& span : pieceSpans) {
                span.firstItem += offset;
                spans.push_back(span);
            }
            items.insert(items.end(), pieceItems.begin(), pieceItems.end());
            progress.check();
        }
    }

    // ---- segments with commitments and measured bounds ----
    ErrorMeter meter(trace, tables, firstGapFree);
    std::vector<TimingErrors> groupErrors(tables.signatures().size());
    std::vector<std::uint64_t> groupEvents(tables.signatures().size(), 0);
    std::vector<std::uint64_t> periods;
    std::uint64_t nextEvent = 0;
    for (std::size_t k = 0; k < spans.size(); ++k) {
        const Span& span = spans[k];
        CanarySegment seg;
        seg.first = nextEvent;
        seg.events = compile::spanEvents(items, span);
        seg.repeats = span.repeats;
        seg.tail = span.tailItems;
        const auto body = items.begin() + static_cast<std::ptrdiff_t>(span.firstItem);
        seg.body.assign(body, body + static_cast<std::ptrdiff_t>(span.bodyItems));
        if (span.periodic()) {
            periods.push_back(compile::spanPeriodEvents(items, span));
        }
        TimingErrors worst;
        Ns segmentDrift = 0;
        for (std::uint64_t i = seg.first; i < seg.first + seg.events; ++i) {
            const auto& timing = tables.timings()[timingOf[i]];
            TimingErrors e = meter.measure(static_cast<std::size_t>(i), timing);
            // Drift is a consequence of earlier gaps, not of this segment's own encoding: it is
            // recorded (header, intervals) but does not make an exact segment approximate.
            Ns drift = e.drift;
            e.drift = 0;
            worst.raiseTo(e);
            groupErrors[signatureOf[i]].raiseTo(e);
            groupErrors[signatureOf[i]].drift = std::max(groupErrors[signatureOf[i]].drift, drift);
            segmentDrift = std::max(segmentDrift, drift);
            ++groupEvents[signatureOf[i]];
            if ((i & 0xffff) == 0) {
                progress.check();
            }
        }
        seg.sha256 = segmentCommitment(trace, static_cast<std::size_t>(seg.first),
                                       static_cast<std::size_t>(seg.first + seg.events), progress);
        if (!worst.isZero()) {
            if (!bounded) {
                throw std::logic_error("lossless compile produced an approximation in segment " + std::to_string(k));
            }
            seg.kind = SegmentKind::Interval;
            worst.drift = segmentDrift;
            seg.bounds = worst;
        } else if (span.periodic()) {
            seg.kind = SegmentKind::Motif;
        } else if (seg.body.size() == 1 && seg.body[0].count > 1) {
            seg.kind = SegmentKind::Run;
        } else {
            seg.kind = SegmentKind::Literal;
        }
        h.bounds.raiseTo(worst);
        h.bounds.drift = std::max(h.bounds.drift, segmentDrift);
        nextEvent += seg.events;
        canary.segments.push_back(std::move(seg));
        if ((k & 0xff) == 0) {
            progress.check();
            progress.report(0.55 + 0.35 * static_cast<double>(nextEvent) /
                                       static_cast<double>(std::max<std::size_t>(1, n)),
                            "committing segments");
        }
    }

    // Fail closed if any measured error broke a cap (never expected: caps are met by construction).
    if (bounded) {
        if (const auto excesses = budgetExcesses(options.budget, h.bounds); !excesses.empty()) {
            throw NegativeResult("timing budget not met: " + describeBudgetExcess(excesses.front()));
        }
    }

    // ---- message sequences ----
    {
        std::vector<std::int64_t> sequences(trace.messageSequence.begin(),
                                            trace.messageSequence.begin() + static_cast<std::ptrdiff_t>(n));
        canary.messageSequences = compile::encodeSequences(sequences, periods);
    }

    // ---- program tables ----
    canary.timestamped = timestamped;
    canary.originNs = timestamped && n > 0 ? trace.start[0] : 0;
    std::vector<std::uint64_t> samplesOfSignature(tables.signatures().size(), 0);
    {
        std::vector<std::vector<std::uint32_t>> used(tables.signatures().size());
        for (const auto& token : tables.tokens()) {
            used[token.signature].push_back(token.timing);
        }
        for (std::size_t s = 0; s < used.size(); ++s) {
            std::sort(used[s].begin(), used[s].end());
            samplesOfSignature[s] =
                static_cast<std::uint64_t>(std::unique(used[s].begin(), used[s].end()) - used[s].begin());
        }
    }
    tables.moveInto(canary);

    // ---- group summaries ----
    for (std::uint32_t s = 0; s < canary.signatures.size(); ++s) {
        CompileGroupSummary g;
        g.groupHash = canary.signatures[s].groupHash;
        g.description = describeSignature(canary, s);
        g.events = groupEvents[s];
        g.samples = samplesOfSignature[s];
        g.maxError = groupErrors[s];
        for (const auto& q : quantized) {
            if (q.signature == s) {
                g.sampleLimit = q.limit;
            }
        }
        result.groups.push_back(std::move(g));
    }

    // ---- header ----
    {
        auto source = identity.get(progress);
        h.sourceSha256 = std::move(source.sha256);
        h.sourceBytes = source.bytes;
    }
    h.logicalEvents = n;
    h.storedEvents = programStoredEvents(canary);
    h.coverage = n < total ? CanaryCoverage::Partial : CanaryCoverage::Full;
    h.timingMode = options.timingMode;
    h.eventRatioMicros = ratioMicros(h.logicalEvents, h.storedEvents);
    h.coveredFirst = 0;
    h.coveredLast = n;
    {
        Sha256 chain;
        for (const auto& seg : canary.segments) {
            chain.update(seg.sha256);
            chain.update("\n");
        }
        h.coveredSha256 = chain.hexDigest();
    }
    if (h.coverage == CanaryCoverage::Full) {
        h.coveredBytes = h.sourceBytes;
    } else {
        SubProgress rebuilding(progress, 0.9, 0.95);
        h.coveredBytes = traceJsonBytes(prefixTrace(trace, n, rebuilding));
    }
    if (bounded) {
        h.budget = options.budget;
    }
    h.compilerVersion = COMMCANARY_VERSION;
    h.sourceTiming = trace.timing;
    ClaimFacts facts;
    facts.coverage = h.coverage;
    facts.timingMode = h.timingMode;
    for (std::size_t i = 0; i < n; ++i) {
        facts.addEvent(trace, i, kDefaultAbsoluteToleranceNs);
    }
    std::tie(h.claim, h.claimLimits) = decideClaim(facts);

    if (options.emitGate) {
        SubProgress gating(progress, 0.95, 1.0);
        const EmitVerdict verdict = options.emitGate(trace, canary, gating); // throws NegativeResult to refuse
        facts.behaviorVerified = true;
        if (facts.skewUncertainty.events != 0 && verdict.absoluteToleranceNs != kDefaultAbsoluteToleranceNs) {
            facts.skewUncertainty = {};
            for (std::size_t i = 0; i < n; ++i) {
                facts.skewUncertainty.add(trace, i, verdict.absoluteToleranceNs);
            }
        }
        std::tie(h.claim, h.claimLimits) = decideClaim(facts);
    }
    h.resourceLimitOverrides = resourceLimitOverrides(resourceLimits());
    result.bytes = serializeCanary(canary);
    progress.report(1.0, "canary compiled");
    return result;
}

} // namespace cc
