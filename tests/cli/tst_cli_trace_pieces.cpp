// End-to-end: a trace large enough to be read in several pieces, and its events array scanned in
// two halves at once, through the real binary. A bad byte or a bad event deep in the file is
// refused with exit 3, the file, the event index (counted across pieces) and the position or the
// rule named, and nothing is written.
#include "test_support.h"

#include <QtTest>

using cctest::runCli;

class TestCliTracePieces : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QByteArray big_;
    QString path(const QString& name) const { return dir_.filePath(name); }

    /// Writes a corrupted copy of the big trace and checks that normalize refuses it as expected.
    void refuse(const QByteArray& bytes, const QStringList& expected)
    {
        const QString input = path(QStringLiteral("bad.trace.json"));
        const QString output = path(QStringLiteral("bad.normalized.json"));
        QVERIFY(cctest::writeAll(input, bytes));
        const auto r = runCli({QStringLiteral("normalize"), input, QStringLiteral("-o"), output});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(input), qPrintable(r.err));
        for (const auto& text : expected) {
            QVERIFY2(r.err.contains(text), qPrintable(r.err));
        }
        QVERIFY(!QFile::exists(output));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        const QString file = path(QStringLiteral("big.trace.json"));
        const auto r = runCli({QStringLiteral("generate"), QStringLiteral("training"), QStringLiteral("--events"),
                               QStringLiteral("40000"), QStringLiteral("-o"), file});
        QCOMPARE(r.exitCode, 0);
        big_ = cctest::readAll(file);
        // Over 8 MiB: the reader scans the events array's halves at once (json::kSplitScanBytes), so
        // the bad bytes below sit on either side of where the second half's scan began.
        QVERIFY2(big_.size() > (8 << 20), "large enough for the halves of the scan");
        QCOMPARE(runCli({QStringLiteral("validate"), file}).exitCode, 0);
    }

    void invalidUtf8DeepInTheFile()
    {
        // Inside the op name of an event past the first piece: the piece's first pass refuses it.
        QByteArray bytes = big_;
        const qsizetype at = bytes.indexOf("\"op\":\"", bytes.size() / 2) + 6;
        QVERIFY(at > 6);
        bytes[at] = char(0xff);
        const int line = int(bytes.left(at).count('\n')) + 1;
        const int column = int(at - (bytes.lastIndexOf('\n', at - 1) + 1)) + 1;
        refuse(bytes, {QStringLiteral("malformed JSON in events["),
                       QStringLiteral("at byte %1 (line %2, column %3)").arg(at).arg(line).arg(column),
                       QStringLiteral("UTF-8")});
    }

    void badEventDeepInTheFile()
    {
        QByteArray bytes = big_;
        const qsizetype at = bytes.indexOf("{\"bytes\":", bytes.size() * 2 / 3);
        QVERIFY(at > 0);
        bytes.insert(at + 9, '-');
        const int index = int(bytes.left(at).count("{\"bytes\":"));
        refuse(bytes, {QStringLiteral(": event %1 (id").arg(index),
                       QStringLiteral("field bytes: must be a positive integer")});
    }

    void truncatedFile()
    {
        // The events array never closes: the whole text goes to the parser, which refuses it.
        refuse(big_.left(big_.size() / 2), {QStringLiteral("malformed JSON")});
    }
};

QTEST_GUILESS_MAIN(TestCliTracePieces)
#include "tst_cli_trace_pieces.moc"
