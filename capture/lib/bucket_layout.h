// Gradient bucket layout, as a DDP-style reducer assigns parameters to buckets.
//
// Parameters are taken in an order (reverse registration order for the first iteration, the
// observed gradient-ready order after the rebuild) and packed into buckets: a bucket closes
// as soon as its size reaches its cap, so a tensor larger than the cap sits alone in one.
// The first bucket has its own, small cap so that the first all-reduce starts early in the
// backward pass. Pure arithmetic: the worker and the tests share it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cc::capture {

struct GradientBucket {
    std::vector<std::size_t> params;   ///< parameter indices (registration order numbering), packing order
    std::vector<std::int64_t> offsets; ///< element offset of each parameter inside the flat bucket
    std::int64_t elements = 0;
    std::int64_t bytes = 0;

    friend bool operator==(const GradientBucket&, const GradientBucket&) = default;
};

struct BucketLayout {
    std::vector<GradientBucket> buckets;
    std::vector<std::size_t> bucketOfParam; ///< per parameter index
    std::vector<std::size_t> slotOfParam;   ///< position inside its bucket
    std::int64_t firstCapBytes = 0;
    std::int64_t capBytes = 0;

    friend bool operator==(const BucketLayout&, const BucketLayout&) = default;
};

/// Packs parameters (given as element counts and element size) taken in `order` into buckets.
/// `order` must be a permutation of 0..n-1; throws std::invalid_argument otherwise.
BucketLayout computeBucketLayout(const std::vector<std::size_t>& order, const std::vector<std::int64_t>& elements,
                                 std::int64_t elementBytes, std::int64_t firstCapBytes, std::int64_t capBytes);

/// n-1, n-2, ..., 0: the order DDP assumes before it has seen a backward pass.
std::vector<std::size_t> reverseRegistrationOrder(std::size_t count);

/// True when the two layouts put the same parameters in the same buckets in the same order.
bool sameAssignment(const BucketLayout& a, const BucketLayout& b);

} // namespace cc::capture
