// Physical configuration sets (commcanary-workbench.physical-configs.v1): the bundled sets, the
// canonical form, the tc command lines, and every refusal (each naming the file, the JSON path
// and the rule).
#include "core/configs/physical_configs.h"
#include "core/util/errors.h"

#include "test_support.h"

#include <QtTest>

using namespace cc;

namespace {

QString refusal(const std::string& text)
{
    try {
        parsePhysicalConfigSet(text, "set.json");
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

/// A one-configuration set around the given configuration members.
std::string setWith(const std::string& configurationMembers)
{
    return R"({"format":"commcanary-workbench.physical-configs.v1","name":"t","configurations":[{"name":"c",)" +
           configurationMembers + "}]}";
}

} // namespace

class TestPhysicalConfigs : public QObject {
    Q_OBJECT
private slots:
    void bundledLoopbackSetHasFourGlooConfigurations()
    {
        const PhysicalConfigSet set = readPhysicalConfigSet(
            cctest::toStd(cctest::configsDir() + QStringLiteral("/physical-loopback.configs.json")));
        QCOMPARE(set.name, std::string("physical-loopback"));
        QCOMPARE(set.configurations.size(), std::size_t{4});
        QCOMPARE(set.configurations[0].name, std::string("gloo-unshaped"));
        QVERIFY(!set.configurations[0].shaping);
        int shaped = 0;
        for (const auto& c : set.configurations) {
            QCOMPARE(c.backend, std::string("gloo"));
            QCOMPARE(c.device, std::string("cpu"));
            QCOMPARE(c.glooThreads, 2);
            shaped += c.shaping ? 1 : 0;
        }
        QCOMPARE(shaped, 3);
        QCOMPARE(set.configurations[2].shaping->qdisc, std::string("htb"));
        QCOMPARE(set.configurations[3].shaping->rateBitsPerS, std::int64_t{500'000'000});
    }

    void bundledNcclSetIsValid()
    {
        const PhysicalConfigSet set =
            readPhysicalConfigSet(cctest::toStd(cctest::configsDir() + QStringLiteral("/physical-nccl.configs.json")));
        QCOMPARE(set.configurations.size(), std::size_t{4});
        for (const auto& c : set.configurations) {
            QCOMPARE(c.backend, std::string("nccl"));
            QCOMPARE(c.device, std::string("cuda"));
            QCOMPARE(c.glooThreads, 0);
        }
        // The environment is kept sorted by name.
        QCOMPARE(set.configurations[3].environment.front().first, std::string("NCCL_ALGO"));
        QCOMPARE(set.configurations[3].environment.back().first, std::string("NCCL_MIN_NCHANNELS"));
    }

    void canonicalFormRoundTrips()
    {
        const PhysicalConfigSet set = readPhysicalConfigSet(
            cctest::toStd(cctest::configsDir() + QStringLiteral("/physical-loopback.configs.json")));
        const std::string text = physicalConfigSetJson(set);
        const PhysicalConfigSet again = parsePhysicalConfigSet(text, "canonical.json");
        QVERIFY(again == set);
        QCOMPARE(physicalConfigSetJson(again), text);
        // Absent gloo options are the c10d default, written out in the canonical form.
        const PhysicalConfigSet defaulted = parsePhysicalConfigSet(setWith(R"("backend":"gloo","device":"cpu")"), "d");
        QCOMPARE(defaulted.configurations[0].glooThreads, kDefaultGlooThreads);
        QVERIFY(physicalConfigSetJson(defaulted).find(R"("gloo":{"threads":2},"shaping":null)") != std::string::npos);
    }

    void tcCommandsUseExactUnits()
    {
        LoopbackShaping tbf{"tbf", 2'000'000'000, 262'144, 50'000};
        const auto t = shapingTcCommands(tbf, "lo");
        QCOMPARE(t.size(), std::size_t{1});
        const std::vector<std::string> expected{"qdisc", "add",           "dev",   "lo",      "root",    "tbf",
                                                "rate",  "2000000000bit", "burst", "262144b", "latency", "50000us"};
        QVERIFY(t[0] == expected);
        LoopbackShaping htb{"htb", 1'000'000'000, 262'144, 0};
        const auto h = shapingTcCommands(htb, "lo");
        QCOMPARE(h.size(), std::size_t{2});
        QCOMPARE(h[0][7], std::string("htb"));
        QCOMPARE(h[1][10], std::string("1000000000bit"));
    }

    void environmentOutsideTheAllowlistIsRefused()
    {
        const QString e = refusal(setWith(R"("backend":"gloo","device":"cpu","environment":{"LD_PRELOAD":"/x.so"})"));
        QVERIFY2(e.contains(QStringLiteral("set.json")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("$.configurations[0].environment.LD_PRELOAD")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("not on the allowlist")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("NCCL_ALGO")), qPrintable(e)); // the allowlist is named
    }

    void environmentRulesPerBackendAndValue_data()
    {
        QTest::addColumn<QString>("members");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("rule");
        QTest::newRow("nccl var on gloo") << R"("backend":"gloo","device":"cpu","environment":{"NCCL_ALGO":"Ring"})"
                                          << "environment.NCCL_ALGO"
                                          << "read by the nccl backend only";
        QTest::newRow("gloo var on nccl")
            << R"("backend":"nccl","device":"cuda","environment":{"GLOO_SOCKET_IFNAME":"lo"})"
            << "environment.GLOO_SOCKET_IFNAME"
            << "read by the gloo backend only";
        QTest::newRow("unknown algo") << R"("backend":"nccl","device":"cuda","environment":{"NCCL_ALGO":"Star"})"
                                      << "environment.NCCL_ALGO"
                                      << "a comma list of Ring";
        QTest::newRow("channels not a number")
            << R"("backend":"nccl","device":"cuda","environment":{"NCCL_MAX_NCHANNELS":"many"})"
            << "environment.NCCL_MAX_NCHANNELS"
            << "a whole number from 1 to 64";
        QTest::newRow("min above max")
            << R"("backend":"nccl","device":"cuda","environment":{"NCCL_MAX_NCHANNELS":"2","NCCL_MIN_NCHANNELS":"4"})"
            << "environment.NCCL_MIN_NCHANNELS"
            << "must not exceed NCCL_MAX_NCHANNELS";
        QTest::newRow("value not a string") << R"("backend":"nccl","device":"cuda","environment":{"NCCL_BUFFSIZE":4})"
                                            << "environment.NCCL_BUFFSIZE"
                                            << "string";
        QTest::newRow("nccl on cpu") << R"("backend":"nccl","device":"cpu")"
                                     << "device"
                                     << "must be \"cuda\" for the nccl backend";
        QTest::newRow("unknown backend") << R"("backend":"mpi","device":"cpu")"
                                         << "backend"
                                         << "\"gloo\" or \"nccl\"";
        QTest::newRow("gloo options on nccl") << R"("backend":"nccl","device":"cuda","gloo":{"threads":2})"
                                              << "gloo"
                                              << "gloo backend only";
        QTest::newRow("gloo threads range") << R"("backend":"gloo","device":"cpu","gloo":{"threads":0})"
                                            << "gloo.threads"
                                            << "";
        QTest::newRow("shaping on nccl")
            << R"("backend":"nccl","device":"cuda","shaping":{"qdisc":"htb","rate_bits_per_s":1000000,"burst_bytes":1000})"
            << "shaping"
            << "NCCL does not use the loopback device";
        QTest::newRow("netem")
            << R"("backend":"gloo","device":"cpu","shaping":{"qdisc":"netem","rate_bits_per_s":1000000,"burst_bytes":1000})"
            << "shaping.qdisc"
            << "\"tbf\" or \"htb\"";
        QTest::newRow("tbf without latency")
            << R"("backend":"gloo","device":"cpu","shaping":{"qdisc":"tbf","rate_bits_per_s":1000000,"burst_bytes":1000})"
            << "shaping"
            << "tbf needs latency_us";
        QTest::newRow("htb with latency")
            << R"("backend":"gloo","device":"cpu","shaping":{"qdisc":"htb","rate_bits_per_s":1000000,"burst_bytes":1000,"latency_us":5})"
            << "shaping.latency_us"
            << "applies to tbf only";
        QTest::newRow("rate as decimal")
            << R"("backend":"gloo","device":"cpu","shaping":{"qdisc":"tbf","rate_bits_per_s":1.5e9,"burst_bytes":1000,"latency_us":5})"
            << "shaping.rate_bits_per_s"
            << "";
        QTest::newRow("unknown member") << R"("backend":"gloo","device":"cpu","threads":2)"
                                        << "threads"
                                        << "";
    }

    void environmentRulesPerBackendAndValue()
    {
        QFETCH(QString, members);
        QFETCH(QString, path);
        QFETCH(QString, rule);
        const QString e = refusal(setWith(members.toStdString()));
        QVERIFY2(!e.isEmpty(), "accepted");
        QVERIFY2(e.contains(QStringLiteral("$.configurations[0].") + path), qPrintable(e));
        QVERIFY2(e.contains(rule), qPrintable(e));
    }

    void setLevelRefusals()
    {
        QString e = refusal(R"({"format":"commcanary-workbench.configs.v1","name":"t","configurations":[]})");
        QVERIFY2(e.contains(QStringLiteral("$.format")), qPrintable(e));
        e = refusal(R"({"format":"commcanary-workbench.physical-configs.v1","name":"t","configurations":[]})");
        QVERIFY2(e.contains(QStringLiteral("$.configurations")) && e.contains(QStringLiteral("1 to 32")),
                 qPrintable(e));
        e = refusal(R"({"format":"commcanary-workbench.physical-configs.v1","name":"t","configurations":[)"
                    R"({"name":"a","backend":"gloo","device":"cpu"},{"name":"a","backend":"gloo","device":"cpu"}]})");
        QVERIFY2(e.contains(QStringLiteral("$.configurations[1].name")) && e.contains(QStringLiteral("unique")),
                 qPrintable(e));
        // Duplicate keys are refused by the toolkit's parser.
        e = refusal(
            R"({"format":"commcanary-workbench.physical-configs.v1","name":"t","name":"u","configurations":[]})");
        QVERIFY2(e.contains(QStringLiteral("duplicate")), qPrintable(e));
    }
};

QTEST_GUILESS_MAIN(TestPhysicalConfigs)
#include "tst_physical_configs.moc"
