// writeTraceJson through a sink and traceJsonBytes: the same bytes as the whole-string writer, in
// bounded pieces, and its size without holding it (what the compiler's header records); the file
// writer streams those bytes.
#include "core/generate/generators.h"
#include "core/trace/trace_io.h"

#include "test_support.h"

#include <QtTest>

#include <filesystem>
#include <fstream>

using namespace cc;

class TestTraceStreamedWrite : public QObject {
    Q_OBJECT
private slots:
    void countedBytesAreTheWrittenBytesForEveryField()
    {
        // Every field the writer writes, strings that need each kind of escape (and one that is not
        // ASCII), the three shapes of arrivals and ranks, unknown fields and top-level members: the
        // byte count adds up to what the writer writes.
        const std::string text =
            "{\"format\":\"commcanary.trace.v1\",\"workload\":{\"name\":\"w "
            "\\\"q\\\"\"},\"system\":{\"ranks\":8},\"zz_extra\":[1,{\"a\":\"\\u0002\"}],\"events\":[\n"
            "{\"id\":\"a\\\"b\\\\c\\n\\t\\u0001\\u001f\\b\\f\\r "
            "\u00e9\",\"op\":\"all_reduce\",\"bytes\":1024,\"ranks\":[0,1,2,3],\"group\":\"g\\\\1\",\"phase\":\"p\\n\","
            "\"dtype\":\"float32\",\"tag\":\"t\\\"\",\"channel\":\"c\\u0007\",\"reduction_op\":\"sum\",\"start_us\":0."
            "001,\"gap_us\":0.001,\"compute_before_us\":12.5,\"compute_overlap_us\":3,\"compute_pressure\":0.123456789,"
            "\"concurrent_groups\":3,\"message_sequence\":0,\"observed_exposed_us\":1000000.5,\"arrival_skew_us\":1000,"
            "\"rank_arrival_us\":[0,1.5,0.25,1000],\"rank_count\":4,\"root_rank\":2,\"x_unknown\":{\"k\":[1,2]},\"y_"
            "unknown\":\"v\\\"\"},\n"
            "{\"id\":\"b\",\"op\":\"my "
            "op\",\"custom_op\":true,\"bytes\":1,\"ranks\":4,\"start_us\":10,\"compute_overlap_unknown\":true,\"rank_"
            "arrival_us\":{\"3\":2,\"1\":0.001},\"partial_rank_arrival\":true},\n"
            "{\"op\":\"send\",\"bytes\":99999999999,\"ranks\":[5,7],\"sender_rank\":5,\"receiver_rank\":7,\"start_us\":"
            "123456789.123,\"message_sequence\":12345}\n"
            "]}\n";
        NullProgress progress;
        const Trace trace = parseTrace(text, "every-field.trace.json", progress);
        QCOMPARE(trace.size(), std::size_t(3));
        const std::string whole = writeTraceJson(trace);
        QVERIFY(whole.find("\\u0001") != std::string::npos);
        QVERIFY(whole.find("\\u0007") != std::string::npos);
        QCOMPARE(traceJsonBytes(trace), static_cast<std::uint64_t>(whole.size()));
        // Written and read back, the same trace and the same count.
        const Trace again = parseTrace(whole, "again.trace.json", progress);
        QCOMPARE(writeTraceJson(again), whole);
        QCOMPARE(traceJsonBytes(again), static_cast<std::uint64_t>(whole.size()));
        // No events at all: the document around them alone.
        const Trace empty = parseTrace("{\"format\":\"commcanary.trace.v1\",\"events\":[]}", "empty", progress);
        QCOMPARE(traceJsonBytes(empty), static_cast<std::uint64_t>(writeTraceJson(empty).size()));
    }

    void streamedBytesAreTheWrittenBytes_data()
    {
        QTest::addColumn<QString>("example");
        QTest::newRow("adversarial") << QStringLiteral("adversarial_decode.trace.json");
        QTest::newRow("decode") << QStringLiteral("decode.trace.json");
        QTest::newRow("training") << QStringLiteral("training.trace.json");
        QTest::newRow("training jittered") << QStringLiteral("training_jittered.trace.json");
        QTest::newRow("generated 20000 events") << QString();
    }

    void streamedBytesAreTheWrittenBytes()
    {
        QFETCH(QString, example);
        NullProgress progress;
        Trace trace;
        if (example.isEmpty()) {
            GeneratorOptions options;
            options.events = 20000;
            trace = generateTraining(options, progress);
        } else {
            trace = readTrace(cctest::example(example).toStdString(), progress);
        }
        const std::string whole = writeTraceJson(trace);
        std::string streamed;
        std::size_t pieces = 0;
        std::size_t largest = 0;
        writeTraceJson(trace, [&](std::string_view piece) {
            streamed.append(piece);
            largest = std::max(largest, piece.size());
            ++pieces;
        });
        QVERIFY(streamed == whole);
        QCOMPARE(traceJsonBytes(trace), static_cast<std::uint64_t>(whole.size()));
        QVERIFY2(largest < (std::size_t{1} << 17), "pieces of about 64 KiB, never the whole trace");
        if (whole.size() > (std::size_t{1} << 20)) {
            QVERIFY(pieces > 10);
        }

        // The file writer streams the same bytes to disk.
        QTemporaryDir dir;
        const std::filesystem::path file = dir.filePath(QStringLiteral("out.trace.json")).toStdString();
        writeTraceFile(trace, file, progress);
        std::ifstream in(file, std::ios::binary);
        const std::string written((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        QVERIFY(written == whole);
    }
};

QTEST_APPLESS_MAIN(TestTraceStreamedWrite)
#include "tst_trace_streamed_write.moc"
