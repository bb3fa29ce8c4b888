// Reading and writing commcanary.trace.v1 JSON (the Python prototype's trace format).
#pragma once

#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

namespace cc {

inline constexpr std::string_view kTraceFormat = "commcanary.trace.v1";

/// Parses trace JSON text. sourceName names the input in messages. Throws InputError.
Trace parseTrace(std::string_view json, const std::string& sourceName, Progress& progress);

/// Reads a trace file (plain or gzip). Throws IoError / InputError.
Trace readTrace(const std::filesystem::path& path, Progress& progress);

namespace detail {
/// How many threads parse the pieces of a large trace: 0 (the default) means one per spare
/// processor, at most three. The result never depends on it; tests set it to exercise each way.
void setTraceParsingThreads(std::size_t threads);
} // namespace detail

/// Writes the trace as commcanary.trace.v1 JSON: events in canonical order, times as exact
/// microsecond decimals, unknown fields preserved. Deterministic.
std::string writeTraceJson(const Trace& trace);

/// The same bytes as writeTraceJson, handed to sink in pieces of about 64 KiB, never all in memory.
void writeTraceJson(const Trace& trace, const std::function<void(std::string_view)>& sink);

/// writeTraceJson(trace).size(), without holding the bytes.
std::uint64_t traceJsonBytes(const Trace& trace);

/// Writes the trace to a file atomically, streamed: the JSON text is never all in memory (a
/// 10M-event trace's is 3 GB). Cancelled between pieces, leaving nothing behind.
void writeTraceFile(const Trace& trace, const std::filesystem::path& path, const Progress& progress);
void writeTraceFile(const Trace& trace, const std::filesystem::path& path);

} // namespace cc
