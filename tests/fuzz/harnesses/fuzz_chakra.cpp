// Chakra execution traces (core/interop/chakra.h): the input is rank 0's file, or, when it holds the
// separator line "\n=== chakra.1.et\n", rank 0's and rank 1's files. parseChakraFiles reads them; an
// accepted trace over a few ranks is exported again and must read back to the same normalised
// SHA-256.
#include "support/fuzz_support.h"

#include "core/interop/chakra.h"
#include "core/trace/normalized.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    const std::string_view bytes = cc::fuzz::text(data, size);
    constexpr std::string_view kSeparator = "\n=== chakra.1.et\n";
    std::map<std::string, std::string> files;
    if (const std::size_t at = bytes.find(kSeparator); at != std::string_view::npos) {
        files.emplace("chakra.0.et", std::string(bytes.substr(0, at)));
        files.emplace("chakra.1.et", std::string(bytes.substr(at + kSeparator.size())));
    } else {
        files.emplace("chakra.0.et", std::string(bytes));
    }
    cc::fuzz::refusesCleanly([&] {
        cc::NullProgress progress;
        const cc::Trace trace = cc::interop::parseChakraFiles(files, "fuzz", progress);
        std::int32_t maxRank = 0;
        for (std::size_t i = 0; i < trace.size(); ++i) {
            for (const std::int32_t r : trace.ranks(i)) {
                maxRank = std::max(maxRank, r);
            }
        }
        if (maxRank >= 64) {
            return;
        }
        const auto written = cc::interop::chakraExportBytes(trace, {}, nullptr, progress);
        std::map<std::string, std::string> again;
        for (const auto& [rank, file] : written) {
            again.emplace(cc::interop::chakraFileName(rank), file);
        }
        bool reread = false;
        cc::fuzz::refusesCleanly([&] {
            const cc::Trace back = cc::interop::parseChakraFiles(again, "rewritten", progress);
            reread = true;
            if (cc::normalizedSha256(back, progress) != cc::normalizedSha256(trace, progress)) {
                cc::fuzz::finding("export-chakra does not round-trip an accepted trace", "");
            }
        });
        if (!reread) {
            cc::fuzz::finding("parseChakraFiles refused what chakraExportBytes wrote for an accepted trace", "");
        }
    });
    return 0;
}
