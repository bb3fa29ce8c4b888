// The replay protocol: everything besides the trace and the configuration set that decides a
// replay's output (seed, iterations, ablations, isolated mode, ranking tie tolerance).
// Two replays with equal inputs and equal protocols give bit-identical samples.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc {

/// Simulator controls, each removing one contextual mechanism the model preserves. They are
/// replay-protocol settings and are labelled as simulator controls, not physical interventions.
enum class Ablation : std::uint8_t {
    ArrivalSkew,     ///< every collective's ranks arrive together: modelled rank wait is 0
    ComputeOverlap,  ///< no communication overlaps compute: nothing hidden, no pressure slowdown
    Ordering,        ///< events replay in a seeded deterministic shuffle (each keeps its own gap)
    QueueResetGaps,  ///< idle gaps longer than the trace's median gap are cut to the median
    RareTailWindows, ///< the seeded tail-noise term is switched off
    Pressure,        ///< compute pressure no longer slows overlapped communication
};

inline constexpr int kAblationCount = 6;

/// Wire names: arrival_skew, compute_overlap, ordering, queue_reset_gaps, rare_tail_windows, pressure.
std::string_view ablationName(Ablation ablation);
std::optional<Ablation> ablationFromName(std::string_view name);

/// A set of ablations; iterates in the fixed order of the enum (the canonical order in reports).
class AblationSet {
public:
    bool has(Ablation a) const { return (bits_ & bit(a)) != 0; }
    void add(Ablation a) { bits_ = static_cast<std::uint8_t>(bits_ | bit(a)); }
    bool empty() const { return bits_ == 0; }
    std::vector<Ablation> list() const;
    /// Comma-separated wire names in canonical order ("" when empty).
    std::string text() const;

    friend bool operator==(const AblationSet&, const AblationSet&) = default;

private:
    static std::uint8_t bit(Ablation a) { return static_cast<std::uint8_t>(1U << static_cast<unsigned>(a)); }
    std::uint8_t bits_ = 0;
};

/// Parses a comma-separated list of ablation names (spaces around names allowed, empty items
/// refused). Throws InputError naming sourceName (e.g. "--ablate"), the offending name and the
/// known names, for unknown or repeated names.
AblationSet parseAblations(std::string_view list, const std::string& sourceName);

struct ReplayProtocol {
    std::uint64_t seed = 1;       ///< seeds the tail-noise term and the ordering shuffle
    std::uint32_t iterations = 1; ///< independent replays of the whole trace (noise differs)
    AblationSet ablations;
    bool isolated = false;                 ///< every collective alone, as a microbenchmark would run it
    std::int64_t tieTolerancePpm = 10'000; ///< ranking: relative difference at or below this is a tie

    friend bool operator==(const ReplayProtocol&, const ReplayProtocol&) = default;
};

inline constexpr std::uint32_t kMaxIterations = 1000;

/// Refuses protocols the simulator cannot honour (iterations outside 1..1000, tie tolerance
/// outside 0..1'000'000 ppm, ablations combined with isolated mode). Throws InputError.
void validateProtocol(const ReplayProtocol& protocol, const std::string& sourceName);

} // namespace cc
