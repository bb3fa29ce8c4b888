#include "core/generate/generators.h"

#include "core/trace/trace_builder.h"

namespace cc {

namespace {
constexpr Ns kMicro = 1000;
}

Trace generateAdversarial(const GeneratorOptions& options, Progress& progress)
{
    // The shape: decode steps of 1 KiB tensor-parallel all_reduces issued every 1 us (faster than
    // any configuration serves them, so queues build), and once in every block of 20 steps a
    // tail window: the collective overlaps 10 ms of compute at full pressure while rank 1 arrives
    // 500 us late; a 500 us idle gap follows, long enough to drain every queue. The windows are
    // rare, expensive and contextual: an isolated benchmark never sees them.
    const std::uint64_t count = options.events == 0 ? 100 : options.events;
    // The seed shifts the window inside each block (positions 10..18, so its reset gap stays in the block).
    const std::uint64_t heavyPosition = 10 + (options.seed % 9);
    TraceBuilder builder("<generated adversarial>");
    builder.setWorkloadJson(
        R"({"name":"adversarial-decode-ranking-inversion","generator":"commcanary generate adversarial","notes":"Deliberately congested: a synthetic decode loop whose 1 KiB all_reduces are issued every microsecond, faster than any configuration serves them, so queues build inside every block of twenty and drain in its 500 us gap. Queue-reset gaps and rare high-overlap, high-skew tail windows decide the configuration ranking, which inverts against an isolated benchmark."})");
    builder.reserve(count);
    Event e;
    e.op = "all_reduce";
    e.bytes = 1024;
    e.ranks = {0, 1};
    e.group = "tp";
    e.phase = "decode";
    e.arrivalsGiven = true;
    for (std::uint64_t i = 0; i < count; ++i) {
        const std::uint64_t inBlock = i % 20;
        const bool heavy = inBlock == heavyPosition;
        const bool afterHeavy = inBlock == heavyPosition + 1;
        e.id = "event-" + std::to_string(i);
        e.gap = afterHeavy ? 500 * kMicro : 1 * kMicro;
        e.computeOverlap = heavy ? 10'000 * kMicro : 0;
        e.pressure = heavy ? 1'000'000'000 : 500'000'000;
        e.arrivals = {RankArrival{0, 0}, RankArrival{1, heavy ? 500 * kMicro : 0}};
        builder.add(e);
    }
    progress.report(1.0, "generated");
    return builder.finish(progress);
}

} // namespace cc
