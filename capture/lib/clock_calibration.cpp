#include "capture/lib/clock_calibration.h"

#include "capture/lib/json_fields.h"

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

nlohmann::json estimateToJson(const OffsetEstimate& e)
{
    return nlohmann::json{{"offset_ns", e.offsetNs},
                          {"uncertainty_ns", e.uncertaintyNs},
                          {"best_round_trip_ns", e.bestRoundTripNs},
                          {"samples", e.samples},
                          {"fell_back_to_best_sample", e.fellBackToBestSample}};
}

OffsetEstimate estimateFromJson(const JsonFields& f, const std::string& key)
{
    JsonFields e = f.object(key);
    OffsetEstimate out;
    out.offsetNs = e.integer("offset_ns");
    out.uncertaintyNs = e.nonNegative("uncertainty_ns");
    out.bestRoundTripNs = e.nonNegative("best_round_trip_ns");
    out.samples = static_cast<int>(e.nonNegative("samples"));
    out.fellBackToBestSample = e.boolean("fell_back_to_best_sample");
    return out;
}

} // namespace

nlohmann::json clockCalibrationToJson(const ClockCalibration& c)
{
    nlohmann::json j;
    j["rank"] = c.rank;
    j["reference_rank"] = c.referenceRank;
    j["method"] = c.method;
    j["offset_ns"] = c.offsetNs;
    j["uncertainty_ns"] = c.uncertaintyNs;
    j["drift_ns"] = c.driftNs;
    j["local_origin_ns"] = c.localOriginNs;
    j["reference_origin_ns"] = c.referenceOriginNs;
    j["shard_offset_ns"] = c.shardOffsetNs;
    j["at_start"] = estimateToJson(c.atStart);
    j["at_end"] = estimateToJson(c.atEnd);
    j["meaning"] = "reference_time = local_time + offset_ns (within ± uncertainty_ns); "
                   "reference shard time = this shard's time + shard_offset_ns";
    return j;
}

ClockCalibration clockCalibrationFromJson(const nlohmann::json& json, const std::string& source,
                                          const std::string& path)
{
    JsonFields f(json, source, path);
    ClockCalibration c;
    c.rank = static_cast<int>(f.nonNegative("rank"));
    c.referenceRank = static_cast<int>(f.nonNegative("reference_rank"));
    c.method = f.text("method");
    c.offsetNs = f.integer("offset_ns");
    c.uncertaintyNs = f.nonNegative("uncertainty_ns");
    c.driftNs = f.integer("drift_ns");
    c.localOriginNs = f.integer("local_origin_ns");
    c.referenceOriginNs = f.integer("reference_origin_ns");
    c.shardOffsetNs = f.integer("shard_offset_ns");
    c.atStart = estimateFromJson(f, "at_start");
    c.atEnd = estimateFromJson(f, "at_end");
    return c;
}

} // namespace cc::capture
