#include "core/compile/sequence_encoder.h"

#include "core/util/wide_int.h"

#include <algorithm>

namespace cc::compile {

namespace {

constexpr std::size_t kSmallPeriods = 16;

/// Whole rounds of period p from i that follow the arithmetic pattern of the first two rounds.
std::uint64_t roundsAt(const std::vector<std::int64_t>& v, std::size_t i, std::size_t p)
{
    const std::size_t n = v.size();
    if (i + 2 * p > n) {
        return i + p <= n ? 1 : 0;
    }
    for (std::size_t x = 0; x < p; ++x) {
        if ((v[i + x] < 0) != (v[i + p + x] < 0)) {
            return 1;
        }
    }
    std::uint64_t rounds = 2;
    for (;;) {
        std::size_t base = i + static_cast<std::size_t>(rounds) * p;
        if (base + p > n) {
            return rounds;
        }
        for (std::size_t x = 0; x < p; ++x) {
            std::int64_t a = v[i + x];
            std::int64_t b = v[base + x];
            if ((a < 0) != (b < 0)) {
                return rounds;
            }
            if (a >= 0) {
                // Round r must equal a + r × step, step = v[i+p+x] - a; compare in 128-bit.
                WideInt step = static_cast<WideInt>(v[i + p + x]) - a;
                if (static_cast<WideInt>(a) + step * static_cast<WideInt>(rounds) != b) {
                    return rounds;
                }
            }
        }
        ++rounds;
    }
}

} // namespace

std::vector<SequenceEntry> encodeSequences(const std::vector<std::int64_t>& values,
                                           const std::vector<std::uint64_t>& hintPeriods)
{
    const std::size_t n = values.size();
    std::vector<std::size_t> periods;
    for (std::size_t p = 1; p <= kSmallPeriods; ++p) {
        periods.push_back(p);
    }
    for (auto p : hintPeriods) {
        if (p > kSmallPeriods && p <= n / 2) {
            periods.push_back(static_cast<std::size_t>(p));
        }
    }
    std::sort(periods.begin(), periods.end());
    periods.erase(std::unique(periods.begin(), periods.end()), periods.end());

    std::vector<SequenceEntry> entries;
    SequenceEntry singles; // consecutive values no period covers, played once
    auto flushSingles = [&] {
        if (!singles.elements.empty()) {
            entries.push_back(std::move(singles));
            singles = SequenceEntry{};
        }
    };
    std::size_t i = 0;
    while (i < n) {
        std::size_t bestPeriod = 0;
        std::uint64_t bestRounds = 0;
        std::size_t bestCover = 0;
        for (auto p : periods) {
            if (i + 2 * p > n) {
                break;
            }
            auto rounds = roundsAt(values, i, p);
            std::size_t cover = static_cast<std::size_t>(rounds) * p;
            if (rounds >= 2 && cover > bestCover) {
                bestCover = cover;
                bestRounds = rounds;
                bestPeriod = p;
            }
        }
        if (bestPeriod > 0) {
            flushSingles();
            SequenceEntry entry;
            entry.repeats = bestRounds;
            for (std::size_t x = 0; x < bestPeriod; ++x) {
                SequenceElement e;
                if (values[i + x] >= 0) {
                    e.present = true;
                    e.start = values[i + x];
                    e.step = values[i + bestPeriod + x] - values[i + x];
                }
                entry.elements.push_back(e);
            }
            entries.push_back(std::move(entry));
            i += bestCover;
            continue;
        }
        SequenceElement e;
        if (values[i] >= 0) {
            e.present = true;
            e.start = values[i];
        }
        singles.elements.push_back(e);
        ++i;
    }
    flushSingles();
    return entries;
}

} // namespace cc::compile
