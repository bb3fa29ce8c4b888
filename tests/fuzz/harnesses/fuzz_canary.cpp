// Canaries (core/canary/canary_reader.h): parseCanary on the bytes, then the checks a reader of an
// untrusted canary runs before trusting it. An accepted canary must survive its own writer.
#include "support/fuzz_support.h"

#include "core/canary/canary_reader.h"
#include "core/canary/canary_writer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    cc::fuzz::refusesCleanly([&] {
        cc::Canary canary = cc::parseCanary(cc::fuzz::text(data, size), "fuzz.canary.json");
        (void)cc::checkCanaryConsistency(canary, size);
        const std::string written = cc::serializeCanary(canary);
        bool reread = false;
        cc::fuzz::refusesCleanly([&] {
            (void)cc::parseCanary(written, "rewritten.canary.json");
            reread = true;
        });
        if (!reread) {
            cc::fuzz::finding("parseCanary refused the bytes serializeCanary wrote for an accepted canary",
                              written.substr(0, 4096));
        }
    });
    return 0;
}
