// Captures on a GPU: gloo over CUDA tensors (host-staged) and NCCL. They need a worker built
// against a CUDA libtorch and a visible device, and skip with the reason `commcanary doctor`
// gives otherwise.
#include "capture/lib/cell_loader.h"

#include "capture_test_support.h"

#include <QtTest>

using namespace cc::capture;

namespace {

QStringList gpuCell(const QString& dir, const QString& backend, int worldSize)
{
    return {QStringLiteral("capture"),
            QStringLiteral("run"),
            QStringLiteral("--world-size"),
            QString::number(worldSize),
            QStringLiteral("--backend"),
            backend,
            QStringLiteral("--device"),
            QStringLiteral("cuda"),
            QStringLiteral("--model-params"),
            QStringLiteral("10M"),
            QStringLiteral("--iterations"),
            QStringLiteral("6"),
            QStringLiteral("--warmup"),
            QStringLiteral("2"),
            QStringLiteral("-o"),
            dir};
}

void checkCell(const QString& dir, const char* timing, const char* interconnect)
{
    const CellLoad load = loadCell(dir.toStdString());
    QVERIFY2(load.cell.has_value(), load.warning.c_str());
    for (const auto& rank : load.cell->ranks) {
        QCOMPARE(QString::fromStdString(rank.timingSource), QString::fromLatin1(timing));
        QCOMPARE(QString::fromStdString(rank.interconnect), QString::fromLatin1(interconnect));
        QCOMPARE(rank.iterations.size(), std::size_t{6});
        for (const auto& it : rank.iterations) {
            QVERIFY(!it.buckets.empty());
            for (const auto& b : it.buckets) {
                QVERIFY(b.completeNs >= b.issueNs);
            }
        }
    }
}

} // namespace

class TestCaptureGpu : public QObject {
    Q_OBJECT

private slots:
    void glooOverCudaTensors()
    {
        CCTEST_SKIP_UNLESS_CAPTURE(QStringLiteral("gloo/cuda"),
                                   QStringLiteral("gloo over CUDA tensors cannot run here"));
        QTemporaryDir tmp;
        const QString dir = tmp.path() + QStringLiteral("/gloo-cuda");
        const auto run = cctest::runCli(gpuCell(dir, QStringLiteral("gloo"), 2), 600000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
        checkCell(dir, "cuda_event_pairs", "pcie_host_staged");
    }

    void ncclOneRank()
    {
        CCTEST_SKIP_UNLESS_CAPTURE(QStringLiteral("nccl/cuda"), QStringLiteral("NCCL cannot run here"));
        // One rank: a real communicator and the launch overhead floor, with no bytes moved (two
        // ranks on one device are refused by NCCL as duplicate GPUs).
        QTemporaryDir tmp;
        const QString dir = tmp.path() + QStringLiteral("/nccl");
        const auto run = cctest::runCli(gpuCell(dir, QStringLiteral("nccl"), 1), 600000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
        checkCell(dir, "cuda_event_pairs", "nccl");
    }
};

QTEST_GUILESS_MAIN(TestCaptureGpu)
#include "tst_capture_gpu.moc"
