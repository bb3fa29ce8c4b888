// verify-behavior, reduce and baseline through the real commcanary binary: exit codes, the shape
// scripts depend on, the seed's opening result, tampered files and refusals that write nothing.
#include "core/canary/canary_writer.h"
#include "core/compile/compiler.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"

#include "test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtTest>

using namespace cctest;

namespace {

QString adversarialPath()
{
    return example(QStringLiteral("adversarial_decode.trace.json"));
}

/// Compiles a lossless canary of the adversarial trace in-process and writes it to dir.
QString writeLosslessCanary(const QTemporaryDir& dir, std::optional<std::uint64_t> prefix = {})
{
    cc::NullProgress progress;
    const cc::Trace trace = cc::readTrace(adversarialPath().toStdString(), progress);
    cc::CompileOptions options;
    options.prefixEvents = prefix;
    const cc::CompileResult result = cc::compileCanary(trace, options, progress);
    const QString path =
        dir.filePath(prefix ? QStringLiteral("prefix.canary.json") : QStringLiteral("lossless.canary.json"));
    cc::writeFileAtomic(path.toStdString(), result.bytes);
    return path;
}

QJsonObject readJson(const QString& path)
{
    return QJsonDocument::fromJson(readAll(path)).object();
}

QString status(const QJsonObject& verification, const char* key)
{
    return verification.value(QStringLiteral("statuses"))
        .toObject()
        .value(QLatin1String(key))
        .toObject()
        .value(QStringLiteral("status"))
        .toString();
}

/// The partial canary `bytes` relabelled as full coverage, written to dir/relabelled.canary.json;
/// its path, or empty when the bytes do not say partial or could not be written.
QString writeRelabelledFull(const QTemporaryDir& dir, QByteArray bytes)
{
    if (!bytes.contains("\"coverage\":\"partial\"")) {
        return {};
    }
    bytes.replace("\"coverage\":\"partial\"", "\"coverage\":\"full\"");
    const QString path = dir.filePath(QStringLiteral("relabelled.canary.json"));
    return writeAll(path, bytes) ? path : QString();
}

/// What verify-behavior said of a canary against the adversarial trace: its exit code and the
/// verification it wrote.
struct Verdict {
    int exitCode = -1;
    QJsonObject verification;
};

/// Runs verify-behavior of canary against the adversarial trace, writing dir/<name>.verification.json.
Verdict verifyAgainstAdversarial(const QTemporaryDir& dir, const QString& canary, const QString& name)
{
    const QString output = dir.filePath(name + QStringLiteral(".verification.json"));
    const auto r = runCli({QStringLiteral("verify-behavior"), adversarialPath(), canary, QStringLiteral("-o"), output});
    return {r.exitCode, readJson(output)};
}

} // namespace

class TestCliVerify : public QObject {
    Q_OBJECT
private slots:
    void helpExplainsEachCommand()
    {
        for (const char* command : {"verify-behavior", "reduce", "baseline"}) {
            const auto r = runCli({QLatin1String(command), QStringLiteral("--help")});
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.out.contains(QStringLiteral("--configs")) || r.out.contains(QStringLiteral("--method")),
                     command);
        }
    }

    void losslessCanaryIsVerifiedAndDescribed()
    {
        QTemporaryDir dir;
        const QString canary = writeLosslessCanary(dir);
        const QString output = dir.filePath(QStringLiteral("verification.json"));
        const auto r = runCli({QStringLiteral("verify-behavior"), adversarialPath(), canary,
                               QStringLiteral("--configs"), configsDir() + QStringLiteral("/default.configs.json"),
                               QStringLiteral("--require"), QStringLiteral("verified"), QStringLiteral("-o"), output});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("claim: verified")));
        const QJsonObject v = readJson(output);
        QCOMPARE(v.value(QStringLiteral("format")).toString(), QStringLiteral("commcanary-workbench.verification.v1"));
        QCOMPARE(v.value(QStringLiteral("claim")).toString(), QStringLiteral("verified"));
        QCOMPARE(v.value(QStringLiteral("statuses")).toObject().keys().size(), 5);
        for (const char* key : {"timing_mode", "commitments", "coverage", "behavioral_fidelity", "ranking"}) {
            QCOMPARE(status(v, key), QStringLiteral("pass"));
        }
        // Same inputs, same bytes.
        const QString again = dir.filePath(QStringLiteral("again.json"));
        QCOMPARE(runCli({QStringLiteral("verify-behavior"), adversarialPath(), canary, QStringLiteral("-o"), again})
                     .exitCode,
                 0);
        QCOMPARE(readAll(again), readAll(output));
        // info knows the format.
        const auto info = runCli({QStringLiteral("info"), output});
        QCOMPARE(info.exitCode, 0);
        QVERIFY(info.out.contains(QStringLiteral("commcanary-workbench.verification.v1")));
        QVERIFY(info.out.contains(QStringLiteral("verified")));
    }

    void reduceReproducesTheOpeningResult()
    {
        QTemporaryDir dir;
        const QString reduced = dir.filePath(QStringLiteral("reduced.canary.json"));
        // The declared tie tolerance under which the decision-only oracle lets ddmin collapse the trace.
        const QStringList tie = {QStringLiteral("--ranking-tie-tolerance-us"), QStringLiteral("100")};
        const auto r =
            runCli(QStringList{QStringLiteral("reduce"), adversarialPath(), QStringLiteral("--configs"),
                               configsDir() + QStringLiteral("/default.configs.json"), QStringLiteral("-o"), reduced} +
                   tie);
        QCOMPARE(r.exitCode, 0);
        const auto match =
            QRegularExpression(QStringLiteral("reduced 100 -> (\\d+) events in (\\d+) oracle calls")).match(r.out);
        QVERIFY2(match.hasMatch(), qPrintable(r.out));
        QVERIFY(match.captured(1).toInt() <= 2);
        QVERIFY(match.captured(2).toInt() > 0);
        QVERIFY(r.out.contains(QStringLiteral("all 40")));
        QVERIFY2(r.out.contains(QStringLiteral("declared tie tolerance: 1 % of the larger value or 100000 ns")),
                 qPrintable(r.out));

        const QString output = dir.filePath(QStringLiteral("verification.json"));
        const auto v = runCli(
            QStringList{QStringLiteral("verify-behavior"), adversarialPath(), reduced, QStringLiteral("-o"), output} +
            tie);
        QCOMPARE(v.exitCode, 1); // a valid negative result, and the evidence is written
        const QJsonObject json = readJson(output);
        QCOMPARE(status(json, "ranking"), QStringLiteral("pass"));
        QCOMPARE(status(json, "behavioral_fidelity"), QStringLiteral("fail"));
        QCOMPARE(json.value(QStringLiteral("claim")).toString(), QStringLiteral("failed"));
    }

    void isolatedBaselineFailsTheRanking()
    {
        QTemporaryDir dir;
        const QString baseline = dir.filePath(QStringLiteral("isolated.canary.json"));
        const auto b = runCli({QStringLiteral("baseline"), adversarialPath(), QStringLiteral("--method"),
                               QStringLiteral("isolated"), QStringLiteral("-o"), baseline});
        QCOMPARE(b.exitCode, 0);
        QVERIFY(b.out.contains(QStringLiteral("isolated")));
        const QString output = dir.filePath(QStringLiteral("verification.json"));
        const auto v =
            runCli({QStringLiteral("verify-behavior"), adversarialPath(), baseline, QStringLiteral("-o"), output});
        QCOMPARE(v.exitCode, 1);
        QCOMPARE(status(readJson(output), "ranking"), QStringLiteral("fail"));
    }

    void everyBaselineMethodWritesACanary()
    {
        QTemporaryDir dir;
        for (const char* method : {"isolated", "random", "frequency", "cluster", "stratified"}) {
            const QString path = dir.filePath(QLatin1String(method) + QStringLiteral(".json"));
            const auto r = runCli({QStringLiteral("baseline"), example(QStringLiteral("decode.trace.json")),
                                   QStringLiteral("--method"), QLatin1String(method), QStringLiteral("-o"), path});
            QCOMPARE(r.exitCode, 0);
            const auto v =
                runCli({QStringLiteral("verify-behavior"), example(QStringLiteral("decode.trace.json")), path});
            QVERIFY2(v.exitCode == 0 || v.exitCode == 1, qPrintable(v.err));
            QVERIFY(v.out.contains(QStringLiteral("ranking")));
        }
    }

    void tamperedFilesFailTheMatchingStatus()
    {
        QTemporaryDir dir;
        const QString canary = writeLosslessCanary(dir);
        QByteArray bytes = readAll(canary);
        // Edit one hex digit of a segment commitment (the file keeps its size).
        const qsizetype at = bytes.indexOf("\"sha256\":\"");
        QVERIFY(at > 0);
        const qsizetype digit = at + 10 + 5;
        bytes[digit] = bytes[digit] == 'a' ? 'b' : 'a';
        const QString edited = dir.filePath(QStringLiteral("edited.canary.json"));
        QVERIFY(writeAll(edited, bytes));
        const auto [code, v] = verifyAgainstAdversarial(dir, edited, QStringLiteral("edited"));
        QCOMPARE(code, 1);
        QCOMPARE(status(v, "commitments"), QStringLiteral("fail"));
        for (const char* key : {"timing_mode", "coverage", "behavioral_fidelity", "ranking"}) {
            QCOMPARE(status(v, key), QStringLiteral("pass"));
        }

        // A prefix canary relabelled as full.
        const QString relabelled = writeRelabelledFull(dir, readAll(writeLosslessCanary(dir, 60)));
        QVERIFY(!relabelled.isEmpty());
        const auto [code2, v2] = verifyAgainstAdversarial(dir, relabelled, QStringLiteral("relabelled"));
        QCOMPARE(code2, 1);
        QCOMPARE(status(v2, "coverage"), QStringLiteral("fail"));
        QCOMPARE(status(v2, "commitments"), QStringLiteral("pass"));
        QCOMPARE(status(v2, "timing_mode"), QStringLiteral("pass"));
    }

    void sampledSubsetRelabelledFullFailsCoverageOnly()
    {
        // A random sample of the source is a subset: partial coverage with its kept runs listed. Relabelled
        // as full, exactly one status changes: coverage.
        QTemporaryDir dir;
        const QString sample = dir.filePath(QStringLiteral("random.canary.json"));
        QCOMPARE(runCli({QStringLiteral("baseline"), adversarialPath(), QStringLiteral("--method"),
                         QStringLiteral("random"), QStringLiteral("-o"), sample})
                     .exitCode,
                 0);
        const auto info = runCli({QStringLiteral("info"), sample});
        QCOMPARE(info.exitCode, 0);
        QVERIFY2(info.out.contains(QStringLiteral("commcanary-workbench.canary.v1")), qPrintable(info.out));
        QVERIFY2(info.out.contains(QStringLiteral("partial (a subset: 32 kept events in ")), qPrintable(info.out));
        const QByteArray bytes = readAll(sample);
        QVERIFY(bytes.contains("\"coverage\":\"partial\""));
        QVERIFY(bytes.contains("\"runs\":[["));
        const QString honest = dir.filePath(QStringLiteral("honest.verification.json"));
        const auto h =
            runCli({QStringLiteral("verify-behavior"), adversarialPath(), sample, QStringLiteral("-o"), honest});
        QCOMPARE(h.exitCode, 1);
        const QJsonObject before = readJson(honest);
        QCOMPARE(status(before, "coverage"), QStringLiteral("pass"));
        QCOMPARE(status(before, "commitments"), QStringLiteral("pass"));
        QCOMPARE(status(before, "timing_mode"), QStringLiteral("pass"));
        QVERIFY(before.value(QStringLiteral("claim")).toString() != QStringLiteral("verified"));
        const QJsonArray runs = before.value(QStringLiteral("statuses"))
                                    .toObject()
                                    .value(QStringLiteral("coverage"))
                                    .toObject()
                                    .value(QStringLiteral("evidence"))
                                    .toObject()
                                    .value(QStringLiteral("covered_runs"))
                                    .toArray();
        QVERIFY(runs.size() >= 2);
        qint64 kept = 0;
        for (const auto& run : runs) {
            kept += run.toArray().at(1).toInteger();
        }
        QCOMPARE(kept, qint64(32));
        QVERIFY2(h.out.contains(QStringLiteral("a subset in %1 runs").arg(runs.size())), qPrintable(h.out));

        const QString relabelled = writeRelabelledFull(dir, bytes);
        QVERIFY(!relabelled.isEmpty());
        const auto [code, after] = verifyAgainstAdversarial(dir, relabelled, QStringLiteral("tampered"));
        QCOMPARE(code, 1);
        QCOMPARE(status(after, "coverage"), QStringLiteral("fail"));
        for (const char* key : {"timing_mode", "commitments", "behavioral_fidelity", "ranking"}) {
            QCOMPARE(status(after, key), status(before, key));
        }
        QCOMPARE(after.value(QStringLiteral("claim")).toString(), QStringLiteral("failed"));
        const auto f = runCli({QStringLiteral("verify-fidelity"), adversarialPath(), relabelled});
        QCOMPARE(f.exitCode, 1);
        QVERIFY2(f.out.contains(QStringLiteral("scattered runs")) || f.err.contains(QStringLiteral("scattered runs")),
                 qPrintable(f.out + f.err));
    }

    void unknownSkewIsNotEnoughForRequireVerified()
    {
        QTemporaryDir dir;
        QString text = QString::fromUtf8(readAll(adversarialPath()));
        text.remove(QRegularExpression(QStringLiteral("\"rank_arrival_us\":\\{[^}]*\\},")));
        const QString trace = dir.filePath(QStringLiteral("unknown-skew.trace.json"));
        QVERIFY(writeAll(trace, text.toUtf8()));
        cc::NullProgress progress;
        const cc::Trace parsed = cc::readTrace(trace.toStdString(), progress);
        QCOMPARE(parsed.unknownSkewCount(), std::size_t(100));
        const cc::CompileResult compiled = cc::compileCanary(parsed, cc::CompileOptions{}, progress);
        const QString canary = dir.filePath(QStringLiteral("unknown-skew.canary.json"));
        cc::writeFileAtomic(canary.toStdString(), compiled.bytes);
        const QString output = dir.filePath(QStringLiteral("v.json"));
        const auto plain = runCli({QStringLiteral("verify-behavior"), trace, canary, QStringLiteral("-o"), output});
        QCOMPARE(plain.exitCode, 0);
        QCOMPARE(readJson(output).value(QStringLiteral("claim")).toString(), QStringLiteral("behaviorally_unverified"));
        const auto strict = runCli({QStringLiteral("verify-behavior"), trace, canary, QStringLiteral("--require"),
                                    QStringLiteral("verified")});
        QCOMPARE(strict.exitCode, 1);
        QVERIFY(strict.err.contains(QStringLiteral("weaker than the verified required")));
    }

    void refusalsWriteNothing()
    {
        QTemporaryDir dir;
        const QString canary = writeLosslessCanary(dir);
        const QString output = dir.filePath(QStringLiteral("out.json"));
        const QStringList before = filesIn(dir.path());

        // Not a canary: exit 3, the file named.
        const QString junk = dir.filePath(QStringLiteral("junk.json"));
        QVERIFY(writeAll(junk, "{\"format\":\"something else\"}"));
        auto r = runCli({QStringLiteral("verify-behavior"), adversarialPath(), junk, QStringLiteral("-o"), output});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains(QStringLiteral("junk.json")));
        QVERIFY(!QFile::exists(output));

        // A bad tolerance: usage error, exit 2.
        r = runCli({QStringLiteral("verify-behavior"), adversarialPath(), canary,
                    QStringLiteral("--relative-tolerance-pct"), QStringLiteral("-5"), QStringLiteral("-o"), output});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("--relative-tolerance-pct")));
        QVERIFY(!QFile::exists(output));

        // A configuration set with one configuration cannot rank: exit 3.
        const QString one = dir.filePath(QStringLiteral("one.configs.json"));
        QJsonObject set = readJson(configsDir() + QStringLiteral("/default.configs.json"));
        QJsonArray configs = set.value(QStringLiteral("configurations")).toArray();
        while (configs.size() > 1) {
            configs.removeLast();
        }
        set.insert(QStringLiteral("configurations"), configs);
        QVERIFY(writeAll(one, QJsonDocument(set).toJson()));
        r = runCli({QStringLiteral("verify-behavior"), adversarialPath(), canary, QStringLiteral("--configs"), one,
                    QStringLiteral("-o"), output});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains(QStringLiteral("at least two")));
        QVERIFY(!QFile::exists(output));

        // A missing trace: exit 3.
        r = runCli({QStringLiteral("verify-behavior"), dir.filePath(QStringLiteral("missing.json")), canary,
                    QStringLiteral("-o"), output});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(!QFile::exists(output));

        // Bad --require: exit 2.
        r = runCli({QStringLiteral("verify-behavior"), adversarialPath(), canary, QStringLiteral("--require"),
                    QStringLiteral("perfect"), QStringLiteral("-o"), output});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(!QFile::exists(output));

        // reduce without -o, baseline with an unknown method: exit 2.
        const QString reduced = dir.filePath(QStringLiteral("reduced.json"));
        r = runCli({QStringLiteral("reduce"), adversarialPath()});
        QCOMPARE(r.exitCode, 2);
        r = runCli({QStringLiteral("baseline"), adversarialPath(), QStringLiteral("--method"), QStringLiteral("nccl"),
                    QStringLiteral("-o"), reduced});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("isolated")));
        r = runCli({QStringLiteral("reduce"), junk, QStringLiteral("-o"), reduced});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains(QStringLiteral("junk.json")));
        QVERIFY(!QFile::exists(reduced));
        r = runCli({QStringLiteral("baseline"), junk, QStringLiteral("--method"), QStringLiteral("random"),
                    QStringLiteral("-o"), reduced});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(!QFile::exists(reduced));
        r = runCli({QStringLiteral("baseline"), adversarialPath(), QStringLiteral("--method"), QStringLiteral("random"),
                    QStringLiteral("--sample-count"), QStringLiteral("0"), QStringLiteral("-o"), reduced});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("--sample-count")));
        QVERIFY(!QFile::exists(reduced));
        r = runCli({QStringLiteral("reduce"), adversarialPath(), QStringLiteral("--ranking-tie-tolerance-us"),
                    QStringLiteral("x"), QStringLiteral("-o"), reduced});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("--ranking-tie-tolerance-us")));
        QVERIFY(!QFile::exists(reduced));
        QStringList expected = before;
        expected << QStringLiteral("junk.json") << QStringLiteral("one.configs.json");
        expected.sort();
        QCOMPARE(filesIn(dir.path()), expected);
    }
};

QTEST_GUILESS_MAIN(TestCliVerify)
#include "tst_cli_verify.moc"
