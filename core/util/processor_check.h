// The instruction set a build relies on. With COMMCANARY_X86_64_V3 (the default on x86-64) the bulk
// JSON readers and the replay engine are compiled for x86-64-v3 (AVX2, BMI1, BMI2, LZCNT, POPCNT,
// PCLMUL), so a processor without those would stop on an illegal instruction somewhere in the
// middle of a job. Both programs ask first and refuse to start with a clear message instead.
#pragma once

#include <string>

namespace cc {

/// The instruction-set extensions an x86-64-v3 build is compiled for, as a processor reports them.
struct ProcessorFeatures {
    bool avx2 = false;
    bool bmi1 = false;
    bool bmi2 = false;
    bool lzcnt = false;
    bool popcnt = false;
    bool pclmul = false;
};

/// What this processor reports (every field false on other architectures). AVX2 counts only when
/// the operating system also keeps the vector registers' state.
ProcessorFeatures processorFeatures();

/// Empty when a processor with `features` runs an x86-64-v3 build; else the extensions it lacks
/// and what to do, in one line.
std::string missingFeaturesReason(const ProcessorFeatures& features);

/// Empty when this processor runs this build (always, for a portable build); else
/// missingFeaturesReason for this processor.
std::string unsupportedProcessorReason();

} // namespace cc
