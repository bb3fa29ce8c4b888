// simulateConfiguration: the scheduler model proper. See core/replay/README.md for the rules.
#include "core/replay/simulator.h"

#include "core/replay/cost_model.h"
#include "core/replay/tail_noise.h"
#include "core/replay/wide_int.h"

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

/// floor(x / c) for 0 <= x < 2^52 and c > 0, from an estimate of 1 / c (a multiplication instead
/// of a division): the estimate only chooses where the exact integer correction starts, and the
/// correction steps until q * c <= x < (q + 1) * c, so the result is the integer quotient whatever
/// the estimate's rounding. The estimate is within a few units of x / c, so q * c stays far below
/// 2^63.
inline std::int64_t divideFloorWithInverse(std::int64_t x, std::int64_t c, double inverse)
{
    auto q = static_cast<std::int64_t>(static_cast<double>(x) * inverse);
    while (q > 0 && q * c > x) {
        --q;
    }
    while (x - q * c >= c) {
        ++q;
    }
    return q;
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
/// new time is the latest.
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
            uncontended_.resize(p_.costInputs.size() * kSharerTable);
            inverse_.resize(p_.costInputs.size() * kSharerTable);
        }
        for (std::size_t k = 0; k < p_.costInputs.size(); ++k) {
            const auto& in = p_.costInputs[k];
            CollectiveCost cost = collectiveCost(in.kind, in.bytes, in.ranks, c_);
            alpha_[k] = cost.alpha;
            beta_[k] = cost.beta;
            // The uncontended duration for each small sharer count, exactly as the loop computes
            // it, and an estimate of its reciprocal.
            for (std::size_t sharers = 1; tabled_ && sharers < kSharerTable; ++sharers) {
                const Ns beta = scaleUp(cost.beta, c_.contentionPpm * static_cast<std::int64_t>(sharers - 1));
                const Ns uncontended = std::min<Ns>(cost.alpha + beta, kTimeCapNs);
                uncontended_[k * kSharerTable + sharers] = uncontended;
                inverse_[k * kSharerTable + sharers] = 1.0 / static_cast<double>(std::max<Ns>(uncontended, 1));
            }
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
        // Every element is written below; resizing a reused buffer of the same size costs nothing.
        s.start.resize(total);
        s.queueWait.resize(total);
        s.rankWait.resize(total);
        s.duration.resize(total);
        s.hidden.resize(total);
        s.flags.resize(total);
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

    void runContextual(SampleColumns& s, std::uint32_t iteration, std::uint64_t key, Progress& progress) const
    {
        const std::size_t n = p_.eventCount();
        const std::size_t base = static_cast<std::size_t>(iteration) * n;
        const std::size_t resources = p_.resourceNames.size();
        // Scheduler state: every resource starts idle, as does every global channel.
        std::vector<Ns> channelFree(resources * channels_, 0);
        std::vector<std::uint32_t> channelHead(resources, 0);
        std::vector<Ns> lastStart(resources, 0);
        std::vector<Ns> slotFree(slots_, 0);
        SortedRing globalChannels{slotFree.data(), slots_, 0};
        Ns busyUntil = 0;
        const std::int64_t contention = c_.contentionPpm;
        const std::int64_t sensitivity = c_.pressureSensitivityPpm;
        const std::int64_t efficiency = c_.overlapEfficiencyPpm;
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

        for (std::size_t pos = 0; pos < n; ++pos) {
            if ((pos & 0xffff) == 0) {
                progressTick(pos, iteration, progress);
            }
            const std::size_t i = order == nullptr ? pos : order[pos];
            const EventInput& e = events[i];
            std::uint8_t flags = e.flags;
            const Ns issue = e.issue;
            const Ns ready = satAdd(issue, e.skew);
            if (busyUntil <= issue) {
                flags |= kSampleIdleStart;
            }

            // FIFO per resource: the earliest free channel of the resource, never before the
            // previous collective of the resource started; and a free global channel.
            const std::uint32_t r = e.resource;
            SortedRing channels{channelFree.data() + static_cast<std::size_t>(r) * channels_, channels_,
                                channelHead[r]};
            const Ns start =
                std::max(std::max(ready, channels.earliest()), std::max(globalChannels.earliest(), lastStart[r]));

            // Bandwidth sharing: the collectives holding a global channel when this one starts
            // (those whose channel frees later), or the trace's declared number of concurrent
            // groups, whichever is larger.
            const std::int64_t inflight = busyUntil > start ? globalChannels.countAbove(start) : 0;
            const std::int64_t sharers = std::max<std::int64_t>(inflight + 1, e.declaredSharers);
            const bool tabled = tabled_ && sharers < static_cast<std::int64_t>(kSharerTable);
            const std::size_t sharedClass =
                static_cast<std::size_t>(e.costClass) * kSharerTable + static_cast<std::size_t>(tabled ? sharers : 0);
            const Ns uncontended =
                tabled ? uncontended_[sharedClass]
                       : std::min<Ns>(alpha[e.costClass] + scaleUp(betaFull[e.costClass], contention * (sharers - 1)),
                                      kTimeCapNs);
            Ns duration = uncontended;

            // Compute pressure: the part of the collective that runs inside the event's own
            // compute-overlap window [issue, issue + overlap) is slowed by sensitivity x pressure.
            tail_noise::TailContext context;
            if (e.overlap > 0 && e.pressure > 0) {
                const Ns windowEnd = satAdd(issue, e.overlap);
                if (start < windowEnd) {
                    context.pressurePpm = std::min<std::int64_t>(e.pressure / 1000, kPpmOne);
                    if (sensitivity > 0) {
                        duration = pressured(uncontended, sensitivity, e.pressure, windowEnd - start);
                    }
                }
            }
            if (e.skew > 0) {
                context.skewPpm = skewShare(e.skew, uncontended, tabled ? inverse_[sharedClass] : 0.0);
            }
            context.contentionPpm = std::min<std::int64_t>((sharers - 1) * (kPpmOne / 4), kPpmOne);
            duration = applyTail(duration, e.noiseKey, key, context, flags);

            const Ns completion = satAdd(start, duration);
            const Ns latency = completion - issue;
            outStart[i] = start;
            outQueue[i] = start - ready;
            outRank[i] = ready - issue;
            outDuration[i] = completion - start;
            outHidden[i] = e.overlap > 0 ? mulPpm(std::min(latency, e.overlap), efficiency) : 0;
            outFlags[i] = flags;

            channels.replaceEarliest(completion);
            channelHead[r] = static_cast<std::uint32_t>(channels.head);
            lastStart[r] = start;
            globalChannels.replaceEarliest(completion);
            busyUntil = std::max(busyUntil, completion);
        }
    }

    /// min(1, skew / uncontended) in ppm, floor. `inverse` estimates 1 / uncontended (0 when no
    /// estimate is kept): then no divide instruction is needed, and the result is exact either way.
    static Ns skewShare(Ns skew, Ns uncontended, double inverse)
    {
        if (skew >= uncontended) {
            return kPpmOne;
        }
        constexpr std::int64_t kExactLimit = std::int64_t{1} << 52;
        const Ns divisor = std::max<Ns>(uncontended, 1);
        if (inverse > 0.0 && skew < kExactLimit / kPpmOne) {
            return divideFloorWithInverse(skew * kPpmOne, divisor, inverse);
        }
        return mulDiv(skew, kPpmOne, divisor);
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
    /// Per cost class and sharer count (index class * kSharerTable + sharers; slot 0 unused): the
    /// uncontended duration and an estimate of its reciprocal (the estimate never decides a result).
    bool tabled_ = false;
    std::vector<Ns> uncontended_;
    std::vector<double> inverse_;
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
