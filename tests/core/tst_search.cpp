// Behaviour search: every declared budget compiled and verified, the smallest passing artifact
// kept, per-group limits lowered greedily, and evidence that lists every candidate.
#include "core/canary/canary_reader.h"
#include "core/compile/compiler.h"
#include "core/configs/config_io.h"
#include "core/generate/generators.h"
#include "core/search/behavior_search.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"
#include "core/verify/behavior_verifier.h"

#include "core_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace cc;
using namespace cc::search;

namespace {

verify::VerifyOptions defaults()
{
    verify::VerifyOptions o;
    o.configs = defaultConfigSet();
    return o;
}

} // namespace

class TestSearch : public QObject {
    Q_OBJECT
private slots:
    void declaredRangesParse()
    {
        QCOMPARE(parseSampleLimits("1..4", "--search-budgets"), (std::vector<std::uint64_t>{1, 2, 3, 4}));
        QCOMPARE(parseSampleLimits("8, 2,2", "--search-budgets"), (std::vector<std::uint64_t>{2, 8}));
        QCOMPARE(parseSampleLimits("16", "--search-budgets"), (std::vector<std::uint64_t>{16}));
        for (const char* bad : {"0", "4..1", "", "1,,2", "a..3", "1..100000"}) {
            try {
                parseSampleLimits(bad, "--search-budgets");
                QFAIL(bad);
            } catch (const InputError& e) {
                QVERIFY(QString::fromStdString(e.what()).contains(QStringLiteral("--search-budgets")));
            }
        }
    }

    void irregularTimingSearchIsVerifiedAndSmallerThanLossless()
    {
        NullProgress progress;
        const Trace trace =
            readTrace(cctest::example(QStringLiteral("training_jittered.trace.json")).toStdString(), progress);
        const SearchOptions options;
        const SearchResult r = searchBehavior(trace, defaults(), options, progress);
        QVERIFY2(r.found, searchSummaryLine(r).c_str());
        QCOMPARE(int(r.verification.claim), int(verify::Claim::Verified));
        QVERIFY(r.verification.allPass());
        QVERIFY(r.losslessBytes.has_value());
        QVERIFY2(r.best.bytes.size() < *r.losslessBytes, searchSummaryLine(r).c_str());
        QCOMPARE(r.best.canary.header.timingMode, CanaryTimingMode::Bounded);
        QCOMPARE(r.best.canary.header.claim, CanaryClaim::BehaviorVerified);
        // The written artifact is a canary that verifies on its own.
        const Canary canary = parseCanary(r.best.bytes, "searched.canary.json");
        QCOMPARE(canary.header.coverage, CanaryCoverage::Full);
        const verify::VerificationReport again = verify::verifyBehavior(trace, canary, defaults(), progress);
        QCOMPARE(int(again.claim), int(verify::Claim::Verified));
        // Every declared budget was a candidate, plus the lossless one, plus the per-group attempts.
        // An attempt is one candidate, or two when its round-aligned compile failed verification and the
        // same budget was then tried without alignment (the next candidate).
        std::size_t uniform = 0, lossless = 0, perGroup = 0, selected = 0;
        for (std::size_t i = 0; i < r.candidates.size(); ++i) {
            const auto& c = r.candidates[i];
            const bool retried = c.roundAlignmentSlack != 0 && c.outcome != "passed";
            if (retried) {
                QVERIFY(i + 1 < r.candidates.size());
                const auto& next = r.candidates[i + 1];
                QCOMPARE(next.roundAlignmentSlack, std::uint32_t(0));
                QCOMPARE(next.stage, c.stage);
                QCOMPARE(next.sampleLimit, c.sampleLimit);
                QCOMPARE(next.groupLimits, c.groupLimits);
            }
            uniform += c.stage == "uniform" && !retried ? 1 : 0;
            lossless += c.stage == "lossless" ? 1 : 0;
            perGroup += c.stage == "per_group" && !retried ? 1 : 0;
            selected += c.selected ? 1 : 0;
            if (c.outcome != "refused_by_compiler") {
                QVERIFY(c.bytes > 0);
                QVERIFY(c.claim.has_value());
                QCOMPARE(c.outcome == "passed",
                         std::all_of(c.statuses.begin(), c.statuses.end(), [](bool b) { return b; }));
            }
        }
        QCOMPARE(uniform, options.sampleLimits.size());
        QCOMPARE(lossless, std::size_t(1));
        QCOMPARE(selected, std::size_t(1));
        std::uint64_t attempts = 0;
        for (const auto& g : r.groups) {
            attempts += g.attempts;
            QVERIFY(g.limitAfter <= g.limitBefore);
        }
        QCOMPARE(perGroup, std::size_t(attempts));
        // The winner is the smallest passing candidate.
        std::uint64_t winnerBytes = 0;
        for (const auto& c : r.candidates) {
            if (c.selected) {
                winnerBytes = c.bytes;
            }
        }
        for (const auto& c : r.candidates) {
            if (c.outcome == "passed") {
                QVERIFY(c.bytes >= winnerBytes);
            }
        }
    }

    void adversarialSearchKeepsTheExactEncodingWhenNothingSmallerVerifies()
    {
        // The adversarial trace has three distinct timings in a periodic structure: its lossless canary is
        // already a handful of stored items. Limits below three merge the tail windows into the decode
        // steps and fail behaviour; limits of three or more are exact too but carry their budget record.
        NullProgress progress;
        const Trace trace = cctest::adversarialExampleTrace();
        const SearchResult r = searchBehavior(trace, defaults(), SearchOptions{}, progress);
        QVERIFY(r.found);
        QCOMPARE(int(r.verification.claim), int(verify::Claim::Verified));
        QVERIFY(r.losslessBytes.has_value());
        QVERIFY(r.best.bytes.size() <= *r.losslessBytes);
        for (const auto& c : r.candidates) {
            if (c.stage == "uniform" && c.sampleLimit && *c.sampleLimit < 3) {
                QCOMPARE(QString::fromStdString(c.outcome), QStringLiteral("failed_verification"));
                QVERIFY(!c.statuses[3]); // behavioral_fidelity
            }
            if (c.outcome == "passed") {
                QVERIFY(c.bytes >= r.candidates.front().bytes);
            }
        }
    }

    void evidenceListsEveryCandidateAndIsDeterministic()
    {
        NullProgress progress;
        const Trace trace = cctest::adversarialExampleTrace();
        SearchOptions options;
        options.sampleLimits = {1, 4, 16};
        const SearchResult a = searchBehavior(trace, defaults(), options, progress);
        const SearchResult b = searchBehavior(trace, defaults(), options, progress);
        const std::string ea = searchEvidenceJson(a, options, defaults());
        QCOMPARE(QByteArray::fromStdString(ea), QByteArray::fromStdString(searchEvidenceJson(b, options, defaults())));
        QCOMPARE(QByteArray::fromStdString(a.best.bytes), QByteArray::fromStdString(b.best.bytes));
        const QJsonObject root = QJsonDocument::fromJson(QByteArray::fromStdString(ea)).object();
        QCOMPARE(root.value(QStringLiteral("format")).toString(),
                 QStringLiteral("commcanary-workbench.search-evidence.v1"));
        QVERIFY(root.value(QStringLiteral("optimality")).toString().contains(QStringLiteral("no optimality claim")));
        const QJsonArray candidates = root.value(QStringLiteral("candidates")).toArray();
        QCOMPARE(candidates.size(), qsizetype(a.candidates.size()));
        for (const auto& value : candidates) {
            const QJsonObject c = value.toObject();
            QVERIFY(c.contains(QStringLiteral("outcome")));
            if (c.value(QStringLiteral("outcome")).toString() != QStringLiteral("refused_by_compiler")) {
                QVERIFY(c.value(QStringLiteral("bytes")).toInteger() > 0);
                QCOMPARE(c.value(QStringLiteral("statuses")).toObject().size(), 5);
            }
        }
        QVERIFY(root.value(QStringLiteral("selected")).isObject());
    }

    void nothingPassingMeansNothingSelected()
    {
        NullProgress progress;
        const Trace trace = cctest::adversarialExampleTrace();
        verify::VerifyOptions strict = defaults();
        strict.tolerances.tailRecallPpm = 1'000'000;
        strict.tolerances.relativePpm = 0;
        strict.tolerances.absoluteNs = 0;
        strict.tolerances.hiddenSharePpm = 0;
        SearchOptions options;
        options.sampleLimits = {1};
        options.includeLossless = false;
        options.refineGroups = false;
        const SearchResult r = searchBehavior(trace, strict, options, progress);
        if (!r.found) {
            QCOMPARE(r.candidates.size(), std::size_t(1));
            QVERIFY(r.candidates.front().outcome != "passed");
            QVERIFY(searchEvidenceJson(r, options, strict).find("\"selected\": null") != std::string::npos);
        } else {
            // A one-sample canary can only pass exact checks when every timing sample was equal already.
            QVERIFY(r.verification.allPass());
        }
    }

    void beyondTheDeclaredRangeWhenNothingBoundedPasses()
    {
        // 10K events of training with 5 us jitter: one or two samples per group fail behavioural
        // fidelity, a few more pass. With the lossless canary competing, the search doubles past the
        // declared range until a bounded candidate passes, and says so in the evidence.
        NullProgress progress;
        GeneratorOptions g;
        g.events = 10'000;
        g.jitter = 5'000;
        const Trace trace = generateTraining(g, progress);
        SearchOptions options;
        options.sampleLimits = {1, 2};
        options.refineGroups = false;
        const SearchResult r = searchBehavior(trace, defaults(), options, progress);
        QVERIFY2(r.found, searchSummaryLine(r).c_str());
        QCOMPARE(int(r.best.canary.header.timingMode), int(CanaryTimingMode::Bounded));
        QVERIFY(r.verification.allPass());
        QVERIFY(r.best.bytes.size() < *r.losslessBytes);
        QVERIFY(!r.extendedLimits.empty());
        std::uint64_t expected = 4;
        for (auto limit : r.extendedLimits) {
            QCOMPARE(limit, expected);
            expected *= 2;
        }
        // Every bounded candidate failed until the last limit tried, which passed.
        for (const auto& c : r.candidates) {
            if (c.stage == "uniform" && *c.sampleLimit < r.extendedLimits.back()) {
                QCOMPARE(c.outcome, std::string("failed_verification"));
            }
        }
        QVERIFY(std::any_of(r.candidates.begin(), r.candidates.end(), [&](const CandidateRecord& c) {
            return c.sampleLimit == r.extendedLimits.back() && c.outcome == "passed";
        }));
        const QJsonObject space =
            QJsonDocument::fromJson(QByteArray::fromStdString(searchEvidenceJson(r, options, defaults())))
                .object()
                .value(QStringLiteral("search_space"))
                .toObject();
        QCOMPARE(space.value(QStringLiteral("sample_limits")).toArray().size(), qsizetype(2));
        QCOMPARE(space.value(QStringLiteral("extended_sample_limits")).toArray().size(),
                 qsizetype(r.extendedLimits.size()));
        QVERIFY2(searchSummaryLine(r).find("beyond the declared range: sample limits 4") != std::string::npos,
                 searchSummaryLine(r).c_str());

        // Without the lossless canary there is no size to stay under: the declared range is all.
        options.includeLossless = false;
        const SearchResult bounded = searchBehavior(trace, defaults(), options, progress);
        QVERIFY(bounded.extendedLimits.empty());
        for (const auto& c : bounded.candidates) {
            QVERIFY(*c.sampleLimit <= 2);
        }
        QVERIFY(searchEvidenceJson(bounded, options, defaults()).find("extended_sample_limits") == std::string::npos);
        QVERIFY(searchSummaryLine(bounded).find("beyond") == std::string::npos);
    }

    void refusesAnEmptySpace()
    {
        NullProgress progress;
        SearchOptions options;
        options.sampleLimits.clear();
        options.includeLossless = false;
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 searchBehavior(cctest::adversarialExampleTrace(), defaults(), options, progress));
    }
};

QTEST_GUILESS_MAIN(TestSearch)
#include "tst_search.moc"
