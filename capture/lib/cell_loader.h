// Loading a finished cell, fail-closed. A cell is accepted only when
//   - its manifest exists (the launcher writes it last, after every rank exited 0),
//   - rank 0 wrote its file,
//   - the number of rank files equals the world size the manifest records (ranks 0..N-1, once each),
//   - every rank file is the one the manifest fingerprinted (SHA-256) and agrees on rank, world
//     size and capture id.
// Anything else is rejected with a warning naming what was found. Partial data is never loaded:
// a surviving rank of a dead cell is real data from a real process whose collectives waited on
// ranks that were gone, and it looks like data.
#pragma once

#include "capture/lib/cell_spec.h"
#include "capture/lib/rank_capture.h"
#include "core/util/json/value.h"

#include <cstdint>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc::capture {

inline constexpr std::string_view kManifestFormat = "commcanary.capture.manifest.v1";
inline constexpr std::string_view kManifestFileName = "manifest.json";
inline constexpr std::string_view kMergedTraceFileName = "trace.json";
inline constexpr std::string_view kCellFileName = "cell.json";
inline constexpr std::string_view kRefusalFileName = "refused.json";
inline constexpr std::string_view kFailureFileName = "failed.json";

/// What a manifest's "merge" record says about the merge of the rank shards into trace.json.
struct CellMergeRecord {
    std::uint64_t events = 0;      ///< merged collectives
    std::uint64_t shardEvents = 0; ///< rank events the merge read
    std::string notes;
};

struct LoadedCell {
    std::filesystem::path dir;
    json::Value manifestDocument; ///< manifest.json as the strict reader read it
    std::optional<CellMergeRecord> merge; ///< the manifest's "merge" record, when it has one
    CellSpec spec;
    std::string captureId;
    std::vector<RankCapture> ranks; ///< index = rank
    std::optional<std::filesystem::path> mergedTrace;
    std::vector<std::filesystem::path> shards; ///< index = rank
};

struct CellLoad {
    std::optional<LoadedCell> cell;
    std::string warning; ///< why the cell was rejected (empty when accepted)
};

/// What a cell directory holds, for messages.
struct CellInventory {
    bool manifest = false;
    std::vector<int> rankFiles;           ///< ranks with rank<R>.json, ascending
    std::vector<int> shardFiles;          ///< ranks with rank<R>.trace.json, ascending
    int temporaryFiles = 0;               ///< half-written files (*.tmp) left by a crash
    std::optional<int> recordedWorldSize; ///< from the manifest, else from the rank files
    std::string describe() const;         ///< "rank2.json, rank3.json, rank4.json, 2 temporary files, no manifest"
};

CellInventory inventoryCell(const std::filesystem::path& dir);

CellLoad loadCell(const std::filesystem::path& dir);

} // namespace cc::capture
