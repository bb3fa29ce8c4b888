// merge accepts the Python prototype's shard convention end to end (system.rank as text,
// collective_seq as the sequence) and refuses a shard whose rank is not a rank, writing nothing.
#include "test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using cctest::runCli;

class TestCliPrototypeShards : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path(const QString& name) const { return dir_.filePath(name); }
private slots:
    void initTestCase();
    void prototypeShardsMerge();
    void badRankWritesNothing();
};

namespace {

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

/// A shard as the prototype's capture writes it: system.rank as text, events with collective_seq.
QByteArray shard(const char* rank, const char* events)
{
    return QByteArray(
               R"({"format":"commcanary.trace.v1","workload":{"name":"proto"},"system":{"capture_mode":"sharded",)"
               R"("capture_session_id":"s1","clock_offset_us":0.0,"rank":")") +
           QByteArray(rank) + QByteArray(R"("},"events":[)") + QByteArray(events) + QByteArray("]}");
}

} // namespace

void TestCliPrototypeShards::initTestCase()
{
    QVERIFY(dir_.isValid());
}

void TestCliPrototypeShards::prototypeShardsMerge()
{
    const QString a = path(s("rank-0.trace.json"));
    const QString b = path(s("rank-1.trace.json"));
    // The two ranks record the calls of group tp in a different order: collective_seq, not the call
    // order, says which contributions are one collective.
    QVERIFY(cctest::writeAll(a, shard("0", R"(
        {"id":"c0-r0","op":"all_reduce","bytes":1024,"ranks":[0,1],"group":"tp","start_us":10,"collective_seq":0,
         "collective_id":"c0","capture_session_id":"s1","recorder_rank":"0"},
        {"id":"c1-r0","op":"all_reduce","bytes":2048,"ranks":[0,1],"group":"tp","start_us":20,"collective_seq":1,
         "collective_id":"c1","capture_session_id":"s1","recorder_rank":"0"})")));
    QVERIFY(cctest::writeAll(b, shard("1", R"(
        {"id":"c1-r1","op":"all_reduce","bytes":2048,"ranks":[0,1],"group":"tp","start_us":12,"collective_seq":1,
         "collective_id":"c1","capture_session_id":"s1","recorder_rank":"1"},
        {"id":"c0-r1","op":"all_reduce","bytes":1024,"ranks":[0,1],"group":"tp","start_us":30,"collective_seq":0,
         "collective_id":"c0","capture_session_id":"s1","recorder_rank":"1"})")));
    const QString out = path(s("merged.json"));
    auto r = runCli({s("merge"), a, b, s("-o"), out});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(s("2 shards follow the Python prototype's convention")), qPrintable(r.out));
    QVERIFY2(r.out.contains(s("wrote ")) && r.out.contains(s("(2 events, 0 partial)")), qPrintable(r.out));
    const auto events = QJsonDocument::fromJson(cctest::readAll(out)).object()[s("events")].toArray();
    QCOMPARE(events.size(), 2);
    QCOMPARE(events[0].toObject()[s("message_sequence")].toInt(), 0);
    QCOMPARE(events[0].toObject()[s("bytes")].toInt(), 1024);
    QCOMPARE(events[1].toObject()[s("message_sequence")].toInt(), 1);
    QCOMPARE(runCli({s("validate"), out}).exitCode, 0);
}

void TestCliPrototypeShards::badRankWritesNothing()
{
    const QString a = path(s("bad-rank.trace.json"));
    QVERIFY(cctest::writeAll(a, shard("zero", R"({"op":"all_reduce","bytes":8,"ranks":[0],"start_us":1})")));
    const QString out = path(s("bad-merged.json"));
    auto r = runCli({s("merge"), a, s("-o"), out});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(s("bad-rank.trace.json")) && r.err.contains(s("system.rank")) &&
                 r.err.contains(s("must be a rank")),
             qPrintable(r.err));
    QVERIFY(r.err.contains(s("nothing was written")));
    QVERIFY(!QFile::exists(out));
}

QTEST_GUILESS_MAIN(TestCliPrototypeShards)
#include "tst_cli_prototype_shards.moc"
