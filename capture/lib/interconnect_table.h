// Published per-direction bandwidths of common interconnects, for the ring all-reduce model's B.
// Every entry names its source, a URL, the date it was consulted and how the vendor's figure was
// turned into bytes per second in one direction (the quantity the ring model needs: each link
// carries n/p bytes per step in each direction at once). Only published figures are listed; no
// GPU-to-GPU figure is invented where none was measured, and there is no host loopback entry
// (give --bandwidth-bytes-per-s for paths the table does not cover).
#pragma once

#include "core/util/json/value.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc::capture {

struct InterconnectEntry {
    std::string id;   ///< "pcie4-x16", "nvlink3-a100", "ib-hdr", "eth-100g", ...
    std::string name; ///< for humans
    std::int64_t bytesPerSPerDirection = 0;
    std::string source; ///< the document the figure comes from
    std::string url;
    std::string accessed;       ///< ISO date the source was consulted
    std::string conversionNote; ///< vendor figure → per-direction bytes/s, with the arithmetic

    friend bool operator==(const InterconnectEntry&, const InterconnectEntry&) = default;
};

/// The built-in table, in a fixed order (PCIe, NVLink, InfiniBand, Ethernet).
const std::vector<InterconnectEntry>& interconnectTable();

/// The entry with this id, or nullopt.
std::optional<InterconnectEntry> findInterconnect(std::string_view id);

json::Value interconnectEntryToJson(const InterconnectEntry& entry);
/// {"format": "commcanary.capture.interconnects.v1", "entries": [...]}
json::Value interconnectTableToJson(const std::vector<InterconnectEntry>& table);

/// A fixed-width text table for the CLI (id, per-direction bytes/s and GB/s, name, source).
std::string interconnectTableText(const std::vector<InterconnectEntry>& table);

} // namespace cc::capture
