#include "capture/lib/cell_merge.h"

#include "capture/lib/cell_spec.h"
#include "capture/lib/worker_invocation.h"
#include "core/trace/trace_io.h"
#include "core/util/errors.h"

namespace cc::capture {

interop::ClockCalibration cellClockCalibration(const std::vector<RankCapture>& ranks)
{
    interop::ClockCalibration calibration;
    calibration.source = std::string(kClockCalibrationFileName);
    calibration.reference = "rank 0's host steady clock (CLOCK_MONOTONIC)";
    calibration.method = "round trips through the c10d TCPStore of the cell, at the start and at the end of the run: "
                         "each offset is the midpoint of the two estimates and its uncertainty covers both and the "
                         "drift between them";
    calibration.assumption = false;
    for (const auto& r : ranks) {
        calibration.ranks.push_back(interop::RankClock{r.rank, r.clock.offsetNs, r.clock.uncertaintyNs});
    }
    return calibration;
}

interop::MergeResult mergeCellShards(const std::filesystem::path& dir, const std::vector<RankCapture>& ranks,
                                     const interop::ClockCalibration& calibration, Progress& progress)
{
    std::vector<interop::RankShard> shards;
    for (std::size_t k = 0; k < ranks.size(); ++k) {
        const RankCapture& r = ranks[k];
        const std::filesystem::path path = dir / rankShardFileName(r.rank);
        SubProgress reading(progress, 0.5 * static_cast<double>(k) / static_cast<double>(ranks.size()),
                            0.5 * static_cast<double>(k + 1) / static_cast<double>(ranks.size()));
        interop::RankShard shard = interop::shardFromTrace(readTrace(path, reading), path.filename().string());
        if (shard.rank != r.rank || shard.clockOriginNs != r.originNs) {
            throw InputError(path.string(), "the shard's rank_local (rank " + std::to_string(shard.rank) +
                                                ") disagrees with rank" + std::to_string(r.rank) + ".json");
        }
        shards.push_back(std::move(shard));
    }
    interop::MergeOptions options;
    options.calibration = calibration;
    options.workloadName = ranks.empty() ? std::string() : "capture " + cellId(ranks.front().spec);
    SubProgress merging(progress, 0.5, 1.0);
    return interop::mergeRankShards(std::move(shards), options, merging);
}

} // namespace cc::capture
