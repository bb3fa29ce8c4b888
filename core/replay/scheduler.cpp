// simulateConfiguration: the scheduler model proper. See core/replay/README.md for the rules.
#include "core/replay/simulator.h"

#include "core/replay/cost_model.h"
#include "core/replay/reciprocal.h"
#include "core/replay/tail_noise.h"
#include "core/replay/wide_int.h"
#include "core/util/huge_pages.h"

#include <algorithm>

namespace cc {

namespace {

Ns satAdd(Ns a, Ns b)
{
    return std::min<Ns>(a + b, kTimeCapNs);
}

/// floor(x / c) for 0 <= x and 0 < c, exact. Below 2^52 both operands are exact doubles and the
/// correctly rounded double quotient d satisfies floor(x / c) <= d <= floor(x / c) + 1 (both
/// bounds are representable), so the truncated estimate is off by at most one and one exact
/// integer correction in either direction gives the quotient without a 64-bit divide
/// instruction. The double is only an estimate: the result is the integer x / c on every machine.
inline std::int64_t divideFloor(std::int64_t x, std::int64_t c)
{
    constexpr std::int64_t kExactLimit = std::int64_t{1} << 52;
    if (x < kExactLimit && c < kExactLimit) {
        auto q = static_cast<std::int64_t>(static_cast<double>(x) / static_cast<double>(c));
        const std::int64_t rest = x - q * c;
        if (rest < 0) {
            --q;
        } else if (rest >= c) {
            ++q;
        }
        return q;
    }
    return x / c;
}

/// floor(a * b / c) for a, b >= 0 and c > 0, in 64 bits when the product fits, else 128 bits.
Ns mulDiv(std::int64_t a, std::int64_t b, std::int64_t c)
{
    std::int64_t product = 0;
    if (!__builtin_mul_overflow(a, b, &product)) {
        return divideFloor(product, c);
    }
    return static_cast<Ns>(std::min<WideInt>(static_cast<WideInt>(a) * b / c, kTimeCapNs));
}

/// floor(a * ppm / 10^6) for a, ppm >= 0 (division by a constant: no divide instruction).
inline Ns mulPpm(std::int64_t a, std::int64_t ppm)
{
    std::int64_t product = 0;
    if (!__builtin_mul_overflow(a, ppm, &product)) {
        return product / kPpmOne;
    }
    return static_cast<Ns>(std::min<WideInt>(static_cast<WideInt>(a) * ppm / kPpmOne, kTimeCapNs));
}

/// ceil(value * (10^6 + extraPpm) / 10^6), capped.
Ns scaleUp(Ns value, std::int64_t extraPpm)
{
    if (extraPpm == 0 || value == 0) {
        return value;
    }
    std::int64_t product = 0;
    if (!__builtin_mul_overflow(value, kPpmOne + extraPpm, &product) && product <= INT64_MAX - kPpmOne) {
        return std::min<Ns>((product + kPpmOne - 1) / kPpmOne, kTimeCapNs);
    }
    WideInt v = static_cast<WideInt>(value) * (kPpmOne + extraPpm);
    v = (v + kPpmOne - 1) / kPpmOne;
    return static_cast<Ns>(std::min<WideInt>(v, kTimeCapNs));
}

/// Channel free times kept sorted ascending in a ring (a[head] is the earliest), so taking the
/// earliest channel and putting back its new free time costs O(1) in the common case where the
/// new time is the latest. The general representation, for any channel count.
struct SortedRing {
    Ns* a;
    std::size_t count;
    std::size_t head;

    Ns earliest() const { return a[head]; }

    /// Number of entries later than t (walks down from the latest entry).
    std::int64_t countAbove(Ns t) const
    {
        std::int64_t above = 0;
        std::size_t p = head == 0 ? count - 1 : head - 1; // the latest entry
        for (std::size_t j = 0; j < count && a[p] > t; ++j) {
            ++above;
            p = p == 0 ? count - 1 : p - 1;
        }
        return above;
    }

    /// Replaces the earliest entry by v, keeping the order.
    void replaceEarliest(Ns v)
    {
        std::size_t slot = head; // becomes the last logical position once head advances
        head = head + 1 == count ? 0 : head + 1;
        for (std::size_t pos = count - 1; pos > 0; --pos) {
            const std::size_t previous = slot == 0 ? count - 1 : slot - 1;
            if (a[previous] <= v) {
                break;
            }
            a[slot] = a[previous];
            slot = previous;
        }
        a[slot] = v;
    }
};

// ---- Scheduler state -------------------------------------------------------------------------
//
// The loop (Simulator::runLoop) is a template over two state representations: the per-resource
// channels and the global channels. Each has a general form (sorted rings, any count up to the
// configuration limits) and branch-free fixed-size forms for the small counts the configurations
// use in practice. Every form implements the same rule of the model, and every value it returns
// equals the general form's, so the choice never changes a sample.
//
// The fixed-size forms keep free times sorted ascending in groups of four lanes, entry 0 the
// earliest; when fewer channels exist, the unused entries hold kUnusedSlot, later than any time
// (times are capped at kTimeCapNs), so they stay last and never count as the earliest.

/// Filler of unused fixed-size slots: later than every time the scheduler handles.
constexpr Ns kUnusedSlot = INT64_MAX;
static_assert(kUnusedSlot > kTimeCapNs);

/// Four free times (GCC/Clang vector extension: one AVX2 register; without AVX2 the compiler
/// splits the operations, with the same integer results). The helpers take and give groups by
/// reference, so no function passes a 32-byte vector by value, whose ABI depends on AVX.
using Lanes = std::int64_t __attribute__((vector_size(4 * sizeof(std::int64_t))));

/// Sets `group` (entries 4 * index .. 4 * index + 3) to an idle state with `channels` channels:
/// entries below `channels` free at 0, the rest unused.
inline void setIdle(Lanes& group, std::size_t index, std::size_t channels)
{
    const Lanes entry = Lanes{0, 1, 2, 3} + static_cast<std::int64_t>(4 * index);
    group = entry < static_cast<std::int64_t>(channels) ? Lanes{} : Lanes{} + kUnusedSlot;
}

/// One group of a sorted sequence a after taking out its earliest entry a[0] and putting in v,
/// for v >= a[0] (always so here: v is a completion, at or after the start, which is at or after
/// a[0]). Entry j of the new sequence is the (j + 1)-th smallest of {a[1], a[2], ..., v}:
///   v >= a[j + 1]:        a[1..j+1] are the j + 1 smallest, so it is a[j + 1];
///   a[j] <= v < a[j + 1]: a[1..j] and then v, so it is v;
///   v < a[j] (j >= 1):    a[1..j] and v are the j + 1 smallest and a[j] is their largest.
/// All three are max(a[j], min(a[j + 1], v)), so the update needs no branch. `group` holds
/// a[j..j+3] and `following` the old group after it (all kUnusedSlot past the end: then the last
/// entry becomes max(a[last], v), the v >= a[last] and v < a[last] cases above). Unused slots
/// stay kUnusedSlot: max(kUnusedSlot, min(kUnusedSlot, v)) = kUnusedSlot.
inline void replaceEarliestInGroup(Lanes& group, const Lanes& following, const Lanes& v)
{
#if defined(__clang__)
    const Lanes next = __builtin_shufflevector(group, following, 1, 2, 3, 4); // a[j+1..j+4]
#else
    const Lanes next = __builtin_shuffle(group, following, Lanes{1, 2, 3, 4}); // a[j+1..j+4]
#endif
    const Lanes low = next < v ? next : v;
    group = group > low ? group : low;
}

/// Adds to `count`, lane by lane, 1 where `group` is later than t (t <= kTimeCapNs).
inline void countLater(Lanes& count, const Lanes& group, const Lanes& t)
{
    count -= group > t; // a true comparison is -1 in its lane
}

inline std::int64_t laneSum(const Lanes& x)
{
    return x[0] + x[1] + x[2] + x[3];
}

/// One channel per resource (channels_per_resource 1): a resource's state is the free time of its
/// only channel. The FIFO rule's "previous start on the resource" never exceeds it: that channel
/// was last freed by the resource's previous collective at completion = min(start + duration,
/// kTimeCapNs) >= start (duration >= 0 and start <= kTimeCapNs), and both begin at 0. So
/// max(earliest free channel, previous start) is the free time itself.
struct SingleChannelResources {
    std::vector<Ns> free;

    SingleChannelResources(std::size_t resources, std::size_t /*channels*/) : free(resources, 0) {}
    Ns earliest(std::uint32_t r) const { return free[r]; }
    void take(std::uint32_t r, Ns /*start*/, Ns completion) { free[r] = completion; }
};

/// Two to four channels per resource: each resource's free times sorted in one group of four.
struct SmallResources {
    static constexpr std::size_t kSlots = 4;
    std::vector<Lanes> free;
    std::vector<Ns> lastStart;

    SmallResources(std::size_t resources, std::size_t channels) : free(resources), lastStart(resources, 0)
    {
        for (Lanes& group : free) {
            setIdle(group, 0, channels);
        }
    }
    /// The earliest free channel of the resource, never before its previous start (FIFO).
    Ns earliest(std::uint32_t r) const { return std::max(free[r][0], lastStart[r]); }
    void take(std::uint32_t r, Ns start, Ns completion)
    {
        const Lanes unused = Lanes{} + kUnusedSlot;
        const Lanes value = Lanes{} + completion;
        replaceEarliestInGroup(free[r], unused, value);
        lastStart[r] = start;
    }
};

/// Any number of channels per resource: a sorted ring per resource.
struct RingResources {
    std::vector<Ns> free;
    std::vector<std::uint32_t> head;
    std::vector<Ns> lastStart;
    std::size_t channels;

    RingResources(std::size_t resources, std::size_t channelsPerResource)
        : free(resources * channelsPerResource, 0), head(resources, 0), lastStart(resources, 0),
          channels(channelsPerResource)
    {
    }
    Ns earliest(std::uint32_t r) const { return std::max(free[r * channels + head[r]], lastStart[r]); }
    void take(std::uint32_t r, Ns start, Ns completion)
    {
        SortedRing ring{free.data() + r * channels, channels, head[r]};
        ring.replaceEarliest(completion);
        head[r] = static_cast<std::uint32_t>(ring.head);
        lastStart[r] = start;
    }
};

/// At most kSlots global channels (a multiple of four), sorted in kSlots / 4 groups held in
/// registers through the loop.
template <std::size_t kSlots> struct SmallGlobalChannels {
    static_assert(kSlots % 4 == 0);
    static constexpr std::size_t kGroups = kSlots / 4;
    Lanes groups[kGroups];
    std::int64_t unused; ///< kSlots - max_channels

    explicit SmallGlobalChannels(std::size_t channels) : unused(static_cast<std::int64_t>(kSlots - channels))
    {
        for (std::size_t g = 0; g < kGroups; ++g) {
            setIdle(groups[g], g, channels);
        }
    }
    Ns earliest() const { return groups[0][0]; }
    /// Channels freeing later than t (unused slots always compare later and are taken off). The
    /// general form skips the count when busyUntil <= t; that changes nothing, as every entry is
    /// a past completion or 0, so at most busyUntil.
    std::int64_t countAbove(Ns t, Ns /*busyUntil*/) const
    {
        const Lanes time = Lanes{} + t;
        Lanes later = {};
        for (std::size_t g = 0; g < kGroups; ++g) {
            countLater(later, groups[g], time);
        }
        return laneSum(later) - unused;
    }
    void replaceEarliest(Ns v)
    {
        const Lanes value = Lanes{} + v;
        const Lanes unused = Lanes{} + kUnusedSlot;
        for (std::size_t g = 0; g < kGroups; ++g) {
            // groups[g + 1] is still the old one here: ascending g reads it before rewriting it.
            replaceEarliestInGroup(groups[g], g + 1 < kGroups ? groups[g + 1] : unused, value);
        }
    }
};

/// Any number of global channels: a sorted ring.
struct RingGlobalChannels {
    std::vector<Ns> free;
    SortedRing ring;

    explicit RingGlobalChannels(std::size_t channels) : free(channels, 0), ring{free.data(), channels, 0} {}
    RingGlobalChannels(const RingGlobalChannels&) = delete;
    RingGlobalChannels& operator=(const RingGlobalChannels&) = delete;
    Ns earliest() const { return ring.earliest(); }
    /// When busyUntil <= t every channel is free by t: no walk needed.
    std::int64_t countAbove(Ns t, Ns busyUntil) const { return busyUntil > t ? ring.countAbove(t) : 0; }
    void replaceEarliest(Ns v) { ring.replaceEarliest(v); }
};

class Simulator {
public:
    Simulator(const PreparedReplay& prepared, const BackendConfig& config)
        : p_(prepared), c_(config), protocol_(prepared.protocol)
    {
        noTail_ = protocol_.ablations.has(Ablation::RareTailWindows);
        alpha_.resize(p_.costInputs.size());
        beta_.resize(p_.costInputs.size());
        // The per-sharer table costs kSharerTable entries per cost class: kept only while that is
        // small next to the trace (traces with a cost class per event compute durations directly).
        tabled_ = p_.costInputs.size() * kSharerTable <= std::max<std::size_t>(p_.eventCount(), 4096);
        if (tabled_) {
            shared_.resize(p_.costInputs.size() * kSharerTable);
        }
        for (std::size_t k = 0; k < p_.costInputs.size(); ++k) {
            const auto& in = p_.costInputs[k];
            CollectiveCost cost = collectiveCost(in.kind, in.bytes, in.ranks, c_);
            alpha_[k] = cost.alpha;
            beta_[k] = cost.beta;
            // The uncontended duration for each small sharer count, exactly as the loop computes
            // it, and its fixed-point reciprocal (0 from kReciprocalLimit on).
            for (std::size_t sharers = 1; tabled_ && sharers < kSharerTable; ++sharers) {
                const Ns beta = scaleUp(cost.beta, c_.contentionPpm * static_cast<std::int64_t>(sharers - 1));
                const Ns uncontended = std::min<Ns>(cost.alpha + beta, kTimeCapNs);
                const auto divisor = static_cast<std::uint64_t>(std::max<Ns>(uncontended, 1));
                shared_[k * kSharerTable + sharers] =
                    SharedCost{uncontended, uncontended < kReciprocalLimit ? reciprocalOf(divisor) : 0};
            }
        }
        // The tail probability's base and contention terms for each sharer count (the contention
        // term, min(1, (sharers - 1) / 4), stops growing at five sharers), summed as
        // tail_noise::probabilityPpm sums them.
        for (std::int64_t sharers = 1; sharers < kTailBaseSize; ++sharers) {
            const std::int64_t contentionPpm = std::min<std::int64_t>((sharers - 1) * (kPpmOne / 4), kPpmOne);
            tailBase_[sharers] = c_.tail.probabilityPpm + c_.tail.contentionGainPpm * contentionPpm / kPpmOne;
        }
        channels_ = static_cast<std::size_t>(c_.channelsPerResource);
        slots_ = static_cast<std::size_t>(c_.maxChannels);
    }

    void run(SampleColumns& s, Progress& progress)
    {
        const std::size_t n = p_.eventCount();
        const std::uint32_t iterations = protocol_.iterations;
        s.eventCount = n;
        s.iterations = iterations;
        const std::size_t total = n * iterations;
        // Every element is written below; resizing a reused buffer of the same size costs nothing,
        // and a fresh one is advised huge pages before its first touch.
        resizeAdvised(s.start, total);
        resizeAdvised(s.queueWait, total);
        resizeAdvised(s.rankWait, total);
        resizeAdvised(s.duration, total);
        resizeAdvised(s.hidden, total);
        resizeAdvised(s.flags, total);
        for (std::uint32_t iteration = 0; iteration < iterations; ++iteration) {
            const std::uint64_t key = tail_noise::iterationKey(protocol_.seed, iteration);
            if (protocol_.isolated) {
                runIsolated(s, iteration, key, progress);
            } else {
                runContextual(s, iteration, key, progress);
            }
        }
    }

private:
    void progressTick(std::size_t done, std::uint32_t iteration, Progress& progress) const
    {
        progress.check();
        const double total = static_cast<double>(p_.eventCount()) * protocol_.iterations;
        if (total > 0) {
            progress.report(
                (static_cast<double>(iteration) * static_cast<double>(p_.eventCount()) + static_cast<double>(done)) /
                    total,
                "replaying under " + c_.name);
        }
    }

    Ns applyTail(Ns duration, std::uint64_t noiseKey, std::uint64_t key, const tail_noise::TailContext& context,
                 std::uint8_t& flags) const
    {
        if (noTail_) {
            return duration;
        }
        const std::int64_t probability = tail_noise::probabilityPpm(c_.tail, context);
        if (probability <= 0) {
            return duration;
        }
        const std::uint64_t d = tail_noise::draw(noiseKey, key);
        if (!tail_noise::fires(d, probability)) {
            return duration;
        }
        flags |= kSampleTailHit;
        return std::min<Ns>(duration + tail_noise::extraNs(duration, c_.tail, d), kTimeCapNs);
    }

    void runIsolated(SampleColumns& s, std::uint32_t iteration, std::uint64_t key, Progress& progress) const
    {
        const std::size_t n = p_.eventCount();
        const std::size_t base = static_cast<std::size_t>(iteration) * n;
        const EventInput* events = p_.events.data();
        for (std::size_t i = 0; i < n; ++i) {
            if ((i & 0xffff) == 0) {
                progressTick(i, iteration, progress);
            }
            const EventInput& e = events[i];
            std::uint8_t flags = static_cast<std::uint8_t>((e.flags & kSampleCustomOp) | kSampleIdleStart);
            Ns duration = std::min<Ns>(alpha_[e.costClass] + beta_[e.costClass], kTimeCapNs);
            duration = applyTail(duration, e.noiseKey, key, tail_noise::TailContext{}, flags);
            const Ns completion = satAdd(e.issue, duration);
            const std::size_t k = base + i;
            s.start[k] = e.issue;
            s.queueWait[k] = 0;
            s.rankWait[k] = 0;
            s.duration[k] = completion - e.issue;
            s.hidden[k] = 0;
            s.flags[k] = flags;
        }
    }

    /// Picks the state representation for this configuration's channel counts. The fixed-size forms
    /// cover the counts seen in practice; any other count takes the general rings. All give the
    /// same samples (see "Scheduler state" above).
    void runContextual(SampleColumns& s, std::uint32_t iteration, std::uint64_t key, Progress& progress) const
    {
        if (channels_ == 1 && slots_ <= 16) {
            runWithGlobal<SingleChannelResources>(s, iteration, key, progress);
        } else if (channels_ <= SmallResources::kSlots && slots_ <= 16) {
            runWithGlobal<SmallResources>(s, iteration, key, progress);
        } else {
            runLoop<RingResources, RingGlobalChannels>(s, iteration, key, progress);
        }
    }

    template <class Resources>
    void runWithGlobal(SampleColumns& s, std::uint32_t iteration, std::uint64_t key, Progress& progress) const
    {
        if (slots_ <= 4) {
            runLoop<Resources, SmallGlobalChannels<4>>(s, iteration, key, progress);
        } else if (slots_ <= 8) {
            runLoop<Resources, SmallGlobalChannels<8>>(s, iteration, key, progress);
        } else {
            runLoop<Resources, SmallGlobalChannels<16>>(s, iteration, key, progress);
        }
    }

    /// One iteration of the contextual replay (core/replay/README.md, "The model"). The conditions
    /// that depend on the data (in the pressure window, overlap present, channel counts) are
    /// computed as values rather than branches where the work behind them is cheap.
    template <class Resources, class GlobalChannels>
    void runLoop(SampleColumns& s, std::uint32_t iteration, std::uint64_t key, Progress& progress) const
    {
        const std::size_t n = p_.eventCount();
        const std::size_t base = static_cast<std::size_t>(iteration) * n;
        // Scheduler state: every resource starts idle, as does every global channel.
        Resources resources(p_.resourceNames.size(), channels_);
        GlobalChannels globalChannels(slots_);
        Ns busyUntil = 0;
        const std::int64_t contention = c_.contentionPpm;
        const std::int64_t sensitivity = c_.pressureSensitivityPpm;
        const std::int64_t efficiency = c_.overlapEfficiencyPpm;
        const std::int64_t skewGain = c_.tail.skewGainPpm;
        const std::int64_t pressureGain = c_.tail.pressureGainPpm;
        const EventInput* events = p_.events.data();
        const std::uint32_t* order = p_.order.empty() ? nullptr : p_.order.data();
        const Ns* alpha = alpha_.data();
        const Ns* betaFull = beta_.data();
        Ns* outStart = s.start.data() + base;
        Ns* outQueue = s.queueWait.data() + base;
        Ns* outRank = s.rankWait.data() + base;
        Ns* outDuration = s.duration.data() + base;
        Ns* outHidden = s.hidden.data() + base;
        std::uint8_t* outFlags = s.flags.data() + base;

        // Progress is reported (and cancellation checked) once per 65536 events.
        constexpr std::size_t kProgressStride = 0x10000;
        for (std::size_t stride = 0; stride < n; stride += kProgressStride) {
            progressTick(stride, iteration, progress);
            const std::size_t strideEnd = std::min(n, stride + kProgressStride);
            for (std::size_t pos = stride; pos < strideEnd; ++pos) {
                const std::size_t i = order == nullptr ? pos : order[pos];
                const EventInput& e = events[i];
                const Ns issue = e.issue;
                const Ns ready = satAdd(issue, e.skew);
                std::uint8_t flags = static_cast<std::uint8_t>(e.flags | (busyUntil <= issue ? kSampleIdleStart : 0));

                // FIFO per resource: the earliest free channel of the resource, never before the
                // previous collective of the resource started; and a free global channel.
                const std::uint32_t r = e.resource;
                const Ns start = std::max(std::max(ready, resources.earliest(r)), globalChannels.earliest());

                // Bandwidth sharing: the collectives holding a global channel when this one starts
                // (those whose channel frees later), or the trace's declared number of concurrent
                // groups, whichever is larger.
                const std::int64_t inflight = globalChannels.countAbove(start, busyUntil);
                const std::int64_t sharers = std::max<std::int64_t>(inflight + 1, e.declaredSharers);
                const bool tabled = tabled_ && sharers < static_cast<std::int64_t>(kSharerTable);
                const std::size_t sharedClass = static_cast<std::size_t>(e.costClass) * kSharerTable +
                                                static_cast<std::size_t>(tabled ? sharers : 0);
                const SharedCost shared = tabled ? shared_[sharedClass] : SharedCost{};
                const Ns uncontended =
                    tabled
                        ? shared.uncontended
                        : std::min<Ns>(alpha[e.costClass] + scaleUp(betaFull[e.costClass], contention * (sharers - 1)),
                                       kTimeCapNs);
                Ns duration = uncontended;

                // Compute pressure: the part of the collective that runs inside the event's own
                // compute-overlap window [issue, issue + overlap) is slowed by sensitivity x pressure.
                // (Bitwise & on the conditions: one branch, only around the costly slowdown.)
                const Ns windowEnd = satAdd(issue, e.overlap);
                const bool inWindow = (e.overlap > 0) & (e.pressure > 0) & (start < windowEnd);
                if (inWindow & (sensitivity > 0)) {
                    duration = pressured(uncontended, sensitivity, e.pressure, windowEnd - start);
                }

                // Tail noise: the probability of tail_noise::probabilityPpm with its contention term
                // (and base) from the per-sharer table, compared as tail_noise::firesBelow does.
                if (!noTail_) {
                    const std::uint64_t d = tail_noise::draw(e.noiseKey, key);
                    const std::int64_t pressurePpm = inWindow ? std::min<std::int64_t>(e.pressure / 1000, kPpmOne) : 0;
                    const std::int64_t skewPpm = skewShareOrZero(e.skew, uncontended, shared.reciprocal);
                    const std::int64_t probability =
                        tailBase_[static_cast<std::size_t>(std::min<std::int64_t>(sharers, kTailBaseSize - 1))] +
                        skewGain * skewPpm / kPpmOne + pressureGain * pressurePpm / kPpmOne;
                    if (tail_noise::firesBelow(d, probability)) {
                        flags |= kSampleTailHit;
                        duration = std::min<Ns>(duration + tail_noise::extraNs(duration, c_.tail, d), kTimeCapNs);
                    }
                }

                const Ns completion = satAdd(start, duration);
                const Ns latency = completion - issue;
                outStart[i] = start;
                outQueue[i] = start - ready;
                outRank[i] = ready - issue;
                outDuration[i] = completion - start;
                // Hidden: min(latency, overlap) x efficiency when there is overlap, else mulPpm(0) = 0.
                // The choice is a mask, not a branch: which events have overlap follows the trace.
                const Ns overlapMask = -static_cast<Ns>(e.overlap > 0);
                outHidden[i] = mulPpm(std::min(latency, e.overlap) & overlapMask, efficiency);
                outFlags[i] = flags;

                resources.take(r, start, completion);
                globalChannels.replaceEarliest(completion);
                busyUntil = std::max(busyUntil, completion);
            }
        }
    }

    /// The tail context's skew term, min(1, skew / uncontended) in ppm (floor), 0 without skew:
    /// skewShare's value for skew > 0, without branches or a divide instruction when a reciprocal
    /// is kept. With d = max(uncontended, 1) it is floor(x / d) for x = min(skew, d) * 10^6:
    /// skew >= d gives 10^6 (as skewShare does for skew >= uncontended, also when uncontended is
    /// 0), skew 0 gives 0. Reciprocals are kept only for d below kReciprocalLimit, so x < 2^63
    /// as divideByReciprocal requires.
    static Ns skewShareOrZero(Ns skew, Ns uncontended, std::uint64_t reciprocal)
    {
        if (reciprocal != 0) {
            const Ns divisor = std::max<Ns>(uncontended, 1);
            const auto x = static_cast<std::uint64_t>(std::min(skew, divisor) * kPpmOne);
            return static_cast<Ns>(divideByReciprocal(x, static_cast<std::uint64_t>(divisor), reciprocal));
        }
        return skew > 0 ? skewShare(skew, uncontended) : 0;
    }

    /// min(1, skew / uncontended) in ppm, floor, for skew > 0: the general form, with a 64- or
    /// 128-bit quotient.
    static Ns skewShare(Ns skew, Ns uncontended)
    {
        if (skew >= uncontended) {
            return kPpmOne;
        }
        return mulDiv(skew, kPpmOne, std::max<Ns>(uncontended, 1));
    }

    /// Duration of a collective of uncontended length whose first `window` ns run under compute
    /// pressure: slowed by 1 + sensitivity x pressure inside the window, full speed after it.
    static Ns pressured(Ns uncontended, std::int64_t sensitivity, std::int64_t pressure, Ns window)
    {
        // ceil(sensitivity [ppm] * pressure [1e-9]) in ppm, capped at a 10^6-fold slowdown.
        std::int64_t slowPpm = 0;
        if (__builtin_mul_overflow(sensitivity, pressure, &slowPpm) || slowPpm > INT64_MAX - 999'999'999) {
            slowPpm = 1'000'000'000'000;
        } else {
            slowPpm = std::min<std::int64_t>((slowPpm + 999'999'999) / 1'000'000'000, 1'000'000'000'000);
        }
        const Ns slowed = scaleUp(uncontended, slowPpm);
        if (slowed <= window) {
            return slowed;
        }
        const Ns workDone = mulDiv(window, kPpmOne, kPpmOne + slowPpm);
        return std::min<Ns>(window + (uncontended - workDone), kTimeCapNs);
    }

    const PreparedReplay& p_;
    const BackendConfig& c_;
    const ReplayProtocol& protocol_;
    bool noTail_ = false;
    std::vector<Ns> alpha_, beta_;
    /// Sharer counts below this take their uncontended duration from a table.
    static constexpr std::size_t kSharerTable = 16;
    /// Reciprocals are kept for uncontended durations below this (about 2.6 hours), where
    /// skewShareOrZero's numerator stays below 2^63.
    static constexpr Ns kReciprocalLimit = INT64_MAX / kPpmOne;
    /// Per cost class and sharer count (index class * kSharerTable + sharers; slot 0 unused): the
    /// uncontended duration and its reciprocal for skewShareOrZero, or 0.
    struct SharedCost {
        Ns uncontended = 0;
        std::uint64_t reciprocal = 0;
    };
    bool tabled_ = false;
    std::vector<SharedCost> shared_;
    /// Per sharer count (index min(sharers, 5); 0 unused): tail base probability + contention term.
    static constexpr std::int64_t kTailBaseSize = 6;
    std::int64_t tailBase_[kTailBaseSize] = {};
    std::size_t channels_ = 1;
    std::size_t slots_ = 1;
};

} // namespace

EventSample SampleColumns::at(std::size_t k) const
{
    EventSample e;
    e.event = static_cast<std::uint32_t>(k % eventCount);
    e.iteration = static_cast<std::uint32_t>(k / eventCount);
    e.start = start[k];
    e.queueWait = queueWait[k];
    e.rankWait = rankWait[k];
    e.duration = duration[k];
    e.hidden = hidden[k];
    e.completion = start[k] + duration[k];
    e.issue = start[k] - queueWait[k] - rankWait[k];
    e.latency = latency(k);
    e.exposed = e.latency - e.hidden;
    e.flags = flags[k];
    return e;
}

SampleColumns simulateConfiguration(const PreparedReplay& prepared, const BackendConfig& config, Progress& progress)
{
    SampleColumns samples;
    simulateConfiguration(prepared, config, progress, samples);
    return samples;
}

void simulateConfiguration(const PreparedReplay& prepared, const BackendConfig& config, Progress& progress,
                           SampleColumns& into)
{
    Simulator simulator(prepared, config);
    simulator.run(into, progress);
}

} // namespace cc
