// Process-group membership that a profile does not record, declared by the user who knows it.
//
// A declaration is either named ("the process group called NAME has these ranks") or keyed by
// size ("the collectives whose shapes imply N ranks ran on these ranks"; legacy annotations name
// no group). It is a statement, not a measurement: the import checks it against everything the
// profile does record (visible list entries, Group size, distributedInfo, the c10d shapes, the
// profiled rank), refuses it on any conflict, and writes it into the workload notes as declared.
//
// Ranks are written as "0-7" (a range), "0,2,4,6" (a list) or "0:2:4" (start:stride:count);
// ranges and lists may be mixed ("0-3,8-11").
//
// File format commcanary-workbench.kineto-groups.v1 (JSON, unknown keys refused):
//   {
//     "format": "commcanary-workbench.kineto-groups.v1",
//     "groups": [
//       {"name": "tp0", "ranks": "0-7"},
//       {"size": 64, "ranks": [0, 1, 2, ...]}
//     ]
//   }
// Each entry has exactly one of "name" and "size"; "ranks" is a rank text as above or an array of
// integers.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc::interop {

inline constexpr std::string_view kKinetoGroupsFormat = "commcanary-workbench.kineto-groups.v1";

struct DeclaredGroup {
    std::string name;                 ///< the process group's name (empty for a size-keyed declaration)
    std::optional<std::int64_t> size; ///< the group size the shapes imply (set for a size-keyed declaration)
    std::vector<std::int32_t> ranks;  ///< ascending, unique
    std::string origin;               ///< where it was declared ("--group tp0=0-7", "groups.json $.groups[1]")

    /// "process group \"tp0\" = ranks 0-7" / "collectives whose shapes imply 8 ranks = ranks 0-7".
    std::string describe() const;
};

/// Parses a rank text ("0-7", "0,2,4,6", "0:2:4", "0-3,8-11"); nullopt with a reason when malformed,
/// empty, out of range or listing a rank twice. The result is ascending.
std::optional<std::vector<std::int32_t>> parseRankSet(std::string_view text, std::string* reason);

/// The compact text of a rank set ("0-7", "0,2,4,6").
std::string formatRankSet(const std::vector<std::int32_t>& ranks);

/// "--group NAME=RANKS" (bySize false) or "--group-of-size N=RANKS" (bySize true); nullopt with a
/// reason when malformed or when a size-keyed declaration lists another number of ranks.
std::optional<DeclaredGroup> parseGroupArgument(std::string_view text, bool bySize, std::string* reason);

/// Parses a kineto-groups.v1 document. Throws InputError naming sourceName, the JSON path and the rule.
std::vector<DeclaredGroup> parseGroupDeclarations(std::string_view json, const std::string& sourceName);
std::vector<DeclaredGroup> readGroupDeclarations(const std::filesystem::path& path);

/// Refuses (InputError naming both origins) two declarations of one name or one size.
void checkGroupDeclarations(const std::vector<DeclaredGroup>& groups);

} // namespace cc::interop
