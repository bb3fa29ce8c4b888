// Chrome-trace export of a replay report: slices per event agree with the replay, tracks nest,
// tail events are marked, the wrong input, an unknown configuration and an edited report are
// refused, output is deterministic.
#include "test_support.h"

#include "core/configs/config_io.h"
#include "core/interop/chrome_export.h"
#include "core/replay/protocol.h"
#include "core/report/report.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <map>

using namespace cc;
using namespace cc::interop;

// Declared before the helpers and defined out of line (see tst_kineto_import.cpp).
class TestChromeExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void timelineOfEveryConfiguration();
    void refusals();

private:
    Trace trace_;
    std::string report_;
};

namespace {

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

QString refusal(const std::string& report, const Trace& trace, const ChromeExportOptions& options)
{
    try {
        NullProgress progress;
        exportChromeTrace(report, trace, options, progress);
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

void TestChromeExport::initTestCase()
{
    NullProgress progress;
    trace_ = readTrace(cctest::toStd(cctest::example(s("training_jittered.trace.json"))), progress);
    ReplayProtocol protocol;
    protocol.iterations = 2;
    report_ = buildReport(trace_, defaultConfigSet(), protocol, ReportOptions{}, progress);
}

void TestChromeExport::timelineOfEveryConfiguration()
{
    NullProgress progress;
    for (const auto& config : defaultConfigSet().configurations) {
        ChromeExportOptions options;
        options.configuration = config.name;
        options.iteration = 1;
        options.reportName = "report.json";
        ChromeExportSummary summary;
        const std::string text = exportChromeTrace(report_, trace_, options, progress, &summary);
        QCOMPARE(summary.collectives, trace_.size());
        QVERIFY(summary.tailEvents > 0);
        auto doc = nlohmann::json::parse(text);
        QCOMPARE(QString::fromStdString(doc["otherData"]["configuration"].get<std::string>()),
                 QString::fromStdString(config.name));
        QVERIFY(doc["otherData"]["model"].get<std::string>().find("not a measurement of hardware") !=
                std::string::npos);
        std::size_t collectives = 0;
        std::size_t tails = 0;
        std::map<int, std::vector<std::pair<double, double>>> byTrack;
        std::map<int, std::string> trackNames;
        for (const auto& e : doc["traceEvents"]) {
            if (e["ph"] == "M") {
                if (e["name"] == "thread_name") {
                    trackNames[e["tid"].get<int>()] = e["args"]["name"].get<std::string>();
                }
                continue;
            }
            QCOMPARE(e["ph"].get<std::string>(), std::string("X"));
            QVERIFY(e["dur"].get<double>() >= 0);
            byTrack[e["tid"].get<int>()].emplace_back(e["ts"].get<double>(),
                                                      e["ts"].get<double>() + e["dur"].get<double>());
            QVERIFY(e["args"].contains("bytes") && e["args"].contains("op"));
            if (e["cat"] == "collective") {
                ++collectives;
                const auto& a = e["args"];
                QCOMPARE(a["latency_ns"].get<std::int64_t>(), a["rank_wait_ns"].get<std::int64_t>() +
                                                                  a["queue_wait_ns"].get<std::int64_t>() +
                                                                  a["duration_ns"].get<std::int64_t>());
                if (a["tail"].get<bool>()) {
                    ++tails;
                    QCOMPARE(e["cname"].get<std::string>(), std::string("terrible"));
                }
            }
        }
        QCOMPARE(collectives, trace_.size());
        QCOMPARE(tails, summary.tailEvents);
        QCOMPARE(trackNames.size(), summary.tracks);
        // Every track nests: no two slices on one track overlap.
        for (auto& [track, spans] : byTrack) {
            std::sort(spans.begin(), spans.end());
            for (std::size_t k = 1; k < spans.size(); ++k) {
                QVERIFY2(spans[k].first >= spans[k - 1].second - 1e-9,
                         qPrintable(QString::fromStdString(trackNames[track])));
            }
        }
        bool waitTrack = false;
        for (const auto& [id, name] : trackNames) {
            waitTrack = waitTrack || name.find(" wait") != std::string::npos;
        }
        QCOMPARE(waitTrack, summary.waitSlices > 0); // measured rank arrivals give rank-wait slices
        // Deterministic.
        QCOMPARE(exportChromeTrace(report_, trace_, options, progress), text);
    }
}

void TestChromeExport::refusals()
{
    NullProgress progress;
    ChromeExportOptions options;
    options.reportName = "report.json";
    options.inputName = "other.trace.json";
    Trace other = readTrace(cctest::toStd(cctest::example(s("adversarial_decode.trace.json"))), progress);
    QVERIFY(refusal(report_, other, options).contains(s("is not the input of report report.json")));
    options.configuration = "no_such_config";
    QVERIFY(refusal(report_, trace_, options).contains(s("has no configuration \"no_such_config\"")));
    options.configuration.clear();
    options.iteration = 2;
    QVERIFY(refusal(report_, trace_, options).contains(s("iteration 2 does not exist")));
    options.iteration = 0;
    // An edited number: change the first configuration's median in the report text.
    auto doc = nlohmann::json::parse(report_);
    auto& summary = doc["configurations"][0]["summary"];
    QVERIFY(summary.contains("median_ns"));
    summary["median_ns"] = summary["median_ns"].get<std::int64_t>() + 1;
    const QString edited = refusal(doc.dump(), trace_, options);
    QVERIFY2(!edited.isEmpty(), "an edited report must be refused");
}

QTEST_GUILESS_MAIN(TestChromeExport)
#include "tst_chrome_export.moc"
