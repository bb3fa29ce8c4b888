#include "capture/lib/bucket_layout.h"

#include <stdexcept>
#include <string>

namespace cc::capture {

BucketLayout computeBucketLayout(const std::vector<std::size_t>& order, const std::vector<std::int64_t>& elements,
                                 std::int64_t elementBytes, std::int64_t firstCapBytes, std::int64_t capBytes)
{
    const std::size_t n = elements.size();
    if (order.size() != n) {
        throw std::invalid_argument("bucket order names " + std::to_string(order.size()) +
                                    " parameters, the model has " + std::to_string(n));
    }
    BucketLayout layout;
    layout.firstCapBytes = firstCapBytes;
    layout.capBytes = capBytes;
    layout.bucketOfParam.assign(n, n);
    layout.slotOfParam.assign(n, 0);
    GradientBucket current;
    auto close = [&] {
        if (!current.params.empty()) {
            layout.buckets.push_back(std::move(current));
            current = GradientBucket{};
        }
    };
    for (std::size_t p : order) {
        if (p >= n || layout.bucketOfParam[p] != n) {
            throw std::invalid_argument("bucket order is not a permutation of the parameters (index " +
                                        std::to_string(p) + ")");
        }
        layout.bucketOfParam[p] = layout.buckets.size();
        layout.slotOfParam[p] = current.params.size();
        current.params.push_back(p);
        current.offsets.push_back(current.elements);
        current.elements += elements[p];
        current.bytes += elements[p] * elementBytes;
        const std::int64_t cap = layout.buckets.empty() ? firstCapBytes : capBytes;
        if (current.bytes >= cap) {
            close();
        }
    }
    close();
    return layout;
}

std::vector<std::size_t> reverseRegistrationOrder(std::size_t count)
{
    std::vector<std::size_t> order(count);
    for (std::size_t i = 0; i < count; ++i) {
        order[i] = count - 1 - i;
    }
    return order;
}

bool sameAssignment(const BucketLayout& a, const BucketLayout& b)
{
    if (a.buckets.size() != b.buckets.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.buckets.size(); ++i) {
        if (a.buckets[i].params != b.buckets[i].params) {
            return false;
        }
    }
    return true;
}

} // namespace cc::capture
