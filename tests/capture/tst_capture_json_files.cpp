// The bytes of every JSON file and text the capture writes, against files written by the
// previous writer (nlohmann::json's dump, whose layout the files have always had): matrix.json,
// cells.json, rank<R>.json, the rank shards' workload / system / per-event extras, the verdict
// and refusal records, calibration and benchmark files, the interconnect table and the doctor's
// report. Inputs include escapes, control characters and multi-byte UTF-8.
#include "capture/lib/allreduce_calibration.h"
#include "capture/lib/cell_runner.h"
#include "capture/lib/feasibility_guard.h"
#include "capture/lib/interconnect_table.h"
#include "capture/lib/json_io.h"
#include "capture/lib/machine_probe.h"
#include "capture/lib/rank_capture.h"
#include "capture/lib/rank_shard.h"
#include "capture/lib/sweep_index.h"
#include "capture/lib/sweep_matrix.h"
#include "core/util/json/parser.h"
#include "core/util/progress.h"

#include "capture_test_support.h"

#include <QtTest>

#include <filesystem>

using namespace cc::capture;
using cc::Ns;
namespace fs = std::filesystem;

namespace {

RankCapture capture(int rank, Ns clockOffset)
{
    RankCapture c;
    c.rank = rank;
    c.worldSize = 2;
    c.localRank = rank;
    c.hostname = "host-\xc3\xa9\t\"q\"\\";
    c.pid = 1000 + rank;
    c.captureId = "mlp1M_gloo_cpu_ws2_cap25MiB_it10_wu3-0123456789ab";
    c.spec.worldSize = 2;
    c.libtorchVersion = "1.13.0";
    c.timingSource = "host_steady_clock";
    c.interconnect = "loopback_tcp";
    c.modelDescription = "residual MLP \xe2\x80\x94 width 64, depth 2";
    c.modelParameters = 300;
    c.parameters = {{"fc.weight", "fc", 200, 800}, {"fc.bias", "fc", 100, 400}};
    c.layouts = {LayoutRecord{"reverse_registration_order", 0, {{1, 0}}, {1200}},
                 LayoutRecord{"observed_ready_order", 1, {{1}, {0}}, {400, 800}}};
    c.observedReadyOrder = {1, 0};
    c.warmupBucketCounts = {1, 2};
    c.bucketCountsSeen = {2};
    const Ns local = 1'000'000'000 - clockOffset;
    for (int i = 0; i < 2; ++i) {
        const Ns base = local + 10'000 + i * 100'000 + rank * 700;
        IterationRecord it = cctest::syntheticIteration(2 + i, base);
        it.buckets = {BucketTiming{0, 20 + 2 * i, 400, base + 30'000, base + 30'100, base + 50'000},
                      BucketTiming{1, 21 + 2 * i, 800, base + 40'000, base + 50'100, base + 64'000}};
        c.iterations.push_back(it);
    }
    c.originNs = local;
    if (rank == 0) {
        c.clock = referenceCalibration(0, local);
    } else {
        const OffsetEstimate a{clockOffset, 500, 1000, 16, false};
        const OffsetEstimate b{clockOffset + 40, 700, 1200, 16, true};
        c.clock = combineCalibration(rank, 0, a, b, local, 1'000'000'000);
    }
    c.peakRssBytes = 123'456'789;
    return c;
}

MachineReport machine(bool withWorker)
{
    MachineReport m;
    m.host.availableBytes = 20 * kGiB;
    if (withWorker) {
        m.host.totalBytes = 32 * kGiB;
    }
    m.devices.toolFound = withWorker;
    if (withWorker) {
        m.devices.devices = {GpuDevice{0, "Fake GPU \"X\"", 80 * kGiB, 79 * kGiB}};
    } else {
        m.devices.note = "nvidia-smi not found";
    }
    if (withWorker) {
        m.worker.path = std::filesystem::path("/opt/commcanary/libexec/commcanary-capture-worker");
    }
    m.worker.searched = {"/a/b", "PATH"};
    m.probe.ran = withWorker;
    m.probe.error = withWorker ? "" : "no worker";
    m.probe.libtorchVersion = withWorker ? "1.13.0" : "";
    m.probe.gloo = withWorker;
    m.probe.nccl = false;
    m.probe.ncclReason = "built without c10d NCCL";
    m.probe.cudaBuilt = false;
    m.probe.cudaReason = "CPU libtorch";
    m.probe.cudaDevices = 0;
    m.probe.baselineRssBytes = withWorker ? 155 * kMiB : 0;
    m.probe.baselineWhat = "after libtorch start-up";
    return m;
}

FeasibilityVerdict verdict(bool feasible)
{
    CellSpec spec;
    spec.modelParams = feasible ? 1'000'000 : 10'000'000'000;
    spec.worldSize = 2;
    const MachineReport m = machine(true);
    return planCell(spec, machineAssumptions(m), machineBudgets(m, std::nullopt, std::nullopt));
}

const char* matrixText()
{
    return R"({"model_params": ["1M", 2000000], "world_sizes": [2, 4], "backends": ["gloo"],
        "devices": ["cpu"], "bucket_caps": ["1MiB", 26214400], "first_bucket": "256KiB",
        "iterations": 2, "warmup": 1, "repeats": 3, "host_memory_budget": "12GiB", "seed": 7})";
}

std::vector<SweepCellRecord> records(const std::vector<PlannedCell>& cells)
{
    std::vector<SweepCellRecord> out;
    for (const auto& c : cells) {
        SweepCellRecord r;
        r.cell = c;
        out.push_back(r);
    }
    for (int k = 0; k < 3; ++k) {
        SweepCellRecord& r = out[static_cast<std::size_t>(k)];
        r.state = SweepCellState::Measured;
        r.recordFile = "cells/" + r.cell.directory + "/manifest.json";
        SweepCellMeasurement m;
        m.captureId = r.cell.configId + "-abc";
        m.buckets = 2;
        m.allreduceSamples = 8;
        m.allreduceMedianNs = 1000 + 150 * k;
        m.allreduceP95Ns = 1500 + 10 * k;
        m.allreduceMaxNs = 1600;
        m.iterationMedianNs = 9000 + k;
        m.overlapPpm = 712'345;
        m.manifestSha256 = std::string(64, 'a');
        r.measurement = m;
    }
    out[3].state = SweepCellState::Refused;
    out[3].reason = "host: 30 GiB needed, 20 GiB available";
    out[3].recordFile = "cells/" + out[3].cell.directory + "/refused.json";
    out[3].refusal = SweepCellRefusal{false, "host", 30 * kGiB, 20 * kGiB, {out[3].reason, "second \x01 reason"}};
    out[4].state = SweepCellState::Failed;
    out[4].reason = "rank 1 was killed by SIGKILL, \"injected\"";
    out[4].recordFile = "cells/" + out[4].cell.directory + "/failed.json";
    out[5].state = SweepCellState::Refused;
    out[5].reason = "gloo/cuda cannot run here";
    out[5].refusal = SweepCellRefusal{true, {}, 0, std::nullopt, {"gloo/cuda cannot run here"}};
    return out;
}

Calibration calibration(bool table)
{
    BenchRankResult r0{0, 3, "gloo", "cpu", {4096, 65536}, {{5000, 7000}, {40000, 42000}}};
    BenchRankResult r1{1, 3, "gloo", "cpu", {4096, 65536}, {{6000, 6500}, {41000, 39000}}};
    BenchRankResult r2{2, 3, "gloo", "cpu", {4096, 65536}, {{5500, 8000}, {43000, 38000}}};
    BandwidthSource b = table
                            ? BandwidthSource{2'000'000'000, interconnectTable().front(), "interconnect table: first"}
                            : BandwidthSource{1'000'000'000, std::nullopt, "given: --bandwidth-bytes-per-s 1000000000"};
    return calibrationFromBench({r0, r1, r2}, 2, 1, b);
}

void compareWithGolden(const QString& name, const std::string& bytes)
{
    const QString path = QFINDTESTDATA(QStringLiteral("data/json_files/") + name);
    QVERIFY2(!path.isEmpty(), qPrintable(name));
    const QByteArray golden = cctest::readAll(path);
    if (golden != QByteArray::fromStdString(bytes)) {
        const std::string g = golden.toStdString();
        std::size_t at = 0;
        while (at < g.size() && at < bytes.size() && g[at] == bytes[at]) {
            ++at;
        }
        QFAIL(qPrintable(name + QStringLiteral(" differs from byte ") + QString::number(at) + QStringLiteral(": ") +
                         QString::fromStdString(bytes.substr(at > 40 ? at - 40 : 0, 80))));
    }
}

} // namespace

class TestCaptureJsonFiles : public QObject {
    Q_OBJECT

private slots:
    void sweepFiles()
    {
        const SweepMatrix m = parseSweepMatrix(matrixText(), "m");
        compareWithGolden(QStringLiteral("matrix.json"), sweepMatrixText(m));
        const SweepIndex index = makeSweepIndex(m, records(expandSweepMatrix(m)));
        compareWithGolden(QStringLiteral("cells.json"), sweepIndexText(index));
        // What was written reads back to the same bytes.
        QCOMPARE(sweepIndexText(sweepIndexFromJson(cc::json::parse(sweepIndexText(index), "cells.json"), "cells.json")),
                 sweepIndexText(index));
    }

    void rankFilesAndShards()
    {
        cc::NullProgress quiet;
        for (int r = 0; r < 2; ++r) {
            const RankCapture c = capture(r, r * 3000);
            compareWithGolden(QStringLiteral("rank%1.json").arg(r), rankCaptureText(c));
            QCOMPARE(parseRankCapture(rankCaptureText(c), "rank.json"), c);
            std::string shard = shardWorkloadJson(c) + "\n";
            const cc::Trace t = buildRankShard(c, quiet);
            shard += t.systemJson + "\n";
            for (const std::string_view e : t.extras) {
                shard += e;
                shard += "\n";
            }
            compareWithGolden(QStringLiteral("shard%1.txt").arg(r), shard);
        }
    }

    void verdictsAndRefusals()
    {
        compareWithGolden(QStringLiteral("verdict_feasible.json"), jsonFileText(verdictToJson(verdict(true))));
        compareWithGolden(QStringLiteral("verdict_refused.json"), jsonFileText(verdictToJson(verdict(false))));
        // refused.json as a refused `capture run` writes it (nothing is started).
        QTemporaryDir tmp;
        CellPlanOptions po;
        po.hostBudgetBytes = 1 * kGiB;
        CellSpec spec;
        spec.modelParams = 10'000'000'000;
        const CellPlan plan = planCaptureOn(spec, machine(true), po);
        CellRunOptions ro;
        ro.outputDir = fs::path(tmp.path().toStdString()) / "cell";
        cc::NullProgress quiet;
        const CellRunResult result = runCell(plan, ro, quiet);
        QCOMPARE(result.status, CellStatus::Refused);
        compareWithGolden(QStringLiteral("refused.json"),
                          cctest::readAll(QString::fromStdString(result.recordPath.string())).toStdString());
    }

    void calibrationAndInterconnects()
    {
        for (bool table : {true, false}) {
            const Calibration c = calibration(table);
            const QString name =
                table ? QStringLiteral("calibration_table.json") : QStringLiteral("calibration_given.json");
            compareWithGolden(name, calibrationJsonText(c));
            QCOMPARE(calibrationJsonText(calibrationFromJson(cc::json::parse(calibrationJsonText(c), "c"), "c")),
                     calibrationJsonText(c));
        }
        compareWithGolden(QStringLiteral("bench_rank.json"),
                          jsonFileText(benchRankToJson(calibration(false).ranks[1])));
        compareWithGolden(QStringLiteral("interconnects.json"),
                          jsonFileText(interconnectTableToJson(interconnectTable())));
    }

    void doctorReport()
    {
        compareWithGolden(QStringLiteral("machine_worker.json"), machineReportJsonText(machine(true)));
        compareWithGolden(QStringLiteral("machine_none.json"), machineReportJsonText(machine(false)));
    }
};

QTEST_GUILESS_MAIN(TestCaptureJsonFiles)
#include "tst_capture_json_files.moc"
