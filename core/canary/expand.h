// Expanding a canary back into the event stream the simulator replays: one event per logical
// occurrence, in source order, with the repetition weights (run counts, motif repeats, tails)
// played out. Replay, verification and export all expand through here.
//
// Expansion is bounded before it starts: a program whose logical event count exceeds
// resourceLimits().maxExpandedEvents is refused with the computed count in the message.
#pragma once

#include "core/canary/canary.h"
#include "core/trace/event.h"
#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <cstdint>
#include <functional>
#include <string>

namespace cc {

/// The logical event count of the program, or InputError (naming sourceName and the computed
/// count) when it exceeds resourceLimits().maxExpandedEvents or overflows.
std::uint64_t checkedExpansionCount(const Canary& canary, const std::string& sourceName);

/// Streams the expansion: sink(index, event) once per logical event, index counted from 0 (the
/// event's source index is canary.header.coveredFirst + index). Timing follows the program's
/// expansion mode: timestamped programs set start (origin + cumulative gaps), gapped programs set
/// gap. Checks the bound first.
void forEachExpandedEvent(const Canary& canary, const std::string& sourceName,
                          const std::function<void(std::uint64_t index, const Event& event)>& sink, Progress& progress);

/// Expands into a Trace through cc::TraceBuilder (which validates every event as usual).
Trace expandCanary(const Canary& canary, const std::string& sourceName, Progress& progress);

} // namespace cc
