#include "capture/lib/interconnect_table.h"

#include <cstdio>
#include <utility>

namespace cc::capture {

namespace {

constexpr const char* kAccessed = "2026-11-29";

/// An entry with its figure and where it comes from; the caller adds how the figure was converted.
InterconnectEntry cited(const char* id, const char* name, std::int64_t bytesPerSPerDirection, std::string source,
                        const char* url)
{
    InterconnectEntry e;
    e.id = id;
    e.name = name;
    e.bytesPerSPerDirection = bytesPerSPerDirection;
    e.source = std::move(source);
    e.url = url;
    e.accessed = kAccessed;
    return e;
}

InterconnectEntry pcie(const char* id, const char* name, const char* revision, int gtPerS, std::int64_t bytes)
{
    InterconnectEntry e = cited(id, name, bytes,
                                std::string("PCI-SIG, PCI Express Base Specification Revision ") + revision + " (" +
                                    std::to_string(gtPerS) + ".0 GT/s per lane, 128b/130b encoding)",
                                "https://pcisig.com/specifications");
    e.conversionNote =
        std::to_string(gtPerS) + " GT/s × 16 lanes = " + std::to_string(gtPerS * 16) +
        " Gb/s raw per direction; × 128/130 for the line code; ÷ 8 bits per byte = " + std::to_string(bytes) +
        " B/s (rounded down). Transaction- and link-layer overheads (TLP headers, flow control) are "
        "not subtracted, so real transfers reach less.";
    return e;
}

InterconnectEntry nvlink(const char* id, const char* name, const char* product, const char* url, int totalGBps,
                         int links)
{
    InterconnectEntry e =
        cited(id, name, static_cast<std::int64_t>(totalGBps / 2) * 1'000'000'000LL,
              std::string("NVIDIA, ") + product + " product page and data sheet (NVLink: " + std::to_string(totalGBps) +
                  " GB/s per GPU)",
              url);
    e.conversionNote = "NVIDIA quotes " + std::to_string(totalGBps) + " GB/s as the GPU's total over " +
                       std::to_string(links) + " links, both directions added; ÷ 2 = " + std::to_string(totalGBps / 2) +
                       " GB/s = " + std::to_string(e.bytesPerSPerDirection) +
                       " B/s per direction, decimal GB. This is the per-GPU aggregate: a ring reaches it only when "
                       "every link (or an NVSwitch) carries the ring's traffic; one GPU pair on one link gets a "
                       "fraction.";
    return e;
}

InterconnectEntry infiniband(const char* id, const char* name, int gbps)
{
    InterconnectEntry e = cited(id, name, static_cast<std::int64_t>(gbps) * 1'000'000'000LL / 8,
                                std::string("InfiniBand Trade Association, InfiniBand roadmap (") + name + ": " +
                                    std::to_string(gbps) + " Gb/s per 4x port)",
                                "https://www.infinibandta.org/infiniband-roadmap/");
    e.conversionNote = std::to_string(gbps) +
                       " Gb/s is the 4x port's data rate in each direction (full duplex, line coding already "
                       "removed); ÷ 8 = " +
                       std::to_string(e.bytesPerSPerDirection) +
                       " B/s. Packet headers and transport overheads are not subtracted.";
    return e;
}

InterconnectEntry ethernet(const char* id, const char* name, const char* clause, int gbps)
{
    InterconnectEntry e = cited(id, name, static_cast<std::int64_t>(gbps) * 1'000'000'000LL / 8,
                                std::string("IEEE 802.3 Ethernet Working Group, ") + clause + " (" +
                                    std::to_string(gbps) + " Gb/s MAC data rate)",
                                "https://www.ieee802.org/3/");
    e.conversionNote = std::to_string(gbps) + " Gb/s is the MAC data rate in each direction (full duplex); ÷ 8 = " +
                       std::to_string(e.bytesPerSPerDirection) +
                       " B/s. Preamble, inter-frame gap and Ethernet/IP/TCP headers are not subtracted (about 5 % "
                       "at a 1500-byte MTU).";
    return e;
}

std::vector<InterconnectEntry> buildTable()
{
    std::vector<InterconnectEntry> t;
    t.push_back(pcie("pcie3-x16", "PCIe 3.0 x16", "3.0", 8, 15'753'846'153LL));
    t.push_back(pcie("pcie4-x16", "PCIe 4.0 x16", "4.0", 16, 31'507'692'307LL));
    t.push_back(pcie("pcie5-x16", "PCIe 5.0 x16", "5.0", 32, 63'015'384'615LL));
    t.push_back(nvlink("nvlink2-v100", "NVLink 2 (V100 SXM2, per GPU)", "Tesla V100",
                       "https://www.nvidia.com/en-us/data-center/v100/", 300, 6));
    t.push_back(nvlink("nvlink3-a100", "NVLink 3 (A100 SXM, per GPU)", "A100 Tensor Core GPU",
                       "https://www.nvidia.com/en-us/data-center/a100/", 600, 12));
    t.push_back(nvlink("nvlink4-h100", "NVLink 4 (H100 SXM, per GPU)", "H100 Tensor Core GPU",
                       "https://www.nvidia.com/en-us/data-center/h100/", 900, 18));
    t.push_back(infiniband("ib-edr", "InfiniBand EDR 4x", 100));
    t.push_back(infiniband("ib-hdr", "InfiniBand HDR 4x", 200));
    t.push_back(infiniband("ib-ndr", "InfiniBand NDR 4x", 400));
    t.push_back(ethernet("eth-10g", "10 Gigabit Ethernet", "IEEE 802.3ae (10GbE)", 10));
    t.push_back(ethernet("eth-25g", "25 Gigabit Ethernet", "IEEE 802.3by (25GbE)", 25));
    t.push_back(ethernet("eth-100g", "100 Gigabit Ethernet", "IEEE 802.3ba (100GbE)", 100));
    t.push_back(ethernet("eth-400g", "400 Gigabit Ethernet", "IEEE 802.3bs (400GbE)", 400));
    return t;
}

} // namespace

const std::vector<InterconnectEntry>& interconnectTable()
{
    static const std::vector<InterconnectEntry> table = buildTable();
    return table;
}

std::optional<InterconnectEntry> findInterconnect(std::string_view id)
{
    for (const auto& e : interconnectTable()) {
        if (e.id == id) {
            return e;
        }
    }
    return std::nullopt;
}

json::Value interconnectEntryToJson(const InterconnectEntry& e)
{
    json::Value j = json::Value::object();
    j.set("id", e.id);
    j.set("name", e.name);
    j.set("bytes_per_s_per_direction", e.bytesPerSPerDirection);
    j.set("source", e.source);
    j.set("url", e.url);
    j.set("accessed", e.accessed);
    j.set("conversion_note", e.conversionNote);
    return j;
}

json::Value interconnectTableToJson(const std::vector<InterconnectEntry>& table)
{
    json::Value entries = json::Value::array();
    for (const auto& e : table) {
        entries.push(interconnectEntryToJson(e));
    }
    json::Value j = json::Value::object();
    j.set("format", "commcanary.capture.interconnects.v1");
    j.set("entries", std::move(entries));
    return j;
}

std::string interconnectTableText(const std::vector<InterconnectEntry>& table)
{
    std::string text;
    char line[512];
    std::snprintf(line, sizeof line, "%-14s %18s %10s  %s\n", "id", "B/s per direction", "GB/s", "name");
    text += line;
    for (const auto& e : table) {
        const std::int64_t hundredths = (e.bytesPerSPerDirection + 5'000'000) / 10'000'000;
        std::snprintf(line, sizeof line, "%-14s %18lld %7lld.%02lld  %s\n", e.id.c_str(),
                      static_cast<long long>(e.bytesPerSPerDirection), static_cast<long long>(hundredths / 100),
                      static_cast<long long>(hundredths % 100), e.name.c_str());
        text += line;
    }
    text += "\nSources (all consulted " + std::string(kAccessed) + "):\n";
    for (const auto& e : table) {
        text += "  " + e.id + ": " + e.source + " <" + e.url + ">\n    " + e.conversionNote + "\n";
    }
    text += "\nNo host loopback or shared-memory entry: give --bandwidth-bytes-per-s for paths the table does not "
            "cover.\n";
    return text;
}

} // namespace cc::capture
