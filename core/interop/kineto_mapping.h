// How PyTorch profiler vocabulary maps onto the trace format: collective names, dtype names,
// and the string-encoded (possibly truncated) rank lists torch writes into Kineto args.
#pragma once

#include "core/trace/op_kind.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc::interop {

/// The trace operation a torch collective name ("Collective name" of record_param_comms, or the
/// part after "nccl:" / "gloo:" of a legacy annotation) stands for; nullopt when it has no exact
/// equivalent (it is then imported as a custom operation under its own name). "wait" is not a
/// collective and is handled by the caller.
std::optional<OpKind> mapTorchCollective(std::string_view name);

/// Trace dtype of a c10 ScalarType name as written in metadata ("Float" -> "float32").
std::optional<std::string> mapScalarTypeName(std::string_view name);

/// Trace dtype of a C++ element type as written in "Input type" ("float", "c10::BFloat16", ...).
std::optional<std::string> mapCppTypeName(std::string_view name);

/// A rank or split list as torch writes it: "[0, 1, 2]", or truncated after 30 entries as
/// "[0, ..., 29, ...]" (older torch) or "[0, ..., 28, ..., 99]" (newer torch, last entry kept).
struct TorchList {
    std::vector<std::int64_t> head; ///< the entries before "..." (all entries when not truncated)
    bool truncated = false;
    std::optional<std::int64_t> tail; ///< the entry after "...", when present
};

/// Parses the text; nullopt (with a reason) when it is not such a list.
std::optional<TorchList> parseTorchList(std::string_view text, std::string* reason);

/// Rebuilds a truncated (or checks a complete) member list from an explicit stride description:
/// start + k * stride for k < size, which must agree with every visible entry. Returns nullopt
/// with a reason when the description is missing, invalid or contradicts the visible entries.
std::optional<std::vector<std::int32_t>> rebuildFromStride(const TorchList& list, std::optional<std::int64_t> start,
                                                           std::optional<std::int64_t> stride, std::int64_t size,
                                                           std::string* reason);

} // namespace cc::interop
