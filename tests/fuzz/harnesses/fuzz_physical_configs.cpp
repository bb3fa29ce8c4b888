// Physical configuration sets (core/configs/physical_configs.h): parsePhysicalConfigSet on the bytes.
// An accepted set must round-trip through its canonical text (physicalConfigSetJson) to an equal
// set, and every shaping it holds must give tc command lines.
#include "support/fuzz_support.h"

#include "core/configs/physical_configs.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    cc::fuzz::refusesCleanly([&] {
        const cc::PhysicalConfigSet set =
            cc::parsePhysicalConfigSet(cc::fuzz::text(data, size), "fuzz.physical-configs.json");
        const std::string canonical = cc::physicalConfigSetJson(set);
        for (const auto& c : set.configurations) {
            if (c.shaping && (cc::shapingTcCommands(*c.shaping, "lo").empty() || cc::shapingText(*c.shaping).empty())) {
                cc::fuzz::finding("an accepted shaping gives no tc command", canonical.substr(0, 4096));
            }
        }
        bool reread = false;
        cc::fuzz::refusesCleanly([&] {
            if (!(cc::parsePhysicalConfigSet(canonical, "canonical.physical-configs.json") == set)) {
                cc::fuzz::finding("physicalConfigSetJson does not round-trip", canonical.substr(0, 4096));
            }
            reread = true;
        });
        if (!reread) {
            cc::fuzz::finding("parsePhysicalConfigSet refused the canonical text of an accepted set",
                              canonical.substr(0, 4096));
        }
    });
    return 0;
}
