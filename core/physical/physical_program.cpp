#include "core/physical/physical_program.h"

#include "core/replay/simulator.h"
#include "core/util/errors.h"

#include <algorithm>
#include <map>
#include <set>

namespace cc::physical {

std::string unsupportedReason(OpKind kind, bool customOp, std::string_view backend)
{
    if (customOp || kind == OpKind::Custom) {
        return "is a custom operation: c10d has no collective to run for it";
    }
    if (kind == OpKind::ReduceScatter && backend == "gloo") {
        // c10d's ProcessGroupGloo (libtorch 1.13) refuses reduce_scatter; nothing stands in for it.
        return "is reduce_scatter, which c10d's gloo process group does not implement";
    }
    return {};
}

std::int64_t PhysicalProgram::maxBytes() const
{
    std::int64_t most = 1;
    for (const auto& e : events) {
        most = std::max(most, e.bytes);
    }
    return most;
}

bool PhysicalProgram::member(const PhysicalEvent& e, std::int32_t rank) const
{
    return groupRank(e.group, rank) >= 0;
}

int PhysicalProgram::groupRank(std::uint32_t g, std::int32_t rank) const
{
    const auto& members = groups.at(g);
    for (std::size_t i = 0; i < members.size(); ++i) {
        if (members[i] == rank) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

namespace {

Diagnostic eventDiagnostic(const Trace& trace, std::size_t i, std::string field, std::string rule)
{
    Diagnostic d;
    d.file = trace.sourceName;
    d.event = trace.sourceIndex[i];
    d.eventId = std::string(trace.id(i));
    d.field = std::move(field);
    d.rule = std::move(rule);
    return d;
}

Ns presentOrZero(Ns value)
{
    return value == kAbsentNs ? 0 : value;
}

} // namespace

PhysicalProgram buildPhysicalProgram(const Trace& trace, int worldSize, std::string_view backend,
                                     const std::vector<std::string>& skipOps)
{
    PhysicalProgram program;
    program.worldSize = worldSize;
    program.skippedOps = skipOps;
    std::sort(program.skippedOps.begin(), program.skippedOps.end());
    program.skippedOps.erase(std::unique(program.skippedOps.begin(), program.skippedOps.end()),
                             program.skippedOps.end());
    const std::set<std::string, std::less<>> skip(program.skippedOps.begin(), program.skippedOps.end());
    std::set<std::string, std::less<>> seenOps;
    std::map<std::vector<std::int32_t>, std::uint32_t> groupIds;
    std::vector<Diagnostic> problems;
    constexpr std::size_t kMaxProblems = 20;
    for (std::size_t i = 0; i < trace.size(); ++i) {
        const std::string op(trace.opName(i));
        seenOps.insert(op);
        PhysicalEvent e;
        e.event = static_cast<std::uint32_t>(i);
        e.kind = trace.kind[i];
        e.op = op;
        e.bytes = trace.bytes[i];
        const auto& ranks = trace.ranks(i);
        bool bad = false;
        for (std::int32_t r : ranks) {
            if (r < 0 || r >= worldSize) {
                problems.push_back(eventDiagnostic(trace, i, "ranks",
                                                   "names rank " + std::to_string(r) + ", outside the world of " +
                                                       std::to_string(worldSize) + " ranks (ranks 0.." +
                                                       std::to_string(worldSize - 1) +
                                                       "); give --world-size of at least the trace's rank count"));
                bad = true;
                break;
            }
        }
        const bool custom = trace.has(i, kFlagCustomOp);
        const std::string why = unsupportedReason(e.kind, custom, backend);
        if (skip.contains(op)) {
            e.skipped = true;
            ++program.skippedEvents;
        } else if (!why.empty()) {
            problems.push_back(eventDiagnostic(trace, i, "op",
                                               "\"" + op + "\" " + why + " on the " + std::string(backend) +
                                                   " backend; name it with --skip-op " + op +
                                                   " to replay the trace without it"));
            bad = true;
        }
        if (bad) {
            if (problems.size() >= kMaxProblems) {
                break;
            }
            continue;
        }
        std::vector<std::int32_t> members = ranks;
        if (isPointToPoint(e.kind)) {
            e.sender = trace.senderRank[i] != kNoRank ? trace.senderRank[i] : (ranks.empty() ? -1 : ranks.front());
            e.receiver =
                trace.receiverRank[i] != kNoRank ? trace.receiverRank[i] : (ranks.size() < 2 ? -1 : ranks.back());
            if (e.sender < 0 || e.receiver < 0 || e.sender == e.receiver || e.sender >= worldSize ||
                e.receiver >= worldSize) {
                problems.push_back(
                    eventDiagnostic(trace, i, "ranks",
                                    "a point-to-point event needs a sender and a different receiver inside the world"));
                continue;
            }
            members = {e.sender, e.receiver};
        }
        if (isRooted(e.kind)) {
            e.root = trace.rootRank[i] != kNoRank ? trace.rootRank[i] : (members.empty() ? -1 : members.front());
            if (std::find(members.begin(), members.end(), e.root) == members.end()) {
                problems.push_back(
                    eventDiagnostic(trace, i, "root_rank", "the root must be a member of the event's ranks"));
                continue;
            }
        }
        auto [it, inserted] = groupIds.try_emplace(members, static_cast<std::uint32_t>(program.groups.size()));
        if (inserted) {
            program.groups.push_back(members);
        }
        e.group = it->second;
        e.issueAt = trace.issueTime[i];
        e.computeBefore = presentOrZero(trace.computeBefore[i]);
        e.computeOverlap = presentOrZero(trace.computeOverlap[i]);
        e.overlapUnknown = trace.has(i, kFlagOverlapUnknown);
        e.skew = trace.skewState[i];
        e.arrivalOffset.assign(members.size(), 0);
        if (e.skew != SkewState::Unknown) {
            const std::uint32_t begin = trace.arrivalBegin[i];
            const std::uint32_t count = trace.arrivalCount(i);
            if (count > 0) {
                Ns earliest = trace.arrivalTime[begin];
                for (std::uint32_t k = 0; k < count; ++k) {
                    earliest = std::min(earliest, trace.arrivalTime[begin + k]);
                }
                for (std::uint32_t k = 0; k < count; ++k) {
                    const auto at = std::find(members.begin(), members.end(), trace.arrivalRanks(i)[k]);
                    if (at != members.end()) {
                        e.arrivalOffset[static_cast<std::size_t>(at - members.begin())] =
                            trace.arrivalTime[begin + k] - earliest;
                    }
                }
            } else if (!members.empty()) {
                // An explicit arrival_skew without per-rank arrivals: the last member arrives that much
                // after the others (one rank late is the pattern that skew describes).
                e.arrivalOffset.back() = trace.skewValue[i];
            }
        }
        program.events.push_back(std::move(e));
    }
    for (const auto& op : program.skippedOps) {
        if (!seenOps.contains(op)) {
            Diagnostic d;
            d.file = trace.sourceName;
            d.field = "--skip-op";
            d.rule = "names \"" + op + "\", which no event of the trace uses";
            problems.push_back(d);
        }
    }
    if (!problems.empty()) {
        throw InputError(problems);
    }
    return program;
}

std::vector<MeasuredSample> measuredSamples(const PhysicalProgram& program, const std::vector<RankTimings>& ranks,
                                            const std::string& source)
{
    if (ranks.size() != static_cast<std::size_t>(program.worldSize)) {
        throw InputError(source, "expected the stamps of " + std::to_string(program.worldSize) + " ranks, found " +
                                     std::to_string(ranks.size()));
    }
    const std::size_t repeats = ranks.front().repeats.size();
    for (const auto& r : ranks) {
        if (r.repeats.size() != repeats || r.repeatOrigin.size() != repeats) {
            throw InputError(source, "rank " + std::to_string(r.rank) + " recorded " +
                                         std::to_string(r.repeats.size()) + " repeats, rank " +
                                         std::to_string(ranks.front().rank) + " " + std::to_string(repeats));
        }
    }
    std::vector<MeasuredSample> out;
    for (std::size_t rep = 0; rep < repeats; ++rep) {
        std::vector<std::size_t> cursor(ranks.size(), 0);
        for (const auto& e : program.events) {
            if (e.skipped) {
                continue;
            }
            MeasuredSample s;
            s.event = e.event;
            s.repeat = static_cast<std::uint32_t>(rep);
            Ns firstIssue = 0;
            Ns lastIssue = 0;
            Ns lastComplete = 0;
            bool any = false;
            for (std::size_t r = 0; r < ranks.size(); ++r) {
                const RankTimings& rt = ranks[r];
                const RankRepeatStamps& st = rt.repeats[rep];
                const bool isMember = program.member(e, rt.rank);
                const bool has = cursor[r] < st.event.size() && st.event[cursor[r]] == e.event;
                if (isMember != has) {
                    throw InputError(source, "rank " + std::to_string(rt.rank) + ", repeat " + std::to_string(rep) +
                                                 ": event " + std::to_string(e.event) +
                                                 (isMember ? " is missing from its stamps although the rank is a member"
                                                           : " is stamped although the rank is not a member"));
                }
                if (!has) {
                    continue;
                }
                const std::size_t k = cursor[r]++;
                const Ns origin = rt.repeatOrigin[rep];
                const Ns issue = st.issue[k] + rt.offsetNs - origin;
                const Ns complete = st.complete[k] + rt.offsetNs - origin;
                s.maxRankTime = std::max(s.maxRankTime, st.complete[k] - st.issue[k]);
                if (!any) {
                    firstIssue = lastIssue = issue;
                    lastComplete = complete;
                    any = true;
                } else {
                    firstIssue = std::min(firstIssue, issue);
                    lastIssue = std::max(lastIssue, issue);
                    lastComplete = std::max(lastComplete, complete);
                }
            }
            s.issue = firstIssue;
            s.rankWait = lastIssue - firstIssue;
            s.latency = std::max<Ns>(0, lastComplete - firstIssue);
            if (e.skew == SkewState::Unknown) {
                s.flags |= kSampleSkewUnknown;
            } else if (e.skew == SkewState::Partial) {
                s.flags |= kSampleSkewPartial;
            }
            if (e.overlapUnknown) {
                s.flags |= kSampleOverlapUnknown;
            }
            out.push_back(s);
        }
        for (std::size_t r = 0; r < ranks.size(); ++r) {
            if (cursor[r] != ranks[r].repeats[rep].event.size()) {
                throw InputError(source, "rank " + std::to_string(ranks[r].rank) + ", repeat " + std::to_string(rep) +
                                             ": stamps events that the program does not have in that order");
            }
        }
    }
    return out;
}

Ns latencyUncertaintyNs(const std::vector<RankTimings>& ranks)
{
    std::vector<Ns> u;
    for (const auto& r : ranks) {
        u.push_back(r.uncertaintyNs);
    }
    std::sort(u.rbegin(), u.rend());
    Ns total = 0;
    for (std::size_t i = 0; i < u.size() && i < 2; ++i) {
        total += u[i];
    }
    return total;
}

} // namespace cc::physical
