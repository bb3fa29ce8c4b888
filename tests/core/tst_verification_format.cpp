// The verification format's read/write pair (core/verify/verification_json.h): what the writer
// writes, the strict reader reads back to a report the writer writes byte for byte; and every
// refusal names the file, the JSON path (or byte offset, line and column) and the rule.
#include "core/canary/canary_writer.h"
#include "core/compile/compiler.h"
#include "core/configs/config_io.h"
#include "core/info/file_info.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"
#include "core/verify/behavior_verifier.h"
#include "core/verify/review_record.h"
#include "core/verify/verification_json.h"

#include "verify_support.h"

#include <QTemporaryDir>
#include <QtTest>
#include <zlib.h>

using namespace cc;
using namespace cc::verify;

namespace {

/// The refusal's text, or a failure when the text was accepted.
QString refusal(const std::string& text, const std::string& source = "edited.verification.json")
{
    try {
        (void)readVerification(text, source);
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return QStringLiteral("<accepted>");
}

std::string replaced(std::string text, const std::string& from, const std::string& to)
{
    const auto at = text.find(from);
    if (at == std::string::npos) {
        return "<" + from + " not found>";
    }
    return text.replace(at, from.size(), to);
}

} // namespace

class TestVerificationFormat : public QObject {
    Q_OBJECT
private:
    std::vector<std::pair<QString, std::string>> written_; ///< name, verificationJson

private slots:
    void initTestCase()
    {
        NullProgress progress;
        const Trace trace = cctest::adversarialExampleTrace();
        const VerifyOptions options = cctest::defaultVerifyOptions();
        const SourceReference reference = prepareSourceReference(trace, options, progress);
        const Canary lossless = compileCanary(trace, CompileOptions{}, progress).canary;
        written_.emplace_back(QStringLiteral("lossless"),
                              verificationJson(verifyBehavior(reference, lossless, nullptr, options, progress)));

        // A failing one: a segment's commitment edited.
        Canary tampered = lossless;
        QVERIFY(!tampered.segments.empty());
        tampered.segments.front().sha256[10] = tampered.segments.front().sha256[10] == 'a' ? 'b' : 'a';
        written_.emplace_back(QStringLiteral("tampered"),
                              verificationJson(verifyBehavior(reference, tampered, nullptr, options, progress)));

        // A prefix: partial coverage.
        CompileOptions prefix;
        prefix.prefixEvents = trace.size() / 2;
        written_.emplace_back(QStringLiteral("prefix"),
                              verificationJson(verifyBehavior(reference, compileCanary(trace, prefix, progress).canary,
                                                              nullptr, options, progress)));

        // Bounded, with a few samples per interval: failing checks and missed tail samples listed.
        CompileOptions bounded;
        bounded.timingMode = CanaryTimingMode::Bounded;
        bounded.budget.sampleLimit = 1;
        written_.emplace_back(QStringLiteral("bounded"),
                              verificationJson(verifyBehavior(reference, compileCanary(trace, bounded, progress).canary,
                                                              nullptr, options, progress)));
    }

    void rewritesWhatItReadsByteForByte()
    {
        for (const auto& [name, json] : written_) {
            const VerificationReport report = readVerification(json, name.toStdString());
            QVERIFY2(verificationJson(report) == json, qPrintable(name));
            QCOMPARE(verificationSummaryText(report), verificationSummaryText(readVerification(json, "again")));
        }
        // And through a file, as the workbench and `info` read it.
        QTemporaryDir dir;
        const std::filesystem::path path = dir.filePath(QStringLiteral("v.verification.json")).toStdString();
        const VerificationReport report = readVerification(written_.front().second, "first");
        writeVerificationFile(report, path);
        QCOMPARE(verificationJson(readVerificationFile(path)), written_.front().second);
    }

    void coversEveryKindOfEvidence()
    {
        // The round trip above means something only if the documents hold what the reader must read.
        bool failed = false;
        bool partial = false;
        bool failingChecks = false;
        bool missedTail = false;
        for (const auto& [name, json] : written_) {
            const VerificationReport r = readVerification(json, name.toStdString());
            failed = failed || r.claim == Claim::Failed;
            partial = partial || r.coverage.actual == CanaryCoverage::Partial;
            failingChecks = failingChecks || r.fidelity.failedChecks > 0;
            for (const auto& c : r.fidelity.configurations) {
                missedTail = missedTail || !c.tail.missed.empty();
            }
        }
        QVERIFY(failed);
        QVERIFY(partial);
        QVERIFY(failingChecks);
        QVERIFY(missedTail);
    }

    void fidelityTallyIsTheSummarysFigure()
    {
        const VerificationReport r = readVerification(written_.front().second, "v");
        const std::string tally = fidelityTally(r.fidelity);
        QCOMPARE(QString::fromStdString(tally), QStringLiteral("%1/%2 checks within tolerance")
                                                    .arg(r.fidelity.checks - r.fidelity.failedChecks)
                                                    .arg(r.fidelity.checks));
        QVERIFY(verificationSummaryText(r).find("(" + tally + ")") != std::string::npos);
    }

    void refusesAnotherFormat()
    {
        const QString e = refusal(R"({"format": "commcanary-workbench.canary.v1"})", "odd.json");
        QVERIFY2(e.contains(QStringLiteral("odd.json")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("$.format")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("commcanary-workbench.verification.v1")), qPrintable(e));
        const QString array = refusal("[]", "odd.json");
        QVERIFY2(array.contains(QStringLiteral("odd.json")) && array.contains(QStringLiteral("object")),
                 qPrintable(array));
    }

    void refusesAMissingField()
    {
        const std::string& json = written_.front().second;
        const QString e = refusal(replaced(json, "\"segments_checked\"", "\"segments_checkd\""));
        QVERIFY2(e.contains(QStringLiteral("edited.verification.json")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("$.statuses.timing_mode.evidence.segments_checked")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("missing")), qPrintable(e));
    }

    void refusesADuplicateKey()
    {
        const std::string& json = written_.front().second;
        const QString e = refusal(replaced(json, "\"claim\": ", "\"claim\": \"failed\",\n  \"claim\": "));
        QVERIFY2(e.contains(QStringLiteral("edited.verification.json")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("$.claim")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("duplicate"), Qt::CaseInsensitive), qPrintable(e));
    }

    void refusesANumberBeyondAnInteger()
    {
        const std::string& json = written_.front().second;
        const auto at = json.find("\"checks\": ");
        QVERIFY(at != std::string::npos);
        const auto end = json.find(',', at);
        std::string edited = json;
        edited.replace(at, end - at, "\"checks\": 1e309");
        const QString e = refusal(edited);
        QVERIFY2(e.contains(QStringLiteral("edited.verification.json")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("$.statuses.behavioral_fidelity.evidence.checks")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("1e309")), qPrintable(e));
    }

    void refusesAWrongKind()
    {
        const std::string& json = written_.front().second;
        const QString e = refusal(replaced(json, "\"isolated\": false", "\"isolated\": \"no\""));
        QVERIFY2(e.contains(QStringLiteral("$.protocol.isolated")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("string")), qPrintable(e));
    }

    void refusesAnUnknownField()
    {
        const std::string& json = written_.front().second;
        const QString e = refusal(replaced(json, "\"claim\": ", "\"verdict\": \"ok\",\n  \"claim\": "));
        QVERIFY2(e.contains(QStringLiteral("$.verdict")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("not a field")), qPrintable(e));
    }

    void refusesAClaimItsStatusesDoNotDerive()
    {
        for (const auto& [name, json] : written_) {
            const VerificationReport r = readVerification(json, "v");
            if (r.claim != Claim::Failed) {
                continue;
            }
            const QString e = refusal(replaced(json, "\"claim\": \"failed\"", "\"claim\": \"verified\""));
            QVERIFY2(e.contains(QStringLiteral("$.claim")), qPrintable(e));
            QVERIFY2(e.contains(QStringLiteral("derive")), qPrintable(e));
            return;
        }
        QFAIL("no failed verification to edit");
    }

    void refusesAnEditedDerivedFigure()
    {
        const std::string& json = written_.front().second;
        const auto at = json.find("\"pairs\": ");
        QVERIFY(at != std::string::npos);
        const auto end = json.find(',', at);
        std::string edited = json;
        edited.replace(at, end - at, "\"pairs\": 11");
        const QString e = refusal(edited);
        QVERIFY2(e.contains(QStringLiteral("$.statuses.ranking.evidence.pairs")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("derived")), qPrintable(e));
    }

    void refusesTruncatedTextByPosition()
    {
        const std::string& json = written_.front().second;
        const QString e = refusal(json.substr(0, json.size() / 2));
        QVERIFY2(e.contains(QStringLiteral("edited.verification.json")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("byte")) && e.contains(QStringLiteral("line")) &&
                     e.contains(QStringLiteral("column")),
                 qPrintable(e));
    }

    void detectsFormatsAndWhatIsNotJson()
    {
        QCOMPARE(detectFormat(written_.front().second, "v").format, FileFormat::Verification);
        QCOMPARE(detectFormat(R"({"format": "commcanary-workbench.canary.v1"})", "c").format, FileFormat::Canary);
        QCOMPARE(detectFormat(R"({"traceEvents": []})", "k").format, FileFormat::Unknown);
        try {
            (void)detectFormat(std::string_view("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16), "picture.json");
            QFAIL("a PNG was taken for JSON");
        } catch (const InputError& e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.contains(QStringLiteral("picture.json")), qPrintable(what));
            QVERIFY2(what.contains(QStringLiteral("PNG image")), qPrintable(what));
        }
    }

    void detectsAndReadsGzipFiles()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("v.verification.json.gz")).toStdString();
        const std::string& json = written_.front().second;
        gzFile out = gzopen(path.c_str(), "wb");
        QVERIFY(out != nullptr);
        QCOMPARE(gzwrite(out, json.data(), static_cast<unsigned>(json.size())), static_cast<int>(json.size()));
        QCOMPARE(gzclose(out), Z_OK);
        QCOMPARE(detectFileFormat(path).format, FileFormat::Verification);
        QCOMPARE(verificationJson(readVerificationFile(path)), json);
    }

    void writesTheReviewRecord()
    {
        ReviewRecord record;
        record.reviewer = "reviewer-a";
        record.reviewedAt = "2026-01-02T03:04:05Z";
        record.hasVerification = true;
        record.verification = "v.verification.json";
        record.verificationSha256 = std::string(64, 'a');
        record.claim = "verified";
        record.statuses = {{"timing_mode", true, true}, {"commitments", false, false}};
        QCOMPARE(QString::fromStdString(reviewRecordJson(record)), QStringLiteral(R"({
    "claim": "verified",
    "format": "commcanary-workbench.review.v1",
    "pages": [
        {
            "result": "pass",
            "reviewed": true,
            "status": "timing_mode"
        },
        {
            "result": "fail",
            "reviewed": false,
            "status": "commitments"
        }
    ],
    "reviewed_at": "2026-01-02T03:04:05Z",
    "reviewer": "reviewer-a",
    "verification": "v.verification.json",
    "verification_sha256": "%1"
}
)")
                                                                       .arg(QString(64, QLatin1Char('a'))));
    }
};

QTEST_GUILESS_MAIN(TestVerificationFormat)
#include "tst_verification_format.moc"
