// Canonical bytes of a trace. Each event is a fixed-position array:
//   [0] op  [1] custom_op 0/1  [2] bytes  [3] ranks  [4] group  [5] phase  [6] dtype  [7] tag
//   [8] channel  [9] reduction_op  [10] root_rank  [11] sender_rank  [12] receiver_rank
//   [13] concurrent_groups  [14] message_sequence  [15] gap_ns (issue-to-issue)
//   [16] compute_before_ns  [17] compute_overlap_ns or "unknown"  [18] compute_pressure (1e-9 units)
//   [19] skew state "known"|"partial"|"unknown"  [20] skew_ns (null when unknown)
//   [21] arrivals [[rank, ns], ...] sorted by rank (null when not given)  [22] observed_exposed_ns
// Absent values are null. Strings and rank sets are references into tables in the whole-trace
// form (interned by first appearance in canonical order) and inline in event-range bytes, so a
// segment commitment depends on nothing outside its segment.
#include "core/trace/normalized.h"

#include "core/util/json/writer.h"
#include "core/util/sha256.h"

#include <algorithm>
#include <unordered_map>

namespace cc {

namespace {

class Encoder {
public:
    /// inlineRefs: write strings and rank lists in place (event-range bytes).
    Encoder(const Trace& trace, bool inlineRefs) : t_(trace), inline_(inlineRefs) {}

    void encodeEvent(std::string& out, std::size_t i)
    {
        out += '[';
        stringRef(out, t_.op[i]);
        out += t_.has(i, kFlagCustomOp) ? ",1," : ",0,";
        json::appendInt(out, t_.bytes[i]);
        out += ',';
        rankSetRef(out, t_.rankSet[i]);
        for (auto id : {t_.group[i], t_.phase[i], t_.dtype[i], t_.tag[i], t_.channel[i], t_.reductionOp[i]}) {
            out += ',';
            stringRef(out, id);
        }
        for (auto value : {t_.rootRank[i], t_.senderRank[i], t_.receiverRank[i], t_.concurrentGroups[i]}) {
            out += ',';
            optionalInt(out, value, kNoRank);
        }
        out += ',';
        optionalInt(out, t_.messageSequence[i], -1);
        out += ',';
        json::appendInt(out, t_.effectiveGap[i]);
        out += ',';
        optionalInt(out, t_.computeBefore[i], kAbsentNs);
        out += ',';
        if (t_.has(i, kFlagOverlapUnknown)) {
            out += "\"unknown\"";
        } else {
            optionalInt(out, t_.computeOverlap[i], kAbsentNs);
        }
        out += ',';
        optionalInt(out, t_.pressure[i], kAbsentNs);
        out += ",\"";
        out += skewStateName(t_.skewState[i]);
        out += "\",";
        if (t_.skewState[i] == SkewState::Unknown) {
            out += "null";
        } else {
            json::appendInt(out, t_.skewValue[i]);
        }
        out += ',';
        if (t_.has(i, kFlagArrivalsGiven)) {
            sorted_.clear();
            for (std::uint32_t k = 0; k < t_.arrivalCount[i]; ++k) {
                sorted_.emplace_back(t_.arrivalRank[t_.arrivalBegin[i] + k], t_.arrivalTime[t_.arrivalBegin[i] + k]);
            }
            std::sort(sorted_.begin(), sorted_.end());
            out += '[';
            for (std::size_t k = 0; k < sorted_.size(); ++k) {
                out += k == 0 ? "[" : ",[";
                json::appendInt(out, sorted_[k].first);
                out += ',';
                json::appendInt(out, sorted_[k].second);
                out += ']';
            }
            out += ']';
        } else {
            out += "null";
        }
        out += ',';
        optionalInt(out, t_.observedExposed[i], kAbsentNs);
        out += ']';
    }

    void encodeTables(std::string& out) const
    {
        json::appendKey(out, "strings");
        json::appendArray(out, stringOrder_,
                          [&](std::string& o, auto id) { json::appendString(o, t_.strings.at(id)); });
        out += ',';
        json::appendKey(out, "rank_sets");
        json::appendArray(out, rankSetOrder_,
                          [&](std::string& o, auto id) { json::appendIntArray(o, t_.rankSets.at(id).ranks); });
    }

private:
    static void optionalInt(std::string& out, std::int64_t value, std::int64_t absent)
    {
        if (value == absent) {
            out += "null";
        } else {
            json::appendInt(out, value);
        }
    }

    void stringRef(std::string& out, std::uint32_t id)
    {
        if (id == kNoString) {
            out += "null";
            return;
        }
        if (inline_) {
            json::appendString(out, t_.strings.at(id));
            return;
        }
        auto [it, inserted] = stringIndex_.try_emplace(id, static_cast<std::uint32_t>(stringOrder_.size()));
        if (inserted) {
            stringOrder_.push_back(id);
        }
        json::appendInt(out, it->second);
    }

    void rankSetRef(std::string& out, std::uint32_t id)
    {
        // Rank sets are compared by member list (how they were written, list or count, is not modelled).
        const auto& ranks = t_.rankSets.at(id).ranks;
        if (inline_) {
            json::appendIntArray(out, ranks);
            return;
        }
        auto [it, inserted] = rankSetIndex_.try_emplace(id, static_cast<std::uint32_t>(rankSetOrder_.size()));
        if (inserted) {
            // Two table entries with equal members (list vs count form) map to one canonical entry.
            for (std::size_t k = 0; k < rankSetOrder_.size(); ++k) {
                if (t_.rankSets.at(rankSetOrder_[k]).ranks == ranks) {
                    it->second = static_cast<std::uint32_t>(k);
                    json::appendInt(out, it->second);
                    return;
                }
            }
            rankSetOrder_.push_back(id);
        }
        json::appendInt(out, it->second);
    }

    const Trace& t_;
    bool inline_;
    std::unordered_map<std::uint32_t, std::uint32_t> stringIndex_;
    std::vector<std::uint32_t> stringOrder_;
    std::unordered_map<std::uint32_t, std::uint32_t> rankSetIndex_;
    std::vector<std::uint32_t> rankSetOrder_;
    std::vector<std::pair<std::int32_t, Ns>> sorted_;
};

/// Streams the whole-trace canonical bytes into sink(chunk).
template <typename Sink> void encodeTrace(const Trace& trace, Progress& progress, Sink&& sink)
{
    Encoder encoder(trace, /*inlineRefs=*/false);
    std::string chunk;
    chunk.reserve(1 << 20);
    chunk += "{\"format\":";
    json::appendString(chunk, kNormalizedFormat);
    chunk += ",\"event_count\":";
    json::appendUInt(chunk, trace.size());
    chunk += ",\"events\":[";
    for (std::size_t i = 0; i < trace.size(); ++i) {
        if (i > 0) {
            chunk += ',';
        }
        encoder.encodeEvent(chunk, i);
        if (chunk.size() >= (1 << 20)) {
            sink(chunk);
            chunk.clear();
            // Once a chunk (about a millisecond of work): checking only when the event index was
            // also a multiple of 4096 left long traces without a cancellation point.
            progress.check();
            progress.report(static_cast<double>(i) / static_cast<double>(trace.size()), "normalising");
        }
    }
    chunk += "],";
    encoder.encodeTables(chunk);
    chunk += "}";
    sink(chunk);
}

} // namespace

std::string normalizedBytes(const Trace& trace, Progress& progress)
{
    std::string out;
    encodeTrace(trace, progress, [&](const std::string& chunk) { out += chunk; });
    return out;
}

std::string normalizedSha256(const Trace& trace, Progress& progress)
{
    Sha256 hash;
    encodeTrace(trace, progress, [&](const std::string& chunk) { hash.update(chunk); });
    return hash.hexDigest();
}

std::string normalizedEventRangeBytes(const Trace& trace, std::size_t first, std::size_t last)
{
    Encoder encoder(trace, /*inlineRefs=*/true);
    std::string out;
    out += '[';
    for (std::size_t i = first; i < last && i < trace.size(); ++i) {
        if (i > first) {
            out += ',';
        }
        encoder.encodeEvent(out, i);
    }
    out += ']';
    return out;
}

std::string eventRangeSha256(const Trace& trace, std::size_t first, std::size_t last)
{
    return sha256Hex(normalizedEventRangeBytes(trace, first, last));
}

} // namespace cc
