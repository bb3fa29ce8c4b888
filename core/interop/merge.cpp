#include "core/interop/merge.h"

#include "core/interop/extras_json.h"
#include "core/trace/trace_builder.h"
#include "core/trace/trace_io.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/reader.h"
#include "core/util/json/writer.h"
#include "core/util/ordered_map_threads.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <numeric>
#include <unordered_map>

namespace cc::interop {

namespace {

std::string rankListText(const std::vector<std::int32_t>& ranks)
{
    std::string out;
    for (std::size_t k = 0; k < ranks.size(); ++k) {
        out += (k == 0 ? "" : ",") + std::to_string(ranks[k]);
    }
    return out;
}

/// The process-group part of an identity: the group name, or the member list when unnamed.
std::string groupKey(const Trace& t, std::size_t i)
{
    if (t.group[i] != kNoString) {
        return std::string(t.str(t.group[i]));
    }
    return "ranks[" + rankListText(t.ranks(i)) + "]";
}

std::string p2pKey(const Trace& t, std::size_t i)
{
    return groupKey(t, i) + " p2p " + std::to_string(t.senderRank[i]) + "->" + std::to_string(t.receiverRank[i]);
}

struct Contribution {
    std::uint32_t key = 0;
    std::int64_t seq = 0;
    std::int32_t rank = 0;
    std::uint32_t shard = 0;
    std::uint32_t event = 0;
};

/// Measured latency signals of one contribution.
struct Signals {
    std::optional<Ns> exposed;
    std::optional<Ns> overlap;
    std::optional<Ns> before;
    std::optional<Ns> device;
};

class Merger {
public:
    Merger(std::vector<RankShard> shards, const MergeOptions& options) : shards_(std::move(shards)), options_(options)
    {
    }

    MergeResult run(Progress& progress)
    {
        std::sort(shards_.begin(), shards_.end(),
                  [](const RankShard& a, const RankShard& b) { return a.rank < b.rank; });
        checkShards();
        progress.report(0.05, "merging: identities");
        collect(progress);
        progress.report(0.4, "merging: matching contributions");
        std::sort(contributions_.begin(), contributions_.end(), [](const Contribution& a, const Contribution& b) {
            if (a.key != b.key) {
                return a.key < b.key;
            }
            if (a.seq != b.seq) {
                return a.seq < b.seq;
            }
            return a.rank < b.rank;
        });
        progress.check();
        std::size_t begin = 0;
        std::size_t runs = 0;
        while (begin < contributions_.size()) {
            std::size_t end = begin + 1;
            while (end < contributions_.size() && contributions_[end].key == contributions_[begin].key &&
                   contributions_[end].seq == contributions_[begin].seq) {
                ++end;
            }
            runs_.push_back(Run{check(begin, end), begin, end});
            begin = end;
            if ((++runs & 0xFFFF) == 0) {
                progress.check();
                progress.report(0.4 + 0.4 * static_cast<double>(begin) / static_cast<double>(contributions_.size()),
                                "merging: collectives");
            }
        }
        progress.report(0.8, "merging: building the trace");
        SubProgress building(progress, 0.8, 1.0);
        return build(building);
    }

private:
    /// One collective: its contributions [begin, end) and its time on the merged clock.
    struct Run {
        Ns time = 0;
        std::size_t begin = 0;
        std::size_t end = 0;
    };

    std::string who(const Contribution& c) const
    {
        const RankShard& s = shards_[c.shard];
        std::string text =
            "shard " + s.name + " (rank " + std::to_string(s.rank) + ") event " + std::to_string(c.event);
        const auto id = s.trace.id(c.event);
        if (!id.empty()) {
            text += " (id \"" + std::string(id) + "\")";
        }
        return text;
    }

    std::string identityText(const Contribution& c) const
    {
        return "collective (group " + keys_[c.key] + ", " + (bySequence_[c.key] ? "sequence " : "call ") +
               std::to_string(c.seq) + ")";
    }

    [[noreturn]] void refuse(const std::string& rule) const { throw InputError("merge", rule); }

    void checkShards()
    {
        if (shards_.empty()) {
            refuse("no shards to merge");
        }
        for (std::size_t k = 1; k < shards_.size(); ++k) {
            if (shards_[k].rank == shards_[k - 1].rank) {
                refuse("duplicate rank contributions: shards " + shards_[k - 1].name + " and " + shards_[k].name +
                       " both contribute rank " + std::to_string(shards_[k].rank));
            }
        }
        if (options_.calibration) {
            for (const auto& s : shards_) {
                if (options_.calibration->find(s.rank) == nullptr) {
                    refuse("the clock calibration " + options_.calibration->source + " has no offset for rank " +
                           std::to_string(s.rank) + " (shard " + s.name +
                           "): its arrivals cannot be placed on the "
                           "reference clock");
                }
            }
        }
    }

    std::uint32_t intern(const std::string& key)
    {
        auto [it, inserted] = keyIndex_.emplace(key, static_cast<std::uint32_t>(keys_.size()));
        if (inserted) {
            keys_.push_back(key);
            bySequence_.push_back(true);
        }
        return it->second;
    }

    void collect(Progress& progress)
    {
        std::size_t total = 0;
        for (const auto& s : shards_) {
            total += s.trace.size();
        }
        contributions_.reserve(total);
        devices_.clear();
        for (const auto& s : shards_) {
            devices_.push_back(devicesOf(s.trace));
        }
        std::vector<std::vector<std::uint32_t>> eventKeys(shards_.size());
        for (std::size_t si = 0; si < shards_.size(); ++si) {
            const RankShard& s = shards_[si];
            const Trace& t = s.trace;
            auto& keys = eventKeys[si];
            keys.resize(t.size());
            // A collective's key depends only on its group name, or its member list when unnamed:
            // both interned in the shard, so each distinct one is spelled and looked up once.
            std::unordered_map<std::uint64_t, std::uint32_t> groupKeys;
            for (std::size_t i = 0; i < t.size(); ++i) {
                const auto& members = t.ranks(i);
                if (std::find(members.begin(), members.end(), s.rank) == members.end()) {
                    refuse(
                        who(Contribution{0, 0, s.rank, static_cast<std::uint32_t>(si), static_cast<std::uint32_t>(i)}) +
                        ": rank " + std::to_string(s.rank) + " contributes to a collective whose members [" +
                        rankListText(members) + "] do not include it");
                }
                const bool p2p = isPointToPoint(t.kind[i]);
                if (p2p) {
                    const bool sends = t.senderRank[i] == s.rank;
                    if ((t.kind[i] == OpKind::Send) != sends) {
                        refuse(who(Contribution{0, 0, s.rank, static_cast<std::uint32_t>(si),
                                                static_cast<std::uint32_t>(i)}) +
                               ": rank " + std::to_string(s.rank) + " records a " + std::string(t.opName(i)) +
                               " from " + std::to_string(t.senderRank[i]) + " to " + std::to_string(t.receiverRank[i]) +
                               "; a rank-local trace records sends it makes and receives it gets");
                    }
                }
                if (p2p) {
                    keys[i] = intern(p2pKey(t, i));
                } else {
                    const std::uint64_t group =
                        t.group[i] != kNoString ? t.group[i] : (std::uint64_t{1} << 32) | t.rankSet[i];
                    auto [known, fresh] = groupKeys.try_emplace(group, 0);
                    if (fresh) {
                        known->second = intern(groupKey(t, i));
                    }
                    keys[i] = known->second;
                }
                if (p2p || t.messageSequence[i] < 0) {
                    bySequence_[keys[i]] = false;
                }
            }
            progress.check();
        }
        for (std::size_t si = 0; si < shards_.size(); ++si) {
            const Trace& t = shards_[si].trace;
            std::vector<std::int64_t> calls(keys_.size(), 0);
            for (std::size_t i = 0; i < t.size(); ++i) {
                const std::uint32_t key = eventKeys[si][i];
                const std::int64_t seq = bySequence_[key] ? t.messageSequence[i] : calls[key]++;
                contributions_.push_back(Contribution{key, seq, shards_[si].rank, static_cast<std::uint32_t>(si),
                                                      static_cast<std::uint32_t>(i)});
            }
        }
    }

    Ns localTime(const Contribution& c) const
    {
        const RankShard& s = shards_[c.shard];
        const Trace& t = s.trace;
        const Ns within = t.start[c.event] != kAbsentNs ? t.start[c.event] : t.issueTime[c.event];
        Ns out = 0;
        if (__builtin_add_overflow(s.clockOriginNs, within, &out)) {
            refuse(who(c) + ": clock origin + start overflows the 64-bit nanosecond range");
        }
        return out;
    }

    Signals signals(const Contribution& c) const
    {
        const Trace& t = shards_[c.shard].trace;
        const std::size_t i = c.event;
        Signals s;
        auto opt = [](Ns v) { return v == kAbsentNs ? std::optional<Ns>() : std::optional<Ns>(v); };
        s.exposed = opt(t.observedExposed[i]);
        s.overlap = opt(t.computeOverlap[i]);
        s.before = opt(t.computeBefore[i]);
        const Device& device = devices_[c.shard][i];
        if (device.state == Device::Bad) {
            const auto raw = extraValue(t.extras[t.extraIndex[i]], "device_duration_us").value_or("");
            refuse(who(c) + ": device_duration_us " + raw + " " +
                   std::string(decimalErrorText(parseScaledDecimal(raw, kMicrosToNanosScale).error)));
        }
        if (device.state == Device::Measured) {
            s.device = device.ns;
        }
        return s;
    }

    /// device_duration_us of one contribution, read once from its extras (a bad value is refused
    /// where the collective is checked, so the first refusal stays in identity order).
    struct Device {
        enum State : std::uint8_t { Absent, Measured, Bad };
        Ns ns = 0;
        State state = Absent;
    };

    static std::vector<Device> devicesOf(const Trace& t)
    {
        std::vector<Device> out(t.size());
        for (std::size_t i = 0; i < t.size(); ++i) {
            if (t.extraIndex[i] == kNoString) {
                continue;
            }
            if (auto raw = extraValue(t.extras[t.extraIndex[i]], "device_duration_us")) {
                const auto parsed = parseScaledDecimal(*raw, kMicrosToNanosScale);
                out[i] = parsed.error == DecimalError::None ? Device{parsed.value, Device::Measured}
                                                            : Device{0, Device::Bad};
            }
        }
        return out;
    }

    /// Fields every contribution must agree on (all_to_all bytes excepted).
    void compare(const Contribution& a, const Contribution& b) const
    {
        const Trace& ta = shards_[a.shard].trace;
        const Trace& tb = shards_[b.shard].trace;
        const std::size_t i = a.event;
        const std::size_t j = b.event;
        auto conflict = [&](const std::string& field, const std::string& va, const std::string& vb) {
            refuse("conflicting metadata for " + identityText(a) + ": " + who(a) + " has " + field + " " + va + ", " +
                   who(b) + " has " + field + " " + vb + "; contradicting values are refused, not arbitrated");
        };
        const bool p2p = isPointToPoint(ta.kind[i]);
        if (!p2p && (ta.opName(i) != tb.opName(j) || ta.has(i, kFlagCustomOp) != tb.has(j, kFlagCustomOp))) {
            conflict("op", std::string(ta.opName(i)) + (ta.has(i, kFlagCustomOp) ? " (custom)" : ""),
                     std::string(tb.opName(j)) + (tb.has(j, kFlagCustomOp) ? " (custom)" : ""));
        }
        if (p2p != isPointToPoint(tb.kind[j])) {
            conflict("op", std::string(ta.opName(i)), std::string(tb.opName(j)));
        }
        if (ta.kind[i] != OpKind::AllToAll && ta.bytes[i] != tb.bytes[j]) {
            conflict("bytes", std::to_string(ta.bytes[i]), std::to_string(tb.bytes[j]));
        }
        if (ta.str(ta.dtype[i]) != tb.str(tb.dtype[j])) {
            conflict("dtype", "\"" + std::string(ta.str(ta.dtype[i])) + "\"",
                     "\"" + std::string(tb.str(tb.dtype[j])) + "\"");
        }
        if (ta.ranks(i) != tb.ranks(j)) {
            conflict("ranks", "[" + rankListText(ta.ranks(i)) + "]", "[" + rankListText(tb.ranks(j)) + "]");
        }
        for (auto [name, va, vb] : {std::tuple{"root_rank", ta.rootRank[i], tb.rootRank[j]},
                                    std::tuple{"sender_rank", ta.senderRank[i], tb.senderRank[j]},
                                    std::tuple{"receiver_rank", ta.receiverRank[i], tb.receiverRank[j]}}) {
            if (va != vb) {
                conflict(name, va == kNoRank ? "none" : std::to_string(va),
                         vb == kNoRank ? "none" : std::to_string(vb));
            }
        }
        for (auto [name, va, vb] : {std::tuple{"reduction_op", ta.str(ta.reductionOp[i]), tb.str(tb.reductionOp[j])},
                                    std::tuple{"phase", ta.str(ta.phase[i]), tb.str(tb.phase[j])},
                                    std::tuple{"tag", ta.str(ta.tag[i]), tb.str(tb.tag[j])}}) {
            if (va != vb) {
                conflict(name, "\"" + std::string(va) + "\"", "\"" + std::string(vb) + "\"");
            }
        }
    }

    /// Every refusal of one collective (contributions [begin, end)), in identity order; returns its
    /// time on the merged clock. The event itself is built later, in time order (fill).
    Ns check(std::size_t begin, std::size_t end)
    {
        const Contribution& ref = contributions_[begin];
        for (std::size_t k = begin + 1; k < end; ++k) {
            if (contributions_[k].rank == contributions_[k - 1].rank) {
                refuse("duplicate contribution: " + who(contributions_[k - 1]) + " and " + who(contributions_[k]) +
                       " both claim " + identityText(ref));
            }
        }
        for (std::size_t k = begin + 1; k < end; ++k) {
            compare(ref, contributions_[k]);
        }
        // Latency signals: measured on every contribution or on none.
        const std::vector<Signals>& sig = signalsOf(begin, end);
        auto partialSignal = [&](const char* name, auto member) {
            for (std::size_t k = 1; k < sig.size(); ++k) {
                if ((sig[0].*member).has_value() != (sig[k].*member).has_value()) {
                    const auto& with = (sig[0].*member).has_value() ? contributions_[begin] : contributions_[begin + k];
                    const auto& without =
                        (sig[0].*member).has_value() ? contributions_[begin + k] : contributions_[begin];
                    refuse("partially measured latency signal for " + identityText(ref) + ": " + who(with) + " has " +
                           name + " and " + who(without) +
                           " does not; a latency signal measured on only some ranks is refused, not filled in");
                }
            }
        };
        partialSignal("observed_exposed_us", &Signals::exposed);
        partialSignal("compute_overlap_us", &Signals::overlap);
        partialSignal("compute_before_us", &Signals::before);
        partialSignal("device_duration_us", &Signals::device);

        return timeOf(begin, end, nullptr);
    }

    std::vector<Signals>& signalsOf(std::size_t begin, std::size_t end)
    {
        sig_.clear();
        for (std::size_t k = begin; k < end; ++k) {
            sig_.push_back(signals(contributions_[k]));
        }
        return sig_;
    }

    /// The collective's time: the earliest calibrated arrival (each arrival appended to arrivals
    /// when given), or the lowest contributing rank's local clock without a calibration.
    Ns timeOf(std::size_t begin, std::size_t end, std::vector<RankArrival>* arrivals) const
    {
        if (!options_.calibration) {
            return localTime(contributions_[begin]);
        }
        Ns time = 0;
        for (std::size_t k = begin; k < end; ++k) {
            const RankClock* clock = options_.calibration->find(contributions_[k].rank);
            Ns t = 0;
            if (__builtin_add_overflow(localTime(contributions_[k]), clock->offsetNs, &t)) {
                refuse(who(contributions_[k]) + ": calibrated time overflows the 64-bit nanosecond range");
            }
            time = k == begin ? t : std::min(time, t);
            if (arrivals != nullptr) {
                arrivals->push_back(RankArrival{contributions_[k].rank, t});
            }
        }
        return time;
    }

    /// The merged event of one checked collective.
    Event fill(const Run& run)
    {
        const std::size_t begin = run.begin;
        const std::size_t end = run.end;
        const Contribution& ref = contributions_[begin];
        const std::vector<Signals>& sig = signalsOf(begin, end);
        const Trace& t0 = shards_[ref.shard].trace;
        Event e = t0.event(ref.event);
        e.start.reset();
        e.gap.reset();
        e.arrivals.clear();
        e.arrivalsGiven = false;
        e.arrivalsAsArray = false;
        e.arrivalSkew.reset();
        e.channel.clear();
        e.extraJson.clear();
        e.partialRankArrival = false;
        ExtrasJson extras;
        if (isPointToPoint(t0.kind[ref.event])) {
            e.op = std::string(opKindName(OpKind::Send));
        }
        e.messageSequence.reset();
        if (bySequence_[ref.key]) {
            e.messageSequence = ref.seq;
            ++summary_.sequenceIdentified;
        }
        const std::string& key = keys_[ref.key];
        e.id = key + "#" + std::to_string(ref.seq);

        // members without a contribution
        std::vector<std::int32_t> contributors;
        for (std::size_t k = begin; k < end; ++k) {
            contributors.push_back(contributions_[k].rank);
        }
        const bool partial = contributors.size() < e.ranks.size();
        e.partialRankArrival = partial;
        if (partial) {
            ++summary_.partialEvents;
        }

        // times (checked already)
        const Ns time = run.time;
        if (options_.calibration) {
            e.arrivalsGiven = true;
            timeOf(begin, end, &e.arrivals);
            std::vector<Ns> uncertainties;
            for (auto& a : e.arrivals) {
                a.arrival -= time;
                uncertainties.push_back(options_.calibration->find(a.rank)->uncertaintyNs);
            }
            if (uncertainties.size() >= 2) {
                std::partial_sort(uncertainties.begin(), uncertainties.begin() + 2, uncertainties.end(),
                                  std::greater<>());
                extras.micros("arrival_skew_uncertainty_us", uncertainties[0] + uncertainties[1]);
            }
        }

        // latency signals, measured on all contributions
        if (sig[0].exposed) {
            Ns v = 0;
            for (const auto& s : sig) {
                v = std::max(v, *s.exposed);
            }
            e.observedExposed = v;
        }
        if (sig[0].overlap) {
            Ns v = *sig[0].overlap;
            for (const auto& s : sig) {
                v = std::min(v, *s.overlap);
            }
            e.computeOverlap = v;
            e.computeOverlapUnknown = false;
        } else {
            e.computeOverlap.reset();
            bool unknown = false;
            for (std::size_t k = begin; k < end; ++k) {
                const auto& c = contributions_[k];
                unknown = unknown || shards_[c.shard].trace.has(c.event, kFlagOverlapUnknown);
            }
            e.computeOverlapUnknown = unknown;
        }
        if (sig[0].before) {
            Ns v = 0;
            for (const auto& s : sig) {
                v = std::max(v, *s.before);
            }
            e.computeBefore = v;
        }
        if (sig[0].device) {
            std::string byRank = "{";
            for (std::size_t k = 0; k < sig.size(); ++k) {
                byRank += (k == 0 ? "\"" : ",\"") + std::to_string(contributions_[begin + k].rank) +
                          "\":" + formatScaledDecimal(*sig[k].device, kMicrosToNanosScale);
            }
            extras.raw("device_duration_us_by_rank", byRank + "}");
        }
        if (t0.kind[ref.event] == OpKind::AllToAll) {
            bool differ = false;
            std::int64_t most = 0;
            for (std::size_t k = begin; k < end; ++k) {
                const auto& c = contributions_[k];
                const auto b = shards_[c.shard].trace.bytes[c.event];
                differ = differ || b != t0.bytes[ref.event];
                most = std::max(most, b);
            }
            if (differ) {
                std::string byRank = "{";
                for (std::size_t k = begin; k < end; ++k) {
                    const auto& c = contributions_[k];
                    byRank += (k == begin ? "\"" : ",\"") + std::to_string(c.rank) +
                              "\":" + std::to_string(shards_[c.shard].trace.bytes[c.event]);
                }
                extras.raw("bytes_by_rank", byRank + "}");
                e.bytes = most; // the largest per-rank volume; each rank's own is kept above
            }
        }
        extras.integer("contributing_ranks", static_cast<std::int64_t>(contributors.size()));
        e.extraJson = extras.json();
        e.start = time;
        return e;
    }

    MergeResult build(Progress& progress)
    {
        // Ties keep identity order. Only the small run records are sorted; each event is built once,
        // in its final place, so no full events are held or moved.
        std::stable_sort(runs_.begin(), runs_.end(), [](const Run& a, const Run& b) { return a.time < b.time; });
        const Ns origin = runs_.empty() ? 0 : runs_.front().time;
        TraceBuilder builder("merge");
        builder.reserve(runs_.size());
        for (std::size_t k = 0; k < runs_.size(); ++k) {
            Event e = fill(runs_[k]);
            *e.start -= origin;
            builder.add(e);
            if (((k + 1) & 0xFFFF) == 0) {
                progress.check();
                progress.report(0.5 * static_cast<double>(k) / static_cast<double>(runs_.size()),
                                "merging: building the events");
            }
        }
        summary_.events = runs_.size();
        summary_.calibrated = options_.calibration.has_value();
        for (const auto& s : shards_) {
            summary_.ranks.push_back(s.rank);
            summary_.shardEvents += s.trace.size();
        }
        summary_.notes = notes();

        // Both documents are written with their keys sorted (the layout merged traces have always had).
        json::Value workload = json::Value::object();
        std::string name = options_.workloadName;
        if (name.empty() && !shards_.front().trace.workloadJson.empty()) {
            // The shard's reader already checked this text; a name is taken only when it is plain.
            try {
                auto w = json::parse(shards_.front().trace.workloadJson, shards_.front().name);
                if (const json::Value* n = w.find("name"); n != nullptr && n->isString()) {
                    name = n->string();
                }
            } catch (const InputError&) {
            }
        }
        workload.set("name", name.empty() ? std::string("merged") : name);
        workload.set("notes", summary_.notes);
        builder.setWorkloadJson(json::toText(json::sortedByKey(workload)));

        json::Value system = json::Value::object();
        json::Value profiles = json::Value::array();
        json::Value shardList = json::Value::array();
        for (const auto& s : shards_) {
            json::Value entry = json::Value::object();
            entry.set("name", s.name);
            entry.set("rank", s.rank);
            entry.set("events", s.trace.size());
            entry.set("clock_origin_ns", s.clockOriginNs);
            shardList.push(std::move(entry));
            if (!s.trace.systemJson.empty()) {
                // shardFromTrace parsed this text already, so it is known to be well formed.
                auto sys = json::parse(s.trace.systemJson, s.name);
                if (const json::Value* list = sys.find("kineto_source_profiles"); list != nullptr && list->isArray()) {
                    for (const auto& p : list->items()) {
                        json::Value sorted = json::sortedByKey(p);
                        const auto& known = profiles.items();
                        if (std::find(known.begin(), known.end(), sorted) == known.end()) {
                            profiles.push(std::move(sorted));
                        }
                    }
                }
            }
        }
        if (profiles.size() > 0) {
            system.set("kineto_source_profiles", std::move(profiles));
        }
        json::Value merge = json::Value::object();
        merge.set("shards", std::move(shardList));
        merge.set("identity", "(process group, sequence): message_sequence when every contribution has one, else "
                              "per-group call order");
        if (options_.calibration) {
            const auto& cal = *options_.calibration;
            json::Value clock = json::Value::object();
            clock.set("format", std::string(kClockCalibrationFormat));
            clock.set("source", cal.source);
            if (!cal.sha256.empty()) {
                clock.set("sha256", cal.sha256);
            }
            if (!cal.reference.empty()) {
                clock.set("reference", cal.reference);
            }
            if (!cal.method.empty()) {
                clock.set("method", cal.method);
            }
            clock.set("assumption", cal.assumption);
            json::Value offsets = json::Value::object();
            for (const auto& s : shards_) {
                const RankClock* c = cal.find(s.rank);
                offsets.set(std::to_string(s.rank), formatScaledDecimal(c->offsetNs, kMicrosToNanosScale) + " us +- " +
                                                        formatScaledDecimal(c->uncertaintyNs, kMicrosToNanosScale) +
                                                        " us");
            }
            clock.set("offsets", std::move(offsets));
            merge.set("clock_calibration", std::move(clock));
        } else {
            merge.set("clock_calibration", nullptr);
        }
        merge.set("reference_clock_origin_ns", origin);
        system.set("merge", std::move(merge));
        builder.setSystemJson(json::toText(json::sortedByKey(system)));
        SubProgress finishing(progress, 0.5, 1.0);
        return MergeResult{builder.finish(finishing), summary_};
    }

    std::string notes() const
    {
        std::string text = "Merged from " + std::to_string(shards_.size()) + " rank-local traces (ranks " +
                           rankListText(summary_.ranks) + "), " + std::to_string(summary_.events) + " collectives.";
        if (options_.calibration) {
            if (options_.calibration->assumption) {
                text += " Cross-rank arrival skew is computed under an assumption, not a measurement: " +
                        options_.calibration->method + ".";
            } else {
                text += " Cross-rank arrival skew is measured on a reference clock through the clock calibration " +
                        options_.calibration->source +
                        " (per-rank offset and uncertainty; each event carries "
                        "arrival_skew_uncertainty_us).";
            }
        } else {
            text += " No clock calibration was given: cross-rank arrival skew is unknown (not zero), and each event's "
                    "time is the clock of its lowest contributing rank.";
        }
        if (summary_.partialEvents > 0) {
            text += " " + std::to_string(summary_.partialEvents) +
                    " collectives lack contributions from some member ranks (partial_rank_arrival).";
        }
        std::size_t prototype = 0;
        std::size_t offsets = 0;
        for (const auto& s : shards_) {
            prototype += s.prototypeConvention ? 1 : 0;
            offsets += s.unmeasuredClockOffsetNs ? 1 : 0;
        }
        if (prototype > 0) {
            text += " " + std::to_string(prototype) +
                    " shards follow the Python prototype's convention (rank from system.rank, collective_seq as "
                    "message_sequence).";
        }
        if (offsets > 0) {
            text += " " + std::to_string(offsets) +
                    " shards carry system.clock_offset_us without an uncertainty; it was not taken as a measurement" +
                    (options_.calibration ? std::string(" (the clock calibration was used instead).")
                                          : std::string(": give --clock-calibration to measure skew."));
        }
        return text;
    }

    std::vector<RankShard> shards_;
    const MergeOptions& options_;
    std::unordered_map<std::string, std::uint32_t> keyIndex_;
    std::vector<std::string> keys_;
    std::vector<bool> bySequence_;
    std::vector<Contribution> contributions_;
    std::vector<Run> runs_;
    std::vector<Signals> sig_;
    std::vector<std::vector<Device>> devices_; ///< per shard, per event
    MergeSummary summary_;
};

} // namespace

MergeIdentity mergeIdentity(const Trace& trace, std::size_t i, std::int64_t sequence)
{
    return MergeIdentity{isPointToPoint(trace.kind[i]) ? p2pKey(trace, i) : groupKey(trace, i), sequence};
}

namespace {

/// The Python prototype's shard convention: system.rank (integer or decimal text; "unknown" and
/// empty are no rank), system.clock_offset_us (kept aside, never a measurement), and each event's
/// collective_seq as its message_sequence.
void prototypeShard(Trace& trace, RankShard& shard, std::optional<std::int64_t>& rank)
{
    const json::Value system = json::parse(trace.systemJson, shard.name);
    const json::Value* r = system.find("rank");
    if (r == nullptr) {
        return;
    }
    std::optional<std::int64_t> value = r->toInt64();
    if (!value && r->isString()) {
        const std::string& text = r->string();
        std::int64_t v = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec == std::errc() && end == text.data() + text.size() && !text.empty()) {
            value = v;
        }
    }
    if (!value || *value < 0 || *value > 2147483647) {
        throw InputError(
            Diagnostic{shard.name,
                       kNoEvent,
                       {},
                       "system.rank",
                       "must be a rank (a non-negative integer or its decimal text), not " + json::describeValue(*r)});
    }
    rank = *value;
    shard.prototypeConvention = true;
    if (const json::Value* offset = system.find("clock_offset_us"); offset != nullptr && !offset->isNull()) {
        auto parsed = (offset->isInteger() || offset->isNumber())
                          ? parseScaledDecimal(offset->numberLiteral(), kMicrosToNanosScale, true)
                          : ScaledValue{0, DecimalError::NotANumber};
        if (parsed.error != DecimalError::None) {
            throw InputError(Diagnostic{shard.name,
                                        kNoEvent,
                                        {},
                                        "system.clock_offset_us",
                                        "must be a number of microseconds, not " + json::describeValue(*offset)});
        }
        shard.unmeasuredClockOffsetNs = parsed.value;
    }
    for (std::size_t i = 0; i < trace.size(); ++i) {
        if (trace.extraIndex[i] == kNoString) {
            continue;
        }
        auto raw = extraValue(trace.extras[trace.extraIndex[i]], "collective_seq");
        if (!raw) {
            continue;
        }
        const std::string text = std::move(*raw);
        std::int64_t seq = -1;
        const char* last = text.data() + text.size();
        auto [end, ec] = std::from_chars(text.data(), last, seq);
        if (ec != std::errc() || end != last || seq < 0) {
            throw InputError(Diagnostic{shard.name, trace.sourceIndex[i], std::string(trace.id(i)), "collective_seq",
                                        "must be a non-negative integer, not " + text});
        }
        if (trace.messageSequence[i] >= 0 && trace.messageSequence[i] != seq) {
            throw InputError(Diagnostic{shard.name, trace.sourceIndex[i], std::string(trace.id(i)), "collective_seq",
                                        "is " + std::to_string(seq) + " but message_sequence is " +
                                            std::to_string(trace.messageSequence[i]) +
                                            ": contradicting values are refused, not arbitrated"});
        }
        trace.messageSequence.set(i, seq);
    }
}

} // namespace

RankShard shardFromTrace(Trace trace, std::string name)
{
    RankShard shard;
    shard.name = std::move(name);
    std::optional<std::int64_t> rank;
    if (!trace.systemJson.empty()) {
        const json::Value system = json::parse(trace.systemJson, shard.name);
        const json::Value* local = system.find("rank_local");
        if (local != nullptr && local->isObject()) {
            if (const json::Value* r = local->find("rank")) {
                auto v = r->toInt64();
                if (!v || *v < 0 || *v > 2147483647) {
                    throw InputError(Diagnostic{
                        shard.name, kNoEvent, {}, "system.rank_local.rank", "must be a rank (a non-negative integer)"});
                }
                rank = *v;
            }
            if (const json::Value* origin = local->find("clock_origin_ns")) {
                auto v = origin->toInt64();
                if (!v) {
                    throw InputError(Diagnostic{
                        shard.name, kNoEvent, {}, "system.rank_local.clock_origin_ns", "must be an integer"});
                }
                shard.clockOriginNs = *v;
            }
        }
    }
    if (!rank && !trace.systemJson.empty()) {
        prototypeShard(trace, shard, rank);
    }
    if (!rank) {
        throw InputError(Diagnostic{shard.name,
                                    kNoEvent,
                                    {},
                                    "system.rank_local.rank",
                                    "is missing: a shard must say which rank it is (import-kineto records it when the "
                                    "profile does, or with --rank; the Python prototype's shards say it in "
                                    "system.rank)"});
    }
    shard.rank = static_cast<std::int32_t>(*rank);
    shard.trace = std::move(trace);
    return shard;
}

MergeResult mergeRankShards(std::vector<RankShard> shards, const MergeOptions& options, Progress& progress)
{
    Merger merger(std::move(shards), options);
    return merger.run(progress);
}

std::vector<RankShard> readRankShards(const std::vector<std::string>& files, Progress& progress)
{
    // Each read is mostly serial (the builder's thread), and rank-local files are often many and
    // small: reading them side by side uses the other processors. The shards, and the error of the
    // first file that fails, are those of reading them one after the other.
    auto read =
        mapInItemOrder<RankShard>(files.size(), 0, progress, "reading shards", [&](std::size_t k, Progress& quiet) {
            return shardFromTrace(readTrace(files[k], quiet), files[k]);
        });
    if (read.failure) {
        std::rethrow_exception(read.failure);
    }
    return std::move(read.results);
}

} // namespace cc::interop
