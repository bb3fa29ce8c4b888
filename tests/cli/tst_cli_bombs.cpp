// Decompression bombs through the real CLI: a gzip file of about 10 MB that inflates to 10 GiB is
// refused while it streams, by the gzip expansion-ratio limit, with exit 3, a message naming the
// file and the limit, nothing written, and a small peak memory. A file that compresses beyond the
// ratio but stays under the ratio's floor is still read.
#include "test_support.h"

#include <QProcess>
#include <QtTest>

#include <sys/resource.h>

using cctest::runCli;

namespace {

/// One gzip member of `bytes`, through the system's gzip.
QByteArray gzipMember(const QByteArray& bytes)
{
    QProcess gzip;
    gzip.start(QStringLiteral("gzip"), {QStringLiteral("-9"), QStringLiteral("-c"), QStringLiteral("-n")});
    gzip.write(bytes);
    gzip.closeWriteChannel();
    gzip.waitForFinished(60000);
    return gzip.readAllStandardOutput();
}

/// head, then `mebibytes` MiB of spaces, then tail, as concatenated gzip members: each MiB of
/// spaces compresses to about a kilobyte, so 10,240 of them make a ~10 MB file of 10 GiB.
QByteArray bombOf(const QByteArray& head, qint64 mebibytes, const QByteArray& tail)
{
    const QByteArray spaces = gzipMember(QByteArray(1 << 20, ' '));
    QByteArray file = gzipMember(head);
    file.reserve(file.size() + spaces.size() * mebibytes + 64);
    for (qint64 i = 0; i < mebibytes; ++i) {
        file += spaces;
    }
    file += gzipMember(tail);
    return file;
}

const QByteArray kTraceHead =
    QByteArrayLiteral(R"({"format":"commcanary.trace.v1","workload":{"name":"bomb"},"events":[)"
                      R"({"id":"e0","op":"all_reduce","bytes":1024,"ranks":[0,1],"gap_us":1})");
const QByteArray kTraceTail = QByteArrayLiteral("]}");
const QByteArray kKinetoHead = QByteArrayLiteral(R"({"schemaVersion":1,"traceEvents":[)");
const QByteArray kKinetoTail = QByteArrayLiteral("]}");

[[maybe_unused]] long childPeakRssKiB()
{
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    return usage.ru_maxrss;
}

} // namespace

class TestCliBombs : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString traceBomb_;
    QString kinetoBomb_;
    QString path(const QString& name) const { return dir_.filePath(name); }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        traceBomb_ = path(QStringLiteral("bomb.trace.json.gz"));
        kinetoBomb_ = path(QStringLiteral("bomb.pt.trace.json.gz"));
        const QByteArray trace = bombOf(kTraceHead, 10240, kTraceTail);
        QVERIFY2(trace.size() < 16 << 20, "the bomb should be a few MB");
        QVERIFY(cctest::writeAll(traceBomb_, trace));
        QVERIFY(cctest::writeAll(kinetoBomb_, bombOf(kKinetoHead, 10240, kKinetoTail)));
    }

    void gzipBombsAreRefusedWhileStreaming_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("output");
        QTest::newRow("validate") << QStringList{QStringLiteral("validate")} << QStringLiteral("trace") << QString();
        QTest::newRow("info") << QStringList{QStringLiteral("info")} << QStringLiteral("trace") << QString();
        QTest::newRow("hash") << QStringList{QStringLiteral("hash")} << QStringLiteral("trace") << QString();
        QTest::newRow("replay") << QStringList{QStringLiteral("replay")} << QStringLiteral("trace")
                                << QStringLiteral("out.report.json");
        QTest::newRow("compile") << QStringList{QStringLiteral("compile")} << QStringLiteral("trace")
                                 << QStringLiteral("out.canary.json");
        QTest::newRow("import-kineto") << QStringList{QStringLiteral("import-kineto")} << QStringLiteral("kineto")
                                       << QStringLiteral("out.trace.json");
    }

    void gzipBombsAreRefusedWhileStreaming()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, input);
        QFETCH(QString, output);
        const QString file = input == QLatin1String("kineto") ? kinetoBomb_ : traceBomb_;
        args << file;
        if (!output.isEmpty()) {
            args << QStringLiteral("-o") << path(output);
        }
        const auto r = runCli(args);
        QVERIFY2(r.exitCode == 3, qPrintable(QString::number(r.exitCode) + QLatin1Char(' ') + r.err));
        QVERIFY2(r.err.contains(file), qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("decompression bomb")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("gzip expansion ratio")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("--limit gzip-ratio=N")), qPrintable(r.err));
        if (!output.isEmpty()) {
            QVERIFY(!QFile::exists(path(output)));
        }
        QCOMPARE(cctest::filesIn(dir_.path()).size(), 2);
        // Inflating to the 4 GiB input limit before refusing took 5.1 GiB; streaming refusal
        // stops after a few MiB of output. (AddressSanitizer's shadow memory and quarantine make a
        // sanitized child's resident size meaningless for this bound.)
#if !defined(__SANITIZE_ADDRESS__)
        QVERIFY2(childPeakRssKiB() < 100 * 1024,
                 qPrintable(QString::number(childPeakRssKiB()) + QStringLiteral(" KiB")));
#endif
    }

    void theRatioIsAnOverridableLimit()
    {
        // Raised above what deflate can reach, the bomb is refused by the input size limit instead.
        const auto r = runCli({QStringLiteral("validate"), traceBomb_, QStringLiteral("--limit"),
                               QStringLiteral("gzip-ratio=100000"), QStringLiteral("--limit"),
                               QStringLiteral("input-bytes=67108864")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(QLatin1String("67108864")), qPrintable(r.err));
        QVERIFY2(!r.err.contains(QLatin1String("decompression bomb")), qPrintable(r.err));
    }

    void aSmallFileMayCompressBeyondTheRatio()
    {
        // 24 MiB of whitespace inside a valid trace: 1000× compression, but under the 32 MiB floor.
        const QString small = path(QStringLiteral("spacious.trace.json.gz"));
        QVERIFY(cctest::writeAll(small, bombOf(kTraceHead, 24, kTraceTail)));
        const auto r = runCli({QStringLiteral("validate"), small});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(QFile::remove(small));
    }
};

QTEST_GUILESS_MAIN(TestCliBombs)
#include "tst_cli_bombs.moc"
