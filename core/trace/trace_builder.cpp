#include "core/trace/trace_builder.h"

#include "core/util/decimal.h"
#include "core/util/fresh_memory.h"
#include "core/util/limits.h"

#include <algorithm>
#include <cstdint>
#include <numeric>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace cc {

namespace {

constexpr std::int64_t kContradictionToleranceNs = 1;

std::string nsText(Ns value) { return formatScaledDecimal(value, kMicrosToNanosScale) + " us"; }

template <typename T> void permute(LazyColumn<T>& column, const std::vector<std::uint32_t>& order)
{
    column.permute(order);
}

void permute(IndexColumn& column, const std::vector<std::uint32_t>& order)
{
    column.permute(order);
}

template <typename T> void permute(std::vector<T>& column, const std::vector<std::uint32_t>& order)
{
    std::vector<T> sorted;
    sorted.reserve(column.size());
    for (auto index : order) {
        sorted.push_back(column[index]);
    }
    column.swap(sorted);
}

bool isReductionOp(std::string_view name)
{
    return name == "avg" || name == "max" || name == "min" || name == "product" || name == "sum";
}

/// String and rank-set ids of one event, interned before its columns are written.
struct ColumnIds {
    std::uint32_t op = kNoString;
    std::uint32_t rankSet = 0;
    std::uint32_t group = kNoString;
    std::uint32_t phase = kNoString;
    std::uint32_t dtype = kNoString;
    std::uint32_t tag = kNoString;
    std::uint32_t channel = kNoString;
    std::uint32_t reductionOp = kNoString;
    std::uint32_t arrivalRankList = 0;
};

/// Appends one event to every per-event column (and its arrivals), ids and arena offsets taken
/// before the arena and the extras grow. Flattened: left to itself the compiler called a copy of
/// push_back per column, a tenth of the builder thread's time on a large trace.
[[gnu::flatten]] void appendColumns(Trace& t, const Event& e, const ColumnIds& ids, std::uint32_t index, OpKind kind,
                                    SkewState skewState, Ns skewValue)
{
    t.sourceIndex.push_back(index);
    t.op.push_back(ids.op);
    t.kind.push_back(kind);
    std::uint16_t flags = 0;
    flags |= e.customOp ? kFlagCustomOp : 0;
    flags |= e.computeOverlapUnknown ? kFlagOverlapUnknown : 0;
    flags |= e.partialRankArrival ? kFlagPartialArrival : 0;
    flags |= e.arrivalsGiven ? kFlagArrivalsGiven : 0;
    flags |= e.arrivalsAsArray ? kFlagArrivalsAsArray : 0;
    t.flags.push_back(flags);
    t.bytes.push_back(e.bytes);
    t.rankSet.push_back(ids.rankSet);
    t.rankCount.push_back(e.rankCount.value_or(kNoRank));
    t.group.push_back(ids.group);
    t.phase.push_back(ids.phase);
    t.dtype.push_back(ids.dtype);
    t.tag.push_back(ids.tag);
    t.channel.push_back(ids.channel);
    t.reductionOp.push_back(ids.reductionOp);
    if (e.id.empty()) {
        t.idOffset.push_back(UINT64_MAX);
        t.idLength.push_back(0);
    } else {
        t.idOffset.push_back(t.idArena.size());
        t.idLength.push_back(static_cast<std::uint32_t>(e.id.size()));
    }
    auto ns = [](const std::optional<Ns>& v) { return v.value_or(kAbsentNs); };
    t.start.push_back(ns(e.start));
    t.gap.push_back(ns(e.gap));
    t.computeBefore.push_back(ns(e.computeBefore));
    t.computeOverlap.push_back(ns(e.computeOverlap));
    t.observedExposed.push_back(ns(e.observedExposed));
    t.arrivalSkew.push_back(ns(e.arrivalSkew));
    t.pressure.push_back(ns(e.pressure));
    t.concurrentGroups.push_back(e.concurrentGroups.value_or(kNoRank));
    t.senderRank.push_back(e.senderRank.value_or(kNoRank));
    t.receiverRank.push_back(e.receiverRank.value_or(kNoRank));
    t.rootRank.push_back(e.rootRank.value_or(kNoRank));
    t.messageSequence.push_back(e.messageSequence.value_or(-1));
    t.arrivalBegin.push_back(static_cast<std::uint32_t>(t.arrivalTime.size()));
    t.arrivalRankList.push_back(ids.arrivalRankList);
    for (const auto& a : e.arrivals) {
        t.arrivalTime.push_back(a.arrival);
    }
    t.extraIndex.push_back(e.extraJson.empty() ? kNoString : static_cast<std::uint32_t>(t.extras.size()));
    t.skewState.push_back(skewState);
    t.skewValue.push_back(skewValue);
}

} // namespace

TraceBuilder::TraceBuilder(std::string sourceName) { trace_.sourceName = std::move(sourceName); }

void TraceBuilder::addTopLevelExtra(std::string key, std::string json)
{
    trace_.extraTopLevel.emplace_back(std::move(key), std::move(json));
}

void TraceBuilder::reserve(std::size_t events)
{
    // Each column is written in full, in order, as events arrive: huge pages for its aligned middle
    // make that one page fault per 2 MiB instead of one per 4 KiB. Nothing is touched ahead of the
    // writes, so a reader's peak (its input still mapped) does not grow.
    reserved_ = ReservedColumns{};
    auto prepare = [this, events](auto& column) {
        column.reserve(events);
        adviseHugePages(column.data(), column.capacity() * sizeof(column[0]));
        reserved_.columns.emplace_back(reinterpret_cast<std::uintptr_t>(column.data()), sizeof(column[0]));
    };
    auto& t = trace_;
    for (auto* v :
         {&t.op, &t.rankSet, &t.group, &t.phase, &t.dtype, &t.idLength, &t.arrivalBegin, &t.arrivalRankList}) {
        prepare(*v);
    }
    t.sourceIndex.reserve(events);
    for (auto* v : {&t.start, &t.computeBefore, &t.bytes, &t.skewValue}) {
        prepare(*v);
    }
    // Optional fields: reserved only if some event has them.
    for (auto* v : {&t.tag, &t.channel, &t.reductionOp, &t.extraIndex}) {
        v->reserve(events);
    }
    for (auto* v : {&t.gap, &t.computeOverlap, &t.observedExposed, &t.arrivalSkew, &t.pressure, &t.messageSequence}) {
        v->reserve(events);
    }
    for (auto* v : {&t.rankCount, &t.concurrentGroups, &t.senderRank, &t.receiverRank, &t.rootRank}) {
        v->reserve(events);
    }
    prepare(t.kind);
    prepare(t.flags);
    prepare(t.idOffset);
    prepare(t.skewState);
    expected_ = events;
    reserved_.events = events;
}

void TraceBuilder::prefault(const ReservedColumns& reserved, std::size_t first, std::size_t count)
{
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
    constexpr std::uintptr_t kPage = 4096;
    if (first >= reserved.events) {
        return;
    }
    count = std::min(count, reserved.events - first);
    for (const auto& [base, size] : reserved.columns) {
        // Whole pages inside the column's reserved bytes: a page shared with the slice before or
        // after is written by the builder anyway.
        const std::uintptr_t begin = std::max((base + first * size) & ~(kPage - 1), (base + kPage - 1) & ~(kPage - 1));
        const std::uintptr_t end = std::min((base + (first + count) * size + kPage - 1) & ~(kPage - 1),
                                            (base + reserved.events * size) & ~(kPage - 1));
        if (end > begin) {
            (void)::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_POPULATE_WRITE);
        }
    }
#else
    (void)reserved;
    (void)first;
    (void)count;
#endif
}

template <typename Column> void TraceBuilder::makeRoom(Column& column, std::size_t more)
{
    if (const std::size_t target = room(column.size(), column.capacity(), more); target > 0) {
        growFresh(column, target);
    }
}

std::size_t TraceBuilder::room(std::size_t size, std::size_t capacity, std::size_t more) const
{
    // Grown by doubling, the columns whose length is not one per event (arrivals, ids) copied
    // themselves over and over and held two copies at each step. Once the event count is known
    // (reserve), they grow once to what the events so far project for the whole trace, with an
    // eighth more. Pages beyond what is written stay untouched, apart from the small ones past the
    // last huge page (growFresh), so an over-estimate costs at most 2 MiB a column.
    const std::size_t needed = size + more;
    if (needed <= capacity) {
        return 0;
    }
    std::size_t target = std::max(needed, capacity * 2);
    if (expected_ > added_ && added_ >= 64) {
        const double perEvent = static_cast<double>(needed) / static_cast<double>(added_);
        target = std::max(needed, static_cast<std::size_t>(perEvent * static_cast<double>(expected_) * 1.125) + 16);
    }
    return target;
}

std::uint32_t TraceBuilder::intern(RecentField field, std::string_view text)
{
    // A field takes few distinct values and repeats them: comparing with the few it took last is
    // cheaper than hashing the text. The id is the table's either way.
    auto& recent = recent_[field];
    for (const std::uint32_t id : recent) {
        if (id != kNoString && trace_.strings.at(id) == text) {
            return id;
        }
    }
    const std::uint32_t id = trace_.strings.intern(text);
    std::copy_backward(recent.begin(), recent.end() - 1, recent.end());
    recent[0] = id;
    return id;
}

void TraceBuilder::diagnose(std::size_t eventIndex, std::string_view eventId, std::string field, std::string rule)
{
    if (diagnostics_.size() >= kMaxDiagnostics) {
        ++suppressed_;
        return;
    }
    diagnostics_.push_back(Diagnostic{trace_.sourceName, eventIndex, std::string(eventId), std::move(field), std::move(rule)});
}

void TraceBuilder::fail(std::size_t eventIndex, std::string eventId, std::string field, std::string rule)
{
    diagnose(eventIndex, eventId, std::move(field), std::move(rule));
}

void TraceBuilder::reject(std::size_t index, const Event& e, std::string field, std::string rule)
{
    diagnose(index, e.id, std::move(field), std::move(rule));
}

// add()'s steps, one per rule group, in its order. Each runs once per event of every trace read:
// always_inline keeps add() the one loop body it was (left to the compiler, 3.6 % more instructions).
// ---- operation ----
[[gnu::always_inline]] inline OpKind TraceBuilder::checkOperation(std::size_t index, const Event& e)
{
    OpKind kind = OpKind::Custom;
    if (e.op.empty()) {
        reject(index, e, "op", "must be a non-empty string");
    } else if (auto known = opKindFromName(e.op)) {
        kind = e.customOp ? OpKind::Custom : *known;
    } else if (!e.customOp) {
        reject(index, e, "op",
               "unknown operation \"" + e.op +
                   "\": a collective with no mapping must be marked \"custom_op\": true (it is never relabelled)");
    }
    if (e.bytes <= 0) {
        reject(index, e, "bytes", "must be a positive integer number of bytes (got " + std::to_string(e.bytes) + ")");
    }
    return kind;
}

// ---- ranks ----
[[gnu::always_inline]] inline void TraceBuilder::checkRanks(std::size_t index, const Event& e,
                                                            std::uint64_t maxRanksPerEvent, std::uint64_t maxRankSlots)
{
    if (e.ranks.empty()) {
        reject(index, e, "ranks", "must name at least one rank");
    } else if (e.ranks.size() > maxRanksPerEvent) {
        reject(index, e, "ranks",
               "has " + std::to_string(e.ranks.size()) + " members, more than the limit of " +
                   std::to_string(maxRanksPerEvent));
    } else if ((rankSlots_ += e.ranks.size()) > maxRankSlots && !rankSlotsRefused_) {
        rankSlotsRefused_ = true;
        reject(index, e, "ranks",
               "brings the trace's rank memberships (ranks summed over events) past the limit of " +
                   std::to_string(maxRankSlots) + " (resource limit: replay walks every one)");
    }
    members_.assign(e.ranks.begin(), e.ranks.end());
    std::sort(members_.begin(), members_.end());
    for (std::size_t k = 0; k < members_.size(); ++k) {
        if (members_[k] < 0) {
            reject(index, e, "ranks", "rank " + std::to_string(members_[k]) + " is negative");
        } else if (k > 0 && members_[k] == members_[k - 1] && (k < 2 || members_[k - 2] != members_[k])) {
            reject(index, e, "ranks", "rank " + std::to_string(members_[k]) + " appears twice");
        }
    }
    members_.erase(std::unique(members_.begin(), members_.end()), members_.end());
    if (e.rankCount && *e.rankCount != static_cast<std::int32_t>(e.ranks.size())) {
        reject(index, e, "rank_count",
               "is " + std::to_string(*e.rankCount) + " but ranks has " + std::to_string(e.ranks.size()) + " members");
    }
}

[[gnu::always_inline]] inline bool TraceBuilder::isMember(std::int32_t rank) const
{
    return std::binary_search(members_.begin(), members_.end(), rank);
}

// ---- point-to-point and rooted operations ----
[[gnu::always_inline]] inline void TraceBuilder::checkEndpoints(std::size_t index, const Event& e, OpKind kind)
{
    if (isPointToPoint(kind)) {
        if (!e.senderRank || !e.receiverRank) {
            reject(index, e, e.senderRank ? "receiver_rank" : "sender_rank",
                   e.op + " needs both endpoints: sender_rank and receiver_rank");
        } else {
            if (!isMember(*e.senderRank)) {
                reject(index, e, "sender_rank", "rank " + std::to_string(*e.senderRank) + " is not a member of ranks");
            }
            if (!isMember(*e.receiverRank)) {
                reject(index, e, "receiver_rank",
                       "rank " + std::to_string(*e.receiverRank) + " is not a member of ranks");
            }
            if (*e.senderRank == *e.receiverRank) {
                reject(index, e, "receiver_rank",
                       "sender and receiver are the same rank " + std::to_string(*e.senderRank));
            }
        }
    }
    if (e.rootRank && !isMember(*e.rootRank)) {
        reject(index, e, "root_rank", "rank " + std::to_string(*e.rootRank) + " is not a member of ranks");
    }
    for (auto [value, name] : {std::pair{e.senderRank, "sender_rank"}, std::pair{e.receiverRank, "receiver_rank"},
                               std::pair{e.rootRank, "root_rank"}}) {
        if (value && *value < 0) {
            reject(index, e, name, "must not be negative");
        }
    }
    if (e.concurrentGroups && *e.concurrentGroups < 1) {
        reject(index, e, "concurrent_groups", "must be a positive integer");
    }
    if (e.messageSequence && *e.messageSequence < 0) {
        reject(index, e, "message_sequence", "must not be negative");
    }
}

// ---- strings (empty means absent; readers refuse empty strings) ----
[[gnu::always_inline]] inline void TraceBuilder::checkStrings(std::size_t index, const Event& e)
{
    if (!e.dtype.empty() && !isKnownDtype(e.dtype)) {
        reject(index, e, "dtype", "unknown dtype \"" + e.dtype + "\"");
    }
    if (!e.reductionOp.empty() && !isReductionOp(e.reductionOp)) {
        reject(index, e, "reduction_op", "must be one of avg, max, min, product, sum (got \"" + e.reductionOp + "\")");
    }
}

// ---- timing values ----
[[gnu::always_inline]] inline void TraceBuilder::checkTimingValues(std::size_t index, const Event& e)
{
    for (auto [value, name] :
         {std::pair{e.start, "start_us"}, std::pair{e.gap, "gap_us"}, std::pair{e.computeBefore, "compute_before_us"},
          std::pair{e.computeOverlap, "compute_overlap_us"}, std::pair{e.arrivalSkew, "arrival_skew_us"},
          std::pair{e.observedExposed, "observed_exposed_us"}, std::pair{e.pressure, "compute_pressure"}}) {
        if (value && *value < 0) {
            reject(index, e, name, "must not be negative");
        }
    }
    if (e.computeOverlapUnknown && e.computeOverlap) {
        reject(index, e, "compute_overlap_us",
               "is given while compute_overlap_unknown is true: a value cannot be both measured and unknown");
    }
}

// ---- arrivals and skew ----
[[gnu::always_inline]] inline TraceBuilder::EventSkew TraceBuilder::checkArrivals(std::size_t index, const Event& e)
{
    if (!e.arrivalsGiven) {
        if (e.partialRankArrival) {
            return {e.arrivalSkew ? SkewState::Partial : SkewState::Unknown, e.arrivalSkew.value_or(0)};
        }
        if (e.arrivalSkew) {
            return {SkewState::Known, *e.arrivalSkew};
        }
        return {SkewState::Unknown, 0};
    }
    seen_.clear();
    Ns lo = 0;
    Ns hi = 0;
    bool first = true;
    for (const auto& a : e.arrivals) {
        if (!isMember(a.rank)) {
            reject(index, e, "rank_arrival_us", "rank " + std::to_string(a.rank) + " is not a member of ranks");
        }
        if (a.arrival < 0) {
            reject(index, e, "rank_arrival_us", "arrival of rank " + std::to_string(a.rank) + " is negative");
        }
        seen_.push_back(a.rank);
        lo = first ? a.arrival : std::min(lo, a.arrival);
        hi = first ? a.arrival : std::max(hi, a.arrival);
        first = false;
    }
    std::sort(seen_.begin(), seen_.end());
    for (std::size_t k = 1; k < seen_.size(); ++k) {
        if (seen_[k] == seen_[k - 1]) {
            reject(index, e, "rank_arrival_us", "rank " + std::to_string(seen_[k]) + " has two arrival times");
        }
    }
    seen_.erase(std::unique(seen_.begin(), seen_.end()), seen_.end());
    if (e.arrivalsAsArray && e.arrivals.size() != e.ranks.size()) {
        reject(index, e, "rank_arrival_us",
               "an arrival array must have one entry per member of ranks (" + std::to_string(e.ranks.size()) +
                   "), got " + std::to_string(e.arrivals.size()));
    }
    const bool complete = seen_.size() == members_.size() && !members_.empty();
    if (!complete && !e.partialRankArrival) {
        reject(index, e, "rank_arrival_us",
               "covers " + std::to_string(seen_.size()) + " of " + std::to_string(members_.size()) +
                   " ranks; arrivals from only some ranks must be marked \"partial_rank_arrival\": true");
    }
    if (complete && !e.partialRankArrival) {
        const Ns span = hi - lo;
        if (e.arrivalSkew && std::llabs(*e.arrivalSkew - span) > kContradictionToleranceNs) {
            reject(index, e, "arrival_skew_us",
                   "is " + nsText(*e.arrivalSkew) + " but rank_arrival_us spans " + nsText(span) +
                       ": contradicting values are refused, not arbitrated");
        }
        return {SkewState::Known, span};
    }
    if (!e.arrivals.empty() || e.arrivalSkew) {
        return {SkewState::Partial, e.arrivalSkew ? std::max(*e.arrivalSkew, hi - lo) : hi - lo};
    }
    return {SkewState::Unknown, 0};
}

// ---- store ----
[[gnu::always_inline]] inline void TraceBuilder::storeEvent(std::size_t index, const Event& e, OpKind kind,
                                                            EventSkew skew)
{
    Trace& t = trace_;
    ColumnIds ids;
    ids.op = intern(kRecentOp, e.op);
    ids.rankSet = t.rankSets.intern(e.ranks, e.ranksAsCount);
    auto internOpt = [&](RecentField field, const std::string& s) { return s.empty() ? kNoString : intern(field, s); };
    ids.group = internOpt(kRecentGroup, e.group);
    ids.phase = internOpt(kRecentPhase, e.phase);
    ids.dtype = internOpt(kRecentDtype, e.dtype);
    ids.tag = internOpt(kRecentTag, e.tag);
    ids.channel = internOpt(kRecentChannel, e.channel);
    ids.reductionOp = internOpt(kRecentReductionOp, e.reductionOp);
    ids.arrivalRankList = arrivalRankListOf(e, ids.rankSet);
    makeRoom(t.arrivalTime, e.arrivals.size());
    appendColumns(t, e, ids, static_cast<std::uint32_t>(index), kind, skew.state, skew.value);
    if (!e.id.empty()) {
        makeRoom(t.idArena, e.id.size());
        t.idArena += e.id;
    }
    if (!e.extraJson.empty()) {
        if (const std::size_t target = room(t.extras.textBytes(), t.extras.textCapacity(), e.extraJson.size());
            target > 0) {
            t.extras.reserveText(target);
        }
        t.extras.push_back(e.extraJson);
    }
}

std::uint32_t TraceBuilder::arrivalRankListOf(const Event& e, std::uint32_t rankSet)
{
    // Most events list an arrival for each member, in the members' order: that list is known by
    // the rank set's id, without hashing it.
    bool members = e.arrivals.size() == e.ranks.size();
    for (std::size_t k = 0; members && k < e.arrivals.size(); ++k) {
        members = e.arrivals[k].rank == e.ranks[k];
    }
    if (members) {
        if (rankSet >= listOfRankSet_.size()) {
            listOfRankSet_.resize(std::size_t{rankSet} + 1, kNoString);
        }
        std::uint32_t& list = listOfRankSet_[rankSet];
        if (list == kNoString) {
            list = trace_.arrivalRankLists.intern(e.ranks, false);
        }
        return list;
    }
    arrivalRanks_.clear();
    for (const auto& a : e.arrivals) {
        arrivalRanks_.push_back(a.rank);
    }
    return trace_.arrivalRankLists.intern(arrivalRanks_, false);
}

void TraceBuilder::add(const Event& e)
{
    const std::size_t index = added_++;
    const auto& limits = resourceLimits();
    if (added_ > limits.maxEvents) {
        if (added_ == limits.maxEvents + 1) {
            reject(index, e, "events",
                   "the trace has more than " + std::to_string(limits.maxEvents) + " events (resource limit)");
        }
        return;
    }
    // The checks record what is wrong and go on, so one event can bring several diagnostics.
    const OpKind kind = checkOperation(index, e);
    checkRanks(index, e, limits.maxRanksPerEvent, limits.maxRankSlots);
    checkEndpoints(index, e, kind);
    checkStrings(index, e);
    checkTimingValues(index, e);
    const EventSkew skew = checkArrivals(index, e);
    storeEvent(index, e, kind, skew);
}

Trace TraceBuilder::finish(Progress& progress)
{
    Trace& t = trace_;
    const std::size_t n = t.size();
    progress.check();

    // ---- timing semantics ----
    std::size_t stamped = 0;
    std::size_t gapped = 0;
    for (std::size_t i = 0; i < n; ++i) {
        stamped += t.start[i] != kAbsentNs ? 1 : 0;
        gapped += t.gap[i] != kAbsentNs ? 1 : 0;
    }
    if (n == 0 || stamped == 0) {
        t.timing = TimingSemantics::Gapped;
    } else if (stamped == n) {
        t.timing = TimingSemantics::Timestamped;
    } else if (gapped == n) {
        t.timing = TimingSemantics::MixedGapped;
    } else {
        // Mixed without a gap everywhere: name the first events that break the rule.
        std::size_t reported = 0;
        for (std::size_t i = 0; i < n && reported < 5; ++i) {
            if (t.start[i] == kAbsentNs && t.gap[i] == kAbsentNs) {
                diagnose(t.sourceIndex[i], t.id(i), "start_us",
                         "mixed timing semantics: " + std::to_string(stamped) + " of " + std::to_string(n) +
                             " events have start_us and this one has neither start_us nor gap_us; a mix is accepted "
                             "only when every event supplies its own gap_us");
                ++reported;
            }
        }
    }

    if (!diagnostics_.empty()) {
        auto all = diagnostics_;
        if (suppressed_ > 0) {
            all.push_back(Diagnostic{t.sourceName, kNoEvent, {}, {},
                                     "... and " + std::to_string(suppressed_) + " more problems not listed"});
        }
        throw InputError(std::move(all));
    }

    // ---- canonical order ----
    // A trace already in time order (most are) keeps its order: a stable sort would not move it.
    if (t.timing == TimingSemantics::Timestamped && !std::is_sorted(t.start.begin(), t.start.end())) {
        std::vector<std::uint32_t> order(n);
        std::iota(order.begin(), order.end(), 0U);
        std::stable_sort(order.begin(), order.end(),
                         [&](std::uint32_t a, std::uint32_t b) { return t.start[a] < t.start[b]; });
        permute(t.sourceIndex, order);
        permute(t.op, order);
        permute(t.kind, order);
        permute(t.flags, order);
        permute(t.bytes, order);
        permute(t.rankSet, order);
        permute(t.rankCount, order);
        for (auto* v : {&t.group, &t.phase, &t.dtype, &t.idLength, &t.arrivalBegin, &t.arrivalRankList}) {
            permute(*v, order);
        }
        for (auto* v : {&t.tag, &t.channel, &t.reductionOp, &t.extraIndex}) {
            permute(*v, order);
        }
        permute(t.idOffset, order);
        for (auto* v : {&t.start, &t.computeBefore, &t.skewValue}) {
            permute(*v, order);
        }
        for (auto* v :
             {&t.gap, &t.computeOverlap, &t.observedExposed, &t.arrivalSkew, &t.pressure, &t.messageSequence}) {
            permute(*v, order);
        }
        for (auto* v : {&t.concurrentGroups, &t.senderRank, &t.receiverRank, &t.rootRank}) {
            permute(*v, order);
        }
        permute(t.skewState, order);
    }
    progress.check();

    // ---- derived timing ----
    for (auto* column : {&t.effectiveGap, &t.issueTime}) {
        column->reserve(n);
        prepareFreshMemory(column->data(), n * sizeof(Ns));
        column->assign(n, 0);
    }
    constexpr Ns kMaxTime = std::numeric_limits<Ns>::max() / 4;
    if (t.timing == TimingSemantics::Timestamped) {
        t.originNs = n > 0 ? t.start[0] : 0;
        for (std::size_t i = 0; i < n; ++i) {
            t.issueTime[i] = t.start[i] - t.originNs;
            if (i > 0) {
                Ns implied = t.start[i] - t.start[i - 1];
                t.effectiveGap[i] = implied;
                if (t.gap[i] != kAbsentNs && std::llabs(t.gap[i] - implied) > kContradictionToleranceNs) {
                    diagnose(t.sourceIndex[i], t.id(i), "gap_us",
                             "is " + nsText(t.gap[i]) + " but start_us implies " + nsText(implied) +
                                 " since the previous event in time order: a timestamp and a gap that contradict "
                                 "each other are refused, not arbitrated");
                }
            }
        }
    } else {
        t.originNs = 0;
        Ns clock = 0;
        Ns lastStamp = kAbsentNs;
        Ns lastStampClock = 0;
        for (std::size_t i = 0; i < n; ++i) {
            Ns g = t.gap[i] != kAbsentNs ? t.gap[i] : (t.computeBefore[i] != kAbsentNs ? t.computeBefore[i] : 0);
            t.effectiveGap[i] = g;
            if (clock > kMaxTime - g) {
                diagnose(t.sourceIndex[i], t.id(i), "gap_us", "cumulative time overflows the 64-bit nanosecond range");
                break;
            }
            clock += g;
            t.issueTime[i] = clock;
            if (t.timing == TimingSemantics::MixedGapped && t.start[i] != kAbsentNs) {
                if (lastStamp != kAbsentNs) {
                    Ns byStamps = t.start[i] - lastStamp;
                    Ns byGaps = clock - lastStampClock;
                    if (std::llabs(byStamps - byGaps) > kContradictionToleranceNs) {
                        diagnose(t.sourceIndex[i], t.id(i), "start_us",
                                 "is " + nsText(byStamps) + " after the previous timestamped event, but the gaps in "
                                 "between add up to " + nsText(byGaps) +
                                 ": a timestamp and a gap that contradict each other are refused, not arbitrated");
                    }
                }
                lastStamp = t.start[i];
                lastStampClock = clock;
            }
        }
    }
    if (!diagnostics_.empty()) {
        throw InputError(diagnostics_);
    }
    progress.report(1.0, "trace validated");
    Trace result = std::move(trace_);
    trace_ = Trace{};
    trace_.sourceName = result.sourceName;
    for (auto& field : recent_) {
        field.fill(kNoString); // ids of the table that left with the result
    }
    reserved_ = ReservedColumns{};
    expected_ = 0;
    return result;
}

} // namespace cc
