#include "core/trace/op_kind.h"

#include <array>
#include <utility>

namespace cc {

namespace {

constexpr std::array<std::pair<std::string_view, OpKind>, 11> kNames{{
    {"all_reduce", OpKind::AllReduce},
    {"all_gather", OpKind::AllGather},
    {"reduce_scatter", OpKind::ReduceScatter},
    {"all_to_all", OpKind::AllToAll},
    {"broadcast", OpKind::Broadcast},
    {"reduce", OpKind::Reduce},
    {"gather", OpKind::Gather},
    {"scatter", OpKind::Scatter},
    {"barrier", OpKind::Barrier},
    {"send", OpKind::Send},
    {"recv", OpKind::Recv},
}};

constexpr std::array<std::pair<std::string_view, int>, 17> kDtypes{{
    {"float8_e4m3fn", 1},
    {"float8_e4m3fnuz", 1},
    {"float8_e5m2", 1},
    {"float8_e5m2fnuz", 1},
    {"float16", 2},
    {"bfloat16", 2},
    {"float32", 4},
    {"float64", 8},
    {"int8", 1},
    {"uint8", 1},
    {"int16", 2},
    {"int32", 4},
    {"int64", 8},
    {"bool", 1},
    {"complex32", 4},
    {"complex64", 8},
    {"complex128", 16},
}};

} // namespace

std::string_view opKindName(OpKind kind)
{
    for (const auto& [name, k] : kNames) {
        if (k == kind) {
            return name;
        }
    }
    return "custom";
}

std::optional<OpKind> opKindFromName(std::string_view name)
{
    for (const auto& [n, k] : kNames) {
        if (n == name) {
            return k;
        }
    }
    return std::nullopt;
}

bool isKnownDtype(std::string_view dtype) { return dtypeSizeBytes(dtype) > 0; }

int dtypeSizeBytes(std::string_view dtype)
{
    for (const auto& [name, size] : kDtypes) {
        if (name == dtype) {
            return size;
        }
    }
    return 0;
}

} // namespace cc
