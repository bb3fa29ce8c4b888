// The keys of a commcanary.trace.v1 event object, each spelled once: the trace reader's key table
// and the prototype canary's template fields name them from here.
#pragma once

#include <array>
#include <string_view>

namespace cc::event_keys {

enum Key : int {
    kOp,
    kCustomOp,
    kDtype,
    kBytes,
    kRanks,
    kRankCount,
    kPhase,
    kGroup,
    kRankArrival,
    kPartialArrival,
    kArrivalSkew,
    kStart,
    kGap,
    kComputeBefore,
    kComputeOverlap,
    kOverlapUnknown,
    kPressure,
    kExposed,
    kConcurrentGroups,
    kSender,
    kReceiver,
    kRoot,
    kReductionOp,
    kMessageSequence,
    kTag,
    kChannel,
    kId,
    kKeyCount
};

inline constexpr std::array<std::string_view, kKeyCount> kKeyNames{"op",
                                                                   "custom_op",
                                                                   "dtype",
                                                                   "bytes",
                                                                   "ranks",
                                                                   "rank_count",
                                                                   "phase",
                                                                   "group",
                                                                   "rank_arrival_us",
                                                                   "partial_rank_arrival",
                                                                   "arrival_skew_us",
                                                                   "start_us",
                                                                   "gap_us",
                                                                   "compute_before_us",
                                                                   "compute_overlap_us",
                                                                   "compute_overlap_unknown",
                                                                   "compute_pressure",
                                                                   "observed_exposed_us",
                                                                   "concurrent_groups",
                                                                   "sender_rank",
                                                                   "receiver_rank",
                                                                   "root_rank",
                                                                   "reduction_op",
                                                                   "message_sequence",
                                                                   "tag",
                                                                   "channel",
                                                                   "id"};

/// The key's spelling in an event object.
constexpr std::string_view keyName(Key key)
{
    return kKeyNames[static_cast<std::size_t>(key)];
}

} // namespace cc::event_keys
