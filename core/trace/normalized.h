// The normalised form: lossless over every field the product models, canonical (same trace ->
// same bytes on every machine), integers and strings only. Its SHA-256 is the trace's identity.
//
// Layout (commcanary-workbench.normalized.v1, compact JSON, fixed key order):
//   {"format":..., "timing":..., "origin_ns":N, "strings":[...], "rank_sets":[[...]...],
//    "events":[[field, ...], ...]}
// with each event a fixed-position array of integers and string-table indices (see
// normalized.cpp for the column list). Unknown fields and workload/system metadata are not
// modelled, so they are not part of the normalised form or its hash.
#pragma once

#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <string>
#include <string_view>

namespace cc {

inline constexpr std::string_view kNormalizedFormat = "commcanary-workbench.normalized.v1";

/// Canonical bytes of the whole trace.
std::string normalizedBytes(const Trace& trace, Progress& progress);

/// SHA-256 (hex) of normalizedBytes, computed in streaming fashion (no full copy in memory).
std::string normalizedSha256(const Trace& trace, Progress& progress);

/// Canonical bytes of events [first, last) alone: what canary segment commitments hash.
std::string normalizedEventRangeBytes(const Trace& trace, std::size_t first, std::size_t last);

/// SHA-256 of normalizedEventRangeBytes, encoded and hashed a block of events at a time: the bytes
/// of a range are never held at once, whatever its length. Spare processors encode the blocks of a
/// long range while the caller hashes. Checks progress between blocks.
std::string eventRangeSha256(const Trace& trace, std::size_t first, std::size_t last,
                             const Progress& progress = NullProgress());

namespace detail {
/// How many threads encode the whole-trace bytes and a long event range's, the caller's included:
/// 0 (the default) means the caller's plus one per spare processor, at most four in all. The bytes
/// never depend on it; tests set it to exercise each way.
void setNormalizingThreads(std::size_t threads);
} // namespace detail

} // namespace cc
