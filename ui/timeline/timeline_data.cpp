#include "ui/timeline/timeline_data.h"

#include "core/replay/simulator.h"
#include "core/trace/projections.h"
#include "ui/util/text.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <numeric>
#include <unordered_map>

namespace cc::ui {

// ---- RangeMaxIndex -------------------------------------------------------------------------

void RangeMaxIndex::build(std::span<const Ns> values)
{
    // Only complete blocks are ever consulted; each keeps the first index of its maximum.
    auto level = [](std::size_t blocks, std::size_t per, const auto& candidate) {
        std::vector<Block> result(blocks);
        for (std::size_t b = 0; b < blocks; ++b) {
            Block best = candidate(b * per);
            for (std::size_t k = b * per + 1; k < (b + 1) * per; ++k) {
                const Block next = candidate(k);
                if (next.value > best.value) {
                    best = next;
                }
            }
            result[b] = best;
        }
        return result;
    };
    const std::size_t n = values.size();
    level0_ = level(n >> kShift0, std::size_t{1} << kShift0, [&](std::size_t i) {
        return Block{values[i], static_cast<std::uint32_t>(i)};
    });
    level1_ = level(n >> kShift1, std::size_t{1} << (kShift1 - kShift0), [&](std::size_t k) { return level0_[k]; });
    level2_ = level(n >> kShift2, std::size_t{1} << (kShift2 - kShift1), [&](std::size_t k) { return level1_[k]; });
}

std::uint32_t RangeMaxIndex::argmax(std::span<const Ns> values, std::uint32_t first, std::uint32_t last) const
{
    Block best{values[first], first};
    std::uint32_t i = first;
    constexpr std::uint32_t size0 = 1u << kShift0;
    constexpr std::uint32_t size1 = 1u << kShift1;
    constexpr std::uint32_t size2 = 1u << kShift2;
    while (i < last) {
        Block candidate;
        if ((i & (size2 - 1)) == 0 && last - i >= size2) {
            candidate = level2_[i >> kShift2];
            i += size2;
        } else if ((i & (size1 - 1)) == 0 && last - i >= size1) {
            candidate = level1_[i >> kShift1];
            i += size1;
        } else if ((i & (size0 - 1)) == 0 && last - i >= size0) {
            candidate = level0_[i >> kShift0];
            i += size0;
        } else {
            candidate = Block{values[i], i};
            ++i;
        }
        if (candidate.value > best.value) {
            best = candidate;
        }
    }
    return best.index;
}

std::size_t RangeMaxIndex::memoryBytes() const
{
    return (level0_.capacity() + level1_.capacity() + level2_.capacity()) * sizeof(Block);
}

// ---- LaneSummary ---------------------------------------------------------------------------

void LaneSummary::build(const std::vector<Ns>& begin, std::span<const Ns> end, const std::vector<OpKind>& kind)
{
    levels_.clear();
    const std::size_t n = begin.size();
    if (n < 64) {
        return;
    }
    origin_ = begin.front();
    const Ns span = std::max<Ns>(begin.back() - origin_, 1);
    const std::size_t maxBuckets = n / 8;
    // The finest level: the narrowest power-of-two bucket with at most maxBuckets buckets.
    std::uint32_t shift = 0;
    while (shift < 62 && static_cast<std::uint64_t>(span >> shift) + 1 > maxBuckets) {
        ++shift;
    }
    Level finest;
    finest.shift = shift;
    const std::size_t buckets = static_cast<std::size_t>(span >> shift) + 1;
    finest.first.assign(buckets + 1, static_cast<std::uint32_t>(n));
    finest.widest.assign(buckets, Widest{std::numeric_limits<Ns>::min(), 0, OpKind::Custom});
    std::size_t bucket = 0;
    finest.first[0] = 0;
    for (std::size_t k = 0; k < n; ++k) {
        const auto b = static_cast<std::size_t>((begin[k] - origin_) >> shift);
        while (bucket < b) {
            finest.first[++bucket] = static_cast<std::uint32_t>(k);
        }
        if (end[k] > finest.widest[b].end) {
            finest.widest[b] = Widest{end[k], static_cast<std::uint32_t>(k), kind[k]};
        }
    }
    while (bucket < buckets) {
        finest.first[++bucket] = static_cast<std::uint32_t>(n);
    }
    levels_.push_back(std::move(finest));
    while (levels_.back().widest.size() > 1) {
        const Level& fine = levels_.back();
        Level coarse;
        coarse.shift = fine.shift + 1;
        const std::size_t count = (fine.widest.size() + 1) / 2;
        coarse.first.resize(count + 1);
        coarse.widest.resize(count);
        for (std::size_t b = 0; b < count; ++b) {
            coarse.first[b] = fine.first[2 * b];
            Widest best = fine.widest[2 * b];
            if (2 * b + 1 < fine.widest.size() && fine.widest[2 * b + 1].end > best.end) {
                best = fine.widest[2 * b + 1];
            }
            coarse.widest[b] = best;
        }
        coarse.first[count] = static_cast<std::uint32_t>(n);
        levels_.push_back(std::move(coarse));
    }
}

const LaneSummary::Level* LaneSummary::levelFor(double maxWidth) const
{
    const Level* found = nullptr;
    for (const Level& level : levels_) {
        if (std::ldexp(1.0, static_cast<int>(level.shift)) > maxWidth) {
            break;
        }
        found = &level;
    }
    return found;
}

std::size_t LaneSummary::memoryBytes() const
{
    std::size_t bytes = 0;
    for (const Level& level : levels_) {
        bytes += level.first.capacity() * sizeof(std::uint32_t) + level.widest.capacity() * sizeof(Widest);
    }
    return bytes;
}

// ---- TimelineLane --------------------------------------------------------------------------

namespace {

std::uint32_t fitDetail(Ns value)
{
    return value >= 0 && value < static_cast<Ns>(LaneEntryDetail::kDetailFar) ? static_cast<std::uint32_t>(value)
                                                                              : LaneEntryDetail::kDetailFar;
}

} // namespace

void TimelineLane::finish(const EventTimings* timings)
{
    const std::span<const Ns> ends = this->ends();
    blockMaxEnd.resize((ends.size() + kReachBlock - 1) / kReachBlock);
    Ns running = std::numeric_limits<Ns>::min();
    maxDuration = 0;
    for (std::size_t k = 0; k < ends.size(); ++k) {
        running = std::max(running, ends[k]);
        if (k % kReachBlock == kReachBlock - 1 || k + 1 == ends.size()) {
            blockMaxEnd[k / kReachBlock] = running;
        }
        maxDuration = std::max(maxDuration, ends[k] - begin[k]);
    }
    endMax.build(ends);
    summary.build(begin, ends, kind);
    detail.clear();
    if (timings != nullptr) {
        detail.resize(events.size());
        for (std::size_t k = 0; k < events.size(); ++k) {
            const std::uint32_t e = events[k];
            detail[k] =
                LaneEntryDetail{fitDetail(timings->rankWait(e)), fitDetail(timings->start(e) - timings->issue[e]),
                                fitDetail(timings->hidden[e])};
        }
    }
}

std::uint32_t TimelineLane::firstReaching(Ns t) const
{
    // The first block whose running maximum reaches t holds the answer: before it, nothing ends
    // at t or later; inside it, the first entry that does.
    const auto block =
        static_cast<std::size_t>(std::lower_bound(blockMaxEnd.begin(), blockMaxEnd.end(), t) - blockMaxEnd.begin());
    const std::span<const Ns> ends = this->ends();
    std::size_t k = block * kReachBlock;
    const std::size_t last = std::min(ends.size(), k + kReachBlock);
    while (k < last && ends[k] < t) {
        ++k;
    }
    return static_cast<std::uint32_t>(std::min(k, ends.size()));
}

std::uint32_t TimelineLane::firstBeginningAfter(Ns t) const
{
    return static_cast<std::uint32_t>(std::upper_bound(begin.begin(), begin.end(), t) - begin.begin());
}

std::size_t TimelineLane::memoryBytes() const
{
    return events.capacity() * sizeof(std::uint32_t) +
           (begin.capacity() + end.capacity() + blockMaxEnd.capacity()) * sizeof(Ns) +
           kind.capacity() * sizeof(OpKind) + detail.capacity() * sizeof(LaneEntryDetail) + endMax.memoryBytes() +
           summary.memoryBytes();
}

// ---- TimelineData --------------------------------------------------------------------------

QString TimelineData::configuration() const
{
    return timings ? timings->configuration : QString();
}

std::size_t TimelineData::memoryBytes() const
{
    std::size_t bytes = sizeof(TimelineData);
    for (const auto& lane : lanes) {
        bytes += lane.memoryBytes();
    }
    return bytes;
}

Ns TimelineData::issueOf(std::uint32_t event) const
{
    if (timings) {
        return timings->issue[event];
    }
    return trace ? trace->issueTime[event] : 0;
}

Ns TimelineData::endOf(std::uint32_t event) const
{
    if (timings) {
        return timings->end(event);
    }
    return issueOf(event);
}

// ---- building ------------------------------------------------------------------------------

namespace {

class TimelineText {
    Q_DECLARE_TR_FUNCTIONS(TimelineText)
};

} // namespace

QString rankListText(const std::vector<std::int32_t>& ranks)
{
    if (ranks.empty()) {
        return TimelineText::tr("no ranks");
    }
    if (ranks.size() == 1) {
        return TimelineText::tr("rank %1").arg(ranks.front());
    }
    // Runs of consecutive ranks as ranges: "0–7", "0, 2, 4–6".
    QStringList parts;
    std::size_t k = 0;
    while (k < ranks.size()) {
        std::size_t run = k;
        while (run + 1 < ranks.size() && ranks[run + 1] == ranks[run] + 1) {
            ++run;
        }
        if (run == k) {
            parts << QString::number(ranks[k]);
        } else {
            parts << QString::number(ranks[k]) + QChar(0x2013) + QString::number(ranks[run]);
        }
        k = run + 1;
    }
    return TimelineText::tr("ranks %1").arg(parts.join(QStringLiteral(", ")));
}

namespace {

/// What a lane stands for; its label is written once its ranks are known.
enum class LaneWhat { Stream, Group, NoGroup, Ranks, Rank };

struct LaneBuilder {
    LaneWhat what = LaneWhat::Ranks;
    QString name;           ///< the stream (channel) or group name, or the rank
    std::int64_t order = 0; ///< sort key for the lane's position (rank number, or first event)
    TimelineLane lane;
    std::vector<std::int32_t> ranks; ///< every rank an event of the lane involves, sorted
    std::uint32_t lastRankSet = std::numeric_limits<std::uint32_t>::max();

    void addRanks(const cc::Trace& trace, std::size_t i)
    {
        const std::uint32_t set = trace.rankSet[i];
        if (set == lastRankSet) {
            return; // the common case: a lane's events share one rank set
        }
        lastRankSet = set;
        const auto& add = trace.ranks(i);
        std::vector<std::int32_t> merged;
        merged.reserve(ranks.size() + add.size());
        std::set_union(ranks.begin(), ranks.end(), add.begin(), add.end(), std::back_inserter(merged));
        ranks = std::move(merged);
    }

    QString label() const
    {
        const QString members = rankListText(ranks);
        switch (what) {
        case LaneWhat::Stream:
            return TimelineText::tr("stream %1 (%2)").arg(name, members);
        case LaneWhat::Group: {
            bool numeric = false;
            name.toLongLong(&numeric);
            return numeric ? TimelineText::tr("group %1 (%2)").arg(name, members)
                           : TimelineText::tr("%1 group (%2)").arg(name, members);
        }
        case LaneWhat::NoGroup:
            return TimelineText::tr("no group (%1)").arg(members);
        case LaneWhat::Ranks:
            return members;
        case LaneWhat::Rank:
            return TimelineText::tr("rank %1").arg(name);
        }
        return name;
    }
};

void sortLaneIfNeeded(TimelineLane& lane)
{
    if (std::is_sorted(lane.begin.begin(), lane.begin.end())) {
        return;
    }
    std::vector<std::uint32_t> order(lane.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return lane.begin[a] < lane.begin[b]; });
    TimelineLane sorted;
    sorted.label = lane.label;
    sorted.events.reserve(lane.size());
    sorted.begin.reserve(lane.size());
    if (!lane.end.empty()) {
        sorted.end.reserve(lane.size());
    }
    sorted.kind.reserve(lane.size());
    for (const std::uint32_t k : order) {
        sorted.events.push_back(lane.events[k]);
        sorted.begin.push_back(lane.begin[k]);
        if (!lane.end.empty()) {
            sorted.end.push_back(lane.end[k]);
        }
        sorted.kind.push_back(lane.kind[k]);
    }
    lane = std::move(sorted);
}

} // namespace

std::shared_ptr<const TimelineData> buildTimeline(std::shared_ptr<const cc::Trace> trace,
                                                  std::shared_ptr<const EventTimings> timings,
                                                  const TimelineBuildOptions& options, cc::Progress& progress)
{
    auto data = std::make_shared<TimelineData>();
    data->trace = trace;
    data->timings = timings;
    if (!trace) {
        return data;
    }
    const std::size_t n = trace->size();
    if (timings && timings->size() != n) {
        throw std::logic_error("replay timings do not match the trace's event count");
    }
    data->eventCount = n;

    LaneMode mode = options.mode;
    if (mode == LaneMode::Rank) {
        std::size_t entries = 0;
        for (std::size_t i = 0; i < n; ++i) {
            entries += trace->ranks(i).size();
        }
        if (entries > options.maxRankEntries) {
            mode = LaneMode::Resource;
        }
    }
    data->mode = mode;

    std::vector<LaneBuilder> builders;
    std::unordered_map<std::string, std::uint32_t> byText;
    std::unordered_map<std::int64_t, std::uint32_t> byNumber;
    auto laneFor = [&](LaneWhat what, const QString& name, std::int64_t order, auto& map, const auto& key) {
        const auto found = map.find(key);
        if (found != map.end()) {
            return found->second;
        }
        const auto index = static_cast<std::uint32_t>(builders.size());
        LaneBuilder builder;
        builder.what = what;
        builder.name = name;
        builder.order = order;
        builders.push_back(std::move(builder));
        map.emplace(key, index);
        return index;
    };
    // Two passes: the first finds each event's lane and counts every lane's entries, the second
    // fills lanes reserved to their exact size (no growth by doubling beside the lanes on screen).
    // Both find an event's lane by ids: a resource is the event's channel, else its group, else its
    // rank set, so its text is spelled once per distinct id rather than once per event.
    std::unordered_map<std::uint64_t, std::uint32_t> byResourceId;
    auto resourceLane = [&](std::size_t i) {
        const std::uint64_t id = trace->channel[i] != cc::kNoString ? (std::uint64_t{1} << 32) | trace->channel[i]
                                 : trace->group[i] != cc::kNoString ? (std::uint64_t{2} << 32) | trace->group[i]
                                                                    : (std::uint64_t{3} << 32) | trace->rankSet[i];
        if (const auto known = byResourceId.find(id); known != byResourceId.end()) {
            return known->second;
        }
        std::string key = cc::schedulerResource(*trace, i);
        const auto found = byText.find(key);
        std::uint32_t index;
        if (found != byText.end()) {
            index = found->second;
        } else {
            index = static_cast<std::uint32_t>(builders.size());
            LaneBuilder builder;
            builder.order = static_cast<std::int64_t>(i);
            if (trace->channel[i] != cc::kNoString) {
                builder.what = LaneWhat::Stream;
                builder.name = qs(trace->str(trace->channel[i]));
            } else if (trace->group[i] != cc::kNoString) {
                builder.what = LaneWhat::Group;
                builder.name = qs(trace->str(trace->group[i]));
            }
            builders.push_back(std::move(builder));
            byText.emplace(std::move(key), index);
        }
        byResourceId.emplace(id, index);
        return index;
    };
    auto groupLane = [&](std::size_t i) {
        const std::uint32_t group = trace->group[i];
        if (const auto found = byNumber.find(group); found != byNumber.end()) {
            return found->second;
        }
        const LaneWhat what = group == cc::kNoString ? LaneWhat::NoGroup : LaneWhat::Group;
        return laneFor(what, qs(trace->str(group)), static_cast<std::int64_t>(i), byNumber,
                       static_cast<std::int64_t>(group));
    };
    auto rankLane = [&](std::int32_t rank) {
        const auto found = byNumber.find(rank);
        if (found != byNumber.end()) {
            return found->second;
        }
        return laneFor(LaneWhat::Rank, QString::number(rank), rank, byNumber, static_cast<std::int64_t>(rank));
    };
    std::vector<std::size_t> entries;
    auto count = [&](std::uint32_t laneIndex) {
        if (laneIndex >= entries.size()) {
            entries.resize(laneIndex + 1, 0);
        }
        ++entries[laneIndex];
    };
    for (std::size_t i = 0; i < n; ++i) {
        if ((i & 0xFFFF) == 0) {
            progress.check();
            progress.report(0.5 * static_cast<double>(i) / static_cast<double>(n),
                            toStd(TimelineText::tr("Assigning events to lanes")));
        }
        switch (mode) {
        case LaneMode::Resource:
            count(resourceLane(i));
            break;
        case LaneMode::Group:
            count(groupLane(i));
            break;
        case LaneMode::Rank:
            for (const std::int32_t rank : trace->ranks(i)) {
                count(rankLane(rank));
            }
            break;
        }
    }
    for (std::size_t l = 0; l < builders.size(); ++l) {
        TimelineLane& lane = builders[l].lane;
        const std::size_t size = l < entries.size() ? entries[l] : 0;
        lane.events.reserve(size);
        lane.begin.reserve(size);
        if (timings) {
            lane.end.reserve(size);
        }
        lane.kind.reserve(size);
    }
    auto append = [&](std::uint32_t laneIndex, std::size_t i) {
        builders[laneIndex].addRanks(*trace, i);
        TimelineLane& lane = builders[laneIndex].lane;
        const Ns begin = timings ? timings->issue[i] : trace->issueTime[i];
        lane.events.push_back(static_cast<std::uint32_t>(i));
        lane.begin.push_back(begin);
        if (timings) {
            lane.end.push_back(timings->end(i));
        }
        lane.kind.push_back(trace->kind[i]);
    };
    for (std::size_t i = 0; i < n; ++i) {
        if ((i & 0xFFFF) == 0) {
            progress.check();
            progress.report(0.5 + 0.3 * static_cast<double>(i) / static_cast<double>(n),
                            toStd(TimelineText::tr("Filling lanes")));
        }
        switch (mode) {
        case LaneMode::Resource:
            append(resourceLane(i), i);
            break;
        case LaneMode::Group:
            append(groupLane(i), i);
            break;
        case LaneMode::Rank:
            for (const std::int32_t rank : trace->ranks(i)) {
                append(rankLane(rank), i);
            }
            break;
        }
    }
    std::stable_sort(builders.begin(), builders.end(),
                     [](const LaneBuilder& a, const LaneBuilder& b) { return a.order < b.order; });

    progress.report(0.85, toStd(TimelineText::tr("Indexing lanes")));
    data->begin = std::numeric_limits<Ns>::max();
    data->end = std::numeric_limits<Ns>::min();
    for (auto& builder : builders) {
        progress.check();
        builder.lane.label = builder.label();
        sortLaneIfNeeded(builder.lane);
        builder.lane.finish(timings.get());
        if (builder.lane.size() > 0) {
            data->begin = std::min(data->begin, builder.lane.begin.front());
            data->end = std::max(data->end, builder.lane.maxEnd());
        }
        data->lanes.push_back(std::move(builder.lane));
    }
    if (data->lanes.empty()) {
        data->begin = 0;
        data->end = 0;
    }

    if (timings) {
        progress.report(0.95, toStd(TimelineText::tr("Finding tail windows")));
        data->tailThreshold = timings->tailThreshold;
        if (data->tailThreshold <= 0) {
            // Timings made without a replay summary (synthetic ones): their own p99, by core's rule.
            std::vector<Ns> latency(n);
            for (std::size_t i = 0; i < n; ++i) {
                latency[i] = timings->latency[i];
            }
            data->tailThreshold = cc::nearestRankValue(std::span<Ns>(latency), 99);
        }
        cc::SubProgress finding(progress, 0.95, 1.0);
        data->tailWindows = cc::findTailWindows(timings->view(), data->tailThreshold, finding);
    }
    progress.report(1.0, toStd(TimelineText::tr("Timeline ready")));
    return data;
}

} // namespace cc::ui
