// Physical replay end to end: `commcanary replay-physical` starts two real gloo ranks of the
// worker per configuration, on a short trace and on its canary, under the bundled loopback set;
// compare and verify-report on the measured reports; and every refusal (message checked, nothing
// written). Needs the worker; the shaped configurations also need CAP_NET_ADMIN. Each skips with
// its reason otherwise.
#include "capture/lib/child_process.h"
#include "capture/lib/physical_replay.h"
#include "core/configs/config_io.h"
#include "core/report/physical_verification.h"
#include "core/util/json/parser.h"
#include "core/util/json/writer.h"

#include "capture_test_support.h"

#include <QtTest>

namespace {

QString configsFile(const QString& name)
{
    return cctest::configsDir() + QLatin1Char('/') + name;
}

/// A short 2-rank program: every collective kind gloo runs, point-to-point, compute before and
/// overlapping, measured arrivals. 256 KiB payloads keep the shaped configurations quick.
QByteArray smallTrace(int iterations, int extraRank = -1, const QString& extraOp = {})
{
    QByteArray events;
    long long t = 0;
    struct Op {
        const char* op;
        long long bytes;
    };
    const Op ops[] = {{"all_reduce", 262144}, {"all_gather", 131072}, {"broadcast", 65536},
                      {"all_reduce", 262144}, {"send", 65536},        {"barrier", 1}};
    for (int it = 0; it < iterations; ++it) {
        for (int k = 0; k < 6; ++k) {
            t += k == 0 ? 3000 : 1000;
            QByteArray e = "{\"op\":\"" + QByteArray(ops[k].op) + "\",\"bytes\":" + QByteArray::number(ops[k].bytes) +
                           ",\"ranks\":[0,1],\"start_us\":" + QByteArray::number(t) +
                           ",\"compute_before_us\":200,\"compute_overlap_us\":" + (k == 0 ? "300" : "0") +
                           ",\"rank_arrival_us\":{\"0\":0,\"1\":100},\"phase\":\"step\"";
            if (k == 2) {
                e += ",\"root_rank\":1";
            }
            if (k == 4) {
                e += ",\"sender_rank\":0,\"receiver_rank\":1";
            }
            events += (events.isEmpty() ? "" : ",\n") + e + "}";
        }
    }
    if (extraRank >= 0) {
        t += 1000;
        events += ",\n{\"op\":\"all_reduce\",\"bytes\":64,\"ranks\":[0," + QByteArray::number(extraRank) +
                  "],\"start_us\":" + QByteArray::number(t) + "}";
    }
    if (!extraOp.isEmpty()) {
        t += 1000;
        events += ",\n{\"op\":\"" + extraOp.toUtf8() +
                  "\",\"custom_op\":true,\"bytes\":64,\"ranks\":[0,1],\"start_us\":" + QByteArray::number(t) + "}";
    }
    return "{\"format\":\"commcanary.trace.v1\",\"workload\":{\"name\":\"physical-test\"},\"events\":[\n" + events +
           "\n]}\n";
}

/// A trace of large all-reduces only: under a rate limit its latencies are set by the limit, not by
/// the CPU load of the machine, so two runs agree within their thresholds.
QByteArray rateBoundTrace()
{
    QByteArray events;
    for (int k = 0; k < 4; ++k) {
        events += (events.isEmpty() ? "" : ",\n") + QByteArray("{\"op\":\"all_reduce\",\"bytes\":2097152,") +
                  "\"ranks\":[0,1],\"gap_us\":1000,\"arrival_skew_us\":0}";
    }
    return "{\"format\":\"commcanary.trace.v1\",\"events\":[\n" + events + "\n]}\n";
}

/// A set of the given configurations of the bundled loopback set.
QByteArray subset(const QStringList& names)
{
    const cc::json::Value bundled =
        cc::json::parse(cctest::readAll(configsFile(QStringLiteral("physical-loopback.configs.json"))).toStdString(),
                        "physical-loopback.configs.json");
    QByteArray configs;
    for (const auto& c : cctest::member(bundled, "configurations").items()) {
        const QString name = QString::fromStdString(cctest::member(c, "name").string());
        if (names.contains(name)) {
            configs += (configs.isEmpty() ? "" : ",") + QByteArray::fromStdString(cc::json::toText(c));
        }
    }
    return "{\"format\":\"commcanary-workbench.physical-configs.v1\",\"name\":\"subset\",\"configurations\":[" +
           configs + "]}";
}

QStringList replayArgs(const QString& input, const QString& configs, const QString& out, int repeats = 2)
{
    return {QStringLiteral("replay-physical"),
            input,
            QStringLiteral("--physical-configs"),
            configs,
            QStringLiteral("--repeats"),
            QString::number(repeats),
            QStringLiteral("--warmup"),
            QStringLiteral("1"),
            QStringLiteral("-o"),
            out};
}

} // namespace

class TestCaptureReplayPhysical : public QObject {
    Q_OBJECT

    QString shapingReason_;

private slots:
    void initTestCase()
    {
        CCTEST_SKIP_UNLESS_CAPTURE(QStringLiteral("gloo/cpu"), QStringLiteral("no real ranks possible here"));
        if (auto problem = cc::capture::shapingProblem()) {
            shapingReason_ = QString::fromStdString(*problem);
        }
    }

    void traceAndCanaryUnderTheBundledLoopbackSetWriteMeasuredReports()
    {
        if (!shapingReason_.isEmpty()) {
            QSKIP(qPrintable(QStringLiteral("the bundled set shapes loopback traffic: ") + shapingReason_));
        }
        QTemporaryDir tmp;
        const QString trace = tmp.path() + QStringLiteral("/small.trace.json");
        QVERIFY(cctest::writeAll(trace, smallTrace(2)));
        const QString canary = tmp.path() + QStringLiteral("/small.canary.json");
        const auto compiled = cctest::runCli({QStringLiteral("compile"), trace, QStringLiteral("-o"), canary});
        QVERIFY2(compiled.exitCode == 0, qPrintable(compiled.err));
        const QString bundled = configsFile(QStringLiteral("physical-loopback.configs.json"));
        for (const QString& input : {trace, canary}) {
            const QString out = input + QStringLiteral(".measured.json");
            const auto r = cctest::runCli(replayArgs(input, bundled, out), 300000);
            QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
            QVERIFY(r.out.contains(QStringLiteral("gloo-tbf-500mbit: median")));
            QVERIFY(!QFileInfo::exists(out + QStringLiteral(".ranks"))); // the working folder is removed
            const QByteArray bytes = cctest::readAll(out);
            const cc::MeasuredView view = cc::readMeasuredReport(bytes.toStdString(), "measured.json");
            QCOMPARE(view.configurations.size(), std::size_t{4});
            QCOMPARE(view.worldSize, 2);
            QCOMPARE(view.repeats, 2);
            for (const auto& c : view.configurations) {
                QCOMPARE(c.latency.count, std::uint64_t{24}); // 12 events x 2 repeats
                QCOMPARE(c.perRepeat.size(), std::size_t{2});
                QVERIFY(c.latency.median > 0);
            }
            // The machine, the environment and the input's identity are in the report.
            const cc::json::Value doc = cc::json::parse(bytes.toStdString(), "measured.json");
            const auto& machine = cctest::member(doc, "machine");
            for (const char* key : {"cpu", "cores", "kernel", "libtorch", "gloo", "nccl", "gpu"}) {
                QVERIFY2(machine.find(key) != nullptr, key);
            }
            QVERIFY(cctest::member(cctest::member(doc, "configurations").items()[0], "environment").isObject());
            const auto v = cctest::runCli({QStringLiteral("verify-report"), out, QStringLiteral("--input"), input});
            QVERIFY2(v.exitCode == 0, qPrintable(v.err + v.out));
            QVERIFY(v.out.contains(QStringLiteral("cannot be recomputed")));
        }
        // A lossless canary expands to the source's normalised form: both reports name one input.
        const cc::MeasuredView a =
            cc::readMeasuredReport(cctest::readAll(trace + QStringLiteral(".measured.json")).toStdString(), "a");
        const cc::MeasuredView b =
            cc::readMeasuredReport(cctest::readAll(canary + QStringLiteral(".measured.json")).toStdString(), "b");
        QCOMPARE(a.inputSha256, b.inputSha256);
        const QString report = trace + QStringLiteral(".measured.json");
        // A measured and a simulated report are not comparable.
        const QString simulated = tmp.path() + QStringLiteral("/simulated.json");
        QCOMPARE(cctest::runCli({QStringLiteral("replay"), trace, QStringLiteral("-o"), simulated}).exitCode, 0);
        const auto mixed = cctest::runCli({QStringLiteral("compare"), simulated, report});
        QCOMPARE(mixed.exitCode, 3);
        QVERIFY2(mixed.err.contains(QStringLiteral("one is measured")), qPrintable(mixed.err));
    }

    void twoRunsOfOneConfigurationDoNotRegress()
    {
        if (!shapingReason_.isEmpty()) {
            QSKIP(qPrintable(QStringLiteral("the rate-bound configuration needs shaping: ") + shapingReason_));
        }
        QTemporaryDir tmp;
        const QString trace = tmp.path() + QStringLiteral("/rate.trace.json");
        QVERIFY(cctest::writeAll(trace, rateBoundTrace()));
        const QString set = tmp.path() + QStringLiteral("/slow.configs.json");
        QVERIFY(cctest::writeAll(set, subset({QStringLiteral("gloo-tbf-500mbit")})));
        const QString first = tmp.path() + QStringLiteral("/first.json");
        const QString second = tmp.path() + QStringLiteral("/second.json");
        // Six repeats each: the noise the gate allows is the spread of the repeats, and three repeats
        // under a loaded machine (two sanitizer suites and two fuzzers beside it) once spread less
        // than the load moved the mean between the runs (+7.5 % against a 5 % threshold).
        for (const QString& out : {first, second}) {
            const auto r = cctest::runCli(replayArgs(trace, set, out, 6), 300000);
            QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
        }
        const auto r = cctest::runCli({QStringLiteral("compare"), first, second});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
        QVERIFY(r.out.startsWith(QStringLiteral("OK")));
    }

    void unshapedAgainstTheSlowestConfigurationIsARegression()
    {
        // The regression gate on real execution. The small trace's payloads add only ~2 ms under the
        // 500 Mbit/s limit, within the repeats' noise on a loaded machine (one run in five of the
        // suite under two busy processes called it no regression); 2 MiB all-reduces take ~67 ms
        // there, set by the limit, against a few ms unshaped.
        if (!shapingReason_.isEmpty()) {
            QSKIP(qPrintable(QStringLiteral("the slowest configuration shapes loopback: ") + shapingReason_));
        }
        QTemporaryDir tmp;
        const QString trace = tmp.path() + QStringLiteral("/rate.trace.json");
        QVERIFY(cctest::writeAll(trace, rateBoundTrace()));
        const QString set = tmp.path() + QStringLiteral("/two.configs.json");
        QVERIFY(cctest::writeAll(set, subset({QStringLiteral("gloo-unshaped"), QStringLiteral("gloo-tbf-500mbit")})));
        const QString report = tmp.path() + QStringLiteral("/rate.measured.json");
        const auto r = cctest::runCli(replayArgs(trace, set, report, 3), 300000);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
        const auto gate = cctest::runCli({QStringLiteral("compare"), report, report,
                                          QStringLiteral("--baseline-config"), QStringLiteral("gloo-unshaped"),
                                          QStringLiteral("--candidate-config"), QStringLiteral("gloo-tbf-500mbit")});
        QVERIFY2(gate.exitCode == 1, qPrintable(gate.err + gate.out));
        QVERIFY(gate.out.startsWith(QStringLiteral("REGRESSION")));
    }

    void verifyPhysicalWritesEveryStatusForTheCanaryAndTheIsolatedBaseline()
    {
        if (!shapingReason_.isEmpty()) {
            QSKIP(qPrintable(QStringLiteral("the rate-limited configuration needs shaping: ") + shapingReason_));
        }
        QTemporaryDir tmp;
        const QString trace = tmp.path() + QStringLiteral("/small.trace.json");
        QVERIFY(cctest::writeAll(trace, smallTrace(2)));
        const QString canary = tmp.path() + QStringLiteral("/small.canary.json");
        QCOMPARE(cctest::runCli({QStringLiteral("compile"), trace, QStringLiteral("-o"), canary}).exitCode, 0);
        const QString set = tmp.path() + QStringLiteral("/two.configs.json");
        QVERIFY(cctest::writeAll(set, subset({QStringLiteral("gloo-unshaped"), QStringLiteral("gloo-tbf-500mbit")})));
        // A simulator set with the physical configurations' names, for simulator agreement.
        cc::ConfigSet simulator = cc::defaultConfigSet();
        simulator.configurations.resize(2);
        simulator.configurations[0].name = "gloo-unshaped";
        simulator.configurations[1].name = "gloo-tbf-500mbit";
        const QString simulatorSet = tmp.path() + QStringLiteral("/simulator.configs.json");
        QVERIFY(cctest::writeAll(simulatorSet, QByteArray::fromStdString(cc::configSetJson(simulator))));
        const QString out = tmp.path() + QStringLiteral("/physical.verification.json");
        const auto r = cctest::runCli(
            {QStringLiteral("verify-physical"), trace, canary, QStringLiteral("--physical-configs"), set,
             QStringLiteral("--repeats"), QStringLiteral("2"), QStringLiteral("--warmup"), QStringLiteral("0"),
             QStringLiteral("--baselines"), QStringLiteral("isolated"), QStringLiteral("--baseline-samples"),
             QStringLiteral("1"), QStringLiteral("--configs"), simulatorSet, QStringLiteral("-o"), out},
            600000);
        // Verified or not is the measurement's answer; both are valid results.
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, qPrintable(r.err + r.out));
        QVERIFY(!QFileInfo::exists(out + QStringLiteral(".work")));
        const cc::json::Value doc = cc::json::parse(cctest::readAll(out).toStdString(), "verification.json");
        QCOMPARE(cctest::member(doc, "format").string(), std::string(cc::kPhysicalVerificationFormat));
        const auto& statuses = cctest::member(doc, "statuses");
        for (const char* status :
             {"execution", "noise", "physical_fidelity", "physical_ranking", "simulator_agreement"}) {
            QVERIFY2(statuses.find(status) != nullptr, status);
        }
        QCOMPARE(cctest::member(cctest::member(statuses, "execution"), "status").string(), std::string("pass"));
        QCOMPARE(cctest::member(cctest::member(statuses, "simulator_agreement"), "status").string(),
                 std::string("reported"));
        QStringList proxies;
        for (const auto& a : cctest::member(cctest::member(statuses, "physical_ranking"), "agreements").items()) {
            proxies << QString::fromStdString(cctest::member(a, "proxy").string());
            QVERIFY(cctest::member(a, "agreement_ppm").isInteger());
            QVERIFY(cctest::member(a, "kendall_tau_ppm").isInteger());
        }
        QVERIFY(proxies.contains(QStringLiteral("canary")));
        QVERIFY(proxies.contains(QStringLiteral("isolated")));
        QVERIFY(proxies.contains(QStringLiteral("simulator")));
        const std::string claim = cctest::member(doc, "claim").string();
        QVERIFY(claim == "physically_verified" || claim == "physically_unverified");
        QCOMPARE(r.exitCode, claim == "physically_verified" ? 0 : 1);
    }

    void verifyPhysicalRefusesABaselineItCannotReplay()
    {
        QTemporaryDir tmp;
        const QString trace = tmp.path() + QStringLiteral("/small.trace.json");
        QVERIFY(cctest::writeAll(trace, smallTrace(1)));
        const QStringList before = cctest::filesIn(tmp.path());
        const auto r = cctest::runCli(
            {QStringLiteral("verify-physical"), trace, trace, QStringLiteral("--physical-configs"),
             configsFile(QStringLiteral("physical-loopback.configs.json")), QStringLiteral("--baselines"),
             QStringLiteral("reduced"), QStringLiteral("-o"), tmp.path() + QStringLiteral("/v.json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("\"reduced\" is not a baseline")), qPrintable(r.err));
        QCOMPARE(cctest::filesIn(tmp.path()), before);
    }

    void aRankKilledMidReplayFailsWithoutAReport()
    {
        QTemporaryDir tmp;
        const QString trace = tmp.path() + QStringLiteral("/small.trace.json");
        QVERIFY(cctest::writeAll(trace, smallTrace(2)));
        const QString set = tmp.path() + QStringLiteral("/unshaped.configs.json");
        QVERIFY(cctest::writeAll(set, subset({QStringLiteral("gloo-unshaped")})));
        const QString out = tmp.path() + QStringLiteral("/report.json");
        QStringList args = replayArgs(trace, set, out);
        args << QStringLiteral("--inject-kill") << QStringLiteral("1:3");
        const auto r = cctest::runCli(args, 300000);
        QCOMPARE(r.exitCode, 4);
        // Rank 1's death is seen first, or rank 0's failing collective in the same poll.
        QVERIFY2(r.err.contains(QStringLiteral("ended (")), qPrintable(r.err));
        QVERIFY(cctest::readAll(out + QStringLiteral(".ranks/gloo-unshaped/rank1.log")).contains("injected fault"));
        QVERIFY2(r.err.contains(QStringLiteral("no report was written")), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(out));
        // The ranks' logs are kept for the post-mortem, and no rank survives.
        QVERIFY(QFileInfo::exists(out + QStringLiteral(".ranks/gloo-unshaped/rank1.log")));
        QVERIFY(cctest::processesMentioning(out + QStringLiteral(".ranks")).isEmpty());
    }

    void refusals_data()
    {
        QTest::addColumn<QByteArray>("trace");
        QTest::addColumn<QByteArray>("configs");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const QByteArray unshaped = subset({QStringLiteral("gloo-unshaped")});
        QTest::newRow("more ranks than the world")
            << smallTrace(1, 2) << unshaped << QStringList{QStringLiteral("--world-size"), QStringLiteral("2")} << 3
            << QStringLiteral("outside the world of 2 ranks");
        QTest::newRow("environment outside the allowlist")
            << smallTrace(1)
            << QByteArray(R"({"format":"commcanary-workbench.physical-configs.v1","name":"bad","configurations":[)"
                          R"({"name":"c","backend":"gloo","device":"cpu","environment":{"LD_PRELOAD":"x.so"}}]})")
            << QStringList{} << 3 << QStringLiteral("$.configurations[0].environment.LD_PRELOAD");
        QTest::newRow("unknown op") << smallTrace(1, -1, QStringLiteral("fused_moe_dispatch")) << unshaped
                                    << QStringList{} << 3 << QStringLiteral("--skip-op fused_moe_dispatch");
        QTest::newRow("nccl without a GPU build")
            << smallTrace(1) << cctest::readAll(configsFile(QStringLiteral("physical-nccl.configs.json")))
            << QStringList{} << 2 << QStringLiteral("cannot run on this machine");
    }

    void refusals()
    {
        QFETCH(QByteArray, trace);
        QFETCH(QByteArray, configs);
        QFETCH(QStringList, extra);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        if (QString::fromLatin1(QTest::currentDataTag()) == QStringLiteral("nccl without a GPU build") &&
            cctest::captureUnavailable(QStringLiteral("nccl/cuda")).isEmpty()) {
            QSKIP("this machine can run NCCL: the refusal does not apply");
        }
        QTemporaryDir tmp;
        QVERIFY(cctest::writeAll(tmp.path() + QStringLiteral("/in.trace.json"), trace));
        QVERIFY(cctest::writeAll(tmp.path() + QStringLiteral("/set.configs.json"), configs));
        const QStringList before = cctest::filesIn(tmp.path());
        QStringList args =
            replayArgs(tmp.path() + QStringLiteral("/in.trace.json"), tmp.path() + QStringLiteral("/set.configs.json"),
                       tmp.path() + QStringLiteral("/report.json"));
        args << extra;
        const auto r = cctest::runCli(args, 120000);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QCOMPARE(cctest::filesIn(tmp.path()), before);
        QVERIFY(QDir(tmp.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty());
    }

    void gpuPaths_data()
    {
        QTest::addColumn<QString>("backendDevice");
        QTest::addColumn<int>("worldSize");
        QTest::addColumn<QByteArray>("configs");
        // NCCL cannot form two ranks on one GPU: world size 1 measures its launch-overhead floor.
        QTest::newRow("nccl, world size 1")
            << QStringLiteral("nccl/cuda") << 1
            << cctest::readAll(configsFile(QStringLiteral("physical-nccl.configs.json")));
        // gloo moves CUDA tensors through host memory; the compute stand-in is a spin kernel.
        QTest::newRow("gloo over CUDA tensors")
            << QStringLiteral("gloo/cuda") << 2
            << QByteArray(
                   R"({"format":"commcanary-workbench.physical-configs.v1","name":"gloo-cuda","configurations":[)"
                   R"({"name":"gloo-cuda","backend":"gloo","device":"cuda"}]})");
    }

    void gpuPaths()
    {
        QFETCH(QString, backendDevice);
        QFETCH(int, worldSize);
        QFETCH(QByteArray, configs);
        CCTEST_SKIP_UNLESS_CAPTURE(backendDevice, backendDevice + QStringLiteral(" cannot run here"));
        QTemporaryDir tmp;
        QByteArray events;
        for (int k = 0; k < 8; ++k) {
            events += (k == 0 ? "" : ",") + QByteArray(R"({"op":"all_reduce","bytes":1048576,"ranks":)") +
                      (worldSize == 1 ? "[0]" : "[0,1]") + R"(,"gap_us":500,"compute_before_us":200,)" +
                      R"("compute_overlap_us":)" + (k % 2 == 0 ? "300" : "0") + "}";
        }
        const QString trace = tmp.path() + QStringLiteral("/gpu.trace.json");
        QVERIFY(cctest::writeAll(trace, R"({"format":"commcanary.trace.v1","events":[)" + events + "]}"));
        const QString set = tmp.path() + QStringLiteral("/gpu.configs.json");
        QVERIFY(cctest::writeAll(set, configs));
        const QString out = tmp.path() + QStringLiteral("/gpu.measured.json");
        QStringList args = replayArgs(trace, set, out, 3);
        args << QStringLiteral("--world-size") << QString::number(worldSize);
        const auto r = cctest::runCli(args, 300000);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
        const cc::MeasuredView view = cc::readMeasuredReport(cctest::readAll(out).toStdString(), "gpu.measured.json");
        for (const auto& c : view.configurations) {
            QCOMPARE(c.latency.count, std::uint64_t{24});
            QVERIFY(c.latency.median > 0);
        }
        const auto v = cctest::runCli({QStringLiteral("verify-report"), out, QStringLiteral("--input"), trace});
        QVERIFY2(v.exitCode == 0, qPrintable(v.err));
    }

    void shapingWithoutThePrivilegeIsRefused()
    {
        const auto setpriv = cc::capture::findOnPath("setpriv");
        if (!setpriv) {
            QSKIP("setpriv (util-linux) is not installed: cannot drop CAP_NET_ADMIN for the test");
        }
        QTemporaryDir tmp;
        const QString trace = tmp.path() + QStringLiteral("/in.trace.json");
        QVERIFY(cctest::writeAll(trace, smallTrace(1)));
        const QStringList before = cctest::filesIn(tmp.path());
        QProcess p;
        QStringList args{QStringLiteral("--inh-caps=-all"), QStringLiteral("--bounding-set=-net_admin"),
                         QStringLiteral(COMMCANARY_CLI_PATH)};
        args << replayArgs(trace, configsFile(QStringLiteral("physical-loopback.configs.json")),
                           tmp.path() + QStringLiteral("/report.json"));
        p.start(QString::fromStdString(setpriv->string()), args);
        QVERIFY(p.waitForFinished(120000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        if (err.contains(QStringLiteral("setpriv:"))) {
            QSKIP(qPrintable(QStringLiteral("setpriv cannot drop the capability here: ") + err));
        }
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(err.contains(QStringLiteral("CAP_NET_ADMIN")), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("gloo-tbf-2gbit")), qPrintable(err));
        QCOMPARE(cctest::filesIn(tmp.path()), before);
        QVERIFY(QDir(tmp.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCaptureReplayPhysical)
#include "tst_capture_replay_physical.moc"
