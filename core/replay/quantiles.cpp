#include "core/replay/quantiles.h"

#include <algorithm>
#include <bit>
#include <cstdint>

namespace cc {

namespace {

/// A contiguous array as a value source.
struct ContiguousValues {
    const Ns* values;
    std::size_t n;

    std::size_t size() const { return n; }
    template <class F> void forEach(F&& f) const
    {
        for (std::size_t k = 0; k < n; ++k) {
            f(values[k]);
        }
    }
};

/// Indexed values as a value source: row by row, run by run.
struct IndexedSource {
    const IndexedValues& v;

    std::size_t size() const { return v.size(); }
    template <class F> void forEach(F&& f) const
    {
        for (std::size_t row = 0; row < v.rows; ++row) {
            const Ns* base = v.values + row * v.rowStride;
            for (const auto& [begin, end] : v.runs) {
                for (const std::uint32_t* m = v.index + begin; m != v.index + end; ++m) {
                    f(base[*m]);
                }
            }
        }
    }
};

/// Buckets holding at most this many values are gathered and selected directly; larger ones get
/// a second histogram level.
constexpr std::size_t kGatherLimit = 8192;

/// No wanted bucket (the marker of the bucket-to-slot table).
constexpr std::uint16_t kNoSlot = 0xffff;

/// For each rank (0-based, any order), the histogram bucket holding it and its rank inside the
/// bucket; one walk over the histogram.
template <typename Count>
void locateRanks(const std::vector<Count>& histogram, const std::vector<std::size_t>& ranks,
                 std::vector<std::size_t>& bucketOf, std::vector<std::size_t>& rankInBucket)
{
    std::vector<std::size_t> order(ranks.size());
    for (std::size_t r = 0; r < order.size(); ++r) {
        order[r] = r;
    }
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return ranks[a] < ranks[b]; });
    std::uint64_t before = 0;
    std::size_t b = 0;
    for (std::size_t r : order) {
        while (before + histogram[b] <= ranks[r]) {
            before += histogram[b];
            ++b;
        }
        bucketOf[r] = b;
        rankInBucket[r] = static_cast<std::size_t>(ranks[r] - before);
    }
}

template <typename Count, class Source>
std::vector<Ns> selectByHistogram(const Source& source, const std::vector<std::size_t>& ranks, Ns lo, Ns hi)
{
    const std::size_t n = source.size();
    std::vector<Ns> out(ranks.size(), 0);
    const auto base = static_cast<std::uint64_t>(lo);
    const auto range = static_cast<std::uint64_t>(hi) - base;
    // About two buckets per value, at most 2^16: small inputs do not pay for a large histogram.
    const int bits = std::clamp(static_cast<int>(std::bit_width(n)) + 1, 8, 16);
    const int width = std::bit_width(range);
    const int shift = width > bits ? width - bits : 0;
    const std::size_t buckets = static_cast<std::size_t>(range >> shift) + 1;
    std::vector<Count> histogram(buckets, 0);
    source.forEach([&](Ns v) { ++histogram[(static_cast<std::uint64_t>(v) - base) >> shift]; });
    // The bucket of every requested rank and the rank inside it, in one walk.
    std::vector<std::size_t> bucketOf(ranks.size());
    std::vector<std::size_t> rankInBucket(ranks.size());
    locateRanks(histogram, ranks, bucketOf, rankInBucket);
    if (shift == 0) {
        // Every bucket holds a single value.
        for (std::size_t r = 0; r < ranks.size(); ++r) {
            out[r] = static_cast<Ns>(base + bucketOf[r]);
        }
        return out;
    }
    std::vector<std::size_t> wanted = bucketOf;
    std::sort(wanted.begin(), wanted.end());
    wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());

    // Second level, one pass for every wanted bucket: small buckets are gathered, large ones get
    // a histogram of their own (exact when the bucket spans at most 2^16 values).
    const int subShift = shift > 16 ? shift - 16 : 0;
    struct Slot {
        Ns lo = 0;
        Ns hi = 0;
        bool gather = true;
        std::vector<Ns> values;
        std::vector<Count> histogram;
        std::size_t fill = 0;
    };
    std::vector<Slot> slots(wanted.size());
    for (std::size_t w = 0; w < wanted.size(); ++w) {
        const std::uint64_t first = base + (static_cast<std::uint64_t>(wanted[w]) << shift);
        Slot& slot = slots[w];
        slot.lo = static_cast<Ns>(first);
        slot.hi = static_cast<Ns>(
            std::min<std::uint64_t>(first + ((std::uint64_t{1} << shift) - 1), static_cast<std::uint64_t>(hi)));
        slot.gather = histogram[wanted[w]] <= kGatherLimit || subShift > 0;
        if (slot.gather) {
            slot.values.resize(histogram[wanted[w]]);
        } else {
            slot.histogram.assign(static_cast<std::size_t>((static_cast<std::uint64_t>(slot.hi) - first) + 1), 0);
        }
    }
    auto place = [](Slot& slot, Ns v) {
        if (slot.gather) {
            slot.values[slot.fill++] = v;
        } else {
            ++slot.histogram[static_cast<std::size_t>(v - slot.lo)];
        }
    };
    if (wanted.size() < kNoSlot) {
        // A slot number per first-level bucket: one table lookup per value, a branch that is
        // rarely taken (the wanted buckets hold few values), the same buckets as the range test.
        std::vector<std::uint16_t> slotOfBucket(buckets, kNoSlot);
        for (std::size_t w = 0; w < wanted.size(); ++w) {
            slotOfBucket[wanted[w]] = static_cast<std::uint16_t>(w);
        }
        source.forEach([&](Ns v) {
            const std::uint16_t w = slotOfBucket[(static_cast<std::uint64_t>(v) - base) >> shift];
            if (w != kNoSlot) {
                place(slots[w], v);
            }
        });
    } else {
        const Ns lowest = slots.front().lo;
        const Ns highest = slots.back().hi;
        source.forEach([&](Ns v) {
            if (v < lowest || v > highest) {
                return;
            }
            for (Slot& slot : slots) {
                if (v >= slot.lo && v <= slot.hi) {
                    place(slot, v);
                    break;
                }
            }
        });
    }
    for (std::size_t r = 0; r < ranks.size(); ++r) {
        const std::size_t w =
            static_cast<std::size_t>(std::lower_bound(wanted.begin(), wanted.end(), bucketOf[r]) - wanted.begin());
        Slot& slot = slots[w];
        if (slot.gather) {
            auto nth = slot.values.begin() + static_cast<std::ptrdiff_t>(rankInBucket[r]);
            std::nth_element(slot.values.begin(), nth, slot.values.end());
            out[r] = *nth;
        } else {
            std::vector<std::size_t> bucket(1), inside(1);
            locateRanks(slot.histogram, {rankInBucket[r]}, bucket, inside);
            const std::size_t b = bucket[0];
            out[r] = slot.lo + static_cast<Ns>(b);
        }
    }
    return out;
}

} // namespace

std::size_t nearestRankIndex(std::size_t n, unsigned percent)
{
    // ceil(percent * n / 100) - 1, at least 0.
    const WideUInt scaled = static_cast<WideUInt>(n) * percent;
    const std::size_t rank = static_cast<std::size_t>((scaled + 99) / 100);
    return rank == 0 ? 0 : rank - 1;
}

namespace {

template <class Source>
std::vector<Ns> valuesAtRanksOf(const Source& source, const std::vector<std::size_t>& ranks, Ns lo, Ns hi)
{
    const std::size_t n = source.size();
    if (n == 0 || ranks.empty()) {
        return std::vector<Ns>(ranks.size(), 0);
    }
    if (lo == hi) {
        return std::vector<Ns>(ranks.size(), lo);
    }
    if (n <= 2048) {
        std::vector<Ns> copy;
        copy.reserve(n);
        source.forEach([&](Ns v) { copy.push_back(v); });
        std::sort(copy.begin(), copy.end());
        std::vector<Ns> out(ranks.size());
        for (std::size_t r = 0; r < ranks.size(); ++r) {
            out[r] = copy[ranks[r]];
        }
        return out;
    }
    if (n <= 0xffffffffULL) {
        return selectByHistogram<std::uint32_t>(source, ranks, lo, hi);
    }
    return selectByHistogram<std::uint64_t>(source, ranks, lo, hi);
}

template <class Source> Distribution distributionOfSource(const Source& source, Ns lo, Ns hi, WideInt sum)
{
    Distribution d;
    const std::size_t n = source.size();
    d.count = n;
    if (n == 0) {
        return d;
    }
    auto q =
        valuesAtRanksOf(source, {nearestRankIndex(n, 50), nearestRankIndex(n, 95), nearestRankIndex(n, 99)}, lo, hi);
    d.median = q[0];
    d.p95 = q[1];
    d.p99 = q[2];
    d.max = hi;
    d.mean = static_cast<Ns>(sum / static_cast<WideInt>(n));
    return d;
}

} // namespace

std::size_t IndexedValues::size() const
{
    std::size_t perRow = 0;
    for (const auto& [begin, end] : runs) {
        perRow += end - begin;
    }
    return perRow * rows;
}

std::vector<Ns> valuesAtRanksInRange(const Ns* values, std::size_t n, const std::vector<std::size_t>& ranks, Ns lo,
                                     Ns hi)
{
    return valuesAtRanksOf(ContiguousValues{values, n}, ranks, lo, hi);
}

std::vector<Ns> valuesAtRanks(const Ns* values, std::size_t n, const std::vector<std::size_t>& ranks)
{
    if (n == 0) {
        return std::vector<Ns>(ranks.size(), 0);
    }
    const auto [lo, hi] = std::minmax_element(values, values + n);
    return valuesAtRanksInRange(values, n, ranks, *lo, *hi);
}

Distribution distributionInRange(const Ns* values, std::size_t n, Ns lo, Ns hi, WideInt sum)
{
    return distributionOfSource(ContiguousValues{values, n}, lo, hi, sum);
}

Distribution distributionInRange(const IndexedValues& values, Ns lo, Ns hi, WideInt sum)
{
    return distributionOfSource(IndexedSource{values}, lo, hi, sum);
}

Distribution distributionOf(const Ns* values, std::size_t n)
{
    if (n == 0) {
        return Distribution{};
    }
    WideInt sum = 0;
    Ns lo = values[0];
    Ns hi = values[0];
    for (std::size_t k = 0; k < n; ++k) {
        sum += values[k];
        lo = std::min(lo, values[k]);
        hi = std::max(hi, values[k]);
    }
    return distributionInRange(values, n, lo, hi, sum);
}

} // namespace cc
