// The streaming Chrome-trace reader: event boundaries and indices under any batching, the
// conservative fragment prefilter (fragments across block edges too), top-level values in any
// order, bare arrays, escapes, and structural refusals with their byte offset.
#include "test_support.h"

#include "core/interop/byte_source.h"
#include "core/interop/chrome_trace_reader.h"
#include "core/util/errors.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <map>

using namespace cc;
using namespace cc::interop;

// Declared before the helpers and defined out of line (see tst_kineto_import.cpp).
class TestChromeTraceReader : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
private slots:
    void initTestCase();
    void everyEventWithItsIndexUnderAnyBatchSize();
    void fragmentsPassOnlyCandidatesButNeverMissOne();
    void topLevelValuesInAnyOrderAndBareArrays();
    void structuralRefusalsNameTheByte();
    void fragmentsAcrossBlockEdgesAreFound();
};

namespace {

struct Recorder final : ChromeTraceSink {
    std::vector<std::uint64_t> indices;
    std::vector<nlohmann::json> events;
    std::map<std::string, std::string> values;
    bool wantsTopLevelValue(std::string_view key) override { return key != "skipped"; }
    void topLevelValue(std::string_view key, std::string_view json) override
    {
        values[std::string(key)] = std::string(json);
    }
    void eventBatch(std::string_view json, const std::vector<std::uint64_t>& idx) override
    {
        auto batch = nlohmann::json::parse(json);
        if (batch.size() != idx.size()) {
            throw std::runtime_error("batch and indices disagree");
        }
        for (std::size_t k = 0; k < idx.size(); ++k) {
            indices.push_back(idx[k]);
            events.push_back(batch[k]);
        }
    }
};

std::string eventText(int i)
{
    // strings with braces, brackets, escaped quotes and backslashes inside
    nlohmann::json e = {{"ph", "X"},
                        {"name", i % 7 == 0 ? "ncclKernel_AllReduce"
                                            : (i % 5 == 0 ? "op {[\"" + std::to_string(i) + "\\]}"
                                                          : "op {[" + std::to_string(i) + "]}")},
                        {"ts", i},
                        {"args", {{"Input Dims", {{i, 2}, nlohmann::json::array()}}, {"k", std::string(i % 50, 'x')}}}};
    return e.dump();
}

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

} // namespace

void TestChromeTraceReader::initTestCase()
{
    QVERIFY(dir_.isValid());
}

void TestChromeTraceReader::everyEventWithItsIndexUnderAnyBatchSize()
{
    std::string doc = "{\"traceEvents\": [";
    for (int i = 0; i < 3000; ++i) {
        doc += (i ? ",\n " : "") + eventText(i);
    }
    doc += "], \"after\": {\"x\": [1, 2]}}";
    const QString file = dir_.filePath(s("many.json"));
    QVERIFY(cctest::writeAll(file, QByteArray::fromStdString(doc)));
    for (std::size_t batch : {std::size_t{64}, std::size_t{1000}, std::size_t{1} << 20}) {
        ByteSource source(cctest::toStd(file));
        Recorder sink;
        NullProgress progress;
        ChromeTraceReadOptions options;
        options.batchBytes = batch;
        auto result = readChromeTrace(source, sink, progress, options);
        QCOMPARE(result.eventCount, std::uint64_t{3000});
        QCOMPARE(sink.indices.size(), std::size_t{3000});
        for (std::size_t i = 0; i < sink.indices.size(); ++i) {
            QCOMPARE(sink.indices[i], static_cast<std::uint64_t>(i));
            QCOMPARE(sink.events[i]["ts"].get<int>(), static_cast<int>(i));
        }
        QCOMPARE(QString::fromStdString(sink.values["after"]), s("{\"x\": [1, 2]}"));
    }
}

void TestChromeTraceReader::fragmentsPassOnlyCandidatesButNeverMissOne()
{
    std::string doc = "[";
    for (int i = 0; i < 2000; ++i) {
        doc += (i ? "," : "") + eventText(i);
    }
    // a fragment hidden behind an escape is still passed on
    doc += R"(,{"ph":"X","name":"n\u0063cl:all_reduce","ts":1})";
    doc += "]";
    const QString file = dir_.filePath(s("fragments.json"));
    QVERIFY(cctest::writeAll(file, QByteArray::fromStdString(doc)));
    ByteSource source(cctest::toStd(file));
    Recorder sink;
    NullProgress progress;
    ChromeTraceReadOptions options;
    options.fragments = {{'c', 'c', 'l'}};
    auto result = readChromeTrace(source, sink, progress, options);
    QCOMPARE(result.eventCount, std::uint64_t{2001});
    std::size_t expected = 0;
    for (int i = 0; i < 2000; ++i) {
        expected += i % 7 == 0 ? 1 : 0;
    }
    std::size_t kernels = 0;
    bool escaped = false;
    for (std::size_t k = 0; k < sink.events.size(); ++k) {
        const auto name = sink.events[k]["name"].get<std::string>();
        kernels += name == "ncclKernel_AllReduce" ? 1 : 0;
        escaped = escaped || (name == "nccl:all_reduce" && sink.indices[k] == 2000);
    }
    QCOMPARE(kernels, expected);
    QVERIFY(escaped);
    // Events with the fragment or an escape are always passed on (so are their neighbours in a
    // 64-byte block with an escape: the prefilter errs only towards parsing more); the rest is skipped.
    std::uint64_t candidates = 1;
    for (int i = 0; i < 2000; ++i) {
        candidates += (i % 7 == 0 || i % 5 == 0) ? 1 : 0;
    }
    QVERIFY2(result.passedOn >= candidates && result.passedOn < 2001 * 1 / 2,
             qPrintable(QStringLiteral("%1 passed on, %2 candidates").arg(result.passedOn).arg(candidates)));
}

void TestChromeTraceReader::topLevelValuesInAnyOrderAndBareArrays()
{
    const QString file = dir_.filePath(s("order.json"));
    QVERIFY(cctest::writeAll(
        file, QByteArray("\xEF\xBB\xBF{\"skipped\": {\"a\": \"}]\\\"\"}, \"baseTimeNanoseconds\": 1711964646000000000, "
                         "\"traceEvents\": [], \"distributedInfo\": {\"rank\": 3}, \"s\": \"x\\\"y\"}")));
    ByteSource source(cctest::toStd(file));
    Recorder sink;
    NullProgress progress;
    auto result = readChromeTrace(source, sink, progress);
    QVERIFY(result.sawTraceEvents);
    QCOMPARE(result.eventCount, std::uint64_t{0});
    QCOMPARE(QString::fromStdString(sink.values["baseTimeNanoseconds"]), s("1711964646000000000"));
    QCOMPARE(QString::fromStdString(sink.values["distributedInfo"]), s("{\"rank\": 3}"));
    QCOMPARE(QString::fromStdString(sink.values["s"]), s("\"x\\\"y\""));
    QVERIFY(!sink.values.count("skipped"));
}

void TestChromeTraceReader::structuralRefusalsNameTheByte()
{
    auto refusal = [&](const char* name, const QByteArray& text) {
        const QString file = dir_.filePath(s(name));
        if (!cctest::writeAll(file, text)) {
            return QString();
        }
        try {
            ByteSource source(cctest::toStd(file));
            Recorder sink;
            NullProgress progress;
            readChromeTrace(source, sink, progress);
        } catch (const InputError& e) {
            return QString::fromStdString(e.what());
        }
        return QString();
    };
    QVERIFY(refusal("empty.json", "").contains(s("the file is empty")));
    QVERIFY(refusal("text.json", "hello").contains(s("byte 0: not a Chrome-trace JSON document")));
    QVERIFY(refusal("twice.json", "{\"traceEvents\": [], \"traceEvents\": []}")
                .contains(s("\"traceEvents\" appears twice")));
    QVERIFY(refusal("array.json", "{\"traceEvents\": {}}").contains(s("\"traceEvents\" must be an array")));
    QVERIFY(refusal("after.json", "{\"traceEvents\": []} x").contains(s("unexpected text after the end")));
    const QString missingComma = refusal("comma.json", "[{\"a\": 1} {\"b\": 2}]");
    QVERIFY2(missingComma.contains(s("byte 10: traceEvents[1]: expected ',' between events")),
             qPrintable(missingComma));
    QVERIFY(refusal("open.json", "[{\"a\": \"unterminated}]").contains(s("truncated")));
    QVERIFY(refusal("nested.json", "[[1, 2]]").contains(s("traceEvents[0]: every event must be a JSON object")));
}

void TestChromeTraceReader::fragmentsAcrossBlockEdgesAreFound()
{
    // The fragment "ccl" (written "nCcL") ends at every offset of the 64-byte blocks, so it lies
    // across a block edge in two of every 64 documents; the events around it never hold it.
    for (int pad = 0; pad < 192; ++pad) {
        const std::string doc = "[{\"p\": \"" + std::string(static_cast<std::size_t>(pad), 'x') +
                                "\"}, {\"name\": \"nCcL\"}, {\"q\": \"" + std::string(80, 'y') + "\"}]";
        const QString file = dir_.filePath(QStringLiteral("edge%1.json").arg(pad));
        QVERIFY(cctest::writeAll(file, QByteArray::fromStdString(doc)));
        ByteSource source(cctest::toStd(file));
        Recorder sink;
        NullProgress progress;
        ChromeTraceReadOptions options;
        options.fragments = {{'m', '_', 'c'}, {'c', 'c', 'l'}};
        auto result = readChromeTrace(source, sink, progress, options);
        QCOMPARE(result.eventCount, std::uint64_t{3});
        // The last block is scanned byte by byte and passes on what it touches: only the events
        // wholly inside earlier blocks can be told apart.
        QVERIFY2(!sink.indices.empty() && std::count(sink.indices.begin(), sink.indices.end(), 1) == 1,
                 qPrintable(QStringLiteral("pad %1: the event with the fragment was skipped").arg(pad)));
        if (static_cast<std::size_t>(pad) + 12 <= doc.size() / 64 * 64) { // the first event is in whole blocks
            QVERIFY2(sink.indices.front() == 1, qPrintable(QStringLiteral("pad %1: a neighbour passed").arg(pad)));
        }
    }
}

QTEST_GUILESS_MAIN(TestChromeTraceReader)
#include "tst_chrome_trace_reader.moc"
