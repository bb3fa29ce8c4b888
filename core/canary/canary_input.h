// One entry point for drivers that accept either a trace or a canary (replay, export, the
// workbench's open dialog): canaries are recognised by their format key and expanded (bounded as
// usual), the Python prototype's commcanary.canary.v2 canaries too (prototype_canary.h); anything
// else is read as a commcanary.trace.v1 trace.
#pragma once

#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace cc {

/// True when the document's top-level "format" (looked for near its start) is the canary format.
bool looksLikeCanary(std::string_view bytes);

/// Parses bytes as a canary (then expands it) or as a trace. sourceName names the input in messages.
Trace parseTraceOrCanary(std::string_view bytes, const std::string& sourceName, Progress& progress);

/// Reads a trace or canary file (plain or gzip), bounded by resourceLimits().
Trace readTraceOrCanary(const std::filesystem::path& path, Progress& progress);

} // namespace cc
