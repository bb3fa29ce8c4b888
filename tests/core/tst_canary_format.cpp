// The canary format: canonical bytes, round trips, the header's figures, claim rules, and the
// bounded reader and expansion that untrusted canaries meet.
#include "core/canary/canary.h"
#include "core/canary/canary_input.h"
#include "core/canary/canary_reader.h"
#include "core/canary/canary_writer.h"
#include "core/canary/commitment.h"
#include "core/canary/expand.h"
#include "core/compile/compiler.h"
#include "core/generate/generators.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"
#include "core/util/limits.h"
#include "core/util/sha256.h"

#include "core_support.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <set>

using namespace cc;

namespace {

using cctest::collective;

/// A small regular gapped trace: 20 iterations of (all_reduce x3, all_gather, idle gap).
Trace smallTrace()
{
    TraceBuilder b("<small>");
    for (int it = 0; it < 20; ++it) {
        for (int k = 0; k < 3; ++k) {
            Event e = collective("all_reduce", 4096, {0, 1, 2, 3}, 5000);
            e.group = "tp";
            e.arrivalsGiven = true;
            e.arrivals = {{0, 0}, {1, 700}, {2, 300}, {3, 1200}};
            b.add(e);
        }
        Event g = collective("all_gather", 1 << 20, {0, 1, 2, 3}, 40000);
        g.group = "tp";
        g.arrivalSkew = 2500;
        b.add(g);
    }
    NullProgress p;
    return b.finish(p);
}

CompileResult compile(const Trace& t)
{
    NullProgress p;
    return compileCanary(t, CompileOptions{}, p);
}

/// The canary bytes parsed as a JSON DOM, edited, and written back (for refusal tests).
std::string edited(const std::string& bytes, const std::function<void(nlohmann::json&)>& edit)
{
    auto doc = nlohmann::json::parse(bytes);
    edit(doc);
    return doc.dump();
}

QString refusal(const std::string& text)
{
    try {
        parseCanary(text, "bad.canary.json");
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

std::string serializeCanaryCopy(Canary canary)
{
    return serializeCanary(canary);
}

/// Restores the resource limits when a test changed them.
struct LimitsGuard {
    ResourceLimits saved = resourceLimits();
    ~LimitsGuard() { resourceLimits() = saved; }
};

} // namespace

class TestCanaryFormat : public QObject {
    Q_OBJECT
private slots:
    void headerKeysComeFirstAndInOrder()
    {
        auto r = compile(smallTrace());
        const std::vector<std::string> keys = {
            "format",       "source_sha256",           "source_events",          "source_bytes",
            "canary_bytes", "logical_events",          "stored_events",          "coverage",
            "timing_mode",  "event_compression_ratio", "byte_compression_ratio", "claim"};
        std::size_t at = 0;
        for (const auto& key : keys) {
            auto found = r.bytes.find("\"" + key + "\":", at);
            QVERIFY2(found != std::string::npos, key.c_str());
            at = found;
        }
        QVERIFY(r.bytes.rfind("{\"format\":\"commcanary-workbench.canary.v1\"", 0) == 0);
        // Ratios are decimals with exactly six places, computed from the integer counts.
        auto doc = nlohmann::json::parse(r.bytes);
        QCOMPARE(doc["logical_events"].get<std::uint64_t>(), std::uint64_t(80));
        QVERIFY(r.bytes.find("\"event_compression_ratio\":" + formatRatioMicros(r.canary.header.eventRatioMicros) +
                             ",") != std::string::npos);
    }

    void statesItsOwnSize()
    {
        auto r = compile(smallTrace());
        QCOMPARE(r.canary.header.canaryBytes, std::uint64_t(r.bytes.size()));
        QCOMPARE(r.canary.header.byteRatioMicros, ratioMicros(r.canary.header.coveredBytes, r.bytes.size()));
        auto doc = nlohmann::json::parse(r.bytes);
        QCOMPARE(doc["canary_bytes"].get<std::uint64_t>(), std::uint64_t(r.bytes.size()));
    }

    void roundTripIsByteIdentical()
    {
        auto r = compile(smallTrace());
        Canary parsed = parseCanary(r.bytes, "small.canary.json");
        QCOMPARE(serializeCanary(parsed), r.bytes);
        QVERIFY(parsed.segments == r.canary.segments);
        QVERIFY(parsed.timings == r.canary.timings);
        QVERIFY(parsed.signatures == r.canary.signatures);
        QVERIFY(checkCanaryConsistency(parsed, r.bytes.size()).ok());
    }

    void ratiosAreExactDecimals()
    {
        QCOMPARE(formatRatioMicros(ratioMicros(2, 1)), std::string("2.000000"));
        QCOMPARE(formatRatioMicros(ratioMicros(1, 3)), std::string("0.333333"));
        QCOMPARE(formatRatioMicros(ratioMicros(2, 3)), std::string("0.666667")); // half up
        QCOMPARE(formatRatioMicros(ratioMicros(3608, 7617)), std::string("0.473677"));
        QCOMPARE(ratioMicros(5, 0), std::uint64_t(0));
    }

    void claimRules()
    {
        ClaimFacts f;
        QCOMPARE(int(decideClaim(f).first), int(CanaryClaim::ExactExpansion));
        f.coverage = CanaryCoverage::Partial;
        auto partial = decideClaim(f);
        QCOMPARE(int(partial.first), int(CanaryClaim::BehaviorallyUnverified));
        QCOMPARE(partial.second.front(), std::string(kLimitPartialCoverage));
        f.behaviorVerified = true; // verification cannot lift a partial canary
        QCOMPARE(int(decideClaim(f).first), int(CanaryClaim::BehaviorallyUnverified));
        ClaimFacts unknown;
        unknown.unknownSkew = true;
        unknown.behaviorVerified = true;
        QCOMPARE(int(decideClaim(unknown).first), int(CanaryClaim::BehaviorallyUnverified));
        ClaimFacts bounded;
        bounded.timingMode = CanaryTimingMode::Bounded;
        QCOMPARE(int(decideClaim(bounded).first), int(CanaryClaim::BehaviorallyUnverified));
        bounded.behaviorVerified = true;
        QCOMPARE(int(decideClaim(bounded).first), int(CanaryClaim::BehaviorVerified));
        // Measured skew known less well than the tolerance caps even a verified or lossless claim.
        for (const auto mode : {CanaryTimingMode::Bounded, CanaryTimingMode::Lossless}) {
            ClaimFacts uncertain;
            uncertain.timingMode = mode;
            uncertain.behaviorVerified = true;
            uncertain.skewUncertainty.events = 2;
            QCOMPARE(
                int(decideClaim(uncertain).first),
                int(mode == CanaryTimingMode::Bounded ? CanaryClaim::BehaviorVerified : CanaryClaim::ExactExpansion));
            uncertain.skewUncertainty.aboveTolerance = 1;
            const auto capped = decideClaim(uncertain);
            QCOMPARE(int(capped.first), int(CanaryClaim::BehaviorallyUnverified));
            QCOMPARE(capped.second, std::vector<std::string>{std::string(kLimitSkewUncertainty)});
        }
    }

    void expandsToTheSource()
    {
        Trace t = smallTrace();
        auto r = compile(t);
        NullProgress p;
        Trace e = expandCanary(parseCanary(r.bytes, "x"), "<x>", p);
        QCOMPARE(normalizedSha256(e, p), normalizedSha256(t, p));
    }

    void expansionIsRefusedBeforeItStarts()
    {
        auto r = compile(smallTrace());
        // One segment claiming 10^15 repetitions: refused at once, with the computed count.
        std::string huge = edited(r.bytes, [](nlohmann::json& d) {
            auto& seg = d["program"]["segments"][0];
            std::uint64_t perRepeat = 0;
            for (auto& item : seg["body"]) {
                perRepeat += item.is_array() ? item[1].get<std::uint64_t>() : 1;
            }
            seg["repeats"] = 1000000000000000ULL;
            seg.erase("tail");
            seg["kind"] = "motif";
            seg["events"] = perRepeat * 1000000000000000ULL;
            d["program"]["segments"] = nlohmann::json::array({seg});
            d["covered"]["last"] = perRepeat * 1000000000000000ULL;
            d["program"]["message_sequences"] =
                nlohmann::json::array({nlohmann::json::array({perRepeat * 1000000000000000ULL, nullptr})});
        });
        Canary c = parseCanary(huge, "huge.canary.json");
        NullProgress p;
        try {
            expandCanary(c, "huge.canary.json", p);
            QFAIL("expansion was not refused");
        } catch (const InputError& e) {
            QString text = QString::fromStdString(e.what());
            QVERIFY2(text.contains(QStringLiteral("4000000000000000 logical events")), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("refused before expansion")), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("huge.canary.json")), qPrintable(text));
        }
        // A lower configured limit applies too.
        LimitsGuard guard;
        resourceLimits().maxExpandedEvents = 79;
        QVERIFY_THROWS_EXCEPTION(InputError, expandCanary(compile(smallTrace()).canary, "x", p));
        resourceLimits().maxExpandedEvents = 80;
        QCOMPARE(expandCanary(compile(smallTrace()).canary, "x", p).size(), std::size_t(80));
    }

    void overflowingProgramsAreRefused()
    {
        auto r = compile(smallTrace());
        std::string overflow = edited(r.bytes, [](nlohmann::json& d) {
            auto& seg = d["program"]["segments"][0];
            seg["body"] = nlohmann::json::array({nlohmann::json::array({0, 18446744073709551615ULL})});
            seg["repeats"] = 3;
            seg["kind"] = "motif";
            seg.erase("tail");
        });
        QVERIFY(refusal(overflow).contains(QStringLiteral("64-bit")));
    }

    void readerRefusals_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("expected");
        QTest::newRow("format") << 0 << QStringLiteral("format: is \"commcanary.canary.v2\"");
        QTest::newRow("sha") << 1 << QStringLiteral("source_sha256: must be a SHA-256 digest");
        QTest::newRow("token index") << 2 << QStringLiteral("program.tokens[0][1]: refers to entry 999");
        QTest::newRow("empty body") << 3 << QStringLiteral("body: must not be empty");
        QTest::newRow("events") << 4 << QStringLiteral("segments[0].events: says 7");
        QTest::newRow("order") << 5 << QStringLiteral("segments must follow one another");
        QTest::newRow("interval bounds") << 6 << QStringLiteral("an interval must record its per-field error bounds");
        QTest::newRow("run shape") << 7 << QStringLiteral("a run is one token repeated");
        QTest::newRow("timing layout") << 8 << QStringLiteral("values more than its layout describes");
        QTest::newRow("unknown skew with values") << 9 << QStringLiteral("an unknown skew cannot carry arrival values");
        QTest::newRow("coverage name") << 10 << QStringLiteral("coverage: must be \"full\" or \"partial\"");
        QTest::newRow("sequence count") << 11 << QStringLiteral("program.message_sequences: yield");
        QTest::newRow("missing") << 12 << QStringLiteral("program.segments: is missing");
        QTest::newRow("not json") << 13 << QStringLiteral("is not valid JSON");
    }
    void readerRefusals()
    {
        QFETCH(int, which);
        QFETCH(QString, expected);
        auto r = compile(smallTrace());
        std::string text;
        switch (which) {
        case 0:
            text = edited(r.bytes, [](nlohmann::json& d) { d["format"] = "commcanary.canary.v2"; });
            break;
        case 1:
            text = edited(r.bytes, [](nlohmann::json& d) { d["source_sha256"] = "abc"; });
            break;
        case 2:
            text = edited(r.bytes, [](nlohmann::json& d) { d["program"]["tokens"][0][1] = 999; });
            break;
        case 3:
            text = edited(r.bytes,
                          [](nlohmann::json& d) { d["program"]["segments"][0]["body"] = nlohmann::json::array(); });
            break;
        case 4:
            text = edited(r.bytes, [](nlohmann::json& d) { d["program"]["segments"][0]["events"] = 7; });
            break;
        case 5:
            text = edited(r.bytes, [](nlohmann::json& d) {
                auto& segs = d["program"]["segments"];
                segs.push_back(segs[0]);
            });
            break;
        case 6:
            text = edited(r.bytes, [](nlohmann::json& d) { d["program"]["segments"][0]["kind"] = "interval"; });
            break;
        case 7:
            text = edited(r.bytes, [](nlohmann::json& d) { d["program"]["segments"][0]["kind"] = "run"; });
            break;
        case 8:
            text = edited(r.bytes, [](nlohmann::json& d) { d["program"]["timings"][0].push_back(5); });
            break;
        case 9:
            text = edited(r.bytes, [](nlohmann::json& d) {
                // Clear the skew-known bit of a timing with arrivals: values without a known skew.
                for (auto& t : d["program"]["timings"]) {
                    auto layout = t[0].get<std::uint32_t>();
                    if ((layout & kLayoutArrivals) != 0) {
                        t[0] = layout & ~static_cast<std::uint32_t>(kLayoutSkewKnown);
                    }
                }
            });
            break;
        case 10:
            text = edited(r.bytes, [](nlohmann::json& d) { d["coverage"] = "most"; });
            break;
        case 11:
            text = edited(r.bytes, [](nlohmann::json& d) { d["program"]["message_sequences"][0][0] = 3; });
            break;
        case 12:
            text = edited(r.bytes, [](nlohmann::json& d) { d["program"].erase("segments"); });
            break;
        case 13:
            text = r.bytes.substr(0, r.bytes.size() / 2);
            break;
        }
        QString message = refusal(text);
        QVERIFY2(message.contains(expected), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("bad.canary.json")), qPrintable(message));
    }

    void depthAndSizeAreBounded()
    {
        LimitsGuard guard;
        std::string deep(200, '[');
        deep += std::string(200, ']');
        QVERIFY(refusal(deep).contains(QStringLiteral("nesting is deeper than the limit")));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("c.canary.json"));
        auto r = compile(smallTrace());
        QVERIFY(cctest::writeAll(path, QByteArray::fromStdString(r.bytes)));
        resourceLimits().maxInputBytes = 100;
        try {
            readCanary(path.toStdString());
            QFAIL("an oversized canary was read");
        } catch (const InputError& e) {
            QVERIFY(QString::fromStdString(e.what()).contains(QStringLiteral("larger than the limit of 100 bytes")));
        }
        resourceLimits() = guard.saved;
        resourceLimits().maxEvents = 2; // tables and programs are bounded by the event limit
        QVERIFY(refusal(r.bytes).contains(QStringLiteral("more than the limit of 2")));
    }

    void inconsistentHeadersAreReported()
    {
        auto r = compile(smallTrace());
        auto check = [&](const std::function<void(nlohmann::json&)>& edit) {
            return checkCanaryConsistency(parseCanary(edited(r.bytes, edit), "x"));
        };
        QVERIFY(!check([](nlohmann::json& d) { d["stored_events"] = 1; }).compression.empty());
        QVERIFY(!check([](nlohmann::json& d) { d["event_compression_ratio"] = 99.0; }).compression.empty());
        QVERIFY(!check([](nlohmann::json& d) { d["coverage"] = "partial"; }).coverage.empty());
        QVERIFY(!check([](nlohmann::json& d) { d["bounds"]["gap_ns"] = 5; }).bounds.empty());
        auto partialStrong = check([](nlohmann::json& d) {
            d["coverage"] = "partial";
            d["claim"] = "exact_expansion";
        });
        QVERIFY(!partialStrong.claim.empty());
        // canary_bytes is checked against the actual size when given.
        QVERIFY(!checkCanaryConsistency(r.canary, r.bytes.size() + 1).compression.empty());
    }

    void errorRecordsAndBudgetsWriteOnlyWhatIsDeclared()
    {
        NullProgress p;
        // Lossless: every bound is zero, so the header's error record is empty and there is no budget.
        const auto lossless = compile(smallTrace());
        auto doc = nlohmann::json::parse(lossless.bytes);
        QVERIFY(doc["bounds"].is_object());
        QCOMPARE(doc["bounds"].size(), std::size_t(0));
        QVERIFY(!doc.contains("budget"));
        QVERIFY(parseCanary(lossless.bytes, "x").header.bounds.isZero());

        // Bounded: the budget names the caps given and the sample limit, nothing else; bounds list only
        // non-zero fields, and reading them back gives the same values.
        CompileOptions o;
        o.timingMode = CanaryTimingMode::Bounded;
        o.budget.skew = 1000;
        o.budget.sampleLimit = 1;
        const auto bounded = compileCanary(smallTrace(), o, p);
        doc = nlohmann::json::parse(bounded.bytes);
        QCOMPARE(doc["budget"].size(), std::size_t(2));
        QCOMPARE(doc["budget"]["skew_ns"].get<std::int64_t>(), std::int64_t(1000));
        QCOMPARE(doc["budget"]["timing_sample_limit"].get<std::int64_t>(), std::int64_t(1));
        const TimingErrors& b = bounded.canary.header.bounds;
        QVERIFY(!b.isZero());
        for (std::size_t f = 0; f < kErrorFieldCount; ++f) {
            const std::string name(kErrorFieldNames[f]);
            QCOMPARE(doc["bounds"].contains(name), errorField(b, f) != 0);
        }
        const Canary back = parseCanary(bounded.bytes, "x");
        QCOMPARE(back.header.bounds, b);
        QVERIFY(back.header.budget.has_value());
        QCOMPARE(*back.header.budget, o.budget);
        QCOMPARE(serializeCanaryCopy(back), bounded.bytes);

        // The explicit long form (zero fields, null caps, empty group limits) reads as the same canary.
        const std::string longForm = edited(bounded.bytes, [](nlohmann::json& d) {
            for (auto name : kErrorFieldNames) {
                if (!d["bounds"].contains(std::string(name))) {
                    d["bounds"][std::string(name)] = 0;
                }
            }
            for (const char* cap : {"gap_ns", "compute_before_ns", "overlap_ns", "pressure_e9", "exposed_ns"}) {
                d["budget"][cap] = nullptr;
            }
            d["budget"]["group_sample_limits"] = nlohmann::json::object();
        });
        const Canary longBack = parseCanary(longForm, "long.canary.json");
        QCOMPARE(longBack.header.bounds, b);
        QCOMPARE(*longBack.header.budget, o.budget);

        // An unknown error field is refused, naming it.
        const QString bad = refusal(edited(bounded.bytes, [](nlohmann::json& d) { d["bounds"]["jitter_ns"] = 1; }));
        QVERIFY2(bad.contains(QStringLiteral("bounds.jitter_ns")), qPrintable(bad));
    }

    void subsetsListTheirRunsAndSegmentsStayInsideThem()
    {
        // A canary whose segments stand for scattered runs of source events: covered.runs lists them and
        // the reader checks that the segments tile exactly those runs.
        const auto compiled = compile(smallTrace());
        Canary c = compiled.canary;
        // Two runs [0, 4) and [8, 12): one period of the trace each, as two literal segments.
        c.segments.clear();
        for (std::uint64_t first : {0ULL, 8ULL}) {
            CanarySegment s;
            s.kind = SegmentKind::Literal;
            s.first = first;
            s.events = 4;
            for (std::uint32_t k = 0; k < 4; ++k) {
                s.body.push_back(CanaryItem{compiled.canary.segments.front().body.front().token, 1});
            }
            s.sha256 = std::string(64, 'a');
            c.segments.push_back(s);
        }
        c.messageSequences = {SequenceEntry{8, {SequenceElement{}}}};
        c.header.coverage = CanaryCoverage::Partial;
        c.header.coveredFirst = 0;
        c.header.coveredLast = 12;
        c.header.coveredRuns = {CoveredRun{0, 4}, CoveredRun{8, 4}};
        c.header.logicalEvents = 8;
        c.header.storedEvents = programStoredEvents(c);
        const std::string bytes = serializeCanary(c);
        QVERIFY(bytes.find("\"runs\":[[0,4],[8,4]]") != std::string::npos);
        const Canary back = parseCanary(bytes, "subset.canary.json");
        QCOMPARE(back.header.coveredRuns, c.header.coveredRuns);
        QVERIFY(isSubset(back.header));
        QCOMPARE(coveredEventCount(back.header).value_or(0), std::uint64_t(8));
        const CoveredIndex index(back.header.coveredRuns);
        QCOMPARE(index.sourceIndex(5), std::uint64_t(9));
        QCOMPARE(index.expandedIndex(9).value_or(99), std::uint64_t(5));
        QVERIFY(!index.expandedIndex(5).has_value());

        // A segment that leaves its run, runs that touch, a single run, runs that disagree with covered.last.
        QVERIFY(refusal(edited(bytes, [](nlohmann::json& d) {
                    d["program"]["segments"][1]["first"] = 4;
                })).contains(QStringLiteral("program.segments[1].first")));
        QVERIFY(refusal(edited(bytes, [](nlohmann::json& d) {
                    d["covered"]["runs"] = nlohmann::json::array({{0, 4}, {4, 4}});
                })).contains(QStringLiteral("covered.runs[1]")));
        QVERIFY(refusal(edited(bytes, [](nlohmann::json& d) {
                    d["covered"]["runs"] = nlohmann::json::array({{0, 8}});
                })).contains(QStringLiteral("at least two runs")));
        QVERIFY(refusal(edited(bytes, [](nlohmann::json& d) {
                    d["covered"]["last"] = 13;
                })).contains(QStringLiteral("covered.runs")));
        // Declared full while covering a subset: read, and reported as a coverage problem.
        const Canary relabelled =
            parseCanary(edited(bytes, [](nlohmann::json& d) { d["coverage"] = "full"; }), "relabelled.canary.json");
        QVERIFY(!checkCanaryConsistency(relabelled).coverage.empty());
    }

    void streamedCommitmentsEqualTheHashOfTheRangeBytes()
    {
        // Encoded and hashed a block of 8,192 events at a time: ranges within one block, across
        // block edges, the whole trace, empty and clamped ones hash the bytes as written at once.
        GeneratorOptions o;
        o.events = 20000;
        o.jitter = 3000;
        NullProgress p;
        Trace t = generateTraining(o, p);
        const std::size_t n = t.size();
        const std::pair<std::size_t, std::size_t> ranges[] = {{3, 1000},     {10, 11}, {0, 8192}, {0, 8193},
                                                              {8191, 16385}, {5, n},   {n, n},    {n - 2, n + 5}};
        for (const auto& [first, last] : ranges) {
            QCOMPARE(segmentCommitment(t, first, last), sha256Hex(normalizedEventRangeBytes(t, first, last)));
            QCOMPARE(eventRangeSha256(t, first, last), segmentCommitment(t, first, last));
        }
        QVERIFY(segmentCommitment(t, 0, 8193) != segmentCommitment(t, 0, 8192));
        QCOMPARE(normalizedEventRangeBytes(t, n, n + 3), std::string("[]"));
    }

    void tracesAndCanariesAreRecognised()
    {
        Trace t = smallTrace();
        auto r = compile(t);
        NullProgress p;
        QVERIFY(looksLikeCanary(r.bytes));
        QVERIFY(looksLikeCanary("  {\n \"format\" : \"commcanary-workbench.canary.v1\", \"x\":1}"));
        const std::string traceJson = writeTraceJson(t);
        QVERIFY(!looksLikeCanary(traceJson));
        QCOMPARE(normalizedSha256(parseTraceOrCanary(r.bytes, "c", p), p), normalizedSha256(t, p));
        QCOMPARE(normalizedSha256(parseTraceOrCanary(traceJson, "t", p), p), normalizedSha256(t, p));
    }

    void everySegmentKindRoundTrips()
    {
        // Runs, motifs with a tail and literals from one trace.
        TraceBuilder b("<kinds>");
        for (int k = 0; k < 40; ++k) {
            b.add(collective("barrier", 1, {0, 1}, 1000)); // a long run
        }
        for (int k = 0; k < 3; ++k) {
            b.add(collective("broadcast", 64 + k, {0, 1}, 2000)); // literals
        }
        for (int it = 0; it < 9; ++it) {
            b.add(collective("all_reduce", 128, {0, 1}, 3000));
            b.add(collective("all_gather", 256, {0, 1}, 4000));
            b.add(collective("all_gather", 512, {0, 1}, 5000));
        }
        b.add(collective("all_reduce", 128, {0, 1}, 3000)); // a tail
        NullProgress p;
        Trace t = b.finish(p);
        auto r = compile(t);
        std::set<std::string> kinds;
        for (const auto& s : r.canary.segments) {
            kinds.insert(std::string(segmentKindName(s.kind)));
        }
        QVERIFY(kinds.count("run") == 1);
        QVERIFY(kinds.count("motif") == 1);
        QVERIFY(kinds.count("literal") == 1);
        bool tail = std::any_of(r.canary.segments.begin(), r.canary.segments.end(), [](auto& s) { return s.tail > 0; });
        QVERIFY(tail);
        Canary parsed = parseCanary(r.bytes, "x");
        QCOMPARE(serializeCanary(parsed), r.bytes);
        QCOMPARE(normalizedSha256(expandCanary(parsed, "x", p), p), normalizedSha256(t, p));
    }
};

QTEST_GUILESS_MAIN(TestCanaryFormat)
#include "tst_canary_format.moc"
