#include "capture/lib/cell_loader.h"

#include "capture/lib/json_fields.h"
#include "capture/lib/worker_invocation.h"
#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/sha256.h"

#include <algorithm>
#include <charconv>
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
    if (inv.manifest) {
        try {
            auto manifest = parseJsonText(readFileBounded(dir / kManifestFileName, 64 << 20), "manifest");
            if (manifest.is_object() && manifest.contains("world_size") && manifest["world_size"].is_number_integer()) {
                inv.recordedWorldSize = manifest["world_size"].get<int>();
            }
        } catch (const std::exception&) {
            // reported by loadCell
        }
    } else {
        // Without a manifest, the world size the ranks themselves recorded says how many were expected.
        for (int r : inv.rankFiles) {
            try {
                auto j = parseJsonText(readFileBounded(dir / rankCaptureFileName(r), 1ULL << 30), "rank file");
                if (j.is_object() && j.contains("world_size") && j["world_size"].is_number_integer()) {
                    inv.recordedWorldSize = j["world_size"].get<int>();
                    break;
                }
            } catch (const std::exception&) {
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
        cell.manifest = parseJsonText(readFileBounded(manifestPath, 64 << 20), manifestPath.string());
        JsonFields m(cell.manifest, manifestPath.string(), "$");
        if (m.text("format") != kManifestFormat) {
            return reject("its manifest is not a " + std::string(kManifestFormat) + " document", inv);
        }
        const int worldSize = static_cast<int>(m.nonNegative("world_size"));
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
        cell.spec = cellSpecFromJson(m.raw("cell"), manifestPath.string());
        cell.captureId = m.text("capture_session_id");
        const auto& ranks = m.array("ranks");
        if (static_cast<int>(ranks.size()) != worldSize) {
            return reject("its manifest lists " + std::to_string(ranks.size()) + " ranks for world size " +
                              std::to_string(worldSize),
                          inv);
        }
        for (int r = 0; r < worldSize; ++r) {
            JsonFields entry(ranks[static_cast<std::size_t>(r)], manifestPath.string(),
                             "$.ranks[" + std::to_string(r) + "]");
            if (entry.nonNegative("rank") != r) {
                return reject("its manifest lists the ranks out of order", inv);
            }
            const fs::path rawPath = dir / rankCaptureFileName(r);
            const fs::path shardPath = dir / rankShardFileName(r);
            const std::string rawText = readFileBounded(rawPath, 1ULL << 30);
            if (sha256Hex(rawText) != entry.text("capture_sha256")) {
                return reject(rawPath.filename().string() + " is not the file the manifest fingerprinted", inv);
            }
            if (sha256Hex(readFileBounded(shardPath, 4ULL << 30)) != entry.text("shard_sha256")) {
                return reject(shardPath.filename().string() + " is not the file the manifest fingerprinted", inv);
            }
            RankCapture capture = rankCaptureFromJson(parseJsonText(rawText, rawPath.string()), rawPath.string());
            if (capture.rank != r || capture.worldSize != worldSize || capture.captureId != cell.captureId) {
                return reject(rawPath.filename().string() + " records rank " + std::to_string(capture.rank) +
                                  " of world size " + std::to_string(capture.worldSize) + " in capture " +
                                  capture.captureId + ", which disagrees with the manifest",
                              inv);
            }
            cell.ranks.push_back(std::move(capture));
            cell.shards.push_back(shardPath);
        }
        if (m.has("merged_trace") && m.raw("merged_trace").is_string()) {
            const fs::path merged = dir / m.text("merged_trace");
            if (!fs::exists(merged, ec)) {
                return reject("its manifest names a merged trace that does not exist", inv);
            }
            if (m.has("merged_trace_sha256") &&
                sha256Hex(readFileBounded(merged, 4ULL << 30)) != m.text("merged_trace_sha256")) {
                return reject(merged.filename().string() + " is not the merged trace the manifest fingerprinted", inv);
            }
            cell.mergedTrace = merged;
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
