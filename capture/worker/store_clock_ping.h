// Clock pings through the c10d store: every rank except rank 0 sends numbered pings, rank 0
// answers each with its own steady-clock reading. The samples feed the estimator in
// capture/lib/clock_offsets.h. Works wherever the store works (loopback or real machines).
#pragma once

#include "capture/lib/clock_offsets.h"

#include <torch/csrc/distributed/c10d/Store.hpp>

#include <string>
#include <vector>

namespace cc::capture::worker {

/// Runs one ping round named `round` ("start", "end"). Rank 0 answers every other rank's
/// samples and returns no samples; the other ranks return theirs.
std::vector<PingSample> storeClockPing(c10d::Store& store, const std::string& round, int rank, int worldSize,
                                       int samples);

} // namespace cc::capture::worker
