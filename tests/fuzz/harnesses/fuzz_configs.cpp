// Configuration sets (core/configs/config_io.h): parseConfigSet on the bytes. An accepted set must
// round-trip through its canonical text (configSetJson) to an equal set.
#include "support/fuzz_support.h"

#include "core/configs/config_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    cc::fuzz::refusesCleanly([&] {
        const cc::ConfigSet set = cc::parseConfigSet(cc::fuzz::text(data, size), "fuzz.configs.json");
        const std::string canonical = cc::configSetJson(set);
        (void)cc::configSetSha256(set);
        bool reread = false;
        cc::fuzz::refusesCleanly([&] {
            if (!(cc::parseConfigSet(canonical, "canonical.configs.json") == set)) {
                cc::fuzz::finding("configSetJson does not round-trip", canonical.substr(0, 4096));
            }
            reread = true;
        });
        if (!reread) {
            cc::fuzz::finding("parseConfigSet refused the canonical text of an accepted set", canonical.substr(0, 4096));
        }
    });
    return 0;
}
