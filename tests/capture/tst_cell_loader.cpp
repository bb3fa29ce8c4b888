// The fail-closed cell loader, with the shape the engineering log found in its results: a dead
// cell's directory holding rank2.json, rank3.json, rank4.json, two half-written temporary files
// and no manifest, whose surviving rank was quoted as a result. Also rank files, shards and the
// merge of the shards into one trace, built from synthetic measurements.
#include "capture/lib/cell_loader.h"
#include "capture/lib/cell_merge.h"
#include "capture/lib/json_io.h"
#include "capture/lib/rank_capture.h"
#include "capture/lib/rank_shard.h"
#include "capture/lib/worker_invocation.h"
#include "core/trace/trace_io.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/sha256.h"

#include "capture_test_support.h"

#include <QtTest>

using namespace cc::capture;
using cctest::member;
namespace fs = std::filesystem;

namespace {

constexpr Ns kOrigin = 1'000'000'000;

/// A small, consistent capture of one rank: 2 parameters in one bucket, 3 recorded iterations.
RankCapture syntheticCapture(int rank, int worldSize, const std::string& captureId, Ns clockOffset)
{
    RankCapture c;
    c.rank = rank;
    c.worldSize = worldSize;
    c.localRank = rank;
    c.hostname = "host";
    c.pid = 1000 + rank;
    c.captureId = captureId;
    c.spec.worldSize = worldSize;
    c.libtorchVersion = "test";
    c.timingSource = "host_steady_clock";
    c.interconnect = "loopback_tcp";
    c.modelDescription = "two tensors";
    c.modelParameters = 300;
    c.parameters = {{"fc.weight", "fc", 200, 800}, {"fc.bias", "fc", 100, 400}};
    c.layouts = {LayoutRecord{"reverse_registration_order", 0, {{1, 0}}, {1200}},
                 LayoutRecord{"observed_ready_order", 1, {{1, 0}}, {1200}}};
    c.observedReadyOrder = {1, 0};
    c.warmupBucketCounts = {1, 1};
    // This rank's clock reads (reference − clockOffset).
    const Ns local = kOrigin - clockOffset;
    for (int i = 0; i < 3; ++i) {
        const Ns base = local + 10'000 + i * 100'000 + rank * 700;
        IterationRecord it = cctest::syntheticIteration(2 + i, base);
        it.buckets = {BucketTiming{0, 20 + i, 1200, base + 40'000, base + 40'100, base + 64'000}};
        c.iterations.push_back(it);
    }
    c.bucketCountsSeen = distinctBucketCounts(c.iterations);
    c.originNs = local;
    if (rank == 0) {
        c.clock = referenceCalibration(0, local);
    } else {
        const OffsetEstimate e{clockOffset, 500, 1000, 16, false};
        c.clock = combineCalibration(rank, 0, e, e, local, kOrigin);
    }
    return c;
}

std::string writeRank(const fs::path& dir, const RankCapture& c)
{
    cc::NullProgress quiet;
    cc::writeTraceFile(buildRankShard(c, quiet), dir / rankShardFileName(c.rank));
    const std::string text = rankCaptureText(c);
    cc::writeFileAtomic(dir / rankCaptureFileName(c.rank), text);
    return text;
}

void writeManifest(const fs::path& dir, const CellSpec& spec, const std::string& captureId, int worldSize)
{
    cc::json::Value ranks = cc::json::Value::array();
    for (int r = 0; r < worldSize; ++r) {
        const auto raw = dir / rankCaptureFileName(r);
        const auto shard = dir / rankShardFileName(r);
        cc::json::Value entry = cc::json::Value::object();
        entry.set("rank", r);
        entry.set("capture_sha256", fs::exists(raw) ? cc::sha256Hex(cc::readFileBounded(raw, 1 << 30)) : "");
        entry.set("shard_sha256", fs::exists(shard) ? cc::sha256Hex(cc::readFileBounded(shard, 1 << 30)) : "");
        ranks.push(std::move(entry));
    }
    cc::json::Value m = cc::json::Value::object();
    m.set("format", kManifestFormat);
    m.set("world_size", worldSize);
    m.set("cell", cellSpecToJson(spec));
    m.set("capture_session_id", captureId);
    m.set("ranks", std::move(ranks));
    m.set("merged_trace", cc::json::Value());
    cc::writeFileAtomic(dir / kManifestFileName, jsonCompactText(m));
}

fs::path fresh(QTemporaryDir& tmp, const char* name)
{
    fs::path dir = fs::path(tmp.path().toStdString()) / name;
    fs::create_directories(dir);
    return dir;
}

/// A cell folder `name` of session `captureId` and world size `worldSize`: the first `written`
/// ranks' files (rank r's clock reads offsets[r] behind, 0 where not given) and the manifest.
fs::path writeCell(QTemporaryDir& tmp, const char* name, const std::string& captureId, int worldSize, int written,
                   const std::vector<Ns>& offsets = {})
{
    const fs::path dir = fresh(tmp, name);
    for (int r = 0; r < written; ++r) {
        const auto k = static_cast<std::size_t>(r);
        writeRank(dir, syntheticCapture(r, worldSize, captureId, k < offsets.size() ? offsets[k] : 0));
    }
    CellSpec spec;
    spec.worldSize = worldSize;
    writeManifest(dir, spec, captureId, worldSize);
    return dir;
}

/// Why loading the cell at dir was refused, or a sentence saying that it loaded.
QString refusal(const fs::path& dir)
{
    const CellLoad load = loadCell(dir);
    return load.cell.has_value() ? QStringLiteral("(the cell loaded)") : QString::fromStdString(load.warning);
}

} // namespace

class TestCellLoader : public QObject {
    Q_OBJECT

private slots:
    void aCompleteCellIsAccepted()
    {
        QTemporaryDir tmp;
        const fs::path dir = writeCell(tmp, "complete", "s1", 2, 2, {0, 3000});
        const CellLoad load = loadCell(dir);
        QVERIFY2(load.cell.has_value(), load.warning.c_str());
        QCOMPARE(load.cell->ranks.size(), std::size_t{2});
        QCOMPARE(load.cell->ranks[1].iterations.size(), std::size_t{3});
        QCOMPARE(load.cell->ranks[1], syntheticCapture(1, 2, "s1", 3000)); // rank files round-trip exactly
    }

    void theDeadCellOfTheLogIsRejected()
    {
        // rank2.json, rank3.json, rank4.json, two .tmp files and no manifest; the ranks recorded
        // world size 8. The surviving rank 2 is internally consistent: it must still not load.
        QTemporaryDir tmp;
        const fs::path dir = fresh(tmp, "dead");
        for (int r : {2, 3, 4}) {
            writeRank(dir, syntheticCapture(r, 8, "s2", 0));
            fs::remove(dir / rankShardFileName(r));
        }
        cc::writeFileAtomic(dir / ".rank5.trace.json.0123456789abcdef.tmp", "{\"format\":");
        cc::writeFileAtomic(dir / ".rank6.trace.json.fedcba9876543210.tmp", "{");
        const QString warning = refusal(dir);
        QVERIFY2(warning.contains(QStringLiteral("no manifest")), qPrintable(warning));
        QVERIFY2(warning.contains(QStringLiteral("rank 0 wrote no file")), qPrintable(warning));
        QVERIFY2(warning.contains(QStringLiteral("rank2.json, rank3.json, rank4.json")), qPrintable(warning));
        QVERIFY2(warning.contains(QStringLiteral("2 temporary files")), qPrintable(warning));
        QVERIFY2(warning.contains(QStringLiteral("world size 8")), qPrintable(warning));
        QVERIFY2(warning.contains(QStringLiteral("Nothing from it was loaded")), qPrintable(warning));
    }

    void rankZeroMissingIsRejectedEvenWithAManifest()
    {
        QTemporaryDir tmp;
        const fs::path dir = fresh(tmp, "norank0");
        CellSpec spec;
        spec.worldSize = 2;
        // Two rank files, matching the world size, but neither is rank 0.
        writeRank(dir, syntheticCapture(1, 2, "s3", 0));
        RankCapture two = syntheticCapture(1, 2, "s3", 0);
        two.rank = 2;
        cc::writeFileAtomic(dir / rankCaptureFileName(2), rankCaptureText(two));
        writeManifest(dir, spec, "s3", 2);
        const QString warning = refusal(dir);
        QVERIFY2(warning.contains(QStringLiteral("rank 0 wrote no file")), qPrintable(warning));
    }

    void aRankCountMismatchIsRejected()
    {
        QTemporaryDir tmp;
        const QString warning = refusal(writeCell(tmp, "mismatch", "s4", 3, 2));
        QVERIFY2(warning.contains(QStringLiteral("2 rank files but its recorded world size is 3")),
                 qPrintable(warning));
        QVERIFY2(warning.contains(QStringLiteral("rank0.json, rank1.json")), qPrintable(warning));
    }

    void aRankFileChangedAfterTheManifestIsRejected()
    {
        QTemporaryDir tmp;
        const fs::path dir = writeCell(tmp, "tampered", "s5", 2, 2);
        RankCapture edited = syntheticCapture(1, 2, "s5", 0);
        edited.iterations[0].buckets[0].completeNs += 1;
        cc::writeFileAtomic(dir / rankCaptureFileName(1), rankCaptureText(edited));
        const QString warning = refusal(dir);
        QVERIFY2(warning.contains(QStringLiteral("not the file the manifest fingerprinted")), qPrintable(warning));
    }

    void aMergedTraceOutsideTheCellIsRefused()
    {
        QTemporaryDir tmp;
        const fs::path dir = writeCell(tmp, "escape", "s9", 2, 2);
        cc::writeFileAtomic(dir.parent_path() / "outside.json", "{}");
        const auto path = QString::fromStdString((dir / kManifestFileName).string());
        QByteArray manifest = cctest::readAll(path);
        QVERIFY(manifest.contains("\"merged_trace\":null"));
        manifest.replace("\"merged_trace\":null", "\"merged_trace\":\"../outside.json\"");
        QVERIFY(cctest::writeAll(path, manifest));
        const QString warning = refusal(dir);
        QVERIFY2(warning.contains(QStringLiteral("not a file in the cell folder")), qPrintable(warning));
    }

    void aMalformedRankFileIsRejectedWithItsPath()
    {
        RankCapture c = syntheticCapture(0, 1, "s6", 0);
        cc::json::Value j = rankCaptureToJson(c);
        member(member(member(j, "iterations").items()[1], "buckets").items()[0], "complete_ns") = cc::json::Value(0);
        try {
            (void)rankCaptureFromJson(j, "rank0.json");
            QFAIL("a completion before its issue was accepted");
        } catch (const cc::InputError& e) {
            const QString text = QString::fromUtf8(e.what());
            QVERIFY2(text.contains(QStringLiteral("rank0.json")), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("$.iterations[1].buckets[0].complete_ns")), qPrintable(text));
        }
    }

    void shardsCarryGroupSequenceAndRankLocalTimes()
    {
        const RankCapture c = syntheticCapture(1, 2, "s7", 3000);
        cc::NullProgress quiet;
        const cc::Trace shard = buildRankShard(c, quiet);
        QCOMPARE(shard.size(), std::size_t{3});
        QCOMPARE(shard.timing, cc::TimingSemantics::Timestamped);
        for (std::size_t i = 0; i < shard.size(); ++i) {
            const cc::Event e = shard.event(i);
            QCOMPARE(QString::fromStdString(e.op), QStringLiteral("all_reduce"));
            QCOMPARE(QString::fromStdString(e.group), QStringLiteral("world"));
            QCOMPARE(*e.messageSequence, std::int64_t{20} + static_cast<std::int64_t>(i));
            QCOMPARE(*e.start, c.iterations[i].buckets[0].issueNs - c.originNs);
            QCOMPARE(e.ranks, (std::vector<std::int32_t>{0, 1}));
            // [issue, complete) = [40.1 µs, 64 µs) of the iteration; backward ends at 60 µs.
            QCOMPARE(*e.computeOverlap, cc::Ns{19'900});
            QCOMPARE(*e.observedExposed, cc::Ns{4'000});
        }
        // A single rank cannot measure cross-rank skew: unknown, never zero.
        QCOMPARE(shard.unknownSkewCount(), std::size_t{3});
    }

    void theShardsMergeOnRankZerosClock()
    {
        QTemporaryDir tmp;
        const fs::path dir = fresh(tmp, "merge");
        const std::vector<RankCapture> ranks{syntheticCapture(0, 2, "s8", 0), syntheticCapture(1, 2, "s8", 3000)};
        for (const auto& r : ranks) {
            writeRank(dir, r);
        }
        const auto calibration = cellClockCalibration(ranks);
        QCOMPARE(calibration.ranks.size(), std::size_t{2});
        QCOMPARE(calibration.ranks[1].offsetNs, cc::Ns{3000});
        cc::NullProgress quiet;
        const auto merged = mergeCellShards(dir, ranks, calibration, quiet);
        QCOMPARE(merged.trace.size(), std::size_t{3});
        QCOMPARE(merged.summary.sequenceIdentified, std::size_t{3});
        QVERIFY(merged.summary.calibrated);
        // Rank 1 issues 700 ns after rank 0 on the reference clock: a measured skew of 700 ns.
        QCOMPARE(merged.trace.knownSkewCount(), std::size_t{3});
        for (std::size_t i = 0; i < merged.trace.size(); ++i) {
            QCOMPARE(merged.trace.skewValue[i], cc::Ns{700});
        }
    }
};

QTEST_GUILESS_MAIN(TestCellLoader)
#include "tst_cell_loader.moc"
