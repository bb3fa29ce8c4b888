#include "capture/lib/interval_set.h"

#include <algorithm>

namespace cc::capture {

IntervalSet::IntervalSet(std::initializer_list<Interval> intervals) : IntervalSet(std::vector<Interval>(intervals)) {}

IntervalSet::IntervalSet(std::vector<Interval> intervals)
{
    std::erase_if(intervals, [](const Interval& i) { return i.end <= i.begin; });
    std::sort(intervals.begin(), intervals.end(), [](const Interval& a, const Interval& b) {
        return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
    });
    for (const Interval& i : intervals) {
        if (!intervals_.empty() && i.begin <= intervals_.back().end) {
            intervals_.back().end = std::max(intervals_.back().end, i.end);
        } else {
            intervals_.push_back(i);
        }
    }
}

Ns IntervalSet::measure() const
{
    Ns total = 0;
    for (const Interval& i : intervals_) {
        total += i.length();
    }
    return total;
}

IntervalSet IntervalSet::unite(const IntervalSet& other) const
{
    std::vector<Interval> all = intervals_;
    all.insert(all.end(), other.intervals_.begin(), other.intervals_.end());
    return IntervalSet(std::move(all));
}

IntervalSet IntervalSet::intersect(const IntervalSet& other) const
{
    std::vector<Interval> out;
    std::size_t a = 0;
    std::size_t b = 0;
    while (a < intervals_.size() && b < other.intervals_.size()) {
        const Interval& x = intervals_[a];
        const Interval& y = other.intervals_[b];
        const Ns begin = std::max(x.begin, y.begin);
        const Ns end = std::min(x.end, y.end);
        if (begin < end) {
            out.push_back({begin, end});
        }
        if (x.end < y.end) {
            ++a;
        } else {
            ++b;
        }
    }
    return IntervalSet(std::move(out));
}

IntervalSet IntervalSet::subtract(const IntervalSet& other) const
{
    std::vector<Interval> out;
    std::size_t b = 0;
    for (Interval x : intervals_) {
        while (b < other.intervals_.size() && other.intervals_[b].end <= x.begin) {
            ++b;
        }
        std::size_t c = b;
        while (c < other.intervals_.size() && other.intervals_[c].begin < x.end) {
            const Interval& y = other.intervals_[c];
            if (y.begin > x.begin) {
                out.push_back({x.begin, y.begin});
            }
            x.begin = std::max(x.begin, y.end);
            if (x.begin >= x.end) {
                break;
            }
            ++c;
        }
        if (x.begin < x.end) {
            out.push_back(x);
        }
    }
    return IntervalSet(std::move(out));
}

IntervalSet IntervalSet::clip(Interval window) const
{
    return intersect(IntervalSet{window});
}

} // namespace cc::capture
