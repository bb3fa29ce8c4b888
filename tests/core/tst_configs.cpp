// Backend configuration sets: the bundled default set, the canonical form and every refusal
// (each names the file, the JSON path and the rule).
#include "core/configs/config_io.h"
#include "core/util/errors.h"

#include "test_support.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace cc;

namespace {

nlohmann::json defaultDocument()
{
    return nlohmann::json::parse(defaultConfigSetText());
}

QString refusal(const std::string& text)
{
    try {
        parseConfigSet(text, "sets.json");
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestConfigs : public QObject {
    Q_OBJECT
private slots:
    void defaultSetHasTheFiveConfigurations()
    {
        const ConfigSet& set = defaultConfigSet();
        QCOMPARE(QString::fromStdString(set.name), QStringLiteral("default"));
        QCOMPARE(set.configurations.size(), std::size_t(5));
        const char* names[] = {"baseline", "low_latency", "high_bandwidth", "overlap_friendly", "congested"};
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(QString::fromStdString(set.configurations[static_cast<std::size_t>(i)].name),
                     QString::fromLatin1(names[i]));
            QCOMPARE(set.indexOf(names[i]), i);
        }
        QCOMPARE(set.indexOf("missing"), -1);
    }

    void bundledFileMatchesTheBuiltInSet()
    {
        const QString path = cctest::defaultConfigs();
        const ConfigSet fromFile = readConfigSet(path.toStdString());
        QVERIFY(fromFile == defaultConfigSet());
        QCOMPARE(QString::fromStdString(configSetJson(fromFile)),
                 QString::fromStdString(configSetJson(defaultConfigSet())));
        // The built-in text is the file's text, byte for byte.
        QCOMPARE(cctest::readAll(path),
                 QByteArray(defaultConfigSetText().data(), qsizetype(defaultConfigSetText().size())));
    }

    void canonicalFormRoundTripsAndIsStable()
    {
        const std::string canonical = configSetJson(defaultConfigSet());
        const ConfigSet again = parseConfigSet(canonical, "canonical.json");
        QVERIFY(again == defaultConfigSet());
        QCOMPARE(configSetJson(again), canonical);
        QCOMPARE(configSetSha256(again), configSetSha256(defaultConfigSet()));
        QVERIFY(canonical.find('\n') == std::string::npos);
        // A changed parameter changes the hash.
        ConfigSet changed = defaultConfigSet();
        changed.configurations[0].launchLatencyNs += 1;
        QVERIFY(configSetSha256(changed) != configSetSha256(defaultConfigSet()));
    }

    void defaultSetHashIsPinned()
    {
        // Golden: the default set is part of every default report's protocol. Changing it is a
        // deliberate act that must update this value (and the README's figures).
        QCOMPARE(QString::fromStdString(configSetSha256(defaultConfigSet())),
                 QStringLiteral("1675cdf6d315437a70ae1c5267f3d3f26a4e584dcb96502dafeeaedaf300c07e"));
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("mutation");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("rule");
        QTest::newRow("wrong format") << "format"
                                      << "$.format"
                                      << "must be \"commcanary-workbench.configs.v1\"";
        QTest::newRow("unknown field") << "unknown-field"
                                       << "$.configurations[1].bandwidth"
                                       << "not a known field";
        QTest::newRow("unknown tail field") << "unknown-tail-field"
                                            << "$.configurations[0].tail.chance"
                                            << "not a known field";
        QTest::newRow("fraction") << "fraction"
                                  << "$.configurations[0].launch_latency_ns"
                                  << "must be an integer";
        QTest::newRow("float one") << "float-one"
                                   << "$.configurations[0].channels_per_resource"
                                   << "must be an integer";
        QTest::newRow("string number") << "string-number"
                                       << "$.configurations[2].step_latency_ns"
                                       << "not a string";
        QTest::newRow("negative") << "negative"
                                  << "$.configurations[0].step_latency_ns"
                                  << "between 0 and";
        QTest::newRow("zero bandwidth") << "zero-bandwidth"
                                        << "$.configurations[3].bus_bandwidth_mb_per_s"
                                        << "between 1 and";
        QTest::newRow("efficiency above one") << "efficiency"
                                              << "$.configurations[0].overlap_efficiency_ppm"
                                              << "between 0 and 1000000";
        QTest::newRow("missing field") << "missing"
                                       << "$.configurations[4].max_channels"
                                       << "is required but missing";
        QTest::newRow("missing tail") << "missing-tail"
                                      << "$.configurations[0].tail"
                                      << "is required but missing";
        QTest::newRow("duplicate name") << "duplicate-name"
                                        << "$.configurations[1].name"
                                        << "duplicates the name \"baseline\"";
        QTest::newRow("bad name") << "bad-name"
                                  << "$.configurations[0].name"
                                  << "must be 1 to 64 characters";
        QTest::newRow("bad algorithm") << "algorithm"
                                       << "$.configurations[0].algorithm"
                                       << "must be \"ring\" or \"tree\"";
        QTest::newRow("no configurations") << "empty"
                                           << "$.configurations"
                                           << "at least one configuration";
        QTest::newRow("channels above max") << "channels"
                                            << "$.configurations[0].channels_per_resource"
                                            << "must not exceed max_channels";
        QTest::newRow("not an object") << "array-config"
                                       << "$.configurations[0]"
                                       << "must be a JSON object";
        QTest::newRow("configurations not an array") << "object-list"
                                                     << "$.configurations"
                                                     << "must be a JSON array";
    }

    void refusals()
    {
        QFETCH(QString, mutation);
        QFETCH(QString, path);
        QFETCH(QString, rule);
        nlohmann::json d = defaultDocument();
        auto& list = d["configurations"];
        const std::string m = mutation.toStdString();
        if (m == "format") {
            d["format"] = "commcanary.configs.v0";
        } else if (m == "unknown-field") {
            list[1]["bandwidth"] = 5;
        } else if (m == "unknown-tail-field") {
            list[0]["tail"]["chance"] = 5;
        } else if (m == "fraction") {
            list[0]["launch_latency_ns"] = 1.5;
        } else if (m == "float-one") {
            list[0]["channels_per_resource"] = 1.0;
        } else if (m == "string-number") {
            list[2]["step_latency_ns"] = "100";
        } else if (m == "negative") {
            list[0]["step_latency_ns"] = -1;
        } else if (m == "zero-bandwidth") {
            list[3]["bus_bandwidth_mb_per_s"] = 0;
        } else if (m == "efficiency") {
            list[0]["overlap_efficiency_ppm"] = 1000001;
        } else if (m == "missing") {
            list[4].erase("max_channels");
        } else if (m == "missing-tail") {
            list[0].erase("tail");
        } else if (m == "duplicate-name") {
            list[1]["name"] = "baseline";
        } else if (m == "bad-name") {
            list[0]["name"] = "base line";
        } else if (m == "algorithm") {
            list[0]["algorithm"] = "butterfly";
        } else if (m == "empty") {
            list = nlohmann::json::array();
        } else if (m == "channels") {
            list[0]["channels_per_resource"] = 9;
            list[0]["max_channels"] = 8;
        } else if (m == "array-config") {
            list[0] = nlohmann::json::array();
        } else if (m == "object-list") {
            d["configurations"] = nlohmann::json::object();
        }
        const QString message = refusal(d.dump(2));
        QVERIFY2(message.contains(QStringLiteral("sets.json")), qPrintable(message));
        QVERIFY2(message.contains(path), qPrintable(message));
        QVERIFY2(message.contains(rule), qPrintable(message));
    }

    void refusesDuplicateKeysAndMalformedText()
    {
        QString message =
            refusal(R"({"format":"commcanary-workbench.configs.v1","name":"a","name":"b","configurations":[]})");
        QVERIFY2(message.contains(QStringLiteral("duplicate key \"name\"")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("$.name")), qPrintable(message));

        std::string text(defaultConfigSetText());
        auto at = text.find("\"launch_latency_ns\": 2500");
        QVERIFY(at != std::string::npos);
        text.insert(at, "\"launch_latency_ns\": 1, ");
        message = refusal(text);
        QVERIFY2(message.contains(QStringLiteral("$.configurations[1].launch_latency_ns")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("duplicate key")), qPrintable(message));

        message = refusal("{\"format\": ");
        QVERIFY2(message.contains(QStringLiteral("not valid JSON")), qPrintable(message));
        message = refusal("[1, 2]");
        QVERIFY2(message.contains(QStringLiteral("must be a JSON object")), qPrintable(message));
    }

    void refusesDeepNesting()
    {
        std::string deep(200, '[');
        deep += std::string(200, ']');
        const QString message = refusal("{\"format\":" + deep + "}");
        QVERIFY2(message.contains(QStringLiteral("deeper than")), qPrintable(message));
    }

    void validatesHandBuiltSets()
    {
        ConfigSet set = defaultConfigSet();
        set.configurations[2].tail.probabilityPpm = 2'000'000;
        try {
            validateConfigSet(set, "built");
            QFAIL("an out-of-range probability was accepted");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("$.configurations[2].tail.probability_ppm") != std::string::npos);
        }
    }

    void missingFileIsAnIoError()
    {
        QVERIFY_THROWS_EXCEPTION(IoError, readConfigSet("no-such-folder/none.configs.json"));
    }
};

QTEST_GUILESS_MAIN(TestConfigs)
#include "tst_configs.moc"
