#include "core/interop/import_ledger.h"

#include "core/util/json/value.h"
#include "core/util/json/writer.h"

#include <algorithm>

namespace cc::interop {

std::string_view ledgerCategoryName(LedgerCategory category)
{
    switch (category) {
    case LedgerCategory::Kept:
        return "kept";
    case LedgerCategory::TwinMerged:
        return "twin_annotation_merged";
    case LedgerCategory::KernelWithoutCpuCall:
        return "kernel_without_cpu_call";
    case LedgerCategory::NotCommunication:
        return "not_communication";
    case LedgerCategory::Refused:
        return "refused";
    }
    return "unknown";
}

namespace {

LedgerLine& lineFor(std::vector<LedgerLine>& lines, LedgerCategory category, std::string_view reason)
{
    // Few distinct lines per profile: a linear search beats hashing the reason.
    auto it = std::find_if(lines.begin(), lines.end(),
                           [&](const LedgerLine& l) { return l.category == category && l.reason == reason; });
    if (it == lines.end()) {
        lines.push_back(LedgerLine{category, std::string(reason), 0, {}});
        return lines.back();
    }
    return *it;
}

} // namespace

void ImportLedger::add(LedgerCategory category, std::string_view reason, const std::string& id)
{
    LedgerLine& line = lineFor(lines, category, reason);
    ++line.count;
    if (line.firstIds.size() < kLedgerFirstIds) {
        line.firstIds.push_back(id);
    }
}

void ImportLedger::add(LedgerCategory category, std::string_view reason, std::string_view prefix, std::uint64_t index,
                       std::string_view suffix)
{
    LedgerLine& line = lineFor(lines, category, reason);
    ++line.count;
    if (line.firstIds.size() < kLedgerFirstIds) {
        line.firstIds.push_back(std::string(prefix) + std::to_string(index) + std::string(suffix));
    }
}

void ImportLedger::addMany(LedgerCategory category, std::string_view reason, std::uint64_t count,
                           const std::vector<std::string>& firstIds)
{
    if (count == 0) {
        return;
    }
    lines.push_back(LedgerLine{category, std::string(reason), count, firstIds});
    if (lines.back().firstIds.size() > kLedgerFirstIds) {
        lines.back().firstIds.resize(kLedgerFirstIds);
    }
}

std::uint64_t ImportLedger::count(LedgerCategory category) const
{
    std::uint64_t n = 0;
    for (const auto& l : lines) {
        n += l.category == category ? l.count : 0;
    }
    return n;
}

std::uint64_t ImportLedger::accounted() const
{
    std::uint64_t n = 0;
    for (const auto& l : lines) {
        n += l.count;
    }
    return n;
}

std::string writeImportLedgerJson(const std::vector<ImportLedger>& ledgers)
{
    json::Value profiles = json::Value::array();
    for (const auto& ledger : ledgers) {
        json::Value p = json::Value::object();
        p.set("source", ledger.source);
        p.set("sha256", ledger.sha256);
        p.set("total_events", ledger.totalEvents);
        p.set("accounted_events", ledger.accounted());
        json::Value categories = json::Value::array();
        for (std::size_t c = 0; c < kLedgerCategories; ++c) {
            const auto category = static_cast<LedgerCategory>(c);
            json::Value entry = json::Value::object();
            entry.set("category", std::string(ledgerCategoryName(category)));
            entry.set("count", ledger.count(category));
            json::Value reasons = json::Value::array();
            for (const auto& line : ledger.lines) {
                if (line.category != category) {
                    continue;
                }
                json::Value r = json::Value::object();
                r.set("reason", line.reason);
                r.set("count", line.count);
                json::Value ids = json::Value::array();
                for (const auto& id : line.firstIds) {
                    ids.push(id);
                }
                r.set("first_ids", std::move(ids));
                reasons.push(std::move(r));
            }
            entry.set("reasons", std::move(reasons));
            categories.push(std::move(entry));
        }
        p.set("categories", std::move(categories));
        profiles.push(std::move(p));
    }
    json::Value doc = json::Value::object();
    doc.set("format", std::string(kImportLedgerFormat));
    doc.set("profiles", std::move(profiles));
    return json::toIndentedText(doc, 2) + "\n";
}

std::string describeImportLedger(const ImportLedger& ledger)
{
    std::string text = "ledger      " + std::to_string(ledger.accounted()) + " of " +
                       std::to_string(ledger.totalEvents) + " profile events accounted for\n";
    for (std::size_t c = 0; c < kLedgerCategories; ++c) {
        const auto category = static_cast<LedgerCategory>(c);
        for (const auto& line : ledger.lines) {
            if (line.category != category) {
                continue;
            }
            text += "  " + std::string(ledgerCategoryName(category)) + " " + std::to_string(line.count) + ": " +
                    line.reason;
            if (!line.firstIds.empty()) {
                text += " (first: ";
                for (std::size_t i = 0; i < line.firstIds.size(); ++i) {
                    text += (i == 0 ? "" : ", ") + line.firstIds[i];
                }
                text += line.count > line.firstIds.size() ? ", ...)" : ")";
            }
            text += "\n";
        }
    }
    return text;
}

} // namespace cc::interop
