#include "ui/verification/verification_document.h"

#include "core/util/errors.h"
#include "core/util/sha256.h"
#include "ui/util/text.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <numeric>

namespace cc::ui {

namespace {

class VerificationText {
    Q_DECLARE_TR_FUNCTIONS(VerificationText)
};

QString text(const QJsonValue& v)
{
    if (v.isString()) {
        return v.toString();
    }
    if (v.isBool()) {
        return v.toBool() ? VerificationText::tr("yes") : VerificationText::tr("no");
    }
    if (v.isDouble()) {
        return QString::number(v.toInteger());
    }
    if (v.isNull()) {
        return VerificationText::tr("n/a");
    }
    if (v.isArray()) {
        QStringList parts;
        for (const auto& item : v.toArray()) {
            parts << text(item);
        }
        return parts.join(QLatin1String(", "));
    }
    return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
}

QString ns(const QJsonValue& v)
{
    return v.isDouble() ? formatDuration(v.toInteger()) : text(v);
}

[[noreturn]] void refuse(const QString& name, const QString& path, const QString& rule)
{
    cc::Diagnostic d;
    d.file = toStd(name);
    d.field = toStd(path);
    d.rule = toStd(rule);
    throw cc::InputError(d);
}

QJsonObject object(const QJsonObject& parent, const QString& key, const QString& name, const QString& path)
{
    const QJsonValue v = parent.value(key);
    if (!v.isObject()) {
        refuse(name, path + QLatin1Char('.') + key, VerificationText::tr("must be an object"));
    }
    return v.toObject();
}

/// Adds key/value rows for the scalar members of an evidence object (nested objects flattened).
void addEvidenceRows(VerificationPage& page, const QJsonObject& evidence, const QString& prefix = {})
{
    for (auto it = evidence.begin(); it != evidence.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + QLatin1Char('.') + it.key();
        if (it.value().isObject()) {
            addEvidenceRows(page, it.value().toObject(), key);
            continue;
        }
        if (it.value().isArray() && !it.value().toArray().isEmpty() && it.value().toArray().first().isObject()) {
            int k = 0;
            for (const auto& item : it.value().toArray()) {
                addEvidenceRows(page, item.toObject(), QStringLiteral("%1[%2]").arg(key).arg(k++));
            }
            continue;
        }
        page.rows.push_back({key, text(it.value())});
        page.rowPass.push_back(true);
    }
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

void fidelityRows(VerificationPage& page, const QJsonObject& evidence)
{
    page.headers = {VerificationText::tr("Configuration"), VerificationText::tr("Check"),
                    VerificationText::tr("Source"),        VerificationText::tr("Canary"),
                    VerificationText::tr("Delta"),         VerificationText::tr("Tolerance"),
                    VerificationText::tr("Result")};
    for (const auto& c : evidence.value(QStringLiteral("configurations")).toArray()) {
        const QJsonObject config = c.toObject();
        const QString name = config.value(QStringLiteral("name")).toString();
        auto add = [&](const QString& scope, const QJsonObject& check) {
            const QString unit = check.value(QStringLiteral("unit")).toString();
            const bool isNs = unit == QLatin1String("ns");
            auto value = [&](const QString& key) {
                const QJsonValue v = check.value(key);
                return isNs ? ns(v) : text(v);
            };
            QString label = scope + QLatin1Char(' ') + check.value(QStringLiteral("metric")).toString();
            if (check.contains(QStringLiteral("name"))) {
                label = scope + QLatin1Char(' ') + check.value(QStringLiteral("name")).toString() + QLatin1Char(' ') +
                        check.value(QStringLiteral("metric")).toString();
            }
            const QJsonObject tol = check.value(QStringLiteral("tolerance")).toObject();
            const QString tolerance = tol.isEmpty() ? QString()
                                                    : VerificationText::tr("%1 or %2 ppm")
                                                          .arg(isNs ? ns(tol.value(QStringLiteral("absolute")))
                                                                    : text(tol.value(QStringLiteral("absolute"))),
                                                               text(tol.value(QStringLiteral("relative_ppm"))));
            const bool pass = check.value(QStringLiteral("status")).toString() == QLatin1String("pass");
            page.rows.push_back(
                {name, label,
                 check.contains(QStringLiteral("source")) ? value(QStringLiteral("source"))
                                                          : text(check.value(QStringLiteral("source_present"))),
                 check.contains(QStringLiteral("canary")) ? value(QStringLiteral("canary"))
                                                          : text(check.value(QStringLiteral("canary_present"))),
                 check.contains(QStringLiteral("absolute_delta")) ? value(QStringLiteral("absolute_delta")) : QString(),
                 tolerance, pass ? VerificationText::tr("pass") : VerificationText::tr("FAIL")});
            page.rowPass.push_back(pass);
        };
        for (const auto& [key, scope] :
             {std::pair{QStringLiteral("latency_checks"), VerificationText::tr("latency")},
              std::pair{QStringLiteral("queue_wait_checks"), VerificationText::tr("queue wait")},
              std::pair{QStringLiteral("phase_checks"), VerificationText::tr("phase")},
              std::pair{QStringLiteral("operation_checks"), VerificationText::tr("operation")}}) {
            for (const auto& check : config.value(key).toArray()) {
                add(scope, check.toObject());
            }
        }
        if (config.value(QStringLiteral("hidden_share_check")).isObject()) {
            add(VerificationText::tr("hidden share"), config.value(QStringLiteral("hidden_share_check")).toObject());
        }
        const QJsonObject tail = config.value(QStringLiteral("tail_recall")).toObject();
        if (!tail.isEmpty()) {
            const bool pass = tail.value(QStringLiteral("status")).toString() == QLatin1String("pass");
            page.rows.push_back({name, VerificationText::tr("tail-event recall"),
                                 text(tail.value(QStringLiteral("source_tail_samples"))),
                                 text(tail.value(QStringLiteral("recalled"))), QString(),
                                 VerificationText::tr("%1 ppm").arg(text(tail.value(QStringLiteral("threshold_ppm")))),
                                 pass ? VerificationText::tr("pass") : VerificationText::tr("FAIL")});
            page.rowPass.push_back(pass);
        }
    }
    sortFailingFirst(page);
}

void rankingRows(VerificationPage& page, const QJsonObject& evidence)
{
    page.headers = {VerificationText::tr("Pair"), VerificationText::tr("Metric"), VerificationText::tr("Source"),
                    VerificationText::tr("Canary"), VerificationText::tr("Result")};
    for (const auto& d : evidence.value(QStringLiteral("pairwise")).toArray()) {
        const QJsonObject o = d.toObject();
        const bool pass = o.value(QStringLiteral("status")).toString() == QLatin1String("pass");
        page.rows.push_back(
            {VerificationText::tr("%1 vs %2")
                 .arg(o.value(QStringLiteral("left")).toString(), o.value(QStringLiteral("right")).toString()),
             o.value(QStringLiteral("metric")).toString(),
             VerificationText::tr("%1 (%2 vs %3)")
                 .arg(o.value(QStringLiteral("source_relation")).toString(),
                      ns(o.value(QStringLiteral("source_left_ns"))), ns(o.value(QStringLiteral("source_right_ns")))),
             VerificationText::tr("%1 (%2 vs %3)")
                 .arg(o.value(QStringLiteral("canary_relation")).toString(),
                      ns(o.value(QStringLiteral("canary_left_ns"))), ns(o.value(QStringLiteral("canary_right_ns")))),
             pass ? VerificationText::tr("agree") : VerificationText::tr("DIFFER")});
        page.rowPass.push_back(pass);
    }
    sortFailingFirst(page);
}

void keyValueRows(VerificationPage& page, const QJsonObject& evidence)
{
    page.headers = {VerificationText::tr("Evidence"), VerificationText::tr("Value")};
    addEvidenceRows(page, evidence);
    // Failing segments and problems are what a reviewer must see first.
    for (std::size_t k = 0; k < page.rows.size(); ++k) {
        const QString& key = page.rows[k].first();
        if ((key.startsWith(QLatin1String("first_failing_segments")) || key.startsWith(QLatin1String("problems"))) &&
            !page.rows[k].value(1).isEmpty()) {
            page.rowPass[k] = false;
        }
    }
    sortFailingFirst(page);
}

} // namespace

VerificationDocument parseVerification(const QByteArray& json, const QString& name)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (doc.isNull() || !doc.isObject()) {
        refuse(name, QStringLiteral("$"), VerificationText::tr("is not a JSON object: %1").arg(error.errorString()));
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != QLatin1String("commcanary-workbench.verification.v1")) {
        refuse(name, QStringLiteral("$.format"), VerificationText::tr("must be commcanary-workbench.verification.v1"));
    }
    VerificationDocument document;
    document.name = name;
    document.sha256 = qs(cc::sha256Hex(std::string_view(json.constData(), static_cast<std::size_t>(json.size()))));
    document.claim = root.value(QStringLiteral("claim")).toString();
    for (const auto& r : root.value(QStringLiteral("claim_reasons")).toArray()) {
        document.claimReasons << r.toString();
    }
    for (const auto& r : root.value(QStringLiteral("not_proven")).toArray()) {
        document.notProven << r.toString();
    }
    document.sourceSha256 =
        root.value(QStringLiteral("source")).toObject().value(QStringLiteral("normalized_sha256")).toString();
    document.canarySha256 = root.value(QStringLiteral("canary")).toObject().value(QStringLiteral("sha256")).toString();
    const QJsonObject statuses = object(root, QStringLiteral("statuses"), name, QStringLiteral("$"));
    const std::pair<QString, QString> keys[] = {
        {QStringLiteral("timing_mode"), VerificationText::tr("Timing mode")},
        {QStringLiteral("commitments"), VerificationText::tr("Commitments")},
        {QStringLiteral("coverage"), VerificationText::tr("Coverage")},
        {QStringLiteral("behavioral_fidelity"), VerificationText::tr("Behavioural fidelity")},
        {QStringLiteral("ranking"), VerificationText::tr("Ranking")},
    };
    for (const auto& [key, title] : keys) {
        const QJsonObject status = object(statuses, key, name, QStringLiteral("$.statuses"));
        VerificationPage page;
        page.key = key;
        page.title = title;
        const QString verdict = status.value(QStringLiteral("status")).toString();
        if (verdict != QLatin1String("pass") && verdict != QLatin1String("fail")) {
            refuse(name, QStringLiteral("$.statuses.%1.status").arg(key), VerificationText::tr("must be pass or fail"));
        }
        page.pass = verdict == QLatin1String("pass");
        page.statusText = page.pass ? VerificationText::tr("pass") : VerificationText::tr("fail");
        if (status.contains(QStringLiteral("mode"))) {
            page.statusText += QStringLiteral(" · ") + status.value(QStringLiteral("mode")).toString();
        }
        if (status.contains(QStringLiteral("coverage"))) {
            page.statusText += QStringLiteral(" · ") + status.value(QStringLiteral("coverage")).toString();
        }
        const QJsonObject evidence = status.value(QStringLiteral("evidence")).toObject();
        if (key == QLatin1String("behavioral_fidelity")) {
            page.explanation = VerificationText::tr("Every configuration and metric: source value, canary value, delta "
                                                    "and tolerance. Failing checks first.");
            fidelityRows(page, evidence);
        } else if (key == QLatin1String("ranking")) {
            page.explanation =
                VerificationText::tr("Every configuration pair and metric: the relation under the source "
                                     "and under the canary. Disagreements first.");
            rankingRows(page, evidence);
        } else if (key == QLatin1String("commitments")) {
            page.explanation = VerificationText::tr("Each segment's SHA-256 commitment recomputed from the source.");
            keyValueRows(page, evidence);
        } else if (key == QLatin1String("timing_mode")) {
            page.explanation =
                VerificationText::tr("The compiler's attested timing mode, re-checked against the source.");
            keyValueRows(page, evidence);
        } else {
            page.explanation = VerificationText::tr("Whether the canary covers the whole normalised source.");
            keyValueRows(page, evidence);
        }
        document.pages.push_back(std::move(page));
    }
    return document;
}

} // namespace cc::ui
