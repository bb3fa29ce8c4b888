// Canary expansion and its limits (core/canary/expand.h): a canary that parses is expanded the way
// replay, verification and export expand it. resourceLimits().maxExpandedEvents is small here
// (support/fuzz_support.cpp), so a repetition bomb must be refused by the bound, before any event
// exists, and never run the process out of memory or time.
#include "support/fuzz_support.h"

#include "core/canary/canary_reader.h"
#include "core/canary/expand.h"
#include "core/util/limits.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    cc::NullProgress progress;
    cc::fuzz::refusesCleanly([&] {
        const cc::Canary canary = cc::parseCanary(cc::fuzz::text(data, size), "fuzz.canary.json");
        const std::uint64_t count = cc::checkedExpansionCount(canary, "fuzz.canary.json");
        if (count > cc::resourceLimits().maxExpandedEvents) {
            cc::fuzz::finding("checkedExpansionCount returned a count above the limit", std::to_string(count));
        }
        std::uint64_t seen = 0;
        cc::forEachExpandedEvent(
            canary, "fuzz.canary.json",
            [&](std::uint64_t index, const cc::Event&) {
                if (index != seen) {
                    cc::fuzz::finding("forEachExpandedEvent skipped or repeated an index",
                                      std::to_string(index) + " after " + std::to_string(seen));
                }
                ++seen;
            },
            progress);
        if (seen != count) {
            cc::fuzz::finding("the expansion produced another count than checkedExpansionCount",
                              std::to_string(seen) + " events, " + std::to_string(count) + " counted");
        }
        const cc::Trace trace = cc::expandCanary(canary, "fuzz.canary.json", progress);
        if (trace.size() != count) {
            cc::fuzz::finding("expandCanary produced another count than checkedExpansionCount",
                              std::to_string(trace.size()) + " events, " + std::to_string(count) + " counted");
        }
    });
    return 0;
}
