#include "core/interop/kineto_import.h"

#include "core/interop/extras_json.h"
#include "core/interop/kineto_mapping.h"
#include "core/interop/kineto_profile.h"
#include "core/trace/trace_builder.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/writer.h"
#include "core/util/limits.h"
#include "core/util/ordered_map_threads.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <numeric>
#include <set>
#include <unordered_map>

namespace cc::interop {

namespace {

using Json = json::Value;

std::string fileStem(const std::filesystem::path& path)
{
    std::string name = path.filename().string();
    for (const char* suffix : {".gz", ".json", ".pt.trace"}) {
        const std::string s(suffix);
        if (name.size() > s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0) {
            name.resize(name.size() - s.size());
        }
    }
    return name;
}

/// What distributedInfo says (every field optional).
struct DistributedInfo {
    bool present = false;
    std::optional<std::int64_t> rank;
    std::optional<std::int64_t> worldSize;
    std::optional<std::int64_t> pgCount;
    std::string backend;
    std::string ncclVersion;
    struct Group {
        std::string name;
        std::string desc;
        std::optional<std::int64_t> size;
        std::optional<std::vector<std::int32_t>> ranks; ///< nullopt when absent or not complete
        std::string ranksProblem;
    };
    std::vector<Group> groups;
};

std::optional<std::int64_t> intField(const Json& object, const char* key)
{
    const Json* it = object.find(key);
    if (it == nullptr) {
        return std::nullopt;
    }
    if (it->isInteger()) {
        return it->toInt64();
    }
    if (it->isString()) {
        std::int64_t v = 0;
        const auto& s = it->string();
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec == std::errc() && end == s.data() + s.size()) {
            return v;
        }
    }
    return std::nullopt;
}

std::string textField(const Json& object, const char* key)
{
    const Json* it = object.find(key);
    if (it == nullptr) {
        return {};
    }
    if (it->isString()) {
        return it->string();
    }
    if (it->isInteger()) {
        return it->numberLiteral();
    }
    return {};
}

DistributedInfo parseDistributedInfo(const KinetoProfile& profile)
{
    DistributedInfo info;
    if (!profile.distributedInfoJson) {
        return info;
    }
    const Json doc = json::parseSpan(*profile.distributedInfoJson, 0, profile.distributedInfoJson->size(),
                                     profile.sourceName, "$.distributedInfo");
    if (!doc.isObject()) {
        throw InputError(Diagnostic{profile.sourceName, kNoEvent, {}, "distributedInfo", "must be an object"});
    }
    info.present = true;
    info.rank = intField(doc, "rank");
    info.worldSize = intField(doc, "world_size");
    info.pgCount = intField(doc, "pg_count");
    info.backend = textField(doc, "backend");
    info.ncclVersion = textField(doc, "nccl_version");
    const Json* pgs = doc.find("pg_config");
    if (pgs != nullptr && pgs->isArray()) {
        for (const auto& pg : pgs->items()) {
            if (!pg.isObject()) {
                continue;
            }
            DistributedInfo::Group g;
            g.name = textField(pg, "pg_name");
            g.desc = textField(pg, "pg_desc");
            g.size = intField(pg, "pg_size");
            if (const Json* ranks = pg.find("ranks")) {
                std::optional<TorchList> list;
                std::string reason;
                if (ranks->isArray()) {
                    TorchList l;
                    bool ok = true;
                    for (const auto& r : ranks->items()) {
                        auto v = r.toInt64();
                        if (!v) {
                            ok = false;
                            break;
                        }
                        l.head.push_back(*v);
                    }
                    if (ok) {
                        list = l;
                    } else {
                        reason = "has a non-integer entry";
                    }
                } else if (ranks->isString()) {
                    list = parseTorchList(ranks->string(), &reason);
                }
                if (list && !list->truncated) {
                    std::vector<std::int32_t> members;
                    for (auto r : list->head) {
                        if (r < 0 || r > std::numeric_limits<std::int32_t>::max()) {
                            reason = "has a rank out of range";
                            members.clear();
                            break;
                        }
                        members.push_back(static_cast<std::int32_t>(r));
                    }
                    // torch writes an empty list for a group that spans the whole world
                    if (members.empty() && reason.empty() && g.size && info.worldSize && *g.size == *info.worldSize &&
                        *g.size > 0 && static_cast<std::uint64_t>(*g.size) <= resourceLimits().maxRanksPerEvent) {
                        for (std::int64_t r = 0; r < *g.size; ++r) {
                            members.push_back(static_cast<std::int32_t>(r));
                        }
                    }
                    if (!members.empty()) {
                        g.ranks = std::move(members);
                    }
                } else if (list && list->truncated) {
                    reason = "is truncated";
                }
                g.ranksProblem = reason;
            }
            info.groups.push_back(std::move(g));
        }
    }
    return info;
}

/// One collective call on the profiled rank, before it becomes a trace event.
struct Call {
    std::size_t record = 0; ///< index into profile.records
    Ns ts = 0;
    Event event;
    ExtrasJson extras;
    std::vector<std::size_t> gpu; ///< its device records (kernels, GPU annotations), into profile.records
    /// One of its kernels was reached through the CUDA launch inside the call (correlation id).
    bool viaLaunch = false;
};

class Importer {
public:
    Importer(KinetoProfile profile, const KinetoImportOptions& options, const std::filesystem::path& path)
        : p_(std::move(profile)), options_(options), path_(path), declarations_(options.groups),
          declarationCalls_(options.groups.size(), 0)
    {
        checkGroupDeclarations(declarations_);
    }

    KinetoImport run(Progress& progress)
    {
        info_ = parseDistributedInfo(p_);
        summary_.source = p_.sourceName;
        summary_.sha256 = p_.fileSha256;
        summary_.fileBytes = p_.fileBytes;
        summary_.jsonBytes = p_.jsonBytes;
        summary_.profileEvents = p_.eventCount;
        base_ = baseTime();
        indexRecords();
        determineRank();
        summary_.collectiveMetadata = std::any_of(p_.records.begin(), p_.records.end(), [](const KinetoRecord& r) {
            return r.kind == KinetoRecordKind::ParamComms && r.hasMeta;
        });
        if (summary_.collectiveMetadata) {
            fromMetadata();
        } else {
            fromLegacyAnnotations();
        }
        linkLaunchedKernels();
        finishDeviceTiming();
        progress.check();
        countUnmatchedKernels();
        if (calls_.empty()) {
            failNoCollectives();
        }
        checkUnusedDeclarations();
        for (std::size_t k = 0; k < declarations_.size(); ++k) {
            if (declarationCalls_[k] > 0) {
                summary_.declarations.push_back(declarations_[k].describe() + " (" + declarations_[k].origin +
                                                "), used by " + std::to_string(declarationCalls_[k]) + " calls");
            }
        }
        fillLedger();
        return build(progress);
    }

private:
    // ---- messages ----
    [[noreturn]] void failAt(const KinetoRecord& r, const std::string& field, const std::string& rule) const
    {
        Diagnostic d;
        d.file = p_.sourceName;
        d.event = r.index;
        d.eventId = r.name + " at ts " + formatScaledDecimal(r.ts, kMicrosToNanosScale) + " us";
        d.field = field.empty() ? "traceEvents[" + std::to_string(r.index) + "]"
                                : "traceEvents[" + std::to_string(r.index) + "]." + field;
        d.rule = rule;
        throw InputError(std::move(d));
    }

    [[noreturn]] void failFile(const std::string& rule) const { throw InputError(p_.sourceName, rule); }

    Ns baseTime() const
    {
        if (!p_.baseTimeNanoseconds) {
            return 0;
        }
        auto parsed = parseScaledDecimal(*p_.baseTimeNanoseconds, 0);
        if (parsed.error != DecimalError::None) {
            throw InputError(
                Diagnostic{p_.sourceName,
                           kNoEvent,
                           {},
                           "baseTimeNanoseconds",
                           "value " + *p_.baseTimeNanoseconds + " " + std::string(decimalErrorText(parsed.error))});
        }
        return parsed.value;
    }

    // ---- indexes ----
    static std::string threadKey(const KinetoRecord& r) { return r.pid + "|" + r.tid; }

    void indexRecords()
    {
        for (std::size_t i = 0; i < p_.records.size(); ++i) {
            const auto& r = p_.records[i];
            switch (r.kind) {
            case KinetoRecordKind::Kernel:
                if (r.externalId) {
                    kernelsByExt_[*r.externalId].push_back(i);
                }
                break;
            case KinetoRecordKind::GpuAnnotation:
                if (r.externalId) {
                    gpuAnnotationByExt_[*r.externalId].push_back(i);
                }
                break;
            case KinetoRecordKind::C10dOp:
                c10dByThread_[threadKey(r)].push_back(i);
                break;
            case KinetoRecordKind::ParamComms:
                if (r.hasMeta) {
                    paramCommsByThread_[threadKey(r)].push_back(i);
                }
                break;
            default:
                break;
            }
        }
        auto byStart = [&](std::size_t a, std::size_t b) {
            return p_.records[a].ts != p_.records[b].ts ? p_.records[a].ts < p_.records[b].ts : a < b;
        };
        for (auto* index : {&c10dByThread_, &paramCommsByThread_}) {
            for (auto& [key, list] : *index) {
                std::sort(list.begin(), list.end(), byStart);
            }
        }
    }

    /// The innermost record of the index (same thread) whose span encloses r's span.
    std::optional<std::size_t> enclosing(const std::unordered_map<std::string, std::vector<std::size_t>>& index,
                                         const KinetoRecord& r) const
    {
        return enclosing(index, threadKey(r), r.ts, r.dur);
    }

    /// The innermost record of the index on thread `key` whose span encloses [ts, ts + dur].
    std::optional<std::size_t> enclosing(const std::unordered_map<std::string, std::vector<std::size_t>>& index,
                                         const std::string& key, Ns ts, Ns dur) const
    {
        auto found = index.find(key);
        if (found == index.end()) {
            return std::nullopt;
        }
        const auto& list = found->second;
        auto it =
            std::upper_bound(list.begin(), list.end(), ts, [&](Ns t, std::size_t k) { return t < p_.records[k].ts; });
        while (it != list.begin()) {
            --it;
            const auto& candidate = p_.records[*it];
            if (candidate.ts <= ts && candidate.ts + candidate.dur >= ts + dur) {
                return *it;
            }
            if (ts - candidate.ts > Ns{3'600'000'000'000}) {
                break;
            }
        }
        return std::nullopt;
    }

    // ---- rank ----
    void determineRank()
    {
        if (info_.rank) {
            if (*info_.rank < 0 || *info_.rank > std::numeric_limits<std::int32_t>::max()) {
                throw InputError(Diagnostic{p_.sourceName,
                                            kNoEvent,
                                            {},
                                            "distributedInfo.rank",
                                            "is " + std::to_string(*info_.rank) + ", not a rank"});
            }
            rank_ = static_cast<std::int32_t>(*info_.rank);
            summary_.rankSource = "distributedInfo";
            if (options_.rank && *options_.rank != *rank_) {
                failFile("--rank " + std::to_string(*options_.rank) + " contradicts distributedInfo.rank " +
                         std::to_string(*rank_) + ": contradicting values are refused, not arbitrated");
            }
        } else if (options_.rank) {
            rank_ = *options_.rank;
            summary_.rankSource = "--rank";
        }
        // torch >= 2.4 writes "Rank" (this process's index in the group) on collectives: with a
        // complete member list it names the global rank, which must agree with the above.
        for (const auto& r : p_.records) {
            if (r.kind != KinetoRecordKind::ParamComms || !r.hasMeta || !r.meta->rank || !r.meta->groupRanks) {
                continue;
            }
            auto kind = mapTorchCollective(r.meta->collective);
            if (r.meta->collective == "wait" || (kind && isPointToPoint(*kind))) {
                continue;
            }
            auto list = parseTorchList(*r.meta->groupRanks, nullptr);
            if (!list || list->truncated || list->head.empty()) {
                continue;
            }
            const std::int64_t local = *r.meta->rank;
            if (local < 0 || local >= static_cast<std::int64_t>(list->head.size())) {
                continue;
            }
            const auto global = static_cast<std::int32_t>(list->head[static_cast<std::size_t>(local)]);
            if (!rank_) {
                rank_ = global;
                summary_.rankSource = "collective metadata";
            } else if (*rank_ != global) {
                failAt(r, "args.Rank",
                       "names group index " + std::to_string(local) + ", which is global rank " +
                           std::to_string(global) + ", but the profiled rank is " + std::to_string(*rank_) + " (" +
                           summary_.rankSource + "): contradicting values are refused, not arbitrated");
            }
        }
        summary_.rank = rank_;
    }

    // ---- torch >= 2.2 metadata ----
    const DistributedInfo::Group* groupInfo(const std::string& name) const
    {
        for (const auto& g : info_.groups) {
            if (g.name == name) {
                return &g;
            }
        }
        return nullptr;
    }

    std::vector<std::int32_t> checkedMembers(const KinetoRecord& r, const std::vector<std::int64_t>& values,
                                             const std::string& field) const
    {
        std::vector<std::int32_t> out;
        std::set<std::int64_t> seen;
        for (auto v : values) {
            if (v < 0 || v > std::numeric_limits<std::int32_t>::max()) {
                failAt(r, field, "rank " + std::to_string(v) + " is out of range");
            }
            if (!seen.insert(v).second) {
                failAt(r, field, "rank " + std::to_string(v) + " appears twice");
            }
            out.push_back(static_cast<std::int32_t>(v));
        }
        return out;
    }

    /// parseTorchList of a "Process Group Ranks" text, kept for the next call: a group's calls repeat it.
    const std::optional<TorchList>& groupRanksList(const std::string& text, std::string& reason)
    {
        if (!lastRanks_ || lastRanks_->text != text) {
            ParsedRanks parsed;
            parsed.text = text;
            parsed.list = parseTorchList(text, &parsed.reason);
            lastRanks_ = std::move(parsed);
        }
        reason = lastRanks_->reason;
        return lastRanks_->list;
    }

    std::vector<std::int32_t> metadataMembers(const KinetoRecord& r)
    {
        const auto& m = *r.meta;
        const std::optional<std::size_t> declared = m.pgName ? namedDeclaration(*m.pgName) : std::nullopt;
        std::optional<std::vector<std::int32_t>> members;
        if (m.groupRanks) {
            std::string reason;
            const std::optional<TorchList>& list = groupRanksList(*m.groupRanks, reason);
            if (!list) {
                failAt(r, "args.Process Group Ranks", "\"" + m.groupRanks->substr(0, 80) + "\" " + reason);
            }
            if (list->truncated) {
                std::optional<std::vector<std::int32_t>> rebuilt;
                if (m.groupSize) {
                    rebuilt = rebuildFromStride(*list, m.globalRankStart, m.globalRankStride, *m.groupSize, &reason);
                } else {
                    reason = "\"Group size\" is missing";
                }
                if (!rebuilt && declared) {
                    // The declaration stands in for the stride description: it must agree with every
                    // visible entry and with Group size (checked below).
                    checkVisibleEntries(r, *list, *declared);
                    rebuilt = declarations_[*declared].ranks;
                }
                if (!rebuilt) {
                    failAt(r, "args.Process Group Ranks",
                           "is truncated (" + m.groupRanks->substr(0, 60) + (m.groupRanks->size() > 60 ? "..." : "") +
                               ") and cannot be rebuilt: " + reason +
                               "; group members are never guessed (declare them with --group NAME=RANKS)");
                }
                members = std::move(*rebuilt);
            } else if (!list->head.empty()) {
                members = checkedMembers(r, list->head, "args.Process Group Ranks");
                if (m.groupSize && *m.groupSize != static_cast<std::int64_t>(members->size())) {
                    failAt(r, "args.Group size",
                           "is " + std::to_string(*m.groupSize) + " but Process Group Ranks lists " +
                               std::to_string(members->size()) + " ranks");
                }
            }
        }
        const DistributedInfo::Group* pg = m.pgName ? groupInfo(*m.pgName) : nullptr;
        if (!members && pg != nullptr && pg->ranks) {
            members = *pg->ranks;
            if (m.groupSize && *m.groupSize != static_cast<std::int64_t>(members->size())) {
                failAt(r, "args.Group size",
                       "is " + std::to_string(*m.groupSize) + " but distributedInfo.pg_config lists " +
                           std::to_string(members->size()) + " ranks for process group \"" + *m.pgName + "\"");
            }
        }
        if (!members && m.groupSize) {
            std::string reason;
            auto rebuilt = rebuildFromStride(TorchList{}, m.globalRankStart, m.globalRankStride, *m.groupSize, &reason);
            if (rebuilt) {
                members = std::move(*rebuilt);
            }
        }
        std::optional<std::size_t> used = declared;
        if (!members && !declared && m.groupSize) {
            used = sizeDeclaration(r, *m.groupSize, "args.Group size");
        }
        if (used) {
            const DeclaredGroup& g = declarations_[*used];
            if (m.groupSize && *m.groupSize != static_cast<std::int64_t>(g.ranks.size())) {
                failAt(r, "args.Group size",
                       "is " + std::to_string(*m.groupSize) + ", but " + g.origin + " declares " +
                           std::to_string(g.ranks.size()) +
                           " ranks: a declaration that contradicts the profile is "
                           "refused");
            }
            if (members) {
                auto recorded = *members;
                std::sort(recorded.begin(), recorded.end());
                if (recorded != g.ranks) {
                    failAt(r, "args.Process Group Ranks",
                           "the profile records ranks " + formatRankSet(recorded) + ", but " + g.origin + " declares " +
                               formatRankSet(g.ranks) + ": a declaration that contradicts the profile is refused");
                }
            } else {
                members = g.ranks;
            }
            declarationUsed(r, *used);
        }
        if (!members) {
            failAt(r, "args.Process Group Ranks",
                   "the members of process group " + (m.pgName ? "\"" + *m.pgName + "\"" : std::string("(unnamed)")) +
                       " are not recorded (no rank list, no distributedInfo.pg_config entry, no stride description); "
                       "group members are never guessed (declare them with --group NAME=RANKS)");
        }
        if (pg != nullptr && pg->ranks && *pg->ranks != *members) {
            failAt(r, "args.Process Group Ranks",
                   "lists different members than distributedInfo.pg_config for process group \"" + *m.pgName +
                       "\": contradicting values are refused, not arbitrated");
        }
        return *members;
    }

    // ---- declared groups ----
    std::optional<std::size_t> namedDeclaration(const std::string& name) const
    {
        for (std::size_t k = 0; k < declarations_.size(); ++k) {
            if (!declarations_[k].size && declarations_[k].name == name) {
                return k;
            }
        }
        return std::nullopt;
    }

    /// The size-keyed declaration for a collective whose group has n ranks: the one declaration of
    /// that size which contains the profiled rank. nullopt when none of that size exists; refused
    /// when declarations of that size exist and none contains the profiled rank.
    std::optional<std::size_t> sizeDeclaration(const KinetoRecord& r, std::int64_t n, const std::string& field) const
    {
        std::optional<std::size_t> found;
        std::string others;
        for (std::size_t k = 0; k < declarations_.size(); ++k) {
            const auto& g = declarations_[k];
            if (!g.size || *g.size != n) {
                continue;
            }
            if (!rank_ || std::binary_search(g.ranks.begin(), g.ranks.end(), *rank_)) {
                if (found) {
                    failAt(r, field,
                           "the profiled rank is unknown and both " + declarations_[*found].origin + " and " +
                               g.origin + " declare a group of " + std::to_string(n) +
                               " ranks: which one ran this collective would be a guess (pass --rank)");
                }
                found = k;
            } else {
                others += (others.empty() ? "" : ", ") + g.origin;
            }
        }
        if (!found && !others.empty()) {
            failAt(r, field,
                   "this collective ran on a group of " + std::to_string(n) +
                       " ranks that includes the profiled rank " + std::to_string(*rank_) + ", but " + others +
                       " does not contain it: a declaration that contradicts the profile is refused");
        }
        return found;
    }

    /// A truncated list's visible entries must be the declared members in the same places.
    void checkVisibleEntries(const KinetoRecord& r, const TorchList& list, std::size_t k) const
    {
        const DeclaredGroup& g = declarations_[k];
        for (std::size_t i = 0; i < list.head.size(); ++i) {
            if (i >= g.ranks.size() || list.head[i] != g.ranks[i]) {
                failAt(r, "args.Process Group Ranks",
                       "its visible entry " + std::to_string(i) + " is " + std::to_string(list.head[i]) + ", but " +
                           g.origin + " declares " + formatRankSet(g.ranks) +
                           ": a declaration that contradicts the profile is refused");
            }
        }
        if (list.tail && (g.ranks.empty() || g.ranks.back() != *list.tail)) {
            failAt(r, "args.Process Group Ranks",
                   "its last visible entry is " + std::to_string(*list.tail) + ", but " + g.origin + " declares " +
                       formatRankSet(g.ranks) + ": a declaration that contradicts the profile is refused");
        }
    }

    void declarationUsed(const KinetoRecord& r, std::size_t k)
    {
        const DeclaredGroup& g = declarations_[k];
        if (rank_ && !std::binary_search(g.ranks.begin(), g.ranks.end(), *rank_)) {
            failAt(r, "",
                   "the profiled rank " + std::to_string(*rank_) + " took part in this collective, but " + g.origin +
                       " does not contain it: a declaration that contradicts the profile is refused");
        }
        ++declarationCalls_[k];
    }

    /// A declaration that applies to this rank but that no collective used is a wrong declaration
    /// (a typo, another job's layout), not a harmless extra.
    void checkUnusedDeclarations() const
    {
        for (std::size_t k = 0; k < declarations_.size(); ++k) {
            const auto& g = declarations_[k];
            if (declarationCalls_[k] > 0) {
                continue;
            }
            if (rank_ && !std::binary_search(g.ranks.begin(), g.ranks.end(), *rank_)) {
                continue; // another rank's group: nothing in this rank's profile can confirm or use it
            }
            failFile(g.origin + " declares " + g.describe() + ", but no collective of this profile " +
                     (g.size ? "has a group of " + std::to_string(*g.size) + " ranks whose members are not recorded"
                             : "belongs to process group \"" + g.name + "\" without recorded members") +
                     ": an unused declaration is refused rather than silently ignored");
        }
    }

    std::int64_t nelems(const KinetoRecord& r, const std::optional<std::int64_t>& value, const char* field) const
    {
        if (!value) {
            failAt(r, std::string("args.") + field, "is missing: the size of the collective is not recorded");
        }
        if (*value < 0) {
            failAt(r, std::string("args.") + field, "is negative (" + std::to_string(*value) + ")");
        }
        return *value;
    }

    std::int64_t bytesOf(const KinetoRecord& r, std::int64_t elements, int elementSize, const std::string& field) const
    {
        std::int64_t out = 0;
        if (__builtin_mul_overflow(elements, static_cast<std::int64_t>(elementSize), &out)) {
            failAt(r, field, "the byte size does not fit a 64-bit integer");
        }
        return out;
    }

    /// Device timing: the GPU records of a call (kernels or GPU annotations, same External id, or
    /// kernels reached through the call's launches); written by finishDeviceTiming.
    void deviceTiming(Call& call, const std::vector<std::size_t>& gpu)
    {
        for (auto k : gpu) {
            call.gpu.push_back(k);
            matchedGpu_.insert(k);
        }
    }

    /// Kernels whose External id is not their call's (legacy profiles number a kernel by its CUPTI
    /// correlation) are reached through their launch: the cuda_runtime/cuda_driver event with the
    /// kernel's correlation, which runs inside the call on the call's thread. The launch belongs to
    /// the kept call its External id names when that call encloses it on the same thread, else to
    /// the innermost kept call enclosing it there. A launch outside every kept call, or a
    /// correlation that several launches carry, links nothing (its kernels stay without a call).
    void linkLaunchedKernels()
    {
        if (p_.launches.empty() || calls_.empty()) {
            return;
        }
        std::unordered_map<std::int64_t, std::vector<std::size_t>> kernelsByCorrelation;
        for (std::size_t i = 0; i < p_.records.size(); ++i) {
            const auto& r = p_.records[i];
            if (r.kind == KinetoRecordKind::Kernel && r.correlation && matchedGpu_.count(i) == 0) {
                kernelsByCorrelation[*r.correlation].push_back(i);
            }
        }
        if (kernelsByCorrelation.empty()) {
            return;
        }
        std::unordered_map<std::int64_t, std::size_t> launchesOf; // correlation -> launches carrying it
        for (const auto& l : p_.launches) {
            ++launchesOf[l.correlation];
        }
        std::unordered_map<std::size_t, std::size_t> callOfRecord;
        std::unordered_map<std::int64_t, std::size_t> callByExt; // External id -> call (kNoRecord: not unique)
        std::unordered_map<std::string, std::vector<std::size_t>> callsByThread;
        for (std::size_t c = 0; c < calls_.size(); ++c) {
            const auto& r = p_.records[calls_[c].record];
            callOfRecord[calls_[c].record] = c;
            callsByThread[threadKey(r)].push_back(calls_[c].record);
            if (r.externalId) {
                auto [it, inserted] = callByExt.emplace(*r.externalId, c);
                if (!inserted) {
                    it->second = kNoRecord;
                }
            }
        }
        for (auto& [key, list] : callsByThread) {
            std::sort(list.begin(), list.end(), [&](std::size_t a, std::size_t b) {
                return p_.records[a].ts != p_.records[b].ts ? p_.records[a].ts < p_.records[b].ts : a < b;
            });
        }
        for (const auto& l : p_.launches) {
            auto kernels = kernelsByCorrelation.find(l.correlation);
            if (kernels == kernelsByCorrelation.end() || launchesOf[l.correlation] != 1) {
                continue;
            }
            const std::string& thread = p_.launchThreads[l.thread];
            std::optional<std::size_t> owner;
            if (l.externalId) {
                auto named = callByExt.find(*l.externalId);
                if (named != callByExt.end() && named->second != kNoRecord) {
                    const auto& r = p_.records[calls_[named->second].record];
                    if (threadKey(r) == thread && r.ts <= l.ts && r.ts + r.dur >= l.ts + l.dur) {
                        owner = named->second;
                    }
                }
            }
            if (!owner) {
                if (auto around = enclosing(callsByThread, thread, l.ts, l.dur)) {
                    owner = callOfRecord.at(*around);
                }
            }
            if (!owner) {
                continue;
            }
            Call& call = calls_[*owner];
            for (auto k : kernels->second) {
                if (p_.records[call.record].hasMeta) {
                    checkKernelAgrees(p_.records[call.record], p_.records[k], "linked through its CUDA launch");
                }
                kernelLaunch_[k] = l.index;
            }
            deviceTiming(call, kernels->second);
            call.viaLaunch = true;
            summary_.kernelsViaLaunch += kernels->second.size();
            usedLaunches_.push_back(l.index);
        }
        std::sort(usedLaunches_.begin(), usedLaunches_.end());
    }

    /// Writes each call's device timing: device_duration_us (first kernel start to last end) and, where a
    /// kernel came through the call's own launch, latency_ns: from the call to the end of its last kernel,
    /// the call's completion on this rank (what align-clocks reads).
    void finishDeviceTiming()
    {
        for (auto& call : calls_) {
            if (call.gpu.empty()) {
                continue;
            }
            Ns first = std::numeric_limits<Ns>::max();
            Ns last = std::numeric_limits<Ns>::min();
            std::size_t lastRecord = call.gpu.front();
            for (auto k : call.gpu) {
                const auto& g = p_.records[k];
                first = std::min(first, g.ts);
                if (g.ts + g.dur > last) {
                    last = g.ts + g.dur;
                    lastRecord = k;
                }
            }
            if (last >= first) {
                call.extras.micros("device_duration_us", last - first);
                ++summary_.deviceTimed;
            }
            if (!call.viaLaunch) {
                continue;
            }
            const auto& r = p_.records[call.record];
            if (last < r.ts) {
                const auto launch = kernelLaunch_.find(lastRecord);
                failAt(r, "",
                       "its GPU record traceEvents[" + std::to_string(p_.records[lastRecord].index) + "]" +
                           (launch != kernelLaunch_.end() ? " (linked through the CUDA launch traceEvents[" +
                                                                std::to_string(launch->second) + "])"
                                                          : std::string()) +
                           " ends at " + formatScaledDecimal(last, kMicrosToNanosScale) +
                           " us, before the call starts: a collective cannot complete before it is called; "
                           "contradicting times are refused, not arbitrated");
            }
            call.extras.integer("latency_ns", last - r.ts);
            ++summary_.completions;
        }
    }

    void fromMetadata()
    {
        // Annotations must each sit inside a record_param_comms with metadata (their twin).
        annotationOwner_.assign(p_.records.size(), kNoRecord);
        for (const auto& r : p_.records) {
            if (r.kind != KinetoRecordKind::Annotation) {
                continue;
            }
            if (auto owner = enclosing(paramCommsByThread_, r)) {
                annotationOwner_[static_cast<std::size_t>(&r - p_.records.data())] = *owner; // kept for the ledger
            } else {
                failAt(
                    r, "",
                    "this annotation has no record_param_comms with collective metadata around it; a profile that "
                    "mixes metadata and legacy records is not imported (the calls could be counted twice or missed)");
            }
        }
        calls_.reserve(
            static_cast<std::size_t>(std::count_if(p_.records.begin(), p_.records.end(), [](const KinetoRecord& r) {
                return r.kind == KinetoRecordKind::ParamComms && r.hasMeta;
            })));
        for (std::size_t i = 0; i < p_.records.size(); ++i) {
            const auto& r = p_.records[i];
            if (r.kind != KinetoRecordKind::ParamComms) {
                continue;
            }
            if (!r.hasMeta) {
                ++summary_.paramCommsWithoutMetadata;
                continue;
            }
            if (r.meta->collective == "wait") {
                ++summary_.waits;
                continue;
            }
            if (!options_.processGroup.empty() && r.meta->pgName.value_or("") != options_.processGroup) {
                ++summary_.filteredOut;
                continue;
            }
            calls_.push_back(metadataCall(i));
        }
    }

    Call metadataCall(std::size_t index)
    {
        const KinetoRecord& r = p_.records[index];
        const auto& m = *r.meta;
        Call call;
        call.record = index;
        call.ts = r.ts;
        Event& e = call.event;
        const auto kind = mapTorchCollective(m.collective);
        e.op = kind ? std::string(opKindName(*kind)) : m.collective;
        e.customOp = !kind;
        if (e.op.empty()) {
            failAt(r, "args.Collective name", "is empty");
        }
        if (m.dtype.empty()) {
            failAt(r, "args.dtype", "is missing: the element size is needed to turn element counts into bytes");
        }
        auto dtype = mapScalarTypeName(m.dtype);
        if (!dtype) {
            failAt(r, "args.dtype", "\"" + m.dtype + "\" has no element size known to the trace format");
        }
        e.dtype = *dtype;
        const int elementSize = dtypeSizeBytes(e.dtype);
        if (m.pgName) {
            e.group = *m.pgName;
        }
        if (m.seq && *m.seq >= 0) {
            e.messageSequence = *m.seq;
        }
        if (!m.pgDesc.empty()) {
            call.extras.text("process_group_desc", m.pgDesc);
        }
        if (!m.commsId.empty()) {
            call.extras.text("comms_id", m.commsId); // exact text of an unsigned 64-bit hash
        }
        const OpKind k = kind.value_or(OpKind::Custom);
        const std::int64_t in = k == OpKind::Barrier ? m.inNelems.value_or(0) : nelems(r, m.inNelems, "In msg nelems");
        const std::int64_t out =
            k == OpKind::Barrier ? m.outNelems.value_or(0) : nelems(r, m.outNelems, "Out msg nelems");
        if (isPointToPoint(k)) {
            pointToPoint(r, k, e);
        } else {
            e.ranks = metadataMembers(r);
            if (rank_ && std::find(e.ranks.begin(), e.ranks.end(), *rank_) == e.ranks.end()) {
                failAt(r, "args.Process Group Ranks",
                       "the profiled rank " + std::to_string(*rank_) + " is not a member of this collective's group");
            }
        }
        const auto n = static_cast<std::int64_t>(e.ranks.size());
        std::int64_t elements = 0;
        auto mustEqual = [&](std::int64_t a, std::int64_t b, const std::string& what) {
            if (a != b) {
                failAt(r, "args.Out msg nelems",
                       what + " (In msg nelems " + std::to_string(in) + ", Out msg nelems " + std::to_string(out) +
                           ", group size " + std::to_string(n) + ")");
            }
        };
        switch (k) {
        case OpKind::AllReduce:
        case OpKind::Broadcast:
        case OpKind::Reduce:
            mustEqual(in, out, e.op + " reads and writes the same buffer, but In and Out differ");
            elements = in;
            break;
        case OpKind::AllGather: {
            std::int64_t gathered = 0;
            if (__builtin_mul_overflow(in, n, &gathered)) {
                failAt(r, "args.In msg nelems", "size overflow");
            }
            mustEqual(gathered, out, "all_gather output must be input x group size");
            elements = out;
            break;
        }
        case OpKind::ReduceScatter: {
            std::int64_t full = 0;
            if (__builtin_mul_overflow(out, n, &full)) {
                failAt(r, "args.Out msg nelems", "size overflow");
            }
            mustEqual(in, full, "reduce_scatter input must be output x group size");
            elements = in;
            break;
        }
        case OpKind::AllToAll:
            elements = in;
            if (out != in) {
                call.extras.integer("out_bytes", bytesOf(r, out, elementSize, "args.Out msg nelems"));
            }
            break;
        case OpKind::Gather:
            if (__builtin_mul_overflow(in, n, &elements)) {
                failAt(r, "args.In msg nelems", "size overflow");
            }
            break;
        case OpKind::Scatter:
            if (__builtin_mul_overflow(out, n, &elements)) {
                failAt(r, "args.Out msg nelems", "size overflow");
            }
            break;
        default: // send, recv, barrier, custom
            elements = std::max(in, out);
            break;
        }
        for (const auto& [text, key] : {std::pair{m.inSplit, std::string("in_split_size")},
                                        std::pair{m.outSplit, std::string("out_split_size")}}) {
            if (text && *text != "[]") {
                call.extras.text(key, *text); // dim-0 row counts as torch wrote them (possibly truncated)
            }
        }
        e.bytes = bytesOf(r, elements, elementSize, "args.In msg nelems");
        if (e.bytes == 0) {
            // An all_to_all whose share on this rank is empty (uneven splits) is still a call every
            // member enters: it is kept like a barrier, not dropped.
            if (k != OpKind::Barrier && k != OpKind::Custom && k != OpKind::AllToAll) {
                failAt(r, "args.In msg nelems",
                       e.op + " moves no data (0 elements); the trace format needs a positive size and a zero-size " +
                           e.op + " is not invented into something else");
            }
            e.bytes = 1;
            call.extras.integer("payload_bytes", 0);
        }
        if (e.customOp) {
            ++summary_.customOps;
        }
        if (r.externalId) {
            auto found = kernelsByExt_.find(*r.externalId);
            if (found != kernelsByExt_.end()) {
                for (auto kk : found->second) {
                    checkKernelAgrees(r, p_.records[kk], "same External id");
                }
                deviceTiming(call, found->second);
            }
        }
        return call;
    }

    void checkKernelAgrees(const KinetoRecord& cpu, const KinetoRecord& kernel, const char* link) const
    {
        if (!kernel.hasMeta) {
            return;
        }
        const auto& a = *cpu.meta;
        const auto& b = *kernel.meta;
        if (a.collective != b.collective || a.inNelems != b.inNelems || a.outNelems != b.outNelems ||
            a.dtype != b.dtype) {
            failAt(cpu, "args",
                   "its GPU kernel (traceEvents[" + std::to_string(kernel.index) + "], " + link + ") records " +
                       b.collective + " In " + std::to_string(b.inNelems.value_or(-1)) + " Out " +
                       std::to_string(b.outNelems.value_or(-1)) + " " + b.dtype + ", the CPU op " + a.collective +
                       " In " + std::to_string(a.inNelems.value_or(-1)) + " Out " +
                       std::to_string(a.outNelems.value_or(-1)) + " " + a.dtype +
                       ": contradicting values are refused, not arbitrated");
        }
    }

    void pointToPoint(const KinetoRecord& r, OpKind k, Event& e) const
    {
        const auto& m = *r.meta;
        if (!rank_) {
            failAt(r, "",
                   std::string(opKindName(k)) +
                       ": the profiled rank is unknown, so one end of the transfer is unknown (pass --rank)");
        }
        std::optional<std::int64_t> peer = k == OpKind::Send ? m.dstRank : m.srcRank;
        if (!peer && m.rank && m.groupRanks) {
            auto list = parseTorchList(*m.groupRanks, nullptr);
            if (list && !list->truncated && *m.rank >= 0 && *m.rank < static_cast<std::int64_t>(list->head.size())) {
                peer = list->head[static_cast<std::size_t>(*m.rank)];
            }
        }
        if (!peer) {
            failAt(r, k == OpKind::Send ? "args.Dst Rank" : "args.Src Rank",
                   "is missing: the peer of this " + std::string(opKindName(k)) + " is not recorded");
        }
        if (*peer < 0 || *peer > std::numeric_limits<std::int32_t>::max() || *peer == *rank_) {
            failAt(r, k == OpKind::Send ? "args.Dst Rank" : "args.Src Rank",
                   "peer rank " + std::to_string(*peer) + " is not another rank");
        }
        const auto other = static_cast<std::int32_t>(*peer);
        e.senderRank = k == OpKind::Send ? *rank_ : other;
        e.receiverRank = k == OpKind::Send ? other : *rank_;
        e.ranks = {std::min(*rank_, other), std::max(*rank_, other)};
    }

    // ---- legacy annotations ----
    /// The members legacy annotations are attributed to, or why that cannot be done.
    std::optional<std::vector<std::int32_t>> legacyMembers(std::string* reason)
    {
        if (!info_.present) {
            *reason = "the profile has no distributedInfo block, so neither the world size nor any process group is "
                      "recorded, and legacy annotations name no group: the members of this collective are unknown";
            return std::nullopt;
        }
        if (!info_.groups.empty()) {
            if (info_.pgCount && *info_.pgCount > static_cast<std::int64_t>(info_.groups.size())) {
                *reason = "distributedInfo says " + std::to_string(*info_.pgCount) +
                          " process groups exist but describes " + std::to_string(info_.groups.size()) +
                          ", and legacy annotations do not say which group ran a collective";
                return std::nullopt;
            }
            const std::vector<std::int32_t>* common = nullptr;
            for (auto& g : info_.groups) {
                const auto declared = namedDeclaration(g.name);
                if (declared) {
                    const DeclaredGroup& d = declarations_[*declared];
                    auto recorded = g.ranks;
                    if (recorded) {
                        std::sort(recorded->begin(), recorded->end());
                    }
                    if ((recorded && *recorded != d.ranks) ||
                        (g.size && *g.size != static_cast<std::int64_t>(d.ranks.size()))) {
                        *reason = "distributedInfo.pg_config records process group \"" + g.name + "\" with " +
                                  (recorded ? "ranks " + formatRankSet(*recorded)
                                            : std::to_string(g.size.value_or(0)) + " ranks") +
                                  ", but " + d.origin + " declares " + formatRankSet(d.ranks) +
                                  ": a declaration that contradicts the profile is refused";
                        return std::nullopt;
                    }
                    if (!g.ranks) {
                        g.ranks = d.ranks;
                    }
                    legacyDeclared_.push_back(*declared);
                }
                if (!g.ranks) {
                    *reason = "distributedInfo.pg_config does not list the members of process group \"" + g.name +
                              "\" (" + (g.ranksProblem.empty() ? "no ranks" : g.ranksProblem) +
                              "; declare them with --group NAME=RANKS)";
                    return std::nullopt;
                }
                if (common != nullptr && *common != *g.ranks) {
                    *reason = "distributedInfo.pg_config describes process groups with different members, and legacy "
                              "annotations do not say which group ran a collective";
                    return std::nullopt;
                }
                common = &*g.ranks;
            }
            assume("legacy annotations name no process group; every recorded process group has the same " +
                   std::to_string(common->size()) + " members, so each collective is attributed to them");
            return *common;
        }
        if (!info_.worldSize || *info_.worldSize < 1 || *info_.worldSize > std::numeric_limits<std::int32_t>::max()) {
            *reason = "distributedInfo records no world size and no process groups: the members of this collective are "
                      "unknown";
            return std::nullopt;
        }
        assume("legacy annotations name no process group; collectives are attributed to the default group of all " +
               std::to_string(*info_.worldSize) +
               " ranks (distributedInfo.world_size), checked against all_gather/reduce_scatter shapes where recorded");
        std::vector<std::int32_t> all;
        for (std::int64_t r = 0; r < *info_.worldSize; ++r) {
            all.push_back(static_cast<std::int32_t>(r));
        }
        return all;
    }

    void assume(const std::string& text)
    {
        if (std::find(summary_.assumptions.begin(), summary_.assumptions.end(), text) == summary_.assumptions.end()) {
            summary_.assumptions.push_back(text);
        }
    }

    /// Total elements and dtype of the tensor inputs of a record ("Input Dims" / "Input type").
    std::pair<std::int64_t, std::string> tensorInputs(const KinetoRecord& r, std::size_t first, std::size_t count) const
    {
        std::int64_t total = 0;
        std::string dtype;
        std::size_t seen = 0;
        for (std::size_t k = first; k < r.inputs.size() && seen < count; ++k) {
            const auto& input = r.inputs[k];
            auto mapped = mapCppTypeName(input.type);
            if (!mapped) {
                if (input.type.empty() || input.type == "Scalar" || input.type == "ScalarList" ||
                    input.type == "None" || input.type == "TensorList" || input.type == "GenericList") {
                    continue;
                }
                failAt(r, "args.Input type", "\"" + input.type + "\" has no element size known to the trace format");
            }
            if (input.elements < 0) {
                failAt(r, "args.Input Dims", "input " + std::to_string(k) + " (" + input.type + ") has no dimensions");
            }
            if (!dtype.empty() && dtype != *mapped) {
                failAt(r, "args.Input type", "mixes element types " + dtype + " and " + *mapped);
            }
            dtype = *mapped;
            total += input.elements;
            ++seen;
        }
        return {seen == 0 ? -1 : total, dtype};
    }

    void fromLegacyAnnotations()
    {
        if (!options_.processGroup.empty()) {
            failFile("--process-group cannot select a group: this profile has no collective metadata and its legacy "
                     "annotations name no process group");
        }
        for (const auto& r : p_.records) {
            if (r.kind == KinetoRecordKind::ParamComms) {
                ++summary_.paramCommsWithoutMetadata;
            }
        }
        std::optional<std::vector<std::int32_t>> members;
        std::string membersProblem;
        bool membersResolved = false;
        for (std::size_t i = 0; i < p_.records.size(); ++i) {
            const auto& r = p_.records[i];
            if (r.kind != KinetoRecordKind::Annotation) {
                continue;
            }
            const std::string opName = r.name.substr(r.name.find(':') + 1);
            if (opName == "wait") {
                ++summary_.waits;
                continue;
            }
            if (!membersResolved) {
                members = legacyMembers(&membersProblem);
                membersResolved = true;
            }
            const auto kind = mapTorchCollective(opName);
            const OpKind k = kind.value_or(OpKind::Custom);
            if (isPointToPoint(k)) {
                failAt(r, "",
                       "a legacy profile does not record the peer of a point-to-point transfer; it is not guessed");
            }
            if (!members) {
                failAt(r, "", membersProblem);
            }
            if (rank_ && std::find(members->begin(), members->end(), *rank_) == members->end()) {
                failAt(r, "",
                       "the profiled rank " + std::to_string(*rank_) +
                           " is not a member of the group the "
                           "collective is attributed to");
            }
            Call call;
            call.record = i;
            call.ts = r.ts;
            Event& e = call.event;
            e.op = kind ? std::string(opKindName(*kind)) : opName;
            e.customOp = !kind;
            if (e.op.empty()) {
                failAt(r, "name", "names no collective");
            }
            e.ranks = *members;
            const auto n = static_cast<std::int64_t>(e.ranks.size());
            auto [input, dtype] = tensorInputs(r, 0, std::numeric_limits<std::size_t>::max());
            if (input < 0) {
                failWithoutShapes(r);
            }
            e.dtype = dtype;
            const int elementSize = dtypeSizeBytes(dtype);
            if (auto declared = checkLegacyShapes(r, k, input, n)) {
                e.ranks = declarations_[*declared].ranks;
                declarationUsed(r, *declared);
            } else {
                for (auto d : legacyDeclared_) {
                    declarationUsed(r, d);
                }
            }
            const auto groupSize = static_cast<std::int64_t>(e.ranks.size());
            std::int64_t elements = input;
            if (k == OpKind::AllGather || k == OpKind::Gather) {
                if (__builtin_mul_overflow(input, groupSize, &elements)) {
                    failAt(r, "args.Input Dims", "size overflow");
                }
            }
            e.bytes = bytesOf(r, elements, elementSize, "args.Input Dims");
            if (e.bytes == 0) {
                if (k != OpKind::Barrier && k != OpKind::Custom && k != OpKind::AllToAll) {
                    failAt(r, "args.Input Dims",
                           e.op + " moves no data (0 elements); the trace format needs a positive size");
                }
                e.bytes = 1;
                call.extras.integer("payload_bytes", 0);
            }
            call.extras.text("backend", r.name.substr(0, r.name.find(':')));
            if (e.customOp) {
                ++summary_.customOps;
            }
            if (r.externalId) {
                auto found = gpuAnnotationByExt_.find(*r.externalId);
                if (found != gpuAnnotationByExt_.end()) {
                    deviceTiming(call, found->second);
                }
            }
            calls_.push_back(std::move(call));
        }
    }

    /// A legacy annotation without shapes: say how many share the problem (typically a profile
    /// recorded with record_shapes=False, where no call's size is known).
    [[noreturn]] void failWithoutShapes(const KinetoRecord& first) const
    {
        std::map<std::string, std::uint64_t> without;
        std::uint64_t total = 0;
        for (const auto& r : p_.records) {
            if (r.kind != KinetoRecordKind::Annotation) {
                continue;
            }
            ++total;
            if (tensorInputs(r, 0, std::numeric_limits<std::size_t>::max()).first < 0) {
                ++without[r.name];
            }
        }
        std::string counts;
        std::uint64_t missing = 0;
        for (const auto& [name, count] : without) {
            counts += (counts.empty() ? "" : ", ") + std::to_string(count) + " " + name;
            missing += count;
        }
        failAt(first, "args.Input Dims",
               "no tensor shape is recorded (" + std::to_string(missing) + " of " + std::to_string(total) +
                   " annotations have none: " + counts +
                   "; a profile taken with record_shapes=False), so the sizes of these collectives are unknown and "
                   "are not invented");
    }

    /// The c10d op around a legacy annotation records the output shape: all_gather and
    /// reduce_scatter ratios must equal the group the collective is attributed to, or name a group
    /// size the user declared members for (--group-of-size); that declaration is returned.
    std::optional<std::size_t> checkLegacyShapes(const KinetoRecord& r, OpKind k, std::int64_t input,
                                                 std::int64_t n) const
    {
        if (k != OpKind::AllGather && k != OpKind::ReduceScatter) {
            return std::nullopt;
        }
        auto outer = enclosing(c10dByThread_, r);
        if (!outer) {
            return std::nullopt;
        }
        const auto& op = p_.records[*outer];
        // c10d::_allgather_base_ / _reduce_scatter_base_ / allgather_ / reduce_scatter_: (output, input, ...)
        auto [output, dtype] = tensorInputs(op, 0, 1);
        (void)dtype;
        if (output <= 0 || input <= 0) {
            return std::nullopt;
        }
        const std::int64_t big = k == OpKind::AllGather ? output : input;
        const std::int64_t small = k == OpKind::AllGather ? input : output;
        if (big % small == 0 && big / small != n) {
            if (auto declared = sizeDeclaration(r, big / small, "args.Input Dims")) {
                return declared;
            }
        }
        if (big % small != 0 || big / small != n) {
            const std::string implied =
                big % small == 0 ? "a group of " + std::to_string(big / small) + " ranks" : "no whole group size";
            failAt(r, "args.Input Dims",
                   "its shapes (" + op.name + " at traceEvents[" + std::to_string(op.index) + "]: output " +
                       std::to_string(output) + " elements, input " + std::to_string(input) + ") imply " + implied +
                       ", but the collective is attributed to " + std::to_string(n) +
                       " ranks and the profile does not record which ranks the smaller group has; group members are "
                       "never guessed (declare them with --group-of-size N=RANKS)");
        }
        return std::nullopt;
    }

    void countUnmatchedKernels()
    {
        for (std::size_t i = 0; i < p_.records.size(); ++i) {
            const auto& r = p_.records[i];
            if (r.kind == KinetoRecordKind::Kernel && matchedGpu_.count(i) == 0) {
                ++(summary_.collectiveMetadata ? summary_.kernelsWithoutCall : legacyKernels_);
            }
        }
    }

    [[noreturn]] void failNoCollectives() const
    {
        std::string why = "no collective could be imported: the profile has ";
        why += std::to_string(summary_.paramCommsWithoutMetadata) +
               " record_param_comms ops without collective metadata (\"Collective name\"), no nccl:/gloo: annotations";
        if (summary_.waits > 0) {
            why += ", " + std::to_string(summary_.waits) + " wait calls (not collectives)";
        }
        if (summary_.filteredOut > 0) {
            why +=
                ", " + std::to_string(summary_.filteredOut) + " collectives of other process groups (--process-group)";
        }
        why += " and " + std::to_string(summary_.kernelsWithoutCall + legacyKernels_) +
               " communication kernels; a kernel alone records neither the size nor the group of a collective";
        failFile(why);
    }

    // ---- the ledger ----
    /// Puts every event of the profile in one category: the records by what became of them, the
    /// events the reader skipped (no communication fragment) as not communication.
    void fillLedger()
    {
        ImportLedger& ledger = summary_.ledger;
        ledger.source = p_.sourceName;
        ledger.sha256 = p_.fileSha256;
        ledger.totalEvents = p_.eventCount;
        const std::size_t n = p_.records.size();
        // What became of each record: 0 not yet classified, else 1 + category (reason alongside).
        std::vector<std::uint8_t> state(n, 0);
        std::vector<const char*> why(n, nullptr);
        auto mark = [&](std::size_t i, LedgerCategory c, const char* reason) {
            state[i] = static_cast<std::uint8_t>(1 + static_cast<int>(c));
            why[i] = reason;
        };
        std::vector<bool> kept(n, false);
        for (const auto& call : calls_) {
            kept[call.record] = true;
        }
        for (std::size_t i = 0; i < n; ++i) {
            const auto& r = p_.records[i];
            switch (r.kind) {
            case KinetoRecordKind::ParamComms:
                if (kept[i]) {
                    mark(i, LedgerCategory::Kept, "collective call (record_param_comms with metadata)");
                } else if (!r.hasMeta) {
                    mark(i, LedgerCategory::Refused,
                         "record_param_comms without collective metadata (records no size or group)");
                } else if (r.meta->collective == "wait") {
                    mark(i, LedgerCategory::NotCommunication, "wait (completes an earlier call; not a collective)");
                } else {
                    mark(i, LedgerCategory::Refused, "collective of another process group (--process-group)");
                }
                break;
            case KinetoRecordKind::Annotation:
                if (kept[i]) {
                    mark(i, LedgerCategory::Kept, "collective call (legacy nccl:/gloo: annotation)");
                } else if (r.name.size() >= 5 && r.name.compare(r.name.size() - 5, 5, ":wait") == 0) {
                    mark(i, LedgerCategory::NotCommunication, "wait annotation (not a collective)");
                }
                break; // metadata profiles: classified with the call around it below
            case KinetoRecordKind::GpuAnnotation:
                if (matchedGpu_.count(i) != 0) {
                    mark(i, LedgerCategory::TwinMerged, "gpu_user_annotation of a kept call (its device timing)");
                } else {
                    mark(i, LedgerCategory::KernelWithoutCpuCall, "gpu_user_annotation not linked to a kept call");
                }
                break;
            case KinetoRecordKind::Kernel:
                if (kernelLaunch_.count(i) != 0) {
                    mark(i, LedgerCategory::TwinMerged,
                         "communication kernel of a kept call, linked through the CUDA launch inside the call "
                         "(correlation; its device timing and completion)");
                } else if (matchedGpu_.count(i) != 0) {
                    mark(i, LedgerCategory::TwinMerged, "communication kernel of a kept call (its device timing)");
                } else {
                    mark(i, LedgerCategory::KernelWithoutCpuCall,
                         summary_.collectiveMetadata ? "communication kernel without a CPU call in the profile"
                         : summary_.kernelsViaLaunch > 0
                             ? "communication kernel not linked to a call (no gpu_user_annotation twin, no launch "
                               "inside a call)"
                             : "communication kernel not linked to a call (legacy profiles time calls by their "
                               "gpu_user_annotation)");
                }
                break;
            case KinetoRecordKind::C10dOp:
                break; // classified with the call inside it below
            }
        }
        // Records nested in a call share its fate: the nccl: annotation inside a record_param_comms,
        // the c10d:: dispatcher op around a call.
        for (std::size_t i = 0; i < n; ++i) {
            const auto& r = p_.records[i];
            const bool inner = r.kind == KinetoRecordKind::Annotation && state[i] == 0;
            const bool outer = (r.kind == KinetoRecordKind::ParamComms && r.hasMeta) ||
                               (r.kind == KinetoRecordKind::Annotation && !summary_.collectiveMetadata);
            if (inner) {
                const std::optional<std::size_t> around =
                    i < annotationOwner_.size() && annotationOwner_[i] != kNoRecord
                        ? std::optional<std::size_t>(annotationOwner_[i])
                        : enclosing(paramCommsByThread_, r);
                if (around && state[*around] == 1 + static_cast<int>(LedgerCategory::Kept)) {
                    mark(i, LedgerCategory::TwinMerged, "nccl:/gloo: annotation nested in its record_param_comms");
                } else if (around && state[*around] != 0) {
                    mark(i, static_cast<LedgerCategory>(state[*around] - 1), why[*around]);
                } else {
                    mark(i, LedgerCategory::Refused, "annotation outside every call");
                }
            }
            if (outer && state[i] != 0) {
                if (auto op = enclosing(c10dByThread_, r); op && state[*op] == 0) {
                    const bool keptCall = state[i] == 1 + static_cast<int>(LedgerCategory::Kept);
                    if (keptCall) {
                        mark(*op, LedgerCategory::TwinMerged, "c10d:: op around a kept call (its shapes)");
                    } else {
                        mark(*op, static_cast<LedgerCategory>(state[i] - 1), why[i]);
                    }
                }
            }
        }
        // The first few events that are no record and no launch that linked a kernel: the gaps between them.
        std::vector<std::string> skippedIds;
        {
            std::size_t nextIndex = 0;
            std::size_t record = 0;
            std::size_t launch = 0;
            while (skippedIds.size() < kLedgerFirstIds && nextIndex < p_.eventCount) {
                while (record < n && p_.records[record].index < nextIndex) {
                    ++record;
                }
                while (launch < usedLaunches_.size() && usedLaunches_[launch] < nextIndex) {
                    ++launch;
                }
                const bool taken = (record < n && p_.records[record].index == nextIndex) ||
                                   (launch < usedLaunches_.size() && usedLaunches_[launch] == nextIndex);
                if (!taken) {
                    skippedIds.push_back("traceEvents[" + std::to_string(nextIndex) + "]");
                }
                ++nextIndex;
            }
        }
        for (std::size_t i = 0; i < n; ++i) {
            const auto& r = p_.records[i];
            if (state[i] == 0) {
                mark(i, LedgerCategory::Refused,
                     r.kind == KinetoRecordKind::C10dOp ? "c10d:: op with no communication record inside"
                                                        : "communication record not linked to a call");
            }
            const auto category = static_cast<LedgerCategory>(state[i] - 1);
            if (category == LedgerCategory::Kept) {
                ledger.add(category, why[i], "kineto-", r.index, "");
            } else {
                ledger.add(category, why[i], "traceEvents[", r.index, "]");
            }
        }
        for (auto index : usedLaunches_) {
            ledger.add(LedgerCategory::TwinMerged, "CUDA launch inside a kept call that links it to its kernel",
                       "traceEvents[", index, "]");
        }
        ledger.addMany(LedgerCategory::NotCommunication,
                       "no communication record (compute, memory, runtime and metadata events)",
                       p_.eventCount - n - usedLaunches_.size(), skippedIds);
    }

    // ---- the trace ----
    std::string notesText() const
    {
        std::string text = "Imported from a PyTorch profiler (Kineto) trace of ";
        text += rank_ ? "rank " + std::to_string(*rank_) : std::string("an unknown rank");
        text += " (" + path_.filename().string() +
                "). The import is observational and single-rank: it records the "
                "collectives this rank issued and when. Cross-rank arrival skew, compute overlap and exposed latency "
                "were not measured and are unknown, not zero.";
        text += summary_.collectiveMetadata
                    ? " Sizes come from torch collective metadata (record_param_comms)."
                    : " Sizes come from legacy nccl:/gloo: annotations (Input Dims, Input type).";
        if (summary_.waits > 0) {
            text += " " + std::to_string(summary_.waits) +
                    " wait calls were seen and not imported (a wait is not a collective).";
        }
        if (summary_.customOps > 0) {
            text += " " + std::to_string(summary_.customOps) +
                    " calls have no exact equivalent and are custom operations under their own names.";
        }
        if (summary_.kernelsWithoutCall > 0) {
            text += " " + std::to_string(summary_.kernelsWithoutCall) +
                    " communication kernels have no CPU call in the profile and were not imported.";
        }
        if (summary_.kernelsViaLaunch > 0) {
            text += " " + std::to_string(summary_.kernelsViaLaunch) +
                    " communication kernels were linked to their calls through the CUDA launch inside each call "
                    "(args.correlation); each of those " +
                    std::to_string(summary_.completions) +
                    " calls records its completion on this rank as latency_ns (from the call to the end of its last "
                    "kernel).";
            if (legacyKernels_ > 0) {
                text += " " + std::to_string(legacyKernels_) +
                        " communication kernels were not linked to calls (no gpu_user_annotation twin, no launch "
                        "inside a call).";
            }
        } else if (legacyKernels_ > 0) {
            text += " Device timing in a legacy profile comes only from gpu_user_annotation twins; " +
                    std::to_string(legacyKernels_) + " communication kernels were not linked to calls.";
        }
        if (summary_.collectiveMetadata && info_.pgCount &&
            *info_.pgCount > static_cast<std::int64_t>(info_.groups.size())) {
            text += " distributedInfo describes " + std::to_string(info_.groups.size()) + " of " +
                    std::to_string(*info_.pgCount) +
                    " process groups (pg_count); members come from each call's own metadata.";
        }
        if (summary_.paramCommsWithoutMetadata > 0) {
            text += " " + std::to_string(summary_.paramCommsWithoutMetadata) +
                    " record_param_comms ops carry no collective metadata and were not imported as calls.";
        }
        if (summary_.filteredOut > 0) {
            text += " " + std::to_string(summary_.filteredOut) +
                    " collectives of other process groups were left out (--process-group " + options_.processGroup +
                    ").";
        }
        for (const auto& a : summary_.assumptions) {
            text += " Assumption: " + a + ".";
        }
        for (const auto& d : summary_.declarations) {
            text += " Declared by the user, not recorded in the profile: " + d + ".";
        }
        return text;
    }

    KinetoImport build(Progress& progress)
    {
        // In start order, ties in traceEvents order, then in the order found (as a stable sort would
        // leave them). The order is sorted, not the calls: a call is large to move.
        std::vector<std::size_t> order(calls_.size());
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::sort(order.begin(), order.end(), [this](std::size_t a, std::size_t b) {
            const Call& x = calls_[a];
            const Call& y = calls_[b];
            if (x.ts != y.ts) {
                return x.ts < y.ts;
            }
            return x.record != y.record ? x.record < y.record : a < b;
        });
        const Ns origin = calls_[order.front()].ts;
        if (__builtin_add_overflow(base_, origin, &summary_.clockOriginNs)) {
            failFile("baseTimeNanoseconds + ts overflows the 64-bit nanosecond range");
        }
        TraceBuilder builder(p_.sourceName);
        builder.reserve(calls_.size());
        for (const std::size_t k : order) {
            Call& call = calls_[k];
            Event& e = call.event;
            const auto& r = p_.records[call.record];
            e.id = "kineto-" + std::to_string(r.index);
            e.start = call.ts - origin;
            e.phase = options_.phase;
            e.computeOverlapUnknown = true; // not measured by an observational import
            e.extraJson = call.extras.json();
            ++summary_.importedByOp[e.op];
            ++summary_.imported;
            builder.add(e);
        }
        summary_.notes = notesText();

        // Both documents are written with their keys sorted (the layout imported traces have always had).
        Json workload = Json::object();
        workload.set("name", options_.workloadName.empty() ? fileStem(path_) : options_.workloadName);
        workload.set("notes", summary_.notes);
        Json importInfo = Json::object();
        importInfo.set("source_format", summary_.collectiveMetadata ? "kineto (torch collective metadata)"
                                                                    : "kineto (legacy annotations)");
        importInfo.set("observational", true);
        importInfo.set("single_rank", true);
        importInfo.set("wait_calls_not_imported", summary_.waits);
        importInfo.set("custom_ops", summary_.customOps);
        Json byOp = Json::object();
        for (const auto& [op, count] : summary_.importedByOp) {
            byOp.set(op, count);
        }
        importInfo.set("imported_by_op", std::move(byOp));
        Json assumptions = Json::array();
        for (const auto& a : summary_.assumptions) {
            assumptions.push(a);
        }
        importInfo.set("assumptions", std::move(assumptions));
        if (!summary_.declarations.empty()) { // absent otherwise: imports without declarations keep their bytes
            Json declared = Json::array();
            for (const auto& d : summary_.declarations) {
                declared.push(d);
            }
            importInfo.set("declared_groups", std::move(declared));
        }
        workload.set("kineto_import", std::move(importInfo));
        builder.setWorkloadJson(json::toText(json::sortedByKey(workload)));

        Json system = Json::object();
        Json profile = Json::object();
        profile.set("sha256", summary_.sha256);
        profile.set("size_bytes", summary_.fileBytes);
        if (rank_) {
            profile.set("rank", *rank_);
        }
        system.set("kineto_source_profiles", Json::array({std::move(profile)}));
        Json local = Json::object();
        if (rank_) {
            local.set("rank", *rank_);
        }
        local.set("clock_origin_ns", summary_.clockOriginNs);
        local.set("clock", p_.baseTimeNanoseconds ? "kineto: baseTimeNanoseconds + ts" : "kineto: ts");
        system.set("rank_local", std::move(local));
        if (info_.present) {
            Json dist = Json::object();
            if (!info_.backend.empty()) {
                dist.set("backend", info_.backend);
            }
            if (info_.worldSize) {
                dist.set("world_size", *info_.worldSize);
            }
            if (!info_.ncclVersion.empty()) {
                dist.set("nccl_version", info_.ncclVersion);
            }
            system.set("distributed", std::move(dist));
        }
        builder.setSystemJson(json::toText(json::sortedByKey(system)));
        KinetoImport result{builder.finish(progress), summary_};
        return result;
    }

    KinetoProfile p_;
    KinetoImportOptions options_;
    std::filesystem::path path_;
    DistributedInfo info_;
    KinetoImportSummary summary_;
    Ns base_ = 0;
    std::optional<std::int32_t> rank_;
    std::unordered_map<std::int64_t, std::vector<std::size_t>> kernelsByExt_;
    std::unordered_map<std::int64_t, std::vector<std::size_t>> gpuAnnotationByExt_;
    std::unordered_map<std::string, std::vector<std::size_t>> c10dByThread_;
    std::unordered_map<std::string, std::vector<std::size_t>> paramCommsByThread_;
    std::set<std::size_t> matchedGpu_;
    std::unordered_map<std::size_t, std::size_t> kernelLaunch_; ///< kernel record -> traceEvents index of its launch
    std::vector<std::size_t> usedLaunches_; ///< traceEvents indices of launches that linked a kernel
    std::uint64_t legacyKernels_ = 0;
    static constexpr std::size_t kNoRecord = std::numeric_limits<std::size_t>::max();
    std::vector<std::size_t> annotationOwner_; ///< the record_param_comms around each annotation (metadata profiles)
    std::vector<DeclaredGroup> declarations_;
    std::vector<std::uint64_t> declarationCalls_;
    std::vector<std::size_t> legacyDeclared_; ///< named declarations that fill or confirm pg_config (legacy)
    std::vector<Call> calls_;
    struct ParsedRanks {
        std::string text;
        std::optional<TorchList> list;
        std::string reason;
    };
    std::optional<ParsedRanks> lastRanks_; ///< see groupRanksList
};

} // namespace

KinetoImport importKinetoProfile(const std::filesystem::path& path, const KinetoImportOptions& options,
                                 Progress& progress)
{
    SubProgress reading(progress, 0.0, 0.9);
    KinetoProfile profile = readKinetoProfile(path, reading, options.concurrentReading);
    SubProgress building(progress, 0.9, 1.0);
    Importer importer(std::move(profile), options, path);
    return importer.run(building);
}

std::string describeKinetoImport(const KinetoImportSummary& s)
{
    std::string text;
    text += "source      " + s.source + " (" + std::to_string(s.fileBytes) + " bytes, " + std::to_string(s.jsonBytes) +
            " bytes of JSON, " + std::to_string(s.profileEvents) + " profile events)\n";
    text += "sha256      " + s.sha256 + "\n";
    text +=
        "rank        " + (s.rank ? std::to_string(*s.rank) + " (" + s.rankSource + ")" : std::string("unknown")) + "\n";
    text +=
        "records     " + std::string(s.collectiveMetadata ? "torch collective metadata" : "legacy annotations") + "\n";
    text += "imported    " + std::to_string(s.imported) + " collective calls\n";
    for (const auto& [op, count] : s.importedByOp) {
        text += "  " + op + " " + std::to_string(count) + "\n";
    }
    text += "not imported: " + std::to_string(s.waits) + " wait, " + std::to_string(s.kernelsWithoutCall) +
            " kernels without a CPU call, " + std::to_string(s.paramCommsWithoutMetadata) +
            " record_param_comms without metadata" +
            (s.filteredOut > 0 ? ", " + std::to_string(s.filteredOut) + " of other process groups" : std::string()) +
            "\n";
    text += "device timing for " + std::to_string(s.deviceTimed) + " calls\n";
    if (s.kernelsViaLaunch > 0) {
        text += "linked through CUDA launches: " + std::to_string(s.kernelsViaLaunch) + " kernels; completion for " +
                std::to_string(s.completions) + " calls\n";
    }
    for (const auto& a : s.assumptions) {
        text += "assumption: " + a + "\n";
    }
    for (const auto& d : s.declarations) {
        text += "declared: " + d + "\n";
    }
    return text;
}

KinetoImports importKinetoProfiles(const std::vector<std::filesystem::path>& paths, const KinetoImportOptions& options,
                                   Progress& progress, unsigned threads)
{
    auto done = mapInItemOrder<KinetoImport>(
        paths.size(), threads, progress, "importing profiles",
        [&](std::size_t k, Progress& quiet) { return importKinetoProfile(paths[k], options, quiet); });
    KinetoImports out;
    out.imports = std::move(done.results);
    out.failure = done.failure;
    return out;
}

} // namespace cc::interop
