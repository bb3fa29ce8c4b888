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
#include <span>
#include <stdexcept>

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
            const auto arrivals = tables_.arrivals().times(i);
            for (std::size_t k = 0; k < arrivals.size() && k < s.arrivalTimes.size(); ++k) {
                e.arrivalOffset = std::max(e.arrivalOffset, diff(s.arrivalTimes[k], arrivals[k]));
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

/// What every phase reads: the trace, the options and the facts derived from them once.
///
/// Speed: each phase's per-event loop reads locals (n, spans over the columns) and fills local
/// vectors that it returns by value. Read through these references or written into the result
/// structs, they would be reloaded from memory after every call the loop makes (see bench_compile).
struct Scope {
    const Trace& trace;
    const CompileOptions& options;
    std::size_t total;                       ///< the source's events
    std::size_t n;                           ///< events compiled: the prefix, or all of them
    bool bounded;                            ///< timing approximated within the budget
    bool timestamped;                        ///< time orders the trace
    bool firstGapFree;                       ///< the first event's start is the origin; its gap is never used
    const compile::SortedArrivals& arrivals; ///< every event's arrivals sorted by rank
    compile::QuantizationMemo* memo;         ///< group quantizations of earlier compiles, or none
    const CompileContext::SegmentCommitment* commitment; ///< the source's commitments, or none
};

Scope scopeOf(const Trace& trace, const CompileOptions& options, const compile::SortedArrivals& arrivals,
              compile::QuantizationMemo* memo, const CompileContext::SegmentCommitment* commitment)
{
    const std::size_t total = trace.size();
    const std::size_t n =
        options.prefixEvents ? static_cast<std::size_t>(std::min<std::uint64_t>(*options.prefixEvents, total)) : total;
    const bool timestamped = trace.timing == TimingSemantics::Timestamped;
    return Scope{.trace = trace,
                 .options = options,
                 .total = total,
                 .n = n,
                 .bounded = options.timingMode == CanaryTimingMode::Bounded,
                 .timestamped = timestamped,
                 .firstGapFree = timestamped,
                 .arrivals = arrivals,
                 .memo = memo,
                 .commitment = commitment};
}

/// Each event's gap as the canary gives it: the trace's effective gap, read in place, except event
/// 0's, which exactTiming may borrow (borrowedFirstGap).
struct GapColumn {
    std::span<const Ns> effective;
    Ns first = 0;
    Ns operator[](std::size_t i) const { return i == 0 ? first : effective[i]; }
};

/// Per event: its interned signature and its gap.
struct EventColumns {
    std::vector<std::uint32_t> signatureOf;
    GapColumn gaps;
};

EventColumns signaturesAndGaps(const Scope& scope, ProgramTables& tables, Progress& progress)
{
    const std::size_t n = scope.n;
    std::vector<std::uint32_t> signatureOf(n);
    for (std::size_t i = 0; i < n; ++i) {
        signatureOf[i] = tables.signatureOf(i);
        if ((i & 0xffff) == 0) {
            progress.check();
        }
    }
    const std::span<const Ns> effective(scope.trace.effectiveGap.data(), n);
    return EventColumns{std::move(signatureOf), GapColumn{effective, n > 0 ? effective[0] : 0}};
}

/// Per event: its interned timing sample; in bounded mode also what approximation did per group.
struct TimingColumn {
    std::vector<std::uint32_t> timingOf;
    std::vector<compile::GroupQuantization> quantized;
};

/// Event 0's gap never reaches the expansion: the gap of the first later event that is otherwise
/// identical, so repetition can start at the very first event (its own gap when there is none).
Ns borrowedFirstGap(const Scope& scope, ProgramTables& tables, const EventColumns& columns)
{
    CanaryTiming first;
    CanaryTiming scratch;
    tables.exactTiming(0, 0, first);
    const std::size_t scan = std::min<std::size_t>(scope.n, 1 << 20);
    for (std::size_t j = 1; j < scan; ++j) {
        if (columns.signatureOf[j] != columns.signatureOf[0]) {
            continue;
        }
        tables.exactTiming(j, 0, scratch);
        if (scratch == first) {
            return columns.gaps[j];
        }
    }
    return columns.gaps[0];
}

TimingColumn exactTiming(const Scope& scope, ProgramTables& tables, EventColumns& columns, Progress& progress)
{
    if (scope.firstGapFree && scope.n > 1) {
        columns.gaps.first = borrowedFirstGap(scope, tables, columns);
    }
    const std::size_t n = scope.n;
    const GapColumn gaps = columns.gaps;
    std::vector<std::uint32_t> timingOf(n);
    CanaryTiming scratch;
    for (std::size_t i = 0; i < n; ++i) {
        tables.exactTiming(i, gaps[i], scratch);
        timingOf[i] = tables.internTiming(scratch);
        if ((i & 0xffff) == 0) {
            progress.check();
            progress.report(0.2 + 0.2 * static_cast<double>(i) / static_cast<double>(n), "reading timing");
        }
    }
    return TimingColumn{std::move(timingOf), {}};
}

/// Shapes: signature plus timing layout, what approximation never changes.
struct ShapeColumns {
    std::vector<compile::Shape> shapes;
    std::vector<std::uint32_t> shapeOf; ///< per event, an index into shapes
};

ShapeColumns shapesOf(const Scope& scope, ProgramTables& tables, const EventColumns& columns, Progress& progress)
{
    const std::size_t n = scope.n;
    const std::span<const std::uint32_t> signatureOf(columns.signatureOf);
    std::vector<compile::Shape> shapes;
    std::vector<std::uint32_t> shapeOf(n);
    std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>, std::uint32_t> shapeIndex;
    for (std::size_t i = 0; i < n; ++i) {
        compile::Shape s;
        s.signature = signatureOf[i];
        s.layout = tables.layoutOf(i);
        if ((s.layout & kLayoutArrivals) != 0) {
            s.arrivalRanks = tables.arrivalRanksOf(i);
            s.arrivalCount = static_cast<std::uint32_t>(tables.rankSets()[s.arrivalRanks].ranks.size());
        }
        auto [it, inserted] =
            shapeIndex.try_emplace({s.signature, s.layout, s.arrivalRanks}, static_cast<std::uint32_t>(shapes.size()));
        if (inserted) {
            shapes.push_back(s);
        }
        shapeOf[i] = it->second;
        if ((i & 0xffff) == 0) {
            progress.check();
        }
    }
    return ShapeColumns{std::move(shapes), std::move(shapeOf)};
}

/// Words for a signature in failure messages, from its first event.
std::string describeFirstEvent(const Scope& scope, const EventColumns& columns, std::uint32_t signature)
{
    const Trace& trace = scope.trace;
    for (std::size_t k = 0; k < scope.n; ++k) {
        if (columns.signatureOf[k] != signature) {
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
}

TimingColumn boundedTiming(const Scope& scope, ProgramTables& tables, const EventColumns& columns, Progress& progress)
{
    const ShapeColumns shape = shapesOf(scope, tables, columns, progress);
    const auto shapeItems = compile::runLengthEncode(shape.shapeOf);
    SubProgress structuring(progress, 0.25, 0.3);
    const auto shapeSpans = compile::findStructure(shapeItems, compile::StructureOptions{}, structuring);
    compile::QuantizerInput in;
    in.trace = &scope.trace;
    in.tables = &tables;
    in.events = scope.n;
    in.firstGapFree = scope.firstGapFree;
    in.gaps = columns.gaps.effective; // event 0's is read only when it is not borrowed
    in.shapeOfEvent = &shape.shapeOf;
    in.shapes = &shape.shapes;
    in.shapeItems = &shapeItems;
    in.shapeSpans = &shapeSpans;
    in.budget = &scope.options.budget;
    in.alignmentSlack = scope.options.roundAlignmentSlack;
    in.describe = [&](std::uint32_t signature) { return describeFirstEvent(scope, columns, signature); };
    in.memo = scope.memo;
    SubProgress approximating(progress, 0.3, 0.45);
    auto q = compile::quantizeTiming(in, approximating);
    const std::size_t n = scope.n;
    std::vector<std::uint32_t> timingOf(n);
    std::vector<std::uint32_t> timingOfSample(q.samples.size(), kNoIndex);
    for (std::size_t i = 0; i < n; ++i) {
        auto sample = q.sampleOfEvent[i];
        if (timingOfSample[sample] == kNoIndex) {
            timingOfSample[sample] = tables.internTiming(q.samples[sample]);
        }
        timingOf[i] = timingOfSample[sample];
    }
    return TimingColumn{std::move(timingOf), std::move(q.groups)};
}

/// The token stream (signature, timing) run-length encoded and cut into spans.
struct TokenStructure {
    std::vector<RunItem> items;
    std::vector<Span> spans;
};

/// Each piece between segment breaks gets its own items and spans, so nothing crosses a break.
TokenStructure structureByPieces(const Scope& scope, const std::vector<std::uint32_t>& tokenOf, Progress& progress)
{
    const std::size_t n = scope.n;
    TokenStructure s;
    std::vector<std::uint64_t> bounds = scope.options.segmentBreaks;
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
        const std::size_t offset = s.items.size();
        for (auto& span : pieceSpans) {
            span.firstItem += offset;
            s.spans.push_back(span);
        }
        s.items.insert(s.items.end(), pieceItems.begin(), pieceItems.end());
        progress.check();
    }
    return s;
}

TokenStructure tokenStructure(const Scope& scope, ProgramTables& tables, const EventColumns& columns,
                              const TimingColumn& timing, Progress& progress)
{
    const std::size_t n = scope.n;
    const std::span<const std::uint32_t> signatureOf(columns.signatureOf);
    const std::span<const std::uint32_t> timingOf(timing.timingOf);
    std::vector<std::uint32_t> tokenOf(n);
    for (std::size_t i = 0; i < n; ++i) {
        tokenOf[i] = tables.internToken(signatureOf[i], timingOf[i]);
    }
    if (!scope.options.segmentBreaks.empty()) {
        return structureByPieces(scope, tokenOf, progress);
    }
    TokenStructure s;
    s.items = compile::runLengthEncode(tokenOf);
    SubProgress structuring(progress, 0.45, 0.55);
    s.spans = compile::findStructure(s.items, compile::StructureOptions{}, structuring);
    return s;
}

/// The segments in event order, their measured error maxima, and what the later phases need of them.
struct SegmentPass {
    std::vector<CanarySegment> segments;
    TimingErrors bounds;                    ///< worst over every segment, with the worst drift
    std::vector<TimingErrors> groupErrors;  ///< per signature
    std::vector<std::uint64_t> groupEvents; ///< per signature
    std::vector<std::uint64_t> periods;     ///< of the periodic spans, in events
};

SegmentPass commitSegments(const Scope& scope, const ProgramTables& tables, const EventColumns& columns,
                           const TimingColumn& timing, const TokenStructure& structure, Progress& progress)
{
    const auto& items = structure.items;
    const auto& spans = structure.spans;
    std::vector<TimingErrors> groupErrors(tables.signatures().size());
    std::vector<std::uint64_t> groupEvents(tables.signatures().size(), 0);
    const std::span<const std::uint32_t> signatureOf(columns.signatureOf);
    const std::span<const std::uint32_t> timingOf(timing.timingOf);
    SegmentPass pass;
    ErrorMeter meter(scope.trace, tables, scope.firstGapFree);
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
            pass.periods.push_back(compile::spanPeriodEvents(items, span));
        }
        TimingErrors worst;
        Ns segmentDrift = 0;
        for (std::uint64_t i = seg.first; i < seg.first + seg.events; ++i) {
            const auto& t = tables.timings()[timingOf[i]];
            TimingErrors e = meter.measure(static_cast<std::size_t>(i), t);
            // Drift is a consequence of earlier gaps, not of this segment's own encoding: it is
            // recorded (header, intervals) but does not make an exact segment approximate.
            Ns drift = e.drift;
            e.drift = 0;
            worst.raiseTo(e);
            const auto signature = signatureOf[i];
            groupErrors[signature].raiseTo(e);
            groupErrors[signature].drift = std::max(groupErrors[signature].drift, drift);
            segmentDrift = std::max(segmentDrift, drift);
            ++groupEvents[signature];
            if ((i & 0xffff) == 0) {
                progress.check();
            }
        }
        const auto first = static_cast<std::size_t>(seg.first);
        const auto last = static_cast<std::size_t>(seg.first + seg.events);
        if (scope.commitment != nullptr && *scope.commitment) {
            progress.check();
            seg.sha256 = (*scope.commitment)(first, last);
        } else {
            seg.sha256 = segmentCommitment(scope.trace, first, last, progress);
        }
        if (!worst.isZero()) {
            if (!scope.bounded) {
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
        pass.bounds.raiseTo(worst);
        pass.bounds.drift = std::max(pass.bounds.drift, segmentDrift);
        nextEvent += seg.events;
        pass.segments.push_back(std::move(seg));
        if ((k & 0xff) == 0) {
            progress.check();
            progress.report(0.55 + 0.35 * static_cast<double>(nextEvent) /
                                       static_cast<double>(std::max<std::size_t>(1, scope.n)),
                            "committing segments");
        }
    }
    pass.groupErrors = std::move(groupErrors);
    pass.groupEvents = std::move(groupEvents);
    return pass;
}

/// Fails closed if any measured error broke a cap (never expected: caps are met by construction).
void checkMeasuredBounds(const Scope& scope, const TimingErrors& bounds)
{
    if (!scope.bounded) {
        return;
    }
    if (const auto excesses = budgetExcesses(scope.options.budget, bounds); !excesses.empty()) {
        throw NegativeResult("timing budget not met: " + describeBudgetExcess(excesses.front()));
    }
}

std::vector<SequenceEntry> messageSequences(const Scope& scope, const std::vector<std::uint64_t>& periods)
{
    const auto& source = scope.trace.messageSequence;
    std::vector<std::int64_t> sequences(scope.n, source.fill());
    if (!source.uniform()) {
        for (std::size_t i = 0; i < scope.n; ++i) {
            sequences[i] = source[i];
        }
    }
    return compile::encodeSequences(sequences, periods);
}

/// Per signature: the distinct timing samples its tokens use.
std::vector<std::uint64_t> samplesPerSignature(const ProgramTables& tables)
{
    std::vector<std::vector<std::uint32_t>> used(tables.signatures().size());
    for (const auto& token : tables.tokens()) {
        used[token.signature].push_back(token.timing);
    }
    std::vector<std::uint64_t> samples(used.size(), 0);
    for (std::size_t s = 0; s < used.size(); ++s) {
        std::sort(used[s].begin(), used[s].end());
        samples[s] = static_cast<std::uint64_t>(std::unique(used[s].begin(), used[s].end()) - used[s].begin());
    }
    return samples;
}

std::vector<CompileGroupSummary> groupSummaries(const Canary& canary, const SegmentPass& pass,
                                                const std::vector<std::uint64_t>& samplesOfSignature,
                                                const std::vector<compile::GroupQuantization>& quantized)
{
    std::vector<CompileGroupSummary> groups;
    for (std::uint32_t s = 0; s < canary.signatures.size(); ++s) {
        CompileGroupSummary g;
        g.groupHash = canary.signatures[s].groupHash;
        g.description = describeSignature(canary, s);
        g.events = pass.groupEvents[s];
        g.samples = samplesOfSignature[s];
        g.maxError = pass.groupErrors[s];
        for (const auto& q : quantized) {
            if (q.signature == s) {
                g.sampleLimit = q.limit;
            }
        }
        groups.push_back(std::move(g));
    }
    return groups;
}

/// The chain of the segments' commitments: what the covered events commit to, in order.
std::string coveredSha256(const std::vector<CanarySegment>& segments)
{
    Sha256 chain;
    for (const auto& seg : segments) {
        chain.update(seg.sha256);
        chain.update("\n");
    }
    return chain.hexDigest();
}

/// The header's figures: the source's identity, counts, coverage, sizes and the compile settings.
void fillHeader(const Scope& scope, SourceIdentity::Value source, Canary& canary, Progress& progress)
{
    auto& h = canary.header;
    h.sourceSha256 = std::move(source.sha256);
    h.sourceBytes = source.bytes;
    h.logicalEvents = scope.n;
    h.storedEvents = programStoredEvents(canary);
    h.coverage = scope.n < scope.total ? CanaryCoverage::Partial : CanaryCoverage::Full;
    h.timingMode = scope.options.timingMode;
    h.eventRatioMicros = ratioMicros(h.logicalEvents, h.storedEvents);
    h.coveredFirst = 0;
    h.coveredLast = scope.n;
    h.coveredSha256 = coveredSha256(canary.segments);
    if (h.coverage == CanaryCoverage::Full) {
        h.coveredBytes = h.sourceBytes;
    } else {
        SubProgress rebuilding(progress, 0.9, 0.95);
        h.coveredBytes = traceJsonBytes(prefixTrace(scope.trace, scope.n, rebuilding));
    }
    if (scope.bounded) {
        h.budget = scope.options.budget;
    }
    h.compilerVersion = COMMCANARY_VERSION;
    h.sourceTiming = scope.trace.timing;
}

/// The claim: decided from the events' facts, then, when a gate verifies the candidate (strict
/// compilation), again against the tolerance it verified under. The gate throws to refuse.
void decideClaims(const Scope& scope, Canary& canary, Progress& progress)
{
    auto& h = canary.header;
    ClaimFacts facts;
    facts.coverage = h.coverage;
    facts.timingMode = h.timingMode;
    for (std::size_t i = 0; i < scope.n; ++i) {
        facts.addEvent(scope.trace, i, kDefaultAbsoluteToleranceNs);
    }
    std::tie(h.claim, h.claimLimits) = decideClaim(facts);
    if (!scope.options.emitGate) {
        return;
    }
    SubProgress gating(progress, 0.95, 1.0);
    const EmitVerdict verdict = scope.options.emitGate(scope.trace, canary, gating); // throws NegativeResult to refuse
    facts.behaviorVerified = true;
    if (facts.skewUncertainty.events != 0 && verdict.absoluteToleranceNs != kDefaultAbsoluteToleranceNs) {
        facts.skewUncertainty = {};
        for (std::size_t i = 0; i < scope.n; ++i) {
            facts.skewUncertainty.add(scope.trace, i, verdict.absoluteToleranceNs);
        }
    }
    std::tie(h.claim, h.claimLimits) = decideClaim(facts);
}

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

namespace {

/// The compile proper, over what it derives from the source alone (sorted arrivals, group
/// quantizations already made) and the source's identity, collected only for the header.
CompileResult compileWith(const Trace& trace, const CompileOptions& options, Progress& progress,
                          const compile::SortedArrivals& arrivals, compile::QuantizationMemo* memo,
                          const CompileContext::SegmentCommitment* commitment,
                          const std::function<SourceIdentity::Value()>& sourceIdentity)
{
    const Scope scope = scopeOf(trace, options, arrivals, memo, commitment);
    CompileResult result;
    Canary& canary = result.canary;
    canary.header.sourceEvents = scope.total;
    progress.report(0.0, "reading timing");

    // ---- signatures and gaps ----
    ProgramTables tables(trace, arrivals);
    EventColumns columns = signaturesAndGaps(scope, tables, progress);

    // ---- timing: exact, or approximated within the budget ----
    const TimingColumn timing =
        scope.bounded ? boundedTiming(scope, tables, columns, progress) : exactTiming(scope, tables, columns, progress);
    progress.check();

    // ---- tokens and exact structure ----
    const TokenStructure structure = tokenStructure(scope, tables, columns, timing, progress);

    // ---- segments with commitments and measured bounds ----
    SegmentPass pass = commitSegments(scope, tables, columns, timing, structure, progress);
    canary.segments = std::move(pass.segments);
    canary.header.bounds = pass.bounds;
    checkMeasuredBounds(scope, canary.header.bounds);

    // ---- message sequences ----
    canary.messageSequences = messageSequences(scope, pass.periods);

    // ---- program tables ----
    canary.timestamped = scope.timestamped;
    canary.originNs = scope.timestamped && scope.n > 0 ? trace.start[0] : 0;
    const std::vector<std::uint64_t> samplesOfSignature = samplesPerSignature(tables);
    tables.moveInto(canary);

    // ---- group summaries ----
    result.groups = groupSummaries(canary, pass, samplesOfSignature, timing.quantized);

    // ---- header ----
    fillHeader(scope, sourceIdentity(), canary, progress);
    decideClaims(scope, canary, progress);
    canary.header.resourceLimitOverrides = resourceLimitOverrides(resourceLimits());
    result.bytes = serializeCanary(canary);
    progress.report(1.0, "canary compiled");
    return result;
}

} // namespace

struct CompileContext::State {
    State(const Trace& t, Progress& progress, SegmentCommitment c)
        : trace(t), sha256(normalizedSha256(t, progress)), bytes(traceJsonBytes(t)), arrivals(t, progress),
          commitment(std::move(c))
    {
    }
    const Trace& trace;
    std::string sha256;
    std::uint64_t bytes;
    compile::SortedArrivals arrivals;
    compile::QuantizationMemo memo;
    SegmentCommitment commitment;
    /// Segment commitments already made, by (first, last): candidates share many segments.
    std::map<std::pair<std::size_t, std::size_t>, std::string> committed;

    std::string commit(std::size_t first, std::size_t last, const Progress& progress)
    {
        if (auto known = committed.find({first, last}); known != committed.end()) {
            return known->second;
        }
        std::string digest = commitment ? commitment(first, last) : segmentCommitment(trace, first, last, progress);
        if (committed.size() < kMaxKeptCommitments) {
            committed.emplace(std::make_pair(first, last), digest);
        }
        return digest;
    }
    static constexpr std::size_t kMaxKeptCommitments = std::size_t{1} << 18;
};

CompileContext::CompileContext(const Trace& trace, Progress& progress, SegmentCommitment commitment)
    : state_(std::make_unique<State>(trace, progress, std::move(commitment)))
{
}

CompileContext::~CompileContext() = default;

const Trace& CompileContext::trace() const
{
    return state_->trace;
}

const std::string& CompileContext::sourceSha256() const
{
    return state_->sha256;
}

std::uint64_t CompileContext::sourceBytes() const
{
    return state_->bytes;
}

CompileResult compileCanary(const Trace& trace, const CompileOptions& options, Progress& progress)
{
    checkOptions(trace, options);
    // The source's identity on a second thread, started before the first phase and collected only
    // for the header, so that both of its whole passes over the trace overlap every phase.
    SourceIdentity identity(trace);
    const compile::SortedArrivals arrivals(trace, progress);
    return compileWith(trace, options, progress, arrivals, nullptr, nullptr, [&] { return identity.get(progress); });
}

CompileResult compileCanary(const Trace& trace, const CompileOptions& options, Progress& progress,
                            CompileContext& context)
{
    if (&context.trace() != &trace) {
        throw std::invalid_argument("compileCanary: the compile context was built from another trace");
    }
    checkOptions(trace, options);
    CompileContext::State& known = *context.state_;
    const CompileContext::SegmentCommitment commit = [&known, &progress](std::size_t first, std::size_t last) {
        return known.commit(first, last, progress);
    };
    return compileWith(trace, options, progress, known.arrivals, &known.memo, &commit, [&] {
        return SourceIdentity::Value{known.sha256, known.bytes};
    });
}

} // namespace cc
