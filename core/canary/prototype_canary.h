// The Python prototype's canaries (commcanary.canary.v2): read, checked and expanded into a trace,
// so replay, export-param, export-chakra and the workbench accept them like our own canaries.
//
// A v2 canary is a list of items: leaf events (an event template played `repeat` times) and
// sequence motifs (leaf events played in order, `program_repeats` times). Each leaf carries
// `timing_samples`: records whose `weight`s add up to `repeat`, in occurrence order, each giving the
// timing of `weight` consecutive occurrences (gap, compute, pressure, exposure, the per-member arrival
// offsets); a record may instead hold a `timing_pattern` of such records played `pattern_repeats`
// times. A motif's leaves use the same samples in every program repetition. Expansion gives a gapped
// trace: one event per occurrence, the template's fields, the sample's timing (the template's where
// the sample has none), arrival offsets as `rank_arrival_us` aligned with the members.
//
// The prototype's compiler states its own fidelity and ranking results; none of that is this
// product's verification. The expanded trace says so in its workload (`prototype_canary`), and a
// prototype canary is never `verified` here: only this product's verifier, on a canary it compiled,
// can say that.
#pragma once

#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cc {

inline constexpr std::string_view kPrototypeCanaryFormat = "commcanary.canary.v2";

/// The top-level "format" value of a JSON document whose keys may be sorted (the prototype writes
/// "format" after "events"): looked for as a top-level key near the start and near the end of the
/// bytes. "" when none is found there.
std::string topLevelFormatTag(std::string_view bytes);

/// True when topLevelFormatTag says commcanary.canary.v2.
bool looksLikePrototypeCanary(std::string_view bytes);

/// The logical events a prototype canary expands to, checked against
/// resourceLimits().maxExpandedEvents. Throws InputError naming the JSON path and rule.
std::uint64_t prototypeCanaryLogicalEvents(std::string_view bytes, const std::string& sourceName);

/// Reads and expands a prototype canary. Throws InputError (file, JSON path, rule), Cancelled.
Trace expandPrototypeCanary(std::string_view bytes, const std::string& sourceName, Progress& progress);

/// Key facts for `info` (read, not expanded).
std::vector<std::pair<std::string, std::string>> prototypeCanaryFacts(std::string_view bytes,
                                                                      const std::string& sourceName);

} // namespace cc
