// Declared process groups and the import ledger: rank texts and the kineto-groups.v1 reader with
// every refusal; declarations on synthetic torch >= 2.2 profiles (named groups whose members are
// not recorded, truncated lists, conflicts); the shared profiles the import refuses without a
// declaration, imported with the right one and refused with a wrong one; and the ledger adding
// up to the profile's event count on every shared profile.
#include "test_support.h"

#include "core/interop/group_declaration.h"
#include "core/interop/import_ledger.h"
#include "core/interop/kineto_import.h"
#include "core/interop/kineto_profile.h"
#include "core/util/errors.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <map>

using cc::interop::DeclaredGroup;
using cc::interop::importKinetoProfile;
using cc::interop::KinetoImport;
using cc::interop::KinetoImportOptions;
using cc::interop::LedgerCategory;

// Declared before the fixtures (moc and raw string literals, see tst_kineto_import.cpp).
class TestKinetoGroups : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    std::string write(const QString& name, const std::string& text);
    KinetoImport import(const std::string& path, const KinetoImportOptions& options = {});
    QString refusal(const std::string& path, const KinetoImportOptions& options = {});
    QString fileRefusal(const QString& name, const std::string& text);

private slots:
    void initTestCase();
    void rankTexts();
    void groupArguments();
    void groupsFileReads();
    void groupsFileRefusals();
    void namedGroupSuppliesUnrecordedMembers();
    void namedGroupMustAgreeWithTheProfile();
    void truncatedListCompletedByDeclaration();
    void unusedDeclarationIsRefused();
    void realProfilesImportWithDeclaration_data();
    void realProfilesImportWithDeclaration();
    void wrongDeclarationOnRealProfileIsRefused();
    void profileWithoutShapesStaysRefused();
    void ledgerCountsEachCategory();
    void ledgerAddsUpOnEverySharedProfile();
    void ledgerJsonAddsUp();
};

namespace {

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

std::string kinetoDir()
{
    return cctest::toStd(cctest::sharedDir()) + "/data/kineto/";
}

std::string profile(const std::vector<std::string>& events,
                    const std::string& distributedInfo = R"({"backend": "nccl", "rank": 0, "world_size": 8})")
{
    std::string text = "{\n  \"schemaVersion\": 1,\n  \"distributedInfo\": " + distributedInfo + ",\n";
    text += "  \"traceEvents\": [\n";
    for (std::size_t i = 0; i < events.size(); ++i) {
        text += "  " + events[i] + (i + 1 < events.size() ? ",\n" : "\n");
    }
    return text + "  ]\n}\n";
}

std::string paramComms(int ts, const std::string& args, int externalId)
{
    return R"({"ph": "X", "cat": "cpu_op", "name": "record_param_comms", "pid": 7, "tid": 7, "ts": )" +
           std::to_string(ts) + R"(, "dur": 10, "args": {"External id": )" + std::to_string(externalId) + ", " + args +
           "}}";
}

/// all_reduce of process group "tp" with the given size; ranks text (or none) as recorded.
std::string tpAllReduce(int size, const std::string& ranks = {})
{
    std::string args =
        R"("Collective name": "allreduce", "In msg nelems": 256, "Out msg nelems": 256, "dtype": "Float", "Group size": )" +
        std::to_string(size) + R"(, "Process Group Name": "tp")";
    if (!ranks.empty()) {
        args += R"(, "Process Group Ranks": ")" + ranks + "\"";
    }
    return args;
}

DeclaredGroup group(const char* text, bool bySize = false)
{
    std::string reason;
    auto g = cc::interop::parseGroupArgument(text, bySize, &reason);
    if (!g) {
        qFatal("bad declaration in the test: %s", reason.c_str());
    }
    return *g;
}

std::string rankText(const char* text)
{
    std::string reason;
    auto set = cc::interop::parseRankSet(text, &reason);
    return set ? cc::interop::formatRankSet(*set) : "refused: " + reason;
}

/// The legacy annotation counts of a profile by op name (wait excluded), as the reader sees them.
std::map<std::string, std::uint64_t> annotationCounts(const std::string& path)
{
    cc::NullProgress progress;
    auto p = cc::interop::readKinetoProfile(path, progress);
    std::map<std::string, std::uint64_t> counts;
    for (const auto& r : p.records) {
        if (r.kind == cc::interop::KinetoRecordKind::Annotation && r.name.find(":wait") == std::string::npos) {
            ++counts[r.name];
        }
    }
    return counts;
}

/// The declarations the shared profiles need (none for the others).
std::vector<DeclaredGroup> declarationsFor(const std::string& file)
{
    if (file.find("negative_queue") != std::string::npos) {
        return {group("8=0-7", true)};
    }
    if (file.find("trace_filter") != std::string::npos) {
        return {group("64=0-63", true)};
    }
    return {};
}

} // namespace

std::string TestKinetoGroups::write(const QString& name, const std::string& text)
{
    const QString path = dir_.filePath(name);
    if (!cctest::writeAll(path, QByteArray::fromStdString(text))) {
        return {};
    }
    return cctest::toStd(path);
}

KinetoImport TestKinetoGroups::import(const std::string& path, const KinetoImportOptions& options)
{
    cc::NullProgress progress;
    return importKinetoProfile(path, options, progress);
}

QString TestKinetoGroups::refusal(const std::string& path, const KinetoImportOptions& options)
{
    try {
        import(path, options);
    } catch (const cc::InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

QString TestKinetoGroups::fileRefusal(const QString& name, const std::string& text)
{
    try {
        cc::interop::readGroupDeclarations(write(name, text));
    } catch (const cc::InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

void TestKinetoGroups::initTestCase()
{
    QVERIFY(dir_.isValid());
}

void TestKinetoGroups::rankTexts()
{
    QCOMPARE(rankText("0-7"), std::string("0-7"));
    QCOMPARE(rankText("0,2,4,6"), std::string("0,2,4,6"));
    QCOMPARE(rankText("0:2:4"), std::string("0,2,4,6"));
    QCOMPARE(rankText("8:1:8"), std::string("8-15"));
    QCOMPARE(rankText("0-3, 8-11"), std::string("0-3,8-11"));
    QCOMPARE(rankText("6,0,2"), std::string("0,2,6"));
    QVERIFY(rankText("").find("is empty") != std::string::npos);
    QVERIFY(rankText("7-3").find("FIRST <= LAST") != std::string::npos);
    QVERIFY(rankText("0,1,0").find("rank 0 twice") != std::string::npos);
    QVERIFY(rankText("0-3,2").find("rank 2 twice") != std::string::npos);
    QVERIFY(rankText("a").find("\"a\" is not a rank") != std::string::npos);
    QVERIFY(rankText("0:0:4").find("stride >= 1") != std::string::npos);
    QVERIFY(rankText("0:1:0").find("count 0") != std::string::npos);
    QVERIFY(rankText("0:1").find("START:STRIDE:COUNT") != std::string::npos);
    QVERIFY(rankText("-1").find("rank -1 is out of range") != std::string::npos);
    QVERIFY(rankText("0-99999999").find("limit") != std::string::npos);
}

void TestKinetoGroups::groupArguments()
{
    const auto g = group("tp=0:8:2");
    QCOMPARE(g.name, std::string("tp"));
    QVERIFY(!g.size);
    QCOMPARE(g.ranks, (std::vector<std::int32_t>{0, 8}));
    QCOMPARE(g.origin, std::string("--group tp=0:8:2"));
    const auto sized = group("8=0-7", true);
    QCOMPARE(sized.size.value_or(0), std::int64_t{8});
    QCOMPARE(sized.describe(), std::string("the collectives whose shapes imply 8 ranks ran on ranks 0-7"));
    std::string reason;
    QVERIFY(!cc::interop::parseGroupArgument("8=0-6", true, &reason));
    QVERIFY2(reason.find("declares a group of 8 ranks but lists 7 (0-6)") != std::string::npos, reason.c_str());
    QVERIFY(!cc::interop::parseGroupArgument("tp", false, &reason));
    QVERIFY2(reason.find("NAME=RANKS") != std::string::npos, reason.c_str());
    QVERIFY(!cc::interop::parseGroupArgument("=0-3", false, &reason));
    QVERIFY2(reason.find("name is empty") != std::string::npos, reason.c_str());
    QVERIFY(!cc::interop::parseGroupArgument("x=0-3", true, &reason));
    QVERIFY2(reason.find("not a positive integer") != std::string::npos, reason.c_str());
    QVERIFY(!cc::interop::parseGroupArgument("tp=", false, &reason));
    QVERIFY2(reason.find("the ranks is empty") != std::string::npos, reason.c_str());
    // Two declarations of one name, or overlapping ones of one size, are refused.
    bool refused = false;
    try {
        cc::interop::checkGroupDeclarations({group("tp=0-3"), group("tp=4-7")});
    } catch (const cc::InputError& e) {
        refused = std::string(e.what()).find("declares process group \"tp\" again") != std::string::npos;
    }
    QVERIFY(refused);
    refused = false;
    try {
        cc::interop::checkGroupDeclarations({group("4=0-3", true), group("4=3-6", true)});
    } catch (const cc::InputError& e) {
        refused = std::string(e.what()).find("shares rank 3") != std::string::npos;
    }
    QVERIFY(refused);
    cc::interop::checkGroupDeclarations({group("4=0-3", true), group("4=4-7", true)}); // disjoint: fine
}

void TestKinetoGroups::groupsFileReads()
{
    const auto groups = cc::interop::readGroupDeclarations(write(s("groups.json"), R"({
        "format": "commcanary-workbench.kineto-groups.v1",
        "groups": [{"name": "tp", "ranks": "0-3"}, {"size": 2, "ranks": [6, 4]}]})"));
    QCOMPARE(groups.size(), std::size_t{2});
    QCOMPARE(groups[0].name, std::string("tp"));
    QCOMPARE(groups[0].ranks, (std::vector<std::int32_t>{0, 1, 2, 3}));
    QCOMPARE(groups[1].size.value_or(0), std::int64_t{2});
    QCOMPARE(groups[1].ranks, (std::vector<std::int32_t>{4, 6}));
    QCOMPARE(groups[1].origin, std::string("groups.json $.groups[1]"));
}

void TestKinetoGroups::groupsFileRefusals()
{
    const std::string head = R"({"format": "commcanary-workbench.kineto-groups.v1", "groups": )";
    const std::string tail = "}";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {R"({"format": "other", "groups": []})", "$.format: is \"other\""},
        {head + "[]}", "$.groups: must declare at least one group"},
        {head + R"([{"name": "tp", "ranks": "0-3", "extra": 1}])" + tail, "$.groups[0]"},
        {head + R"([{"name": "tp", "size": 4, "ranks": "0-3"}])" + tail, "exactly one of \"name\""},
        {head + R"([{"ranks": "0-3"}])" + tail, "exactly one of \"name\""},
        {head + R"([{"name": "tp", "ranks": 3}])" + tail, "$.groups[0].ranks"},
        {head + R"([{"name": "tp", "ranks": "3-1"}])" + tail, "FIRST <= LAST"},
        {head + R"([{"name": "tp", "ranks": [0, 0]}])" + tail, "rank 0 twice"},
        {head + R"([{"name": "tp", "ranks": [0, -1]}])" + tail, "$.groups[0].ranks[1]"},
        {head + R"([{"size": 4, "ranks": "0-2"}])" + tail, "lists 3 ranks for a group of size 4"},
        {head + R"([{"name": "tp", "ranks": "0-3"}, {"name": "tp", "ranks": "4-7"}])" + tail, "again"},
        {head + R"([{"name": "", "ranks": "0-3"}])" + tail, "$.groups[0].name: is empty"},
        {R"({"format": "commcanary-workbench.kineto-groups.v1", "groups": [)", "bad.json"},
    };
    int k = 0;
    for (const auto& [text, expected] : cases) {
        const QString name = QStringLiteral("bad%1.json").arg(k++);
        const QString why = fileRefusal(name, text);
        QVERIFY2(!why.isEmpty(), text.c_str());
        QVERIFY2(why.contains(name), qPrintable(why)); // names the file
        if (expected != "bad.json") {
            QVERIFY2(why.contains(QString::fromStdString(expected)), qPrintable(why));
        }
    }
}

void TestKinetoGroups::namedGroupSuppliesUnrecordedMembers()
{
    const std::string path =
        write(s("unrecorded.json"), profile({paramComms(10, tpAllReduce(4), 1), paramComms(30, tpAllReduce(4), 2)}));
    const QString without = refusal(path);
    QVERIFY2(without.contains(s("the members of process group \"tp\" are not recorded")) &&
                 without.contains(s("--group NAME=RANKS")),
             qPrintable(without));
    KinetoImportOptions options;
    options.groups = {group("tp=0-3")};
    auto imported = import(path, options);
    QCOMPARE(imported.trace.size(), std::size_t{2});
    QCOMPARE(imported.trace.ranks(0), (std::vector<std::int32_t>{0, 1, 2, 3}));
    QVERIFY2(imported.summary.notes.find("Declared by the user, not recorded in the profile: process group \"tp\" "
                                         "has ranks 0-3 (--group tp=0-3), used by 2 calls") != std::string::npos,
             imported.summary.notes.c_str());
    auto workload = nlohmann::json::parse(imported.trace.workloadJson);
    QCOMPARE(workload["kineto_import"]["declared_groups"].size(), std::size_t{1});
    // Without declarations the import's workload has no such key (bytes of existing imports unchanged).
    auto other = import(write(s("recorded.json"), profile({paramComms(10, tpAllReduce(2, "[0, 1]"), 1)})));
    QVERIFY(!nlohmann::json::parse(other.trace.workloadJson)["kineto_import"].contains("declared_groups"));
}

void TestKinetoGroups::namedGroupMustAgreeWithTheProfile()
{
    const std::string unrecorded = write(s("size4.json"), profile({paramComms(10, tpAllReduce(4), 1)}));
    KinetoImportOptions options;
    options.groups = {group("tp=0-7")};
    QString why = refusal(unrecorded, options);
    QVERIFY2(why.contains(s("args.Group size: is 4, but --group tp=0-7 declares 8 ranks")), qPrintable(why));
    options.groups = {group("tp=4-7")};
    why = refusal(unrecorded, options);
    QVERIFY2(
        why.contains(s("the profiled rank 0 took part in this collective, but --group tp=4-7 does not contain it")),
        qPrintable(why));
    const std::string recorded =
        write(s("recorded4.json"), profile({paramComms(10, tpAllReduce(4, "[0, 1, 2, 3]"), 1)}));
    options.groups = {group("tp=0,1,2,4")};
    why = refusal(recorded, options);
    QVERIFY2(why.contains(s("the profile records ranks 0-3, but --group tp=0,1,2,4 declares 0-2,4")), qPrintable(why));
    options.groups = {group("tp=0-3")}; // agreeing with what is recorded is fine (and said in the notes)
    QCOMPARE(import(recorded, options).trace.ranks(0), (std::vector<std::int32_t>{0, 1, 2, 3}));
}

void TestKinetoGroups::truncatedListCompletedByDeclaration()
{
    const std::string truncated = "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, "
                                  "23, 24, 25, 26, 27, 28, ..., 63]";
    const std::string path = write(s("truncated.json"), profile({paramComms(10, tpAllReduce(64, truncated), 1)},
                                                                R"({"backend": "nccl", "rank": 0, "world_size": 64})"));
    QString why = refusal(path);
    QVERIFY2(why.contains(s("is truncated")) && why.contains(s("--group NAME=RANKS")), qPrintable(why));
    KinetoImportOptions options;
    options.groups = {group("tp=0-63")};
    QCOMPARE(import(path, options).trace.ranks(0).size(), std::size_t{64});
    options.groups = {group("tp=0-62,100")};
    why = refusal(path, options);
    QVERIFY2(why.contains(s("its last visible entry is 63, but --group tp=0-62,100")), qPrintable(why));
    options.groups = {group("tp=0,2-64")};
    why = refusal(path, options);
    QVERIFY2(why.contains(s("its visible entry 1 is 1")), qPrintable(why));
}

void TestKinetoGroups::unusedDeclarationIsRefused()
{
    const std::string path = write(s("plain.json"), profile({paramComms(10, tpAllReduce(2, "[0, 1]"), 1)}));
    KinetoImportOptions options;
    options.groups = {group("dp=0-7")};
    const QString why = refusal(path, options);
    QVERIFY2(why.contains(s("--group dp=0-7 declares process group \"dp\" has ranks 0-7, but no collective of this "
                            "profile belongs to process group \"dp\"")),
             qPrintable(why));
    options.groups = {group("dp=4-7")}; // another rank's group: nothing here can use or contradict it
    QCOMPARE(import(path, options).trace.size(), std::size_t{1});
}

void TestKinetoGroups::realProfilesImportWithDeclaration_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("declaration");
    QTest::addColumn<int>("declaredCalls");
    QTest::addColumn<int>("members");
    QTest::newRow("negative_queue") << s("hta-negative_queue-rank0.json.gz") << s("8=0-7") << 20 << 8;
    QTest::newRow("trace_filter_rank0") << s("hta-trace_filter-sampled_rank0.json.gz") << s("64=0-63") << 2 << 64;
    QTest::newRow("trace_filter_rank1") << s("hta-trace_filter-sampled_rank1.json.gz") << s("64=0-63") << 2 << 64;
}

void TestKinetoGroups::realProfilesImportWithDeclaration()
{
    if (!cctest::haveShared(s("data/kineto"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    QFETCH(QString, file);
    QFETCH(QString, declaration);
    QFETCH(int, declaredCalls);
    QFETCH(int, members);
    const std::string path = kinetoDir() + cctest::toStd(file);
    QVERIFY(!refusal(path).isEmpty()); // refused without the declaration
    KinetoImportOptions options;
    options.groups = {group(cctest::toStd(declaration).c_str(), true)};
    auto imported = import(path, options);
    // One event per collective annotation of the profile, by op.
    std::map<std::string, std::uint64_t> expected;
    for (const auto& [name, count] : annotationCounts(path)) {
        std::string op = name.substr(name.find(':') + 1);
        if (op == "_all_gather_base") {
            op = "all_gather";
        } else if (op == "_reduce_scatter_base") {
            op = "reduce_scatter";
        }
        expected[op] += count;
    }
    QCOMPARE(imported.summary.importedByOp, expected);
    int declared = 0;
    for (std::size_t i = 0; i < imported.trace.size(); ++i) {
        const auto op = imported.trace.opName(i);
        if (op == "all_gather" || op == "reduce_scatter") {
            QCOMPARE(static_cast<int>(imported.trace.ranks(i).size()), members);
            QCOMPARE(imported.trace.ranks(i).front(), 0);
            ++declared;
        }
    }
    QCOMPARE(declared, declaredCalls);
    QVERIFY2(imported.summary.notes.find("Declared by the user, not recorded in the profile: the collectives whose "
                                         "shapes imply") != std::string::npos,
             imported.summary.notes.c_str());
    QCOMPARE(imported.summary.declarations.size(), std::size_t{1});
}

void TestKinetoGroups::wrongDeclarationOnRealProfileIsRefused()
{
    if (!cctest::haveShared(s("data/kineto"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    const std::string path = kinetoDir() + "hta-negative_queue-rank0.json.gz";
    KinetoImportOptions options;
    options.groups = {group("8=8-15", true)};
    QString why = refusal(path, options);
    QVERIFY2(why.contains(s("traceEvents[227].args.Input Dims: this collective ran on a group of 8 ranks that includes "
                            "the profiled rank 0, but --group-of-size 8=8-15 does not contain it")),
             qPrintable(why));
    options.groups = {group("8=0-7", true), group("4=0-3", true)};
    why = refusal(path, options);
    QVERIFY2(why.contains(s("--group-of-size 4=0-3 declares the collectives whose shapes imply 4 ranks")) &&
                 why.contains(s("unused declaration is refused")),
             qPrintable(why));
}

void TestKinetoGroups::profileWithoutShapesStaysRefused()
{
    if (!cctest::haveShared(s("data/kineto"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    KinetoImportOptions options;
    options.groups = {group("8=0-7", true)};
    const QString why = refusal(kinetoDir() + "hta-df_index_resolver-rank1.json.gz", options);
    QVERIFY2(why.contains(s("no tensor shape is recorded")) && why.contains(s("are not invented")), qPrintable(why));
}

void TestKinetoGroups::ledgerCountsEachCategory()
{
    const std::string wait =
        R"("Collective name": "wait", "In msg nelems": 0, "Out msg nelems": 0, "dtype": "Float", "Group size": 2, "Process Group Name": "tp", "Process Group Ranks": "[0, 1]")";
    const std::string noMeta = R"("Input Dims": [[4]])";
    const std::string twin =
        R"({"ph": "X", "cat": "user_annotation", "name": "nccl:all_reduce", "pid": 7, "tid": 7, "ts": 12, "dur": 2, "args": {"External id": 1}})";
    const std::string kernel =
        R"({"ph": "X", "cat": "kernel", "name": "ncclDevKernel_AllReduce_Sum_f32_RING_LL", "pid": 0, "tid": 7, "ts": 15, "dur": 3, "args": {"External id": 1}})";
    const std::string orphan =
        R"({"ph": "X", "cat": "kernel", "name": "ncclDevKernel_AllReduce_Sum_f32_RING_LL", "pid": 0, "tid": 7, "ts": 95, "dur": 3, "args": {"External id": 99}})";
    const std::string compute =
        R"({"ph": "X", "cat": "cpu_op", "name": "aten::add", "pid": 7, "tid": 7, "ts": 40, "dur": 1, "args": {}})";
    const std::string path =
        write(s("ledger.json"), profile({compute, paramComms(10, tpAllReduce(2, "[0, 1]"), 1), twin, kernel,
                                         paramComms(50, wait, 2), paramComms(60, noMeta, 3), orphan, compute}));
    auto imported = import(path);
    const auto& ledger = imported.summary.ledger;
    QCOMPARE(ledger.totalEvents, std::uint64_t{8});
    QCOMPARE(ledger.accounted(), std::uint64_t{8});
    QCOMPARE(ledger.count(LedgerCategory::Kept), std::uint64_t{1});
    QCOMPARE(ledger.count(LedgerCategory::TwinMerged), std::uint64_t{2}); // the annotation and the kernel
    QCOMPARE(ledger.count(LedgerCategory::KernelWithoutCpuCall), std::uint64_t{1});
    QCOMPARE(ledger.count(LedgerCategory::NotCommunication), std::uint64_t{3}); // two aten::add and the wait
    QCOMPARE(ledger.count(LedgerCategory::Refused), std::uint64_t{1});          // no metadata
    for (const auto& line : ledger.lines) {
        if (line.category == LedgerCategory::Kept) {
            QCOMPARE(line.firstIds, (std::vector<std::string>{"kineto-1"}));
        }
        if (line.category == LedgerCategory::Refused) {
            QCOMPARE(line.firstIds, (std::vector<std::string>{"traceEvents[5]"}));
            QVERIFY(line.reason.find("without collective metadata") != std::string::npos);
        }
        if (line.category == LedgerCategory::KernelWithoutCpuCall) {
            QCOMPARE(line.firstIds, (std::vector<std::string>{"traceEvents[6]"}));
        }
        if (line.reason.find("no communication record") != std::string::npos) {
            QCOMPARE(line.firstIds, (std::vector<std::string>{"traceEvents[0]", "traceEvents[7]"}));
        }
    }
}

void TestKinetoGroups::ledgerAddsUpOnEverySharedProfile()
{
    if (!cctest::haveShared(s("data/kineto"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    // These stay refused even with a declaration: no shapes, no distributedInfo, no metadata.
    const std::vector<std::string> refused = {"df_index_resolver", "distributed_info_not_found", "large_integer"};
    QDirIterator it(cctest::sharedDir() + s("/data/kineto"), {s("*.json.gz"), s("*.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    int imported = 0;
    int seen = 0;
    while (it.hasNext()) {
        const std::string path = cctest::toStd(it.next());
        ++seen;
        KinetoImportOptions options;
        options.groups = declarationsFor(path);
        const bool mustRefuse = std::any_of(refused.begin(), refused.end(),
                                            [&](const std::string& r) { return path.find(r) != std::string::npos; });
        if (mustRefuse) {
            QVERIFY2(!refusal(path, options).isEmpty(), path.c_str());
            continue;
        }
        auto result = import(path, options);
        const auto& ledger = result.summary.ledger;
        QCOMPARE(ledger.totalEvents, result.summary.profileEvents);
        QVERIFY2(ledger.accounted() == ledger.totalEvents,
                 qPrintable(QString::fromStdString(path + ": " + cc::interop::describeImportLedger(ledger))));
        QCOMPARE(ledger.count(LedgerCategory::Kept), result.summary.imported);
        QCOMPARE(ledger.count(LedgerCategory::KernelWithoutCpuCall) >= result.summary.kernelsWithoutCall, true);
        for (const auto& line : ledger.lines) {
            QVERIFY(!line.reason.empty());
            QVERIFY(!line.firstIds.empty());
            QVERIFY(line.firstIds.size() <= cc::interop::kLedgerFirstIds);
        }
        ++imported;
    }
    QCOMPARE(seen, 19);
    QCOMPARE(imported, 16);
}

void TestKinetoGroups::ledgerJsonAddsUp()
{
    const std::string path = write(s("ledger2.json"), profile({paramComms(10, tpAllReduce(2, "[0, 1]"), 1)}));
    auto imported = import(path);
    auto doc = nlohmann::json::parse(cc::interop::writeImportLedgerJson({imported.summary.ledger}));
    QCOMPARE(doc["format"].get<std::string>(), std::string("commcanary-workbench.import-ledger.v1"));
    const auto& p = doc["profiles"][0];
    QCOMPARE(p["total_events"].get<std::uint64_t>(), std::uint64_t{1});
    std::uint64_t sum = 0;
    QCOMPARE(p["categories"].size(), cc::interop::kLedgerCategories);
    for (const auto& c : p["categories"]) {
        std::uint64_t reasons = 0;
        for (const auto& r : c["reasons"]) {
            reasons += r["count"].get<std::uint64_t>();
        }
        QCOMPARE(reasons, c["count"].get<std::uint64_t>());
        sum += c["count"].get<std::uint64_t>();
    }
    QCOMPARE(sum, p["accounted_events"].get<std::uint64_t>());
    QCOMPARE(sum, std::uint64_t{1});
    QCOMPARE(p["categories"][0]["category"].get<std::string>(), std::string("kept"));
}

QTEST_GUILESS_MAIN(TestKinetoGroups)
#include "tst_kineto_groups.moc"
