// The output side of the CLI under faults, end to end with the real binary: an output that names an
// input (the same path, ./x, a/../x, a symbolic or a hard link), an empty -o, a missing or read-only
// output folder, a full disk, stale temporaries, folder outputs replaced whole, SIGINT mid-run and
// SIGKILL at seeded random points. Each case checks the exit code, the message and that nothing
// (or only the complete previous artifact) is at the output path.
#include "test_support.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QThread>
#include <QtTest>

#include <csignal>
#include <memory>
#include <set>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

using cctest::runCli;

class TestCliFaults : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString trace_;          ///< a small training trace (600 events)
    QString canary_;         ///< its lossless canary
    QString medium_;         ///< the trace the kill runs work on
    QString large_;          ///< the trace the interrupted runs work on (a run of about half a second)
    QString shards_[2];      ///< two rank-local traces for merge (killed runs)
    QString largeShards_[2]; ///< the same, larger (interrupted runs)
    QString path(const QString& name) const { return dir_.filePath(name); }
    QString fresh(const QString& name) const;
private slots:
    void initTestCase();
    void outputNamingAnInputIsRefused_data();
    void outputNamingAnInputIsRefused();
    void emptyOutputIsRefused_data();
    void emptyOutputIsRefused();
    void outputThatIsAFolderIsRefused();
    void twoOutputsNamingOneFileAreRefused();
    void missingOutputFolderIsRefusedBeforeAnyWork_data();
    void missingOutputFolderIsRefusedBeforeAnyWork();
    void readOnlyOutputFolderIsRefusedBeforeAnyWork();
    void temporariesAreNamedAndStaleOnesRemoved();
    void exportParamReplacesAnEarlierExportWhole();
    void exportParamRefusesAFolderItDidNotWrite();
    void fullDiskFailsWithNoPartialFile();
    void sigintMidRunExits130AndWritesNothing_data();
    void sigintMidRunExits130AndWritesNothing();
    void sigkillNeverLeavesAPartialOutput_data();
    void sigkillNeverLeavesAPartialOutput();
};

namespace {

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

/// A rank-local trace of n all_reduces between ranks 0 and 1 (the shape merge takes).
QByteArray shardJson(int rank, int n)
{
    QByteArray out =
        "{\"format\":\"commcanary.trace.v1\",\"system\":{\"rank_local\":{\"rank\":" + QByteArray::number(rank) +
        ",\"clock_origin_ns\":1000000}},\"events\":[";
    for (int i = 0; i < n; ++i) {
        out += (i == 0 ? "" : ",") + QByteArray("{\"op\":\"all_reduce\",\"bytes\":") +
               QByteArray::number(1024 * (1 + i % 7)) +
               ",\"ranks\":[0,1],\"group\":\"tp\",\"start_us\":" + QByteArray::number(10 + i * 50 + rank * 3) + "}";
    }
    return out + "]}";
}

/// Every entry of a folder (hidden ones too), sorted.
QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

/// name -> bytes of every file in a folder.
QMap<QString, QByteArray> folderContents(const QString& dir)
{
    QMap<QString, QByteArray> files;
    for (const auto& name : entries(dir)) {
        files.insert(name, cctest::readAll(dir + QLatin1Char('/') + name));
    }
    return files;
}

/// The pid of a process that has ended (and been reaped): a pid no live process has.
qint64 deadPid()
{
    QProcess p;
    p.start(s("true"));
    p.waitForFinished();
    return p.processId() != 0 ? p.processId() : 999999;
}

/// Whether the process is still running now (waitForFinished(0) makes QProcess look at it).
bool running(QProcess& p)
{
    return p.state() != QProcess::NotRunning && !p.waitForFinished(0);
}

/// Whether a process has installed its SIGINT handler (bit SIGINT of SigCgt in /proc/PID/status):
/// before that, SIGINT ends it by the default action, which is not what the test is about.
bool catchesSigint(qint64 pid)
{
    QFile status(QString(s("/proc/%1/status")).arg(pid));
    if (!status.open(QIODevice::ReadOnly)) {
        return false;
    }
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith("SigCgt:")) {
            return (line.mid(7).trimmed().toULongLong(nullptr, 16) & (1ULL << (SIGINT - 1))) != 0;
        }
    }
    return false;
}

/// A tmpfs mounted on a folder for the length of a test (root only); unmounted when destroyed.
class TmpfsMount {
public:
    TmpfsMount(const QString& dir, const char* options, unsigned long flags)
        : dir_(dir.toStdString()),
          mounted_(::geteuid() == 0 && ::mount("tmpfs", dir_.c_str(), "tmpfs", flags, options) == 0)
    {
    }
    ~TmpfsMount()
    {
        if (mounted_) {
            ::umount2(dir_.c_str(), MNT_DETACH);
        }
    }
    TmpfsMount(const TmpfsMount&) = delete;
    TmpfsMount& operator=(const TmpfsMount&) = delete;
    bool mounted() const { return mounted_; }

private:
    std::string dir_;
    bool mounted_;
};

/// What a run that was cut short left beside its output: the names, and their pids when they are
/// temporaries ("NAME.partial-<pid>").
struct Leftovers {
    QStringList unexpected;
    QList<qint64> partialPids;
};

Leftovers leftoversBeside(const QString& dir, const QString& outputName, const QStringList& expected)
{
    Leftovers l;
    // "NAME.previous-<pid>": a folder renamed aside where the file system cannot exchange two in one step.
    const QRegularExpression partial(s("^") + QRegularExpression::escape(outputName) +
                                     s("\\.(?:partial|previous)-(\\d+)$"));
    for (const auto& name : entries(dir)) {
        if (expected.contains(name) || name == outputName) {
            continue;
        }
        const auto match = partial.match(name);
        if (match.hasMatch()) {
            l.partialPids.append(match.captured(1).toLongLong());
        } else {
            l.unexpected.append(name);
        }
    }
    return l;
}

/// Puts the inputs of a kill or interrupt row in place of its MEDIUM, SHARD0 and SHARD1 arguments.
void placeInputs(QStringList& args, const QString& trace, const QString (&shards)[2])
{
    args.replaceInStrings(QRegularExpression(QStringLiteral("^MEDIUM$")), trace);
    args.replaceInStrings(QRegularExpression(QStringLiteral("^SHARD0$")), shards[0]);
    args.replaceInStrings(QRegularExpression(QStringLiteral("^SHARD1$")), shards[1]);
}

} // namespace

QString TestCliFaults::fresh(const QString& name) const
{
    const QString folder = path(name);
    QDir(folder).removeRecursively();
    QDir().mkpath(folder);
    return folder;
}

void TestCliFaults::initTestCase()
{
    QVERIFY(dir_.isValid());
    trace_ = path(s("small.trace.json"));
    canary_ = path(s("small.canary.json"));
    medium_ = path(s("medium.trace.json"));
    QCOMPARE(runCli({s("generate"), s("training"), s("--events"), s("600"), s("-o"), trace_}).exitCode, 0);
    QCOMPARE(runCli({s("compile"), trace_, s("-o"), canary_}).exitCode, 0);
    // Large enough that a run has a read, a compute and a write phase a signal can land in, small
    // enough that 80 killed runs and the interrupted ones take seconds.
    QCOMPARE(runCli({s("generate"), s("training"), s("--events"), s("6000"), s("-o"), medium_}).exitCode, 0);
    large_ = path(s("large.trace.json"));
    QCOMPARE(runCli({s("generate"), s("training"), s("--events"), s("40000"), s("-o"), large_}).exitCode, 0);
    for (int rank = 0; rank < 2; ++rank) {
        shards_[rank] = path(QString(s("shard%1.json")).arg(rank));
        QVERIFY(cctest::writeAll(shards_[rank], shardJson(rank, 6000)));
        largeShards_[rank] = path(QString(s("large-shard%1.json")).arg(rank));
        QVERIFY(cctest::writeAll(largeShards_[rank], shardJson(rank, 40000)));
    }
}

void TestCliFaults::outputNamingAnInputIsRefused_data()
{
    QTest::addColumn<QStringList>("args"); // IN is the input the output names, OUT the output
    QTest::addColumn<QString>("label");
    const QStringList commands[] = {
        {s("normalize"), s("IN"), s("-o"), s("OUT")},
        {s("compile"), s("IN"), s("-o"), s("OUT")},
        {s("replay"), s("IN"), s("-o"), s("OUT")},
        {s("import-kineto"), s("IN"), s("-o"), s("OUT")},
        {s("merge"), s("IN"), s("other.json"), s("-o"), s("OUT")},
        {s("verify-fidelity"), s("trace.json"), s("IN"), s("-o"), s("OUT")},
        {s("baseline"), s("IN"), s("--method"), s("random"), s("-o"), s("OUT")},
        {s("reduce"), s("IN"), s("-o"), s("OUT")},
        {s("verify-behavior"), s("trace.json"), s("IN"), s("-o"), s("OUT")},
        {s("export-param"), s("IN"), s("-o"), s("OUT")},
        {s("replay"), s("trace.json"), s("--configs"), s("IN"), s("-o"), s("OUT")},
        {s("compile"), s("trace.json"), s("--behavior-search"), s("--search-evidence-output"), s("OUT"), s("-o"),
         s("canary.json"), s("--configs"), s("IN")},
        {s("align-clocks"), s("IN"), s("other.json"), s("-o"), s("OUT")},
        {s("import-kineto"), s("IN"), s("--ledger"), s("OUT"), s("-o"), s("trace-out.json")},
        {s("import-kineto"), s("trace.json"), s("--groups"), s("IN"), s("-o"), s("OUT")},
    };
    const char* labels[] = {"TRACE",  "TRACE", "INPUT",     "PROFILE",   "SHARD", "CANARY",  "TRACE",   "TRACE",
                            "CANARY", "INPUT", "--configs", "--configs", "SHARD", "PROFILE", "--groups"};
    for (std::size_t c = 0; c < std::size(commands); ++c) {
        for (const char* variant : {"in.json", "./in.json", "sub/../in.json", "link.json", "hard.json"}) {
            QStringList args = commands[c];
            args.replaceInStrings(s("OUT"), s(variant));
            args.replaceInStrings(QRegularExpression(s("^IN$")), s("in.json"));
            QTest::addRow("%s %s -o %s", qPrintable(commands[c][0]), labels[c], variant) << args << s(labels[c]);
        }
    }
}

void TestCliFaults::outputNamingAnInputIsRefused()
{
    QFETCH(QStringList, args);
    QFETCH(QString, label);
    const QString work = fresh(s("same"));
    // The input is a real trace (or canary) so a command that did not check would really replace it.
    const bool canaryInput = args[0] == s("verify-fidelity") || args[0] == s("verify-behavior");
    QVERIFY(QFile::copy(canaryInput ? canary_ : trace_, work + s("/in.json")));
    QVERIFY(QFile::copy(trace_, work + s("/trace.json")));
    QVERIFY(QFile::copy(trace_, work + s("/other.json")));
    QVERIFY(QDir(work).mkdir(s("sub")));
    QVERIFY(QFile::link(s("in.json"), work + s("/link.json")));
    QCOMPARE(::link(qPrintable(work + s("/in.json")), qPrintable(work + s("/hard.json"))), 0);
    const QByteArray before = cctest::readAll(work + s("/in.json"));
    const QStringList names = entries(work);
    auto r = runCli(args, 120000, work);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(s("usage error")) && r.err.contains(s("names the same file as ") + label),
             qPrintable(r.err));
    QCOMPARE(cctest::readAll(work + s("/in.json")), before);
    QCOMPARE(entries(work), names);
    QVERIFY(QFileInfo(work + s("/link.json")).isSymLink());
}

void TestCliFaults::emptyOutputIsRefused_data()
{
    QTest::addColumn<QStringList>("args");
    const QString trace = s("TRACE");
    QTest::newRow("normalize") << QStringList{s("normalize"), trace, s("-o"), QString()};
    QTest::newRow("compile") << QStringList{s("compile"), trace, s("-o"), QString()};
    QTest::newRow("replay") << QStringList{s("replay"), trace, s("-o"), QString()};
    QTest::newRow("import-kineto") << QStringList{s("import-kineto"), trace, s("-o"), QString()};
    QTest::newRow("merge") << QStringList{s("merge"), trace, s("-o"), QString()};
    QTest::newRow("verify-fidelity") << QStringList{s("verify-fidelity"), trace, s("CANARY"), s("-o"), QString()};
    QTest::newRow("export-param") << QStringList{s("export-param"), trace, s("-o"), QString()};
    QTest::newRow("export-chrome") << QStringList{s("export-chrome"), trace, s("--input"), trace, s("-o"), QString()};
    QTest::newRow("generate") << QStringList{s("generate"), s("training"), s("-o"), QString()};
    QTest::newRow("align-clocks") << QStringList{s("align-clocks"), trace, trace, s("-o"), QString()};
    QTest::newRow("--output=") << QStringList{s("normalize"), trace, s("--output=")};
}

void TestCliFaults::emptyOutputIsRefused()
{
    QFETCH(QStringList, args);
    args.replaceInStrings(QRegularExpression(s("^TRACE$")), trace_);
    args.replaceInStrings(QRegularExpression(s("^CANARY$")), canary_);
    const QString work = fresh(s("empty"));
    auto r = runCli(args, 120000, work);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(s("usage error: -o is empty: give the path of the")), qPrintable(r.err));
    QVERIFY2(!r.err.contains(s("rename")), qPrintable(r.err));
    QCOMPARE(entries(work), QStringList());
}

void TestCliFaults::outputThatIsAFolderIsRefused()
{
    const QString work = fresh(s("folder-output"));
    QVERIFY(QDir(work).mkdir(s("existing")));
    for (const QString& output : QStringList{work + s("/existing"), work + s("/new/"), work}) {
        auto r = runCli({s("normalize"), trace_, s("-o"), output});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(s("names a folder: give the path of the file to write")), qPrintable(r.err));
    }
    // export-param writes a folder: a file there is refused instead.
    QVERIFY(cctest::writeAll(work + s("/file"), "x"));
    auto r = runCli({s("export-param"), trace_, s("-o"), work + s("/file")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(s("is a file: give the path of a folder to write")), qPrintable(r.err));
    QCOMPARE(entries(work), (QStringList{s("existing"), s("file")}));
}

void TestCliFaults::twoOutputsNamingOneFileAreRefused()
{
    const QString work = fresh(s("two-outputs"));
    auto r = runCli({s("compile"), trace_, s("--behavior-search"), s("--search-evidence-output"), s("./x.json"),
                     s("-o"), s("x.json")},
                    120000, work);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(s("-o and --search-evidence-output name the same file")), qPrintable(r.err));
    QCOMPARE(entries(work), QStringList());
}

void TestCliFaults::missingOutputFolderIsRefusedBeforeAnyWork_data()
{
    QTest::addColumn<QStringList>("args");
    // The input does not exist either: a command that did any work before checking its output
    // would complain about the input instead.
    const QString missing = s("no-such-input.json");
    QTest::newRow("normalize") << QStringList{s("normalize"), missing, s("-o"), s("OUT")};
    QTest::newRow("compile") << QStringList{s("compile"), missing, s("-o"), s("OUT")};
    QTest::newRow("replay") << QStringList{s("replay"), missing, s("-o"), s("OUT")};
    QTest::newRow("import-kineto") << QStringList{s("import-kineto"), missing, s("-o"), s("OUT")};
    QTest::newRow("merge") << QStringList{s("merge"), missing, missing, s("-o"), s("OUT")};
    QTest::newRow("verify-fidelity") << QStringList{s("verify-fidelity"), missing, missing, s("-o"), s("OUT")};
    QTest::newRow("export-param") << QStringList{s("export-param"), missing, s("-o"), s("OUT")};
    QTest::newRow("reduce") << QStringList{s("reduce"), missing, s("-o"), s("OUT")};
    QTest::newRow("align-clocks") << QStringList{s("align-clocks"), missing, missing, s("-o"), s("OUT")};
    QTest::newRow("import-kineto --ledger")
        << QStringList{s("import-kineto"), missing, s("--ledger"), s("OUT"), s("-o"), s("trace-out.json")};
}

void TestCliFaults::missingOutputFolderIsRefusedBeforeAnyWork()
{
    QFETCH(QStringList, args);
    const QString work = fresh(s("missing-folder"));
    args.replaceInStrings(QRegularExpression(s("^OUT$")), work + s("/absent/out.json"));
    auto r = runCli(args, 120000, work);
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(s("cannot write: the folder ") + work + s("/absent does not exist")), qPrintable(r.err));
    QVERIFY2(r.err.contains(s("nothing was written")) && !r.err.contains(s("no-such-input")), qPrintable(r.err));
    QCOMPARE(entries(work), QStringList());
}

void TestCliFaults::readOnlyOutputFolderIsRefusedBeforeAnyWork()
{
    const QString work = fresh(s("read-only"));
    // root writes through permission bits, so root gets a read-only mount instead.
    TmpfsMount mount(work, "size=64k,mode=0755", MS_RDONLY);
    if (::geteuid() == 0 && !mount.mounted()) {
        QSKIP("running as root without permission to mount a read-only tmpfs: no read-only folder to write into");
    }
    if (::geteuid() != 0) {
        QVERIFY(QFile::setPermissions(work, QFileDevice::ReadOwner | QFileDevice::ExeOwner));
    }
    const QString missing = path(s("no-such-input.json"));
    for (const QStringList& args : {QStringList{s("normalize"), missing, s("-o"), work + s("/out.json")},
                                    QStringList{s("replay"), missing, s("-o"), work + s("/out.json")},
                                    QStringList{s("export-param"), missing, s("-o"), work + s("/param")}}) {
        auto r = runCli(args);
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(s("cannot write in the folder ") + work + s(": ")), qPrintable(r.err));
        QVERIFY2(r.err.contains(s("Read-only file system")) || r.err.contains(s("Permission denied")),
                 qPrintable(r.err));
        QVERIFY2(!r.err.contains(s("no-such-input")), qPrintable(r.err));
    }
    QCOMPARE(entries(work), QStringList());
    if (::geteuid() != 0) {
        QFile::setPermissions(work, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }
}

void TestCliFaults::temporariesAreNamedAndStaleOnesRemoved()
{
    const QString work = fresh(s("stale"));
    const QString out = work + s("/out.json");
    const QString dead = QString(s("out.json.partial-%1")).arg(deadPid());
    const QString live = QString(s("out.json.partial-%1")).arg(QCoreApplication::applicationPid());
    const QString other = QString(s("other.json.partial-%1")).arg(deadPid());
    const QString notOurs = QString(s("out.json.partial-%1x")).arg(deadPid()); // not a pid: a user's name
    QVERIFY(cctest::writeAll(work + QLatin1Char('/') + dead, "half a trace"));
    QVERIFY(cctest::writeAll(work + QLatin1Char('/') + live, "being written by a live process"));
    QVERIFY(cctest::writeAll(work + QLatin1Char('/') + other, "another target's"));
    QVERIFY(cctest::writeAll(work + QLatin1Char('/') + notOurs, "a user's file"));
    auto r = runCli({s("normalize"), trace_, s("-o"), out});
    QCOMPARE(r.exitCode, 0);
    // The dead writer's temporary went; the live one's, another target's and a user's file stay.
    QStringList expected{s("out.json"), live, notOurs, other};
    expected.sort();
    QCOMPARE(entries(work), expected);
    QVERIFY(cctest::readAll(out).startsWith("{\"format\":\"commcanary-workbench.normalized.v1\""));

    // A stale temporary folder of an export goes the same way.
    const QString param = work + s("/param");
    const QString staleFolder = QString(s("param.partial-%1")).arg(deadPid());
    QVERIFY(QDir(work).mkpath(staleFolder));
    QVERIFY(cctest::writeAll(work + QLatin1Char('/') + staleFolder + s("/0.json"), "[{"));
    QCOMPARE(runCli({s("export-param"), trace_, s("-o"), param}).exitCode, 0);
    QVERIFY(!QFileInfo::exists(work + QLatin1Char('/') + staleFolder));
    QVERIFY(QFileInfo::exists(param + s("/param_export_manifest.json")));
}

void TestCliFaults::exportParamReplacesAnEarlierExportWhole()
{
    const QString work = fresh(s("param-replace"));
    const QString out = work + s("/param");
    auto first = runCli({s("export-param"), trace_, s("-o"), out});
    QCOMPARE(first.exitCode, 0);
    const QStringList many = entries(out);
    QVERIFY2(many.size() > 3, qPrintable(many.join(QLatin1Char(' '))));
    // A workload of two ranks replaces the export of fourteen: no rank file of the first survives.
    const QString two = path(s("adversarial.trace.json"));
    QCOMPARE(runCli({s("generate"), s("adversarial"), s("-o"), two}).exitCode, 0);
    auto second = runCli({s("export-param"), two, s("-o"), out + s("/")});
    QCOMPARE(second.exitCode, 0);
    QCOMPARE(entries(out), (QStringList{s("0.json"), s("1.json"), s("param_export_manifest.json")}));
    QVERIFY(cctest::readAll(out + s("/param_export_manifest.json")).contains("adversarial"));
    QCOMPARE(entries(work), QStringList{s("param")});
    // An empty folder is written into.
    const QString empty = work + s("/empty");
    QVERIFY(QDir(work).mkdir(s("empty")));
    QCOMPARE(runCli({s("export-param"), two, s("-o"), empty}).exitCode, 0);
    QCOMPARE(entries(empty).size(), 3);
}

void TestCliFaults::exportParamRefusesAFolderItDidNotWrite()
{
    const QString work = fresh(s("param-foreign"));
    const QString out = work + s("/param");
    QCOMPARE(runCli({s("export-param"), trace_, s("-o"), out}).exitCode, 0);
    const auto exported = folderContents(out);
    // A user's file in the folder: the folder is not the export's to replace.
    QVERIFY(cctest::writeAll(out + s("/notes.txt"), "mine"));
    auto r = runCli({s("export-param"), trace_, s("-o"), out});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(s("holds files that are not part of a PARAM export (notes.txt)")), qPrintable(r.err));
    auto contents = folderContents(out);
    QCOMPARE(contents.take(s("notes.txt")), QByteArray("mine"));
    QCOMPARE(contents, exported);
    // Rank-like files without the export's manifest are not known to be an export either.
    const QString bare = work + s("/bare");
    QVERIFY(QDir(work).mkdir(s("bare")));
    QVERIFY(cctest::writeAll(bare + s("/0.json"), "[]"));
    r = runCli({s("export-param"), trace_, s("-o"), bare});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(s("holds rank files but no param_export_manifest.json")), qPrintable(r.err));
    QCOMPARE(entries(bare), QStringList{s("0.json")});
    QCOMPARE(entries(work), (QStringList{s("bare"), s("param")}));
}

void TestCliFaults::fullDiskFailsWithNoPartialFile()
{
    if (::geteuid() != 0) {
        QSKIP("needs root to mount a 1 MiB tmpfs as a full disk");
    }
    const QString work = fresh(s("full"));
    TmpfsMount mount(work, "size=1m", 0);
    if (!mount.mounted()) {
        QSKIP("running as root without permission to mount a tmpfs (a container without CAP_SYS_ADMIN?)");
    }
    // An earlier artifact at the path survives the failed write whole.
    const QByteArray previous = "{\"an earlier\":\"artifact\"}";
    QVERIFY(cctest::writeAll(work + s("/out.json"), previous));
    const QStringList commands[] = {
        {s("generate"), s("training"), s("--events"), s("20000"), s("-o"), work + s("/out.json")},
        {s("replay"), medium_, s("-o"), work + s("/out.json")},
        {s("export-param"), medium_, s("-o"), work + s("/param")},
    };
    for (const auto& args : commands) {
        auto r = runCli(args);
        QVERIFY2(r.exitCode == 3, qPrintable(args.front() + s(": exit ") + QString::number(r.exitCode)));
        QVERIFY2(r.err.contains(s("no space left")) && r.err.contains(s("nothing was written")), qPrintable(r.err));
        QCOMPARE(entries(work), QStringList{s("out.json")});
        QCOMPARE(cctest::readAll(work + s("/out.json")), previous);
    }
}

void TestCliFaults::sigintMidRunExits130AndWritesNothing_data()
{
    QTest::addColumn<QStringList>("args"); // OUT is the output
    QTest::newRow("compile") << QStringList{s("compile"), s("MEDIUM"), s("--timing-sample-limit"),
                                            s("4"),       s("-o"),     s("OUT")};
    QTest::newRow("replay") << QStringList{s("replay"), s("MEDIUM"), s("-o"), s("OUT")};
    QTest::newRow("export-param") << QStringList{s("export-param"), s("MEDIUM"), s("-o"), s("OUT")};
    QTest::newRow("merge") << QStringList{s("merge"), s("SHARD0"), s("SHARD1"), s("-o"), s("OUT")};
}

void TestCliFaults::sigintMidRunExits130AndWritesNothing()
{
    QFETCH(QStringList, args);
    placeInputs(args, large_, largeShards_);
    const QString work = fresh(s("sigint"));
    const QString out = work + s("/out");
    args.replaceInStrings(QRegularExpression(s("^OUT$")), out);
    // Complete runs say how long a run takes here (the faster of two: the first reads a cold
    // cache), so the signals land inside one.
    qint64 runMs = 0;
    for (int k = 0; k < 2; ++k) {
        QElapsedTimer clock;
        clock.start();
        QCOMPARE(runCli(args).exitCode, 0);
        runMs = k == 0 ? clock.elapsed() : std::min(runMs, clock.elapsed());
        QDir(out).removeRecursively();
        QFile::remove(out);
    }
    runMs = std::max<qint64>(runMs, 20);
    QRandomGenerator random(130);
    int interrupted = 0;
    for (int k = 0; k < 4; ++k) {
        const int delayMs = static_cast<int>(runMs * (10 + random.bounded(50)) / 100);
        QProcess p;
        p.start(s(COMMCANARY_CLI_PATH), args);
        QVERIFY(p.waitForStarted());
        QElapsedTimer started;
        started.start();
        while (running(p) && !catchesSigint(p.processId()) && started.elapsed() < 10000) {
            QThread::msleep(1);
        }
        QThread::msleep(static_cast<unsigned long>(std::max<qint64>(0, delayMs - started.elapsed())));
        if (!running(p)) {
            // Faster than the calibration run: it ended before the signal; nothing to check.
            QCOMPARE(p.exitCode(), 0);
            QDir(out).removeRecursively();
            QFile::remove(out);
            continue;
        }
        QCOMPARE(::kill(static_cast<pid_t>(p.processId()), SIGINT), 0);
        QVERIFY(p.state() == QProcess::NotRunning || p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        if (p.exitCode() == 0) {
            // The signal landed after the artifact had been renamed into place (a loaded machine
            // slowed the calibration runs more than this one): the command was complete, so exit 0
            // with the whole output is the right answer.
            QVERIFY2(QFileInfo::exists(out), qPrintable(err));
            QVERIFY2(!err.contains(s("interrupted")), qPrintable(err));
            QDir(out).removeRecursively();
            QFile::remove(out);
            continue;
        }
        QVERIFY2(p.exitCode() == 130,
                 qPrintable(QString(s("signal after %1 ms: exit %2: %3")).arg(delayMs).arg(p.exitCode()).arg(err)));
        QVERIFY2(err.contains(s("interrupted; nothing was written.")), qPrintable(err));
        QCOMPARE(entries(work), QStringList());
        ++interrupted;
    }
    QVERIFY(interrupted > 0);
}

void TestCliFaults::sigkillNeverLeavesAPartialOutput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("folder");
    QTest::addColumn<quint32>("seed");
    QTest::newRow("compile") << QStringList{s("compile"), s("MEDIUM"), s("--timing-sample-limit"),
                                            s("4"),       s("-o"),     s("OUT")}
                             << false << 1U;
    QTest::newRow("replay") << QStringList{s("replay"), s("MEDIUM"), s("-o"), s("OUT")} << false << 2U;
    QTest::newRow("merge") << QStringList{s("merge"), s("SHARD0"), s("SHARD1"), s("-o"), s("OUT")} << false << 3U;
    QTest::newRow("export-param") << QStringList{s("export-param"), s("MEDIUM"), s("-o"), s("OUT")} << true << 4U;
}

void TestCliFaults::sigkillNeverLeavesAPartialOutput()
{
    QFETCH(QStringList, args);
    QFETCH(bool, folder);
    QFETCH(quint32, seed);
    placeInputs(args, medium_, shards_);
    const QString work = fresh(s("sigkill"));
    const QString reference = work + s("/reference");
    const QString out = work + s("/out");
    QStringList referenceArgs = args;
    referenceArgs.replaceInStrings(QRegularExpression(s("^OUT$")), reference);
    args.replaceInStrings(QRegularExpression(s("^OUT$")), out);
    QElapsedTimer clock;
    clock.start();
    QCOMPARE(runCli(referenceArgs).exitCode, 0);
    const qint64 runMs = std::max<qint64>(clock.elapsed(), 20);
    const QByteArray referenceFile = folder ? QByteArray() : cctest::readAll(reference);
    const auto referenceFolder = folder ? folderContents(reference) : QMap<QString, QByteArray>();
    QVERIFY(folder ? referenceFolder.size() > 1 : !referenceFile.isEmpty());

    // Seeded per command: the same kill points (as fractions of a run) on every run of the suite.
    QRandomGenerator random(seed);
    std::set<qint64> killed;
    int partialsSeen = 0;
    int completed = 0;
    for (int k = 0; k < 20; ++k) {
        // Up to a little past a whole run, so some runs complete and the next is killed over them.
        const int delayMs = static_cast<int>(random.bounded(static_cast<int>(runMs * 6 / 5)));
        QProcess p;
        p.start(s(COMMCANARY_CLI_PATH), args);
        QVERIFY(p.waitForStarted());
        const qint64 pid = p.processId();
        QThread::msleep(static_cast<unsigned long>(delayMs));
        if (running(p)) {
            ::kill(static_cast<pid_t>(pid), SIGKILL);
            killed.insert(pid);
        }
        QVERIFY(p.state() == QProcess::NotRunning || p.waitForFinished(60000));
        completed += p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0 ? 1 : 0;
        // The output is absent or complete, never partial.
        if (folder) {
            QVERIFY2(!QFileInfo::exists(out) || folderContents(out) == referenceFolder,
                     qPrintable(entries(out).join(QLatin1Char(' '))));
        } else if (QFileInfo::exists(out)) {
            QVERIFY2(cctest::readAll(out) == referenceFile,
                     qPrintable(QString(s("kill %1 after %2 ms")).arg(k).arg(delayMs)));
        }
        // Beside it, only temporaries named for what they are, each of a process that was killed.
        const Leftovers left = leftoversBeside(work, s("out"), {s("reference")});
        QVERIFY2(left.unexpected.isEmpty(), qPrintable(left.unexpected.join(QLatin1Char(' '))));
        for (qint64 leftPid : left.partialPids) {
            QVERIFY2(killed.count(leftPid) == 1, qPrintable(QString::number(leftPid)));
        }
        partialsSeen = std::max(partialsSeen, static_cast<int>(left.partialPids.size()));
    }
    // The next run that writes the path removes every stale temporary and writes the artifact.
    QCOMPARE(runCli(args).exitCode, 0);
    QCOMPARE(entries(work), (QStringList{s("out"), s("reference")}));
    if (folder) {
        QCOMPARE(folderContents(out), referenceFolder);
    } else {
        QCOMPARE(cctest::readAll(out), referenceFile);
    }
    qInfo("%s: 20 runs, %d killed while running, %d completed, at most %d temporaries left at once",
          qPrintable(args.front()), static_cast<int>(killed.size()), completed, partialsSeen);
}

QTEST_GUILESS_MAIN(TestCliFaults)
#include "tst_cli_faults.moc"
