#include "core/baseline/baselines.h"

#include "core/compile/compiler.h"
#include "core/trace/projections.h"
#include "core/trace/trace_builder.h"
#include "core/util/errors.h"
#include "core/util/text.h"
#include "core/util/wide_int.h"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <map>
#include <numeric>
#include <unordered_map>

namespace cc::baseline {

namespace {

constexpr std::pair<Method, std::string_view> kMethodNames[] = {{Method::Isolated, "isolated"},
                                                                {Method::Random, "random"},
                                                                {Method::Frequency, "frequency"},
                                                                {Method::Cluster, "cluster"},
                                                                {Method::Stratified, "stratified"}};

/// A counter-based random stream: draw k of stream s is a pure function of (seed, s, k).
std::uint64_t draw(std::uint64_t seed, std::uint64_t stream, std::uint64_t k)
{
    return mix64(mix64(seed ^ 0x626173656c696e65ULL) ^ mix64(stream + 0x9e3779b97f4a7c15ULL) ^ (k + 1));
}

/// Uniform in [0, n) without modulo bias worth mentioning at 64 bits (n far below 2^64).
std::uint64_t below(std::uint64_t value, std::uint64_t n)
{
    return static_cast<std::uint64_t>((static_cast<WideUInt>(value) * n) >> 64);
}

/// Distinct collectives (cc::baselineGroup) in order of first appearance, with their members.
struct Groups {
    std::vector<std::string> keys;
    std::vector<std::vector<std::uint32_t>> members;
};

Groups groupEvents(const Trace& source, Progress& progress)
{
    Groups g;
    std::unordered_map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < source.size(); ++i) {
        if ((i & 0xffff) == 0) {
            progress.check();
        }
        auto [it, inserted] = index.try_emplace(baselineGroup(source, i), g.keys.size());
        if (inserted) {
            g.keys.push_back(it->first);
            g.members.emplace_back();
        }
        g.members[it->second].push_back(static_cast<std::uint32_t>(i));
    }
    return g;
}

/// An event copied from the source with its own issue-to-issue gap, as a gapped event.
Event copied(const Trace& source, std::uint32_t i, const std::string& id)
{
    Event e = source.event(i);
    e.id = id;
    e.start.reset();
    e.gap = source.effectiveGap[i];
    e.messageSequence.reset();
    e.extraJson.clear();
    return e;
}

/// The collective as a microbenchmark runs it: alone, ranks synchronised by the harness, no compute.
Event isolated(const Trace& source, std::uint32_t i, const std::string& id)
{
    Event e = copied(source, i, id);
    e.gap = kIsolationGapNs;
    e.computeBefore.reset();
    e.computeOverlap = 0;
    e.computeOverlapUnknown = false;
    e.pressure.reset();
    e.arrivals.clear();
    for (auto rank : source.ranks(i)) {
        e.arrivals.push_back(RankArrival{rank, 0});
    }
    e.arrivalsGiven = true;
    e.arrivalsAsArray = false;
    e.partialRankArrival = false;
    e.arrivalSkew.reset();
    e.observedExposed.reset();
    return e;
}

/// round(part * total / whole), at least 1.
std::uint64_t share(std::uint64_t part, std::uint64_t total, std::uint64_t whole)
{
    const WideUInt q = (static_cast<WideUInt>(part) * total * 2 + whole) / (2 * static_cast<WideUInt>(whole));
    return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(q));
}

std::int64_t logScale(std::int64_t v)
{
    return v <= 0 ? 0 : 16 * std::bit_width(static_cast<std::uint64_t>(v));
}

/// Integer k-means over log-scaled features with farthest-point initialisation; returns the
/// representative (most central member, lowest index on ties) and size of every non-empty cluster,
/// ordered by representative.
std::vector<std::pair<std::uint32_t, std::uint64_t>> clusterRepresentatives(const Trace& source, std::uint64_t k,
                                                                            Progress& progress)
{
    constexpr std::size_t kDims = 5;
    const std::size_t n = source.size();
    std::vector<std::array<std::int64_t, kDims>> f(n);
    for (std::size_t i = 0; i < n; ++i) {
        f[i] = {64 * static_cast<std::int64_t>(source.kind[i]), logScale(source.bytes[i]),
                logScale(source.effectiveGap[i]),
                logScale(source.computeOverlap[i] == kAbsentNs ? 0 : source.computeOverlap[i]),
                logScale(source.skewState[i] == SkewState::Unknown ? 0 : source.skewValue[i])};
    }
    auto dist = [&](const std::array<std::int64_t, kDims>& a, const std::array<std::int64_t, kDims>& b) {
        std::int64_t d = 0;
        for (std::size_t x = 0; x < kDims; ++x) {
            d += (a[x] - b[x]) * (a[x] - b[x]);
        }
        return d;
    };
    k = std::min<std::uint64_t>(k, n);
    std::vector<std::array<std::int64_t, kDims>> centers{f[0]};
    std::vector<std::int64_t> nearest(n);
    for (std::size_t i = 0; i < n; ++i) {
        nearest[i] = dist(f[i], centers[0]);
    }
    while (centers.size() < k) {
        std::size_t far = 0;
        for (std::size_t i = 1; i < n; ++i) {
            far = nearest[i] > nearest[far] ? i : far;
        }
        if (nearest[far] == 0) {
            break; // fewer distinct points than clusters
        }
        centers.push_back(f[far]);
        for (std::size_t i = 0; i < n; ++i) {
            nearest[i] = std::min(nearest[i], dist(f[i], centers.back()));
        }
    }
    std::vector<std::uint32_t> assign(n, 0);
    for (int round = 0; round < 20; ++round) {
        progress.check();
        bool changed = false;
        for (std::size_t i = 0; i < n; ++i) {
            std::uint32_t best = 0;
            for (std::uint32_t c = 1; c < centers.size(); ++c) {
                if (dist(f[i], centers[c]) < dist(f[i], centers[best])) {
                    best = c;
                }
            }
            changed = changed || best != assign[i] || round == 0;
            assign[i] = best;
        }
        if (!changed) {
            break;
        }
        std::vector<std::array<std::int64_t, kDims>> sum(centers.size(), std::array<std::int64_t, kDims>{});
        std::vector<std::int64_t> count(centers.size(), 0);
        for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t x = 0; x < kDims; ++x) {
                sum[assign[i]][x] += f[i][x];
            }
            ++count[assign[i]];
        }
        for (std::size_t c = 0; c < centers.size(); ++c) {
            if (count[c] != 0) {
                for (std::size_t x = 0; x < kDims; ++x) {
                    centers[c][x] = sum[c][x] / count[c];
                }
            }
        }
    }
    std::vector<std::int64_t> bestDist(centers.size(), std::numeric_limits<std::int64_t>::max());
    std::vector<std::uint32_t> rep(centers.size(), 0);
    std::vector<std::uint64_t> size(centers.size(), 0);
    for (std::size_t i = 0; i < n; ++i) {
        const auto c = assign[i];
        ++size[c];
        const auto d = dist(f[i], centers[c]);
        if (d < bestDist[c]) {
            bestDist[c] = d;
            rep[c] = static_cast<std::uint32_t>(i);
        }
    }
    std::vector<std::pair<std::uint32_t, std::uint64_t>> out;
    for (std::size_t c = 0; c < centers.size(); ++c) {
        if (size[c] != 0) {
            out.emplace_back(rep[c], size[c]);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

reduce::SubsetCanary synthesisedCanary(const Trace& trace, Method method, Progress& progress)
{
    reduce::SubsetCanary out;
    CompileResult compiled = compileCanary(trace, CompileOptions{}, progress);
    out.canary = std::move(compiled.canary);
    out.bytes = std::move(compiled.bytes);
    out.boundToSource = false;
    out.label = "a lossless canary of the " + std::string(methodName(method)) +
                " baseline workload; it names that workload as its source and stands for no source events";
    return out;
}

} // namespace

std::string_view methodName(Method method)
{
    for (const auto& [m, name] : kMethodNames) {
        if (m == method) {
            return name;
        }
    }
    return "isolated";
}

std::optional<Method> methodFromName(std::string_view name)
{
    for (const auto& [m, text] : kMethodNames) {
        if (text == name) {
            return m;
        }
    }
    return std::nullopt;
}

std::vector<Method> methodsFromList(std::string_view list)
{
    std::vector<Method> methods;
    if (list.empty()) {
        return methods;
    }
    for (const std::string_view name : splitAt(list, ',')) {
        const auto method = methodFromName(name);
        if (!method) {
            std::string known;
            for (const auto& n : methodNames()) {
                known += (known.empty() ? "" : ", ") + n;
            }
            throw InputError("--baselines", "\"" + std::string(name) + "\" is not a baseline (known: " + known + ")");
        }
        if (std::find(methods.begin(), methods.end(), *method) != methods.end()) {
            throw InputError("--baselines", "\"" + std::string(name) + "\" is named twice");
        }
        methods.push_back(*method);
    }
    return methods;
}

std::vector<std::string> methodNames()
{
    std::vector<std::string> names;
    for (const auto& [m, name] : kMethodNames) {
        names.emplace_back(name);
    }
    return names;
}

Baseline buildBaseline(const Trace& source, const std::string& sourceSha256, const Options& options, Progress& progress)
{
    if (source.size() == 0) {
        throw InputError(source.sourceName, "the trace has no events to build a baseline from");
    }
    if ((options.sampleCount && *options.sampleCount == 0) || options.clusterCount == 0 ||
        options.strataPerGroup == 0) {
        throw InputError("baseline", "sample count, cluster count and strata per group must be at least 1");
    }
    Baseline b;
    b.method = options.method;
    const std::string name = std::string(methodName(options.method));
    Groups groups = groupEvents(source, progress);
    TraceBuilder builder(source.sourceName + " (" + name + " baseline)");
    auto finishSynthesised = [&](std::string description) {
        b.trace = builder.finish(progress);
        b.artifact = synthesisedCanary(b.trace, options.method, progress);
        b.description = std::move(description);
    };
    auto finishSubset = [&](std::string description) {
        std::sort(b.chosen.begin(), b.chosen.end());
        b.chosen.erase(std::unique(b.chosen.begin(), b.chosen.end()), b.chosen.end());
        b.trace = reduce::subsetTrace(source, b.chosen, progress);
        b.artifact = reduce::subsetCanary(source, sourceSha256, b.chosen, progress);
        b.description = std::move(description);
    };

    switch (options.method) {
    case Method::Isolated: {
        const std::uint64_t runs = options.sampleCount.value_or(20);
        for (std::size_t g = 0; g < groups.keys.size(); ++g) {
            const auto rep = groups.members[g].front();
            b.chosen.push_back(rep);
            for (std::uint64_t r = 0; r < runs; ++r) {
                builder.add(isolated(source, rep, "isolated-" + std::to_string(g) + "-" + std::to_string(r)));
            }
        }
        std::sort(b.chosen.begin(), b.chosen.end());
        finishSynthesised("isolated collective benchmark: " + std::to_string(groups.keys.size()) +
                          " distinct collective" + (groups.keys.size() == 1 ? "" : "s") + ", each run alone " +
                          std::to_string(runs) + " times with ranks synchronised, no compute, " +
                          std::to_string(kIsolationGapNs / 1'000'000) + " ms idle between runs");
        break;
    }
    case Method::Random: {
        const std::uint64_t want = std::min<std::uint64_t>(options.sampleCount.value_or(32), source.size());
        // Partial Fisher-Yates over the index space, driven by the counter-based stream.
        std::vector<std::uint32_t> pool(source.size());
        std::iota(pool.begin(), pool.end(), 0U);
        for (std::uint64_t k = 0; k < want; ++k) {
            const std::uint64_t j = k + below(draw(options.seed, 0, k), pool.size() - k);
            std::swap(pool[k], pool[j]);
            b.chosen.push_back(pool[k]);
        }
        finishSubset("random sample of " + std::to_string(want) + " source events (seed " +
                     std::to_string(options.seed) + "), in source order, each with its own gap");
        break;
    }
    case Method::Frequency: {
        const std::uint64_t total = options.sampleCount.value_or(32);
        std::uint64_t events = 0;
        for (std::size_t g = 0; g < groups.keys.size(); ++g) {
            const auto rep = groups.members[g].front();
            b.chosen.push_back(rep);
            const std::uint64_t count = share(groups.members[g].size(), total, source.size());
            for (std::uint64_t r = 0; r < count; ++r) {
                builder.add(copied(source, rep, "frequency-" + std::to_string(g) + "-" + std::to_string(r)));
            }
            events += count;
        }
        std::sort(b.chosen.begin(), b.chosen.end());
        finishSynthesised("frequency-representative: the first occurrence of each of " +
                          std::to_string(groups.keys.size()) +
                          " distinct collectives, repeated in proportion to its "
                          "frequency (" +
                          std::to_string(events) + " events)");
        break;
    }
    case Method::Cluster: {
        const std::uint64_t total = options.sampleCount.value_or(32);
        auto reps = clusterRepresentatives(source, options.clusterCount, progress);
        std::uint64_t events = 0;
        for (std::size_t c = 0; c < reps.size(); ++c) {
            b.chosen.push_back(reps[c].first);
            const std::uint64_t count = share(reps[c].second, total, source.size());
            for (std::uint64_t r = 0; r < count; ++r) {
                builder.add(copied(source, reps[c].first, "cluster-" + std::to_string(c) + "-" + std::to_string(r)));
            }
            events += count;
        }
        finishSynthesised("clustering-representative: " + std::to_string(reps.size()) +
                          " k-means clusters over log-scaled size, gap, overlap and skew; each cluster's most central "
                          "event repeated in proportion to the cluster's size (" +
                          std::to_string(events) + " events)");
        break;
    }
    case Method::Stratified: {
        for (std::size_t g = 0; g < groups.keys.size(); ++g) {
            const auto& members = groups.members[g];
            const std::uint64_t strata = std::min<std::uint64_t>(options.strataPerGroup, members.size());
            for (std::uint64_t s = 0; s < strata; ++s) {
                const std::uint64_t begin = s * members.size() / strata;
                const std::uint64_t end = (s + 1) * members.size() / strata;
                const std::uint64_t pick = begin + below(draw(options.seed, g + 1, s), end - begin);
                b.chosen.push_back(members[pick]);
            }
        }
        finishSubset("stratified sample: each of " + std::to_string(groups.keys.size()) +
                     " distinct collectives cut into up to " + std::to_string(options.strataPerGroup) +
                     " strata in source order, one event drawn from each (seed " + std::to_string(options.seed) + ")");
        break;
    }
    }
    return b;
}

} // namespace cc::baseline
