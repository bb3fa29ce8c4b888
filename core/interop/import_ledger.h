// The import ledger: where every event of a profile went. Each event falls in exactly one
// category (with a reason), so the counts add up to the profile's total and nothing goes missing
// silently. The CLI writes it with --ledger; the GUI's import notes can show the same value.
//
// File format commcanary-workbench.import-ledger.v1 (JSON):
//   {"format": "commcanary-workbench.import-ledger.v1",
//    "profiles": [{"source": "...", "sha256": "...", "total_events": N, "accounted_events": N,
//                  "categories": [{"category": "kept", "count": n,
//                                  "reasons": [{"reason": "...", "count": n, "first_ids": ["kineto-12", ...]}]},
//                                 ...]}]}
// Categories appear in the order of LedgerCategory; ids are the trace's event ids for kept calls
// and "traceEvents[i]" for everything else.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cc::interop {

inline constexpr std::string_view kImportLedgerFormat = "commcanary-workbench.import-ledger.v1";
inline constexpr std::size_t kLedgerFirstIds = 5;

enum class LedgerCategory : std::uint8_t {
    Kept,                 ///< became a trace event
    TwinMerged,           ///< another record of a kept call (nested annotation, its kernel, its c10d op)
    KernelWithoutCpuCall, ///< device-side record with no kept CPU call
    NotCommunication,     ///< compute, memory, runtime events; waits
    Refused,              ///< communication-related but not imported, with the reason
};
inline constexpr std::size_t kLedgerCategories = 5;

std::string_view ledgerCategoryName(LedgerCategory category);

struct LedgerLine {
    LedgerCategory category = LedgerCategory::Kept;
    std::string reason;
    std::uint64_t count = 0;
    std::vector<std::string> firstIds; ///< at most kLedgerFirstIds, in profile order
};

struct ImportLedger {
    std::string source;
    std::string sha256;
    std::uint64_t totalEvents = 0; ///< elements of traceEvents
    std::vector<LedgerLine> lines; ///< in the order first seen

    /// Counts one event (or count events, the first few ids given) under category and reason.
    void add(LedgerCategory category, std::string_view reason, const std::string& id);
    /// The same with the id written as prefix + index + suffix, built only while first ids are kept.
    void add(LedgerCategory category, std::string_view reason, std::string_view prefix, std::uint64_t index,
             std::string_view suffix);
    void addMany(LedgerCategory category, std::string_view reason, std::uint64_t count,
                 const std::vector<std::string>& firstIds);
    std::uint64_t count(LedgerCategory category) const;
    std::uint64_t accounted() const;
};

/// The ledgers of one import (one profile per rank) as canonical JSON text.
std::string writeImportLedgerJson(const std::vector<ImportLedger>& ledgers);

/// Lines of text ("kept 21: collective call (first: kineto-3, ...)") for the CLI and the GUI.
std::string describeImportLedger(const ImportLedger& ledger);

} // namespace cc::interop
