// An allocator whose value-initialisation leaves trivial elements as they are, for large columns
// that are written in full right after they are sized. With std::allocator, resizing a fresh
// column writes every element once as zero (after the kernel has already zeroed its pages) and
// the producer then writes it again; with this one the producer's write is the only one.
//
// Only for columns whose producer writes every element before anything reads it: an element that
// is never written holds an unspecified value.
#pragma once

#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace cc {

template <class T> class UninitializedAllocator : public std::allocator<T> {
public:
    using value_type = T;
    template <class U> struct rebind {
        using other = UninitializedAllocator<U>;
    };

    UninitializedAllocator() noexcept = default;
    template <class U> UninitializedAllocator(const UninitializedAllocator<U>& /*other*/) noexcept {}

    /// Value-initialisation (what resize() asks for): default-initialisation instead, which
    /// writes nothing for a trivial type.
    template <class U> void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>)
    {
        ::new (static_cast<void*>(p)) U;
    }
    /// Every other construction as std::allocator does it.
    template <class U, class... Args> void construct(U* p, Args&&... args)
    {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }

    friend bool operator==(const UninitializedAllocator&, const UninitializedAllocator&) noexcept { return true; }
};

} // namespace cc
