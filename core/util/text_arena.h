// A list of texts stored end to end in one buffer.
//
// A trace keeps one JSON object text per event that has fields the format does not name (a
// prototype shard's collective_seq, an import's device_duration_us). As one std::string each,
// 100,000 events made 100,000 allocations on the reading thread, and the heap's growth faulted in
// its pages one at a time; here they cost one offset each and share a buffer that grows like a
// column (growFresh).
#pragma once

#include "core/util/fresh_memory.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace cc {

class TextArena {
public:
    std::size_t size() const { return ends_.size(); }
    bool empty() const { return ends_.empty(); }

    /// The i-th text; valid until the next push_back, like a vector's element.
    std::string_view operator[](std::size_t i) const
    {
        const std::size_t begin = i == 0 ? 0 : ends_[i - 1];
        return std::string_view(text_).substr(begin, ends_[i] - begin);
    }

    void push_back(std::string_view text)
    {
        if (text_.size() + text.size() > text_.capacity()) {
            growFresh(text_, std::max(text_.size() + text.size(), 2 * text_.capacity()));
        }
        text_ += text;
        ends_.push_back(text_.size());
    }

    void clear()
    {
        text_ = {};
        ends_ = {};
    }

    /// Bytes of text held, all entries together, and the room for them.
    std::size_t textBytes() const { return text_.size(); }
    std::size_t textCapacity() const { return text_.capacity(); }
    /// Room for `bytes` of text in all, in a prepared buffer (growFresh): a writer that knows what
    /// is coming grows the buffer once instead of by doubling.
    void reserveText(std::size_t bytes) { growFresh(text_, bytes); }

    class const_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = std::string_view;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = std::string_view;

        const_iterator() = default;
        const_iterator(const TextArena* arena, std::size_t i) : arena_(arena), i_(i) {}
        std::string_view operator*() const { return (*arena_)[i_]; }
        const_iterator& operator++()
        {
            ++i_;
            return *this;
        }
        const_iterator operator++(int)
        {
            const_iterator before = *this;
            ++i_;
            return before;
        }
        bool operator==(const const_iterator& other) const { return i_ == other.i_; }

    private:
        const TextArena* arena_ = nullptr;
        std::size_t i_ = 0;
    };
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, size()}; }

private:
    std::string text_;
    std::vector<std::uint64_t> ends_; ///< text i is text_[ends_[i - 1], ends_[i])
};

} // namespace cc
