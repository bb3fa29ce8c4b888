// Kernels linked to their calls only through the CUDA launch's correlation id (legacy profiles number a
// kernel by its CUPTI correlation, not by its call's External id): the link (by External id where the
// launch names the call, else by the launch lying inside the call on its thread), the device timing
// and completion (latency_ns) it gives, the ledger that still adds up, the refusal of a kernel that
// ends before its call starts, align-clocks recovering known offsets from such imports within its
// stated uncertainty, and the real 8-rank DLRM profiles (skipped when ../shared is absent).
#include "test_support.h"

#include "core/interop/clock_alignment.h"
#include "core/interop/extras_json.h"
#include "core/interop/group_declaration.h"
#include "core/interop/import_ledger.h"
#include "core/interop/kineto_import.h"
#include "core/interop/merge.h"
#include "core/util/errors.h"

#include <QtTest>

#include <cstdint>
#include <string>
#include <vector>

using cc::Ns;
using cc::interop::importKinetoProfile;
using cc::interop::KinetoImport;
using cc::interop::LedgerCategory;

class TestKinetoLaunch : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    std::string write(const QString& name, const std::string& text);
    KinetoImport import(const std::string& path);
    QString refusal(const std::string& path);

private slots:
    void initTestCase();
    void kernelsAreLinkedThroughTheirLaunch();
    void launchNamingTheCallByExternalIdLinksIt();
    void launchOutsideEveryCallLinksNothing();
    void kernelEndingBeforeItsCallIsRefused();
    void alignClocksRecoversKnownOffsetsFromImports();
    void realDlrmProfilesGainCompletions();
    void sampledTraceFilterRanksHoldDifferentCalls();
};

namespace {

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

std::string us(Ns ns)
{
    // exact decimal microseconds (ns resolution)
    const bool negative = ns < 0;
    const std::uint64_t v = negative ? static_cast<std::uint64_t>(-ns) : static_cast<std::uint64_t>(ns);
    std::string frac = std::to_string(v % 1000);
    frac.insert(0, 3 - frac.size(), '0');
    return (negative ? "-" : "") + std::to_string(v / 1000) + "." + frac;
}

std::string kinetoEvent(const char* cat, const std::string& name, int tid, Ns ts, Ns dur, const std::string& args)
{
    return std::string(R"({"ph": "X", "cat": ")") + cat + R"(", "name": ")" + name + R"(", "pid": 11, "tid": )" +
           std::to_string(tid) + R"(, "ts": )" + us(ts) + R"(, "dur": )" + us(dur) + R"(, "args": {)" + args + "}}";
}

/// One legacy call as torch < 2.2 records it: record_param_comms without metadata around the
/// nccl: annotation (External ids ext, ext + 1), the cudaLaunchKernel inside the annotation and the
/// kernel, both numbered by the correlation id (External id = correlation, not the call's).
std::vector<std::string> legacyCall(const std::string& op, int tid, Ns ts, int ext, std::int64_t correlation,
                                    Ns kernelStart, Ns kernelDur, int elements = 256)
{
    const std::string corr = std::to_string(correlation);
    return {
        kinetoEvent("cpu_op", "record_param_comms", tid, ts, 40'000, R"("External id": )" + std::to_string(ext)),
        kinetoEvent("user_annotation", "nccl:" + op, tid, ts + 2'000, 30'000,
                    R"("External id": )" + std::to_string(ext + 1) + R"(, "Input Dims": [[)" +
                        std::to_string(elements) + R"(]], "Input type": ["float"])"),
        kinetoEvent("cuda_runtime", "cudaLaunchKernel", tid, ts + 10'000, 6'000,
                    R"("External id": )" + corr + R"(, "cbid": 211, "correlation": )" + corr),
        kinetoEvent("kernel", "ncclKernel_AllReduce_RING_LL_Sum_float", 7, kernelStart, kernelDur,
                    R"("External id": )" + corr + R"(, "device": 0, "stream": 7, "correlation": )" + corr),
    };
}

std::string profile(const std::vector<std::string>& events, int rank, int worldSize)
{
    std::string text = R"({"schemaVersion": 1, "distributedInfo": {"backend": "nccl", "rank": )" +
                       std::to_string(rank) + R"(, "world_size": )" + std::to_string(worldSize) +
                       "},\n \"traceEvents\": [\n";
    for (std::size_t i = 0; i < events.size(); ++i) {
        text += "  " + events[i] + (i + 1 < events.size() ? ",\n" : "\n");
    }
    return text + "]}\n";
}

std::vector<std::string> operator+(std::vector<std::string> a, const std::vector<std::string>& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

std::string extras(const KinetoImport& imported, std::size_t i)
{
    const cc::Trace& t = imported.trace;
    return t.extraIndex[i] == cc::kNoString ? std::string() : std::string(t.extras[t.extraIndex[i]]);
}

/// A deterministic generator (no wall clock, no global state).
struct Lcg {
    std::uint64_t state;
    Ns below(Ns bound)
    {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<Ns>((state >> 33) % static_cast<std::uint64_t>(bound));
    }
};

} // namespace

std::string TestKinetoLaunch::write(const QString& name, const std::string& text)
{
    const QString path = dir_.filePath(name);
    if (!cctest::writeAll(path, QByteArray::fromStdString(text))) {
        return {};
    }
    return cctest::toStd(path);
}

KinetoImport TestKinetoLaunch::import(const std::string& path)
{
    cc::NullProgress progress;
    return importKinetoProfile(path, {}, progress);
}

QString TestKinetoLaunch::refusal(const std::string& path)
{
    try {
        import(path);
    } catch (const cc::InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

void TestKinetoLaunch::initTestCase()
{
    QVERIFY(dir_.isValid());
}

void TestKinetoLaunch::kernelsAreLinkedThroughTheirLaunch()
{
    // Two calls on two threads; their kernels' External ids (= correlation) name no call.
    const auto events =
        std::vector<std::string>{kinetoEvent("cpu_op", "aten::mul", 1, 1'000, 500, R"("External id": 9)")} +
        legacyCall("all_reduce", 1, 100'000, 20, 5001, 150'000, 70'000) +
        legacyCall("all_reduce", 2, 400'000, 30, 5002, 430'000, 25'500);
    const auto imported = import(write(s("linked.json"), profile(events, 0, 2)));
    const auto& sum = imported.summary;
    QCOMPARE(imported.trace.size(), std::size_t{2});
    QCOMPARE(sum.kernelsViaLaunch, std::uint64_t{2});
    QCOMPARE(sum.completions, std::uint64_t{2});
    QCOMPARE(sum.deviceTimed, std::uint64_t{2});
    QCOMPARE(sum.kernelsWithoutCall, std::uint64_t{0});
    // Device timing as an External-id link gives it, and the completion: kernel end - call start
    // (the annotation starts at 102 us, its kernel ends at 220 us).
    QVERIFY2(extras(imported, 0).find(R"("device_duration_us":70)") != std::string::npos, extras(imported, 0).c_str());
    QVERIFY2(extras(imported, 0).find(R"("latency_ns":118000)") != std::string::npos, extras(imported, 0).c_str());
    QVERIFY2(extras(imported, 1).find(R"("device_duration_us":25.5)") != std::string::npos,
             extras(imported, 1).c_str());
    QVERIFY2(extras(imported, 1).find(R"("latency_ns":53500)") != std::string::npos, extras(imported, 1).c_str());
    QVERIFY(sum.notes.find("2 communication kernels were linked to their calls through the CUDA launch") !=
            std::string::npos);
    QVERIFY(sum.notes.find("were not linked to calls") == std::string::npos);
    // The ledger: every event in one place, the kernels and their launches as records of a kept call.
    const auto& ledger = sum.ledger;
    QCOMPARE(ledger.totalEvents, std::uint64_t{9});
    QCOMPARE(ledger.accounted(), ledger.totalEvents);
    QCOMPARE(ledger.count(LedgerCategory::Kept), std::uint64_t{2});
    QCOMPARE(ledger.count(LedgerCategory::TwinMerged), std::uint64_t{4}); // 2 kernels + 2 launches
    QCOMPARE(ledger.count(LedgerCategory::KernelWithoutCpuCall), std::uint64_t{0});
    QCOMPARE(ledger.count(LedgerCategory::NotCommunication), std::uint64_t{1}); // aten::mul
    QCOMPARE(ledger.count(LedgerCategory::Refused), std::uint64_t{2});          // record_param_comms without metadata
    bool sawLaunches = false;
    for (const auto& line : ledger.lines) {
        if (line.reason.find("CUDA launch inside a kept call") != std::string::npos) {
            sawLaunches = true;
            QCOMPARE(line.firstIds, (std::vector<std::string>{"traceEvents[3]", "traceEvents[7]"}));
        }
        if (line.category == LedgerCategory::NotCommunication) {
            QCOMPARE(line.firstIds, (std::vector<std::string>{"traceEvents[0]"}));
        }
    }
    QVERIFY(sawLaunches);
    QVERIFY(cc::interop::describeKinetoImport(sum).find("linked through CUDA launches: 2 kernels") !=
            std::string::npos);
}

void TestKinetoLaunch::launchNamingTheCallByExternalIdLinksIt()
{
    // torch >= 2.2 style: record_param_comms with metadata (External id 1); the launch carries the
    // call's External id, the kernel only its correlation.
    const std::string call = kinetoEvent(
        "cpu_op", "record_param_comms", 3, 10'000, 20'000,
        R"("External id": 1, "Collective name": "allreduce", "In msg nelems": 1024, "Out msg nelems": 1024, "dtype": "Float", "Group size": 2, "Process Group Name": "0", "Process Group Ranks": "[0, 1]")");
    const std::string launch =
        kinetoEvent("cuda_runtime", "cudaLaunchKernelExC", 3, 12'000, 4'000, R"("External id": 1, "correlation": 77)");
    const std::string kernel = kinetoEvent("kernel", "ncclDevKernel_AllReduce_Sum_f32_RING_LL", 7, 20'000, 9'000,
                                           R"("External id": 0, "correlation": 77)");
    const auto imported = import(write(s("byext.json"), profile({call, launch, kernel}, 0, 2)));
    QCOMPARE(imported.summary.kernelsViaLaunch, std::uint64_t{1});
    QVERIFY2(extras(imported, 0).find(R"("latency_ns":19000)") != std::string::npos, extras(imported, 0).c_str());
    QVERIFY(extras(imported, 0).find(R"("device_duration_us":9)") != std::string::npos);
    QCOMPARE(imported.summary.ledger.count(LedgerCategory::KernelWithoutCpuCall), std::uint64_t{0});
    QCOMPARE(imported.summary.ledger.accounted(), std::uint64_t{3});
    // The same kernel linked by External id (today's link) gets device timing but no completion.
    const std::string byExt = kinetoEvent("kernel", "ncclDevKernel_AllReduce_Sum_f32_RING_LL", 7, 20'000, 9'000,
                                          R"("External id": 1, "correlation": 77)");
    const auto direct = import(write(s("direct.json"), profile({call, launch, byExt}, 0, 2)));
    QCOMPARE(direct.summary.kernelsViaLaunch, std::uint64_t{0});
    QCOMPARE(direct.summary.deviceTimed, std::uint64_t{1});
    QVERIFY(extras(direct, 0).find("latency_ns") == std::string::npos);
}

void TestKinetoLaunch::launchOutsideEveryCallLinksNothing()
{
    auto events = legacyCall("all_reduce", 1, 100'000, 20, 5001, 150'000, 70'000);
    // A second kernel whose launch lies outside the call (on the same thread, after it), and a third
    // whose launch is inside the call's time span but on another thread.
    events.push_back(kinetoEvent("cuda_runtime", "cudaLaunchKernel", 1, 200'000, 5'000, R"("correlation": 6001)"));
    events.push_back(kinetoEvent("kernel", "ncclKernel_AllReduce_RING_LL_Sum_float", 7, 300'000, 10'000,
                                 R"("External id": 6001, "correlation": 6001)"));
    events.push_back(kinetoEvent("cuda_runtime", "cudaLaunchKernel", 9, 110'000, 5'000, R"("correlation": 6002)"));
    events.push_back(kinetoEvent("kernel", "ncclKernel_AllReduce_RING_LL_Sum_float", 7, 320'000, 10'000,
                                 R"("External id": 6002, "correlation": 6002)"));
    const auto imported = import(write(s("outside.json"), profile(events, 0, 2)));
    QCOMPARE(imported.summary.kernelsViaLaunch, std::uint64_t{1});
    QVERIFY(extras(imported, 0).find(R"("latency_ns":118000)") != std::string::npos);
    const auto& ledger = imported.summary.ledger;
    QCOMPARE(ledger.accounted(), ledger.totalEvents);
    QCOMPARE(ledger.count(LedgerCategory::KernelWithoutCpuCall), std::uint64_t{2});
    QCOMPARE(ledger.count(LedgerCategory::TwinMerged), std::uint64_t{2}); // the linked kernel and its launch
    QVERIFY(imported.summary.notes.find("1 communication kernels were not linked to calls") == std::string::npos);
    QVERIFY(imported.summary.notes.find("2 communication kernels were not linked to calls") != std::string::npos);
    for (const auto& line : ledger.lines) {
        if (line.category == LedgerCategory::KernelWithoutCpuCall) {
            QCOMPARE(QString::fromStdString(line.reason),
                     s("communication kernel not linked to a call (no gpu_user_annotation twin, no launch inside a "
                       "call)"));
            QCOMPARE(line.firstIds, (std::vector<std::string>{"traceEvents[5]", "traceEvents[7]"}));
        }
    }
}

void TestKinetoLaunch::kernelEndingBeforeItsCallIsRefused()
{
    // The kernel launched inside the call (starting at 102 us) ends at 90 us: impossible.
    const auto events = legacyCall("all_reduce", 1, 100'000, 20, 5001, 50'000, 40'000);
    const std::string path = write(s("before.json"), profile(events, 0, 2));
    const QString why = refusal(path);
    QVERIFY2(why.contains(QString::fromStdString(path)), qPrintable(why));
    QVERIFY2(why.contains(s("traceEvents[1]")) && why.contains(s("its GPU record traceEvents[3] (linked through the "
                                                                 "CUDA launch traceEvents[2]) ends at 90 us, before "
                                                                 "the call starts")),
             qPrintable(why));
}

void TestKinetoLaunch::alignClocksRecoversKnownOffsetsFromImports()
{
    // Three ranks; each rank's clock reads true - offset. Every collective's kernels end together
    // (on the true clock), after the last rank has called; the calls return long before.
    const std::vector<Ns> offsets{0, 137'250, -512'500};
    const int collectives = 40;
    Lcg rng{42};
    std::vector<std::vector<std::string>> events(offsets.size());
    Ns t = 10'000'000;
    for (int c = 0; c < collectives; ++c) {
        std::vector<Ns> arrive(offsets.size());
        Ns last = 0;
        for (std::size_t r = 0; r < offsets.size(); ++r) {
            arrive[r] = t + rng.below(300'000);
            last = std::max(last, arrive[r] + 10'000); // the last launch
        }
        const Ns end = last + 30'000 + rng.below(20'000);
        for (std::size_t r = 0; r < offsets.size(); ++r) {
            const Ns local = arrive[r] - offsets[r];
            const Ns kernelStart = arrive[r] + 12'000 + rng.below(5'000) - offsets[r];
            const Ns kernelEnd = end + rng.below(3'000) - offsets[r];
            events[r] = events[r] + legacyCall("all_reduce", 1, local - 2'000, 100 + 10 * c, 9000 + c, kernelStart,
                                               kernelEnd - kernelStart);
        }
        t = end + 1'000'000;
    }
    std::vector<cc::interop::RankShard> shards;
    for (std::size_t r = 0; r < offsets.size(); ++r) {
        const auto imported = import(write(QStringLiteral("rank%1.json").arg(r),
                                           profile(events[r], static_cast<int>(r), static_cast<int>(offsets.size()))));
        QCOMPARE(imported.summary.completions, static_cast<std::uint64_t>(collectives));
        shards.push_back(cc::interop::shardFromTrace(imported.trace, "rank" + std::to_string(r)));
    }
    cc::NullProgress progress;
    const auto alignment = cc::interop::alignClocks(shards, progress);
    QCOMPARE(alignment.calibration.ranks.size(), offsets.size());
    QCOMPARE(alignment.matchedCollectives, static_cast<std::uint64_t>(collectives));
    for (std::size_t r = 0; r < offsets.size(); ++r) {
        const auto& c = alignment.calibration.ranks[r];
        QCOMPARE(c.rank, static_cast<std::int32_t>(r));
        const Ns error = c.offsetNs - offsets[r];
        QVERIFY2(error <= c.uncertaintyNs && -error <= c.uncertaintyNs,
                 qPrintable(QStringLiteral("rank %1: offset %2 +- %3 ns, true %4")
                                .arg(r)
                                .arg(c.offsetNs)
                                .arg(c.uncertaintyNs)
                                .arg(offsets[r])));
        // Bounded by kernel ends about 10-20 us after the last call: far tighter than one call's span.
        QVERIFY2(c.uncertaintyNs < 60'000, qPrintable(QString::number(c.uncertaintyNs)));
    }
}

void TestKinetoLaunch::realDlrmProfilesGainCompletions()
{
    if (!cctest::haveShared(s("data/kineto/param-dlrm-8ranks"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    std::vector<cc::interop::RankShard> shards;
    for (int r = 0; r < 8; ++r) {
        const auto imported = import(cctest::toStd(cctest::sharedDir()) + "/data/kineto/param-dlrm-8ranks/worker" +
                                     std::to_string(r) + ".json.gz");
        const auto& sum = imported.summary;
        // All 8 NCCL kernels of each rank are reached through the cudaLaunchKernel inside their
        // nccl: annotation; none is left without a call.
        QCOMPARE(sum.imported, std::uint64_t{8});
        QCOMPARE(sum.kernelsViaLaunch, std::uint64_t{8});
        QCOMPARE(sum.completions, std::uint64_t{8});
        QCOMPARE(sum.deviceTimed, std::uint64_t{8});
        QCOMPARE(sum.ledger.accounted(), sum.ledger.totalEvents);
        QCOMPARE(sum.ledger.count(LedgerCategory::KernelWithoutCpuCall), std::uint64_t{0});
        shards.push_back(cc::interop::shardFromTrace(imported.trace, "worker" + std::to_string(r)));
    }
    cc::NullProgress progress;
    const auto alignment = cc::interop::alignClocks(shards, progress);
    QCOMPARE(alignment.matchedCollectives, std::uint64_t{8});
    // The 8 workers ran on one host clock: every bound contains 0. Offsets and half-widths pinned
    // (ns): the bounds are as wide as the shortest stretch from call to kernel end allows.
    const std::vector<std::pair<Ns, Ns>> expected{{0, 0},         {-4'500, 205'500},  {-2'500, 207'500},
                                                  {0, 210'000},   {-57'000, 153'000}, {-82'000, 128'000},
                                                  {500, 209'500}, {-88'000, 122'000}};
    for (std::size_t r = 0; r < 8; ++r) {
        const auto& c = alignment.calibration.ranks[r];
        QVERIFY(c.offsetNs - c.uncertaintyNs <= 0 && c.offsetNs + c.uncertaintyNs >= 0);
        QCOMPARE(c.offsetNs, expected[r].first);
        QCOMPARE(c.uncertaintyNs, expected[r].second);
    }
}

void TestKinetoLaunch::sampledTraceFilterRanksHoldDifferentCalls()
{
    if (!cctest::haveShared(s("data/kineto"))) {
        QSKIP("../shared/data/kineto is absent");
    }
    // HTA's sampled trace_filter profiles of ranks 0 and 1 (legacy, no Seq, no Comms Id): merge can
    // only match their calls by per-group call order. With the kernels now linked, their ends show
    // why that cannot work: on the recorded clocks only 5 of each rank's 10 calls have a call of the
    // same op and group on the other rank whose kernel ends within 1 ms; the other 5 are not in the
    // other rank's window at all. Pairing by time would be a guess (and would presume the clocks
    // align-clocks is meant to find), so merge refuses, at the first call order that disagrees.
    cc::interop::KinetoImportOptions options;
    std::string reason;
    auto declared = cc::interop::parseGroupArgument("64=0-63", /*bySize=*/true, &reason);
    QVERIFY2(declared.has_value(), reason.c_str());
    declared->origin = "--group-of-size 64=0-63";
    options.groups.push_back(*declared);
    cc::NullProgress progress;
    std::vector<cc::interop::RankShard> shards;
    struct Call {
        std::string op;
        std::size_t members;
        Ns end;
    };
    std::vector<std::vector<Call>> calls(2);
    for (int r = 0; r < 2; ++r) {
        auto imported =
            importKinetoProfile(cctest::toStd(cctest::sharedDir()) + "/data/kineto/hta-trace_filter-sampled_rank" +
                                    std::to_string(r) + ".json.gz",
                                options, progress);
        QCOMPARE(imported.summary.kernelsViaLaunch, std::uint64_t{10});
        QCOMPARE(imported.summary.completions, std::uint64_t{10});
        auto shard = cc::interop::shardFromTrace(imported.trace, "rank" + std::to_string(r));
        const cc::Trace& t = shard.trace;
        for (std::size_t i = 0; i < t.size(); ++i) {
            const auto latency = cc::interop::extraValue(t.extras[t.extraIndex[i]], "latency_ns");
            QVERIFY(latency.has_value());
            calls[static_cast<std::size_t>(r)].push_back(Call{std::string(t.opName(i)), t.ranks(i).size(),
                                                              shard.clockOriginNs + t.start[i] + std::stoll(*latency)});
        }
        shards.push_back(std::move(shard));
    }
    for (std::size_t r = 0; r < 2; ++r) {
        int matched = 0;
        for (const auto& a : calls[r]) {
            for (const auto& b : calls[1 - r]) {
                if (a.op == b.op && a.members == b.members && a.end - b.end < 1'000'000 && b.end - a.end < 1'000'000) {
                    ++matched;
                    break;
                }
            }
        }
        QCOMPARE(matched, 5);
    }
    QString why;
    try {
        cc::interop::mergeRankShards(shards, {}, progress);
    } catch (const cc::InputError& e) {
        why = QString::fromStdString(e.what());
    }
    // By call order, the 128-rank group's call 0 is an int64 all_to_all of 3,072 bytes on rank 0 and a
    // uint8 one of 339,738,624 bytes on rank 1.
    QVERIFY2(why.contains(s("conflicting metadata for collective")) && why.contains(s("call 0)")) &&
                 why.contains(s("(id \"kineto-1322\") has dtype \"int64\"")) &&
                 why.contains(s("(id \"kineto-116\") has dtype \"uint8\"")),
             qPrintable(why));
}

QTEST_GUILESS_MAIN(TestKinetoLaunch)
#include "tst_kineto_launch.moc"
