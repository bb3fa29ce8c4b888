// import-kineto, merge and export-param end to end with the real binary: real profiles, every
// refusal with its exit code and message and no output file, usage errors, canaries.
#include "test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using cctest::runCli;

// Declared before the helpers and defined out of line (see tests/core/tst_kineto_import.cpp).
class TestCliInterop : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path(const QString& name) const { return dir_.filePath(name); }
private slots:
    void initTestCase();
    void helpExplainsEachCommand();
    void importKinetoWritesATraceWithCounts();
    void importKinetoRefusalWritesNothing();
    void importKinetoUsageErrors();
    void importSeveralRanksMerges();
    void mergeShardsAndCalibration();
    void mergeRefusalsWriteNothing();
    void exportParamFromTraceAndCanary();
    void exportParamRefusals();
    void exportChromeFromReport();
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

QByteArray shardJson(int rank, const char* events)
{
    return QByteArray("{\"format\":\"commcanary.trace.v1\",\"system\":{\"rank_local\":{\"rank\":") +
           QByteArray::number(rank) + QByteArray(",\"clock_origin_ns\":1000000}},\"events\":[") + QByteArray(events) +
           QByteArray("]}");
}

} // namespace

void TestCliInterop::initTestCase()
{
    QVERIFY(dir_.isValid());
}

void TestCliInterop::helpExplainsEachCommand()
{
    for (const char* command : {"import-kineto", "merge", "export-param", "export-chrome"}) {
        auto r = runCli({s(command), s("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(s("usage: commcanary ")) && r.out.contains(s("exit codes")), qPrintable(r.out));
    }
    QVERIFY(runCli({s("import-kineto"), s("--help")}).out.contains(s("--assume-shared-clock")));
    QVERIFY(runCli({s("merge"), s("--help")}).out.contains(s("commcanary-workbench.clock-calibration.v1")));
    QVERIFY(runCli({s("export-param"), s("--help")}).out.contains(s("--skip-unsupported")));
    auto overview = runCli({s("--help")});
    for (const char* command : {"import-kineto", "merge", "export-param"}) {
        QVERIFY2(overview.out.contains(s(command)), command);
    }
}

void TestCliInterop::importKinetoWritesATraceWithCounts()
{
    if (!cctest::haveShared(s("data/kineto"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    const QString out = path(s("nccl.trace.json"));
    auto r = runCli({s("import-kineto"), kineto("hta-nccl_data.json.gz"), s("--phase"), s("train"), s("-o"), out});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(s("  all_reduce 15\n")) && r.out.contains(s("  broadcast 6\n")), qPrintable(r.out));
    QVERIFY2(r.out.contains(s("6 wait")), qPrintable(r.out));
    auto trace = cctest::readJsonObject(out);
    QCOMPARE(trace[s("format")].toString(), s("commcanary.trace.v1"));
    QCOMPARE(trace[s("events")].toArray().size(), 21);
    QCOMPARE(trace[s("events")].toArray()[0].toObject()[s("phase")].toString(), s("train"));
    QVERIFY(trace[s("workload")].toObject()[s("notes")].toString().contains(s("observational and single-rank")));
    QCOMPARE(trace[s("system")].toObject()[s("kineto_source_profiles")].toArray().size(), 1);
    // The written trace passes the format's own validation.
    QCOMPARE(runCli({s("validate"), out}).exitCode, 0);
}

void TestCliInterop::importKinetoRefusalWritesNothing()
{
    if (!cctest::haveShared(s("data/kineto"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    const QString out = path(s("refused.trace.json"));
    auto r = runCli({s("import-kineto"), kineto("hta-trace_filter-sampled_rank1.json.gz"), s("-o"), out});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(s("traceEvents[460].args.Input Dims")) && r.err.contains(s("imply a group of 64 ranks")),
             qPrintable(r.err));
    QVERIFY(r.err.contains(s("nothing was written")));
    QVERIFY(!QFile::exists(out));
    auto missing = runCli({s("import-kineto"), path(s("no-such-profile.json")), s("-o"), out});
    QCOMPARE(missing.exitCode, 3);
    QVERIFY(!QFile::exists(out));
    QVERIFY(cctest::filesIn(dir_.path()).filter(s("refused")).isEmpty());
}

void TestCliInterop::importKinetoUsageErrors()
{
    const QString out = path(s("usage.trace.json"));
    QCOMPARE(runCli({s("import-kineto"), s("a.json")}).exitCode, 2); // no -o
    auto clock = runCli({s("import-kineto"), s("a.json"), s("--assume-shared-clock"), s("-o"), out});
    QCOMPARE(clock.exitCode, 2);
    QVERIFY2(clock.err.contains(s("clock options apply when several profiles")), qPrintable(clock.err));
    auto both = runCli({s("import-kineto"), s("a.json"), s("b.json"), s("--assume-shared-clock"),
                        s("--clock-offset-us"), s("0=1"), s("-o"), out});
    QCOMPARE(both.exitCode, 2);
    QCOMPARE(runCli({s("import-kineto"), s("a.json"), s("--rank"), s("x"), s("-o"), out}).exitCode, 2);
    QVERIFY(!QFile::exists(out));
}

void TestCliInterop::importSeveralRanksMerges()
{
    if (!cctest::haveShared(s("data/kineto"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    QStringList args{s("import-kineto")};
    for (int r = 0; r < 8; ++r) {
        args << kineto(qPrintable(QStringLiteral("param-dlrm-8ranks/worker%1.json.gz").arg(r)));
    }
    const QString out = path(s("dlrm.trace.json"));
    auto plain = runCli(args + QStringList{s("-o"), out});
    QCOMPARE(plain.exitCode, 0);
    auto trace = cctest::readJsonObject(out);
    const auto events = trace[s("events")].toArray();
    QCOMPARE(events.size(), 8);
    QVERIFY(!events[0].toObject().contains(s("rank_arrival_us"))); // skew unknown without a clock
    QCOMPARE(trace[s("system")].toObject()[s("kineto_source_profiles")].toArray().size(), 8);
    const QString offsets = path(s("dlrm-offsets.trace.json"));
    QStringList withOffsets = args;
    for (int r = 0; r < 8; ++r) {
        withOffsets << s("--clock-offset-us") << QStringLiteral("%1=%2:0.5").arg(r).arg(r * 10);
    }
    QCOMPARE(runCli(withOffsets + QStringList{s("-o"), offsets}).exitCode, 0);
    QVERIFY(cctest::readJsonObject(offsets)[s("events")].toArray()[0].toObject().contains(s("rank_arrival_us")));
    // an offset missing for one rank refuses
    QStringList partial = args;
    partial << s("--clock-offset-us") << s("0=0");
    const QString refused = path(s("dlrm-partial.trace.json"));
    auto r = runCli(partial + QStringList{s("-o"), refused});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(s("has no offset for rank 1")), qPrintable(r.err));
    QVERIFY(!QFile::exists(refused));
}

void TestCliInterop::mergeShardsAndCalibration()
{
    const QString a = path(s("shard0.json"));
    const QString b = path(s("shard1.json"));
    QVERIFY(cctest::writeAll(
        a, shardJson(0, R"({"op":"all_reduce","bytes":1024,"ranks":[0,1],"group":"tp","start_us":10})")));
    QVERIFY(cctest::writeAll(
        b, shardJson(1, R"({"op":"all_reduce","bytes":1024,"ranks":[0,1],"group":"tp","start_us":4})")));
    const QString out = path(s("merged.trace.json"));
    auto r = runCli({s("merge"), a, b, s("-o"), out});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(s("cross-rank arrival skew is unknown")), qPrintable(r.out));
    QVERIFY(!cctest::readJsonObject(out)[s("events")].toArray()[0].toObject().contains(s("rank_arrival_us")));
    const QString cal = path(s("clock.json"));
    QVERIFY(cctest::writeAll(cal, R"({"format":"commcanary-workbench.clock-calibration.v1","ranks":[
        {"rank":0,"offset_us":0,"uncertainty_us":1},{"rank":1,"offset_us":3.5,"uncertainty_us":0.25}]})"));
    const QString calibrated = path(s("merged-cal.trace.json"));
    QCOMPARE(runCli({s("merge"), a, b, s("--clock-calibration"), cal, s("-o"), calibrated}).exitCode, 0);
    const auto e = cctest::readJsonObject(calibrated)[s("events")].toArray()[0].toObject();
    // rank 0 at 10 us, rank 1 at 4 + 3.5 = 7.5 us: rank 1 first, skew 2.5 us
    QCOMPARE(e[s("rank_arrival_us")].toObject()[s("0")].toDouble(), 2.5);
    QCOMPARE(e[s("rank_arrival_us")].toObject()[s("1")].toDouble(), 0.0);
    QCOMPARE(e[s("arrival_skew_uncertainty_us")].toDouble(), 1.25);
}

void TestCliInterop::mergeRefusalsWriteNothing()
{
    const QString a = path(s("r0.json"));
    const QString b = path(s("r1-bytes.json"));
    const QString c = path(s("r1-latency.json"));
    QVERIFY(cctest::writeAll(
        a,
        shardJson(
            0, R"({"op":"all_reduce","bytes":1024,"ranks":[0,1],"group":"tp","start_us":1,"observed_exposed_us":3})")));
    QVERIFY(cctest::writeAll(
        b,
        shardJson(
            1, R"({"op":"all_reduce","bytes":2048,"ranks":[0,1],"group":"tp","start_us":1,"observed_exposed_us":3})")));
    QVERIFY(cctest::writeAll(
        c, shardJson(1, R"({"op":"all_reduce","bytes":1024,"ranks":[0,1],"group":"tp","start_us":1})")));
    struct Case {
        QStringList shards;
        const char* message;
    };
    const QList<Case> cases{
        {{a, a}, "duplicate rank contributions"},
        {{a, b}, "has bytes 1024"},
        {{a, c}, "partially measured latency signal"},
    };
    int k = 0;
    for (const auto& c2 : cases) {
        const QString out = path(QStringLiteral("refused-merge-%1.json").arg(k++));
        auto r = runCli(QStringList{s("merge")} + c2.shards + QStringList{s("-o"), out});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(s(c2.message)), qPrintable(r.err));
        QVERIFY(r.err.contains(s("nothing was written")));
        QVERIFY(!QFile::exists(out));
    }
    const QString badCal = path(s("bad-clock.json"));
    QVERIFY(cctest::writeAll(
        badCal,
        R"({"format":"commcanary-workbench.clock-calibration.v1","ranks":[{"rank":0,"offset_us":"x","uncertainty_us":0}]})"));
    const QString out = path(s("refused-cal.json"));
    auto r = runCli({s("merge"), a, c, s("--clock-calibration"), badCal, s("-o"), out});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(s("$.ranks[0].offset_us")), qPrintable(r.err));
    QVERIFY(!QFile::exists(out));
}

void TestCliInterop::exportParamFromTraceAndCanary()
{
    const QString dir = path(s("param-trace"));
    auto r = runCli({s("export-param"), cctest::example(s("training.trace.json")), s("-o"), dir});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(s("exported 2740 of 2740 logical events")), qPrintable(r.out));
    QVERIFY(QFile::exists(dir + s("/0.json")));
    QVERIFY(QFile::exists(dir + s("/param_export_manifest.json")));
    const QString canary = path(s("training.canary.json"));
    QCOMPARE(runCli({s("compile"), cctest::example(s("training.trace.json")), s("-o"), canary}).exitCode, 0);
    const QString fromCanary = path(s("param-canary"));
    auto c = runCli({s("export-param"), canary, s("-o"), fromCanary});
    QCOMPARE(c.exitCode, 0);
    QVERIFY2(c.out.contains(s("exported 2740 of 2740 logical events")), qPrintable(c.out));
    for (const QString& file : cctest::filesIn(dir)) {
        if (file.endsWith(s(".json")) && file != s("param_export_manifest.json")) {
            QCOMPARE(cctest::readAll(fromCanary + s("/") + file), cctest::readAll(dir + s("/") + file));
        }
    }
}

void TestCliInterop::exportParamRefusals()
{
    const QString trace = path(s("custom.trace.json"));
    QVERIFY(cctest::writeAll(trace, R"({"format":"commcanary.trace.v1","events":[
        {"op":"all_reduce","bytes":64,"ranks":[0,1],"gap_us":1},
        {"id":"odd","op":"fused_allreduce","custom_op":true,"bytes":64,"ranks":[0,1],"gap_us":2}]})"));
    const QString dir = path(s("param-refused"));
    auto r = runCli({s("export-param"), trace, s("-o"), dir});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(s("(id \"odd\")")) && r.err.contains(s("custom operation")), qPrintable(r.err));
    QVERIFY(!QDir(dir).exists());
    auto skipped = runCli({s("export-param"), trace, s("--skip-unsupported"), s("-o"), dir});
    QCOMPARE(skipped.exitCode, 0);
    QVERIFY2(skipped.out.contains(s("skipped 1 unsupported events")), qPrintable(skipped.out));
    const auto manifest = cctest::readJsonObject(dir + s("/param_export_manifest.json"));
    QCOMPARE(manifest[s("skipped")].toArray()[0].toObject()[s("id")].toString(), s("odd"));
    auto dtype = runCli({s("export-param"), trace, s("--dtype"), s("complex64"), s("-o"), path(s("param-dtype"))});
    QCOMPARE(dtype.exitCode, 2);
    QVERIFY(!QDir(path(s("param-dtype"))).exists());
}

void TestCliInterop::exportChromeFromReport()
{
    const QString input = cctest::example(s("adversarial_decode.trace.json"));
    const QString report = path(s("adversarial.report.json"));
    QCOMPARE(runCli({s("replay"), input, s("-o"), report}).exitCode, 0);
    const QString out = path(s("adversarial.chrome.json"));
    auto r = runCli({s("export-chrome"), report, s("--input"), input, s("--config"), s("congested"), s("-o"), out});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(s("configuration congested, 100 collectives")), qPrintable(r.out));
    const auto doc = cctest::readJsonObject(out);
    QVERIFY(doc[s("traceEvents")].toArray().size() > 100);
    QCOMPARE(doc[s("otherData")].toObject()[s("configuration")].toString(), s("congested"));
    const QString refused = path(s("refused.chrome.json"));
    QCOMPARE(runCli({s("export-chrome"), report, s("-o"), refused}).exitCode, 2); // no --input
    auto wrong =
        runCli({s("export-chrome"), report, s("--input"), cctest::example(s("decode.trace.json")), s("-o"), refused});
    QCOMPARE(wrong.exitCode, 3);
    QVERIFY2(wrong.err.contains(s("is not the input of report")), qPrintable(wrong.err));
    auto config = runCli({s("export-chrome"), report, s("--input"), input, s("--config"), s("nope"), s("-o"), refused});
    QCOMPARE(config.exitCode, 3);
    QVERIFY(!QFile::exists(refused));
}

QTEST_GUILESS_MAIN(TestCliInterop)
#include "tst_cli_interop.moc"
