// json::cutArray (core/util/json/array_scan.h): where a large array is cut into pieces of whole
// elements, that strings, escapes and nesting never mislead it, that it refuses to cut text it does
// not recognise, and that it stops when asked to.
#include "core/util/json/array_scan.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <utility>
#include <vector>

using namespace cc;

namespace {

class CancelledProgress final : public Progress {
public:
    bool cancelled() const override { return true; }
};

/// The pieces' texts between the cuts (without the array's brackets).
std::vector<std::string> piecesOf(const std::string& text, const json::ArrayPieces& pieces)
{
    std::vector<std::string> out;
    std::size_t begin = text.find('[') + 1;
    for (std::size_t k = 0; k <= pieces.cuts.size(); ++k) {
        const std::size_t end = k < pieces.cuts.size() ? pieces.cuts[k] : pieces.close;
        out.push_back(text.substr(begin, end - begin));
        begin = end + 1;
    }
    return out;
}

/// What a scan of the array opening at text[open] must find, by a byte at a time: whether and
/// where it closes, its bracketed elements, and the separating commas with the count before each.
struct ByteScan {
    bool ok = false;
    std::size_t close = 0;
    std::size_t bracketed = 0;
    std::map<std::size_t, std::size_t> separators; ///< comma offset -> bracketed elements before it
};

ByteScan scanByBytes(const std::string& text, std::size_t open)
{
    ByteScan out;
    std::size_t depth = 0;
    bool inString = false;
    for (std::size_t at = open + 1; at < text.size(); ++at) {
        const char c = text[at];
        if (inString) {
            at += c == '\\' ? 1 : 0;
            inString = c != '"';
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (depth == 0) {
                out.ok = c == ']';
                out.close = at;
                return out;
            }
            out.bracketed += --depth == 0 ? 1 : 0;
        } else if (c == ',' && depth == 0) {
            out.separators.emplace(at, out.bracketed);
        }
    }
    return out;
}

} // namespace

class TestArrayScan : public QObject {
    Q_OBJECT
private slots:
    void cutsAfterWholeElements()
    {
        // (escaped text, not raw strings: moc misreads a backslash before a quote in a raw string)
        const std::string text = "{\"a\":1,\"events\":[{\"x\":\"],}[{\"}, {\"y\":[1,{\"z\":\"\\\"]\"}]} "
                                 ",{\"w\":\"\\\\\"},{\"v\":2}],\"b\":[]}";
        const auto open = text.find('[');
        const auto pieces = json::cutArray(text, open, 1, NullProgress{});
        QVERIFY(pieces.ok);
        QCOMPARE(text[pieces.close], ']');
        QCOMPARE(text.substr(pieces.close), std::string("],\"b\":[]}"));
        const auto texts = piecesOf(text, pieces);
        QCOMPARE(texts.size(), std::size_t(4));
        QCOMPARE(texts[0], std::string("{\"x\":\"],}[{\"}"));
        QCOMPARE(texts[1], std::string(" {\"y\":[1,{\"z\":\"\\\"]\"}]} "));
        QCOMPARE(texts[2], std::string("{\"w\":\"\\\\\"}"));
        QCOMPARE(texts[3], std::string("{\"v\":2}"));
    }

    void piecesHoldAtLeastThePieceSize()
    {
        std::string text = "[";
        for (int k = 0; k < 1000; ++k) {
            text += (k == 0 ? "" : ",") + std::string("{\"k\":12345678}");
        }
        text += "]";
        const auto pieces = json::cutArray(text, 0, 1000, NullProgress{});
        QVERIFY(pieces.ok);
        QCOMPARE(pieces.close, text.size() - 1);
        QCOMPARE(pieces.cuts.size(), std::size_t(14)); // 15 bytes a member: 67 members a piece
        for (const auto& piece : piecesOf(text, pieces)) {
            QVERIFY(piece.front() == '{' && piece.back() == '}');
        }
    }

    void neverCutsBesideAnEmptyElement()
    {
        // Cutting at ",," or before "]" would hide the empty element from the parser of the pieces.
        const std::string text = "[{\"a\":1},,{\"b\":2}, ]  ";
        const auto pieces = json::cutArray(text, 0, 1, NullProgress{});
        QVERIFY(pieces.ok);
        QVERIFY(pieces.cuts.empty());
        const std::string scalars = "[1,2,3,{\"a\":1},4]";
        const auto scalarPieces = json::cutArray(scalars, 0, 1, NullProgress{});
        QVERIFY(scalarPieces.ok);
        QCOMPARE(scalarPieces.cuts.size(), std::size_t(1)); // only after the element that closed a bracket
        QCOMPARE(scalars[scalarPieces.cuts.front()], ',');
        QCOMPARE(scalarPieces.cuts.front(), scalars.find(",4"));
    }

    void refusesWhatItDoesNotRecognise_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("closed by a brace") << QByteArray("[{\"a\":1}}");
        QTest::newRow("not closed") << QByteArray("[{\"a\":1},{\"b\":2}");
        QTest::newRow("string not closed") << QByteArray("[{\"a\":\"1]}]");
        QTest::newRow("escaped quote keeps the string open") << QByteArray("[{\"a\":\"\\\"]}]");
        QTest::newRow("not an array") << QByteArray("{\"a\":[]}");
    }

    void refusesWhatItDoesNotRecognise()
    {
        QFETCH(QByteArray, text);
        QVERIFY(!json::cutArray(text.toStdString(), 0, 1, NullProgress{}).ok);
    }

    void blockBoundariesAndLongEscapeRuns()
    {
        // Runs of backslashes (odd: the quote after them is escaped; even: it closes the string)
        // straddling 64-byte blocks, at every offset.
        for (std::size_t shift = 0; shift < 70; ++shift) {
            for (std::size_t run : {std::size_t(67), std::size_t(68)}) {
                const std::string text = "[" + std::string(shift, ' ') + "{\"s\":\"" + std::string(run, '\\') +
                                         (run % 2 == 1 ? "\"]\"}" : "\"}") + ", {\"t\":\"x\"}]";
                const auto pieces = json::cutArray(text, 0, 1, NullProgress{});
                QVERIFY2(pieces.ok, qPrintable(QString::number(shift)));
                QCOMPARE(pieces.close, text.size() - 1);
                QCOMPARE(pieces.cuts.size(), std::size_t(1));
            }
        }
    }

    void countsElementsBeforeCutsAndReadsThroughFetch()
    {
        // 40 MiB of elements: a position hint at every cut. Read through fetch (from two threads:
        // the array is large enough for the halves to be scanned at once), the scan asks for windows
        // that stay inside the text and cover the array, each byte once but for a look near the
        // middle, and cuts exactly where the scan of the text itself does.
        std::string text = "[";
        const std::string element = "{\"k\":[1,2,3],\"s\":\"" + std::string(200, 'x') + "\"}";
        while (text.size() < (std::size_t{40} << 20)) {
            text += (text.size() == 1 ? "" : ",") + element;
        }
        text += "]";
        std::mutex fetchedMutex;
        std::vector<std::pair<std::size_t, std::size_t>> fetched;
        const auto pieces = json::cutArray(text, 0, std::size_t{1} << 20, NullProgress{},
                                           [&](std::size_t offset, std::size_t length, char* dest) {
                                               const std::lock_guard lock(fetchedMutex);
                                               fetched.emplace_back(offset, length);
                                               std::memcpy(dest, text.data() + offset, length);
                                           });
        QVERIFY(pieces.ok);
        QCOMPARE(pieces.close, text.size() - 1);
        QCOMPARE(pieces.bracketed, (text.size() - 1) / (element.size() + 1));
        QCOMPARE(pieces.bracketedBeforeCuts.size(), pieces.cuts.size());
        for (std::size_t k = 0; k < pieces.cuts.size(); ++k) {
            // Every element is one bracketed value followed by a comma: its index is its comma's.
            QCOMPARE(text[pieces.cuts[k]], ',');
            QCOMPARE((pieces.cuts[k] - 1) % (element.size() + 1), element.size());
            QCOMPARE(pieces.bracketedBeforeCuts[k], (pieces.cuts[k] - 1) / (element.size() + 1) + 1);
        }
        // The forced cut near the middle, where the second half's scan began.
        QVERIFY(std::any_of(pieces.cuts.begin(), pieces.cuts.end(), [&](std::size_t cut) {
            return cut >= text.size() / 2 && cut < text.size() / 2 + element.size() + 2;
        }));
        QVERIFY(fetched.size() >= 8);
        std::sort(fetched.begin(), fetched.end());
        std::size_t covered = 1;
        std::size_t total = 0;
        for (const auto& [offset, length] : fetched) {
            QVERIFY(offset + length <= text.size());
            QVERIFY(offset <= covered);
            covered = std::max(covered, offset + length);
            total += length;
        }
        QCOMPARE(covered, text.size());
        QVERIFY(total <= text.size() - 1 + (std::size_t{64} << 10));
        const auto direct = json::cutArray(text, 0, std::size_t{1} << 20, NullProgress{});
        QVERIFY(direct.cuts == pieces.cuts);
        QCOMPARE(direct.bracketed, pieces.bracketed);
        QCOMPARE(direct.close, pieces.close);
    }

    void halvesScannedAtOnceCutLikeOneScan_data()
    {
        QTest::addColumn<QString>("element");
        QTest::addColumn<QString>("after");
        // The second half's scan starts at the first comma between '}' and '{' after the middle.
        QTest::newRow("that comma separates elements") << QString::fromLatin1("{\"k\":[1,2],\"s\":\"x\"}") << QString();
        // The first such comma after the middle is inside a string: the guess is wrong.
        QTest::newRow("inside a string") << QString::fromLatin1("{\"s\":\"},{},{},{},{},{},{},{},{},{},{},{},{},{},{\","
                                                                "\"t\":\"},{},{},{},{},{},{},{},{},{},{},{},{}\"}")
                                         << QString();
        // ... or between two objects nested in an element.
        QTest::newRow("nested") << QString::fromLatin1(
                                       "{\"a\":[{\"x\":1},{\"x\":2},{\"x\":3},{\"x\":4},{\"x\":5},{\"x\":6}]}")
                                << QString();
        // The array ends before the middle: what follows it is not scanned as part of it.
        QTest::newRow("closes before the middle")
            << QString::fromLatin1("{\"k\":1}") << QString::fromLatin1("{\"x\":1},{\"y\":2}");
    }

    void halvesScannedAtOnceCutLikeOneScan()
    {
        QFETCH(QString, element);
        QFETCH(QString, after);
        const std::string one = element.toStdString();
        std::string text = "{\"events\":[";
        const std::size_t open = text.size() - 1;
        const std::size_t arrayBytes = after.isEmpty() ? 3 * json::kSplitScanBytes : 4096;
        while (text.size() < arrayBytes) {
            text += (text.size() == open + 1 ? "" : ",") + one;
        }
        text += "]";
        if (!after.isEmpty()) {
            // A long member after the array, made of what looks like elements.
            text += ",\"after\":[";
            const std::string filler = after.toStdString();
            while (text.size() < 3 * json::kSplitScanBytes) {
                text += filler + ",";
            }
            text += "{}]";
        }
        text += "}";
        const ByteScan expected = scanByBytes(text, open);
        QVERIFY(expected.ok);
        for (const bool viaFetch : {false, true}) {
            const auto pieces =
                json::cutArray(text, open, std::size_t{1} << 20, NullProgress{},
                               viaFetch ? json::FetchText([&](std::size_t offset, std::size_t length, char* dest) {
                                   std::memcpy(dest, text.data() + offset, length);
                               })
                                        : json::FetchText());
            QVERIFY(pieces.ok);
            QCOMPARE(pieces.close, expected.close);
            QCOMPARE(pieces.bracketed, expected.bracketed);
            QCOMPARE(pieces.cuts.size(), pieces.bracketedBeforeCuts.size());
            QVERIFY(std::is_sorted(pieces.cuts.begin(), pieces.cuts.end()));
            for (std::size_t k = 0; k < pieces.cuts.size(); ++k) {
                const auto separator = expected.separators.find(pieces.cuts[k]);
                QVERIFY2(separator != expected.separators.end(), "a cut where no element ends");
                QCOMPARE(pieces.bracketedBeforeCuts[k], separator->second);
            }
            if (after.isEmpty()) {
                QVERIFY(pieces.cuts.size() >= 20); // a piece of about 1 MiB each
            }
        }
    }

    void halvesOfMixedElementsCutLikeOneScan()
    {
        // Elements of every shape the guess can meet, in a seeded order, so that the comma the
        // second half starts from falls on a different shape for each seed: between elements,
        // inside strings (with escaped quotes), between nested objects, beside scalars and empty
        // values, with white space around it.
        const std::vector<std::string> shapes = {
            "{\"k\":[1,2],\"s\":\"x\"}",
            "{\"s\":\"},{},{\\\"},{\"}",
            "{\"a\":[{\"x\":1},{\"x\":2}],\"b\":{\"c\":{}}}",
            "{} ,\n {\"t\":\"\\\\\"}",
            "[]",
            "7",
            "\"},{\"",
            "[{\"x\":1} , {\"y\":[]}]",
        };
        for (std::uint64_t seed = 1; seed <= 12; ++seed) {
            std::uint64_t state = seed * 0x9e3779b97f4a7c15ULL;
            std::string text = "[";
            while (text.size() < json::kSplitScanBytes + (std::size_t{1} << 20)) {
                state = state * 6364136223846793005ULL + 1442695040888963407ULL;
                text += (text.size() == 1 ? "" : ",") + shapes[(state >> 33) % shapes.size()];
            }
            text += "]";
            const ByteScan expected = scanByBytes(text, 0);
            QVERIFY(expected.ok);
            const auto pieces = json::cutArray(text, 0, std::size_t{1} << 18, NullProgress{});
            QVERIFY(pieces.ok);
            QCOMPARE(pieces.close, expected.close);
            QCOMPARE(pieces.bracketed, expected.bracketed);
            for (std::size_t k = 0; k < pieces.cuts.size(); ++k) {
                const auto separator = expected.separators.find(pieces.cuts[k]);
                QVERIFY2(separator != expected.separators.end(), "a cut where no element ends");
                QCOMPARE(pieces.bracketedBeforeCuts[k], separator->second);
            }
        }
    }

    void refusalsInTheSecondHalf_data()
    {
        QTest::addColumn<QString>("ending");
        QTest::newRow("closed by a brace") << QString::fromLatin1("}");
        QTest::newRow("never closed") << QString();
    }

    void refusalsInTheSecondHalf()
    {
        QFETCH(QString, ending);
        std::string text = "[";
        while (text.size() < 3 * json::kSplitScanBytes) {
            text += (text.size() == 1 ? "" : ",") + std::string("{\"k\":[1,2],\"s\":\"x\"}");
        }
        text += ending.toStdString();
        QVERIFY(!json::cutArray(text, 0, std::size_t{1} << 20, NullProgress{}).ok);
    }

    void fetchedWindowsEndingAnywhereCutTheSame()
    {
        // The array's end at every offset of the last block and of a window's edge.
        const std::string element = "{\"s\":\"a,b]}\\\"\"}";
        for (std::size_t pad = 0; pad < 130; ++pad) {
            std::string text = "[";
            while (text.size() < (std::size_t{1} << 20) - 64 + pad) {
                text += (text.size() == 1 ? "" : ",") + element;
            }
            text += "]" + std::string(pad % 3, ' ');
            const auto direct = json::cutArray(text, 0, 4096, NullProgress{});
            const auto viaFetch =
                json::cutArray(text, 0, 4096, NullProgress{}, [&](std::size_t offset, std::size_t length, char* dest) {
                    QVERIFY(offset + length <= text.size());
                    std::memcpy(dest, text.data() + offset, length);
                });
            QVERIFY(direct.ok);
            QVERIFY(viaFetch.ok);
            QVERIFY(direct.cuts == viaFetch.cuts);
            QCOMPARE(direct.close, viaFetch.close);
        }
    }

    void readsOnlyThroughFetchAwayFromWindowEdges()
    {
        // The text's pages past the first are made unreadable: a scan that touched them (a mapped
        // file's pages, which a page cache of large folios maps by the folio) would crash here.
        // An element and its comma take an odd number of bytes: no comma ends a 1 MiB window, so no
        // look around a cut leaves the window.
        const std::string element = "{\"k\":[1,2,3],\"s\":\"" + std::string(200, 'x') + "\"}";
        QCOMPARE((element.size() + 1) % 2, std::size_t{1});
        std::string content = "[";
        while (content.size() < json::kSplitScanBytes + (std::size_t{2} << 20)) {
            content += (content.size() == 1 ? "" : ",") + element;
        }
        content += "]";
        const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
        const std::size_t mapped = (content.size() + page - 1) / page * page;
        void* region = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        QVERIFY(region != MAP_FAILED);
        std::memcpy(region, content.data(), content.size());
        QCOMPARE(::mprotect(static_cast<char*>(region) + page, mapped - page, PROT_NONE), 0);
        const std::string_view guarded(static_cast<const char*>(region), content.size());
        std::atomic<std::size_t> fetchedBytes{0};
        const auto pieces = json::cutArray(guarded, 0, std::size_t{1} << 20, NullProgress{},
                                           [&](std::size_t offset, std::size_t length, char* dest) {
                                               fetchedBytes += length;
                                               std::memcpy(dest, content.data() + offset, length);
                                           });
        ::munmap(region, mapped);
        QVERIFY(pieces.ok);
        // Each byte once, and the look for where the second half starts (the array is large
        // enough for its halves to be scanned at once).
        QCOMPARE(fetchedBytes.load(), content.size() - 1 + (std::size_t{64} << 10));
        const auto direct = json::cutArray(content, 0, std::size_t{1} << 20, NullProgress{});
        QVERIFY(direct.cuts == pieces.cuts);
        QVERIFY(pieces.cuts.size() >= 5);
    }

    void stopsWhenCancelled()
    {
        std::string text = "[" + std::string(std::size_t{32} << 20, ' ') + "]";
        QVERIFY_THROWS_EXCEPTION(Cancelled, json::cutArray(text, 0, 1, CancelledProgress{}));
    }
};

QTEST_APPLESS_MAIN(TestArrayScan)
#include "tst_array_scan.moc"
