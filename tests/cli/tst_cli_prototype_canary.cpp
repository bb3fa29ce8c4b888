// The Python prototype's canaries through the real binary: replay and export-param accept every one
// in ../shared/peer/canaries (a lossless one replays exactly like its source trace), `info` names
// them, and a malformed one is refused (exit 3, naming the file and JSON path) with nothing written.
#include "test_support.h"

#include <QtTest>

using cctest::runCli;

class TestCliPrototypeCanary : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path(const QString& name) const { return dir_.filePath(name); }
private slots:
    void initTestCase();
    void sharedCanariesReplayAndExport();
    void losslessCanaryReplaysLikeItsSource();
    void infoNamesTheCanary();
    void malformedCanaryWritesNothing();
};

namespace {

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

QString peer(const char* relative)
{
    return cctest::sharedDir() + s("/peer/") + s(relative);
}

/// The per-configuration table replay prints (its last lines), without the file names above it.
QString table(const QString& out)
{
    const qsizetype at = out.indexOf(s("baseline"));
    return at < 0 ? QString() : out.mid(at);
}

} // namespace

void TestCliPrototypeCanary::initTestCase()
{
    QVERIFY(dir_.isValid());
}

void TestCliPrototypeCanary::sharedCanariesReplayAndExport()
{
    if (!cctest::haveShared(s("peer"))) {
        QSKIP("../shared/peer is absent");
    }
    const QStringList canaries = QDir(peer("canaries")).entryList({s("*.canary.json")}, QDir::Files, QDir::Name);
    QCOMPARE(canaries.size(), 6);
    for (const QString& name : canaries) {
        const QString report = path(name + s(".report.json"));
        auto r = runCli({s("replay"), peer("canaries/") + name, s("-o"), report});
        QVERIFY2(r.exitCode == 0, qPrintable(name + s(": ") + r.err));
        QVERIFY(!cctest::readAll(report).isEmpty());
        const QString param = path(name + s(".param"));
        r = runCli({s("export-param"), peer("canaries/") + name, s("-o"), param});
        QVERIFY2(r.exitCode == 0, qPrintable(name + s(": ") + r.err));
        QVERIFY(QFileInfo::exists(param + s("/0.json")));
    }
}

void TestCliPrototypeCanary::losslessCanaryReplaysLikeItsSource()
{
    if (!cctest::haveShared(s("peer"))) {
        QSKIP("../shared/peer is absent");
    }
    const auto source =
        runCli({s("replay"), peer("traces/llama70b_tp8_trace_long.json"), s("-o"), path(s("src.json"))});
    QCOMPARE(source.exitCode, 0);
    const auto canary = runCli(
        {s("replay"), peer("canaries/llama70b_tp8_trace_long.lossless.canary.json"), s("-o"), path(s("can.json"))});
    QCOMPARE(canary.exitCode, 0);
    QVERIFY(!table(source.out).isEmpty());
    QCOMPARE(table(canary.out), table(source.out));
}

void TestCliPrototypeCanary::infoNamesTheCanary()
{
    if (!cctest::haveShared(s("peer"))) {
        QSKIP("../shared/peer is absent");
    }
    auto r = runCli({s("info"), peer("canaries/llama70b_tp8_trace.default.canary.json")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(s(": commcanary.canary.v2")) && r.out.contains(s("logical events        10")) &&
                 r.out.contains(s("claim                 none")),
             qPrintable(r.out));
    r = runCli({s("info"), peer("bench/trace-010000.json")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(s(": commcanary.trace.v1")) && r.out.contains(s("events                10000")),
             qPrintable(r.out));
}

void TestCliPrototypeCanary::malformedCanaryWritesNothing()
{
    const QString canary = path(s("short.canary.json"));
    QVERIFY(cctest::writeAll(canary, R"({"compiler":{},"events":[{"op":"all_reduce","bytes":64,"ranks":[0,1],
        "repeat":3,"timing_samples":[{"weight":2,"arrival_offsets_us":[0,0]}]}],
        "format":"commcanary.canary.v2","source_format":"commcanary.trace.v1"})"));
    const QString report = path(s("short.report.json"));
    const auto r = runCli({s("replay"), canary, s("-o"), report});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(s("short.canary.json")) && r.err.contains(s("$.events[0].timing_samples")) &&
                 r.err.contains(s("weights add up to 2")),
             qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(report));
    const QString param = path(s("short.param"));
    QCOMPARE(runCli({s("export-param"), canary, s("-o"), param}).exitCode, 3);
    QVERIFY(!QFileInfo::exists(param));
}

QTEST_GUILESS_MAIN(TestCliPrototypeCanary)
#include "tst_cli_prototype_canary.moc"
