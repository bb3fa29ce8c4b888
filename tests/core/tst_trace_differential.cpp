// The trace reader (events parsed in pieces) against the reference reader it replaced (one simdjson
// document over the whole text, tests/support/reference): on the fuzz regression corpus, the bundled
// examples, hand-made edge cases of the document's shape and single-byte mutations around the seam
// between two pieces, both must accept and refuse the same inputs, and what both accept must give
// the same trace (normalised bytes and the rewritten file).
#include "core/generate/generators.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/json/array_scan.h"
#include "reference_trace_reader.h"

#include "test_support.h"

#include <QtTest>

#include <filesystem>

using namespace cc;

namespace {

struct Outcome {
    bool accepted = false;
    std::string normalized; ///< accepted: the normalised bytes
    std::string written;    ///< accepted: writeTraceJson
    std::string refusal;    ///< refused: the message
};

template <typename Read> Outcome outcomeOf(Read&& read)
{
    Outcome out;
    NullProgress progress;
    try {
        const Trace trace = read(progress);
        out.accepted = true;
        out.normalized = normalizedBytes(trace, progress);
        out.written = writeTraceJson(trace);
    } catch (const InputError& error) {
        out.refusal = error.what();
    }
    return out;
}

/// QVERIFYs that both readers decide the same on text, and that the reader's outcome (message
/// included) does not depend on how many threads parse the pieces; returns the reader's outcome.
Outcome compareOn(const std::string& text, const QString& what)
{
    detail::setTraceParsingThreads(3);
    const Outcome threaded = outcomeOf([&](Progress& p) { return parseTrace(text, "case.json", p); });
    detail::setTraceParsingThreads(1);
    const Outcome now = outcomeOf([&](Progress& p) { return parseTrace(text, "case.json", p); });
    detail::setTraceParsingThreads(0);
    if (threaded.accepted != now.accepted || threaded.refusal != now.refusal || threaded.written != now.written) {
        QTest::qFail(qPrintable(what + QStringLiteral(": one and three parsing threads differ: ") +
                                QString::fromStdString(now.refusal + " / " + threaded.refusal)),
                     __FILE__, __LINE__);
        return now;
    }
    const Outcome before = outcomeOf([&](Progress& p) { return reference::parseTraceReference(text, "case.json", p); });
    if (now.accepted != before.accepted) {
        QTest::qFail(qPrintable(what + QStringLiteral(": the reader ") +
                                (now.accepted ? QStringLiteral("accepts") : QStringLiteral("refuses")) +
                                QStringLiteral(" what the reference ") +
                                (before.accepted ? QStringLiteral("accepts") : QStringLiteral("refuses")) +
                                QStringLiteral(" (") + QString::fromStdString(now.refusal + before.refusal) +
                                QStringLiteral(")")),
                     __FILE__, __LINE__);
        return now;
    }
    if (now.accepted && (now.normalized != before.normalized || now.written != before.written)) {
        QTest::qFail(qPrintable(what + QStringLiteral(": both accept, but the traces differ")), __FILE__, __LINE__);
    }
    return now;
}

std::string doc(const std::string& events)
{
    return R"({"format":"commcanary.trace.v1","events":[)" + events + "]}";
}

const std::string kEvent = R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"gap_us":1})";

/// A generated trace of more than two pieces, written by the product's writer.
const std::string& largeTrace()
{
    static const std::string text = [] {
        NullProgress progress;
        GeneratorOptions options;
        options.events = 12000;
        options.jitter = 3000;
        return writeTraceJson(generateTraining(options, progress));
    }();
    return text;
}

} // namespace

class TestTraceDifferential : public QObject {
    Q_OBJECT
private slots:
    void fuzzRegressionCorpus()
    {
        const std::filesystem::path dir = COMMCANARY_FUZZ_REGRESSIONS_DIR "/trace";
        QVERIFY(std::filesystem::is_directory(dir));
        int compared = 0;
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            std::string text;
            try {
                text = readFileBounded(entry.path(), std::uint64_t{1} << 30);
            } catch (const InputError&) {
                continue; // a gzip stream that does not inflate never reaches either reader
            }
            compareOn(text, QString::fromStdString(entry.path().filename().string()));
            ++compared;
        }
        QVERIFY(compared >= 7);
    }

    void bundledExamples()
    {
        int compared = 0;
        for (const auto& entry : std::filesystem::directory_iterator(cctest::examplesDir().toStdString())) {
            const std::string name = entry.path().filename().string();
            if (name.size() > 11 && name.substr(name.size() - 11) == ".trace.json") {
                const Outcome outcome =
                    compareOn(readFileBounded(entry.path(), std::uint64_t{1} << 30), QString::fromStdString(name));
                QVERIFY2(outcome.accepted, outcome.refusal.c_str());
                ++compared;
            }
        }
        QVERIFY(compared >= 3);
    }

    void shapesOfTheDocument_data()
    {
        QTest::addColumn<QByteArray>("text");
        const std::string e = kEvent;
        auto row = [](const char* name, const std::string& text) {
            QTest::newRow(name) << QByteArray::fromStdString(text);
        };
        row("plain", doc(e + "," + e));
        row("no events", R"({"format":"commcanary.trace.v1"})");
        row("empty events", doc(""));
        row("events before format", R"({"events":[)" + e + R"(],"format":"commcanary.trace.v1"})");
        row("events twice", R"({"format":"commcanary.trace.v1","events":[)" + e + R"(],"events":[]})");
        row("escaped events key", "{\"format\":\"commcanary.trace.v1\",\"\\u0065vents\":[" + e + "]}");
        row("escaped key, then events",
            "{\"format\":\"commcanary.trace.v1\",\"\\u0065vents\":[" + e + R"(],"events":[]})");
        row("events not an array", R"({"format":"commcanary.trace.v1","events":{"a":1}})");
        row("events a string", R"({"format":"commcanary.trace.v1","events":"[]"})");
        row("trailing object", doc(e) + " {}");
        row("trailing word", doc(e) + " x");
        row("trailing close", doc(e) + "}");
        row("trailing bracket", doc(e) + "]");
        row("trailing comma in events", doc(e + ","));
        row("leading comma in events", doc("," + e));
        row("double comma in events", doc(e + ",," + e));
        row("missing comma in events", doc(e + e));
        row("events closed by a brace", R"({"format":"commcanary.trace.v1","events":[)" + e + "}}");
        row("events not closed", R"({"format":"commcanary.trace.v1","events":[)" + e);
        row("document not closed", R"({"format":"commcanary.trace.v1","events":[)" + e + "]");
        // (not a raw string: moc stops at the unbalanced quote inside one)
        row("string not closed", "{\"format\":\"commcanary.trace.v1\",\"events\":[{\"op\":\"all_reduce");
        row("mismatched bracket inside an event", doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1},"gap_us":1})"));
        row("mismatched bracket in an unknown field", doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"x":[1}})"));
        row("non-object events", doc("1,2,[3]," + e));
        row("escaped quotes in an unknown field",
            doc("{\"op\":\"all_reduce\",\"bytes\":8,\"ranks\":[0,1],\"x\":\"a\\\"]}\\\\\"}"));
        const std::string unknownField = R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"x":)";
        row("invalid utf-8 in an event", doc(unknownField + "\"\xff\"}"));
        row("control character in a string", doc(unknownField + "\"\x01\"}"));
        row("top-level unknown after events", doc(e).insert(doc(e).size() - 1, R"(,"x_note":{"k":[1,2]})"));
        row("workload not an object", R"({"format":"commcanary.trace.v1","workload":[],"events":[]})");
        row("root is an array", "[" + e + "]");
        row("empty text", "");
        std::string deep = std::string(62, '[') + std::string(62, ']');
        row("depth at the limit in an event", doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"x":)" + deep + "}"));
        std::string deeper = std::string(63, '[') + std::string(63, ']');
        row("depth past the limit in an event",
            doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"x":)" + deeper + "}"));
        row("depth past the limit in ranks", doc(R"({"op":"all_reduce","bytes":8,"ranks":)" + deeper + "}"));
        std::string many;
        for (int k = 0; k < 80; ++k) {
            many += (k == 0 ? "" : ",") + std::string("\"not an event\"");
        }
        row("more non-objects than diagnostics", doc(many + "," + e));
    }

    void shapesOfTheDocument()
    {
        QFETCH(QByteArray, text);
        compareOn(text.toStdString(), QString::fromLatin1(QTest::currentDataTag()));
    }

    void largeTraceIsReadInPiecesIdentically()
    {
        const std::string& text = largeTrace();
        const auto open = text.find("\"events\":[") + 9;
        const auto pieces = json::cutArray(text, open, std::size_t{1} << 20, NullProgress{});
        QVERIFY(pieces.ok);
        QVERIFY2(pieces.cuts.size() >= 2, "the trace must span at least three pieces");
        const Outcome outcome = compareOn(text, QStringLiteral("generated"));
        QVERIFY(outcome.accepted);
    }

    void mutationsAroundTheSeamDecideAlike()
    {
        const std::string& text = largeTrace();
        const auto open = text.find("\"events\":[") + 9;
        const auto pieces = json::cutArray(text, open, std::size_t{1} << 20, NullProgress{});
        QVERIFY(pieces.ok && !pieces.cuts.empty());
        const std::size_t seam = pieces.cuts.front();
        const std::string replacements[] = {"", "\"", "\\", "{", "}", "[", "]", ",", ":", "x", "\x80"};
        int refused = 0;
        for (std::size_t at = seam - 24; at <= seam + 24; at += 3) {
            for (const auto& replacement : replacements) {
                std::string mutated = text;
                mutated.replace(at, 1, replacement);
                refused +=
                    compareOn(mutated,
                              QStringLiteral("byte %1 -> '%2'").arg(at).arg(QString::fromLatin1(replacement.c_str())))
                            .accepted
                        ? 0
                        : 1;
            }
        }
        QVERIFY(refused > 0);
    }
};

QTEST_GUILESS_MAIN(TestTraceDifferential)
#include "tst_trace_differential.moc"
