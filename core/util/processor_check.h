// The instruction set a build relies on. With COMMCANARY_X86_64_V3 (the default on x86-64) the bulk
// JSON readers and the replay engine are compiled for x86-64-v3 (AVX2, BMI2, LZCNT, POPCNT), so a
// processor without those would stop on an illegal instruction somewhere in the middle of a job.
// Both programs ask first and refuse to start with a clear message instead.
#pragma once

#include <string>

namespace cc {

/// Empty when this processor runs this build; else why not and what to do, in one line.
std::string unsupportedProcessorReason();

} // namespace cc
