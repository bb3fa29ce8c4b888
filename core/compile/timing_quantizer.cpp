#include "core/compile/timing_quantizer.h"

#include "core/canary/canary_writer.h"
#include "core/util/errors.h"
#include "core/util/wide_int.h"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <map>
#include <tuple>
#include <unordered_map>

namespace cc::compile {

/// Per-field caps (the six scalars, then one shared by every arrival); -1 where a field is free.
using MemoCaps = std::array<std::int64_t, 7>;

struct QuantizationMemo::Store {
    /// One group's finished quantization: its samples (in the order it made them) and, per event of
    /// its positions in visiting order (position, round, event of the round), the sample it took.
    struct Group {
        GroupQuantization summary;
        std::vector<CanaryTiming> samples;
        std::vector<std::uint32_t> sampleOfEvent;
        MemoCaps caps{}; ///< the caps it was cut with (round alignment reads them)
        std::optional<std::string> refusal;
    };
    /// (events compiled, the budget's caps, signature, sample limit or 0 for none)
    using GroupKey = std::tuple<std::size_t, MemoCaps, std::uint32_t, std::uint64_t>;
    /// (events compiled, signature, snapping to shared values, the caps of the pass)
    using PassKey = std::tuple<std::size_t, std::uint32_t, bool, MemoCaps>;
    std::map<GroupKey, Group> groups;
    std::map<PassKey, std::uint64_t> passSamples;
};

QuantizationMemo::QuantizationMemo() : store(std::make_unique<Store>()) {}
QuantizationMemo::~QuantizationMemo() = default;

namespace {

// Dimensions of a timing sample: six scalars, then one per arrival (sorted by rank).
enum Dim : std::size_t { kGap = 0, kComputeBefore, kOverlap, kPressure, kExposed, kSkew, kScalarDims };
// Cap slots: the six scalars, then one cap shared by every arrival.
constexpr std::size_t kArrivalCap = kScalarDims;
constexpr std::size_t kCapSlots = kScalarDims + 1;
constexpr std::uint32_t kShareOne = 1U << 16;
constexpr std::size_t kReuseWindow = 64;

const char* const kCapNames[kCapSlots] = {"gap_ns",     "compute_before_ns", "overlap_ns",       "pressure_e9",
                                          "exposed_ns", "skew_ns",           "arrival_offset_ns"};

using Caps = std::array<std::int64_t, kCapSlots>;
static_assert(std::is_same_v<Caps, MemoCaps>);

struct Position {
    std::uint64_t base = 0;   ///< first event of round 0
    std::uint64_t period = 0; ///< events between rounds
    std::uint64_t count = 0;  ///< events per round
    std::uint64_t rounds = 0;
    std::uint32_t shape = 0;
};

/// Running per-dimension statistics of a chunk.
struct Stats {
    std::vector<std::int64_t> lo, hi;
    std::vector<WideInt> sum;
    std::vector<std::uint64_t> n;

    void reset(std::size_t dims)
    {
        lo.assign(dims, std::numeric_limits<std::int64_t>::max());
        hi.assign(dims, std::numeric_limits<std::int64_t>::min());
        sum.assign(dims, 0);
        n.assign(dims, 0);
    }
    void add(std::size_t d, std::int64_t v)
    {
        lo[d] = std::min(lo[d], v);
        hi[d] = std::max(hi[d], v);
        sum[d] += v;
        ++n[d];
    }
    void merge(const Stats& o)
    {
        for (std::size_t d = 0; d < lo.size(); ++d) {
            if (o.n[d] == 0) {
                continue;
            }
            lo[d] = std::min(lo[d], o.lo[d]);
            hi[d] = std::max(hi[d], o.hi[d]);
            sum[d] += o.sum[d];
            n[d] += o.n[d];
        }
    }
};

class Quantizer {
public:
    Quantizer(const QuantizerInput& in, Progress& progress) : in_(in), progress_(progress)
    {
        result_.sampleOfEvent.assign(in.events, 0);
        buildPositions();
        budgetCaps_ = capsFromBudget(*in.budget);
    }

    QuantizerResult run()
    {
        const auto signatureCount = in_.tables->signatures().size();
        std::vector<std::vector<std::uint32_t>> positionsOf(signatureCount);
        for (std::uint32_t p = 0; p < positions_.size(); ++p) {
            positionsOf[(*in_.shapes)[positions_[p].shape].signature].push_back(p);
        }
        std::uint64_t doneEvents = 0;
        for (std::uint32_t sig = 0; sig < signatureCount; ++sig) {
            progress_.check();
            GroupQuantization g = quantizeGroup(sig, positionsOf[sig]);
            doneEvents += g.events;
            result_.groups.push_back(g);
            progress_.report(static_cast<double>(doneEvents) /
                                 static_cast<double>(std::max<std::size_t>(1, in_.events)),
                             "approximating timing within budget");
        }
        if (in_.alignmentSlack > 0) {
            alignRounds();
        }
        return std::move(result_);
    }

private:
    /// Shape spans as ranges of positions_ (body positions in order).
    struct SpanPositions {
        std::size_t firstPosition = 0;
        std::size_t bodyPositions = 0;
        std::uint64_t repeats = 1;
        std::size_t tailPositions = 0;
    };

    static Caps capsFromBudget(const TimingBudget& b)
    {
        Caps caps;
        caps.fill(-1); // -1: no cap (free)
        auto set = [&](std::size_t slot, const auto& cap) {
            if (cap) {
                caps[slot] = static_cast<std::int64_t>(*cap);
            }
        };
        set(kGap, b.gap);
        set(kComputeBefore, b.computeBefore);
        set(kOverlap, b.overlap);
        set(kPressure, b.pressure);
        set(kExposed, b.exposed);
        set(kSkew, b.skew);
        if (b.skew) {
            caps[kArrivalCap] = *b.skew / 2; // two arrivals each off by skew/2 move the skew by at most skew
        }
        return caps;
    }

    void buildPositions()
    {
        const auto& items = *in_.shapeItems;
        std::uint64_t first = 0;
        for (const auto& span : *in_.shapeSpans) {
            const std::uint64_t period = spanPeriodEvents(items, span);
            spans_.push_back({positions_.size(), span.bodyItems, span.repeats, span.tailItems});
            std::uint64_t offset = 0;
            for (std::size_t b = 0; b < span.bodyItems; ++b) {
                const auto& item = items[span.firstItem + b];
                Position p;
                p.base = first + offset;
                p.period = period;
                p.count = item.count;
                p.rounds = span.repeats + (b < span.tailItems ? 1 : 0);
                p.shape = item.token;
                positions_.push_back(p);
                offset += item.count;
            }
            first += spanEvents(items, span);
        }
    }

    std::size_t dimsOf(const Shape& shape) const { return kScalarDims + shape.arrivalCount; }

    /// Whether dimension d is carried by this shape.
    static bool present(const Shape& shape, std::size_t d)
    {
        switch (d) {
        case kGap:
            return true;
        case kComputeBefore:
            return (shape.layout & kLayoutComputeBefore) != 0;
        case kOverlap:
            return (shape.layout & kLayoutOverlap) != 0;
        case kPressure:
            return (shape.layout & kLayoutPressure) != 0;
        case kExposed:
            return (shape.layout & kLayoutExposed) != 0;
        case kSkew:
            return layoutStoresSkew(shape.layout);
        default:
            return true; // arrivals
        }
    }

    /// Adds event i's values to stats (and, while collecting, to the group's distinct values).
    void addEvent(std::size_t i, const Shape& shape, Stats& stats)
    {
        addValues(i, shape, stats);
        if (collectDistinct_) {
            for (std::size_t d = 0; d < stats.lo.size(); ++d) {
                if (lastAdded_[d]) {
                    distinct_[capSlot(d)].push_back(lastValue_[d]);
                }
            }
        }
    }

    void addValues(std::size_t i, const Shape& shape, Stats& stats)
    {
        // Which values were added is kept only while collecting distinct values (addEvent reads it).
        const bool keep = collectDistinct_;
        if (keep) {
            lastAdded_.assign(stats.lo.size(), false);
            lastValue_.resize(stats.lo.size());
        }
        auto add = [&](std::size_t d, std::int64_t v) {
            stats.add(d, v);
            if (keep) {
                lastAdded_[d] = true;
                lastValue_[d] = v;
            }
        };
        const auto& t = *in_.trace;
        if (!(in_.firstGapFree && i == 0)) {
            add(kGap, in_.gaps[i]);
        }
        if (present(shape, kComputeBefore)) {
            add(kComputeBefore, t.computeBefore[i]);
        }
        if (present(shape, kOverlap)) {
            add(kOverlap, t.computeOverlap[i]);
        }
        if (present(shape, kPressure)) {
            add(kPressure, t.pressure[i]);
        }
        if (present(shape, kExposed)) {
            add(kExposed, t.observedExposed[i]);
        }
        if (present(shape, kSkew)) {
            add(kSkew, t.skewValue[i]);
        }
        if (shape.arrivalCount > 0) {
            const auto arrivals = in_.tables->arrivals().times(i);
            for (std::size_t k = 0; k < arrivals.size() && k < shape.arrivalCount; ++k) {
                add(kScalarDims + k, arrivals[k]);
            }
        }
    }

    static std::size_t capSlot(std::size_t d) { return d < kScalarDims ? d : kArrivalCap; }

    bool fits(const Stats& a, const Stats* b, const Caps& caps) const
    {
        for (std::size_t d = 0; d < a.lo.size(); ++d) {
            std::int64_t lo = a.lo[d];
            std::int64_t hi = a.hi[d];
            if (b != nullptr && b->n[d] > 0) {
                lo = std::min(lo, b->lo[d]);
                hi = std::max(hi, b->hi[d]);
            }
            if (hi < lo) {
                continue; // no values in this dimension
            }
            const std::int64_t cap = caps[capSlot(d)];
            if (static_cast<WideInt>(hi) - lo > static_cast<WideInt>(cap) * 2) {
                return false;
            }
            if (!snap_) {
                continue;
            }
            // Snapping: one of the group's shared values must be within the cap of every member.
            const auto& shared = representatives_[capSlot(d)];
            const WideInt from = static_cast<WideInt>(hi) - cap;
            auto it = std::lower_bound(shared.begin(), shared.end(), from,
                                       [](std::int64_t v, const WideInt& bound) { return v < bound; });
            if (it == shared.end() || static_cast<WideInt>(*it) > static_cast<WideInt>(lo) + cap) {
                return false;
            }
        }
        return true;
    }

    /// Picks (reusing or making) the sample for a finished chunk and assigns its events.
    void finish(const Stats& chunk, const Shape& shape, std::uint32_t shapeIndex, const Caps& caps,
                std::vector<std::uint32_t>& groupSamples)
    {
        const std::size_t dims = chunk.lo.size();
        auto windowLo = [&](std::size_t d) -> std::int64_t {
            return chunk.n[d] == 0 ? std::numeric_limits<std::int64_t>::min() : chunk.hi[d] - caps[capSlot(d)];
        };
        auto windowHi = [&](std::size_t d) -> std::int64_t {
            return chunk.n[d] == 0 ? std::numeric_limits<std::int64_t>::max() : chunk.lo[d] + caps[capSlot(d)];
        };
        // The reuse scan compares each recent sample's flattened values against the chunk's windows,
        // only in the dimensions that can exclude it (carried by the shape, with values in the chunk).
        checkDims_.clear();
        checkLo_.clear();
        checkHi_.clear();
        for (std::size_t d = 0; d < dims; ++d) {
            if (present(shape, d) && chunk.n[d] != 0) {
                checkDims_.push_back(static_cast<std::uint32_t>(d));
                checkLo_.push_back(windowLo(d));
                checkHi_.push_back(windowHi(d));
            }
        }
        std::uint32_t chosen = kNoIndex;
        auto& recent = recentByShape_[shapeIndex];
        const std::size_t checks = checkDims_.size();
        for (std::size_t k = recent.size(); k-- > 0 && recent.size() - k <= kReuseWindow;) {
            const std::int64_t* values = scratchValues_.data() + scratchValueAt_[recent[k]];
            bool ok = true;
            for (std::size_t m = 0; m < checks && ok; ++m) {
                const std::int64_t v = values[checkDims_[m]];
                ok = v >= checkLo_[m] && v <= checkHi_[m];
            }
            if (ok) {
                chosen = recent[k];
                break;
            }
        }
        if (chosen == kNoIndex) {
            auto rep = [&](std::size_t d) -> std::int64_t {
                if (chunk.n[d] == 0) {
                    return 0; // only the free first gap: any value reaches nothing
                }
                const WideInt count = static_cast<WideInt>(chunk.n[d]);
                const WideInt mean = (chunk.sum[d] + count / 2) / count;
                const std::int64_t lo = windowLo(d);
                const std::int64_t hi = windowHi(d);
                // Prefer the group's shared value for this field nearest the mean, so that chunks
                // of different positions land on the same values and samples recur.
                const auto& shared = representatives_[capSlot(d)];
                auto at = std::lower_bound(shared.begin(), shared.end(),
                                           static_cast<std::int64_t>(std::clamp<WideInt>(mean, lo, hi)));
                std::int64_t best = 0;
                bool found = false;
                for (auto it : {at, at == shared.begin() ? shared.end() : at - 1}) {
                    if (it == shared.end() || *it < lo || *it > hi) {
                        continue;
                    }
                    const WideInt distance = mean > *it ? mean - *it : *it - mean;
                    const WideInt bestDistance = mean > best ? mean - best : best - mean;
                    if (!found || distance < bestDistance) {
                        best = *it;
                        found = true;
                    }
                }
                if (found) {
                    return best;
                }
                return static_cast<std::int64_t>(std::clamp<WideInt>(mean, lo, hi));
            };
            CanaryTiming s;
            s.layout = shape.layout;
            s.gap = rep(kGap);
            s.computeBefore = present(shape, kComputeBefore) ? rep(kComputeBefore) : kAbsentNs;
            s.overlap = present(shape, kOverlap) ? rep(kOverlap) : kAbsentNs;
            s.pressure = present(shape, kPressure) ? rep(kPressure) : kAbsentNs;
            s.exposed = present(shape, kExposed) ? rep(kExposed) : kAbsentNs;
            s.skew = present(shape, kSkew) ? rep(kSkew) : kAbsentNs;
            s.arrivalRanks = shape.arrivalRanks;
            for (std::size_t k = 0; k < shape.arrivalCount; ++k) {
                s.arrivalTimes.push_back(rep(kScalarDims + k));
            }
            chosen = static_cast<std::uint32_t>(scratchSamples_.size());
            scratchValueAt_.push_back(scratchValues_.size());
            for (std::size_t d = 0; d < dims; ++d) {
                scratchValues_.push_back(sampleValue(s, d));
            }
            scratchSamples_.push_back(std::move(s));
            recent.push_back(chosen);
            groupSamples.push_back(chosen);
        }
        for (auto event : chunkEvents_) {
            scratchAssignment_[event] = chosen;
        }
        chunkEvents_.clear();
    }

    /// One pass over a group's positions with the given caps; returns the number of samples.
    std::uint64_t pass(const std::vector<std::uint32_t>& positions, const Caps& caps,
                       std::vector<std::uint32_t>& groupSamples)
    {
        groupSamples.clear();
        scratchSamples_.clear();
        scratchValues_.clear();
        scratchValueAt_.clear();
        recentByShape_.clear();
        for (std::size_t c = 0; c < kCapSlots; ++c) {
            // Optimal one-dimensional cover of the group's values by windows of width 2 x cap:
            // the fewest shared values that put every value within the cap of one of them.
            auto& reps = representatives_[c];
            reps.clear();
            const auto& values = distinct_[c];
            for (std::size_t i = 0; i < values.size();) {
                const WideInt reach = static_cast<WideInt>(values[i]) + static_cast<WideInt>(caps[c]) * 2;
                std::size_t j = i;
                while (j + 1 < values.size() && values[j + 1] <= reach) {
                    ++j;
                }
                reps.push_back(values[i] + (values[j] - values[i]) / 2);
                i = j + 1;
            }
        }
        Stats chunk;
        Stats round;
        Stats single;
        for (auto p : positions) {
            progress_.check();
            const Position& pos = positions_[p];
            const Shape& shape = (*in_.shapes)[pos.shape];
            const std::size_t dims = dimsOf(shape);
            chunk.reset(dims);
            chunkEvents_.clear();
            for (std::uint64_t r = 0; r < pos.rounds; ++r) {
                const std::uint64_t first = pos.base + r * pos.period;
                round.reset(dims);
                for (std::uint64_t q = 0; q < pos.count; ++q) {
                    addEvent(static_cast<std::size_t>(first + q), shape, round);
                }
                if (fits(chunk, &round, caps)) {
                    chunk.merge(round);
                    for (std::uint64_t q = 0; q < pos.count; ++q) {
                        chunkEvents_.push_back(static_cast<std::size_t>(first + q));
                    }
                    continue;
                }
                if (!chunkEvents_.empty()) {
                    finish(chunk, shape, pos.shape, caps, groupSamples);
                    chunk.reset(dims);
                }
                if (fits(round, nullptr, caps)) {
                    chunk = round;
                    for (std::uint64_t q = 0; q < pos.count; ++q) {
                        chunkEvents_.push_back(static_cast<std::size_t>(first + q));
                    }
                    continue;
                }
                // The round itself is too wide: cut inside it, event by event.
                for (std::uint64_t q = 0; q < pos.count; ++q) {
                    const auto event = static_cast<std::size_t>(first + q);
                    single.reset(dims);
                    addEvent(event, shape, single);
                    if (!fits(chunk, &single, caps)) {
                        finish(chunk, shape, pos.shape, caps, groupSamples);
                        chunk.reset(dims);
                    }
                    chunk.merge(single);
                    chunkEvents_.push_back(event);
                }
            }
            if (!chunkEvents_.empty()) {
                finish(chunk, shape, pos.shape, caps, groupSamples);
            }
        }
        return groupSamples.size();
    }

    /// Per-slot (min, max) of the group's values, for loosening uncapped fields.
    std::array<std::pair<std::int64_t, std::int64_t>, kCapSlots> ranges(const std::vector<std::uint32_t>& positions)
    {
        std::array<std::pair<std::int64_t, std::int64_t>, kCapSlots> out;
        out.fill({std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::min()});
        for (auto& values : distinct_) {
            values.clear();
        }
        collectDistinct_ = true;
        Stats s;
        for (auto p : positions) {
            const Position& pos = positions_[p];
            const Shape& shape = (*in_.shapes)[pos.shape];
            s.reset(dimsOf(shape));
            for (std::uint64_t r = 0; r < pos.rounds; ++r) {
                for (std::uint64_t q = 0; q < pos.count; ++q) {
                    addEvent(static_cast<std::size_t>(pos.base + r * pos.period + q), shape, s);
                }
            }
            for (std::size_t d = 0; d < s.lo.size(); ++d) {
                if (s.n[d] == 0) {
                    continue;
                }
                auto& slot = out[capSlot(d)];
                slot.first = std::min(slot.first, s.lo[d]);
                slot.second = std::max(slot.second, s.hi[d]);
            }
        }
        collectDistinct_ = false;
        for (auto& values : distinct_) {
            std::sort(values.begin(), values.end());
            values.erase(std::unique(values.begin(), values.end()), values.end());
        }
        return out;
    }

    Caps capsAt(const std::array<std::pair<std::int64_t, std::int64_t>, kCapSlots>& range, std::uint32_t share,
                const Caps& fixed) const
    {
        Caps caps;
        for (std::size_t c = 0; c < kCapSlots; ++c) {
            if (fixed[c] >= 0) {
                caps[c] = fixed[c];
                continue;
            }
            if (range[c].second < range[c].first) {
                caps[c] = 0;
                continue;
            }
            const WideInt width = static_cast<WideInt>(range[c].second) - range[c].first;
            caps[c] = static_cast<std::int64_t>((width * share + kShareOne - 1) / kShareOne);
        }
        return caps;
    }

    GroupQuantization quantizeGroup(std::uint32_t signature, const std::vector<std::uint32_t>& positions)
    {
        const auto& sig = in_.tables->signatures()[signature];
        GroupQuantization g;
        g.signature = signature;
        g.groupHash = sig.groupHash;
        for (auto p : positions) {
            g.events += positions_[p].count * positions_[p].rounds;
        }
        const auto& budget = *in_.budget;
        auto found = budget.groupSampleLimits.find(sig.groupHash);
        if (found != budget.groupSampleLimits.end()) {
            g.limit = found->second;
        } else if (budget.sampleLimit) {
            g.limit = *budget.sampleLimit;
        }
        if (positions.empty()) {
            return g;
        }
        QuantizationMemo::Store* memo = in_.memo != nullptr ? in_.memo->store.get() : nullptr;
        const QuantizationMemo::Store::GroupKey key{in_.events, budgetCaps_, signature, g.limit.value_or(0)};
        if (memo != nullptr) {
            if (auto kept = memo->groups.find(key); kept != memo->groups.end()) {
                if (kept->second.refusal) {
                    throw NegativeResult(*kept->second.refusal);
                }
                commitGroup(positions, kept->second.samples, kept->second.sampleOfEvent);
                capsOfSignature_[signature] = kept->second.caps;
                return kept->second.summary;
            }
        }
        try {
            QuantizationMemo::Store::Group done;
            done.summary = approximateGroup(signature, positions, g, done.samples, done.sampleOfEvent, done.caps);
            commitGroup(positions, done.samples, done.sampleOfEvent);
            capsOfSignature_[signature] = done.caps;
            if (memo != nullptr) {
                return memo->groups.emplace(key, std::move(done)).first->second.summary;
            }
            return done.summary;
        } catch (const NegativeResult& e) {
            if (memo != nullptr) {
                memo->groups[key].refusal = e.what();
            }
            throw;
        }
    }

    /// Appends a group's samples to the result and gives each event of its positions (in visiting
    /// order) its sample.
    void commitGroup(const std::vector<std::uint32_t>& positions, const std::vector<CanaryTiming>& samples,
                     const std::vector<std::uint32_t>& sampleOfEvent)
    {
        const auto first = static_cast<std::uint32_t>(result_.samples.size());
        result_.samples.insert(result_.samples.end(), samples.begin(), samples.end());
        std::size_t k = 0;
        for (auto p : positions) {
            const Position& pos = positions_[p];
            for (std::uint64_t r = 0; r < pos.rounds; ++r) {
                for (std::uint64_t q = 0; q < pos.count; ++q) {
                    result_.sampleOfEvent[static_cast<std::size_t>(pos.base + r * pos.period + q)] =
                        first + sampleOfEvent[k++];
                }
            }
        }
    }

    /// The sample count of one pass with these caps (and the current snapping), from the memo when an
    /// earlier compile ran that pass; a pass run here leaves its assignment in the scratch state.
    std::uint64_t probe(std::uint32_t signature, const std::vector<std::uint32_t>& positions, const Caps& caps,
                        std::vector<std::uint32_t>& groupSamples)
    {
        QuantizationMemo::Store* memo = in_.memo != nullptr ? in_.memo->store.get() : nullptr;
        const QuantizationMemo::Store::PassKey key{in_.events, signature, snap_, caps};
        if (memo != nullptr) {
            if (auto known = memo->passSamples.find(key); known != memo->passSamples.end()) {
                return known->second;
            }
        }
        const std::uint64_t samples = pass(positions, caps, groupSamples);
        lastPass_ = std::make_pair(snap_, caps);
        if (memo != nullptr) {
            memo->passSamples.emplace(key, samples);
        }
        return samples;
    }

    /// Approximates one group within its limit: its samples, the sample of each of its events (in
    /// visiting order, as indices into samples) and the caps it was cut with.
    GroupQuantization approximateGroup(std::uint32_t signature, const std::vector<std::uint32_t>& positions,
                                       GroupQuantization g, std::vector<CanaryTiming>& samplesOut,
                                       std::vector<std::uint32_t>& sampleOfEventOut, Caps& capsOut)
    {
        std::vector<std::uint32_t> groupSamples;
        lastPass_.reset();
        const auto range = ranges(positions);
        std::uint32_t share = 0;
        // First the longest chunks (best structure); if that keeps too many samples, snap every
        // chunk to the group's shared values (fewest samples for the caps); then loosen.
        snap_ = false;
        const Caps exact = capsAt(range, 0, budgetCaps_);
        std::uint64_t samples = probe(signature, positions, exact, groupSamples);
        if (g.limit && samples > *g.limit) {
            snap_ = true;
            samples = probe(signature, positions, exact, groupSamples);
        }
        if (g.limit && samples > *g.limit) {
            // Loosen the uncapped fields just enough.
            std::uint64_t atMost = probe(signature, positions, capsAt(range, kShareOne, budgetCaps_), groupSamples);
            if (atMost > *g.limit) {
                failBudget(signature, positions, range, g, atMost);
            }
            std::uint32_t lo = 0;         // fails
            std::uint32_t hi = kShareOne; // fits
            while (hi - lo > 1) {
                std::uint32_t mid = lo + (hi - lo) / 2;
                if (probe(signature, positions, capsAt(range, mid, budgetCaps_), groupSamples) <= *g.limit) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            share = hi;
        }
        const Caps chosen = capsAt(range, share, budgetCaps_);
        // The assignment is that of a pass with the chosen caps: the last one run, unless that was another.
        if (lastPass_ && lastPass_->first == snap_ && lastPass_->second == chosen) {
            samples = groupSamples.size();
        } else {
            samples = pass(positions, chosen, groupSamples);
        }
        std::vector<std::uint32_t> localOf(scratchSamples_.size(), kNoIndex);
        samplesOut.clear();
        for (auto local : groupSamples) {
            localOf[local] = static_cast<std::uint32_t>(samplesOut.size());
            samplesOut.push_back(scratchSamples_[local]);
        }
        sampleOfEventOut.clear();
        sampleOfEventOut.reserve(static_cast<std::size_t>(g.events));
        for (auto p : positions) {
            const Position& pos = positions_[p];
            for (std::uint64_t r = 0; r < pos.rounds; ++r) {
                for (std::uint64_t q = 0; q < pos.count; ++q) {
                    sampleOfEventOut.push_back(
                        localOf[scratchAssignment_[static_cast<std::size_t>(pos.base + r * pos.period + q)]]);
                }
            }
        }
        g.samples = samples;
        g.freeShare = share;
        capsOut = chosen;
        return g;
    }

    [[noreturn]] void failBudget(std::uint32_t signature, const std::vector<std::uint32_t>& positions,
                                 const std::array<std::pair<std::int64_t, std::int64_t>, kCapSlots>& range,
                                 const GroupQuantization& g, std::uint64_t needed)
    {
        std::vector<std::uint32_t> groupSamples;
        std::uint64_t firstEvent = std::numeric_limits<std::uint64_t>::max();
        for (auto p : positions) {
            firstEvent = std::min(firstEvent, positions_[p].base);
        }
        std::string where = "timing budget not met: group " + groupHashHex(g.groupHash) + " (" +
                            in_.describe(signature) + "; " + std::to_string(g.events) +
                            " events, the first at source event " + std::to_string(firstEvent) + ")";
        std::string tail = ", more than its sample limit of " + std::to_string(*g.limit) +
                           ". Raise the sample limit, loosen that bound, or compile with lossless timing.";
        // Which capped field alone forces the extra samples?
        for (std::size_t c = 0; c < kCapSlots; ++c) {
            if (budgetCaps_[c] < 0) {
                continue;
            }
            Caps relaxed = budgetCaps_;
            relaxed[c] = -1;
            if (c == kSkew) {
                relaxed[kArrivalCap] = -1; // the skew bound also sets the arrival bound
            }
            std::uint64_t without = pass(positions, capsAt(range, kShareOne, relaxed), groupSamples);
            if (without <= *g.limit) {
                const std::size_t named = c == kArrivalCap ? kSkew : c;
                throw NegativeResult(where + " needs " + std::to_string(needed) + " distinct timing samples to keep " +
                                     kCapNames[c] + " within its bound of " + std::to_string(budgetCaps_[c]) +
                                     (named != c ? std::string(" (half the skew_ns bound)") : std::string()) + tail);
            }
        }
        std::string capped;
        for (std::size_t c = 0; c < kCapSlots; ++c) {
            if (budgetCaps_[c] >= 0) {
                capped +=
                    (capped.empty() ? "" : ", ") + std::string(kCapNames[c]) + " <= " + std::to_string(budgetCaps_[c]);
            }
        }
        std::vector<std::uint32_t> shapes;
        for (auto p : positions) {
            shapes.push_back(positions_[p].shape);
        }
        std::sort(shapes.begin(), shapes.end());
        shapes.erase(std::unique(shapes.begin(), shapes.end()), shapes.end());
        if (shapes.size() > *g.limit) {
            throw NegativeResult(where + " has " + std::to_string(shapes.size()) +
                                 " different timing layouts (which timing fields are present, known or unknown), and "
                                 "each needs its own sample" +
                                 tail);
        }
        throw NegativeResult(where + " needs " + std::to_string(needed) +
                             " distinct timing samples to keep its bounds (" + capped + ") together" + tail);
    }

    static std::int64_t sampleValue(const CanaryTiming& s, std::size_t d)
    {
        switch (d) {
        case kGap:
            return s.gap;
        case kComputeBefore:
            return s.computeBefore;
        case kOverlap:
            return s.overlap;
        case kPressure:
            return s.pressure;
        case kExposed:
            return s.exposed;
        case kSkew:
            return s.skew;
        default:
            return s.arrivalTimes[d - kScalarDims];
        }
    }

    /// Structure recovery under jitter. Each position was cut into chunks along its own rounds, so
    /// different positions of one motif change samples at different rounds and the token stream
    /// stops repeating. Here every round of a periodic shape span is given, per position, the set
    /// of that position's samples that lie within its group's caps of every event of the round;
    /// the rounds are then cut greedily into the fewest blocks in which every position has one
    /// sample admissible for the whole block (optimal: admissibility of a block only shrinks as it
    /// grows), and each position takes that sample throughout the block. Identical rounds within a
    /// block then encode as one motif. No sample is made or moved, no event leaves its caps, and
    /// the true errors are measured afterwards as always.
    void alignRounds()
    {
        constexpr std::size_t kMaxCandidates = 64;
        Stats round;
        std::vector<std::vector<std::uint32_t>> candidates;
        std::vector<std::uint64_t> admissible; // [position in span][round]
        std::vector<std::uint64_t> current;
        std::vector<std::uint64_t> blockStart;
        for (const auto& span : spans_) {
            progress_.check();
            const std::uint64_t rounds = span.repeats + (span.tailPositions > 0 ? 1 : 0);
            if (rounds < 2 || span.bodyPositions == 0) {
                continue;
            }
            const std::size_t n = span.bodyPositions;
            candidates.assign(n, {});
            bool alignable = true;
            for (std::size_t b = 0; b < n && alignable; ++b) {
                const Position& pos = positions_[span.firstPosition + b];
                auto& c = candidates[b];
                for (std::uint64_t r = 0; r < pos.rounds; ++r) {
                    for (std::uint64_t q = 0; q < pos.count; ++q) {
                        c.push_back(result_.sampleOfEvent[static_cast<std::size_t>(pos.base + r * pos.period + q)]);
                    }
                }
                std::sort(c.begin(), c.end());
                c.erase(std::unique(c.begin(), c.end()), c.end());
                alignable = c.size() <= kMaxCandidates;
            }
            if (!alignable) {
                continue;
            }
            admissible.assign(n * rounds, ~std::uint64_t{0});
            for (std::size_t b = 0; b < n && alignable; ++b) {
                const Position& pos = positions_[span.firstPosition + b];
                const Shape& shape = (*in_.shapes)[pos.shape];
                const Caps caps = alignmentCaps(capsOfSignature_.at(shape.signature));
                const std::size_t dims = dimsOf(shape);
                for (std::uint64_t r = 0; r < pos.rounds && alignable; ++r) {
                    round.reset(dims);
                    for (std::uint64_t q = 0; q < pos.count; ++q) {
                        addValues(static_cast<std::size_t>(pos.base + r * pos.period + q), shape, round);
                    }
                    std::uint64_t mask = 0;
                    for (std::size_t k = 0; k < candidates[b].size(); ++k) {
                        const auto& sample = result_.samples[candidates[b][k]];
                        bool ok = true;
                        for (std::size_t d = 0; d < dims && ok; ++d) {
                            if (round.n[d] == 0) {
                                continue;
                            }
                            const WideInt v = sampleValue(sample, d);
                            const WideInt cap = caps[capSlot(d)];
                            ok = v >= static_cast<WideInt>(round.hi[d]) - cap &&
                                 v <= static_cast<WideInt>(round.lo[d]) + cap;
                        }
                        if (ok) {
                            mask |= std::uint64_t{1} << k;
                        }
                    }
                    admissible[b * rounds + r] = mask;
                    alignable = mask != 0; // a round cut inside itself has no single sample
                }
            }
            if (!alignable) {
                continue;
            }
            // Greedy blocks of rounds.
            blockStart.assign(1, 0);
            current.assign(n, ~std::uint64_t{0});
            for (std::uint64_t r = 0; r < rounds; ++r) {
                bool fitsBlock = true;
                for (std::size_t b = 0; b < n && fitsBlock; ++b) {
                    fitsBlock = (current[b] & admissible[b * rounds + r]) != 0;
                }
                if (!fitsBlock) {
                    assignBlock(span, candidates, current, blockStart.back(), r);
                    blockStart.push_back(r);
                    current.assign(n, ~std::uint64_t{0});
                }
                for (std::size_t b = 0; b < n; ++b) {
                    current[b] &= admissible[b * rounds + r];
                }
            }
            assignBlock(span, candidates, current, blockStart.back(), rounds);
        }
    }

    /// The caps a round must fit to keep a sample during alignment: a declared cap as declared; a
    /// field the budget leaves free (loosened only to meet a sample limit) may move up to the slack
    /// times its group's tolerance, so that a position whose jitter straddles two shared values keeps
    /// one of them for a whole block of rounds.
    Caps alignmentCaps(const Caps& groupCaps) const
    {
        Caps caps = groupCaps;
        for (std::size_t c = 0; c < kCapSlots; ++c) {
            if (budgetCaps_[c] < 0) {
                const WideInt widened = static_cast<WideInt>(groupCaps[c]) * in_.alignmentSlack;
                caps[c] =
                    static_cast<std::int64_t>(std::min<WideInt>(widened, std::numeric_limits<std::int64_t>::max() / 4));
            }
        }
        return caps;
    }

    /// Gives every position of span the lowest admissible candidate for rounds [from, to).
    void assignBlock(const SpanPositions& span, const std::vector<std::vector<std::uint32_t>>& candidates,
                     const std::vector<std::uint64_t>& mask, std::uint64_t from, std::uint64_t to)
    {
        for (std::size_t b = 0; b < span.bodyPositions; ++b) {
            const Position& pos = positions_[span.firstPosition + b];
            // The admissible candidate that most of the block's events already use (fewest changed).
            votes_.assign(candidates[b].size(), 0);
            for (std::uint64_t r = from; r < to && r < pos.rounds; ++r) {
                for (std::uint64_t q = 0; q < pos.count; ++q) {
                    const auto now = result_.sampleOfEvent[static_cast<std::size_t>(pos.base + r * pos.period + q)];
                    const auto at = std::lower_bound(candidates[b].begin(), candidates[b].end(), now);
                    ++votes_[static_cast<std::size_t>(at - candidates[b].begin())];
                }
            }
            std::size_t k = candidates[b].size();
            for (std::size_t c = 0; c < candidates[b].size(); ++c) {
                if ((mask[b] >> c & 1U) != 0 && (k == candidates[b].size() || votes_[c] > votes_[k])) {
                    k = c;
                }
            }
            const std::uint32_t sample = candidates[b][k];
            for (std::uint64_t r = from; r < to && r < pos.rounds; ++r) {
                for (std::uint64_t q = 0; q < pos.count; ++q) {
                    result_.sampleOfEvent[static_cast<std::size_t>(pos.base + r * pos.period + q)] = sample;
                }
            }
        }
    }

    const QuantizerInput& in_;
    Progress& progress_;
    QuantizerResult result_;
    std::vector<Position> positions_;
    std::vector<SpanPositions> spans_;
    std::vector<std::uint64_t> votes_;
    std::unordered_map<std::uint32_t, Caps> capsOfSignature_; ///< the caps each group was cut with
    Caps budgetCaps_{};
    std::vector<CanaryTiming> scratchSamples_;
    std::vector<std::int64_t> scratchValues_;     ///< every scratch sample's values, dimension by dimension
    std::vector<std::size_t> scratchValueAt_;     ///< where each scratch sample's values start
    std::vector<std::uint32_t> checkDims_;        ///< finish(): the dimensions the reuse scan compares
    std::vector<std::int64_t> checkLo_, checkHi_; ///< finish(): their windows
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> recentByShape_;
    std::vector<std::size_t> chunkEvents_;
    bool collectDistinct_ = false;
    bool snap_ = false;                             ///< chunks must fit one of the group's shared values
    std::optional<std::pair<bool, Caps>> lastPass_; ///< (snap, caps) of the pass whose assignment is in scratch
    std::vector<bool> lastAdded_;
    std::vector<std::int64_t> lastValue_;
    std::array<std::vector<std::int64_t>, kCapSlots> distinct_;        ///< the group's values per cap slot
    std::array<std::vector<std::int64_t>, kCapSlots> representatives_; ///< shared values for the current caps

    // Assignment of events to local samples during a pass (indexed by event).
    struct Assignment {
        std::vector<std::uint32_t> slots;
        std::uint32_t& operator[](std::size_t event) { return slots[event]; }
    };
    Assignment scratchAssignment_{std::vector<std::uint32_t>(in_.events, 0)};
};

} // namespace

QuantizerResult quantizeTiming(const QuantizerInput& input, Progress& progress)
{
    Quantizer quantizer(input, progress);
    return quantizer.run();
}

} // namespace cc::compile
