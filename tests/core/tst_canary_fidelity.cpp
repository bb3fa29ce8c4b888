// Fidelity verification: a third party holding the source recomputes every claim of a canary,
// and every kind of tampering (source event, commitment, bound, coverage, figures, claim,
// program) fails the status it concerns, naming the segment.
#include "core/canary/canary_reader.h"
#include "core/canary/canary_writer.h"
#include "core/canary/fidelity.h"
#include "core/compile/compiler.h"
#include "core/generate/generators.h"
#include "core/trace/trace_builder.h"
#include "core/util/errors.h"

#include "core_support.h"

#include <QtTest>

#include <nlohmann/json.hpp>

using namespace cc;

namespace {

Trace training(std::uint64_t events, Ns jitter)
{
    GeneratorOptions o;
    o.events = events;
    o.jitter = jitter;
    o.seed = 11;
    NullProgress p;
    return generateTraining(o, p);
}

/// The same trace with one field of one event changed.
Trace withChangedEvent(const Trace& t, std::size_t index)
{
    TraceBuilder b(t.sourceName);
    for (std::size_t i = 0; i < t.size(); ++i) {
        Event e = t.event(i);
        if (i == index) {
            e.bytes += 1;
        }
        b.add(e);
    }
    NullProgress p;
    return b.finish(p);
}

struct Checked {
    FidelityReport report;
    const FidelityStatus& status(const std::string& name) const
    {
        for (const auto& s : report.statuses) {
            if (s.name == name) {
                return s;
            }
        }
        throw std::logic_error("no status " + name);
    }
    QString failures(const std::string& name) const
    {
        QStringList all;
        for (const auto& f : status(name).failures) {
            all << QString::fromStdString(f);
        }
        return all.join(QLatin1Char('\n'));
    }
};

Checked verify(const Trace& t, const std::string& bytes)
{
    NullProgress p;
    return Checked{verifyFidelity(t, parseCanary(bytes, "c.canary.json"), bytes, p)};
}

std::string edited(const std::string& bytes, const std::function<void(nlohmann::json&)>& edit)
{
    auto doc = nlohmann::json::parse(bytes);
    edit(doc);
    return doc.dump();
}

/// Re-serialises an edited canary canonically so that its size figures stay consistent: only
/// the edited claim is then wrong.
std::string canonical(const std::string& bytes)
{
    Canary c = parseCanary(bytes, "x");
    return serializeCanary(c);
}

CompileResult boundedCanary(const Trace& t)
{
    CompileOptions o;
    o.timingMode = CanaryTimingMode::Bounded;
    o.budget.gap = 8000;
    o.budget.skew = 8000;
    o.budget.computeBefore = 8000;
    o.budget.overlap = 8000;
    NullProgress p;
    return compileCanary(t, o, p);
}

} // namespace

class TestCanaryFidelity : public QObject {
    Q_OBJECT
private slots:
    void cleanCanariesPassEveryStatus()
    {
        Trace t = training(3000, 0);
        NullProgress p;
        auto lossless = compileCanary(t, CompileOptions{}, p);
        auto a = verify(t, lossless.bytes);
        QVERIFY(a.report.pass());
        QCOMPARE(a.report.statuses.size(), std::size_t(6));
        QVERIFY(a.report.measured.isZero());
        Trace j = training(3000, 4000);
        auto bounded = boundedCanary(j);
        auto b = verify(j, bounded.bytes);
        QVERIFY2(b.report.pass(), qPrintable(b.failures("bounds")));
        QVERIFY(b.report.measured.gap > 0);
        // The JSON report carries each status separately.
        auto json = nlohmann::json::parse(fidelityReportJson(b.report));
        QCOMPARE(json["format"].get<std::string>(), std::string(kFidelityReportFormat));
        QCOMPARE(json["statuses"]["commitments"]["status"].get<std::string>(), std::string("pass"));
        QCOMPARE(json["statuses"].size(), std::size_t(6));
    }

    void changedSourceEventFailsItsSegmentsCommitment()
    {
        Trace j = training(3000, 4000);
        auto c = boundedCanary(j);
        const std::size_t victim = 1777;
        Trace tampered = withChangedEvent(j, victim);
        auto r = verify(tampered, c.bytes);
        QVERIFY(!r.report.pass());
        QVERIFY(!r.status("commitments").pass);
        QVERIFY(!r.status("source_hash").pass);
        // Exactly the segment holding the event fails its commitment, and the message names it.
        std::size_t failed = 0;
        for (const auto& s : r.report.segments) {
            const bool holds = s.first <= victim && victim < s.first + s.events;
            QCOMPARE(s.commitment, !holds);
            failed += s.commitment ? 0 : 1;
        }
        QCOMPARE(failed, std::size_t(1));
        QVERIFY2(r.failures("commitments").contains(QStringLiteral("segment ")), qPrintable(r.failures("commitments")));
        QVERIFY(r.failures("commitments").contains(QStringLiteral("does not match the source events")));
        // And the changed field shows in the event-by-event comparison.
        QVERIFY2(r.failures("bounds").contains(QStringLiteral("bytes differs from the source at source event 1777")),
                 qPrintable(r.failures("bounds")));
    }

    void editedBoundFails()
    {
        Trace j = training(3000, 4000);
        auto c = boundedCanary(j);
        std::size_t interval = 0;
        while (interval < c.canary.segments.size() && !c.canary.segments[interval].bounds) {
            ++interval;
        }
        QVERIFY(interval < c.canary.segments.size());
        const auto recorded = c.canary.segments[interval].bounds->gap;
        QVERIFY(recorded > 1);
        auto tampered = canonical(edited(c.bytes, [&](nlohmann::json& d) {
            d["program"]["segments"][interval]["bounds"]["gap_ns"] = recorded / 2;
        }));
        auto r = verify(j, tampered);
        QVERIFY(!r.status("bounds").pass);
        QVERIFY(r.status("commitments").pass);
        const QString expected = QStringLiteral("segment %1 (interval").arg(interval);
        QVERIFY2(r.failures("bounds").contains(expected), qPrintable(r.failures("bounds")));
        QVERIFY2(
            r.failures("bounds").contains(QStringLiteral("the true gap_ns error is %1, above its recorded bound of %2")
                                              .arg(recorded)
                                              .arg(recorded / 2)),
            qPrintable(r.failures("bounds")));
    }

    void partialMarkedFullFails()
    {
        Trace t = training(3000, 0);
        CompileOptions o;
        o.prefixEvents = 1200;
        NullProgress p;
        auto c = compileCanary(t, o, p);
        QVERIFY(verify(t, c.bytes).report.pass());
        auto full = canonical(edited(c.bytes, [](nlohmann::json& d) { d["coverage"] = "full"; }));
        auto r = verify(t, full);
        QVERIFY(!r.status("coverage").pass);
        QVERIFY2(r.failures("coverage")
                     .contains(QStringLiteral("coverage says full but the canary covers only events [0, 1200)")),
                 qPrintable(r.failures("coverage")));
        // Claiming a strong claim on top fails the claim status too.
        auto strong = canonical(edited(c.bytes, [](nlohmann::json& d) {
            d["coverage"] = "full";
            d["claim"] = "exact_expansion";
            d["claim_limits"] = nlohmann::json::array();
        }));
        auto s = verify(t, strong);
        QVERIFY(!s.status("claim").pass);
        QVERIFY(!s.status("coverage").pass);
    }

    void editedFiguresFail()
    {
        Trace t = training(2000, 0);
        NullProgress p;
        auto c = compileCanary(t, CompileOptions{}, p);
        auto ratio = edited(c.bytes, [](nlohmann::json& d) { d["byte_compression_ratio"] = 900.5; });
        auto r = verify(t, ratio);
        QVERIFY(!r.status("compression").pass);
        QVERIFY(r.failures("compression").contains(QStringLiteral("byte_compression_ratio says 900.500000")));
        auto events = canonical(edited(c.bytes, [](nlohmann::json& d) { d["source_events"] = 1999; }));
        QVERIFY(!verify(t, events).status("source_hash").pass);
    }

    void editedProgramFailsItsSegment()
    {
        Trace t = training(2000, 0);
        NullProgress p;
        auto c = compileCanary(t, CompileOptions{}, p);
        // Change one timing sample's compute_before (the third value of a sample with that field).
        auto tampered = canonical(edited(c.bytes, [](nlohmann::json& d) {
            for (auto& timing : d["program"]["timings"]) {
                if ((timing[0].get<std::uint32_t>() & kLayoutComputeBefore) != 0) {
                    timing[2] = timing[2].get<std::int64_t>() + 1000;
                    break;
                }
            }
        }));
        auto r = verify(t, tampered);
        QVERIFY(!r.status("bounds").pass);
        QVERIFY(r.status("commitments").pass);
        QVERIFY2(r.failures("bounds").contains(QStringLiteral("is exact but its expansion differs from the source")),
                 qPrintable(r.failures("bounds")));
        QVERIFY(r.failures("bounds").contains(QStringLiteral("compute_before_ns")));
    }

    void unknownSkewClaimCannotBeRaised()
    {
        TraceBuilder b("<unknown>");
        for (int k = 0; k < 30; ++k) {
            Event e = cctest::collective("all_reduce", 64, {0, 1}, 1000);
            b.add(e);
        }
        NullProgress p;
        Trace t = b.finish(p);
        auto c = compileCanary(t, CompileOptions{}, p);
        QCOMPARE(int(c.canary.header.claim), int(CanaryClaim::BehaviorallyUnverified));
        auto raised = canonical(edited(c.bytes, [](nlohmann::json& d) {
            d["claim"] = "exact_expansion";
            d["claim_limits"] = nlohmann::json::array();
        }));
        auto r = verify(t, raised);
        QVERIFY(!r.status("claim").pass);
        QVERIFY2(r.failures("claim").contains(QStringLiteral("allows at most behaviorally_unverified")),
                 qPrintable(r.failures("claim")));
    }
};

QTEST_GUILESS_MAIN(TestCanaryFidelity)
#include "tst_canary_fidelity.moc"
