// The canary compiler: lossless canaries expand to the source's normalised form (and replay
// bit-identically), exact encodings compress regular workloads, bounded mode keeps every bound
// and fails closed, unknown timing is never turned into a number, prefixes are partial.
#include "core/canary/canary_reader.h"
#include "core/canary/canary_writer.h"
#include "core/canary/commitment.h"
#include "core/canary/expand.h"
#include "core/canary/fidelity.h"
#include "core/compile/compiler.h"
#include "core/configs/config_io.h"
#include "core/generate/generators.h"
#include "core/replay/simulator.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"

#include "core_support.h"

#include <QtTest>

#include <random>

using namespace cc;

namespace {

Trace finish(TraceBuilder& b)
{
    NullProgress p;
    return b.finish(p);
}

CompileResult compile(const Trace& t, CompileOptions options = {})
{
    NullProgress p;
    return compileCanary(t, options, p);
}

std::string sha(const Trace& t)
{
    NullProgress p;
    return normalizedSha256(t, p);
}

Trace expand(const Canary& c)
{
    NullProgress p;
    return expandCanary(c, "<expansion>", p);
}

Trace training(std::uint64_t events, Ns jitter, std::uint64_t seed = 0)
{
    GeneratorOptions o;
    o.events = events;
    o.jitter = jitter;
    o.seed = seed;
    NullProgress p;
    return generateTraining(o, p);
}

/// A random but valid trace exercising every modelled field, timing semantics and arrival form,
/// with enough repetition to produce runs and motifs.
Trace randomTrace(std::uint64_t seed, int semantics, std::size_t n)
{
    std::mt19937_64 rng(seed);
    auto pick = [&](std::size_t k) { return static_cast<std::size_t>(rng() % k); };
    TraceBuilder b("<random>");
    std::vector<Event> made;
    Ns clock = 0;
    std::int64_t sequence = 0;
    for (std::size_t i = 0; i < n; ++i) {
        Event e;
        if (!made.empty() && pick(3) == 0) {
            e = made[made.size() - 1 - pick(std::min<std::size_t>(made.size(), 6))];
        } else {
            static const char* ops[] = {"all_reduce", "all_gather", "reduce_scatter", "broadcast",
                                        "send",       "barrier",    "fused_x"};
            e.op = ops[pick(7)];
            e.customOp = e.op == "fused_x";
            e.bytes = static_cast<std::int64_t>(1 + pick(4)) * 1024;
            std::vector<std::int32_t> pool = {0, 1, 2, 3, 4, 5, 6, 7};
            std::shuffle(pool.begin(), pool.end(), rng);
            if (pick(4) == 0) {
                e.ranks = {0, 1, 2, 3};
                e.ranksAsCount = true;
            } else {
                e.ranks.assign(pool.begin(), pool.begin() + 2 + static_cast<std::ptrdiff_t>(pick(3)));
            }
            if (pick(3) == 0) {
                e.rankCount = static_cast<std::int32_t>(e.ranks.size());
            }
            if (e.op == "send") {
                e.senderRank = e.ranks[0];
                e.receiverRank = e.ranks[1];
            }
            if (e.op == "broadcast") {
                e.rootRank = e.ranks[pick(e.ranks.size())];
            }
            if (e.op == "all_reduce" && pick(2) == 0) {
                e.reductionOp = "sum";
            }
            static const char* groups[] = {"", "tp", "dp"};
            e.group = groups[pick(3)];
            e.phase = pick(2) == 0 ? "" : "decode";
            e.dtype = pick(2) == 0 ? "" : "bfloat16";
            e.tag = pick(5) == 0 ? "t" : "";
            e.channel = pick(6) == 0 ? "c1" : "";
            if (pick(3) == 0) {
                e.concurrentGroups = static_cast<std::int32_t>(1 + pick(3));
            }
            if (pick(2) == 0) {
                e.computeBefore = static_cast<Ns>(pick(4)) * 1500;
            }
            switch (pick(3)) {
            case 0:
                e.computeOverlap = static_cast<Ns>(pick(3)) * 700;
                break;
            case 1:
                e.computeOverlapUnknown = true;
                break;
            default:
                break;
            }
            if (pick(2) == 0) {
                e.pressure = static_cast<std::int64_t>(pick(4)) * 250'000'000;
            }
            if (pick(3) == 0) {
                e.observedExposed = static_cast<Ns>(pick(5)) * 333;
            }
            // Arrival forms.
            switch (pick(8)) {
            case 0: // complete, known
                e.arrivalsGiven = true;
                for (auto r : e.ranks) {
                    e.arrivals.push_back({r, static_cast<Ns>(pick(4)) * 211});
                }
                e.arrivalsAsArray = pick(2) == 0;
                break;
            case 1: // explicit skew only, known
                e.arrivalSkew = static_cast<Ns>(pick(5)) * 100;
                break;
            case 2: // a subset, partial, perhaps with a larger explicit skew
                e.arrivalsGiven = true;
                e.partialRankArrival = true;
                e.arrivals.push_back({e.ranks[0], static_cast<Ns>(pick(3)) * 50});
                if (pick(2) == 0) {
                    e.arrivalSkew = 5000;
                }
                break;
            case 3: // given but empty: unknown
                e.arrivalsGiven = true;
                e.partialRankArrival = true;
                break;
            case 4: // partial flag with a skew only
                e.partialRankArrival = true;
                e.arrivalSkew = 777;
                break;
            case 5: // complete but marked partial
                e.arrivalsGiven = true;
                e.partialRankArrival = true;
                for (auto r : e.ranks) {
                    e.arrivals.push_back({r, static_cast<Ns>(pick(3)) * 90});
                }
                break;
            default: // nothing measured: unknown
                break;
            }
            if (pick(2) == 0) {
                e.extraJson = R"({"note":"kept out of the canary"})";
            }
        }
        e.id = "e" + std::to_string(i);
        e.messageSequence = pick(4) == 0 ? std::optional<std::int64_t>() : std::optional<std::int64_t>(sequence++);
        const Ns step = static_cast<Ns>(pick(3)) * 1000 + (pick(5) == 0 ? 250'000 : 0);
        clock += step;
        e.start.reset();
        e.gap.reset();
        switch (semantics) {
        case 0: // gapped; some events fall back to compute_before or to nothing
            if (pick(4) != 0) {
                e.gap = step;
            }
            break;
        case 1: // timestamped, sometimes with an agreeing gap
            e.start = 1'000'000 + clock;
            break;
        default: // mixed: every event has a gap, some a start that agrees with them
            e.gap = step;
            if (pick(2) == 0) {
                e.start = 5'000'000 + clock;
            }
            break;
        }
        made.push_back(e);
        b.add(e);
    }
    return finish(b);
}

std::string negativeMessage(const Trace& t, const CompileOptions& o)
{
    try {
        compile(t, o);
    } catch (const NegativeResult& e) {
        return e.what();
    }
    return {};
}

} // namespace

class TestCompile : public QObject {
    Q_OBJECT
private slots:
    void sourceIdentityIsTheWholeSourcesHashAndSize()
    {
        // Computed beside the structure search: still the whole source's, for full and prefix canaries.
        const Trace t = training(20000, 2000);
        for (const auto prefix : {std::optional<std::uint64_t>(), std::optional<std::uint64_t>(5000)}) {
            CompileOptions o;
            o.prefixEvents = prefix;
            const auto& h = compile(t, o).canary.header;
            QCOMPARE(h.sourceSha256, sha(t));
            QCOMPARE(h.sourceBytes, static_cast<std::uint64_t>(writeTraceJson(t).size()));
            QCOMPARE(h.sourceEvents, static_cast<std::uint64_t>(t.size()));
        }
    }

    void aSharedContextCompilesByteForByteAsWithout()
    {
        // Behaviour search hands one CompileContext to every compile of a source: the source's identity,
        // its sorted arrivals and the groups' quantizations are kept across compiles. Whatever the
        // context has already seen, a compile with it is the compile without it, refusals included.
        // The random trace lists arrivals in shuffled rank order, so they are sorted once here.
        auto outcome = [](const Trace& t, const CompileOptions& o, CompileContext* context) {
            NullProgress p;
            try {
                const CompileResult r = context != nullptr ? compileCanary(t, o, p, *context) : compileCanary(t, o, p);
                std::string text = r.bytes;
                for (const auto& g : r.groups) {
                    text += "\n" + groupHashHex(g.groupHash) + " " + std::to_string(g.events) + " " +
                            std::to_string(g.samples) + " " + std::to_string(g.sampleLimit.value_or(0));
                }
                return text;
            } catch (const NegativeResult& e) {
                return std::string("refused: ") + e.what();
            }
        };
        for (const Trace& t : {training(6000, 3000, 3), randomTrace(7, 1, 3000)}) {
            NullProgress p;
            CompileContext context(t, p);
            QCOMPARE(context.sourceSha256(), sha(t));
            QCOMPARE(context.sourceBytes(), static_cast<std::uint64_t>(writeTraceJson(t).size()));
            std::vector<CompileOptions> runs(1); // lossless first
            for (std::uint64_t limit : {1, 2, 8}) {
                for (std::uint32_t slack : {3U, 0U}) {
                    CompileOptions o;
                    o.timingMode = CanaryTimingMode::Bounded;
                    o.budget.sampleLimit = limit;
                    o.roundAlignmentSlack = slack;
                    runs.push_back(o);
                }
            }
            CompileOptions perGroup = runs.back();
            perGroup.budget.groupSampleLimits[compile(t, perGroup).groups.front().groupHash] = 1;
            runs.push_back(perGroup);
            CompileOptions capped = runs[1]; // a gap cap the jitter cannot keep within one sample
            capped.budget.gap = 1;
            runs.push_back(capped);
            CompileOptions prefix = runs[3];
            prefix.prefixEvents = t.size() / 2;
            runs.push_back(prefix);
            bool refused = false;
            for (int pass = 0; pass < 2; ++pass) { // the second time in reverse, over a well-used context
                for (std::size_t k = 0; k < runs.size(); ++k) {
                    const CompileOptions& o = runs[pass == 0 ? k : runs.size() - 1 - k];
                    const std::string expected = outcome(t, o, nullptr);
                    refused = refused || expected.starts_with("refused: ");
                    QCOMPARE(outcome(t, o, &context), expected);
                }
            }
            QVERIFY(refused);
            // A caller that holds the source's canonical bytes may commit the segments itself.
            std::size_t committed = 0;
            CompileContext committing(t, p, [&](std::size_t first, std::size_t last) {
                ++committed;
                return segmentCommitment(t, first, last);
            });
            for (const CompileOptions& o : runs) {
                QCOMPARE(outcome(t, o, &committing), outcome(t, o, nullptr));
            }
            QVERIFY(committed > 0);
        }
        const Trace t = training(2000, 0);
        NullProgress p;
        CompileContext context(t, p);
        const Trace other = training(2000, 0);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, compileCanary(other, CompileOptions{}, p, context));
    }

    void cancellationStopsTheCompile()
    {
        const Trace t = training(20000, 0);
        CancelFlagProgress progress;
        progress.cancel();
        QVERIFY_THROWS_EXCEPTION(Cancelled, compileCanary(t, CompileOptions{}, progress));
    }

    void trainingExampleLosslessIsFiftyTimesSmaller()
    {
        Trace t = training(0, 0); // the `generate training` example
        auto r = compile(t);
        const auto& h = r.canary.header;
        QCOMPARE(int(h.timingMode), int(CanaryTimingMode::Lossless));
        QCOMPARE(int(h.coverage), int(CanaryCoverage::Full));
        QCOMPARE(int(h.claim), int(CanaryClaim::ExactExpansion));
        QCOMPARE(h.sourceBytes, std::uint64_t(writeTraceJson(t).size()));
        QVERIFY2(h.sourceBytes >= 50 * r.bytes.size(),
                 qPrintable(QStringLiteral("%1 source bytes, %2 canary bytes").arg(h.sourceBytes).arg(r.bytes.size())));
        QVERIFY(h.byteRatioMicros >= 50'000'000);
        QVERIFY(h.eventRatioMicros >= 9'000'000);
        QVERIFY(h.bounds.isZero());
        QCOMPARE(sha(expand(r.canary)), sha(t));
        QCOMPARE(sha(expand(parseCanary(r.bytes, "t"))), h.sourceSha256);
    }

    void losslessReplaysBitIdentically()
    {
        Trace t = training(0, 0);
        Trace e = expand(compile(t).canary);
        NullProgress p;
        ReplayProtocol protocol;
        protocol.iterations = 2;
        const ConfigSet& set = defaultConfigSet();
        QVERIFY(set.configurations.size() >= 2);
        SetReplay a = replayAll(t, set, protocol, p);
        SetReplay b = replayAll(e, set, protocol, p);
        QCOMPARE(a.configurations.size(), b.configurations.size());
        for (std::size_t k = 0; k < a.configurations.size(); ++k) {
            const auto& x = a.configurations[k];
            const auto& y = b.configurations[k];
            QVERIFY(x.summary == y.summary);
            QVERIFY(x.samples.sameEventTimes(y.samples)); // issue and rank wait per event
            QVERIFY(x.samples.queueWait == y.samples.queueWait);
            QVERIFY(x.samples.latency == y.samples.latency);
            QVERIFY(x.samples.hidden == y.samples.hidden);
            QVERIFY(x.samples.flags == y.samples.flags);
        }
        QVERIFY(a.ranking == b.ranking);
    }

    void losslessRoundTripsEveryModelledField_data()
    {
        QTest::addColumn<int>("semantics");
        QTest::addColumn<quint64>("seed");
        for (int s = 0; s < 3; ++s) {
            for (quint64 seed = 1; seed <= 6; ++seed) {
                QTest::newRow(qPrintable(QStringLiteral("semantics %1 seed %2").arg(s).arg(seed))) << s << seed;
            }
        }
    }
    void losslessRoundTripsEveryModelledField()
    {
        QFETCH(int, semantics);
        QFETCH(quint64, seed);
        Trace t = randomTrace(seed, semantics, 400);
        auto r = compile(t);
        Canary parsed = parseCanary(r.bytes, "random.canary.json");
        QCOMPARE(sha(expand(parsed)), sha(t));
        QVERIFY(r.canary.header.bounds.isZero());
        NullProgress p;
        auto report = verifyFidelity(t, parsed, r.bytes, p);
        QVERIFY2(report.pass(), report.failures().empty() ? "" : report.failures().front().c_str());
    }

    void deterministic()
    {
        Trace t = randomTrace(42, 1, 600);
        QCOMPARE(compile(t).bytes, compile(t).bytes);
        CompileOptions bounded;
        bounded.timingMode = CanaryTimingMode::Bounded;
        bounded.budget.sampleLimit = 3;
        Trace j = training(3000, 4000);
        QCOMPARE(compile(j, bounded).bytes, compile(j, bounded).bytes);
    }

    void regularStructureBecomesOneMotif()
    {
        Trace t = training(274 * 40, 0);
        auto r = compile(t);
        QCOMPARE(r.canary.segments.size(), std::size_t(1));
        QCOMPARE(int(r.canary.segments[0].kind), int(SegmentKind::Motif));
        QCOMPARE(r.canary.header.storedEvents, std::uint64_t(274));
    }

    void boundedKeepsEveryBound()
    {
        Trace t = training(4000, 5000, 7); // +-5 us jitter
        CompileOptions o;
        o.timingMode = CanaryTimingMode::Bounded;
        o.budget.gap = 10'000;
        o.budget.skew = 10'000;
        o.budget.computeBefore = 10'000;
        o.budget.overlap = 10'000;
        auto r = compile(t, o);
        const auto& h = r.canary.header;
        QVERIFY(h.bounds.gap <= 10'000);
        QVERIFY(h.bounds.skew <= 10'000);
        QVERIFY(h.bounds.arrivalOffset <= 5'000);
        QVERIFY(h.bounds.computeBefore <= 10'000);
        QVERIFY(h.bounds.overlap <= 10'000);
        QVERIFY(h.bounds.gap > 0); // it did approximate
        QVERIFY(h.storedEvents * 3 < h.logicalEvents);
        QVERIFY(std::any_of(r.canary.segments.begin(), r.canary.segments.end(),
                            [](const auto& s) { return s.kind == SegmentKind::Interval && s.bounds; }));
        NullProgress p;
        auto report = verifyFidelity(t, parseCanary(r.bytes, "b"), r.bytes, p);
        QVERIFY2(report.pass(), report.failures().empty() ? "" : report.failures().front().c_str());
        QVERIFY(report.measured.gap <= h.bounds.gap);
        QVERIFY(report.measured.gap > 0);
        for (const auto& g : r.groups) {
            QVERIFY(g.samples <= kDefaultTimingSampleLimit || !g.sampleLimit);
        }
    }

    void tighterBudgetThanTheJitterFailsClosed()
    {
        Trace t = training(12000, 5000, 7); // +-5 us jitter on every timing field
        auto bounded = [](std::uint64_t limit) {
            CompileOptions o;
            o.timingMode = CanaryTimingMode::Bounded;
            o.budget.sampleLimit = limit;
            return o;
        };
        // Arrival skew held within 0.2 us under the default sample limit.
        CompileOptions skew = bounded(kDefaultTimingSampleLimit);
        skew.budget.skew = 200;
        QString skewMessage = QString::fromStdString(negativeMessage(t, skew));
        QVERIFY2(skewMessage.contains(QStringLiteral("timing budget not met: group ")), qPrintable(skewMessage));
        QVERIFY2(skewMessage.contains(QStringLiteral("skew_ns within its bound of 200")), qPrintable(skewMessage));
        QVERIFY2(skewMessage.contains(QStringLiteral("more than its sample limit of 128")), qPrintable(skewMessage));
        // The gap within 0.5 us needs ten shared values: more than a limit of 8.
        CompileOptions gap = bounded(8);
        gap.budget.gap = 500;
        QString gapMessage = QString::fromStdString(negativeMessage(t, gap));
        QVERIFY2(gapMessage.contains(QStringLiteral("gap_ns within its bound of 500")), qPrintable(gapMessage));
        QVERIFY2(gapMessage.contains(QStringLiteral("sample limit of 8")), qPrintable(gapMessage));
        CompileOptions cb = bounded(8);
        cb.budget.computeBefore = 300;
        QString cbMessage = QString::fromStdString(negativeMessage(t, cb));
        QVERIFY2(cbMessage.contains(QStringLiteral("compute_before_ns within its bound of 300")),
                 qPrintable(cbMessage));
        // Looser than the jitter: no failure, every bound kept.
        CompileOptions loose = bounded(kDefaultTimingSampleLimit);
        loose.budget.gap = 10'000;
        loose.budget.skew = 10'000;
        loose.budget.computeBefore = 10'000;
        loose.budget.overlap = 10'000;
        auto r = compile(t, loose);
        QVERIFY(r.canary.header.bounds.gap <= 10'000);
        QVERIFY(r.canary.header.storedEvents * 20 < r.canary.header.logicalEvents);
    }

    void sampleLimitAloneLoosensOnlyAsFarAsNeeded()
    {
        Trace t = training(6000, 3000, 3);
        CompileOptions o;
        o.timingMode = CanaryTimingMode::Bounded;
        o.budget.sampleLimit = 4;
        auto r = compile(t, o);
        for (const auto& g : r.groups) {
            QVERIFY2(g.samples <= 4, qPrintable(QString::fromStdString(g.description)));
        }
        // A per-group limit (the behaviour search's knob) overrides the uniform one.
        const auto target = r.groups.front().groupHash;
        o.budget.groupSampleLimits[target] = 1;
        auto narrowed = compile(t, o);
        QCOMPARE(narrowed.groups.front().samples, std::uint64_t(1));
        QCOMPARE(narrowed.groups.front().sampleLimit.value(), std::uint64_t(1));
        QVERIFY(narrowed.bytes.size() <= r.bytes.size());
        NullProgress p;
        QVERIFY(verifyFidelity(t, narrowed.canary, narrowed.bytes, p).pass());
        // More samples, smaller errors.
        o.budget.groupSampleLimits.clear();
        o.budget.sampleLimit = 64;
        auto wide = compile(t, o);
        QVERIFY(wide.canary.header.bounds.gap <= r.canary.header.bounds.gap);
    }

    void layoutsBeyondTheLimitFailClosed()
    {
        TraceBuilder b("<layouts>");
        for (int k = 0; k < 6; ++k) {
            Event e = cctest::collective("all_reduce", 64, {0, 1}, 1000);
            if (k % 3 == 1) {
                e.computeBefore = 10;
            }
            if (k % 3 == 2) {
                e.pressure = 5;
            }
            b.add(e);
        }
        Trace t = finish(b);
        CompileOptions o;
        o.timingMode = CanaryTimingMode::Bounded;
        o.budget.sampleLimit = 2;
        QString message = QString::fromStdString(negativeMessage(t, o));
        QVERIFY2(message.contains(QStringLiteral("3 different timing layouts")), qPrintable(message));
    }

    void unknownTimingNeverBecomesANumber()
    {
        TraceBuilder b("<unknown>");
        for (int k = 0; k < 50; ++k) {
            Event e;
            e.op = "all_reduce";
            e.bytes = 4096;
            e.ranks = {0, 1};
            e.gap = 1000 + (k % 7) * 37; // irregular timing
            e.computeOverlapUnknown = k % 2 == 0;
            b.add(e); // no arrivals, no skew: unknown
        }
        Trace t = finish(b);
        for (auto mode : {CanaryTimingMode::Lossless, CanaryTimingMode::Bounded}) {
            CompileOptions o;
            o.timingMode = mode;
            if (mode == CanaryTimingMode::Bounded) {
                o.budget.sampleLimit = 2; // two layouts: overlap unknown or absent
            }
            auto r = compile(t, o);
            const auto& h = r.canary.header;
            QCOMPARE(int(h.claim), int(CanaryClaim::BehaviorallyUnverified));
            QVERIFY(std::find(h.claimLimits.begin(), h.claimLimits.end(), std::string(kLimitUnknownSkew)) !=
                    h.claimLimits.end());
            QVERIFY(std::find(h.claimLimits.begin(), h.claimLimits.end(), std::string(kLimitUnknownOverlap)) !=
                    h.claimLimits.end());
            for (const auto& timing : r.canary.timings) {
                QVERIFY((timing.layout & (kLayoutSkewKnown | kLayoutSkewPartial)) == 0);
                QCOMPARE(timing.skew, kAbsentNs);
            }
            Trace e = expand(r.canary);
            for (std::size_t i = 0; i < e.size(); ++i) {
                QCOMPARE(int(e.skewState[i]), int(SkewState::Unknown));
                QCOMPARE(e.has(i, kFlagOverlapUnknown), t.has(i, kFlagOverlapUnknown));
                QCOMPARE(e.arrivalSkew[i], kAbsentNs);
            }
        }
    }

    void prefixIsPartialAndNeverStrong()
    {
        Trace t = training(0, 0);
        CompileOptions o;
        o.prefixEvents = 1000;
        auto r = compile(t, o);
        const auto& h = r.canary.header;
        QCOMPARE(int(h.coverage), int(CanaryCoverage::Partial));
        QCOMPARE(int(h.claim), int(CanaryClaim::BehaviorallyUnverified));
        QCOMPARE(h.claimLimits.front(), std::string(kLimitPartialCoverage));
        QCOMPARE(h.logicalEvents, std::uint64_t(1000));
        QCOMPARE(h.coveredLast, std::uint64_t(1000));
        QCOMPARE(h.sourceEvents, std::uint64_t(t.size()));
        QVERIFY(h.coveredBytes < h.sourceBytes);
        Trace e = expand(r.canary);
        QCOMPARE(e.size(), std::size_t(1000));
        QCOMPARE(eventRangeSha256(e, 0, 1000), eventRangeSha256(t, 0, 1000));
        NullProgress p;
        QVERIFY(verifyFidelity(t, r.canary, r.bytes, p).pass());
        // A prefix at least as long as the source covers it all.
        o.prefixEvents = t.size() + 5;
        QCOMPARE(int(compile(t, o).canary.header.coverage), int(CanaryCoverage::Full));
    }

    void emptyTraceCompilesAndExpands()
    {
        TraceBuilder b("<empty>");
        Trace t = finish(b);
        auto r = compile(t);
        QCOMPARE(r.canary.header.logicalEvents, std::uint64_t(0));
        QCOMPARE(r.canary.segments.size(), std::size_t(0));
        Canary parsed = parseCanary(r.bytes, "empty.canary.json");
        QCOMPARE(expand(parsed).size(), std::size_t(0));
        QCOMPARE(sha(expand(parsed)), sha(t));
    }

    void segmentBreaksKeepSegmentsApart()
    {
        // The same regular trace with breaks at 1000 and 3000: no segment spans a break, the expansion is
        // still the source, and only lossless compiles take breaks.
        Trace t = training(274 * 20, 0);
        CompileOptions o;
        o.segmentBreaks = {1000, 3000};
        auto r = compile(t, o);
        QVERIFY(r.canary.segments.size() >= 3);
        for (const auto& seg : r.canary.segments) {
            for (std::uint64_t b : o.segmentBreaks) {
                QVERIFY(!(seg.first < b && seg.first + seg.events > b));
            }
        }
        QCOMPARE(sha(expand(r.canary)), sha(t));
        CompileOptions unordered;
        unordered.segmentBreaks = {3000, 1000};
        QVERIFY_THROWS_EXCEPTION(InputError, compile(t, unordered));
        CompileOptions outside;
        outside.segmentBreaks = {t.size()};
        QVERIFY_THROWS_EXCEPTION(InputError, compile(t, outside));
        CompileOptions bounded;
        bounded.timingMode = CanaryTimingMode::Bounded;
        bounded.budget.sampleLimit = 4;
        bounded.segmentBreaks = {1000};
        QVERIFY_THROWS_EXCEPTION(InputError, compile(t, bounded));
    }

    void optionsThatMakeNoSenseAreRefused()
    {
        Trace t = training(500, 0);
        CompileOptions lossless;
        lossless.budget.gap = 10;
        QVERIFY_THROWS_EXCEPTION(InputError, compile(t, lossless));
        CompileOptions prefix;
        prefix.prefixEvents = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, compile(t, prefix));
        CompileOptions zero;
        zero.timingMode = CanaryTimingMode::Bounded;
        zero.budget.sampleLimit = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, compile(t, zero));
    }

    void emitGateCanRefuseOrVerify()
    {
        Trace t = training(1000, 2000);
        CompileOptions o;
        o.timingMode = CanaryTimingMode::Bounded;
        o.budget.sampleLimit = 8;
        o.emitGate = [](const Trace&, const Canary&, Progress&) -> EmitVerdict {
            throw NegativeResult("behaviour verification failed");
        };
        QVERIFY_THROWS_EXCEPTION(NegativeResult, compile(t, o));
        o.emitGate = [](const Trace&, const Canary&, Progress&) { return EmitVerdict{}; };
        auto r = compile(t, o);
        QCOMPARE(int(r.canary.header.claim), int(CanaryClaim::BehaviorVerified));
        QVERIFY(r.canary.header.claimLimits.empty());
    }

    void peerTracesCompileSmallerThanThePrototype_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("adversarial") << QStringLiteral("adversarial_decode.trace");
        QTest::newRow("llama70b") << QStringLiteral("llama70b_tp8_trace");
        QTest::newRow("llama70b long") << QStringLiteral("llama70b_tp8_trace_long");
    }
    void peerTracesCompileSmallerThanThePrototype()
    {
        if (!cctest::haveShared(QStringLiteral("peer"))) {
            QSKIP("../shared/peer is absent: the prototype's traces and canaries are not available");
        }
        QFETCH(QString, name);
        const QString peer = cctest::sharedDir() + QStringLiteral("/peer/");
        NullProgress p;
        const QString file = peer + QStringLiteral("traces/") + name + QStringLiteral(".json");
        Trace t = readTrace(file.toStdString(), p);
        auto r = compile(t);
        QCOMPARE(sha(expand(r.canary)), sha(t));
        QString base = name;
        base.remove(QStringLiteral(".trace"));
        for (const char* kind : {"default", "lossless"}) {
            QFileInfo theirs(peer + QStringLiteral("canaries/") + base + QStringLiteral(".") + QLatin1String(kind) +
                             QStringLiteral(".canary.json"));
            QVERIFY2(theirs.exists(), qPrintable(theirs.filePath()));
            qInfo("%s: ours (lossless) %zu bytes, prototype (%s) %lld bytes", qPrintable(name), r.bytes.size(), kind,
                  theirs.size());
            QVERIFY(static_cast<qint64>(r.bytes.size()) < theirs.size());
        }
    }
};

QTEST_GUILESS_MAIN(TestCompile)
#include "tst_compile.moc"
