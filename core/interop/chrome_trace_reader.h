// Streams a Chrome-trace JSON document (an object with "traceEvents", or a bare array of events)
// in bounded memory, without building a document: it finds the top-level keys, finds every
// event's boundaries with a SIMD structural scan, and hands on only the events that may matter
// to the caller, in batches, as the text of a JSON array followed by padding.
//
// Which events may matter is decided by a conservative prefilter: an event is passed on when its
// text contains one of the caller's three-letter fragments (compared case-insensitively for
// letters) or any backslash (an escape could hide a fragment). An event that is skipped is
// checked for structure only (strings, nesting, separators), as an on-demand parser would.
#pragma once

#include "core/interop/byte_source.h"
#include "core/util/progress.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cc::interop {

/// Bytes of readable padding after every batch handed to ChromeTraceSink::eventBatch.
inline constexpr std::size_t kBatchPadding = 64;

class ChromeTraceSink {
public:
    virtual ~ChromeTraceSink() = default;
    /// Whether the complete JSON text of this top-level value is wanted (it is kept in memory).
    /// Called on the reading thread; topLevelValue and eventBatch are called in document order,
    /// one at a time, on one thread that may be another (ChromeTraceReadOptions::concurrentParsing).
    virtual bool wantsTopLevelValue(std::string_view key) = 0;
    virtual void topLevelValue(std::string_view key, std::string_view json) = 0;
    /// Whole events: json is "[" + events + "]" with kBatchPadding readable bytes after it;
    /// indices[k] is the position in traceEvents of the k-th event of the batch.
    virtual void eventBatch(std::string_view json, const std::vector<std::uint64_t>& indices) = 0;
};

struct ChromeTraceReadOptions {
    std::size_t batchBytes = 1 << 20;       ///< target size of one batch
    std::size_t maxEventBytes = 256u << 20; ///< one event (or one kept top-level value) may not be larger
    /// Three-letter fragments; empty: every event is passed on. Letters compare case-insensitively.
    std::vector<std::array<char, 3>> fragments;
    /// For a plain file (mapped in place), hash it on a second thread while parsing: same digest,
    /// less wall time. Off: the calling thread hashes.
    bool concurrentHashing = true;
    /// When there is more than one batch, run the sink's calls on a second thread while the next
    /// batch is cut: the same calls in the same order, less wall time. Off: the calling thread
    /// makes them.
    bool concurrentParsing = true;
};

struct ChromeTraceReadResult {
    bool sawTraceEvents = false;  ///< the document had a traceEvents array (or was a bare array)
    std::uint64_t eventCount = 0; ///< elements of traceEvents
    std::uint64_t passedOn = 0;   ///< events handed to the sink
    std::uint64_t decodedBytes = 0;
};

/// Reads the whole source. Throws InputError naming the source and the byte offset on malformed
/// structure, Cancelled when progress asks to stop, or what the sink threw. When the structure
/// fails, the whole events before that point reach the sink first, so an error the sink finds in
/// them is the one thrown, whichever thread the sink runs on.
ChromeTraceReadResult readChromeTrace(ByteSource& source, ChromeTraceSink& sink, Progress& progress,
                                      const ChromeTraceReadOptions& options = {});

namespace detail {

/// Incremental structural scan state: string/escape state and nesting depth.
struct ScanState {
    bool inString = false;
    bool escaped = false;
    std::int64_t depth = 0;
};

struct ScanResult {
    std::size_t stop = 0;         ///< where scanning stopped (len when the data ran out)
    bool closedBelowZero = false; ///< a close bracket took depth below zero at `stop`
    bool hitZero = false;         ///< (stopAtZero) a close bracket brought depth to zero at `stop`
};

/// Scans data[0, len) from state. Stops at a close that takes depth below zero, or (when
/// stopAtZero) at the first close that brings it to zero. Exposed for tests.
ScanResult scanStructure(const char* data, std::size_t len, ScanState& state, bool stopAtZero);

} // namespace detail

} // namespace cc::interop
