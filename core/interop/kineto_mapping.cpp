#include "core/interop/kineto_mapping.h"

#include "core/util/text.h"

#include <array>
#include <charconv>
#include <limits>
#include <utility>

namespace cc::interop {

namespace {

std::string_view trim(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\n')) {
        text.remove_prefix(1);
    }
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\n')) {
        text.remove_suffix(1);
    }
    return text;
}

} // namespace

std::optional<OpKind> mapTorchCollective(std::string_view name)
{
    // Exact equivalents only: the product's own names, and PyTorch's other names for the same
    // collectives. Coalesced variants, "_coalescing"/"coalesced" markers and anything else stay
    // custom operations under their own name.
    if (const auto kind = opKindFromName(name)) {
        return kind;
    }
    static constexpr std::array<std::pair<std::string_view, OpKind>, 11> kTorchAliases{{
        {"allreduce", OpKind::AllReduce},
        {"allgather", OpKind::AllGather},
        {"_allgather_base", OpKind::AllGather},
        {"_all_gather_base", OpKind::AllGather},
        {"allgather_into_tensor", OpKind::AllGather},
        {"all_gather_into_tensor", OpKind::AllGather},
        {"_reduce_scatter_base", OpKind::ReduceScatter},
        {"reduce_scatter_tensor", OpKind::ReduceScatter},
        {"all_to_allv", OpKind::AllToAll},
        {"alltoall", OpKind::AllToAll},
        {"alltoall_base", OpKind::AllToAll},
    }};
    for (const auto& [n, kind] : kTorchAliases) {
        if (n == name) {
            return kind;
        }
    }
    return std::nullopt;
}

std::optional<std::string> mapScalarTypeName(std::string_view name)
{
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 17> kTypes{{
        {"Float", "float32"},
        {"Double", "float64"},
        {"Half", "float16"},
        {"BFloat16", "bfloat16"},
        {"Long", "int64"},
        {"Int", "int32"},
        {"Short", "int16"},
        {"Char", "int8"},
        {"Byte", "uint8"},
        {"Bool", "bool"},
        {"ComplexHalf", "complex32"},
        {"ComplexFloat", "complex64"},
        {"ComplexDouble", "complex128"},
        {"Float8_e4m3fn", "float8_e4m3fn"},
        {"Float8_e4m3fnuz", "float8_e4m3fnuz"},
        {"Float8_e5m2", "float8_e5m2"},
        {"Float8_e5m2fnuz", "float8_e5m2fnuz"},
    }};
    for (const auto& [n, dtype] : kTypes) {
        if (n == name) {
            return std::string(dtype);
        }
    }
    return std::nullopt;
}

std::optional<std::string> mapCppTypeName(std::string_view name)
{
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 25> kTypes{{
        {"float", "float32"},
        {"double", "float64"},
        {"c10::Half", "float16"},
        {"c10::BFloat16", "bfloat16"},
        {"long int", "int64"},
        {"long", "int64"},
        {"int64_t", "int64"},
        {"long long", "int64"},
        {"int", "int32"},
        {"int32_t", "int32"},
        {"short int", "int16"},
        {"short", "int16"},
        {"int16_t", "int16"},
        {"signed char", "int8"},
        {"int8_t", "int8"},
        {"unsigned char", "uint8"},
        {"uint8_t", "uint8"},
        {"bool", "bool"},
        {"c10::complex<c10::Half>", "complex32"},
        {"c10::complex<float>", "complex64"},
        {"c10::complex<double>", "complex128"},
        {"c10::Float8_e4m3fn", "float8_e4m3fn"},
        {"c10::Float8_e4m3fnuz", "float8_e4m3fnuz"},
        {"c10::Float8_e5m2", "float8_e5m2"},
        {"c10::Float8_e5m2fnuz", "float8_e5m2fnuz"},
    }};
    for (const auto& [n, dtype] : kTypes) {
        if (n == name) {
            return std::string(dtype);
        }
    }
    return std::nullopt;
}

std::optional<TorchList> parseTorchList(std::string_view text, std::string* reason)
{
    auto bad = [&](std::string why) -> std::optional<TorchList> {
        if (reason != nullptr) {
            *reason = std::move(why);
        }
        return std::nullopt;
    };
    std::string_view body = trim(text);
    if (body.size() < 2 || body.front() != '[' || body.back() != ']') {
        return bad("is not a list in brackets");
    }
    body = trim(body.substr(1, body.size() - 2));
    TorchList list;
    if (body.empty()) {
        return list;
    }
    for (const std::string_view piece : splitAt(body, ',')) {
        const std::string_view item = trim(piece);
        if (item == "...") {
            if (list.truncated) {
                return bad("has \"...\" twice");
            }
            list.truncated = true;
        } else {
            std::int64_t value = 0;
            auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
            if (ec != std::errc() || end != item.data() + item.size() || item.empty()) {
                return bad("has an entry \"" + std::string(item.substr(0, 32)) + "\" that is not an integer");
            }
            if (list.truncated) {
                if (list.tail) {
                    return bad("has more than one entry after \"...\"");
                }
                list.tail = value;
            } else {
                list.head.push_back(value);
            }
        }
    }
    return list;
}

std::optional<std::vector<std::int32_t>> rebuildFromStride(const TorchList& list, std::optional<std::int64_t> start,
                                                           std::optional<std::int64_t> stride, std::int64_t size,
                                                           std::string* reason)
{
    auto bad = [&](std::string why) -> std::optional<std::vector<std::int32_t>> {
        if (reason != nullptr) {
            *reason = std::move(why);
        }
        return std::nullopt;
    };
    if (!start || !stride) {
        return bad("the profile gives no stride description (\"Global rank start\" and \"Global rank stride\")");
    }
    if (size < 1) {
        return bad("\"Group size\" is " + std::to_string(size));
    }
    if (*start < 0 || *stride < 0 || (*stride == 0 && size > 1)) {
        return bad("the stride description (start " + std::to_string(*start) + ", stride " + std::to_string(*stride) +
                   ") does not describe evenly spaced ranks (torch writes -1 when the group is not strided)");
    }
    const std::int64_t last = *start + (size - 1) * *stride;
    if (last > std::numeric_limits<std::int32_t>::max()) {
        return bad("the stride description reaches rank " + std::to_string(last) + ", beyond the rank range");
    }
    std::vector<std::int32_t> ranks;
    ranks.reserve(static_cast<std::size_t>(size));
    for (std::int64_t k = 0; k < size; ++k) {
        ranks.push_back(static_cast<std::int32_t>(*start + k * *stride));
    }
    if (static_cast<std::int64_t>(list.head.size()) + (list.tail ? 1 : 0) > size) {
        return bad("the list shows more entries than \"Group size\" " + std::to_string(size));
    }
    for (std::size_t k = 0; k < list.head.size(); ++k) {
        if (list.head[k] != ranks[k]) {
            return bad("visible entry " + std::to_string(k) + " is " + std::to_string(list.head[k]) +
                       " but the stride description gives " + std::to_string(ranks[k]));
        }
    }
    if (list.tail && *list.tail != ranks.back()) {
        return bad("the last visible entry is " + std::to_string(*list.tail) + " but the stride description ends at " +
                   std::to_string(ranks.back()));
    }
    return ranks;
}

} // namespace cc::interop
