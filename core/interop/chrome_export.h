// Export of one configuration's simulated timeline as Chrome-trace JSON (Perfetto UI,
// chrome://tracing): the report names the protocol and the configuration, the input (the trace
// or expanded canary the report was made from) supplies the events, and the replay is redone
// deterministically and checked against the report's own summary before anything is written.
//
// Layout: one process ("simulated timeline: CONFIG"); per scheduler resource (group/channel) one
// track of collectives, one of queue wait and one of rank wait (modelled arrival skew), each
// split into lanes where slices overlap so every track nests properly. Collective slices carry
// op, bytes, group, phase, id and the replay's figures in args; tail events (latency at or above
// the configuration's p99) are marked ("tail": true, a distinct colour). Times are exact
// microsecond decimals of the replay's integer nanoseconds. It is a model timeline, not a
// measurement, and the file says so.
#pragma once

#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace cc::interop {

struct ChromeExportOptions {
    std::string configuration;   ///< empty: the report's first configuration
    std::uint32_t iteration = 0; ///< which replay iteration to draw
    std::string reportName;      ///< for messages and the file's metadata
    std::string inputName;
};

struct ChromeExportSummary {
    std::string configuration;
    std::size_t collectives = 0;
    std::size_t waitSlices = 0;
    std::size_t tracks = 0;
    std::size_t tailEvents = 0;
};

/// The Chrome-trace JSON text. Throws InputError when the report cannot be read, the input is
/// not the report's input (normalised SHA-256), the configuration or iteration does not exist,
/// or the replay does not reproduce the report's summary (an edited report); Cancelled.
std::string exportChromeTrace(std::string_view reportBytes, const Trace& input, const ChromeExportOptions& options,
                              Progress& progress, ChromeExportSummary* summary = nullptr);

} // namespace cc::interop
