// Sets of half-open time intervals [begin, end) in integer nanoseconds: the algebra the capture
// metrics are written in (union, intersection, difference, measure). Always normalised: sorted,
// disjoint, non-empty, touching intervals merged.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <vector>

namespace cc::capture {

using Ns = std::int64_t;

struct Interval {
    Ns begin = 0;
    Ns end = 0; ///< exclusive; an interval with end <= begin is empty

    Ns length() const { return end > begin ? end - begin : 0; }
    friend bool operator==(const Interval&, const Interval&) = default;
};

class IntervalSet {
public:
    IntervalSet() = default;
    IntervalSet(std::initializer_list<Interval> intervals);
    explicit IntervalSet(std::vector<Interval> intervals);

    const std::vector<Interval>& intervals() const { return intervals_; }
    bool empty() const { return intervals_.empty(); }
    /// Total covered time.
    Ns measure() const;

    IntervalSet unite(const IntervalSet& other) const;
    IntervalSet intersect(const IntervalSet& other) const;
    IntervalSet subtract(const IntervalSet& other) const;
    /// Clipped to one window.
    IntervalSet clip(Interval window) const;

    friend bool operator==(const IntervalSet&, const IntervalSet&) = default;

private:
    std::vector<Interval> intervals_;
};

} // namespace cc::capture
