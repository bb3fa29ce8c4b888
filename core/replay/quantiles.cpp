#include "core/replay/quantiles.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <stdexcept>
#include <type_traits>

namespace cc {

namespace {

/// Histograms keep kCopies interleaved counters per bucket (counter bucket * kCopies + copy), and
/// consecutive values count into consecutive copies. A run of values in one bucket (a queue-wait
/// column that is nearly all zero, a trace of identical collectives) then increments kCopies
/// counters in turn, instead of one counter whose every increment waits for the store of the one
/// before. The copies are summed (foldCopies) before any rank is located.
constexpr std::size_t kCopies = 4;

/// A copy number known at compile time, so that a counter's address is one shift and an offset.
template <std::size_t C> using CopyIndex = std::integral_constant<std::size_t, C>;

/// f(at(k), copy) for k in [0, count): consecutive k take consecutive copies, unrolled kCopies at
/// a time (the last count % kCopies items take copy 0). Every pass that counts into or places in
/// an interleaved histogram goes through it.
template <class At, class F> [[gnu::always_inline]] inline void forEachCopied(std::size_t count, At&& at, F&& f)
{
    static_assert(kCopies == 4, "forEachCopied unrolls four copies");
    std::size_t k = 0;
    for (; k + kCopies <= count; k += kCopies) {
        f(at(k), CopyIndex<0>{});
        f(at(k + 1), CopyIndex<1>{});
        f(at(k + 2), CopyIndex<2>{});
        f(at(k + 3), CopyIndex<3>{});
    }
    for (; k < count; ++k) {
        f(at(k), CopyIndex<0>{});
    }
}

/// Values tested together by anyAtLeast.
constexpr std::size_t kAnyAtLeastCount = 16;

/// Whether any of values[0..16) is at least t: four comparisons of four values (GCC/Clang vector
/// extension; written out because GCC turns the plain loop into a scalar maximum).
inline bool anyAtLeast(const Ns* values, Ns t)
{
    using Quad = std::int64_t __attribute__((vector_size(4 * sizeof(std::int64_t))));
    static_assert(kAnyAtLeastCount == 16);
    const Quad limit = Quad{} + t;
    Quad hits = {};
    for (std::size_t q = 0; q < 4; ++q) {
        Quad v;
        std::memcpy(&v, values + 4 * q, sizeof v);
        hits |= v >= limit; // -1 in a lane at or above t
    }
    return (hits[0] | hits[1] | hits[2] | hits[3]) != 0;
}

/// A contiguous array as a value source.
struct ContiguousValues {
    const Ns* values;
    std::size_t n;

    std::size_t size() const { return n; }
    /// pass(count, at) once, at(k) giving value k.
    template <class Pass> void forEachRun(Pass&& pass) const
    {
        pass(n, [p = values](std::size_t k) { return p[k]; });
    }
};

/// Indexed values as a value source: row by row, run by run.
struct IndexedSource {
    const IndexedValues& v;

    std::size_t size() const { return v.size(); }
    /// pass(count, at) for every run of every row, at(k) giving the position in the column
    /// (row * rowStride + index) of the run's value k.
    template <class Pass> void forEachPositionRun(Pass&& pass) const
    {
        for (std::size_t row = 0; row < v.rows; ++row) {
            for (const auto& [begin, end] : v.runs) {
                pass(std::size_t{end - begin},
                     [base = row * v.rowStride, m = v.index + begin](std::size_t k) { return base + m[k]; });
            }
        }
    }
    /// pass(count, at) for every run of every row, at(k) giving the run's value k.
    template <class Pass> void forEachRun(Pass&& pass) const
    {
        forEachPositionRun([&](std::size_t count, auto position) {
            pass(count, [values = v.values, position](std::size_t k) { return values[position(k)]; });
        });
    }
};

/// Buckets holding at most this many values are gathered and selected directly; larger ones get
/// a second histogram level.
constexpr std::size_t kGatherLimit = 8192;

/// No wanted bucket (the marker of the bucket-to-slot table).
constexpr std::uint16_t kNoSlot = 0xffff;

/// The counter of `bucket` in copy `copy` of an interleaved histogram.
inline std::size_t counterOf(std::uint64_t bucket, std::size_t copy)
{
    return static_cast<std::size_t>(bucket) * kCopies + copy;
}

/// Sums the copies of an interleaved histogram, leaving one count per bucket.
template <typename Count> void foldCopies(std::vector<Count>& counts)
{
    const std::size_t buckets = counts.size() / kCopies;
    for (std::size_t b = 0; b < buckets; ++b) {
        Count sum = 0;
        for (std::size_t c = 0; c < kCopies; ++c) {
            sum += counts[counterOf(b, c)];
        }
        counts[b] = sum; // b <= counterOf(b, 0): no copy still needed is overwritten
    }
    counts.resize(buckets);
}

/// The positions 0 .. ranks.size() - 1 ordered by ascending rank.
std::vector<std::size_t> ascendingOrder(const std::vector<std::size_t>& ranks)
{
    std::vector<std::size_t> order(ranks.size());
    for (std::size_t r = 0; r < order.size(); ++r) {
        order[r] = r;
    }
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return ranks[a] < ranks[b]; });
    return order;
}

/// For each rank (0-based, any order), the histogram bucket holding it and its rank inside the
/// bucket; one walk over the histogram.
template <typename Count>
void locateRanks(const std::vector<Count>& histogram, const std::vector<std::size_t>& ranks,
                 std::vector<std::size_t>& bucketOf, std::vector<std::size_t>& rankInBucket)
{
    const std::vector<std::size_t> order = ascendingOrder(ranks);
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

/// The buckets of a first-level histogram: value v counts into bucket (v - base) >> shift, one of
/// `buckets`.
struct HistogramLayout {
    std::uint64_t base = 0;
    int shift = 0;
    std::size_t buckets = 0;

    std::size_t bucketOf(Ns v) const
    {
        return static_cast<std::size_t>((static_cast<std::uint64_t>(v) - base) >> shift);
    }
};

/// The layout for n values in [lo, hi] (lo <= hi): about two buckets per value, at most 2^14 (2^16
/// counters with the copies), so small inputs do not pay for a large histogram and the counters of
/// a large one stay in the second-level cache.
HistogramLayout layoutFor(std::size_t n, Ns lo, Ns hi)
{
    HistogramLayout layout;
    layout.base = static_cast<std::uint64_t>(lo);
    const auto range = static_cast<std::uint64_t>(hi) - layout.base;
    const int bits = std::clamp(static_cast<int>(std::bit_width(n)) + 1, 8, 14);
    const int width = std::bit_width(range);
    layout.shift = width > bits ? width - bits : 0;
    layout.buckets = static_cast<std::size_t>(range >> layout.shift) + 1;
    return layout;
}

/// The exact selection of some ranks of n values in [lo, hi] (lo < hi, n > 0) by a radix
/// histogram, in steps a caller drives: count every value into histogram() (interleaved copies,
/// see kCopies), or add the folded counts of a histogram of the same layout (addCounts); then,
/// when locate() says a second pass is needed, place() every value again; then results().
/// Several selections can share passes over interleaved sources (columnDistributions).
template <typename Count> class RankSelection {
public:
    RankSelection(std::size_t n, const std::vector<std::size_t>& ranks, Ns lo, Ns hi)
        : RankSelection(ranks, layoutFor(n, lo, hi), hi)
    {
    }

    /// A selection of values in [layout.base, hi] counted in the given layout (another
    /// selection's, whose range holds this one's).
    RankSelection(const std::vector<std::size_t>& ranks, const HistogramLayout& layout, Ns hi)
        : ranks_(ranks), layout_(layout), hi_(hi)
    {
        histogram_.assign(layout_.buckets * kCopies, 0);
    }

    const HistogramLayout& layout() const { return layout_; }
    /// The first-level histogram: value v counts into counterOf(layout().bucketOf(v), copy).
    Count* histogram() { return histogram_.data(); }

    /// Adds the counts of another histogram of this layout, its copies already folded.
    void addCounts(const std::vector<Count>& folded)
    {
        foldCounts();
        for (std::size_t b = 0; b < histogram_.size(); ++b) {
            histogram_[b] += folded[b];
        }
    }

    /// After every value was counted: finds each rank's bucket and prepares the second pass.
    /// False when none is needed (every bucket holds a single value).
    bool locate()
    {
        foldCounts();
        bucketOf_.resize(ranks_.size());
        rankInBucket_.resize(ranks_.size());
        locateRanks(histogram_, ranks_, bucketOf_, rankInBucket_);
        if (layout_.shift == 0) {
            return false;
        }
        wanted_ = bucketOf_;
        std::sort(wanted_.begin(), wanted_.end());
        wanted_.erase(std::unique(wanted_.begin(), wanted_.end()), wanted_.end());
        // Second level, one pass for every wanted bucket: small buckets are gathered, large ones
        // get a histogram of their own (exact when the bucket spans at most 2^16 values).
        const int subShift = layout_.shift > 16 ? layout_.shift - 16 : 0;
        slots_.resize(wanted_.size());
        for (std::size_t w = 0; w < wanted_.size(); ++w) {
            const std::uint64_t first = layout_.base + (static_cast<std::uint64_t>(wanted_[w]) << layout_.shift);
            Slot& slot = slots_[w];
            slot.lo = static_cast<Ns>(first);
            slot.hi = static_cast<Ns>(std::min<std::uint64_t>(first + ((std::uint64_t{1} << layout_.shift) - 1),
                                                              static_cast<std::uint64_t>(hi_)));
            slot.gather = histogram_[wanted_[w]] <= kGatherLimit || subShift > 0;
            if (slot.gather) {
                slot.values.resize(histogram_[wanted_[w]]);
            } else {
                slot.histogram.assign(
                    static_cast<std::size_t>((static_cast<std::uint64_t>(slot.hi) - first) + 1) * kCopies, 0);
            }
        }
        if (wanted_.size() < kNoSlot) {
            // A slot number per first-level bucket: one table lookup per value, a branch that is
            // rarely taken (the wanted buckets hold few values), the same buckets as the range test.
            slotOfBucket_.assign(histogram_.size(), kNoSlot);
            for (std::size_t w = 0; w < wanted_.size(); ++w) {
                slotOfBucket_[wanted_[w]] = static_cast<std::uint16_t>(w);
            }
        }
        return true;
    }

    /// After locate(): the first-level bucket of ranks[r].
    std::size_t bucketOfRank(std::size_t r) const { return bucketOf_[r]; }

    /// After locate(): the least value the first-level bucket of ranks[r] can hold, so every value
    /// at or above the value at that rank is at least this.
    Ns bucketFloorOfRank(std::size_t r) const
    {
        return static_cast<Ns>(layout_.base + (static_cast<std::uint64_t>(bucketOf_[r]) << layout_.shift));
    }

    /// After locate() returned true: the first-level buckets the second pass places values of.
    const std::vector<std::size_t>& wantedBuckets() const { return wanted_; }

    /// The bucket-to-slot table of the second pass (kNoSlot: not wanted), or null when there are
    /// too many wanted buckets for one and place() tests ranges instead.
    const std::uint16_t* slotOfBucket() const { return slotOfBucket_.empty() ? nullptr : slotOfBucket_.data(); }

    /// Second pass, value v of wanted slot w (from the table), counted into `copy` when the slot
    /// keeps a histogram.
    void placeInSlot(std::uint16_t w, Ns v, std::size_t copy)
    {
        Slot& slot = slots_[w];
        if (slot.gather) {
            slot.values[slot.fill++] = v;
        } else {
            ++slot.histogram[counterOf(static_cast<std::uint64_t>(v - slot.lo), copy)];
        }
    }

    /// Second pass, any value v.
    void place(Ns v, std::size_t copy)
    {
        if (const std::uint16_t* table = slotOfBucket()) {
            const std::uint16_t w = table[layout_.bucketOf(v)];
            if (w != kNoSlot) {
                placeInSlot(w, v, copy);
            }
            return;
        }
        if (v < slots_.front().lo || v > slots_.back().hi) {
            return;
        }
        for (std::size_t w = 0; w < slots_.size(); ++w) {
            if (v >= slots_[w].lo && v <= slots_[w].hi) {
                placeInSlot(static_cast<std::uint16_t>(w), v, copy);
                break;
            }
        }
    }

    std::vector<Ns> results()
    {
        std::vector<Ns> out(ranks_.size(), 0);
        for (std::size_t r = 0; r < ranks_.size(); ++r) {
            if (layout_.shift == 0) {
                out[r] = static_cast<Ns>(layout_.base + bucketOf_[r]); // every bucket holds a single value
                continue;
            }
            const std::size_t w = static_cast<std::size_t>(
                std::lower_bound(wanted_.begin(), wanted_.end(), bucketOf_[r]) - wanted_.begin());
            Slot& slot = slots_[w];
            if (slot.gather) {
                auto nth = slot.values.begin() + static_cast<std::ptrdiff_t>(rankInBucket_[r]);
                std::nth_element(slot.values.begin(), nth, slot.values.end());
                out[r] = *nth;
            } else {
                if (slot.histogram.size() > static_cast<std::size_t>(slot.hi - slot.lo) + 1) {
                    foldCopies(slot.histogram); // once per slot, however many ranks it holds
                }
                std::vector<std::size_t> bucket(1), inside(1);
                locateRanks(slot.histogram, {rankInBucket_[r]}, bucket, inside);
                out[r] = slot.lo + static_cast<Ns>(bucket[0]);
            }
        }
        return out;
    }

private:
    /// Sums the histogram's copies, once.
    void foldCounts()
    {
        if (!folded_) {
            foldCopies(histogram_);
            folded_ = true;
        }
    }

    struct Slot {
        Ns lo = 0;
        Ns hi = 0;
        bool gather = true;
        std::vector<Ns> values;
        std::vector<Count> histogram;
        std::size_t fill = 0;
    };
    std::vector<std::size_t> ranks_;
    HistogramLayout layout_;
    Ns hi_;
    std::vector<Count> histogram_;
    bool folded_ = false; ///< histogram_ holds one count per bucket (copies summed)
    std::vector<std::size_t> bucketOf_, rankInBucket_, wanted_;
    std::vector<Slot> slots_;
    std::vector<std::uint16_t> slotOfBucket_;
};

/// Counts at(0) .. at(count - 1) into an interleaved histogram of the given layout.
template <typename Count, class At>
[[gnu::always_inline]] inline void countInto(Count* histogram, HistogramLayout layout, std::size_t count, At&& at)
{
    // The layout is a local copy: the counters' stores cannot alias it, so it stays in registers.
    forEachCopied(count, at, [&](Ns v, auto copy) { ++histogram[counterOf(layout.bucketOf(v), copy)]; });
}

/// First pass of a selection: counts at(0) .. at(count - 1) into its histogram.
template <typename Count, class At> void countValues(RankSelection<Count>& selection, std::size_t count, At&& at)
{
    countInto(selection.histogram(), selection.layout(), count, at);
}

/// Second pass of a selection (after locate() said one is needed): places at(0) .. at(count - 1)
/// that fall in its wanted buckets.
template <typename Count, class At> void placeValues(RankSelection<Count>& selection, std::size_t count, At&& at)
{
    const std::uint16_t* slotOf = selection.slotOfBucket();
    if (slotOf == nullptr) {
        forEachCopied(count, at, [&](Ns v, auto copy) { selection.place(v, copy); });
        return;
    }
    const HistogramLayout layout = selection.layout();
    forEachCopied(count, at, [&](Ns v, auto copy) {
        const std::uint16_t w = slotOf[layout.bucketOf(v)];
        if (w != kNoSlot) {
            selection.placeInSlot(w, v, copy);
        }
    });
}

template <typename Count, class Source>
std::vector<Ns> selectByHistogram(const Source& source, const std::vector<std::size_t>& ranks, Ns lo, Ns hi)
{
    RankSelection<Count> selection(source.size(), ranks, lo, hi);
    source.forEachRun([&](std::size_t count, auto at) { countValues(selection, count, at); });
    if (selection.locate()) {
        source.forEachRun([&](std::size_t count, auto at) { placeValues(selection, count, at); });
    }
    return selection.results();
}

/// Selections of at most this many values take selectSmall.
constexpr std::size_t kSmallSelection = 2048;

/// The buckets of a small selection: offsets from the least value below 16 each have their own,
/// larger ones eight per power of two. Latencies spread over decades, so a bucket of a linear
/// layout as fine as a few hundred counters allow would hold most of them.
constexpr std::size_t kSmallBuckets = 496;

/// The bucket of offset x (monotone in x, at most kSmallBuckets - 1).
inline std::size_t smallBucketOf(std::uint64_t x)
{
    const int shift = std::bit_width(x | 15) - 4; // 0 below 16; then the bits below the top four
    return (static_cast<std::size_t>(shift) << 3) + static_cast<std::size_t>(x >> shift);
}

/// Selections of at most this many values skip the buckets: a copy of them is partitioned rank
/// by rank directly, which costs less than the buckets' fixed part (clearing, summing and walking
/// kSmallBuckets counters).
constexpr std::size_t kDirectSelection = 128;

/// For r in `order` (ascending places), the value that would be at place placeOf(r) of [first,
/// last) sorted: each selected (nth_element, which reorders the range) among the values not below
/// the previous one, as nth_element leaves them after it.
template <class PlaceOf>
std::vector<Ns> selectAscending(Ns* first, Ns* last, const std::vector<std::size_t>& order, PlaceOf&& placeOf)
{
    std::vector<Ns> out(order.size());
    Ns* from = first;
    for (const std::size_t r : order) {
        Ns* const nth = first + placeOf(r);
        std::nth_element(from, nth, last);
        out[r] = *nth;
        from = nth;
    }
    return out;
}

/// The bucket counts of a small selection: kCopies planes of kSmallBuckets counters (see
/// kCopies), value k counting into plane k % kCopies (forEachCopied).
struct SmallCounts {
    std::array<std::uint16_t, kSmallBuckets * kCopies> planes{};

    void add(std::size_t bucket, std::size_t copy) { ++planes[copy * kSmallBuckets + bucket]; }
};

/// The values at some ranks (`order`: their positions by ascending rank) of at most
/// kSmallSelection values, counted by bucket into `counts`: the ranks' buckets are located, the
/// values of those buckets gathered without a branch (gather(f) calls f(value, bucket) for every
/// value), and the ranks selected among them (selectAscending).
template <class Gather>
std::vector<Ns> selectBucketed(SmallCounts& counts, const std::vector<std::size_t>& ranks,
                               const std::vector<std::size_t>& order, Gather&& gather)
{
    static_assert(kSmallSelection <= 0xffff, "small selections count in 16 bits");
    std::uint16_t* const count = counts.planes.data(); // the planes summed into the first
    for (std::size_t copy = 1; copy < kCopies; ++copy) {
        for (std::size_t b = 0; b < kSmallBuckets; ++b) {
            count[b] = static_cast<std::uint16_t>(count[b] + count[copy * kSmallBuckets + b]);
        }
    }

    // Each rank's bucket and place in it, in ascending order: sixteen buckets at a time while they
    // all lie below the rank, then one at a time.
    struct Place {
        std::size_t bucket = 0;
        std::size_t inBucket = 0;
        std::size_t candidatesBelow = 0; ///< gathered values of the wanted buckets below this one
    };
    std::vector<Place> places(ranks.size());
    std::size_t below = 0, bucket = 0;
    for (const std::size_t r : order) {
        while (bucket + 16 <= kSmallBuckets) {
            std::size_t sixteen = 0;
            for (std::size_t b = bucket; b < bucket + 16; ++b) {
                sixteen += count[b];
            }
            if (below + sixteen > ranks[r]) {
                break;
            }
            below += sixteen;
            bucket += 16;
        }
        while (below + count[bucket] <= ranks[r]) {
            below += count[bucket++];
        }
        places[r].bucket = bucket;
        places[r].inBucket = ranks[r] - below;
    }

    // The wanted buckets' values, in any order: a rank's place among them is its place in its
    // bucket after the values of the wanted buckets below it.
    std::array<std::uint8_t, kSmallBuckets> wanted{};
    std::size_t candidates = 0;
    for (const std::size_t r : order) {
        const std::size_t b = places[r].bucket;
        if (wanted[b] == 0) {
            wanted[b] = 1;
            candidates += count[b];
        }
        places[r].candidatesBelow = candidates - count[b];
    }
    // Every value is stored, and the next one overwrites it unless it was wanted.
    const auto gathered = std::make_unique_for_overwrite<Ns[]>(candidates + 1);
    std::size_t fill = 0;
    gather([&](Ns v, std::size_t b) {
        gathered[fill] = v;
        fill += wanted[b];
    });
    return selectAscending(gathered.get(), gathered.get() + candidates, order,
                           [&](std::size_t r) { return places[r].candidatesBelow + places[r].inBucket; });
}

/// The values at some ranks of n <= kSmallSelection contiguous values whose least is lo: at most
/// kDirectSelection from a copy of them all, more by their buckets (selectBucketed), each value's
/// bucket found once and, when `bucketsOut` is given (n > kDirectSelection), kept there.
std::vector<Ns> selectSmall(const Ns* values, std::size_t n, const std::vector<std::size_t>& ranks, Ns lo,
                            std::uint16_t* bucketsOut = nullptr)
{
    const std::vector<std::size_t> order = ascendingOrder(ranks);
    if (n <= kDirectSelection) {
        std::array<Ns, kDirectSelection> copy;
        std::copy(values, values + n, copy.begin());
        return selectAscending(copy.data(), copy.data() + n, order, [&](std::size_t r) { return ranks[r]; });
    }
    const auto base = static_cast<std::uint64_t>(lo);
    SmallCounts counts;
    std::array<std::uint16_t, kSmallSelection> own;
    std::uint16_t* const buckets = bucketsOut != nullptr ? bucketsOut : own.data();
    forEachCopied(
        n, [](std::size_t k) { return k; },
        [&](std::size_t k, auto copy) {
            const std::size_t b = smallBucketOf(static_cast<std::uint64_t>(values[k]) - base);
            buckets[k] = static_cast<std::uint16_t>(b);
            counts.add(b, copy);
        });
    return selectBucketed(counts, ranks, order, [&](auto&& f) {
        for (std::size_t k = 0; k < n; ++k) {
            f(values[k], buckets[k]);
        }
    });
}

/// selectSmall of contiguous values, in place.
std::vector<Ns> selectSmall(const ContiguousValues& source, const std::vector<std::size_t>& ranks, Ns lo)
{
    return selectSmall(source.values, source.n, ranks, lo);
}

/// selectSmall of other sources' values, from a copy.
template <class Source> std::vector<Ns> selectSmall(const Source& source, const std::vector<std::size_t>& ranks, Ns lo)
{
    std::vector<Ns> copy(source.size());
    Ns* to = copy.data();
    source.forEachRun([&](std::size_t count, auto at) {
        for (std::size_t k = 0; k < count; ++k) {
            to[k] = at(k);
        }
        to += count;
    });
    return selectSmall(copy.data(), copy.size(), ranks, lo);
}

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
    if (n <= kSmallSelection) {
        return selectSmall(source, ranks, lo);
    }
    if (n <= 0xffffffffULL) {
        return selectByHistogram<std::uint32_t>(source, ranks, lo, hi);
    }
    return selectByHistogram<std::uint64_t>(source, ranks, lo, hi);
}

/// The position of the p99 among distributionRanks.
constexpr std::size_t kP99Rank = 2;

/// The ranks a Distribution reports, of n > 0 values: median, p95, p99.
std::vector<std::size_t> distributionRanks(std::size_t n)
{
    return {nearestRankIndex(n, 50), nearestRankIndex(n, 95), nearestRankIndex(n, 99)};
}

/// A Distribution of n > 0 values from their values at distributionRanks, maximum and sum.
Distribution distributionFrom(std::size_t n, const std::vector<Ns>& atRanks, Ns hi, WideInt sum)
{
    Distribution d;
    d.count = n;
    d.median = atRanks[0];
    d.p95 = atRanks[1];
    d.p99 = atRanks[kP99Rank];
    d.max = hi;
    d.mean = static_cast<Ns>(sum / static_cast<WideInt>(n));
    return d;
}

/// The distribution of kDirectSelection < n <= kSmallSelection indexed values of a column whose
/// every value's small-selection bucket is known (`buckets`, by position in the column): counted
/// and gathered by those buckets, without copying the values or finding their buckets again.
Distribution bucketedDistribution(const IndexedValues& members, const std::uint16_t* buckets, Ns hi, WideInt sum)
{
    const std::size_t n = members.size();
    const std::vector<std::size_t> ranks = distributionRanks(n);
    const IndexedSource source{members};
    SmallCounts counts;
    source.forEachPositionRun([&](std::size_t count, auto at) {
        forEachCopied(count, at, [&](std::size_t position, auto copy) { counts.add(buckets[position], copy); });
    });
    const std::vector<Ns> atRanks = selectBucketed(counts, ranks, ascendingOrder(ranks), [&](auto&& f) {
        source.forEachPositionRun([&](std::size_t count, auto at) {
            for (std::size_t k = 0; k < count; ++k) {
                const std::size_t position = at(k);
                f(members.values[position], buckets[position]);
            }
        });
    });
    return distributionFrom(n, atRanks, hi, sum);
}

template <class Source> Distribution distributionOfSource(const Source& source, Ns lo, Ns hi, WideInt sum)
{
    const std::size_t n = source.size();
    if (n == 0) {
        return Distribution{};
    }
    return distributionFrom(n, valuesAtRanksOf(source, distributionRanks(n), lo, hi), hi, sum);
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

Distribution distributionInRange(const Ns* values, std::size_t n, Ns lo, Ns hi, WideInt sum, std::uint64_t atLo)
{
    if (n > 0 && atLo > nearestRankIndex(n, 99)) {
        // The highest reported rank (p99) lies among the values equal to lo, and so do the others.
        return distributionFrom(n, std::vector<Ns>(3, lo), hi, sum);
    }
    return distributionOfSource(ContiguousValues{values, n}, lo, hi, sum);
}

Distribution distributionInRange(const IndexedValues& values, Ns lo, Ns hi, WideInt sum)
{
    return distributionOfSource(IndexedSource{values}, lo, hi, sum);
}

void listAtLeast(const Ns* values, std::size_t n, Ns threshold, std::size_t offset, std::vector<std::size_t>& out)
{
    // A group holding a listed value is written in full, each position advancing by its
    // comparison: no branch per value and, with room for a group made first, no capacity check.
    std::size_t listed = out.size();
    auto listGroup = [&](std::size_t first, std::size_t last) {
        if (out.size() < listed + kAnyAtLeastCount) {
            out.resize(std::max(2 * out.size(), listed + 64 * kAnyAtLeastCount));
        }
        std::size_t* to = out.data() + listed;
        std::size_t count = 0;
        for (std::size_t k = first; k < last; ++k) {
            to[count] = offset + k;
            count += values[k] >= threshold ? 1 : 0;
        }
        listed += count;
    };
    std::size_t first = 0;
    for (; first + kAnyAtLeastCount <= n; first += kAnyAtLeastCount) {
        if (anyAtLeast(values + first, threshold)) {
            listGroup(first, first + kAnyAtLeastCount);
        }
    }
    listGroup(first, n);
    out.resize(listed);
}

IndexedValues GroupedValues::group(std::size_t g) const
{
    return where([g](std::size_t group) { return group == g; });
}

IndexedValues GroupedValues::where(const std::function<bool(std::size_t)>& take) const
{
    IndexedValues picked;
    picked.values = values;
    picked.rowStride = rowStride;
    picked.rows = rows;
    picked.index = index;
    for (std::size_t b = 0; b < blocks; ++b) {
        for (std::size_t g = 0; g < groups; ++g) {
            const std::uint32_t begin = runOffset[b * groups + g];
            const std::uint32_t end = runOffset[b * groups + g + 1];
            if (begin != end && take(g)) {
                picked.runs.emplace_back(begin, end);
            }
        }
    }
    return picked;
}

namespace {

/// Cells with a histogram of their own take at most this many bytes of them together (or four
/// bytes per value of the column, when that is more).
constexpr std::size_t kOwnHistogramBudget = std::size_t{4} << 20;

/// Groupings a cell's second-pass mask has room for (one bit each, besides the whole column's and
/// the tail's); cells of a column with more groupings count into their groups directly.
constexpr std::size_t kMaskGroupings = 6;
constexpr std::uint8_t kMaskWhole = 1;
constexpr std::uint8_t kMaskTail = 0x80;

constexpr std::uint8_t maskOfGrouping(std::size_t j)
{
    return static_cast<std::uint8_t>(2U << j);
}

} // namespace

ColumnDistributions columnDistributions(const BlockedColumn& column, const GroupedValues& cells,
                                        std::span<const GroupingInput> groupings)
{
    using Count = std::uint32_t;
    using Selection = RankSelection<Count>;
    ColumnDistributions out;
    const std::size_t total = column.rowLength * column.rows;
    const std::size_t blocks = column.block == 0 ? 0 : (column.rowLength + column.block - 1) / column.block;
    const std::size_t cellCount = groupings.empty() ? 0 : cells.groups;
    if (!groupings.empty() &&
        (cells.values != column.values || cells.rowStride != column.rowLength || cells.rows != column.rows ||
         cells.blocks != blocks || cells.index == nullptr || cells.runOffset == nullptr)) {
        throw std::invalid_argument("columnDistributions: cells that do not describe the column");
    }
    for (const GroupingInput& grouping : groupings) {
        const std::size_t groups = grouping.lo.size();
        if (grouping.groupOfCell.size() != cellCount || grouping.hi.size() != groups || grouping.sum.size() != groups ||
            std::any_of(grouping.groupOfCell.begin(), grouping.groupOfCell.end(),
                        [groups](std::uint32_t g) { return g >= groups; })) {
            throw std::invalid_argument("columnDistributions: a grouping that does not fit the cells");
        }
    }
    // Values per cell.
    std::vector<std::size_t> cellSize(cellCount, 0);
    for (std::size_t b = 0; b < blocks && cellCount > 0; ++b) {
        for (std::size_t c = 0; c < cellCount; ++c) {
            cellSize[c] += cells.runOffset[b * cellCount + c + 1] - cells.runOffset[b * cellCount + c];
        }
    }
    for (std::size_t& size : cellSize) {
        size *= column.rows;
    }

    // Selections large enough for a histogram (the whole column when its counts fit 32 bits, and
    // every group of more than kSmallSelection values) share the passes; the others (empty, a
    // single value, small) are done on their own, as distributionInRange does them.
    std::optional<Selection> whole;
    // A small column with groups keeps every value's small-selection bucket from the whole
    // column's selection, and its groups are counted and gathered by those (bucketedDistribution).
    std::vector<std::uint16_t> smallBuckets;
    if (total > kSmallSelection && column.lo != column.hi && total <= 0xffffffffULL) {
        whole.emplace(total, distributionRanks(total), column.lo, column.hi);
    } else if (!groupings.empty() && total > kDirectSelection && column.lo != column.hi) {
        smallBuckets.resize(total);
        const std::vector<std::size_t> ranks = distributionRanks(total);
        out.whole = distributionFrom(total, selectSmall(column.values, total, ranks, column.lo, smallBuckets.data()),
                                     column.hi, column.sum);
    } else {
        out.whole = distributionInRange(column.values, total, column.lo, column.hi, column.sum);
    }
    // The largest cells, from as many values as the whole column's histogram has buckets, count into
    // histograms of their own in its layout (one increment per value), while the budget lasts; the
    // others count into the whole column's and their groups' histograms directly.
    std::vector<std::vector<Count>> own(cellCount);
    if (whole && groupings.size() <= kMaskGroupings) {
        const HistogramLayout layout = whole->layout();
        const std::size_t bytesEach = layout.buckets * kCopies * sizeof(Count);
        std::size_t budget = std::max(kOwnHistogramBudget, total * sizeof(Count));
        std::vector<std::size_t> bySize(cellCount);
        for (std::size_t c = 0; c < cellCount; ++c) {
            bySize[c] = c;
        }
        std::stable_sort(bySize.begin(), bySize.end(),
                         [&](std::size_t a, std::size_t b) { return cellSize[a] > cellSize[b]; });
        for (const std::size_t c : bySize) {
            if (cellSize[c] < layout.buckets || budget < bytesEach) {
                break;
            }
            own[c].assign(layout.buckets * kCopies, 0);
            budget -= bytesEach;
        }
    }
    // A group holding a cell of its own histogram is selected in the whole column's layout, so that
    // the cell's counts add to it; any other in a layout of its own range.
    std::vector<std::vector<std::optional<Selection>>> selections(groupings.size());
    std::vector<std::vector<std::size_t>> counts(groupings.size());
    out.groups.resize(groupings.size());
    for (std::size_t j = 0; j < groupings.size(); ++j) {
        const GroupingInput& grouping = groupings[j];
        const std::size_t groups = grouping.lo.size();
        selections[j].resize(groups);
        counts[j].assign(groups, 0);
        out.groups[j].resize(groups);
        std::vector<char> holdsOwn(groups, 0);
        for (std::size_t c = 0; c < cellCount; ++c) {
            counts[j][grouping.groupOfCell[c]] += cellSize[c];
            holdsOwn[grouping.groupOfCell[c]] |= static_cast<char>(!own[c].empty());
        }
        for (std::size_t g = 0; g < groups; ++g) {
            const std::size_t n = counts[j][g];
            if (n > kSmallSelection && grouping.lo[g] != grouping.hi[g] && n <= 0xffffffffULL) {
                if (holdsOwn[g] != 0) {
                    selections[j][g].emplace(distributionRanks(n), whole->layout(), grouping.hi[g]);
                } else {
                    selections[j][g].emplace(n, distributionRanks(n), grouping.lo[g], grouping.hi[g]);
                }
            } else {
                const IndexedValues values = cells.where([&](std::size_t c) { return grouping.groupOfCell[c] == g; });
                out.groups[j][g] =
                    !smallBuckets.empty() && n > kDirectSelection && grouping.lo[g] != grouping.hi[g]
                        ? bucketedDistribution(values, smallBuckets.data(), grouping.hi[g], grouping.sum[g])
                        : distributionInRange(values, grouping.lo[g], grouping.hi[g], grouping.sum[g]);
            }
        }
    }
    // Every run of every cell, block by block: run(c, rowValues, members, count, rowStart), so each
    // block is read from memory once and by its cells from cache.
    auto forEachRun = [&](auto&& run) {
        for (std::size_t row = 0; row < column.rows; ++row) {
            const Ns* rowValues = column.values + row * column.rowLength;
            for (std::size_t b = 0; b < blocks; ++b) {
                const std::uint32_t* runs = cells.runOffset + b * cellCount;
                for (std::size_t c = 0; c < cellCount; ++c) {
                    if (runs[c + 1] != runs[c]) {
                        run(c, rowValues, cells.index + runs[c], std::size_t{runs[c + 1] - runs[c]},
                            row * column.rowLength);
                    }
                }
            }
        }
    };
    auto selectionOf = [&](std::size_t j, std::size_t c) -> Selection* {
        auto& selection = selections[j][groupings[j].groupOfCell[c]];
        return selection ? &*selection : nullptr;
    };

    // First pass: every value counted once into its cell's histogram, or into the whole column's
    // and its groups'.
    if (cellCount == 0) {
        if (whole) {
            countValues(*whole, total, [v = column.values](std::size_t k) { return v[k]; });
        }
    } else {
        forEachRun([&](std::size_t c, const Ns* rowValues, const std::uint32_t* m, std::size_t n, std::size_t) {
            auto at = [rowValues, m](std::size_t k) { return rowValues[m[k]]; };
            if (!own[c].empty()) {
                countInto(own[c].data(), whole->layout(), n, at);
                return;
            }
            if (whole) {
                countValues(*whole, n, at);
            }
            for (std::size_t j = 0; j < groupings.size(); ++j) {
                if (Selection* selection = selectionOf(j, c)) {
                    countValues(*selection, n, at);
                }
            }
        });
    }
    for (std::size_t c = 0; c < cellCount; ++c) {
        if (own[c].empty()) {
            continue;
        }
        foldCopies(own[c]);
        whole->addCounts(own[c]);
        for (std::size_t j = 0; j < groupings.size(); ++j) {
            if (Selection* selection = selectionOf(j, c)) {
                selection->addCounts(own[c]); // in the whole column's layout (see above)
            }
        }
    }

    const bool wholeSecond = whole && whole->locate();
    std::vector<std::vector<char>> second(groupings.size());
    bool anySecond = wholeSecond;
    for (std::size_t j = 0; j < groupings.size(); ++j) {
        second[j].assign(selections[j].size(), 0);
        for (std::size_t g = 0; g < selections[j].size(); ++g) {
            if (selections[j][g] && selections[j][g]->locate()) {
                second[j][g] = 1;
                anySecond = true;
            }
        }
    }
    // Second pass. While the whole column's values pass, the values from the p99's bucket up are
    // listed too: a superset of the tail, found without another read of the column.
    if (anySecond && cellCount == 0) {
        const Ns tailFloor = whole->bucketFloorOfRank(kP99Rank); // anySecond: the whole's second pass
        const std::size_t step = std::max<std::size_t>(column.block, 1);
        for (std::size_t first = 0; first < total; first += step) {
            const std::size_t n = std::min(step, total - first);
            placeValues(*whole, n, [v = column.values + first](std::size_t k) { return v[k]; });
            listAtLeast(column.values + first, n, tailFloor, first, out.tailCandidates);
        }
        out.tailListed = true;
    } else if (anySecond) {
        const Ns tailFloor = wholeSecond ? whole->bucketFloorOfRank(kP99Rank) : 0;
        // A cell with a histogram of its own finds in one table, by its bucket in the whole
        // column's layout, which selections want a value and whether it may be in the tail.
        std::vector<std::vector<std::uint8_t>> mask(cellCount);
        for (std::size_t c = 0; c < cellCount; ++c) {
            if (own[c].empty()) {
                continue;
            }
            std::vector<std::uint8_t>& m = mask[c];
            m.assign(whole->layout().buckets, 0);
            if (wholeSecond) {
                for (const std::size_t b : whole->wantedBuckets()) {
                    m[b] |= kMaskWhole;
                }
                for (std::size_t b = whole->bucketOfRank(kP99Rank); b < m.size(); ++b) {
                    m[b] |= kMaskTail;
                }
            }
            for (std::size_t j = 0; j < groupings.size(); ++j) {
                if (second[j][groupings[j].groupOfCell[c]] != 0) {
                    for (const std::size_t b : selectionOf(j, c)->wantedBuckets()) {
                        m[b] |= maskOfGrouping(j);
                    }
                }
            }
        }
        const HistogramLayout layout = whole ? whole->layout() : HistogramLayout{};
        forEachRun(
            [&](std::size_t c, const Ns* rowValues, const std::uint32_t* m, std::size_t n, std::size_t rowStart) {
                if (!own[c].empty()) {
                    const std::uint8_t* table = mask[c].data();
                    forEachCopied(
                        n, [](std::size_t k) { return k; },
                        [&](std::size_t k, auto copy) {
                            const Ns v = rowValues[m[k]];
                            const std::uint8_t wanted = table[layout.bucketOf(v)];
                            if (wanted == 0) {
                                return;
                            }
                            if ((wanted & kMaskWhole) != 0) {
                                whole->place(v, copy);
                            }
                            for (std::size_t j = 0; j < groupings.size(); ++j) {
                                if ((wanted & maskOfGrouping(j)) != 0) {
                                    selectionOf(j, c)->place(v, copy);
                                }
                            }
                            if ((wanted & kMaskTail) != 0) {
                                out.tailCandidates.push_back(rowStart + m[k]);
                            }
                        });
                    return;
                }
                auto at = [rowValues, m](std::size_t k) { return rowValues[m[k]]; };
                if (wholeSecond) {
                    placeValues(*whole, n, at);
                    for (std::size_t k = 0; k < n; ++k) {
                        if (at(k) >= tailFloor) {
                            out.tailCandidates.push_back(rowStart + m[k]);
                        }
                    }
                }
                for (std::size_t j = 0; j < groupings.size(); ++j) {
                    if (second[j][groupings[j].groupOfCell[c]] != 0) {
                        placeValues(*selectionOf(j, c), n, at);
                    }
                }
            });
        std::sort(out.tailCandidates.begin(), out.tailCandidates.end());
        out.tailListed = wholeSecond;
    }
    if (whole) {
        out.whole = distributionFrom(total, whole->results(), column.hi, column.sum);
    }
    for (std::size_t j = 0; j < groupings.size(); ++j) {
        for (std::size_t g = 0; g < selections[j].size(); ++g) {
            if (selections[j][g]) {
                out.groups[j][g] = distributionFrom(counts[j][g], selections[j][g]->results(), groupings[j].hi[g],
                                                    groupings[j].sum[g]);
            }
        }
    }
    return out;
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
