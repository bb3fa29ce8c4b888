// export-chakra / import-chakra through the real binary: a bundled example comes back with the same
// normalised bytes; what Chakra cannot express is refused (exit 3, naming the event, nothing
// written) or left out with --skip-op; a folder holding other files is refused (exit 2, untouched);
// every reader refusal exits 3 naming the file and node and writes no trace.
#include "protobuf_bytes.h"
#include "test_support.h"

#include "core/interop/chakra.h"

#include <QtTest>

using cctest::runCli;

class TestCliChakra : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path(const QString& name) const { return dir_.filePath(name); }
private slots:
    void initTestCase();
    void exampleRoundTrip();
    void customOperationRefusedThenSkipped();
    void foreignFolderIsRefused();
    void readerRefusalsWriteNothing_data();
    void readerRefusalsWriteNothing();
    void missingRankFileIsRefused();
};

namespace {

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

using namespace cctest::protobuf;

/// A collective's Node message: id, name "n<id>", type, ctrl_deps, comm_type and comm_size.
std::string coll(std::uint64_t id, int type, std::int64_t size, const std::vector<std::uint64_t>& deps = {})
{
    return cctest::protobuf::node(id, type, deps, {intAttr("comm_type", 0), intAttr("comm_size", size)});
}
/// A whole .et file: the metadata, then the nodes.
QByteArray etFile(const std::vector<std::string>& nodes)
{
    std::vector<std::string> messages{metadata()};
    messages.insert(messages.end(), nodes.begin(), nodes.end());
    return QByteArray::fromStdString(delimited(messages));
}

} // namespace

void TestCliChakra::initTestCase()
{
    if (!cc::interop::chakraAvailable()) {
        QSKIP(cc::interop::chakraUnavailableReason().c_str());
    }
    QVERIFY(dir_.isValid());
}

void TestCliChakra::exampleRoundTrip()
{
    const QString source = cctest::example(s("training.trace.json"));
    const QString et = path(s("training.et"));
    auto r = runCli({s("export-chakra"), source, s("-o"), et});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(s("exported 2740 of 2740 events")), qPrintable(r.out));
    QVERIFY(QFileInfo::exists(et + s("/chakra.0.et")));
    const QString back = path(s("training.back.json"));
    r = runCli({s("import-chakra"), et, s("-o"), back});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(s("imported 2740 events")), qPrintable(r.out));
    const QString a = path(s("a.normalized.json"));
    const QString b = path(s("b.normalized.json"));
    QCOMPARE(runCli({s("normalize"), source, s("-o"), a}).exitCode, 0);
    QCOMPARE(runCli({s("normalize"), back, s("-o"), b}).exitCode, 0);
    QVERIFY(!cctest::readAll(a).isEmpty());
    QCOMPARE(cctest::readAll(b), cctest::readAll(a));
    // An earlier export is replaced whole.
    r = runCli({s("export-chakra"), cctest::example(s("decode.trace.json")), s("-o"), et});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(cctest::filesIn(et).size(), 8);
}

void TestCliChakra::customOperationRefusedThenSkipped()
{
    const QString trace = path(s("custom.trace.json"));
    QVERIFY(cctest::writeAll(trace, QByteArray(R"({"format":"commcanary.trace.v1","events":[
        {"id":"ar-0","op":"all_reduce","bytes":64,"ranks":[0,1],"gap_us":1},
        {"id":"fused-1","op":"my_fused_thing","custom_op":true,"bytes":64,"ranks":[0,1],"gap_us":1},
        {"id":"ar-2","op":"all_reduce","bytes":64,"ranks":[0,1],"gap_us":1}]})")));
    const QString out = path(s("custom.et"));
    auto r = runCli({s("export-chakra"), trace, s("-o"), out});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(s("fused-1")) && r.err.contains(s("custom operation")) &&
                 r.err.contains(s("custom.trace.json")),
             qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(out));
    r = runCli({s("export-chakra"), trace, s("-o"), out, s("--skip-op"), s("my_fused_thing")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(s("exported 2 of 3 events")) && r.out.contains(s("skipped event 1 (fused-1)")),
             qPrintable(r.out));
    const QString back = path(s("custom.back.json"));
    QCOMPARE(runCli({s("import-chakra"), out, s("-o"), back}).exitCode, 0);
    QVERIFY(cctest::readAll(back).contains("ar-2"));
    QVERIFY(!cctest::readAll(back).contains("fused-1"));
}

void TestCliChakra::foreignFolderIsRefused()
{
    const QString out = path(s("users-folder"));
    QVERIFY(QDir().mkpath(out));
    QVERIFY(cctest::writeAll(out + s("/notes.txt"), "keep me"));
    auto r = runCli({s("export-chakra"), cctest::example(s("decode.trace.json")), s("-o"), out});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(s("notes.txt")), qPrintable(r.err));
    QCOMPARE(cctest::filesIn(out), QStringList{s("notes.txt")});
    QCOMPARE(cctest::readAll(out + s("/notes.txt")), QByteArray("keep me"));
}

void TestCliChakra::readerRefusalsWriteNothing_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");
    QByteArray truncated = etFile({coll(0, 7, 8)});
    truncated += char(0x80);
    QTest::newRow("truncated varint") << truncated << s("the length prefix (a varint) is truncated");
    QTest::newRow("wrong node type") << etFile({coll(3, 3, 8)}) << s("node 3 (n3): node type 3");
    QTest::newRow("comm_size 0") << etFile({coll(4, 7, 0)}) << s("node 4 (n4): comm_size 0");
    QTest::newRow("missing dependency") << etFile({coll(0, 7, 8, {5})}) << s("node 0 (n0): depends on node 5");
    QTest::newRow("cycle") << etFile({coll(0, 7, 8, {1}), coll(1, 7, 8, {0})})
                           << s("node 0 (n0): is part of a dependency cycle");
}

void TestCliChakra::readerRefusalsWriteNothing()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    const QString in =
        path(s("bad-") + QString::fromUtf8(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-')));
    QVERIFY(QDir().mkpath(in));
    QVERIFY(cctest::writeAll(in + s("/chakra.0.et"), bytes));
    const QString out = in + s(".trace.json");
    const auto r = runCli({s("import-chakra"), in, s("-o"), out});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(s("chakra.0.et")) && r.err.contains(expected), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(out));
}

void TestCliChakra::missingRankFileIsRefused()
{
    const QString et = path(s("decode-missing.et"));
    QCOMPARE(runCli({s("export-chakra"), cctest::example(s("decode.trace.json")), s("-o"), et}).exitCode, 0);
    QVERIFY(QFile::remove(et + s("/chakra.3.et")));
    const QString out = path(s("decode-missing.trace.json"));
    const auto r = runCli({s("import-chakra"), et, s("-o"), out});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(s("members and the files holding its nodes differ")), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(out));
}

QTEST_GUILESS_MAIN(TestCliChakra)
#include "tst_cli_chakra.moc"
