#include "core/info/file_info.h"

#include "core/canary/canary_reader.h"
#include "core/canary/prototype_canary.h"
#include "core/configs/config_io.h"
#include "core/report/campaign.h"
#include "core/report/report.h"
#include "core/trace/normalized.h"
#include "core/trace/trace_io.h"
#include "core/trace/trace_summary.h"
#include "core/util/atomic_file.h"
#include "core/util/decimal.h"
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/limits.h"
#include "core/util/sha256.h"
#include "core/verify/verification_json.h"

#include <zlib.h>

#include <algorithm>
#include <fstream>

namespace cc {

namespace {

/// Bytes of a document's start that detection looks at.
constexpr std::size_t kHeadBytes = 64 * 1024;

/// Documents of no known format are checked against JSON's grammar only up to this size: the
/// strict parser builds the whole document, and an unknown file may be a multi-GiB profile.
constexpr std::size_t kMaxCheckedUnknownBytes = 64ULL << 20;

void describeTrace(const std::filesystem::path& path, std::string_view bytes, FileInfo& info, Progress& progress)
{
    Trace trace = parseTrace(bytes, path.string(), progress);
    auto s = summarizeTrace(trace);
    info.facts.emplace_back("events", std::to_string(s.events));
    info.facts.emplace_back("ranks", std::to_string(s.ranks));
    info.facts.emplace_back("groups", std::to_string(s.groups));
    std::string ops;
    for (const auto& [name, count] : s.ops) {
        ops += (ops.empty() ? "" : ", ") + name + " " + std::to_string(count);
    }
    info.facts.emplace_back("operations", ops);
    info.facts.emplace_back("timing semantics", std::string(timingSemanticsName(s.timing)));
    info.facts.emplace_back("span", formatScaledDecimal(s.span, 3) + " us");
    info.facts.emplace_back("arrival skew", "known " + std::to_string(s.skewKnown) + ", unknown " +
                                                std::to_string(s.skewUnknown) + ", partial " +
                                                std::to_string(s.skewPartial));
    info.facts.emplace_back("total message bytes", wideToString(s.totalBytes));
    info.facts.emplace_back("normalised sha256", normalizedSha256(trace, progress));
}

void describeReport(const std::filesystem::path& path, std::string_view bytes, FileInfo& info)
{
    const ReportView view = readReportView(bytes, path.string());
    info.facts.emplace_back("input sha256", view.inputSha256);
    info.facts.emplace_back("input events", std::to_string(view.inputEvents));
    info.facts.emplace_back("configuration set", view.configs.name);
    info.facts.emplace_back("simulator version", view.simulatorVersion);
    info.facts.emplace_back("seal", view.sealIntact ? "intact" : "broken: the report was edited");
}

void describeConfigSet(const std::filesystem::path& path, std::string_view bytes, FileInfo& info)
{
    const ConfigSet set = parseConfigSet(bytes, path.string());
    info.facts.emplace_back("name", set.name);
    std::string names;
    for (const auto& config : set.configurations) {
        names += (names.empty() ? "" : ", ") + config.name;
    }
    info.facts.emplace_back("configurations", names);
    info.facts.emplace_back("sha256", configSetSha256(set));
}

/// The first up to kHeadBytes of a gzip stream's text (a truncated or corrupt stream gives what
/// inflated before the damage; the reader of the whole file names the damage).
std::string gunzipHead(std::string_view compressed)
{
    std::string out(kHeadBytes, '\0');
    z_stream stream{};
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) {
        return {};
    }
    // zlib's interface takes non-const pointers; it does not write through next_in.
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
    stream.avail_in = static_cast<uInt>(compressed.size());
    stream.next_out = reinterpret_cast<Bytef*>(out.data());
    stream.avail_out = static_cast<uInt>(out.size());
    while (stream.avail_out > 0 && inflate(&stream, Z_NO_FLUSH) == Z_OK) {
    }
    out.resize(out.size() - stream.avail_out);
    inflateEnd(&stream);
    return out;
}

/// The formats of the Python prototype this product recognises but does not read (its trace
/// format, commcanary.trace.v1, is ours too; its canaries are read by core/canary).
constexpr std::string_view kPrototypeFormats[] = {
    "commcanary.report.v2",
    "commcanary.compare.v2",
    "commcanary.behavior_verification.v1",
    "commcanary.fidelity_verification.v1",
    "commcanary.report_verification.v1",
    "commcanary.behavior_search_evidence.experimental.v1",
    "commcanary.qualification_request.v1",
    "commcanary.qualification_request.v2",
    "commcanary.qualification_policy.v1",
    "commcanary.qualification_observation.v1",
    "commcanary.qualification_materialization.v1",
    "commcanary.qualification_verdict.v1",
    "commcanary.benchmark-fixtures.v1",
};

FileFormat formatOfTag(std::string_view tag)
{
    const std::pair<std::string_view, FileFormat> known[] = {
        {kTraceFormat, FileFormat::Trace},
        {kNormalizedFormat, FileFormat::Normalized},
        {kCanaryFormat, FileFormat::Canary},
        {kReportFormat, FileFormat::Report},
        {verify::kVerificationFormat, FileFormat::Verification},
        {kConfigsFormat, FileFormat::ConfigSet},
        {kCampaignFormat, FileFormat::Campaign},
    };
    for (const auto& [name, format] : known) {
        if (tag == name) {
            return format;
        }
    }
    return FileFormat::Unknown;
}

/// The prototype writes sorted keys, so its "format" comes after its events: a document whose start
/// names no format the product knows is looked at from its end too.
void detectFromTail(std::string_view bytes, FileDetection& detection)
{
    if (detection.format != FileFormat::Unknown) {
        return;
    }
    const std::string tag = topLevelFormatTag(bytes);
    if (!tag.empty() &&
        (formatOfTag(tag) != FileFormat::Unknown || detection.tag.empty() || tag == kPrototypeCanaryFormat)) {
        detection.tag = tag;
        detection.format = formatOfTag(tag);
    }
}

} // namespace

std::string sniffFormatTag(std::string_view bytes)
{
    // Looks for "format" : "..." in the first 64 KiB, at any nesting (good enough for a tag).
    std::string_view head = bytes.substr(0, kHeadBytes);
    auto pos = head.find("\"format\"");
    if (pos == std::string_view::npos) {
        return {};
    }
    pos = head.find(':', pos + 8);
    if (pos == std::string_view::npos) {
        return {};
    }
    auto open = head.find('"', pos);
    if (open == std::string_view::npos) {
        return {};
    }
    auto close = head.find('"', open + 1);
    if (close == std::string_view::npos) {
        return {};
    }
    return std::string(head.substr(open + 1, close - open - 1));
}

FileDetection detectFormat(std::string_view head, const std::string& source)
{
    std::size_t start = 0;
    while (start < head.size() &&
           (head[start] == ' ' || head[start] == '\t' || head[start] == '\n' || head[start] == '\r')) {
        ++start;
    }
    const std::string looks = json::sniffNonJson(head.substr(start, 64));
    if (!looks.empty()) {
        throw InputError(Diagnostic{source,
                                    kNoEvent,
                                    {},
                                    "$",
                                    "is not JSON (looks like " + looks + ") at " +
                                        json::describePosition(json::positionOf(head, start))});
    }
    FileDetection detection;
    detection.tag = sniffFormatTag(head);
    detection.format = formatOfTag(detection.tag);
    return detection;
}

FileDetection detectFileFormat(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw IoError(path.string() + ": cannot open for reading");
    }
    std::string head(kHeadBytes, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    if (in.bad()) {
        throw IoError(path.string() + ": read failed");
    }
    if (isGzip(head)) {
        // Enough compressed bytes for kHeadBytes of text in any realistic document.
        std::string more(4 * kHeadBytes, '\0');
        in.read(more.data(), static_cast<std::streamsize>(more.size()));
        head.append(more.data(), static_cast<std::size_t>(in.gcount()));
        head = gunzipHead(head);
        return detectFormat(head, path.string());
    }
    FileDetection detection = detectFormat(head, path.string());
    if (detection.format == FileFormat::Unknown && !in.eof()) {
        // The end of a plain file, for the prototype's documents whose "format" comes last.
        std::error_code ec;
        const std::uintmax_t size = std::filesystem::file_size(path, ec);
        if (!ec && size > kHeadBytes) {
            std::string tail(kHeadBytes, '\0');
            in.clear();
            in.seekg(static_cast<std::streamoff>(size - kHeadBytes));
            in.read(tail.data(), static_cast<std::streamsize>(tail.size()));
            tail.resize(static_cast<std::size_t>(in.gcount()));
            detectFromTail(tail, detection);
        }
    } else if (detection.format == FileFormat::Unknown) {
        detectFromTail(head, detection);
    }
    return detection;
}

FileInfo describeFile(const std::filesystem::path& path, Progress& progress)
{
    const std::string bytes = readFileBounded(path, resourceLimits().maxInputBytes);
    FileDetection detection = detectFormat(std::string_view(bytes).substr(0, kHeadBytes), path.string());
    detectFromTail(bytes, detection);
    FileInfo info;
    switch (detection.format) {
    case FileFormat::Trace:
        info.kind = std::string(kTraceFormat);
        describeTrace(path, bytes, info, progress);
        break;
    case FileFormat::Normalized:
        info.kind = std::string(kNormalizedFormat);
        info.facts.emplace_back("meaning", "canonical bytes of a trace; their SHA-256 is the trace's identity");
        break;
    case FileFormat::Canary:
        info.kind = std::string(kCanaryFormat);
        info.facts = canaryFacts(parseCanary(bytes, path.string()));
        break;
    case FileFormat::Report:
        info.kind = std::string(kReportFormat);
        describeReport(path, bytes, info);
        break;
    case FileFormat::Verification:
        info.kind = std::string(verify::kVerificationFormat);
        info.facts = verify::verificationFacts(verify::readVerification(bytes, path.string()));
        break;
    case FileFormat::ConfigSet:
        info.kind = std::string(kConfigsFormat);
        describeConfigSet(path, bytes, info);
        break;
    case FileFormat::Campaign:
        info.kind = std::string(kCampaignFormat);
        info.facts = campaignFacts(readCampaignResults(bytes, path.string()));
        break;
    case FileFormat::Unknown:
        // Not a format of the product; it must still be JSON, and a break in it is named by position.
        if (detection.tag == kPrototypeCanaryFormat) {
            info.kind = std::string(kPrototypeCanaryFormat);
            info.facts = prototypeCanaryFacts(bytes, path.string());
            break;
        }
        if (bytes.size() <= kMaxCheckedUnknownBytes) {
            (void)json::parse(bytes, path.string());
        }
        if (std::find(std::begin(kPrototypeFormats), std::end(kPrototypeFormats), detection.tag) !=
            std::end(kPrototypeFormats)) {
            info.kind = detection.tag;
            info.facts.emplace_back("written by", "the Python prototype (a format this product recognises but does "
                                                  "not read)");
            break;
        }
        info.kind = detection.tag.empty() ? std::string("unknown") : "unrecognised format \"" + detection.tag + "\"";
        break;
    }
    info.facts.insert(info.facts.begin(), {"size", std::to_string(bytes.size()) + " bytes"});
    info.facts.insert(info.facts.begin() + 1, {"content sha256", sha256Hex(bytes)});
    return info;
}

} // namespace cc
