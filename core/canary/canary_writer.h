// Canonical bytes of a canary: compact JSON, fixed key order, integers and strings only (ratios
// are six-place decimals computed from integers), one segment per line. Same canary -> same bytes.
#pragma once

#include "core/canary/canary.h"

#include <filesystem>
#include <string>

namespace cc {

/// Serialises the canary. Sets header.canaryBytes and header.byteRatioMicros to the values that
/// make the bytes state their own size (a fixed point), then returns those bytes.
std::string serializeCanary(Canary& canary);

/// Serialises and writes atomically (cc::writeFileAtomic).
void writeCanaryFile(Canary& canary, const std::filesystem::path& path);

/// Sixteen lowercase hex digits of a signature group hash (how groups are named in canaries).
std::string groupHashHex(std::uint64_t hash);

} // namespace cc
