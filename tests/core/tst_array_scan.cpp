// json::cutArray (core/util/json/array_scan.h): where a large array is cut into pieces of whole
// elements, that strings, escapes and nesting never mislead it, that it refuses to cut text it does
// not recognise, and that it stops when asked to.
#include "core/util/json/array_scan.h"

#include <QtTest>

#include <algorithm>
#include <cstring>
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
        // 40 MiB of elements: a position hint at every cut. Read through fetch, the scan asks for
        // consecutive windows that cover the array and stay inside the text, and cuts exactly where
        // the scan of the text itself does.
        std::string text = "[";
        const std::string element = "{\"k\":[1,2,3],\"s\":\"" + std::string(200, 'x') + "\"}";
        while (text.size() < (std::size_t{40} << 20)) {
            text += (text.size() == 1 ? "" : ",") + element;
        }
        text += "]";
        std::vector<std::pair<std::size_t, std::size_t>> fetched;
        const auto pieces = json::cutArray(text, 0, std::size_t{1} << 20, NullProgress{},
                                           [&](std::size_t offset, std::size_t length, char* dest) {
                                               fetched.emplace_back(offset, length);
                                               std::memcpy(dest, text.data() + offset, length);
                                           });
        QVERIFY(pieces.ok);
        QCOMPARE(pieces.bracketedBeforeCuts.size(), pieces.cuts.size());
        for (std::size_t k = 0; k < pieces.cuts.size(); ++k) {
            // Every element is one bracketed value followed by a comma: its index is its comma's.
            QCOMPARE(pieces.bracketedBeforeCuts[k], (pieces.cuts[k] - 1) / (element.size() + 1) + 1);
        }
        QVERIFY(fetched.size() >= 8);
        QCOMPARE(fetched.front().first, std::size_t{1});
        for (std::size_t k = 1; k < fetched.size(); ++k) {
            QCOMPARE(fetched[k].first, fetched[k - 1].first + fetched[k - 1].second);
        }
        QCOMPARE(fetched.back().first + fetched.back().second, text.size());
        const auto direct = json::cutArray(text, 0, std::size_t{1} << 20, NullProgress{});
        QVERIFY(direct.cuts == pieces.cuts);
        QCOMPARE(direct.bracketed, pieces.bracketed);
        QCOMPARE(direct.close, pieces.close);
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
        while (content.size() < (std::size_t{6} << 20)) {
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
        std::size_t fetchedBytes = 0;
        const auto pieces = json::cutArray(guarded, 0, std::size_t{1} << 20, NullProgress{},
                                           [&](std::size_t offset, std::size_t length, char* dest) {
                                               fetchedBytes += length;
                                               std::memcpy(dest, content.data() + offset, length);
                                           });
        ::munmap(region, mapped);
        QVERIFY(pieces.ok);
        QCOMPARE(fetchedBytes, content.size() - 1);
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
