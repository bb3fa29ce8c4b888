// Reading a trace file of many pieces: progress that moves while the events are parsed, cancellation
// that stops the read at every point where it is checked (scan, pieces, the parsing thread, the
// builder), and plain and gzip files that give the same trace.
#include "core/generate/generators.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/sha256.h"

#include <QtTest>

#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace cc;
namespace fs = std::filesystem;

namespace {

/// Records every report; cancels at the n-th call of cancelled() (never when n is 0).
class Recorder final : public Progress {
public:
    explicit Recorder(int cancelAt = 0) : cancelAt_(cancelAt) {}
    void report(double fraction, std::string_view message) override
    {
        fractions.push_back(fraction);
        messages.emplace_back(message);
    }
    bool cancelled() const override
    {
        ++checks_;
        return cancelAt_ > 0 && checks_ >= cancelAt_;
    }
    int checks() const { return checks_; }

    std::vector<double> fractions;
    std::vector<std::string> messages;

private:
    int cancelAt_;
    mutable int checks_ = 0;
};

class TempDir {
public:
    TempDir() : path_(fs::temp_directory_path() / ("cc-trace-reading-" + std::to_string(::getpid())))
    {
        fs::create_directories(path_);
    }
    ~TempDir()
    {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

/// A generated trace of several pieces of half a MiB, written to a file.
const std::string& bigText()
{
    static const std::string text = [] {
        NullProgress progress;
        GeneratorOptions options;
        options.events = 30000;
        return writeTraceJson(generateTraining(options, progress));
    }();
    return text;
}

std::string gzipOf(const std::string& text)
{
    std::string out(compressBound(static_cast<uLong>(text.size())) + 64, '\0');
    z_stream stream{};
    deflateInit2(&stream, 1, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    stream.avail_in = static_cast<uInt>(text.size());
    stream.next_out = reinterpret_cast<Bytef*>(out.data());
    stream.avail_out = static_cast<uInt>(out.size());
    deflate(&stream, Z_FINISH);
    out.resize(stream.total_out);
    deflateEnd(&stream);
    return out;
}

void write(const fs::path& path, const std::string& bytes)
{
    std::ofstream(path, std::ios::binary) << bytes;
}

} // namespace

class TestTraceReading : public QObject {
    Q_OBJECT
private slots:
    void progressMovesWhileTheEventsAreParsed()
    {
        TempDir dir;
        write(dir.path() / "big.trace.json", bigText());
        QVERIFY(bigText().size() > (std::size_t{5} << 20));
        Recorder recorder;
        const Trace trace = readTrace(dir.path() / "big.trace.json", recorder);
        QCOMPARE(trace.size(), std::size_t(30000));
        std::vector<double> reading;
        for (std::size_t k = 0; k < recorder.fractions.size(); ++k) {
            if (recorder.messages[k] == "reading events") {
                reading.push_back(recorder.fractions[k]);
            }
        }
        QVERIFY2(reading.size() >= 5, "one report per piece of about half a MiB");
        QVERIFY(std::is_sorted(reading.begin(), reading.end()));
        QVERIFY(reading.front() < 0.2);
        QVERIFY(reading.back() > 0.7 && reading.back() <= 0.9);
        QCOMPARE(recorder.fractions.back(), 1.0);
    }

    void cancellationStopsTheReadWhereverItIsChecked_data()
    {
        QTest::addColumn<int>("threads");
        QTest::newRow("one parsing thread") << 1;
        QTest::newRow("three parsing threads") << 3;
    }

    void cancellationStopsTheReadWhereverItIsChecked()
    {
        QFETCH(int, threads);
        detail::setTraceParsingThreads(static_cast<std::size_t>(threads));
        struct Reset {
            ~Reset() { detail::setTraceParsingThreads(0); }
        } reset;
        TempDir dir;
        write(dir.path() / "big.trace.json", bigText());
        // Cancel at the first check, then the second, ...: each read ends with Cancelled until the
        // cancel comes after the last check. (A read may check more often when it waits for the
        // parsing thread, never less, so every check of the quietest read is covered.)
        int at = 1;
        for (;; ++at) {
            Recorder cancelling(at);
            try {
                readTrace(dir.path() / "big.trace.json", cancelling);
                break;
            } catch (const Cancelled&) {
            }
            QVERIFY(at < 100000);
        }
        QVERIFY2(at > 6, "checked at least once a piece");
        // Also from a string, without a mapped file behind it.
        Recorder cancelling(2);
        QVERIFY_THROWS_EXCEPTION(Cancelled, parseTrace(bigText(), "big", cancelling));
    }

    void normalisingStopsWhenCancelled()
    {
        NullProgress quiet;
        const Trace trace = parseTrace(bigText(), "big", quiet);
        Recorder counting;
        const std::string sha = normalizedSha256(trace, counting);
        QVERIFY2(counting.checks() >= 3, "checked once a chunk of about 1 MiB");
        for (int at = 1; at <= counting.checks(); ++at) {
            Recorder cancelling(at);
            QVERIFY_THROWS_EXCEPTION(Cancelled, normalizedSha256(trace, cancelling));
        }
        QCOMPARE(normalizedSha256(trace, quiet), sha);
    }

    void normalisedBytesDoNotDependOnTheEncodingThreads()
    {
        // Blocks of events encoded on several threads are hashed in order: the bytes of one thread.
        NullProgress quiet;
        const Trace trace = parseTrace(bigText(), "big", quiet);
        struct Reset {
            ~Reset() { detail::setNormalizingThreads(0); }
        } reset;
        detail::setNormalizingThreads(1);
        const std::string alone = normalizedBytes(trace, quiet);
        const std::string sha = normalizedSha256(trace, quiet);
        QVERIFY(alone.size() > (std::size_t{1} << 20));
        for (const std::size_t threads : {std::size_t{2}, std::size_t{4}}) {
            detail::setNormalizingThreads(threads);
            QVERIFY(normalizedBytes(trace, quiet) == alone);
            QCOMPARE(normalizedSha256(trace, quiet), sha);
        }
        // Cancelled between blocks with helpers at work: the helpers stop, nothing leaks or hangs.
        detail::setNormalizingThreads(4);
        Recorder cancelling(3);
        QVERIFY_THROWS_EXCEPTION(Cancelled, normalizedSha256(trace, cancelling));
    }

    void eventRangeBytesDoNotDependOnTheEncodingThreads()
    {
        // A long range's blocks are encoded on helpers while the caller hashes: its commitment is
        // still the hash of the bytes one thread writes, for ranges that start and end anywhere.
        NullProgress quiet;
        const Trace trace = parseTrace(bigText(), "big", quiet);
        struct Reset {
            ~Reset() { detail::setNormalizingThreads(0); }
        } reset;
        const std::size_t n = trace.size();
        QVERIFY2(n > 3 * 8192, "four blocks of 8,192 events or more, so that helpers take part");
        const std::vector<std::pair<std::size_t, std::size_t>> ranges = {
            {0, n}, {1, n - 1}, {100, 100 + 3 * 8192 + 1}, {8192, 2 * 8192}, {n - 5, n}, {7, 7}, {0, n + 10}};
        detail::setNormalizingThreads(1);
        std::vector<std::string> alone;
        for (const auto& [first, last] : ranges) {
            alone.push_back(normalizedEventRangeBytes(trace, first, last));
            QCOMPARE(eventRangeSha256(trace, first, last), sha256Hex(alone.back()));
        }
        QVERIFY(alone[0].size() > (std::size_t{1} << 20));
        QCOMPARE(alone[5], std::string("[]"));
        QVERIFY(alone[6] == alone[0]);
        // Whatever the blocks: a range is its events' own texts, comma-separated.
        auto inner = [](const std::string& range) { return range.substr(1, range.size() - 2); };
        std::string joined = "[";
        for (std::size_t i = n - 5; i < n; ++i) {
            joined += (i > n - 5 ? "," : "") + inner(normalizedEventRangeBytes(trace, i, i + 1));
        }
        QVERIFY(alone[4] == joined + "]");
        QVERIFY(alone[0].find("," + inner(alone[3]) + ",") != std::string::npos);
        for (const std::size_t threads : {std::size_t{2}, std::size_t{4}}) {
            detail::setNormalizingThreads(threads);
            for (std::size_t k = 0; k < ranges.size(); ++k) {
                const auto [first, last] = ranges[k];
                QVERIFY(normalizedEventRangeBytes(trace, first, last) == alone[k]);
                QCOMPARE(eventRangeSha256(trace, first, last), sha256Hex(alone[k]));
            }
        }
        // Cancelled between blocks with helpers at work: the helpers stop, nothing leaks or hangs.
        Recorder cancelling(3);
        QVERIFY_THROWS_EXCEPTION(Cancelled, eventRangeSha256(trace, 0, n, cancelling));
    }

    void gzipAndPlainAndTextGiveOneTrace()
    {
        TempDir dir;
        write(dir.path() / "big.trace.json", bigText());
        write(dir.path() / "big.trace.json.gz", gzipOf(bigText()));
        NullProgress progress;
        const std::string plain = normalizedSha256(readTrace(dir.path() / "big.trace.json", progress), progress);
        const std::string gz = normalizedSha256(readTrace(dir.path() / "big.trace.json.gz", progress), progress);
        const std::string text = normalizedSha256(parseTrace(bigText(), "big", progress), progress);
        QCOMPARE(gz, plain);
        QCOMPARE(text, plain);
    }

    void aRefusalInALaterPieceNamesTheEvent()
    {
        // Events are numbered across pieces: a bad event deep in the file is named by its index.
        std::string text = bigText();
        const std::size_t at = text.find("{\"bytes\":", text.size() / 2);
        QVERIFY(at != std::string::npos);
        std::size_t index = 0; // every event the writer writes starts with its "bytes"
        for (std::size_t k = text.find("{\"bytes\":"); k < at; k = text.find("{\"bytes\":", k + 1)) {
            ++index;
        }
        text.insert(at + 9, "-");
        NullProgress progress;
        QString what;
        try {
            parseTrace(text, "big.trace.json", progress);
        } catch (const InputError& error) {
            what = QString::fromStdString(error.what());
        }
        QVERIFY2(what.contains(QStringLiteral("big.trace.json")), qPrintable(what));
        QVERIFY2(what.contains(QStringLiteral(": event %1 (id").arg(index)), qPrintable(what));
        QVERIFY2(what.contains(QStringLiteral("field bytes: must be a positive integer")), qPrintable(what));
    }

    void aFileReadGivesTheRefusalsOfItsText()
    {
        // A file's pieces are read from the file, not from its mapping: a field refusal and a
        // malformed element deep in the file are named exactly as when the text is parsed.
        std::string badField = bigText();
        badField.insert(badField.find("{\"bytes\":", badField.size() / 2) + 9, "-");
        std::string malformed = bigText();
        malformed.insert(malformed.find("{\"bytes\":", malformed.size() * 2 / 3) + 9, "[");
        for (const std::string& text : {badField, malformed}) {
            TempDir dir;
            const fs::path path = dir.path() / "big.trace.json";
            write(path, text);
            auto refusal = [](auto read) {
                try {
                    NullProgress quiet;
                    read(quiet);
                } catch (const InputError& error) {
                    return std::string(error.what());
                }
                return std::string("(accepted)");
            };
            const std::string fromFile = refusal([&](Progress& p) { return readTrace(path, p); });
            const std::string fromText = refusal([&](Progress& p) { return parseTrace(text, path.string(), p); });
            QVERIFY2(fromFile.find(path.string()) != std::string::npos, fromFile.c_str());
            QCOMPARE(fromFile, fromText);
        }
    }
};

QTEST_APPLESS_MAIN(TestTraceReading)
#include "tst_trace_reading.moc"
