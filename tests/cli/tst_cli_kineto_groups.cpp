// import-kineto --group / --group-of-size / --groups and --ledger end to end with the real binary:
// the shared profiles that need a declaration import with the right one, a wrong one is refused
// naming the conflict and writes nothing (neither the trace nor the ledger), and the ledger file
// accounts for every event of the profile.
#include "test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using cctest::runCli;

class TestCliKinetoGroups : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path(const QString& name) const { return dir_.filePath(name); }
private slots:
    void initTestCase();
    void helpNamesTheOptions();
    void declaredGroupImportsAndLedgerAddsUp();
    void groupsFileImports();
    void wrongDeclarationWritesNothing();
    void usageErrorsWriteNothing();
    void badGroupsFileWritesNothing();
};

namespace {

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

QString kineto(const char* name)
{
    return cctest::sharedDir() + s("/data/kineto/") + s(name);
}

} // namespace

void TestCliKinetoGroups::initTestCase()
{
    QVERIFY(dir_.isValid());
}

void TestCliKinetoGroups::helpNamesTheOptions()
{
    auto r = runCli({s("import-kineto"), s("--help")});
    QCOMPARE(r.exitCode, 0);
    for (const char* option : {"--group NAME=RANKS", "--group-of-size N=RANKS", "--groups FILE", "--ledger FILE"}) {
        QVERIFY2(r.out.contains(s(option)), option);
    }
}

void TestCliKinetoGroups::declaredGroupImportsAndLedgerAddsUp()
{
    if (!cctest::haveShared(s("data/kineto"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    const QString out = path(s("nq.trace.json"));
    const QString ledger = path(s("nq.ledger.json"));
    auto r = runCli({s("import-kineto"), kineto("hta-negative_queue-rank0.json.gz"), s("--group-of-size"), s("8=0-7"),
                     s("--ledger"), ledger, s("-o"), out});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(s("declared: the collectives whose shapes imply 8 ranks ran on ranks 0-7 "
                              "(--group-of-size 8=0-7), used by 20 calls")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(s("108936 of 108936 profile events accounted for")), qPrintable(r.out));
    const auto trace = cctest::readJsonObject(out);
    QCOMPARE(trace[s("events")].toArray().size(), 85);
    QVERIFY(trace[s("workload")].toObject()[s("notes")].toString().contains(s("Declared by the user, not recorded")));
    QCOMPARE(runCli({s("validate"), out}).exitCode, 0);
    const auto doc = cctest::readJsonObject(ledger);
    QCOMPARE(doc[s("format")].toString(), s("commcanary-workbench.import-ledger.v1"));
    const auto profile = doc[s("profiles")].toArray()[0].toObject();
    QCOMPARE(profile[s("total_events")].toInteger(), 108936);
    qint64 sum = 0;
    for (const auto& c : profile[s("categories")].toArray()) {
        sum += c.toObject()[s("count")].toInteger();
        if (c.toObject()[s("category")].toString() == s("kept")) {
            QCOMPARE(c.toObject()[s("count")].toInteger(), 85);
        }
    }
    QCOMPARE(sum, 108936);
}

void TestCliKinetoGroups::groupsFileImports()
{
    if (!cctest::haveShared(s("data/kineto"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    const QString groups = path(s("groups.json"));
    QVERIFY(cctest::writeAll(groups, R"({"format": "commcanary-workbench.kineto-groups.v1",
        "groups": [{"size": 64, "ranks": "0:1:64"}]})"));
    const QString out = path(s("tf.trace.json"));
    const QString ledger = path(s("tf.ledger.json"));
    auto r = runCli({s("import-kineto"), kineto("hta-trace_filter-sampled_rank0.json.gz"),
                     kineto("hta-trace_filter-sampled_rank1.json.gz"), s("--groups"), groups, s("--ledger"), ledger,
                     s("-o"), out});
    // Each rank's profile imports with the declaration; the two sampled windows do not hold the same
    // calls, so the merge refuses them (by call order their first all_to_all has two dtypes).
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.out.contains(s("declared: the collectives whose shapes imply 64 ranks ran on ranks 0-63 "
                              "(groups.json $.groups[0]), used by 2 calls")),
             qPrintable(r.out));
    QVERIFY2(r.err.contains(s("conflicting metadata")), qPrintable(r.err));
    QVERIFY(!QFile::exists(out));
    QVERIFY(!QFile::exists(ledger));
    for (const char* rank : {"0", "1"}) {
        const QString one = path(QStringLiteral("tf%1.trace.json").arg(s(rank)));
        auto single =
            runCli({s("import-kineto"),
                    kineto(qPrintable(QStringLiteral("hta-trace_filter-sampled_rank%1.json.gz").arg(s(rank)))),
                    s("--groups"), groups, s("-o"), one});
        QCOMPARE(single.exitCode, 0);
        QCOMPARE(cctest::readJsonObject(one)[s("events")].toArray().size(), 10);
    }
}

void TestCliKinetoGroups::wrongDeclarationWritesNothing()
{
    if (!cctest::haveShared(s("data/kineto"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    const QString out = path(s("wrong.trace.json"));
    const QString ledger = path(s("wrong.ledger.json"));
    auto r = runCli({s("import-kineto"), kineto("hta-negative_queue-rank0.json.gz"), s("--group-of-size"), s("8=8-15"),
                     s("--ledger"), ledger, s("-o"), out});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(s("traceEvents[227].args.Input Dims")) &&
                 r.err.contains(s("--group-of-size 8=8-15 does not contain it")),
             qPrintable(r.err));
    QVERIFY(r.err.contains(s("nothing was written")));
    QVERIFY(!QFile::exists(out));
    QVERIFY(!QFile::exists(ledger));
    // the profile recorded without shapes stays refused, declaration or not
    auto shapes = runCli({s("import-kineto"), kineto("hta-df_index_resolver-rank1.json.gz"), s("--group-of-size"),
                          s("8=0-7"), s("-o"), out});
    QCOMPARE(shapes.exitCode, 3);
    QVERIFY2(shapes.err.contains(s("no tensor shape is recorded")), qPrintable(shapes.err));
    QVERIFY(!QFile::exists(out));
}

void TestCliKinetoGroups::usageErrorsWriteNothing()
{
    const QString out = path(s("usage.trace.json"));
    auto size = runCli({s("import-kineto"), s("a.json"), s("--group-of-size"), s("8=0-6"), s("-o"), out});
    QCOMPARE(size.exitCode, 2);
    QVERIFY2(size.err.contains(s("--group-of-size 8=0-6: declares a group of 8 ranks but lists 7 (0-6)")),
             qPrintable(size.err));
    auto named = runCli({s("import-kineto"), s("a.json"), s("--group"), s("tp"), s("-o"), out});
    QCOMPARE(named.exitCode, 2);
    QVERIFY2(named.err.contains(s("expected NAME=RANKS")), qPrintable(named.err));
    auto twice =
        runCli({s("import-kineto"), s("a.json"), s("--group"), s("tp=0-3"), s("--group"), s("tp=4-7"), s("-o"), out});
    QCOMPARE(twice.exitCode, 3);
    QVERIFY2(twice.err.contains(s("declares process group \"tp\" again")), qPrintable(twice.err));
    auto same = runCli({s("import-kineto"), s("a.json"), s("--ledger"), out, s("-o"), out});
    QCOMPARE(same.exitCode, 2);
    QVERIFY(!QFile::exists(out));
}

void TestCliKinetoGroups::badGroupsFileWritesNothing()
{
    const QString groups = path(s("bad-groups.json"));
    QVERIFY(cctest::writeAll(groups, R"({"format": "commcanary-workbench.kineto-groups.v1",
        "groups": [{"size": 8, "ranks": "0-6"}]})"));
    const QString out = path(s("badgroups.trace.json"));
    auto r = runCli({s("import-kineto"), s("a.json"), s("--groups"), groups, s("-o"), out});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(s("bad-groups.json")) && r.err.contains(s("$.groups[0].ranks")) &&
                 r.err.contains(s("lists 7 ranks for a group of size 8")),
             qPrintable(r.err));
    QVERIFY(!QFile::exists(out));
}

QTEST_GUILESS_MAIN(TestCliKinetoGroups)
#include "tst_cli_kineto_groups.moc"
