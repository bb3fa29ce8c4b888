#include "core/util/processor_check.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace cc {

ProcessorFeatures processorFeatures()
{
    ProcessorFeatures f;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    f.avx2 = __builtin_cpu_supports("avx2") != 0;
    f.bmi1 = __builtin_cpu_supports("bmi") != 0;
    f.bmi2 = __builtin_cpu_supports("bmi2") != 0;
    f.popcnt = __builtin_cpu_supports("popcnt") != 0;
    f.pclmul = __builtin_cpu_supports("pclmul") != 0;
    // LZCNT is bit 5 of ECX in extended leaf 0x80000001 (not every compiler's builtin names it).
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    f.lzcnt = __get_cpuid(0x80000001U, &eax, &ebx, &ecx, &edx) != 0 && (ecx & (1U << 5)) != 0;
#endif
    return f;
}

std::string missingFeaturesReason(const ProcessorFeatures& features)
{
    const struct {
        bool present;
        const char* name;
    } required[] = {{features.avx2, "AVX2"},   {features.bmi1, "BMI1"},     {features.bmi2, "BMI2"},
                    {features.lzcnt, "LZCNT"}, {features.popcnt, "POPCNT"}, {features.pclmul, "PCLMUL"}};
    std::string missing;
    for (const auto& feature : required) {
        if (!feature.present) {
            missing += missing.empty() ? "" : ", ";
            missing += feature.name;
        }
    }
    if (missing.empty()) {
        return {};
    }
    return "this build needs an x86-64-v3 processor and this one lacks " + missing +
           "; rebuild with -DCOMMCANARY_X86_64_V3=OFF for a portable build";
}

std::string unsupportedProcessorReason()
{
#if defined(COMMCANARY_REQUIRES_AVX2)
    return missingFeaturesReason(processorFeatures());
#else
    return {};
#endif
}

} // namespace cc
