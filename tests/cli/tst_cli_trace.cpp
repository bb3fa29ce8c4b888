// End-to-end: the real commcanary binary on real files. Every refusal exits 3, names the file,
// the event and the rule, and writes nothing.
#include "test_support.h"

#include <QtTest>

using cctest::runCli;

class TestCliTrace : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString path(const QString& name) const { return dir_.filePath(name); }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void helpForEveryCommand()
    {
        auto overview = runCli({QStringLiteral("--help")});
        QCOMPARE(overview.exitCode, 0);
        for (const auto& command : {"validate", "normalize", "hash", "info", "generate"}) {
            QVERIFY2(overview.out.contains(QString::fromLatin1(command)), command);
            auto r = runCli({QString::fromLatin1(command), QStringLiteral("--help")});
            QCOMPARE(r.exitCode, 0);
            QVERIFY(r.out.contains(QStringLiteral("usage: commcanary ") + QString::fromLatin1(command)));
            QVERIFY(r.out.contains(QStringLiteral("exit codes")));
        }
        QVERIFY(overview.out.contains(QStringLiteral("logical events a canary expands to")));
    }

    void usageErrorsExit2()
    {
        QCOMPARE(runCli({QStringLiteral("no-such-command")}).exitCode, 2);
        QCOMPARE(runCli({}).exitCode, 2);
        auto missingOutput = runCli({QStringLiteral("normalize"), cctest::example(QStringLiteral("decode.trace.json"))});
        QCOMPARE(missingOutput.exitCode, 2);
        QVERIFY(missingOutput.err.contains(QStringLiteral("missing -o")));
        QCOMPARE(runCli({QStringLiteral("validate"), QStringLiteral("--bogus"), QStringLiteral("x")}).exitCode, 2);
        QCOMPARE(runCli({QStringLiteral("generate"), QStringLiteral("nonsense"), QStringLiteral("-o"), path(QStringLiteral("n.json"))}).exitCode, 2);
        QVERIFY(!QFile::exists(path(QStringLiteral("n.json"))));
    }

    void validateSummarises()
    {
        auto r = runCli({QStringLiteral("validate"), cctest::example(QStringLiteral("adversarial_decode.trace.json"))});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith(QStringLiteral("valid: events=100 ranks=2 groups=1 ops=all_reduce:100 timing=gapped")));
        QVERIFY(r.out.contains(QStringLiteral("skew: known=100 unknown=0")));
    }

    void refusalsWriteNothing_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        auto doc = [](const char* events) -> QByteArray {
            return QByteArray(R"({"format":"commcanary.trace.v1","events":[)") + events + "]}";
        };
        QTest::newRow("mixed timing") << doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":1},{"id":"late","op":"all_reduce","bytes":8,"ranks":[0,1]})")
                                      << QStringLiteral("event 1 (id \"late\"): field start_us: mixed timing semantics");
        QTest::newRow("contradicting gap") << doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":1},{"op":"all_reduce","bytes":8,"ranks":[0,1],"start_us":2,"gap_us":7})")
                                           << QStringLiteral("field gap_us: is 7 us but start_us implies 1 us");
        QTest::newRow("negative") << doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"compute_before_us":-3})")
                                  << QStringLiteral("field compute_before_us: value -3 must not be negative");
        QTest::newRow("non-finite") << doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"gap_us":Infinity})")
                                    << QStringLiteral("non-finite");
        QTest::newRow("bytes zero") << doc(R"({"op":"all_reduce","bytes":0,"ranks":[0,1]})") << QStringLiteral("field bytes");
        QTest::newRow("empty ranks") << doc(R"({"op":"all_reduce","bytes":8,"ranks":[]})") << QStringLiteral("field ranks");
        QTest::newRow("duplicate ranks") << doc(R"({"op":"all_reduce","bytes":8,"ranks":[2,2]})") << QStringLiteral("rank 2 appears twice");
        QTest::newRow("arrival outsider") << doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"rank_arrival_us":{"0":0,"1":0,"9":1}})")
                                          << QStringLiteral("rank 9 is not a member of ranks");
        QTest::newRow("send one endpoint") << doc(R"({"op":"send","bytes":8,"ranks":[0,1],"receiver_rank":1})")
                                           << QStringLiteral("send needs both endpoints");
        QTest::newRow("send outsider") << doc(R"({"op":"send","bytes":8,"ranks":[0,1],"sender_rank":3,"receiver_rank":1})")
                                       << QStringLiteral("field sender_rank: rank 3 is not a member of ranks");
        QTest::newRow("unknown op") << doc(R"({"op":"alltoallv_fancy","bytes":8,"ranks":[0,1]})")
                                    << QStringLiteral("\"custom_op\": true");
        QTest::newRow("wrong format") << QByteArray(R"({"format":"something.else","events":[]})")
                                      << QStringLiteral("field format");
        QTest::newRow("finer than ns") << doc(R"({"op":"all_reduce","bytes":8,"ranks":[0,1],"gap_us":1.0005})")
                                       << QStringLiteral("finer than 1 ns");
    }
    void refusalsWriteNothing()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        QTemporaryDir work;
        const QString input = work.filePath(QStringLiteral("bad.trace.json"));
        QVERIFY(cctest::writeAll(input, json));
        const QString output = work.filePath(QStringLiteral("out.json"));
        for (const QStringList& args : {QStringList{QStringLiteral("normalize"), input, QStringLiteral("-o"), output},
                                        QStringList{QStringLiteral("validate"), input},
                                        QStringList{QStringLiteral("hash"), input}}) {
            auto r = runCli(args);
            QCOMPARE(r.exitCode, 3);
            QVERIFY2(r.err.contains(expected), qPrintable(r.err));
            QVERIFY2(r.err.contains(input), qPrintable(r.err)); // names the file
            QVERIFY(r.out.isEmpty());
        }
        QCOMPARE(cctest::filesIn(work.path()), QStringList{QStringLiteral("bad.trace.json")});
    }

    void missingFileIsAnInputError()
    {
        auto r = runCli({QStringLiteral("validate"), path(QStringLiteral("does-not-exist.json"))});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains(QStringLiteral("no such file")));
    }

    void normalizeAndHashAgree()
    {
        const QString out = path(QStringLiteral("training.norm.json"));
        const QString example = cctest::example(QStringLiteral("training.trace.json"));
        auto n = runCli({QStringLiteral("normalize"), example, QStringLiteral("-o"), out});
        QCOMPARE(n.exitCode, 0);
        QByteArray bytes = cctest::readAll(out);
        QVERIFY(bytes.startsWith(R"({"format":"commcanary-workbench.normalized.v1")"));
        auto h = runCli({QStringLiteral("hash"), example});
        QCOMPARE(h.exitCode, 0);
        QCOMPARE(h.out.left(64), QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex()));
        // No temporary files are left next to the artifact.
        for (const auto& name : cctest::filesIn(dir_.path())) {
            QVERIFY2(!name.endsWith(QStringLiteral(".tmp")), qPrintable(name));
        }
    }

    void gzipAndPipedInputIsRead()
    {
        // A gzip file, and a pipe (its size is 0 until it ends: `hash /dev/stdin` reads it to its
        // end), plain or gzip, all hash as the example does.
        const QByteArray plain = cctest::readAll(cctest::example(QStringLiteral("adversarial_decode.trace.json")));
        QProcess gzip;
        gzip.start(QStringLiteral("gzip"), {QStringLiteral("-c")});
        gzip.write(plain);
        gzip.closeWriteChannel();
        QVERIFY(gzip.waitForFinished());
        const QByteArray gzipped = gzip.readAllStandardOutput();
        const QString gz = path(QStringLiteral("adv.trace.json.gz"));
        QVERIFY(cctest::writeAll(gz, gzipped));
        const QString expected = QStringLiteral("968b752d68d68adae0295eceb18334dcd479e59f7760278d1bebbeac64de1d84");
        auto r = runCli({QStringLiteral("hash"), gz});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith(expected));
        for (const QByteArray& input : {plain, gzipped}) {
            QProcess cli;
            cli.start(QStringLiteral(COMMCANARY_CLI_PATH), {QStringLiteral("hash"), QStringLiteral("/dev/stdin")});
            QVERIFY(cli.waitForStarted());
            cli.write(input);
            cli.closeWriteChannel();
            QVERIFY(cli.waitForFinished(120000));
            QCOMPARE(cli.exitCode(), 0);
            QVERIFY2(QString::fromLatin1(cli.readAllStandardOutput()).startsWith(expected),
                     cli.readAllStandardError().constData());
        }
    }

    void generateIsDeterministic()
    {
        const QString a = path(QStringLiteral("a.json"));
        const QString b = path(QStringLiteral("b.json"));
        QCOMPARE(runCli({QStringLiteral("generate"), QStringLiteral("decode"), QStringLiteral("--seed"),
                         QStringLiteral("7"), QStringLiteral("-o"), a})
                     .exitCode,
                 0);
        QCOMPARE(runCli({QStringLiteral("generate"), QStringLiteral("decode"), QStringLiteral("--seed"),
                         QStringLiteral("7"), QStringLiteral("-o"), b})
                     .exitCode,
                 0);
        QCOMPARE(cctest::readAll(a), cctest::readAll(b));
        QVERIFY(cctest::readAll(a) != cctest::readAll(cctest::example(QStringLiteral("decode.trace.json"))));
        auto training = runCli({QStringLiteral("generate"), QStringLiteral("training"), QStringLiteral("--events"),
                                QStringLiteral("5000"), QStringLiteral("-o"), path(QStringLiteral("t.json"))});
        QCOMPARE(training.exitCode, 0);
        QVERIFY(training.out.contains(QStringLiteral("events=5000")));
    }

    void infoDescribesATrace()
    {
        auto r = runCli({QStringLiteral("info"), cctest::example(QStringLiteral("adversarial_decode.trace.json"))});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("commcanary.trace.v1")));
        QVERIFY(r.out.contains(QStringLiteral("normalised sha256")));
        QVERIFY(r.out.contains(QStringLiteral("968b752d68d68adae0295eceb18334dcd479e59f7760278d1bebbeac64de1d84")));
        // JSON of no known format is unknown (a file that is not JSON at all is refused: tst_cli_info).
        const QString junk = path(QStringLiteral("junk.json"));
        QVERIFY(cctest::writeAll(junk, QByteArray("{\"hello\": 1}")));
        auto u = runCli({QStringLiteral("info"), junk});
        QCOMPARE(u.exitCode, 0);
        QVERIFY(u.out.contains(QStringLiteral("unknown")));
    }
};

QTEST_GUILESS_MAIN(TestCliTrace)
#include "tst_cli_trace.moc"
