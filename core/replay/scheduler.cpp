// simulateConfiguration: the scheduler model proper. See core/replay/README.md for the rules.
#include "core/replay/simulator.h"

#include "core/replay/cost_model.h"
#include "core/replay/reciprocal.h"
#include "core/replay/tail_noise.h"
#include "core/util/wide_int.h"
#include "core/util/fresh_memory.h"

#include <algorithm>
#include <array>
#include <span>
#include <stdexcept>
#include <string>

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

/// floor(x / d) for 0 <= x and a constant d > 0: unsigned, so the division by a constant is a
/// multiply and a shift without the sign correction a signed quotient needs.
template <std::int64_t d> inline std::int64_t floorDiv(std::int64_t x)
{
    static_assert(d > 0);
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(x) / static_cast<std::uint64_t>(d));
}

/// floor(a * ppm / 10^6) for a, ppm >= 0 (division by a constant: no divide instruction).
inline Ns mulPpm(std::int64_t a, std::int64_t ppm)
{
    std::int64_t product = 0;
    if (!__builtin_mul_overflow(a, ppm, &product)) {
        return floorDiv<kPpmOne>(product);
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
    /// Channels freeing later than t (unused slots always compare later and are taken off). When
    /// busyUntil <= t every entry (a past completion or 0, so at most busyUntil) is free by t and
    /// the count is 0 without comparing, as in the general form. The test is a branch on purpose:
    /// a scheduler is idle or busy for stretches of events, so it is predicted, and while the
    /// scheduler is idle the count leaves the chain that runs from one event's completion to the
    /// next event's start (BM_SimulateOnly/1000000: 173 -> 147 ms).
    std::int64_t countAbove(Ns t, Ns busyUntil) const
    {
        if (busyUntil <= t) {
            return 0;
        }
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

    /// Replays every iteration under this configuration alone.
    void run(SampleColumns& s, Progress& progress) const
    {
        const std::array<const Simulator*, 1> self{this};
        const std::array<SampleColumns*, 1> out{&s};
        runTogether(self, out, progress);
    }

    /// Replays every iteration under one or two configurations of the same prepared trace, in
    /// lockstep when there are two (see "Lockstep" in core/replay/README.md): each event's inputs
    /// are read, and its configuration-independent terms computed, once for both. Each
    /// configuration's samples are exactly those of a replay of it alone.
    static void runTogether(std::span<const Simulator* const> sims, std::span<SampleColumns* const> into,
                            Progress& progress)
    {
        const Simulator& first = *sims[0];
        const std::size_t n = first.p_.eventCount();
        const std::uint32_t iterations = first.protocol_.iterations;
        const std::size_t total = n * iterations;
        for (SampleColumns* s : into) {
            s->eventCount = n;
            s->iterations = iterations;
            // Every element is written below; resizing a reused buffer of the same size costs
            // nothing, and a fresh one is prepared for its first touch (prepareFreshMemory).
            s->times = first.p_.times;
            resizeAdvised(s->queueWait, total);
            resizeAdvised(s->latency, total);
            resizeAdvised(s->hidden, total);
            resizeAdvised(s->flags, total);
        }
        for (std::uint32_t iteration = 0; iteration < iterations; ++iteration) {
            const std::uint64_t key = tail_noise::iterationKey(first.protocol_.seed, iteration);
            if (first.protocol_.isolated) {
                for (std::size_t c = 0; c < sims.size(); ++c) {
                    sims[c]->runIsolated(*into[c], iteration, key, progress);
                }
            } else if (sims.size() == 1) {
                dispatch<1>(first.form(), {&first}, {into[0]}, iteration, key, progress);
            } else {
                const StateForm form = StateForm::common(sims[0]->form(), sims[1]->form());
                dispatch<2>(form, {sims[0], sims[1]}, {into[0], into[1]}, iteration, key, progress);
            }
        }
    }

    /// The scheduler-state representation a configuration's channel counts take: the fixed-size
    /// forms cover the counts seen in practice; any other count takes the general rings. All give
    /// the same samples (see "Scheduler state" above), so two configurations can share the larger
    /// of their forms.
    struct StateForm {
        enum class Resources : std::uint8_t { Single, Small, Ring } resources = Resources::Ring;
        std::size_t globalSlots = 0; ///< 4, 8 or 16 for the fixed-size global channels, 0 for the ring

        bool fixed() const { return resources != Resources::Ring && globalSlots != 0; }
        static StateForm common(StateForm a, StateForm b)
        {
            StateForm f;
            f.resources = std::max(a.resources, b.resources);
            f.globalSlots = std::max(a.globalSlots, b.globalSlots);
            return f;
        }
    };

    static StateForm formOf(const BackendConfig& config)
    {
        StateForm f;
        const auto channels = static_cast<std::size_t>(config.channelsPerResource);
        const auto slots = static_cast<std::size_t>(config.maxChannels);
        if (slots <= 16 && channels <= SmallResources::kSlots) {
            f.resources = channels == 1 ? StateForm::Resources::Single : StateForm::Resources::Small;
            f.globalSlots = slots <= 4 ? 4 : slots <= 8 ? 8 : 16;
        }
        return f;
    }
    StateForm form() const { return formOf(c_); }

private:
    void progressTick(std::size_t done, std::uint32_t iteration, Progress& progress, const std::string& names) const
    {
        progress.check();
        const double total = static_cast<double>(p_.eventCount()) * protocol_.iterations;
        if (total > 0) {
            progress.report(
                (static_cast<double>(iteration) * static_cast<double>(p_.eventCount()) + static_cast<double>(done)) /
                    total,
                "replaying under " + names);
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
        const EventInput* events = p_.events->data();
        const Ns* issues = p_.times->issue.data();
        for (std::size_t i = 0; i < n; ++i) {
            if ((i & 0xffff) == 0) {
                progressTick(i, iteration, progress, c_.name);
            }
            const EventInput& e = events[i];
            std::uint8_t flags = static_cast<std::uint8_t>((e.flags & kSampleCustomOp) | kSampleIdleStart);
            Ns duration = std::min<Ns>(alpha_[e.costClass] + beta_[e.costClass], kTimeCapNs);
            duration = applyTail(duration, e.noiseKey, key, tail_noise::TailContext{}, flags);
            const Ns completion = satAdd(issues[i], duration);
            const std::size_t k = base + i;
            s.queueWait[k] = 0; // starts at issue: no skew (prepareReplay drops it) and no queue
            s.latency[k] = completion - issues[i];
            s.hidden[k] = 0;
            s.flags[k] = flags;
        }
    }

    /// Runs the lane loop with the state representation `form` names.
    template <std::size_t N>
    static void dispatch(StateForm form, const std::array<const Simulator*, N>& sims,
                         const std::array<SampleColumns*, N>& into, std::uint32_t iteration, std::uint64_t key,
                         Progress& progress)
    {
        using R = StateForm::Resources;
        if (!form.fixed()) {
            if constexpr (N == 1) {
                runLanes<RingResources, RingGlobalChannels, N>(sims, into, iteration, key, progress);
                return;
            } else {
                // lockstepRuns pairs fixed-size forms only; anything else is a defect here.
                throw std::logic_error("lockstep replay of the general scheduler state");
            }
        }
        if (form.resources == R::Single) {
            dispatchGlobal<SingleChannelResources, N>(form, sims, into, iteration, key, progress);
        } else {
            dispatchGlobal<SmallResources, N>(form, sims, into, iteration, key, progress);
        }
    }

    template <class Resources, std::size_t N>
    static void dispatchGlobal(StateForm form, const std::array<const Simulator*, N>& sims,
                               const std::array<SampleColumns*, N>& into, std::uint32_t iteration, std::uint64_t key,
                               Progress& progress)
    {
        if (form.globalSlots == 4) {
            runLanes<Resources, SmallGlobalChannels<4>, N>(sims, into, iteration, key, progress);
        } else if (form.globalSlots == 8) {
            runLanes<Resources, SmallGlobalChannels<8>, N>(sims, into, iteration, key, progress);
        } else {
            runLanes<Resources, SmallGlobalChannels<16>, N>(sims, into, iteration, key, progress);
        }
    }

    /// One configuration's share of the lane loop: its scheduler state (every resource and every
    /// global channel starts idle) and where its samples of this iteration go.
    template <class Resources, class GlobalChannels> struct Lane {
        GlobalChannels globalChannels; // first: the fixed-size forms are 32-byte aligned
        Resources resources;
        const Simulator& sim;
        Ns busyUntil = 0;
        Ns* outQueue;
        Ns* outLatency;
        Ns* outHidden;
        std::uint8_t* outFlags;

        Lane(const Simulator& s, SampleColumns& out, std::size_t base)
            : globalChannels(s.slots_), resources(s.p_.resourceNames.size(), s.channels_), sim(s),
              outQueue(out.queueWait.data() + base), outLatency(out.latency.data() + base),
              outHidden(out.hidden.data() + base), outFlags(out.flags.data() + base)
        {
        }
    };

    /// The terms of one event that do not depend on the configuration, computed once per event
    /// for every lane.
    struct EventTerms {
        Ns issue;               ///< the first rank arrives
        Ns skew;                ///< the modelled rank wait
        Ns ready;               ///< the last rank arrives
        Ns windowEnd;           ///< end of the event's compute-overlap window
        bool pressureBase;      ///< overlap and pressure both present
        Ns overlapMask;         ///< all ones when the event has overlap, else 0
        std::uint64_t draw;     ///< the tail-noise draw of this event and iteration
        std::int64_t threshold; ///< tail_noise::drawThresholdPpm(draw): the tail fires below it
    };

    /// One iteration of the contextual replay (core/replay/README.md, "The model") under N
    /// configurations (1 or 2) in lockstep.
    template <class Resources, class GlobalChannels, std::size_t N>
    static void runLanes(const std::array<const Simulator*, N>& sims, const std::array<SampleColumns*, N>& into,
                         std::uint32_t iteration, std::uint64_t key, Progress& progress)
    {
        const Simulator& first = *sims[0];
        const PreparedReplay& p = first.p_;
        const std::size_t n = p.eventCount();
        const std::size_t base = static_cast<std::size_t>(iteration) * n;
        const bool noTail = first.noTail_; // a protocol setting: the same for every lane
        std::string names = first.c_.name;
        for (std::size_t c = 1; c < N; ++c) {
            names += ", " + sims[c]->c_.name;
        }
        // The lanes are built in place (returned prvalues are never copied: the ring forms cannot be).
        using L = Lane<Resources, GlobalChannels>;
        auto lanes = [&] {
            if constexpr (N == 1) {
                return std::array<L, 1>{L(*sims[0], *into[0], base)};
            } else {
                return std::array<L, 2>{L(*sims[0], *into[0], base), L(*sims[1], *into[1], base)};
            }
        }();
        const EventInput* events = p.events->data();
        const Ns* issues = p.times->issue.data();
        const Ns* skews = p.times->skew.data();
        const std::uint32_t* order = p.order.empty() ? nullptr : p.order.data();

        // Progress is reported (and cancellation checked) once per 65536 events.
        constexpr std::size_t kProgressStride = 0x10000;
        for (std::size_t stride = 0; stride < n; stride += kProgressStride) {
            first.progressTick(stride, iteration, progress, names);
            const std::size_t strideEnd = std::min(n, stride + kProgressStride);
            for (std::size_t pos = stride; pos < strideEnd; ++pos) {
                const std::size_t i = order == nullptr ? pos : order[pos];
                const EventInput& e = events[i];
                EventTerms t;
                t.issue = issues[i];
                t.skew = skews[i];
                t.ready = readyTime(t.issue, t.skew);
                t.windowEnd = satAdd(t.issue, e.overlap);
                t.pressureBase = (e.overlap > 0) & (e.pressure > 0);
                // The choice is a mask, not a branch: which events have overlap follows the trace.
                t.overlapMask = -static_cast<Ns>(e.overlap > 0);
                t.draw = noTail ? 0 : tail_noise::draw(e.noiseKey, key);
                t.threshold = tail_noise::drawThresholdPpm(t.draw);
                // Written out rather than looped, so each lane's state is a set of named values
                // the compiler can keep in registers, and the two lanes' steps interleave.
                lanes[0].sim.step(lanes[0], e, t, i, noTail);
                if constexpr (N == 2) {
                    lanes[1].sim.step(lanes[1], e, t, i, noTail);
                }
            }
        }
    }

    /// One event under this lane's configuration. The conditions that depend on the data (in the
    /// pressure window, overlap present, channel counts) are computed as values rather than
    /// branches where the work behind them is cheap.
    template <class Resources, class GlobalChannels>
    [[gnu::always_inline]] inline void step(Lane<Resources, GlobalChannels>& lane, const EventInput& e,
                                            const EventTerms& t, std::size_t i, bool noTail) const
    {
        std::uint8_t flags = static_cast<std::uint8_t>(e.flags | (lane.busyUntil <= t.issue ? kSampleIdleStart : 0));

        // FIFO per resource: the earliest free channel of the resource, never before the previous
        // collective of the resource started; and a free global channel.
        const std::uint32_t r = e.resource;
        const Ns start = std::max(std::max(t.ready, lane.resources.earliest(r)), lane.globalChannels.earliest());

        // Bandwidth sharing: the collectives holding a global channel when this one starts (those
        // whose channel frees later), or the trace's declared number of concurrent groups,
        // whichever is larger.
        const std::int64_t inflight = lane.globalChannels.countAbove(start, lane.busyUntil);
        const std::int64_t sharers = std::max<std::int64_t>(inflight + 1, e.declaredSharers);
        const bool tabled = tabled_ && sharers < static_cast<std::int64_t>(kSharerTable);
        const std::size_t sharedClass =
            static_cast<std::size_t>(e.costClass) * kSharerTable + static_cast<std::size_t>(tabled ? sharers : 0);
        const SharedCost shared = tabled ? shared_[sharedClass] : SharedCost{};
        const Ns uncontended =
            tabled ? shared.uncontended
                   : std::min<Ns>(alpha_[e.costClass] + scaleUp(beta_[e.costClass], c_.contentionPpm * (sharers - 1)),
                                  kTimeCapNs);
        Ns duration = uncontended;

        // Compute pressure: the part of the collective that runs inside the event's own
        // compute-overlap window [issue, issue + overlap) is slowed by sensitivity x pressure.
        // (Bitwise & on the conditions: one branch, only around the costly slowdown.)
        const bool inWindow = t.pressureBase & (start < t.windowEnd);
        if (inWindow & (c_.pressureSensitivityPpm > 0)) {
            duration = pressured(uncontended, c_.pressureSensitivityPpm, e.pressure, t.windowEnd - start);
        }

        // Tail noise: the probability of tail_noise::probabilityPpm with its contention term (and
        // base) from the per-sharer table, compared uncapped with the event's threshold (see
        // tail_noise::drawThresholdPpm, computed once per event for every lane).
        if (!noTail) {
            // (inWindow implies pressure > 0; the gains are at most 10^6 and the shares at most
            // 10^6, so every product below is non-negative and far from overflow.)
            const std::int64_t pressurePpm = inWindow ? std::min<std::int64_t>(floorDiv<1000>(e.pressure), kPpmOne) : 0;
            const std::int64_t skewPpm = skewShareOrZero(t.skew, uncontended, shared.reciprocal);
            const std::int64_t probability =
                tailBase_[static_cast<std::size_t>(std::min<std::int64_t>(sharers, kTailBaseSize - 1))] +
                floorDiv<kPpmOne>(c_.tail.skewGainPpm * skewPpm) +
                floorDiv<kPpmOne>(c_.tail.pressureGainPpm * pressurePpm);
            if (t.threshold < probability) {
                flags |= kSampleTailHit;
                duration = std::min<Ns>(duration + tail_noise::extraNs(duration, c_.tail, t.draw), kTimeCapNs);
            }
        }

        const Ns completion = satAdd(start, duration);
        const Ns latency = completion - t.issue;
        lane.outQueue[i] = start - t.ready; // start and rank wait follow from the shared event times
        lane.outLatency[i] = latency;
        // Hidden: min(latency, overlap) x efficiency when there is overlap, else mulPpm(0) = 0.
        lane.outHidden[i] = mulPpm(std::min(latency, e.overlap) & t.overlapMask, c_.overlapEfficiencyPpm);
        lane.outFlags[i] = flags;

        lane.resources.take(r, start, completion);
        lane.globalChannels.replaceEarliest(completion);
        lane.busyUntil = std::max(lane.busyUntil, completion);
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
    e.issue = issue(k);
    e.start = start(k);
    e.queueWait = queueWait[k];
    e.rankWait = rankWait(k);
    e.duration = duration(k);
    e.hidden = hidden[k];
    e.completion = e.start + e.duration;
    e.latency = latency[k];
    e.exposed = e.latency - e.hidden;
    e.flags = flags[k];
    return e;
}

bool SampleColumns::sameEventTimes(const SampleColumns& other) const
{
    if (eventCount != other.eventCount) {
        return false;
    }
    for (std::size_t i = 0; i < eventCount; ++i) {
        if (issueOf(i) != other.issueOf(i) || readyOf(i) != other.readyOf(i)) { // the same issue and rank wait
            return false;
        }
    }
    return true;
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

std::vector<std::size_t> lockstepRuns(std::span<const BackendConfig> configs, const ReplayProtocol& protocol)
{
    std::vector<std::size_t> runs;
    for (std::size_t c = 0; c < configs.size();) {
        std::size_t size = 1;
        if (!protocol.isolated && c + 1 < configs.size()) {
            const auto a = Simulator::formOf(configs[c]);
            const auto b = Simulator::formOf(configs[c + 1]);
            if (a.fixed() && b.fixed() && a.globalSlots == b.globalSlots) {
                size = 2;
            }
        }
        runs.push_back(size);
        c += size;
    }
    return runs;
}

void simulateConfigurations(const PreparedReplay& prepared, std::span<const BackendConfig> configs, Progress& progress,
                            std::span<SampleColumns* const> into)
{
    if (into.size() != configs.size()) {
        throw std::invalid_argument("simulateConfigurations: one output per configuration");
    }
    const std::vector<std::size_t> runs = lockstepRuns(configs, prepared.protocol);
    std::size_t first = 0;
    for (std::size_t run : runs) {
        SubProgress sub(progress, static_cast<double>(first) / static_cast<double>(configs.size()),
                        static_cast<double>(first + run) / static_cast<double>(configs.size()));
        if (run == 1) {
            Simulator simulator(prepared, configs[first]);
            simulator.run(*into[first], sub);
        } else {
            const Simulator a(prepared, configs[first]);
            const Simulator b(prepared, configs[first + 1]);
            const std::array<const Simulator*, 2> sims{&a, &b};
            Simulator::runTogether(sims, into.subspan(first, 2), sub);
        }
        first += run;
    }
}

void replayEach(const PreparedReplay& prepared, std::span<const BackendConfig> configs, Progress& progress,
                const std::function<void(std::size_t, const SampleColumns&, Progress&)>& visit)
{
    SampleColumns samples[2]; // reused run after run
    SampleColumns* const into[2] = {&samples[0], &samples[1]};
    const auto count = static_cast<double>(configs.size());
    std::size_t first = 0;
    for (const std::size_t run : lockstepRuns(configs, prepared.protocol)) {
        const double begin = static_cast<double>(first) / count;
        const double end = static_cast<double>(first + run) / count;
        const double replayed = begin + 0.6 * (end - begin);
        const double slice = (end - replayed) / static_cast<double>(run);
        SubProgress replaying(progress, begin, replayed);
        simulateConfigurations(prepared, configs.subspan(first, run), replaying, std::span(into, run));
        for (std::size_t k = 0; k < run; ++k) {
            const double at = replayed + slice * static_cast<double>(k);
            SubProgress visiting(progress, at, at + slice);
            visit(first + k, samples[k], visiting);
        }
        first += run;
    }
}

} // namespace cc
