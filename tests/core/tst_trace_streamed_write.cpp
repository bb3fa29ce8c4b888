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
