// MLCommons Chakra execution traces (the format ASTRA-sim and the Chakra tools read): one file per
// rank, DIR/chakra.<rank>.et, each a varint-length-delimited GlobalMetadata followed by
// varint-length-delimited Nodes (chakra_et.proto).
//
// Per rank, in trace order, every event the rank takes part in becomes one communication node:
// COMM_COLL_NODE (comm_type, comm_size in bytes, pg_name) for a collective member,
// COMM_SEND_NODE on the sender and COMM_RECV_NODE on the receiver of a point-to-point transfer
// (comm_src, comm_dst, comm_tag, comm_size, pg_name). Time runs along a chain of COMP_NODEs: the
// interval since the rank's previous event is an "idle" node (what is not compute) followed by a
// "compute" node of the event's compute_before (zero-length when none was recorded, so the chain
// always orders the events); the communication node depends on that compute node, so it is issued
// exactly at the recorded issue time and the next compute does not wait for it (overlap kept).
// Recorded compute overlap becomes a "compute_overlap" node beside the communication node. Each
// node carries start_time_micros and duration_micros for Chakra's consumers, and the exact
// nanoseconds in "commcanary.duration_ns".
//
// Chakra has no place for the rest of an event (members in the given order, phase, dtype,
// arrivals, skew, exposure, ...), so each communication node also carries "commcanary.event" (the
// event's index), the node in the event's lowest participant's file also "commcanary.fields" (the
// event as commcanary.trace.v1 JSON, without bytes, sender_rank and receiver_rank, which come from
// comm_size, comm_src and comm_dst), and the
// metadata carries the trace's document fields. Chakra's consumers ignore attributes they do not
// know; import-chakra needs them, and refuses a node without them. SHA-256 commitments stay on the
// product's canonical encoding (protobuf serialisation is not canonical).
//
// Chakra cannot express custom operations, events of 0 bytes (comm_size must be positive) or
// point-to-point transfers without sender and receiver: the export refuses them, naming the event,
// unless their operation is in skipOps, which leaves them out.
#pragma once

#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace cc::interop {

inline constexpr std::string_view kChakraSchema = "commcanary-workbench.chakra.v1";
inline constexpr std::string_view kChakraVersion = "0.0.4";

/// False when the build found no protobuf; then every function below throws IoError with
/// chakraUnavailableReason().
bool chakraAvailable();
std::string chakraUnavailableReason();

struct ChakraExportOptions {
    std::set<std::string> skipOps; ///< operation names to leave out instead of refusing
    std::string sourceName;        ///< for messages
};

struct ChakraSkipped {
    std::size_t event = 0;
    std::string id;
    std::string op;
    std::string reason;
};

struct ChakraExportPlan {
    std::vector<std::int32_t> ranks;         ///< 0..max rank: one file each (ASTRA-sim wants every rank)
    std::vector<std::uint64_t> commPerRank;  ///< communication nodes per rank
    std::vector<std::uint64_t> nodesPerRank; ///< all nodes per rank
    std::vector<ChakraSkipped> skipped;
    std::uint64_t exported = 0;
};

/// The file name of a rank: "chakra.<rank>.et".
std::string chakraFileName(std::int32_t rank);

/// Why dir cannot receive an export, or "" when it can: missing, empty, or holding only
/// chakra.<rank>.et files (an earlier export, replaced whole). Anything else is refused.
std::string chakraExportTargetProblem(const std::filesystem::path& dir);

/// Checks every event and writes DIR/chakra.<rank>.et for every rank as one folder
/// (cc::AtomicFolder): DIR afterwards holds this export only, or, on failure, what it held before.
/// Throws InputError naming the first event Chakra cannot express (unless skipped), IoError,
/// Cancelled.
ChakraExportPlan writeChakraExport(const Trace& trace, const std::filesystem::path& dir,
                                   const ChakraExportOptions& options, Progress& progress);

/// One rank's file as bytes (for tests and tools).
std::map<std::int32_t, std::string> chakraExportBytes(const Trace& trace, const ChakraExportOptions& options,
                                                      ChakraExportPlan* plan, Progress& progress);

/// A node as read from a file, for inspection and tests.
struct ChakraNodeView {
    std::uint64_t id = 0;
    std::string name;
    int type = 0;
    std::vector<std::uint64_t> ctrlDeps;
    std::vector<std::uint64_t> dataDeps;
    std::uint64_t startMicros = 0;
    std::uint64_t durationMicros = 0;
    std::map<std::string, std::int64_t> ints;   ///< integer and boolean attributes
    std::map<std::string, std::string> strings; ///< string attributes
};

struct ChakraFileView {
    std::string version;
    std::map<std::string, std::int64_t> metaInts;
    std::map<std::string, std::string> metaStrings;
    std::vector<ChakraNodeView> nodes;
};

/// Parses one .et file: the framing and each message; checks node types, ids, comm_size and the
/// dependency graph (no missing node, no cycle). fileName names the file in messages. Throws
/// InputError naming the file and the node.
ChakraFileView parseChakraFile(std::string_view bytes, const std::string& fileName);

/// Reads every "*.et" file of dir back into one trace (see the header comment); the graph's times
/// are checked against the events' own. Throws InputError naming the file and node, IoError.
Trace readChakraFolder(const std::filesystem::path& dir, Progress& progress);

/// readChakraFolder over files already in memory (file name -> bytes), for the fuzz harness.
Trace parseChakraFiles(const std::map<std::string, std::string>& files, const std::string& sourceName,
                       Progress& progress);

} // namespace cc::interop
