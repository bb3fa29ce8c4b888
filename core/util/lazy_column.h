// Trace columns that hold less than one full value per event when their values allow it.
//
// LazyColumn: a column of values that holds no memory while every value equals its fill value.
// Many per-event fields of a trace are optional and absent from most traces (a tag, a sender rank,
// an observed exposed latency): stored as plain vectors, each cost its width times the event
// count in pages written with nothing but the "absent" marker. A LazyColumn counts such values
// instead, and allocates (filling what came before) only when the first other value arrives.
// Reading costs one predictable branch.
//
// IndexColumn holds nothing while each value is its own position; CompactColumn holds 64-bit values
// in 32 bits while they fit.
#pragma once

#include "core/util/fresh_memory.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

namespace cc {

template <typename T> class LazyColumn {
public:
    explicit LazyColumn(T fill) : fill_(fill) {}

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    /// True while every value is the fill value, and nothing is allocated.
    bool uniform() const { return values_.empty(); }
    T fill() const { return fill_; }

    T operator[](std::size_t i) const { return values_.empty() ? fill_ : values_[i]; }

    void push_back(T value)
    {
        if (values_.empty()) {
            if (value == fill_) {
                ++size_;
                return;
            }
            materialise();
        }
        values_.push_back(value);
        ++size_;
    }

    void set(std::size_t i, T value)
    {
        if (i >= size_) {
            throw std::out_of_range("LazyColumn::set past the end");
        }
        if (values_.empty()) {
            if (value == fill_) {
                return;
            }
            materialise();
        }
        values_[i] = value;
    }

    /// The number of values expected in all: reserved at once if the column ever allocates.
    void reserve(std::size_t count)
    {
        expected_ = count;
        if (!values_.empty()) {
            values_.reserve(count);
        }
    }

    /// Puts value order[k] at position k; the column then holds order.size() values.
    void permute(const std::vector<std::uint32_t>& order)
    {
        size_ = order.size();
        if (values_.empty()) {
            return;
        }
        std::vector<T> sorted;
        sorted.reserve(values_.size());
        for (const auto index : order) {
            sorted.push_back(values_[index]);
        }
        values_.swap(sorted);
    }

    void clear()
    {
        values_ = {};
        size_ = 0;
    }

private:
    void materialise()
    {
        // Written in full from here on: prepared so that it faults in huge pages, not 4 KiB ones.
        growFresh(values_, expected_ > size_ ? expected_ : size_ + 1);
        values_.assign(size_, fill_);
    }

    T fill_;
    std::size_t size_ = 0;
    std::size_t expected_ = 0;
    std::vector<T> values_; ///< empty while uniform, else exactly size_ values
};

/// A column of indexes that holds no memory while value i is i: the position of each event in
/// its input, which is the event's own position unless sorting moved it. Allocates (filling what
/// came before) when the first other value arrives, or when a permutation moves something.
class IndexColumn {
public:
    std::size_t size() const { return size_; }
    /// True while every value is its own position, and nothing is allocated.
    bool identity() const { return values_.empty(); }

    std::uint32_t operator[](std::size_t i) const
    {
        return values_.empty() ? static_cast<std::uint32_t>(i) : values_[i];
    }

    void push_back(std::uint32_t value)
    {
        if (values_.empty()) {
            if (value == size_) {
                ++size_;
                return;
            }
            materialise();
        }
        values_.push_back(value);
        ++size_;
    }

    void reserve(std::size_t count)
    {
        expected_ = count;
        if (!values_.empty()) {
            values_.reserve(count);
        }
    }

    /// Puts value order[k] at position k; the column then holds order.size() values.
    void permute(const std::vector<std::uint32_t>& order)
    {
        if (values_.empty()) {
            bool moved = false;
            for (std::size_t k = 0; k < order.size() && !moved; ++k) {
                moved = order[k] != k;
            }
            size_ = order.size();
            if (moved) {
                values_ = order;
            }
            return;
        }
        std::vector<std::uint32_t> sorted;
        sorted.reserve(order.size());
        for (const auto index : order) {
            sorted.push_back(values_[index]);
        }
        values_.swap(sorted);
        size_ = order.size();
    }

private:
    void materialise()
    {
        growFresh(values_, expected_ > size_ ? expected_ : size_ + 1);
        for (std::size_t i = 0; i < size_; ++i) {
            values_.push_back(static_cast<std::uint32_t>(i));
        }
    }

    std::size_t size_ = 0;
    std::size_t expected_ = 0;
    std::vector<std::uint32_t> values_; ///< empty while value i is i, else exactly size_ values
};

/// Values [first, first + size) of a CompactColumn (or of any 64-bit array): read in place.
class CompactView {
public:
    CompactView() = default;
    static CompactView narrowValues(const std::int32_t* values, std::size_t size)
    {
        CompactView view;
        view.narrow_ = values;
        view.size_ = size;
        return view;
    }
    static CompactView wideValues(const std::int64_t* values, std::size_t size)
    {
        CompactView view;
        view.wide_ = values;
        view.isWide_ = true;
        view.size_ = size;
        return view;
    }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    std::int64_t operator[](std::size_t k) const { return isWide_ ? wide_[k] : narrow_[k]; }

private:
    const std::int32_t* narrow_ = nullptr;
    const std::int64_t* wide_ = nullptr;
    bool isWide_ = false;
    std::size_t size_ = 0;
};

/// A column of 64-bit integers held in 32 bits while every value fits (arrival times are offsets of
/// microseconds to seconds), and widened once, in full, when the first value that does not fit
/// arrives. Reading costs one predictable branch.
class CompactColumn {
public:
    std::size_t size() const { return wide_ ? wideValues_.size() : narrowValues_.size(); }
    std::size_t capacity() const { return wide_ ? wideValues_.capacity() : narrowValues_.capacity(); }
    /// True while every value fits in 32 bits (4 bytes a value).
    bool narrow() const { return !wide_; }

    std::int64_t operator[](std::size_t i) const { return wide_ ? wideValues_[i] : narrowValues_[i]; }
    CompactView view(std::size_t first, std::size_t count) const
    {
        return wide_ ? CompactView::wideValues(wideValues_.data() + first, count)
                     : CompactView::narrowValues(narrowValues_.data() + first, count);
    }

    void push_back(std::int64_t value)
    {
        if (!wide_) {
            if (value >= std::numeric_limits<std::int32_t>::min() &&
                value <= std::numeric_limits<std::int32_t>::max()) {
                narrowValues_.push_back(static_cast<std::int32_t>(value));
                return;
            }
            widen();
        }
        wideValues_.push_back(value);
    }

    /// Room for at least `count` values, in a fresh buffer prepared for writing (growFresh).
    void grow(std::size_t count)
    {
        if (wide_) {
            growFresh(wideValues_, count);
        } else {
            growFresh(narrowValues_, count);
        }
    }

    bool operator==(const std::vector<std::int64_t>& values) const
    {
        if (values.size() != size()) {
            return false;
        }
        for (std::size_t i = 0; i < values.size(); ++i) {
            if ((*this)[i] != values[i]) {
                return false;
            }
        }
        return true;
    }

private:
    void widen()
    {
        std::vector<std::int64_t> wide;
        growFresh(wide, std::max(narrowValues_.capacity(), narrowValues_.size() + 1));
        wide.assign(narrowValues_.begin(), narrowValues_.end());
        narrowValues_ = {};
        wideValues_.swap(wide);
        wide_ = true;
    }

    bool wide_ = false;
    std::vector<std::int32_t> narrowValues_; ///< the values while narrow
    std::vector<std::int64_t> wideValues_;   ///< the values once widened
};

/// growFresh for a CompactColumn (the builder grows its columns through one name).
inline void growFresh(CompactColumn& column, std::size_t capacity)
{
    column.grow(capacity);
}

} // namespace cc
