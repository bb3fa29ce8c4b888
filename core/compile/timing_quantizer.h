// Bounded timing: replaces each event's timing by a representative sample whose every field is
// within the budget's per-field cap of the event's own value, keeping at most the sample limit
// of distinct samples per operation-signature group.
//
// How: the event stream is first cut into its exact structure by *shape* (signature plus which
// timing fields are present), ignoring timing values. Each body item of that structure is a
// "position" that recurs once per repetition of its motif. A position's occurrences are taken in
// source order and cut greedily into the longest chunks whose per-field range fits twice the cap
// (so one representative is within the cap of every member), preferring cuts at repetition
// boundaries so that a repeated window stays one repeated window. A chunk reuses a recent sample
// of its group when that sample already lies within the cap of every member; otherwise a new
// sample is made from the member means, clamped into the window (or the group's shared value
// nearest the mean, when one lies in the window). Greedy cutting is optimal for one sequence: no
// cut into fewer chunks can keep the same caps.
//
// When the longest chunks keep more samples than the group's limit, every chunk is instead
// snapped to the group's shared values: per field, the optimal one-dimensional cover of the
// group's values by windows of twice the cap (the fewest values that put each value within the
// cap of one of them). Fields without a cap are kept exact unless the group has a sample limit;
// if the limit is still exceeded, they are loosened uniformly (a share of each field's range in
// that group, found by bisection) just far enough to fit it, and their true error is recorded.
// A limit that cannot be met throws cc::NegativeResult naming the group, the field whose cap
// forces the extra samples, its cap, the samples needed and the limit.
#pragma once

#include "core/canary/canary.h"
#include "core/compile/program_tables.h"
#include "core/compile/structure.h"
#include "core/util/progress.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace cc::compile {

/// Which timing fields an event carries, with its signature: what quantization never changes.
struct Shape {
    std::uint32_t signature = 0;
    std::uint32_t layout = 0;
    std::uint32_t arrivalRanks = kNoIndex;
    std::uint32_t arrivalCount = 0;
};

/// Group quantizations kept across the compiles of one source (cc::CompileContext). A group's
/// quantization depends only on the source, the events compiled, the budget's field caps and that
/// group's sample limit, so a later compile giving a group the same budget takes it from here,
/// refusal included; the sample counts that bisection probes depend only on the group and the caps
/// probed, so a group given another limit bisects over counts already known. The result is the same
/// byte for byte as without it. Not thread-safe.
class QuantizationMemo {
public:
    QuantizationMemo();
    ~QuantizationMemo();
    QuantizationMemo(const QuantizationMemo&) = delete;
    QuantizationMemo& operator=(const QuantizationMemo&) = delete;

    struct Store;
    std::unique_ptr<Store> store;
};

struct QuantizerInput {
    const Trace* trace = nullptr;
    const ProgramTables* tables = nullptr;
    std::size_t events = 0;                ///< events [0, events) are quantized
    bool firstGapFree = false;             ///< event 0's gap never reaches the expansion
    std::span<const Ns> gaps;              ///< the effective gap of each event (event 0's unread when firstGapFree)
    const std::vector<std::uint32_t>* shapeOfEvent = nullptr;
    const std::vector<Shape>* shapes = nullptr;
    const std::vector<RunItem>* shapeItems = nullptr; ///< run-length items over shapeOfEvent
    const std::vector<Span>* shapeSpans = nullptr;    ///< structure over shapeItems
    const TimingBudget* budget = nullptr;
    /// 0: off. Otherwise the rounds of each periodic window are aligned (see the .cpp): free fields may
    /// move up to this many times their group's loosened tolerance, declared caps stay as declared.
    std::uint32_t alignmentSlack = 0;
    /// Words for a signature in messages ("all_reduce 4096 B, group tp, phase decode").
    std::function<std::string(std::uint32_t signature)> describe;
    /// Optional: what earlier compiles of the same trace (and tables built the same way) learned.
    QuantizationMemo* memo = nullptr;
};

/// What quantization did to one operation-signature group.
struct GroupQuantization {
    std::uint32_t signature = 0;
    std::uint64_t groupHash = 0;
    std::uint64_t events = 0;
    std::uint64_t samples = 0;          ///< distinct timing samples kept
    std::optional<std::uint64_t> limit; ///< the sample limit applied
    std::uint32_t freeShare = 0;        ///< loosening of uncapped fields, in 1/65536 of their range
};

struct QuantizerResult {
    std::vector<CanaryTiming> samples;        ///< every sample made
    std::vector<std::uint32_t> sampleOfEvent; ///< index into samples, per event
    std::vector<GroupQuantization> groups;    ///< one per signature, in signature order
};

QuantizerResult quantizeTiming(const QuantizerInput& input, Progress& progress);

} // namespace cc::compile
