// The verification options every driver reads from text (core/verify/verify_options_text.h):
// line k of the input is the value of the k-th option of verificationOptionSpecs() (missing
// lines: the option's default). The exact decimal conversions behind them (percent, points,
// fraction, microseconds) are fuzzed here with the option texts a user can type.
#include "support/fuzz_support.h"

#include "core/verify/tolerance.h"
#include "core/verify/verify_options_text.h"

#include <map>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cc::fuzz::applySmallLimits();
    const std::string_view bytes = cc::fuzz::text(data, size);
    std::vector<std::string> lines;
    std::size_t begin = 0;
    while (begin <= bytes.size() && lines.size() < 64) {
        std::size_t end = bytes.find('\n', begin);
        if (end == std::string_view::npos) {
            end = bytes.size();
        }
        lines.emplace_back(bytes.substr(begin, end - begin));
        begin = end + 1;
    }
    const auto& specs = cc::verify::verificationOptionSpecs();
    std::map<std::string, std::string> values;
    for (std::size_t k = 0; k < specs.size() && k < lines.size(); ++k) {
        values[specs[k].name] = lines[k];
    }
    cc::fuzz::refusesCleanly([&] {
        (void)cc::verify::verifyOptionsFromText([&](const std::string& name) {
            const auto it = values.find(name);
            return it == values.end() ? std::string() : it->second;
        });
    });
    for (const auto& line : lines) {
        cc::fuzz::refusesCleanly([&] { (void)cc::verify::percentToPpm(line, "--pct"); });
        cc::fuzz::refusesCleanly([&] { (void)cc::verify::pointsToPpm(line, "--points"); });
        cc::fuzz::refusesCleanly([&] { (void)cc::verify::fractionToPpm(line, "--fraction"); });
        cc::fuzz::refusesCleanly([&] { (void)cc::verify::microsToNs(line, "--us"); });
    }
    return 0;
}
