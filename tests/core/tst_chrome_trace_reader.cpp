// The streaming Chrome-trace reader: event boundaries and indices under any batching, the
// conservative fragment prefilter (fragments across block edges too), top-level values in any
// order, bare arrays, escapes, structural refusals with their byte offset, and the sink on its
// own thread: the same calls in the same order, the earlier of two errors, and cancellation.
#include "test_support.h"

#include "core/interop/byte_source.h"
#include "core/interop/chrome_trace_reader.h"
#include "core/util/errors.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <map>
#include <set>
#include <thread>

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
    void theSinkThreadMakesTheSameCallsInOrder();
    void theEarlierOfASinkAndAStructuralErrorWins();
    void cancellingStopsTheSinkThreadToo();
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

/// eventText(0) ... eventText(count - 1), joined by separator.
std::string eventsText(int count, const char* separator)
{
    std::string text;
    for (int i = 0; i < count; ++i) {
        text += (i ? separator : "") + eventText(i);
    }
    return text;
}

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

/// Every call in order as text, and the threads the calls ran on.
struct CallLog final : ChromeTraceSink {
    std::vector<std::string> calls;
    std::set<std::thread::id> threads;
    bool wantsTopLevelValue(std::string_view key) override { return key != "skipped"; }
    void topLevelValue(std::string_view key, std::string_view json) override
    {
        threads.insert(std::this_thread::get_id());
        calls.push_back("value " + std::string(key) + "=" + std::string(json));
    }
    void eventBatch(std::string_view json, const std::vector<std::uint64_t>& idx) override
    {
        threads.insert(std::this_thread::get_id());
        std::string call = "batch";
        for (const auto i : idx) {
            call += " " + std::to_string(i);
        }
        calls.push_back(call + " " + nlohmann::json::parse(json).dump());
    }
};

/// Refuses the event whose name is "bad", as an importer refuses a wrong field.
struct Refuser final : ChromeTraceSink {
    std::uint64_t seen = 0;
    Progress* cancelOnFirstBatch = nullptr;
    bool wantsTopLevelValue(std::string_view) override { return false; }
    void topLevelValue(std::string_view, std::string_view) override {}
    void eventBatch(std::string_view json, const std::vector<std::uint64_t>& idx) override
    {
        if (auto* flag = dynamic_cast<CancelFlagProgress*>(cancelOnFirstBatch)) {
            flag->cancel();
        }
        const auto batch = nlohmann::json::parse(json);
        for (std::size_t k = 0; k < idx.size(); ++k) {
            ++seen;
            if (batch[k].value("name", "") == "bad") {
                throw InputError("sink", "traceEvents[" + std::to_string(idx[k]) + "].name: refused");
            }
        }
    }
};

} // namespace

void TestChromeTraceReader::initTestCase()
{
    QVERIFY(dir_.isValid());
}

void TestChromeTraceReader::everyEventWithItsIndexUnderAnyBatchSize()
{
    const std::string doc = "{\"traceEvents\": [" + eventsText(3000, ",\n ") + "], \"after\": {\"x\": [1, 2]}}";
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
    std::string doc = "[" + eventsText(2000, ",");
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

void TestChromeTraceReader::theSinkThreadMakesTheSameCallsInOrder()
{
    const std::string doc = "{\"before\": [1, {\"a\": \"]\"}], \"skipped\": 2, \"traceEvents\": [" +
                            eventsText(3000, ",\n ") + "], \"after\": {\"x\": [1, 2]}, \"last\": \"z\"}";
    const QString file = dir_.filePath(s("calls.json"));
    QVERIFY(cctest::writeAll(file, QByteArray::fromStdString(doc)));
    auto read = [&](bool concurrent, CallLog& sink) {
        ByteSource source(cctest::toStd(file));
        NullProgress progress;
        ChromeTraceReadOptions options;
        options.batchBytes = 700;
        options.fragments = {{'c', 'c', 'l'}, {'o', 'p', ' '}};
        options.concurrentParsing = concurrent;
        return readChromeTrace(source, sink, progress, options);
    };
    CallLog alone;
    CallLog beside;
    const auto one = read(false, alone);
    const auto two = read(true, beside);
    QCOMPARE(one.passedOn, two.passedOn);
    QVERIFY(alone.calls.size() > 100);
    QCOMPARE(alone.calls.size(), beside.calls.size());
    for (std::size_t k = 0; k < alone.calls.size(); ++k) {
        QCOMPARE(QString::fromStdString(beside.calls[k]), QString::fromStdString(alone.calls[k]));
    }
    QCOMPARE(QString::fromStdString(alone.calls.front()), s("value before=[1, {\"a\": \"]\"}]"));
    QCOMPARE(QString::fromStdString(alone.calls.back()), s("value last=\"z\""));
    // One thread either way: the caller's alone, another beside it.
    QCOMPARE(alone.threads, std::set<std::thread::id>{std::this_thread::get_id()});
    QCOMPARE(beside.threads.size(), std::size_t{2}); // "before" on the caller's; the rest on the sink's
    QVERIFY(beside.threads.count(std::this_thread::get_id()) == 1);
}

void TestChromeTraceReader::theEarlierOfASinkAndAStructuralErrorWins()
{
    // Events 0..2999; the sink refuses the one named "bad"; the document may also break at an event.
    auto document = [](int badAt, int brokenAt) {
        std::string doc = "[";
        for (int i = 0; i < 3000; ++i) {
            std::string e = i == badAt ? std::string(R"({"name": "bad", "ts": 1})") : eventText(i);
            doc += (i == 0 ? "" : (i == brokenAt ? " " : ",")) + e; // a missing comma breaks it
        }
        return doc + "]";
    };
    auto message = [&](const char* name, const std::string& doc, bool concurrent, std::size_t batch) {
        const QString file = dir_.filePath(s(name));
        if (!cctest::writeAll(file, QByteArray::fromStdString(doc))) {
            return QString();
        }
        try {
            ByteSource source(cctest::toStd(file));
            Refuser sink;
            NullProgress progress;
            ChromeTraceReadOptions options;
            options.batchBytes = batch;
            options.concurrentParsing = concurrent;
            readChromeTrace(source, sink, progress, options);
        } catch (const InputError& e) {
            return QString::fromStdString(e.what());
        }
        return s("accepted");
    };
    for (const bool concurrent : {false, true}) {
        for (const std::size_t batch : {std::size_t{256}, std::size_t{1} << 20}) {
            // The refused event comes first: its error is reported, though the break is found first when
            // the whole document is one batch.
            QVERIFY2(message("sink_first.json", document(100, 2500), concurrent, batch)
                         .contains(s("traceEvents[100].name: refused")),
                     qPrintable(message("sink_first.json", document(100, 2500), concurrent, batch)));
            // The event just before the break is refused: still the sink's error.
            QVERIFY(message("sink_just_before.json", document(2499, 2500), concurrent, batch)
                        .contains(s("traceEvents[2499].name: refused")));
            // The break comes first: the refused event is never read.
            QVERIFY(message("break_first.json", document(2600, 2500), concurrent, batch)
                        .contains(s("traceEvents[2500]: expected ',' between events")));
            QCOMPARE(message("sink_only.json", document(2999, -1), concurrent, batch),
                     s("sink: traceEvents[2999].name: refused"));
        }
    }
}

void TestChromeTraceReader::cancellingStopsTheSinkThreadToo()
{
    const std::string doc = "[" + eventsText(3000, ",") + "]";
    const QString file = dir_.filePath(s("cancel.json"));
    QVERIFY(cctest::writeAll(file, QByteArray::fromStdString(doc)));
    ByteSource source(cctest::toStd(file));
    CancelFlagProgress progress;
    Refuser sink;
    sink.cancelOnFirstBatch = &progress; // the sink thread asks to stop; the reader notices
    ChromeTraceReadOptions options;
    options.batchBytes = 256;
    bool cancelled = false;
    try {
        readChromeTrace(source, sink, progress, options);
    } catch (const Cancelled&) {
        cancelled = true;
    }
    QVERIFY(cancelled);
    QVERIFY2(sink.seen < 3000, qPrintable(QString::number(sink.seen)));
}

QTEST_GUILESS_MAIN(TestChromeTraceReader)
#include "tst_chrome_trace_reader.moc"
