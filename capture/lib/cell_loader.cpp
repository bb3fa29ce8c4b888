#include "capture/lib/cell_loader.h"

#include "capture/lib/capture_limits.h"
#include "capture/lib/json_io.h"
#include "capture/lib/worker_invocation.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/sha256.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <set>

namespace cc::capture {

namespace fs = std::filesystem;

namespace {

/// "rank<digits><suffix>" -> the rank, when the name has exactly that shape.
std::optional<int> rankOf(const std::string& name, std::string_view suffix)
{
    if (!name.starts_with("rank") || !name.ends_with(suffix) || name.size() <= 4 + suffix.size()) {
        return std::nullopt;
    }
    std::string_view digits(name.data() + 4, name.size() - 4 - suffix.size());
    int value = 0;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec != std::errc() || ptr != digits.data() + digits.size() || value < 0) {
        return std::nullopt;
    }
    return value;
}

std::string rankList(const std::vector<int>& ranks, std::string_view suffix)
{
    std::string out;
    for (int r : ranks) {
        out += (out.empty() ? "" : ", ") + ("rank" + std::to_string(r)) + std::string(suffix);
    }
    return out;
}

} // namespace

std::string CellInventory::describe() const
{
    std::string out = rankFiles.empty() ? std::string("no rank files") : rankList(rankFiles, ".json");
    if (temporaryFiles > 0) {
        out += ", " + std::to_string(temporaryFiles) + " temporary file" + (temporaryFiles == 1 ? "" : "s");
    }
    out += manifest ? ", a manifest" : ", no manifest";
    if (recordedWorldSize) {
        out += " (recorded world size " + std::to_string(*recordedWorldSize) + ")";
    }
    return out;
}

CellInventory inventoryCell(const fs::path& dir)
{
    CellInventory inv;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (name == kManifestFileName) {
            inv.manifest = true;
        } else if (name.ends_with(".tmp")) {
            ++inv.temporaryFiles;
        } else if (auto shard = rankOf(name, ".trace.json")) {
            inv.shardFiles.push_back(*shard);
        } else if (auto raw = rankOf(name, ".json")) {
            inv.rankFiles.push_back(*raw);
        }
    }
    std::sort(inv.rankFiles.begin(), inv.rankFiles.end());
    std::sort(inv.shardFiles.begin(), inv.shardFiles.end());
    // The world size the manifest records, else the one the ranks themselves recorded (how many
    // were expected); an unreadable file just leaves it unknown (loadCell says why).
    auto worldSizeOf = [](const fs::path& path, std::uint64_t maxBytes) -> std::optional<int> {
        try {
            const json::Value j = readJsonFile(path, maxBytes);
            const json::Value* w = j.find("world_size");
            if (w != nullptr) {
                if (auto v = w->toInt64(); v && *v >= 0 && *v <= std::numeric_limits<int>::max()) {
                    return static_cast<int>(*v);
                }
            }
        } catch (const InputError&) {
        } catch (const IoError&) {
        }
        return std::nullopt;
    };
    if (inv.manifest) {
        inv.recordedWorldSize = worldSizeOf(dir / kManifestFileName, kMaxCellRecordFileBytes);
    } else {
        for (int r : inv.rankFiles) {
            if ((inv.recordedWorldSize = worldSizeOf(dir / rankCaptureFileName(r), kMaxRankFileBytes))) {
                break;
            }
        }
    }
    return inv;
}

CellLoad loadCell(const fs::path& dir)
{
    CellLoad result;
    auto reject = [&](const std::string& why, const CellInventory& inv) {
        result.cell.reset();
        result.warning = "cell " + dir.string() + " rejected: " + why + "; found " + inv.describe() +
                         ". Nothing from it was loaded.";
        return result;
    };
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        result.warning = "cell " + dir.string() + " rejected: it is not a directory";
        return result;
    }
    const CellInventory inv = inventoryCell(dir);
    if (!inv.manifest) {
        std::string why = "it has no manifest (the launcher writes it last, so the cell never completed)";
        if (std::find(inv.rankFiles.begin(), inv.rankFiles.end(), 0) == inv.rankFiles.end()) {
            why += " and rank 0 wrote no file";
        }
        return reject(why, inv);
    }
    LoadedCell cell;
    cell.dir = dir;
    try {
        const fs::path manifestPath = dir / kManifestFileName;
        const std::string source = manifestPath.string();
        cell.manifestDocument = readJsonFile(manifestPath, kMaxCellRecordFileBytes);
        const json::Reader in(source);
        const Fields m(in, cell.manifestDocument, "$");
        if (m.string("format") != kManifestFormat) {
            return reject("its manifest is not a " + std::string(kManifestFormat) + " document", inv);
        }
        const int worldSize = m.intIn("world_size", 0, std::numeric_limits<int>::max());
        if (std::find(inv.rankFiles.begin(), inv.rankFiles.end(), 0) == inv.rankFiles.end()) {
            return reject("rank 0 wrote no file", inv);
        }
        if (static_cast<int>(inv.rankFiles.size()) != worldSize) {
            return reject("it has " + std::to_string(inv.rankFiles.size()) +
                              " rank files but its recorded world size is " + std::to_string(worldSize),
                          inv);
        }
        for (int r = 0; r < worldSize; ++r) {
            if (inv.rankFiles[static_cast<std::size_t>(r)] != r) {
                return reject("rank " + std::to_string(r) + " wrote no file", inv);
            }
        }
        if (inv.shardFiles.size() != inv.rankFiles.size()) {
            return reject("it has " + std::to_string(inv.shardFiles.size()) + " trace shards for " +
                              std::to_string(inv.rankFiles.size()) + " rank files",
                          inv);
        }
        cell.spec = cellSpecFromJson(m.value("cell"), source, m.pathOf("cell"));
        cell.captureId = m.string("capture_session_id");
        const json::Value& ranks = m.array("ranks");
        if (static_cast<int>(ranks.size()) != worldSize) {
            return reject("its manifest lists " + std::to_string(ranks.size()) + " ranks for world size " +
                              std::to_string(worldSize),
                          inv);
        }
        for (int r = 0; r < worldSize; ++r) {
            const Fields entry(in, ranks.items()[static_cast<std::size_t>(r)],
                               json::childPath(m.pathOf("ranks"), static_cast<std::size_t>(r)));
            if (entry.nonNegative("rank") != r) {
                return reject("its manifest lists the ranks out of order", inv);
            }
            const fs::path rawPath = dir / rankCaptureFileName(r);
            const fs::path shardPath = dir / rankShardFileName(r);
            const std::string rawText = readFileBounded(rawPath, kMaxRankFileBytes);
            if (sha256Hex(rawText) != entry.string("capture_sha256")) {
                return reject(rawPath.filename().string() + " is not the file the manifest fingerprinted", inv);
            }
            if (sha256Hex(readFileBounded(shardPath, 4ULL << 30)) != entry.string("shard_sha256")) {
                return reject(shardPath.filename().string() + " is not the file the manifest fingerprinted", inv);
            }
            RankCapture capture = parseRankCapture(rawText, rawPath.string());
            if (capture.rank != r || capture.worldSize != worldSize || capture.captureId != cell.captureId) {
                return reject(rawPath.filename().string() + " records rank " + std::to_string(capture.rank) +
                                  " of world size " + std::to_string(capture.worldSize) + " in capture " +
                                  capture.captureId + ", which disagrees with the manifest",
                              inv);
            }
            cell.ranks.push_back(std::move(capture));
            cell.shards.push_back(shardPath);
        }
        if (const json::Value* mergedName = m.nullable("merged_trace"); mergedName != nullptr) {
            const std::string name = in.string(*mergedName, m.pathOf("merged_trace"));
            if (name.empty() || name == "." || name == ".." || name.find('/') != std::string::npos) {
                return reject("its manifest names a merged trace that is not a file in the cell folder", inv);
            }
            const fs::path merged = dir / name;
            if (!fs::exists(merged, ec)) {
                return reject("its manifest names a merged trace that does not exist", inv);
            }
            if (m.has("merged_trace_sha256") &&
                sha256Hex(readFileBounded(merged, 4ULL << 30)) != m.string("merged_trace_sha256")) {
                return reject(merged.filename().string() + " is not the merged trace the manifest fingerprinted", inv);
            }
            cell.mergedTrace = merged;
        }
        if (const json::Value* merge = m.nullable("merge"); merge != nullptr) {
            const Fields g(in, *merge, m.pathOf("merge"));
            CellMergeRecord record;
            record.events = g.unsignedInteger("events");
            record.shardEvents = g.unsignedInteger("shard_events");
            record.notes = g.string("notes");
            cell.merge = std::move(record);
        }
    } catch (const InputError& e) {
        return reject(std::string("a file is malformed: ") + e.what(), inv);
    } catch (const IoError& e) {
        return reject(std::string("a file cannot be read: ") + e.what(), inv);
    }
    result.cell = std::move(cell);
    return result;
}

} // namespace cc::capture
