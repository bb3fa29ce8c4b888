#include "ui/timeline/timeline_search.h"

#include "ui/timeline/timeline_data.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <cctype>
#include <numeric>
#include <string_view>

namespace cc::ui {

namespace {

class SearchText {
    Q_DECLARE_TR_FUNCTIONS(SearchText)
};

std::string lower(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

bool containsFolded(std::string_view haystack, const std::string& needle)
{
    if (needle.size() > haystack.size()) {
        return false;
    }
    const auto it = std::search(haystack.begin(), haystack.end(), needle.begin(), needle.end(),
                                [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
    return it != haystack.end();
}

/// A byte count with an optional unit: 4096, 4KiB, 4K, 4KB, 1.5MiB.
std::optional<std::int64_t> parseBytes(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("^([0-9]+(?:\\.[0-9]+)?)\\s*([A-Za-z]*)$"));
    const auto match = pattern.match(text.trimmed());
    if (!match.hasMatch()) {
        return std::nullopt;
    }
    const QString unit = match.captured(2).toLower();
    double factor = 0;
    if (unit.isEmpty() || unit == QLatin1String("b")) {
        factor = 1;
    } else if (unit == QLatin1String("k") || unit == QLatin1String("kib")) {
        factor = 1024.0;
    } else if (unit == QLatin1String("m") || unit == QLatin1String("mib")) {
        factor = 1024.0 * 1024.0;
    } else if (unit == QLatin1String("g") || unit == QLatin1String("gib")) {
        factor = 1024.0 * 1024.0 * 1024.0;
    } else if (unit == QLatin1String("kb")) {
        factor = 1e3;
    } else if (unit == QLatin1String("mb")) {
        factor = 1e6;
    } else if (unit == QLatin1String("gb")) {
        factor = 1e9;
    } else {
        return std::nullopt;
    }
    const double value = match.captured(1).toDouble() * factor;
    if (!(value < 9.0e18)) {
        return std::nullopt;
    }
    return static_cast<std::int64_t>(value + 0.5);
}

std::optional<std::int32_t> parseRank(const QString& text)
{
    bool ok = false;
    const int value = text.trimmed().toInt(&ok);
    if (!ok || value < 0) {
        return std::nullopt;
    }
    return value;
}

} // namespace

bool SearchQuery::empty() const
{
    return ops.empty() && groups.empty() && phases.empty() && ids.empty() && words.empty() && ranks.empty() &&
           minBytes == std::numeric_limits<std::int64_t>::min() && maxBytes == std::numeric_limits<std::int64_t>::max();
}

std::optional<SearchQuery> parseSearchQuery(const QString& text, QString* error)
{
    SearchQuery query;
    auto fail = [error](const QString& message) {
        if (error != nullptr) {
            *error = message;
        }
        return std::nullopt;
    };
    static const QRegularExpression spaces(QStringLiteral("\\s+"));
    for (const QString& term : text.split(spaces, Qt::SkipEmptyParts)) {
        const qsizetype colon = term.indexOf(QLatin1Char(':'));
        if (colon < 0) {
            query.words.push_back(lower(term.toStdString()));
            continue;
        }
        const QString key = term.left(colon).toLower();
        const QString value = term.mid(colon + 1);
        if (value.isEmpty()) {
            return fail(SearchText::tr("\"%1\": nothing after the colon").arg(term));
        }
        if (key == QLatin1String("op")) {
            query.ops.push_back(lower(value.toStdString()));
        } else if (key == QLatin1String("group")) {
            query.groups.push_back(lower(value.toStdString()));
        } else if (key == QLatin1String("phase")) {
            query.phases.push_back(lower(value.toStdString()));
        } else if (key == QLatin1String("id")) {
            query.ids.push_back(lower(value.toStdString()));
        } else if (key == QLatin1String("rank") || key == QLatin1String("ranks")) {
            const QStringList bounds = value.split(QLatin1Char('-'));
            const auto low = parseRank(bounds.front());
            const auto high = bounds.size() == 2 ? parseRank(bounds.back()) : low;
            if (bounds.size() > 2 || !low || !high || *high < *low) {
                return fail(SearchText::tr("\"%1\": a rank is a number (3) or a range (0-7)").arg(term));
            }
            query.ranks.emplace_back(*low, *high);
        } else if (key == QLatin1String("size") || key == QLatin1String("bytes")) {
            QString range = value;
            std::optional<std::int64_t> low;
            std::optional<std::int64_t> high;
            if (range.startsWith(QLatin1String(">="))) {
                low = parseBytes(range.mid(2));
                high = std::numeric_limits<std::int64_t>::max();
            } else if (range.startsWith(QLatin1String("<="))) {
                low = std::numeric_limits<std::int64_t>::min();
                high = parseBytes(range.mid(2));
            } else if (range.startsWith(QLatin1Char('>'))) {
                low = parseBytes(range.mid(1));
                if (low) {
                    *low += 1;
                }
                high = std::numeric_limits<std::int64_t>::max();
            } else if (range.startsWith(QLatin1Char('<'))) {
                low = std::numeric_limits<std::int64_t>::min();
                high = parseBytes(range.mid(1));
                if (high) {
                    *high -= 1;
                }
            } else if (const qsizetype dash = range.indexOf(QLatin1Char('-')); dash > 0) {
                low = parseBytes(range.left(dash));
                high = parseBytes(range.mid(dash + 1));
            } else {
                low = parseBytes(range);
                high = low;
            }
            if (!low || !high || *high < *low) {
                return fail(SearchText::tr("\"%1\": a size is bytes with an optional unit (4096, 4KiB, 16MiB), a "
                                           "range (1MiB-16MiB) or a bound (>=1MiB, <4KiB)")
                                .arg(term));
            }
            query.minBytes = std::max(query.minBytes, *low);
            query.maxBytes = std::min(query.maxBytes, *high);
        } else {
            return fail(
                SearchText::tr("\"%1\": unknown field \"%2\" (use op, group, rank, size, id or phase)").arg(term, key));
        }
    }
    return query;
}

std::size_t SearchHits::firstAtOrAfter(Ns t) const
{
    return static_cast<std::size_t>(std::lower_bound(issue.begin(), issue.end(), t) - issue.begin());
}

std::shared_ptr<const SearchHits> findEvents(const TimelineData& data, const SearchQuery& query, cc::Progress& progress)
{
    auto hits = std::make_shared<SearchHits>();
    if (!data.trace || query.empty()) {
        return hits;
    }
    const cc::Trace& trace = *data.trace;
    const std::size_t n = trace.size();
    // Strings are interned: decide each distinct string once, then compare ids per event.
    const std::size_t strings = trace.strings.size();
    auto stringMatches = [&](const std::vector<std::string>& needles) {
        std::vector<std::uint8_t> ok(strings, 0);
        for (std::uint32_t s = 0; s < strings; ++s) {
            const std::string_view text = trace.strings.at(s);
            ok[s] = std::all_of(needles.begin(), needles.end(),
                                [&](const std::string& needle) { return containsFolded(text, needle); })
                        ? 1
                        : 0;
        }
        return ok;
    };
    const auto opOk = stringMatches(query.ops);
    const auto groupOk = stringMatches(query.groups);
    const auto phaseOk = stringMatches(query.phases);
    std::vector<std::vector<std::uint8_t>> wordOk;
    for (const std::string& word : query.words) {
        wordOk.push_back(stringMatches({word}));
    }
    auto field = [](const std::vector<std::uint8_t>& ok, const std::vector<std::string>& needles, std::uint32_t s) {
        if (needles.empty()) {
            return true;
        }
        return s != cc::kNoString && ok[s] != 0;
    };
    // Rank sets are interned too.
    std::vector<std::uint8_t> rankSetOk(trace.rankSets.size(), 1);
    if (!query.ranks.empty()) {
        for (std::uint32_t r = 0; r < trace.rankSets.size(); ++r) {
            const auto& ranks = trace.rankSets.at(r).ranks;
            rankSetOk[r] =
                std::any_of(ranks.begin(), ranks.end(),
                            [&](std::int32_t rank) {
                                return std::any_of(query.ranks.begin(), query.ranks.end(), [rank](const auto& range) {
                                    return rank >= range.first && rank <= range.second;
                                });
                            })
                    ? 1
                    : 0;
        }
    }

    hits->mask.assign(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        if ((i & 0xFFFF) == 0) {
            progress.check();
            progress.report(static_cast<double>(i) / static_cast<double>(n),
                            SearchText::tr("Searching the timeline").toStdString());
        }
        if (trace.bytes[i] < query.minBytes || trace.bytes[i] > query.maxBytes || rankSetOk[trace.rankSet[i]] == 0 ||
            !field(opOk, query.ops, trace.op[i]) || !field(groupOk, query.groups, trace.group[i]) ||
            !field(phaseOk, query.phases, trace.phase[i])) {
            continue;
        }
        if (!query.ids.empty()) {
            const std::string_view id = trace.id(i);
            if (!std::all_of(query.ids.begin(), query.ids.end(),
                             [id](const std::string& needle) { return containsFolded(id, needle); })) {
                continue;
            }
        }
        bool wordsOk = true;
        for (std::size_t w = 0; w < query.words.size() && wordsOk; ++w) {
            const auto& ok = wordOk[w];
            auto in = [&ok](std::uint32_t s) { return s != cc::kNoString && ok[s] != 0; };
            wordsOk = in(trace.op[i]) || in(trace.group[i]) || in(trace.phase[i]) ||
                      containsFolded(trace.id(i), query.words[w]);
        }
        if (!wordsOk) {
            continue;
        }
        hits->mask[i] = 1;
        hits->events.push_back(static_cast<std::uint32_t>(i));
    }
    hits->issue.reserve(hits->events.size());
    for (const std::uint32_t e : hits->events) {
        hits->issue.push_back(data.issueOf(e));
    }
    // Canonical order is issue order for every trace read from a file; sort only when it is not.
    if (!std::is_sorted(hits->issue.begin(), hits->issue.end())) {
        std::stable_sort(hits->events.begin(), hits->events.end(),
                         [&data](std::uint32_t a, std::uint32_t b) { return data.issueOf(a) < data.issueOf(b); });
        for (std::size_t k = 0; k < hits->events.size(); ++k) {
            hits->issue[k] = data.issueOf(hits->events[k]);
        }
    }
    return hits;
}

} // namespace cc::ui
