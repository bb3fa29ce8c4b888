#include "core/util/processor_check.h"

namespace cc {

std::string unsupportedProcessorReason()
{
#if defined(COMMCANARY_REQUIRES_AVX2)
    __builtin_cpu_init();
    const bool supported = __builtin_cpu_supports("avx2") != 0 && __builtin_cpu_supports("bmi2") != 0 &&
                           __builtin_cpu_supports("popcnt") != 0;
    if (!supported) {
        return "this build needs an x86-64-v3 processor (AVX2, BMI2); rebuild with "
               "-DCOMMCANARY_X86_64_V3=OFF for a portable build";
    }
#endif
    return {};
}

} // namespace cc
