// The trace reader as it was before parsing in bounded pieces (one simdjson document over the whole
// text): the reference for the differential test and the "old" rows of bench_trace. Not product code.
#pragma once

#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace cc::reference {

Trace parseTraceReference(std::string_view json, const std::string& sourceName, Progress& progress);
Trace readTraceReference(const std::filesystem::path& path, Progress& progress);

} // namespace cc::reference
