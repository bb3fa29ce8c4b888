// commcanary compile and verify-fidelity, end to end with the real binary and real files:
// the training example's lossless canary, bounded compiles that keep or fail their budget,
// partial canaries, tampering, every refusal (message, exit code, nothing written).
#include "test_support.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtTest>

using cctest::runCli;

namespace {

QString s(const char* text)
{
    return QString::fromLatin1(text);
}

QJsonObject readJson(const QString& path)
{
    return QJsonDocument::fromJson(cctest::readAll(path)).object();
}

} // namespace

class TestCliCompile : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path(const QString& name) const { return dir_.filePath(name); }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void helpExplainsAndListsLimits()
    {
        for (const char* command : {"compile", "verify-fidelity"}) {
            auto r = runCli({s(command), s("--help")});
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.out.contains(s("logical events a canary expands to")), qPrintable(r.out));
        }
        auto compile = runCli({s("compile"), s("--help")});
        for (const char* option : {"--lossless-timing", "--max-gap-error-us", "--max-skew-error-us",
                                   "--max-overlap-error-us", "--max-compute-before-error-us", "--max-pressure-error",
                                   "--timing-sample-limit", "--strict", "--configs", "--prefix", "--behavior-search",
                                   "--search-budgets", "--search-evidence-output", "--search-bounded-only"}) {
            QVERIFY2(compile.out.contains(s(option)), option);
        }
    }

    void trainingExampleCanaryIsFiftyTimesSmallerAndVerifies()
    {
        const QString trace = path(s("training.trace.json"));
        QCOMPARE(runCli({s("generate"), s("training"), s("-o"), trace}).exitCode, 0);
        QCOMPARE(cctest::readAll(trace), cctest::readAll(cctest::example(s("training.trace.json"))));
        const QString canary = path(s("training.canary.json"));
        auto c = runCli({s("compile"), trace, s("-o"), canary});
        QCOMPARE(c.exitCode, 0);
        QVERIFY2(c.out.contains(s("claim exact_expansion")), qPrintable(c.out));
        const qint64 sourceSize = QFileInfo(trace).size();
        const qint64 canarySize = QFileInfo(canary).size();
        qInfo("training example: %lld source bytes, %lld canary bytes", sourceSize, canarySize);
        QVERIFY2(sourceSize >= 50 * canarySize, qPrintable(QStringLiteral("%1 vs %2").arg(sourceSize).arg(canarySize)));
        auto header = readJson(canary);
        for (const char* key : {"format", "source_sha256", "source_events", "source_bytes", "canary_bytes",
                                "logical_events", "stored_events", "coverage", "timing_mode", "event_compression_ratio",
                                "byte_compression_ratio", "claim"}) {
            QVERIFY2(header.contains(s(key)), key);
        }
        QCOMPARE(header.value(s("canary_bytes")).toInteger(), canarySize);
        QCOMPARE(header.value(s("source_bytes")).toInteger(), sourceSize);
        QVERIFY(header.value(s("byte_compression_ratio")).toDouble() >= 50.0);
        QCOMPARE(header.value(s("coverage")).toString(), s("full"));
        QCOMPARE(header.value(s("timing_mode")).toString(), s("lossless"));
        // Same hash as the source's normalised form.
        auto h = runCli({s("hash"), trace});
        QCOMPARE(h.exitCode, 0);
        QCOMPARE(header.value(s("source_sha256")).toString(), h.out.left(64));
        const QString report = path(s("training.fidelity.json"));
        auto v = runCli({s("verify-fidelity"), trace, canary, s("-o"), report});
        QCOMPARE(v.exitCode, 0);
        QVERIFY(v.out.contains(s("bounds: pass")));
        QCOMPARE(readJson(report).value(s("status")).toString(), s("pass"));
        // Deterministic: compiling again gives the same bytes.
        const QString again = path(s("training.again.json"));
        QCOMPARE(runCli({s("compile"), trace, s("-o"), again}).exitCode, 0);
        QCOMPARE(cctest::readAll(again), cctest::readAll(canary));
    }

    void boundedKeepsItsBoundsAndATighterBudgetFailsClosed()
    {
        const QString trace = path(s("jittered.trace.json"));
        QCOMPARE(
            runCli({s("generate"), s("training"), s("--events"), s("12000"), s("--jitter-us"), s("5"), s("-o"), trace})
                .exitCode,
            0);
        const QString canary = path(s("jittered.canary.json"));
        auto c =
            runCli({s("compile"), trace, s("-o"), canary, s("--max-gap-error-us"), s("10"), s("--max-skew-error-us"),
                    s("10"), s("--max-compute-before-error-us"), s("10"), s("--max-overlap-error-us"), s("10")});
        QCOMPARE(c.exitCode, 0);
        QVERIFY(c.out.contains(s("timing bounded")));
        auto header = readJson(canary);
        const auto bounds = header.value(s("bounds")).toObject();
        QVERIFY(bounds.value(s("gap_ns")).toInteger() <= 10000);
        QVERIFY(bounds.value(s("gap_ns")).toInteger() > 0);
        QVERIFY(bounds.value(s("skew_ns")).toInteger() <= 10000);
        QCOMPARE(header.value(s("claim")).toString(), s("behaviorally_unverified"));
        auto v = runCli({s("verify-fidelity"), trace, canary});
        QCOMPARE(v.exitCode, 0);

        const QString tight = path(s("tight.canary.json"));
        auto f = runCli({s("compile"), trace, s("-o"), tight, s("--max-skew-error-us"), s("0.2")});
        QCOMPARE(f.exitCode, 1);
        QVERIFY2(f.err.contains(s("timing budget not met")), qPrintable(f.err));
        QVERIFY2(f.err.contains(s("skew_ns within its bound of 200")), qPrintable(f.err));
        QVERIFY2(f.err.contains(s("sample limit of 128")), qPrintable(f.err));
        QVERIFY(!QFileInfo::exists(tight));
        auto cb = runCli({s("compile"), trace, s("-o"), tight, s("--max-compute-before-error-us"), s("0.3"),
                          s("--timing-sample-limit"), s("8")});
        QCOMPARE(cb.exitCode, 1);
        QVERIFY2(cb.err.contains(s("compute_before_ns within its bound of 300")), qPrintable(cb.err));
        QVERIFY(!QFileInfo::exists(tight));
    }

    void prefixIsPartialAndTamperingIsCaught()
    {
        const QString trace = cctest::example(s("training.trace.json"));
        const QString canary = path(s("prefix.canary.json"));
        auto c = runCli({s("compile"), trace, s("-o"), canary, s("--prefix"), s("500")});
        QCOMPARE(c.exitCode, 0);
        QVERIFY(c.out.contains(s("coverage partial (events [0, 500) of 2740)")));
        auto header = readJson(canary);
        QCOMPARE(header.value(s("coverage")).toString(), s("partial"));
        QCOMPARE(header.value(s("claim")).toString(), s("behaviorally_unverified"));
        QCOMPARE(runCli({s("verify-fidelity"), trace, canary}).exitCode, 0);

        // Marked full: coverage fails.
        QByteArray bytes = cctest::readAll(canary);
        QByteArray full = bytes;
        full.replace("\"coverage\":\"partial\"", "\"coverage\":\"full\"   ");
        QCOMPARE(full.size(), bytes.size());
        const QString fullPath = path(s("prefix-marked-full.canary.json"));
        QVERIFY(cctest::writeAll(fullPath, full));
        const QString report = path(s("prefix-marked-full.fidelity.json"));
        auto v = runCli({s("verify-fidelity"), trace, fullPath, s("-o"), report});
        QCOMPARE(v.exitCode, 1);
        QVERIFY2(v.err.contains(s("coverage: FAIL")), qPrintable(v.err));
        QVERIFY(v.err.contains(s("coverage says full")));
        QCOMPARE(readJson(report).value(s("status")).toString(), s("fail"));

        // A changed source event: its segment's commitment fails.
        QByteArray source = cctest::readAll(trace);
        const QByteArray marker = "\"id\":\"it0-7\"";
        const qsizetype at = source.indexOf(marker);
        QVERIFY(at > 0);
        const qsizetype bytesAt = source.lastIndexOf("\"bytes\":16777216", at);
        QVERIFY(bytesAt > 0);
        source.replace(bytesAt, 16, "\"bytes\":16777217");
        const QString changed = path(s("changed.trace.json"));
        QVERIFY(cctest::writeAll(changed, source));
        auto t = runCli({s("verify-fidelity"), changed, canary});
        QCOMPARE(t.exitCode, 1);
        QVERIFY2(t.err.contains(s("commitments: FAIL")), qPrintable(t.err));
        QVERIFY2(t.err.contains(s("segment 0")), qPrintable(t.err));
    }

    void peerTracesAgainstThePrototype()
    {
        if (!cctest::haveShared(s("peer"))) {
            QSKIP("../shared/peer is absent: the prototype's traces and canaries are not available");
        }
        const QString peer = cctest::sharedDir() + s("/peer/");
        for (const char* name : {"adversarial_decode", "llama70b_tp8_trace", "llama70b_tp8_trace_long"}) {
            const QString file = QString::fromLatin1(name) == s("adversarial_decode")
                                     ? s("adversarial_decode.trace.json")
                                     : QString::fromLatin1(name) + s(".json");
            const QString trace = peer + s("traces/") + file;
            const QString canary = path(QString::fromLatin1(name) + s(".canary.json"));
            QCOMPARE(runCli({s("compile"), trace, s("-o"), canary}).exitCode, 0);
            QCOMPARE(runCli({s("verify-fidelity"), trace, canary}).exitCode, 0);
            const qint64 ours = QFileInfo(canary).size();
            const qint64 theirs =
                QFileInfo(peer + s("canaries/") + QString::fromLatin1(name) + s(".lossless.canary.json")).size();
            qInfo("%s: ours %lld bytes (lossless), prototype %lld bytes (--lossless-timing)", name, ours, theirs);
            QVERIFY(theirs > 0);
            QVERIFY(ours < theirs);
        }
    }

    void refusalsWriteNothing_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("expected");
        const QString trace = cctest::example(s("adversarial_decode.trace.json"));
        QTest::newRow("tolerance without strict")
            << QStringList{s("compile"), trace, s("-o"), s("OUT"), s("--relative-tolerance-pct"), s("3")} << 2
            << s("--relative-tolerance-pct is only used with --strict");
        QTest::newRow("configs without strict")
            << QStringList{s("compile"), trace, s("-o"), s("OUT"), s("--configs"), s("x.json")} << 2
            << s("--configs is only used with --strict");
        QTest::newRow("strict with missing configs")
            << QStringList{s("compile"), trace, s("-o"), s("OUT"), s("--strict"), s("--configs"), s("MISSING")} << 3
            << s("no such file");
        QTest::newRow("strict refuses a failing canary")
            << QStringList{s("compile"), trace, s("-o"), s("OUT"), s("--strict"), s("--timing-sample-limit"), s("1")}
            << 1 << s("behaviour verification failed");
        QTest::newRow("lossless with budget")
            << QStringList{s("compile"), trace, s("-o"), s("OUT"), s("--lossless-timing"), s("--max-gap-error-us"),
                           s("1")}
            << 2 << s("cannot be combined");
        QTest::newRow("no output") << QStringList{s("compile"), trace} << 2 << s("missing -o CANARY");
        QTest::newRow("prefix zero") << QStringList{s("compile"), trace, s("-o"), s("OUT"), s("--prefix"), s("0")} << 2
                                     << s("--prefix must be a positive integer");
        QTest::newRow("bad bound") << QStringList{s("compile"), trace, s("-o"), s("OUT"), s("--max-gap-error-us"),
                                                  s("-3")}
                                   << 2 << s("--max-gap-error-us: must be a non-negative number");
        QTest::newRow("bad group limit")
            << QStringList{s("compile"), trace, s("-o"), s("OUT"), s("--group-sample-limit"), s("abc=3")} << 2
            << s("--group-sample-limit takes HASH=N");
        QTest::newRow("missing trace") << QStringList{s("compile"), s("MISSING"), s("-o"), s("OUT")} << 3
                                       << s("no such file");
        QTest::newRow("invalid trace") << QStringList{s("compile"), s("BAD"), s("-o"), s("OUT")} << 3
                                       << s("must be a positive integer number of bytes");
        QTest::newRow("search budgets without search")
            << QStringList{s("compile"), trace, s("-o"), s("OUT"), s("--search-budgets"), s("1,2")} << 2
            << s("--search-budgets is only used with --behavior-search");
        QTest::newRow("search with a prefix")
            << QStringList{s("compile"), trace, s("-o"), s("OUT"), s("--behavior-search"), s("--prefix"), s("10")} << 2
            << s("--behavior-search cannot be combined with --prefix");
        QTest::newRow("search with strict")
            << QStringList{s("compile"), trace, s("-o"), s("OUT"), s("--behavior-search"), s("--strict")} << 2
            << s("--behavior-search cannot be combined with --strict");
        QTest::newRow("search with a bad range") << QStringList{s("compile"),
                                                                trace,
                                                                s("-o"),
                                                                s("OUT"),
                                                                s("--behavior-search"),
                                                                s("--search-budgets"),
                                                                s("4..1"),
                                                                s("--search-evidence-output"),
                                                                s("EVIDENCE")}
                                                 << 2 << s("--search-budgets");
        QTest::newRow("search with missing configs")
            << QStringList{s("compile"),           trace,          s("-o"),      s("OUT"),
                           s("--behavior-search"), s("--configs"), s("MISSING"), s("--search-evidence-output"),
                           s("EVIDENCE")}
            << 3 << s("no such file");
        QTest::newRow("search of an invalid trace") << QStringList{s("compile"),
                                                                   s("BAD"),
                                                                   s("-o"),
                                                                   s("OUT"),
                                                                   s("--behavior-search"),
                                                                   s("--search-evidence-output"),
                                                                   s("EVIDENCE")}
                                                    << 3 << s("must be a positive integer number of bytes");
        QTest::newRow("budget not met") << QStringList{s("compile"),
                                                       trace,
                                                       s("-o"),
                                                       s("OUT"),
                                                       s("--max-gap-error-us"),
                                                       s("0"),
                                                       s("--timing-sample-limit"),
                                                       s("1")}
                                        << 1 << s("gap_ns within its bound of 0");
    }
    void refusalsWriteNothing()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, expected);
        QTemporaryDir work;
        const QString bad = work.filePath(s("bad.trace.json"));
        QVERIFY(cctest::writeAll(
            bad,
            R"({"format":"commcanary.trace.v1","events":[{"op":"all_reduce","bytes":0,"ranks":[0,1],"gap_us":1}]})"));
        for (auto& a : args) {
            if (a == s("OUT")) {
                a = work.filePath(s("out.canary.json"));
            } else if (a == s("MISSING")) {
                a = work.filePath(s("missing.trace.json"));
            } else if (a == s("BAD")) {
                a = bad;
            } else if (a == s("EVIDENCE")) {
                a = work.filePath(s("search.evidence.json"));
            }
        }
        auto r = runCli(args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
        QCOMPARE(cctest::filesIn(work.path()), QStringList{s("bad.trace.json")});
    }

    void groupLimitsComeFromShowGroups()
    {
        const QString trace = cctest::example(s("training_jittered.trace.json"));
        const QString canary = path(s("groups.canary.json"));
        auto r = runCli({s("compile"), trace, s("-o"), canary, s("--timing-sample-limit"), s("4"), s("--show-groups")});
        QCOMPARE(r.exitCode, 0);
        const QRegularExpression line(
            s("group ([0-9a-f]{16})  (all_gather 16777216 B, 4 ranks, group tp.s0, phase forward): "
              "(\\d+) events, (\\d+) samples \\(limit 4\\)"));
        auto match = line.match(r.out);
        QVERIFY2(match.hasMatch(), qPrintable(r.out));
        QVERIFY(match.captured(4).toInt() <= 4);
        const QString hash = match.captured(1);
        auto narrowed = runCli({s("compile"), trace, s("-o"), canary, s("--timing-sample-limit"), s("4"),
                                s("--group-sample-limit"), hash + s("=1"), s("--show-groups")});
        QCOMPARE(narrowed.exitCode, 0);
        QVERIFY2(narrowed.out.contains(s("group ") + hash +
                                       s("  all_gather 16777216 B, 4 ranks, group tp.s0, phase forward: ") +
                                       match.captured(3) + s(" events, 1 samples (limit 1)")),
                 qPrintable(narrowed.out));
        QCOMPARE(readJson(canary)
                     .value(s("budget"))
                     .toObject()
                     .value(s("group_sample_limits"))
                     .toObject()
                     .value(hash)
                     .toInt(),
                 1);
        QCOMPARE(runCli({s("verify-fidelity"), trace, canary}).exitCode, 0);
    }

    void strictCompileWritesAVerifiedCanary()
    {
        const QString trace = cctest::example(s("adversarial_decode.trace.json"));
        const QString canary = path(s("strict.canary.json"));
        auto r = runCli({s("compile"), trace, s("-o"), canary, s("--strict"), s("--configs"),
                         cctest::configsDir() + s("/default.configs.json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(QFileInfo::exists(canary));
        // The adversarial trace has measured skew: a lossless canary that passed verification.
        QVERIFY2(r.out.contains(s("claim exact_expansion")), qPrintable(r.out));
    }

    void behaviourSearchWritesTheSmallestPassingCanaryAndItsEvidence()
    {
        const QString trace = cctest::example(s("adversarial_decode.trace.json"));
        const QString canary = path(s("searched.canary.json"));
        const QString evidence = path(s("searched.evidence.json"));
        auto r = runCli({s("compile"), trace, s("--behavior-search"), s("--configs"),
                         cctest::configsDir() + s("/default.configs.json"), s("--search-budgets"), s("1,2,4,8"),
                         s("--search-evidence-output"), evidence, s("-o"), canary});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(s("behaviour search: ")), qPrintable(r.out));
        const QJsonObject root = readJson(evidence);
        QCOMPARE(root.value(s("format")).toString(), s("commcanary-workbench.search-evidence.v1"));
        QVERIFY(root.value(s("optimality")).toString().contains(s("no optimality claim")));
        const QJsonArray candidates = root.value(s("candidates")).toArray();
        // The lossless candidate, one per declared budget, then the per-group attempts.
        QVERIFY(candidates.size() >= 5);
        QCOMPARE(candidates.at(0).toObject().value(s("stage")).toString(), s("lossless"));
        QList<qint64> declared;
        qint64 smallestPassing = -1;
        qint64 selectedBytes = -1;
        int selected = 0;
        for (qsizetype k = 0; k < candidates.size(); ++k) {
            const QJsonObject c = candidates.at(k).toObject();
            QCOMPARE(c.value(s("index")).toInteger(), qint64(k));
            if (c.value(s("stage")).toString() == s("uniform")) {
                declared << c.value(s("sample_limit")).toInteger();
            }
            const QString outcome = c.value(s("outcome")).toString();
            QVERIFY2(outcome == s("passed") || outcome == s("failed_verification") ||
                         outcome == s("refused_by_compiler"),
                     qPrintable(outcome));
            if (outcome == s("refused_by_compiler")) {
                QVERIFY(!c.value(s("refusal")).toString().isEmpty());
                continue;
            }
            const qint64 bytes = c.value(s("bytes")).toInteger();
            QVERIFY(bytes > 0);
            const QJsonObject statuses = c.value(s("statuses")).toObject();
            QCOMPARE(statuses.size(), 5);
            bool all = true;
            for (const char* key : {"timing_mode", "commitments", "coverage", "behavioral_fidelity", "ranking"}) {
                const QString st = statuses.value(s(key)).toString();
                QVERIFY2(st == s("pass") || st == s("fail"), key);
                all = all && st == s("pass");
            }
            QCOMPARE(outcome == s("passed"), all);
            QCOMPARE(c.value(s("failures")).toArray().isEmpty(), all);
            if (all && (smallestPassing < 0 || bytes < smallestPassing)) {
                smallestPassing = bytes;
            }
            if (c.value(s("selected")).toBool()) {
                ++selected;
                selectedBytes = bytes;
            }
        }
        QCOMPARE(declared, (QList<qint64>{1, 2, 4, 8}));
        QCOMPARE(selected, 1);
        // The winner is the smallest passing candidate, and the file written is the artifact the evidence names.
        QCOMPARE(selectedBytes, smallestPassing);
        const QJsonObject chosen = root.value(s("selected")).toObject();
        QCOMPARE(chosen.value(s("bytes")).toInteger(), QFileInfo(canary).size());
        QCOMPARE(
            chosen.value(s("canary_sha256")).toString(),
            QString::fromLatin1(QCryptographicHash::hash(cctest::readAll(canary), QCryptographicHash::Sha256).toHex()));
        QCOMPARE(chosen.value(s("verification_claim")).toString(), s("verified"));
        auto v = runCli({s("verify-behavior"), trace, canary});
        QCOMPARE(v.exitCode, 0);
        QVERIFY2(v.out.startsWith(s("claim: verified")), qPrintable(v.out));
    }

    void behaviourSearchThatFindsNothingWritesOnlyItsEvidence()
    {
        // Only a one-sample bounded candidate competes: it merges the adversarial trace's tail windows and
        // reset gaps into its decode steps and fails behaviour, so nothing is written but the evidence.
        QTemporaryDir work;
        const QString canary = work.filePath(s("none.canary.json"));
        const QString evidence = work.filePath(s("none.evidence.json"));
        auto r = runCli({s("compile"), cctest::example(s("adversarial_decode.trace.json")), s("--behavior-search"),
                         s("--search-budgets"), s("1"), s("--search-bounded-only"), s("--search-evidence-output"),
                         evidence, s("-o"), canary});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(s("no canary written")), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(canary));
        QCOMPARE(cctest::filesIn(work.path()), QStringList{s("none.evidence.json")});
        const QJsonObject root = readJson(evidence);
        QVERIFY(root.value(s("selected")).isNull());
        const QJsonArray candidates = root.value(s("candidates")).toArray();
        QCOMPARE(candidates.size(), qsizetype(1));
        const QJsonObject only = candidates.at(0).toObject();
        QCOMPARE(only.value(s("outcome")).toString(), s("failed_verification"));
        QCOMPARE(only.value(s("statuses")).toObject().value(s("behavioral_fidelity")).toString(), s("fail"));
        QVERIFY(only.value(s("bytes")).toInteger() > 0);
    }

    void verifyFidelityRefusesOversizedAndMalformedCanaries()
    {
        const QString trace = cctest::example(s("training.trace.json"));
        const QString canary = path(s("limit.canary.json"));
        QCOMPARE(runCli({s("compile"), trace, s("-o"), canary}).exitCode, 0);
        const QString report = path(s("limit.fidelity.json"));
        auto r = runCli({s("verify-fidelity"), trace, canary, s("--max-expanded-events"), s("1000"), s("-o"), report});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(s("would expand to 2740 logical events, more than the limit of 1000")),
                 qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(report));
        const QString junk = path(s("junk.canary.json"));
        QVERIFY(cctest::writeAll(junk, "{\"format\":\"commcanary-workbench.canary.v1\"}"));
        auto j = runCli({s("verify-fidelity"), trace, junk, s("-o"), report});
        QCOMPARE(j.exitCode, 3);
        QVERIFY2(j.err.contains(s("source_sha256: is missing")), qPrintable(j.err));
        QVERIFY(!QFileInfo::exists(report));
    }
};

QTEST_GUILESS_MAIN(TestCliCompile)
#include "tst_cli_compile.moc"
