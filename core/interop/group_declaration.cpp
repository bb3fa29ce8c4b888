#include "core/interop/group_declaration.h"

#include "core/util/atomic_file.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/reader.h"
#include "core/util/limits.h"
#include "core/util/text.h"

#include <algorithm>
#include <charconv>
#include <set>

namespace cc::interop {

namespace {

std::optional<std::int64_t> number(std::string_view text)
{
    std::int64_t v = 0;
    if (text.empty()) {
        return std::nullopt;
    }
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return v;
}

std::string trimmed(std::string_view text)
{
    while (!text.empty() && text.front() == ' ') {
        text.remove_prefix(1);
    }
    while (!text.empty() && text.back() == ' ') {
        text.remove_suffix(1);
    }
    return std::string(text);
}

std::optional<std::vector<std::int32_t>> fail(std::string* reason, std::string why)
{
    if (reason != nullptr) {
        *reason = std::move(why);
    }
    return std::nullopt;
}

/// Ranks from a list of integers (checked: range, duplicates, count limit).
std::optional<std::vector<std::int32_t>> checkedSet(const std::vector<std::int64_t>& values, std::string* reason)
{
    if (values.empty()) {
        return fail(reason, "names no rank");
    }
    if (values.size() > resourceLimits().maxRanksPerEvent) {
        return fail(reason, "names " + std::to_string(values.size()) + " ranks, more than the limit of " +
                                std::to_string(resourceLimits().maxRanksPerEvent));
    }
    std::set<std::int64_t> seen;
    for (auto v : values) {
        if (v < 0 || v > 2147483647) {
            return fail(reason, "rank " + std::to_string(v) + " is out of range");
        }
        if (!seen.insert(v).second) {
            return fail(reason, "names rank " + std::to_string(v) + " twice");
        }
    }
    std::vector<std::int32_t> out;
    out.reserve(seen.size());
    for (auto v : seen) {
        out.push_back(static_cast<std::int32_t>(v));
    }
    return out;
}

} // namespace

std::string DeclaredGroup::describe() const
{
    const std::string members = "ranks " + formatRankSet(ranks);
    if (size) {
        return "the collectives whose shapes imply " + std::to_string(*size) + " ranks ran on " + members;
    }
    return "process group \"" + name + "\" has " + members;
}

std::optional<std::vector<std::int32_t>> parseRankSet(std::string_view text, std::string* reason)
{
    const std::string whole = trimmed(text);
    if (whole.empty()) {
        return fail(reason, "is empty");
    }
    const std::uint64_t limit = resourceLimits().maxRanksPerEvent;
    std::vector<std::int64_t> values;
    if (whole.find(':') != std::string::npos) {
        // start:stride:count
        const auto a = whole.find(':');
        const auto b = whole.find(':', a + 1);
        if (b == std::string::npos || whole.find(':', b + 1) != std::string::npos) {
            return fail(reason, "\"" + whole + "\" is not START:STRIDE:COUNT");
        }
        auto start = number(trimmed(std::string_view(whole).substr(0, a)));
        auto stride = number(trimmed(std::string_view(whole).substr(a + 1, b - a - 1)));
        auto count = number(trimmed(std::string_view(whole).substr(b + 1)));
        if (!start || !stride || !count) {
            return fail(reason, "\"" + whole + "\" is not START:STRIDE:COUNT with integers");
        }
        if (*count < 1 || static_cast<std::uint64_t>(*count) > limit) {
            return fail(reason,
                        "the count " + std::to_string(*count) + " must be between 1 and " + std::to_string(limit));
        }
        if (*stride < 1 || *stride > 2147483647 || *start < 0 || *start > 2147483647) {
            return fail(reason, "\"" + whole + "\" needs a start >= 0 and a stride >= 1");
        }
        for (std::int64_t k = 0; k < *count; ++k) {
            values.push_back(*start + k * *stride); // bounded: start, stride < 2^31, count <= limit
        }
        return checkedSet(values, reason);
    }
    for (const std::string_view piece : splitAt(whole, ',')) {
        const std::string part = trimmed(piece);
        const auto dash = part.find('-', 1);
        if (dash != std::string::npos) {
            auto lo = number(trimmed(std::string_view(part).substr(0, dash)));
            auto hi = number(trimmed(std::string_view(part).substr(dash + 1)));
            if (!lo || !hi || *lo < 0 || *hi < *lo) {
                return fail(reason, "\"" + part + "\" is not a range FIRST-LAST with FIRST <= LAST");
            }
            if (static_cast<std::uint64_t>(*hi - *lo) + 1 + values.size() > limit) {
                return fail(reason, "names more ranks than the limit of " + std::to_string(limit));
            }
            for (std::int64_t r = *lo; r <= *hi; ++r) {
                values.push_back(r);
            }
        } else {
            auto v = number(part);
            if (!v) {
                return fail(reason, "\"" + part + "\" is not a rank");
            }
            values.push_back(*v);
        }
    }
    return checkedSet(values, reason);
}

std::string formatRankSet(const std::vector<std::int32_t>& ranks)
{
    std::string out;
    for (std::size_t i = 0; i < ranks.size();) {
        std::size_t j = i;
        while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) {
            ++j;
        }
        out += out.empty() ? "" : ",";
        out += std::to_string(ranks[i]);
        if (j > i) {
            out += "-" + std::to_string(ranks[j]);
        }
        i = j + 1;
    }
    return out;
}

std::optional<DeclaredGroup> parseGroupArgument(std::string_view text, bool bySize, std::string* reason)
{
    auto bad = [&](std::string why) -> std::optional<DeclaredGroup> {
        if (reason != nullptr) {
            *reason = std::move(why);
        }
        return std::nullopt;
    };
    const auto eq = text.find('=');
    if (eq == std::string_view::npos) {
        return bad(bySize ? "expected N=RANKS" : "expected NAME=RANKS");
    }
    DeclaredGroup g;
    g.origin = std::string(bySize ? "--group-of-size " : "--group ") + std::string(text);
    const std::string key = trimmed(text.substr(0, eq));
    if (bySize) {
        auto n = number(key);
        if (!n || *n < 1) {
            return bad("the size \"" + key + "\" is not a positive integer");
        }
        g.size = *n;
    } else {
        if (key.empty()) {
            return bad("the process group's name is empty");
        }
        g.name = key;
    }
    std::string why;
    auto ranks = parseRankSet(text.substr(eq + 1), &why);
    if (!ranks) {
        return bad("the ranks " + why);
    }
    g.ranks = std::move(*ranks);
    if (g.size && static_cast<std::int64_t>(g.ranks.size()) != *g.size) {
        return bad("declares a group of " + std::to_string(*g.size) + " ranks but lists " +
                   std::to_string(g.ranks.size()) + " (" + formatRankSet(g.ranks) + ")");
    }
    return g;
}

std::vector<DeclaredGroup> parseGroupDeclarations(std::string_view text, const std::string& sourceName)
{
    const json::Value doc = json::parse(text, sourceName);
    json::Reader in(sourceName);
    in.object(doc, "$");
    in.onlyKeys(doc, "$", {"format", "groups"});
    const std::string format = in.string(in.member(doc, "$", "format"), "$.format");
    if (format != kKinetoGroupsFormat) {
        in.fail("$.format", "is \"" + format + "\"; expected \"" + std::string(kKinetoGroupsFormat) + "\"");
    }
    const json::Value& groups = in.array(in.member(doc, "$", "groups"), "$.groups");
    if (groups.size() == 0) {
        in.fail("$.groups", "must declare at least one group");
    }
    std::vector<DeclaredGroup> out;
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const std::string path = json::childPath("$.groups", i);
        const json::Value& entry = in.object(groups[i], path);
        in.onlyKeys(entry, path, {"name", "size", "ranks"});
        const bool named = in.hasMember(entry, "name");
        if (named == in.hasMember(entry, "size")) {
            in.fail(path, "needs exactly one of \"name\" (a process group) and \"size\" (the group size the shapes "
                          "imply)");
        }
        DeclaredGroup g;
        // The file's name only: the origin is written into the trace's notes.
        g.origin = std::filesystem::path(sourceName).filename().string() + " " + path;
        if (named) {
            g.name = in.string(*entry.find("name"), json::childPath(path, "name"));
            if (g.name.empty()) {
                in.fail(json::childPath(path, "name"), "is empty");
            }
        } else {
            g.size = in.integer(*entry.find("size"), json::childPath(path, "size"), 1,
                                static_cast<std::int64_t>(resourceLimits().maxRanksPerEvent));
        }
        const std::string ranksPath = json::childPath(path, "ranks");
        const json::Value& ranks = in.member(entry, path, "ranks");
        std::string why;
        std::optional<std::vector<std::int32_t>> set;
        if (ranks.isString()) {
            set = parseRankSet(ranks.string(), &why);
        } else if (ranks.isArray()) {
            std::vector<std::int64_t> values;
            for (std::size_t k = 0; k < ranks.size(); ++k) {
                values.push_back(in.integer(ranks[k], json::childPath(ranksPath, k), 0, 2147483647));
            }
            set = checkedSet(values, &why);
        } else {
            in.fail(ranksPath, "must be a rank text (\"0-7\", \"0,2,4\", \"0:2:4\") or an array of ranks, not " +
                                   json::describeValue(ranks));
        }
        if (!set) {
            in.fail(ranksPath, why);
        }
        g.ranks = std::move(*set);
        if (g.size && static_cast<std::int64_t>(g.ranks.size()) != *g.size) {
            in.fail(ranksPath, "lists " + std::to_string(g.ranks.size()) + " ranks for a group of size " +
                                   std::to_string(*g.size));
        }
        out.push_back(std::move(g));
    }
    checkGroupDeclarations(out);
    return out;
}

std::vector<DeclaredGroup> readGroupDeclarations(const std::filesystem::path& path)
{
    const std::string bytes = readFileBounded(path, resourceLimits().maxInputBytes);
    return parseGroupDeclarations(bytes, path.string());
}

void checkGroupDeclarations(const std::vector<DeclaredGroup>& groups)
{
    for (std::size_t i = 0; i < groups.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j) {
            const auto& a = groups[j];
            const auto& b = groups[i];
            if (!a.size && !b.size && a.name == b.name) {
                throw InputError(b.origin, "declares process group \"" + b.name + "\" again (first: " + a.origin +
                                               "); one declaration per group");
            }
            if (a.size && b.size && *a.size == *b.size) {
                std::vector<std::int32_t> shared;
                std::set_intersection(a.ranks.begin(), a.ranks.end(), b.ranks.begin(), b.ranks.end(),
                                      std::back_inserter(shared));
                if (!shared.empty()) {
                    throw InputError(b.origin, "declares another group of " + std::to_string(*b.size) +
                                                   " ranks that shares rank " + std::to_string(shared.front()) +
                                                   " with " + a.origin +
                                                   ": which of them a collective ran on would be a guess");
                }
            }
        }
    }
}

} // namespace cc::interop
