// TextArena: texts kept end to end in one buffer must come back exactly, in order, however the
// buffer grew; and a trace's unknown event fields, which it holds, must survive a read.
#include "core/trace/trace_io.h"
#include "core/util/text_arena.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace cc;

class TstTextArena : public QObject {
    Q_OBJECT

private slots:
    void textsComeBackInOrder()
    {
        TextArena arena;
        QVERIFY(arena.empty());
        QCOMPARE(arena.begin() == arena.end(), true);
        arena.push_back("{\"collective_seq\":0}");
        arena.push_back("");
        arena.push_back("{\"a\":\"b\"}");
        QCOMPARE(arena.size(), std::size_t{3});
        QCOMPARE(arena[0], std::string_view("{\"collective_seq\":0}"));
        QCOMPARE(arena[1], std::string_view());
        QCOMPARE(arena[2], std::string_view("{\"a\":\"b\"}"));
        QCOMPARE(arena.textBytes(), std::string_view("{\"collective_seq\":0}{\"a\":\"b\"}").size());
        std::vector<std::string> seen;
        for (const std::string_view text : arena) {
            seen.emplace_back(text);
        }
        QCOMPARE(seen, (std::vector<std::string>{"{\"collective_seq\":0}", "", "{\"a\":\"b\"}"}));
        arena.clear();
        QVERIFY(arena.empty());
        QCOMPARE(arena.textBytes(), std::size_t{0});
    }

    void growingKeepsEveryText()
    {
        // Several megabytes, so the buffer moves many times and into prepared huge pages.
        TextArena arena;
        std::vector<std::string> expected;
        for (int k = 0; k < 60000; ++k) {
            expected.push_back("{\"collective_seq\":" + std::to_string(k) + ",\"recorder_rank\":\"" +
                               std::string(static_cast<std::size_t>(k % 97), 'x') + "\"}");
            arena.push_back(expected.back());
        }
        QCOMPARE(arena.size(), expected.size());
        for (std::size_t k = 0; k < expected.size(); ++k) {
            if (arena[k] != expected[k]) {
                QFAIL(qPrintable(QStringLiteral("text %1 changed").arg(k)));
            }
        }
    }

    void aTracesUnknownFieldsSurviveTheRead()
    {
        const QString path = QDir(dir_.path()).filePath(QStringLiteral("extras.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\":\"commcanary.trace.v1\",\"events\":[\n"
                "{\"op\":\"all_reduce\",\"ranks\":[0,1],\"bytes\":8,\"gap_us\":1,\"collective_seq\":7,\"recorder_"
                "rank\":\"1\"},\n"
                "{\"op\":\"all_reduce\",\"ranks\":[0,1],\"bytes\":8,\"gap_us\":1},\n"
                "{\"op\":\"all_reduce\",\"ranks\":[0,1],\"bytes\":8,\"gap_us\":1,\"note\":{\"k\":[1,2]}}]}");
        f.close();
        NullProgress quiet;
        const Trace t = readTrace(path.toStdString(), quiet);
        QCOMPARE(t.size(), std::size_t{3});
        QCOMPARE(t.extras.size(), std::size_t{2});
        QCOMPARE(t.extras[t.extraIndex[0]], std::string_view("{\"collective_seq\":7,\"recorder_rank\":\"1\"}"));
        QCOMPARE(t.extraIndex[1], kNoString);
        QCOMPARE(t.extras[t.extraIndex[2]], std::string_view("{\"note\":{\"k\":[1,2]}}"));
        QCOMPARE(t.event(2).extraJson, std::string("{\"note\":{\"k\":[1,2]}}"));
    }

private:
    QTemporaryDir dir_;
};

QTEST_GUILESS_MAIN(TstTextArena)
#include "tst_text_arena.moc"
