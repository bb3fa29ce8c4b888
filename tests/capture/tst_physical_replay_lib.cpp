// The capture library's half of physical replay without processes: the worker's replay command
// line in both directions, its rank file in both directions, and the capability parsing behind
// the shaping refusal.
#include "capture/lib/json_io.h"
#include "capture/lib/physical_replay.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"

#include "capture_test_support.h"

#include <QtTest>

using namespace cc::capture;

class TestPhysicalReplayLib : public QObject {
    Q_OBJECT

private slots:
    void workerArgumentsRoundTrip()
    {
        ReplayWorkerOptions o;
        o.input = "trace.json";
        o.worldSize = 3;
        o.backend = Backend::Gloo;
        o.device = Device::Cpu;
        o.glooThreads = 4;
        o.repeats = 5;
        o.warmup = 2;
        o.skipOps = {"reduce_scatter", "fused_op"};
        o.outputDir = "out";
        o.storeTimeout = std::chrono::seconds(77);
        o.fault = FaultInjection{1, 9};
        const auto args = replayWorkerArguments(o);
        QCOMPARE(args.front(), std::string(kReplayVerb));
        QVERIFY(parseReplayWorkerArguments(args) == o);
        o.fault.reset();
        o.skipOps.clear();
        QVERIFY(parseReplayWorkerArguments(replayWorkerArguments(o)) == o);
    }

    void workerArgumentRefusals_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QStringList base{QStringLiteral("replay"), QStringLiteral("--input"),
                               QStringLiteral("t.json"), QStringLiteral("--world-size"),
                               QStringLiteral("2"),      QStringLiteral("--backend"),
                               QStringLiteral("gloo"),   QStringLiteral("--device"),
                               QStringLiteral("cpu"),    QStringLiteral("--gloo-threads"),
                               QStringLiteral("2"),      QStringLiteral("--repeats"),
                               QStringLiteral("1"),      QStringLiteral("--warmup"),
                               QStringLiteral("0"),      QStringLiteral("--output"),
                               QStringLiteral("o"),      QStringLiteral("--store-timeout-s"),
                               QStringLiteral("30")};
        QTest::newRow("wrong verb") << QStringList{QStringLiteral("run")} << QStringLiteral("\"replay\"");
        QTest::newRow("unknown option") << (QStringList(base) << QStringLiteral("--model") << QStringLiteral("mlp"))
                                        << QStringLiteral("unknown option --model");
        QTest::newRow("missing input") << (QStringList{QStringLiteral("replay")} + base.mid(3))
                                       << QStringLiteral("--input is required");
        QStringList zeroRepeats = base;
        zeroRepeats[12] = QStringLiteral("0");
        QTest::newRow("zero repeats") << zeroRepeats << QStringLiteral("--repeats must be an integer from 1");
        QStringList badKill = base;
        badKill << QStringLiteral("--inject-kill") << QStringLiteral("one");
        QTest::newRow("bad inject-kill") << badKill << QStringLiteral("RANK:EVENT");
        QStringList badBackend = base;
        badBackend[6] = QStringLiteral("mpi");
        QTest::newRow("bad backend") << badBackend << QStringLiteral("--backend must be gloo or nccl");
    }

    void workerArgumentRefusals()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        std::vector<std::string> argv;
        for (const auto& a : args) {
            argv.push_back(a.toStdString());
        }
        try {
            parseReplayWorkerArguments(argv);
            QFAIL("accepted");
        } catch (const WorkerUsageError& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
        }
    }

    void rankFileRoundTrips()
    {
        ReplayRankResult r;
        r.rank = 1;
        r.worldSize = 2;
        r.busyLoopItersPerMs = 123456;
        OffsetEstimate start{-100, 40, 80, 16, false};
        OffsetEstimate end{-120, 30, 60, 16, false};
        r.clock = combineCalibration(1, 0, start, end, 0, 0);
        r.timings.rank = 1;
        r.timings.offsetNs = r.clock.offsetNs;
        r.timings.uncertaintyNs = r.clock.uncertaintyNs;
        r.timings.repeatOrigin = {1'000, 9'000};
        r.timings.repeats = {{{0, 2}, {1'100, 1'300}, {1'200, 1'500}}, {{0, 2}, {9'100, 9'300}, {9'250, 9'600}}};
        const std::string text = jsonFileText(replayRankToJson(r));
        const ReplayRankResult back = replayRankFromJson(cc::json::parse(text, "rank1.json"), "rank1.json");
        QCOMPARE(back.rank, 1);
        QCOMPARE(back.busyLoopItersPerMs, std::int64_t{123456});
        QVERIFY(back.clock == r.clock);
        QCOMPARE(back.timings.offsetNs, r.clock.offsetNs);
        QVERIFY(back.timings.repeatOrigin == r.timings.repeatOrigin);
        QCOMPARE(back.timings.repeats.size(), std::size_t{2});
        QVERIFY(back.timings.repeats[1].complete == r.timings.repeats[1].complete);
        QVERIFY(back.timings.repeats[1].event == r.timings.repeats[1].event);
        // Columns of different lengths are refused with their path.
        const std::string broken = text.substr(0, text.find("\"complete_ns\": [") + 16) + "1," +
                                   text.substr(text.find("\"complete_ns\": [") + 16);
        try {
            replayRankFromJson(cc::json::parse(broken, "rank1.json"), "rank1.json");
            QFAIL("accepted");
        } catch (const cc::InputError& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("$.repeats[0]")), e.what());
        }
    }

    void effectiveCapabilitiesAreReadFromStatus()
    {
        const std::string status = "Name:\tx\nCapInh:\t0000000000000000\nCapPrm:\t000001fffeffffff\n"
                                   "CapEff:\t000001fffeffefff\nCapBnd:\t000001fffeffffff\n";
        const auto caps = effectiveCapabilities(status);
        QVERIFY(caps.has_value());
        QCOMPARE(*caps, std::uint64_t{0x000001fffeffefffULL});
        QVERIFY((*caps & (1ULL << 12)) == 0); // CAP_NET_ADMIN dropped
        QVERIFY((*caps & (1ULL << 21)) != 0); // CAP_SYS_ADMIN kept
        QVERIFY(!effectiveCapabilities("Name:\tx\n").has_value());
        QVERIFY(!effectiveCapabilities("CapEff:\tzz\n").has_value());
    }
};

QTEST_GUILESS_MAIN(TestPhysicalReplayLib)
#include "tst_physical_replay_lib.moc"
