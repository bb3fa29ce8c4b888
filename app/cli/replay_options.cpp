#include "app/cli/replay_options.h"

#include "core/util/decimal.h"

#include <algorithm>
#include <charconv>

namespace cc::cli {

void declareProtocolOptions(Args& args)
{
    args.option("iterations", "N", "independent replays of the whole trace (1..1000); tail noise differs per iteration",
                std::string("1"));
    args.option("seed", "S", "seed of the tail noise and of the ordering ablation (unsigned 64-bit)", std::string("1"));
    args.option("tie-tolerance", "PCT", "relative difference treated as a tie in the ranking", std::string("1%"));
}

ReplayProtocol protocolFromArgs(const Args& args)
{
    ReplayProtocol protocol;
    const long long iterations = args.intValue("iterations");
    if (iterations < 1 || iterations > kMaxIterations) {
        throw UsageError("--iterations must be between 1 and " + std::to_string(kMaxIterations));
    }
    protocol.iterations = static_cast<std::uint32_t>(iterations);
    const std::string seedText = args.value("seed");
    std::uint64_t seed = 0;
    const auto parsed = std::from_chars(seedText.data(), seedText.data() + seedText.size(), seed);
    if (seedText.empty() || parsed.ec != std::errc() || parsed.ptr != seedText.data() + seedText.size()) {
        throw UsageError("--seed must be an integer from 0 to 18446744073709551615 (got \"" + seedText + "\")");
    }
    protocol.seed = seed;
    std::string tolerance = args.value("tie-tolerance");
    if (tolerance.empty() || tolerance.back() != '%') {
        throw UsageError("--tie-tolerance must be a percentage such as 1% (got \"" + tolerance + "\")");
    }
    tolerance.pop_back();
    const ScaledValue ppm = parseScaledDecimal(tolerance, 4);
    if (ppm.error != DecimalError::None || ppm.value > 1'000'000) {
        throw UsageError("--tie-tolerance must be between 0% and 100% with at most four decimals");
    }
    protocol.tieTolerancePpm = ppm.value;
    return protocol;
}

std::string microseconds(Ns ns)
{
    std::string fraction = std::to_string(ns % 1000);
    return std::to_string(ns / 1000) + "." + std::string(3 - fraction.size(), '0') + fraction;
}

std::string tableText(const std::vector<std::string>& headers, const std::vector<std::vector<std::string>>& rows,
                      const std::vector<std::size_t>& minWidths)
{
    std::vector<std::size_t> widths(headers.size(), 0);
    for (std::size_t k = 0; k < headers.size(); ++k) {
        widths[k] = std::max(k < minWidths.size() ? minWidths[k] : 0, headers[k].size() + (k == 0 ? 0 : 2));
    }
    for (const auto& row : rows) {
        for (std::size_t k = 0; k < row.size() && k < widths.size(); ++k) {
            widths[k] = std::max(widths[k], row[k].size() + (k == 0 ? 1 : 2));
        }
    }
    // The header's first cell takes the rows' indent too, so the columns line up.
    auto line = [&](const std::vector<std::string>& cells, const std::string& indent) {
        std::string text = indent;
        for (std::size_t k = 0; k < cells.size() && k < widths.size(); ++k) {
            const std::size_t width = widths[k] + (k == 0 ? 2 - indent.size() : 0);
            const std::size_t fill = width > cells[k].size() ? width - cells[k].size() : 0;
            if (k == 0) {
                text += cells[k] + std::string(fill, ' ');
            } else {
                text += std::string(fill, ' ') + cells[k];
            }
        }
        return text + "\n";
    };
    std::string text = line(headers, "");
    for (const auto& row : rows) {
        text += line(row, "  ");
    }
    return text;
}

} // namespace cc::cli
