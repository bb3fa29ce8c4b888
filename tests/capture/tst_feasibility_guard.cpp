// The memory feasibility guard, with the shapes of the engineering log: sixteen gloo ranks of a
// 400M model against a 12 GB guest; a gloo-over-CUDA cell that ran out of HOST memory while the
// device check said it fitted (the device-only guard was blind to it); host staging of twice the
// gradients; the cells that did run must still be predicted feasible.
#include "capture/lib/feasibility_guard.h"
#include "capture/lib/json_io.h"
#include "capture/lib/machine_probe.h"
#include "core/util/json/parser.h"

#include "capture_test_support.h"

#include <QtTest>

using namespace cc::capture;
using cctest::member;

namespace {

/// The log's machine: 560 MiB per Python rank and the CUDA host runtime that made 1× staging
/// predict 8.2 GiB for the cell that failed; a 9.34 GiB host budget; an RTX-class device.
MemoryAssumptions logAssumptions()
{
    MemoryAssumptions a;
    a.processBaselineBytes = 560 * kMiB;
    a.processBaselineSource = "declared for the test: the log's per-rank interpreter";
    a.cudaHostRuntimeBytes = 299 * kMiB;
    a.cudaHostRuntimeSource = "declared for the test";
    a.cudaContextDeviceBytes = 300 * kMiB;
    a.cudaContextDeviceSource = "declared for the test";
    a.optimizerStateCopies = 1;
    return a;
}

MachineBudgets logBudgets(std::int64_t deviceBytes)
{
    MachineBudgets b;
    b.host = PoolBudget{*parseByteSize("9.34GiB"), "declared"};
    b.devices.push_back(DeviceBudget{0, PoolBudget{deviceBytes, "declared"}});
    return b;
}

CellSpec cell(std::int64_t params, int ranks, Backend backend, Device device)
{
    CellSpec s;
    s.modelParams = params;
    s.worldSize = ranks;
    s.backend = backend;
    s.device = device;
    s.batchSize = 32;
    return s;
}

const PoolDemand& pool(const FeasibilityVerdict& v, const std::string& name)
{
    for (const auto& p : v.pools) {
        if (p.pool == name) {
            return p;
        }
    }
    qFatal("no pool %s", name.c_str());
}

const DemandTerm* term(const PoolDemand& p, const std::string& name)
{
    for (const auto& t : p.terms) {
        if (t.name == name) {
            return &t;
        }
    }
    return nullptr;
}

} // namespace

class TestFeasibilityGuard : public QObject {
    Q_OBJECT

private slots:
    void sixteenRanksOf400MDoNotFitATwelveGigabyteGuest()
    {
        MachineBudgets budgets;
        budgets.host = PoolBudget{12 * kGiB, "declared"};
        const FeasibilityVerdict v =
            planCell(cell(400'000'000, 16, Backend::Gloo, Device::Cpu), logAssumptions(), budgets);
        QVERIFY(!v.feasible);
        QCOMPARE(v.pools.size(), std::size_t{1}); // a CPU cell draws on the host only
        QCOMPARE(QString::fromStdString(v.binding), QStringLiteral("host"));
        const PoolDemand& host = pool(v, "host");
        // Every per-rank copy of the replica is counted for every rank.
        const std::int64_t paramBytes = v.geometry.parameterCount() * 4;
        QCOMPARE(term(host, "parameters")->bytes, 16 * paramBytes);
        QCOMPARE(term(host, "gradients")->bytes, 16 * paramBytes);
        QVERIFY(host.demandBytes > 77LL * 1'000'000'000); // the log's "roughly 77 GB", and more terms here
        QVERIFY(!v.reasons.empty());
        QVERIFY(QString::fromStdString(v.reasons.front()).contains(QStringLiteral("short by")));
    }

    void aCudaCellIsCostedAgainstHostMemoryToo()
    {
        // 50M parameters, eight gloo ranks over CUDA tensors on one device with room to spare.
        const FeasibilityVerdict v =
            planCell(cell(50'000'000, 8, Backend::Gloo, Device::Cuda), logAssumptions(), logBudgets(80 * kGiB));
        QCOMPARE(v.pools.size(), std::size_t{2});
        QVERIFY(pool(v, "cuda:0").fits);
        QVERIFY(!pool(v, "host").fits);
        QVERIFY(!v.feasible);
        QCOMPARE(QString::fromStdString(v.binding), QStringLiteral("host"));
    }

    void glooOverCudaStagesTwiceTheGradientsOnTheHost()
    {
        const FeasibilityVerdict v =
            planCell(cell(50'000'000, 8, Backend::Gloo, Device::Cuda), logAssumptions(), logBudgets(80 * kGiB));
        const PoolDemand& host = pool(v, "host");
        const std::int64_t gradientBytes = v.geometry.parameterCount() * 4;
        const DemandTerm* staging = term(host, "gloo host staging (2 × gradients)");
        QVERIFY(staging != nullptr);
        QCOMPARE(staging->perRankBytes, 2 * gradientBytes);
        QCOMPARE(staging->bytes, 8 * 2 * gradientBytes);
        QVERIFY(QString::fromStdString(staging->arithmetic).contains(QStringLiteral("both directions")));
        // The log's first attempt budgeted one copy: that estimate would have said "fits" for the
        // cell that ran out of memory. Twice the gradients refuses it.
        const std::int64_t budget = *host.budget.bytes;
        QVERIFY(host.demandBytes > budget);
        QVERIFY(host.demandBytes - 8 * gradientBytes <= budget);
        // The figures of the log: about 8.2 GiB with one copy, about 9.7 GiB with two.
        QVERIFY(std::llabs(host.demandBytes - 8 * gradientBytes - 82 * kGiB / 10) < kGiB / 10);
        QVERIFY(std::llabs(host.demandBytes - 97 * kGiB / 10) < kGiB / 10);
    }

    void ncclHasNoHostStaging()
    {
        const FeasibilityVerdict v =
            planCell(cell(50'000'000, 8, Backend::Nccl, Device::Cuda), logAssumptions(), logBudgets(80 * kGiB));
        const PoolDemand& host = pool(v, "host");
        QVERIFY(term(host, "gloo host staging (2 × gradients)") == nullptr);
        QVERIFY(term(host, "CUDA host runtime") != nullptr);
        QVERIFY(v.feasible);
    }

    void theCellsThatRanStayFeasible()
    {
        // 10M at eight ranks and 50M at four ranks of gloo over CUDA completed on that machine.
        for (const auto& [params, ranks] : {std::pair{10'000'000LL, 8}, std::pair{50'000'000LL, 4}}) {
            const FeasibilityVerdict v =
                planCell(cell(params, ranks, Backend::Gloo, Device::Cuda), logAssumptions(), logBudgets(11 * kGiB));
            QVERIFY2(v.feasible, qPrintable(QString::fromStdString(verdictTable(v))));
        }
    }

    void theDeviceCanBindToo()
    {
        const FeasibilityVerdict v =
            planCell(cell(150'000'000, 8, Backend::Nccl, Device::Cuda), logAssumptions(), logBudgets(4 * kGiB));
        QVERIFY(!v.feasible);
        QCOMPARE(QString::fromStdString(v.binding), QStringLiteral("cuda:0"));
    }

    void anUnknownDeviceBudgetIsNeverZeroOrInfinite()
    {
        MachineBudgets budgets;
        budgets.host = PoolBudget{64 * kGiB, "declared"};
        const FeasibilityVerdict v =
            planCell(cell(1'000'000, 2, Backend::Gloo, Device::Cuda), logAssumptions(), budgets);
        QVERIFY(!v.feasible);
        const PoolDemand& device = pool(v, "cuda:0");
        QVERIFY(!device.budget.bytes.has_value());
        QVERIFY(!device.fits);
        QCOMPARE(QString::fromStdString(v.binding), QStringLiteral("cuda:0"));
        QVERIFY(QString::fromStdString(v.reasons.front()).contains(QStringLiteral("unknown")));
    }

    void ranksAreSpreadOverDevices()
    {
        MachineBudgets budgets;
        budgets.host = PoolBudget{64 * kGiB, "declared"};
        budgets.devices = {DeviceBudget{0, PoolBudget{16 * kGiB, "declared"}},
                           DeviceBudget{1, PoolBudget{16 * kGiB, "declared"}}};
        const FeasibilityVerdict v =
            planCell(cell(10'000'000, 3, Backend::Nccl, Device::Cuda), logAssumptions(), budgets);
        QCOMPARE(term(pool(v, "cuda:0"), "parameters")->ranks, 2);
        QCOMPARE(term(pool(v, "cuda:1"), "parameters")->ranks, 1);
    }

    void aRefusedCellRecordsEstimateBudgetAndArithmetic()
    {
        const FeasibilityVerdict v =
            planCell(cell(50'000'000, 8, Backend::Gloo, Device::Cuda), logAssumptions(), logBudgets(80 * kGiB));
        // Read back from the text refused.json holds, through the strict reader.
        const cc::json::Value record = cc::json::parse(jsonFileText(verdictToJson(v)), "refused.json");
        auto text = [](const cc::json::Value& o, const char* key) { return member(o, key).string(); };
        auto integer = [](const cc::json::Value& o, const char* key) { return *member(o, key).toInt64(); };
        QVERIFY(member(record, "feasible").isBoolean());
        QCOMPARE(member(record, "feasible").boolean(), false);
        QCOMPARE(QString::fromStdString(text(record, "verdict")), QStringLiteral("skipped_infeasible"));
        QCOMPARE(QString::fromStdString(text(record, "binding")), QStringLiteral("host"));
        bool sawHost = false;
        for (const auto& p : member(record, "pools").items()) {
            if (text(p, "pool") == "host") {
                sawHost = true;
                QCOMPARE(integer(p, "budget_bytes"), *parseByteSize("9.34GiB"));
                QVERIFY(integer(p, "demand_bytes") > integer(p, "budget_bytes"));
                std::int64_t sum = 0;
                for (const auto& t : member(p, "terms").items()) {
                    QVERIFY(!text(t, "arithmetic").empty());
                    QCOMPARE(integer(t, "bytes"), integer(t, "per_rank_bytes") * integer(t, "ranks"));
                    sum += integer(t, "bytes");
                }
                QCOMPARE(sum, integer(p, "demand_bytes"));
            }
        }
        QVERIFY(sawHost);
        const QString table = QString::fromStdString(verdictTable(v));
        QVERIFY(table.contains(QStringLiteral("pool host")));
        QVERIFY(table.contains(QStringLiteral("does NOT fit")));
        QVERIFY(table.contains(QStringLiteral("binding pool: host")));
        QVERIFY(table.contains(QStringLiteral("verdict: refused")));
        QVERIFY(table.contains(QStringLiteral("gloo host staging")));
    }

    void sizesParseExactly()
    {
        QCOMPARE(*parseCount("10M"), std::int64_t{10'000'000});
        QCOMPARE(*parseCount("1.5M"), std::int64_t{1'500'000});
        QCOMPARE(*parseCount("250k"), std::int64_t{250'000});
        QVERIFY(!parseCount("1.0000005M").has_value()); // not a whole parameter
        QVERIFY(!parseCount("ten").has_value());
        QCOMPARE(*parseMebibytes("25"), 25 * kMiB);
        QCOMPARE(*parseMebibytes("0.5"), kMiB / 2);
        QCOMPARE(*parseByteSize("12GiB"), 12 * kGiB);
        QCOMPARE(*parseByteSize("512MiB"), 512 * kMiB);
        QVERIFY(!parseByteSize("-1GiB").has_value());
        QCOMPARE(formatCount(400'000'000), std::string("400M"));
        QCOMPARE(formatCount(1'500'000), std::string("1.5M"));
        QCOMPARE(formatCount(1'234'567), std::string("1234567"));
    }

    void meminfoAndNvidiaSmiParse()
    {
        const HostMemory m = parseMeminfo("MemTotal:       24684092 kB\nMemFree:        19812984 kB\n"
                                          "MemAvailable:   22462324 kB\n");
        QCOMPARE(*m.availableBytes, std::int64_t{22462324} * 1024);
        QCOMPARE(*m.totalBytes, std::int64_t{24684092} * 1024);
        const auto devices = parseNvidiaSmi("0, NVIDIA H200, 143771, 140000\n1, NVIDIA H200, 143771, 1024\n");
        QCOMPARE(devices.size(), std::size_t{2});
        QCOMPARE(devices[1].freeBytes, 1024 * kMiB);
        QCOMPARE(QString::fromStdString(devices[0].name), QStringLiteral("NVIDIA H200"));
    }
};

QTEST_GUILESS_MAIN(TestFeasibilityGuard)
#include "tst_feasibility_guard.moc"
