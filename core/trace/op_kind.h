// The collective and point-to-point operations the product models.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace cc {

enum class OpKind : std::uint8_t {
    AllReduce,
    AllGather,
    ReduceScatter,
    AllToAll,
    Broadcast,
    Reduce,
    Gather,
    Scatter,
    Barrier,
    Send,
    Recv,
    Custom, ///< an operation with no mapping; the event carries custom_op: true and its own name
};

inline constexpr int kOpKindCount = 12;

/// The canonical wire name ("all_reduce", ...); "custom" for Custom.
std::string_view opKindName(OpKind kind);

/// Maps a canonical wire name to its kind; nullopt for names the product does not know.
std::optional<OpKind> opKindFromName(std::string_view name);

/// True for send and recv.
inline bool isPointToPoint(OpKind kind) { return kind == OpKind::Send || kind == OpKind::Recv; }

/// True for operations with a root rank (broadcast, reduce, gather, scatter).
inline bool isRooted(OpKind kind)
{
    return kind == OpKind::Broadcast || kind == OpKind::Reduce || kind == OpKind::Gather || kind == OpKind::Scatter;
}

/// The dtypes the trace format accepts, and their element sizes in bytes (0 when unknown).
bool isKnownDtype(std::string_view dtype);
int dtypeSizeBytes(std::string_view dtype);

} // namespace cc
