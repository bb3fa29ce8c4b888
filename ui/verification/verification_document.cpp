#include "ui/verification/verification_document.h"

#include "core/util/sha256.h"
#include "core/verify/verification_json.h"
#include "ui/util/text.h"

#include <QCoreApplication>

#include <algorithm>
#include <numeric>

namespace cc::ui {

namespace {

class VerificationText {
    Q_DECLARE_TR_FUNCTIONS(VerificationText)
};

QString yesNo(bool value)
{
    return value ? VerificationText::tr("yes") : VerificationText::tr("no");
}

QString passText(bool pass)
{
    return pass ? VerificationText::tr("pass") : VerificationText::tr("fail");
}

void addRow(VerificationPage& page, const QString& label, const QString& value, bool pass = true)
{
    page.rows.push_back({label, value});
    page.rowPass.push_back(pass);
}

void sortFailingFirst(VerificationPage& page)
{
    std::vector<std::size_t> order(page.rows.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return !page.rowPass[a] && page.rowPass[b]; });
    std::vector<QStringList> rows;
    std::vector<bool> pass;
    for (const auto k : order) {
        rows.push_back(page.rows[k]);
        pass.push_back(page.rowPass[k]);
    }
    page.rows = std::move(rows);
    page.rowPass = std::move(pass);
}

/// Human names of the timing-error fields, in the order of cc::kErrorFieldNames.
QString errorFieldLabel(std::size_t field)
{
    switch (field) {
    case 0:
        return VerificationText::tr("gap");
    case 1:
        return VerificationText::tr("arrival offset");
    case 2:
        return VerificationText::tr("arrival skew");
    case 3:
        return VerificationText::tr("compute before");
    case 4:
        return VerificationText::tr("compute overlap");
    case 5:
        return VerificationText::tr("compute pressure (10⁻⁹)");
    case 6:
        return VerificationText::tr("exposed latency");
    case 7:
        return VerificationText::tr("drift");
    default:
        return qs(cc::kErrorFieldNames[field % cc::kErrorFieldCount]);
    }
}

QString errorFieldValue(std::size_t field, std::int64_t value)
{
    // Every field is in ns except compute pressure (a dimensionless factor in 10^-9 units).
    return field == 5 ? formatCount(static_cast<std::uint64_t>(value)) : formatDuration(value);
}

void findingRows(VerificationPage& page, const std::vector<cc::verify::SegmentFinding>& findings)
{
    for (const auto& f : findings) {
        addRow(page,
               VerificationText::tr("Segment %1 (events %2 to %3)")
                   .arg(formatCount(f.segment), formatCount(f.first),
                        formatCount(f.first + (f.events == 0 ? 0 : f.events - 1))),
               qs(f.detail), false);
    }
}

void problemRows(VerificationPage& page, const std::vector<std::string>& problems)
{
    for (const auto& p : problems) {
        addRow(page, VerificationText::tr("Problem"), qs(p), false);
    }
}

void timingPage(VerificationPage& page, const cc::verify::TimingModeStatus& t)
{
    page.statusText = passText(t.pass) + QStringLiteral(" · ") + qs(cc::timingModeName(t.declared));
    page.explanation = VerificationText::tr(
        "The compiler's attested timing mode, re-checked against the source event by event. Drift (the "
        "cumulative issue-time error) is measured and shown; it follows from gap error and has no bound of its own.");
    addRow(page, VerificationText::tr("Attested by"), VerificationText::tr("the compiler, in the canary header"));
    addRow(page, VerificationText::tr("Re-checked by"), qs(t.method));
    addRow(page, VerificationText::tr("Canary events map onto source events"), yesNo(t.correspondence),
           t.correspondence);
    addRow(page, VerificationText::tr("Segments checked"), formatCount(t.segmentsChecked));
    addRow(page, VerificationText::tr("Segments failing"), formatCount(t.segmentsFailed), t.segmentsFailed == 0);
    for (std::size_t f = 0; f < cc::kErrorFieldCount; ++f) {
        addRow(page, VerificationText::tr("Largest measured error: %1").arg(errorFieldLabel(f)),
               errorFieldValue(f, cc::errorField(t.measured, f)));
    }
    for (std::size_t f = 0; f < cc::kErrorFieldCount; ++f) {
        addRow(page, VerificationText::tr("Declared bound: %1").arg(errorFieldLabel(f)),
               errorFieldValue(f, cc::errorField(t.declaredBounds, f)));
    }
    findingRows(page, t.findings);
    problemRows(page, t.problems);
}

void commitmentsPage(VerificationPage& page, const cc::verify::CommitmentsStatus& c)
{
    page.statusText = passText(c.pass) + QStringLiteral(" · ") +
                      VerificationText::tr("%1/%2 segments recompute")
                          .arg(formatCount(c.segmentsRecomputed), formatCount(c.segments));
    page.explanation =
        VerificationText::tr("Each SHA-256 commitment of the canary recomputed from the source's canonical bytes.");
    addRow(page, VerificationText::tr("Source (normalised SHA-256)"), qs(c.sourceSha256));
    addRow(page, VerificationText::tr("Source the canary names"), qs(c.declaredSourceSha256), c.sourceMatches);
    addRow(page, VerificationText::tr("The canary names this source"), yesNo(c.sourceMatches), c.sourceMatches);
    addRow(page, VerificationText::tr("Source events"), formatCount(c.sourceEvents));
    addRow(page, VerificationText::tr("Source events the canary names"), formatCount(c.declaredSourceEvents),
           c.declaredSourceEvents == c.sourceEvents);
    addRow(page, VerificationText::tr("Covered range recomputes"), yesNo(c.coveredRangeMatches), c.coveredRangeMatches);
    if (!c.coveredForm.empty()) {
        addRow(page, VerificationText::tr("Covered range recomputed as"),
               c.coveredForm == "segment_chain" ? VerificationText::tr("the chain of the segments' commitments")
               : c.coveredForm == "event_range" ? VerificationText::tr("the canonical bytes of the event range")
                                                : qs(c.coveredForm));
    }
    addRow(page, VerificationText::tr("Segments whose commitment recomputes"),
           VerificationText::tr("%1 of %2").arg(formatCount(c.segmentsRecomputed), formatCount(c.segments)),
           c.segmentsRecomputed == c.segments);
    findingRows(page, c.findings);
    problemRows(page, c.problems);
}

void coveragePage(VerificationPage& page, const cc::verify::CoverageStatus& c)
{
    page.statusText = passText(c.pass) + QStringLiteral(" · ") + qs(cc::coverageName(c.actual));
    page.explanation = VerificationText::tr("Whether the canary covers the whole normalised source, and whether its "
                                            "header says so truthfully.");
    addRow(page, VerificationText::tr("Coverage the canary declares"), qs(cc::coverageName(c.declared)),
           c.declared == c.actual);
    addRow(page, VerificationText::tr("Coverage found"), qs(cc::coverageName(c.actual)));
    addRow(page, VerificationText::tr("Covered source events"),
           VerificationText::tr("%1 to %2")
               .arg(formatCount(c.coveredFirst), formatCount(c.coveredLast == 0 ? 0 : c.coveredLast - 1)));
    if (!c.coveredRuns.empty()) {
        addRow(page, VerificationText::tr("Kept runs of the subset"), formatCount(c.coveredRuns.size()));
    }
    addRow(page, VerificationText::tr("Events the canary replays"), formatCount(c.logicalEvents));
    addRow(page, VerificationText::tr("Source events"), formatCount(c.sourceEvents));
    addRow(page, VerificationText::tr("Claim in the canary's header"), qs(cc::claimName(c.canaryClaim)));
    problemRows(page, c.problems);
}

QString checkLabel(const cc::verify::MetricCheck& m, const QString& scope)
{
    const QString metric = m.metric == "hidden_share" ? VerificationText::tr("hidden share")
                           : m.metric == "present"    ? VerificationText::tr("present in both")
                                                      : qs(m.metric);
    if (m.scope == "hidden_share") {
        return VerificationText::tr("hidden communication share");
    }
    // The word order and the punctuation of a check's label are the language's, not fixed here.
    if (m.scope == "phase" || m.scope == "operation") {
        const QString name = m.name.empty() ? VerificationText::tr("(no phase)") : qs(m.name);
        return VerificationText::tr("%1 %2: %3", "fidelity check: scope (phase or operation), its name, metric")
            .arg(scope, name, metric);
    }
    return VerificationText::tr("%1 %2", "fidelity check: scope (latency or queue wait), metric").arg(scope, metric);
}

void fidelityPage(VerificationPage& page, const cc::verify::VerificationReport& r)
{
    const auto& f = r.fidelity;
    page.statusText = passText(f.pass) + QStringLiteral(" · ") + qs(cc::verify::fidelityTally(f));
    page.explanation = VerificationText::tr("Every configuration and metric: source value, canary value, difference "
                                            "and tolerance. Failing checks first.");
    page.headers = {VerificationText::tr("Configuration"), VerificationText::tr("Check"),
                    VerificationText::tr("Source"),        VerificationText::tr("Canary"),
                    VerificationText::tr("Difference"),    VerificationText::tr("Tolerance"),
                    VerificationText::tr("Result")};
    for (const auto& config : f.configurations) {
        const QString name = qs(config.name);
        auto add = [&](const QString& scope, const cc::verify::MetricCheck& m) {
            const bool isNs = m.unit == "ns";
            auto value = [&](std::int64_t v) {
                return isNs ? formatDuration(v)
                            : (m.unit == "ppm" ? VerificationText::tr("%1 ppm").arg(v) : QString::number(v));
            };
            const bool present = m.metric == "present";
            page.rows.push_back(
                {name, checkLabel(m, scope),
                 present ? VerificationText::tr("%1 (%2 samples)").arg(yesNo(m.sourcePresent)).arg(m.value.source)
                         : value(m.value.source),
                 present ? VerificationText::tr("%1 (%2 samples)").arg(yesNo(m.canaryPresent)).arg(m.value.canary)
                         : value(m.value.canary),
                 present ? QString() : value(m.value.absoluteDelta),
                 present
                     ? QString()
                     : VerificationText::tr("%1 or %2 ppm").arg(value(m.toleranceAbsolute)).arg(m.toleranceRelativePpm),
                 m.pass ? VerificationText::tr("pass") : VerificationText::tr("FAIL")});
            page.rowPass.push_back(m.pass);
        };
        for (const auto& m : config.latency) {
            add(VerificationText::tr("latency"), m);
        }
        for (const auto& m : config.queueWait) {
            add(VerificationText::tr("queue wait"), m);
        }
        add(QString(), config.hiddenShare);
        for (const auto& m : config.phases) {
            add(VerificationText::tr("phase"), m);
        }
        for (const auto& m : config.operations) {
            add(VerificationText::tr("operation"), m);
        }
        const auto& t = config.tail;
        page.rows.push_back({name, VerificationText::tr("tail-event recall"),
                             VerificationText::tr("%1 tail samples").arg(formatCount(t.sourceTailSamples)),
                             VerificationText::tr("%1 recalled").arg(formatCount(t.recalled)), QString(),
                             VerificationText::tr("at least %1").arg(qs(cc::verify::ppmAsFraction(t.thresholdPpm))),
                             t.pass ? VerificationText::tr("pass") : VerificationText::tr("FAIL")});
        page.rowPass.push_back(t.pass);
    }
    sortFailingFirst(page);
}

QString relationText(cc::verify::Relation relation, const QString& left, const QString& right, cc::Ns l, cc::Ns r)
{
    QString verdict;
    switch (relation) {
    case cc::verify::Relation::Tie:
        verdict = VerificationText::tr("tie");
        break;
    case cc::verify::Relation::LeftBetter:
        verdict = VerificationText::tr("%1 faster").arg(left);
        break;
    case cc::verify::Relation::RightBetter:
        verdict = VerificationText::tr("%1 faster").arg(right);
        break;
    }
    return VerificationText::tr("%1 (%2 vs %3)").arg(verdict, formatDuration(l), formatDuration(r));
}

void rankingPage(VerificationPage& page, const cc::verify::RankingStatus& k)
{
    page.statusText =
        passText(k.pass) + QStringLiteral(" · ") +
        VerificationText::tr("%1/%2 decisions agree").arg(formatCount(k.passed), formatCount(k.decisions.size()));
    page.explanation = VerificationText::tr("Every configuration pair and metric: the relation under the source "
                                            "and under the canary. Disagreements first.");
    page.headers = {VerificationText::tr("Pair"), VerificationText::tr("Metric"), VerificationText::tr("Source"),
                    VerificationText::tr("Canary"), VerificationText::tr("Result")};
    auto nameOf = [&](std::uint32_t index) {
        return index < k.configurations.size() ? qs(k.configurations[index]) : QString::number(index);
    };
    for (const auto& d : k.decisions) {
        const QString left = nameOf(d.left);
        const QString right = nameOf(d.right);
        page.rows.push_back({VerificationText::tr("%1 vs %2").arg(left, right), qs(cc::rankMetricName(d.metric)),
                             relationText(d.sourceRelation, left, right, d.sourceLeft, d.sourceRight),
                             relationText(d.canaryRelation, left, right, d.canaryLeft, d.canaryRight),
                             d.pass ? VerificationText::tr("agree") : VerificationText::tr("DIFFER")});
        page.rowPass.push_back(d.pass);
    }
    sortFailingFirst(page);
}

/// A page of one status: its key in the report, its translated title and whether it passes.
VerificationPage statusPage(QString key, QString title, bool pass)
{
    VerificationPage page;
    page.key = std::move(key);
    page.title = std::move(title);
    page.pass = pass;
    return page;
}

/// A status page whose rows are evidence and value.
VerificationPage keyValuePage(QString key, QString title, bool pass)
{
    VerificationPage page = statusPage(std::move(key), std::move(title), pass);
    page.headers = {VerificationText::tr("Evidence"), VerificationText::tr("Value")};
    return page;
}

} // namespace

int VerificationDocument::firstFailingPage() const
{
    for (std::size_t k = 0; k < pages.size(); ++k) {
        if (!pages[k].pass) {
            return static_cast<int>(k);
        }
    }
    return -1;
}

VerificationDocument verificationDocument(cc::verify::VerificationReport report, const QString& name,
                                          const QString& sha256)
{
    VerificationDocument document;
    document.name = name;
    document.sha256 = sha256;
    document.claim = qs(cc::verify::claimName(report.claim));
    for (const auto& reason : report.claimReasons) {
        document.claimReasons << qs(reason);
    }
    for (const auto& sentence : cc::verify::notProven()) {
        document.notProven << qs(sentence);
    }
    document.sourceSha256 = qs(report.sourceSha256);
    document.canarySha256 = qs(report.canaryFileSha256);

    VerificationPage timing =
        keyValuePage(QStringLiteral("timing_mode"), VerificationText::tr("Timing mode"), report.timingMode.pass);
    timingPage(timing, report.timingMode);

    VerificationPage commitments =
        keyValuePage(QStringLiteral("commitments"), VerificationText::tr("Commitments"), report.commitments.pass);
    commitmentsPage(commitments, report.commitments);

    VerificationPage coverage =
        keyValuePage(QStringLiteral("coverage"), VerificationText::tr("Coverage"), report.coverage.pass);
    coveragePage(coverage, report.coverage);

    VerificationPage fidelity = statusPage(QStringLiteral("behavioral_fidelity"),
                                           VerificationText::tr("Behavioural fidelity"), report.fidelity.pass);
    fidelityPage(fidelity, report);

    VerificationPage ranking =
        statusPage(QStringLiteral("ranking"), VerificationText::tr("Ranking"), report.ranking.pass);
    rankingPage(ranking, report.ranking);

    for (VerificationPage* page : {&timing, &commitments, &coverage}) {
        sortFailingFirst(*page);
    }
    document.pages = {std::move(timing), std::move(commitments), std::move(coverage), std::move(fidelity),
                      std::move(ranking)};
    document.report = std::make_shared<const cc::verify::VerificationReport>(std::move(report));
    return document;
}

VerificationDocument verificationDocument(cc::verify::VerificationReport report, const QString& name)
{
    const QString sha256 = qs(cc::sha256Hex(cc::verify::verificationJson(report)));
    return verificationDocument(std::move(report), name, sha256);
}

VerificationDocument parseVerification(const QByteArray& json, const QString& name)
{
    const std::string_view bytes(json.constData(), static_cast<std::size_t>(json.size()));
    return verificationDocument(cc::verify::readVerification(bytes, toStd(name)), name, qs(cc::sha256Hex(bytes)));
}

} // namespace cc::ui
