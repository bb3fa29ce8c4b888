// How commcanary-capture-worker is invoked: its command line (built by the launcher, parsed by
// the worker) and the torchrun-style environment of each rank (RANK, WORLD_SIZE, LOCAL_RANK,
// LOCAL_WORLD_SIZE, MASTER_ADDR, MASTER_PORT). Both directions live here so that they cannot
// drift apart, and so that the worker can also be started by torchrun --no-python or by hand
// on several machines.
#pragma once

#include "capture/lib/cell_spec.h"

#include <chrono>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace cc::capture {

/// A worker argument or environment problem (the worker exits 2 with this message).
class WorkerUsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A deliberate fault for tests of the failure path: rank `rank` kills itself with SIGKILL at
/// the start of iteration `iteration` (warm-up included, 0-based).
struct FaultInjection {
    int rank = 0;
    int iteration = 0;
    friend bool operator==(const FaultInjection&, const FaultInjection&) = default;
};

/// Parses "RANK:ITERATION"; nullopt when malformed.
std::optional<FaultInjection> parseFaultInjection(std::string_view text);

/// A whole decimal integer filling all of text (optional leading '-'), nullopt otherwise.
std::optional<long long> parseWholeInteger(std::string_view text);

struct WorkerRunOptions {
    CellSpec spec; ///< spec.worldSize is checked against WORLD_SIZE
    std::filesystem::path outputDir;
    std::string captureId; ///< empty: rank 0 makes one and shares it through the store
    std::optional<FaultInjection> fault;
    std::chrono::seconds storeTimeout{300};

    friend bool operator==(const WorkerRunOptions&, const WorkerRunOptions&) = default;
};

/// The command line every worker verb shares, after the program name: the verb, the process
/// group (--world-size, --backend, --device), the verb's own options in the order given, then
/// where the ranks write (--output) and how long they wait for the store (--store-timeout-s).
std::vector<std::string> workerVerbArguments(std::string_view verb, int worldSize, Backend backend, Device device,
                                             std::initializer_list<std::string> own,
                                             const std::filesystem::path& outputDir, std::chrono::seconds storeTimeout);

/// The values of a worker command line's options, by name without the leading "--", as each
/// verb's parser reads them; every refusal is a WorkerUsageError naming the option.
class WorkerOptionValues {
public:
    explicit WorkerOptionValues(std::map<std::string, std::string> values) : values_(std::move(values)) {}

    /// The value of --key, or nullptr when it was not given.
    const std::string* find(const std::string& key) const;
    /// The value of --key; refused as "--key is required" when it was not given.
    const std::string& need(const std::string& key) const;
    /// --key as a whole integer; refused as "--key must be an integer (got "…")".
    long long integer(const std::string& key) const;
    /// --key as a whole integer in [lo, hi]; refused as "--key must be an integer from lo to hi (got "…")".
    long long integer(const std::string& key, long long lo, long long hi) const;
    /// --backend and --device; refused together as "--backend must be gloo or nccl and --device cpu or cuda".
    std::pair<Backend, Device> backendAndDevice() const;

private:
    std::map<std::string, std::string> values_;
};

/// The worker's arguments after the program name, starting with the "run" verb.
std::vector<std::string> workerRunArguments(const WorkerRunOptions& options);
/// Parses them back (args after the program name, "run" first). Throws WorkerUsageError.
WorkerRunOptions parseWorkerRunArguments(const std::vector<std::string>& args);

struct RankEnvironment {
    int rank = 0;
    int worldSize = 1;
    int localRank = 0;
    int localWorldSize = 1;
    std::string masterAddr = "127.0.0.1";
    int masterPort = 29500;

    friend bool operator==(const RankEnvironment&, const RankEnvironment&) = default;
};

/// Reads RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT (required) and LOCAL_RANK,
/// LOCAL_WORLD_SIZE (default: RANK, WORLD_SIZE). Throws WorkerUsageError naming the variable.
RankEnvironment parseRankEnvironment(const std::function<std::optional<std::string>(const std::string&)>& lookup);
std::vector<std::pair<std::string, std::string>> rankEnvironmentVariables(const RankEnvironment& environment);

/// The worker's rank files inside a cell directory.
std::string rankCaptureFileName(int rank); ///< "rank<R>.json" (raw measurements)
std::string rankShardFileName(int rank);   ///< "rank<R>.trace.json" (commcanary.trace.v1 shard)
std::string rankLogFileName(int rank);     ///< "rank<R>.log"

/// The line prefix the worker uses to report progress on stdout:
///   "commcanary-progress rank=<R> iteration=<done> total=<total> phase=<warmup|recorded|done>"
inline constexpr std::string_view kProgressPrefix = "commcanary-progress ";

struct RankProgressLine {
    int rank = 0;
    int done = 0;
    int total = 0;
    std::string phase;
};
std::optional<RankProgressLine> parseProgressLine(std::string_view line);
std::string progressLine(const RankProgressLine& progress);

} // namespace cc::capture
