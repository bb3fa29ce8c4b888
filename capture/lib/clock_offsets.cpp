#include "capture/lib/clock_offsets.h"

#include "capture/lib/json_io.h"

#include <algorithm>
#include <limits>

namespace cc::capture {

namespace {

Ns halfUp(Ns value)
{
    return value / 2 + value % 2;
}

Ns absolute(Ns value)
{
    return value < 0 ? -value : value;
}

} // namespace

std::optional<OffsetEstimate> estimateOffset(const std::vector<PingSample>& samples)
{
    Ns lo = std::numeric_limits<Ns>::min();
    Ns hi = std::numeric_limits<Ns>::max();
    const PingSample* best = nullptr;
    int used = 0;
    for (const PingSample& s : samples) {
        if (s.receiveLocal < s.sendLocal) {
            return std::nullopt;
        }
        lo = std::max(lo, s.reference - s.receiveLocal);
        hi = std::min(hi, s.reference - s.sendLocal);
        if (best == nullptr || s.receiveLocal - s.sendLocal < best->receiveLocal - best->sendLocal) {
            best = &s;
        }
        ++used;
    }
    if (best == nullptr) {
        return std::nullopt;
    }
    OffsetEstimate e;
    e.samples = used;
    e.bestRoundTripNs = best->receiveLocal - best->sendLocal;
    if (lo > hi) {
        // The bounds contradict each other: keep the tightest single sample.
        lo = best->reference - best->receiveLocal;
        hi = best->reference - best->sendLocal;
        e.fellBackToBestSample = true;
    }
    const Ns width = hi - lo;
    e.offsetNs = lo + width / 2;
    e.uncertaintyNs = halfUp(width);
    return e;
}

ClockCalibration referenceCalibration(int rank, Ns localOriginNs)
{
    ClockCalibration c;
    c.rank = rank;
    c.referenceRank = rank;
    c.method = "reference";
    c.localOriginNs = localOriginNs;
    c.referenceOriginNs = localOriginNs;
    return c;
}

ClockCalibration combineCalibration(int rank, int referenceRank, const OffsetEstimate& atStart,
                                    const OffsetEstimate& atEnd, Ns localOriginNs, Ns referenceOriginNs)
{
    ClockCalibration c;
    c.rank = rank;
    c.referenceRank = referenceRank;
    c.method = "tcpstore_ping";
    c.atStart = atStart;
    c.atEnd = atEnd;
    c.driftNs = atEnd.offsetNs - atStart.offsetNs;
    c.offsetNs = atStart.offsetNs + c.driftNs / 2;
    c.uncertaintyNs = std::max(atStart.uncertaintyNs, atEnd.uncertaintyNs) + halfUp(absolute(c.driftNs));
    c.localOriginNs = localOriginNs;
    c.referenceOriginNs = referenceOriginNs;
    c.shardOffsetNs = localOriginNs + c.offsetNs - referenceOriginNs;
    return c;
}

namespace {

json::Value estimateToJson(const OffsetEstimate& e)
{
    json::Value j = json::Value::object();
    j.set("offset_ns", e.offsetNs);
    j.set("uncertainty_ns", e.uncertaintyNs);
    j.set("best_round_trip_ns", e.bestRoundTripNs);
    j.set("samples", e.samples);
    j.set("fell_back_to_best_sample", json::Value(e.fellBackToBestSample));
    return j;
}

constexpr std::int64_t kMinNs = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kMaxNs = std::numeric_limits<std::int64_t>::max();

OffsetEstimate estimateFromJson(const Fields& f, std::string_view key)
{
    const Fields e = f.object(key);
    OffsetEstimate out;
    out.offsetNs = e.integer("offset_ns", kMinNs, kMaxNs);
    out.uncertaintyNs = e.nonNegative("uncertainty_ns");
    out.bestRoundTripNs = e.nonNegative("best_round_trip_ns");
    out.samples = e.intIn("samples", 0, std::numeric_limits<int>::max());
    out.fellBackToBestSample = e.boolean("fell_back_to_best_sample");
    return out;
}

} // namespace

json::Value clockCalibrationToJson(const ClockCalibration& c)
{
    json::Value j = json::Value::object();
    j.set("rank", c.rank);
    j.set("reference_rank", c.referenceRank);
    j.set("method", c.method);
    j.set("offset_ns", c.offsetNs);
    j.set("uncertainty_ns", c.uncertaintyNs);
    j.set("drift_ns", c.driftNs);
    j.set("local_origin_ns", c.localOriginNs);
    j.set("reference_origin_ns", c.referenceOriginNs);
    j.set("shard_offset_ns", c.shardOffsetNs);
    j.set("at_start", estimateToJson(c.atStart));
    j.set("at_end", estimateToJson(c.atEnd));
    j.set("meaning", "reference_time = local_time + offset_ns (within ± uncertainty_ns); "
                     "reference shard time = this shard's time + shard_offset_ns");
    return j;
}

ClockCalibration clockCalibrationFromJson(const json::Value& value, const std::string& source, const std::string& path)
{
    const json::Reader in(source);
    const Fields f(in, value, path);
    constexpr int kMaxRank = std::numeric_limits<int>::max();
    ClockCalibration c;
    c.rank = f.intIn("rank", 0, kMaxRank);
    c.referenceRank = f.intIn("reference_rank", 0, kMaxRank);
    c.method = f.string("method");
    c.offsetNs = f.integer("offset_ns", kMinNs, kMaxNs);
    c.uncertaintyNs = f.nonNegative("uncertainty_ns");
    c.driftNs = f.integer("drift_ns", kMinNs, kMaxNs);
    c.localOriginNs = f.integer("local_origin_ns", kMinNs, kMaxNs);
    c.referenceOriginNs = f.integer("reference_origin_ns", kMinNs, kMaxNs);
    c.shardOffsetNs = f.integer("shard_offset_ns", kMinNs, kMaxNs);
    c.atStart = estimateFromJson(f, "at_start");
    c.atEnd = estimateFromJson(f, "at_end");
    return c;
}

} // namespace cc::capture
