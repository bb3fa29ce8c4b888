#include "core/compile/structure.h"

#include "core/canary/canary.h"
#include "core/trace/projections.h"
#include "core/util/wide_int.h"

#include <algorithm>
#include <unordered_map>

namespace cc::compile {

namespace {

constexpr std::uint64_t kMod = (1ULL << 61) - 1;
constexpr std::uint64_t kBase = 0x1f3a5c7e9b2d4f61ULL % kMod;
constexpr std::uint32_t kNone = 0xffffffffU;

std::uint64_t mulMod(std::uint64_t a, std::uint64_t b)
{
    WideUInt product = static_cast<WideUInt>(a) * b;
    std::uint64_t low = static_cast<std::uint64_t>(product & kMod);
    std::uint64_t high = static_cast<std::uint64_t>(product >> 61);
    std::uint64_t sum = low + high;
    return sum >= kMod ? sum - kMod : sum;
}

struct ItemHasher {
    std::size_t operator()(const RunItem& item) const noexcept
    {
        return static_cast<std::size_t>(mix64(mix64(item.token) ^ item.count));
    }
};

/// Prefix hashes over the item sequence for O(1) block comparison. Powers of the base come from
/// two tables (low 16 bits, high bits) rather than one per item: 8 bytes an item less, one more
/// multiplication per comparison.
class BlockHash {
public:
    explicit BlockHash(const std::vector<RunItem>& items)
        : prefix_(items.size() + 1, 0), low_(kLowPowers, 1), high_((items.size() >> kLowBits) + 1, 1)
    {
        for (std::size_t k = 0; k < items.size(); ++k) {
            std::uint64_t value = mix64(mix64(items[k].token + 0x51ULL) ^ items[k].count) % kMod + 1;
            prefix_[k + 1] = (mulMod(prefix_[k], kBase) + value) % kMod;
        }
        for (std::size_t k = 1; k < low_.size(); ++k) {
            low_[k] = mulMod(low_[k - 1], kBase);
        }
        const std::uint64_t step = mulMod(low_.back(), kBase); // kBase^(2^kLowBits)
        for (std::size_t k = 1; k < high_.size(); ++k) {
            high_[k] = mulMod(high_[k - 1], step);
        }
    }

    std::uint64_t of(std::size_t first, std::size_t length) const
    {
        std::uint64_t sub = mulMod(prefix_[first], power(length));
        std::uint64_t whole = prefix_[first + length];
        return whole >= sub ? whole - sub : whole + kMod - sub;
    }

private:
    static constexpr unsigned kLowBits = 16;
    static constexpr std::size_t kLowPowers = std::size_t{1} << kLowBits;

    std::uint64_t power(std::size_t exponent) const
    {
        return mulMod(low_[exponent & (kLowPowers - 1)], high_[exponent >> kLowBits]);
    }

    std::vector<std::uint64_t> prefix_;
    std::vector<std::uint64_t> low_;  ///< kBase^k, k < 2^kLowBits
    std::vector<std::uint64_t> high_; ///< kBase^(k * 2^kLowBits)
};

/// Longest L with items[a, a+L) == items[b, b+L) (a < b), by hashes after a short direct start.
std::size_t commonPrefix(const std::vector<RunItem>& items, const BlockHash& hash, std::size_t a, std::size_t b)
{
    const std::size_t limit = items.size() - b;
    std::size_t length = 0;
    while (length < limit && length < 8) {
        if (!(items[a + length] == items[b + length])) {
            return length;
        }
        ++length;
    }
    if (length == limit) {
        return length;
    }
    // Gallop: find a length that fails, then binary search between the last success and it.
    std::size_t good = length;
    std::size_t step = 8;
    std::size_t probe = std::min(limit, good + step);
    while (hash.of(a, probe) == hash.of(b, probe)) {
        good = probe;
        if (probe == limit) {
            return limit;
        }
        step *= 2;
        probe = std::min(limit, good + step);
    }
    std::size_t bad = probe;
    while (bad - good > 1) {
        std::size_t mid = good + (bad - good) / 2;
        if (hash.of(a, mid) == hash.of(b, mid)) {
            good = mid;
        } else {
            bad = mid;
        }
    }
    return good;
}

} // namespace

std::vector<RunItem> runLengthEncode(const std::vector<std::uint32_t>& tokens)
{
    // Counted first and sized once: grown by doubling, the items of 10M events took up to twice
    // their 16 bytes each, and three times while the last copy was made.
    std::size_t runs = tokens.empty() ? 0 : 1;
    for (std::size_t k = 1; k < tokens.size(); ++k) {
        runs += tokens[k] != tokens[k - 1] ? 1 : 0;
    }
    std::vector<RunItem> items;
    items.reserve(runs);
    for (auto token : tokens) {
        if (!items.empty() && items.back().token == token) {
            ++items.back().count;
        } else {
            items.push_back(RunItem{token, 1});
        }
    }
    return items;
}

std::uint64_t spanPeriodEvents(const std::vector<RunItem>& items, const Span& span)
{
    std::uint64_t events = 0;
    for (std::size_t k = 0; k < span.bodyItems; ++k) {
        events += items[span.firstItem + k].count;
    }
    return events;
}

std::uint64_t spanEvents(const std::vector<RunItem>& items, const Span& span)
{
    std::uint64_t events = spanPeriodEvents(items, span) * span.repeats;
    for (std::size_t k = 0; k < span.tailItems; ++k) {
        events += items[span.firstItem + k].count;
    }
    return events;
}

std::vector<Span> findStructure(const std::vector<RunItem>& items, const StructureOptions& options, Progress& progress)
{
    const std::size_t m = items.size();
    std::vector<Span> spans;
    if (m == 0) {
        return spans;
    }
    // next[i]: the next index holding an item equal to items[i].
    std::vector<std::uint32_t> next(m, kNone);
    {
        std::unordered_map<RunItem, std::uint32_t, ItemHasher> last;
        last.reserve(std::min<std::size_t>(m, 1 << 20));
        for (std::size_t k = m; k-- > 0;) {
            auto [it, inserted] = last.try_emplace(items[k], static_cast<std::uint32_t>(k));
            if (!inserted) {
                next[k] = it->second;
                it->second = static_cast<std::uint32_t>(k);
            }
        }
    }
    BlockHash hash(items);

    std::size_t literalStart = 0;
    std::size_t literalLength = 0;
    auto flushLiteral = [&] {
        if (literalLength > 0) {
            spans.push_back(Span{literalStart, literalLength, 1, 0});
            literalLength = 0;
        }
    };

    std::size_t i = 0;
    std::size_t sinceCheck = 0;
    while (i < m) {
        if (++sinceCheck >= (1 << 16)) {
            sinceCheck = 0;
            progress.check();
            progress.report(static_cast<double>(i) / static_cast<double>(m), "finding repeated structure");
        }
        std::size_t bestPeriod = 0;
        std::size_t bestShared = 0;
        std::size_t tried = 0;
        for (std::uint32_t j = next[i]; j != kNone && tried < options.maxCandidates; j = next[j], ++tried) {
            const std::size_t period = j - i;
            std::size_t shared = commonPrefix(items, hash, i, j);
            if (shared > bestShared) {
                bestShared = shared;
                bestPeriod = period;
            }
        }
        if (bestPeriod > 0 && bestShared >= options.minSavedItems) {
            // Confirm item by item (a hash collision must never make a wrong program).
            std::size_t confirmed = 0;
            while (confirmed < bestShared && items[i + confirmed] == items[i + bestPeriod + confirmed]) {
                ++confirmed;
            }
            if (confirmed >= options.minSavedItems) {
                const std::size_t cover = bestPeriod + confirmed;
                flushLiteral();
                spans.push_back(Span{i, bestPeriod, cover / bestPeriod, cover % bestPeriod});
                i += cover;
                continue;
            }
        }
        if (items[i].count >= options.standaloneRunCount) {
            flushLiteral();
            spans.push_back(Span{i, 1, 1, 0});
            ++i;
            continue;
        }
        if (literalLength == 0) {
            literalStart = i;
        }
        ++literalLength;
        ++i;
        if (literalLength >= options.maxLiteralItems) {
            flushLiteral();
        }
    }
    flushLiteral();
    return spans;
}

} // namespace cc::compile
