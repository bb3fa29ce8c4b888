// Find on the timeline (Ctrl+F): a display filter over the columns the timeline already shows
// (operation, process group, ranks, size, id, phase). It selects which drawn events to mark and
// step through; it computes no statistic, so it lives with the view rather than in core (see
// README.md).
//
// Query text: whitespace-separated terms, all of which must hold.
//   op:all_reduce   group:tp   phase:fwd   id:step12     substring, case-insensitive
//   rank:3   rank:0-7                                      the event involves one of these ranks
//   size:1MiB   size:1MiB-16MiB   size:>=4KiB   size:<1M   bytes (B, KiB/K, MiB/M, GiB/G, KB, MB, GB)
//   word                                                   op, group, phase or id contains it
#pragma once

#include "core/trace/trace.h"
#include "core/util/progress.h"

#include <QString>

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cc::ui {

struct TimelineData;

struct SearchQuery {
    std::vector<std::string> ops, groups, phases, ids, words; ///< lower case
    std::vector<std::pair<std::int32_t, std::int32_t>> ranks; ///< inclusive ranges, any may match
    std::int64_t minBytes = std::numeric_limits<std::int64_t>::min();
    std::int64_t maxBytes = std::numeric_limits<std::int64_t>::max();

    bool empty() const;
};

/// Parses query text. On a malformed term returns std::nullopt and sets error to a message that
/// names the term and what is wrong with it.
std::optional<SearchQuery> parseSearchQuery(const QString& text, QString* error);

/// The events a query matched, in the order the timeline shows them (issue time, then index).
struct SearchHits {
    std::vector<std::uint32_t> events; ///< canonical indices, by issue time
    std::vector<Ns> issue;             ///< issue time of each hit (sorted)
    std::vector<std::uint8_t> mask;    ///< per canonical event: 1 when it matched
    std::size_t size() const { return events.size(); }
    bool matches(std::uint32_t event) const { return event < mask.size() && mask[event] != 0; }
    /// Index of the first hit issued at or after time t (size() when none).
    std::size_t firstAtOrAfter(Ns t) const;
};

/// Matches every event of the shown data (issue times from its timings when replayed).
std::shared_ptr<const SearchHits> findEvents(const TimelineData& data, const SearchQuery& query,
                                             cc::Progress& progress);

} // namespace cc::ui
