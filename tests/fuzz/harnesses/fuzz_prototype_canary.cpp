// The Python prototype's canaries (core/canary/prototype_canary.h): expandPrototypeCanary on the
// bytes; an accepted canary's trace must agree with prototypeCanaryLogicalEvents, and
// prototypeCanaryFacts must accept what the expansion accepted.
#include "support/fuzz_support.h"

#include "core/canary/prototype_canary.h"

#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    const std::string_view bytes = cc::fuzz::text(data, size);
    (void)cc::looksLikePrototypeCanary(bytes);
    cc::fuzz::refusesCleanly([&] {
        cc::NullProgress progress;
        const cc::Trace trace = cc::expandPrototypeCanary(bytes, "fuzz.canary.json", progress);
        if (cc::prototypeCanaryLogicalEvents(bytes, "fuzz.canary.json") != trace.size()) {
            cc::fuzz::finding("the expansion and the logical event count disagree", std::to_string(trace.size()));
        }
        (void)cc::prototypeCanaryFacts(bytes, "fuzz.canary.json");
    });
    return 0;
}
