// Group declarations (core/interop/group_declaration.h): parseGroupDeclarations on the bytes, and
// every line as a rank text (parseRankSet) and as --group / --group-of-size (parseGroupArgument).
// An accepted rank set must be ascending and unique, and formatRankSet must read back to it.
#include "support/fuzz_support.h"

#include "core/interop/group_declaration.h"

#include <algorithm>

namespace {

void checkSet(const std::vector<std::int32_t>& ranks)
{
    if (ranks.empty() || !std::is_sorted(ranks.begin(), ranks.end()) ||
        std::adjacent_find(ranks.begin(), ranks.end()) != ranks.end()) {
        cc::fuzz::finding("an accepted rank set is empty, unsorted or repeats a rank", "");
    }
    const std::string text = cc::interop::formatRankSet(ranks);
    std::string reason;
    auto again = cc::interop::parseRankSet(text, &reason);
    if (!again || *again != ranks) {
        cc::fuzz::finding("formatRankSet does not read back", text.substr(0, 4096));
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    const std::string_view bytes = cc::fuzz::text(data, size);
    cc::fuzz::refusesCleanly([&] {
        for (const auto& g : cc::interop::parseGroupDeclarations(bytes, "fuzz.groups.json")) {
            checkSet(g.ranks);
            if (g.size && static_cast<std::int64_t>(g.ranks.size()) != *g.size) {
                cc::fuzz::finding("a size-keyed declaration lists another number of ranks", g.describe());
            }
        }
    });
    cc::fuzz::forEachLine(bytes, 64, [&](std::string_view line) {
        cc::fuzz::refusesCleanly([&] {
            std::string reason;
            if (auto set = cc::interop::parseRankSet(line, &reason)) {
                checkSet(*set);
            }
            for (bool bySize : {false, true}) {
                if (auto g = cc::interop::parseGroupArgument(line, bySize, &reason)) {
                    checkSet(g->ranks);
                }
            }
        });
    });
    return 0;
}
