#include "core/reduce/ddmin.h"

#include <algorithm>
#include <map>

namespace cc::reduce {

namespace {

/// Chunk k of n over size elements: [k*size/n, (k+1)*size/n), as even as integer division allows.
std::pair<std::size_t, std::size_t> chunkBounds(std::size_t size, std::size_t n, std::size_t k)
{
    return {k * size / n, (k + 1) * size / n};
}

} // namespace

DdminResult ddmin(std::vector<std::uint32_t> current, const Oracle& oracle, const DdminOptions& options,
                  Progress& progress)
{
    std::sort(current.begin(), current.end());
    DdminResult result;
    std::map<std::vector<std::uint32_t>, bool> cache;
    const std::size_t initial = std::max<std::size_t>(current.size(), 1);

    auto test = [&](const std::vector<std::uint32_t>& subset, std::size_t n, bool complement, bool& limited) {
        auto it = cache.find(subset);
        if (it != cache.end()) {
            ++result.cacheHits;
            return it->second;
        }
        if (options.maxOracleCalls != 0 && result.oracleCalls >= options.maxOracleCalls) {
            limited = true;
            return false;
        }
        progress.check();
        const bool kept = oracle(subset);
        ++result.oracleCalls;
        cache.emplace(subset, kept);
        result.steps.push_back(DdminStep{result.oracleCalls, n, complement, subset.size(), kept});
        progress.report(1.0 - static_cast<double>(current.size()) / static_cast<double>(initial),
                        "ddmin: " + std::to_string(current.size()) + " elements, " +
                            std::to_string(result.oracleCalls) + " oracle calls");
        return kept;
    };

    std::size_t n = 2;
    bool limited = false;
    while (current.size() >= 2 && !limited) {
        n = std::min(n, current.size());
        bool reduced = false;
        // Reduce to a chunk.
        for (std::size_t k = 0; k < n && !reduced && !limited; ++k) {
            auto [b, e] = chunkBounds(current.size(), n, k);
            std::vector<std::uint32_t> chunk(current.begin() + static_cast<std::ptrdiff_t>(b),
                                             current.begin() + static_cast<std::ptrdiff_t>(e));
            if (test(chunk, n, false, limited)) {
                current = std::move(chunk);
                n = 2;
                reduced = true;
            }
        }
        // Reduce to a complement.
        for (std::size_t k = 0; k < n && !reduced && !limited; ++k) {
            auto [b, e] = chunkBounds(current.size(), n, k);
            std::vector<std::uint32_t> complement;
            complement.reserve(current.size() - (e - b));
            complement.insert(complement.end(), current.begin(), current.begin() + static_cast<std::ptrdiff_t>(b));
            complement.insert(complement.end(), current.begin() + static_cast<std::ptrdiff_t>(e), current.end());
            if (test(complement, n, true, limited)) {
                current = std::move(complement);
                n = std::max<std::size_t>(n - 1, 2);
                reduced = true;
            }
        }
        if (reduced || limited) {
            continue;
        }
        // Increase granularity, or stop at full granularity.
        if (n < current.size()) {
            n = std::min(current.size(), 2 * n);
        } else {
            result.oneMinimal = true;
            break;
        }
    }
    if (current.size() < 2 && !limited) {
        result.oneMinimal = true; // a single element cannot lose an element without becoming empty
    }
    result.callLimitReached = limited;
    result.kept = std::move(current);
    return result;
}

} // namespace cc::reduce
